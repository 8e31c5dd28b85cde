# The mcts player's tactics: positions where the right move is clear. reg_genmove names the
# move without playing it, and with one thread and a playout budget it is a pure function of
# the position, the seed and the settings.
# kosumi-arguments: --player mcts --playouts 3000 --threads 1 --resign 0

boardsize 9
komi 7.5
kata-set-rules chinese

# Capture the chain in atari; and as its owner, save it.
#     A B C D E F G H J
#   9  . . . . . . . . .
#   8  . . . . . . . . .
#   7  . . . . . . . . .
#   6  . . . O O O . . .
#   5  . . O X X X . . .      Black D5-E5-F5 has one liberty, G5.
#   4  . . . O O O . . .
#   3  . . . . . . . . .
#   2  . . . . . . . . .
#   1  . . . . . . . . .
clear_board
play w D6
play w E6
play w F6
play w C5
play w D4
play w E4
play w F4
play b D5
play b E5
play b F5
1 reg_genmove w
#? [G5]
2 reg_genmove b
#? [G5]

# White C5-C4 is in atari (its liberty is C3): White saves it at C3 (two liberties), Black
# captures it there.
#     A B C D E F G H J
#   9  . . . . . . . . .
#   8  . . . . . . . . .
#   7  . . . . . . . . .
#   6  . . X . . . . . .
#   5  . X O X . . . . .
#   4  . X O X . . . . .
#   3  . O . . . . . . .
#   2  . . . . . . . . .
#   1  . . . . . . . . .
clear_board
play b C6
play b B5
play b D5
play b B4
play b D4
play w C5
play w C4
play w B3
3 reg_genmove w
#? [C3]
4 reg_genmove b
#? [C3]

# Refuse the self-atari of a big chain: Black A2-D2 and White B1-C1 share their last two
# liberties, A1 and D1 (a seki). Either side filling one puts its own chain in atari, and the
# other captures it; the rest of the board is open.
#     A B C D E F G
#   3  O O O O O . .
#   2  X X X X O . .
#   1  . O O . O . .
boardsize 7
komi 7.5
clear_board
play w A3
play w B3
play w C3
play w D3
play w E3
play w E2
play w E1
play w B1
play w C1
play b A2
play b B2
play b C2
play b D2
play b D5
5 reg_genmove b
#? [!A1|D1]
8 reg_genmove w
#? [!A1|D1]

# The vital point of a bulky five: White's corner chain has only the eye space A1 B1 C1 A2
# B2, and B1 touches three of its points. On 7x7 with komi 40.5 the game is this fight: Black
# wins only by killing (49 points against 38 if White lives). Black B1 kills; White B1 makes
# two eyes.
#     A B C D E F G
#   4  X X X X . . .
#   3  O O O X X . .
#   2  . . O O X . .
#   1  . . . O X . .
boardsize 7
komi 40.5
clear_board
play w A3
play w B3
play w C3
play w C2
play w D2
play w D1
play b A4
play b B4
play b C4
play b D4
play b D3
play b E3
play b E2
play b E1
6 reg_genmove b
#? [B1]
7 reg_genmove w
#? [B1]
