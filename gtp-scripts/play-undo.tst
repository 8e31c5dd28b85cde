# play and undo: colours, vertices and pass in any case; the same colour twice in a row;
# illegal plays refused without changing anything; undo back to the start, passes included,
# restoring stones, captures and the ko ban.

boardsize 9
clear_board

1 play b D4
2 play W e5
3 play black C3
4 play WHITE pass
5 play b PASS
6 play w Pass

# The same colour twice in a row is accepted.
7 play w F5
8 play w g5

9 list_stones white
#? [E5 F5 G5]

10 list_stones black
#? [D4 C3]

# Refused: occupied points, the letter I, points off the board, a missing vertex.
11 play b C3
#? [.*]*

12 play w D4
#? [.*]*

13 play b I5
#? [.*]*

14 play b K1
#? [.*]*

15 play b A10
#? [.*]*

16 play b
#? [.*]*

17 play x D5
#? [.*]*

18 list_stones white
#? [E5 F5 G5]

19 list_stones black
#? [D4 C3]

# Undo takes back one move at a time, passes included.
20 undo
21 list_stones white
#? [E5 F5]

22 undo
23 undo
24 undo
25 undo
26 list_stones white
#? [E5]

27 list_stones black
#? [D4 C3]

28 undo
29 color C3
#? [empty]

30 undo
31 undo
32 list_stones black
#? []

33 list_stones white
#? []

34 undo
#? [.*]*

# Undo of a capture puts the captured stone back and takes the prisoner away.
35 play w A1
36 play b A2
37 play b B1
38 color A1
#? [empty]

39 captures black
#? [1]

40 undo
41 color A1
#? [white]

42 captures black
#? [0]

43 countlib A1
#? [1]

# Undo restores the ko ban (docs/rules.md §2.7 position: black E4 has just taken D4).
clear_board
play w D4
play b C4
play w E3
play b D3
play w F4
play b D5
play w E5
49 play b E4
50 is_legal w D4
#? [0]

51 play w H8
52 is_legal w D4
#? [1]

53 undo
54 is_legal w D4
#? [0]

55 play w D4
#? [.*]*

56 undo
57 color D4
#? [white]

58 is_legal w D4
#? [0]

59 color E4
#? [empty]
