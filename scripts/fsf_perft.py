#!/usr/bin/env python3
"""Oracle perft data for wadchess and paritychess from Fairy-Stockfish.

Writes engine-tests/wadchess.perft and engine-tests/paritychess.perft, read by
the engine's generic perft test driver. Format:

    # comment lines start with '#'
    epd <fen>
    perft 1 <nodes>
    perft 2 <nodes>
    ...
    (a blank line between positions)

Fairy-Stockfish has no fast castling (shared/rules/wadchess.md), so the games
are defined in scripts/fsf-variants.ini with castling off, and every FEN
written here has castling field "-": for those positions Fairy-Stockfish and
the engine must agree node for node. The one exception is the start position
with KQkq: no castle is possible before ply 3, so its depths 1 and 2 come from
Fairy-Stockfish, and its deeper counts, with fast castling, from
scripts/castling_perft.py (Fairy-Stockfish's moves plus an independent
implementation of fast castling).

What the script does, per game:
  1. Verifies the variant definition: the moves of a lone WAD (and FAD) from
     every square against the Betza definitions, leaps over blockers, pawn
     double steps, en passant and promotion choices, FEN round trips.
  2. Plays random games from the start position with pyffish (fixed seed, so
     the output is reproducible), steered to give a mix of positions: plain
     random play of 6 to 60 plies, capture-heavy play, pawns on the seventh
     rank ready to promote, an en-passant square set, the side to move in
     check. Positions where the game is over are skipped.
  3. Counts perft 1-3, and 4 when it is at most --max-nodes, with the
     Fairy-Stockfish UCI engine built from the pyffish source
     (scripts/build_fsf.sh; the Debian fairy-stockfish 11.1 predates custom
     pieces), and re-counts depths 1-2 with pyffish itself as a check on the
     engine.
  4. Checks every FEN: Fairy-Stockfish prints it back unchanged, it is in
     canonical form (maximal run lengths, castling "-", en-passant square or
     "-"), and its halfmove clock and move number match a recount from the
     moves played.

Usage:
    pip install pyffish
    python3 scripts/fsf_perft.py                      # writes both files
    python3 scripts/fsf_perft.py --games wadchess --seed 7 --out-dir /tmp/x
    python3 scripts/fsf_perft.py --verify-only        # step 1 only
Options: --engine PATH (default: built or found by scripts/build_fsf.sh),
--castling-depth N (deepest start-position count with castling, default 5;
computed by castling_perft.py taking its moves from the engine, about two
minutes for both games), --max-nodes (default 30,000,000). A full run takes
about three minutes on two cores.

Further checks of the output (both must report that all counts agree):
    python3 scripts/castling_perft.py --check-file engine-tests/wadchess.perft \
        --variant wadchess --max-nodes 500000 --jobs 2          # pure pyffish
    python3 scripts/castling_perft.py --check-file engine-tests/paritychess.perft \
        --variant paritychess --max-nodes 30000000 --jobs 2 --engine "$(scripts/build_fsf.sh)"
"""

import argparse
import os
import random
import subprocess
import sys
import time

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import castling_perft as cp  # noqa: E402  (board helpers and the castling perft)
from uci_engine import UciEngine  # noqa: E402  (the UCI client the scripts share)

INI = os.path.join(HERE, "fsf-variants.ini")
DEFAULT_SEED = 20230917

GAMES = {
    "wadchess": {
        "width": 10,
        "start": "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
        "promotions": "qrbnc",
        "pieces": {"c": "WAD"},
    },
    "paritychess": {
        "width": 12,
        "start": "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
        "promotions": "qrbncf",
        "pieces": {"c": "WAD", "f": "FAD"},
    },
}

FILES = "abcdefghijklmnopqrstuvwxyz"


# ---------------------------------------------------------------------------
# Fairy-Stockfish UCI engine
# ---------------------------------------------------------------------------

class Engine(UciEngine):
    """Fairy-Stockfish over UCI, set up for one game of the ini file."""

    def __init__(self, path, variant):
        super().__init__([path], {"VariantPath": INI, "UCI_Variant": variant})

    def best_move(self, fen, moves, nodes):
        """Its move after `moves` from `fen`, searching `nodes` nodes, or
        None when it has none."""
        return self.search(f"nodes {nodes}", fen, moves)[0]

    def fen(self, fen):
        """Fairy-Stockfish's own rendering of a FEN (the `d` command)."""
        self.set_position(fen)
        self.send("d")
        for line in self.sync():
            if line.startswith("Fen:"):
                return line[4:].strip()
        raise RuntimeError("no Fen: line in `d` output")


