#!/usr/bin/env python3
"""Perft for wadchess and paritychess with fast castling, built on pyffish.

Fairy-Stockfish cannot play the "fast castling" of WAD Chess and Parity Chess
(shared/rules/wadchess.md), so it cannot give start-position perft counts past
depth 2. This script is an independent perft that takes every ordinary move
from Fairy-Stockfish (pyffish, with the games defined in
scripts/fsf-variants.ini, where castling is off) and adds fast castling itself:

  A king that has never moved and is not in check may leap along its first
  rank to any empty square strictly between it and an unmoved rook of its own
  on that rank, provided that square is not attacked; the rook then leaps to
  the king's starting square. Squares in between may be occupied or attacked.
  The king may not be in check afterwards.

Castling rights are tracked here, not by Fairy-Stockfish: KQkq in the FEN name
the outermost rook on each side of the king on its first rank. A side loses
both rights when its king leaves its square (castling included) and one right
when that rook leaves its square or is captured there.

"Not attacked" is tested with pyffish.gives_check (is the side to move in
check?) on the position after the castle, with the castling side still to
move. That single test covers both conditions of the rule: the castle changes
occupancy only on the target square (irrelevant to attacks on it) and on the
rook's square, which it empties (the king's square stays occupied, by the
rook); emptying a square can open lines to the target but never close one, so
a target attacked before the castle is also attacked after it, and "not in
check afterwards" implies "not attacked".

The search runs level by level over distinct positions (board, side to move,
castling rights, en-passant square) with their multiplicities, so each
distinct position costs one pyffish call; a small board mirror in this file
applies Fairy-Stockfish's moves to make the children's FENs. With --jobs N
the positions of a level are shared out to N worker processes.

Checks (run them after any change):
  python3 scripts/castling_perft.py --selftest
      pyffish's check test, hand-counted castling positions, and with castling
      off the level search against plain pyffish recursion.
  python3 scripts/castling_perft.py --check-file engine-tests/wadchess.perft \
      --variant wadchess --max-nodes 3000000
      with castling off (every FEN there but the start position has "-"),
      reproduce the Fairy-Stockfish counts of the oracle file.

Typical use:
  python3 scripts/castling_perft.py --variant wadchess --depth 4
  python3 scripts/castling_perft.py --variant wadchess --depth 3 --divide
  python3 scripts/castling_perft.py --variant wadchess --depth 4 --no-castling
  python3 scripts/castling_perft.py --variant paritychess --depth 5 --jobs 2 \
      --engine "$(scripts/build_fsf.sh)"

pyffish costs about 1 ms a call (it rebuilds its attack tables every time),
so depth 5 takes minutes (wadchess) to half an hour (paritychess) on two
cores. --engine PATH takes the ordinary moves and check tests from a
Fairy-Stockfish UCI binary built from the same source instead (same move
generator, about 20 times faster); the castling logic stays the same, and
--selftest --engine PATH checks that both sources agree.

Needs: pip install pyffish. Deterministic: no randomness is involved.
"""

import argparse
import multiprocessing
import os
import sys
import time

import pyffish as sf

from uci_engine import UciEngine

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_INI = os.path.join(HERE, "fsf-variants.ini")

START_FENS = {
    "wadchess": "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
    "paritychess": "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
}
WIDTHS = {"wadchess": 10, "paritychess": 12}
HEIGHT = 8


_LOADED = set()


def load_variants(ini_path=DEFAULT_INI):
    """Load the variant definitions into pyffish (once per process; forked
    workers inherit them)."""
    if ini_path in _LOADED:
        return
    with open(ini_path) as f:
        sf.load_variant_config(f.read())
    _LOADED.add(ini_path)


# ---------------------------------------------------------------------------
# Where the ordinary moves come from
# ---------------------------------------------------------------------------

