# Time: time_settings, time_left and kgs-time_settings are stored, survive boardsize and
# clear_board (which give both sides their initial time back), and bad input is refused
# without changing anything. The extension kosumi-clock shows the clock.
#
# gogui-regress "kosumi --seed 1" time.tst

boardsize 19
clear_board
10 kosumi-clock
#? [unlimited]

# Canadian overtime: 600 s, then 30 s for every 5 stones.
20 time_settings 600 30 5
#? []
21 kosumi-clock
#? [canadian 600 s \+ 30 s / 5 stones; Black 600 s, White 600 s]
22 time_left white 20 4
#? []
23 time_left B 550 0
#? []
24 kosumi-clock
#? [canadian 600 s \+ 30 s / 5 stones; Black 550 s, White 20 s for 4 stones]
25 genmove b
#? [[A-HJ-T]([1-9]|1[0-9])|pass]

# A new game keeps the system and restores the initial time.
30 clear_board
31 kosumi-clock
#? [canadian 600 s \+ 30 s / 5 stones; Black 600 s, White 600 s]
time_left w 100 0
32 boardsize 9
33 kosumi-clock
#? [canadian 600 s \+ 30 s / 5 stones; Black 600 s, White 600 s]

# Bad input: syntax errors, and the clock is unchanged.
40 time_settings 600 30
#? [syntax error]*
41 time_settings 600 -30 5
#? [syntax error]*
42 time_settings 600 30 5.5
#? [syntax error]*
43 time_settings 3000000000 30 5
#? [syntax error]*
44 time_left black 10
#? [syntax error]*
45 time_left red 10 0
#? [syntax error]*
46 time_left white -1 0
#? [syntax error]*
47 kgs-time_settings fischer 600 10
#? [syntax error]*
48 kgs-time_settings byoyomi 600 30
#? [syntax error]*
49 kgs-time_settings
#? [syntax error]*
50 kosumi-clock
#? [canadian 600 s \+ 30 s / 5 stones; Black 600 s, White 600 s]

# time_settings M B 0 with B > 0 means no limit; M 0 0 means absolute time.
60 time_settings 0 1 0
61 kosumi-clock
#? [unlimited]
62 time_settings 300 0 0
63 kosumi-clock
#? [absolute 300 s; Black 300 s, White 300 s]
64 time_settings 0 30 5
65 kosumi-clock
#? [canadian 0 s \+ 30 s / 5 stones; Black 30 s for 5 stones, White 30 s for 5 stones]

# KGS systems; in byo-yomi time_left counts periods.
70 kgs-time_settings none
71 kosumi-clock
#? [unlimited]
72 kgs-time_settings absolute 900
73 kosumi-clock
#? [absolute 900 s; Black 900 s, White 900 s]
74 kgs-time_settings byoyomi 600 30 5
75 time_left white 25 3
76 kosumi-clock
#? [byoyomi 600 s \+ 5 x 30 s; Black 600 s, White 25 s, 3 periods]
77 kgs-time_settings canadian 600 300 25
78 kosumi-clock
#? [canadian 600 s \+ 300 s / 25 stones; Black 600 s, White 600 s]
79 genmove w
#? [[A-HJ]\d|pass]
