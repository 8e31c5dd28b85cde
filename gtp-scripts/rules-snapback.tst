# docs/rules.md §2.7: captures of different numbers of stones never repeat the position, so a
# snapback recapture is legal at once under every ko rule.
#   3 X X . .
#   2 . O X .      White B2 B1 C1 has two liberties, A2 and A1. Black throws in a stone at
#   1 . O O X      A1; White A2 captures it (one stone), which leaves the white chain with
#     A B C D      the single liberty A1; Black recaptures there at once, taking four stones.

boardsize 9
clear_board
play b A3
play w B2
play b B3
play w B1
play b C2
play w C1
play b D1
play w H9
1 play b A1
2 play w A2
3 captures white
#? [1]

4 countlib B2
#? [1]

5 is_legal b A1
#? [1]

6 play b A1
7 captures black
#? [4]

8 list_stones white
#? [H9]

# The same under simple ko and under both superko rules.
9 undo
10 kata-set-rules japanese
11 is_legal b A1
#? [1]

12 kata-set-rules chinese-kgs
13 is_legal b A1
#? [1]

14 kata-set-rules tromp-taylor
15 is_legal b A1
#? [1]
