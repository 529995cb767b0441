//! Fast castling in WAD Chess and Parity Chess, checked clause by clause
//! against `rules/wadchess.md` ("Fast castling", "Moves on the wire") and
//! `rules/paritychess.md`.
//!
//! Every position here is built by hand and its castling moves are worked
//! out by hand from the rule: a king that has never moved and is not in
//! check may leap along its first rank to any empty, unattacked square
//! strictly between it and an unmoved rook of its own, the rook then leaps
//! to the king's square, and the king may not be in check afterwards. Each
//! clause is checked on both boards (WAD Chess: king f1, rooks a1 and j1;
//! Parity Chess: king g1, rooks a1 and l1) and for both colours (the Black
//! position is the White one mirrored top to bottom, Black to move).
//!
//! On the wire a castle that moves the king two or more squares is the
//! king's move (`f1i1`); the one-step castle is the rook's move onto the
//! king's square (`j1f1`); "king takes own rook" (`f1j1`) is accepted as
//! input for the castle onto the square next to that rook.

use std::collections::BTreeSet;

use motley::rules::Variant::{ParityChess, WadChess};
use motley::rules::{AnyPosition, Variant};

/// The castling moves in `moves` (wire spelling) of the king standing on
/// `king`: its moves of two or more squares along its first rank, and the
/// moves onto its square, which spell the one-step castle as the rook's
/// move. No other move can do either.
fn castling_moves(moves: &[String], king: &str) -> BTreeSet<String> {
    moves
        .iter()
        .filter(|m| {
            let (from, to) = (&m[0..2], &m[2..4]);
            let files_moved = (i32::from(from.as_bytes()[0]) - i32::from(to.as_bytes()[0])).abs();
            to == king || (from == king && from[1..] == to[1..] && files_moved >= 2)
        })
        .cloned()
        .collect()
}

/// The set of `moves` as owned strings.
fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Reads `fen`, which must be valid.
fn position(variant: Variant, fen: &str) -> AnyPosition {
    AnyPosition::from_fen(variant, fen)
        .unwrap_or_else(|e| panic!("{variant}: '{fen}' should be a valid FEN: {e}"))
}

/// Plays `moves` in order from `fen`; each must be legal.
fn after(variant: Variant, fen: &str, moves: &[&str]) -> AnyPosition {
    let mut pos = position(variant, fen);
    for m in moves {
        pos.play_wire(m)
            .unwrap_or_else(|e| panic!("{variant}: {m} after {moves:?} from '{fen}': {e}"));
    }
    pos
}

/// The castling field of the position's FEN.
fn castling_field(pos: &AnyPosition) -> String {
    pos.fen().split(' ').nth(2).expect("six fields").to_string()
}

/// A position and what its side to move may do with its king.
struct Case {
    variant: Variant,
    fen: &'static str,
    /// The king of the side to move.
    king: &'static str,
    /// Every castling move, in wire spelling.
    castles: &'static [&'static str],
    /// Ordinary king moves that must be legal.
    steps: &'static [&'static str],
    /// Ordinary king moves that must not be legal.
    no_steps: &'static [&'static str],
}

/// Checks the castling moves of `case` exactly, and its king steps.
fn check(case: &Case) {
    let pos = position(case.variant, case.fen);
    let moves = pos.legal_wire_moves();
    assert_eq!(
        castling_moves(&moves, case.king),
        set(case.castles),
        "{}: castling moves in '{}'",
        case.variant,
        case.fen
    );
    for step in case.steps {
        assert!(
            moves.iter().any(|m| m == step),
            "{}: king step {step} should be legal in '{}'",
            case.variant,
            case.fen
        );
    }
    for step in case.no_steps {
        assert!(
            !moves.iter().any(|m| m == step),
            "{}: king step {step} should not be legal in '{}'",
            case.variant,
            case.fen
        );
    }
}

/// A line of play, and the castling moves of one king before and after it.
struct Line {
    variant: Variant,
    start: &'static str,
    /// The king whose castling is checked.
    king: &'static str,
    /// Its castling moves at the start.
    castles_before: &'static [&'static str],
    /// The moves, in wire spelling.
    moves: &'static [&'static str],
    /// The FEN after them.
    fen: &'static str,
    /// The king's castling moves after them.
    castles_after: &'static [&'static str],
    /// Ordinary king moves that are legal after them.
    steps: &'static [&'static str],
}

/// Plays `line` and checks it; returns the position at its end.
fn check_line(line: &Line) -> AnyPosition {
    let variant = line.variant;
    assert_castles(
        &position(variant, line.start),
        line.king,
        line.castles_before,
    );
    let pos = after(variant, line.start, line.moves);
    assert_eq!(
        pos.fen(),
        line.fen,
        "{variant}: {:?} from '{}'",
        line.moves,
        line.start
    );
    assert_castles(&pos, line.king, line.castles_after);
    let moves = pos.legal_wire_moves();
    for step in line.steps {
        assert!(
            moves.iter().any(|m| m == step),
            "{variant}: king step {step} should be legal in '{}'",
            line.fen
        );
    }
    pos
}

/// Asserts the castling moves of the king on `king` in `pos`.
fn assert_castles(pos: &AnyPosition, king: &str, expected: &[&str]) {
    assert_eq!(
        castling_moves(&pos.legal_wire_moves(), king),
        set(expected),
        "castling moves in '{}'",
        pos.fen()
    );
}

/// Asserts that `text` is not accepted as a move in `fen`.
fn assert_rejected(variant: Variant, fen: &str, text: &str) {
    let mut pos = position(variant, fen);
    assert!(
        pos.play_wire(text).is_err(),
        "{variant}: {text} should be rejected in '{fen}'"
    );
}

// The unobstructed positions used by several clauses: every rook at home,
// a knight each to make waiting moves with.
const WAD_HOME_W: &str = "r4k3r/10/3n6/10/10/3N6/10/R4K3R w KQkq - 0 1";
const WAD_HOME_B: &str = "r4k3r/10/3n6/10/10/3N6/10/R4K3R b KQkq - 0 1";
const PARITY_HOME_W: &str = "r5k4r/12/3n8/12/12/3N8/12/R5K4R w KQkq - 0 1";
const PARITY_HOME_B: &str = "r5k4r/12/3n8/12/12/3N8/12/R5K4R b KQkq - 0 1";

