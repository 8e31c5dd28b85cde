# A GNU Go 3.8 self-play game on 13x13 (gnugo --mode gtp --chinese-rules
# --never-resign --seed 319 --level 1), komi 7.5,
# written by scripts/gnugo_agreement.py. GNU Go scored the final position
# W+6.5 with the dead stones: C4 D7 J8.
# Kosumi must agree, under the chinese rules.
boardsize 13
komi 7.5
kata-set-rules chinese
clear_board
play B K10
play W C4
play B D11
play W C9
play B E10
play W D7
play B F7
play W L8
play B J8
play W K6
play B M9
play W M8
play B L9
play W L3
play B E3
play W G3
play B C2
play W B11
play B B3
play W E9
play B F9
play W H6
play B A6
play W D10
play B F10
play W C11
play B D12
play W N9
play B N10
play W N8
play B M11
play W C12
play B D5
play W D13
play B E12
play W E13
play B F13
play W C13
play B F12
play W H8
play B F5
play W H9
play B E8
play W J9
play B D8
play W G4
play B J10
play W C8
play B F2
play W G2
play B C7
play W B7
play B C6
play W F1
play B E1
play W G1
play B B6
play W D9
play B B8
play W B9
play B A7
play W G5
play B K9
play W K8
play B G7
play W H10
play B H11
play W F3
play B E2
play W H7
play B F4
play W G10
play B G11
play W G6
play B F6
play W A9
play B A8
play W G8
play B F8
play W G9
play B PASS
play W PASS
1 final_score
#? [W[+]6[.]5]
2 final_status_list dead
#? [J8\nD7\nC4]
