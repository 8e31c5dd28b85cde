# kosumi-score_breakdown: the count of final_score item by item.
#
# The worked BGA count of docs/rules.md §3, as a real 9x9 game with komi 7.5: Black has
# 18 points of territory and 8 prisoners = 26; White 19 + 2 = 21, plus komi = 28.5; W+2.5.
# Each side's prisoners include one pass stone: Black passes, then White passes last.
# Black captures White's D1-D7 with D8 (7 prisoners), White captures Black's J5 with H5 (1).
# The final position:
#     A B C D E F G H J
#  9  . . X X O . . . .
#  8  . . X X O . . . .
#  7  . . X X X O O . .
#  6  . . X X X O O . O
#  5  . . X X X O O O .
#  4  . . X X X O O . O
#  3  . . X X X O O . .
#  2  . . X X X O O . .
#  1  . . X X X O O . .
boardsize 9
komi 7.5
kata-set-rules bga
clear_board
101 play B C1
102 play W D1
103 play B C2
104 play W D2
105 play B C3
106 play W D3
107 play B C4
108 play W D4
109 play B C5
110 play W D5
111 play B C6
112 play W D6
113 play B C7
114 play W D7
115 play B E1
116 play W G1
117 play B E2
118 play W G2
119 play B E3
120 play W G3
121 play B E4
122 play W G4
123 play B E5
124 play W G5
125 play B E6
126 play W G6
127 play B E7
128 play W G7
129 play B D8
130 play W F1
131 play B D1
132 play W F2
133 play B D2
134 play W F3
135 play B D3
136 play W F4
137 play B D4
138 play W F5
139 play B D5
140 play W F6
141 play B D6
142 play W F7
143 play B D7
144 play W E8
145 play B C8
146 play W E9
147 play B C9
148 play W J4
149 play B J5
150 play W J6
151 play B D9
152 play W H5
153 play B pass
154 play W pass
1 final_score
#? [W[+]2[.]5]
2 kosumi-score_breakdown
#? [rules bga, territory: territory [+] prisoners, pass stones included, White passes last\nBlack territory 18\nBlack stones on the board 25, not counted\nBlack prisoners 8: captures 7, dead stones 0, pass stones 1\nBlack total 18 [+] 8 = 26\nWhite territory 19\nWhite stones on the board 19, not counted\nWhite prisoners 2: captures 1, dead stones 0, pass stones 1\nWhite komi 7[.]5\nWhite handicap compensation 0\nWhite total 19 [+] 2 [+] 7[.]5 = 28[.]5\nresult W[+]2[.]5]
# Area counting gives the same result, as docs/rules.md §3 says it must: 25 + 18 = 43 against
# 19 + 19 + 7.5 = 45.5.
kata-set-rules chinese
3 kosumi-score_breakdown
#? [rules chinese, area: stones on the board [+] territory\nBlack territory 18\nBlack stones on the board 25\nBlack prisoners 7: captures 7, dead stones 0, pass stones 0, not counted\nBlack total 25 [+] 18 = 43\nWhite territory 19\nWhite stones on the board 19\nWhite prisoners 1: captures 1, dead stones 0, pass stones 0, not counted\nWhite komi 7[.]5\nWhite handicap compensation 0\nWhite total 19 [+] 19 [+] 7[.]5 = 45[.]5\nresult W[+]2[.]5]
4 final_score
#? [W[+]2[.]5]
# The command is listed and known.
5 known_command kosumi-score_breakdown
#? [true]
6 list_commands
#? [.*\nkosumi-score_breakdown(\n.*)?]

# Dead stones are prisoners too: the GNU Go game of final_status_list.tst (9x9, --seed 34).
# Black removes 7 dead white stones, White 3 dead black ones; no captures during play.
kata-set-rules japanese
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
10 kosumi-score_breakdown
#? [rules japanese, territory: territory [+] prisoners, none in seki\nBlack territory 21\nBlack stones on the board 20, not counted\nBlack prisoners 7: captures 0, dead stones 7, pass stones 0\nBlack total 21 [+] 7 = 28\nWhite territory 23\nWhite stones on the board 17, not counted\nWhite prisoners 3: captures 0, dead stones 3, pass stones 0\nWhite komi 7[.]5\nWhite handicap compensation 0\nWhite total 23 [+] 3 [+] 7[.]5 = 33[.]5\nresult W[+]5[.]5]