// The same with a pawn in front of each king.
const WAD_SHUT_W: &str = "r4k3r/5p4/3n6/10/10/3N6/5P4/R4K3R w KQkq - 0 1";
const WAD_SHUT_B: &str = "r4k3r/5p4/3n6/10/10/3N6/5P4/R4K3R b KQkq - 0 1";
const PARITY_SHUT_W: &str = "r5k4r/6p5/3n8/12/12/3N8/6P5/R5K4R w KQkq - 0 1";
const PARITY_SHUT_B: &str = "r5k4r/6p5/3n8/12/12/3N8/6P5/R5K4R b KQkq - 0 1";

const WAD_HOME_CASTLES_W: &[&str] = &["f1b1", "f1c1", "f1d1", "a1f1", "j1f1", "f1h1", "f1i1"];
const WAD_HOME_CASTLES_B: &[&str] = &["f8b8", "f8c8", "f8d8", "a8f8", "j8f8", "f8h8", "f8i8"];
const PARITY_HOME_CASTLES_W: &[&str] = &[
    "g1b1", "g1c1", "g1d1", "g1e1", "a1g1", "l1g1", "g1i1", "g1j1", "g1k1",
];
const PARITY_HOME_CASTLES_B: &[&str] = &[
    "g8b8", "g8c8", "g8d8", "g8e8", "a8g8", "l8g8", "g8i8", "g8j8", "g8k8",
];

/// "Any empty square strictly between it and an unmoved rook": every one of
/// them, with pieces of either colour between king and rook jumped over.
/// A rook standing next to the king leaves no square between them.
#[test]
fn every_empty_square_between_king_and_rook_is_a_destination() {
    check(&Case {
        // White bishop c1 and Black knight h1 are jumped over; the knight
        // attacks f2 and g3, i3, j2, nothing on the first rank.
        variant: WadChess,
        fen: "5k4/10/10/10/10/10/10/R1B2K1n1R w KQ - 0 1",
        king: "f1",
        castles: &["f1b1", "f1d1", "a1f1", "j1f1", "f1i1"],
        steps: &["f1e1", "f1g1", "f1e2", "f1g2"],
        no_steps: &["f1f2"],
    });
    check(&Case {
        variant: WadChess,
        fen: "r1b2k1N1r/10/10/10/10/10/10/5K4 b kq - 0 1",
        king: "f8",
        castles: &["f8b8", "f8d8", "a8f8", "j8f8", "f8i8"],
        steps: &["f8e8", "f8g8", "f8e7", "f8g7"],
        no_steps: &["f8f7"],
    });
    check(&Case {
        // White bishop c1 and Black knight j1 (attacking h2, i3, k3, l2).
        variant: ParityChess,
        fen: "6k5/12/12/12/12/12/12/R1B3K2n1R w KQ - 0 1",
        king: "g1",
        castles: &["g1b1", "g1d1", "g1e1", "a1g1", "l1g1", "g1i1", "g1k1"],
        steps: &["g1f1", "g1h1", "g1f2", "g1g2"],
        no_steps: &["g1h2"],
    });
    check(&Case {
        variant: ParityChess,
        fen: "r1b3k2N1r/12/12/12/12/12/12/6K5 b kq - 0 1",
        king: "g8",
        castles: &["g8b8", "g8d8", "g8e8", "a8g8", "l8g8", "g8i8", "g8k8"],
        steps: &["g8f8", "g8h8", "g8f7", "g8g7"],
        no_steps: &["g8h7"],
    });

    // Rooks on both squares next to the king: nothing lies between, and
    // "king takes own rook" has no square to castle to.
    for (variant, fen, king, takes) in [
        (
            WadChess,
            "5k4/10/10/10/10/10/10/4RKR3 w KQ - 0 1",
            "f1",
            ["f1e1", "f1g1"],
        ),
        (
            WadChess,
            "4rkr3/10/10/10/10/10/10/5K4 b kq - 0 1",
            "f8",
            ["f8e8", "f8g8"],
        ),
        (
            ParityChess,
            "6k5/12/12/12/12/12/12/5RKR4 w KQ - 0 1",
            "g1",
            ["g1f1", "g1h1"],
        ),
        (
            ParityChess,
            "5rkr4/12/12/12/12/12/12/6K5 b kq - 0 1",
            "g8",
            ["g8f8", "g8h8"],
        ),
    ] {
        assert_castles(&position(variant, fen), king, &[]);
        for text in takes {
            assert_rejected(variant, fen, text);
        }
    }
}

