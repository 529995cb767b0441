//! Chad (`rules/chad.md`): one test per rule, each a position worked out by
//! hand with its complete list of legal moves, the game ends, FEN and wire
//! details, and perft checked against a second, independent move generator,
//! the mailbox of `support/oracle.rs`, which shares no code with the engine.
//!
//! Squares: files a-l, ranks 1-12. White's castle is c3-e5 and its wall
//! c2 d2 e2, b3 b4 b5, f3 f4 f5, c6 d6 e6; Black's castle is h8-j10 and its
//! wall h7 i7 j7, g8 g9 g10, k8 k9 k10, h11 i11 j11.

use motley::rules::{AnyGame, AnyPosition, Color, Outcome, Variant};

use crate::support::oracle::{self, Game};
use crate::support::perft_file::{self, PerftPosition};

// ---------------------------------------------------------------------------
// Helpers.
// ---------------------------------------------------------------------------

const START: &str = "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1";

/// The mailbox generator's position of a Chad FEN.
fn mailbox_board(fen: &str) -> oracle::Board {
    oracle::Board::from_fen(Game::Chad, fen)
}

fn position(fen: &str) -> AnyPosition {
    AnyPosition::from_fen(Variant::Chad, fen)
        .unwrap_or_else(|e| panic!("Chad FEN '{fen}' rejected: {e}"))
}

fn game(fen: &str, moves: &[&str]) -> AnyGame {
    AnyGame::from_setup(Variant::Chad, Some(fen), moves)
        .unwrap_or_else(|e| panic!("setup '{fen}' + {moves:?} failed: {e}"))
}

