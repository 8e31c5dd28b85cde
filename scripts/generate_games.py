#!/usr/bin/env python3
"""Generates training games for Kosumi's move model by self-play of another GTP engine.

Two sources, both run on this machine (their output is ours to use):

- `--engine katago`: KataGo (MIT licence) with a small test network. One `katago gtp` process
  plays both sides. Each move, `kata-raw-nn 0` gives the network's policy (no search), and the
  move is sampled from it: at temperature `--opening-temperature` (default 1) for the first
  `--opening-moves` moves, at `--temperature` (default 0.4) after, so games are varied but
  the moves stay the network's choices. A game ends after two passes in a row or at 2 × size²
  moves.
- `--engine gnugo`: GNU Go 3.8 at `--level` (default 1) plays both sides with `genmove`,
  after a random opening of 0 to `--random-moves` moves (default 4) away from the edge, with
  a different `--seed` per game.

Every game is written as SGF (`GM[1]FF[4]SZ KM RU PB PW`, then `;B[..]`/`;W[..]` moves, `tt`
for a pass) to `--out DIR/<engine>-<size>-<number>.sgf`; games already there are kept, so the
same command resumes. Standard library only.

Usage (from the repository root):

    nice -n 10 python3 scripts/generate_games.py --engine katago --size 9 --games 400 \\
        --out target/training/katago9 --katago /root/peers/katago/katago \\
        --model /root/peers/katago/model.bin.gz --config /root/peers/katago/gtp.cfg
    nice -n 10 python3 scripts/generate_games.py --engine gnugo --size 9 --games 200 \\
        --out target/training/gnugo9
"""