/// The one-step castle is spelled as the rook's move onto the king's
/// square; "king takes own rook" is accepted as input for the castle onto
/// the square next to that rook; an ordinary king step stays one.
#[test]
fn one_step_castle_is_spelled_as_the_rook_move_onto_the_king_square() {
    let cases = [
        (
            WadChess,
            "5k4/10/10/10/10/10/10/R4K3R w KQ - 0 1",
            "f1",
            WAD_HOME_CASTLES_W,
            &[
                // King f1 to g1, rook j1 to f1.
                ("j1f1", true, "5k4/10/10/10/10/10/10/R4RK3 b - - 1 1"),
                // King takes own rook: the castle to i1, next to the rook.
                ("f1j1", false, "5k4/10/10/10/10/10/10/R4R2K1 b - - 1 1"),
                ("f1i1", true, "5k4/10/10/10/10/10/10/R4R2K1 b - - 1 1"),
                // King f1 to e1, rook a1 to f1.
                ("a1f1", true, "5k4/10/10/10/10/10/10/4KR3R b - - 1 1"),
                ("f1a1", false, "5k4/10/10/10/10/10/10/1K3R3R b - - 1 1"),
                ("f1b1", true, "5k4/10/10/10/10/10/10/1K3R3R b - - 1 1"),
                // Ordinary king steps: the rooks stay, the rights go.
                ("f1g1", true, "5k4/10/10/10/10/10/10/R5K2R b - - 1 1"),
                ("f1e1", true, "5k4/10/10/10/10/10/10/R3K4R b - - 1 1"),
            ],
        ),
        (
            WadChess,
            "r4k3r/10/10/10/10/10/10/5K4 b kq - 0 1",
            "f8",
            WAD_HOME_CASTLES_B,
            &[
                ("j8f8", true, "r4rk3/10/10/10/10/10/10/5K4 w - - 1 2"),
                ("f8j8", false, "r4r2k1/10/10/10/10/10/10/5K4 w - - 1 2"),
                ("f8i8", true, "r4r2k1/10/10/10/10/10/10/5K4 w - - 1 2"),
                ("a8f8", true, "4kr3r/10/10/10/10/10/10/5K4 w - - 1 2"),
                ("f8a8", false, "1k3r3r/10/10/10/10/10/10/5K4 w - - 1 2"),
                ("f8b8", true, "1k3r3r/10/10/10/10/10/10/5K4 w - - 1 2"),
                ("f8g8", true, "r5k2r/10/10/10/10/10/10/5K4 w - - 1 2"),
                ("f8e8", true, "r3k4r/10/10/10/10/10/10/5K4 w - - 1 2"),
            ],
        ),
        (
            ParityChess,
            "6k5/12/12/12/12/12/12/R5K4R w KQ - 0 1",
            "g1",
            PARITY_HOME_CASTLES_W,
            &[
                // King g1 to h1, rook l1 to g1.
                ("l1g1", true, "6k5/12/12/12/12/12/12/R5RK4 b - - 1 1"),
                ("g1l1", false, "6k5/12/12/12/12/12/12/R5R3K1 b - - 1 1"),
                ("g1k1", true, "6k5/12/12/12/12/12/12/R5R3K1 b - - 1 1"),
                ("a1g1", true, "6k5/12/12/12/12/12/12/5KR4R b - - 1 1"),
                ("g1a1", false, "6k5/12/12/12/12/12/12/1K4R4R b - - 1 1"),
                ("g1b1", true, "6k5/12/12/12/12/12/12/1K4R4R b - - 1 1"),
                ("g1h1", true, "6k5/12/12/12/12/12/12/R6K3R b - - 1 1"),
                ("g1f1", true, "6k5/12/12/12/12/12/12/R4K5R b - - 1 1"),
            ],
        ),
        (
            ParityChess,
            "r5k4r/12/12/12/12/12/12/6K5 b kq - 0 1",
            "g8",
            PARITY_HOME_CASTLES_B,
            &[
                ("l8g8", true, "r5rk4/12/12/12/12/12/12/6K5 w - - 1 2"),
                ("g8l8", false, "r5r3k1/12/12/12/12/12/12/6K5 w - - 1 2"),
                ("g8k8", true, "r5r3k1/12/12/12/12/12/12/6K5 w - - 1 2"),
                ("a8g8", true, "5kr4r/12/12/12/12/12/12/6K5 w - - 1 2"),
                ("g8a8", false, "1k4r4r/12/12/12/12/12/12/6K5 w - - 1 2"),
                ("g8b8", true, "1k4r4r/12/12/12/12/12/12/6K5 w - - 1 2"),
                ("g8h8", true, "r6k3r/12/12/12/12/12/12/6K5 w - - 1 2"),
                ("g8f8", true, "r4k5r/12/12/12/12/12/12/6K5 w - - 1 2"),
            ],
        ),
    ];
    for (variant, fen, king, castles, plays) in cases {
        let pos = position(variant, fen);
        assert_castles(&pos, king, castles);
        let moves = pos.legal_wire_moves();
        for &(m, listed, expected) in plays {
            assert_eq!(
                moves.iter().any(|l| l == m),
                listed,
                "{variant}: is {m} listed among the legal moves of '{fen}'"
            );
            assert_eq!(
                after(variant, fen, &[m]).fen(),
                expected,
                "{variant}: {m} from '{fen}'"
            );
        }
    }
}

/// "Any empty square": a square holding a piece of either colour is no
/// destination, and "king takes own rook" is refused when the square next
/// to the rook is occupied.
#[test]
fn occupied_square_is_not_a_destination() {
    // White: knight b1, queen e1 (so no one-step castle on that side);
    // Black bishop i1 (attacking h2, j2, g3 ... nothing on the first rank).
    let cases = [
        (
            Case {
                variant: WadChess,
                fen: "5k4/10/10/10/10/10/10/RN2QK2bR w KQ - 0 1",
                king: "f1",
                castles: &["f1c1", "f1d1", "j1f1", "f1h1"],
                steps: &["f1g1", "f1f2", "f1g2"],
                no_steps: &["f1e1"],
            },
            ["f1j1", "f1a1"],
        ),
        (
            Case {
                variant: WadChess,
                fen: "rn2qk2Br/10/10/10/10/10/10/5K4 b kq - 0 1",
                king: "f8",
                castles: &["f8c8", "f8d8", "j8f8", "f8h8"],
                steps: &["f8g8", "f8f7", "f8g7"],
                no_steps: &["f8e8"],
            },
            ["f8j8", "f8a8"],
        ),
        (
            // White: knight b1, queen f1, bishop k1; Black bishop i1.
            Case {
                variant: ParityChess,
                fen: "6k5/12/12/12/12/12/12/RN3QK1b1BR w KQ - 0 1",
                king: "g1",
                castles: &["g1c1", "g1d1", "g1e1", "l1g1", "g1j1"],
                steps: &["g1h1", "g1g2"],
                no_steps: &["g1f1", "g1h2"],
            },
            ["g1l1", "g1a1"],
        ),
        (
            Case {
                variant: ParityChess,
                fen: "rn3qk1B1br/12/12/12/12/12/12/6K5 b kq - 0 1",
                king: "g8",
                castles: &["g8c8", "g8d8", "g8e8", "l8g8", "g8j8"],
                steps: &["g8h8", "g8g7"],
                no_steps: &["g8f8", "g8h7"],
            },
            ["g8l8", "g8a8"],
        ),
    ];
    for (case, refused) in &cases {
        check(case);
        for text in refused {
            assert_rejected(case.variant, case.fen, text);
        }
    }
}

