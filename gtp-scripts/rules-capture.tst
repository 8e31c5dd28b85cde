# docs/rules.md §2.5: a move that fills the last liberty of opposing chains removes them all at
# once; the prisoners are the stones removed, not the moves.
# White D4 E4; black C4 D3 E3 F4 D5; black E5 captures both white stones.
#   6 . . . . . .
#   5 . . . X . .
#   4 . . X O O X
#   3 . . . X X .
#     A B C D E F

boardsize 9
clear_board
play w D4
play w E4
play b C4
play b D3
play b E3
play b F4
play b D5
1 countlib D4
#? [1]

2 findlib E4
#? [E5]

3 play b E5
4 captures black
#? [2]

5 color D4
#? [empty]

6 color E4
#? [empty]

7 list_stones white
#? []

8 captures white
#? [0]

# The captured points are liberties again.
9 findlib E5
#? [D6 E6 C5 F5 D4 E4]

# One move capturing two chains at once (docs/rules.md §2.6): black A1 takes B1 and A2.
#   3 X . .
#   2 O X .
#   1 . O X
clear_board
play w B1
play w A2
play b C1
play b B2
play b A3
10 play b A1
11 captures black
#? [2]

12 list_stones white
#? []

# A capture that leaves the capturer's neighbours alone: the white chain of three is taken,
# the black stones touching it stay.
clear_board
play w A1
play w A2
play w A3
play b A4
play b B1
play b B2
20 countlib A1
#? [1]

21 play b B3
22 captures black
#? [3]

23 list_stones black
#? [A4 B3 B2 B1]

24 countlib B1
#? [7]
