//! The move generator against an independent legality oracle, over many
//! random positions of every game.
//!
//! The oracle (`support/oracle.rs`) knows each game only from its rules
//! file: how each piece moves and captures (on a plain mailbox of files and
//! ranks), the pawn's steps, en passant and promotion, castling, Chad's
//! castles and walls and Wau Chess's attack boards. It lists the
//! pseudo-legal moves, plays each on its own mailbox, and keeps those after
//! which the mover's king is not attacked by any enemy piece, computed from
//! scratch. The engine's lists (`legal_moves`, `legal_noisy_moves`,
//! `legal_quiet_moves`, `count_legal`, `is_legal`, `is_legal_move`, the
//! checkers) must agree with it, and every position `play` produces must be
//! the oracle's mailbox (pieces, attack boards and castling rights),
//! consistent (bitboards, mailbox, zobrist key) and hold both kings.
//!
//! Positions come from random playouts from the start position and from
//! random placements built to exercise pins, double checks, en passant,
//! promotions, castling, Chad's capture zones and Wau Chess's holes. The
//! default run is seeded and time-boxed per game; the long versions run
//! with `cargo test --release --test engine-tests -- --ignored movegen_fuzz::`.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use motley::chesswar::dice::SplitMix64;
use motley::engine::{Engine, SearchControl, SearchLimits};
use motley::rules::{AnyPosition, Bitboard, Color, Move, Piece, Position, Role, Square, Variant};
use motley::with_position;

use crate::support::oracle::{self, Game, Kind, Mv, Special, Sq};

/// Time spent per game and per kind of position in the default run.
const QUICK_BUDGET: Duration = Duration::from_millis(700);
/// Time spent per game and per kind of position in the long run.
const LONG_BUDGET: Duration = Duration::from_secs(120);
/// Longest random playout, in plies.
const PLAYOUT_PLIES: usize = 300;
/// Most pieces (kings aside) a random placement holds.
const MAX_EXTRA_PIECES: u64 = 24;
/// Generated moves tried against `is_legal` per position.
const LEGAL_SAMPLES: usize = 8;
/// Garbage moves tried against `is_legal` per position.
const GARBAGE_MOVES: usize = 12;

// ---------------------------------------------------------------------------
// A seeded random number generator (SplitMix64).
// ---------------------------------------------------------------------------

struct Rng(SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((hi - lo + 1) as u64) as i32
    }
    fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }
}

// ---------------------------------------------------------------------------
// The oracle's view of the engine's positions.
// ---------------------------------------------------------------------------

/// The oracle's game of a variant.
fn game_of(variant: Variant) -> Game {
    match variant {
        Variant::Chess => Game::Chess,
        Variant::WadChess => Game::WadChess,
        Variant::ParityChess => Game::ParityChess,
        Variant::Chad => Game::Chad,
        Variant::WauChess => Game::WauChess,
        Variant::Loaded(_) => panic!("the oracle plays only the built-in games"),
    }
}

/// The oracle's kind of a role (the built-in games' roles only).
fn kind_of(role: Role) -> Kind {
    match role {
        Role::Pawn => Kind::Pawn,
        Role::Knight => Kind::Knight,
        Role::Bishop => Kind::Bishop,
        Role::Rook => Kind::Rook,
        Role::Queen => Kind::Queen,
        Role::King => Kind::King,
        Role::Champion => Kind::Champion,
        Role::Fad => Kind::Fad,
        Role::Extra1 | Role::Extra2 | Role::Extra3 | Role::Extra4 => {
            panic!("no built-in game has {role:?}")
        }
    }
}

/// The engine's role of a kind.
fn role_of(kind: Kind) -> Role {
    Role::ALL
        .into_iter()
        .filter(|r| !Role::EXTRA_SLOTS[2..].contains(r))
        .find(|&r| kind_of(r) == kind)
        .expect("every kind is a role")
}

/// The engine's number of a square: rank by rank from a1.
fn index_of(game: Game, sq: Sq) -> usize {
    (sq.1 * game.files() + sq.0) as usize
}

