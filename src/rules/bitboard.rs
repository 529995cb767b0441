//! Bitboards generic over their width.
//!
//! A game picks its word once, when it is chosen: `u64` for 8x8 boards,
//! `u128` for boards of up to 128 squares and [`Wide`] (three `u64`s) for
//! boards of up to 192 squares. Bit `i` is the square with index `i`
//! (`rank * files + file`). Everything above the game's last square is
//! always zero in the tables, so operations never need to mask it off,
//! except after shifts.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::piece::Piece;
use super::square::Square;

/// A set of squares held in a fixed-width word.
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// How many squares the word can hold.
    const CAPACITY: usize;
    /// A board-sized array of optional pieces (the "mailbox"), indexed by square.
    type Mailbox: Copy
        + Debug
        + Send
        + Sync
        + AsRef<[Option<Piece>]>
        + AsMut<[Option<Piece>]>
        + 'static;

    /// A mailbox with every square empty.
    fn empty_mailbox() -> Self::Mailbox;
    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// How many squares are in the set.
    fn count(self) -> u32;
    /// The lowest square of a non-empty set.
    fn lsb(self) -> Square;
    /// The highest square of a non-empty set.
    fn msb(self) -> Square;
    /// The set folded into 64 bits, for hashing (equal sets give equal
    /// digests; different sets may share one).
    fn digest(self) -> u64;
    /// The set shifted towards higher squares by `n` bits (`n < CAPACITY`).
    fn shl(self, n: u32) -> Self;
    /// The set shifted towards lower squares by `n` bits (`n < CAPACITY`).
    fn shr(self, n: u32) -> Self;

    /// Whether the set holds `sq`.
    #[inline]
    fn has(self, sq: Square) -> bool {
        !(self & Self::from_square(sq)).is_empty()
    }
    /// Whether the set holds any square at all.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// Whether the set holds two or more squares.
    #[inline]
    fn more_than_one(self) -> bool {
        self.count() > 1
    }
    /// Removes and returns the lowest square of a non-empty set.
    #[inline]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        *self ^= Self::from_square(sq);
        sq
    }
    /// The squares of the set, lowest first.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

/// Iterator over the squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lsb())
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

macro_rules! primitive_bitboard {
    ($word:ty, $bits:expr) => {
        impl Bitboard for $word {
            const EMPTY: Self = 0;
            const CAPACITY: usize = $bits;
            type Mailbox = [Option<Piece>; $bits];

            #[inline]
            fn empty_mailbox() -> Self::Mailbox {
                [None; $bits]
            }
            #[inline]
            fn from_square(sq: Square) -> Self {
                1 << sq.index()
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lsb(self) -> Square {
                debug_assert!(self != 0);
                Square::new(self.trailing_zeros() as u8)
            }
            #[inline]
            fn msb(self) -> Square {
                debug_assert!(self != 0);
                Square::new(($bits - 1 - self.leading_zeros()) as u8)
            }
            #[inline]
            fn digest(self) -> u64 {
                // The high word (u128 only) is turned so that its ranks do
                // not cancel the low word's.
                (self as u64) ^ ((self >> 32 >> 32) as u64).rotate_left(29)
            }
            #[inline]
            fn shl(self, n: u32) -> Self {
                self << n
            }
            #[inline]
            fn shr(self, n: u32) -> Self {
                self >> n
            }
        }
    };
}

primitive_bitboard!(u64, 64);
primitive_bitboard!(u128, 128);

/// A 192-bit bitboard for boards of up to 12x16 squares (Chad's 12x12).
///
/// Word 0 holds squares 0-63, word 1 squares 64-127, word 2 squares 128-191.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Wide(pub [u64; 3]);

impl Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Wide({:#x}, {:#x}, {:#x})",
            self.0[0], self.0[1], self.0[2]
        )
    }
}

macro_rules! wide_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Wide {
            type Output = Wide;
            #[inline]
            fn $method(self, rhs: Wide) -> Wide {
                Wide([self.0[0] $op rhs.0[0], self.0[1] $op rhs.0[1], self.0[2] $op rhs.0[2]])
            }
        }
        impl $assign_trait for Wide {
            #[inline]
            fn $assign_method(&mut self, rhs: Wide) {
                *self = *self $op rhs;
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1], !self.0[2]])
    }
}