/// "Provided that square is not attacked": by a slider, a knight, a WAD or
/// FAD leap (which nothing blocks) or a pawn. The king still jumps over
/// attacked squares to reach the ones beyond, and an attacked rook does
/// not stop castling.
#[test]
fn attacked_square_is_not_a_destination() {
    // WAD Chess, White. Black bishop a5 takes e1, WAD a3 leaps to c1 (and
    // a1), knight j3 takes i1, pawn i2 takes h1 (and j1). Left: b1, d1, g1.
    // Parity Chess, White. Black rook d7 takes d1, WAD c3 leaps to c1 and
    // e1 (and a1), knight j2 takes h1 (and l1), pawn k2 takes j1 (and l1),
    // FAD k3 leaps over the pawn to k1 and diagonally to i1. Left: b1, f1.
    let cases = [
        (
            Case {
                variant: WadChess,
                fen: "5k4/10/10/b9/10/c8n/8p1/R4K3R w KQ - 0 1",
                king: "f1",
                castles: &["f1b1", "f1d1", "j1f1"],
                steps: &["f1g1", "f1e2", "f1f2", "f1g2"],
                no_steps: &["f1e1"],
            },
            "f1a1",
            "f1j1",
        ),
        (
            Case {
                variant: WadChess,
                fen: "r4k3r/8P1/C8N/10/B9/10/10/5K4 b kq - 0 1",
                king: "f8",
                castles: &["f8b8", "f8d8", "j8f8"],
                steps: &["f8g8", "f8e7", "f8f7", "f8g7"],
                no_steps: &["f8e8"],
            },
            "f8a8",
            "f8j8",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "6k5/3r8/12/12/12/2c7f1/9np1/R5K4R w KQ - 0 1",
                king: "g1",
                castles: &["g1b1", "a1g1"],
                steps: &["g1f1", "g1f2", "g1g2", "g1h2"],
                no_steps: &["g1h1"],
            },
            "g1a1",
            "g1l1",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "r5k4r/9NP1/2C7F1/12/12/12/3R8/6K5 b kq - 0 1",
                king: "g8",
                castles: &["g8b8", "a8g8"],
                steps: &["g8f8", "g8f7", "g8g7", "g8h7"],
                no_steps: &["g8h8"],
            },
            "g8a8",
            "g8l8",
        ),
    ];
    for (case, accepted, refused) in &cases {
        check(case);
        // King takes own rook: to b1 (b8) is open, the square next to the
        // rook on the other side is attacked.
        after(case.variant, case.fen, &[accepted]);
        assert_rejected(case.variant, case.fen, refused);
    }
}

/// "A king that ... is not in check": no castling at all while in check,
/// whatever gives it, though every destination is free and safe.
#[test]
fn king_in_check_cannot_castle() {
    let cases = [
        // WAD Chess: rook f5, knight g3, WAD f3 (a leap of two), pawn e2.
        Case {
            variant: WadChess,
            fen: "5k4/10/10/5r4/10/10/10/R4K3R w KQ - 0 1",
            king: "f1",
            castles: &[],
            steps: &["f1e1", "f1g1", "f1e2", "f1g2"],
            no_steps: &["f1f2"],
        },
        Case {
            variant: WadChess,
            fen: "5k4/10/10/10/10/6n3/10/R4K3R w KQ - 0 1",
            king: "f1",
            castles: &[],
            steps: &["f1e1", "f1g1", "f1f2", "f1g2"],
            no_steps: &["f1e2"],
        },
        Case {
            variant: WadChess,
            fen: "5k4/10/10/10/10/5c4/10/R4K3R w KQ - 0 1",
            king: "f1",
            castles: &[],
            steps: &["f1e1", "f1g1", "f1e2", "f1g2"],
            no_steps: &["f1f2"],
        },
        Case {
            variant: WadChess,
            fen: "5k4/10/10/10/10/10/4p5/R4K3R w KQ - 0 1",
            king: "f1",
            castles: &[],
            steps: &["f1e1", "f1g1", "f1e2", "f1f2", "f1g2"],
            no_steps: &[],
        },
        Case {
            variant: WadChess,
            fen: "r4k3r/10/10/10/5R4/10/10/5K4 b kq - 0 1",
            king: "f8",
            castles: &[],
            steps: &["f8e8", "f8g8", "f8e7", "f8g7"],
            no_steps: &["f8f7"],
        },
        Case {
            variant: WadChess,
            fen: "r4k3r/10/6N3/10/10/10/10/5K4 b kq - 0 1",
            king: "f8",
            castles: &[],
            steps: &["f8e8", "f8g8", "f8f7", "f8g7"],
            no_steps: &["f8e7"],
        },
        Case {
            variant: WadChess,
            fen: "r4k3r/10/5C4/10/10/10/10/5K4 b kq - 0 1",
            king: "f8",
            castles: &[],
            steps: &["f8e8", "f8g8", "f8e7", "f8g7"],
            no_steps: &["f8f7"],
        },
        Case {
            variant: WadChess,
            fen: "r4k3r/4P5/10/10/10/10/10/5K4 b kq - 0 1",
            king: "f8",
            castles: &[],
            steps: &["f8e8", "f8g8", "f8e7", "f8f7", "f8g7"],
            no_steps: &[],
        },
        // Parity Chess: bishop d4, knight h3, FAD e3 (a diagonal leap of
        // two), pawn h2.
        Case {
            variant: ParityChess,
            fen: "6k5/12/12/12/3b8/12/12/R5K4R w KQ - 0 1",
            king: "g1",
            castles: &[],
            steps: &["g1f1", "g1h1", "g1g2", "g1h2"],
            no_steps: &["g1f2"],
        },
        Case {
            variant: ParityChess,
            fen: "6k5/12/12/12/12/7n4/12/R5K4R w KQ - 0 1",
            king: "g1",
            castles: &[],
            steps: &["g1f1", "g1h1", "g1g2", "g1h2"],
            no_steps: &["g1f2"],
        },
        Case {
            variant: ParityChess,
            fen: "6k5/12/12/12/12/4f7/12/R5K4R w KQ - 0 1",
            king: "g1",
            castles: &[],
            steps: &["g1f1", "g1h1", "g1g2", "g1h2"],
            no_steps: &["g1f2"],
        },
        Case {
            variant: ParityChess,
            fen: "6k5/12/12/12/12/12/7p4/R5K4R w KQ - 0 1",
            king: "g1",
            castles: &[],
            steps: &["g1f1", "g1h1", "g1f2", "g1g2", "g1h2"],
            no_steps: &[],
        },
        Case {
            variant: ParityChess,
            fen: "r5k4r/12/12/3B8/12/12/12/6K5 b kq - 0 1",
            king: "g8",
            castles: &[],
            steps: &["g8f8", "g8h8", "g8g7", "g8h7"],
            no_steps: &["g8f7"],
        },
        Case {
            variant: ParityChess,
            fen: "r5k4r/12/7N4/12/12/12/12/6K5 b kq - 0 1",
            king: "g8",
            castles: &[],
            steps: &["g8f8", "g8h8", "g8g7", "g8h7"],
            no_steps: &["g8f7"],
        },
        Case {
            variant: ParityChess,
            fen: "r5k4r/12/4F7/12/12/12/12/6K5 b kq - 0 1",
            king: "g8",
            castles: &[],
            steps: &["g8f8", "g8h8", "g8g7", "g8h7"],
            no_steps: &["g8f7"],
        },
        Case {
            variant: ParityChess,
            fen: "r5k4r/7P4/12/12/12/12/12/6K5 b kq - 0 1",
            king: "g8",
            castles: &[],
            steps: &["g8f8", "g8h8", "g8f7", "g8g7", "g8h7"],
            no_steps: &[],
        },
    ];
    for case in &cases {
        check(case);
    }
}

