//! Moves (32 bits) and move lists.

use std::fmt;

use super::piece::Role;
use super::square::Square;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal = 0,
    /// A pawn's double step (it may create an en-passant square).
    DoubleStep = 1,
    /// An en-passant capture.
    EnPassant = 2,
    /// A pawn move onto the promotion zone.
    Promotion = 3,
    /// Castling: `from` is the king's square, `to` the king's destination
    /// and the extra byte the castling rook's square.
    Castle = 4,
    /// An attack board moves (Wau Chess): `from` and `to` are its corner
    /// before and after, the extra byte the board's index. A piece on the
    /// board rides along.
    BoardMove = 5,
}

/// A move in 32 bits: from (8), to (8), extra (8: promotion role or
/// castling rook square) and kind (8). Squares need 8 bits on boards of up
/// to 192 squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    /// A placeholder that is never a legal move (a1 to a1).
    pub const NONE: Move = Move(0);

    #[inline]
    const fn pack(from: Square, to: Square, extra: u8, kind: MoveKind) -> Move {
        Move(
            from.to_u8() as u32
                | (to.to_u8() as u32) << 8
                | (extra as u32) << 16
                | (kind as u32) << 24,
        )
    }
    /// A plain move or capture.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, 0, MoveKind::Normal)
    }
    /// A pawn's double step.
    #[inline]
    pub const fn double_step(from: Square, to: Square) -> Move {
        Move::pack(from, to, 0, MoveKind::DoubleStep)
    }
    /// An en-passant capture; `to` is the en-passant square.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, 0, MoveKind::EnPassant)
    }
    /// A promotion to `role`.
    #[inline]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move::pack(from, to, role as u8, MoveKind::Promotion)
    }
    /// Castling: the king goes `from` -> `to`, with the rook on `rook`.
    #[inline]
    pub const fn castle(from: Square, to: Square, rook: Square) -> Move {
        Move::pack(from, to, rook.to_u8(), MoveKind::Castle)
    }

    /// Attack board `board` moves its corner from `from` to `to`.
    #[inline]
    pub const fn board_move(from: Square, to: Square, board: u8) -> Move {
        Move::pack(from, to, board, MoveKind::BoardMove)
    }

    /// The moving piece's square (the king's for castling).
    #[inline]
    pub const fn from(self) -> Square {
        Square::new(self.0 as u8)
    }
    /// The destination (the king's for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 8) as u8)
    }
    /// The kind of move.
    #[inline]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 24 {
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Promotion,
            4 => MoveKind::Castle,
            5 => MoveKind::BoardMove,
            _ => MoveKind::Normal,
        }
    }
    /// The promotion role, for promotions.
    #[inline]
    pub fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion => Role::ALL.get(((self.0 >> 16) & 0xFF) as usize).copied(),
            _ => None,
        }
    }
    /// The castling rook's square, for castling.
    #[inline]
    pub fn castling_rook(self) -> Option<Square> {
        (self.kind() == MoveKind::Castle).then(|| Square::new((self.0 >> 16) as u8))
    }
    /// The index of the attack board a board move moves (0 for others).
    #[inline]
    pub fn board_index(self) -> usize {
        if self.kind() == MoveKind::BoardMove {
            ((self.0 >> 16) & 0xFF) as usize
        } else {
            0
        }
    }
    /// A move from its raw 32 bits (as stored in a hash table). The result
    /// must be checked against the legal moves before it is played.
    #[inline]
    pub const fn from_u32(raw: u32) -> Move {
        Move(raw)
    }
    /// The raw 32 bits (for hash tables).
    #[inline]
    pub const fn to_u32(self) -> u32 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({}->{} {:?}",
            self.from().index(),
            self.to().index(),
            self.kind()
        )?;
        if let Some(r) = self.promotion_role() {
            write!(f, " ={}", r.letter())?;
        }
        if let Some(r) = self.castling_rook() {
            write!(f, " rook {}", r.index())?;
        }
        write!(f, ")")
    }
}

/// Capacity of a [`MoveList`]: more than any position of these games has.
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity list of moves, kept on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }
    /// Appends a move; moves past the capacity are dropped (never happens
    /// in a legal position of these games).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    /// Empties the list (for reuse).
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    /// Whether the list holds `m`.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
