//! Wau Chess (`rules/wauchess.md`) perft against a second, independent move
//! generator, the mailbox of `support/oracle.rs`, which shares no code with
//! the engine: the start position, hand-made middlegames with the attack
//! boards moved, and pseudo-random games compared move by move. The engine
//! must also read back the FEN it writes for every position reached in
//! play.
//!
//! Squares: files a-h, ranks 1-14. The main board is d4-e11; the four attack
//! boards are 3x3 and named by their lower-left corner, in the order White
//! queen-side, White king-side, Black queen-side, Black king-side (start:
//! a4, f4, a9, f9).

use motley::rules::{AnyPosition, Variant};

use crate::support::oracle::{self, Game};
use crate::support::perft_file;

// ---------------------------------------------------------------------------
// Comparing the two generators.
// ---------------------------------------------------------------------------

const START: &str = "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9";

/// The mailbox generator's position of a Wau Chess FEN.
fn mailbox_board(fen: &str) -> oracle::Board {
    oracle::Board::from_fen(Game::WauChess, fen)
}

/// The game under test.
fn variant() -> Variant {
    "wauchess".parse().expect("the engine knows wauchess")
}

/// The engine's position of a FEN that must be valid.
fn position(fen: &str) -> AnyPosition {
    AnyPosition::from_fen(variant(), fen)
        .unwrap_or_else(|e| panic!("Wau FEN '{fen}' rejected: {e}"))
}

