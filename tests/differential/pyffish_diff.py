#!/usr/bin/env python3
"""Differential test: menagerie's legal move lists against pyffish (Fairy-Stockfish).

Random playouts are played with pyffish as the referee: at every ply the set of
legal moves pyffish reports is compared with the set `menagerie moves --batch`
reports for the same FEN, then one of pyffish's moves is chosen uniformly at
random and the position is advanced with `pyffish.get_fen`.

Suites
  chess       pyffish `chess`  vs our `chess`, from the standard start and from
              some well-known perft positions (Kiwipete, positions 3-6).
  wall        pyffish `chess` with one `*` wall square vs our `behemoth`: a
              frozen Behemoth (the `moves` command never rolls the dice, so the
              beast stays where the FEN puts it). The `*` is put on a random
              square of ranks 3-6 of the start position. Every FEN pyffish
              returns is checked to still hold exactly one `*`.
  wildebeest  the variant in wildebeest-nocastle.ini (beside this script, a copy
              of the spec's) vs our `wildebeest`, from the ini's startFen
              (castling `-`, since Fairy-Stockfish cannot express Wildebeest's
              flexible castling).

A playout ends when pyffish has no legal move, when pyffish says the game is
over (`is_immediate_game_end`, `is_optional_game_end` -- the 50-move rule; the
script passes FENs without move history, so repetitions are never seen -- or
both sides having insufficient material per `has_insufficient_material`; see
`game_over` for when the last two are skipped as unable to fire), or
after --max-plies plies. Our engine still lists moves in drawn positions, so
stopping there only avoids comparing positions the rules call finished.

Notation: both programs write moves the same way in these suites (`e2e4`,
promotions `e7e8q` / `e9e10w` with a lower-case piece letter, castling as the
king's origin and destination `e1g1`), so `normalise_pyffish` is the identity
apart from stripping whitespace. If a difference in spelling ever appears, map
it there and say so in its docstring.

Determinism: playout number i of a suite uses its own `random.Random` seeded from
(--seed, suite, i), so a given seed always produces the same playouts; the time
budget (or --playouts) only decides how many run.

Exit status: 0 if every compared position agreed and our side never answered
`error: ...`; 1 otherwise; 2 for a setup problem (binary or pyffish missing).

Usage:
  python3 tests/differential/pyffish_diff.py [--seed N] [--seconds S]
      [--suite chess|wall|wildebeest ...] [--playouts N] [--max-plies N]
      [--menagerie PATH] [--wildebeest-ini PATH]
"""

from __future__ import annotations

import argparse
import os
import random
import select
import subprocess
import sys
import time
from pathlib import Path

SCRIPT_DIR = Path(__file__).resolve().parent
REPO_ROOT = SCRIPT_DIR.parent.parent
DEFAULT_BINARY = REPO_ROOT / "target" / "release" / "menagerie"
DEFAULT_WILDEBEEST_INI = SCRIPT_DIR / "wildebeest-nocastle.ini"

DEFAULT_SEED = 20261122
ALL_SUITES = ("chess", "wall", "wildebeest")
# Detailed mismatch reports printed per suite; further ones are only counted.
MAX_REPORTS_PER_SUITE = 40
# Seconds to wait for one answer line from menagerie before declaring it hung.
ANSWER_TIMEOUT = 60.0

STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# Well-known perft positions (Chess Programming Wiki numbering).
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# Position 3 as the wiki gives it. (A copy missing the black king on h4 and the
# white pawn on g2 circulates; our FEN reader rightly rejects it for having no
# black king, while pyffish accepts it.)
PERFT_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
PERFT_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
PERFT_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
PERFT_6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/2NP1N2/PPP1QPPP/R4RK1 w - - 0 10"
# Playout i of the chess suite starts from CHESS_STARTS[i % len(CHESS_STARTS)].
CHESS_STARTS = (
    STANDARD_START,
    KIWIPETE,
    STANDARD_START,
    PERFT_3,
    STANDARD_START,
    PERFT_4,
    STANDARD_START,
    PERFT_5,
    STANDARD_START,
    PERFT_6,
)


def normalise_pyffish(move: str) -> str:
    """Map a pyffish move string to our coordinate notation.

    No mapping is needed for these suites: pyffish already writes `e2e4`,
    `e7e8q`, `e9e10w` and (outside Chess960 mode) castling as `e1g1`.
    """
    return move.strip()