class PyffishBackend:
    """Fairy-Stockfish through pyffish (about 1 ms a call: pyffish rebuilds
    its attack tables on every call)."""

    def __init__(self, variant):
        self.variant = variant

    def legal_moves(self, fen):
        return sf.legal_moves(self.variant, fen, [])

    def in_check(self, fen):
        return sf.gives_check(self.variant, fen, [])


class EngineBackend(UciEngine):
    """The same Fairy-Stockfish move generator as a UCI engine (built from the
    pyffish source by scripts/build_fsf.sh), about 20 times faster: legal
    moves from `go perft 1`, check from the `Checkers:` line of `d`."""

    def __init__(self, variant, engine, ini_path):
        super().__init__(
            [engine], {"VariantPath": os.path.abspath(ini_path), "UCI_Variant": variant}
        )

    def legal_moves(self, fen):
        return self.perft_moves(fen)

    def in_check(self, fen):
        self.set_position(fen)
        self.send("d")
        for line in self.sync():
            if line.startswith("Checkers:"):
                return bool(line.split(":", 1)[1].strip())
        raise RuntimeError("engine `d` output has no Checkers line")


_BACKENDS = {}


def backend(spec):
    """Per-process backend instance for spec = (kind, variant, engine, ini)."""
    b = _BACKENDS.get(spec)
    if b is None:
        kind, variant, engine, ini_path = spec
        b = PyffishBackend(variant) if kind == "pyffish" else \
            EngineBackend(variant, engine, ini_path)
        _BACKENDS[spec] = b
    return b


# ---------------------------------------------------------------------------
# Board mirror
# ---------------------------------------------------------------------------