/// Moves as sorted strings.
fn sorted(moves: impl IntoIterator<Item = impl ToString>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The FEN fields the two generators must agree on: the board (1), the
/// side to move (2), castling (3) and the corners (7).
fn compared_fields(fen: &str) -> (String, String, String, String) {
    let f: Vec<&str> = fen.split_whitespace().collect();
    assert_eq!(f.len(), 7, "seven fields in '{fen}'");
    (
        f[0].to_string(),
        f[1].to_string(),
        f[2].to_string(),
        f[6].to_string(),
    )
}

/// The mailbox's values of the fields in `compared_fields`.
fn mailbox_fields(board: &oracle::Board) -> (String, String, String, String) {
    (
        board.board_fen(),
        if board.white_to_move { "w" } else { "b" }.to_string(),
        board.castling_fen(),
        board.corners_fen(),
    )
}

/// Panics, naming the differences, unless the engine's sorted move list
/// equals the mailbox's.
fn compare_lists(context: &str, engine: &[String], mailbox: &[String]) {
    if engine == mailbox {
        return;
    }
    let engine_only: Vec<&String> = engine.iter().filter(|m| !mailbox.contains(m)).collect();
    let mailbox_only: Vec<&String> = mailbox.iter().filter(|m| !engine.contains(m)).collect();
    panic!(
        "{context}: the move lists differ\n  engine only: {engine_only:?}\n  mailbox only: \
         {mailbox_only:?}\n  engine ({}): {engine:?}\n  mailbox ({}): {mailbox:?}",
        engine.len(),
        mailbox.len()
    );
}

/// Plays `moves` from `fen` in both generators, checking after each move
/// that they agree on the FEN fields they share.
fn after(fen: &str, moves: &[&str]) -> (AnyPosition, oracle::Board) {
    let mut pos = position(fen);
    let mut board = mailbox_board(fen);
    for (i, m) in moves.iter().enumerate() {
        pos.play_wire(m)
            .unwrap_or_else(|e| panic!("the engine refuses {m} after {:?}: {e}", &moves[..i]));
        board = board.play_wire(m);
        assert_eq!(
            compared_fields(&pos.fen()),
            mailbox_fields(&board),
            "FEN after {:?} from '{fen}'",
            &moves[..=i]
        );
    }
    (pos, board)
}

/// Follows the first root move whose subtree counts differ down to the
/// node where the move lists part, and describes every step: the divide
/// differences and, at the end, the two move lists.
fn explain(fen: &str, depth: u32) -> String {
    let mut pos = position(fen);
    let mut board = mailbox_board(fen);
    let mut line: Vec<String> = Vec::new();
    let mut out = String::new();
    for depth in (1..=depth).rev() {
        let here = pos.fen();
        let engine = sorted(pos.legal_wire_moves());
        let mailbox = board.legal_wire_moves();
        if engine != mailbox {
            let engine_only: Vec<&String> =
                engine.iter().filter(|m| !mailbox.contains(m)).collect();
            let mailbox_only: Vec<&String> =
                mailbox.iter().filter(|m| !engine.contains(m)).collect();
            out += &format!(
                "after {line:?}, in '{here}' the move lists differ\n  engine only: \
                 {engine_only:?}\n  mailbox only: {mailbox_only:?}\n  engine: {engine:?}\n  \
                 mailbox: {mailbox:?}\n"
            );
            return out;
        }
        if depth == 1 {
            out += &format!("after {line:?}, in '{here}' the lists agree\n");
            return out;
        }
        let divide = pos.divide(depth, false);
        let mut first = None;
        out += &format!("after {line:?}, in '{here}', divide {depth}:\n");
        for m in &mailbox {
            let counted = board.play_wire(m).perft(depth - 1);
            let engine_count: Vec<u64> = divide
                .iter()
                .filter(|(w, _)| w == m)
                .map(|&(_, n)| n)
                .collect();
            if engine_count != [counted] {
                out += &format!("  {m}: engine {engine_count:?}, mailbox {counted}\n");
                first.get_or_insert_with(|| m.clone());
            }
        }
        for (w, n) in &divide {
            if !mailbox.contains(w) {
                out += &format!("  {w}: engine {n}, not a mailbox move\n");
            }
        }
        let Some(m) = first else {
            out += "  no root move differs\n";
            return out;
        };
        pos.play_wire(&m).unwrap();
        board = board.play_wire(&m);
        if compared_fields(&pos.fen()) != mailbox_fields(&board) {
            out += &format!(
                "after {m} the FENs differ: engine '{}', mailbox {:?}\n",
                pos.fen(),
                mailbox_fields(&board)
            );
            return out;
        }
        line.push(m);
    }
    out
}

/// Engine and mailbox agree on perft `depth` from `fen`; returns it.
fn assert_perft_agrees(name: &str, fen: &str, depth: u32) -> u64 {
    let engine = position(fen).perft(depth);
    let mailbox = mailbox_board(fen).perft(depth);
    if engine != mailbox {
        panic!(
            "{name}: perft {depth}: engine {engine}, mailbox {mailbox}\n{}",
            explain(fen, depth)
        );
    }
    mailbox
}

// ---------------------------------------------------------------------------
// The positions.
// ---------------------------------------------------------------------------

/// White's queen-side board stands on a2 (a2-c4) carrying only the king
/// b3, so the king may ride; the king-side board (f4) carries only the
/// knight g6. Black's queen-side board holds a rook and a pawn and cannot
/// move; its king-side board holds only the rook h11, which loses the
/// right k if it rides. Black keeps kq in the FEN while a White board is
/// away: the king moved, so White has none.
const RIDERS: &str = "********/********/********/r3k2r/1p1q4/2np4/***1p***/***2***/***P2N1/***1B3/3Q4/1K1*****/3*****/******** w kq - 0 1 a2,f4,a9,f9";

/// All boards on their start corners, both sides with full rights. White
/// may castle short; long is barred because the black knight b6 covers
/// c4. Black's short castle is barred by the bishop e9 (g11). Each side's
/// king-side board carries only its castling rook.
const CASTLE_START: &str = "********/********/********/r3k2r/3pp3/1n2B3/***2***/***q1***/1n2Q3/1PPP4/R3K2R/********/********/******** w KQkq - 0 1 a4,f4,a9,f9";

/// White's king-side board is away on f2 (carrying only the bishop g3):
/// nobody may castle although White keeps Q and Black kq, and b4 c4 d4
/// are empty. Bringing the board back to f4 makes castling possible again.
const CASTLE_AWAY: &str = "********/********/********/r3k2r/2p3p1/1b1ppn2/***2***/***2***/2N2***/1P1PP***/R3K3/*****1B1/*****3/******** w Qkq - 0 1 a4,f2,a9,f9";

/// Black's boards stand on a7 and f7, right beside ranks 7-9. Black has
/// just played e10-e8: the pawn d8 (main board) may take en passant on
/// e9, the pawn f8 (an attack board) may not. After d5-d7 the pawn e7 may
/// take on d6, the pawn c7 (an attack board) may not. White's queen-side
/// board carries only a black knight and cannot move.
const EN_PASSANT: &str = "********/********/********/***qk***/***p1***/1r4n1/2PPpP2/2p1p3/8/3P3R/1n2K3/********/********/******** w - e9 0 1 a4,f4,a7,f7";

/// Boards on a8, f4, a11 and f1 (Black's f1 board hangs on White's f4
/// board). White pawns: c10 on an attack board takes on d11 and promotes,
/// d10 promotes taking on e11 but not taking on c11, g6 is stuck below a
/// hole. Black pawns: d5 promotes on d4 or taking on e4, f5 (attack board)
/// promotes taking on e4 but not stepping to f4.
const PROMOTION: &str = "********/1k1*****/3*****/2brn***/2PP1***/4R***/5***/***2***/***3P1/***p1p1K/***1N3/*****3/*****1r1/*****3 w - - 0 1 a8,f4,a11,f1";

/// White's king b3 stands on its queen-side board a1, which hangs on the
/// (empty) king-side board a4; the rook b7 on Black's board a7 checks it
/// along b4-b6. See `check_closed_by_a_board_move`.
const CHECK_CLOSED: &str = "********/********/********/***1k2r/***q2n1/4p3/5***/1r3***/3P1***/3B1***/4Q***/1K1*****/2N*****/3***** w - - 0 1 a1,a4,a7,f9";

/// The bishop a7 (White's board a5) aims at the king e11 across the holes
/// b8 and c9. White's board a10 (carrying the knight b11) moving to a8
/// fills them and checks; its move to a12 would touch no other board.
const CHECK_OPENED: &str = "********/********/3*****/1N2k3/4p3/***q2r1/***3n1/B7/3P1R2/5***/***1K***/********/********/******** w - - 0 1 a5,a10,f9,f6";

/// As `CHECK_OPENED` but the board on a10 is Black's (carrying the bishop
/// b11) and Black is to move: moving it to a8 would open the diagonal
/// a7-e11 onto Black's own king.
const SELF_CHECK: &str = "********/********/3*****/1b2k3/4p3/***q2r1/***3n1/B7/1N1P4/4Q***/***1K***/********/********/******** b - - 0 1 a5,f6,a10,f9";

/// Boards scattered: White's on b1 and f2, Black's on a12 and d12, the a12
/// board connected to the main board only through d12. Sliders run into
/// holes everywhere (the rook b2 stops at b3 and d2), knights leap them
/// (c1-b3, d3-f4); the king f3 rides its board.
const CHAIN: &str = "2n3**/1k1r2**/2b3**/***2***/***1p***/***1n***/***p1***/***2***/***1B***/***1P***/***Q4/*2N*K2/*R2*3/*1N1**** w - - 0 1 b1,f2,a12,d12";

/// The middlegames. `wauchess.perft` records their perft to depth 4, as
/// counted by the mailbox generator (the engine must agree).
const MIDDLEGAMES: [(&str, &str); 9] = [
    ("riders", RIDERS),
    ("castling, boards at start", CASTLE_START),
    ("castling, a board away", CASTLE_AWAY),
    ("en passant", EN_PASSANT),
    ("promotion", PROMOTION),
    ("check closed by a board", CHECK_CLOSED),
    ("check opened by a board", CHECK_OPENED),
    ("board move into self-check", SELF_CHECK),
    ("chain of boards", CHAIN),
];

/// The counts `wauchess.perft` records for `fen`, by depth.
fn recorded_counts(fen: &str) -> Vec<(u32, u64)> {
    perft_file::read_positions("wauchess")
        .into_iter()
        .find(|p| p.fen == fen)
        .unwrap_or_else(|| panic!("wauchess.perft lacks '{fen}'"))
        .counts
}

// ---------------------------------------------------------------------------
// The start position.
// ---------------------------------------------------------------------------

/// wauchess.md, "Checks for an implementation": 8 single pawn steps, the
/// d- and e-pawns' double steps and 4 knight moves; no board move, since
/// each White board carries six pieces.
#[test]
fn start_position_has_the_fourteen_moves_of_the_rules() {
    let expected = sorted([
        "a5a6", "b5b6", "c5c6", "d5d6", "e5e6", "f5f6", "g5g6", "h5h6", //
        "d5d7", "e5e7", //
        "b4a6", "b4c6", "g4f6", "g4h6",
    ]);
    let board = mailbox_board(START);
    assert_eq!(board.legal_wire_moves(), expected, "mailbox");
    assert_eq!(board.board_fen(), START.split(' ').next().unwrap());
    assert_eq!(board.corners_fen(), "a4,f4,a9,f9");
    // A FEN without the seventh field means the start corners.
    let short = START.rsplit_once(' ').unwrap().0;
    assert_eq!(mailbox_board(short).corners, oracle::START_CORNERS);

    let start = AnyPosition::startpos(variant());
    assert_eq!(start.fen(), START);
    assert_eq!(
        compared_fields(&position(short).fen()),
        compared_fields(START)
    );
    // Holes that do not match the corners are refused.
    let moved = START.replace("a4,f4,a9,f9", "a2,f4,a9,f9");
    assert!(AnyPosition::from_fen(variant(), &moved).is_err());
    compare_lists("start", &sorted(start.legal_wire_moves()), &expected);
    compare_lists(
        "start from the FEN",
        &sorted(position(START).legal_wire_moves()),
        &expected,
    );
}

/// Perft from the start: the engine agrees with the mailbox to depth 5 and
/// both give the numbers `wauchess.perft` records.
#[test]
fn start_perft() {
    let counts = recorded_counts(START);
    assert_eq!(counts.len(), 5, "depths 1 to 5");
    for (depth, expected) in counts {
        assert_eq!(
            assert_perft_agrees("start", START, depth),
            expected,
            "perft {depth}"
        );
    }
}

// ---------------------------------------------------------------------------
// The middlegames.
// ---------------------------------------------------------------------------

/// Each position is valid (holes match the corners, boards connected, the
/// side not to move not in check) and the engine writes back the fields
/// the two generators share.
#[test]
fn middlegame_fens_are_valid_and_read_back() {
    for (name, fen) in MIDDLEGAMES {
        let board = mailbox_board(fen);
        assert!(oracle::arrangement_ok(&board.corners), "{name}");
        assert!(!board.in_check(!board.white_to_move), "{name}: illegal");
        assert_eq!(compared_fields(fen), mailbox_fields(&board), "{name}");
        assert_eq!(
            compared_fields(&position(fen).fen()),
            compared_fields(fen),
            "{name}: the engine's FEN"
        );
    }
}

/// A position, a line played from it, moves that must then be legal, moves
/// that must not, and the castling field reached.
type Case = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static str,
);

