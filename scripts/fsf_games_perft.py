#!/usr/bin/env python3
"""Perft files for the games of motley's shipped variants.ini, from Fairy-Stockfish.

    scripts/fsf_games_perft.py [--games NAME,...] [--seed N] [--out-dir DIR]

For every game of src/rules/games.ini that motley plays (as `motley check`
reports it) and that is not one of motley's built-in games, writes
engine-tests/<game>.perft, read by the perft test driver. The counts come
from Fairy-Stockfish's UCI engine (scripts/build_fsf.sh) playing its own
built-in game of the same name, so the file also checks that the shipped
definition is Fairy-Stockfish's game.

The positions: the start position, then positions of a game Fairy-Stockfish
plays against itself (a few random plies, then 2,000 nodes a move), taken
at plies 10, 24, 40 and 60 (a position with a castle to play where the game
has one), and a position of random play with a pawn a step from promotion.
Each is counted to depth 4, or less where depth 4 would pass --max-nodes
(default 10,000,000). FENs are Fairy-Stockfish's (pyffish's get_fen) and must
read back unchanged in motley (the test checks).

Needs pyffish (pip install pyffish==0.0.90), a release build of motley and
the Fairy-Stockfish engine. A run takes a few minutes.
"""
import argparse
import os
import random
import re
import subprocess
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from castling_perft import row_squares  # noqa: E402  (FEN ranks)
from fsf_perft import Engine  # noqa: E402  (Fairy-Stockfish over UCI)
SHIPPED = os.path.join(ROOT, "src", "rules", "games.ini")
BUILT_IN = {"chess", "wadchess", "paritychess", "chad", "wauchess"}


def playable_games(motley):
    # `check` exits with 1 when any section is refused: the output is
    # what matters here.
    out = subprocess.run([motley, "check", SHIPPED], capture_output=True, text=True)
    names = []
    for line in out.stdout.splitlines():
        # "FILE:LINE: [name] loads" for each playable section.
        if line.endswith(" loads") and "[" in line:
            names.append(line.split("[", 1)[1].split("]", 1)[0])
    return [n for n in names if n not in BUILT_IN]


def square_on(fen, move):
    """The letter of the piece on the square `move` starts from ('.' if
    none), read from the FEN's board."""
    board = fen.split()[0].split("/")
    file_ = ord(move[0]) - ord("a")
    digits = move[1:3] if move[2:3].isdigit() else move[1:2]
    squares = row_squares(board[len(board) - int(digits)])
    return squares[file_] if file_ < len(squares) else "."


def destination(move):
    """The square a UCI move goes to, as "e4" or "j10"."""
    parts = re.match(r"^[a-z]\d+([a-z]\d+)", move)
    return parts.group(1)


def castles(fen, legal):
    """The castles among `legal`: king moves of two or more files."""
    king = "K" if fen.split()[1] == "w" else "k"
    return [m for m in legal
            if square_on(fen, m) == king and abs(ord(m[0]) - ord(m[3 if m[2].isdigit() else 2])) >= 2]


def real_play(variant, engine, rng, plies):
    """A game Fairy-Stockfish plays against itself after a few random plies:
    the FEN after each ply."""
    start = sf.start_fen(variant)
    moves, fens = [], []
    for ply in range(max(plies) + 1):
        fen = sf.get_fen(variant, start, moves)
        fens.append(fen)
        legal = sf.legal_moves(variant, start, moves)
        if not legal or sf.is_optional_game_end(variant, start, moves)[0]:
            break
        move = rng.choice(legal) if ply < 4 else engine.best_move(start, moves, 2000)
        if move is None:
            break
        moves.append(move)
    return fens


def biased_playouts(variant, rng, games, plies, preferred, chance):
    """Random games of `variant` from its start: `games` games of at most
    `plies` plies, each move drawn from preferred(fen, legal) with the
    given chance (when it offers any), else from all legal moves. Yields
    (moves, legal, fen) before each move is drawn."""
    start = sf.start_fen(variant)
    for _ in range(games):
        moves = []
        for _ in range(plies):
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            fen = sf.get_fen(variant, start, moves)
            yield moves, legal, fen
            favoured = preferred(fen, legal)
            pool = favoured if favoured and rng.random() < chance else legal
            moves.append(rng.choice(pool))


def promotion_position(variant, rng):
    """Random play pushing pawns until the side to move has a promotion."""
    pawn_pushes = lambda fen, legal: [m for m in legal if square_on(fen, m).lower() == "p"]
    for moves, legal, fen in biased_playouts(variant, rng, 200, 300, pawn_pushes, 0.7):
        promoting = [m for m in legal if len(m) > 4 and m[-1].isalpha() and not m[-2].isalpha()]
        if promoting and len(moves) >= 10:
            return fen
    return None


