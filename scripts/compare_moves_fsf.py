#!/usr/bin/env python3
"""Compare motley's legal moves with Fairy-Stockfish's along random games.

Plays random games of a game without castling rights (Fairy-Stockfish has no
fast castling) and, at every ply, compares the set of legal moves motley
lists (`perft --depth 1 --divide`) with pyffish's. Prints the first
difference of each game that has one, and a summary.

    pip install pyffish
    cargo build --release
    python3 scripts/compare_moves_fsf.py wadchess --games 200 --plies 100

Exit status 1 if any difference was found.
"""

import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def motley_moves(binary, variant, fen):
    out = subprocess.run(
        [binary, "perft", "--variant", variant, "--fen", fen, "--depth", "1", "--divide"],
        capture_output=True, text=True, check=True,
    ).stdout
    return {line.split(":")[0] for line in out.splitlines()
            if ":" in line and not line.startswith("Nodes")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", choices=["chess", "wadchess", "paritychess"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "motley"))
    args = parser.parse_args()

    try:
        import pyffish as sf
    except ImportError:
        sys.exit("pyffish is missing: pip install pyffish")
    with open(os.path.join(HERE, "fsf-variants.ini")) as f:
        sf.load_variant_config(f.read())

    rng = random.Random(args.seed)
    start = sf.start_fen(args.variant).replace("KQkq", "-")
    differences = positions = 0
    for _ in range(args.games):
        moves = []
        for _ in range(args.plies):
            fen = sf.get_fen(args.variant, start, moves)
            theirs = set(sf.legal_moves(args.variant, start, moves))
            ours = motley_moves(args.binary, args.variant, fen)
            positions += 1
            if theirs != ours:
                differences += 1
                print(f"{fen}\n  only Fairy-Stockfish: {sorted(theirs - ours)}"
                      f"\n  only motley: {sorted(ours - theirs)}")
                break
            if not theirs:
                break
            moves.append(rng.choice(sorted(theirs)))
    print(f"{args.variant}: {positions} positions compared, {differences} games with a difference")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
