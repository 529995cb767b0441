//! What the search learns about moves while it runs, for move ordering and
//! reductions, and about the static evaluation: killers, the counter
//! move, three history tables updated with "gravity" (a bonus shrinks as
//! the entry nears its cap, so old lessons fade and no entry saturates),
//! and a correction history kept as a weighted average.
//!
//! - the main (butterfly) history: by side, from and to square;
//! - the capture history: by moving piece, destination and captured role;
//! - the continuation history: by the piece and destination of the move
//!   one or two plies before, and the piece and destination of this one;
//! - the correction history: by side to move and pawn structure, how far
//!   the static evaluation missed the score the search found, which
//!   corrects the next evaluations of that structure; and, by side to
//!   move and where each colour's other pieces stand, what the pawn
//!   structure's correction left over.
//!
//! Tables are sized by the board, so chess pays for 64 squares and Chad
//! for 144.

use crate::engine::eval::pawns::pawn_structure_hash;
use crate::rules::{Bitboard, Color, Move, MoveKind, Piece, Position, Role};

use super::params::{
    CORRECTION_ENTRIES, CORRECTION_GRAIN, CORRECTION_MAX, CORRECTION_WEIGHT_MAX, HISTORY_BONUS_MAX,
    HISTORY_BONUS_PER_DEPTH, HISTORY_MAX, MAX_PLY, tuned,
};

/// Distinct pieces: two colours of each role.
const PIECES: usize = 2 * Role::COUNT;

/// Index of a piece in the per-piece tables.
#[inline]
fn piece_index(piece: Piece) -> usize {
    piece.color.index() * Role::COUNT + piece.role.index()
}

/// A move as the continuation history sees it: what moved, and where to.
/// `None` before the root and after a null move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovedPiece(Option<(Piece, u8)>);

impl MovedPiece {
    /// `piece` arriving on square index `to`.
    pub fn new(piece: Piece, to: usize) -> MovedPiece {
        MovedPiece(Some((piece, to as u8)))
    }
    /// No move (the root, a null move).
    pub const NONE: MovedPiece = MovedPiece(None);

    /// The move `m` in `pos` as the continuation history sees it; a board
    /// move (Wau Chess) moves no piece of its own and counts as none.
    pub fn of<B: Bitboard>(pos: &Position<B>, m: Move) -> MovedPiece {
        match pos.piece_at(m.from()) {
            Some(piece) if m.kind() != MoveKind::BoardMove => {
                MovedPiece::new(piece, m.to().index())
            }
            _ => MovedPiece::NONE,
        }
    }
}

/// The bonus (or, negated, the malus) a move earns at `depth`.
#[inline]
pub fn history_bonus(depth: i32) -> i32 {
    (tuned!(HISTORY_BONUS_PER_DEPTH) * depth).min(tuned!(HISTORY_BONUS_MAX))
}

/// Moves `entry` toward the cap by `bonus`, less as it nears it.
#[inline]
fn apply(entry: &mut i16, bonus: i32) {
    let old = i32::from(*entry);
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
    *entry = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// The move-ordering memory of one search thread.
pub struct Histories {
    squares: usize,
    main: Vec<i16>,
    captures: Vec<i16>,
    continuation: Vec<i16>,
    /// Two quiet moves per ply that caused a cutoff.
    pub killers: [[Move; 2]; MAX_PLY + 2],
    /// The quiet move that refuted each (piece, destination) last.
    counters: Vec<Move>,
    /// Evaluation corrections by side and pawn-structure slot, in
    /// 1/`CORRECTION_GRAIN` centipawns.
    corrections: Vec<i32>,
    /// What the pawn corrections leave over, by side to move, a colour
    /// and the placement of that colour's other pieces, in the same
    /// units: one table for each colour's pieces.
    piece_corrections: Vec<i32>,
}

/// A position's entries in the correction history: by its side to move
/// and pawn structure, and by its side to move and each colour's other
/// pieces. A node finds them once and both reads and updates them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorrectionSlot {
    pawns: usize,
    pieces: [usize; 2],
}

