# A GNU Go 3.8 self-play game on 9x9 (gnugo --mode gtp --chinese-rules
# --never-resign --seed 310 --level 1), komi 7.5,
# written by scripts/gnugo_agreement.py. GNU Go scored the final position
# B+3.5 with the dead stones: G5 H5 H6.
# Kosumi must agree, under the chinese rules.
boardsize 9
komi 7.5
kata-set-rules chinese
clear_board
play B E5
play W D5
play B D6
play W E6
play B D7
play W F6
play B E4
play W C5
play B F8
play W C3
play B G4
play W G7
play B G8
play W H5
play B H4
play W E2
play B B6
play W B5
play B C6
play W A6
play B A7
play W A5
play B B8
play W G2
play B H7
play W G5
play B F5
play W H6
play B H8
play W F3
play B F4
play W H3
play B J4
play W D4
play B G3
play W E3
play B H2
play W H1
play B F7
play W J2
play B E7
play W J3
play B G6
play W PASS
play B PASS
1 final_score
#? [B[+]3[.]5]
2 final_status_list dead
#? [H6 G5 H5]
