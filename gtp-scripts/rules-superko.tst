# docs/rules.md §2.7 and §4: superko. Positional superko (chinese-kgs, chinese-ogs, tromp-taylor)
# forbids recreating any earlier board position; situational superko (bga, aga,
# new-zealand) forbids recreating a position previously created by a play of the same player.
#
# Three kos on one board (only the rows that matter):
#   9 X . X O . . . . .     ko 2: Black holds C9, White may take at B9
#   8 . X O . . . . . .
#   2 . X O . . . X O .
#   1 X O . O . X O . O     ko 1: White holds B1, Black may take at C1
#     A B C D E F G H J     ko 3: White holds G1, Black may take at H1
# Each side takes a ko in turn, never the one just taken: after six captures the starting
# position returns, with Black to move. Simple ko allows the cycle; superko forbids the
# sixth capture.

boardsize 9
clear_board
play b A1
play b B2
play b A9
play b B8
play b C9
play b F1
play b G2
play w B1
play w C2
play w D1
play w C8
play w D9
play w G1
play w H2
play w J1

# Simple ko: the whole cycle is legal, twice.
1 kata-set-rules japanese
2 play b C1
3 play w B9
4 play b H1
5 play w B1
6 play b C9
7 play w G1
8 list_stones black
#? [A9 C9 B8 B2 G2 A1 F1]

9 captures black
#? [3]

10 captures white
#? [3]

11 play b C1
12 play w B9
13 play b H1
14 play w B1
15 play b C9
16 is_legal w G1
#? [1]

# Positional superko: the sixth capture recreates the starting position.
17 kata-set-rules chinese-kgs
18 is_legal w G1
#? [0]

19 play w G1
#? [.*]*

20 kata-set-rules tromp-taylor
21 is_legal w G1
#? [0]

22 kata-set-rules chinese-ogs
23 is_legal w G1
#? [0]

# Situational superko: White's G1 (test 7) created the starting position, and White's G1
# would create it again.
24 kata-set-rules bga
25 is_legal w G1
#? [0]

26 kata-set-rules aga
27 is_legal w G1
#? [0]

28 kata-set-rules new-zealand
29 is_legal w G1
#? [0]

# Simple ko only looks one move back.
30 kata-set-rules chinese
31 is_legal w G1
#? [1]

# Where the two superko rules differ: a position recreated by the other player. White A3 B2
# B1 surround the corner; Black plays A1 (a numbered move: the order is part of the
# example), White passes, and Black A2 is a two-stone suicide that recreates the position
# White's B1 created. Positional superko forbids that; situational superko does not, since
# Black never created that position.
#   3 O . .
#   2 . O .
#   1 . O .
#     A B C
boardsize 9
clear_board
play w A3
play w B2
play w B1
39 play b A1
play w pass
40 kata-set-rules new-zealand
41 is_legal b A2
#? [1]

42 kata-set-rules tromp-taylor
43 is_legal b A2
#? [0]

# Suicide itself is illegal under bga and japanese.
44 kata-set-rules bga
45 is_legal b A2
#? [0]

46 kata-set-rules new-zealand
47 play b A2
48 list_stones black
#? []

49 captures white
#? [2]
