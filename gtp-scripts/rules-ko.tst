# docs/rules.md §2.7, the basic ko rule, in force under every ruleset: a stone that has just
# captured exactly one stone, and is left a lone stone with a single liberty, may not be
# captured back by the very next move, whoever makes it and whatever the order of the earlier
# moves. White D4 E3 F4 E5, black C4 D3 D5; black E4 captures D4; White may not retake at D4
# at once. After White H8 and Black H7, White D4 is legal and captures E4.
#   6 . . . . . .
#   5 . . . X O .
#   4 . . X . X O      (black E4 has just taken D4)
#   3 . . . X O .
#     A B C D E F
# White's E5 is a numbered move: which player's play created the position before E4 matters
# to situational superko (tests 30-31); the stones before it are set up in any order.

boardsize 9
clear_board
play w D4
play b C4
play w E3
play b D3
play w F4
play b D5
100 play w E5
1 play b E4
2 captures black
#? [1]

3 is_legal w D4
#? [0]

4 play w D4
#? [.*]*

# Black may fill the ko itself.
5 is_legal b D4
#? [1]

6 play w H8
7 play b H7
8 is_legal w D4
#? [1]

9 play w D4
10 captures white
#? [1]

11 color E4
#? [empty]

# Now Black may not retake at once.
12 is_legal b E4
#? [0]

# The same ban holds under every ruleset, superko or not.
13 undo
14 undo
15 undo
16 kata-set-rules japanese
17 is_legal w D4
#? [0]

18 kata-set-rules chinese
19 is_legal w D4
#? [0]

20 kata-set-rules tromp-taylor
21 is_legal w D4
#? [0]

22 kata-set-rules new-zealand
23 is_legal w D4
#? [0]

# Passes never violate ko; under simple ko a pass ends the ban.
24 kata-set-rules japanese
25 play w pass
26 play b pass
27 is_legal w D4
#? [1]

# Under superko the retake would still recreate the position before black E4: positional
# superko forbids that; situational superko too, since White's E5 created it.
28 kata-set-rules chinese-kgs
29 is_legal w D4
#? [0]

30 kata-set-rules bga
31 is_legal w D4
#? [0]

# A full ko fight on 7x7 under simple ko: take, threat, answer, retake.
#   7 . . . . . . .
#   6 . . . . . . .
#   5 . . X O . . .
#   4 . X O . O . .
#   3 . . X O . . .
#     A B C D E F G
boardsize 7
clear_board
kata-set-rules japanese
play b C5
play w D5
play b B4
play w C4
play b C3
play w D3
play b A7
play w E4
40 play b D4
41 is_legal w C4
#? [0]

# White's threat, Black's answer, and White retakes.
42 play w G1
43 play b G2
44 is_legal w C4
#? [1]

45 play w C4
46 is_legal b D4
#? [0]

47 play b A1
48 play w B1
49 play b D4
50 captures black
#? [2]

51 captures white
#? [1]

52 color C4
#? [empty]

# docs/rules.md §2.7's example typed exactly as written there, seven plays with the colours not
# alternating: the basic ban holds under every ruleset, and kosumi-ko_ban shows it.
boardsize 9
clear_board
kata-set-rules bga
60 play w D4
61 play w E3
62 play w F4
63 play w E5
64 play b C4
65 play b D3
66 play b D5
67 play b E4
68 is_legal w D4
#? [0]

69 kosumi-ko_ban w
#? [SQUARE D4\nTEXT White may not play D4 \(ko\)]

70 all_legal w
#? [!.*D4.*]

71 play w D4
#? [.*]*

72 kata-set-rules aga
73 is_legal w D4
#? [0]

74 kata-set-rules new-zealand
75 is_legal w D4
#? [0]

76 kata-set-rules chinese
77 is_legal w D4
#? [0]

78 kata-set-rules chinese-kgs
79 is_legal w D4
#? [0]

80 kata-set-rules chinese-ogs
81 is_legal w D4
#? [0]

82 kata-set-rules japanese
83 is_legal w D4
#? [0]

84 kata-set-rules korean
85 is_legal w D4
#? [0]

86 kata-set-rules tromp-taylor
87 is_legal w D4
#? [0]

# A pass lifts the basic ban. Positional superko still forbids the board before E4;
# situational superko does not, since Black's D5 created it, not a play of White's.
88 play w pass
89 is_legal w D4
#? [0]

90 kata-set-rules chinese-kgs
91 is_legal w D4
#? [0]

92 kata-set-rules japanese
93 is_legal w D4
#? [1]

94 kata-set-rules bga
95 is_legal w D4
#? [1]

96 kosumi-ko_ban w
#? [TEXT none for White]

# Black playing again elsewhere lifts the ban as well.
97 undo
98 play b H7
99 is_legal w D4
#? [1]