/// The engine's square of an oracle square.
fn square_of(game: Game, sq: Sq) -> Square {
    Square::new(index_of(game, sq) as u8)
}

/// The oracle's square of an engine square.
fn coords(game: Game, sq: Square) -> Sq {
    let i = sq.index() as i32;
    (i % game.files(), i / game.files())
}

/// The oracle's board of an engine position, read square by square
/// (not through the FEN), checking that the engine's squares that exist
/// are those of its attack boards' corners and that every castling right
/// names a rook on its king's rank.
fn state_of<B: Bitboard>(pos: &Position<B>) -> oracle::Board {
    let game = game_of(pos.variant());
    let g = &pos.tables().geometry;
    assert_eq!(
        (g.files() as i32, g.ranks() as i32),
        game.size(),
        "{}: board size",
        pos.variant()
    );
    let corners = if game == Game::WauChess {
        let c = pos.board_corners();
        [0, 1, 2, 3].map(|i| (g.file_of(c[i]).0 as i32, g.rank_of(c[i]).0 as i32))
    } else {
        oracle::START_CORNERS
    };
    let mut board = oracle::Board::empty(game, corners);
    for r in 0..game.ranks() {
        for f in 0..game.files() {
            let sq = g.square(f, r).expect("inside the board");
            assert_eq!(sq.index(), index_of(game, (f, r)), "square numbering");
            assert_eq!(
                pos.exists().has(sq),
                board.exists((f, r)),
                "{}: existence of {} disagrees with the boards' corners",
                pos.fen(),
                g.name(sq)
            );
            board.put(
                (f, r),
                pos.piece_at(sq).map(|p| oracle::Piece {
                    white: p.color == Color::White,
                    kind: kind_of(p.role),
                }),
            );
        }
    }
    board.white_to_move = pos.side_to_move() == Color::White;
    for c in Color::ALL {
        let white = c == Color::White;
        for rook in pos.castling_rights()[c.index()].iter().flatten() {
            let rook = coords(game, *rook);
            let king = board
                .king(white)
                .unwrap_or_else(|| panic!("{}: a castling right without a king", pos.fen()));
            assert_eq!(rook.1, king.1, "a castling rook off the king's rank");
            assert_eq!(
                board.at(rook),
                Some(oracle::Piece {
                    white,
                    kind: Kind::Rook
                }),
                "a castling right without its rook"
            );
            let slot = usize::from(rook.0 < king.0) + if white { 0 } else { 2 };
            assert_eq!(board.castling[slot], None, "two rights on one side");
            board.castling[slot] = Some(rook);
        }
    }
    board.en_passant = pos.en_passant().map(|sq| coords(game, sq));
    board
}

/// The engine's move of an oracle move.
fn engine_move(game: Game, m: Mv) -> Move {
    let (from, to) = (square_of(game, m.from), square_of(game, m.to));
    match m.special {
        Special::None => Move::normal(from, to),
        Special::DoubleStep => Move::double_step(from, to),
        Special::EnPassant => Move::en_passant(from, to),
        Special::Promotion(kind) => Move::promotion(from, to, role_of(kind)),
        Special::Castle { rook } => Move::castle(from, to, square_of(game, rook)),
        Special::Board { index } => Move::board_move(from, to, index as u8),
    }
}

/// A legal move of the oracle and the position it leads to.
struct Candidate {
    m: Move,
    after: oracle::Board,
    /// A capture or a promotion: what the quiescence search plays.
    noisy: bool,
}

/// The oracle's legal moves: pseudo-legal moves after which the mover
/// still has its king and no enemy piece attacks it.
fn oracle_legal(board: &oracle::Board) -> Vec<Candidate> {
    board
        .legal_moves()
        .into_iter()
        .map(|m| Candidate {
            m: engine_move(board.game, m),
            after: board.play(m),
            noisy: match m.special {
                Special::EnPassant | Special::Promotion(_) => true,
                Special::Castle { .. } | Special::Board { .. } => false,
                Special::None | Special::DoubleStep => board.at(m.to).is_some(),
            },
        })
        .collect()
}

