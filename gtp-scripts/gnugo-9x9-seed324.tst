# A GNU Go 3.8 self-play game on 9x9 (gnugo --mode gtp --chinese-rules
# --never-resign --seed 324 --level 1), komi 7.5,
# written by scripts/gnugo_agreement.py. GNU Go scored the final position
# W+8.5 with the dead stones: H1.
# Kosumi must agree, under the chinese rules.
boardsize 9
komi 7.5
kata-set-rules chinese
clear_board
play B E5
play W C3
play B D2
play W C6
play B D7
play W C7
play B F7
play W G3
play B D6
play W D3
play B E3
play W C5
play B G4
play W H3
play B F2
play W H4
play B H1
play W H2
play B F3
play W G5
play B H6
play W C2
play B C1
play W B1
play B D1
play W D8
play B E8
play W C8
play B B2
play W B3
play B A1
play W D4
play B F5
play W F4
play B E4
play W G6
play B H7
play W E9
play B F9
play W D9
play B A3
play W A4
play B D5
play W G8
play B G7
play W F8
play B H8
play W E7
play B E6
play W G1
play B E8
play W G2
play B G9
play W C4
play B H5
play W J4
play B G4
play W F8
play B F6
play W E7
play B B4
play W E8
play B A5
play W B5
play B A2
play W A4
play B B1
play W A6
play B F1
play W J2
play B G8
play W J5
play B J6
play W PASS
play B PASS
1 final_score
#? [W[+]8[.]5]
2 final_status_list dead
#? [H1]