impl CorrectionSlot {
    /// The entries of `pos`'s side to move, pawn structure and pieces.
    #[inline]
    pub fn of<B: Bitboard>(pos: &Position<B>) -> CorrectionSlot {
        let side = pos.side_to_move().index();
        let slot = |hash: u64| (hash >> 40) as usize & (CORRECTION_ENTRIES - 1);
        let pieces = Color::ALL.map(|color| {
            let table = side * 2 + color.index();
            table * CORRECTION_ENTRIES + slot(pos.piece_key(color))
        });
        CorrectionSlot {
            pawns: side * CORRECTION_ENTRIES + slot(pawn_structure_hash(pos)),
            pieces,
        }
    }
}

impl Histories {
    /// Empty tables for a board of `squares` squares.
    pub fn new(squares: usize) -> Histories {
        Histories {
            squares,
            main: vec![0; 2 * squares * squares],
            captures: vec![0; PIECES * squares * Role::COUNT],
            continuation: vec![0; PIECES * squares * PIECES * squares],
            killers: [[Move::NONE; 2]; MAX_PLY + 2],
            counters: vec![Move::NONE; PIECES * squares],
            corrections: vec![0; 2 * CORRECTION_ENTRIES],
            piece_corrections: vec![0; 4 * CORRECTION_ENTRIES],
        }
    }

    #[inline]
    fn main_index(&self, side: Color, m: Move) -> usize {
        (side.index() * self.squares + m.from().index()) * self.squares + m.to().index()
    }

    #[inline]
    fn capture_index(&self, piece: Piece, to: usize, victim: Role) -> usize {
        (piece_index(piece) * self.squares + to) * Role::COUNT + victim.index()
    }

    #[inline]
    fn continuation_index(&self, before: (Piece, u8), piece: Piece, to: usize) -> usize {
        let (p, t) = before;
        ((piece_index(p) * self.squares + t as usize) * PIECES + piece_index(piece)) * self.squares
            + to
    }

    /// The main history of `side` playing `m`.
    #[inline]
    pub fn main(&self, side: Color, m: Move) -> i32 {
        i32::from(self.main[self.main_index(side, m)])
    }

    /// The capture history of `piece` taking a `victim` on `to`.
    #[inline]
    pub fn capture(&self, piece: Piece, to: usize, victim: Role) -> i32 {
        i32::from(self.captures[self.capture_index(piece, to, victim)])
    }

    /// The continuation history of `piece` to `to` after `before`.
    #[inline]
    pub fn continuation(&self, before: MovedPiece, piece: Piece, to: usize) -> i32 {
        match before.0 {
            Some(b) => i32::from(self.continuation[self.continuation_index(b, piece, to)]),
            None => 0,
        }
    }

    /// The score of a quiet move for ordering: main history plus the
    /// continuation histories of the last two plies.
    #[inline]
    pub fn quiet_score(&self, side: Color, m: Move, piece: Piece, before: [MovedPiece; 2]) -> i32 {
        let to = m.to().index();
        self.main(side, m)
            + self.continuation(before[0], piece, to)
            + self.continuation(before[1], piece, to)
    }

    /// Rewards a quiet move by `bonus` (a malus when negative).
    pub fn update_quiet(
        &mut self,
        side: Color,
        m: Move,
        piece: Piece,
        before: [MovedPiece; 2],
        bonus: i32,
    ) {
        let i = self.main_index(side, m);
        apply(&mut self.main[i], bonus);
        let to = m.to().index();
        for b in before.iter().filter_map(|b| b.0) {
            let j = self.continuation_index(b, piece, to);
            apply(&mut self.continuation[j], bonus);
        }
    }

    /// Moves the main history of `side` playing `m` by `bonus` alone.
    pub fn update_main(&mut self, side: Color, m: Move, bonus: i32) {
        let i = self.main_index(side, m);
        apply(&mut self.main[i], bonus);
    }

    /// Rewards a capture by `bonus` (a malus when negative).
    pub fn update_capture(&mut self, piece: Piece, to: usize, victim: Role, bonus: i32) {
        let i = self.capture_index(piece, to, victim);
        apply(&mut self.captures[i], bonus);
    }