/// "A king that has never moved": once it has stepped away, coming back
/// does not restore castling, on either side; the other colour keeps its
/// rights.
#[test]
fn king_that_moved_and_came_back_cannot_castle() {
    // Each line, then the other side's waiting move, its king and castles.
    let cases = [
        (
            Line {
                variant: WadChess,
                start: WAD_HOME_W,
                king: "f1",
                castles_before: WAD_HOME_CASTLES_W,
                moves: &["f1g1", "d6b5", "g1f1", "b5d6"],
                fen: "r4k3r/10/3n6/10/10/3N6/10/R4K3R w kq - 4 3",
                castles_after: &[],
                steps: &["f1e1", "f1g1"],
            },
            "d3b4",
            "f8",
            WAD_HOME_CASTLES_B,
        ),
        (
            Line {
                variant: WadChess,
                start: WAD_HOME_B,
                king: "f8",
                castles_before: WAD_HOME_CASTLES_B,
                moves: &["f8g8", "d3b4", "g8f8", "b4d3"],
                fen: "r4k3r/10/3n6/10/10/3N6/10/R4K3R b KQ - 4 3",
                castles_after: &[],
                steps: &["f8e8", "f8g8"],
            },
            "d6b5",
            "f1",
            WAD_HOME_CASTLES_W,
        ),
        (
            Line {
                variant: ParityChess,
                start: PARITY_HOME_W,
                king: "g1",
                castles_before: PARITY_HOME_CASTLES_W,
                moves: &["g1h1", "d6b5", "h1g1", "b5d6"],
                fen: "r5k4r/12/3n8/12/12/3N8/12/R5K4R w kq - 4 3",
                castles_after: &[],
                steps: &["g1f1", "g1h1"],
            },
            "d3b4",
            "g8",
            PARITY_HOME_CASTLES_B,
        ),
        (
            Line {
                variant: ParityChess,
                start: PARITY_HOME_B,
                king: "g8",
                castles_before: PARITY_HOME_CASTLES_B,
                moves: &["g8h8", "d3b4", "h8g8", "b4d3"],
                fen: "r5k4r/12/3n8/12/12/3N8/12/R5K4R b KQ - 4 3",
                castles_after: &[],
                steps: &["g8f8", "g8h8"],
            },
            "d6b5",
            "g1",
            PARITY_HOME_CASTLES_W,
        ),
    ];
    for (line, wait, other_king, other_castles) in &cases {
        let mut pos = check_line(line);
        pos.play_wire(wait).expect("a knight move");
        assert_castles(&pos, other_king, other_castles);
    }
}

/// "An unmoved rook": a rook that has moved and come back gives no castling
/// any more, but only on its own side.
#[test]
fn rook_that_moved_and_came_back_loses_its_side_only() {
    let lines = [
        Line {
            variant: WadChess,
            start: WAD_HOME_W,
            king: "f1",
            castles_before: WAD_HOME_CASTLES_W,
            moves: &["j1j2", "d6b5", "j2j1", "b5d6"],
            fen: "r4k3r/10/3n6/10/10/3N6/10/R4K3R w Qkq - 4 3",
            castles_after: &["f1b1", "f1c1", "f1d1", "a1f1"],
            steps: &["f1e1", "f1g1"],
        },
        Line {
            variant: WadChess,
            start: WAD_HOME_W,
            king: "f1",
            castles_before: WAD_HOME_CASTLES_W,
            moves: &["a1a2", "d6b5", "a2a1", "b5d6"],
            fen: "r4k3r/10/3n6/10/10/3N6/10/R4K3R w Kkq - 4 3",
            castles_after: &["j1f1", "f1h1", "f1i1"],
            steps: &["f1e1", "f1g1"],
        },
        Line {
            variant: WadChess,
            start: WAD_HOME_B,
            king: "f8",
            castles_before: WAD_HOME_CASTLES_B,
            moves: &["j8j7", "d3b4", "j7j8", "b4d3"],
            fen: "r4k3r/10/3n6/10/10/3N6/10/R4K3R b KQq - 4 3",
            castles_after: &["f8b8", "f8c8", "f8d8", "a8f8"],
            steps: &["f8e8", "f8g8"],
        },
        Line {
            variant: WadChess,
            start: WAD_HOME_B,
            king: "f8",
            castles_before: WAD_HOME_CASTLES_B,
            moves: &["a8a7", "d3b4", "a7a8", "b4d3"],
            fen: "r4k3r/10/3n6/10/10/3N6/10/R4K3R b KQk - 4 3",
            castles_after: &["j8f8", "f8h8", "f8i8"],
            steps: &["f8e8", "f8g8"],
        },
        Line {
            variant: ParityChess,
            start: PARITY_HOME_W,
            king: "g1",
            castles_before: PARITY_HOME_CASTLES_W,
            moves: &["l1l2", "d6b5", "l2l1", "b5d6"],
            fen: "r5k4r/12/3n8/12/12/3N8/12/R5K4R w Qkq - 4 3",
            castles_after: &["g1b1", "g1c1", "g1d1", "g1e1", "a1g1"],
            steps: &["g1f1", "g1h1"],
        },
        Line {
            variant: ParityChess,
            start: PARITY_HOME_W,
            king: "g1",
            castles_before: PARITY_HOME_CASTLES_W,
            moves: &["a1a2", "d6b5", "a2a1", "b5d6"],
            fen: "r5k4r/12/3n8/12/12/3N8/12/R5K4R w Kkq - 4 3",
            castles_after: &["l1g1", "g1i1", "g1j1", "g1k1"],
            steps: &["g1f1", "g1h1"],
        },
        Line {
            variant: ParityChess,
            start: PARITY_HOME_B,
            king: "g8",
            castles_before: PARITY_HOME_CASTLES_B,
            moves: &["l8l7", "d3b4", "l7l8", "b4d3"],
            fen: "r5k4r/12/3n8/12/12/3N8/12/R5K4R b KQq - 4 3",
            castles_after: &["g8b8", "g8c8", "g8d8", "g8e8", "a8g8"],
            steps: &["g8f8", "g8h8"],
        },
        Line {
            variant: ParityChess,
            start: PARITY_HOME_B,
            king: "g8",
            castles_before: PARITY_HOME_CASTLES_B,
            moves: &["a8a7", "d3b4", "a7a8", "b4d3"],
            fen: "r5k4r/12/3n8/12/12/3N8/12/R5K4R b KQk - 4 3",
            castles_after: &["l8g8", "g8i8", "g8j8", "g8k8"],
            steps: &["g8f8", "g8h8"],
        },
    ];
    for line in &lines {
        check_line(line);
    }
}

