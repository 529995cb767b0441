//! Wau Chess (`rules/wauchess.md`): one test per rule, each a position
//! worked out by hand with its complete list of legal moves, and the
//! game's FEN and wire details.
//!
//! The frame is 8 files (a-h) by 14 ranks (1-14). The main board d4-e11
//! never moves. The four 3x3 attack boards are named by their lower-left
//! corner; they start at a4 and f4 (White's) and a9 and f9 (Black's), and
//! the FEN's seventh field lists the corners in the order White
//! queen-side, White king-side, Black queen-side, Black king-side. A
//! square covered by no board is a hole (`*` in the FEN).
//!
//! A board move `^<old corner><new corner>` shifts a board by (dx, dy)
//! with max(|dx|, |dy|) <= 3 and dx + dy even: 24 shifts. The new corner
//! must lie on files a-f and ranks 1-12 (the frame). A board overlaps the
//! main board unless it lies wholly on files a-c or f-h, or wholly on
//! ranks 1-3 or 12-14; two boards overlap when their corners are less than
//! three files and less than three ranks apart. Two boards share an edge
//! when their corners are exactly three files apart and at most two ranks,
//! or exactly three ranks apart and at most two files. A board on files
//! a-c or f-h touches the main board when it reaches into ranks 4-11, one
//! on ranks 1-3 or 12-14 when it reaches into files d-e.

use motley::rules::{AnyGame, AnyPosition, Outcome, Variant};

// ---------------------------------------------------------------------------
// Helpers.
// ---------------------------------------------------------------------------

const START: &str = "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/\
                     PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9";

fn wau() -> Variant {
    "wauchess".parse().expect("the game wauchess")
}

fn position(fen: &str) -> AnyPosition {
    AnyPosition::from_fen(wau(), fen)
        .unwrap_or_else(|e| panic!("Wau Chess FEN '{fen}' rejected: {e}"))
}

fn play(pos: &mut AnyPosition, m: &str) {
    pos.play_wire(m)
        .unwrap_or_else(|e| panic!("'{m}' refused in '{}': {e}", pos.fen()));
}

