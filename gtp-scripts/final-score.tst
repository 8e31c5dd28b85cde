# final_score: B+x, W+x or 0, counted under the current rules with every stone on the board
# alive. Every position here has only clearly living stones (or uses tromp-taylor), so the
# expected scores stay right once dead stones are judged.
#
# 7x7, Black walls off columns A-B, White columns F-G; column D is dame. A white stone thrown
# in at A4 was captured by Black A3 A5 B4:
#   7 . . X . O . .
#   6 . . X . O . .
#   5 X . X . O . .
#   4 . X X . O . .
#   3 X . X . O . .
#   2 . . X . O . .
#   1 . . X . O . .
#     A B C D E F G
# Area: Black 10 stones + 11 territory = 21, White 7 + 14 = 21.
# Territory: Black 11 + 1 prisoner = 12, White 14.

boardsize 7
clear_board
komi 7.5

1 final_score
#? [W\+7\.5]

play w A4
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
2 captures black
#? [1]

# The default rules (bga): territory + prisoners (+ pass stones, none yet).
3 final_score
#? [W\+9\.5]

4 kata-set-rules japanese
5 final_score
#? [W\+9\.5]

6 kata-set-rules chinese
7 final_score
#? [W\+7\.5]

8 kata-set-rules tromp-taylor
9 final_score
#? [W\+7\.5]

10 kata-set-rules new-zealand
11 final_score
#? [W\+7\.5]

12 kata-set-rules chinese-kgs
13 final_score
#? [W\+7\.5]

# Komi moves the margin; an integer komi can draw.
14 komi 0
15 final_score
#? [0]

16 komi -1
17 final_score
#? [B\+1\.0]

18 komi 0.5
19 final_score
#? [W\+0\.5]

20 kata-set-rules japanese
21 komi -2
22 final_score
#? [0]

23 komi -2.5
24 final_score
#? [B\+0\.5]

# final_score does not change the game.
25 final_score
#? [B\+0\.5]

26 list_stones white
#? [E7 E6 E5 E4 E3 E2 E1]

# Both pass (Black first, White last): one pass stone each under bga, none under the others.
komi 7.5
kata-set-rules bga
play b pass
play w pass
30 final_score
#? [W\+9\.5]

31 kata-set-rules japanese
32 final_score
#? [W\+9\.5]

33 kata-set-rules chinese
34 final_score
#? [W\+7\.5]

# Tromp-Taylor counts every stone, dead or not: a lone black stone in White's area is Black's,
# and the empty points around it now touch both colours, so they are nobody's. Black 10
# stones + 1 + 11 territory = 22, White 7 stones alone, plus komi 7.5: B+7.5.
35 kata-set-rules tromp-taylor
36 play b G4
37 final_score
#? [B\+7\.5]

38 undo
39 final_score
#? [W\+7\.5]
