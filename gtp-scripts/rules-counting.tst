# docs/rules.md §3: counting. The worked example (9x9, komi 7.5), built as a real position:
# Black has 18 points of territory and 8 prisoners = 26; White 19 + 2 = 21, plus komi
# = 28.5; W+2.5. Each side's prisoners include one pass stone.
#
#   9 X . . X O O . . .
#   8 . X . X O O . . .      Black took seven white stones on A2-A8: those points, B1, B9
#   7 . X . X O O . . .      and column C are Black's 18 points. White took a black stone
#   6 . X . X O O . . O      on J5: G6-J9, H1-J4 and J5 are White's 19 points.
#   5 . X . X O O O O .
#   4 . X . X O O O . O
#   3 . X . X O O O . .
#   2 . X . X O O O . .
#   1 X . . X O O O . .
#     A B C D E F G H J

boardsize 9
clear_board
komi 7.5
kata-set-rules bga

# White's seven stones on A2-A8, surrounded and taken by Black.
play w A2
play w A3
play w A4
play w A5
play w A6
play w A7
play w A8
play b B2
play b B3
play b B4
play b B5
play b B6
play b B7
play b B8
play b A1
1 play b A9
2 captures black
#? [7]

# The walls.
play b D1
play b D2
play b D3
play b D4
play b D5
play b D6
play b D7
play b D8
play b D9
play w E1
play w E2
play w E3
play w E4
play w E5
play w E6
play w E7
play w E8
play w E9
play w F1
play w F2
play w F3
play w F4
play w F5
play w F6
play w F7
play w F8
play w F9
play w G1
play w G2
play w G3
play w G4
play w G5

# A black stone at J5, taken by White.
play b J5
play w J4
play w J6
3 play w H5
4 captures white
#? [1]

5 list_stones black
#? [A9 D9 B8 D8 B7 D7 B6 D6 B5 D5 B4 D4 B3 D3 B2 D2 A1 D1]

# Both pass, Black first and White last: one pass stone each.
6 play b pass
7 play w pass
8 final_score
#? [W\+2\.5]

# Japanese: territory + prisoners, no pass stones: Black 18 + 7 = 25, White 19 + 1 + 7.5.
9 kata-set-rules japanese
10 final_score
#? [W\+2\.5]

# Area (chinese, tromp-taylor, new-zealand): stones + territory. Black 18 + 18 = 36, White
# 26 + 19 = 45, plus komi. (The position was set up with many more White plays than Black
# ones, so area and territory differ here; in a real game they agree, see below.)
11 kata-set-rules chinese
12 final_score
#? [W\+16\.5]

13 kata-set-rules tromp-taylor
14 final_score
#? [W\+16\.5]

15 kata-set-rules new-zealand
16 final_score
#? [W\+16\.5]

# An integer komi can draw: under japanese, Black 25 against White 20 + 5.
17 kata-set-rules japanese
18 komi 5
19 final_score
#? [0]

20 komi 6
21 final_score
#? [W\+1\.0]

22 komi 4
23 final_score
#? [B\+1\.0]

# Area and territory with pass stones agree when Black moves first, the players alternate and
# White passes last (docs/rules.md §3). A short 5x5 game: Black walls off columns A-B, White
# columns D-E, and each side throws in a stone that is captured.
#   5 . X . O .
#   4 . X . O .
#   3 . X . O .
#   2 . X . O .
#   1 . X . O .
#     A B C D E
boardsize 5
clear_board
komi 0.5
kata-set-rules bga
play b B1
play w D1
play b B2
play w D2
play b B3
play w D3
play b B4
play w D4
play b B5
play w D5
play b E3
play w A3
30 captures black
#? [0]

# Each throw-in is taken with two more plays.
play b A2
play w E2
play b A4
play w E4
31 captures black
#? [1]

32 captures white
#? [1]

33 list_stones black
#? [B5 A4 B4 B3 A2 B2 B1]

play b pass
play w pass
# Territory: Black A1 A3 A5 = 3 + 1 prisoner + 1 pass stone = 5; White E1 E3 E5 = 3 + 1 + 1
# = 5, plus komi: W+0.5. Area: Black 7 stones + 3 = 10, White 7 + 3 = 10, plus komi: W+0.5.
34 final_score
#? [W\+0\.5]

35 kata-set-rules chinese
36 final_score
#? [W\+0\.5]

37 kata-set-rules japanese
38 final_score
#? [W\+0\.5]
