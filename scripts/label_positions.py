#!/usr/bin/env python3
"""Labels positions with a reference engine's score, for `motley tune-eval
--labels`.

Reads FENs (one per line, as `motley tune-eval --write-positions` writes
them), searches each with a UCI engine to a fixed depth and writes
`FEN;CP` lines, CP being the engine's score in centipawns from White's
side (mates as +-3000).

    scripts/label_positions.py --engine "$(scripts/build_fsf.sh)" \
        --variant wadchess --ini scripts/fsf-variants.ini --depth 8 \
        --workers 2 < positions.fen > labelled.txt

Games that Fairy-Stockfish plays without castling (WAD and Parity Chess in
scripts/fsf-variants.ini) get their castling field cleared before they are
sent; the written FEN is the one read.
"""

import argparse
import sys
import threading

from uci_engine import UciEngine

MATE_CP = 3000


def start_engine(command, variant, ini, hash_mb):
    """The reference engine, set up for `variant`."""
    options = {}
    if ini:
        options["VariantPath"] = ini
    if variant != "chess":
        options["UCI_Variant"] = variant
    options["Hash"] = hash_mb
    return UciEngine([command], options)


def for_engine(fen, clear_castling):
    fields = fen.split()
    if clear_castling and len(fields) > 2:
        fields[2] = "-"
    return " ".join(fields)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--ini", default=None)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--hash", type=int, default=16)
    args = ap.parse_args()

    fens = [line.strip() for line in sys.stdin if line.strip()]
    clear = args.variant in ("wadchess", "paritychess")
    results = [None] * len(fens)

    def work(worker):
        engine = start_engine(args.engine, args.variant, args.ini, args.hash)
        for i in range(worker, len(fens), args.workers):
            fen = fens[i]
            _, cp = engine.search(f"depth {args.depth}", for_engine(fen, clear), mate=MATE_CP)
            if cp is not None:
                white_to_move = fen.split()[1] == "w"
                results[i] = cp if white_to_move else -cp
        engine.close()

    threads = [threading.Thread(target=work, args=(w,)) for w in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for fen, cp in zip(fens, results):
        if cp is not None:
            print(f"{fen};{cp}")


if __name__ == "__main__":
    main()
