# A gomill ringmaster match: Kosumi against GNU Go 3.8 at level 0, 9x9, komi 7.5, Chinese rules.
#
# From the repository root:
#   cargo build --release
#   ringmaster examples/kosumi-vs-gnugo.ctl run      # plays the games (resumes if stopped)
#   ringmaster examples/kosumi-vs-gnugo.ctl show     # the results table
# Results go next to this file: kosumi-vs-gnugo.{log,hist,status,report} and the SGF records
# in kosumi-vs-gnugo.games/. `ringmaster examples/kosumi-vs-gnugo.ctl reset` starts over.
# (ringmaster is gomill's, for Python 2.7: `pip install gomill`.)
#
# A relative program path is read from this file's directory. Kosumi gets no --seed: each game
# starts a new process with a seed from the OS, so games differ. Both players score with
# final_score (gomill's default "players" scorer) and must agree for a result to count.

competition_type = 'playoff'

description = """
Kosumi (random player, Chinese rules) against GNU Go 3.8 at level 0.
"""

record_games = True

players = {
    'kosumi': Player('../target/release/kosumi --rules chinese'),
    'gnugo': Player('/usr/games/gnugo --mode gtp --level 0 --chinese-rules'),
}

board_size = 9
komi = 7.5
move_limit = 1000

matchups = [
    Matchup('kosumi', 'gnugo', alternating=True, number_of_games=10),
]
