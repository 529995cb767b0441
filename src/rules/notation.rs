//! Moves on the wire: `<from><to>[promotion]` in coordinates, with each
//! game's castling spelling (see `src/rules/games/wadchess.md`), and Wau Chess's
//! board moves as `^` + the board's corner before and after (`^a4a6`).
//!
//! A castle is also read as its two legs, the king's and the rook's, joined
//! by a comma (`f1g1,j1f1`): the form the engine prints for fast castling
//! under XBoard, so every reader of moves accepts what the engine prints.

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
                "malformed move '{text}' (expected coordinates such as e2e4 or e7e8q, a board move such as ^a4a6, or a castle's two legs such as f1g1,j1f1)"
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
                    // A king that moves less than two files would read as
                    // a king's step: it is written as taking its own rook.
                    CastlingStyle::Standard if king_files_moved < 2 => {
                        format!("{}{}", from, g.name(rook))
                    }
                    _ => format!("{}{}", from, g.name(m.to())),
                }
            }
            _ => {
                let mut text = format!("{}{}", from, g.name(m.to()));
                if let Some(role) = m.promotion_role() {
                    text.push(self.tables.spec.letter(role).to_ascii_lowercase());
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

    /// Reads a castle given as its two legs, `KINGFROM KINGTO,ROOKFROM
    /// ROOKTO` (either leg may come first): the legal castle whose legs
    /// they are.
    fn parse_castle_legs(&self, text: &str) -> Result<Move, MoveError> {
        let g = &self.tables.geometry;
        let malformed = || MoveError::Malformed(text.to_string());
        let lower = text.to_ascii_lowercase();
        let (first, second) = lower.split_once(',').ok_or_else(malformed)?;
        let leg = |leg: &str| -> Result<String, MoveError> {
            let (from, n1) = g.parse_square_prefix(leg).ok_or_else(malformed)?;
            let (to, n2) = g.parse_square_prefix(&leg[n1..]).ok_or_else(malformed)?;
            if n1 + n2 != leg.len() {
                return Err(malformed());
            }
            Ok(format!("{}{}", g.name(from), g.name(to)))
        };
        let sent = [leg(first)?, leg(second)?];
        self.legal_moves()
            .iter()
            .copied()
            .find(|&m| {
                let (Some(rook), MoveKind::Castle) = (m.castling_rook(), m.kind()) else {
                    return false;
                };
                let (king_to, rook_to) = self.castling_destinations(m);
                let king = format!("{}{}", g.name(m.from()), g.name(king_to));
                let rook = format!("{}{}", g.name(rook), g.name(rook_to));
                (sent[0] == king && sent[1] == rook) || (sent[0] == rook && sent[1] == king)
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Reads a move in wire spelling and checks it is legal here. A castle
    /// may also be given as its two legs (`f1g1,j1f1`).
    pub fn parse_wire(&self, text: &str) -> Result<Move, MoveError> {
        let g = &self.tables.geometry;
        let malformed = || MoveError::Malformed(text.to_string());
        if text.contains(',') {
            return self.parse_castle_legs(text);
        }
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
                let letter = self.tables.spec.letter(promoted).to_ascii_lowercase();
                let spelled = format!("{normalised}{letter}");
                legal
                    .iter()
                    .copied()
                    .find(|&m| m.promotion_role().is_some() && self.wire(m) == spelled)
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{AnyPosition, Variant};

    const WAD_CASTLES: &str = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";

    #[test]
    fn a_castle_is_read_as_its_two_legs() {
        let position = AnyPosition::from_fen(Variant::WadChess, WAD_CASTLES).unwrap();
        for (legs, castle) in [
            ("f1g1,j1f1", "j1f1"),
            ("F1G1,J1F1", "j1f1"),
            ("j1f1,f1g1", "j1f1"),
            ("f1c1,a1f1", "f1c1"),
        ] {
            assert_eq!(
                position.canonical_wire(legs).as_deref(),
                Ok(castle),
                "{legs}"
            );
        }
        let mut black = AnyPosition::from_fen(
            Variant::WadChess,
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R b KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(black.canonical_wire("f8g8,j8f8").as_deref(), Ok("j8f8"));
        black.play_wire("f8g8,j8f8").unwrap();
        assert!(black.fen().starts_with("r4rk3/"), "{}", black.fen());
    }

    #[test]
    fn two_legs_that_are_no_legal_castle_are_refused() {
        use super::MoveError;
        let position = AnyPosition::from_fen(Variant::WadChess, WAD_CASTLES).unwrap();
        // Legs of no castle, a castle of the side not to move, a king leg
        // that does not fit the rook's.
        for text in ["e2e4,e7e5", "f8g8,j8f8", "f1g1,a1f1", "f1g1,j1f1,"] {
            assert!(
                matches!(
                    position.canonical_wire(text),
                    Err(MoveError::Illegal(_) | MoveError::Malformed(_))
                ),
                "{text}"
            );
        }
        for text in [
            ",",
            "f1g1,",
            ",j1f1",
            "f1g1,j1",
            "f1g1q,j1f1",
            "f1g1,j1f1,f1g1",
        ] {
            assert!(
                matches!(position.canonical_wire(text), Err(MoveError::Malformed(_))),
                "{text}"
            );
        }
        // No castle at all in this position.
        let plain = AnyPosition::startpos(Variant::WadChess);
        assert!(plain.canonical_wire("f1g1,j1f1").is_err());
    }
}
