//! Piece types (roles), coloured pieces, and how each role moves.
//!
//! Movement is data: a role moves by a set of leaps and by rides along the
//! eight king directions. The WAD, the FAD and the Chad king are table
//! entries, not code paths.

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
}

impl Role {
    /// Number of roles, the size of per-role tables.
    pub const COUNT: usize = 8;
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
    ];

    /// The role's index into per-role tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The upper-case letter of the role (White's FEN letter).
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
        }
    }
    /// The role named by a letter of either case.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.letter() == c.to_ascii_uppercase())
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
    /// The FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }
    /// The piece named by a FEN letter (case gives the colour).
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
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

/// A leap by (files, ranks); used with all its mirror images.
pub type Atom = (i8, i8);

/// Betza's wazir: one step orthogonally.
pub const WAZIR: Atom = (1, 0);
/// Betza's ferz: one step diagonally.
pub const FERZ: Atom = (1, 1);
/// Betza's dabbaba: a leap of two squares orthogonally.
pub const DABBABA: Atom = (2, 0);
/// Betza's alfil: a leap of two squares diagonally.
pub const ALFIL: Atom = (2, 2);
/// The knight's leap.
pub const KNIGHT: Atom = (2, 1);

/// How a (non-pawn) role moves: leaps plus rides along king directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Leap atoms; each stands for all its mirror images.
    pub leaps: &'static [Atom],
    /// Rides any distance along ranks and files, stopped by the first piece.
    pub rides_orthogonally: bool,
    /// Rides any distance along diagonals, stopped by the first piece.
    pub rides_diagonally: bool,
}

impl Movement {
    /// A pure leaper.
    pub const fn leaper(leaps: &'static [Atom]) -> Movement {
        Movement {
            leaps,
            rides_orthogonally: false,
            rides_diagonally: false,
        }
    }
    /// A pure rider.
    pub const fn rider(orthogonal: bool, diagonal: bool) -> Movement {
        Movement {
            leaps: &[],
            rides_orthogonally: orthogonal,
            rides_diagonally: diagonal,
        }
    }
}

/// The eight mirror images of a leap atom, without repeats.
pub fn mirror_images(atom: Atom) -> Vec<Atom> {
    let (a, b) = atom;
    let mut out: Vec<Atom> = Vec::with_capacity(8);
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
