//! The move generator against an independent legality oracle, over many
//! random positions of every game.
//!
//! The oracle knows each game only from its rules file: how each piece
//! moves and captures (on a plain mailbox of files and ranks), the pawn's
//! steps, en passant and promotion, castling, Chad's castles and walls and
//! Wau Chess's attack boards. It lists the pseudo-legal moves, plays each
//! on its own mailbox, and keeps those after which the mover's king is not
//! attacked by any enemy piece, computed from scratch. The engine's lists
//! (`legal_moves`, `legal_noisy_moves`, `legal_quiet_moves`, `count_legal`,
//! `is_legal`, `is_legal_move`, the checkers) must agree with it, and every position `play` produces must
//! be the oracle's mailbox, consistent (bitboards, mailbox, zobrist key)
//! and hold both kings.
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
use motley::rules::{
    AnyPosition, Bitboard, Color, Move, MoveKind, Piece, Position, Role, Square, Variant,
};
use motley::with_position;

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
// The games, described from their rules files.
// ---------------------------------------------------------------------------

const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const WAZIR_LEAPS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const FERZ_LEAPS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const DABBABA_LEAPS: [(i32, i32); 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];
const ALFIL_LEAPS: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];

/// A rectangle of squares: lowest file and rank, width and height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    f: i32,
    r: i32,
    w: i32,
    h: i32,
}

impl Rect {
    fn has(self, f: i32, r: i32) -> bool {
        (self.f..self.f + self.w).contains(&f) && (self.r..self.r + self.h).contains(&r)
    }
    fn overlaps(self, o: Rect) -> bool {
        self.f < o.f + o.w && o.f < self.f + self.w && self.r < o.r + o.h && o.r < self.r + self.h
    }
    /// Whether the two share at least one pair of side-by-side squares.
    fn shares_edge(self, o: Rect) -> bool {
        let files_overlap = self.f < o.f + o.w && o.f < self.f + self.w;
        let ranks_overlap = self.r < o.r + o.h && o.r < self.r + self.h;
        let side_by_side = self.f + self.w == o.f || o.f + o.w == self.f;
        let one_above = self.r + self.h == o.r || o.r + o.h == self.r;
        (side_by_side && ranks_overlap) || (one_above && files_overlap)
    }
}

/// Wau Chess: the main board d4-e11 and 3x3 attack boards in an 8x14 frame.
const WAU_MAIN: Rect = Rect {
    f: 3,
    r: 3,
    w: 2,
    h: 8,
};
const WAU_START_CORNERS: [(i32, i32); 4] = [(0, 3), (5, 3), (0, 8), (5, 8)];
const WAU_BOARD: i32 = 3;
const WAU_MAX_SHIFT: i32 = 3;

/// Chad's castles (3x3), White's then Black's.
const CHAD_CASTLES: [Rect; 2] = [
    Rect {
        f: 2,
        r: 2,
        w: 3,
        h: 3,
    },
    Rect {
        f: 7,
        r: 7,
        w: 3,
        h: 3,
    },
];

fn board_rect(corner: (i32, i32)) -> Rect {
    Rect {
        f: corner.0,
        r: corner.1,
        w: WAU_BOARD,
        h: WAU_BOARD,
    }
}

fn forward(c: Color) -> i32 {
    if c == Color::White { 1 } else { -1 }
}

/// What the oracle knows of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rules {
    variant: Variant,
    files: i32,
    ranks: i32,
}

