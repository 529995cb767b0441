//! Piece types (roles), coloured pieces, and how each role moves.
//!
//! Movement is data: a game gives each role's moves in Betza notation
//! ([`super::betza`]), read here into the leaps and rides the attack
//! tables are built from. The WAD, the FAD and the Chad king are table
//! entries, not code paths.

use std::fmt;

use super::betza::{Modality, PieceMoves, Travel, Vector};
use super::color::Color;

/// A kind of piece, independent of its colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Pawn (`P`).
    Pawn = 0,
    /// Knight (`N`).
    Knight = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Rook (`R`).
    Rook = 3,
    /// Queen (`Q`).
    Queen = 4,
    /// King (`K`).
    King = 5,
    /// Champion, the WAD (`C`).
    Champion = 6,
    /// The FAD (`F`).
    Fad = 7,
    /// A slot for a game file's piece that moves as no built-in one: no
    /// built-in game has it, and it has no letter but the file's.
    Extra1 = 8,
    /// A second such slot.
    Extra2 = 9,
    /// A third such slot.
    Extra3 = 10,
    /// A fourth such slot.
    Extra4 = 11,
}

impl Role {
    /// Number of roles, the size of per-role tables.
    pub const COUNT: usize = 12;
    /// Every role, in index order.
    pub const ALL: [Role; Role::COUNT] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Champion,
        Role::Fad,
        Role::Extra1,
        Role::Extra2,
        Role::Extra3,
        Role::Extra4,
    ];

    /// The slots a game file's pieces that move as no built-in role take:
    /// the WAD's and the FAD's (in games without them), then the four no
    /// built-in game uses; the roles from the champion on.
    pub const EXTRA_SLOTS: &'static [Role] = Role::ALL.split_at(Role::Champion as usize).1;

    /// The role's index into per-role tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The upper-case letter of the role (White's FEN letter); `?` for
    /// the slots whose letter only a game's file gives.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Champion => 'C',
            Role::Fad => 'F',
            Role::Extra1 | Role::Extra2 | Role::Extra3 | Role::Extra4 => '?',
        }
    }
    /// The role named by a letter of either case (never a slot whose
    /// letter only a game's file gives).
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.letter().is_ascii_alphabetic() && r.letter() == c.to_ascii_uppercase())
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
    /// The FEN letter, given its role's upper-case letter in the game:
    /// upper case for White, lower case for Black.
    pub fn fen_char(self, letter: char) -> char {
        match self.color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }
    /// The piece a FEN letter names (case gives the colour), given the
    /// role each letter names in the game.
    pub fn from_fen_char(c: char, role_of: impl Fn(char) -> Option<Role>) -> Option<Piece> {
        let role = role_of(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
    /// Index 0..2 * [`Role::COUNT`] for zobrist tables: colour * [`Role::COUNT`] + role.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * Role::COUNT + self.role.index()
    }
}

/// How a (non-pawn) role moves, in the form the attack tables take:
/// leaps the same in all eight mirror images, and rides of any length
/// along ranks and files or diagonals, moving and capturing alike. Two
/// movements are equal when the pieces move alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Every leap, as (files, ranks), in sorted order: closed under the
    /// mirror images.
    pub leaps: Vec<Vector>,
    /// Rides any distance along ranks and files, stopped by the first piece.
    pub rides_orthogonally: bool,
    /// Rides any distance along diagonals, stopped by the first piece.
    pub rides_diagonally: bool,
}

/// Why a piece's Betza moves are not yet played: each names what the
/// attack tables lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnplayableMoves {
    /// It moves differently from how it captures (`m`, `c`).
    MovesUnlikeCaptures,
    /// It has first-move-only moves (`i`).
    FirstMoves,
    /// Its moves differ forward and backward, or left and right.
    Directional,
    /// It has lame leaps (`n`).
    LameLeaps,
    /// It hops (`p`, `g`).
    Hops,
    /// It rides a limited distance (`R4`, `W3`).
    LimitedRides,
    /// It rides other than along ranks, files and diagonals (`NN`).
    OtherRides,
}

impl fmt::Display for UnplayableMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnplayableMoves::MovesUnlikeCaptures => "moves unlike it captures",
            UnplayableMoves::FirstMoves => "has first-move-only moves",
            UnplayableMoves::Directional => {
                "moves differently forward and backward or left and right"
            }
            UnplayableMoves::LameLeaps => "has lame leaps",
            UnplayableMoves::Hops => "hops",
            UnplayableMoves::LimitedRides => "rides a limited distance",
            UnplayableMoves::OtherRides => "rides other than along ranks, files and diagonals",
        })
    }
}