# Positions set up by hand where a game's own rules need them, counted by
# Fairy-Stockfish like the others.
SET_UP = {
    "berolina": [
        ("Set up: b2-d4 passed c3; the c4 pawn may take the d4 pawn en passant.",
         "rnbqkbnr/pp1ppppp/8/8/2pP4/8/P1PPPPPP/RNBQKBNR b KQkq c3d4 0 3"),
        ("Set up: d2-b4 passed the same square; en passant takes on b4.",
         "rnbqkbnr/pp1ppppp/8/8/1Pp5/8/PPP1PPPP/RNBQKBNR b KQkq c3b4 0 3"),
        ("Set up: en passant would open the rank to the king.",
         "8/8/8/8/R1pP3k/8/8/4K3 b - c3d4 0 1"),
    ],
    "kingofthehill": [
        ("Set up: a king a step from the hill.", "4k3/8/8/8/8/4K3/8/r7 w - - 0 1"),
        ("Set up: both kings out, racing for the centre.",
         "rnbq1bnr/pppp1ppp/4k3/4p3/4P3/3K4/PPPP1PPP/RNBQ1BNR w - - 4 4"),
    ],
    "grand": [
        ("Set up: promotion limits (no second queen) and optional promotion.",
         "4k5/P9/1P8/10/10/10/10/10/10/3QK5 w - - 0 1"),
        ("Set up: Black promotes, a rook and a knight lost.",
         "r3k5/10/10/10/10/10/10/1p1p6/p9/4K5 b - - 0 1"),
    ],
}


def has_extinction_rule(variant):
    """Whether the shipped file's section for `variant` sets an
    extinction rule (shatranj's bare king)."""
    section = None
    with open(SHIPPED) as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                section = line[1:].split("]")[0].split(":")[0]
            elif section == variant and line.startswith("extinctionValue"):
                return True
    return False


def ending_positions(variant, rng):
    """Random play taking whatever it can, to the first positions with at
    most 5 and at most 3 men, each with moves left: where an extinction
    rule decides games."""
    captures = lambda fen, legal: [m for m in legal if square_on(fen, destination(m)) != "."]
    found = {}
    for _, _, fen in biased_playouts(variant, rng, 200, 400, captures, 0.9):
        men = sum(c.isalpha() for c in fen.split()[0])
        for most in (5, 3):
            if men <= most and most not in found:
                found[most] = fen
        if len(found) == 2:
            return [found[5], found[3]]
    return [found[k] for k in (5, 3) if k in found]


def counts(engine, fen, max_nodes):
    result = []
    for depth in range(1, 5):
        nodes = engine.perft(fen, depth)
        if nodes > max_nodes:
            break
        result.append((depth, nodes))
        if nodes * max(result[0][1], 1) > 3 * max_nodes:
            break
    return result


def generate(variant, engine_path, seed, max_nodes):
    rng = random.Random("%s-%d" % (variant, seed))
    # Its variants file defines only WAD and Parity Chess: the built-in
    # game of this name is the one played.
    engine = Engine(engine_path, variant)
    positions = [("Start position.", sf.start_fen(variant))]
    for attempt in range(20):
        fens = real_play(variant, engine, rng, [10, 24, 40, 60])
        if len(fens) > 60:
            break
    early = next((f for f in fens[8:16] if castles(f, sf.legal_moves(variant, f, []))), fens[10])
    castle = ", a castle to play" if castles(early, sf.legal_moves(variant, early, [])) else ""
    positions.append(("Fairy-Stockfish's self-play, early%s." % castle, early))
    for ply in (24, 40, 60):
        if ply < len(fens):
            positions.append(("Fairy-Stockfish's self-play, ply %d." % ply, fens[ply]))
    promo = promotion_position(variant, rng)
    if promo:
        positions.append(("Random play, a pawn to promote.", promo))
    for name, fen in SET_UP.get(variant, []):
        positions.append((name, fen))
    if has_extinction_rule(variant):
        for fen in ending_positions(variant, rng):
            positions.append(("Random play to an ending the extinction rule decides.", fen))
    lines = [
        "# Perft oracle for %s (src/rules/games.ini)." % variant,
        "# Generated by scripts/fsf_games_perft.py --seed %d from Fairy-Stockfish's" % seed,
        "# built-in %s: pyffish 0.0.90 for the play, its UCI engine" % variant,
        "# (scripts/build_fsf.sh) for the counts. Do not edit by hand: rerun the script.",
        "",
    ]
    for name, fen in positions:
        lines.append("# " + name)
        lines.append("epd " + fen)
        for depth, nodes in counts(engine, fen, max_nodes):
            lines.append("perft %d %d" % (depth, nodes))
        lines.append("")
    engine.close()
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", help="comma-separated names (default: every playable one)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=10_000_000)
    parser.add_argument("--out-dir", default=os.path.join(ROOT, "engine-tests"))
    parser.add_argument("--motley", default=os.path.join(ROOT, "target", "release", "motley"))
    parser.add_argument("--engine", help="Fairy-Stockfish (default: scripts/build_fsf.sh)")
    args = parser.parse_args()
    engine = args.engine or subprocess.run(
        [os.path.join(ROOT, "scripts", "build_fsf.sh")], capture_output=True, text=True,
        check=True).stdout.strip()
    games = args.games.split(",") if args.games else playable_games(args.motley)
    for game in games:
        text = generate(game, engine, args.seed, args.max_nodes)
        path = os.path.join(args.out_dir, game + ".perft")
        with open(path, "w") as f:
            f.write(text)
        print("wrote %s (%d positions)" % (path, text.count("\nepd ")), file=sys.stderr)


if __name__ == "__main__":
    main()