impl Rules {
    fn of(variant: Variant) -> Rules {
        let (files, ranks) = match variant {
            Variant::Chess => (8, 8),
            Variant::WadChess => (10, 8),
            Variant::ParityChess => (12, 8),
            Variant::Chad => (12, 12),
            Variant::WauChess => (8, 14),
        };
        Rules {
            variant,
            files,
            ranks,
        }
    }
    fn chad(self) -> bool {
        self.variant == Variant::Chad
    }
    fn wau(self) -> bool {
        self.variant == Variant::WauChess
    }
    fn fast_castling(self) -> bool {
        matches!(self.variant, Variant::WadChess | Variant::ParityChess)
    }
    /// The army, kings and pawns included.
    fn roles(self) -> &'static [Role] {
        match self.variant {
            Variant::Chess | Variant::WauChess => &[
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
            ],
            Variant::WadChess => &[
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
                Role::Champion,
            ],
            Variant::ParityChess => &[
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
                Role::Champion,
                Role::Fad,
            ],
            Variant::Chad => &[Role::Rook, Role::Queen, Role::King],
        }
    }
    fn promotion_roles(self) -> Vec<Role> {
        self.roles()
            .iter()
            .copied()
            .filter(|&r| r != Role::Pawn && r != Role::King)
            .collect()
    }
    /// Leaps and whether the role rides orthogonally and diagonally.
    fn movement(self, role: Role) -> (Vec<(i32, i32)>, bool, bool) {
        let cat = |parts: &[&[(i32, i32)]]| parts.concat();
        match role {
            Role::Knight => (KNIGHT_LEAPS.to_vec(), false, false),
            Role::Bishop => (vec![], false, true),
            Role::Rook => (vec![], true, false),
            Role::Queen => (vec![], true, true),
            Role::King if self.chad() => (
                cat(&[&WAZIR_LEAPS, &FERZ_LEAPS, &KNIGHT_LEAPS]),
                false,
                false,
            ),
            Role::King => (cat(&[&WAZIR_LEAPS, &FERZ_LEAPS]), false, false),
            Role::Champion => (
                cat(&[&WAZIR_LEAPS, &DABBABA_LEAPS, &ALFIL_LEAPS]),
                false,
                false,
            ),
            Role::Fad => (
                cat(&[&FERZ_LEAPS, &ALFIL_LEAPS, &DABBABA_LEAPS]),
                false,
                false,
            ),
            Role::Pawn => (vec![], false, false),
        }
    }
    /// The board pawns start, double-step, capture en passant and promote on.
    fn main_board(self) -> Rect {
        if self.wau() {
            WAU_MAIN
        } else {
            Rect {
                f: 0,
                r: 0,
                w: self.files,
                h: self.ranks,
            }
        }
    }
    fn promotion_rank(self, c: Color) -> i32 {
        let m = self.main_board();
        if c == Color::White {
            m.r + m.h - 1
        } else {
            m.r
        }
    }
    fn pawn_start_rank(self, c: Color) -> i32 {
        let m = self.main_board();
        if c == Color::White {
            m.r + 1
        } else {
            m.r + m.h - 2
        }
    }
    fn back_rank(self, c: Color) -> i32 {
        let m = self.main_board();
        if c == Color::White {
            m.r
        } else {
            m.r + m.h - 1
        }
    }
    fn castle(self, c: Color) -> Rect {
        CHAD_CASTLES[c.index()]
    }
    /// Chad: the 12 squares orthogonally next to a castle, outside it.
    fn on_wall(self, c: Color, f: i32, r: i32) -> bool {
        let k = self.castle(c);
        if k.has(f, r) {
            return false;
        }
        let by_file = (k.f..k.f + k.w).contains(&f) && (r == k.r - 1 || r == k.r + k.h);
        let by_rank = (k.r..k.r + k.h).contains(&r) && (f == k.f - 1 || f == k.f + k.w);
        by_file || by_rank
    }
    /// Chad: whether a rook or queen of `us` on (f, r) may capture on (tf, tr).
    fn chad_capture_allowed(self, us: Color, f: i32, r: i32, tf: i32, tr: i32) -> bool {
        let them = !us;
        (self.on_wall(them, f, r) && self.castle(them).has(tf, tr))
            || (self.castle(us).has(f, r) && self.on_wall(us, tf, tr))
    }
}

// ---------------------------------------------------------------------------
// The oracle's mailbox.
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    rules: Rules,
    cells: Vec<Option<Piece>>,
    exists: Vec<bool>,
    /// Wau Chess only: the attack boards' corners.
    corners: [(i32, i32); 4],
}

