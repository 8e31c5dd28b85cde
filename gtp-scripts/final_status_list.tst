# final_status_list alive|dead|seki: the end-of-game judgement, one chain per line,
# each line sorted as GNU Go sorts vertices (top row first, left to right), the lines in
# the order of their first vertices. The dead and seki lists below are GNU Go 3.8's too.

# An empty board: nothing is dead, alive or in seki.
boardsize 9
clear_board
1 final_status_list dead
#? []
2 final_status_list alive
#? []
3 final_status_list seki
#? []
# A lone stone is alive, even in the corner where random play often takes it.
play b A1
4 final_status_list dead
#? []
5 final_status_list alive
#? [A1]

# The end of a GNU Go self-play game (9x9, --seed 34 --level 1), set up stone by stone:
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
# White B6-B5-C5-D5-D4-D3 and B3 are dead in Black's area, black H5-G4-H4 in White's.
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
10 final_status_list dead
#? [B6 B5 C5 D5 D4 D3\nH5 G4 H4\nB3]
11 final_status_list seki
#? []
12 final_status_list alive
#? [C9 D9 E9 C8 B7 C7 C6 D6\nF9 D8 E8 F8 D7\nG7 E6 F6 G6 H6 F5 F4\nA6 A5\nE5 E4 C3 E3 F3 C2 D2 E2 E1\nB4\nG3 H3 F2 G2 F1]
# The status word is read case-insensitively.
13 final_status_list DEAD
#? [B6 B5 C5 D5 D4 D3\nH5 G4 H4\nB3]
# Under Tromp-Taylor every stone is alive.
kata-set-rules tromp-taylor
14 final_status_list dead
#? []
15 final_status_list alive
#? [C9 D9 E9 C8 B7 C7 C6 D6\nF9 D8 E8 F8 D7\nG7 E6 F6 G6 H6 F5 F4\nA6 A5\nB6 B5 C5 D5 D4 D3\nE5 E4 C3 E3 F3 C2 D2 E2 E1\nH5 G4 H4\nB4\nB3\nG3 H3 F2 G2 F1]
kata-set-rules bga
# Other status words are syntax errors (expected failures: the format cannot expect an
# error reply, so a reply of = would be reported as an unexpected pass).
16 final_status_list dame
#? []*
17 final_status_list
#? []*

# A seki without eyes: black B9-B8-B7-C7 and white D9-D8-D7 share C9 and C8.
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
20 final_status_list seki
#? [B9 B8 B7 C7\nD9 D8 D7]
21 final_status_list dead
#? []

# A seki with eyes: black B9-A8-B8-C8 (eye A9) and white D9-D8-E8-F8-F9 (eye E9) share C9.
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
30 final_status_list seki
#? [B9 A8 B8 C8\nD9 F9 D8 E8 F8]
31 final_status_list dead
#? []
kata-set-rules tromp-taylor
32 final_status_list seki
#? []
