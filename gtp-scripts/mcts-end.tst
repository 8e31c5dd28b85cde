# The end of the game for the mcts player: it does not pass while dead opposing stones it
# must remove are on the board, it captures them in the cleanup phase, and it passes when the
# opponent has passed and the count wins.
# kosumi-arguments: --player mcts --playouts 2000 --threads 1 --resign 0
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
# (liberties A3, B2); black H5-G4-H4 is dead (liberties J5, G5, J4). Under Chinese rules,
# with the dead stones removed, White wins by 6.5.
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

# After White's pass, White wins the count: Black must not pass. Under tromp-taylor, where
# every stone on the board is alive, White's dead stones would count for White.
play w pass
1 genmove b
#? [!pass]
undo
kata-set-rules tromp-taylor
2 genmove b
#? [!pass]
undo
kata-set-rules chinese

# Cleanup: White does not pass while the dead black stones stand; three moves take their
# three liberties, and they are gone.
play b pass
3 kgs-genmove_cleanup w
#? [J5|G5|J4]
play b pass
4 kgs-genmove_cleanup w
#? [J5|G5|J4]
play b pass
5 kgs-genmove_cleanup w
#? [J5|G5|J4]
6 color H4
#? [empty]

# Black has passed; White's count wins under Chinese rules: White passes and the game ends.
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
play b pass
7 genmove w
#? [pass]