// ---------------------------------------------------------------------------
// The comparison.
// ---------------------------------------------------------------------------

/// Checks every claim about one position; returns its legal moves.
fn check_position<B: Bitboard>(pos: &Position<B>, rng: &mut Rng) -> Vec<Move> {
    let fen = pos.fen();
    let board = state_of(pos);
    let game = board.game;
    let us = board.white_to_move;
    check_consistency(pos);

    // Checkers.
    let king = board
        .king(us)
        .unwrap_or_else(|| panic!("{fen}: the side to move has no king"));
    let squares = |list: Vec<Sq>| {
        let mut v: Vec<usize> = list.into_iter().map(|sq| index_of(game, sq)).collect();
        v.sort_unstable();
        v
    };
    let oracle_checkers = squares(board.attackers(king, !us));
    assert_eq!(
        oracle_checkers,
        squares(board.attackers_slow(king, !us)),
        "{fen}: the oracle's two ways of finding checkers"
    );
    let mut checkers: Vec<usize> = pos.checkers().squares().map(|s| s.index()).collect();
    checkers.sort_unstable();
    assert_eq!(checkers, oracle_checkers, "{fen}: checkers");
    assert_eq!(
        pos.in_check(),
        !oracle_checkers.is_empty(),
        "{fen}: in_check"
    );
    let their_king = board
        .king(!us)
        .unwrap_or_else(|| panic!("{fen}: the side not to move has no king"));
    assert!(
        !board.attacked(their_king, us),
        "{fen}: the side not to move is in check"
    );
    assert!(!pos.opponent_in_check(), "{fen}: opponent_in_check");

    // The full list.
    let oracle = oracle_legal(&board);
    let legal = pos.legal_moves();
    let engine: Vec<Move> = legal.iter().copied().collect();
    let engine_set: HashSet<Move> = engine.iter().copied().collect();
    assert_eq!(engine_set.len(), engine.len(), "{fen}: duplicate moves");
    let oracle_set: HashSet<Move> = oracle.iter().map(|c| c.m).collect();
    assert_eq!(
        oracle_set.len(),
        oracle.len(),
        "{fen}: the oracle lists a move twice"
    );
    if engine_set != oracle_set {
        let wire = |m: &Move| format!("{} ({m:?})", pos.wire(*m));
        let extra: Vec<String> = engine_set.difference(&oracle_set).map(wire).collect();
        let missing: Vec<String> = oracle_set.difference(&engine_set).map(wire).collect();
        panic!("{fen}: generated but illegal: {extra:?}; legal but missing: {missing:?}");
    }
    assert_eq!(pos.count_legal(), engine.len() as u64, "{fen}: count_legal");
    assert_eq!(
        pos.has_legal_move(),
        !engine.is_empty(),
        "{fen}: has_legal_move"
    );

    // The noisy list.
    let noisy_oracle: HashSet<Move> = oracle.iter().filter(|c| c.noisy).map(|c| c.m).collect();
    let noisy: Vec<Move> = pos.legal_noisy_moves().iter().copied().collect();
    let noisy_set: HashSet<Move> = noisy.iter().copied().collect();
    assert_eq!(noisy_set.len(), noisy.len(), "{fen}: duplicate noisy moves");
    assert_eq!(noisy_set, noisy_oracle, "{fen}: noisy moves");

    // The quiet list: the rest, each once.
    let quiet_oracle: HashSet<Move> = oracle.iter().filter(|c| !c.noisy).map(|c| c.m).collect();
    let quiet: Vec<Move> = pos.legal_quiet_moves().iter().copied().collect();
    let quiet_set: HashSet<Move> = quiet.iter().copied().collect();
    assert_eq!(quiet_set.len(), quiet.len(), "{fen}: duplicate quiet moves");
    assert_eq!(quiet_set, quiet_oracle, "{fen}: quiet moves");
    for &m in &engine {
        assert!(
            pos.is_legal_move(m),
            "{fen}: is_legal_move({})",
            pos.wire(m)
        );
    }

    // Every legal move, played.
    for _ in 0..LEGAL_SAMPLES.min(engine.len()) {
        let m = engine[rng.below(engine.len() as u64) as usize];
        assert!(pos.is_legal(m), "{fen}: is_legal({})", pos.wire(m));
    }
    for c in &oracle {
        let after = pos.after(c.m);
        let after_fen = after.fen();
        let got = state_of(&after);
        assert_eq!(
            (got.board_fen(), got.corners, got.castling),
            (c.after.board_fen(), c.after.corners, c.after.castling),
            "{fen}: {} gives {after_fen}",
            pos.wire(c.m)
        );
        assert_eq!(
            after.side_to_move() == Color::White,
            !us,
            "{fen}: {} keeps the turn",
            pos.wire(c.m)
        );
        check_consistency(&after);
        let king = got.king(us).expect("checked by the oracle");
        assert!(
            !got.attacked(king, !us),
            "{fen}: {} leaves the king attacked",
            pos.wire(c.m)
        );
        assert!(
            !after.opponent_in_check(),
            "{fen}: {} leaves the king in check",
            pos.wire(c.m)
        );
    }

    // Garbage against is_legal.
    let size = (game.files() * game.ranks()) as u64;
    for i in 0..GARBAGE_MOVES {
        let m = if i % 2 == 0 || engine.is_empty() {
            let from = rng.below(size) as u32;
            let to = rng.below(size) as u32;
            let extra = match rng.below(3) {
                0 => 0,
                1 => rng.below(8) as u32,
                _ => rng.below(size) as u32,
            };
            let kind = rng.below(7) as u32;
            Move::from_u32(from | to << 8 | extra << 16 | kind << 24)
        } else {
            // A legal move with one field changed.
            let raw = engine[rng.below(engine.len() as u64) as usize].to_u32();
            let shift = 8 * rng.below(4) as u32;
            let field = rng.below(if shift == 24 { 7 } else { size }) as u32;
            Move::from_u32((raw & !(0xFF << shift)) | field << shift)
        };
        assert_eq!(
            pos.is_legal(m),
            oracle_set.contains(&m),
            "{fen}: is_legal({m:?})"
        );
        assert_eq!(
            pos.is_legal_move(m),
            oracle_set.contains(&m),
            "{fen}: is_legal_move({m:?})"
        );
    }
    assert!(!pos.is_legal(Move::NONE), "{fen}: is_legal(NONE)");
    assert!(!pos.is_legal_move(Move::NONE), "{fen}: is_legal_move(NONE)");
    engine
}

