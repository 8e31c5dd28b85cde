#!/usr/bin/env python3
"""Measures how often Kosumi's end-of-game judgement agrees with GNU Go's.

GNU Go plays itself (`gnugo --mode gtp --chinese-rules --never-resign`, a different `--seed`
per game) until two passes in a row, on every size asked for. At low levels different seeds
sometimes give the very same game; such repeats are skipped, so every game counted is distinct. Each final position is replayed
into Kosumi with `play` under `kata-set-rules chinese`, and both engines are asked for
`final_score` and `final_status_list dead`. A game agrees on the score when both margins are
equal, and on the dead stones when both list the same set of vertices.

Usage (from the repository root, after `cargo build --release`):

    python3 scripts/gnugo_agreement.py --size 9 --size 13 --games 25 --level 1

Options:
    --size N          a board size to play on (repeatable; default 9 and 13)
    --games N         games per size (default 25)
    --level N         GNU Go's --level for the self-play games (default 1)
    --first-seed N    the seed of the first game of each size; game i uses first-seed + i
    --kosumi PATH     the Kosumi binary (default target/release/kosumi)
    --gnugo PATH      the GNU Go binary (default: gnugo on PATH, else /usr/games/gnugo)
    --record FILE     also write every game (size, seed, moves, GNU Go's answers) as JSON lines
    --replay FILE     compare the games of FILE (written by --record) instead of playing new
                      ones; GNU Go is not needed then
    --fixtures DIR    write each of the first --fixture-count games of each size that agree
                      and have dead stones as a gtp-script DIR/gnugo-SIZExSIZE-seedSEED.tst
                      that replays the game and checks Kosumi's final_score and
                      final_status_list dead
    --fixture-count N (default 4)

Prints one line per game and a summary; exits 0 when at least 90 % of the games agree on the
score, 1 otherwise.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys


class Gtp:
    """A GTP engine on pipes: one command in, one reply out."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send(self, line):
        """Sends one command; returns its result text, or raises on a `?` reply."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            reply = self.process.stdout.readline()
            if reply == "":
                raise RuntimeError(f"engine died after {line!r}")
            reply = reply.rstrip("\n")
            if reply == "" and lines:
                break
            if reply == "" and not lines:
                continue
            lines.append(reply)
        first = lines[0]
        status, _, text = first.partition(" ")
        if status.startswith("?"):
            raise RuntimeError(f"{line!r} failed: {text}")
        return "\n".join([text] + lines[1:]).strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.process.wait(timeout=10)


def margin(result):
    """The signed margin of a final_score text: positive for Black."""
    result = result.strip().upper()
    if result.startswith("B+"):
        return float(result[2:])
    if result.startswith("W+"):
        return -float(result[2:])
    if result.startswith("0"):
        return 0.0
    raise ValueError(f"not a score: {result!r}")


def vertices(text):
    """The set of vertices in a final_status_list text."""
    return set(text.upper().split())


def self_play(gnugo, size, seed, level, komi):
    """One GNU Go self-play game to two passes: its moves and GNU Go's own verdict."""
    engine = Gtp([gnugo, "--mode", "gtp", "--chinese-rules", "--never-resign",
                  "--seed", str(seed), "--level", str(level)])
    try:
        engine.send(f"boardsize {size}")
        engine.send(f"komi {komi}")
        engine.send("clear_board")
        moves = []
        passes = 0
        color = "B"
        while passes < 2 and len(moves) < 4 * size * size:
            vertex = engine.send(f"genmove {color}").upper()
            if vertex == "RESIGN":
                return None
            moves.append(f"{color} {vertex}")
            passes = passes + 1 if vertex == "PASS" else 0
            color = "W" if color == "B" else "B"
        return {
            "size": size,
            "seed": seed,
            "level": level,
            "komi": komi,
            "moves": moves,
            "gnugo_score": engine.send("final_score"),
            "gnugo_dead": engine.send("final_status_list dead"),
        }
    finally:
        engine.close()


def kosumi_verdict(kosumi, game):
    """Kosumi's final_score and final_status_list dead on the game's final position."""
    engine = Gtp([kosumi, "--seed", "1"])
    try:
        engine.send(f"boardsize {game['size']}")
        engine.send(f"komi {game['komi']}")
        engine.send("kata-set-rules chinese")
        engine.send("clear_board")
        for move in game["moves"]:
            engine.send(f"play {move}")
        return engine.send("final_score"), engine.send("final_status_list dead")
    finally:
        engine.close()


