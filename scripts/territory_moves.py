#!/usr/bin/env python3
"""Counts, in stored games, the moves a player made inside its own territory after the
opponent's first pass: under territory counting each such stone gives a point away.

For every SGF file given (files, or directories searched for *.sgf: scripts/match.py's
--sgf-dir, gogui-twogtp's -sgffile games), the script:

1. finds the player's colour from PB/PW (the first whose name contains --player, `kosumi` by
   default, in any case);
2. replays the game (setup stones AB/AW, then every move) into a judge, a fresh GTP engine:
   GNU Go (`gnugo --mode gtp`) when installed, else Kosumi (`target/release/kosumi`), or
   --judge; and asks it `final_status_list dead` and `final_status_list seki`;
3. judges the final position: with the dead stones removed, an empty region bordered by one
   colour alone is that colour's territory (a region touching a chain in seki is nobody's);
   a point is owned by a colour when it holds one of that colour's living stones, lies in its
   territory, or holds a dead stone of the other colour;
4. counts each move of the player after the opponent's first pass whose point, in the final
   position, holds the player's living stone with every neighbour owned by the player: a
   stone inside its own territory. A move that captured stones, or that took the last
   liberty of one of the player's own chains in atari (saving it), is not counted;
5. tells apart, among the moves counted, those whose point the player already owned when the
   opponent first passed (judged the same way on the position of that pass): those stones
   gave a point away. The others were played where the position was still open when the
   opponent passed, an invasion or a reduction that made the territory they end up in.

Usage (from the repository root):

    python3 scripts/territory_moves.py match-japanese-sgf/
    python3 scripts/territory_moves.py --judge 'target/release/kosumi' game-0001.sgf
    python3 scripts/territory_moves.py --self-test

It prints one line per game (file, the player's colour, the move of the opponent's first
pass, the count and the moves counted, a `*` on those on points the player already owned at
that pass) and a summary: games, games with an opponent's pass, moves counted in all, the most
in one game, and how many of them were on points already owned at the opponent's first pass. Games the player did not play, or that the
judge cannot replay, are listed as skipped.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I


def parse_sgf(text):
    """The main line of an SGF game as (properties of the root, size, [(colour, point)]),
    points as (column, row) counted from the lower left, None for a pass. The main line is
    every node up to the first `)`: variations come after it."""
    nodes, name, named, index = [], "", False, text.find("(")
    if index < 0:
        raise ValueError("no game in the file")
    while index < len(text):
        char = text[index]
        if char == ")":
            break
        if char == ";":
            nodes.append({})
            name, named = "", False
        elif char.isalpha():
            name = name + char if named else char
            named = True
        elif char == "[":
            value, index = read_value(text, index + 1)
            named = False
            if not nodes:
                raise ValueError("a property before the first node")
            nodes[-1].setdefault(re.sub("[a-z]", "", name), []).append(value)
        index += 1
    if not nodes:
        raise ValueError("no node in the game")
    root = nodes[0]
    size = int(root.get("SZ", ["19"])[0].split(":")[0])
    moves = []
    for node in nodes:
        for colour in ("B", "W"):
            for value in node.get(colour, []):
                moves.append((colour, sgf_point(value, size)))
    return root, size, moves


def read_value(text, index):
    """A property value starting at `index` (after its `[`), and the index of its `]`."""
    value = []
    while index < len(text) and text[index] != "]":
        if text[index] == "\\":
            index += 1
        if index < len(text):
            value.append(text[index])
        index += 1
    if index >= len(text):
        raise ValueError("a property value without its ]")
    return "".join(value), index


def sgf_point(value, size):
    """An SGF point (`dd`) as (column, row) from the lower left; None for a pass (`` or `tt`
    on boards up to 19×19)."""
    if value == "" or (value == "tt" and size <= 19):
        return None
    column = ord(value[0]) - ord("a")
    row = size - 1 - (ord(value[1]) - ord("a"))
    if not (0 <= column < size and 0 <= row < size):
        raise ValueError(f"point {value!r} is off the board")
    return column, row


def vertex(point):
    return "pass" if point is None else f"{LETTERS[point[0]]}{point[1] + 1}"


def parse_vertex(text):
    text = text.strip().upper()
    return LETTERS.index(text[0]), int(text[1:]) - 1


class Board:
    """A Go board with captures: enough to replay a game and to see what each move did."""

    def __init__(self, size):
        self.size = size
        self.stones = {}

    def neighbours(self, point):
        column, row = point
        for next_column, next_row in ((column - 1, row), (column + 1, row),
                                      (column, row - 1), (column, row + 1)):
            if 0 <= next_column < self.size and 0 <= next_row < self.size:
                yield next_column, next_row

    def chain(self, point):
        """The chain through `point` and its liberties."""
        colour = self.stones[point]
        stones, liberties, todo = {point}, set(), [point]
        while todo:
            current = todo.pop()
            for neighbour in self.neighbours(current):
                held = self.stones.get(neighbour)
                if held is None:
                    liberties.add(neighbour)
                elif held == colour and neighbour not in stones:
                    stones.add(neighbour)
                    todo.append(neighbour)
        return stones, liberties

    def play(self, colour, point):
        """Places a stone and removes what it captures; returns (captured, saved): the stones
        captured, and whether the point was the last liberty of an own chain in atari."""
        saved = any(self.stones.get(neighbour) == colour
                    and len(self.chain(neighbour)[1]) == 1
                    for neighbour in self.neighbours(point))
        self.stones[point] = colour
        captured = 0
        for neighbour in self.neighbours(point):
            if self.stones.get(neighbour) not in (None, colour):
                stones, liberties = self.chain(neighbour)
                if not liberties:
                    for stone in stones:
                        del self.stones[stone]
                    captured += len(stones)
        stones, liberties = self.chain(point)
        if not liberties:  # suicide where the rules allow it
            for stone in stones:
                del self.stones[stone]
        return captured, saved


def owners(board, dead, seki):
    """Who owns each point of the final `board` once `dead` stones are off: the colour of a
    living stone, of the territory around an empty point (nobody's next to `seki`), or the
    opponent's for a dead stone."""
    cleared = {point: colour for point, colour in board.stones.items() if point not in dead}
    owner = {}
    for point, colour in board.stones.items():
        owner[point] = ("W" if colour == "B" else "B") if point in dead else colour
    seen = set()
    for column in range(board.size):
        for row in range(board.size):
            start = (column, row)
            if start in cleared or start in seen:
                continue
            region, borders, touches_seki, todo = {start}, set(), False, [start]
            seen.add(start)
            while todo:
                current = todo.pop()
                for neighbour in board.neighbours(current):
                    if neighbour in cleared:
                        borders.add(cleared[neighbour])
                        touches_seki |= neighbour in seki
                    elif neighbour not in seen:
                        seen.add(neighbour)
                        region.add(neighbour)
                        todo.append(neighbour)
            if len(borders) == 1 and not touches_seki:
                colour = borders.pop()
                for point in region:
                    if point not in owner:
                        owner[point] = colour
    return owner


class Judge:
    """A GTP engine that replays a game and names its dead stones and chains in seki."""

    def __init__(self, command):
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True)

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the judge ended on {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        reply = "\n".join(lines)
        if reply.startswith("?"):
            raise RuntimeError(f"{command!r}: {reply}")
        return reply[1:].strip()

    def close(self):
        try:
            self.process.stdin.close()
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def statuses(judge, size, setup, moves, status):
    """The stones `judge` lists with `status` after replaying the game."""
    judge.send(f"boardsize {size}")
    judge.send("clear_board")
    for colour, point in setup:
        judge.send(f"play {colour} {vertex(point)}")
    for colour, point in moves:
        judge.send(f"play {colour} {vertex(point)}")
    found = {}
    for wanted in status:
        reply = judge.send(f"final_status_list {wanted}")
        found[wanted] = {parse_vertex(word) for word in reply.split()}
    return found


def final_owners(judge, size, setup, moves):
    """The board after `moves` and who owns each of its points, as `judge` sees them."""
    board = Board(size)
    for stone_colour, point in setup:
        board.stones[point] = stone_colour
    effects = []
    for mover, point in moves:
        effects.append(board.play(mover, point) if point is not None else (0, False))
    found = statuses(judge, size, setup, moves, ("dead", "seki"))
    return board, effects, found["dead"], owners(board, found["dead"], found["seki"])


def count_game(path, player, judge_command):
    """(colour, first opponent pass, [(move number, vertex, owned at the pass)]) for one
    game, or a reason to skip it as a string."""
    with open(path, encoding="utf-8", errors="replace") as file:
        root, size, moves = parse_sgf(file.read())
    names = {colour: root.get("P" + colour, [""])[0] for colour in ("B", "W")}
    colour = next((colour for colour in ("B", "W") if player in names[colour].lower()), None)
    if colour is None:
        return f"no player named {player!r} (PB {names['B']!r}, PW {names['W']!r})"
    setup = [("B", sgf_point(value, size)) for value in root.get("AB", [])]
    setup += [("W", sgf_point(value, size)) for value in root.get("AW", [])]
    opponent = "W" if colour == "B" else "B"
    first_pass = next((number for number, (mover, point) in enumerate(moves, 1)
                       if mover == opponent and point is None), None)
    if first_pass is None:
        return colour, None, []
    judge = Judge(judge_command)
    try:
        board, effects, dead, owner = final_owners(judge, size, setup, moves)
        owner_at_pass = final_owners(judge, size, setup, moves[:first_pass])[3]
    finally:
        judge.close()
    counted = []
    for number, ((mover, point), (captured, saved)) in enumerate(zip(moves, effects), 1):
        if number <= first_pass or mover != colour or point is None or captured or saved:
            continue
        if board.stones.get(point) != colour or point in dead:
            continue
        if all(owner.get(neighbour) == colour for neighbour in board.neighbours(point)):
            counted.append((number, vertex(point), owner_at_pass.get(point) == colour))
    return colour, first_pass, counted


def sgf_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for directory, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.lower().endswith(".sgf"):
                        yield os.path.join(directory, name)
        else:
            yield path


def default_judge():
    gnugo = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo")
                                      else None)
    return f"{gnugo} --mode gtp" if gnugo else "target/release/kosumi"


