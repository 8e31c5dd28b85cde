# Handicap: the fixed layouts on 7x7, 9x9, 13x13, 19x19 and 25x25, place_free_handicap,
# set_free_handicap, the refusals (which GTP scripts cannot match, so each is marked as an
# expected failure and followed by a query showing that nothing changed), and undo after a
# handicap. Stones are listed in the order of the table of docs/rules.md §5.
#
# gogui-regress "kosumi --seed 1" handicap.tst


# 7x7: 2 to 4 stones.
boardsize 7
clear_board
100 fixed_handicap 2
#? [C3 E5]
clear_board
101 fixed_handicap 3
#? [C3 E5 C5]
clear_board
102 fixed_handicap 4
#? [C3 E5 C5 E3]
clear_board
103 fixed_handicap 5
#? [invalid number of stones]*
104 list_stones black
#? []

# 9x9: 2 to 9 stones.
boardsize 9
clear_board
200 fixed_handicap 2
#? [C3 G7]
clear_board
201 fixed_handicap 3
#? [C3 G7 C7]
clear_board
202 fixed_handicap 4
#? [C3 G7 C7 G3]
clear_board
203 fixed_handicap 5
#? [C3 G7 C7 G3 E5]
clear_board
204 fixed_handicap 6
#? [C3 G7 C7 G3 C5 G5]
clear_board
205 fixed_handicap 7
#? [C3 G7 C7 G3 C5 G5 E5]
clear_board
206 fixed_handicap 8
#? [C3 G7 C7 G3 C5 G5 E3 E7]
clear_board
207 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E3 E7 E5]
clear_board
208 fixed_handicap 10
#? [invalid number of stones]*
209 list_stones black
#? []

# 13x13: 2 to 9 stones.
boardsize 13
clear_board
300 fixed_handicap 2
#? [D4 K10]
clear_board
301 fixed_handicap 3
#? [D4 K10 D10]
clear_board
302 fixed_handicap 4
#? [D4 K10 D10 K4]
clear_board
303 fixed_handicap 5
#? [D4 K10 D10 K4 G7]
clear_board
304 fixed_handicap 6
#? [D4 K10 D10 K4 D7 K7]
clear_board
305 fixed_handicap 7
#? [D4 K10 D10 K4 D7 K7 G7]
clear_board
306 fixed_handicap 8
#? [D4 K10 D10 K4 D7 K7 G4 G10]
clear_board
307 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]
clear_board
308 fixed_handicap 10
#? [invalid number of stones]*
309 list_stones black
#? []

# 19x19: 2 to 9 stones.
boardsize 19
clear_board
400 fixed_handicap 2
#? [D4 Q16]
clear_board
401 fixed_handicap 3
#? [D4 Q16 D16]
clear_board
402 fixed_handicap 4
#? [D4 Q16 D16 Q4]
clear_board
403 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
clear_board
404 fixed_handicap 6
#? [D4 Q16 D16 Q4 D10 Q10]
clear_board
405 fixed_handicap 7
#? [D4 Q16 D16 Q4 D10 Q10 K10]
clear_board
406 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
clear_board
407 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
clear_board
408 fixed_handicap 10
#? [invalid number of stones]*
409 list_stones black
#? []

# 25x25: 2 to 9 stones.
boardsize 25
clear_board
500 fixed_handicap 2
#? [D4 W22]
clear_board
501 fixed_handicap 3
#? [D4 W22 D22]
clear_board
502 fixed_handicap 4
#? [D4 W22 D22 W4]
clear_board
503 fixed_handicap 5
#? [D4 W22 D22 W4 N13]
clear_board
504 fixed_handicap 6
#? [D4 W22 D22 W4 D13 W13]
clear_board
505 fixed_handicap 7
#? [D4 W22 D22 W4 D13 W13 N13]
clear_board
506 fixed_handicap 8
#? [D4 W22 D22 W4 D13 W13 N4 N22]
clear_board
507 fixed_handicap 9
#? [D4 W22 D22 W4 D13 W13 N4 N22 N13]
clear_board
508 fixed_handicap 10
#? [invalid number of stones]*
509 list_stones black
#? []

# The spec's check: 9 stones on 19x19, no undo, no second handicap; 5 stones on 8x8 refused.
boardsize 19
clear_board
600 fixed_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]
601 undo
#? [cannot undo]*
602 list_stones black
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
603 fixed_handicap 2
#? [board not empty]*
604 list_stones black
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
boardsize 8
clear_board
605 fixed_handicap 5
#? [invalid number of stones]*
606 fixed_handicap 1
#? [invalid number of stones]*
607 fixed_handicap 0
#? [invalid number of stones]*
boardsize 6
clear_board
608 fixed_handicap 2
#? [invalid number of stones]*
609 list_stones black
#? []

# After a handicap White moves; undo takes back White's move but never the handicap.
boardsize 9
clear_board
700 fixed_handicap 2
#? [C3 G7]
701 showboard
#? [.*White \(O\) to move.*]
702 play W E5
703 undo
704 undo
#? [cannot undo]*
705 list_stones black
#? [G7 C3]
706 list_stones white
#? []
707 play W E5
708 fixed_handicap 2
#? [board not empty]*
709 list_stones black
#? [G7 C3]

# A move or a pass makes the board not empty for every handicap command.
clear_board
play B pass
710 fixed_handicap 2
#? [board not empty]*
711 place_free_handicap 2
#? [board not empty]*
712 set_free_handicap C3 G7
#? [board not empty]*
713 list_stones black
#? []

# place_free_handicap: the fixed layout up to the maximum, then further spread points.
boardsize 19
clear_board
800 place_free_handicap 4
#? [D4 Q16 D16 Q4]
clear_board
801 place_free_handicap 13
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 G7 N7 G13 N13]
802 showboard
#? [.*White \(O\) to move.*]
clear_board
803 place_free_handicap 1
#? [invalid number of stones]*
804 place_free_handicap 361
#? [invalid number of stones]*
805 list_stones black
#? []
boardsize 5
clear_board
806 place_free_handicap 24
#? [([A-E][1-5] ){23}[A-E][1-5]]
807 list_stones white
#? []
boardsize 2
clear_board
808 place_free_handicap 3
#? [[AB][12] [AB][12] [AB][12]]

# set_free_handicap: any valid list; duplicates, pass, off-board points, one stone, or every
# point are refused and change nothing.
boardsize 9
clear_board
900 set_free_handicap E5 E5
#? [bad vertex list]*
901 set_free_handicap E5 pass
#? [bad vertex list]*
902 set_free_handicap E5 K10
#? [bad vertex list]*
903 set_free_handicap E5
#? [bad vertex list]*
904 set_free_handicap
#? [bad vertex list]*
905 set_free_handicap E5 C3 e5
#? [bad vertex list]*
906 list_stones black
#? []
907 set_free_handicap A1 J9 E5
#? []
908 list_stones black
#? [J9 E5 A1]
909 showboard
#? [.*White \(O\) to move.*]
910 undo
#? [cannot undo]*
boardsize 2
clear_board
911 set_free_handicap A1 A2 B1 B2
#? [bad vertex list]*
912 set_free_handicap A1 B2 A2
#? []
