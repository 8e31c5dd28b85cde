#!/usr/bin/env python3
"""Build Kosumi's opening book (data/opening-book.txt) from game records and a GTP engine.

The positions are those met in the given SGF games (9x9 at the given komi) in their first
--plies moves with the player named by --player to move, seen in at least --min-games games,
counted whatever their rotation or reflection. For each, the engine named by --engine (any
GTP engine; we use KataGo with one of the networks of its public repository) is set up with
`clear_board` and the moves that led there, and asked `genmove`; its answer is the book's
move. The book is written in the canonical form that src/knowledge/book.rs reads.

    python3 scripts/opening_book.py --player Kosumi --plies 10 --min-games 3 \
        --engine "katago gtp -model MODEL -config CONFIG" --out data/opening-book.txt \
        matches/*.sgf

With --known BOOK the book grows: every line of BOOK is kept, its header too, and only the
positions it does not hold are asked and added. The built-in book was grown so (docs/knowledge.md).
"""

import argparse
import collections
import io
import os
import sys
import tempfile

from territory_moves import LETTERS, Board, Judge as GtpEngine, parse_sgf
from territory_moves import vertex as gtp_vertex


def transform(symmetry, size, column, row):
    """Where (column, row from the top) goes under symmetry 0-7, as book.rs turns it."""
    if symmetry & 1:
        column = size - 1 - column
    if symmetry & 2:
        row = size - 1 - row
    if symmetry & 4:
        column, row = row, column
    return column, row


def canonical(stones, size):
    """The least of the eight writings of `stones` ((column, row) -> 'X'/'O'), and its symmetry."""
    best = None
    for symmetry in range(8):
        cells = ["."] * (size * size)
        for (column, row), stone in stones.items():
            to_column, to_row = transform(symmetry, size, column, row)
            cells[to_row * size + to_column] = stone
        text = "".join(cells)
        if best is None or text < best[0]:
            best = (text, symmetry)
    return best


def games(paths, size, komi, player):
    """(moves as territory_moves.parse_sgf gives them, colour of `player`) of each game of the
    right size and komi."""
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        root, game_size, moves = parse_sgf(text)
        if game_size != size or root.get("KM", [""])[0] != komi:
            continue
        colour = next((colour for colour in ("B", "W")
                       if root.get("P" + colour, [""])[0].startswith(player)), None)
        if colour is not None:
            yield moves, colour


def from_the_top(board):
    """The board's stones as canonical() takes them: (column, row from the top) -> 'X'/'O'."""
    return {(column, board.size - 1 - row): "X" if colour == "B" else "O"
            for (column, row), colour in board.stones.items()}


def positions(paths, size, komi, player, plies):
    """Counts of (canonical position, colour to move), with the moves that first led there."""
    counts = collections.Counter()
    first = {}
    for moves, colour in games(paths, size, komi, player):
        board = Board(size)
        for ply, (mover, point) in enumerate(moves[:plies]):
            if mover == colour:
                key = (canonical(from_the_top(board), size)[0], mover)
                counts[key] += 1
                first.setdefault(key, moves[:ply])
            if point is None:
                break  # a pass: the opening is over
            board.play(mover, point)
    return counts, first


def book_line(engine, size, komi, moves, mover):
    engine.send(f"boardsize {size}")
    engine.send("clear_board")
    engine.send(f"komi {komi}")
    board = Board(size)
    for colour, point in moves:
        engine.send(f"play {colour} {gtp_vertex(point)}")
        board.play(colour, point)
    answer = engine.send(f"genmove {mover}").upper()
    if answer in ("PASS", "RESIGN"):
        return None
    column, row = LETTERS.index(answer[0]), size - int(answer[1:])
    text, symmetry = canonical(from_the_top(board), size)
    column, row = transform(symmetry, size, column, row)
    rows = "/".join(text[index : index + size] for index in range(0, size * size, size))
    return f"{rows} {mover} {gtp_vertex((column, size - 1 - row))}"


def read_book(path):
    """An earlier book: its comment lines, and its lines by (canonical position, colour to move)."""
    comments, lines = [], {}
    for line in open(path, encoding="utf-8"):
        words = line.split()
        if line.startswith("#"):
            comments.append(line.rstrip("\n"))
        elif len(words) == 3 and "/" in words[0]:
            lines[(words[0].replace("/", ""), words[1])] = line.strip()
    return comments, lines


