# Rules commands: kata-set-rules NAME (KataGo's names and spellings), kata-get-rules (JSON in
# KataGo's format), kgs-rules NAME (chinese means chinese-kgs). The presets are docs/rules.md §4.
# The position stays when the rules change; the new rules apply from the next move.

boardsize 9
clear_board

1 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SITUATIONAL","scoring":"TERRITORY","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"\}]

2 kata-set-rules aga
3 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SITUATIONAL","scoring":"TERRITORY","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"\}]

4 kata-set-rules chinese
5 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"\}]

6 kata-set-rules chinese-kgs
7 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"\}]

8 kata-set-rules chinese-ogs
9 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"\}]

10 kata-set-rules japanese
11 kata-get-rules
#? [\{"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"\}]

12 kata-set-rules korean
13 kata-get-rules
#? [\{"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"\}]

14 kata-set-rules tromp-taylor
15 kata-get-rules
#? [\{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"\}]

16 kata-set-rules new-zealand
17 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"\}]

18 kata-set-rules bga
19 kata-get-rules
#? [.*"ko":"SITUATIONAL".*"scoring":"TERRITORY".*]

# KataGo's other spellings, in any case.
20 kata-set-rules tromp_taylor
21 kata-get-rules
#? [.*"ko":"POSITIONAL".*"suicide":true.*]

22 kata-set-rules TrompTaylor
23 kata-get-rules
#? [.*"ko":"POSITIONAL".*"suicide":true.*]

24 kata-set-rules nz
25 kata-get-rules
#? [.*"ko":"SITUATIONAL".*"suicide":true.*]

26 kata-set-rules new_zealand
27 kata-get-rules
#? [.*"ko":"SITUATIONAL".*"suicide":true.*]

28 kata-set-rules Japanese
29 showboard
#? [.*rules japanese.*]

# Unknown names are refused and change nothing.
30 kata-set-rules klingon
#? [.*]*

31 kata-set-rules
#? [.*]*

32 showboard
#? [.*rules japanese.*]

# kgs-rules: chinese is chinese-kgs (positional superko); extra words are ignored.
40 kgs-rules chinese
41 kata-get-rules
#? [.*"ko":"POSITIONAL","scoring":"AREA".*]

42 showboard
#? [.*rules chinese-kgs.*]

43 kgs-rules japanese
44 showboard
#? [.*rules japanese.*]

45 kgs-rules aga
46 showboard
#? [.*rules aga.*]

47 kgs-rules new_zealand
48 showboard
#? [.*rules new-zealand.*]

49 kgs-rules japanese and more words
50 showboard
#? [.*rules japanese.*]

51 kgs-rules bga
#? [.*]*

52 kgs-rules tromp-taylor
#? [.*]*

53 kgs-rules
#? [.*]*

54 showboard
#? [.*rules japanese.*]

# The rules decide legality from the next move on, on the same position: White A1 below is
# a multi-stone suicide (B1 and A2 would join with no liberty left).
#   3 X . .
#   2 O X .
#   1 . O X
play b A3
play w A2
play b B2
play w B1
play b C1
60 kata-set-rules japanese
61 is_legal w A1
#? [0]

62 kata-set-rules tromp-taylor
63 is_legal w A1
#? [1]

64 list_stones white
#? [A2 B1]

65 kata-set-rules bga
66 is_legal w A1
#? [0]

67 kata-set-rules new-zealand
68 is_legal w A1
#? [1]

69 play w A1
70 list_stones white
#? []

71 captures black
#? [3]