def write_fixture(directory, game, score, dead):
    """A gtp-script that replays the game and checks Kosumi's verdict (GNU Go's too)."""
    size = game["size"]
    name = f"gnugo-{size}x{size}-seed{game['seed']}.tst"
    pattern = dead.replace("\n", "\\n")
    lines = [
        f"# A GNU Go 3.8 self-play game on {size}x{size} (gnugo --mode gtp --chinese-rules",
        f"# --never-resign --seed {game['seed']} --level {game['level']}), komi {game['komi']},",
        "# written by scripts/gnugo_agreement.py. GNU Go scored the final position",
        f"# {game['gnugo_score']} with the dead stones: {' '.join(sorted(vertices(game['gnugo_dead']))) or 'none'}.",
        "# Kosumi must agree, under the chinese rules.",
        f"boardsize {size}",
        f"komi {game['komi']}",
        "kata-set-rules chinese",
        "clear_board",
    ]
    lines += [f"play {move}" for move in game["moves"]]
    lines += [
        "1 final_score",
        f"#? [{score.replace('+', '[+]').replace('.', '[.]')}]",
        "2 final_status_list dead",
        f"#? [{pattern}]",
        "",
    ]
    path = os.path.join(directory, name)
    with open(path, "w") as file:
        file.write("\n".join(lines))
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, action="append")
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--komi", type=float, default=7.5)
    parser.add_argument("--kosumi", default="target/release/kosumi")
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    parser.add_argument("--record")
    parser.add_argument("--replay")
    parser.add_argument("--fixtures")
    parser.add_argument("--fixture-count", type=int, default=4)
    arguments = parser.parse_args()

    if arguments.replay:
        games, seen = [], set()
        with open(arguments.replay) as file:
            for line in file:
                if line.strip():
                    game = json.loads(line)
                    key = (game["size"], tuple(game["moves"]))
                    if key not in seen:
                        seen.add(key)
                        games.append(game)
    else:
        games = None
    record = open(arguments.record, "w") if arguments.record else None

    def generate():
        seen = set()
        for size in arguments.size or [9, 13]:
            seed = arguments.first_seed
            played = 0
            while played < arguments.games:
                game = self_play(arguments.gnugo, size, seed, arguments.level, arguments.komi)
                seed += 1
                if game is None:
                    continue
                if (size, tuple(game["moves"])) in seen:
                    print(f"{size}x{size} seed {game['seed']:4}: the same game as an earlier seed, "
                          "skipped", flush=True)
                    continue
                seen.add((size, tuple(game["moves"])))
                played += 1
                if record:
                    record.write(json.dumps(game) + "\n")
                    record.flush()
                yield game

    total = same_score = same_dead = 0
    fixtures = {}
    for game in games if games is not None else generate():
        score, dead = kosumi_verdict(arguments.kosumi, game)
        score_agrees = margin(score) == margin(game["gnugo_score"])
        dead_agrees = vertices(dead) == vertices(game["gnugo_dead"])
        total += 1
        same_score += score_agrees
        same_dead += dead_agrees
        print(
            f"{game['size']}x{game['size']} seed {game['seed']:4} moves {len(game['moves']):3}: "
            f"GNU Go {game['gnugo_score']:>7} Kosumi {score:>7} "
            f"{'same score' if score_agrees else 'DIFFERENT SCORE'}, "
            f"{'same dead' if dead_agrees else 'different dead'}"
            + ("" if dead_agrees else
               f" (GNU Go only: {' '.join(sorted(vertices(game['gnugo_dead']) - vertices(dead)))};"
               f" Kosumi only: {' '.join(sorted(vertices(dead) - vertices(game['gnugo_dead'])))})"),
            flush=True,
        )
        size = game["size"]
        if (arguments.fixtures and score_agrees and dead_agrees and dead.strip()
                and fixtures.get(size, 0) < arguments.fixture_count):
            fixtures[size] = fixtures.get(size, 0) + 1
            print(f"  fixture {write_fixture(arguments.fixtures, game, score, dead)}")
    if record:
        record.close()
    if total == 0:
        print("no games")
        return 1
    print(
        f"{total} games: the same score in {same_score} ({100 * same_score / total:.0f} %), "
        f"the same dead stones in {same_dead} ({100 * same_dead / total:.0f} %)"
    )
    return 0 if same_score * 10 >= total * 9 else 1


if __name__ == "__main__":
    sys.exit(main())
