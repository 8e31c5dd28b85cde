#!/usr/bin/env python3
"""Kosumi's speed figures, side by side with libego and GNU Go (issue: "Speed").

Measures, on this machine, one thread each:
  1. light playouts per second on 9x9 and 19x19: `kosumi bench` against libego's own
     `benchmark` command (both divide by CPU time), alternating runs, best of --rounds;
  2. GTP throughput: 20 complete random 19x19 games (about 450 `play` each, then
     `final_score`) replayed through `kosumi` and through `gnugo --mode gtp`;
  3. `genmove` time on 19x19: Kosumi's random player against GNU Go level 0;
  4. start-up to the first reply, and peak memory (RSS) during a 19x19 game.

libego is not part of Kosumi: build it yourself from its public repository (board size is a
compile-time constant, so build one binary per size) and pass the binaries with --libego9 and
--libego19; without them the libego columns are skipped.

Usage: scripts/speed.py [--kosumi target/release/kosumi] [--gnugo /usr/games/gnugo]
                        [--libego9 PATH] [--libego19 PATH] [--rounds 3]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

from gnugo_agreement import Gtp


def kosumi_bench(kosumi, size, playouts):
    output = subprocess.run(
        [kosumi, "bench", "--size", str(size), "--playouts", str(playouts), "--seed", "1"],
        check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"^(\d+) playouts/s", output, re.M).group(1))
    moves = float(re.search(r"^([\d.]+) moves per playout", output, re.M).group(1))
    return rate, moves


def libego_bench(libego, playouts):
    result = subprocess.run([libego, "benchmark %d" % playouts, "quit"],
                            check=True, capture_output=True, text=True)
    text = result.stdout + result.stderr
    rate = float(re.search(r"([\d.]+) kpps\n", text).group(1)) * 1000
    moves = float(re.search(r"AVG moves/playout = ([\d.]+)", text).group(1))
    return rate, moves


def random_games(kosumi, count, size):
    """`count` complete random games from Kosumi's own player, as lists of GTP moves."""
    games = []
    for seed in range(1, count + 1):
        engine = Gtp([kosumi, "--seed", str(seed), "--rules", "chinese"])
        engine.send("boardsize %d" % size)
        engine.send("clear_board")
        moves, passes, color = [], 0, "b"
        while passes < 2 and len(moves) < 3 * size * size:
            vertex = engine.send("genmove " + color)
            moves.append((color, vertex))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            color = "w" if color == "b" else "b"
        engine.close()
        games.append(moves)
    return games


def replay_script(games, size):
    lines = []
    for moves in games:
        lines += ["boardsize %d" % size, "clear_board", "komi 7.5"]
        lines += ["play %s %s" % move for move in moves]
        lines.append("final_score")
    lines.append("quit")
    return "\n".join(lines) + "\n"


def time_script(command, script):
    start = time.perf_counter()
    result = subprocess.run(command, input=script, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0 or "\n?" in "\n" + result.stdout:
        raise RuntimeError("%s failed on the replay script" % command[0])
    return elapsed


def genmove_seconds(command, size, count):
    engine = Gtp(command)
    engine.send("boardsize %d" % size)
    engine.send("clear_board")
    times = []
    color = "b"
    for _ in range(count):
        start = time.perf_counter()
        engine.send("genmove " + color)
        times.append(time.perf_counter() - start)
        color = "w" if color == "b" else "b"
    engine.close()
    return statistics.median(times)


def startup_seconds(kosumi, runs=21):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen([kosumi], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        process.stdin.write("protocol_version\n")
        process.stdin.flush()
        process.stdout.readline()
        times.append(time.perf_counter() - start)
        process.stdin.write("quit\n")
        process.stdin.flush()
        process.wait()
    return statistics.median(times)


def peak_rss_kib(kosumi, game, size):
    """VmHWM (peak resident memory) of a Kosumi process that has just played `game` and
    scored it, read from /proc before the process quits."""
    engine = Gtp([kosumi])
    engine.send("boardsize %d" % size)
    engine.send("clear_board")
    for color, vertex in game:
        engine.send("play %s %s" % (color, vertex))
    engine.send("final_score")
    with open("/proc/%d/status" % engine.process.pid) as status:
        peak = int(re.search(r"VmHWM:\s+(\d+) kB", status.read()).group(1))
    engine.close()
    return peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kosumi", default="target/release/kosumi")
    parser.add_argument("--gnugo", default=shutil.which("gnugo") or "/usr/games/gnugo")
    parser.add_argument("--libego9")
    parser.add_argument("--libego19")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    arguments = parser.parse_args()
    kosumi = os.path.abspath(arguments.kosumi)

    print("## Light playouts, one thread (best of %d alternating rounds)" % arguments.rounds)
    print("| board | Kosumi playouts/s | moves/playout | libego playouts/s | moves/playout | ratio |")
    print("|---|---|---|---|---|---|")
    for size, libego, playouts in ((9, arguments.libego9, 200000),
                                   (19, arguments.libego19, 40000)):
        ours, theirs = [], []
        for _ in range(arguments.rounds):
            ours.append(kosumi_bench(kosumi, size, playouts))
            if libego:
                theirs.append(libego_bench(libego, playouts))
        best = max(ours)
        if theirs:
            best_libego = max(theirs)
            print("| %dx%d | %.0f | %.1f | %.0f | %.1f | %.2f |" % (
                size, size, best[0], best[1], best_libego[0], best_libego[1],
                best[0] / best_libego[0]))
        else:
            print("| %dx%d | %.0f | %.1f | (not given) | | |" % (size, size, best[0], best[1]))

    print()
    print("## GTP throughput: %d random 19x19 games replayed, then final_score" % arguments.games)
    games = random_games(kosumi, arguments.games, 19)
    script = replay_script(games, 19)
    plays = sum(len(moves) for moves in games)
    ours = min(time_script([kosumi], script) for _ in range(arguments.rounds))
    theirs = time_script([arguments.gnugo, "--mode", "gtp", "--chinese-rules"], script)
    print("| engine | seconds | plays |")
    print("|---|---|---|")
    print("| Kosumi | %.3f | %d |" % (ours, plays))
    print("| GNU Go 3.8 | %.3f | %d |" % (theirs, plays))
    print("Kosumi is %.0fx faster" % (theirs / ours))

    print()
    print("## genmove on an empty 19x19 board (median of 20)")
    ours = genmove_seconds([kosumi], 19, 20)
    theirs = genmove_seconds([arguments.gnugo, "--mode", "gtp", "--level", "0"], 19, 20)
    print("Kosumi %.3f ms, GNU Go level 0 %.1f ms: %.3f%%" % (
        ours * 1000, theirs * 1000, 100 * ours / theirs))

    print()
    print("## Start-up and memory")
    print("start-up to the first reply: %.1f ms (median of 21)" % (startup_seconds(kosumi) * 1000))
    peak = max(peak_rss_kib(kosumi, game, 19) for game in games)
    print("peak RSS over a whole 19x19 game: %.1f MB" % (peak / 1024))


if __name__ == "__main__":
    main()