fn sorted(moves: impl IntoIterator<Item = impl ToString>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Panics with the moves missing from and extra in `found` against `expected`.
fn compare(what: &str, fen: &str, found: &[String], expected: &[String]) {
    if found == expected {
        return;
    }
    let missing: Vec<&String> = expected.iter().filter(|m| !found.contains(m)).collect();
    let extra: Vec<&String> = found.iter().filter(|m| !expected.contains(m)).collect();
    panic!(
        "{what} differs from the expected list in '{fen}'\n  missing: {missing:?}\n  extra: {extra:?}\n  \
         found {} moves, expected {}",
        found.len(),
        expected.len()
    );
}

/// The engine's and the mailbox's legal moves in `fen` are both exactly
/// the hand-worked list `expected`.
fn assert_moves(fen: &str, expected: &[&str]) {
    let expected = sorted(expected);
    let mut unique = expected.clone();
    unique.dedup();
    assert_eq!(unique.len(), expected.len(), "the hand list repeats a move");

    let mailbox = mailbox_board(fen).legal_wire_moves();
    compare("the mailbox generator", fen, &mailbox, &expected);

    let pos = position(fen);
    let engine = sorted(pos.legal_wire_moves());
    let mut engine_unique = engine.clone();
    engine_unique.dedup();
    assert_eq!(
        engine_unique.len(),
        engine.len(),
        "the engine lists a move twice"
    );
    compare("the engine", fen, &engine, &expected);
    assert_eq!(pos.perft(1), expected.len() as u64, "perft 1 in '{fen}'");
}

/// The 180-degree turn of a square name: a1 <-> l12, c3 <-> j10.
fn turn(sq: &str) -> String {
    let (file, rank) = oracle::square(sq);
    oracle::name((11 - file, 11 - rank))
}

/// The 180-degree turn of a wire move.
fn turn_move(m: &str) -> String {
    let split = m[1..]
        .find(|c: char| c.is_ascii_alphabetic())
        .expect("two squares")
        + 1;
    let (from, to) = m.split_at(split);
    format!("{}{}", turn(from), turn(to))
}

// ---------------------------------------------------------------------------
// The game, FEN and wire spelling.
// ---------------------------------------------------------------------------

#[test]
fn variant_name_and_start_fen() {
    assert_eq!("chad".parse::<Variant>(), Ok(Variant::Chad));
    assert_eq!(Variant::Chad.spec().start_fen, START);
    let pos = position(START);
    assert_eq!(pos.fen(), START);
    assert_eq!(pos.side_to_move(), Color::White);
}

/// The mailbox's castles and walls are the squares chad.md lists.
#[test]
fn the_mailbox_castles_and_walls_are_those_of_the_rules() {
    let squares = |list: &str| -> Vec<oracle::Sq> { list.split(' ').map(oracle::square).collect() };
    let sides = [
        (
            true,
            squares("c3 d3 e3 c4 d4 e4 c5 d5 e5"),
            squares("c2 d2 e2 b3 b4 b5 f3 f4 f5 c6 d6 e6"),
        ),
        (
            false,
            squares("h8 i8 j8 h9 i9 j9 h10 i10 j10"),
            squares("h7 i7 j7 g8 g9 g10 k8 k9 k10 h11 i11 j11"),
        ),
    ];
    for (white, castle, wall) in sides {
        for file in 0..12 {
            for rank in 0..12 {
                let sq = (file, rank);
                let name = oracle::name(sq);
                assert_eq!(
                    Game::Chad.castle(white).has(sq),
                    castle.contains(&sq),
                    "{name} in the castle of White: {white}"
                );
                assert_eq!(
                    Game::Chad.on_wall(white, sq),
                    wall.contains(&sq),
                    "{name} on the wall of White: {white}"
                );
            }
        }
    }
}

#[test]
fn fen_castling_and_en_passant_fields_must_be_dashes() {
    let board = "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12";
    for tail in [
        "w KQkq - 0 1",
        "w K - 0 1",
        "w k - 0 1",
        "w - e3 0 1",
        "b - d6 0 1",
    ] {
        let fen = format!("{board} {tail}");
        assert!(
            AnyPosition::from_fen(Variant::Chad, &fen).is_err(),
            "accepted '{fen}'"
        );
    }
    for tail in ["w - - 0 1", "b - - 17 40"] {
        let fen = format!("{board} {tail}");
        assert_eq!(position(&fen).fen(), fen);
    }
}

#[test]
fn every_test_fen_reads_back_unchanged() {
    let middlegames = middlegames();
    for fen in [
        START,
        PROMOTE,
        DEFEND,
        SIDE_BY_SIDE,
        QUEEN_IN_CASTLE,
        CHECK_THROUGH_WALL,
        BLOCK_ONLY,
        PINNED,
        PRE_MATE,
        MATE,
        STALEMATE,
        BARE,
        LAST_QUEEN,
        REPEAT,
    ]
    .into_iter()
    .chain(middlegames.iter().map(|p| p.fen.as_str()))
    {
        assert_eq!(position(fen).fen(), fen);
        assert_eq!(
            mailbox_board(fen).board_fen(),
            fen.split(' ').next().unwrap()
        );
    }
}

// ---------------------------------------------------------------------------
// Hand-worked positions.
// ---------------------------------------------------------------------------

/// From the start, the king is boxed in by its own rooks and the inner
/// rooks (c4 d3 e4 d5 have a king or rook on three sides) move only
/// outwards; every rook runs along its open lines until the board's edge,
/// and no line meets a black piece, so there is no capture:
///   c3: west b3 a3, south c2 c1                         4
///   d3: south d2 d1                                     2
///   e3: east f3-l3 (7), south e2 e1                     9
///   c4: west b4 a4                                      2
///   e4: east f4-l4                                      7
///   c5: west b5 a5, north c6-c12 (7)                    9
///   d5: north d6-d12                                    7
///   e5: east f5-l5 (7), north e6-e12 (7)               14
/// 54 moves. Black's list is the same turned by 180 degrees.
#[test]
fn start_position() {
    let white = [
        "c3b3", "c3a3", "c3c2", "c3c1", //
        "d3d2", "d3d1", //
        "e3f3", "e3g3", "e3h3", "e3i3", "e3j3", "e3k3", "e3l3", "e3e2", "e3e1", //
        "c4b4", "c4a4", //
        "e4f4", "e4g4", "e4h4", "e4i4", "e4j4", "e4k4", "e4l4", //
        "c5b5", "c5a5", "c5c6", "c5c7", "c5c8", "c5c9", "c5c10", "c5c11", "c5c12", //
        "d5d6", "d5d7", "d5d8", "d5d9", "d5d10", "d5d11", "d5d12", //
        "e5f5", "e5g5", "e5h5", "e5i5", "e5j5", "e5k5", "e5l5", //
        "e5e6", "e5e7", "e5e8", "e5e9", "e5e10", "e5e11", "e5e12",
    ];
    assert_eq!(white.len(), 54);
    assert_moves(START, &white);

    let black_fen = START.replace(" w ", " b ");
    let black: Vec<String> = white.iter().map(|m| turn_move(m)).collect();
    assert!(black.contains(&"j10k10".to_string()) && black.contains(&"h8h1".to_string()));
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    assert_moves(&black_fen, &black);
}

/// White: Kd4, Rg9 (on Black's wall), Rj1. Black: Ki9, Rh9.
const PROMOTE: &str = "12/12/12/6Rrk3/12/12/12/12/3K8/12/12/9R2 w - - 7 1";

/// The attacker on the enemy wall (g9) takes the defender inside the castle
/// (h9) and, ending inside the enemy castle, becomes a queen. Rj1 promotes
/// on j8, j9 and j10 but not on j11 or j12 (wall and beyond). The king has
/// all eight castle squares: no black line reaches White's castle.
///   Kd4: c3 d3 e3 c4 e4 c5 d5 e5                                   8
///   Rg9: g10-g12 (3), g8-g1 (8), f9-a9 (6), takes h9 promoting (1) 18
///   Rj1: j2-j7 (6), j8q j9q j10q, j11 j12, i1-a1 (9), k1 l1       22
#[test]
fn attacker_on_the_wall_captures_into_the_castle_and_promotes() {
    assert_moves(
        PROMOTE,
        &[
            "d4c3", "d4d3", "d4e3", "d4c4", "d4e4", "d4c5", "d4d5", "d4e5", //
            "g9g10", "g9g11", "g9g12", //
            "g9g8", "g9g7", "g9g6", "g9g5", "g9g4", "g9g3", "g9g2", "g9g1", //
            "g9f9", "g9e9", "g9d9", "g9c9", "g9b9", "g9a9",  //
            "g9h9q", //
            "j1j2", "j1j3", "j1j4", "j1j5", "j1j6", "j1j7", "j1j8q", "j1j9q", "j1j10q", "j1j11",
            "j1j12", //
            "j1i1", "j1h1", "j1g1", "j1f1", "j1e1", "j1d1", "j1c1", "j1b1", "j1a1", //
            "j1k1", "j1l1",
        ],
    );

    // The capture makes a queen on h9 (with or without the `q`) and resets
    // the halfmove clock; a plain move counts on.
    let after = "12/12/12/7Qk3/12/12/12/12/3K8/12/12/9R2 b - - 0 1";
    for spelling in ["g9h9q", "g9h9"] {
        let mut pos = position(PROMOTE);
        pos.play_wire(spelling)
            .unwrap_or_else(|e| panic!("{spelling}: {e}"));
        assert_eq!(pos.fen(), after, "{spelling}");
        assert_eq!(pos.side_to_move(), Color::Black);
    }
    assert_eq!(
        mailbox_board(PROMOTE).play_wire("g9h9q").board_fen(),
        after.split(' ').next().unwrap()
    );
    // A plain promotion without capture also resets the clock.
    let mut pos = position(PROMOTE);
    pos.play_wire("j1j9").unwrap();
    assert_eq!(
        pos.fen(),
        "12/12/12/6RrkQ2/12/12/12/12/3K8/12/12/12 b - - 0 1"
    );
    // Passing through the castle to j12 is no promotion, and a `q` on a
    // move that does not promote is not a move.
    let mut pos = position(PROMOTE);
    assert!(pos.play_wire("j1j12q").is_err());
    assert!(pos.play_wire("d4d5q").is_err());
    pos.play_wire("j1j12").unwrap();
    assert_eq!(
        pos.fen(),
        "9R2/12/12/6Rrk3/12/12/12/12/3K8/12/12/12 b - - 8 1"
    );

    // The new queen checks the king from h9. Only the king can remove it
    // (i9h9); every flight square is covered: h8 h10 by the h-file, i8 i10
    // diagonally, j9 along rank 9 behind the king, j8 j10 by Rj1's file.
    assert_moves(after, &["i9h9"]);
}

/// White: Kd4, Rk8 (on Black's wall). Black: Ki9, Rh8.
const DEFEND: &str = "12/12/12/8k3/7r2R1/12/12/12/3K8/12/12/12 b - - 3 9";

/// The defender on h8 (inside its castle) takes the attacker on k8 (its
/// wall) across i8 and j8. The attacker covers i8 and j8 along rank 8, so
/// the king cannot go there, and the king can never take on k8 (a wall
/// square, although a knight's leap from i9).
///   Rh8: i8 j8, takes k8 (3), h9-h12 (4), h7-h1 (7), g8-a8 (7)     21
///   Ki9: h9 j9 h10 i10 j10 (h8 own rook, i8 j8 attacked)          5
#[test]
fn defender_captures_attacker_on_its_wall() {
    assert_moves(
        DEFEND,
        &[
            "h8i8", "h8j8", "h8k8", //
            "h8h9", "h8h10", "h8h11", "h8h12", //
            "h8h7", "h8h6", "h8h5", "h8h4", "h8h3", "h8h2", "h8h1", //
            "h8g8", "h8f8", "h8e8", "h8d8", "h8c8", "h8b8", "h8a8", //
            "i9h9", "i9j9", "i9h10", "i9i10", "i9j10",
        ],
    );
    let mut pos = position(DEFEND);
    assert!(pos.play_wire("i9k8").is_err());
    pos.play_wire("h8k8").unwrap();
    // A rook, not a queen: k8 is Black's own wall.
    assert_eq!(
        pos.fen(),
        "12/12/12/8k3/10r1/12/12/12/3K8/12/12/12 w - - 0 10"
    );
}

/// White: Kd4, Rg6. Black: Ki9, Rh6. Neither rook stands on a wall.
const SIDE_BY_SIDE: &str = "12/12/12/8k3/12/12/6Rr4/12/3K8/12/12/12 w - - 0 1";

/// Two enemy rooks side by side in the open board only block each other.
/// White to move:
///   Rg6: g7-g12 (6, through Black's wall g8-g10), g5-g1 (5), f6-a6 (6) 17
///   Kd4: all 8 castle squares                                        8
/// Black to move (same board):
///   Rh6: i6-l6 (4), h7-h12 (6, into its own castle: no promotion),
///        h5-h1 (5)                                                   15
///   Ki9: all 8 castle squares (g6 sees only the g-file and rank 6)   8
#[test]
fn rooks_side_by_side_in_the_open_do_not_capture() {
    assert_moves(
        SIDE_BY_SIDE,
        &[
            "g6g7", "g6g8", "g6g9", "g6g10", "g6g11", "g6g12", //
            "g6g5", "g6g4", "g6g3", "g6g2", "g6g1", //
            "g6f6", "g6e6", "g6d6", "g6c6", "g6b6", "g6a6", //
            "d4c3", "d4d3", "d4e3", "d4c4", "d4e4", "d4c5", "d4d5", "d4e5",
        ],
    );
    assert_moves(
        &SIDE_BY_SIDE.replace(" w ", " b "),
        &[
            "h6i6", "h6j6", "h6k6", "h6l6", //
            "h6h7", "h6h8", "h6h9", "h6h10", "h6h11", "h6h12", //
            "h6h5", "h6h4", "h6h3", "h6h2", "h6h1", //
            "i9h8", "i9i8", "i9j8", "i9h9", "i9j9", "i9h10", "i9i10", "i9j10",
        ],
    );
}

/// White: Kd4, Qj9 (inside Black's castle). Black: Kh8, Rj10 (inside its
/// castle), Rk9 (on its own wall).
const QUEEN_IN_CASTLE: &str = "12/12/9r2/9Qr1/7k4/12/12/12/3K8/12/12/12 b - - 12 30";

/// An intruding queen can be taken only by the king: Rj10 (castle next to
/// it) and Rk9 (own wall next to it) are not a wall/castle pair of the
/// capture rule, so they are merely blocked. The king takes with a
/// knight's leap h8-j9; its other squares i8 i9 i10 (next to the queen) and
/// h9 (rank 9 through i9) are all attacked.
///   Kh8: takes j9                                                   1
///   Rj10: j11 j12 (2), i10-a10 (9), k10 l10 (2)                     13
///   Rk9: l9 (1), k10-k12 (3), k8-k1 (8)                             12
#[test]
fn queen_in_the_castle_only_the_king_can_take() {
    assert_moves(
        QUEEN_IN_CASTLE,
        &[
            "h8j9", //
            "j10j11", "j10j12", //
            "j10i10", "j10h10", "j10g10", "j10f10", "j10e10", "j10d10", "j10c10", "j10b10",
            "j10a10", //
            "j10k10", "j10l10", //
            "k9l9", "k9k10", "k9k11", "k9k12", //
            "k9k8", "k9k7", "k9k6", "k9k5", "k9k4", "k9k3", "k9k2", "k9k1",
        ],
    );
    let mut pos = position(QUEEN_IN_CASTLE);
    assert!(pos.play_wire("j10j9").is_err());
    assert!(pos.play_wire("k9j9").is_err());
    pos.play_wire("h8j9").unwrap();
    assert_eq!(
        pos.fen(),
        "12/12/9r2/9kr1/12/12/12/12/3K8/12/12/12 w - - 0 31"
    );
}

/// White: Kd4, Ra7. Black: Ki9, Rd10.
const CHECK_THROUGH_WALL: &str = "12/12/3r8/8k3/12/R11/12/12/3K8/12/12/12 w - - 0 1";

/// Rd10 checks Kd4 down the d-file through the wall square d6 (and d5),
/// although it could never capture there. The king leaves the file (d3
/// and d5 stay on it) or Ra7 blocks on d7; nothing can take d10.
///   Kd4: c3 c4 c5 e3 e4 e5                                          6
///   Ra7: d7                                                         1
#[test]
fn check_through_a_wall_square() {
    assert_moves(
        CHECK_THROUGH_WALL,
        &["d4c3", "d4c4", "d4c5", "d4e3", "d4e4", "d4e5", "a7d7"],
    );
}

/// White: Kd4, Ra8, Rl6. Black: Ki9, Rd12, Rc11, Re11.
const BLOCK_ONLY: &str = "3r8/2r1r7/12/8k3/R11/12/11R/12/3K8/12/12/12 w - - 0 1";

/// Rd12 checks down the d-file; Rc11 and Re11 cover the c- and e-files,
/// so every castle square is attacked (d3 and d5 by the checker) and no
/// black rook stands on White's wall, so nothing can be taken. The only
/// answers are blocks: Ra8-d8, and Rl6-d6 on the wall square.
#[test]
fn check_that_can_only_be_blocked() {
    assert_moves(BLOCK_ONLY, &["a8d8", "l6d6"]);
    let g = game(BLOCK_ONLY, &[]);
    assert_eq!(g.outcome(), None);
}

/// White: Kd4, Rd5, Re5. Black: Ki9, Rd6 (on White's wall), Qg7 (the
/// corner outside Black's castle, not a wall square).
const PINNED: &str = "12/12/12/8k3/12/6q5/3r8/3RR7/3K8/12/12/12 w - - 0 1";

/// Rd5 is pinned by Rd6 on the d-file: it may not step aside, but it may
/// take the pinner (castle defender against attacker on its wall). Re5 is
/// pinned on the diagonal by Qg7 and, being a rook, has no move at all. The
/// king goes to any free castle square: d3 is shielded by Rd5, c3 by Re5.
///   Kd4: c3 c4 c5 d3 e3 e4                                          6
///   Rd5: takes d6                                                   1
#[test]
fn pinned_defenders() {
    assert_moves(
        PINNED,
        &["d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d5d6"],
    );
    let mut pos = position(PINNED);
    pos.play_wire("d5d6").unwrap();
    assert_eq!(
        pos.fen(),
        "12/12/12/8k3/12/6q5/3R8/4R7/3K8/12/12/12 b - - 0 1"
    );
}

/// White: Kc3. Black: Ki9, Rl1, Rl4, Rd12; Black to move.
const PRE_MATE: &str = "3r8/12/12/8k3/12/12/12/12/11r/2K9/12/11r b - - 0 1";
/// The same after Rl1-l3.
const MATE: &str = "3r8/12/12/8k3/12/12/12/12/11r/2K8r/12/12 w - - 1 2";

/// Rl3 checks Kc3 along rank 3 (through the wall square f3). The king's
/// castle squares are all covered: d3 by Rl3, c4 d4 e4 by Rl4, d5 (and d4)
/// by Rd12. The squares outside, b2 c2 d2, are free, but the king may not
/// leave its castle even to escape mate: no legal move, Black wins.
#[test]
fn king_cannot_leave_the_castle_even_to_escape_mate() {
    assert_moves(MATE, &[]);
    let g = game(MATE, &[]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    let mut pos = position(MATE);
    for escape in ["c3b2", "c3c2", "c3d2", "c3b4", "c3b1", "c3d1"] {
        assert!(pos.play_wire(escape).is_err(), "{escape}");
    }
    assert!(mailbox_board(MATE).in_check(true));

    let mut g = game(PRE_MATE, &[]);
    assert_eq!(g.outcome(), None);
    g.play_wire("l1l3").unwrap();
    assert_eq!(g.position().fen(), MATE);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
}

/// White: Kc3, Ra1. Black: Ki9, Rb1, Ra2, Rl4, Rd12.
const STALEMATE: &str = "3r8/12/12/8k3/12/12/12/12/11r/2K9/r11/Rr10 w - - 0 1";

/// Kc3 is not in check (no black piece on rank 3 or the c-file) but all
/// its castle squares are covered as in the mate above (d3 d4 d5 by Rd12,
/// c4 d4 e4 by Rl4). Ra1 is boxed in by Rb1 and Ra2, which it may not take
/// in the open board. No legal move: stalemate, a draw.
#[test]
fn stalemate() {
    assert_moves(STALEMATE, &[]);
    assert!(!mailbox_board(STALEMATE).in_check(true));
    assert_eq!(
        game(STALEMATE, &[]).outcome(),
        Some(Outcome::Stalemate { winner: None })
    );
}

/// Only the kings: Kd4, Ki9.
const BARE: &str = "12/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1";
/// White: Kd4, Qh9 (inside Black's castle, checking). Black: Ki9.
const LAST_QUEEN: &str = "12/12/12/7Qk3/12/12/12/12/3K8/12/12/12 b - - 5 20";

/// When neither side has a rook or queen no check is possible any more:
/// the game is drawn, reported as insufficient material, although the
/// kings still have their moves.
#[test]
fn bare_board_draw() {
    assert_moves(
        BARE,
        &[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5",
        ],
    );
    assert_eq!(
        game(BARE, &[]).outcome(),
        Some(Outcome::InsufficientMaterial)
    );

    // The king takes the last queen: h9 is next to it. Its other flight
    // squares j8 and j10 are free; h8 h10 (h-file), i8 i10 (diagonals)
    // and j9 (rank 9 behind the king) are covered by the queen.
    assert_moves(LAST_QUEEN, &["i9h9", "i9j8", "i9j10"]);
    let mut g = game(LAST_QUEEN, &[]);
    assert_eq!(g.outcome(), None);
    g.play_wire("i9h9").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::InsufficientMaterial));
    // Running away instead leaves a queen on the board: play goes on.
    let g = game(LAST_QUEEN, &["i9j8"]);
    assert_eq!(g.outcome(), None);

    // One rook is enough to play on.
    let g = game("11r/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1", &[]);
    assert_eq!(g.outcome(), None);
}

