#!/usr/bin/env python3
"""How much win rate each player's chosen move gives away on one fixed set of positions,
judged by a stronger engine through KataGo's JSON analysis protocol: a screen for a change
that costs minutes where a match that can tell 5 % apart costs hours.

1. Positions: for every SGF file given (files, or directories searched for *.sgf:
   scripts/match.py's --sgf-dir), the positions before moves --first to --last of the main
   line, every --every-th one (setup stones are not supported: the games start from the
   empty board).
2. The judge gives the win rate of the side to move in each position; the positions where
   it is below --lowest or above 1 − --lowest are left out, since no move there decides
   anything.
3. Each player (`--player NAME=COMMAND`, a GTP engine started once) is asked `genmove` in
   every position, set up by `boardsize`, `clear_board`, `komi` and one `play` a move; its
   answers are kept in --answers, one JSON line each, and read back on the next run, so a
   player is asked only about positions it has not answered.
4. The judge gives the mover's win rate after each answer; a move's loss is the mover's win
   rate before the move minus after it (a resignation gives the whole win rate away). With
   --lead the loss is counted in points of the judge's score lead instead (a resignation
   gives away the lead and the board's points): early in a 19×19 game the win rate barely
   moves while the lead does.

It prints, for each player: the positions, the mean loss, the share of moves losing more than
--big, and the share that are the judge's own first choice; then, for every pair of players,
the mean difference of their losses over the positions both answered with its standard error.
A position where both chose the same move adds 0 to the difference, and the judge's noise on
a position's own win rate cancels, so two players are told apart by far fewer positions than
games. The judge's win rates are kept in --cache (one JSON line a position asked about).

Usage (from the repository root; KataGo and a network built locally, never committed):

    python3 scripts/position_losses.py --first 11 --last 40 --every 2 --visits 200 \\
      --judge '/root/peers/katago/katago analysis -config analysis.cfg -model model.bin.gz' \\
      --cache judge.jsonl --answers answers.jsonl \\
      --player 'kosumi=target/release/kosumi --seed 1 --player mcts --playouts 10000 --threads 1' \\
      --player 'pachi=pachi -t =10000 threads=1' \\
      9x9-vs-pachi-sgf/
    python3 scripts/position_losses.py --self-test

The judge must report win rates from Black's side (KataGo's default
`reportAnalysisWinratesAs = BLACK`).
"""

import argparse
import json
import math
import os
import shlex
import subprocess
import sys

from move_losses import read_game
from territory_moves import Judge as GtpEngine, sgf_files


def positions_of(game, first, last, every):
    """The positions before moves first..last (counted from 1) of `game`, every `every`-th:
    each the game's size, komi, rules and the moves before it."""
    chosen = []
    for number in range(first, min(last, len(game["moves"])) + 1, every):
        chosen.append({
            "size": game["size"], "komi": game["komi"], "rules": game["rules"],
            "moves": game["moves"][:number - 1],
        })
    return chosen


def to_move(position):
    """The colour to move in `position`: the other colour than the last mover, Black first."""
    moves = position["moves"]
    return "B" if not moves or moves[-1][0] == "W" else "W"


def key_of(position, extra=None):
    """A position's (and an added move's) key in the caches."""
    moves = position["moves"] + ([extra] if extra else [])
    text = " ".join(f"{colour}{point}" for colour, point in moves)
    return f"{position['size']}/{position['komi']}/{position['rules']}/{text}"


def mover_rate(black_rate, colour, lead=False):
    """A win rate (with `lead`, a score lead) reported from Black's side, seen from
    `colour`'s."""
    if lead:
        return black_rate if colour == "B" else -black_rate
    return black_rate if colour == "B" else 1.0 - black_rate