def self_test():
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    root, size, moves = parse_sgf("(;GM[1]SZ[9]PB[Kosumi 0.1]PW[GNU Go]AB[cc][gg]"
                                  ";W[ee]C[a \\] comment];B[];W[tt](;B[aa])(;B[bb]))")
    check(size == 9 and root["PB"] == ["Kosumi 0.1"], "root properties")
    check(root["AB"] == ["cc", "gg"], "setup stones")
    check(moves == [("W", (4, 4)), ("B", None), ("W", None), ("B", (0, 8))], f"moves {moves}")
    board = Board(5)
    for colour, name in (("B", "A2"), ("W", "A1"), ("B", "C1")):
        board.play(colour, parse_vertex(name))
    captured, saved = board.play("B", parse_vertex("B1"))
    check(captured == 1 and parse_vertex("A1") not in board.stones, "a capture")
    board.play("W", parse_vertex("E5"))
    board.play("B", parse_vertex("D5"))
    board.play("B", parse_vertex("E4"))
    _, saved = board.play("W", parse_vertex("E3"))
    check(not saved, "not a save")
    # A wall on column C: Black owns A-B, White D-E; black B3 is inside Black's territory.
    board = Board(5)
    for row in range(5):
        board.play("B", (2, row))
        board.play("W", (3, row))
    board.play("B", (1, 2))
    owner = owners(board, set(), set())
    check(all(owner.get(neighbour) == "B" for neighbour in board.neighbours((1, 2))),
          "a stone inside its own territory")
    check(owner.get((0, 0)) == "B" and owner.get((4, 4)) == "W", "territory owners")
    check(not all(owner.get(neighbour) == "B" for neighbour in board.neighbours((2, 2))),
          "a wall stone is not inside")
    for failure in failures:
        print(f"self-test failed: {failure}", file=sys.stderr)
    print("self-test " + ("failed" if failures else "passed"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     epilog="See the top of scripts/territory_moves.py.")
    parser.add_argument("paths", nargs="*", help="SGF files, or directories of them")
    parser.add_argument("--player", default="kosumi",
                        help="a part of the player's name in PB/PW (default %(default)s)")
    parser.add_argument("--judge", default=default_judge(),
                        help="the GTP engine judging dead stones (default: %(default)s)")
    parser.add_argument("--self-test", action="store_true", help="check the parsers and exit")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    if not arguments.paths:
        parser.error("give SGF files or directories (or --self-test)")
    player = arguments.player.lower()
    games = with_pass = total = most = owned = 0
    for path in sgf_files(arguments.paths):
        try:
            result = count_game(path, player, arguments.judge)
        except (OSError, ValueError, RuntimeError) as error:
            print(f"{path}: skipped: {error}")
            continue
        if isinstance(result, str):
            print(f"{path}: skipped: {result}")
            continue
        colour, first_pass, counted = result
        games += 1
        if first_pass is None:
            print(f"{path}: {colour}, the opponent never passed: 0")
            continue
        with_pass += 1
        total += len(counted)
        most = max(most, len(counted))
        owned += sum(1 for _, _, owned_then in counted if owned_then)
        listed = " ".join(f"{number}:{name}{'*' if owned_then else ''}"
                          for number, name, owned_then in counted)
        print(f"{path}: {colour}, opponent's first pass at move {first_pass}: "
              f"{len(counted)}{' (' + listed + ')' if counted else ''}")
    print(f"{games} games, {with_pass} with a pass by the opponent: {total} moves inside "
          f"the player's own territory after the opponent's first pass, at most {most} in one "
          f"game; {owned} of them on points the player already owned at that pass (judge: "
          f"{arguments.judge})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
