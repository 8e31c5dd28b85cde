# GoGui's analyze commands (gogui-analyze_commands and the kosumi-* commands behind it), in
# the regression format of GNU Go and gogui-regress: a numbered command is a test, the
# `#? [regex]` line after it is the expected reply (a full match; `\n` is a line break).
#
# Run it with gogui-regress:   gogui-regress "kosumi --seed 1" gtp-scripts/gogui-analyze.tst
# or feed it to Kosumi:        kosumi --seed 1 < gtp-scripts/gogui-analyze.tst
# (the `#?` lines are comments for Kosumi; every command gets its reply in order).

1 gogui-interrupt
#? []

2 gogui-analyze_commands
#? [gfx/Legal Moves/kosumi-legal_moves %m\ngfx/Liberties/kosumi-liberties %p\n.*]

boardsize 9
clear_board
komi 7.5
kata-set-rules japanese

# Black E4 has just taken a ko: White may not take back at D4 at once.
#   6 . . . . . .
#   5 . . . X O .
#   4 . . X . X O
#   3 . . . X O .
#     A B C D E F
play w D4
play b C4
play w E3
play b D3
play w F4
play b D5
play w E5
play b E4

3 kosumi-ko_ban w
#? [SQUARE D4\nTEXT White may not play D4 \(ko\)]

4 kosumi-ko_ban b
#? [TEXT none for Black]

5 kosumi-liberties E4
#? [SQUARE E4\nCIRCLE D4\nTEXT Black chain at E4: 1 stone, 1 liberty]

6 kosumi-liberties E5
#? [SQUARE E5\nCIRCLE E6 F5\nTEXT White chain at E5: 1 stone, 2 liberties]

7 kosumi-atari
#? [TRIANGLE E4\nMARK D4\nTEXT 1 black stone, 0 white stones]

8 kosumi-liberties A1
#? [TEXT A1 is empty]

# White plays elsewhere (a threat), Black answers: the ban is gone.
play w H8
play b H7

9 kosumi-ko_ban w
#? [TEXT none for White]

10 kosumi-legal_moves w
#? [SQUARE A9 B9 .* D4 .* J1\nTEXT 72 for White, and pass]

# The end of the game on 5x5: Black's wall on B, White's on C, a lone black stone at E4 in
# White's area.
#   5 . X O . .
#   4 . X O . X
#   3 . X O . .
#   2 . X O . .
#   1 . X O . .
#     A B C D E
boardsize 5
clear_board
kata-set-rules chinese
play b B1
play w C1
play b B2
play w C2
play b B3
play w C3
play b B4
play w C4
play b B5
play w C5
play b E4

11 kosumi-dead_stones
#? [MARK E4\nBLACK A5 A4 A3 A2 A1\nWHITE D5 E5 D4 E4 D3 E3 D2 E2 D1 E1\nTEXT dead: 1 black stone, 0 white stones; seki: 0 stones]

12 kosumi-ownership 100
#? [INFLUENCE A5 [0-9.]+ B5 [0-9.]+ C5 -[0-9.]+ .*\nTEXT W\+[0-9.]+ by area before komi, 100 playouts]

13 final_score
#? [W\+12\.5]