def sq_name(sq, width):
    return "abcdefghijklmnopqrstuvwxyz"[sq % width] + str(sq // width + 1)


def parse_sq(text, width):
    return (int(text[1:]) - 1) * width + (ord(text[0]) - ord("a"))


def split_uci(move):
    """'e7e8c' -> ('e7', 'e8', 'c'); squares may have two-digit ranks."""
    i = 1
    while move[i].isdigit():
        i += 1
    j = i + 1
    while j < len(move) and move[j].isdigit():
        j += 1
    return move[:i], move[i:j], move[j:]


def row_squares(row):
    """One rank of a FEN placement -> its squares from the a-file, '.' for
    empty (run lengths of any number of digits)."""
    squares = []
    i = 0
    while i < len(row):
        if row[i].isdigit():
            j = i
            while j < len(row) and row[j].isdigit():
                j += 1
            squares += ["."] * int(row[i:j])
            i = j
        else:
            squares.append(row[i])
            i += 1
    return squares


def parse_placement(placement, width):
    """FEN placement -> list indexed by square (a1 = 0), '.' for empty."""
    rows = placement.split("/")
    if len(rows) != HEIGHT:
        raise ValueError("placement needs %d ranks: %r" % (HEIGHT, placement))
    board = ["."] * (width * HEIGHT)
    for r, row in enumerate(rows):
        rank = HEIGHT - 1 - r
        squares = row_squares(row)
        if len(squares) != width:
            raise ValueError("rank %r has %d files, expected %d" % (row, len(squares), width))
        board[rank * width:(rank + 1) * width] = squares
    return board


def placement_of(board, width):
    """Inverse of parse_placement, with maximal run lengths."""
    rows = []
    for rank in range(HEIGHT - 1, -1, -1):
        out = []
        run = 0
        for f in range(width):
            p = board[rank * width + f]
            if p == ".":
                run += 1
            else:
                if run:
                    out.append(str(run))
                    run = 0
                out.append(p)
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


class Game:
    """Static facts of one game and one root position: board width, the
    kings' home squares and the rook corners named by the castling rights."""

    def __init__(self, variant, castling=True, engine=None, ini_path=DEFAULT_INI):
        self.variant = variant
        self.width = WIDTHS[variant]
        self.castling = castling
        self.backend_spec = ("engine" if engine else "pyffish", variant, engine, ini_path)
        # Filled by setup_rights().
        self.king_home = {}      # 'w'/'b' -> square
        self.rook_home = {}      # 'K','Q','k','q' -> square
        self.touch = {}          # square -> rights lost when a move touches it

    def setup_rights(self, board, rights):
        """Interpret KQkq for this board: K = outermost rook on the king's
        higher-file side of its first rank, Q = lower-file side."""
        w = self.width
        for color, rank, letters in (("w", 0, "KQ"), ("b", HEIGHT - 1, "kq")):
            king = "K" if color == "w" else "k"
            rook = "R" if color == "w" else "r"
            mine = [c for c in rights if c in letters]
            if not mine:
                continue
            ks = [sq for sq in range(rank * w, rank * w + w) if board[sq] == king]
            if len(ks) != 1:
                raise ValueError("castling rights %r need the %s king on its first rank"
                                 % (rights, color))
            k = ks[0]
            self.king_home[color] = k
            for c in mine:
                if c in "Kk":
                    cands = [sq for sq in range(k + 1, rank * w + w) if board[sq] == rook]
                    corner = cands[-1] if cands else None
                else:
                    cands = [sq for sq in range(rank * w, k) if board[sq] == rook]
                    corner = cands[0] if cands else None
                if corner is None:
                    raise ValueError("castling right %s without a rook" % c)
                self.rook_home[c] = corner
        self.touch = {}
        for color, letters in (("w", "KQ"), ("b", "kq")):
            if color in self.king_home:
                self.touch.setdefault(self.king_home[color], set()).update(letters)
        for c, sq in self.rook_home.items():
            self.touch.setdefault(sq, set()).add(c)

    # -- FEN handling -------------------------------------------------------

    def key_of_fen(self, fen):
        parts = fen.split()
        placement, stm = parts[0], parts[1]
        rights = parts[2] if len(parts) > 2 else "-"
        ep = parts[3] if len(parts) > 3 else "-"
        board = parse_placement(placement, self.width)
        rights = "".join(c for c in "KQkq" if c in rights)
        if not self.castling:
            rights = ""
        return (placement_of(board, self.width), stm, rights, ep), board

    def fsf_fen(self, key):
        """FEN handed to Fairy-Stockfish: castling field always '-'."""
        placement, stm, _rights, ep = key
        return "%s %s - %s 0 1" % (placement, stm, ep)

    # -- moves ---------------------------------------------------------------

    def apply(self, board, stm, rights, ep, move):
        """Apply a Fairy-Stockfish move (UCI string) to the mirror.
        Returns the child's (board, rights, ep)."""
        w = self.width
        a, b, promo = split_uci(move)
        fr, to = parse_sq(a, w), parse_sq(b, w)
        nb = list(board)
        piece = nb[fr]
        nb[fr] = "."
        is_pawn = piece in "Pp"
        if is_pawn and ep != "-" and to == parse_sq(ep, w) and board[to] == "." \
                and (fr - to) % w != 0:
            # en passant: the captured pawn stands beside the mover's origin
            nb[(fr // w) * w + (to % w)] = "."
        if promo:
            piece = promo.upper() if stm == "w" else promo.lower()
        nb[to] = piece
        new_ep = "-"
        if is_pawn and abs(to - fr) == 2 * w:
            mid = (fr + to) // 2
            enemy = "p" if stm == "w" else "P"
            f = to % w
            if (f > 0 and nb[to - 1] == enemy) or (f < w - 1 and nb[to + 1] == enemy):
                new_ep = sq_name(mid, w)
        if rights:
            lost = set()
            for sq in (fr, to):
                lost |= self.touch.get(sq, set())
            if lost:
                rights = "".join(c for c in rights if c not in lost)
        return nb, rights, new_ep

    def castles(self, board, key):
        """Legal fast castles in this position: list of (uci, child_board,
        child_rights)."""
        placement, stm, rights, _ep = key
        mine = "KQ" if stm == "w" else "kq"
        avail = [c for c in rights if c in mine]
        if not avail:
            return []
        k = self.king_home[stm]
        cands = []
        for c in avail:
            r = self.rook_home[c]
            lo, hi = (k, r) if r > k else (r, k)
            for x in range(lo + 1, hi):
                if board[x] == ".":
                    cands.append((c, r, x))
        if not cands:
            return []
        fsf = backend(self.backend_spec)
        if fsf.in_check(self.fsf_fen(key)):
            return []          # no castling out of check
        out = []
        rest = "".join(c for c in rights if c not in mine)
        w = self.width
        for c, r, x in cands:
            nb = list(board)
            king, rook = nb[k], nb[r]
            nb[k] = "."
            nb[r] = "."
            nb[x] = king
            nb[k] = rook
            # Castling side still to move: is its king attacked on x?
            test = "%s %s - - 0 1" % (placement_of(nb, w), stm)
            if fsf.in_check(test):
                continue
            if abs(x - k) >= 2:
                uci = sq_name(k, w) + sq_name(x, w)       # king's move
            else:
                uci = sq_name(r, w) + sq_name(k, w)       # rook onto king's square
            out.append((uci, nb, rest))
        return out

    def children(self, key, board):
        """All legal moves of a position: list of (uci, child_key, child_board)."""
        placement, stm, rights, ep = key
        other = "b" if stm == "w" else "w"
        out = []
        for m in backend(self.backend_spec).legal_moves(self.fsf_fen(key)):
            nb, nr, nep = self.apply(board, stm, rights, ep, m)
            out.append((m, (placement_of(nb, self.width), other, nr, nep), nb))
        if self.castling and rights:
            for uci, nb, nr in self.castles(board, key):
                out.append((uci, (placement_of(nb, self.width), other, nr, "-"), nb))
        return out

    def count_moves(self, key, board):
        placement, stm, rights, ep = key
        n = len(backend(self.backend_spec).legal_moves(self.fsf_fen(key)))
        if self.castling and rights:
            n += len(self.castles(board, key))
        return n


# ---------------------------------------------------------------------------
# Level-by-level perft over distinct positions
# ---------------------------------------------------------------------------

_WORKER_GAME = None


def _worker_init(ini_path, game_state):
    global _WORKER_GAME
    _BACKENDS.clear()       # never share an engine pipe with the parent
    load_variants(ini_path)
    _WORKER_GAME = game_state


def _expand_chunk(keys):
    g = _WORKER_GAME
    res = []
    for key in keys:
        board = parse_placement(key[0], g.width)
        res.append([ck for _m, ck, _b in g.children(key, board)])
    return res


def _count_chunk(keys):
    g = _WORKER_GAME
    return [g.count_moves(key, parse_placement(key[0], g.width)) for key in keys]


def _chunks(seq, n):
    for i in range(0, len(seq), n):
        yield seq[i:i + n]


class Searcher:
    def __init__(self, game, jobs=1, ini_path=DEFAULT_INI, verbose=False):
        global _WORKER_GAME
        self.game = game
        self.jobs = jobs
        self.verbose = verbose
        self.pool = None
        _WORKER_GAME = game
        if jobs > 1:
            ctx = multiprocessing.get_context("fork")
            self.pool = ctx.Pool(jobs, initializer=_worker_init,
                                 initargs=(ini_path, game))

    def close(self):
        if self.pool:
            self.pool.close()
            self.pool.join()

    def _map(self, fn, keys):
        if not self.pool or len(keys) < 64:
            return fn(keys)
        size = max(16, min(2000, len(keys) // (self.jobs * 8) + 1))
        out = []
        for part in self.pool.imap(fn, list(_chunks(keys, size))):
            out.extend(part)
        return out

    def perft_levels(self, level, depth):
        """level: dict key -> multiplicity. Returns the node count `depth`
        plies below it."""
        if depth == 0:
            return sum(level.values())
        for ply in range(depth - 1):
            t = time.time()
            keys = list(level.keys())
            kids = self._map(_expand_chunk, keys)
            nxt = {}
            for key, ks in zip(keys, kids):
                mult = level[key]
                for ck in ks:
                    nxt[ck] = nxt.get(ck, 0) + mult
            if self.verbose:
                print("  ply %d: %d distinct positions expanded (%.1fs), %d distinct children"
                      % (ply, len(keys), time.time() - t, len(nxt)), file=sys.stderr)
            level = nxt
        t = time.time()
        keys = list(level.keys())
        counts = self._map(_count_chunk, keys)
        if self.verbose:
            print("  ply %d: %d distinct positions counted (%.1fs)"
                  % (depth - 1, len(keys), time.time() - t), file=sys.stderr)
        return sum(level[k] * n for k, n in zip(keys, counts))

    def perft(self, fen, depth):
        key, board = self.game.key_of_fen(fen)
        return self.perft_levels({key: 1}, depth)

    def divide(self, fen, depth):
        key, board = self.game.key_of_fen(fen)
        out = []
        for m, ck, _nb in self.game.children(key, board):
            out.append((m, self.perft_levels({ck: 1}, depth - 1)))
        return out


def make_game(variant, fen, castling=True, engine=None, ini_path=DEFAULT_INI):
    g = Game(variant, castling=castling, engine=engine, ini_path=ini_path)
    key, board = g.key_of_fen(fen)
    if castling:
        g.setup_rights(board, key[2])
    return g


def perft(variant, fen, depth, castling=True, jobs=1, ini_path=DEFAULT_INI, verbose=False,
          engine=None):
    s = Searcher(make_game(variant, fen, castling, engine, ini_path), jobs=jobs,
                 ini_path=ini_path, verbose=verbose)
    try:
        return s.perft(fen, depth)
    finally:
        s.close()


def plain_fsf_perft(variant, fen, depth, moves=None):
    """Reference perft straight from pyffish (move lists, no board mirror,
    no castling). Slow: one pyffish call per interior node."""
    moves = moves or []
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(plain_fsf_perft(variant, fen, depth - 1, moves + [m]) for m in legal)


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------

def selftest(jobs=1, engine=None):
    ok = True

    def check(label, got, want):
        nonlocal ok
        flag = "ok" if got == want else "MISMATCH"
        if got != want:
            ok = False
        print("%-62s %s (got %s, want %s)" % (label, flag, got, want))

    v = "wadchess"
    # pyffish.gives_check(variant, fen, []) = is the side to move in check?
    check("gives_check: black king attacked, black to move",
          sf.gives_check(v, "4k5/4R5/10/10/10/10/10/5K4 b - - 0 1", []), True)
    check("gives_check: same position, white to move",
          sf.gives_check(v, "4k5/4R5/10/10/10/10/10/5K4 w - - 0 1", []), False)
    check("gives_check: WAD two-square leap over a piece",
          sf.gives_check(v, "4k5/4p5/4C5/10/10/10/10/5K4 b - - 0 1", []), True)
    check("gives_check: WAD three squares away, no check",
          sf.gives_check(v, "4k5/10/10/4C5/10/10/10/5K4 b - - 0 1", []), False)

    # Hand-counted castles (king f1, rooks a1 and j1, nothing between).
    cases = [
        # Every empty square between king and rook: b1..e1 and g1..i1.
        ("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", 7),
        # A black rook on c5 attacks c1.
        ("r4k3r/10/10/2r7/10/10/10/R4K3R w KQkq - 0 1", 6),
        # Only the K right: g1, h1, i1.
        ("r4k3r/10/10/10/10/10/10/R4K3R w K - 0 1", 3),
        # Occupied squares in between are leapt over: b1, g1 and i1 are
        # occupied, so the king may go to c1, d1, e1 or h1.
        ("r4k3r/10/10/10/10/10/10/RN3KB1NR w KQ - 0 1", 4),
        # King in check from a black rook on f4: no castling.
        ("r4k3r/10/10/10/5r4/10/10/R4K3R w KQ - 0 1", 0),
        # A black knight on g3 gives check (g3 -> f1): no castling.
        ("r4k3r/10/10/10/10/6n3/10/R4K3R w KQ - 0 1", 0),
        # Black knight on c3 attacks b1, d1 (and a2, a4, b5, d5, e2, e4): 7 - 2 = 5.
        ("r4k3r/10/10/10/10/2n7/10/R4K3R w KQ - 0 1", 5),
        # A black WAD on c3 attacks c1 (dabbaba leap) and e1 (alfil leap;
        # its a1 leap hits the rook): 7 - 2 = 5.
        ("r4k3r/10/10/10/10/2c7/10/R4K3R w KQ - 0 1", 5),
        # A rook that is not on the named corner: K right names the outermost rook
        # (j1); the rook on h1 is jumped over: g1, i1 on that side, b1..e1 other.
        ("r4k3r/10/10/10/10/10/10/R4K1R1R w KQ - 0 1", 6),
        # Black to move, mirror of the first case.
        ("r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1", 7),
    ]
    for fen, want in cases:
        for eng in [None] + ([engine] if engine else []):
            g = make_game(v, fen, castling=True, engine=eng)
            key, board = g.key_of_fen(fen)
            got = len(g.castles(board, key))
            check("castles in %s%s" % (fen, " (engine)" if eng else ""), got, want)

    # With castling, perft 1 = Fairy-Stockfish's moves + the castles above.
    fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"
    fsf1 = len(sf.legal_moves(v, fen.replace("KQkq", "-"), []))
    check("perft 1 with castling = FSF moves + 7", perft(v, fen, 1), fsf1 + 7)
    # After a castle both rights are gone: every child of a castle has no
    # white right left.
    g = make_game(v, fen, castling=True)
    key, board = g.key_of_fen(fen)
    kids = g.children(key, board)
    castle_kids = [ck for m, ck, _ in kids if m in ("f1g1", "j1f1", "f1h1", "f1i1", "f1b1",
                                                       "f1c1", "f1d1", "f1e1", "a1f1")]
    check("castle moves spelled per the rules", sorted(m for m, _, _ in kids
                                                        if m in ("j1f1", "a1f1", "f1h1")),
          ["a1f1", "f1h1", "j1f1"])
    check("rights after castling", sorted(set(ck[2] for ck in castle_kids)), ["kq"])
    check("board after f1h1", [ck[0] for m, ck, _ in kids if m == "f1h1"],
          ["r4k3r/10/10/10/10/10/10/R4R1K2 b kq - 0 1".split()[0]])
    check("board after j1f1 (one-step castle)", [ck[0] for m, ck, _ in kids if m == "j1f1"],
          ["r4k3r/10/10/10/10/10/10/R4RK3"])
    check("board after a1f1 (one-step castle)", [ck[0] for m, ck, _ in kids if m == "a1f1"],
          ["r4k3r/10/10/10/10/10/10/4KR3R"])
    # Rook move and rook capture drop the right.
    f2 = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"
    kids = dict((m, ck) for m, ck, _ in g.children(*g.key_of_fen(f2)))
    check("rights after j1j5", kids["j1j5"][2], "Qkq")
    check("rights after j1j8 (captures black's k rook)", kids["j1j8"][2], "Qq")
    check("rights after f1f2", kids["f1f2"][2], "kq")

    # Castling off: the level search must equal plain Fairy-Stockfish recursion.
    fens = [
        (v, START_FENS[v], 3),
        ("paritychess", START_FENS["paritychess"], 3),
        (v, "rcnbqkbncr/1pp1p1pppp/p2p6/4Pp4/10/P9/1PPP1PPPPP/RCNBQKBNCR w - f6 0 4", 3),
        (v, "4k5/1P8/10/10/10/10/6p3/4K5 w - - 0 1", 3),
        ("paritychess", "4k7/1P10/12/12/12/12/6p5/4K7 b - - 0 1", 3),
    ]
    for var, fen, d in fens:
        want = plain_fsf_perft(var, fen.replace("KQkq", "-"), d)
        got = perft(var, fen.replace("KQkq", "-"), d, castling=False, jobs=jobs)
        check("no castling, %s perft %d %s" % (var, d, fen), got, want)
        if engine:
            got = perft(var, fen.replace("KQkq", "-"), d, castling=False, jobs=jobs,
                        engine=engine)
            check("  the same through the engine", got, want)
            got_on = perft(var, fen, d, castling=True, jobs=jobs, engine=engine)
            want_on = perft(var, fen, d, castling=True, jobs=jobs)
            check("  with castling, engine = pyffish", got_on, want_on)
    # Start position: no castle is possible before ply 3.
    for var in ("wadchess", "paritychess"):
        got = perft(var, START_FENS[var], 2, castling=True)
        want = plain_fsf_perft(var, START_FENS[var], 2)
        check("start %s perft 2 with castling = FSF" % var, got, want)
    print("selftest:", "all passed" if ok else "FAILED")
    return ok


def check_file(path, variant, max_nodes, jobs, engine=None):
    """Recount every position of an oracle .perft file with castling off and
    compare. Lines of the start position past depth 2 (castling counts) are
    compared with castling on."""
    ok = True
    fen = None
    n_checked = 0
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            word, rest = line.split(None, 1)
            if word == "epd":
                fen = rest
                continue
            if word != "perft":
                continue
            d, want = (int(x) for x in rest.split())
            if want > max_nodes:
                continue
            rights = fen.split()[2]
            castling = rights != "-"
            t = time.time()
            got = perft(variant, fen, d, castling=castling, jobs=jobs, engine=engine)
            n_checked += 1
            flag = "ok" if got == want else "MISMATCH"
            if got != want:
                ok = False
            print("%s perft %d %d %s (%.1fs) %s" % (flag, d, got,
                  "" if got == want else "want %d" % want, time.time() - t, fen))
    print("%d counts checked: %s" % (n_checked, "all agree" if ok else "FAILED"))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=sorted(START_FENS), default="wadchess")
    ap.add_argument("--fen", help="root FEN (default: the start position)")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--from-depth", type=int, default=1,
                    help="print all depths from this one up to --depth")
    ap.add_argument("--no-castling", action="store_true",
                    help="ignore castling rights (must then equal Fairy-Stockfish)")
    ap.add_argument("--divide", action="store_true", help="counts per root move")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--ini", default=DEFAULT_INI)
    ap.add_argument("--engine", metavar="PATH",
                    help="take the ordinary moves from this Fairy-Stockfish UCI binary "
                         "(scripts/build_fsf.sh) instead of pyffish: same move "
                         "generator, about 20 times faster")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--check-file", metavar="PERFT_FILE")
    ap.add_argument("--max-nodes", type=int, default=3_000_000,
                    help="with --check-file: skip counts above this")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    load_variants(args.ini)
    if args.selftest:
        sys.exit(0 if selftest(args.jobs, args.engine) else 1)
    if args.check_file:
        sys.exit(0 if check_file(args.check_file, args.variant, args.max_nodes,
                                 args.jobs, args.engine) else 1)

    fen = args.fen or START_FENS[args.variant]
    castling = not args.no_castling
    print("# %s %s castling=%s moves=%s" % (args.variant, fen, "on" if castling else "off",
                                           "engine" if args.engine else "pyffish"))
    game = make_game(args.variant, fen, castling, args.engine, args.ini)
    if args.divide:
        s = Searcher(game, jobs=args.jobs,
                     ini_path=args.ini, verbose=args.verbose)
        total = 0
        for m, n in s.divide(fen, args.depth):
            print("%s: %d" % (m, n))
            total += n
        s.close()
        print("total %d" % total)
        return
    s = Searcher(game, jobs=args.jobs, ini_path=args.ini, verbose=args.verbose)
    try:
        for d in range(args.from_depth, args.depth + 1):
            t = time.time()
            n = s.perft(fen, d)
            print("perft %d %d (%.1fs)" % (d, n, time.time() - t), flush=True)
    finally:
        s.close()


if __name__ == "__main__":
    main()