/// "An unmoved rook of its own": a rook captured on its square takes its
/// right with it. Another unmoved rook on that side does not inherit the
/// right, nor does a rook that later recaptures on the corner.
#[test]
fn captured_rook_ends_its_right() {
    // White (Black in the mirror) has a second rook on h1 (h8; i1, i8 in
    // Parity Chess), with no right of its own. A bishop takes the corner
    // rook, the inner rook takes the bishop back. Each line comes with the
    // castling field right after the capture.
    let cases = [
        (
            // Bishop g4 covers d1 at the start (f3, e2, d1) and j1.
            Line {
                variant: WadChess,
                start: "r4k3r/10/3n6/10/6b3/3N6/10/R4K1R1R w KQkq - 0 1",
                king: "f1",
                castles_before: &["f1b1", "f1c1", "a1f1", "j1f1", "f1i1"],
                moves: &["d3b4", "g4j1", "h1j1", "d6b5"],
                fen: "r4k3r/10/10/1n8/1N8/10/10/R4K3R w Qkq - 1 3",
                castles_after: &["f1b1", "f1c1", "f1d1", "a1f1"],
                steps: &["f1e1", "f1g1"],
            },
            "Qkq",
        ),
        (
            Line {
                variant: WadChess,
                start: "r4k1r1r/10/3n6/6B3/10/3N6/10/R4K3R b KQkq - 0 1",
                king: "f8",
                castles_before: &["f8b8", "f8c8", "a8f8", "j8f8", "f8i8"],
                moves: &["d6b5", "g5j8", "h8j8", "d3b4"],
                fen: "r4k3r/10/10/1n8/1N8/10/10/R4K3R b KQq - 1 3",
                castles_after: &["f8b8", "f8c8", "f8d8", "a8f8"],
                steps: &["f8e8", "f8g8"],
            },
            "KQq",
        ),
        (
            // Bishop h5 covers d1 at the start (g4, f3, e2, d1) and l1.
            Line {
                variant: ParityChess,
                start: "r5k4r/12/3n8/7b4/12/3N8/12/R5K1R2R w KQkq - 0 1",
                king: "g1",
                castles_before: &["g1b1", "g1c1", "g1e1", "a1g1", "l1g1", "g1j1", "g1k1"],
                moves: &["d3b4", "h5l1", "i1l1", "d6b5"],
                fen: "r5k4r/12/12/1n10/1N10/12/12/R5K4R w Qkq - 1 3",
                castles_after: &["g1b1", "g1c1", "g1d1", "g1e1", "a1g1"],
                steps: &["g1f1", "g1h1"],
            },
            "Qkq",
        ),
        (
            Line {
                variant: ParityChess,
                start: "r5k1r2r/12/3n8/12/7B4/3N8/12/R5K4R b KQkq - 0 1",
                king: "g8",
                castles_before: &["g8b8", "g8c8", "g8e8", "a8g8", "l8g8", "g8j8", "g8k8"],
                moves: &["d6b5", "h4l8", "i8l8", "d3b4"],
                fen: "r5k4r/12/12/1n10/1N10/12/12/R5K4R b KQq - 1 3",
                castles_after: &["g8b8", "g8c8", "g8d8", "g8e8", "a8g8"],
                steps: &["g8f8", "g8h8"],
            },
            "KQq",
        ),
    ];
    for (line, field) in &cases {
        check_line(line);
        // Right after the capture, the side that lost the rook to move:
        // every square on the other side (the bishop has left the diagonal
        // to d1), nothing on this one.
        let captured = after(line.variant, line.start, &line.moves[..2]);
        assert_eq!(castling_field(&captured), *field, "{}", captured.fen());
        assert_castles(&captured, line.king, line.castles_after);
    }
}

