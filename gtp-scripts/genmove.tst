# genmove and reg_genmove: a vertex or pass, always legal, never into the mover's own eye.
# genmove plays its move; reg_genmove only names it.

boardsize 9
clear_board

1 genmove b
#? [[A-HJ][1-9]]

2 list_stones black
#? [[A-HJ][1-9]]

3 reg_genmove w
#? [[A-HJ][1-9]]

4 list_stones white
#? []

5 genmove WHITE
#? [[A-HJ][1-9]]

6 list_stones white
#? [[A-HJ][1-9]]

# The same position gives the same reg_genmove answer.
7 reg_genmove b
#? [[A-HJ][1-9]]

# genmove may be asked for either colour at any time.
8 genmove w
#? [[A-HJ][1-9]]

9 list_stones white
#? [[A-HJ][1-9] [A-HJ][1-9]]

10 undo
11 undo
12 undo
13 list_stones black
#? []

# 3x3, Black everywhere but two eyes:
#   3 X X .
#   2 X X X
#   1 . X X
# Black would only fill its own eyes, so it passes; every White move is suicide.
boardsize 3
clear_board
play b A2
play b A3
play b B1
play b B2
play b B3
play b C1
play b C2
20 genmove b
#? [pass]

21 reg_genmove b
#? [pass]

22 genmove w
#? [pass]

23 list_stones white
#? []

24 all_legal white
#? []

# The passes went into the history.
25 undo
26 undo
27 undo
#? [.*]

28 color C2
#? [empty]

# A ko in the corner of 3x3 (black A2 has just taken a white stone at A1):
#   3 O O .
#   2 X O O
#   1 . X .
# White may not retake at A1 and C3 is its own eye: its only move is C1.
clear_board
play w A3
play w B3
play w B2
play w C2
play b B1
play w A1
play b A2
30 all_legal w
#? [C3 C1]

31 reg_genmove w
#? [C1]

32 genmove w
#? [C1]

33 undo
34 kata-set-rules tromp-taylor
35 genmove w
#? [C1]

36 undo
37 kata-set-rules bga
38 genmove w
#? [C1]

# Now White's chain has one liberty left (C3) and Black captures it there.
39 genmove b
#? [C3|A1]