impl Board {
    fn empty(rules: Rules, corners: [(i32, i32); 4]) -> Board {
        let n = (rules.files * rules.ranks) as usize;
        let mut b = Board {
            rules,
            cells: vec![None; n],
            exists: vec![true; n],
            corners,
        };
        b.set_existence();
        b
    }
    fn set_existence(&mut self) {
        if !self.rules.wau() {
            return;
        }
        for r in 0..self.rules.ranks {
            for f in 0..self.rules.files {
                let on_board =
                    WAU_MAIN.has(f, r) || self.corners.iter().any(|&c| board_rect(c).has(f, r));
                let i = self.index(f, r);
                self.exists[i] = on_board;
            }
        }
    }
    fn index(&self, f: i32, r: i32) -> usize {
        (r * self.rules.files + f) as usize
    }
    fn coords(&self, sq: Square) -> (i32, i32) {
        let i = sq.index() as i32;
        (i % self.rules.files, i / self.rules.files)
    }
    fn square(&self, f: i32, r: i32) -> Square {
        Square::new(self.index(f, r) as u8)
    }
    fn exists(&self, f: i32, r: i32) -> bool {
        (0..self.rules.files).contains(&f)
            && (0..self.rules.ranks).contains(&r)
            && self.exists[self.index(f, r)]
    }
    fn at(&self, f: i32, r: i32) -> Option<Piece> {
        if self.exists(f, r) {
            self.cells[self.index(f, r)]
        } else {
            None
        }
    }
    fn set(&mut self, f: i32, r: i32, p: Option<Piece>) {
        let i = self.index(f, r);
        self.cells[i] = p;
    }
    fn king(&self, c: Color) -> Option<(i32, i32)> {
        let kings: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.cells[i] == Some(Piece::new(c, Role::King)))
            .collect();
        (kings.len() == 1).then(|| {
            let i = kings[0] as i32;
            (i % self.rules.files, i / self.rules.files)
        })
    }
    fn pieces(&self) -> Vec<(i32, i32, Piece)> {
        let mut out = Vec::new();
        for r in 0..self.rules.ranks {
            for f in 0..self.rules.files {
                if let Some(p) = self.at(f, r) {
                    out.push((f, r, p));
                }
            }
        }
        out
    }

    /// The squares a piece on (f, r) attacks: where it would capture an
    /// enemy piece, ignoring Chad's capture limits (they do not change
    /// check) but keeping its king in its castle.
    fn attacks(&self, f: i32, r: i32, p: Piece) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        if p.role == Role::Pawn {
            for df in [-1, 1] {
                let (tf, tr) = (f + df, r + forward(p.color));
                if self.exists(tf, tr) {
                    out.push((tf, tr));
                }
            }
            return out;
        }
        let (leaps, orth, diag) = self.rules.movement(p.role);
        for (df, dr) in leaps {
            let (tf, tr) = (f + df, r + dr);
            if self.exists(tf, tr) {
                out.push((tf, tr));
            }
        }
        let mut dirs: Vec<(i32, i32)> = Vec::new();
        if orth {
            dirs.extend(WAZIR_LEAPS);
        }
        if diag {
            dirs.extend(FERZ_LEAPS);
        }
        for (df, dr) in dirs {
            let (mut tf, mut tr) = (f + df, r + dr);
            while self.exists(tf, tr) {
                out.push((tf, tr));
                if self.at(tf, tr).is_some() {
                    break;
                }
                tf += df;
                tr += dr;
            }
        }
        if p.role == Role::King && self.rules.chad() {
            let castle = self.rules.castle(p.color);
            out.retain(|&(tf, tr)| castle.has(tf, tr));
        }
        out
    }

    /// The pieces of `by` attacking (f, r).
    /// The pieces of `by` attacking (f, r), found by looking out from the
    /// square: the leaps are symmetric, so a leaper attacks the square if
    /// it stands one of its own leaps away.
    fn attackers(&self, f: i32, r: i32, by: Color) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for df in [-1, 1] {
            let (pf, pr) = (f + df, r - forward(by));
            if self.at(pf, pr) == Some(Piece::new(by, Role::Pawn)) {
                out.push((pf, pr));
            }
        }
        for &role in self.rules.roles() {
            if role == Role::Pawn {
                continue;
            }
            let (leaps, _, _) = self.rules.movement(role);
            if role == Role::King && self.rules.chad() && !self.rules.castle(by).has(f, r) {
                continue;
            }
            for (df, dr) in leaps {
                let (pf, pr) = (f + df, r + dr);
                if self.at(pf, pr) == Some(Piece::new(by, role)) {
                    out.push((pf, pr));
                }
            }
        }
        for (dirs, orthogonal) in [(WAZIR_LEAPS, true), (FERZ_LEAPS, false)] {
            for (df, dr) in dirs {
                let (mut pf, mut pr) = (f + df, r + dr);
                while self.exists(pf, pr) {
                    if let Some(p) = self.at(pf, pr) {
                        let (_, orth, diag) = self.rules.movement(p.role);
                        if p.color == by && (if orthogonal { orth } else { diag }) {
                            out.push((pf, pr));
                        }
                        break;
                    }
                    pf += df;
                    pr += dr;
                }
            }
        }
        out
    }

    /// The same, from each enemy piece's own moves (slow; to check the
    /// fast version).
    fn attackers_slow(&self, f: i32, r: i32, by: Color) -> Vec<(i32, i32)> {
        self.pieces()
            .into_iter()
            .filter(|&(pf, pr, p)| p.color == by && self.attacks(pf, pr, p).contains(&(f, r)))
            .map(|(pf, pr, _)| (pf, pr))
            .collect()
    }

    fn attacked(&self, f: i32, r: i32, by: Color) -> bool {
        !self.attackers(f, r, by).is_empty()
    }
}