/// White: Kd4, Ra1. Black: Ki9, Rl12.
const REPEAT: &str = "11r/12/12/8k3/12/12/12/12/3K8/12/12/R11 w - - 0 1";

#[test]
fn threefold_repetition() {
    let cycle = ["a1a2", "l12l11", "a2a1", "l11l12"];
    let mut g = game(REPEAT, &[]);
    for (ply, m) in cycle.iter().chain(&cycle).enumerate() {
        assert_eq!(g.outcome(), None, "before ply {ply}");
        g.play_wire(m).unwrap();
    }
    assert_eq!(g.position().fen(), REPEAT.replace(" 0 1", " 8 5"));
    assert_eq!(g.outcome(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn no_fifty_move_rule() {
    let fen = "11r/12/12/8k3/12/12/12/12/3K8/12/12/R11 w - - 150 120";
    let mut g = game(fen, &[]);
    assert_eq!(g.outcome(), None);
    g.play_wire("a1a2").unwrap();
    assert_eq!(
        g.position().fen(),
        "11r/12/12/8k3/12/12/12/12/3K8/12/R11/12 b - - 151 120"
    );
    assert_eq!(g.outcome(), None);
    // The start position reached with a clock far past 100 is not over.
    let g = game(&START.replace(" 0 1", " 500 300"), &[]);
    assert_eq!(g.outcome(), None);
}

// ---------------------------------------------------------------------------
// Perft against the mailbox generator.
// ---------------------------------------------------------------------------

/// The middlegames of `chad.perft` (every position but the start): rooks
/// out on the board and on the enemy walls, queens in and out of the
/// castles, pins, checks and a double check. The file records their perft
/// to depth 4, as counted by the mailbox generator (the engine agrees).
fn middlegames() -> Vec<PerftPosition> {
    perft_file::read_positions("chad")
        .into_iter()
        .filter(|p| p.fen != START)
        .collect()
}

fn assert_perft_agrees(name: &str, fen: &str, depth: u32) {
    let pos = position(fen);
    let board = mailbox_board(fen);
    // The side not to move may not be in check in a legal position.
    assert!(
        !board.in_check(!board.white_to_move),
        "{name}: illegal position"
    );
    let engine = pos.perft(depth);
    let mailbox = board.perft(depth);
    if engine != mailbox {
        // Name the first root move whose subtree differs.
        let mut detail = String::new();
        for m in board.legal_moves() {
            let w = board.wire(m);
            let mut child = pos;
            child.play_wire(&w).unwrap();
            let (e, b) = (child.perft(depth - 1), board.play(m).perft(depth - 1));
            if e != b {
                detail = format!("after {w}: engine {e}, mailbox {b}");
                break;
            }
        }
        panic!("{name} perft {depth}: engine {engine}, mailbox {mailbox}; {detail}");
    }
}

/// The start position: 54 moves, and the counts `chad.perft` records, as
/// found by the mailbox generator. The engine must agree with the
/// generator to depth 3 (naming the first root move whose subtree differs
/// if not) and both must give the recorded numbers, so a regression shows
/// even if both change alike.
#[test]
fn start_perft() {
    for depth in 1..=3 {
        assert_perft_agrees("start", START, depth);
    }
    let board = mailbox_board(START);
    let pos = position(START);
    let start = perft_file::read_positions("chad")
        .into_iter()
        .find(|p| p.fen == START)
        .expect("chad.perft holds the start position");
    assert_eq!(start.counts.first(), Some(&(1, 54)));
    for (depth, expected) in start.counts {
        assert_eq!(board.perft(depth), expected, "mailbox perft {depth}");
        assert_eq!(pos.perft(depth), expected, "engine perft {depth}");
    }
}

#[test]
fn middlegame_perft_to_depth_3() {
    for PerftPosition {
        name, fen, counts, ..
    } in middlegames()
    {
        let board = mailbox_board(&fen);
        let pos = position(&fen);
        for (depth, expected) in counts.into_iter().filter(|&(d, _)| d <= 3) {
            assert_perft_agrees(&name, &fen, depth);
            assert_eq!(
                board.perft(depth),
                expected,
                "{name}: mailbox perft {depth}"
            );
            assert_eq!(pos.perft(depth), expected, "{name}: engine perft {depth}");
        }
    }
}

/// Depth 4 of the middlegames: over a minute in the mailbox generator.
#[test]
#[ignore = "slow: run with --ignored"]
fn middlegame_perft_depth_4() {
    for PerftPosition {
        name, fen, counts, ..
    } in middlegames()
    {
        for (depth, count) in counts.into_iter().filter(|&(d, _)| d == 4) {
            assert_eq!(position(&fen).perft(depth), count, "{name}: engine perft 4");
            assert_eq!(
                mailbox_board(&fen).perft(depth),
                count,
                "{name}: mailbox perft 4"
            );
        }
    }
}

/// The move lists agree, and so do the boards after each move, along
/// pseudo-random games from the start and from every middlegame.
#[test]
fn random_games_agree_move_by_move() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let middlegames = middlegames();
    let starts: Vec<&str> = std::iter::once(START)
        .chain(middlegames.iter().map(|p| p.fen.as_str()))
        .collect();
    for round in 0..4 {
        for &fen in &starts {
            let mut g = game(fen, &[]);
            let mut board = mailbox_board(fen);
            for ply in 0..150 {
                let pos = g.position();
                let here = pos.fen();
                let mailbox = board.legal_wire_moves();
                let engine = sorted(pos.legal_wire_moves());
                compare("the engine", &here, &engine, &mailbox);
                assert_eq!(
                    here.split(' ').next().unwrap(),
                    board.board_fen(),
                    "round {round} ply {ply} from {fen}"
                );
                assert_eq!(pos.side_to_move() == Color::White, board.white_to_move);
                if mailbox.is_empty() {
                    let expected = if board.in_check(board.white_to_move) {
                        Outcome::Checkmate {
                            winner: if board.white_to_move {
                                Color::Black
                            } else {
                                Color::White
                            },
                        }
                    } else {
                        Outcome::Stalemate { winner: None }
                    };
                    assert_eq!(g.outcome(), Some(expected), "{here}");
                    break;
                }
                let m = &mailbox[(next() % mailbox.len() as u64) as usize];
                g.play_wire(m).unwrap();
                board = board.play_wire(m);
            }
        }
    }
}
