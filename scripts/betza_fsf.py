#!/usr/bin/env python3
"""Oracle moves of single pieces from Fairy-Stockfish, for motley's Betza reader.

Writes engine-tests/betza.fsf, read by engine-tests/betza.rs. For each Betza
string (Fairy-Stockfish's predefined pieces, every custom piece of its own
variants.ini without first-move letters, and a few more), the piece stands on
e5 of an empty 9x9 board in three positions (no other piece but two immobile
ones out of its reach; every other square an enemy; a fixed scatter of
pieces of both sides), once as White to move and once as Black, and the
squares Fairy-Stockfish lets it move to are written down. Format, one line
per case:

    BETZA|COLOUR|BOARD|TARGETS

BOARD is the FEN board field (9x9: `a`/`A` the piece, `y`/`Y` immobile
pieces), COLOUR `w` or `b`, TARGETS the sorted target squares, space
separated (`-` for none). Needs pyffish 0.0.90 (pip install pyffish==0.0.90).
"""
import os
import sys

import pyffish as sf

# Fairy-Stockfish's movement code knows riders along ranks, files,
# diagonals and knight lines only, and lame leaps of D, N, A and Z only.
# Two custom pieces of its variants.ini are left out because its move
# generator does not play what its Betza reader records: the lame camel
# `nC` (no moves at all) and the diagonal hop of at most two squares in
# `mRpRmFpB2` (no quiet diagonal hops): there is no oracle for them.
BETZAS = [
    # Predefined pieces.
    "fmWfceF", "N", "B", "R", "Q", "F", "A", "FA", "FfW", "RNF", "RF", "BN",
    "RN", "QN", "mNcB", "mBcN", "mNcR", "mRcN", "fW", "fR", "fN", "WfF", "BW",
    "cW", "fmWfF", "mRcpR", "pR", "fsW", "nN", "nA", "nZ", "RcpRnN", "W", "K",
    "KN",
    # Custom pieces of Fairy-Stockfish's own variants.ini (no first moves).
    "mW", "mN", "mQcN", "mQ", "FvW", "pB", "mQcR", "mQcK", "mQcB", "mNcK",
    "mF", "mBcpB", "WF", "NC", "D", "C", "AD", "vW", "rflbB", "pQ",
    "mvR", "mfsW", "mfrWmrfF", "mfhNcfW", "mfWcfF", "mfW", "mfR", "mfFmfW",
    "mWcF", "mRmgQ", "mRcW", "mRcD", "mR3", "mR", "mQmgQ",
    "mQ3", "mQ2cW", "mQ2cQ2", "mKmgQ", "mKmNmAmD", "mK", "mBpBmWpR2", "mB3",
    "lrR", "lfrbB", "hrN", "hlN", "fsmWfceF", "fmWfcF", "fFfW", "fBfR", "fB",
    "cR", "cQ", "cN", "cK", "cB", "ZC", "ZAD", "Z", "WcF", "RmF", "RK",
    "QNAD", "NmK", "NN", "NK", "ffNfsN",
    # More directions, ranges and hoppers.
    "fhN", "bhN", "lhN", "rhN", "fsN", "bsN", "vN", "sN", "frF", "rfF", "flF",
    "blF", "brF", "lbF", "vF", "sF", "bW", "lW", "rW", "sW", "fbW", "fhW",
    "W4", "F3", "R2", "B2", "N2", "gR", "gB", "gQ", "pR2", "G", "H", "DA",
    "WAD", "FAD", "KNAD", "nD", "fnN", "mNN", "cNN", "bR", "rR", "lR", "fK",
    "bK", "sK", "vK", "e", "",
]

PIECES = "a"
EMPTY = ["9"] * 9


def board(rows):
    """A FEN board from 9 strings of 9 characters ('.' empty)."""
    out = []
    for row in rows:
        field, run = "", 0
        for ch in row:
            if ch == ".":
                run += 1
                continue
            if run:
                field += str(run)
                run = 0
            field += ch
        if run:
            field += str(run)
        out.append(field)
    return "/".join(out)


def positions(colour):
    """The three boards, with the piece of `colour` on e5 (row 4, file 4)."""
    mine, theirs = ("A", "y") if colour == "w" else ("a", "Y")
    own = "Y" if colour == "w" else "y"
    lone = [["."] * 9 for _ in range(9)]
    lone[0][1] = theirs  # b9: on no line through e5 a piece can use
    lone[8][7] = own  # h1: the same
    full = [[theirs] * 9 for _ in range(9)]
    scatter = [["."] * 9 for _ in range(9)]
    for r in range(9):
        for f in range(9):
            k = (r * 7 + f * 3) % 5
            if k == 0:
                scatter[r][f] = theirs
            elif k == 3 and (r + f) % 2 == 0:
                scatter[r][f] = own
    for grid in (lone, full, scatter):
        grid[4][4] = mine
    return [board(["".join(row) for row in grid]) for grid in (lone, full, scatter)]


def main():
    out_path = os.path.join(os.path.dirname(__file__), "..", "engine-tests", "betza.fsf")
    lines = [
        "# Moves of one piece from e5 of a 9x9 board, from Fairy-Stockfish",
        "# (pyffish %s), written by scripts/betza_fsf.py." % ".".join(map(str, sf.version())),
        "# BETZA|COLOUR|BOARD|TARGETS",
    ]
    for i, betza in enumerate(BETZAS):
        name = "bz%d" % i
        ini = f"""
[{name}:chess]
maxRank = 9
maxFile = i
king = -
pawn = -
knight = -
bishop = -
rook = -
queen = -
customPiece1 = a:{betza}
customPiece2 = y:
extinctionValue = loss
extinctionPieceTypes = *
castling = false
doubleStep = false
promotionRegionWhite = -
promotionRegionBlack = -
startFen = 9/9/9/9/4A4/9/9/9/9 w - - 0 1
"""
        sf.load_variant_config(ini)
        for colour in "wb":
            for field in positions(colour):
                fen = f"{field} {colour} - - 0 1"
                moves = sf.legal_moves(name, fen, [])
                targets = sorted({m[2:4] for m in moves if m.startswith("e5")})
                if any(not m.startswith("e5") for m in moves):
                    sys.exit(f"{betza}: a move by another piece in {fen}: {moves}")
                lines.append(f"{betza}|{colour}|{field}|{' '.join(targets) or '-'}")
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines) - 3} cases to {out_path}")


if __name__ == "__main__":
    main()