/// "As with every move, the king may not be in check afterwards": a
/// destination that nothing attacks before the move is still refused when
/// the rook, leaving its square, opens the first rank to an enemy rook
/// beyond it; a piece between that square and the destination shields it.
#[test]
fn king_may_not_land_in_check_once_the_rook_has_left() {
    // Inner rooks named by Shredder letters, an enemy rook right behind
    // each: WAD Chess White rooks c1 (right C) and h1 (right H), Black
    // rooks b1 and i1, White rooks a1 and j1 without rights. Before the
    // move d1, e1 and g1 are safe; once c1 (h1) is empty the Black rook
    // sweeps along the rank onto every one of them. The king may still
    // step there.
    let exposed = [
        (
            Case {
                variant: WadChess,
                fen: "5k4/10/10/10/10/10/10/RrR2K1RrR w HC - 0 1",
                king: "f1",
                castles: &[],
                steps: &["f1e1", "f1g1", "f1e2", "f1f2", "f1g2"],
                no_steps: &[],
            },
            "HC",
        ),
        (
            Case {
                variant: WadChess,
                fen: "rRr2k1rRr/10/10/10/10/10/10/5K4 b hc - 0 1",
                king: "f8",
                castles: &[],
                steps: &["f8e8", "f8g8", "f8e7", "f8f7", "f8g7"],
                no_steps: &[],
            },
            "hc",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "6k5/12/12/12/12/12/12/RrR3K2RrR w JC - 0 1",
                king: "g1",
                castles: &[],
                steps: &["g1f1", "g1h1", "g1f2", "g1g2", "g1h2"],
                no_steps: &[],
            },
            "JC",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "rRr3k2rRr/12/12/12/12/12/12/6K5 b jc - 0 1",
                king: "g8",
                castles: &[],
                steps: &["g8f8", "g8h8", "g8f7", "g8g7", "g8h7"],
                no_steps: &[],
            },
            "jc",
        ),
        // A single rook with its right, the enemy rook two files beyond it:
        // once h1 (i1) is empty the enemy rook reaches g1 (h1). That rook is
        // the outermost of its colour, so the FEN writes it K.
        (
            Case {
                variant: WadChess,
                fen: "5k4/10/10/10/10/10/10/5K1R1r w H - 0 1",
                king: "f1",
                castles: &[],
                steps: &["f1e1", "f1g1", "f1e2", "f1f2", "f1g2"],
                no_steps: &[],
            },
            "K",
        ),
        (
            Case {
                variant: WadChess,
                fen: "5k1r1R/10/10/10/10/10/10/5K4 b h - 0 1",
                king: "f8",
                castles: &[],
                steps: &["f8e8", "f8g8", "f8e7", "f8f7", "f8g7"],
                no_steps: &[],
            },
            "k",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "6k5/12/12/12/12/12/12/6K1R2r w I - 0 1",
                king: "g1",
                castles: &[],
                steps: &["g1f1", "g1h1", "g1f2", "g1g2", "g1h2"],
                no_steps: &[],
            },
            "K",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "6k1r2R/12/12/12/12/12/12/6K5 b i - 0 1",
                king: "g8",
                castles: &[],
                steps: &["g8f8", "g8h8", "g8f7", "g8g7", "g8h7"],
                no_steps: &[],
            },
            "k",
        ),
    ];
    for (case, field) in &exposed {
        check(case);
        assert_eq!(castling_field(&position(case.variant, case.fen)), *field);
    }

    // The same with shields. WAD Chess: White rook b1 (right B) with Black
    // rook a1 behind it and a White knight on d1; White rook i1 (right I)
    // with Black rook j1 behind it and a White bishop on h1. c1 is open to
    // a1 once b1 is empty; e1 and g1 stay shielded. Parity Chess: rooks b1
    // and j1, Black rooks a1 and k1, knight e1 and bishop i1: c1 and d1
    // open, f1 and h1 shielded. These rooks are the outermost of their
    // colour, so the FEN writes them KQ.
    let shielded = [
        (
            Case {
                variant: WadChess,
                fen: "5k4/10/10/10/10/10/10/rR1N1K1BRr w IB - 0 1",
                king: "f1",
                castles: &["b1f1", "i1f1"],
                steps: &["f1e1", "f1g1", "f1e2", "f1f2", "f1g2"],
                no_steps: &[],
            },
            "KQ",
            "f1b1",
        ),
        (
            Case {
                variant: WadChess,
                fen: "Rr1n1k1brR/10/10/10/10/10/10/5K4 b ib - 0 1",
                king: "f8",
                castles: &["b8f8", "i8f8"],
                steps: &["f8e8", "f8g8", "f8e7", "f8f7", "f8g7"],
                no_steps: &[],
            },
            "kq",
            "f8b8",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "6k5/12/12/12/12/12/12/rR2N1K1BRr1 w JB - 0 1",
                king: "g1",
                castles: &["b1g1", "j1g1"],
                steps: &["g1f1", "g1h1", "g1f2", "g1g2", "g1h2"],
                no_steps: &[],
            },
            "KQ",
            "g1b1",
        ),
        (
            Case {
                variant: ParityChess,
                fen: "Rr2n1k1brR1/12/12/12/12/12/12/6K5 b jb - 0 1",
                king: "g8",
                castles: &["b8g8", "j8g8"],
                steps: &["g8f8", "g8h8", "g8f7", "g8g7", "g8h7"],
                no_steps: &[],
            },
            "kq",
            "g8b8",
        ),
    ];
    for (case, field, refused) in &shielded {
        check(case);
        assert_eq!(castling_field(&position(case.variant, case.fen)), *field);
        // King takes own rook: the square next to that rook is open to the
        // enemy rook behind it.
        assert_rejected(case.variant, case.fen, refused);
    }
}

/// Castling is "once a game": afterwards the FEN has neither of that
/// colour's letters, the rook stands on the king's former square, the king
/// on its destination, and no castling is left even though the other rook
/// has not moved.
#[test]
fn castling_ends_both_rights_of_its_colour() {
    // The f-pawns (g-pawns) keep the rook that lands on the king's file
    // from checking the other king.
    // (variant, start, castle, FEN after, the other side's reply, the
    // king's new square)
    let cases = [
        (
            WadChess,
            WAD_SHUT_W,
            "f1b1",
            "r4k3r/5p4/3n6/10/10/3N6/5P4/1K3R3R b kq - 1 1",
            "d6b5",
            "b1",
        ),
        (
            WadChess,
            WAD_SHUT_W,
            "f1d1",
            "r4k3r/5p4/3n6/10/10/3N6/5P4/3K1R3R b kq - 1 1",
            "d6b5",
            "d1",
        ),
        (
            WadChess,
            WAD_SHUT_W,
            "a1f1",
            "r4k3r/5p4/3n6/10/10/3N6/5P4/4KR3R b kq - 1 1",
            "d6b5",
            "e1",
        ),
        (
            WadChess,
            WAD_SHUT_W,
            "j1f1",
            "r4k3r/5p4/3n6/10/10/3N6/5P4/R4RK3 b kq - 1 1",
            "d6b5",
            "g1",
        ),
        (
            WadChess,
            WAD_SHUT_W,
            "f1i1",
            "r4k3r/5p4/3n6/10/10/3N6/5P4/R4R2K1 b kq - 1 1",
            "d6b5",
            "i1",
        ),
        (
            WadChess,
            WAD_SHUT_B,
            "f8c8",
            "2k2r3r/5p4/3n6/10/10/3N6/5P4/R4K3R w KQ - 1 2",
            "d3b4",
            "c8",
        ),
        (
            WadChess,
            WAD_SHUT_B,
            "a8f8",
            "4kr3r/5p4/3n6/10/10/3N6/5P4/R4K3R w KQ - 1 2",
            "d3b4",
            "e8",
        ),
        (
            WadChess,
            WAD_SHUT_B,
            "j8f8",
            "r4rk3/5p4/3n6/10/10/3N6/5P4/R4K3R w KQ - 1 2",
            "d3b4",
            "g8",
        ),
        (
            WadChess,
            WAD_SHUT_B,
            "f8h8",
            "r4r1k2/5p4/3n6/10/10/3N6/5P4/R4K3R w KQ - 1 2",
            "d3b4",
            "h8",
        ),
        (
            ParityChess,
            PARITY_SHUT_W,
            "g1b1",
            "r5k4r/6p5/3n8/12/12/3N8/6P5/1K4R4R b kq - 1 1",
            "d6b5",
            "b1",
        ),
        (
            ParityChess,
            PARITY_SHUT_W,
            "g1d1",
            "r5k4r/6p5/3n8/12/12/3N8/6P5/3K2R4R b kq - 1 1",
            "d6b5",
            "d1",
        ),
        (
            ParityChess,
            PARITY_SHUT_W,
            "a1g1",
            "r5k4r/6p5/3n8/12/12/3N8/6P5/5KR4R b kq - 1 1",
            "d6b5",
            "f1",
        ),
        (
            ParityChess,
            PARITY_SHUT_W,
            "l1g1",
            "r5k4r/6p5/3n8/12/12/3N8/6P5/R5RK4 b kq - 1 1",
            "d6b5",
            "h1",
        ),
        (
            ParityChess,
            PARITY_SHUT_W,
            "g1j1",
            "r5k4r/6p5/3n8/12/12/3N8/6P5/R5R2K2 b kq - 1 1",
            "d6b5",
            "j1",
        ),
        (
            ParityChess,
            PARITY_SHUT_B,
            "g8d8",
            "3k2r4r/6p5/3n8/12/12/3N8/6P5/R5K4R w KQ - 1 2",
            "d3b4",
            "d8",
        ),
        (
            ParityChess,
            PARITY_SHUT_B,
            "a8g8",
            "5kr4r/6p5/3n8/12/12/3N8/6P5/R5K4R w KQ - 1 2",
            "d3b4",
            "f8",
        ),
        (
            ParityChess,
            PARITY_SHUT_B,
            "l8g8",
            "r5rk4/6p5/3n8/12/12/3N8/6P5/R5K4R w KQ - 1 2",
            "d3b4",
            "h8",
        ),
        (
            ParityChess,
            PARITY_SHUT_B,
            "g8k8",
            "r5r3k1/6p5/3n8/12/12/3N8/6P5/R5K4R w KQ - 1 2",
            "d3b4",
            "k8",
        ),
    ];
    for (variant, start, castle, fen, reply, king) in cases {
        let mut pos = after(variant, start, &[castle]);
        assert_eq!(pos.fen(), fen, "{variant}: {castle} from '{start}'");
        pos.play_wire(reply)
            .unwrap_or_else(|e| panic!("{variant}: {reply} after {castle} from '{start}': {e}"));
        assert_castles(&pos, king, &[]);
    }

    // Both sides castle in turn: no rights are left at all.
    for (variant, start, moves, fen) in [
        (
            WadChess,
            WAD_SHUT_W,
            ["f1c1", "f8h8"],
            "r4r1k2/5p4/3n6/10/10/3N6/5P4/2K2R3R w - - 2 2",
        ),
        (
            WadChess,
            WAD_SHUT_B,
            ["f8c8", "f1h1"],
            "2k2r3r/5p4/3n6/10/10/3N6/5P4/R4R1K2 b - - 2 2",
        ),
        (
            ParityChess,
            PARITY_SHUT_W,
            ["g1d1", "g8j8"],
            "r5r2k2/6p5/3n8/12/12/3N8/6P5/3K2R4R w - - 2 2",
        ),
        (
            ParityChess,
            PARITY_SHUT_B,
            ["g8d8", "g1j1"],
            "3k2r4r/6p5/3n8/12/12/3N8/6P5/R5R2K2 b - - 2 2",
        ),
    ] {
        let pos = after(variant, start, &moves);
        assert_eq!(pos.fen(), fen, "{variant}: {moves:?} from '{start}'");
    }
}

