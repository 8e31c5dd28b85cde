# Game records: loadsgf (size, komi, rules, handicap and setup, moves and passes, the position
# before move N or before the first move at a vertex; the colour to move is the reply, as GNU
# Go gives it) and printsgf. Files are relative to this script's directory, which is the
# engine's working directory under gogui-regress. A refused file is marked as an expected
# failure and followed by queries showing that the game is as it was.
#
# gogui-regress "kosumi --seed 1" sgf.tst

# A short 9x9 game under Japanese rules, komi 6.5.
10 loadsgf sgf/simple.sgf
#? [black]
11 showboard
#? [.*komi 6.5, rules japanese, Black \(X\) to move.*]
12 list_stones black
#? [G7 E5 G5 G3]
13 list_stones white
#? [C7 E7 C5 C3]

# Before move 4 (three moves played), and before the first move at G3 (move 5).
20 loadsgf sgf/simple.sgf 4
#? [white]
21 list_stones black
#? [G7 E5]
22 loadsgf sgf/simple.sgf G3
#? [black]
23 color G3
#? [empty]
24 color C3
#? [white]
25 loadsgf sgf/simple.sgf 1
#? [black]
26 list_stones black
#? []

# A 3-stone handicap on 19x19 under AGA rules: White moves first, undo keeps the stones.
30 loadsgf sgf/handicap.sgf 1
#? [white]
31 list_stones black
#? [D16 Q16 D4]
32 undo
#? [cannot undo]*
33 loadsgf sgf/handicap.sgf
#? [black]
34 list_stones white
#? [K10 O4 Q4]
35 kata-get-rules
#? [.*"ko":"SITUATIONAL".*"whiteHandicapBonus":"N-1".*]

# Passes, written B[] and W[tt]; the game ended with two passes, so printsgf gives a result.
40 loadsgf sgf/passes.sgf
#? [black]
41 list_stones black
#? [C7 E5 G3]
42 printsgf
#? [\(;GM\[1\]FF\[4\]CA\[UTF-8\]AP\[Kosumi:[^\]]*\]SZ\[9\]KM\[7\]RU\[Chinese\]RE\[[BW]\+[0-9.]+\]\n;B\[ee\];W\[\];B\[cc\];W\[\];B\[gg\];W\[gc\];B\[\];W\[\]\)]

# Setup stones of both colours, an empty point, and White to play.
50 loadsgf sgf/setup.sgf 1
#? [white]
51 list_stones black
#? [C7 E6 D5 E5]
52 list_stones white
#? [F3 G3]
53 printsgf
#? [\(;GM\[1\]FF\[4\]CA\[UTF-8\]AP\[Kosumi:[^\]]*\]SZ\[9\]KM\[2.5\]RU\[NZ\]AB\[de\]\[ee\]\[ed\]\[cc\]AW\[fg\]\[gg\]PL\[W\]C\[Setup stones in both colours, White to play.\]\)]

# Setup after the first move (the setup node is kept between the moves; undo takes back the
# move after it, never the setup), game information, the result and comments printed back.
55 loadsgf sgf/mid-game-setup.sgf
#? [black]
56 list_stones black
#? [A9 B8 D6]
57 printsgf
#? [\(;GM\[1\]FF\[4\]CA\[UTF-8\]AP\[Kosumi:[^\]]*\]SZ\[9\]KM\[6.5\]RU\[Japanese\]AB\[bb\]\[aa\]PB\[Black player\]PW\[White player\]DT\[2024-05-01\]RE\[W\+R\]C\[A game with setup between moves\.\]\n;B\[hh\];W\[ii\];AB\[dd\]AE\[hh\]C\[Edited\.\];W\[ee\]C\[Resigns after this\.\]\)]
58 undo
#? []
59 undo
#? [cannot undo]*
159 list_stones white
#? [J1]
160 printsgf
#? [.*;AB\[dd\]AE\[hh\]C\[Edited\.\]\)]

# HA without AB stones and White first: the fixed handicap is placed, as GNU Go does.
161 loadsgf sgf/handicap-by-ha.sgf
#? [black]
162 list_stones black
#? [C7 G7 C3]

# Only the main line of the first game of a collection is played.
60 loadsgf sgf/variations.sgf
#? [white]
61 list_stones black
#? [E5 C3 G3]
62 list_stones white
#? [C7 G7]
63 showboard
#? [.*komi 7.5.*]

# A capture in the record.
70 loadsgf sgf/capture.sgf
#? [black]
71 color A1
#? [empty]
72 captures black
#? [1]

# Refused files: missing, malformed, a board over 25x25, an illegal move, not Go, a
# directory. Each leaves the captured game above as it was.
80 loadsgf sgf/missing.sgf
#? [cannot load file]*
81 loadsgf sgf/malformed.sgf
#? [cannot load file]*
82 loadsgf sgf/too-large.sgf
#? [cannot load file]*
83 loadsgf sgf/illegal.sgf
#? [cannot load file]*
84 loadsgf sgf/not-go.sgf
#? [cannot load file]*
85 loadsgf sgf
#? [cannot load file]*
86 loadsgf sgf/simple.sgf pass
#? [syntax error]*
87 captures black
#? [1]
88 list_stones white
#? [E5 G3]
89 showboard
#? [.*komi 7.5, rules bga, Black \(X\) to move.*]

# printsgf to a file that loads back to the same game; an unwritable file is refused.
boardsize 9
clear_board
komi 0.5
fixed_handicap 2
play W E5
play B D5
90 printsgf /tmp/kosumi-regress-sgf-roundtrip.sgf
#? []
clear_board
91 loadsgf /tmp/kosumi-regress-sgf-roundtrip.sgf
#? [white]
92 list_stones black
#? [G7 D5 C3]
93 list_stones white
#? [E5]
94 undo
95 undo
96 undo
#? [cannot undo]*
97 list_stones black
#? [G7 C3]
98 printsgf /nonexistent-directory/game.sgf
#? [cannot save file]*
99 printsgf
#? [\(;GM\[1\]FF\[4\]CA\[UTF-8\]AP\[Kosumi:[^\]]*\]SZ\[9\]KM\[0.5\]RU\[bga\]HA\[2\]AB\[cg\]\[gc\]\)]
