# A GNU Go 3.8 self-play game on 9x9 (gnugo --mode gtp --chinese-rules
# --never-resign --seed 302 --level 1), komi 7.5,
# written by scripts/gnugo_agreement.py. GNU Go scored the final position
# B+5.5 with the dead stones: G8.
# Kosumi must agree, under the chinese rules.
boardsize 9
komi 7.5
kata-set-rules chinese
clear_board
play B E5
play W D5
play B E6
play W G5
play B E4
play W C7
play B D6
play W C5
play B E8
play W C6
play B G3
play W G7
play B G8
play W H8
play B C3
play W F8
play B B4
play W B5
play B H4
play W H5
play B G4
play W D8
play B D7
play W E9
play B C8
play W B8
play B D9
play W B9
play B D3
play W F9
play B J5
play W J6
play B J4
play W H6
play B A4
play W F7
play B A5
play W A6
play B C4
play W F5
play B F4
play W F6
play B D4
play W B7
play B E7
play W C9
play B D8
play W PASS
play B PASS
1 final_score
#? [B[+]5[.]5]
2 final_status_list dead
#? [G8]