import argparse
import math
import os
import random
import subprocess
import sys
import time

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    """One GTP engine process: send a command, read its reply."""

    def __init__(self, command, cwd=None):
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine died after {command!r}")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        reply = "\n".join(lines)
        if reply.startswith("?"):
            raise RuntimeError(f"{command!r} failed: {reply}")
        return reply[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.process.wait(timeout=10)


def vertex(x, y):
    """GTP vertex of 0-based (x, y), y counted from the bottom."""
    return f"{COLUMNS[x]}{y + 1}"


def sgf_point(move, size):
    """SGF coordinates of a GTP vertex (or `tt` for a pass)."""
    if move.lower() == "pass":
        return "tt"
    x = COLUMNS.index(move[0].upper())
    y = int(move[1:]) - 1
    return chr(ord("a") + x) + chr(ord("a") + size - 1 - y)


def write_sgf(path, size, komi, moves, black, white, comment):
    nodes = []
    for number, move in enumerate(moves):
        colour = "B" if number % 2 == 0 else "W"
        nodes.append(f";{colour}[{sgf_point(move, size)}]")
    header = (
        f"(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[{komi}]RU[Chinese]"
        f"PB[{black}]PW[{white}]GC[{comment}]"
    )
    temporary = path + ".part"
    with open(temporary, "w") as file:
        file.write(header + "".join(nodes) + ")\n")
    os.replace(temporary, path)


def parse_policy(reply, size):
    """The policy of a `kata-raw-nn` reply: {vertex: probability}, pass included."""
    lines = reply.split("\n")
    policy = {}
    index = lines.index("policy")
    for row in range(size):
        values = lines[index + 1 + row].split()
        y = size - 1 - row
        for x, value in enumerate(values):
            if value.lower() != "nan":
                probability = float(value)
                if probability > 0:
                    policy[vertex(x, y)] = probability
    for line in lines:
        if line.startswith("policyPass"):
            probability = float(line.split()[1])
            if probability > 0:
                policy["pass"] = probability
    return policy


def sample(policy, temperature, generator):
    """A move drawn from `policy` sharpened by `temperature`."""
    moves = list(policy)
    logs = [math.log(policy[move]) / temperature for move in moves]
    top = max(logs)
    weights = [math.exp(value - top) for value in logs]
    return generator.choices(moves, weights)[0]


def katago_game(engine, size, komi, arguments, generator):
    engine.ask(f"boardsize {size}")
    engine.ask("clear_board")
    engine.ask("kata-set-rules chinese")
    engine.ask(f"komi {komi}")
    moves = []
    colour = "B"
    while len(moves) < 2 * size * size:
        policy = parse_policy(engine.ask("kata-raw-nn 0"), size)
        early = len(moves) < arguments.opening_moves
        temperature = arguments.opening_temperature if early else arguments.temperature
        if early and len(policy) > 1:
            policy.pop("pass", None)
        move = sample(policy, temperature, generator)
        engine.ask(f"play {colour} {move}")
        moves.append(move)
        if len(moves) >= 2 and moves[-1] == "pass" and moves[-2] == "pass":
            break
        colour = "W" if colour == "B" else "B"
    return moves


def gnugo_game(engine, size, komi, arguments, generator):
    engine.ask(f"boardsize {size}")
    engine.ask("clear_board")
    engine.ask(f"komi {komi}")
    moves = []
    colour = "B"
    margin = 2 if size >= 9 else 1
    for _ in range(generator.randint(0, arguments.random_moves)):
        while True:
            x = generator.randint(margin, size - 1 - margin)
            y = generator.randint(margin, size - 1 - margin)
            move = vertex(x, y)
            if engine.ask(f"is_legal {colour} {move}") == "1":
                break
        engine.ask(f"play {colour} {move}")
        moves.append(move)
        colour = "W" if colour == "B" else "B"
    while len(moves) < 2 * size * size:
        move = engine.ask(f"genmove {colour}")
        if move.lower() == "resign":
            break
        moves.append(move)
        if len(moves) >= 2 and moves[-1].lower() == "pass" and moves[-2].lower() == "pass":
            break
        colour = "W" if colour == "B" else "B"
    return moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", choices=["katago", "gnugo"], required=True)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=None, help="default 7 on 9x9, else 7.5")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--first-game", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1, help="the random openings' seed")
    parser.add_argument("--katago", default="/root/peers/katago/katago")
    parser.add_argument("--model", default="/root/peers/katago/model.bin.gz")
    parser.add_argument("--config", default="/root/peers/katago/gtp.cfg")
    parser.add_argument("--opening-moves", type=int, default=8)
    parser.add_argument("--opening-temperature", type=float, default=1.0)
    parser.add_argument("--temperature", type=float, default=0.4)
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--random-moves", type=int, default=4)
    arguments = parser.parse_args()
    komi = arguments.komi if arguments.komi is not None else (7 if arguments.size <= 9 else 7.5)
    os.makedirs(arguments.out, exist_ok=True)
    katago = None
    if arguments.engine == "katago":
        # KataGo writes its logs beside the games.
        katago = Gtp([arguments.katago, "gtp", "-model", os.path.abspath(arguments.model),
                      "-config", os.path.abspath(arguments.config)], cwd=arguments.out)
    started = time.time()
    played = 0
    for number in range(arguments.first_game, arguments.first_game + arguments.games):
        path = os.path.join(arguments.out, f"{arguments.engine}-{arguments.size}-{number:05}.sgf")
        if os.path.exists(path):
            continue
        generator = random.Random(arguments.seed * 1_000_003 + number)
        if katago is not None:
            moves = katago_game(katago, arguments.size, komi, arguments, generator)
            name = "KataGo policy"
            comment = (f"kata-raw-nn policy sampled, temperature {arguments.opening_temperature}"
                       f" for {arguments.opening_moves} moves then {arguments.temperature}")
        else:
            gnugo = Gtp([arguments.gnugo, "--mode", "gtp", "--chinese-rules",
                         "--level", str(arguments.level), "--seed", str(number)])
            try:
                moves = gnugo_game(gnugo, arguments.size, komi, arguments, generator)
            finally:
                gnugo.close()
            name = f"GNU Go level {arguments.level}"
            comment = f"random opening, then GNU Go genmove, seed {number}"
        write_sgf(path, arguments.size, komi, moves, name, name, comment)
        played += 1
        elapsed = time.time() - started
        print(f"game {number}: {len(moves)} moves, {elapsed:.0f} s, "
              f"{elapsed / played:.1f} s a game", file=sys.stderr, flush=True)
    if katago is not None:
        katago.close()


if __name__ == "__main__":
    main()