/// The positions show what they are meant to: moves that must be there and
/// moves that must not, in both generators, after the given line.
#[test]
fn middlegames_show_the_rules() {
    let cases: [Case; 19] = [
        // The king rides a2-b1, a2-d1 and back to a4 (then b3-b5); the
        // knight rides f4-f6. a2-a3, a2-c1 break the colour rule; f4-c1
        // would overlap the a2 board; d4-c5 and e5-g7 go into holes.
        (
            RIDERS,
            &[],
            &["^a2a4", "^a2b1", "^a2d1", "^f4e1", "^f4f2", "^f4f6", "b3c4"],
            &["^a2a3", "^a2c1", "^f4c1", "d4c5", "e5g7"],
            "kq",
        ),
        // All four boards back home: Black may castle both ways; its
        // queen-side board carries two pieces and cannot move.
        (
            RIDERS,
            &["^a2a4"],
            &["e11c11", "e11g11", "^f9f11", "^f9f7"],
            &["^a9a7", "^a9b12"],
            "kq",
        ),
        // The rook h11 rode: k is gone, and bringing it home does not give
        // it back.
        (RIDERS, &["^a2a4", "^f9f11"], &[], &["e11g11"], "q"),
        (
            RIDERS,
            &["^a2a4", "^f9f11", "g6h4", "^f11f9", "h4g6"],
            &["e11c11", "h11g11"],
            &["e11g11"],
            "q",
        ),
        // The a4 rook reaches a5 and a6 but not beyond the holes a7, a8.
        (
            CASTLE_START,
            &[],
            &["e4g4", "^f4f2", "a4a5", "a4a6", "a4d4"],
            &["e4c4", "a4a7", "a4a9", "^a4a2"],
            "KQkq",
        ),
        (CASTLE_START, &["e4g4"], &["e11c11"], &["e11g11"], "kq"),
        // The rook h4 rode away (and the board is off its corner): Black
        // may not castle, and White's K is gone for good.
        (CASTLE_START, &["^f4f2"], &["d7d8"], &["e11c11"], "Qkq"),
        (
            CASTLE_START,
            &["^f4f2", "d10d9", "^f2f4", "b9d8"],
            &["h4g4", "e4f4"],
            &["e4g4"],
            "Qkq",
        ),
        (CASTLE_AWAY, &[], &["^f2f4", "a4d4"], &["e4c4"], "Qkq"),
        (CASTLE_AWAY, &["^f2f4"], &["e11c11", "e11g11"], &[], "Qkq"),
        (CASTLE_AWAY, &["^f2f4", "d9d8"], &["e4c4"], &[], "Qkq"),
        (
            EN_PASSANT,
            &[],
            &["d8e9", "d5d7", "f8g9", "c8b9"],
            &["f8e9", "^a4a2", "^a4b1", "^a4d1"],
            "-",
        ),
        (EN_PASSANT, &["d5d7"], &["e7d6"], &["c7d6"], "-"),
        (
            PROMOTION,
            &[],
            &[
                "c10d11q", "c10d11r", "c10d11b", "c10d11n", "d10e11q", "d10e11n", "d10c11", "^a8a6",
            ],
            &["d10c11q", "d10d11q", "d10d11", "c10c11", "g6g7", "^f4f6"],
            "-",
        ),
        (
            PROMOTION,
            &["h5h4"],
            &["d5d4q", "d5d4n", "d5e4r", "f5e4b", "f5f4", "^f1d1"],
            &["d5d4", "d5e4", "f5e4", "f5f4q"],
            "-",
        ),
        (
            CHECK_OPENED,
            &[],
            &["^a10a8", "^a10c12", "^a5a3"],
            &["^a10a12"],
            "-",
        ),
        (
            SELF_CHECK,
            &[],
            &["^a10c12", "^f9f11", "^f9e12"],
            &["^a10a8", "^a10a12"],
            "-",
        ),
        (
            CHAIN,
            &[],
            &["d3f4", "c1b3", "^f2f4", "^f2e1", "f3e4", "b2d2"],
            &["b2b4", "b2e2", "d4c5", "f3e3"],
            "-",
        ),
        // Black's d12 board carries only its rook, but every move except
        // the one to a9 would leave the a12 board connected to nothing.
        (
            CHAIN,
            &["f3g3"],
            &["^d12a9"],
            &["^d12f10", "^d12f12", "^a12a10"],
            "-",
        ),
    ];
    for (fen, line, present, absent, castling) in cases {
        let (pos, board) = after(fen, line);
        let engine = sorted(pos.legal_wire_moves());
        let mailbox = board.legal_wire_moves();
        let context = format!("'{fen}' after {line:?}");
        for m in present {
            assert!(
                mailbox.contains(&m.to_string()),
                "{context}: mailbox lacks {m}"
            );
            assert!(
                engine.contains(&m.to_string()),
                "{context}: engine lacks {m}"
            );
        }
        for m in absent {
            assert!(
                !mailbox.contains(&m.to_string()),
                "{context}: mailbox has {m}"
            );
            assert!(
                !engine.contains(&m.to_string()),
                "{context}: engine has {m}"
            );
        }
        assert_eq!(
            board.castling_fen(),
            castling,
            "{context}: mailbox castling"
        );
        compare_lists(&context, &engine, &mailbox);
    }
}