/// The oracle's view of a position: mailbox plus the state a FEN holds.
#[derive(Clone, Debug)]
struct State {
    board: Board,
    side: Color,
    /// Castling rooks by colour, as (file, rank).
    castling: Vec<(Color, (i32, i32))>,
    en_passant: Option<(i32, i32)>,
}

fn state_of<B: Bitboard>(pos: &Position<B>) -> State {
    let variant = pos.variant();
    let rules = Rules::of(variant);
    let g = &pos.tables().geometry;
    assert_eq!(
        (g.files() as i32, g.ranks() as i32),
        (rules.files, rules.ranks),
        "{variant}: board size"
    );
    let corners = if rules.wau() {
        let c = pos.board_corners();
        [0, 1, 2, 3].map(|i| (g.file_of(c[i]).0 as i32, g.rank_of(c[i]).0 as i32))
    } else {
        WAU_START_CORNERS
    };
    let mut board = Board::empty(rules, corners);
    for r in 0..rules.ranks {
        for f in 0..rules.files {
            let sq = g.square(f, r).expect("inside the board");
            assert_eq!(sq.index(), board.index(f, r), "square numbering");
            assert_eq!(
                pos.exists().has(sq),
                board.exists(f, r),
                "{}: existence of {} disagrees with the boards' corners",
                pos.fen(),
                g.name(sq)
            );
            board.set(f, r, pos.piece_at(sq));
        }
    }
    let mut castling = Vec::new();
    for c in Color::ALL {
        for rook in pos.castling_rights()[c.index()].iter().flatten() {
            castling.push((c, board.coords(*rook)));
        }
    }
    let en_passant = pos.en_passant().map(|sq| board.coords(sq));
    State {
        board,
        side: pos.side_to_move(),
        castling,
        en_passant,
    }
}

/// A pseudo-legal move and the mailbox it leads to.
struct Candidate {
    m: Move,
    after: Board,
    noisy: bool,
}

/// Every pseudo-legal move of the side to move, with its result.
fn pseudo_moves(s: &State) -> Vec<Candidate> {
    let b = &s.board;
    let rules = b.rules;
    let us = s.side;
    let them = !us;
    let mut out = Vec::new();
    let simple =
        |out: &mut Vec<Candidate>, f: i32, r: i32, tf: i32, tr: i32, m: Move, placed: Piece| {
            let mut after = b.clone();
            let noisy = b.at(tf, tr).is_some() || m.kind() == MoveKind::Promotion;
            after.set(f, r, None);
            after.set(tf, tr, Some(placed));
            out.push(Candidate { m, after, noisy });
        };
    for (f, r, p) in b.pieces() {
        if p.color != us {
            continue;
        }
        let from = b.square(f, r);
        match p.role {
            Role::Pawn => {
                let fw = forward(us);
                let promo = |tr: i32, tf: i32| {
                    rules.promotion_rank(us) == tr && rules.main_board().has(tf, tr)
                };
                let mut targets = Vec::new();
                if b.exists(f, r + fw) && b.at(f, r + fw).is_none() {
                    targets.push((f, r + fw));
                    let main = rules.main_board();
                    if r == rules.pawn_start_rank(us)
                        && main.has(f, r)
                        && b.exists(f, r + 2 * fw)
                        && b.at(f, r + 2 * fw).is_none()
                    {
                        let (tf, tr) = (f, r + 2 * fw);
                        simple(
                            &mut out,
                            f,
                            r,
                            tf,
                            tr,
                            Move::double_step(from, b.square(tf, tr)),
                            p,
                        );
                    }
                }
                for df in [-1, 1] {
                    let (tf, tr) = (f + df, r + fw);
                    if b.at(tf, tr).is_some_and(|q| q.color == them) {
                        targets.push((tf, tr));
                    }
                }
                for (tf, tr) in targets {
                    let to = b.square(tf, tr);
                    if promo(tr, tf) {
                        for role in rules.promotion_roles() {
                            simple(
                                &mut out,
                                f,
                                r,
                                tf,
                                tr,
                                Move::promotion(from, to, role),
                                Piece::new(us, role),
                            );
                        }
                    } else {
                        simple(&mut out, f, r, tf, tr, Move::normal(from, to), p);
                    }
                }
                if let Some((ef, er)) = s.en_passant {
                    let main = rules.main_board();
                    let victim = (ef, er - fw);
                    if er == r + fw
                        && (ef - f).abs() == 1
                        && main.has(f, r)
                        && main.has(ef, er)
                        && main.has(victim.0, victim.1)
                        && b.at(ef, er).is_none()
                        && b.at(victim.0, victim.1) == Some(Piece::new(them, Role::Pawn))
                    {
                        let mut after = b.clone();
                        after.set(f, r, None);
                        after.set(victim.0, victim.1, None);
                        after.set(ef, er, Some(p));
                        out.push(Candidate {
                            m: Move::en_passant(from, b.square(ef, er)),
                            after,
                            noisy: true,
                        });
                    }
                }
            }
            role => {
                for (tf, tr) in b.attacks(f, r, p) {
                    let target = b.at(tf, tr);
                    if target.is_some_and(|q| q.color == us) {
                        continue;
                    }
                    if rules.chad()
                        && role != Role::King
                        && target.is_some()
                        && !rules.chad_capture_allowed(us, f, r, tf, tr)
                    {
                        continue;
                    }
                    let to = b.square(tf, tr);
                    if rules.chad() && role == Role::Rook && rules.castle(them).has(tf, tr) {
                        simple(
                            &mut out,
                            f,
                            r,
                            tf,
                            tr,
                            Move::promotion(from, to, Role::Queen),
                            Piece::new(us, Role::Queen),
                        );
                    } else {
                        simple(&mut out, f, r, tf, tr, Move::normal(from, to), p);
                    }
                }
            }
        }
    }
    castling_moves(s, &mut out);
    if rules.wau() {
        board_moves(s, &mut out);
    }
    out
}

