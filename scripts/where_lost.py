#!/usr/bin/env python3
"""Where an engine's games were lost: each position judged by Fairy-Stockfish.

Reads the PGN of a match (`motley match`, `scripts/vs_reference.sh`),
replays every game with pyffish, and has Fairy-Stockfish score each
position at a fixed number of nodes from the named engine's side. For
every game it prints the ply at which that engine's position fell for
good (its score below -THRESHOLD from then on), the score curve's best
and worst, and the phase of the game at the fall:

    opening     the fall comes within the game's first 30 plies (the
                opening file's moves included)
    middlegame  later, with more than MIDDLEGAME_PIECES pieces other than
                pawns and kings on the board
    endgame     later still, with fewer
and "after being ahead" added to any of them where the engine had been
ahead by THRESHOLD or more earlier in the game.

A summary counts the games by those phases, and the wins, the draws and
the draws after being ahead. WAD and Parity Chess come from scripts/fsf-variants.ini.

Usage:
    pip install pyffish
    python3 scripts/where_lost.py GAMES.pgn [--engine motley] \
        [--nodes 100000] [--threshold 150] [--fsf PATH]

--fsf defaults to the engine scripts/build_fsf.sh builds or finds. The
games' moves are SAN as motley writes them; a move pyffish does not
recognise stops that game with a message and the others go on.
"""

import argparse
import os
import re
import subprocess
import sys

import pyffish

from uci_engine import UciEngine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPENING_PLIES = 30
MIDDLEGAME_PIECES = 6
MATE_SCORE = 10000


def read_games(path):
    """Yields (tags, SAN moves) for each game of a PGN file."""
    tags, text = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            match = re.match(r'\[(\w+) "(.*)"\]', line)
            if match:
                if text:
                    yield tags, san_moves(" ".join(text))
                    tags, text = {}, []
                tags[match.group(1)] = match.group(2)
            elif line:
                text.append(line)
    if text:
        yield tags, san_moves(" ".join(text))


def san_moves(movetext):
    """The SAN moves of a game's movetext, without numbers, comments or result."""
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    moves = []
    for token in movetext.split():
        if re.fullmatch(r"\d+\.+", token) or token in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        token = re.sub(r"^\d+\.+", "", token)
        if token:
            moves.append(token)
    return moves


def plain(san):
    """A SAN move without check marks or annotations, for comparison."""
    return re.sub(r"[+#!?]", "", san)


def to_uci(variant, fen, sans):
    """The UCI moves of a game's SAN moves; stops at the first unknown one."""
    uci = []
    here = fen
    for san in sans:
        wanted = plain(san)
        found = None
        for move in pyffish.legal_moves(variant, here, []):
            if plain(pyffish.get_san(variant, here, move)) == wanted:
                found = move
                break
        if found is None:
            raise ValueError(f"move {len(uci) + 1} ({san}) is not recognised")
        uci.append(found)
        here = pyffish.get_fen(variant, here, [found])
    return uci


def pieces(fen):
    """Pieces other than pawns and kings on a FEN's board."""
    board = fen.split()[0]
    return sum(1 for c in board if c.isalpha() and c.lower() not in "pk")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", default="motley")
    parser.add_argument("--nodes", type=int, default=100000)
    parser.add_argument("--threshold", type=int, default=150)
    parser.add_argument("--fsf")
    args = parser.parse_args()

    ini = os.path.join(ROOT, "scripts", "fsf-variants.ini")
    with open(ini, encoding="utf-8") as f:
        pyffish.load_variant_config(f.read())
    fsf = args.fsf or subprocess.run(
        [os.path.join(ROOT, "scripts", "build_fsf.sh")], check=True, capture_output=True, text=True
    ).stdout.strip()
    analyst = UciEngine([fsf], {"VariantPath": ini})
    analyst_variant = None

    summary = {}
    for path in args.pgn:
        for tags, sans in read_games(path):
            variant = tags.get("Variant", "chess").lower()
            fen = tags.get("FEN") or pyffish.start_fen(variant)
            if args.engine not in (tags.get("White"), tags.get("Black")):
                continue
            engine_white = tags.get("White") == args.engine
            result = tags.get("Result", "*")
            outcome = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
            if outcome is None:
                continue
            if not engine_white:
                outcome = 1.0 - outcome
            try:
                uci = to_uci(variant, fen, sans)
            except ValueError as err:
                print(f"round {tags.get('Round', '?')}: {err}", file=sys.stderr)
                continue
            if variant != analyst_variant:
                analyst.set_option("UCI_Variant", variant)
                analyst_variant = variant
            white_to_move = fen.split()[1] == "w"
            curve = []
            for ply in range(len(uci) + 1):
                _, score = analyst.search(
                    f"nodes {args.nodes}", fen, uci[:ply], mate=MATE_SCORE, new_game=True
                )
                score = score or 0
                mover_is_white = white_to_move == (ply % 2 == 0)
                curve.append(score if mover_is_white == engine_white else -score)
            fall = None
            for ply in range(len(curve) - 1, -1, -1):
                if curve[ply] > -args.threshold:
                    break
                fall = ply
            ahead = fall is not None and max(curve[:fall], default=0) >= args.threshold
            spoiled = outcome == 0.5 and max(curve) >= args.threshold
            if outcome == 0.0 and fall is not None:
                position = pyffish.get_fen(variant, fen, uci[:fall])
                if fall < OPENING_PLIES:
                    phase = "opening"
                elif pieces(position) > MIDDLEGAME_PIECES:
                    phase = "middlegame"
                else:
                    phase = "endgame"
                if ahead:
                    phase += " after being ahead"
            elif outcome == 0.0:
                phase = "lost without a fall (flag or late blunder)"
            elif spoiled:
                phase = "drawn after being ahead"
            else:
                phase = {1.0: "won", 0.5: "drawn"}[outcome]
            summary[phase] = summary.get(phase, 0) + 1
            fall_text = f"fall at ply {fall}" if fall is not None and outcome == 0.0 else ""
            print(
                f"round {tags.get('Round', '?'):>4} {('white' if engine_white else 'black'):5} "
                f"{result:7} plies {len(uci):3}  best {max(curve):+6} worst {min(curve):+6}  "
                f"{phase} {fall_text}".rstrip(),
                flush=True,
            )
    analyst.close()
    print(f"\n{args.engine}'s games by where they were decided:")
    for phase, count in sorted(summary.items(), key=lambda kv: -kv[1]):
        print(f"  {count:4}  {phase}")


if __name__ == "__main__":
    main()
