#!/usr/bin/env python3
"""Nodes per second of one game's networks side by side, in one run.

    scripts/net_speed.py MOTLEY GAME NET [NET ...] [--positions N]
                         [--nodes N] [--rounds N]

NET is a network file (`EvalFile`), `builtin` for the game's built-in
network or `hand-written` for `Use NNUE=false`. Each network gets its own
engine process; the first N positions of the game's tuning openings
(scripts/openings/tune/GAME.txt) are searched to a fixed node count on one
thread from an empty table, the networks taking turns position by position
so that a busy moment of the machine falls on all of them alike. Prints
each network's nodes, seconds and nodes per second, and its speed as a
share of the first's. Run it on an otherwise idle machine.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_engine import UciEngine  # noqa: E402


def engine_for(motley, game, net):
    """A motley process playing `game` with the network `net`."""
    options = {"UCI_Variant": game, "Hash": "16"}
    if net == "hand-written":
        options["Use NNUE"] = "false"
    elif net != "builtin":
        options["EvalFile"] = net
    engine = UciEngine([motley], options)
    for line in engine.setup_lines:
        if "error" in line.split(":")[0]:
            raise SystemExit(f"{net}: {line}")
    return engine


def search_nodes(engine, opening, nodes):
    """Searches `opening` (a line of an openings file) to `nodes` nodes;
    returns the nodes searched and the wall time in seconds."""
    engine.send("ucinewgame")
    engine.send(f"position {opening}")
    engine.sync()
    start = time.perf_counter()
    engine.send(f"go nodes {nodes}")
    lines = engine.lines_until("bestmove")
    elapsed = time.perf_counter() - start
    searched = 0
    for line in lines:
        words = line.split()
        if "nodes" in words:
            searched = int(words[words.index("nodes") + 1])
    return searched, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("motley")
    parser.add_argument("game")
    parser.add_argument("nets", nargs="+")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=300000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "openings", "tune", f"{args.game}.txt")) as f:
        openings = [line.strip() for line in f if line.strip()][: args.positions]
    engines = [engine_for(args.motley, args.game, net) for net in args.nets]
    totals = [[0, 0.0] for _ in args.nets]
    for _ in range(args.rounds):
        for opening in openings:
            for engine, total in zip(engines, totals):
                nodes, seconds = search_nodes(engine, opening, args.nodes)
                total[0] += nodes
                total[1] += seconds
    for engine in engines:
        engine.close()
    first = totals[0][0] / totals[0][1]
    for net, (nodes, seconds) in zip(args.nets, totals):
        nps = nodes / seconds
        print(f"{net}: {nodes} nodes in {seconds:.2f} s, {nps:,.0f} nps, {nps / first:.3f} of the first")


if __name__ == "__main__":
    main()