fn castling_moves(s: &State, out: &mut Vec<Candidate>) {
    let b = &s.board;
    let rules = b.rules;
    let us = s.side;
    let them = !us;
    if rules.wau() && b.corners != WAU_START_CORNERS {
        return;
    }
    let Some((kf, kr)) = b.king(us) else {
        return;
    };
    if b.attacked(kf, kr, them) {
        return;
    }
    for &(c, (rf, rr)) in &s.castling {
        if c != us {
            continue;
        }
        assert_eq!(rr, kr, "a castling rook off the king's rank");
        assert_eq!(
            b.at(rf, rr),
            Some(Piece::new(us, Role::Rook)),
            "a castling right without its rook"
        );
        let king_from = b.square(kf, kr);
        let rook_sq = b.square(rf, rr);
        let dir = (rf - kf).signum();
        if rules.fast_castling() {
            let mut tf = kf + dir;
            while tf != rf {
                if b.at(tf, kr).is_none() && !b.attacked(tf, kr, them) {
                    let mut after = b.clone();
                    after.set(kf, kr, Some(Piece::new(us, Role::Rook)));
                    after.set(rf, rr, None);
                    after.set(tf, kr, Some(Piece::new(us, Role::King)));
                    out.push(Candidate {
                        m: Move::castle(king_from, b.square(tf, kr), rook_sq),
                        after,
                        noisy: false,
                    });
                }
                tf += dir;
            }
        } else {
            let (king_to, rook_to) = if dir > 0 {
                (rules.files - 2, rules.files - 3)
            } else {
                (2, 3)
            };
            let span = |a: i32, z: i32| -> Vec<i32> { (a.min(z)..=a.max(z)).collect() };
            let must_be_empty = span(kf, king_to).into_iter().chain(span(rf, rook_to));
            let mut clear = true;
            for f in must_be_empty {
                if f != kf && f != rf && b.at(f, kr).is_some() {
                    clear = false;
                }
            }
            if !clear {
                continue;
            }
            let mut without = b.clone();
            without.set(rf, rr, None);
            without.set(kf, kr, None);
            let passes_attacked = span(kf, king_to)
                .into_iter()
                .filter(|&f| f != kf)
                .any(|f| without.attacked(f, kr, them));
            if passes_attacked {
                continue;
            }
            let mut after = b.clone();
            after.set(kf, kr, None);
            after.set(rf, rr, None);
            after.set(king_to, kr, Some(Piece::new(us, Role::King)));
            after.set(rook_to, kr, Some(Piece::new(us, Role::Rook)));
            out.push(Candidate {
                m: Move::castle(king_from, b.square(king_to, kr), rook_sq),
                after,
                noisy: false,
            });
        }
    }
}

