# Ladders and a capture race for the mcts player: a chain in atari that a ladder catches does
# not run out; the same chain runs when a stone of its own breaks the ladder; and the side to move
# in a race of two chains with two liberties each fills the other's outside liberties.
# reg_genmove names the move without playing it; with one thread and a playout budget it is a
# pure function of the position, the seed and the settings.
# kosumi-arguments: --player mcts --playouts 3000 --threads 1 --resign 0

boardsize 9
komi 7.5
kata-set-rules chinese

# A working ladder: Black C4-D4 is in atari at E4, and running there only makes a longer
# chain that White chases to the upper right edge (E4, then F4 or E5, and on up the board).
#     A B C D E F G H J
#   9  . . . . . . . . .
#   8  . . . . . . . . .
#   7  . . . . . . . . .
#   6  . . . . . . . . .
#   5  . . O O . . . . .
#   4  . O X X . . . . .
#   3  . . O O O . . . .
#   2  . . . . . . . . .
#   1  . . . . . . . . .
clear_board
play w C5
play w D5
play w B4
play w C3
play w D3
play w E3
play b C4
play b D4
1 reg_genmove b
#? [!E4]

# The same ladder broken by Black G7 on its path: running at E4 saves the two stones.
#     A B C D E F G H J
#   9  . . . . . . . . .
#   8  . . . . . . . . .
#   7  . . . . . . X . .
#   6  . . . . . . . . .
#   5  . . O O . . . . .
#   4  . O X X . . . . .
#   3  . . O O O . . . .
#   2  . . . . . . . . .
#   1  . . . . . . . . .
play b G7
2 reg_genmove b
#? [E4]

# A capture race: Black B5-H5 has two liberties, C6 and F6; White B4-H4 has two, D3 and G3.
# Each is walled in by the other colour; whoever moves first fills one of the other chain's
# liberties and captures it (the other chain's owner cannot gain a liberty).
#     A B C D E F G H J
#   9  . . . . . . . . .
#   8  . . . . . . . . .
#   7  . . . . . . . . .
#   6  O O . O O . O O O
#   5  O X X X X X X X O
#   4  X O O O O O O O X
#   3  X X X . X X . X X
#   2  . . . . . . . . .
#   1  . . . . . . . . .
clear_board
play w A6
play w B6
play w D6
play w E6
play w G6
play w H6
play w J6
play w A5
play w J5
play w B4
play w C4
play w D4
play w E4
play w F4
play w G4
play w H4
play b B5
play b C5
play b D5
play b E5
play b F5
play b G5
play b H5
play b A4
play b J4
play b A3
play b B3
play b C3
play b E3
play b F3
play b H3
play b J3
3 countlib B5
#? [2]
4 countlib B4
#? [2]
5 reg_genmove b
#? [D3|G3]
6 reg_genmove w
#? [C6|F6]
