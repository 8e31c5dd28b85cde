# Administrative commands: protocol_version, name, version, known_command, list_commands.
# Replies are matched after the id: `=1 2` is matched as `2`. The runner sends quit itself.
# Exact error texts and framing are tested byte for byte in tests/protocol.rs.

1 protocol_version
#? [2]

2 name
#? [Kosumi]

3 version
#? [[0-9]+\.[0-9]+\.[0-9]+.*]

# A comment after a command is cut before the command is read.
4 name # the engine never sees this
#? [Kosumi]

0 protocol_version
#? [2]

2147483647 protocol_version
#? [2]

# known_command: exact, lower-case names only.
10 known_command play
#? [true]

11 known_command known_command
#? [true]

12 known_command kata-set-rules
#? [true]

13 known_command foo
#? [false]

14 known_command PLAY
#? [false]

15 known_command pla
#? [false]

# list_commands: one name per line; these are the ones clients rely on.
16 list_commands
#? [(.*\n)?protocol_version(\n.*)?]

17 list_commands
#? [(.*\n)?list_commands(\n.*)?]

18 list_commands
#? [(.*\n)?known_command(\n.*)?]

19 list_commands
#? [(.*\n)?quit(\n.*)?]

20 list_commands
#? [(.*\n)?boardsize(\n.*)?]

21 list_commands
#? [(.*\n)?clear_board(\n.*)?]

22 list_commands
#? [(.*\n)?komi(\n.*)?]

23 list_commands
#? [(.*\n)?play(\n.*)?]

24 list_commands
#? [(.*\n)?genmove(\n.*)?]

25 list_commands
#? [(.*\n)?undo(\n.*)?]

26 list_commands
#? [(.*\n)?final_score(\n.*)?]

27 list_commands
#? [(.*\n)?showboard(\n.*)?]

40 list_commands
#? [!.*\n\n.*]

41 list_commands
#? [[a-z_\n-]*]

# An unknown command or a command name in the wrong case fails: expected failures (*).
50 foo
#? [.*]*

51 Name
#? [.*]*

52 name extra
#? [.*]*