def write_header(out, arguments, comments):
    """The comment lines on where the positions and moves came from (after an earlier book's
    `comments`), and the size and komi."""
    for comment in comments:
        out.write(comment + "\n")
    said = "Added" if comments else "Positions"
    out.write(f"# {said}: {arguments.player} to move in the first {arguments.plies} moves "
              f"of {len(arguments.sgf)} games, seen in {arguments.min_games}+ games.\n")
    if arguments.source:
        out.write(f"# Games: {arguments.source}\n")
    out.write(f"# Moves: {arguments.engine}\n")
    out.write(f"size {arguments.size}\nkomi {arguments.komi}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sgf", nargs="*")
    parser.add_argument("--player", help="the player whose positions are kept")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", default="7.5")
    parser.add_argument("--plies", type=int, default=10)
    parser.add_argument("--min-games", type=int, default=3)
    parser.add_argument("--engine")
    parser.add_argument("--source", default="", help="a line on where the games came from")
    parser.add_argument("--known",
                        help="an earlier book to grow: its lines are all kept, not asked again")
    parser.add_argument("--out")
    parser.add_argument("--self-test", action="store_true", help="check the counting and exit")
    arguments = parser.parse_args()
    if arguments.self_test:
        self_test()
        return
    if not (arguments.sgf and arguments.player and arguments.engine and arguments.out):
        parser.error("the SGF files, --player, --engine and --out are needed")
    counts, first = positions(
        arguments.sgf, arguments.size, arguments.komi, arguments.player, arguments.plies
    )
    chosen = [key for key, count in counts.most_common() if count >= arguments.min_games]
    print(f"{len(counts)} positions, {len(chosen)} seen in {arguments.min_games}+ games",
          file=sys.stderr)
    comments, known = read_book(arguments.known) if arguments.known else ([], {})
    new = [key for key in chosen if key not in known]
    engine = GtpEngine(arguments.engine)
    with open(arguments.out, "w", encoding="utf-8") as out:
        write_header(out, arguments, comments)
        write_lines(out, engine, arguments.size, arguments.komi, known,
                    [(key, first[key]) for key in new])
    engine.close()


def write_lines(out, engine, size, komi, known, new):
    """The earlier book's lines, then a line for each new (key, moves that led there)."""
    for line in known.values():
        out.write(line + "\n")
    for number, (key, moves) in enumerate(new, 1):
        line = book_line(engine, size, komi, moves, key[1])
        if line:
            out.write(line + "\n")
            out.flush()
        print(f"{number}/{len(new)} {line}", file=sys.stderr)


def self_test():
    """Checks the counting of positions, captures included, and a grown book, on made-up data."""
    # Black's corner stone at A9 is taken by White's B9 and A8; Black then plays at A9 again.
    game = "(;SZ[9]KM[7.5]PB[Kosumi]PW[Other];B[aa];W[ba];B[ee];W[ab];B[aa];W[cc])"
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.sgf")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(game)
        counts, first = positions([path], 9, "7.5", "Kosumi", 6)
    board = Board(9)
    for mover, point in parse_sgf(game)[2][:4]:
        board.play(mover, point)
    stones = from_the_top(board)
    assert stones == {(1, 0): "O", (4, 4): "X", (0, 1): "O"}, stones
    assert sorted(len(moves) for moves in first.values()) == [0, 2, 4], first
    assert (canonical(stones, 9)[0], "B") in counts
    assert canonical({(8, 8): "X"}, 9)[0] == canonical({(0, 0): "X"}, 9)[0] == "." * 80 + "X"

    class FixedEngine:
        def send(self, command):
            return "C3" if command.startswith("genmove") else ""

    out = io.StringIO()
    key = (canonical(stones, 9)[0], "B")
    write_lines(out, FixedEngine(), 9, "7.5", {("old", "B"): "old B E5"}, [(key, first[key])])
    written = out.getvalue().splitlines(keepends=True)
    assert written[0] == "old B E5\n", written
    # The least writing puts the stones last: turned half a round, White's B9 and A8 go to H1
    # and J2, E5 stays, and the engine's C3 goes to G7.
    rows = "/".join(["........."] * 4 + ["....X....", ".........", ".........",
                                           "........O", ".......O."])
    assert written[1] == f"{rows} B G7\n", written
    print("opening_book self-test: ok")


if __name__ == "__main__":
    main()