/// Whether Wau Chess boards at `corners` fit the frame, overlap nothing
/// and all join the main board through shared edges.
fn corners_valid(rules: Rules, corners: &[(i32, i32); 4]) -> bool {
    let rects: Vec<Rect> = corners.iter().map(|&c| board_rect(c)).collect();
    for (i, a) in rects.iter().enumerate() {
        if a.f < 0 || a.r < 0 || a.f + a.w > rules.files || a.r + a.h > rules.ranks {
            return false;
        }
        if a.overlaps(WAU_MAIN) || rects[..i].iter().any(|o| o.overlaps(*a)) {
            return false;
        }
    }
    let mut joined = [false; 4];
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..4 {
            if !joined[i]
                && (rects[i].shares_edge(WAU_MAIN)
                    || (0..4).any(|j| joined[j] && rects[i].shares_edge(rects[j])))
            {
                joined[i] = true;
                changed = true;
            }
        }
    }
    joined.iter().all(|&j| j)
}

fn board_moves(s: &State, out: &mut Vec<Candidate>) {
    let b = &s.board;
    let rules = b.rules;
    let us = s.side;
    for index in 0..4 {
        let owner = if index < 2 {
            Color::White
        } else {
            Color::Black
        };
        if owner != us {
            continue;
        }
        let from = b.corners[index];
        let rect = board_rect(from);
        let passengers: Vec<(i32, i32, Piece)> = b
            .pieces()
            .into_iter()
            .filter(|&(f, r, _)| rect.has(f, r))
            .collect();
        if passengers.len() > 1 || passengers.iter().any(|p| p.2.color != us) {
            continue;
        }
        for dy in -WAU_MAX_SHIFT..=WAU_MAX_SHIFT {
            for dx in -WAU_MAX_SHIFT..=WAU_MAX_SHIFT {
                if (dx, dy) == (0, 0) || (dx + dy) % 2 != 0 {
                    continue;
                }
                let to = (from.0 + dx, from.1 + dy);
                let mut corners = b.corners;
                corners[index] = to;
                if !corners_valid(rules, &corners) {
                    continue;
                }
                let mut after = b.clone();
                for &(f, r, _) in &passengers {
                    after.set(f, r, None);
                }
                after.corners = corners;
                after.set_existence();
                for &(f, r, p) in &passengers {
                    after.set(f + dx, r + dy, Some(p));
                }
                out.push(Candidate {
                    m: Move::board_move(
                        b.square(from.0, from.1),
                        b.square(to.0, to.1),
                        index as u8,
                    ),
                    after,
                    noisy: false,
                });
            }
        }
    }
}

