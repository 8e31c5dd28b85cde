#!/usr/bin/env python3
"""Plays a match between Kosumi and an opponent over GTP and measures Kosumi's strength.

Each game starts fresh engine processes (the two players, then a referee). Kosumi plays Black in
odd games and White in even ones. The game ends after two passes in a row, a resignation, the
move limit, or an error. The referee then replays the whole game: a new
`gnugo --mode gtp --chinese-rules` (area counting; with `--rules japanese`, GNU Go's default
territory counting, `gnugo --mode gtp`), `boardsize`, `clear_board`, `komi`, `fixed_handicap`
when there is a handicap, and one `play` per move, and gives its `final_score`. That score
decides every game that ends by passes or by the move limit. A resignation gives the win to
the other side; the referee's score is still recorded (`-` if the referee fails to give one).
An error game is not scored; it is recorded as an error and never counted as a win or a loss.
Errors are: an engine that fails a command, dies, sends text that is not GTP, stays silent
longer than --timeout, or plays an illegal or malformed move (one that the other engine or the
referee refuses).

Usage (from the repository root, after `cargo build --release`):

    python3 scripts/match.py --games 100 --parallel 2 --size 9 --komi 7.5 \\
        --kosumi 'target/release/kosumi --seed {seed} --rules chinese' \\
        --opponent '/usr/games/gnugo --mode gtp --level 10 --seed {seed}' \\
        --results match-l10.tsv

    python3 scripts/match.py --games 100 --size 9 --komi 6.5 --rules japanese \\
        --kosumi 'target/release/kosumi --seed {seed} --rules japanese' \\
        --opponent '/usr/games/gnugo --mode gtp --level 10 --seed {seed}' \\
        --results match-japanese.tsv                    # territory counting, GNU Go referee

    python3 scripts/match.py --summary match-l10.tsv     # the summary again, from the file alone
    python3 scripts/match.py --self-test                 # checks the interval and the parsers

With `--handicap N` every engine and the referee get `fixed_handicap N` after `komi`, Black's
stones stand where they say (they must agree), and White moves first.

`{seed}` in either command line becomes the game's seed: game i (counted from 1) has seed
--first-seed + i - 1, so every game differs and can be replayed exactly. Time per move is set
with the engines' own flags. Command lines are split like a shell would split them, but no
shell runs them.

The results file is TSV: a `#` line with the match settings (JSON), a header line, then one line
per game: game, seed, kosumi_colour (B or W), winner (B, W, draw or error), score (the referee's
final_score, `-` when there is none), moves, reason (passes, resign, move-limit, or
`error: ...`), seconds, and each side's mean seconds per `genmove` answer (kosumi_move_seconds,
opponent_move_seconds; `-` for a side that answered none). Lines are written as games finish,
so they may be out of order. Run the same command again to resume: games already in the file
are skipped (error games too), and the settings must be the same. Each game is also written as SGF to --sgf-dir; for an error game
the engines' stderr is kept beside it (`game-NNNN.ROLE.stderr`, ROLE kosumi, opponent or
referee), and for every game with --keep-stderr: Kosumi's search log, with `RUST_LOG=debug` in
the environment, gives each move's playouts, seconds and win rate.

The summary gives the games played, Kosumi's wins, its win rate over the games without errors
(a draw counts half) with the 95 % Wilson score interval, its wins as Black and as White, the
errors, the ways the games ended, the average seconds per game and each side's seconds per
move (the mean over the games of each game's mean).
"""

import argparse
import concurrent.futures
import datetime
import json
import math
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

COLUMNS = ["game", "seed", "kosumi_colour", "winner", "score", "moves", "reason", "seconds",
           "kosumi_move_seconds", "opponent_move_seconds"]
# Results files written before the two per-move columns existed have only the first eight.
TIMED_COLUMNS = 2
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I
Z_95 = 1.959963984540054  # the standard normal quantile for a two-sided 95 % interval
# The referee each counting gets by default, and the SGF RU value it is recorded with.
REFEREES = {"chinese": "/usr/games/gnugo --mode gtp --chinese-rules",
            "japanese": "/usr/games/gnugo --mode gtp"}
