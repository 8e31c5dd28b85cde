#!/usr/bin/env python3
"""Where a player loses its games: the win rate each move gives away, by stage of the game,
judged by a stronger engine through KataGo's JSON analysis protocol.

For every SGF file given (files, or directories searched for *.sgf: scripts/match.py's
--sgf-dir), the script finds the player's colour from PB/PW (the first whose name contains
--player, `kosumi` by default, in any case), asks the judge for the win rate of the side to
move after every move of the main line (setup stones are not supported: the games must start
from the empty board), and counts, for each move, the win rate its player gave away: the
mover's win rate before the move minus the mover's win rate after it, 0 when the move gained.

It prints, for every stage of ten moves (1-10, 11-20, ..., and 61 on), each side's mean loss
a move and the number of its moves that gave away more than --big (0.15 by default); and, for
the games the player lost, the stage of the last move after which the player's win rate was
still at least --hopeless (0.3): the stage where the game slipped away for good.

Usage (from the repository root; KataGo and a network built locally, never committed):

    python3 scripts/move_losses.py --visits 40 \\
      --judge '/root/peers/katago/katago analysis -config analysis.cfg -model model.bin.gz' \\
      match-results-sgf/
    python3 scripts/move_losses.py --self-test

The judge's win rates are those of KataGo's `rootInfo.winrate` (for Black here: the analysis
engine reports them from Black's side unless its configuration says otherwise; keep its
default `reportAnalysisWinratesAs = BLACK`). With --cache FILE each game's win rates are kept
one JSON line a game, and a second run reads them back instead of asking the judge again.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys

from territory_moves import parse_sgf, sgf_files, vertex

STAGE = 10  # moves a stage
LAST_STAGE = 6  # moves 61 on are one stage


def read_game(text):
    """The colour names, size, komi, rules and main-line moves of an SGF game (read by
    territory_moves.py's parser), moves as [colour, GTP vertex or 'pass']."""
    root, size, moves = parse_sgf(text)
    if "AB" in root or "AW" in root:
        raise ValueError("setup stones are not supported")
    def property_value(name, default):
        return root.get(name, [default])[0]
    return {
        "black": property_value("PB", ""),
        "white": property_value("PW", ""),
        "result": property_value("RE", ""),
        "size": size,
        "komi": float(property_value("KM", "7.5")),
        "rules": property_value("RU", "chinese").lower(),
        "moves": [[colour, vertex(point)] for colour, point in moves],
    }


def losses(black_win_rates, moves):
    """For each move, its colour and the win rate it gave away: the mover's win rate before
    it minus the mover's after it, never below 0. `black_win_rates[t]` is Black's win rate
    before move t (one entry more than the moves)."""
    result = []
    for turn, (colour, _) in enumerate(moves):
        before, after = black_win_rates[turn], black_win_rates[turn + 1]
        if colour == "W":
            before, after = 1 - before, 1 - after
        result.append((colour, max(0.0, before - after)))
    return result


def slipped_stage(player_win_rates, hopeless):
    """The stage (0 for moves 1-10, ...) of the last position where the player still had
    `hopeless` or more: the stage where a lost game slipped away."""
    last = max((turn for turn, rate in enumerate(player_win_rates) if rate >= hopeless), default=0)
    return min(last // STAGE, LAST_STAGE)


def stage_name(stage):
    """How a stage is written: its moves."""
    first = stage * STAGE + 1
    return f"moves {first}-{first + STAGE - 1}" if stage < LAST_STAGE else f"moves {first} on"


def summarize(games, big, hopeless):
    """The summary lines of games given as (player colour, won, moves, Black's win rates)."""
    stages = {}
    slipped = {}
    lost = 0
    for colour, won, moves, rates in games:
        for turn, (mover, loss) in enumerate(losses(rates, moves)):
            side = "player" if mover == colour else "opponent"
            stage = min(turn // STAGE, LAST_STAGE)
            stages.setdefault(stage, {"player": [], "opponent": []})[side].append(loss)
        if not won:
            lost += 1
            own = [rate if colour == "B" else 1 - rate for rate in rates]
            stage = slipped_stage(own, hopeless)
            slipped[stage] = slipped.get(stage, 0) + 1
    lines = [f"games: {len(games)}, lost by the player: {lost}"]
    for stage in sorted(stages):
        parts = []
        for side in ("player", "opponent"):
            values = stages[stage][side]
            mean = sum(values) / len(values) if values else 0.0
            count = sum(value > big for value in values)
            parts.append(f"{side} {mean:.3f} a move, {count} of {len(values)} over {big}")
        lines.append(f"{stage_name(stage)}: " + "; ".join(parts))
    where = ", ".join(f"{stage_name(stage)}: {slipped[stage]}" for stage in sorted(slipped))
    lines.append("lost games by the stage of the last position where the player had "
                 f"{hopeless} or more: {where or 'none'}")
    return lines


def judge_win_rates(judge, game, identifier, visits):
    """Black's win rate before every move and after the last, from the analysis engine."""
    turns = list(range(len(game["moves"]) + 1))
    query = {
        "id": identifier, "moves": game["moves"], "rules": game["rules"], "komi": game["komi"],
        "boardXSize": game["size"], "boardYSize": game["size"], "analyzeTurns": turns,
    }
    if visits:
        query["maxVisits"] = visits
    judge.stdin.write(json.dumps(query) + "\n")
    judge.stdin.flush()
    rates = {}
    while len(rates) < len(turns):
        line = judge.stdout.readline()
        if not line:
            raise RuntimeError("the judge stopped answering")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"the judge refused {identifier}: {answer['error']}")
        rates[answer["turnNumber"]] = answer["rootInfo"]["winrate"]
    return [rates[turn] for turn in turns]


def self_test():
    """Checks the counting on games made up for it."""
    game = read_game("(;GM[1]SZ[9]KM[7.5]PB[Kosumi]PW[Pachi (no dcnn\\])]RE[W+R]"
                     ";B[ee];W[cc];B[];W[gg])")
    assert game["moves"] == [["B", "E5"], ["W", "C7"], ["B", "pass"], ["W", "G3"]], game["moves"]
    assert game["komi"] == 7.5 and game["size"] == 9
    rates = [0.5, 0.6, 0.3, 0.3, 0.1]
    # Black gains 0.1, White gains 0.3 (Black falls to 0.3), Black's pass loses nothing,
    # White gains 0.2.
    assert [round(loss, 6) for _, loss in losses(rates, game["moves"])] == [0.0, 0.0, 0.0, 0.0]
    rates = [0.5, 0.2, 0.7, 0.7, 0.75]
    assert [round(loss, 6) for _, loss in losses(rates, game["moves"])] == [0.3, 0.5, 0.0, 0.05]
    assert slipped_stage([0.5] * 25 + [0.1] * 10, 0.3) == 2
    assert slipped_stage([0.1] * 5, 0.3) == 0
    lines = summarize([("B", False, game["moves"], rates)], 0.15, 0.3)
    assert lines[0] == "games: 1, lost by the player: 1", lines
    assert lines[1].startswith("moves 1-10: player 0.150 a move, 1 of 2 over 0.15; "
                               "opponent 0.275 a move, 1 of 2"), lines
    assert lines[2].endswith("moves 1-10: 1"), lines
    try:
        read_game("(;SZ[9]AB[aa];W[bb])")
        raise AssertionError("setup stones must be refused")
    except ValueError:
        pass
    print("move_losses self-test: ok")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="SGF files or directories")
    parser.add_argument("--judge", help="the analysis engine's command (KataGo's `analysis`)")
    parser.add_argument("--visits", type=int, default=0,
                        help="visits a position (the judge's own setting when 0)")
    parser.add_argument("--player", default="kosumi", help="part of the player's name in PB/PW")
    parser.add_argument("--big", type=float, default=0.15, help="a loss over this is a big one")
    parser.add_argument("--hopeless", type=float, default=0.3,
                        help="below this win rate a game is lost")
    parser.add_argument("--cache", help="a JSON-lines file of win rates already judged, "
                        "added to as games are judged")
    parser.add_argument("--self-test", action="store_true", help="check the counting and exit")
    arguments = parser.parse_args()
    if arguments.self_test:
        self_test()
        return 0
    cached = {}
    if arguments.cache and os.path.exists(arguments.cache):
        with open(arguments.cache) as cache:
            for line in cache:
                entry = json.loads(line)
                cached[entry["file"]] = entry["black_win_rates"]
    judge = None
    games = []
    cache = open(arguments.cache, "a") if arguments.cache else None
    for path in sgf_files(arguments.paths):
        with open(path, encoding="utf-8", errors="replace") as handle:
            game = read_game(handle.read())
        names = {"B": game["black"].lower(), "W": game["white"].lower()}
        colour = next((side for side in "BW" if arguments.player.lower() in names[side]), None)
        if colour is None:
            print(f"skipped {path}: no player named {arguments.player}", file=sys.stderr)
            continue
        rates = cached.get(path)
        if rates is None:
            if judge is None:
                if not arguments.judge:
                    parser.error("--judge is needed for games not in the cache")
                judge = subprocess.Popen(shlex.split(arguments.judge), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True)
            rates = judge_win_rates(judge, game, path, arguments.visits)
            if cache:
                cache.write(json.dumps({"file": path, "black_win_rates": rates}) + "\n")
                cache.flush()
        won = game["result"].upper().startswith(colour)
        games.append((colour, won, game["moves"], rates))
    print("\n".join(summarize(games, arguments.big, arguments.hopeless)))
    if judge:
        judge.stdin.close()
        judge.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
