# kgs-genmove_cleanup COLOR: like genmove (the move is played), but the player does not
# pass while it can still play on a liberty of opposing stones judged dead; it captures
# them first, then takes their liberties without putting itself in atari.
#
# The GNU Go game of final_status_list.tst (9x9, --seed 34), set up stone by stone:
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
# White B6-B5-C5-D5-D4-D3 is dead and in atari (its liberty is C4); white B3 is dead
# (liberties A3, B2); black H5-G4-H4 is dead (liberties J5, G5, J4).
boardsize 9
komi 7.5
kata-set-rules chinese
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
1 known_command kgs-genmove_cleanup
#? [true]
# Black captures the chain in atari at once.
2 kgs-genmove_cleanup b
#? [C4]
3 color D4
#? [empty]
4 captures b
#? [6]
# White takes a liberty of H5-G4-H4; none of them is self-atari.
5 kgs-genmove_cleanup w
#? [J5|G5|J4]
# Black: B3 is the last dead white stone; either liberty is safe for Black.
6 kgs-genmove_cleanup b
#? [A3|B2]
play w pass
# Now B3 is in atari: Black captures it.
7 kgs-genmove_cleanup b
#? [A3|B2]
8 color B3
#? [empty]
9 final_status_list dead
#? [H5 G4 H4]
