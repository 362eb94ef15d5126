#!/usr/bin/env python3
"""python-chess (PyPI `chess`) reads menagerie's chess PGN back identically.

The test builds an annotated chess game with python-chess (comments with `[%clk]` and
`[%eval]`, NAGs, a variation, a starting comment, real player names), exports it, runs
`menagerie pgn convert FILE --to pgn` on it, and checks that:

  * python-chess parses menagerie's text without errors, and writing it again gives
    menagerie's text back character for character;
  * the moves, comments, NAGs, variations and player names are those of the original;
  * the Seven Tag Roster comes first and in order, with `[Variant "Standard"]` and a
    standard `Termination` value after it.

Usage: python3 tests/pgn/python_chess_pgn.py [--menagerie PATH]
Exit status 0 on success, 1 on failure with a message.
"""

import argparse
import io
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import chess
    import chess.pgn
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")

REPO = Path(__file__).resolve().parents[2]
SEVEN_TAGS = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def annotated_game() -> chess.pgn.Game:
    game = chess.pgn.Game()
    game.headers["Event"] = "Club night"
    game.headers["Site"] = "Leiden"
    game.headers["Date"] = "2026.11.23"
    game.headers["Round"] = "3"
    game.headers["White"] = "Euwe, Max"
    game.headers["Black"] = "Alekhine, Alexander"
    game.comment = "A game with every kind of annotation."
    node = game
    clocks = ["0:03:00", "0:02:59", "0:02:55", "0:02:50", "0:02:41", "0:02:40"]
    for i, san in enumerate(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]):
        node = node.add_main_variation(node.board().parse_san(san))
        if i < len(clocks):
            node.set_clock(float(sum(int(x) * 60**j for j, x in enumerate(reversed(clocks[i].split(":"))))))
        if san == "Bb5":
            node.nags.add(chess.pgn.NAG_GOOD_MOVE)
            node.set_eval(chess.engine.PovScore(chess.engine.Cp(31), chess.WHITE))
        if san == "e5":
            side = node.parent.add_variation(node.parent.board().parse_san("c5"))
            side.comment = "The Sicilian"
            side.add_main_variation(side.board().parse_san("Nf3"))
        if san == "a6":
            node.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
    game.headers["Result"] = "*"
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--menagerie", default=str(REPO / "target" / "release" / "menagerie"))
    args = parser.parse_args()

    original = annotated_game()
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(str(original) + "\n")
        path = f.name
    out = subprocess.run(
        [args.menagerie, "pgn", "convert", path, "--to", "pgn"],
        capture_output=True,
        text=True,
    )
    Path(path).unlink()
    if out.returncode != 0:
        print(f"FAIL: pgn convert: {out.stderr}")
        return 1
    ours = out.stdout.strip()
    read = chess.pgn.read_game(io.StringIO(ours))
    failures = []
    if read is None or read.errors:
        failures.append(f"python-chess could not read it: {read and read.errors}")
    else:
        again = read.accept(chess.pgn.StringExporter(columns=80))
        if again != ours:
            failures.append(f"python-chess writes it differently:\n--- ours\n{ours}\n--- python-chess\n{again}")
        names = list(read.headers.keys())
        if names[:7] != SEVEN_TAGS:
            failures.append(f"tags out of order: {names}")
        if read.headers.get("Variant") != "Standard":
            failures.append(f"Variant tag: {read.headers.get('Variant')}")
        if read.headers.get("Termination") not in ("normal", "unterminated"):
            failures.append(f"Termination tag: {read.headers.get('Termination')}")
        for name in ["White", "Black", "Event", "Site", "Date", "Round"]:
            if read.headers[name] != original.headers[name]:
                failures.append(f"{name}: {read.headers[name]} != {original.headers[name]}")
        if str(read.mainline_moves()) != str(original.mainline_moves()):
            failures.append("the moves differ")
        theirs = [(n.comment, sorted(n.nags), len(n.variations)) for n in original.mainline()]
        mine = [(n.comment, sorted(n.nags), len(n.variations)) for n in read.mainline()]
        if theirs != mine or read.comment != original.comment:
            failures.append(f"annotations differ:\n{theirs}\n{mine}")
    for failure in failures:
        print(f"FAIL: {failure}")
    if not failures:
        print("python-chess reads menagerie's chess PGN back identically")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
