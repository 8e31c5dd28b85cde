# docs/rules.md §2.6: captures are resolved first; if the mover's own chain then has no liberty,
# the move is suicide. Single-stone suicide is never legal; multi-stone suicide only where
# the ruleset allows it (tromp-taylor, new-zealand), and then the mover's chain is removed
# and becomes the opponent's prisoners.
#
# White B1 and A2 (two chains, touching only diagonally), black C1 B2 A3:
#   3 X . .
#   2 O X .
#   1 . O X
#     A B C
# The black stones are numbered moves played after the white ones: under positional superko
# the order matters (see the end of this file).

boardsize 9
clear_board
play w B1
play w A2
101 play b C1
102 play b B2
103 play b A3

# Black A1 captures both white stones first, and then has two liberties, under every ruleset.
1 is_legal b A1
#? [1]

# White A1 would join B1 and A2 into a chain without liberties and capture nothing: illegal
# where multi-stone suicide is.
kata-set-rules bga
2 is_legal w A1
#? [0]

3 play w A1
#? [.*]*

4 list_stones white
#? [A2 B1]

5 play b A1
6 captures black
#? [2]

7 findlib A1
#? [A2 B1]

# Under tromp-taylor and new-zealand, White A1 is a legal multi-stone suicide: the three
# white stones leave the board and Black gets three prisoners.
8 undo
9 kata-set-rules tromp-taylor
10 is_legal w A1
#? [1]

11 play w A1
12 list_stones white
#? []

13 captures black
#? [3]

14 captures white
#? [0]

15 undo
16 kata-set-rules new-zealand
17 is_legal w A1
#? [1]

18 kata-set-rules chinese
19 is_legal w A1
#? [0]

20 kata-set-rules japanese
21 is_legal w A1
#? [0]

22 kata-set-rules chinese-kgs
23 is_legal w A1
#? [0]

24 kata-set-rules aga
25 is_legal w A1
#? [0]

# Single-stone suicide is illegal under every ruleset: white A1 between black A2 and B1.
clear_board
play b A2
play b B1
30 kata-set-rules tromp-taylor
31 is_legal w A1
#? [0]

32 play w A1
#? [.*]*

33 kata-set-rules new-zealand
34 is_legal w A1
#? [0]

35 kata-set-rules bga
36 is_legal w A1
#? [0]

37 is_legal b A1
#? [1]

# The order of the stones before: with the three black stones played first, the position
# with black stones only existed once, and White's multi-stone suicide at A1 would bring it
# back: positional superko forbids it, situational superko (the position was created by a
# play of Black's) does not.
clear_board
110 play b C1
111 play b B2
112 play b A3
113 play w B1
114 play w A2
115 kata-set-rules tromp-taylor
116 is_legal w A1
#? [0]

117 kata-set-rules new-zealand
118 is_legal w A1
#? [1]