/// Bitboards agree with the mailbox, the key with a fresh one, both kings
/// stand on the board and castling rights name real rooks.
fn check_consistency<B: Bitboard>(pos: &Position<B>) {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "{}: incremental key",
        pos.fen()
    );
    for color in Color::ALL {
        assert_eq!(
            pos.piece_key(color),
            pos.compute_piece_key(color),
            "{}: incremental key of {color:?}'s pieces",
            pos.fen()
        );
    }
    let g = &pos.tables().geometry;
    let mut by_color = [B::EMPTY; 2];
    for i in 0..g.size() {
        let sq = Square::new(i as u8);
        let piece = pos.piece_at(sq);
        for role in Role::ALL {
            for color in Color::ALL {
                assert_eq!(
                    pos.pieces(color, role).has(sq),
                    piece == Some(Piece::new(color, role)),
                    "{}: bitboards and mailbox at {}",
                    pos.fen(),
                    g.name(sq)
                );
            }
        }
        if let Some(p) = piece {
            assert!(
                pos.exists().has(sq),
                "{}: a piece on a hole at {}",
                pos.fen(),
                g.name(sq)
            );
            by_color[p.color.index()] |= B::from_square(sq);
        }
    }
    assert_eq!(
        pos.color_bb(Color::White),
        by_color[0],
        "{}: White's bitboard",
        pos.fen()
    );
    assert_eq!(
        pos.color_bb(Color::Black),
        by_color[1],
        "{}: Black's bitboard",
        pos.fen()
    );
    for color in Color::ALL {
        assert_eq!(
            pos.pieces(color, Role::King).count(),
            1,
            "{}: kings of {color:?}",
            pos.fen()
        );
        for rook in pos.castling_rights()[color.index()].iter().flatten() {
            assert_eq!(
                pos.piece_at(*rook),
                Some(Piece::new(color, Role::Rook)),
                "{}: castling right without its rook",
                pos.fen()
            );
        }
    }
    if let Some(ep) = pos.en_passant() {
        assert!(
            pos.piece_at(ep).is_none(),
            "{}: an occupied en-passant square",
            pos.fen()
        );
    }
}

