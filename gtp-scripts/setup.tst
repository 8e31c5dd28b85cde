# Setup commands: boardsize (2 to 25; anything else is an unacceptable size and changes
# nothing), clear_board (empties the board, captures and history), komi (kept across
# boardsize and clear_board).

boardsize 9
clear_board

1 list_stones black
#? []

play b E5
2 color E5
#? [black]

# Refused sizes leave the game as it was.
3 boardsize 26
#? [.*]*

4 boardsize 1
#? [.*]*

5 boardsize 0
#? [.*]*

6 boardsize 19x19
#? [.*]*

7 color E5
#? [black]

8 showboard
#? [.*A B C D E F G H J\n.*]

# clear_board empties the board and zeroes the captures.
play w A1
play b A2
play b B1
9 captures black
#? [1]

10 clear_board
11 color E5
#? [empty]

12 captures black
#? [0]

13 undo
#? [.*]*

# The smallest and the largest board.
14 boardsize 2
15 all_legal black
#? [A2 B2 A1 B1]

16 boardsize 25
17 play b Z25
18 color Z25
#? [black]

19 showboard
#? [.*A B C D E F G H J K L M N O P Q R S T U V W X Y Z\n.*]

# boardsize clears the board too.
20 boardsize 9
21 color E5
#? [empty]

22 showboard
#? [!.*K.*]

23 list_stones black
#? []

# Komi: any number, kept across boardsize and clear_board. On an empty board every ruleset
# scores komi alone.
24 komi 6.5
25 final_score
#? [W\+6\.5]

boardsize 13
clear_board
26 final_score
#? [W\+6\.5]

27 showboard
#? [.*komi 6\.5.*]

28 komi -3.5
29 final_score
#? [B\+3\.5]

30 komi 0
31 final_score
#? [0]

32 komi 7
33 final_score
#? [W\+7\.0]

34 komi seven
#? [.*]*

35 final_score
#? [W\+7\.0]

36 komi 0.0
37 final_score
#? [0]
