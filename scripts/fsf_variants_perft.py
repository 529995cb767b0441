#!/usr/bin/env python3
"""Loads a variants.ini file in motley and Fairy-Stockfish and compares them.

    scripts/fsf_variants_perft.py [--depth N] [--motley BIN] FILE

Runs `motley check FILE` and prints its summary and the refusals counted by
reason (the key at fault, or the reason itself). Then, for every section
motley loads, counts perft from the start position to depth N (default 3)
with motley (`motley perft --variants FILE`) and with Fairy-Stockfish
(pyffish's legal_moves, the same file loaded with load_variant_config) and
prints both; exits with status 1 if any count differs.

FILE is typically Fairy-Stockfish's own src/variants.ini, as shipped in the
pyffish source distribution (pip download --no-binary :all: pyffish==0.0.90).
Needs pyffish (pip install pyffish==0.0.90).
"""
import argparse
import collections
import re
import subprocess
import sys

import pyffish as sf


def motley_check(motley, path):
    out = subprocess.run([motley, "check", path], capture_output=True, text=True)
    lines = out.stdout.strip().splitlines()
    if not lines:
        sys.exit(f"motley check printed nothing: {out.stderr.strip()}")
    return lines[:-1], lines[-1]


def reason_of(line):
    """The key at fault (or the reason) of a check line that is not 'loads'."""
    rest = re.sub(r"^.*?: \[[^]]*\] ", "", line)
    if ": cannot be played yet: " in rest:
        key, why = rest.split(": cannot be played yet: ", 1)
        return "cannot be played yet: " + re.sub(r"'[^']*'", "'X'", why.split(":")[0]) + f" ({key})"
    return re.sub(r"'[^']*'", "'X'", rest.split(" (only")[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--motley", default="target/release/motley")
    args = parser.parse_args()

    lines, summary = motley_check(args.motley, args.file)
    print(summary)
    reasons = collections.Counter(reason_of(l) for l in lines if not l.endswith("] loads"))
    for reason, count in reasons.most_common():
        print(f"  {count:3}  {reason}")
    loaded = [re.search(r"\[([^]]*)\] loads$", l).group(1) for l in lines if l.endswith("] loads")]

    with open(args.file) as f:
        sf.load_variant_config(f.read())
    failures = 0
    for name in loaded:
        fen = sf.start_fen(name)

        def perft(moves, depth):
            legal = sf.legal_moves(name, fen, moves)
            if depth == 1:
                return len(legal)
            return sum(perft(moves + [m], depth - 1) for m in legal)

        theirs = [perft([], d) for d in range(1, args.depth + 1)]
        ours = []
        for d in range(1, args.depth + 1):
            out = subprocess.run(
                [args.motley, "perft", "--variants", args.file, "--variant", name, "--depth", str(d)],
                capture_output=True, text=True)
            ours.append(int(out.stdout.split()[-1]) if out.returncode == 0 else None)
        same = theirs == ours
        failures += not same
        print(f"{name:24} Fairy-Stockfish {theirs}  motley {ours}  {'same' if same else 'DIFFERENT'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
