#!/usr/bin/env python3
"""Drives `menagerie uci` with python-chess's engine module (PyPI package `chess`).

python-chess is a strict, widely used UCI client: if it can identify the engine, play a
game against it and read its analysis without logging a warning, GUIs built the same way
will cope too. The test:

  * starts the bare binary with `SimpleEngine.popen_uci([binary])`, as a GUI does (no
    arguments, stdin a pipe), and checks that its `id name` carries a version;
  * turns `UCI_ShowWDL` on if the engine offers it;
  * plays a short game of the engine against itself with `Limit(time=0.05)`, checking
    that every move is legal in python-chess's own board;
  * analyses a few positions at `Limit(depth=4)` with `INFO_ALL` and checks that the info
    has depth, score, nodes, a legal pv and (with UCI_ShowWDL) a wdl triple summing to
    1000;
  * checks mate scores: a mate in one for white and for black, and a side that is mated
    in one whatever it does;
  * runs an open-ended analysis and leaves it early, so `stop` is sent mid-search and the
    engine must answer with a bestmove;
  * asks for three lines with `multipv=3` (distinct first moves, the mate first), limits
    the search with `root_moves` (UCI `searchmoves`) and plays with `ponder=True`;
  * starts the bare binary on a pseudo-terminal, where it must print its help instead;
  * fails if python-chess logs anything at WARNING level or above (protocol errors,
    unexpected lines, engine crashes).

Usage: python3 tests/uci/python_chess_uci.py [--menagerie PATH] [--plies N] [-v]
The binary defaults to target/release/menagerie under the repository root (found from
this script's location). Exit status 0 on success, 1 on failure with a message.
"""

import argparse
import logging
import os
import pty
import re
import sys
import time
from pathlib import Path

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("python-chess is not installed: pip install chess")

REPO = Path(__file__).resolve().parents[2]

# Positions for analysis: (description, FEN).
ANALYSE = [
    ("start position", chess.STARTING_FEN),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "black to move, en passant possible",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/5N2/PPPP1PPP/RNBQKB1R b KQkq e3 0 3",
    ),
    ("endgame", "8/8/4k3/8/2p5/2P2K2/8/8 w - - 0 1"),
]

