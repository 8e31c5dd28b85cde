# docs/rules.md §2.2-2.4: liberties, chains, atari.

boardsize 9
clear_board

# §2.2: a lone stone has 4 liberties in the centre, 3 on the edge, 2 in a corner.
play b E5
play b A5
play b J1
1 countlib E5
#? [4]

2 countlib A5
#? [3]

3 countlib J1
#? [2]

4 findlib E5
#? [E6 D5 F5 E4]

5 findlib J1
#? [J2 H1]

# §2.3: black D4, E4, D5 form one chain; E5 touches two of them but is one liberty; the
# chain has 7 liberties.
clear_board
play b D4
play b E4
play b D5
10 countlib D4
#? [7]

11 countlib E4
#? [7]

12 countlib D5
#? [7]

13 findlib D4
#? [D6 C5 E5 C4 F4 D3 E3]

# Diagonal contact does not connect: F3 is a chain of its own, and takes no liberty away.
play b F3
14 countlib F3
#? [4]

15 countlib D4
#? [7]

# A white stone on E5 takes one liberty of the chain (it touched two of its stones).
play w E5
16 countlib D4
#? [6]

17 countlib E5
#? [2]

18 findlib E5
#? [E6 F5]

# §2.4: a chain with exactly one liberty is in atari.
play b E6
19 countlib E5
#? [1]

20 findlib E5
#? [F5]
