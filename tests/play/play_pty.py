#!/usr/bin/env python3
"""Drives `menagerie play` through a pseudo-terminal, as a person at a terminal would:
one whole game per variant family, each ending in a result, and the saved PGN checked
afterwards with `menagerie pgn check` (its rolls against the seed where the app rolled).

Games (each asserts what the program printed, the result line and the PGN):

  * chess, two humans: an illegal move answered with the reason and a short hint,
    an undo, then fool's mate typed in SAN and coordinates; drawn in colour (the pty is
    a terminal) and checked for ANSI escapes.
  * chess against the engine with --time 0.3: its reply, with depth, score and
    win/draw/loss odds said from fixed sides, within 3 seconds; then the human resigns.
  * chess, the engine as White and the human as Black: the board drawn with Black at the
    bottom, the engine's score said from a named side, an illegal move's short hint, and
    Ctrl-C saving the game.
  * behemoth, two humans, seed 7: Ctrl-C after the first roll saves the game and shows
    the seed, which `pgn check` confirms.
  * wildebeest, two humans: the line Wf4 Na8 Wg7#, the shortest mate (found by search),
    drawn without colour (NO_COLOR) and checked for the absence of escapes.
  * behemoth, human against the engine, app dice with a fixed seed: the human plays the
    first legal move each turn until the beast ends the game or 40 moves pass (then
    resigns); the rolls must be seed 4's.
  * juggernaut, over the board (two humans, --dice manual): a bad roll is refused with
    the reason, then `3` moves the Juggernaut onto e4 and `10 e1` teleports it onto
    White's king; the referee says who won and why.
  * behemoth-loop, engine against engine, app dice, depth 1: a whole game to its end.
  * battle-chieftain (and the uneven field), two humans: kings placed, a few moves, a
    draw offered and accepted.

Usage: python3 tests/play/play_pty.py [--menagerie PATH] [-v]
Exit status 0 on success, 1 on failure with the transcript's tail.
"""

import argparse
import os
import pty
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class Failure(Exception):
    pass


