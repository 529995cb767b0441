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

and for WAD and Parity Chess also castling-free (`--no-castling`, the same
arguments, written to scripts/openings/tune/GAME-nocastle.txt): the
conditions of the games against Fairy-Stockfish, for tuning what those
games need.

`--min-score` keeps only lopsided openings instead, scored between
--min-score and --max-score for either side: in a game as drawish as Wau
Chess, where nearly every balanced opening is drawn between two close
engines, a pair of games from a lopsided opening (one with each colour)
still tells the engines apart when one converts the advantage and the
other does not:

    python3 scripts/make_openings.py --variant wauchess --count 200 \
        --plies 8 --depth 5 --min-score 80 --max-score 200 --seed 11 \
        > scripts/openings/tune/wauchess-lopsided.txt

`MOTLEY=path` picks the binary (default: target/release/motley). The
script drives one `motley uci` process for the whole run (`go perft 1` for
the legal moves, `go depth D` for the score, the hash cleared before each
score), so 200 Wau Chess openings take about 20 seconds.
"""

import argparse
import os
import random
import sys

from uci_engine import UciEngine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOTLEY = os.environ.get("MOTLEY", os.path.join(ROOT, "target", "release", "motley"))

START = {
    "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "wadchess": "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
    "paritychess": "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
    "chad": "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
    "wauchess": "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9",
}


def start_engine(variant):
    """One `motley uci` process for `variant`, kept for the whole run:
    starting a process for every ply was most of the generator's time."""
    return UciEngine([MOTLEY, "uci"], {"UCI_Variant": variant})


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
    # None: `position startpos`, so engines without `setboard` can play the lines.
    line_start = None if start == START[args.variant] else start
    engine = start_engine(args.variant)
    seen = set()
    attempts = 0
    while len(seen) < args.count and attempts < args.count * 20:
        attempts += 1
        moves = []
        for _ in range(args.plies):
            legal = engine.perft_moves(line_start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        # A line that ends the game (or reaches an end with no moves) is no opening.
        if len(moves) < args.plies or not engine.perft_moves(line_start, moves):
            continue
        # The table is cleared first, so the same seed writes the same file.
        _, cp = engine.search(f"depth {args.depth}", line_start, moves, new_game=True)
        cp = 0 if cp is None else cp
        key = " ".join(moves)
        if not args.min_score <= abs(cp) <= args.max_score or key in seen:
            continue
        seen.add(key)
        head = "startpos" if line_start is None else start
        print(f"{head} moves {key}", flush=True)
    engine.close()
    if len(seen) < args.count:
        sys.exit(f"only {len(seen)} openings in the score range found")


if __name__ == "__main__":
    main()