class Judge:
    """The analysis engine, asked once for each position (and position after a move) and
    remembered in a JSON-lines cache."""

    def __init__(self, command, visits, cache_path):
        self.command = command
        self.visits = visits
        self.process = None
        self.known = {}
        repeats = {}
        if cache_path and os.path.exists(cache_path):
            with open(cache_path) as cache:
                for line in cache:
                    entry = json.loads(line)
                    repeats.setdefault(entry["key"], []).append(entry)
        # A key judged more than once (by two runs at once) gets the mean of its win rates and
        # leads: the judge's search is noisy, and every player is measured against one value.
        for key, entries in repeats.items():
            merged = dict(entries[0])
            for measure in ("black_win_rate", "black_lead"):
                values = [entry[measure] for entry in entries if measure in entry]
                if values:
                    merged[measure] = sum(values) / len(values)
            self.known[key] = merged
        self.cache = open(cache_path, "a") if cache_path else None

    def judge(self, position, move=None, lead=False):
        """Black's win rate in `position` (after `move`, a [colour, vertex] pair, if given)
        and the judge's first choice there; with `lead`, Black's score lead in points in
        place of the win rate."""
        key = key_of(position, move)
        if key not in self.known or (lead and "black_lead" not in self.known[key]):
            self.known[key] = self.ask(key, position["moves"] + ([move] if move else []),
                                       position)
            if self.cache:
                self.cache.write(json.dumps(self.known[key]) + "\n")
                self.cache.flush()
        entry = self.known[key]
        return entry["black_lead" if lead else "black_win_rate"], entry["best"]

    def ask(self, key, moves, position):
        if self.process is None:
            if not self.command:
                raise RuntimeError("--judge is needed for positions not in the cache")
            self.process = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True)
        query = {"id": key, "moves": moves, "rules": position["rules"],
                 "komi": position["komi"], "boardXSize": position["size"],
                 "boardYSize": position["size"]}
        if self.visits:
            query["maxVisits"] = self.visits
        self.process.stdin.write(json.dumps(query) + "\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the judge stopped answering")
            answer = json.loads(line)
            if "error" in answer:
                raise RuntimeError(f"the judge refused {key}: {answer['error']}")
            if answer.get("id") == key and not answer.get("isDuringSearch"):
                break
        infos = sorted(answer.get("moveInfos", []), key=lambda info: info["order"])
        best = infos[0]["move"].upper() if infos else "PASS"
        return {"key": key, "black_win_rate": answer["rootInfo"]["winrate"],
                "black_lead": answer["rootInfo"]["scoreLead"], "best": best}

    def close(self):
        if self.process:
            self.process.stdin.close()
            self.process.wait()


class Player:
    """A GTP engine asked for its move in positions, its answers remembered (and written to
    `record`, a JSON-lines file, as they come)."""

    def __init__(self, name, command, answers, record):
        self.name = name
        self.command = command
        self.answers = answers
        self.record = record
        self.engine = None

    def send(self, command):
        """`command`'s reply, the engine started on the first command (territory_moves.py's
        GTP wrapper: an error reply raises)."""
        if self.engine is None:
            self.engine = GtpEngine(self.command)
        return self.engine.send(command)

    def move(self, position):
        """The player's move in `position`: a GTP vertex, PASS or RESIGN."""
        key = key_of(position)
        if key not in self.answers:
            self.send(f"boardsize {position['size']}")
            self.send("clear_board")
            self.send(f"komi {position['komi']}")
            for colour, point in position["moves"]:
                self.send(f"play {colour} {point}")
            self.answers[key] = self.send(f"genmove {to_move(position)}").upper()
            if self.record:
                self.record.write(json.dumps({"player": self.name, "key": key,
                                              "move": self.answers[key]}) + "\n")
                self.record.flush()
        return self.answers[key]

    def close(self):
        if self.engine:
            self.engine.close()


def loss_of(judge, position, move, lead=False):
    """The win rate (with `lead`, the points of score lead) `move` gives away in `position`,
    and whether it is the judge's choice. Resigning gives away the whole win rate, or the
    lead and the board's points."""
    colour = to_move(position)
    before, best = judge.judge(position, lead=lead)
    if move == "RESIGN":
        whole = mover_rate(before, colour, lead)
        return (whole + position["size"] ** 2 if lead else whole), False
    after, _ = judge.judge(position, [colour, move.lower() if move == "PASS" else move], lead)
    return mover_rate(before, colour, lead) - mover_rate(after, colour, lead), move == best


def summary_lines(losses, big):
    """The report: `losses[name]` maps each position's key to (loss, judge's choice)."""
    lines = []
    for name, table in losses.items():
        values = [loss for loss, _ in table.values()]
        if not values:
            continue
        mean = sum(values) / len(values)
        over = sum(loss > big for loss in values)
        same = sum(choice for _, choice in table.values())
        lines.append(f"{name}: {len(values)} positions, mean loss {mean:.4f}, "
                     f"{over} over {big} ({100 * over / len(values):.1f} %), "
                     f"the judge's choice in {same} ({100 * same / len(values):.1f} %)")
    names = list(losses)
    for index, first in enumerate(names):
        for second in names[index + 1:]:
            shared = sorted(set(losses[first]) & set(losses[second]))
            if len(shared) < 2:
                continue
            differences = [losses[first][key][0] - losses[second][key][0] for key in shared]
            mean = sum(differences) / len(differences)
            variance = sum((value - mean) ** 2 for value in differences) / (len(differences) - 1)
            error = math.sqrt(variance / len(differences))
            differing = sum(value != 0 for value in differences)
            lines.append(f"{first} − {second}: {mean:+.4f} ± {error:.4f} (standard error) over "
                         f"{len(shared)} positions, {differing} with different losses")
    return lines