impl Movement {
    /// What a piece moving so is worth, from what the pieces it combines
    /// are worth (`worth` of the knight, bishop, rook and queen): rides
    /// along ranks and files count a rook, along diagonals a bishop, both
    /// a queen; each leap the rides do not already make counts an eighth
    /// of a knight; a piece that both rides and leaps gains a tenth for
    /// the two working together (the archbishop, B + N, comes to about
    /// B + N + 10%).
    pub fn estimated_value(&self, worth: impl Fn(Role) -> i32) -> i32 {
        let rides = match (self.rides_orthogonally, self.rides_diagonally) {
            (true, true) => worth(Role::Queen),
            (true, false) => worth(Role::Rook),
            (false, true) => worth(Role::Bishop),
            (false, false) => 0,
        };
        let covered = |&(f, r): &(i8, i8)| {
            let unit = f.abs() <= 1 && r.abs() <= 1;
            let orthogonal = f == 0 || r == 0;
            unit && if orthogonal {
                self.rides_orthogonally
            } else {
                self.rides_diagonally
            }
        };
        let leaps = self.leaps.iter().filter(|v| !covered(v)).count() as i32;
        let estimate = rides + worth(Role::Knight) * leaps / 8;
        if leaps > 0 && rides != 0 {
            estimate * 11 / 10
        } else {
            estimate
        }
    }

    /// The movement of a piece read from Betza, or why the attack tables
    /// cannot play it yet.
    pub fn from_betza(moves: &PieceMoves) -> Result<Movement, UnplayableMoves> {
        if moves.moves().any(|m| m.initial) {
            return Err(UnplayableMoves::FirstMoves);
        }
        if !moves.moves_as_it_captures() {
            return Err(UnplayableMoves::MovesUnlikeCaptures);
        }
        let mut leaps = Vec::new();
        let mut rides = Vec::new();
        for m in moves.moves().filter(|m| m.modality == Modality::Quiet) {
            match m.travel {
                Travel::Leap => leaps.push(m.vector),
                Travel::Ride { limit: 0 } => rides.push(m.vector),
                Travel::Ride { .. } => return Err(UnplayableMoves::LimitedRides),
                Travel::LameLeap => return Err(UnplayableMoves::LameLeaps),
                Travel::Hop { .. } => return Err(UnplayableMoves::Hops),
            }
        }
        let symmetric = |vectors: &[Vector]| {
            vectors
                .iter()
                .all(|&v| mirror_images(v).iter().all(|image| vectors.contains(image)))
        };
        if !symmetric(&leaps) || !symmetric(&rides) {
            return Err(UnplayableMoves::Directional);
        }
        if rides
            .iter()
            .any(|&(f, r)| !matches!((f.abs(), r.abs()), (0, 1) | (1, 0) | (1, 1)))
        {
            return Err(UnplayableMoves::OtherRides);
        }
        leaps.sort_unstable();
        Ok(Movement {
            rides_orthogonally: rides.contains(&(1, 0)),
            rides_diagonally: rides.contains(&(1, 1)),
            leaps,
        })
    }
}

/// The eight mirror images of a vector, without repeats.
pub fn mirror_images(atom: Vector) -> Vec<Vector> {
    let (a, b) = atom;
    let mut out: Vec<Vector> = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let image = (x * sx, y * sy);
            if !out.contains(&image) {
                out.push(image);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn movement(betza: &str) -> Result<Movement, UnplayableMoves> {
        Movement::from_betza(&PieceMoves::parse(betza).unwrap())
    }

    #[test]
    fn leapers_and_line_riders_are_played() {
        let wad = movement("WAD").unwrap();
        assert_eq!(wad.leaps.len(), 12);
        assert!(!wad.rides_orthogonally && !wad.rides_diagonally);
        let archbishop = movement("BN").unwrap();
        assert_eq!(archbishop.leaps.len(), 8);
        assert!(archbishop.rides_diagonally && !archbishop.rides_orthogonally);
        assert_eq!(movement("Q").unwrap(), movement("RB").unwrap());
    }

    #[test]
    fn what_the_tables_lack_is_named() {
        assert_eq!(
            movement("fmWfcF"),
            Err(UnplayableMoves::MovesUnlikeCaptures)
        );
        assert_eq!(movement("fW"), Err(UnplayableMoves::Directional));
        assert_eq!(movement("vR"), Err(UnplayableMoves::Directional));
        assert_eq!(movement("nN"), Err(UnplayableMoves::LameLeaps));
        assert_eq!(movement("pR"), Err(UnplayableMoves::Hops));
        assert_eq!(movement("R4"), Err(UnplayableMoves::LimitedRides));
        assert_eq!(movement("NN"), Err(UnplayableMoves::OtherRides));
        assert_eq!(movement("KifmnD"), Err(UnplayableMoves::FirstMoves));
        assert_eq!(UnplayableMoves::Hops.to_string(), "hops");
    }
}
