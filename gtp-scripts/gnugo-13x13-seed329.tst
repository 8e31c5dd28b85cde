# A GNU Go 3.8 self-play game on 13x13 (gnugo --mode gtp --chinese-rules
# --never-resign --seed 329 --level 1), komi 7.5,
# written by scripts/gnugo_agreement.py. GNU Go scored the final position
# W+12.5 with the dead stones: B12 C10 C11 C4 D4 F11 F12 G12 H10 H11 K10 K11 L3 M2.
# Kosumi must agree, under the chinese rules.
boardsize 13
komi 7.5
kata-set-rules chinese
clear_board
play B K10
play W D4
play B K4
play W D10
play B F11
play W K7
play B D8
play W E9
play B J6
play W L9
play B C11
play W L10
play B F3
play W D11
play B C10
play W C12
play B B12
play W L11
play B H10
play W D12
play B E5
play W B13
play B D2
play W B11
play B C3
play W C9
play B L6
play W L7
play B K5
play W H8
play B G7
play W G8
play B K11
play W C4
play B D6
play W L3
play B M4
play W B7
play B B5
play W K9
play B B6
play W G10
play B H11
play W L12
play B B8
play W M6
play B M3
play W M2
play B N2
play W H7
play B H6
play W F7
play B G6
play W L5
play B L4
play W B9
play B A8
play W K6
play B F6
play W C8
play B C7
play W E7
play B D7
play W M5
play B E8
play W K12
play B G12
play W J12
play B F12
play W F8
play B A9
play W A10
play B A7
play W D9
play B N5
play W N6
play B N4
play W J7
play B E6
play W PASS
play B PASS
1 final_score
#? [W[+]12[.]5]
2 final_status_list dead
#? [B12\nF12 G12 F11\nC11 C10\nH11 H10\nK11 K10\nC4 D4\nL3\nM2]