    /// Keeps `m` as the first killer of `ply`.
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
    }

    /// The counter move to `before`, or [`Move::NONE`].
    #[inline]
    pub fn counter(&self, before: MovedPiece) -> Move {
        match before.0 {
            Some((p, to)) => self.counters[piece_index(p) * self.squares + to as usize],
            None => Move::NONE,
        }
    }

    /// Keeps `m` as the counter move to `before`.
    pub fn set_counter(&mut self, before: MovedPiece, m: Move) {
        if let Some((p, to)) = before.0 {
            self.counters[piece_index(p) * self.squares + to as usize] = m;
        }
    }

    /// The correction, in centipawns, to add to the static evaluation of
    /// the positions of `slot` for their side to move.
    #[inline]
    pub fn correction(&self, slot: CorrectionSlot) -> i32 {
        let [white, black] = slot.pieces.map(|i| self.piece_corrections[i]);
        (2 * self.corrections[slot.pawns] + white + black) / (2 * CORRECTION_GRAIN)
    }

    /// Learns from a search to `depth` of a position of `slot` that found
    /// `miss` centipawns more than the uncorrected static evaluation.
    pub fn update_correction(&mut self, slot: CorrectionSlot, depth: i32, miss: i32) {
        let weight = ((depth + 1) * (depth + 1)).min(CORRECTION_WEIGHT_MAX);
        let toward = |old: i32, miss: i32| {
            let target = miss.clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
            (old * (256 - weight) + target * weight) / 256
        };
        let pawns = self.corrections[slot.pawns];
        // The piece tables learn what the pawn table does not say.
        let left_over = miss - pawns / CORRECTION_GRAIN;
        self.corrections[slot.pawns] = toward(pawns, miss);
        for i in slot.pieces {
            self.piece_corrections[i] = toward(self.piece_corrections[i], left_over);
        }
    }

    /// Forgets the killers of `ply` (their position is new).
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply] = [Move::NONE; 2];
    }

    /// Forgets the killers of every ply: a new search starts from another
    /// root. The history tables and counter moves are kept.
    pub fn new_search(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 2];
    }
}

/// The histories of every search thread, kept from one search to the next
/// (a game's searches teach each other) and emptied for a new game.
#[derive(Default)]
pub struct SearchMemory {
    per_thread: Vec<Histories>,
}

impl SearchMemory {
    /// No memory yet: tables are made by the first search.
    pub fn new() -> SearchMemory {
        SearchMemory::default()
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.per_thread.clear();
    }

    /// The histories of `threads` threads on a board of `squares` squares,
    /// kept from the last search when it had the same board.
    pub(super) fn prepare(&mut self, threads: usize, squares: usize) -> &mut [Histories] {
        if self
            .per_thread
            .first()
            .is_some_and(|h| h.squares != squares)
        {
            self.per_thread.clear();
        }
        self.per_thread.truncate(threads);
        while self.per_thread.len() < threads {
            self.per_thread.push(Histories::new(squares));
        }
        for h in &mut self.per_thread {
            h.new_search();
        }
        &mut self.per_thread
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_entries_within_the_cap() {
        let mut e = 0i16;
        for _ in 0..1000 {
            apply(&mut e, tuned!(HISTORY_BONUS_MAX));
        }
        assert!(i32::from(e) <= HISTORY_MAX && i32::from(e) > HISTORY_MAX / 2);
        for _ in 0..1000 {
            apply(&mut e, -tuned!(HISTORY_BONUS_MAX));
        }
        assert!(i32::from(e) >= -HISTORY_MAX && i32::from(e) < -HISTORY_MAX / 2);
    }

    fn chess(fen: &str) -> Position<u64> {
        Position::from_fen(crate::rules::Variant::Chess, fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn corrections_learn_the_miss_and_keep_placements_apart() {
        let start = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // The same pawns, one knight elsewhere.
        let moved = chess("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
        let mut h = Histories::new(64);
        let slot = CorrectionSlot::of(&start);
        let other = CorrectionSlot::of(&moved);
        assert_eq!(slot.pawns, other.pawns);
        assert_ne!(slot.pieces[0], other.pieces[0]);
        assert_eq!(slot.pieces[1], other.pieces[1]);
        for _ in 0..200 {
            h.update_correction(slot, 10, 40);
        }
        // The pawn table says the whole miss, and the piece tables add
        // nothing to it.
        assert!(
            (h.correction(slot) - 40).abs() <= 1,
            "{}",
            h.correction(slot)
        );
        // A miss beyond the pawn table's cap is made up by the pieces'.
        for _ in 0..200 {
            h.update_correction(other, 10, 100);
        }
        let c = h.correction(other);
        assert!(c > CORRECTION_MAX && c <= 100, "{c}");
    }
}
