//! The two sides.

use std::ops::Not;

/// A side: White moves first and starts on the low ranks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// The side that starts on ranks 1 and 2.
    White = 0,
    /// The side that starts on the top ranks.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black, for indexing per-colour tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The FEN letter for the side to move: `w` or `b`.
    pub fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
