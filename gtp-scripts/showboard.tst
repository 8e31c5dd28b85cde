# showboard: the board as text for people, with column letters and row numbers on both sides,
# X for Black, O for White, + for star points, the last move in parentheses, then the
# captures, komi, rules and whose turn it is. Never an empty line inside.

boardsize 9
clear_board

1 showboard
#? [A B C D E F G H J\n 9  \. \. \. \. \. \. \. \. \. 9 \n.*\n 5  \. \. \. \. \+ \. \. \. \. 5 \n.*\n 1  \. \. \. \. \. \. \. \. \. 1 \n    A B C D E F G H J\nBlack \(X\) has captured 0 stones; White \(O\) has captured 0 stones\nkomi 7\.5, rules bga, Black \(X\) to move]

2 showboard
#? [.*\n 7  \. \. \+ \. \. \. \+ \. \. 7 \n.*\n 3  \. \. \+ \. \. \. \+ \. \. 3 \n.*]

3 showboard
#? [!.*\n\n.*]

play b E5
play w D4
4 showboard
#? [.*\n 5  \. \. \. \. X \. \. \. \. 5 \n 4  \. \. \.\(O\)\. \. \. \. \. 4 \n.*Black \(X\) to move]

play w A1
play b B1
play b A2
5 showboard
#? [.*\n 2 \(X\)\. \. \. \. \. \. \. \. 2 \n 1  \. X \. \. \. \. \. \. \. 1 \n.*Black \(X\) has captured 1 stones; White \(O\) has captured 0 stones\n.*White \(O\) to move]

play w pass
6 showboard
#? [.*\n 2  X \. \. \. \. \. \. \. \. 2 \n.*Black \(X\) to move]

# 19x19: two-digit row numbers, nine star points.
boardsize 19
clear_board
komi 6.5
kata-set-rules japanese
play b Q16
7 showboard
#? [A B C D E F G H J K L M N O P Q R S T\n19  \. .*\n16  \. \. \. \+ \. \. \. \. \. \+ \. \. \. \. \.\(X\)\. \. \. 16\n.*\n10  \. \. \. \+ \. \. \. \. \. \+ \. \. \. \. \. \+ \. \. \. 10\n.*\n 4  \. \. \. \+ \. \. \. \. \. \+ \. \. \. \. \. \+ \. \. \. 4 \n.*komi 6\.5, rules japanese, White \(O\) to move]

# The last move on the right edge.
boardsize 5
clear_board
play w E3
8 showboard
#? [.*\n 3  \. \. \. \.\(O\)3 \n.*]