class Terminal:
    """`menagerie play ARGS` on a pseudo-terminal, read and written like a person."""

    last = None  # the latest session, for the transcript of a failure

    def __init__(self, binary, args, colour=False, verbose=False):
        Terminal.last = self
        env = dict(os.environ)
        env.pop("NO_COLOR", None)
        if not colour:
            env["NO_COLOR"] = "1"
        self.verbose = verbose
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(binary, [binary, "play", *args], env)
        self.raw = ""
        self.seen = 0  # how much of the transcript earlier expectations consumed

    def text(self):
        return ANSI.sub("", self.raw)

    def read_some(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return None
        if not data:
            return None
        chunk = data.decode("utf-8", "replace")
        if self.verbose:
            sys.stdout.write(chunk)
        self.raw += chunk
        return True

    def expect(self, pattern, timeout=60):
        """Waits for `pattern` after what earlier expectations consumed; returns the match."""
        regex = re.compile(pattern)
        deadline = time.time() + timeout
        while True:
            text = self.text()
            match = regex.search(text, self.seen)
            if match:
                self.seen = match.end()
                return match
            left = deadline - time.time()
            if left <= 0:
                raise Failure(f"timed out waiting for {pattern!r}")
            if self.read_some(min(left, 1.0)) is None:
                text = self.text()
                match = regex.search(text, self.seen)
                if match:
                    self.seen = match.end()
                    return match
                raise Failure(f"the program ended before {pattern!r}")

    def stop(self):
        """Ends the program if it is still running (after a failure)."""
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass

    def send(self, line):
        os.write(self.fd, (line + "\n").encode())

    def finish(self, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.read_some(0.5) is None:
                break
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def pgn_check(binary, path, seed=None):
    args = [binary, "pgn", "check", str(path)]
    if seed is not None:
        args += ["--seed", str(seed)]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        raise Failure(f"pgn check {path} failed: {out.stderr.strip()}")
    return out.stdout


def saved_has(binary, pgn, movetext):
    """The saved PGN holds `movetext` and passes `pgn check`."""
    text = pgn.read_text()
    if movetext not in text:
        raise Failure(f"unexpected PGN:\n{text}")
    pgn_check(binary, pgn)


def ended(term, pattern):
    """The game-over line matches `pattern`; the PGN was saved; the program exits 0."""
    term.expect(r"Game over: " + pattern)
    term.expect(r"Saved the game to ")
    code = term.finish()
    if code != 0:
        raise Failure(f"menagerie play exited with {code}")


def chess_game(binary, pgn, verbose):
    term = Terminal(binary, ["--variant", "chess", "--white", "human", "--black", "human",
                             "--pgn", str(pgn)], colour=True, verbose=verbose)
    term.expect(r"White to move> ")
    if "\x1b[48;5;" not in term.raw:
        raise Failure("no colour on a terminal")
    term.send("Ke2")
    # A short hint, not the 20 moves: a few examples and the way to see them all.
    hint = term.expect(r"Illegal: Ke2: .*king.*\nFor example ([^;\n]*); type `moves` for all 20\.")
    if len(hint.group(1).replace(" and 12 more", "").split()) != 8:
        raise Failure(f"not 8 examples: {hint.group(1)!r}")
    term.expect(r"White to move> ")
    term.send("e2e5")
    term.expect(r"Illegal: e2e5: your pawn on e2 cannot go to e5[^\n]*; it can play e3 e4\r?\n"
                r"Type `moves` for all 20 legal moves\.")
    term.send("f3")
    term.expect(r"Black to move> ")
    term.send("e7e5")
    term.expect(r"White to move> ")
    term.send("g3")
    term.expect(r"Black to move> ")
    term.send("undo")
    term.expect(r"Taken back\.")
    term.expect(r"White to move> ")
    term.send("g2g4")
    term.expect(r"Black to move> ")
    term.send("Qh4#")
    ended(term, r"Black wins by checkmate \(0-1\)")
    saved_has(binary, pgn, "1. f3 e5 2. g4 Qh4# 0-1")


def chess_against_the_engine(binary, pgn, verbose):
    term = Terminal(binary, ["--variant", "chess", "--white", "human", "--black", "engine",
                             "--time", "0.3", "--pgn", str(pgn)], verbose=verbose)
    term.expect(r"White to move> ")
    term.send("e4")
    started = time.time()
    term.expect(r"Black \(engine\) plays [^\n]*\[depth \d+, score [^,]+, "
                r"White wins \d+% draw \d+% Black wins \d+%")
    took = time.time() - started
    if took > 3.0:
        raise Failure(f"the engine took {took:.1f}s with --time 0.3")
    term.expect(r"White to move> ")
    term.send("resign")
    ended(term, r"White resigns \(0-1\)")
    saved_has(binary, pgn, "0-1")


def black_against_the_engine(binary, pgn, verbose):
    """The human plays Black: Black's side drawn at the bottom, the engine's score said
    from a named side, then Ctrl-C saves the game."""
    term = Terminal(binary, ["--variant", "chess", "--white", "engine", "--black", "human",
                             "--depth", "2", "--time", "30", "--pgn", str(pgn)],
                    verbose=verbose)
    term.expect(r"White \(engine\) plays [^\n]*\[depth \d+, score "
                r"(White \+\d+\.\d\d|Black \+\d+\.\d\d|even|(White|Black) mates in \d+), White wins \d+%")
    # Rank 1 on top, rank 8 at the bottom, files from h to a.
    term.expect(r"\n +1 [^\n]*R[^\n]*\r?\n(?: +[2-7] [^\n]*\n){6} +8  r  n  b  k  q  b  n  r \r?\n"
                r" +h  g  f  e  d  c  b  a")
    term.expect(r"Black to move> ")
    # The king cannot have moved on White's first move, whichever the engine chose.
    term.send("e1e2")
    term.expect(r"Illegal: e1e2: the king on e1 is White's, and Black is to move\r?\n"
                r"For example [^;\n]*; type `moves` for all 20\.")
    term.expect(r"Black to move> ")
    os.write(term.fd, b"\x03")  # Ctrl-C, which the terminal turns into SIGINT
    term.expect(r"Interrupted \(Ctrl-C\)")
    ended_without_result(term)
    pgn_check(binary, pgn)


def ctrl_c_shows_the_seed(binary, pgn, verbose):
    """Ctrl-C in a game with the app's dice: saved, and the seed shown, as `quit` does."""
    seed = 7
    term = Terminal(binary, ["--variant", "behemoth", "--white", "human", "--black", "human",
                             "--seed", str(seed), "--pgn", str(pgn)], verbose=verbose)
    term.expect(r"White to move> ")
    term.send("e4")
    term.expect(r"Dice \d \d: the Behemoth ")
    term.expect(r"(Black to move> |Game over: )")
    os.write(term.fd, b"\x03")
    term.expect(r"Interrupted \(Ctrl-C\)")
    term.expect(r"Saved the game to ")
    term.expect(rf"Dice seed: {seed}\. Check every roll: menagerie pgn check")
    if term.finish() != 0:
        raise Failure("menagerie play did not exit 0 after Ctrl-C")
    out = pgn_check(binary, pgn)
    if f"every roll is seed {seed}'s" not in out:
        raise Failure(f"the rolls were not checked against the seed: {out}")


def ended_without_result(term):
    term.expect(r"Game stopped without a result \(\*\)\.")
    term.expect(r"Saved the game to ")
    code = term.finish()
    if code != 0:
        raise Failure(f"menagerie play exited with {code}")


def wildebeest_game(binary, pgn, verbose):
    term = Terminal(binary, ["--variant", "wildebeest", "--white", "human", "--black", "human",
                             "--pgn", str(pgn)], verbose=verbose)
    if "\x1b[" in term.expect(r"White to move> ").string:
        raise Failure("colour although NO_COLOR is set")
    for move, prompt in [("Wf4", "Black"), ("b10a8", "White"), ("Wg7", None)]:
        term.send(move)
        if prompt:
            term.expect(prompt + r" to move> ")
    ended(term, r"White wins by checkmate \(1-0\)")
    pgn_check(binary, pgn)


def first_legal(term):
    """The first move `moves` lists."""
    term.send("moves")
    return term.expect(r"Legal moves: (\S+)").group(1)


def behemoth_game(binary, pgn, verbose):
    seed = 4
    term = Terminal(binary, ["--variant", "behemoth", "--white", "human", "--black", "engine",
                             "--seed", str(seed), "--depth", "2", "--time", "30",
                             "--pgn", str(pgn)], verbose=verbose)
    term.expect(r"SHA-256 commitment is [0-9a-f]{64}")
    over = False
    for _ in range(40):
        if term.expect(r"(White to move> |Game over: )").group(1).startswith("Game over"):
            over = True
            break
        term.send(first_legal(term))
        # The roll that follows the move, unless the move itself ended the game.
        if term.expect(r"(Dice \d \d: the Behemoth |Game over: )").group(1).startswith("Game"):
            over = True
            break
    if not over:
        term.expect(r"White to move> ")
        term.send("resign")
    term.seen = 0
    term.expect(r"Black \(engine\) plays [^\n]*\[depth \d+, score [^,]+, White wins \d+%")
    ended(term, r"(White wins|Black wins|draw|White resigns)")
    term.seen = 0
    term.expect(rf"Dice seed: {seed}\. Check every roll: menagerie pgn check")
    out = pgn_check(binary, pgn)  # the [Seed] tag is in the file
    if f"every roll is seed {seed}'s" not in out:
        raise Failure(f"the rolls were not checked against the seed: {out}")


def juggernaut_over_the_board(binary, pgn, verbose):
    term = Terminal(binary, ["--variant", "juggernaut", "--white", "human", "--black", "human",
                             "--dice", "manual", "--rule", "juggernaut-start=d4",
                             "--pgn", str(pgn)], verbose=verbose)
    term.expect(r"White to move> ")
    term.send("e4")
    term.expect(r"Dice for the Juggernaut .*> ")
    term.send("11")
    term.expect(r"Not a roll: the d10 shows 1-10, not '11'")
    term.send("3")
    term.expect(r"Dice 3: the Juggernaut goes e4, trampling White's pawn on e4\.")
    term.expect(r"Black to move> ")
    term.send("e5")
    term.expect(r"Dice for the Juggernaut .*> ")
    term.send("10 e1")
    term.expect(r"Dice 10 e1: the Juggernaut teleports to e1, trampling White's king on e1\.")
    ended(term, r"Black wins by the beast trampling the king \(0-1\)")
    saved_has(binary, pgn, "1. e4 {[%roll 3]} e5 {[%roll 10 e1]} 0-1")


def loop_engine_game(binary, pgn, verbose):
    term = Terminal(binary, ["--variant", "behemoth-loop", "--white", "engine", "--black",
                             "engine", "--seed", "3", "--depth", "1", "--time", "30",
                             "--pgn", str(pgn)], verbose=verbose)
    ended(term, r"(White wins|Black wins|draw)", )
    out = pgn_check(binary, pgn)
    if "every roll is seed 3's" not in out:
        raise Failure(f"the rolls were not checked against the seed: {out}")


def battle_game(binary, pgn, verbose, variant):
    term = Terminal(binary, ["--variant", variant, "--white", "human", "--black", "human",
                             "--pgn", str(pgn)], verbose=verbose)
    term.expect(r"Bb3 or b2b3 moves a berserker")  # the help speaks of its own pieces
    term.expect(r"Move 1, White to place its king on its wall")
    for move, side in [("K@e2", "Black"), ("K@f10", "White"), ("Bb3", "Black"),
                       ("b11b9", "White")]:
        term.expect(r"(White|Black) to move> ")
        term.send(move)
    term.seen = 0
    term.expect(r"White places its king on e2 \(K@e2\)\.")
    term.expect(r"Black places its king on f10 \(K@f10\)\.")
    # The legend under the board names the walls and the holes.
    term.expect(r"= wall \(no piece may enter or cross\), gaps: holes \(no square there\)")
    term.expect(r"White plays Bb3\.")
    term.expect(r"White to move> ")
    term.send("draw")
    term.expect(r"Black, do you accept a draw\? \(yes/no\)> ")
    term.send("yes")
    ended(term, r"draw agreed \(1/2-1/2\)")
    out = pgn_check(binary, pgn)
    if "1/2-1/2 (draw agreed)" not in out:
        raise Failure(f"unexpected check: {out}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--menagerie", default=str(REPO / "target/release/menagerie"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    binary = os.path.abspath(args.menagerie)
    games = [
        ("chess", chess_game),
        ("chess against the engine", chess_against_the_engine),
        ("black against the engine, then Ctrl-C", black_against_the_engine),
        ("Ctrl-C shows the seed", ctrl_c_shows_the_seed),
        ("wildebeest", wildebeest_game),
        ("behemoth", behemoth_game),
        ("juggernaut", juggernaut_over_the_board),
        ("behemoth-loop", loop_engine_game),
        ("battle-chieftain", lambda b, p, v: battle_game(b, p, v, "battle-chieftain")),
        ("battle-chieftain-uneven-field",
         lambda b, p, v: battle_game(b, p, v, "battle-chieftain-uneven-field")),
    ]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, run in games:
            pgn = Path(tmp) / (name.replace(" ", "-") + ".pgn")
            started = time.time()
            try:
                run(binary, pgn, args.verbose)
                print(f"ok   {name} ({time.time() - started:.1f}s)")
            except Failure as e:
                failed += 1
                print(f"FAIL {name}: {e}")
                if Terminal.last is not None:
                    tail = Terminal.last.text().splitlines()[-30:]
                    print("  transcript's tail:\n    " + "\n    ".join(tail))
                    Terminal.last.stop()
    if failed:
        sys.exit(f"{failed} game(s) failed")
    print(f"all {len(games)} games ended with a result and a valid PGN")


if __name__ == "__main__":
    main()
