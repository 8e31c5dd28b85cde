# final_score with the end-of-game judgement: dead stones are removed and counted for the
# opponent, shared liberties in seki are nobody's, and under japanese/korean the eyes of a
# seki are not counted either. Under tromp-taylor every stone counts as alive.

# The GNU Go game of final_status_list.tst (9x9, --seed 34), set up stone by stone, so no
# captures were made during play:
#     A B C D E F G H J
#   9  . . X X X O . . .
#   8  . . X O O O . . .
#   7  . X X O . . O . .
#   6  X O X X O O O O .
#   5  X O O O X O . X .
#   4  . X . O X O X X .
#   3  . O X O X X O O .
#   2  . . X X X O O . .
#   1  . . . . X O . . .
boardsize 9
komi 7.5
clear_board
play b C9
play b D9
play b E9
play w F9
play b C8
play w D8
play w E8
play w F8
play b B7
play b C7
play w D7
play w G7
play b A6
play w B6
play b C6
play b D6
play w E6
play w F6
play w G6
play w H6
play b A5
play w B5
play w C5
play w D5
play b E5
play w F5
play b H5
play b B4
play w D4
play b E4
play w F4
play b G4
play b H4
play w B3
play b C3
play w D3
play b E3
play b F3
play w G3
play w H3
play b C2
play b D2
play b E2
play w F2
play w G2
play b E1
play w F1
# Area: Black 20 stones + 21 territory = 41, White 17 + 23 + 7.5 = 47.5 (GNU Go agrees).
kata-set-rules chinese
1 final_score
#? [W[+]6[.]5]
# Territory: Black 21 + 7 dead = 28, White 23 + 3 dead + 7.5 = 33.5.
kata-set-rules japanese
2 final_score
#? [W[+]5[.]5]
kata-set-rules bga
3 final_score
#? [W[+]5[.]5]
# Tromp-Taylor: every stone alive, and the regions around the "dead" stones touch both
# colours: Black 23 stones + 5 (A9 B9 A8 B8 A7), White 24 stones + 2 (E7 F7) + 7.5.
kata-set-rules tromp-taylor
4 final_score
#? [W[+]5[.]5]
# The answer does not depend on how often it is asked.
kata-set-rules chinese
5 final_score
#? [W[+]6[.]5]

# The seki without eyes of final_status_list.tst: C9 and C8 are nobody's.
#     A B C D E F G H J
#   9  O X . O X . X . X
#   8  O X . O X X X X X
#   7  O X X O X . . . .
#   6  O O O X X X X X X
#   5  O O O O O O O O O
#   4  . . . . . . . . .
#   3  . . . . . . . . .
#   2  . . . . . . . . .
#   1  . . . . . . . . .
clear_board
play w A9
play b B9
play w D9
play b E9
play b G9
play b J9
play w A8
play b B8
play w D8
play b E8
play b F8
play b G8
play b H8
play b J8
play w A7
play b B7
play b C7
play w D7
play b E7
play w A6
play w B6
play w C6
play b D6
play b E6
play b F6
play b G6
play b H6
play b J6
play w A5
play w B5
play w C5
play w D5
play w E5
play w F5
play w G5
play w H5
play w J5
# Area: Black 19 + 6 = 25, White 18 + 36 + 7.5 = 61.5.
kata-set-rules chinese
10 final_score
#? [W[+]36[.]5]
kata-set-rules japanese
11 final_score
#? [W[+]37[.]5]

# The seki with eyes: the eyes A9 (Black) and E9 (White) count under area and BGA rules
# but not under japanese or korean; the shared liberty C9 counts for nobody.
#     A B C D E F G H J
#   9  . X . O . O X . X
#   8  X X X O O O X X X
#   7  O O O X X X X . .
#   6  . . O X . . . . .
#   5  . . O X . . . . .
#   4  . . O X . . . . .
#   3  . . O X . . . . .
#   2  . . O X . . . . .
#   1  . . O X . . . . .
clear_board
play b B9
play w D9
play w F9
play b G9
play b J9
play b A8
play b B8
play b C8
play w D8
play w E8
play w F8
play b G8
play b H8
play b J8
play w A7
play w B7
play w C7
play b D7
play b E7
play b F7
play b G7
play w C6
play b D6
play w C5
play b D5
play w C4
play b D4
play w C3
play b D3
play w C2
play b D2
play w C1
play b D1
# Area: Black 19 + 34 = 53, White 14 + 13 + 7.5 = 34.5.
kata-set-rules chinese
20 final_score
#? [B[+]18[.]5]
# Territory with seki eyes: Black 34, White 13 + 7.5.
kata-set-rules bga
21 final_score
#? [B[+]13[.]5]
# Territory without seki eyes: Black 33, White 12 + 7.5 (both lose one point, so the margin
# stays; the breakdown shows the territories).
kata-set-rules japanese
22 final_score
#? [B[+]13[.]5]
23 kosumi-score_breakdown
#? [.*\nBlack territory 33\n.*\nWhite territory 12\n.*]
kata-set-rules korean
24 kosumi-score_breakdown
#? [.*\nBlack territory 33\n.*\nWhite territory 12\n.*]
kata-set-rules bga
25 kosumi-score_breakdown
#? [.*\nBlack territory 34\n.*\nWhite territory 13\n.*]
