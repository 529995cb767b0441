//! Squares, files and ranks.

use std::fmt;

/// A square, by index `rank * files + file` on its game's board (a1 = 0).
///
/// A square does not know its board's width; [`super::geometry::Geometry`]
/// turns it into a file and rank and back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Square(u8);

impl Square {
    /// The square with the given index.
    #[inline]
    pub const fn new(index: u8) -> Square {
        Square(index)
    }
    /// The index of the square, usable for table look-ups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The raw index as a byte, as stored in a [`super::moves::Move`].
    #[inline]
    pub const fn to_u8(self) -> u8 {
        self.0
    }
}

/// A file (column), 0 = `a`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct File(pub u8);

/// A rank (row), 0 = rank `1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Rank(pub u8);

impl File {
    /// The file's letter, `a` for file 0.
    pub fn letter(self) -> char {
        (b'a' + self.0) as char
    }
    /// The file named by a lower-case letter.
    pub fn from_letter(c: char) -> Option<File> {
        c.is_ascii_lowercase().then(|| File(c as u8 - b'a'))
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 as u32 + 1)
    }
}
