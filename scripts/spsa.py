#!/usr/bin/env python3
"""Tunes the search's numbers by SPSA over `motley match` games.

    cargo build --release --features tune --target-dir target/tune
    scripts/spsa.py --engine target/tune/release/motley --variant wadchess \\
        --params RFP_PER_DEPTH,FUTILITY_BASE --iterations 2000

A `tune` build lists every tunable number of the search
(src/engine/search/params.rs) as a UCI spin option with its default and the
range a tuner may try. Each iteration of simultaneous perturbation
stochastic approximation (SPSA) moves every parameter at once by +c or -c
at random, plays one pair of games (one opening, each side once) between
the engine set to theta + c*delta and the engine set to theta - c*delta,
and steps theta along delta by a times the pair's result (wins minus
losses of the plus side, -2 to 2) over c. The gains follow the usual
schedules, c_k = c / k^0.101 and a_k = a / (A + k)^0.602 with A a tenth of
the iterations, set from each parameter's final perturbation (--c-end, a
share of its range) and final learning rate (--r-end, as in Fishtest).

Pairs run --concurrency at a time, each its own `motley match` at fixed
nodes (reproducible, and two fit on two cores); theta moves as each
finishes. Every iteration appends one line to --log: the iteration, the
pair's result and theta, so a run can be followed, plotted or resumed
(--resume starts from the log's last theta and iteration). The result is
the last theta, printed as `NAME = VALUE` lines for params.rs; like any
other change to the search, it is kept only if an SPRT against the
defaults says it gains.
"""

import argparse
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

ALPHA = 0.602
GAMMA = 0.101
SPIN = re.compile(r"option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)")
TUNABLE_NAME = re.compile(r"[A-Z][A-Z0-9_]+$")
# The adjudication of fixed-node games between versions of motley, shared
# with the shell scripts (match_common.sh).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "self_play_adjudication.args"), encoding="utf-8") as _f:
    SELF_PLAY_ADJUDICATION = _f.read().split()
SCORE_LINE = re.compile(r"Score of .* vs .*: (\d+) - (\d+) - (\d+)")


def tunables(engine):
    """The engine's tunable numbers: {name: (default, min, max)}.

    A `tune` build lists them as spin options whose names are the
    constants' (capitals and underscores); a normal build lists none.
    """
    out = subprocess.run([engine, "uci"], input="uci\nquit\n", capture_output=True,
                         text=True, check=True, timeout=30)
    found = {}
    for line in out.stdout.splitlines():
        m = SPIN.match(line.strip())
        if m and TUNABLE_NAME.match(m.group(1)):
            found[m.group(1)] = tuple(int(x) for x in m.groups()[1:])
    return found


def read_openings(path):
    """The non-empty lines of an openings file."""
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def play_pair(args, opening, plus, minus):
    """Plays one pair from `opening` between the settings `plus` and
    `minus` ({name: int}); returns plus's wins minus its losses."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(opening + "\n")
        openings = f.name
    cmd = [args.engine, "match", "--engine1", args.engine, "--engine2", args.engine,
           "--name1", "plus", "--name2", "minus", "--variant", args.variant,
           "--nodes", str(args.nodes), "--games", "2", "--openings", openings,
           *SELF_PLAY_ADJUDICATION]
    for name, value in plus.items():
        cmd += ["--option1", f"{name}={value}"]
    for name, value in minus.items():
        cmd += ["--option2", f"{name}={value}"]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    finally:
        os.unlink(openings)
    for line in out.stdout.splitlines():
        m = SCORE_LINE.search(line)
        if m:
            wins, losses, _ = (int(x) for x in m.groups())
            return wins - losses
    raise RuntimeError(f"no score from motley match (exit {out.returncode}): "
                       f"{out.stderr.strip()[-500:]}")


def last_logged(path, names):
    """The iteration and theta of the log's last line, or None."""
    if not os.path.exists(path):
        return None
    last = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if fields and fields[0].isdigit():
                last = fields
    if last is None:
        return None
    theta = {}
    for field in last[2:]:
        name, _, value = field.partition("=")
        theta[name] = float(value)
    if set(theta) != set(names):
        sys.exit(f"error: {path} tunes {sorted(theta)}, not {sorted(names)}")
    return int(last[0]), theta


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="a motley built with --features tune")
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--params", help="comma-separated names (default: every tunable)")
    parser.add_argument("--openings", help="default: scripts/openings/tune/VARIANT.txt")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes a move (default 20000)")
    parser.add_argument("--iterations", type=int, default=1000,
                        help="game pairs in all (default 1000)")
    parser.add_argument("--concurrency", type=int, default=2, help="pairs at once (default 2)")
    parser.add_argument("--c-end", type=float, default=0.05,
                        help="final perturbation, a share of each range (default 0.05)")
    parser.add_argument("--r-end", type=float, default=0.002,
                        help="final learning rate (default 0.002)")
    parser.add_argument("--log", default="spsa.log", help="one line an iteration (default spsa.log)")
    parser.add_argument("--resume", action="store_true", help="go on from the log's last line")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    spec = tunables(args.engine)
    if not spec:
        sys.exit("error: the engine lists no tunable numbers; build it with --features tune")
    names = args.params.split(",") if args.params else sorted(spec)
    unknown = [n for n in names if n not in spec]
    if unknown:
        sys.exit(f"error: not tunable: {', '.join(unknown)} (the engine has {', '.join(sorted(spec))})")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    openings = read_openings(args.openings or os.path.join(
        root, "scripts", "openings", "tune", f"{args.variant}.txt"))
    rng = random.Random(args.seed)

    n = args.iterations
    big_a = 0.1 * n
    c0, a0 = {}, {}
    for name in names:
        _, lo, hi = spec[name]
        c_end = max(args.c_end * (hi - lo), 0.5)
        c0[name] = c_end * n ** GAMMA
        a0[name] = args.r_end * c_end ** 2 * (big_a + n) ** ALPHA
    theta = {name: float(spec[name][0]) for name in names}
    start = 0
    if args.resume:
        logged = last_logged(args.log, names)
        if logged:
            start, theta = logged
    lock = threading.Lock()
    state = {"next": start, "done": start}

    def setting(name, value):
        """A perturbed value as the option's whole number: halves round
        up (Python's round() sends them to even, which can make the two
        sides of a perturbation equal)."""
        return math.floor(clamp(name, value) + 0.5)

    def clamp(name, value):
        _, lo, hi = spec[name]
        return min(max(value, lo), hi)

    def one_iteration():
        with lock:
            state["next"] += 1
            k = state["next"]
            delta = {name: rng.choice((-1, 1)) for name in names}
            ck = {name: c0[name] / k ** GAMMA for name in names}
            plus = {name: setting(name, theta[name] + ck[name] * delta[name]) for name in names}
            minus = {name: setting(name, theta[name] - ck[name] * delta[name]) for name in names}
            opening = rng.choice(openings)
        result = play_pair(args, opening, plus, minus)
        with lock:
            state["done"] += 1
            for name in names:
                ak = a0[name] / (big_a + k) ** ALPHA
                theta[name] = clamp(name, theta[name] + ak * result * delta[name] / ck[name])
            line = " ".join([str(state["done"]), f"{result:+d}"]
                            + [f"{name}={theta[name]:.3f}" for name in names])
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(line + "\n")
            print(line, flush=True)

    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        futures = [pool.submit(one_iteration) for _ in range(start, n)]
        for future in futures:
            future.result()
    for name in names:
        print(f"{name} = {setting(name, theta[name])}  (default {spec[name][0]})")


if __name__ == "__main__":
    main()