SGF_RULES = {"chinese": "Chinese", "japanese": "Japanese"}


class EngineError(Exception):
    """An engine failed: a `?` reply, death, garbage on stdout or a reply that never came."""


class Engine:
    """A GTP engine on pipes. `send` writes one command and reads its reply up to the empty
    line, waiting at most `timeout` seconds; `close` ends the process whatever state it is in."""

    def __init__(self, role, argv, timeout, stderr_file):
        self.role = role
        self.timeout = timeout
        self.buffer = b""
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr_file,
                start_new_session=True,  # Ctrl-C reaches this script only; it ends the engines
            )
        except OSError as error:
            raise EngineError(f"{role} did not start: {error}") from error

    def send(self, command):
        """The reply's text (without `= `) to `command`; raises EngineError on any failure."""
        try:
            self.process.stdin.write(command.encode() + b"\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise EngineError(f"{self.role} is gone ({command!r}: {error})") from error
        deadline = time.monotonic() + self.timeout
        lines = []
        while True:
            line = self.read_line(deadline, command)
            if not lines:
                if line.strip() == "":
                    continue  # blank lines before a reply are tolerated
                if line[0] not in "=?":
                    raise EngineError(f"{self.role} wrote {line[:60]!r}, not GTP ({command!r})")
            elif line.strip() == "":
                break
            lines.append(line)
        match = re.match(r"([=?])\d*\s?(.*)", lines[0])
        status, text = match.group(1), "\n".join([match.group(2)] + lines[1:]).strip()
        if status == "?":
            raise EngineError(f"{self.role} refused {command!r}: {text}")
        return text

    def read_line(self, deadline, command):
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise EngineError(f"{self.role} gave no reply to {command!r} in {self.timeout:g} s")
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise EngineError(f"{self.role} closed its output after {command!r}")
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace").replace("\r", "").replace("\t", " ")

    def close(self):
        """Asks the engine to quit, then kills it if it is still there after 5 seconds."""
        if self.process.poll() is None:
            try:
                self.process.stdin.write(b"quit\n")
                self.process.stdin.flush()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()

    def kill(self):
        """Kills the engine's process group, unless the engine has exited and been reaped (its
        number could then belong to another process)."""
        if self.process.returncode is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


def parse_move(text, size):
    """A genmove reply as `pass`, `resign` or an upper-case vertex such as `D4`; any case is
    accepted. Raises ValueError for anything else, or a vertex off a board of `size`."""
    word = text.strip().upper()
    if word in ("PASS", "RESIGN"):
        return word.lower()
    match = re.fullmatch(r"([A-HJ-Z])([0-9]{1,2})", word)
    if not match:
        raise ValueError(f"not a move: {text!r}")
    column, row = LETTERS.index(match.group(1)), int(match.group(2))
    if column >= size or not 1 <= row <= size:
        raise ValueError(f"off the {size}x{size} board: {text!r}")
    return word


def parse_score(text):
    """A final_score reply as (winner, margin): ('B', 3.5) for `B+3.5`, ('W', 12.0) for
    `w+12`, ('draw', 0.0) for `0`. Raises ValueError for anything else."""
    word = text.strip().upper()
    if re.fullmatch(r"0(\.0*)?", word):
        return "draw", 0.0
    match = re.fullmatch(r"([BW])\+([0-9]+(\.[0-9]*)?)", word)
    if not match:
        raise ValueError(f"not a score: {text!r}")
    return match.group(1), float(match.group(2))


def wilson_interval(wins, games, z=Z_95):
    """The Wilson score interval (low, high) for a proportion of `wins` out of `games`."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def sgf_point(vertex, size):
    """`D4` on 9x9 as SGF `df`: SGF counts columns from the left and rows from the top."""
    column, row = LETTERS.index(vertex[0]), int(vertex[1:])
    return "abcdefghijklmnopqrstuvwxy"[column] + "abcdefghijklmnopqrstuvwxy"[size - row]


def sgf_text(value):
    return value.replace("\\", "\\\\").replace("]", "\\]")


def write_sgf(path, settings, game, names):
    if game["winner"] == "error":
        result = "Void"
    elif game["reason"] == "resign":
        result = f"{game['winner']}+R"
    elif game["winner"] == "draw":
        result = "0"
    else:
        result = game["score"]
    kosumi = game["kosumi_colour"]
    black = names["kosumi"] if kosumi == "B" else names["opponent"]
    white = names["opponent"] if kosumi == "B" else names["kosumi"]
    comment = (f"game {game['game']}, seed {game['seed']}, ended by {game['reason']}; "
               f"referee final_score {game['score']}\nkosumi: {game['kosumi_command']}\n"
               f"opponent: {game['opponent_command']}\nreferee: {settings['referee']}")
    rules = SGF_RULES[settings.get("rules", "chinese")]
    handicap = ""
    if game["handicap_stones"]:
        stones = "".join(f"[{sgf_point(stone, settings['size'])}]"
                         for stone in game["handicap_stones"])
        handicap = f"HA[{len(game['handicap_stones'])}]AB{stones}"
    nodes = [f"(;GM[1]FF[4]CA[UTF-8]AP[kosumi scripts/match.py]SZ[{settings['size']}]"
             f"KM[{settings['komi']:g}]RU[{rules}]{handicap}"
             f"DT[{datetime.date.today().isoformat()}]"
             f"PB[{sgf_text(black)}]PW[{sgf_text(white)}]RE[{result}]C[{sgf_text(comment)}]"]
    for colour, vertex in game["move_list"]:
        point = "" if vertex == "pass" else sgf_point(vertex, settings["size"])
        nodes.append(f";{colour}[{point}]")
    with open(path, "w") as file:
        file.write("\n".join(nodes) + ")\n")


def engine_name(engine, fallback):
    try:
        return f"{engine.send('name')} {engine.send('version')}".strip()
    except EngineError:
        return fallback


class Match:
    def __init__(self, settings, timeout, sgf_directory, keep_stderr=False):
        self.settings = settings
        self.timeout = timeout
        self.sgf_directory = sgf_directory
        self.keep_stderr = keep_stderr
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.live = set()

    def start(self, role, command, seed, stderr_file):
        argv = [word.replace("{seed}", str(seed)) for word in shlex.split(command)]
        engine = Engine(role, argv, self.timeout, stderr_file)
        with self.lock:
            self.live.add(engine)
        if self.stopping.is_set():
            engine.kill()
        return engine

    def finish(self, engine):
        engine.close()
        with self.lock:
            self.live.discard(engine)

    def stop(self):
        """Ends every engine still running (on Ctrl-C); their games are not recorded."""
        self.stopping.set()
        with self.lock:
            engines = list(self.live)
        for engine in engines:
            engine.kill()

    def play(self, number):
        """Plays game `number` and returns its record, or None when the match is stopping."""
        settings = self.settings
        size, komi = settings["size"], settings["komi"]
        handicap = settings.get("handicap", 0)
        seed = settings["first_seed"] + number - 1
        kosumi_colour = "B" if number % 2 == 1 else "W"
        game = {"game": number, "seed": seed, "kosumi_colour": kosumi_colour,
                "kosumi_command": settings["kosumi"].replace("{seed}", str(seed)),
                "opponent_command": settings["opponent"].replace("{seed}", str(seed)),
                "move_list": [], "handicap_stones": [], "score": "-", "winner": "error"}
        thinking = {"kosumi": [0.0, 0], "opponent": [0.0, 0]}
        started = time.monotonic()
        stderr_files = {role: tempfile.TemporaryFile()
                        for role in ("kosumi", "opponent", "referee")}
        engines = {}
        names = {"kosumi": "Kosumi", "opponent": "opponent"}
        error, resigned, reason, scored_winner = None, None, "move-limit", None
        try:
            try:
                for role in ("kosumi", "opponent"):
                    engines[role] = self.start(role, settings[role], seed, stderr_files[role])
                for role, engine in engines.items():
                    names[role] = engine_name(engine, role)
                    engine.send(f"boardsize {size}")
                    engine.send("clear_board")
                    engine.send(f"komi {komi:g}")
                    if handicap:
                        stones = sorted(engine.send(f"fixed_handicap {handicap}").upper().split())
                        if game["handicap_stones"] and stones != game["handicap_stones"]:
                            raise EngineError(f"{role}: fixed_handicap {handicap} placed "
                                              f"{stones}, not {game['handicap_stones']}")
                        game["handicap_stones"] = stones
                by_colour = {kosumi_colour: engines["kosumi"],
                             "W" if kosumi_colour == "B" else "B": engines["opponent"]}
                colour, passes = ("W" if handicap else "B"), 0
                while len(game["move_list"]) < settings["max_moves"]:
                    mover = by_colour[colour]
                    asked = time.monotonic()
                    reply = mover.send(f"genmove {colour}")
                    thinking[mover.role][0] += time.monotonic() - asked
                    thinking[mover.role][1] += 1
                    try:
                        move = parse_move(reply, size)
                    except ValueError as bad:
                        raise EngineError(f"{mover.role} as {colour}: {bad}") from bad
                    if move == "resign":
                        reason, resigned = "resign", colour
                        break
                    listener = by_colour["W" if colour == "B" else "B"]
                    listener.send(f"play {colour} {move}")
                    game["move_list"].append((colour, move))
                    passes = passes + 1 if move == "pass" else 0
                    if passes == 2:
                        reason = "passes"
                        break
                    colour = "W" if colour == "B" else "B"
            except EngineError as failure:
                error = str(failure)
            finally:
                for engine in engines.values():
                    self.finish(engine)
            if self.stopping.is_set():
                return None
            referee = None
            try:
                referee = self.start("referee", settings["referee"], seed,
                                     stderr_files["referee"])
                referee.send(f"boardsize {size}")
                referee.send("clear_board")
                referee.send(f"komi {komi:g}")
                if handicap:
                    referee.send(f"fixed_handicap {handicap}")
                for colour, move in game["move_list"]:
                    referee.send(f"play {colour} {move}")
            except EngineError as failure:
                error = error or f"referee: {failure}"
            try:
                if not error:
                    game["score"] = referee.send("final_score").strip().upper()
                    scored_winner, _ = parse_score(game["score"])
            except (EngineError, ValueError) as failure:
                # A resignation decides the game; its score is only a record.
                if resigned:
                    game["score"] = "-"
                else:
                    error = f"referee: {failure}"
            finally:
                if referee:
                    self.finish(referee)
            if self.stopping.is_set():
                return None
            if error:
                game["reason"] = "error: " + error
            elif resigned:
                game["reason"] = "resign"
                game["winner"] = "W" if resigned == "B" else "B"
            else:
                game["reason"] = reason
                game["winner"] = scored_winner
            game["moves"] = len(game["move_list"])
            game["seconds"] = time.monotonic() - started
            for role, (seconds, answers) in thinking.items():
                game[f"{role}_move_seconds"] = seconds / answers if answers else None
            os.makedirs(self.sgf_directory, exist_ok=True)
            stem = os.path.join(self.sgf_directory, f"game-{number:04d}")
            write_sgf(stem + ".sgf", settings, game, names)
            if error or self.keep_stderr:
                for role, file in stderr_files.items():
                    file.seek(0)
                    with open(f"{stem}.{role}.stderr", "wb") as kept:
                        kept.write(file.read())
            return game
        finally:
            for file in stderr_files.values():
                file.close()


def clean(text):
    return " ".join(str(text).split())


def per_move(seconds):
    return "-" if seconds is None else f"{seconds:.3f}"


def result_line(game):
    values = [game["game"], game["seed"], game["kosumi_colour"], game["winner"], game["score"],
              game["moves"], clean(game["reason"]), f"{game['seconds']:.1f}",
              per_move(game.get("kosumi_move_seconds")),
              per_move(game.get("opponent_move_seconds"))]
    return "\t".join(str(value) for value in values) + "\n"


def read_results(path):
    """The settings (or None) and the game records of a results file, in game order."""
    settings, games = None, {}
    with open(path) as file:
        for number, line in enumerate(file, 1):
            line = line.rstrip("\n")
            if line.startswith("#"):
                text = line[1:].strip()
                if text.startswith("settings "):
                    settings = json.loads(text[len("settings "):])
                continue
            if not line.strip() or line.split("\t")[0] == "game":
                continue
            fields = line.split("\t")
            if len(fields) not in (len(COLUMNS), len(COLUMNS) - TIMED_COLUMNS):
                raise ValueError(f"{path}:{number}: {len(fields)} columns, not {len(COLUMNS)}")
            record = dict(zip(COLUMNS, fields + ["-"] * (len(COLUMNS) - len(fields))))
            record["game"], record["seed"] = int(record["game"]), int(record["seed"])
            record["moves"], record["seconds"] = int(record["moves"]), float(record["seconds"])
            for role in ("kosumi", "opponent"):
                text = record[f"{role}_move_seconds"]
                record[f"{role}_move_seconds"] = None if text == "-" else float(text)
            if record["kosumi_colour"] not in ("B", "W"):
                raise ValueError(f"{path}:{number}: colour {record['kosumi_colour']!r}")
            if record["winner"] not in ("B", "W", "draw", "error"):
                raise ValueError(f"{path}:{number}: winner {record['winner']!r}")
            games[record["game"]] = record
    return settings, [games[number] for number in sorted(games)]


def summarize(games):
    """The summary of a list of game records, as lines of text."""
    played = len(games)
    errors = [game for game in games if game["winner"] == "error"]
    scored = [game for game in games if game["winner"] != "error"]

    def points(subset):
        wins = sum(1 for game in subset if game["winner"] == game["kosumi_colour"])
        draws = sum(1 for game in subset if game["winner"] == "draw")
        return wins, draws, wins + draws / 2

    wins, draws, score = points(scored)
    lines = [f"games: {played} ({len(scored)} scored, {len(errors)} errors)"]
    if scored:
        low, high = wilson_interval(score, len(scored))
        lines.append(f"Kosumi wins: {wins}" + (f" and {draws} draws" if draws else "")
                     + f" of {len(scored)}: win rate {100 * score / len(scored):.1f} %,"
                     f" 95 % interval {100 * low:.1f}-{100 * high:.1f} % (Wilson score)")
    else:
        lines.append("Kosumi wins: 0 of 0 scored games")
    for colour, name in (("B", "Black"), ("W", "White")):
        subset = [game for game in scored if game["kosumi_colour"] == colour]
        colour_wins, _, _ = points(subset)
        lines.append(f"  as {name}: {colour_wins} of {len(subset)}")
    reasons = {}
    for game in scored:
        reasons[game["reason"]] = reasons.get(game["reason"], 0) + 1
    lines.append("ended by: " + (", ".join(f"{reason} {count}" for reason, count
                                           in sorted(reasons.items())) or "-"))
    lines.append(f"errors: {len(errors)}")
    for game in errors:
        lines.append(f"  game {game['game']} (seed {game['seed']}): {game['reason']}")
    if played:
        seconds = sum(game["seconds"] for game in games) / played
        moves = sum(game["moves"] for game in games) / played
        lines.append(f"average: {seconds:.1f} s and {moves:.0f} moves per game")
    timed = {role: [game[f"{role}_move_seconds"] for game in games
                    if game.get(f"{role}_move_seconds") is not None]
             for role in ("kosumi", "opponent")}
    if timed["kosumi"] and timed["opponent"]:
        lines.append("seconds per move: " + ", ".join(
            f"{name} {sum(values) / len(values):.2f}"
            for name, values in (("Kosumi", timed["kosumi"]), ("opponent", timed["opponent"]))))
    return lines


def self_test():
    """Checks the interval and the parsers against values worked out by hand; exits 1 on a
    failure."""
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    def close(a, b, tolerance=1e-4):
        return abs(a - b) <= tolerance

    z2 = Z_95 * Z_95
    # No wins in 10: the interval is [0, z²/(n+z²)]; all 10: [n/(n+z²), 1].
    check(wilson_interval(0, 10)[0] == 0.0, "0/10 starts at 0")
    check(close(wilson_interval(0, 10)[1], z2 / (10 + z2)), "0/10 upper bound")
    check(close(wilson_interval(10, 10)[0], 10 / (10 + z2)), "10/10 lower bound")
    check(close(wilson_interval(10, 10)[1], 1.0, 1e-12), "10/10 ends at 1")
    check(close(wilson_interval(0, 10)[1], 0.2775, 5e-5), "0/10 upper bound is 0.2775")
    # Both bounds solve (p̂ − p)² = z² p (1 − p) / n, the equation that defines the interval.
    for wins, games in ((7, 10), (70, 100), (1, 3), (50, 100), (99, 100), (3.5, 8)):
        rate = wins / games
        for bound in wilson_interval(wins, games):
            check(close((rate - bound) ** 2, z2 * bound * (1 - bound) / games, 1e-12),
                  f"{wins}/{games}: bound {bound} solves the Wilson equation")
        low, high = wilson_interval(wins, games)
        check(low < rate < high, f"{wins}/{games}: the interval holds the rate")
    # Published values: 7 of 10 gives 39.7 %-89.2 %, 70 of 100 gives 60.4 %-78.1 %.
    low, high = wilson_interval(7, 10)
    check(close(low, 0.3968, 5e-4) and close(high, 0.8922, 5e-4), "7/10 is 39.7-89.2 %")
    low, high = wilson_interval(70, 100)
    check(close(low, 0.6041, 5e-4) and close(high, 0.7810, 5e-4), "70/100 is 60.4-78.1 %")
    check(wilson_interval(0, 0) == (0.0, 1.0), "no games: the whole range")

    for text, expected in (("B+3.5", ("B", 3.5)), ("w+12", ("W", 12.0)), (" W+0.5\n", ("W", 0.5)),
                           ("0", ("draw", 0.0)), ("b+R", None), ("", None), ("B+", None),
                           ("Black wins", None), ("W+7.5 extra", None)):
        try:
            got = parse_score(text)
        except ValueError:
            got = None
        check(got == expected, f"parse_score({text!r}) is {expected}, got {got}")

    for text, size, expected in (("D4", 9, "D4"), ("d4", 9, "D4"), ("PASS", 9, "pass"),
                                 ("pass", 9, "pass"), ("Pass", 9, "pass"),
                                 ("resign", 9, "resign"), ("RESIGN", 9, "resign"),
                                 ("Resign", 9, "resign"), ("j9", 9, "J9"), ("T19", 19, "T19"),
                                 ("K9", 9, None), ("A10", 9, None), ("A0", 9, None),
                                 ("I5", 19, None), ("", 9, None), ("D4 E5", 9, None),
                                 ("Z25", 25, "Z25"), ("tt", 19, None)):
        try:
            got = parse_move(text, size)
        except ValueError:
            got = None
        check(got == expected, f"parse_move({text!r}, {size}) is {expected}, got {got}")

    check(sgf_point("A1", 9) == "ai", "A1 on 9x9 is SGF ai")
    check(sgf_point("J9", 9) == "ia", "J9 on 9x9 is SGF ia")
    check(sgf_point("D4", 19) == "dp", "D4 on 19x19 is SGF dp")

    # A results file round trip: two wins as Black, a loss as White, an error (not counted).
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "results.tsv")
        with open(path, "w") as file:
            file.write("# settings {\"size\": 9}\n" + "\t".join(COLUMNS) + "\n")
            for game in ({"game": 3, "seed": 3, "kosumi_colour": "B", "winner": "B",
                          "score": "B+2.5", "moves": 80, "reason": "passes", "seconds": 2},
                         {"game": 1, "seed": 1, "kosumi_colour": "B", "winner": "B",
                          "score": "W+4.5", "moves": 60, "reason": "resign", "seconds": 3},
                         {"game": 2, "seed": 2, "kosumi_colour": "W", "winner": "B",
                          "score": "B+10.5", "moves": 70, "reason": "passes", "seconds": 4,
                          "kosumi_move_seconds": 0.5, "opponent_move_seconds": 1.25},
                         {"game": 4, "seed": 4, "kosumi_colour": "W", "winner": "error",
                          "score": "-", "moves": 7, "reason": "error: kosumi\tdied",
                          "seconds": 1}):
                file.write(result_line(game))
            # A line from before the per-move columns: game 5, with eight columns.
            file.write("5\t5\tB\tW\tW+1.5\t50\tpasses\t3.0\n")
        settings, games = read_results(path)
        check(settings == {"size": 9}, "settings are read back")
        check([game["game"] for game in games] == [1, 2, 3, 4, 5], "games are read in order")
        check(games[1]["opponent_move_seconds"] == 1.25
              and games[0]["kosumi_move_seconds"] is None,
              "each side's seconds per move are read back, `-` as none")
        check(games[4]["kosumi_move_seconds"] is None, "an eight-column line has no timings")
        summary = "\n".join(summarize(games))
        check("games: 5 (4 scored, 1 errors)" in summary, "summary counts games and errors")
        check("Kosumi wins: 2 of 4: win rate 50.0 %" in summary, "summary counts wins")
        check("as Black: 2 of 3" in summary and "as White: 0 of 1" in summary,
              "summary splits by colour")
        check("game 4 (seed 4): error: kosumi died" in summary, "summary lists the error")
        check("average: 2.6 s" in summary, "summary averages the seconds over all games")
        check("seconds per move: Kosumi 0.50, opponent 1.25" in summary,
              "summary gives each side's seconds per move")

    for failure in failures:
        print("FAILED:", failure)
    print(f"self-test: {'FAILED' if failures else 'ok'} ({len(failures)} failures)")
    return 1 if failures else 0


def check_command(role, command):
    try:
        argv = shlex.split(command)
    except ValueError as error:
        sys.exit(f"--{role}: {error}")
    if not argv or shutil.which(argv[0].replace("{seed}", "0")) is None:
        sys.exit(f"--{role}: no executable program {argv[0] if argv else ''!r}")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        epilog="See the top of scripts/match.py and scripts/README.md.")
    parser.add_argument("--kosumi", help="Kosumi's command line; {seed} becomes the game's seed")
    parser.add_argument("--opponent", help="the opponent's command line ({seed} works too)")
    parser.add_argument("--rules", choices=sorted(REFEREES), default="chinese",
                        help="the counting the games are played under: it chooses the default "
                             "referee (chinese: GNU Go's area count; japanese: GNU Go's default "
                             "territory count) and the SGF's RU (default %(default)s); give "
                             "Kosumi the same rules with its own --rules")
    parser.add_argument("--referee",
                        help="the scorer's command line (default: the --rules referee, "
                             f"{REFEREES['chinese']!r} for chinese)")
    parser.add_argument("--handicap", type=int, default=0,
                        help="fixed handicap stones (2 to 9; default none): every engine and "
                             "the referee get `fixed_handicap N`, and White moves first")
    parser.add_argument("--games", type=int, default=10, help="games in the match (default 10)")
    parser.add_argument("--size", type=int, default=9, help="board size (default 9)")
    parser.add_argument("--komi", type=float, default=7.5, help="komi (default 7.5)")
    parser.add_argument("--max-moves", type=int,
                        help="moves (passes included) before the referee scores the game as it "
                             "stands (default: 4 x size x size)")
    parser.add_argument("--first-seed", type=int, default=1, help="seed of game 1 (default 1)")
    parser.add_argument("--parallel", type=int, default=1, help="games at once (default 1)")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds an engine may take for one reply (default 600)")
    parser.add_argument("--results", default="match-results.tsv",
                        help="results file, resumed if it exists (default %(default)s)")
    parser.add_argument("--sgf-dir", help="directory for the SGF files (default: the results "
                                          "file's name without .tsv, plus -sgf)")
    parser.add_argument("--keep-stderr", action="store_true",
                        help="keep every game's engine stderr beside its SGF, not only an "
                             "error game's")
    parser.add_argument("--fail-on-error", action="store_true",
                        help="exit with status 1 when any game ended in an error (for CI)")
    parser.add_argument("--summary", metavar="FILE", help="print the summary of FILE and exit")
    parser.add_argument("--self-test", action="store_true",
                        help="check the interval and the parsers, then exit")
    arguments = parser.parse_args()

    if arguments.self_test:
        return self_test()
    if arguments.summary:
        try:
            _, games = read_results(arguments.summary)
        except (OSError, ValueError) as error:
            sys.exit(f"--summary: {error}")
        print("\n".join(summarize(games)))
        return 0
    if not arguments.kosumi or not arguments.opponent:
        parser.error("--kosumi and --opponent are required (or --summary FILE, --self-test)")
    if not 2 <= arguments.size <= 25:
        parser.error("--size must be 2 to 25")
    if arguments.games < 1 or arguments.parallel < 1 or arguments.timeout <= 0:
        parser.error("--games, --parallel and --timeout must be positive")
    if arguments.handicap and not 2 <= arguments.handicap <= 9:
        parser.error("--handicap must be 2 to 9 (or 0 for none)")
    arguments.referee = arguments.referee or REFEREES[arguments.rules]
    for role in ("kosumi", "opponent", "referee"):
        check_command(role, getattr(arguments, role))
    if "{seed}" not in arguments.kosumi:
        print("warning: --kosumi has no {seed}: games are not reproducible", file=sys.stderr)

    settings = {"kosumi": arguments.kosumi, "opponent": arguments.opponent,
                "referee": arguments.referee, "size": arguments.size, "komi": arguments.komi,
                "max_moves": arguments.max_moves or 4 * arguments.size ** 2,
                "first_seed": arguments.first_seed}
    # Only when they differ from the defaults, so that earlier results files still resume.
    if arguments.rules != "chinese":
        settings["rules"] = arguments.rules
    if arguments.handicap:
        settings["handicap"] = arguments.handicap
    done = []
    if os.path.exists(arguments.results) and os.path.getsize(arguments.results) > 0:
        try:
            previous, done = read_results(arguments.results)
        except (OSError, ValueError) as error:
            sys.exit(f"{arguments.results}: {error}")
        if previous != settings:
            sys.exit(f"{arguments.results} holds a match with other settings:\n  {previous}\n"
                     f"not\n  {settings}\nchoose another --results file")
    else:
        with open(arguments.results, "w") as file:
            file.write("# settings " + json.dumps(settings) + "\n" + "\t".join(COLUMNS) + "\n")
    sgf_directory = arguments.sgf_dir or (
        re.sub(r"\.tsv$", "", arguments.results) + "-sgf")
    finished = {game["game"] for game in done}
    todo = [number for number in range(1, arguments.games + 1) if number not in finished]
    print(f"{len(finished)} games already in {arguments.results}, {len(todo)} to play, "
          f"{arguments.parallel} at once; SGF in {sgf_directory}/", flush=True)

    def terminated(number, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminated)  # `kill` ends the engines as Ctrl-C does
    match = Match(settings, arguments.timeout, sgf_directory, arguments.keep_stderr)
    results = list(done)
    pool = concurrent.futures.ThreadPoolExecutor(arguments.parallel)
    try:
        futures = [pool.submit(match.play, number) for number in todo]
        for future in concurrent.futures.as_completed(futures):
            game = future.result()
            if game is None:
                continue
            with open(arguments.results, "a") as file:
                file.write(result_line(game))
            results.append(game)
            kosumi_wins = sum(1 for old in results if old["winner"] == old["kosumi_colour"])
            outcome = "error" if game["winner"] == "error" else (
                "Kosumi wins" if game["winner"] == game["kosumi_colour"] else "Kosumi loses")
            print(f"game {game['game']} (seed {game['seed']}, Kosumi {game['kosumi_colour']}): "
                  f"{outcome}, {game['score']}, {clean(game['reason'])}, {game['moves']} moves, "
                  f"{game['seconds']:.1f} s  [Kosumi {kosumi_wins} of {len(results)}]",
                  flush=True)
    except KeyboardInterrupt:
        match.stop()
        print("\ninterrupted: games in progress are not recorded; run again to resume",
              file=sys.stderr)
        return 130
    except BaseException:
        match.stop()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    print()
    print("\n".join(summarize(sorted(results, key=lambda game: game["game"]))))
    errors = sum(1 for game in results if game["winner"] == "error")
    if arguments.fail_on_error and errors:
        print(f"{errors} error games", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