/// White is in check from the rook b7 along b4-b6, the squares of the
/// empty board a4. Its answers: the king leaves the b-file (a2 a3 c3 on
/// its board, a4 c4 on the a4 board; b2 and b4 stay on the file, c2 is its
/// knight); the knight c2 or the queen blocks on b4; the bishop takes b7
/// over c6; or the board a4 moves away, turning b4-b6 into holes. It can
/// go only to d1: every other place overlaps a board or the main board, or
/// would leave the a1 board (which hangs on it) connected to nothing. The
/// a1 board carries two pieces.
#[test]
fn check_closed_by_a_board_move() {
    let expected = sorted([
        "b3a2", "b3a3", "b3c3", "b3a4", "b3c4", "c2b4", "e4b4", "d5b7", "^a4d1",
    ]);
    let board = mailbox_board(CHECK_CLOSED);
    assert!(board.in_check(true));
    assert_eq!(board.legal_wire_moves(), expected, "mailbox");
    compare_lists(
        "check closed",
        &sorted(position(CHECK_CLOSED).legal_wire_moves()),
        &expected,
    );
    let (pos, board) = after(CHECK_CLOSED, &["^a4d1"]);
    assert!(!board.in_check(true));
    assert_eq!(
        compared_fields(&pos.fen()).0,
        "********/********/********/***1k2r/***q2n1/4p3/5***/1r3***/***P1***/***B1***/***1Q***/\
         1K4**/2N3**/6**"
    );
}