/// The oracle's legal moves: pseudo-legal moves after which the mover
/// still has its king and no enemy piece attacks it.
fn oracle_legal(s: &State) -> Vec<Candidate> {
    let us = s.side;
    pseudo_moves(s)
        .into_iter()
        .filter(|c| match c.after.king(us) {
            Some((f, r)) => !c.after.attacked(f, r, !us),
            None => false,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// The comparison.
// ---------------------------------------------------------------------------

/// Checks every claim about one position; returns its legal moves.
fn check_position<B: Bitboard>(pos: &Position<B>, rng: &mut Rng) -> Vec<Move> {
    let fen = pos.fen();
    let state = state_of(pos);
    let us = state.side;
    check_consistency(pos);

    // Checkers.
    let (kf, kr) = state
        .board
        .king(us)
        .unwrap_or_else(|| panic!("{fen}: the side to move has no king"));
    let squares = |list: Vec<(i32, i32)>| {
        let mut v: Vec<usize> = list
            .into_iter()
            .map(|(f, r)| state.board.index(f, r))
            .collect();
        v.sort_unstable();
        v
    };
    let oracle_checkers = squares(state.board.attackers(kf, kr, !us));
    assert_eq!(
        oracle_checkers,
        squares(state.board.attackers_slow(kf, kr, !us)),
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
    let (of, or) = state
        .board
        .king(!us)
        .unwrap_or_else(|| panic!("{fen}: the side not to move has no king"));
    assert!(
        !state.board.attacked(of, or, us),
        "{fen}: the side not to move is in check"
    );
    assert!(!pos.opponent_in_check(), "{fen}: opponent_in_check");

    // The full list.
    let oracle = oracle_legal(&state);
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
            got.board,
            c.after,
            "{fen}: {} gives {after_fen}",
            pos.wire(c.m)
        );
        assert_eq!(
            after.side_to_move(),
            !us,
            "{fen}: {} keeps the turn",
            pos.wire(c.m)
        );
        check_consistency(&after);
        let (f, r) = got.board.king(us).expect("checked by the oracle");
        assert!(
            !got.board.attacked(f, r, !us),
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
    let size = (state.board.rules.files * state.board.rules.ranks) as u64;
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

fn file_letter(f: i32) -> char {
    (b'a' + f as u8) as char
}

fn fen_of(board: &Board, side: Color, castling: &str, ep: Option<(i32, i32)>) -> String {
    let rules = board.rules;
    let mut rows = Vec::new();
    for r in (0..rules.ranks).rev() {
        let mut row = String::new();
        let mut run = 0;
        for f in 0..rules.files {
            let cell = if !board.exists(f, r) {
                Some('*')
            } else {
                board.at(f, r).map(|p| p.fen_char())
            };
            match cell {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(c);
                }
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    let side = if side == Color::White { "w" } else { "b" };
    let castling = if castling.is_empty() { "-" } else { castling };
    let ep = ep.map_or("-".to_string(), |(f, r)| {
        format!("{}{}", file_letter(f), r + 1)
    });
    let mut fen = format!("{} {side} {castling} {ep} 0 1", rows.join("/"));
    if rules.wau() {
        let names: Vec<String> = board
            .corners
            .iter()
            .map(|&(f, r)| format!("{}{}", file_letter(f), r + 1))
            .collect();
        fen.push(' ');
        fen.push_str(&names.join(","));
    }
    fen
}

/// A random position of `variant` that the FEN reader accepts.
fn random_placement(variant: Variant, rng: &mut Rng) -> AnyPosition {
    let rules = Rules::of(variant);
    loop {
        if let Some(fen) = random_fen(rules, rng)
            && let Ok(pos) = AnyPosition::from_fen(variant, &fen)
        {
            return pos;
        }
    }
}

fn random_corners(rules: Rules, rng: &mut Rng) -> [(i32, i32); 4] {
    if rng.chance(1, 3) {
        return WAU_START_CORNERS;
    }
    for _ in 0..1000 {
        let mut corners = WAU_START_CORNERS;
        for c in corners.iter_mut() {
            if rng.chance(1, 2) {
                *c = (
                    rng.range(0, rules.files - WAU_BOARD),
                    rng.range(0, rules.ranks - WAU_BOARD),
                );
            }
        }
        if corners_valid(rules, &corners) {
            return corners;
        }
    }
    WAU_START_CORNERS
}

/// A random non-king role of the game, leapers that jump two squares
/// (the champion, the FAD) as often as all the others together.
fn pick_role(rules: Rules, rng: &mut Rng) -> Role {
    let jumpers: Vec<Role> = rules
        .roles()
        .iter()
        .copied()
        .filter(|r| matches!(r, Role::Champion | Role::Fad))
        .collect();
    if !jumpers.is_empty() && rng.chance(1, 2) {
        return jumpers[rng.below(jumpers.len() as u64) as usize];
    }
    let roles: Vec<Role> = rules
        .roles()
        .iter()
        .copied()
        .filter(|&r| r != Role::King)
        .collect();
    roles[rng.below(roles.len() as u64) as usize]
}

/// Whether the FEN reader accepts `piece` on (f, r): no pawn where it
/// would have promoted, no unpromoted Chad rook inside the enemy castle.
fn may_stand(rules: Rules, piece: Piece, f: i32, r: i32) -> bool {
    if piece.role == Role::Pawn {
        if rules.wau() {
            return !(rules.promotion_rank(piece.color) == r && rules.main_board().has(f, r));
        }
        return r != 0 && r != rules.ranks - 1;
    }
    !(rules.chad() && piece.role == Role::Rook && rules.castle(!piece.color).has(f, r))
}

fn random_fen(rules: Rules, rng: &mut Rng) -> Option<String> {
    let corners = if rules.wau() {
        random_corners(rules, rng)
    } else {
        WAU_START_CORNERS
    };
    let mut b = Board::empty(rules, corners);
    let random_square = |rng: &mut Rng, b: &Board| -> Option<(i32, i32)> {
        for _ in 0..100 {
            let (f, r) = (rng.range(0, rules.files - 1), rng.range(0, rules.ranks - 1));
            if b.exists(f, r) && b.at(f, r).is_none() {
                return Some((f, r));
            }
        }
        None
    };
    // Kings: on their start squares now and then (castling), in their
    // castles in Chad, never side by side.
    let mut kings = Vec::new();
    for c in Color::ALL {
        let sq = if rules.chad() {
            let k = rules.castle(c);
            (rng.range(k.f, k.f + 2), rng.range(k.r, k.r + 2))
        } else if rng.chance(1, 2) {
            let king_file = match rules.variant {
                Variant::ParityChess => 6,
                Variant::WadChess => 5,
                _ => 4,
            };
            (king_file, rules.back_rank(c))
        } else {
            random_square(rng, &b)?
        };
        if !b.exists(sq.0, sq.1) || b.at(sq.0, sq.1).is_some() {
            return None;
        }
        b.set(sq.0, sq.1, Some(Piece::new(c, Role::King)));
        kings.push(sq);
    }
    if (kings[0].0 - kings[1].0).abs() <= 1 && (kings[0].1 - kings[1].1).abs() <= 1 {
        return None;
    }
    // Rooks in the corners of the back ranks, for castling.
    if !rules.chad() && rng.chance(1, 2) {
        let main = rules.main_board();
        for c in Color::ALL {
            for f in [0, rules.files - 1] {
                let r = rules.back_rank(c);
                if b.exists(f, r) && b.at(f, r).is_none() && rng.chance(3, 4) {
                    b.set(f, r, Some(Piece::new(c, Role::Rook)));
                }
            }
        }
        let _ = main;
    }
    // Pins on both sides of a king along one line, the pinned pieces
    // next to it (a leaper could jump over the king into the other pin).
    if rng.chance(1, 3) {
        let owner = if rng.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let (kf, kr) = kings[owner.index()];
        let (df, dr) = [WAZIR_LEAPS, FERZ_LEAPS].concat()[rng.below(8) as usize];
        let rider = if df == 0 || dr == 0 {
            Role::Rook
        } else {
            Role::Bishop
        };
        for sign in [1, -1] {
            let near = rng.range(1, 2);
            let far = near + rng.range(1, 3);
            let pinned_role = pick_role(rules, rng);
            let pinner_role = if rng.chance(1, 3) { Role::Queen } else { rider };
            let cells = [
                (near, Piece::new(owner, pinned_role)),
                (far, Piece::new(!owner, pinner_role)),
            ];
            for (distance, piece) in cells {
                let (f, r) = (kf + sign * df * distance, kr + sign * dr * distance);
                if b.exists(f, r)
                    && b.at(f, r).is_none()
                    && rules.roles().contains(&piece.role)
                    && may_stand(rules, piece, f, r)
                {
                    b.set(f, r, Some(piece));
                }
            }
        }
    }
    // Other pieces: half of them close to a king, where pins and checks are.
    let extra = rng.below(MAX_EXTRA_PIECES + 1);
    for _ in 0..extra {
        let color = if rng.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let role = pick_role(rules, rng);
        let sq = if rng.chance(1, 2) {
            let (kf, kr) = kings[rng.below(2) as usize];
            (kf + rng.range(-3, 3), kr + rng.range(-3, 3))
        } else {
            match random_square(rng, &b) {
                Some(sq) => sq,
                None => continue,
            }
        };
        if !b.exists(sq.0, sq.1) || b.at(sq.0, sq.1).is_some() {
            continue;
        }
        let piece = Piece::new(color, role);
        if may_stand(rules, piece, sq.0, sq.1) {
            b.set(sq.0, sq.1, Some(piece));
        }
    }
    let side = if rng.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    // En passant: an enemy pawn that has just double-stepped, next to one
    // of ours.
    let mut ep = None;
    if rules.roles().contains(&Role::Pawn) && rng.chance(1, 3) {
        let them = !side;
        let main = rules.main_board();
        let origin_rank = rules.pawn_start_rank(them);
        let ep_rank = origin_rank + forward(them);
        let victim_rank = ep_rank + forward(them);
        let f = rng.range(main.f, main.f + main.w - 1);
        let squares = [(f, origin_rank), (f, ep_rank), (f, victim_rank)];
        if squares
            .iter()
            .any(|&(f, r)| b.at(f, r).is_some_and(|p| p.role == Role::King))
        {
            return None;
        }
        b.set(f, origin_rank, None);
        b.set(f, ep_rank, None);
        b.set(f, victim_rank, Some(Piece::new(them, Role::Pawn)));
        let df = if rng.chance(1, 2) { 1 } else { -1 };
        if b.exists(f + df, victim_rank)
            && b.at(f + df, victim_rank)
                .is_none_or(|p| p.role != Role::King)
        {
            b.set(f + df, victim_rank, Some(Piece::new(side, Role::Pawn)));
        }
        ep = Some((f, ep_rank));
    }
    let mut castling = String::new();
    if !rules.chad() {
        for c in ["K", "Q", "k", "q"] {
            if rng.chance(3, 4) {
                castling.push_str(c);
            }
        }
    }
    let fen = fen_of(&b, side, &castling, ep);
    // Rights the FEN reader rejects (no rook, king off its rank) are
    // dropped rather than the whole position.
    let variant = rules.variant;
    if AnyPosition::from_fen(variant, &fen).is_ok() {
        return Some(fen);
    }
    Some(fen_of(&b, side, "", ep))
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