class Menagerie:
    """One long-lived `menagerie moves --variant V --batch` process."""

    def __init__(self, binary: Path, variant: str):
        self.binary = binary
        self.variant = variant
        self.proc: subprocess.Popen | None = None
        self.buffer = b""
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [str(self.binary), "moves", "--variant", self.variant, "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        self.buffer = b""

    def ask(self, fen: str) -> str:
        """Send one FEN and return the answer line (without newline).

        A crash or hang is reported as an `error:` line and the process is
        restarted, so the run goes on.
        """
        assert self.proc is not None and self.proc.stdin and self.proc.stdout
        try:
            self.proc.stdin.write((fen + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.restart()
            return "error: menagerie process died (broken pipe)"
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.restart()
                return f"error: menagerie gave no answer within {ANSWER_TIMEOUT:.0f}s"
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                code = self.proc.wait()
                self.restart()
                return f"error: menagerie process exited (status {code})"
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode().rstrip("\r")

    def restart(self) -> None:
        self.close()
        self.start()

    def close(self) -> None:
        if self.proc is None:
            return
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


class Suite:
    def __init__(self, name: str, sf_variant: str, our_variant: str):
        self.name = name
        self.sf_variant = sf_variant
        self.our_variant = our_variant
        self.playouts = 0
        self.positions = 0
        self.mismatches = 0
        self.errors = 0
        self.other_failures = 0
        self.reports = 0

    def failed(self) -> bool:
        return bool(self.mismatches or self.errors or self.other_failures)

    def summary(self) -> str:
        text = (
            f"{self.name}: playouts {self.playouts}, positions compared {self.positions}, "
            f"mismatches {self.mismatches}, our errors {self.errors}"
        )
        if self.other_failures:
            text += f", other failures {self.other_failures}"
        return text

    def report(self, text: str) -> None:
        self.reports += 1
        if self.reports <= MAX_REPORTS_PER_SUITE:
            print(text, flush=True)
        elif self.reports == MAX_REPORTS_PER_SUITE + 1:
            print(f"[{self.name}] further reports suppressed (still counted)", flush=True)


def start_position(suite: Suite, rng: random.Random, index: int, sf) -> str:
    if suite.name == "chess":
        return CHESS_STARTS[index % len(CHESS_STARTS)]
    if suite.name == "wall":
        # Ranks 3-6 are empty in the start position; the FEN rows for them are
        # the 3rd to 6th rows of the board field (ranks 6, 5, 4, 3).
        file = rng.randrange(8)
        rank = rng.randrange(3, 7)
        rows = STANDARD_START.split(" ")[0].split("/")
        row_index = 8 - rank
        rows[row_index] = (str(file) if file else "") + "*" + (str(7 - file) if file < 7 else "")
        return "/".join(rows) + " " + STANDARD_START.split(" ", 1)[1]
    if suite.name == "wildebeest":
        return sf.start_fen(suite.sf_variant)
    raise ValueError(suite.name)


def game_over(sf, variant: str, fen: str) -> bool:
    """Whether pyffish considers the game over in `fen` (given without history).

    Every pyffish call costs about 2 ms (it sets up a position each time), so
    the two checks that cannot fire are skipped: without move history
    `is_optional_game_end` can only claim the n-move rule, which needs a
    halfmove clock of at least 100; and a side with a pawn on the board never
    has insufficient material in these variants.
    """
    immediate, _ = sf.is_immediate_game_end(variant, fen, [])
    if immediate:
        return True
    fields = fen.split(" ")
    halfmove = int(fields[4]) if len(fields) > 4 and fields[4].isdigit() else 0
    if halfmove >= 100:
        optional, _ = sf.is_optional_game_end(variant, fen, [])
        if optional:
            return True
    if "p" not in fields[0].lower():
        white_insufficient, black_insufficient = sf.has_insufficient_material(variant, fen, [])
        if white_insufficient and black_insufficient:
            return True
    return False


def wall_count(fen: str) -> int:
    return fen.split(" ")[0].count("*")


def run_playout(suite: Suite, ours: Menagerie, sf, rng: random.Random, index: int,
                max_plies: int) -> None:
    fen = start_position(suite, rng, index, sf)
    suite.playouts += 1
    for ply in range(max_plies + 1):
        sf_moves_raw = sf.legal_moves(suite.sf_variant, fen, [])
        sf_moves = {normalise_pyffish(m) for m in sf_moves_raw}

        answer = ours.ask(fen)
        if answer.startswith("error:"):
            suite.errors += 1
            suite.report(
                f"[{suite.name}] ERROR playout {index} ply {ply}\n"
                f"  fen:  {fen}\n  ours: {answer}"
            )
        else:
            our_moves = set(answer.split())
            suite.positions += 1
            if our_moves != sf_moves:
                suite.mismatches += 1
                only_sf = " ".join(sorted(sf_moves - our_moves)) or "-"
                only_ours = " ".join(sorted(our_moves - sf_moves)) or "-"
                suite.report(
                    f"[{suite.name}] MISMATCH playout {index} ply {ply}\n"
                    f"  fen:          {fen}\n"
                    f"  only pyffish: {only_sf}\n"
                    f"  only ours:    {only_ours}"
                )

        if not sf_moves_raw or ply == max_plies or game_over(sf, suite.sf_variant, fen):
            return
        move = rng.choice(sorted(sf_moves_raw))
        next_fen = sf.get_fen(suite.sf_variant, fen, [move])
        if suite.name == "wall" and wall_count(next_fen) != 1:
            suite.other_failures += 1
            suite.report(
                f"[{suite.name}] WALL LOST playout {index} ply {ply}: pyffish's get_fen "
                f"after {move} has {wall_count(next_fen)} '*'\n"
                f"  before: {fen}\n  after:  {next_fen}"
            )
            return
        fen = next_fen


def make_suite(name: str) -> Suite:
    if name == "chess":
        return Suite("chess", "chess", "chess")
    if name == "wall":
        return Suite("wall", "chess", "behemoth")
    if name == "wildebeest":
        return Suite("wildebeest", "wildebeest", "wildebeest")
    raise ValueError(name)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description="Compare menagerie's legal moves with pyffish over random playouts."
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"random seed (default {DEFAULT_SEED})")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="total time budget, split evenly across the suites (default 60)")
    parser.add_argument("--suite", action="append", choices=ALL_SUITES,
                        help="suite to run (repeatable; default: all)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="run exactly N playouts per suite, ignoring --seconds")
    parser.add_argument("--max-plies", type=int, default=200,
                        help="plies after which a playout stops (default 200)")
    parser.add_argument("--menagerie", type=Path, default=DEFAULT_BINARY,
                        help="path of the menagerie binary (default: target/release/menagerie "
                             "in the repository root)")
    parser.add_argument("--wildebeest-ini", type=Path, default=DEFAULT_WILDEBEEST_INI,
                        help="Fairy-Stockfish variant file for Wildebeest")
    args = parser.parse_args(argv)

    try:
        import pyffish as sf
    except ImportError:
        print("pyffish is not installed: run `pip install pyffish`", file=sys.stderr)
        return 2

    binary = args.menagerie
    if not binary.is_absolute():
        binary = (REPO_ROOT / binary) if not binary.exists() else binary.resolve()
    if not binary.exists():
        print(f"menagerie binary not found at {binary} (run `cargo build --release`)",
              file=sys.stderr)
        return 2

    suite_names = []
    for name in args.suite or ALL_SUITES:
        if name not in suite_names:
            suite_names.append(name)

    if "wildebeest" in suite_names:
        try:
            sf.load_variant_config(args.wildebeest_ini.read_text())
        except OSError as err:
            print(f"cannot read {args.wildebeest_ini}: {err}", file=sys.stderr)
            return 2
        if "wildebeest" not in sf.variants():
            print(f"{args.wildebeest_ini} did not define variant `wildebeest`", file=sys.stderr)
            return 2

    print(f"pyffish {'.'.join(map(str, sf.version()))}; menagerie {binary}; seed {args.seed}; "
          f"suites {' '.join(suite_names)}; "
          + (f"{args.playouts} playouts each" if args.playouts is not None
             else f"{args.seconds:g}s budget"), flush=True)

    share = args.seconds / len(suite_names)
    suites = []
    for name in suite_names:
        suite = make_suite(name)
        suites.append(suite)
        ours = Menagerie(binary, suite.our_variant)
        started = time.monotonic()
        index = 0
        try:
            while True:
                if args.playouts is not None:
                    if index >= args.playouts:
                        break
                elif index > 0 and time.monotonic() - started >= share:
                    break
                rng = random.Random(f"{args.seed}:{name}:{index}")
                run_playout(suite, ours, sf, rng, index, args.max_plies)
                index += 1
        finally:
            ours.close()
        print(f"finished {suite.summary()} ({time.monotonic() - started:.1f}s)", flush=True)

    print("summary:")
    for suite in suites:
        print(f"  {suite.summary()}")
    failed = any(s.failed() for s in suites)
    print("FAIL" if failed else "OK", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
