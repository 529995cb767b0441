//! Board geometry: the size of a rectangular board, which of its squares
//! exist, and the naming of squares.

use super::bitboard::Bitboard;
use super::square::{File, Rank, Square};

/// The shape of a board of up to 192 squares (games use up to 144).
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    files: u8,
    ranks: u8,
    exists: B,
}

impl<B: Bitboard> Geometry<B> {
    /// A full rectangle of `files` x `ranks` squares.
    ///
    /// # Panics
    /// If the board does not fit the bitboard word (a programming error in
    /// a game definition, never a consequence of input).
    pub fn rectangle(files: u8, ranks: u8) -> Geometry<B> {
        let n = files as usize * ranks as usize;
        assert!(
            n <= B::CAPACITY && files <= 26,
            "board too large for its word"
        );
        let mut exists = B::EMPTY;
        for i in 0..n {
            exists |= B::from_square(Square::new(i as u8));
        }
        Geometry {
            files,
            ranks,
            exists,
        }
    }

    /// The same board with the squares in `holes` removed.
    pub fn with_holes(mut self, holes: B) -> Geometry<B> {
        self.exists &= !holes;
        self
    }

    /// Number of files.
    #[inline]
    pub fn files(&self) -> u8 {
        self.files
    }
    /// Number of ranks.
    #[inline]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }
    /// Number of square indices (files x ranks), holes included.
    #[inline]
    pub fn size(&self) -> usize {
        self.files as usize * self.ranks as usize
    }
    /// The squares that exist.
    #[inline]
    pub fn exists(&self) -> B {
        self.exists
    }
    /// Whether a square exists (lies on the board and is not a hole).
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.exists.has(sq)
    }
    /// The file of a square.
    #[inline]
    pub fn file_of(&self, sq: Square) -> File {
        File((sq.index() % self.files as usize) as u8)
    }
    /// The rank of a square.
    #[inline]
    pub fn rank_of(&self, sq: Square) -> Rank {
        Rank((sq.index() / self.files as usize) as u8)
    }
    /// The number of king steps between two squares on an empty
    /// rectangle (the larger of the file and rank differences).
    #[inline]
    pub fn distance(&self, a: Square, b: Square) -> i32 {
        let df = (self.file_of(a).0 as i32 - self.file_of(b).0 as i32).abs();
        let dr = (self.rank_of(a).0 as i32 - self.rank_of(b).0 as i32).abs();
        df.max(dr)
    }
    /// The square at a file and rank, if it lies inside the rectangle.
    #[inline]
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        (0..self.files as i32)
            .contains(&file)
            .then_some(())
            .filter(|_| (0..self.ranks as i32).contains(&rank))
            .map(|_| Square::new((rank * self.files as i32 + file) as u8))
    }
    /// The square reached from `sq` by a step of (files, ranks), if it exists.
    #[inline]
    pub fn offset(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        let f = self.file_of(sq).0 as i32 + df;
        let r = self.rank_of(sq).0 as i32 + dr;
        self.square(f, r).filter(|&s| self.contains(s))
    }
    /// Every square of a rank, holes included.
    pub fn rank_squares(&self, rank: Rank) -> B {
        (0..self.files as i32)
            .filter_map(|f| self.square(f, rank.0 as i32))
            .fold(B::EMPTY, |acc, s| acc | B::from_square(s))
    }
    /// The coordinate name of a square, e.g. `e4` or `c10`.
    pub fn name(&self, sq: Square) -> String {
        format!("{}{}", self.file_of(sq), self.rank_of(sq))
    }
    /// Reads a square name at the start of `text`; returns the square and
    /// the number of bytes read. The square need not exist (holes parse).
    pub fn parse_square_prefix(&self, text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let file = File::from_letter(*bytes.first()? as char)?;
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || bytes[1] == b'0' {
            return None;
        }
        let rank: i32 = text[1..1 + digits].parse().ok()?;
        let sq = self.square(file.0 as i32, rank - 1)?;
        Some((sq, 1 + digits))
    }
    /// Reads a whole square name, e.g. `e3`.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        match self.parse_square_prefix(text) {
            Some((sq, n)) if n == text.len() => Some(sq),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_with_two_digit_ranks() {
        let g = Geometry::<crate::rules::bitboard::Wide>::rectangle(12, 12);
        for i in 0..144u8 {
            let sq = Square::new(i);
            assert_eq!(g.parse_square(&g.name(sq)), Some(sq));
        }
        assert_eq!(g.name(Square::new(143)), "l12");
        assert_eq!(g.parse_square("m1"), None);
        assert_eq!(g.parse_square("a13"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a01"), None);
    }

    #[test]
    fn offsets_stop_at_edges_and_holes() {
        let g = Geometry::<u64>::rectangle(8, 8);
        let a1 = Square::new(0);
        assert_eq!(g.offset(a1, -1, 0), None);
        assert_eq!(g.offset(a1, 1, 2), Some(Square::new(17)));
        let holed = g.with_holes(1u64 << 17);
        assert_eq!(holed.offset(a1, 1, 2), None);
    }
}
