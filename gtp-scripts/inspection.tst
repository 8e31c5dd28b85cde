# GNU Go's inspection commands, in GNU Go's formats: is_legal (1/0), all_legal and
# list_stones and findlib (vertices sorted from the top row down, left to right), countlib,
# captures, color (black/white/empty).
#
#   9 . . . . . . . . .
#   8 . . . . . . . . .
#   7 . . . . . . . . .
#   6 . . . . . . . . .
#   5 . . . X O . . . .
#   4 . . . X O . . . .
#   3 . . . . . . . . .
#   2 O . . . . . . . .
#   1 X O . . . . . . .
#     A B C D E F G H J

boardsize 9
clear_board
play b D4
play b D5
play w E4
play w E5
play b A1
play w B1

1 color D4
#? [black]

2 color e5
#? [white]

3 color J9
#? [empty]

4 color pass
#? [.*]*

5 color K5
#? [.*]*

6 list_stones black
#? [D5 D4 A1]

7 list_stones WHITE
#? [E5 E4 B1]

8 countlib D4
#? [4]

9 findlib D5
#? [D6 C5 C4 D3]

10 countlib E4
#? [4]

11 findlib e4
#? [E6 F5 F4 E3]

12 countlib A1
#? [1]

13 findlib A1
#? [A2]

14 countlib B1
#? [2]

15 countlib C3
#? [.*]*

16 findlib C3
#? [.*]*

# is_legal: occupied points are illegal; White A2 captures A1.
17 is_legal b D4
#? [0]

18 is_legal w D4
#? [0]

19 is_legal w A2
#? [1]

20 is_legal b A2
#? [1]

21 is_legal b pass
#? [1]

22 is_legal b I1
#? [.*]*

23 captures black
#? [0]

24 captures w
#? [0]

play w A2
25 captures white
#? [1]

26 color A1
#? [empty]

27 list_stones black
#? [D5 D4]

# Black A1 would now be suicide.
28 is_legal b A1
#? [0]

29 is_legal w A1
#? [1]

# all_legal on a small board: every empty point but the suicide.
#   3 . . .
#   2 O . .
#   1 . O .
boardsize 3
clear_board
play w A2
play w B1
30 all_legal black
#? [A3 B3 C3 B2 C2 C1]

31 all_legal white
#? [A3 B3 C3 B2 C2 A1 C1]

32 all_legal b
#? [!.*A1.*]

33 list_stones white
#? [A2 B1]

34 list_stones black
#? []
