# A GNU Go 3.8 self-play game on 9x9 (gnugo --mode gtp --chinese-rules
# --never-resign --seed 311 --level 1), komi 7.5,
# written by scripts/gnugo_agreement.py. GNU Go scored the final position
# B+5.5 with the dead stones: G6 G7 H5.
# Kosumi must agree, under the chinese rules.
boardsize 9
komi 7.5
kata-set-rules chinese
clear_board
play B E5
play W C4
play B E3
play W D6
play B G5
play W G7
play B D5
play W C5
play B E6
play W D7
play B E7
play W H5
play B H6
play W G6
play B H4
play W D2
play B F8
play W D8
play B E2
play W D3
play B D1
play W C1
play B E1
play W C2
play B E8
play W E9
play B F9
play W D9
play B D4
play W PASS
play B PASS
1 final_score
#? [B[+]5[.]5]
2 final_status_list dead
#? [G7 G6\nH5]
