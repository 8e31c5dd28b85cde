# docs/rules.md §2.9: under pass-stone rules (bga, aga) every pass hands the opponent one stone as
# a prisoner, and White must make the last pass: if White passed and then Black passed,
# White passes once more. So the pass sequence W, B, W gives Black two white prisoners and
# White one black prisoner. Other rulesets have no pass stones. Checked through final_score
# (captures counts only stones taken off the board).

boardsize 9
clear_board
komi 0
kata-set-rules bga

# An empty board, komi 0: the count is the pass stones alone.
1 play w pass
2 play b pass
# Play has ended with Black's pass: White's last pass is already counted.
3 final_score
#? [B\+1\.0]

4 play w pass
5 final_score
#? [B\+1\.0]

6 kata-set-rules aga
7 final_score
#? [B\+1\.0]

8 kata-set-rules japanese
9 final_score
#? [0]

10 kata-set-rules chinese
11 final_score
#? [0]

12 kata-set-rules new-zealand
13 final_score
#? [0]

# Black first and White last: one pass stone each.
clear_board
kata-set-rules bga
14 play b pass
15 play w pass
16 final_score
#? [0]

# A pass that does not end the game still counts.
17 undo
18 final_score
#? [W\+1\.0]

# Two passes by the same colour end nothing: two black passes hand White two stones, and no
# closing pass stone is added (the issue's case: W+2, not W+1).
clear_board
kata-set-rules bga
200 play b pass
201 play b pass
202 final_score
#? [W\+2\.0]

203 printsgf
#? [!.*RE\[.*]

# Two white passes likewise: Black gets two stones.
clear_board
204 play w pass
205 play w pass
206 final_score
#? [B\+2\.0]

# W, B, B: play ended with W then B, but then Black passed again: only the passes played
# count, one white, two black.
clear_board
207 play w pass
208 play b pass
209 play b pass
210 final_score
#? [W\+1\.0]

# B, B, W: Black's second pass and White's end play; Black gave two, White one.
clear_board
211 play b pass
212 play b pass
213 play w pass
214 final_score
#? [W\+1\.0]

215 printsgf
#? [.*RE\[W\+1(\.0)?\].*]

# A position with living groups only (7x7, Black columns A-C, White E-G, D dame; Black took
# a white stone at A4):
#   7 . . X . O . .
#   6 . . X . O . .
#   5 X . X . O . .
#   4 . X X . O . .
#   3 X . X . O . .
#   2 . . X . O . .
#   1 . . X . O . .
#     A B C D E F G
# Territory: Black 11 + 1 prisoner, White 14.
boardsize 7
clear_board
komi 7.5
19 play w A4
play b A3
play b A5
play b B4
play b C1
play b C2
play b C3
play b C4
play b C5
play b C6
play b C7
play w E1
play w E2
play w E3
play w E4
play w E5
play w E6
play w E7
20 play w pass
21 play b pass
# W, B, W: Black 11 + 1 + 2 = 14, White 14 + 1 + 7.5 = 22.5.
22 final_score
#? [W\+8\.5]

23 play w pass
24 final_score
#? [W\+8\.5]

25 captures black
#? [1]

26 captures white
#? [0]

# B, W: one pass stone each, Black 13 against White 22.5.
27 undo
28 undo
29 undo
30 play b pass
31 play w pass
32 final_score
#? [W\+9\.5]