fn sorted(moves: impl IntoIterator<Item = impl ToString>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The seventh FEN field: the corners of the four attack boards.
fn corners(fen: &str) -> &str {
    fen.split(' ').nth(6).expect("a seventh FEN field")
}

/// Panics with the moves missing from and extra in `found` against `expected`.
fn compare(fen: &str, found: &[String], expected: &[String]) {
    if found == expected {
        return;
    }
    let missing: Vec<&String> = expected.iter().filter(|m| !found.contains(m)).collect();
    let extra: Vec<&String> = found.iter().filter(|m| !expected.contains(m)).collect();
    panic!(
        "the legal moves differ from the expected list in '{fen}'\n  missing: {missing:?}\n  \
         extra: {extra:?}\n  found {} moves, expected {}",
        found.len(),
        expected.len()
    );
}

/// The legal moves of `pos` are exactly the hand-worked list `expected`.
fn assert_moves_of(pos: &AnyPosition, expected: &[&str]) {
    let fen = pos.fen();
    let expected = sorted(expected);
    let mut unique = expected.clone();
    unique.dedup();
    assert_eq!(unique.len(), expected.len(), "the hand list repeats a move");

    let found = sorted(pos.legal_wire_moves());
    let mut found_unique = found.clone();
    found_unique.dedup();
    assert_eq!(
        found_unique.len(),
        found.len(),
        "the engine lists a move twice in '{fen}'"
    );
    compare(&fen, &found, &expected);
    assert_eq!(pos.perft(1), expected.len() as u64, "perft 1 in '{fen}'");
}

/// The legal moves in `fen` are exactly the hand-worked list `expected`.
fn assert_moves(fen: &str, expected: &[&str]) {
    assert_moves_of(&position(fen), expected);
}

/// Every move of `moves` is refused in `pos`, which stays unchanged.
fn assert_refused(pos: &AnyPosition, moves: &[&str]) {
    for m in moves {
        let mut p = *pos;
        assert!(p.play_wire(m).is_err(), "'{m}' accepted in '{}'", pos.fen());
        assert_eq!(p.fen(), pos.fen(), "a refused '{m}' changed the position");
    }
}

// ---------------------------------------------------------------------------
// The start position.
// ---------------------------------------------------------------------------

/// The start: ranks 4-11 hold the chess board with a7-c8 and f7-h8 cut
/// out; ranks 1-3 and 12-14 are holes. Each white attack board carries six
/// pieces, so none moves. The a-, b-, c-, f-, g- and h-pawns stand on
/// attack boards and step once (rank 7 is a hole beyond them); the d- and
/// e-pawns stand on the main board and may double-step. The knights reach
/// a6 c6 f6 h6; d3 and e3 are holes.
#[test]
fn start_position() {
    let start = AnyPosition::startpos(wau());
    assert_eq!(start.fen(), START);
    assert_eq!(corners(&start.fen()), "a4,f4,a9,f9");
    assert_moves_of(
        &start,
        &[
            "a5a6", "b5b6", "c5c6", "d5d6", "d5d7", "e5e6", "e5e7", "f5f6", "g5g6", "h5h6", //
            "b4a6", "b4c6", "g4f6", "g4h6",
        ],
    );
    assert_refused(&start, &["^a4a6", "^f4f6", "^a4a2", "^f4f2", "^a9a7"]);

    // Black's answer to 1. e5e7 mirrors it: 14 moves again.
    let mut pos = start;
    play(&mut pos, "e5e7");
    assert_moves_of(
        &pos,
        &[
            "a10a9", "b10b9", "c10c9", "d10d9", "d10d8", "e10e9", "e10e8", "f10f9", "g10g9",
            "h10h9", //
            "b11a9", "b11c9", "g11f9", "g11h9",
        ],
    );
}

// ---------------------------------------------------------------------------
// Board moves.
// ---------------------------------------------------------------------------

/// White: Kd4, Nd13 (alone on its queen-side board at c12, covering
/// c12-e14), Pg6 Ph6 (on its king-side board f4-h6). Black: Kg2 on its
/// king-side board f1-h3 (which touches f4-h6 along rank 3/4); Black's
/// queen-side board is at a9 (a9-c11). Existing squares: main d4-e11,
/// a9-c11, c12-e14, f4-h6, f1-h3.
const LONE_KNIGHT: &str = "**3***/**1N1***/**3***/5***/5***/5***/***2***/***2***/***3PP/***5/\
                           ***K4/*****3/*****1k1/*****3 w - - 0 1 c12,f4,a9,f1";

/// The knight's board at c12 and its 24 shifts:
///   13 leave the frame: the 11 with dy = +1..+3 (corner above rank 12)
///      and dx = -3 with dy = -1 or -3 (corner before the a-file);
///    6 overlap the main board: b11, d11, c10, e10, b9, d9;
///    1 overlaps Black's board a9: a10;
///    4 are legal: a12 (a12-c14 shares a11-c11/a12-c12 with the board at
///      a9, which touches the main board), e12 (on e11), f11 (beside
///      e11), f9 (beside e9-e11).
/// The knight rides: d13 goes to b13, f13, g12, g10. The knight itself
/// reaches c11 (on a9's board) and e11; b12 f12 b14 f14 are holes. The
/// king's d3 e3 c3 c4 c5 are holes. The board f4-h6 carries two pawns
/// (stuck: g7 and h7 are holes) and cannot move.
#[test]
fn a_board_with_one_own_piece_moves_and_the_piece_rides() {
    assert_moves(
        LONE_KNIGHT,
        &[
            "d4d5", "d4e4", "d4e5", "d13c11", "d13e11", //
            "^c12a12", "^c12e12", "^c12f11", "^c12f9",
        ],
    );
    let start = position(LONE_KNIGHT);
    assert_refused(
        &start,
        &[
            "^c12a10", "^c12c10", "^c12e10", "^c12b11", "^c12d11", "^c12b9", "^c12d9", "^c12c14",
            "^c12e14", "^c12a14", "^c12d13", "^c12f12", "^f4f2",
        ],
    );

    // The board jumps to f9 (f9-h11): the knight rides from d13 to g10.
    let mut pos = start;
    play(&mut pos, "^c12f9");
    assert_eq!(
        pos.fen(),
        "********/********/********/8/6N1/8/***2***/***2***/***3PP/***5/***K4/*****3/*****1k1/\
         *****3 b - - 1 1 f9,f4,a9,f1"
    );
    // And to a12 (a12-c14): the knight stands on b13.
    let mut pos = start;
    play(&mut pos, "^c12a12");
    assert_eq!(
        pos.fen(),
        "3*****/1N1*****/3*****/5***/5***/5***/***2***/***2***/***3PP/***5/***K4/*****3/\
         *****1k1/*****3 b - - 1 1 a12,f4,a9,f1"
    );
}

/// White: Ke4, Pa6 Pb6 (both on the queen-side board a4-c6, stuck: a7 b7
/// c7 are holes). Black: Ke11. Start corners. The king-side board f4-h6 is
/// empty and has the four moves of a board beside the main board's end:
/// f2 (f2-h4, f4 beside e4), f6 (f6-h8, clear of f9-h11), e1 and c1
/// (below d4-e4); the other shifts overlap the main board or leave the
/// frame. The queen-side board carries two pieces and stays.
#[test]
fn a_board_carrying_two_pieces_cannot_move() {
    let fen = "********/********/********/4k3/8/8/***2***/***2***/PP6/8/4K3/********/********/\
               ******** w - - 0 1 a4,f4,a9,f9";
    assert_moves(
        fen,
        &[
            "e4d4", "e4d5", "e4e5", "e4f4", "e4f5", //
            "^f4c1", "^f4e1", "^f4f2", "^f4f6",
        ],
    );
    assert_refused(&position(fen), &["^a4a2", "^a4a6", "^a4b1", "^a4d1"]);
}

/// As before, but the queen-side board a4-c6 carries one black pawn (c6),
/// which covers b5 and d5: the board cannot move and the king may not go
/// to d5.
#[test]
fn a_board_carrying_an_enemy_piece_cannot_move() {
    let fen = "********/********/********/4k3/8/8/***2***/***2***/2p5/8/4K3/********/********/\
               ******** w - - 0 1 a4,f4,a9,f9";
    assert_moves(
        fen,
        &[
            "e4d4", "e4e5", "e4f4", "e4f5", //
            "^f4c1", "^f4e1", "^f4f2", "^f4f6",
        ],
    );
    assert_refused(
        &position(fen),
        &["^a4a2", "^a4a6", "^a4b1", "^a4d1", "e4d5"],
    );
}

/// White: Ke4; its queen-side board at a9 (a9-c11) and its king-side
/// board at a12 (a12-c14), which touches nothing but the board at a9
/// (c12 meets d11 only at a corner). Black: Kg10; boards at a4 and f9.
/// The board at a9 (empty) may not go to a7: a7-c9 would leave a12-c14
/// with no neighbour. It may go to d12 (d12-f14), which sits on d11-e11
/// and shares the c/d edge of ranks 12-14 with a12-c14. Its other shifts
/// overlap the main board, the board at a12 (a11, b12) or leave the frame.
/// The board at a12 may only go to c12 (c12-e14, on d11-e11); a10, b11,
/// b9 overlap a9-c11, c10, d11, d9 the main board. Black's board at a4 is
/// not White's to move. The king's f3-f5, d3, e3 are holes.
#[test]
fn a_board_may_not_abandon_another() {
    let fen = "3*****/3*****/3*****/8/6k1/8/***2***/***2***/5***/5***/4K***/********/********/\
               ******** w - - 0 1 a9,a12,a4,f9";
    assert_moves(fen, &["e4d4", "e4d5", "e4e5", "^a9d12", "^a12c12"]);
    assert_refused(
        &position(fen),
        &[
            "^a9a7", "^a9a11", "^a9b12", "^a12a10", "^a4a2", "^a4a6", "^f9f11",
        ],
    );

    // After a9 -> d12 the board at a12 hangs on d12-f14.
    let mut pos = position(fen);
    play(&mut pos, "^a9d12");
    assert_eq!(corners(&pos.fen()), "d12,a12,a4,f9");
}

/// The position of `a_board_with_one_own_piece_moves_and_the_piece_rides`
/// with Black's queen-side board at a4 (a4-c6) instead of a9. Now a12
/// would touch nothing (no board below it, only a corner at d11): the
/// knight's board may not go there, nor abandon itself. a10 (a10-c12,
/// beside d10-d11) is free now. The knight's c11 is a hole; the king gains
/// c4 and c5.
#[test]
fn a_board_may_not_abandon_itself() {
    let fen = "**3***/**1N1***/**3***/***2***/***2***/***2***/***2***/***2***/6PP/8/3K4/\
               *****3/*****1k1/*****3 w - - 0 1 c12,f4,a4,f1";
    assert_moves(
        fen,
        &[
            "d4c4", "d4c5", "d4d5", "d4e4", "d4e5", "d13e11", //
            "^c12a10", "^c12e12", "^c12f11", "^c12f9",
        ],
    );
    assert_refused(&position(fen), &["^c12a12", "d13c11"]);
}

/// White: Ke8, Pg6 Ph6 (two pieces on f4-h6); its queen-side board a4-c6
/// is empty. Black: Ke11; its boards at b1 (b1-d3) and a7 (a7-c9). The
/// empty board at a4 has four shifts that stay in the frame and clear of
/// the main board, and each overlaps a black board: a2 (a2-c4) and b1 and
/// d1 (d1-f3) overlap b1-d3, a6 (a6-c8) overlaps a7-c9. The king's
/// f7-f9 are holes.
#[test]
fn a_board_may_not_overlap_another_or_the_main_board() {
    let fen = "********/********/********/***1k***/***2***/5***/4K***/5***/6PP/8/8/*3****/\
               *3****/*3**** w - - 0 1 a4,f4,b1,a7";
    assert_moves(fen, &["e8d7", "e8d8", "e8d9", "e8e7", "e8e9"]);
    assert_refused(
        &position(fen),
        &[
            "^a4a2", "^a4a6", "^a4b1", "^a4d1", // another board
            "^a4c4", "^a4b5", "^a4c6", "^a4d5", "^a4b3", // the main board
        ],
    );
}

/// White: Ke4, Pa6 Pb6 (two pieces on a4-c6). White's king-side board is
/// at f12 (f12-h14), in the frame's top right corner, touching Black's
/// board f9-h11. Black: Kg10; boards at a9 and f9. Of the 24 shifts of the
/// board at f12, 17 leave the frame (any dx > 0 or dy > 0); e11 and c11
/// overlap the main board, f10 the board at f9, d10 e9 c9 the main board;
/// only d12 (d12-f14, on d11-e11) is legal. The king's f3-f5, d3, e3 are
/// holes.
#[test]
fn a_board_may_not_leave_the_frame() {
    let fen = "*****3/*****3/*****3/8/6k1/8/***2***/***2***/PP3***/5***/4K***/********/\
               ********/******** w - - 0 1 a4,f12,a9,f9";
    assert_moves(fen, &["e4d4", "e4d5", "e4e5", "^f12d12"]);
    assert_refused(
        &position(fen),
        &[
            "^f12h12", "^f12f14", "^f12g13", "^f12h14", "^f12e13", "^f12d14", "^f12h10", "^f12g11",
        ],
    );
}

/// White: Ke4, Pg6 Ph6 (two pieces on f4-h6); its queen-side board a4-c6
/// is empty. Black: Ke11, start corners. The board at a4 goes to a2, a6,
/// b1 or d1. A shift with dx + dy odd is refused even where the board
/// would otherwise fit: a3 (a3-c5), a5 (a5-c7) and c1 (c1-e3) lie in the
/// frame, clear of every board and beside the main board.
#[test]
fn a_board_shift_must_keep_the_square_colours() {
    let fen = "********/********/********/4k3/8/8/***2***/***2***/6PP/8/4K3/********/********/\
               ******** w - - 0 1 a4,f4,a9,f9";
    assert_moves(
        fen,
        &[
            "e4d4", "e4d5", "e4e5", "e4f4", "e4f5", //
            "^a4a2", "^a4a6", "^a4b1", "^a4d1",
        ],
    );
    assert_refused(&position(fen), &["^a4a5", "^a4a3", "^a4c1", "^a4a7"]);
}

/// White: Kb5 alone on its queen-side board a4-c6, Pg6 Ph6 (two pieces
/// on f4-h6). Black: Ke11, Rd7 (which sweeps d4-d11 and e7; c7 is a
/// hole). The king may ride its board: to a2 (king on b3), b1 (c2) and d1
/// (e2, beside the d-file d1-d3 the rook now reaches but not on it); not to
/// a6, where the board a6-c8 puts the king on b7 and makes c7 exist, so
/// the rook on d7 gives check. Every step of the king stays on a4-c6.
#[test]
fn a_board_may_not_carry_its_king_into_check() {
    let fen = "********/********/********/4k3/8/8/***2***/***r1***/6PP/1K6/8/********/********/\
               ******** w - - 0 1 a4,f4,a9,f9";
    assert_moves(
        fen,
        &[
            "b5a4", "b5a5", "b5a6", "b5b4", "b5b6", "b5c4", "b5c5", "b5c6", //
            "^a4a2", "^a4b1", "^a4d1",
        ],
    );
    assert_refused(&position(fen), &["^a4a6"]);
    // To a2 (a2-c4): the king rides from b5 to b3.
    let mut pos = position(fen);
    play(&mut pos, "^a4a2");
    assert_eq!(
        pos.fen(),
        "********/********/********/4k3/8/8/***2***/***r1***/***3PP/***5/8/1K1*****/3*****/\
         ******** b - - 1 1 a2,f4,a9,f9"
    );
}

/// White: Kg2 and Ph3 on its king-side board f1-h3 (two pieces), its
/// queen-side board c1-e3 empty (f1-h3 touches the main board only through
/// it: e1-e3 beside f1-f3). Black: Ke11 and a rook on g8, on its board
/// f7-h9; its other board is at a9. g4-g6 are holes, so the rook does not
/// reach g2. The empty board's shifts: a1 (a1-c3) and a3 (a3-c5) abandon
/// f1-h3 (a1 abandons itself too), e1, f2 and d2 overlap f1-h3, b2, c3,
/// e3, b4, d4 overlap the main board, and f4 (f4-h6, on f3-h3 and beside
/// e4-e6) would fill g4-g6 and open the g-file from g8 to the king: no
/// board move. With the rook on h8 instead, f4 opens the h-file only down
/// to the pawn on h3 and is legal. The king's squares: f1-f3, g1, g3, h1,
/// h2 (e1-e3 are not next to g2).
#[test]
fn a_board_may_not_open_a_line_to_its_king() {
    let rook_g8 = "********/********/********/4k***/5***/8/***3r1/***5/***2***/***2***/***2***/\
                   **5P/**4K1/**6 w - - 0 1 c1,f1,a9,f7";
    let king = ["g2f1", "g2f2", "g2f3", "g2g1", "g2g3", "g2h1", "g2h2"];
    assert_moves(rook_g8, &king);
    assert_refused(&position(rook_g8), &["^c1f4", "^c1a1", "^c1a3", "^c1e1"]);

    let rook_h8 = rook_g8.replace("***3r1", "***4r");
    let mut with_board = king.to_vec();
    with_board.push("^c1f4");
    assert_moves(&rook_h8, &with_board);
}

// ---------------------------------------------------------------------------
// Piece moves over the frame.
// ---------------------------------------------------------------------------

/// The start position without the a-pawn: the rook on a4 reaches a5 and
/// a6; a7 and a8 are holes and stop it, though a9 (a black rook) exists
/// beyond them. The other 13 moves are the start's.
#[test]
fn a_hole_stops_a_slider() {
    let fen = START.replace("/PPPPPPPP/", "/1PPPPPPP/");
    assert_moves(
        &fen,
        &[
            "a4a5", "a4a6", //
            "b5b6", "c5c6", "d5d6", "d5d7", "e5e6", "e5e7", "f5f6", "g5g6", "h5h6", //
            "b4a6", "b4c6", "g4f6", "g4h6",
        ],
    );
    assert_refused(&position(&fen), &["a4a7", "a4a8", "a4a9"]);
}

/// White: Kd4, Ne8. Black: Ka11. Start corners, every attack board empty.
/// The knight on e8 has holes at c7, f7, f8, g7, g8 around it and still
/// reaches c9, f10 and g9 on Black's boards and f6 on White's; c7 and g7
/// are holes and not targets. Both white boards have their four moves
/// (a2 a6 b1 d1 and f2 f6 e1 c1). The king's c3 d3 e3 are holes.
#[test]
fn a_knight_leaps_holes() {
    let fen = "********/********/********/k7/8/8/***1N***/***2***/8/8/3K4/********/********/\
               ******** w - - 0 1 a4,f4,a9,f9";
    assert_moves(
        fen,
        &[
            "d4c4", "d4c5", "d4d5", "d4e4", "d4e5", //
            "e8c9", "e8d6", "e8d10", "e8f6", "e8f10", "e8g9", //
            "^a4a2", "^a4a6", "^a4b1", "^a4d1", "^f4c1", "^f4e1", "^f4f2", "^f4f6",
        ],
    );
    assert_refused(&position(fen), &["e8c7", "e8g7"]);
}

/// White: Pb2 alone on its queen-side board at a2 (a2-c4); Kh4 and Pg5
/// on its king-side board f4-h6; Pd5 on the main board. Black: Ke11;
/// boards at a9 and f7 (f7-h9, so g6 and g7 exist). The d-pawn double
/// steps; b2 (on its second rank, b3 and b4 empty) and g5 (on d5's rank,
/// g6 and g7 empty) step once only. The board at a2 goes to a4, b1 or d1
/// (b3 b5 c2 c4 d3 d5 overlap the main board). The king's g3 h3 are holes.
#[test]
fn double_step_only_on_the_main_board() {
    let fen = "********/********/********/4k***/5***/8/***5/***5/***5/***P2P1/7K/3*****/\
               1P1*****/******** w - - 0 1 a2,f4,a9,f7";
    assert_moves(
        fen,
        &[
            "b2b3", "d5d6", "d5d7", "g5g6", "h4g4", "h4h5", //
            "^a2a4", "^a2b1", "^a2d1",
        ],
    );
    assert_refused(&position(fen), &["b2b4", "g5g7"]);
}

/// White: Ke4, Pc8 alone on its queen-side board at a6 (a6-c8), Pe8;
/// king-side board f4-h6 empty. Black: Kh10, Pd10; boards a9, f9. Black
/// plays d10d8 past d9. The e-pawn takes en passant: e8, d9 and d8 are
/// all on the main board. The c-pawn does not: c8 is on an attack board.
/// White's other moves: e8e9, c8c9 (on a9-c11), the king's d4 d5 e5 f4
/// f5, the board a6 to a4 (a8 overlaps a9-c11, the rest the main board)
/// and the board f4 to c1 e1 f2 f6.
#[test]
fn en_passant_only_on_the_main_board() {
    let fen = "********/********/********/8/3p3k/8/2P1P***/5***/8/***5/***1K3/********/\
               ********/******** b - - 0 1 a6,f4,a9,f9";
    let mut pos = position(fen);
    play(&mut pos, "d10d8");
    assert_eq!(
        pos.fen(),
        "********/********/********/8/7k/8/2PpP***/5***/8/***5/***1K3/********/********/\
         ******** w - d9 0 2 a6,f4,a9,f9"
    );
    assert_moves_of(
        &pos,
        &[
            "e4d4", "e4d5", "e4e5", "e4f4", "e4f5", //
            "e8e9", "e8d9", "c8c9", //
            "^a6a4", "^f4c1", "^f4e1", "^f4f2", "^f4f6",
        ],
    );
    assert_refused(&pos, &["c8d9"]);
    play(&mut pos, "e8d9");
    assert_eq!(
        pos.fen(),
        "********/********/********/8/7k/3P4/2P2***/5***/8/***5/***1K3/********/********/\
         ******** b - - 0 2 a6,f4,a9,f9"
    );
}

/// White: Ke4, Pc10 (on Black's board a9-c11), Pe10, Ph10 (on Black's
/// board f9-h11), Pd13 Pe14 (on White's board c12-e14), Pg6 Ph6 (on
/// f4-h6). Black: Kg10, Rd11 (sweeping the d-file down to d4 and rank
/// 11). The e-pawn promotes on e11 and taking on d11; the c-pawn promotes
/// taking on d11 from the attack board, but steps to c11 as a pawn; h10h11
/// and d13d14 stay pawns; e14 is on the frame's last rank and stuck. Both
/// white boards carry two pieces. The king may not go to d4 or d5.
#[test]
fn promotion_only_on_the_main_boards_last_rank() {
    let fen = "**2P***/**1P1***/**3***/3r4/2P1P1kP/8/***2***/***2***/***3PP/***5/***1K3/\
               ********/********/******** w - - 0 1 c12,f4,a9,f9";
    assert_moves(
        fen,
        &[
            "e4e5", "e4f4", "e4f5", //
            "e10e11q", "e10e11r", "e10e11b", "e10e11n", //
            "e10d11q", "e10d11r", "e10d11b", "e10d11n", //
            "c10c11", "c10d11q", "c10d11r", "c10d11b", "c10d11n", //
            "h10h11", "d13d14",
        ],
    );
    let start = position(fen);
    assert_refused(&start, &["c10c11q", "h10h11q", "d13d14q", "e10e11k"]);

    let mut pos = start;
    play(&mut pos, "c10d11q");
    assert_eq!(
        pos.fen(),
        "**2P***/**1P1***/**3***/3Q4/4P1kP/8/***2***/***2***/***3PP/***5/***1K3/\
         ********/********/******** b - - 0 1 c12,f4,a9,f9"
    );
    let mut pos = start;
    play(&mut pos, "c10c11");
    assert_eq!(
        pos.fen(),
        "**2P***/**1P1***/**3***/2Pr4/4P1kP/8/***2***/***2***/***3PP/***5/***1K3/\
         ********/********/******** b - - 0 1 c12,f4,a9,f9"
    );
    let mut pos = start;
    play(&mut pos, "d13d14");
    assert_eq!(
        pos.fen(),
        "**1PP***/**3***/**3***/3r4/2P1P1kP/8/***2***/***2***/***3PP/***5/***1K3/\
         ********/********/******** b - - 0 1 c12,f4,a9,f9"
    );
}

/// Black promotes on d4 and e4. White: Kg5, Nd4. Black: Kd11, Pc5 (on
/// White's board a4-c6), Pe5, Pa9 Pb9 (on a9-c11), Pg9 Ph9 (on f9-h11);
/// the black pawns on the boards are stuck (rank 8 is a hole there) and
/// both black boards carry two. e5 promotes on e4 and taking d4; c5 steps
/// to c4 as a pawn and promotes taking d4. The king's c12 d12 e12 are
/// holes.
#[test]
fn black_promotes_on_d4_and_e4() {
    let fen = "********/********/********/3k4/8/pp4pp/***2***/***2***/8/2p1p1K1/3N4/********/\
               ********/******** b - - 0 1 a4,f4,a9,f9";
    assert_moves(
        fen,
        &[
            "d11c10", "d11c11", "d11d10", "d11e10", "d11e11", //
            "e5e4q", "e5e4r", "e5e4b", "e5e4n", "e5d4q", "e5d4r", "e5d4b", "e5d4n", //
            "c5c4", "c5d4q", "c5d4r", "c5d4b", "c5d4n",
        ],
    );
}

// ---------------------------------------------------------------------------
// Castling.
// ---------------------------------------------------------------------------

/// White: Ke4, Ra4 (alone on a4-c6), Rh4 (alone on f4-h6), Pd5. Black:
/// Ke11, Rh11 (alone on f9-h11). Rights KQk, Black to move.
const CASTLE: &str = "********/********/********/4k2r/8/8/***2***/***2***/8/3P4/R3K2R/********/\
                      ********/******** b KQk - 0 1 a4,f4,a9,f9";

/// Black moves its king-side board up to f11 with the rook (h11 -> h13):
/// its k right is gone and a board is off its start corner, so White may
/// not castle, though KQ stay in the FEN. White then:
///   king d4 e5 f4 f5 (d5 is its pawn)                               4
///   pawn d6 d7                                                      2
///   rook a4: a5 a6 (a7 a hole), b4 c4 d4                            5
///   rook h4: h5 h6 (h7 a hole), g4 f4                               4
///   board a4 (with its rook): a2 a6 b1 d1                           4
///   board f4 (with its rook): f2 f6 e1 c1                           4
/// When Black's board is back on f9 (the rook back on h11, still without
/// its right), White castles both ways again, 25 moves: the king's 5, the
/// two castles, d6d7, the rooks' 9 and the boards' 8.
#[test]
fn castling_waits_for_every_board_to_be_home() {
    let mut pos = position(CASTLE);
    play(&mut pos, "^f9f11");
    assert_eq!(
        pos.fen(),
        "********/*****2r/*****3/4k3/5***/5***/***2***/***2***/8/3P4/R3K2R/********/\
         ********/******** w KQ - 1 2 a4,f4,a9,f11"
    );
    assert_moves_of(
        &pos,
        &[
            "e4d4", "e4e5", "e4f4", "e4f5", "d5d6", "d5d7", //
            "a4a5", "a4a6", "a4b4", "a4c4", "a4d4", "h4h5", "h4h6", "h4g4", "h4f4", //
            "^a4a2", "^a4a6", "^a4b1", "^a4d1", "^f4c1", "^f4e1", "^f4f2", "^f4f6",
        ],
    );
    assert_refused(&pos, &["e4g4", "e4c4"]);

    play(&mut pos, "d5d6");
    play(&mut pos, "^f11f9");
    let home = "********/********/********/4k2r/8/8/***2***/***2***/3P4/8/R3K2R/********/\
                ********/******** w KQ - 1 3 a4,f4,a9,f9";
    assert_eq!(pos.fen(), home);
    let all = [
        "e4c4", "e4d4", "e4d5", "e4e5", "e4f4", "e4f5", "e4g4", "d6d7", //
        "a4a5", "a4a6", "a4b4", "a4c4", "a4d4", "h4h5", "h4h6", "h4g4", "h4f4", //
        "^a4a2", "^a4a6", "^a4b1", "^a4d1", "^f4c1", "^f4e1", "^f4f2", "^f4f6",
    ];
    assert_moves_of(&pos, &all);

    let mut short = pos;
    play(&mut short, "e4g4");
    assert_eq!(
        short.fen(),
        "********/********/********/4k2r/8/8/***2***/***2***/3P4/8/R4RK1/********/\
         ********/******** b - - 2 3 a4,f4,a9,f9"
    );
    let mut long = pos;
    play(&mut long, "e4c4");
    assert_eq!(
        long.fen(),
        "********/********/********/4k2r/8/8/***2***/***2***/3P4/8/2KR3R/********/\
         ********/******** b - - 2 3 a4,f4,a9,f9"
    );
}

/// From the position where White may castle both ways, the queen-side
/// board rides up to a6 with the rook and back: the boards are home again
/// but the rook has moved, so only e4g4 remains (rights K).
#[test]
fn a_rook_that_rode_a_board_has_lost_its_castling() {
    let home = "********/********/********/4k2r/8/8/***2***/***2***/3P4/8/R3K2R/********/\
                ********/******** w KQ - 1 3 a4,f4,a9,f9";
    let mut game =
        AnyGame::from_setup(wau(), Some(home), &[]).unwrap_or_else(|e| panic!("setup failed: {e}"));
    game.play_wire("^a4a6")
        .expect("the board rides with its rook");
    assert_eq!(
        game.position().fen(),
        "********/********/********/4k2r/8/8/5***/5***/R2P4/***5/***1K2R/********/\
         ********/******** b K - 2 3 a6,f4,a9,f9"
    );
    for m in ["h11h10", "^a6a4", "h10h11"] {
        game.play_wire(m)
            .unwrap_or_else(|e| panic!("'{m}' refused: {e}"));
    }
    let pos = game.position();
    assert_eq!(
        pos.fen(),
        "********/********/********/4k2r/8/8/***2***/***2***/3P4/8/R3K2R/********/\
         ********/******** w K - 5 5 a4,f4,a9,f9"
    );
    assert_moves_of(
        &pos,
        &[
            "e4d4", "e4d5", "e4e5", "e4f4", "e4f5", "e4g4", "d6d7", //
            "a4a5", "a4a6", "a4b4", "a4c4", "a4d4", "h4h5", "h4h6", "h4g4", "h4f4", //
            "^a4a2", "^a4a6", "^a4b1", "^a4d1", "^f4c1", "^f4e1", "^f4f2", "^f4f6",
        ],
    );
    assert_refused(&pos, &["e4c4"]);

    // The king-side rook rides too: no castling left at all.
    let mut pos = pos;
    play(&mut pos, "^f4f6");
    assert_eq!(pos.fen().split(' ').nth(2), Some("-"));
}

// ---------------------------------------------------------------------------
// Repetition.
// ---------------------------------------------------------------------------

/// White: Ke4, Rh4. Black: Ke11, Ra11. No castling. Both sides move an
/// empty board away and back: the board's place is part of the position,
/// so the position after ^a4a6 is a new one, and the start recurs after
/// every four plies; the third time is a draw. Board moves count for the
/// 100-ply clock.
#[test]
fn moving_boards_back_and_forth_repeats_the_position() {
    let fen = "********/********/********/r3k3/8/8/***2***/***2***/8/8/4K2R/********/\
               ********/******** w - - 0 1 a4,f4,a9,f9";
    let mut game = AnyGame::from_setup(wau(), Some(fen), &["^a4a6"])
        .unwrap_or_else(|e| panic!("setup failed: {e}"));
    let away = game.position().fen();
    assert_ne!(away, fen);
    assert_eq!(corners(&away), "a6,f4,a9,f9");
    assert_eq!(
        away,
        "********/********/********/r3k3/8/8/5***/5***/8/***5/***1K2R/********/\
         ********/******** b - - 1 1 a6,f4,a9,f9"
    );

    let cycle = ["^f9f11", "^a6a4", "^f11f9", "^a4a6"];
    for (ply, m) in cycle.iter().chain(&cycle).take(7).enumerate() {
        assert_eq!(game.outcome(), None, "before ply {}", ply + 2);
        game.play_wire(m)
            .unwrap_or_else(|e| panic!("'{m}' refused: {e}"));
    }
    assert_eq!(game.position().fen(), fen.replace(" 0 1 ", " 8 5 "));
    assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
}

// ---------------------------------------------------------------------------
// FEN.
// ---------------------------------------------------------------------------

#[test]
fn fen_with_moved_boards_reads_back_unchanged() {
    for fen in [
        START,
        LONE_KNIGHT,
        CASTLE,
        "3*****/3*****/3*****/8/6k1/8/***2***/***2***/5***/5***/4K***/********/********/\
         ******** w - - 0 1 a9,a12,a4,f9",
        "********/********/********/***1k***/***2***/5***/4K***/5***/6PP/8/8/*3****/\
         *3****/*3**** w - - 0 1 a4,f4,b1,a7",
        "*****3/*****3/*****3/8/6k1/8/***2***/***2***/PP3***/5***/4K***/********/\
         ********/******** w - - 0 1 a4,f12,a9,f9",
        "********/********/********/4k***/5***/8/***3r1/***5/***2***/***2***/***2***/\
         **5P/**4K1/**6 w - - 0 1 c1,f1,a9,f7",
        "********/********/********/4k***/5***/8/***5/***5/***5/***P2P1/7K/3*****/\
         1P1*****/******** w - - 0 1 a2,f4,a9,f7",
        "**2P***/**1P1***/**3***/3r4/2P1P1kP/8/***2***/***2***/***3PP/***5/***1K3/\
         ********/********/******** w - - 0 1 c12,f4,a9,f9",
    ] {
        assert_eq!(position(fen).fen(), fen);
    }
}

#[test]
fn fen_without_the_corners_means_the_start_corners() {
    let six = START.trim_end_matches(" a4,f4,a9,f9");
    assert_eq!(six.split(' ').count(), 6);
    let pos = position(six);
    assert_eq!(pos, AnyPosition::startpos(wau()));
    assert_eq!(pos.fen(), START);

    // Without the field the holes must still be those of the start.
    let moved = LONE_KNIGHT.trim_end_matches(" c12,f4,a9,f1");
    assert!(
        AnyPosition::from_fen(wau(), moved).is_err(),
        "accepted '{moved}'"
    );
}

#[test]
fn fen_holes_must_match_the_corners() {
    for corners in ["a6,f4,a9,f9", "a4,f4,a9,f11", "a4,f2,a9,f9", "c12,f4,a9,f9"] {
        let fen = START.replace("a4,f4,a9,f9", corners);
        match AnyPosition::from_fen(wau(), &fen) {
            Ok(_) => panic!("accepted '{fen}'"),
            Err(e) => {
                let text = e.to_string().to_lowercase();
                assert!(
                    text.contains("hole"),
                    "the message for '{fen}' does not speak of holes: {e}"
                );
            }
        }
    }
    // A hole where the start corners put a square, and a square where they
    // put a hole.
    for fen in [
        START.replace("/8/PPPPPPPP/", "/*7/PPPPPPPP/"),
        START.replace(
            "/********/********/******** w",
            "/********/********/1******* w",
        ),
    ] {
        let e = AnyPosition::from_fen(wau(), &fen)
            .err()
            .unwrap_or_else(|| panic!("accepted '{fen}'"));
        assert!(
            e.to_string().to_lowercase().contains("hole"),
            "the message for '{fen}' does not speak of holes: {e}"
        );
    }
}

#[test]
fn fen_rejects_impossible_boards_and_pieces_on_holes() {
    for fen in [
        // White's boards at a4 and a6 overlap on a6-c6 (the holes agree
        // with the two boards together).
        "********/********/********/4k3/8/8/5***/5***/5***/5***/3K1***/********/********/\
         ******** w - - 0 1 a4,a6,a9,f9"
            .to_string(),
        // A board at c4 overlaps the main board.
        "********/********/********/4k3/8/8/***2***/***2***/**6/**6/**2K3/********/\
         ********/******** w - - 0 1 c4,f4,a9,f9"
            .to_string(),
        // A board at g4 reaches past the h-file.
        "********/********/********/4k3/8/8/***2***/***2***/5*2/5*2/4K*2/********/\
         ********/******** w - - 0 1 a4,g4,a9,f9"
            .to_string(),
        // A corner on rank 13 reaches past rank 14 (the board at a13
        // would otherwise touch a10-c12 along rank 12/13).
        "3*****/3*****/3*****/4k***/5***/***2***/***2***/***2***/8/8/4K3/********/\
         ********/******** w - - 0 1 a4,f4,a10,a13"
            .to_string(),
        START.replace("a4,f4,a9,f9", "a4,f4,a9,f13"),
        // A knight on the hole a8.
        START.replace("/***2***/***2***/", "/N**2***/***2***/"),
        // A pawn on the hole d3.
        START.replace("/RNBQKBNR/********/", "/RNBQKBNR/***P****/"),
        // Three corners, or five.
        START.replace("a4,f4,a9,f9", "a4,f4,a9"),
        START.replace("a4,f4,a9,f9", "a4,f4,a9,f9,a1"),
        // Fifteen ranks.
        START.replace("********/rnbqkbnr", "********/********/rnbqkbnr"),
    ] {
        assert!(
            AnyPosition::from_fen(wau(), &fen).is_err(),
            "accepted '{fen}'"
        );
    }
}
