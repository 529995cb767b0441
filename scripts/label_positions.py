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
import subprocess
import sys
import threading

MATE_CP = 3000


class Engine:
    """A UCI engine at one fixed depth."""

    def __init__(self, command, variant, ini, depth, hash_mb):
        self.proc = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, bufsize=1)
        self.depth = depth
        self.send("uci")
        self.wait("uciok")
        if ini:
            self.send(f"setoption name VariantPath value {ini}")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, token):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine stopped")
            lines.append(line)
            if line.startswith(token):
                return lines

    def score(self, fen):
        """The engine's score of `fen` from the side to move's view."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {self.depth}")
        cp = None
        for line in self.wait("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                if kind == "cp":
                    cp = value
                else:
                    cp = MATE_CP if value > 0 else -MATE_CP
        return cp

    def close(self):
        self.send("quit")
        self.proc.wait()


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
        engine = Engine(args.engine, args.variant, args.ini, args.depth, args.hash)
        for i in range(worker, len(fens), args.workers):
            fen = fens[i]
            cp = engine.score(for_engine(fen, clear))
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