/// "A FEN may also use Shredder-style file letters": naming the outermost
/// rooks by file is the same position as `KQkq`, written back as `KQkq`.
#[test]
fn shredder_letters_read_as_kqkq() {
    for (variant, board, letters, mixed, castles_w, castles_b) in [
        (
            WadChess,
            "r4k3r/10/10/10/10/10/10/R4K3R",
            "JAja",
            "JQka",
            WAD_HOME_CASTLES_W,
            WAD_HOME_CASTLES_B,
        ),
        (
            ParityChess,
            "r5k4r/12/12/12/12/12/12/R5K4R",
            "LAla",
            "LQka",
            PARITY_HOME_CASTLES_W,
            PARITY_HOME_CASTLES_B,
        ),
    ] {
        for (side, king, castles) in [("w", "1", castles_w), ("b", "8", castles_b)] {
            let standard = position(variant, &format!("{board} {side} KQkq - 0 1"));
            let king = if variant == WadChess {
                format!("f{king}")
            } else {
                format!("g{king}")
            };
            assert_castles(&standard, &king, castles);
            for field in [letters, mixed] {
                let fen = format!("{board} {side} {field} - 0 1");
                let shredder = position(variant, &fen);
                assert_eq!(shredder, standard, "{variant}: '{fen}'");
                assert_eq!(shredder.fen(), standard.fen(), "{variant}: '{fen}'");
                assert_eq!(castling_field(&shredder), "KQkq");
                assert_castles(&shredder, &king, castles);
            }
        }
    }
}

/// A castling right needs its rook: a FEN naming a rook that is not there
/// (no rook beyond the king, another piece on the named file, a rook of
/// the other colour, a file off the board) is rejected.
#[test]
fn castling_right_without_its_rook_is_rejected() {
    let rejected = [
        (WadChess, "5k4/10/10/10/10/10/10/R4K4 w KQ - 0 1"),
        (WadChess, "5k4/10/10/10/10/10/10/5K3R w KQ - 0 1"),
        (WadChess, "5k4/10/10/10/10/10/10/R4K1N2 w HA - 0 1"),
        (WadChess, "5k4/10/10/10/10/10/10/R4KN2r w J - 0 1"),
        (WadChess, "5k4/10/10/10/10/10/10/R4KN2r w K - 0 1"),
        (WadChess, "5k4/10/10/10/10/10/10/R4K3R w LA - 0 1"),
        (WadChess, "r4k4/10/10/10/10/10/10/R4K3R b KQkq - 0 1"),
        (WadChess, "r4k1n2/10/10/10/10/10/10/R4K3R b ha - 0 1"),
        (ParityChess, "6k5/12/12/12/12/12/12/R5K5 w KQ - 0 1"),
        (ParityChess, "6k5/12/12/12/12/12/12/6K4R w KQ - 0 1"),
        (ParityChess, "6k5/12/12/12/12/12/12/R5K1N3 w IA - 0 1"),
        (ParityChess, "6k5/12/12/12/12/12/12/R5KN3r w L - 0 1"),
        (ParityChess, "6k5/12/12/12/12/12/12/R5K4R w MA - 0 1"),
        (ParityChess, "r5k5/12/12/12/12/12/12/R5K4R b KQkq - 0 1"),
        (ParityChess, "r5k1n3/12/12/12/12/12/12/R5K4R b ia - 0 1"),
    ];
    for (variant, fen) in rejected {
        assert!(
            AnyPosition::from_fen(variant, fen).is_err(),
            "{variant}: '{fen}' should be rejected"
        );
        // The same board with no castling rights is a valid position.
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[2] = "-";
        position(variant, &fields.join(" "));
    }
}