def self_test():
    """Checks the positions, the losses and the report on made-up data."""
    game = {"size": 9, "komi": 7.5, "rules": "chinese",
            "moves": [["B", "E5"], ["W", "C7"], ["B", "G3"], ["W", "pass"], ["B", "D4"]]}
    chosen = positions_of(game, 2, 5, 2)
    assert [len(position["moves"]) for position in chosen] == [1, 3], chosen
    assert to_move(chosen[0]) == "W" and to_move(chosen[1]) == "W"
    assert to_move(positions_of(game, 1, 1, 1)[0]) == "B"
    assert key_of(chosen[0]) == "9/7.5/chinese/BE5"
    assert key_of(chosen[0], ["W", "D4"]) == "9/7.5/chinese/BE5 WD4"

    class FixedJudge:
        def judge(self, position, move=None, lead=False):
            if lead:
                return (-2.0, "D4") if move is None else ({"D4": -4.5}[move[1]], "")
            return (0.4, "D4") if move is None else ({"D4": 0.35, "pass": 0.9}[move[1]], "")

    # White to move: 0.6 before; D4 leaves White 0.65 (a gain), a pass 0.1, resigning 0.
    assert [round(value, 6) for value in loss_of(FixedJudge(), chosen[0], "D4")] == [-0.05, 1]
    assert round(loss_of(FixedJudge(), chosen[0], "PASS")[0], 6) == 0.5
    assert loss_of(FixedJudge(), chosen[0], "RESIGN") == (0.6, False)
    # By the lead: White leads by 2 before D4 and by 4.5 after it, a gain of 2.5 points.
    assert loss_of(FixedJudge(), chosen[0], "D4", lead=True) == (-2.5, True)
    assert loss_of(FixedJudge(), chosen[0], "RESIGN", lead=True) == (83.0, False)
    lines = summary_lines({"a": {"p": (0.2, False), "q": (0.0, True)},
                           "b": {"p": (0.0, True), "q": (0.0, True)}}, 0.15)
    assert lines[0] == ("a: 2 positions, mean loss 0.1000, 1 over 0.15 (50.0 %), "
                        "the judge's choice in 1 (50.0 %)"), lines
    assert lines[2] == ("a − b: +0.1000 ± 0.1000 (standard error) over 2 positions, "
                        "1 with different losses"), lines
    print("position_losses self-test: ok")


def read_answers(path):
    """The answers kept in `path`: player name -> position key -> move."""
    answers = {}
    if path and os.path.exists(path):
        with open(path) as handle:
            for line in handle:
                entry = json.loads(line)
                answers.setdefault(entry["player"], {}).setdefault(entry["key"], entry["move"])
    return answers


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="SGF files or directories")
    parser.add_argument("--player", action="append", default=[], metavar="NAME=COMMAND",
                        help="a GTP engine to ask for moves (repeat for each player)")
    parser.add_argument("--judge", help="the analysis engine's command (KataGo's `analysis`)")
    parser.add_argument("--visits", type=int, default=0,
                        help="visits a position (the judge's own setting when 0)")
    parser.add_argument("--first", type=int, default=11, help="first move number (default 11)")
    parser.add_argument("--last", type=int, default=40, help="last move number (default 40)")
    parser.add_argument("--every", type=int, default=2, help="every n-th move (default 2)")
    parser.add_argument("--lowest", type=float, default=0.1,
                        help="leave out positions the mover wins less often than this, or "
                        "more often than one minus this (default 0.1)")
    parser.add_argument("--big", type=float, default=0.15, help="a loss over this is a big one")
    parser.add_argument("--cache", help="the judge's JSON-lines cache, added to as it goes")
    parser.add_argument("--answers", help="the players' JSON-lines answers, added to as they go")
    parser.add_argument("--lead", action="store_true",
                        help="measure the judge's score lead in points in place of the win "
                        "rate (early in a 19×19 game the win rate barely moves)")
    parser.add_argument("--self-test", action="store_true", help="check the counting and exit")
    arguments = parser.parse_args()
    if arguments.self_test:
        self_test()
        return 0
    judge = Judge(arguments.judge, arguments.visits, arguments.cache)
    answers = read_answers(arguments.answers)
    record = open(arguments.answers, "a") if arguments.answers else None
    players = []
    for text in arguments.player:
        name, _, command = text.partition("=")
        if not command:
            parser.error(f"--player wants NAME=COMMAND, not {text!r}")
        players.append(Player(name, command, answers.setdefault(name, {}), record))
    positions = []
    for path in sgf_files(arguments.paths):
        with open(path, encoding="utf-8", errors="replace") as handle:
            game = read_game(handle.read())
        positions += positions_of(game, arguments.first, arguments.last, arguments.every)
    losses = {player.name: {} for player in players}
    kept = 0
    for position in positions:
        rate = mover_rate(judge.judge(position)[0], to_move(position))
        if not arguments.lowest <= rate <= 1 - arguments.lowest:
            continue
        kept += 1
        for player in players:
            losses[player.name][key_of(position)] = loss_of(
                judge, position, player.move(position), arguments.lead)
    print(f"positions: {len(positions)}, undecided by the judge: {kept}")
    print("\n".join(summary_lines(losses, arguments.big)))
    for player in players:
        player.close()
    judge.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
