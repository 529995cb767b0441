//! Moves on the wire: `<from><to>[promotion]` in coordinates, with each
//! game's castling spelling (see `rules/wadchess.md`), and Wau Chess's
//! board moves as `^` + the board's corner before and after (`^a4a6`).

use std::fmt;

use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::variant::CastlingStyle;

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a coordinate move at all.
    Malformed(String),
    /// A well-formed move that is not legal in the position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(text) => write!(
                f,
                "malformed move '{text}' (expected coordinates such as e2e4 or e7e8q, or a board move such as ^a4a6)"
            ),
            MoveError::Illegal(text) => write!(f, "illegal move '{text}'"),
        }
    }
}

impl std::error::Error for MoveError {}

impl<B: Bitboard> Position<B> {
    /// The move's wire spelling in this position.
    pub fn wire(&self, m: Move) -> String {
        let g = &self.tables.geometry;
        let from = g.name(m.from());
        match m.kind() {
            MoveKind::BoardMove => format!("^{}{}", from, g.name(m.to())),
            MoveKind::Castle => {
                let rook = m.castling_rook().unwrap_or(m.to());
                let king_files_moved =
                    (g.file_of(m.to()).0 as i32 - g.file_of(m.from()).0 as i32).abs();
                match self.tables.spec.castling {
                    CastlingStyle::Fast if king_files_moved < 2 => {
                        format!("{}{}", g.name(rook), from)
                    }
                    CastlingStyle::Standard if m.to() == m.from() => {
                        format!("{}{}", from, g.name(rook))
                    }
                    _ => format!("{}{}", from, g.name(m.to())),
                }
            }
            _ => {
                let mut text = format!("{}{}", from, g.name(m.to()));
                if let Some(role) = m.promotion_role() {
                    text.push(role.letter().to_ascii_lowercase());
                }
                text
            }
        }
    }

    /// Whether `text` spells castling as "king takes own rook" (the
    /// Chess960 convention), which is accepted as input for castling to the
    /// rook's side: in fast castling onto the square next to the rook.
    fn is_king_takes_rook(&self, m: Move, text: &str) -> bool {
        let (Some(rook), true) = (m.castling_rook(), m.kind() == MoveKind::Castle) else {
            return false;
        };
        let g = &self.tables.geometry;
        if format!("{}{}", g.name(m.from()), g.name(rook)) != text {
            return false;
        }
        match self.tables.spec.castling {
            CastlingStyle::Fast => {
                (g.file_of(m.to()).0 as i32 - g.file_of(rook).0 as i32).abs() == 1
            }
            _ => true,
        }
    }

    /// Reads a move in wire spelling and checks it is legal here.
    pub fn parse_wire(&self, text: &str) -> Result<Move, MoveError> {
        let g = &self.tables.geometry;
        let malformed = || MoveError::Malformed(text.to_string());
        let squares = text.strip_prefix('^').unwrap_or(text);
        let (_, n1) = g.parse_square_prefix(squares).ok_or_else(malformed)?;
        let (_, n2) = g
            .parse_square_prefix(&squares[n1..])
            .ok_or_else(malformed)?;
        let rest = &squares[n1 + n2..];
        if squares.len() != text.len() && !rest.is_empty() {
            return Err(malformed());
        }
        if rest.len() > 1 || !rest.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(malformed());
        }
        let normalised = text.to_ascii_lowercase();
        let legal = self.legal_moves();
        legal
            .iter()
            .copied()
            .find(|&m| self.wire(m) == normalised)
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|&m| self.is_king_takes_rook(m, &normalised))
            })
            .or_else(|| {
                // A compulsory promotion with a single choice (Chad's rook
                // entering the enemy castle) may leave out its letter.
                let (_, _, promoted) = self.tables.entry_promotion?;
                let spelled = format!("{normalised}{}", promoted.letter().to_ascii_lowercase());
                legal
                    .iter()
                    .copied()
                    .find(|&m| m.promotion_role().is_some() && self.wire(m) == spelled)
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}