# Mate positions: (description, FEN, expected mate for the side to move, mating move
# or None).
MATES = [
    (
        "scholar's mate",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        1,
        "h5f7",
    ),
    (
        "fool's mate, black mates",
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        1,
        "d8h4",
    ),
    ("mated in one whatever it does", "k7/8/1K6/8/8/8/8/7R b - - 0 1", -1, None),
]


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Collect(logging.Handler):
    """Keeps every record; the test fails on those at WARNING or above."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)

    def problems(self):
        return [r for r in self.records if r.levelno >= logging.WARNING]

    def transcript(self, last=60):
        lines = [f"{r.levelname}: {r.getMessage()}" for r in self.records]
        return "\n".join(lines[-last:])


def check_pv(board, pv, where):
    check(pv, f"{where}: empty pv")
    probe = board.copy()
    for move in pv:
        check(move in probe.legal_moves, f"{where}: pv move {move} is illegal in {probe.fen()}")
        probe.push(move)


def check_info(board, info, where, show_wdl, full_depth=4):
    for key in ("depth", "score", "nodes", "pv"):
        check(key in info, f"{where}: analysis info lacks '{key}': {info}")
    check(1 <= info["depth"] <= full_depth, f"{where}: depth {info['depth']}")
    check(isinstance(info["nodes"], int) and info["nodes"] > 0, f"{where}: nodes {info['nodes']}")
    check_pv(board, info["pv"], where)
    score = info["score"]
    check(isinstance(score, chess.engine.PovScore), f"{where}: score {score!r}")
    check(score.turn == board.turn, f"{where}: score from the wrong side: {score!r}")
    if show_wdl:
        check("wdl" in info, f"{where}: UCI_ShowWDL is on but the info has no wdl: {info}")
        wdl = info["wdl"].relative
        check(
            min(wdl.wins, wdl.draws, wdl.losses) >= 0 and wdl.total() == 1000,
            f"{where}: wdl {wdl} does not sum to 1000",
        )
        if score.relative.is_mate():
            expect = (1000, 0, 0) if score.relative.mate() > 0 else (0, 0, 1000)
            check(
                (wdl.wins, wdl.draws, wdl.losses) == expect,
                f"{where}: wdl {wdl} for {score.relative}",
            )
    for key in ("nps", "time", "hashfull"):
        check(key in info, f"{where}: analysis info lacks '{key}': {info}")


def run(binary, plies, log):
    engine = chess.engine.SimpleEngine.popen_uci([str(binary)], timeout=10)
    try:
        name = engine.id.get("name", "")
        check(
            re.fullmatch(r"Menagerie \d+\.\d+\.\d+.*", name) is not None,
            f"id name is {name!r}, expected Menagerie and a version",
        )
        print(f"engine: {name} by {engine.id.get('author', '?')}")

        show_wdl = "UCI_ShowWDL" in engine.options
        if show_wdl:
            engine.configure({"UCI_ShowWDL": True})
        print(f"UCI_ShowWDL offered: {show_wdl}")

        # Self-play.
        board = chess.Board()
        started = time.monotonic()
        for ply in range(plies):
            if board.is_game_over(claim_draw=True):
                break
            result = engine.play(board, chess.engine.Limit(time=0.05))
            move = result.move
            check(move is not None, f"ply {ply + 1}: no move in {board.fen()}")
            check(
                move in board.legal_moves,
                f"ply {ply + 1}: illegal move {move} in {board.fen()}",
            )
            board.push(move)
        elapsed = time.monotonic() - started
        print(f"self-play: {len(board.move_stack)} plies in {elapsed:.2f} s: {board_san(board)}")
        check(len(board.move_stack) == plies or board.is_game_over(claim_draw=True),
              f"self-play stopped early after {len(board.move_stack)} plies")

        # Analysis, including the position the game reached.
        positions = ANALYSE + [("after self-play", board.fen())]
        for where, fen in positions:
            position = chess.Board(fen)
            info = engine.analyse(position, chess.engine.Limit(depth=4), info=chess.engine.INFO_ALL)
            check_info(position, info, where, show_wdl)
            if not info["score"].relative.is_mate():
                check(info["depth"] == 4, f"{where}: depth {info['depth']}, expected 4")
            print(
                f"analyse {where}: depth {info['depth']} score {info['score'].relative} "
                f"nodes {info['nodes']} pv {' '.join(m.uci() for m in info['pv'])}"
                + (f" wdl {tuple(info['wdl'].relative)}" if show_wdl else "")
            )

        # The same positions through a game history rather than a FEN.
        moves_board = chess.Board()
        for uci in ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5"):
            moves_board.push_uci(uci)
        info = engine.analyse(moves_board, chess.engine.Limit(depth=4), info=chess.engine.INFO_ALL)
        check_info(moves_board, info, "position startpos moves ...", show_wdl)

        # Mates.
        for where, fen, mate, key in MATES:
            position = chess.Board(fen)
            info = engine.analyse(position, chess.engine.Limit(depth=4), info=chess.engine.INFO_ALL)
            check_info(position, info, where, show_wdl)
            score = info["score"].relative
            check(score.is_mate(), f"{where}: no mate score, got {score}")
            check(score.mate() == mate, f"{where}: {score}, expected mate {mate}")
            if key is not None:
                check(info["pv"][0].uci() == key, f"{where}: pv starts {info['pv'][0]}, expected {key}")
                result = engine.play(position, chess.engine.Limit(depth=4))
                check(result.move.uci() == key, f"{where}: played {result.move}, expected {key}")
                position.push(result.move)
                check(position.is_checkmate(), f"{where}: {key} does not mate")
            print(f"mate {where}: score {score} pv {' '.join(m.uci() for m in info['pv'])}")

        # An open-ended search, left early: python-chess sends `stop` and waits for the
        # bestmove.
        position = chess.Board(ANALYSE[1][1])
        with engine.analysis(position) as analysis:
            seen = 0
            for info in analysis:
                if "depth" in info:
                    seen += 1
                if seen >= 3:
                    break
        check(seen >= 3, "infinite analysis ended before three depths")
        best = analysis.wait().move
        check(best in position.legal_moves, f"bestmove after stop {best} is illegal")
        print(f"infinite analysis stopped after {seen} depths, bestmove {best}")

        # MultiPV: three distinct lines, the mate in one first.
        position = chess.Board(MATES[0][1])
        lines = engine.analyse(position, chess.engine.Limit(depth=3), multipv=3)
        check(len(lines) == 3, f"multipv=3 gave {len(lines)} lines")
        firsts = [line["pv"][0] for line in lines]
        check(len(set(firsts)) == 3, f"multipv lines share a first move: {firsts}")
        check(firsts[0].uci() == MATES[0][3], f"multipv line 1 is {firsts[0]}, not the mate")
        for line in lines:
            check_pv(position, line["pv"], "multipv")
        print(f"multipv 3: {' '.join(m.uci() for m in firsts)}")

        # searchmoves: the mate is not among the moves allowed.
        allowed = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
        result = engine.play(position, chess.engine.Limit(depth=3), root_moves=allowed)
        check(result.move in allowed, f"searchmoves a2a3 h2h3 answered {result.move}")
        print(f"searchmoves a2a3 h2h3: {result.move}")

        # Pondering: python-chess sends `go ponder` on the expected reply after each move,
        # and `stop` before the next search.
        board = chess.Board()
        for _ in range(4):
            result = engine.play(board, chess.engine.Limit(time=0.05), ponder=True)
            check(result.move in board.legal_moves, f"ponder game: illegal {result.move}")
            board.push(result.move)
        print(f"played with ponder=True: {board_san(board)}")

        # A fresh game and ping: ucinewgame then isready must still answer.
        engine.ping()
        result = engine.play(chess.Board(), chess.engine.Limit(nodes=2000), game="second game")
        check(result.move in chess.Board().legal_moves, f"new game: illegal move {result.move}")
        print(f"new game after ucinewgame: {result.move}")
    finally:
        engine.quit()

    problems = log.problems()
    check(
        not problems,
        "python-chess logged protocol problems:\n"
        + "\n".join(f"{r.levelname}: {r.getMessage()}" for r in problems),
    )


def check_help_on_a_terminal(binary):
    """On a terminal the bare binary is not talking to a GUI: it prints its help."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(str(binary), [str(binary)])
    output = b""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    _, status = os.waitpid(pid, 0)
    text = output.decode(errors="replace")
    check(os.WEXITSTATUS(status) == 0, f"the bare binary on a terminal exited {status}")
    check("Usage:" in text and "uci" in text, f"no help on a terminal: {text[:300]!r}")
    print("bare binary on a terminal: prints its help")


def board_san(board):
    return chess.Board().variation_san(board.move_stack)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--menagerie",
        type=Path,
        default=REPO / "target" / "release" / "menagerie",
        help="the menagerie binary (default: target/release/menagerie in the repository)",
    )
    parser.add_argument("--plies", type=int, default=20, help="self-play length (default 20)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the UCI transcript")
    args = parser.parse_args()

    if not args.menagerie.is_file():
        print(f"FAIL: no binary at {args.menagerie} (cargo build --release)", file=sys.stderr)
        return 1

    log = Collect()
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(log)
    logger.propagate = False

    try:
        run(args.menagerie, args.plies, log)
        check_help_on_a_terminal(args.menagerie)
    except (Failure, chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as e:
        print(f"FAIL: {type(e).__name__}: {e}", file=sys.stderr)
        print("last UCI traffic:\n" + log.transcript(), file=sys.stderr)
        return 1
    if args.verbose:
        print(log.transcript(last=10_000))
    print("OK: python-chess drove menagerie uci without protocol problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
