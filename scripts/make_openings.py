#!/usr/bin/env python3
"""Makes a file of balanced openings for `motley match`.

Each opening is a few random legal plies from a game's start position
(optionally with castling rights removed, for opponents that do not know a
game's castling), kept when a short motley search scores it within
--max-score centipawns. Lines are written as `FEN moves m1 m2 ...` (or
`startpos moves ...`), the form `motley match --openings` reads; engines
without `setboard` can play the `startpos` form.

    cargo build --release
    python3 scripts/make_openings.py --variant wadchess --no-castling \
        --count 50 --plies 4 > scripts/openings/wadchess-nocastle.txt

The files in scripts/openings/ (50 openings of 4 plies each):

    chess.txt                  --variant chess
    wadchess.txt               --variant wadchess
    wadchess-nocastle.txt      --variant wadchess --no-castling
    paritychess.txt            --variant paritychess
    paritychess-nocastle.txt   --variant paritychess --no-castling
    chad.txt                   --variant chad
    wauchess.txt               --variant wauchess

The castling-free files are for opponents that do not know fast castling
(Fairy-Stockfish); Chad has no castling, so it has one file. Those files
are kept for final checks; changes are tuned on scripts/openings/tune/
(400 openings of 6 plies per game, `scripts/sprt.sh` reads them):

    python3 scripts/make_openings.py --variant GAME --count 400 --plies 6 \
        --depth 5 --seed 7 > scripts/openings/tune/GAME.txt

`--min-score` keeps only lopsided openings instead, scored between
--min-score and --max-score for either side: in a game as drawish as Wau
Chess, where nearly every balanced opening is drawn between two close
engines, a pair of games from a lopsided opening (one with each colour)
still tells the engines apart when one converts the advantage and the
other does not:

    python3 scripts/make_openings.py --variant wauchess --count 200 \
        --plies 8 --depth 5 --min-score 80 --max-score 200 --seed 11 \
        > /tmp/wauchess-lopsided.txt

`MOTLEY=path` picks the binary (default: target/release/motley).
"""

import argparse
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOTLEY = os.environ.get("MOTLEY", os.path.join(ROOT, "target", "release", "motley"))

START = {
    "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "wadchess": "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
    "paritychess": "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
    "chad": "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
    "wauchess": "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9",
}


def motley(*args):
    out = subprocess.run([MOTLEY, *args], capture_output=True, text=True, check=True)
    return out.stdout


def legal_moves(variant, fen):
    out = motley("perft", "--variant", variant, "--fen", fen, "--depth", "1", "--divide")
    return [line.split(":")[0] for line in out.splitlines() if ":" in line and "Nodes" not in line]


def after(variant, fen, move, depth=1):
    """The FEN after `move` and the score of a search there (side to move's view)."""
    out = motley("analyse", "--variant", variant, "--fen", fen, "--moves", move, "--depth", str(depth))
    new_fen = out.splitlines()[0].removeprefix("position ").strip()
    scores = re.findall(r"score\s+([+-]\d+\.\d+|mate -?\d+)", out)
    score = scores[-1] if scores else "+0.00"
    cp = 100000 if score.startswith("mate") else round(float(score) * 100)
    return new_fen, cp


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="chess", choices=sorted(START))
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--no-castling", action="store_true")
    ap.add_argument("--max-score", type=int, default=60)
    ap.add_argument("--min-score", type=int, default=0)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    start = START[args.variant]
    if args.no_castling:
        fields = start.split()
        fields[2] = "-"
        start = " ".join(fields)
    seen = set()
    attempts = 0
    while len(seen) < args.count and attempts < args.count * 20:
        attempts += 1
        fen, moves = start, []
        for _ in range(args.plies):
            m = rng.choice(legal_moves(args.variant, fen))
            fen, _ = after(args.variant, fen, m)
            moves.append(m)
        # Score the line with a real search from the position before its last move.
        prev = start
        for m in moves[:-1]:
            prev, _ = after(args.variant, prev, m)
        _, cp = after(args.variant, prev, moves[-1], args.depth)
        key = " ".join(moves)
        if not args.min_score <= abs(cp) <= args.max_score or key in seen:
            continue
        seen.add(key)
        head = "startpos" if start == START[args.variant] else start
        print(f"{head} moves {key}", flush=True)
    if len(seen) < args.count:
        sys.exit(f"only {len(seen)} openings in the score range found")


if __name__ == "__main__":
    main()