impl Bitboard for Wide {
    const EMPTY: Self = Wide([0; 3]);
    const CAPACITY: usize = 192;
    type Mailbox = [Option<Piece>; 192];

    #[inline]
    fn empty_mailbox() -> Self::Mailbox {
        [None; 192]
    }
    #[inline]
    fn from_square(sq: Square) -> Self {
        let i = sq.index();
        let mut w = [0; 3];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }
    #[inline]
    fn digest(self) -> u64 {
        self.0[0] ^ self.0[1].rotate_left(29) ^ self.0[2].rotate_left(43)
    }
    #[inline]
    fn lsb(self) -> Square {
        debug_assert!(!self.is_empty());
        let i = if self.0[0] != 0 {
            self.0[0].trailing_zeros()
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros()
        } else {
            128 + self.0[2].trailing_zeros()
        };
        Square::new(i as u8)
    }
    #[inline]
    fn msb(self) -> Square {
        debug_assert!(!self.is_empty());
        let i = if self.0[2] != 0 {
            191 - self.0[2].leading_zeros()
        } else if self.0[1] != 0 {
            127 - self.0[1].leading_zeros()
        } else {
            63 - self.0[0].leading_zeros()
        };
        Square::new(i as u8)
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        let [a, b, c] = self.0;
        match n {
            0 => self,
            1..=63 => Wide([
                a << n,
                (b << n) | (a >> (64 - n)),
                (c << n) | (b >> (64 - n)),
            ]),
            64 => Wide([0, a, b]),
            65..=127 => Wide([0, a << (n - 64), (b << (n - 64)) | (a >> (128 - n))]),
            128 => Wide([0, 0, a]),
            129..=191 => Wide([0, 0, a << (n - 128)]),
            _ => Wide::EMPTY,
        }
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        let [a, b, c] = self.0;
        match n {
            0 => self,
            1..=63 => Wide([
                (a >> n) | (b << (64 - n)),
                (b >> n) | (c << (64 - n)),
                c >> n,
            ]),
            64 => Wide([b, c, 0]),
            65..=127 => Wide([(b >> (n - 64)) | (c << (128 - n)), c >> (n - 64), 0]),
            128 => Wide([c, 0, 0]),
            129..=191 => Wide([c >> (n - 128), 0, 0]),
            _ => Wide::EMPTY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_of<B: Bitboard>(squares: &[u8]) -> B {
        squares
            .iter()
            .fold(B::EMPTY, |acc, &s| acc | B::from_square(Square::new(s)))
    }

    fn check_word<B: Bitboard>() {
        let top = (B::CAPACITY - 1) as u8;
        let b: B = set_of(&[0, 5, 40, top]);
        assert_eq!(b.count(), 4);
        assert_eq!(b.lsb(), Square::new(0));
        assert_eq!(b.msb(), Square::new(top));
        let listed: Vec<u8> = b.squares().map(|s| s.index() as u8).collect();
        assert_eq!(listed, vec![0, 5, 40, top]);
        for n in [1u32, 7, 12, 40] {
            let shifted = set_of::<B>(&[3]).shl(n);
            assert_eq!(shifted, set_of(&[3 + n as u8]));
            assert_eq!(shifted.shr(n), set_of(&[3]));
        }
    }

    #[test]
    fn every_width_counts_scans_and_shifts() {
        check_word::<u64>();
        check_word::<u128>();
        check_word::<Wide>();
    }

    #[test]
    fn wide_shifts_cross_word_boundaries() {
        let b: Wide = set_of(&[60, 70, 130]);
        for n in [1u32, 12, 64, 65, 100, 128, 129] {
            let expected: Wide = set_of(
                &[60u32, 70, 130]
                    .iter()
                    .filter(|&&s| s + n < 192)
                    .map(|&s| (s + n) as u8)
                    .collect::<Vec<_>>(),
            );
            assert_eq!(b.shl(n), expected, "shl {n}");
            let expected: Wide = set_of(
                &[60u32, 70, 130]
                    .iter()
                    .filter(|&&s| s >= n)
                    .map(|&s| (s - n) as u8)
                    .collect::<Vec<_>>(),
            );
            assert_eq!(b.shr(n), expected, "shr {n}");
        }
    }
}
