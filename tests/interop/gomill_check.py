"""Checks a finished gomill ringmaster playoff for Kosumi (Python 2.7, gomill 0.8).

Usage: python gomill_check.py COMPETITION.ctl [MINIMUM_GAMES]

Fails (exit status 1) unless at least MINIMUM_GAMES (default 6) games were played, no game was
void, nobody forfeited, and every game has a counted result (B+x, W+x or 0: not unknown, not
a resignation, not a winner without a margin). Prints one line per game and a summary.
"""

import re
import sys

from gomill import ringmasters


def main(control_pathname, minimum_games):
    ringmaster = ringmasters.Ringmaster(control_pathname)
    ringmaster.load_status()
    failures = []
    if ringmaster.void_game_count:
        failures.append("%d void games" % ringmaster.void_game_count)
    results = ringmaster.get_tournament_results()
    games = []
    for matchup_id in results.get_matchup_ids():
        games.extend(results.get_matchup_results(matchup_id))
    if len(games) < minimum_games:
        failures.append("only %d games played" % len(games))
    for result in games:
        line = "game %s: %s (%s)" % (
            result.game_id, result.sgf_result, result.describe())
        print line
        if result.is_forfeit:
            failures.append("game %s: forfeit by %s: %s" % (
                result.game_id, result.losing_player, result.detail))
        elif result.is_unknown:
            failures.append("game %s: no result: %s" % (
                result.game_id, result.detail))
        elif not re.match(r"^(0|[BW]\+\d+(\.\d+)?)$", result.sgf_result):
            failures.append("game %s: not counted: %s (%s)" % (
                result.game_id, result.sgf_result, result.detail))
    wins = {}
    for result in games:
        if result.winning_player is not None:
            wins[result.winning_player] = wins.get(result.winning_player, 0) + 1
    print "gomill: %d games, %d void, wins %s" % (
        len(games), ringmaster.void_game_count,
        ", ".join("%s %d" % item for item in sorted(wins.items())))
    for failure in failures:
        print >>sys.stderr, "FAIL", failure
    return 1 if failures else 0


if __name__ == "__main__":
    minimum = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    sys.exit(main(sys.argv[1], minimum))
