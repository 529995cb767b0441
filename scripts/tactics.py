#!/usr/bin/env python3
"""Run a chess tactics suite (EPD) through `motley analyse` and count the
positions the engine solves.

Each EPD line gives a position and the solution: `bm` (best moves) and, on
some lines, `am` (moves to avoid), both in SAN. For every position the script
runs

    target/release/motley analyse --variant chess --fen "<fen>" --nodes <budget>

and reads the engine's choice from the line `best move: <uci move>` that ends
its output. The SAN moves are converted to UCI with python-chess, and a
position counts as solved when the engine's move is one of the `bm` moves and
none of the `am` moves. The last line printed is

    solved X / <positions> at <budget> nodes

The default suite is scripts/suites/wac.epd, Fred Reinfeld's "Win at Chess"
(300 positions).

Usage:
    pip install chess
    cargo build --release
    python3 scripts/tactics.py                          # all 300, 200000 nodes
    python3 scripts/tactics.py --nodes 1000000 --jobs 4 -v
    python3 scripts/tactics.py --limit 20 --binary /path/to/motley
    python3 scripts/tactics.py --epd other-suite.epd
Options: --nodes N (node budget per position, default 200000), --limit K
(first K positions only), --jobs J (positions searched at once, default 2),
--binary PATH (default target/release/motley in the repository),
--epd PATH, --timeout SECONDS (per position, default 600), -v/--verbose (one
line per position: id, solved or not, the engine's move and the solution).
"""

import argparse
import concurrent.futures
import re
import subprocess
import sys
from pathlib import Path

try:
    import chess
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("tactics.py needs python-chess: pip install chess")

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BINARY = ROOT / "target" / "release" / "motley"
DEFAULT_EPD = ROOT / "scripts" / "suites" / "wac.epd"

BEST_MOVE = re.compile(r"^best move:\s*(\S+)")


class Problem:
    """One EPD position with its solution in UCI."""

    def __init__(self, number, board, ops):
        self.number = number
        self.name = str(ops.get("id", f"#{number}"))
        self.fen = board.fen()
        self.board = board
        self.best = [m.uci() for m in ops.get("bm", [])]
        self.avoid = [m.uci() for m in ops.get("am", [])]
        self.best_san = [board.san(m) for m in ops.get("bm", [])]
        self.avoid_san = [board.san(m) for m in ops.get("am", [])]

    def solution_text(self):
        parts = []
        if self.best:
            parts.append("bm " + " ".join(self.best_san))
        if self.avoid:
            parts.append("am " + " ".join(self.avoid_san))
        return "; ".join(parts)

    def judge(self, move):
        """Whether the engine's UCI move solves the position."""
        if move is None:
            return False
        if self.best and move not in self.best:
            return False
        return move not in self.avoid


def read_suite(path):
    """Reads the EPD file; each line must have a bm or an am operation."""
    problems = []
    with open(path, encoding="utf-8") as epd:
        for line_number, line in enumerate(epd, start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                board, ops = chess.Board.from_epd(text)
            except ValueError as error:
                sys.exit(f"{path}:{line_number}: cannot read EPD: {error}")
            if not ops.get("bm") and not ops.get("am"):
                sys.exit(f"{path}:{line_number}: no bm or am operation")
            problems.append(Problem(len(problems) + 1, board, ops))
    return problems


def normalise(board, text):
    """The engine's move in python-chess's UCI spelling, or None when it is
    not a legal move (king-takes-rook castling is accepted)."""
    try:
        move = board.parse_uci(text)
    except ValueError:
        return None
    return move.uci()


def analyse(binary, problem, nodes, timeout):
    """Runs the engine on one position; returns (uci move or None, note)."""
    command = [
        str(binary), "analyse", "--variant", "chess",
        "--fen", problem.fen, "--nodes", str(nodes),
    ]
    try:
        run = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return None, f"no answer within {timeout} s"
    if run.returncode != 0:
        detail = (run.stderr.strip().splitlines() or ["(no message)"])[-1]
        return None, f"exit status {run.returncode}: {detail}"
    lines = [line.strip() for line in run.stdout.splitlines() if line.strip()]
    found = BEST_MOVE.match(lines[-1]) if lines else None
    if not found:
        last = lines[-1] if lines else "(no output)"
        return None, f"last line is not 'best move: <move>': {last}"
    text = found.group(1)
    move = normalise(problem.board, text)
    if move is None:
        return None, f"engine move '{text}' is not legal here"
    return move, ""


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--nodes", type=int, default=200000,
                        help="node budget per position (default 200000)")
    parser.add_argument("--limit", type=int, default=None,
                        help="only the first LIMIT positions")
    parser.add_argument("--jobs", type=int, default=2,
                        help="positions searched at once (default 2)")
    parser.add_argument("--binary", type=Path, default=DEFAULT_BINARY,
                        help=f"the engine (default {DEFAULT_BINARY})")
    parser.add_argument("--epd", type=Path, default=DEFAULT_EPD,
                        help=f"the suite (default {DEFAULT_EPD})")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds allowed per position (default 600)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print one line per position")
    args = parser.parse_args()

    if args.nodes < 1:
        parser.error("--nodes must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    if not args.binary.is_file():
        parser.error(f"no engine at {args.binary} (cargo build --release?)")

    problems = read_suite(args.epd)
    if args.limit is not None:
        problems = problems[: args.limit]
    if not problems:
        sys.exit(f"{args.epd}: no positions")

    solved = 0
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(analyse, args.binary, p, args.nodes, args.timeout)
            for p in problems
        ]
        # Results are reported in suite order, whatever order they finish in.
        for problem, future in zip(problems, futures):
            move, note = future.result()
            ok = problem.judge(move)
            solved += ok
            if note:
                failures += 1
            if args.verbose:
                played = move if move is not None else "-"
                line = (f"{problem.name:<10} {'ok  ' if ok else 'FAIL'} "
                        f"{played:<7} ({problem.solution_text()})")
                if note:
                    line += f"  [{note}]"
                print(line, flush=True)
            elif note and failures <= 10:
                print(f"{problem.name}: {note}", file=sys.stderr, flush=True)

    if failures:
        shown = "" if args.verbose or failures <= 10 else " (the first 10 shown)"
        print(f"{failures} position(s) gave no usable answer{shown}", file=sys.stderr)
    print(f"solved {solved} / {len(problems)} at {args.nodes} nodes")


if __name__ == "__main__":
    main()