def find_engine(path):
    if path:
        return path
    out = subprocess.run(["bash", os.path.join(HERE, "build_fsf.sh")], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


# ---------------------------------------------------------------------------
# Board helpers
# ---------------------------------------------------------------------------

def sq(f, r):
    return FILES[f] + str(r + 1)


def board_of(fen, width):
    """{(file, rank): piece} from a FEN."""
    b = cp.parse_placement(fen.split()[0], width)
    return {(i % width, i // width): p for i, p in enumerate(b) if p != "."}


def fen_of(pieces, width, stm="w"):
    b = ["."] * (width * 8)
    for (f, r), p in pieces.items():
        b[r * width + f] = p
    return "%s %s - - 0 1" % (cp.placement_of(b, width), stm)


def split_move(m):
    a, b, promo = cp.split_uci(m)
    return (ord(a[0]) - 97, int(a[1:]) - 1), (ord(b[0]) - 97, int(b[1:]) - 1), promo


BETZA_ATOMS = {
    "W": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "F": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
    "A": [(2, 2), (2, -2), (-2, 2), (-2, -2)],
    "D": [(2, 0), (-2, 0), (0, 2), (0, -2)],
}


def leaper_targets(betza, f, r, width):
    out = set()
    for atom in betza:
        for df, dr in BETZA_ATOMS[atom]:
            if 0 <= f + df < width and 0 <= r + dr < 8:
                out.add((f + df, r + dr))
    return out


def canonical_fen(fen, width):
    """Re-render a FEN the canonical way: maximal run lengths, castling '-'
    unless given, en-passant square or '-', integer counters."""
    parts = fen.split()
    if len(parts) != 6:
        raise ValueError("FEN needs 6 fields: %r" % fen)
    placement, stm, castling, ep, half, full = parts
    b = cp.parse_placement(placement, width)
    return "%s %s %s %s %d %d" % (cp.placement_of(b, width), stm, castling or "-",
                                  ep, int(half), int(full))


# ---------------------------------------------------------------------------
# 1. Does the variant definition give the intended pieces?
# ---------------------------------------------------------------------------

def verify_config(variant, engine=None):
    g = GAMES[variant]
    w = g["width"]
    errors = []

    def expect(label, got, want):
        if got != want:
            errors.append("%s: got %s, want %s" % (label, sorted(got) if isinstance(got, set)
                                                    else got,
                                                    sorted(want) if isinstance(want, set)
                                                    else want))

    # Start position round trip.
    expect("start FEN", sf.start_fen(variant), g["start"])

    # Lone leapers from every square. White king a1, black king on the top
    # right corner; skip squares from which the piece would attack the black
    # king (illegal with White to move).
    wk, bk = (0, 0), (w - 1, 7)
    for letter, betza in g["pieces"].items():
        n_sq = 0
        for f in range(w):
            for r in range(8):
                if (f, r) in (wk, bk):
                    continue
                targets = leaper_targets(betza, f, r, w)
                if bk in targets:
                    continue
                fen = fen_of({wk: "K", bk: "k", (f, r): letter.upper()}, w)
                got = {split_move(m)[1] for m in sf.legal_moves(variant, fen, [])
                       if split_move(m)[0] == (f, r)}
                expect("%s on %s" % (letter.upper(), sq(f, r)), got, targets - {wk})
                n_sq += 1
        # Leaps over a ring of pieces: own pawns on all eight neighbours and
        # black pawns on every leap target it may capture.
        f, r = 4, 3
        ring = {(f + df, r + dr): "P" for df in (-1, 0, 1) for dr in (-1, 0, 1)
                if (df, dr) != (0, 0)}
        pieces = {wk: "K", bk: "k", (f, r): letter.upper()}
        pieces.update(ring)
        leaps = leaper_targets(betza.replace("W", "").replace("F", ""), f, r, w)
        for t in leaps:
            pieces[t] = "p"
        fen = fen_of(pieces, w)
        got = {split_move(m)[1] for m in sf.legal_moves(variant, fen, [])
               if split_move(m)[0] == (f, r)}
        expect("%s on e4 ringed by own pawns, captures on its leap squares" % letter.upper(),
               got, leaps)
        # Black's piece moves the same way.
        fen = fen_of({wk: "K", bk: "k", (f, r): letter}, w, "b")
        got = {split_move(m)[1] for m in sf.legal_moves(variant, fen, [])
               if split_move(m)[0] == (f, r)}
        expect("black %s on e4" % letter, got, leaper_targets(betza, f, r, w) - {wk})
        # Check given by the piece is seen.
        fen = fen_of({wk: "K", (2, 2): letter, (w - 1, 7): "k"}, w, "w")
        expect("%s on c3 checks king on a1 (alfil leap)" % letter, sf.gives_check(variant, fen, []),
               betza.find("A") >= 0)
        print("  %s: %s checked from %d squares" % (letter.upper(), betza, n_sq))

    # Pawns: single and double steps from the second rank, none from the third.
    fen = fen_of({(w - 1, 0): "K", (w - 1, 7): "k", (1, 1): "P", (3, 2): "P",
                  (1, 6): "p"}, w)
    got = sorted(m for m in sf.legal_moves(variant, fen, []) if m[0] in "bd")
    expect("white pawn steps", got, ["b2b3", "b2b4", "d3d4"])
    fen = fen_of({(w - 1, 0): "K", (w - 1, 7): "k", (1, 6): "p", (3, 5): "p"}, w, "b")
    got = sorted(m for m in sf.legal_moves(variant, fen, []) if m[0] in "bd")
    expect("black pawn steps", got, ["b7b5", "b7b6", "d6d5"])
    # Promotion: every listed type, plain and capturing, both colours.
    fen = fen_of({(w - 1, 0): "K", (w - 1, 6): "k", (1, 6): "P", (2, 7): "n"}, w)
    got = sorted(m for m in sf.legal_moves(variant, fen, []) if m.startswith("b7"))
    want = sorted(["b7b8" + p for p in g["promotions"]] + ["b7c8" + p for p in g["promotions"]])
    expect("white promotions", got, want)
    fen = fen_of({(w - 1, 1): "K", (w - 1, 7): "k", (1, 1): "p"}, w, "b")
    got = sorted(m for m in sf.legal_moves(variant, fen, []) if m.startswith("b2"))
    expect("black promotions", got, sorted("b2b1" + p for p in g["promotions"]))
    for p in g["promotions"]:
        after = sf.get_fen(variant, fen, ["b2b1" + p])
        expect("piece after b2b1%s" % p, board_of(after, w).get((1, 0)), p)
    # En passant: the square is set after a double step beside an enemy pawn,
    # the capture is offered and removes the pawn.
    fen = fen_of({(w - 1, 0): "K", (w - 1, 7): "k", (4, 1): "P", (3, 3): "p"}, w)
    after = sf.get_fen(variant, fen, ["e2e4"])
    expect("en-passant field after e2e4", after.split()[3], "e3")
    expect("en passant offered", "d4e3" in sf.legal_moves(variant, after, []), True)
    taken = board_of(sf.get_fen(variant, after, ["d4e3"]), w)
    expect("en passant removes the pawn", ((4, 3) in taken, taken.get((4, 2))), (False, "p"))
    # No castling in Fairy-Stockfish (fast castling is added elsewhere).
    if w == 12:
        fen = "r5k4r/" + "/".join([str(w)] * 6) + "/R5K4R w KQkq - 0 1"
    else:
        fen = "r4k3r/" + "/".join([str(w)] * 6) + "/R4K3R w KQkq - 0 1"
    kmoves = [m for m in sf.legal_moves(variant, fen, []) if split_move(m)[0][1] == 0
              and board_of(fen, w)[split_move(m)[0]] == "K"]
    expect("king moves only one step", all(abs(split_move(m)[1][0] - split_move(m)[0][0]) <= 1
                                          for m in kmoves), True)

    if engine:
        # The engine binary agrees with pyffish at the start position.
        for d in (1, 2, 3):
            expect("engine perft %d of the start position" % d, engine.perft(g["start"], d),
                   cp.plain_fsf_perft(variant, g["start"], d))
        expect("engine FEN of the start position", engine.fen(g["start"]),
               g["start"].replace("KQkq", "-"))

    for e in errors:
        print("  CONFIG ERROR", variant, e)
    print("  %s: variant definition %s" % (variant, "verified" if not errors else "WRONG"))
    return not errors


# ---------------------------------------------------------------------------
# 2. Random positions
# ---------------------------------------------------------------------------

def recount_clocks(variant, start, moves, width):
    """Halfmove clock and move number recomputed from the moves played."""
    half = 0
    fen = start
    for i, m in enumerate(moves):
        b = board_of(fen, width)
        fr, to, _ = split_move(m)
        pawn = b[fr] in "Pp"
        capture = to in b
        half = 0 if (pawn or capture) else half + 1
        fen = sf.get_fen(variant, start, moves[:i + 1])
    return half, 1 + len(moves) // 2


class Player:
    def __init__(self, variant, rng):
        self.v = variant
        self.g = GAMES[variant]
        self.w = self.g["width"]
        self.start = self.g["start"]
        self.rng = rng

    def fen(self, moves):
        return sf.get_fen(self.v, self.start, moves)

    def is_capture(self, board, m):
        fr, to, _ = split_move(m)
        if to in board:
            return True
        return board[fr] in "Pp" and fr[0] != to[0]     # en passant

    def pick(self, moves, style, board, stm):
        rng = self.rng
        if style == "captures":
            caps = [m for m in moves if self.is_capture(board, m)]
            if caps and rng.random() < 0.75:
                return rng.choice(caps)
        elif style == "promotion":
            promos = [m for m in moves if len(split_move(m)[2]) > 0]
            if promos and rng.random() < 0.5:
                return rng.choice(promos)
            pawn_moves = [m for m in moves if board[split_move(m)[0]] in "Pp"]
            if pawn_moves and rng.random() < 0.7:
                # Push the most advanced pawns; captures by pawns count too.
                def progress(m):
                    r = split_move(m)[1][1]
                    return r if stm == "w" else 7 - r
                best = max(progress(m) for m in pawn_moves)
                return rng.choice([m for m in pawn_moves if progress(m) >= best - 1])
            caps = [m for m in moves if self.is_capture(board, m)]
            if caps and rng.random() < 0.5:
                return rng.choice(caps)
        elif style == "ep":
            ep_makers = []
            for m in moves:
                fr, to, _ = split_move(m)
                if board[fr] in "Pp" and abs(to[1] - fr[1]) == 2:
                    enemy = "p" if stm == "w" else "P"
                    if board.get((to[0] - 1, to[1])) == enemy or \
                            board.get((to[0] + 1, to[1])) == enemy:
                        ep_makers.append(m)
            if ep_makers:
                return rng.choice(ep_makers)
            pawn_moves = [m for m in moves if board[split_move(m)[0]] in "Pp"]
            if pawn_moves and rng.random() < 0.6:
                return rng.choice(pawn_moves)
        elif style == "check":
            order = list(moves)
            rng.shuffle(order)
            for m in order[:40]:
                if sf.gives_check(self.v, self.start, self.moves + [m]):
                    return m
        return rng.choice(moves)

    def reached(self, style, fen, legal):
        if style == "promotion":
            return any(len(split_move(m)[2]) > 0 for m in legal)
        if style == "ep":
            return fen.split()[3] != "-"
        if style == "check":
            return sf.gives_check(self.v, fen, [])
        return True

    def game_over(self, fen, legal):
        if not legal:
            return True
        if sf.is_immediate_game_end(self.v, fen, [])[0]:
            return True
        if sf.is_optional_game_end(self.v, self.start, self.moves)[0]:
            return True
        letters = [c for c in fen.split()[0] if c.isalpha()]
        return sorted(letters) == ["K", "k"]

    def play(self, plies, style, extra=40):
        """Random play of `plies` plies in `style`, then (for the steered
        styles) up to `extra` more plies until the feature appears."""
        self.moves = []
        total = plies + (extra if style in ("promotion", "ep", "check") else 0)
        for ply in range(total + 1):
            fen = self.fen(self.moves)
            legal = sf.legal_moves(self.v, self.start, self.moves)
            if self.game_over(fen, legal):
                return None
            if ply >= plies and self.reached(style, fen, legal):
                return fen, list(self.moves)
            if ply == total:
                return None
            board = board_of(fen, self.w)
            stm = fen.split()[1]
            # Steering starts a few plies before the target so it can work.
            steer = style if style in ("captures",) or ply >= plies - 12 else "random"
            self.moves.append(self.pick(legal, steer, board, stm))
        return None


PLAN = (
    # (style, plies): 10 plain, 4 capture-heavy, 5 each of promotion, ep, check
    [("random", n) for n in (6, 9, 12, 16, 20, 26, 32, 40, 50, 60)]
    + [("captures", n) for n in (14, 22, 30, 44)]
    + [("promotion", n) for n in (24, 30, 36, 44, 52)]
    + [("ep", n) for n in (6, 10, 16, 24, 34)]
    + [("check", n) for n in (8, 14, 22, 30, 40)]
)

STYLE_TEXT = {
    "random": "random play",
    "captures": "capture-heavy random play",
    "promotion": "random play steered to a promotion",
    "ep": "random play steered to an en-passant square",
    "check": "random play steered to a check",
}


def describe(variant, fen, moves):
    """Features of a position, for the comment line."""
    w = GAMES[variant]["width"]
    legal = sf.legal_moves(variant, fen, [])
    feats = []
    start_count = sum(1 for c in GAMES[variant]["start"].split()[0] if c.isalpha())
    now = sum(1 for c in fen.split()[0] if c.isalpha())
    if now < start_count:
        feats.append("%d captured" % (start_count - now))
    if sf.gives_check(variant, fen, []):
        feats.append("in check")
    if fen.split()[3] != "-":
        ep = fen.split()[3]
        target = split_move("a1" + ep)[1]
        board = board_of(fen, w)
        if any(split_move(m)[1] == target and board.get(split_move(m)[0]) in ("P", "p")
               and split_move(m)[0][0] != target[0] for m in legal):
            feats.append("en passant %s" % ep)
        else:
            feats.append("en-passant square %s, capture not legal" % ep)
    if any(split_move(m)[2] for m in legal):
        feats.append("promotion possible")
    if not any(c in fen.split()[0] for c in "Qq"):
        feats.append("no queens")
    return feats


# ---------------------------------------------------------------------------
# 3. The file
# ---------------------------------------------------------------------------

def generate(variant, seed, engine, max_nodes, castling_depth, jobs, out_dir, engine_path):
    g = GAMES[variant]
    w = g["width"]
    rng = random.Random("%s-%d" % (variant, seed))
    player = Player(variant, rng)
    blocks = []

    # Start position.
    start = g["start"]
    lines = [
        "# Start position. No castle is possible before ply 3, so depths 1 and 2 are",
        "# Fairy-Stockfish's counts (castling off). Deeper counts need fast castling,",
        "# which Fairy-Stockfish lacks, and are verified elsewhere:",
        "epd " + start,
    ]
    for d in (1, 2):
        n = engine.perft(start, d)
        assert n == cp.plain_fsf_perft(variant, start, d)
        lines.append("perft %d %d" % (d, n))
    if castling_depth >= 3:
        lines.append("# perft %d-%d with fast castling come from scripts/castling_perft.py"
                     % (3, castling_depth))
        lines.append("# (Fairy-Stockfish's moves plus fast castling; with castling off it")
        lines.append("# reproduces Fairy-Stockfish's counts).")
        s = cp.Searcher(cp.make_game(variant, start, True, engine_path, INI), jobs=jobs,
                        ini_path=INI)
        try:
            for d in range(3, castling_depth + 1):
                t = time.time()
                n = s.perft(start, d)
                print("  start position, castling on: perft %d = %d (%.0fs)"
                      % (d, n, time.time() - t), flush=True)
                lines.append("perft %d %d" % (d, n))
        finally:
            s.close()
    blocks.append(lines)

    seen = {start.replace("KQkq", "-").rsplit(" ", 2)[0]}
    n_pos = 0
    for style, plies in PLAN:
        for attempt in range(30):
            res = player.play(plies + attempt, style)
            if res is None:
                continue
            fen, moves = res
            parts = fen.split()
            parts[2] = "-"
            fen = " ".join(parts)
            key = fen.rsplit(" ", 2)[0]
            if key in seen:
                continue
            break
        else:
            print("  no position for %s %d" % (style, plies), file=sys.stderr)
            continue
        seen.add(key)
        # FEN checks.
        assert canonical_fen(fen, w) == fen, fen
        assert sf.get_fen(variant, fen, []) == fen, (fen, sf.get_fen(variant, fen, []))
        assert engine.fen(fen) == fen, (fen, engine.fen(fen))
        half, full = recount_clocks(variant, start, moves, w)
        assert (int(parts[4]), int(parts[5])) == (half, full), (fen, half, full)

        counts = []
        for d in (1, 2, 3, 4):
            if d == 4:
                est = counts[-1] * counts[-1] // max(1, counts[-2])
                if est > 8 * max_nodes:
                    break
            n = engine.perft(fen, d)
            if d <= 2:
                ref = cp.plain_fsf_perft(variant, fen, d)
                assert n == ref, ("engine and pyffish disagree", fen, d, n, ref)
            if n > max_nodes:
                break
            counts.append(n)
        n_pos += 1
        feats = describe(variant, fen, moves)
        lines = [
            "# %d: %s, %d plies%s" % (n_pos, STYLE_TEXT[style], len(moves),
                                      "; " + ", ".join(feats) if feats else ""),
            "epd " + fen,
        ] + ["perft %d %d" % (d + 1, n) for d, n in enumerate(counts)]
        print("  %2d %-9s %2d plies %-70s %s" % (n_pos, style, len(moves), fen, counts),
              flush=True)
        blocks.append(lines)

    header = [
        "# Perft oracle for %s (rules: shared/rules/%s.md)." % (variant, variant),
        "# Generated by scripts/fsf_perft.py --seed %d from Fairy-Stockfish: pyffish %s"
        % (seed, ".".join(map(str, sf.version()))),
        "# for the play and depths 1-2, the UCI engine built from the same source",
        "# (scripts/build_fsf.sh) for all depths; variant definitions in",
        "# scripts/fsf-variants.ini. Do not edit by hand: rerun the script.",
        "#",
        "# Every position but the start position was reached by random play from the",
        "# start position; its castling field is '-' (rights dropped), so Fairy-Stockfish,",
        "# which has no fast castling, is an exact oracle for it. FENs: ranks from the",
        "# top, maximal run lengths, en-passant square set after every double step",
        "# beside an enemy pawn whether or not the capture is legal (Fairy-Stockfish's",
        "# convention), halfmove clock and move number as played.",
        "# Depth 4 is given where it is at most %s nodes." % format(max_nodes, ","),
    ]
    path = os.path.join(out_dir, "%s.perft" % variant)
    with open(path, "w") as f:
        f.write("\n".join(header) + "\n\n")
        f.write("\n\n".join("\n".join(b) for b in blocks) + "\n")
    print("wrote %s: %d positions" % (path, len(blocks)))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", choices=sorted(GAMES),
                    default=["wadchess", "paritychess"])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--out-dir", default=os.path.join(ROOT, "engine-tests"))
    ap.add_argument("--engine", help="Fairy-Stockfish UCI binary with custom pieces "
                    "(default: scripts/build_fsf.sh builds or finds one)")
    ap.add_argument("--max-nodes", type=int, default=30_000_000)
    ap.add_argument("--castling-depth", type=int, default=5,
                    help="deepest start-position count with fast castling (2 = none)")
    ap.add_argument("--jobs", type=int, default=2, help="processes for castling_perft")
    ap.add_argument("--verify-only", action="store_true")
    args = ap.parse_args()

    cp.load_variants(INI)
    engine_path = find_engine(args.engine)
    ok = True
    for variant in args.games:
        print("== %s" % variant, flush=True)
        eng = Engine(engine_path, variant)
        try:
            if not verify_config(variant, eng):
                ok = False
                continue
            if args.verify_only:
                continue
            os.makedirs(args.out_dir, exist_ok=True)
            generate(variant, args.seed, eng, args.max_nodes, args.castling_depth,
                     args.jobs, args.out_dir, engine_path)
        finally:
            eng.close()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