/// After White's board a10 moves to a8 (the knight rides b11-b9), the
/// bishop a7 checks along b8 c9 d10. Black may block on c9 or d10 with the
/// queen or step to d11 (f10 and f11 are on the rook f6's file, d10 on
/// the diagonal and covered by the knight b9, e12 is a hole). No black
/// board move helps.
#[test]
fn check_opened_by_a_board_move() {
    let (pos, board) = after(CHECK_OPENED, &["^a10a8"]);
    assert!(board.in_check(false));
    let expected = sorted(["d9c9", "d9d10", "e11d11"]);
    assert_eq!(board.legal_wire_moves(), expected, "mailbox");
    compare_lists("check opened", &sorted(pos.legal_wire_moves()), &expected);
}

/// Root move lists agree, and perft to depth 4 agrees with the mailbox and
/// the recorded counts.
#[test]
fn middlegame_perft_to_depth_4() {
    for (name, fen) in MIDDLEGAMES {
        compare_lists(
            name,
            &sorted(position(fen).legal_wire_moves()),
            &mailbox_board(fen).legal_wire_moves(),
        );
        let counts = recorded_counts(fen);
        assert_eq!(counts.len(), 4, "{name}: depths 1 to 4");
        for (depth, expected) in counts {
            assert_eq!(
                assert_perft_agrees(name, fen, depth),
                expected,
                "{name}: perft {depth}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Random games.
// ---------------------------------------------------------------------------

/// A tiny linear congruential generator (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Seeded random games from the start and from every middlegame, 5 games
/// of up to 100 plies each: the mailbox picks each move among its legal
/// moves and both generators play it. `check` sees every position on the
/// way (with a description of how it was reached) before its move.
fn random_games(mut check: impl FnMut(&str, &AnyPosition, &oracle::Board)) {
    let mut rng = Lcg(0x5741_5543_4845_5353);
    let starts = std::iter::once(("start", START)).chain(MIDDLEGAMES);
    for (name, fen) in starts {
        for game in 0..5 {
            let mut pos = position(fen);
            let mut board = mailbox_board(fen);
            let mut line: Vec<String> = Vec::new();
            for ply in 0..=100 {
                let context = format!("{name}, game {game}, after {line:?} from '{fen}'");
                check(&context, &pos, &board);
                let moves = board.legal_wire_moves();
                if ply == 100 || moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())].clone();
                pos.play_wire(&m)
                    .unwrap_or_else(|e| panic!("{context}: the engine refuses {m}: {e}"));
                board = board.play_wire(&m);
                line.push(m);
            }
        }
    }
}

/// Along the random games, at every ply the sorted move lists agree, and
/// so do the board, side, castling and corner fields of the FEN.
#[test]
fn random_games_agree_move_by_move() {
    let mut plies = 0;
    random_games(|context, pos, board| {
        assert_eq!(
            compared_fields(&pos.fen()),
            mailbox_fields(board),
            "{context}: the FENs differ"
        );
        compare_lists(
            context,
            &sorted(pos.legal_wire_moves()),
            &board.legal_wire_moves(),
        );
        plies += 1;
    });
    assert!(plies > 4_000, "only {plies} positions compared");
}

// ---------------------------------------------------------------------------
// FENs of positions reached in play.
// ---------------------------------------------------------------------------

/// Checks that the engine reads back the FEN it writes for `pos`, to the
/// same FEN and the same moves.
fn assert_reads_back(context: &str, pos: &AnyPosition) {
    let fen = pos.fen();
    let again = AnyPosition::from_fen(variant(), &fen)
        .unwrap_or_else(|e| panic!("{context}: the engine rejects its own FEN '{fen}': {e}"));
    assert_eq!(again.fen(), fen, "{context}");
    assert_eq!(
        sorted(again.legal_wire_moves()),
        sorted(pos.legal_wire_moves()),
        "{context}: '{fen}'"
    );
}

/// White's board b1 holds a pawn on d3, Black's board d12 a pawn on e12.
const PAWNS_OFF_THE_MAIN_BOARD: &str = "6**/1k4**/4p1**/***2***/***2***/***2***/***2***/***2***/***2***/***2***/***5/*2P*K2/*3*3/*3**** w - - 0 1 b1,f2,a12,d12";

/// A pawn may step onto the main board's ranks 4 and 11 from an attack
/// board: White's d3-d4 and Black's e12-e11 are plain moves, not
/// promotions (wauchess.md: White promotes only on d11/e11, Black only on
/// d4/e4). The positions reached are legal, so their FENs are valid.
#[test]
fn pawns_entering_the_main_board_from_behind_read_back() {
    let (pos, board) = after(PAWNS_OFF_THE_MAIN_BOARD, &[]);
    assert!(board.legal_wire_moves().contains(&"d3d4".to_string()));
    assert_reads_back("the start of the line", &pos);
    let (pos, board) = after(PAWNS_OFF_THE_MAIN_BOARD, &["d3d4"]);
    assert!(board.legal_wire_moves().contains(&"e12e11".to_string()));
    assert!(
        !board
            .legal_wire_moves()
            .iter()
            .any(|m| m.starts_with("e12e11") && m.len() > 6)
    );
    assert_reads_back("after d3d4", &pos);
    let (pos, _) = after(PAWNS_OFF_THE_MAIN_BOARD, &["d3d4", "e12e11"]);
    assert_reads_back("after d3d4 e12e11", &pos);
}

/// Every position of the random games is written as a FEN the engine reads
/// back unchanged, with the same moves.
#[test]
fn random_game_fens_read_back() {
    random_games(|context, pos, _| assert_reads_back(context, pos));
}