// ---------------------------------------------------------------------------
// Random positions.
// ---------------------------------------------------------------------------

/// Plays random legal moves from `start`, checking every position on the
/// way; returns how many were checked.
fn playout<B: Bitboard>(start: &Position<B>, rng: &mut Rng) -> u64 {
    let mut pos = *start;
    let mut checked = 0;
    for _ in 0..PLAYOUT_PLIES {
        let moves = check_position(&pos, rng);
        checked += 1;
        if moves.is_empty() {
            break;
        }
        // Favour captures now and then so games reach endings.
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.captured(m).is_some())
            .collect();
        let m = if !captures.is_empty() && rng.chance(1, 3) {
            captures[rng.below(captures.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        pos.play(m);
    }
    checked
}

/// A FEN of the oracle's `board` with the given side, castling field
/// (empty for none) and en-passant square.
fn fen_of(board: &oracle::Board, white: bool, castling: &str, ep: Option<Sq>) -> String {
    let side = if white { "w" } else { "b" };
    let castling = if castling.is_empty() { "-" } else { castling };
    let ep = ep.map_or("-".to_string(), oracle::name);
    let mut fen = format!("{} {side} {castling} {ep} 0 1", board.board_fen());
    if board.game == Game::WauChess {
        fen.push(' ');
        fen.push_str(&board.corners_fen());
    }
    fen
}

/// A random position of `variant` that the FEN reader accepts.
fn random_placement(variant: Variant, rng: &mut Rng) -> AnyPosition {
    let game = game_of(variant);
    loop {
        if let Some(fen) = random_fen(game, rng)
            && let Ok(pos) = AnyPosition::from_fen(variant, &fen)
        {
            return pos;
        }
    }
}

fn random_corners(game: Game, rng: &mut Rng) -> [Sq; 4] {
    if rng.chance(1, 3) {
        return oracle::START_CORNERS;
    }
    for _ in 0..1000 {
        let mut corners = oracle::START_CORNERS;
        for c in corners.iter_mut() {
            if rng.chance(1, 2) {
                *c = (
                    rng.range(0, game.files() - oracle::ATTACK_BOARD),
                    rng.range(0, game.ranks() - oracle::ATTACK_BOARD),
                );
            }
        }
        if oracle::arrangement_ok(&corners) {
            return corners;
        }
    }
    oracle::START_CORNERS
}

/// A random non-king kind of the game, leapers that jump two squares
/// (the champion, the FAD) as often as all the others together.
fn pick_kind(game: Game, rng: &mut Rng) -> Kind {
    let jumpers: Vec<Kind> = game
        .army()
        .iter()
        .copied()
        .filter(|k| matches!(k, Kind::Champion | Kind::Fad))
        .collect();
    if !jumpers.is_empty() && rng.chance(1, 2) {
        return jumpers[rng.below(jumpers.len() as u64) as usize];
    }
    let kinds: Vec<Kind> = game
        .army()
        .iter()
        .copied()
        .filter(|&k| k != Kind::King)
        .collect();
    kinds[rng.below(kinds.len() as u64) as usize]
}

/// Whether the FEN reader accepts `piece` on `sq`: no pawn where it would
/// have promoted, no unpromoted Chad rook inside the enemy castle.
fn may_stand(game: Game, piece: oracle::Piece, sq: Sq) -> bool {
    if piece.kind == Kind::Pawn {
        if game == Game::WauChess {
            return !(game.promotion_rank(piece.white) == sq.1 && game.main_board().has(sq));
        }
        return sq.1 != 0 && sq.1 != game.ranks() - 1;
    }
    !(game == Game::Chad && piece.kind == Kind::Rook && game.castle(!piece.white).has(sq))
}

/// A piece of `white`.
fn piece(white: bool, kind: Kind) -> Option<oracle::Piece> {
    Some(oracle::Piece { white, kind })
}

/// Whether `sq` is a king's.
fn is_king(b: &oracle::Board, sq: Sq) -> bool {
    b.at(sq).is_some_and(|p| p.kind == Kind::King)
}

fn random_fen(game: Game, rng: &mut Rng) -> Option<String> {
    let (files, ranks) = game.size();
    let corners = if game == Game::WauChess {
        random_corners(game, rng)
    } else {
        oracle::START_CORNERS
    };
    let mut b = oracle::Board::empty(game, corners);
    let free = |b: &oracle::Board, sq: Sq| b.exists(sq) && b.at(sq).is_none();
    let random_square = |rng: &mut Rng, b: &oracle::Board| -> Option<Sq> {
        for _ in 0..100 {
            let sq = (rng.range(0, files - 1), rng.range(0, ranks - 1));
            if free(b, sq) {
                return Some(sq);
            }
        }
        None
    };
    // Kings: on their start squares now and then (castling), in their
    // castles in Chad, never side by side.
    let mut kings = Vec::new();
    for white in [true, false] {
        let sq = if game == Game::Chad {
            let k = game.castle(white);
            (rng.range(k.f, k.f + 2), rng.range(k.r, k.r + 2))
        } else if rng.chance(1, 2) {
            let king_file = match game {
                Game::ParityChess => 6,
                Game::WadChess => 5,
                _ => 4,
            };
            (king_file, game.back_rank(white))
        } else {
            random_square(rng, &b)?
        };
        if !free(&b, sq) {
            return None;
        }
        b.put(sq, piece(white, Kind::King));
        kings.push(sq);
    }
    if (kings[0].0 - kings[1].0).abs() <= 1 && (kings[0].1 - kings[1].1).abs() <= 1 {
        return None;
    }
    // Rooks in the corners of the back ranks, for castling.
    if game != Game::Chad && rng.chance(1, 2) {
        for white in [true, false] {
            for f in [0, files - 1] {
                let sq = (f, game.back_rank(white));
                if free(&b, sq) && rng.chance(3, 4) {
                    b.put(sq, piece(white, Kind::Rook));
                }
            }
        }
    }
    // Pins on both sides of a king along one line, the pinned pieces
    // next to it (a leaper could jump over the king into the other pin).
    if rng.chance(1, 3) {
        let owner = rng.chance(1, 2);
        let (kf, kr) = kings[usize::from(!owner)];
        let (df, dr) = [oracle::WAZIR, oracle::FERZ].concat()[rng.below(8) as usize];
        let rider = if df == 0 || dr == 0 {
            Kind::Rook
        } else {
            Kind::Bishop
        };
        for sign in [1, -1] {
            let near = rng.range(1, 2);
            let far = near + rng.range(1, 3);
            let pinned = pick_kind(game, rng);
            let pinner = if rng.chance(1, 3) { Kind::Queen } else { rider };
            let cells = [
                (
                    near,
                    oracle::Piece {
                        white: owner,
                        kind: pinned,
                    },
                ),
                (
                    far,
                    oracle::Piece {
                        white: !owner,
                        kind: pinner,
                    },
                ),
            ];
            for (distance, p) in cells {
                let sq = (kf + sign * df * distance, kr + sign * dr * distance);
                if free(&b, sq) && game.army().contains(&p.kind) && may_stand(game, p, sq) {
                    b.put(sq, Some(p));
                }
            }
        }
    }
    // Other pieces: half of them close to a king, where pins and checks are.
    let extra = rng.below(MAX_EXTRA_PIECES + 1);
    for _ in 0..extra {
        let white = rng.chance(1, 2);
        let kind = pick_kind(game, rng);
        let sq = if rng.chance(1, 2) {
            let (kf, kr) = kings[rng.below(2) as usize];
            (kf + rng.range(-3, 3), kr + rng.range(-3, 3))
        } else {
            match random_square(rng, &b) {
                Some(sq) => sq,
                None => continue,
            }
        };
        if !free(&b, sq) {
            continue;
        }
        let p = oracle::Piece { white, kind };
        if may_stand(game, p, sq) {
            b.put(sq, Some(p));
        }
    }
    let white = rng.chance(1, 2);
    // En passant: an enemy pawn that has just double-stepped, next to one
    // of ours.
    let mut ep = None;
    if game.army().contains(&Kind::Pawn) && rng.chance(1, 3) {
        let them = !white;
        let forward = if them { 1 } else { -1 };
        let main = game.main_board();
        let origin_rank = game.pawn_start_rank(them);
        let ep_rank = origin_rank + forward;
        let victim_rank = ep_rank + forward;
        let f = rng.range(main.f, main.f + main.w - 1);
        let squares = [(f, origin_rank), (f, ep_rank), (f, victim_rank)];
        if squares.iter().any(|&sq| is_king(&b, sq)) {
            return None;
        }
        b.put((f, origin_rank), None);
        b.put((f, ep_rank), None);
        b.put((f, victim_rank), piece(them, Kind::Pawn));
        let df = if rng.chance(1, 2) { 1 } else { -1 };
        let beside = (f + df, victim_rank);
        if b.exists(beside) && !is_king(&b, beside) {
            b.put(beside, piece(white, Kind::Pawn));
        }
        ep = Some((f, ep_rank));
    }
    let mut castling = String::new();
    if game != Game::Chad {
        for c in ["K", "Q", "k", "q"] {
            if rng.chance(3, 4) {
                castling.push_str(c);
            }
        }
    }
    let fen = fen_of(&b, white, &castling, ep);
    // Rights the FEN reader rejects (no rook, king off its rank) are
    // dropped rather than the whole position.
    if AnyPosition::from_fen(variant_of(game), &fen).is_ok() {
        return Some(fen);
    }
    Some(fen_of(&b, white, "", ep))
}

/// The engine's variant of an oracle game.
fn variant_of(game: Game) -> Variant {
    Variant::ALL
        .into_iter()
        .find(|&v| game_of(v) == game)
        .expect("every game is a variant")
}

// ---------------------------------------------------------------------------
// Drivers.
// ---------------------------------------------------------------------------

fn seed_of(variant: Variant, salt: u64) -> u64 {
    let index = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0) as u64;
    0x5EED_0000 ^ (index << 8) ^ salt
}

fn run_playouts(variant: Variant, budget: Duration, salt: u64) -> u64 {
    let mut rng = Rng(SplitMix64::new(seed_of(variant, salt)));
    let start = Instant::now();
    let mut checked = 0;
    let mut games = 0;
    while start.elapsed() < budget {
        let root = if games % 2 == 0 {
            AnyPosition::startpos(variant)
        } else {
            random_placement(variant, &mut rng)
        };
        checked += with_position!(root, p => playout(&p, &mut rng));
        games += 1;
    }
    eprintln!("{variant}: {checked} positions in {games} playouts");
    assert!(checked > 0);
    checked
}

fn run_placements(variant: Variant, budget: Duration, salt: u64) -> u64 {
    let mut rng = Rng(SplitMix64::new(seed_of(variant, salt) ^ 0xA5A5));
    let start = Instant::now();
    let mut checked = 0;
    let mut in_check = 0;
    let mut with_ep = 0;
    while start.elapsed() < budget {
        let pos = random_placement(variant, &mut rng);
        with_position!(pos, p => {
            check_position(&p, &mut rng);
            in_check += u64::from(p.in_check());
            with_ep += u64::from(p.en_passant().is_some());
        });
        checked += 1;
    }
    eprintln!(
        "{variant}: {checked} random placements ({in_check} in check, {with_ep} with en passant)"
    );
    assert!(checked > 0);
    checked
}

/// Checks one position against the oracle and that `bad` is not legal.
fn check_fen(variant: Variant, fen: &str, bad: &str) {
    let pos = AnyPosition::from_fen(variant, fen).expect("a valid FEN");
    let mut rng = Rng(SplitMix64::new(1));
    with_position!(pos, p => {
        assert!(
            p.legal_moves().iter().all(|&m| p.wire(m) != bad),
            "{fen}: {bad} is generated"
        );
        check_position(&p, &mut rng);
    });
}

/// A champion pinned next to its king may not leap over the king into
/// the segment of another pin on the same line (its dabbaba leap d1f1
/// would let the rook on a1 take the king).
#[test]
fn a_pinned_champion_cannot_leap_over_its_king_along_a_rank() {
    check_fen(
        Variant::WadChess,
        "4k5/10/10/10/10/10/10/r2CK1N1r1 w - - 0 1",
        "d1f1",
    );
}

/// The same along a diagonal, by the alfil leap.
#[test]
fn a_pinned_champion_cannot_leap_over_its_king_along_a_diagonal() {
    check_fen(
        Variant::WadChess,
        "9k/7b2/6N3/10/4K5/3C6/10/1b8 w - - 0 1",
        "d3f5",
    );
}

/// The same for Parity Chess's FAD, and the position the random
/// placements first found.
#[test]
fn a_pinned_fad_cannot_leap_over_its_king() {
    check_fen(
        Variant::ParityChess,
        "5k6/12/12/12/12/12/12/r2FK1N1r3 w - - 0 1",
        "d1f1",
    );
    check_fen(
        Variant::WadChess,
        "r1CK2R2r/6r3/8k1/pPC1p1p3/10/1Q2N4Q/10/6nn1R w - a6 0 1",
        "c8e8",
    );
}

/// The search on the position of the first regression: it used to play
/// the champion's leap over its king and, a ply later, take the king and
/// search a position without one (an index out of bounds in quiescence).
#[test]
fn the_search_never_takes_a_king() {
    let fen = "4k5/10/10/10/10/10/10/r2CK1N1r1 w - - 0 1";
    let mut engine = Engine::new();
    engine
        .set_position(Variant::WadChess, Some(fen), &[])
        .expect("a valid FEN");
    let control = SearchControl::new();
    let result = engine.search(&SearchLimits::depth(4), &control, &mut |_| {});
    let best = result.best_move.expect("White has legal moves");
    let pos = AnyPosition::from_fen(Variant::WadChess, fen).expect("a valid FEN");
    assert!(
        pos.legal_wire_moves().contains(&best),
        "{best} is not legal"
    );
}

macro_rules! fuzz_tests {
    ($($game:ident => $variant:expr),* $(,)?) => {
        $(
            mod $game {
                use super::*;

                #[test]
                fn playouts_match_the_oracle() {
                    run_playouts($variant, QUICK_BUDGET, 1);
                }

                #[test]
                fn placements_match_the_oracle() {
                    run_placements($variant, QUICK_BUDGET, 1);
                }

                #[test]
                #[ignore = "long: minutes per game"]
                fn long_playouts_match_the_oracle() {
                    run_playouts($variant, LONG_BUDGET, seed_from_env());
                }

                #[test]
                #[ignore = "long: minutes per game"]
                fn long_placements_match_the_oracle() {
                    run_placements($variant, LONG_BUDGET, seed_from_env());
                }
            }
        )*
    };
}

/// The long runs take their seed from `MOTLEY_FUZZ_SEED` (default 2).
fn seed_from_env() -> u64 {
    std::env::var("MOTLEY_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

fuzz_tests! {
    chess => Variant::Chess,
    wadchess => Variant::WadChess,
    paritychess => Variant::ParityChess,
    chad => Variant::Chad,
    wauchess => Variant::WauChess,
}
