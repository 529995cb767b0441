//! Standard algebraic notation (SAN) for game records: `Nf3`, `exd5`,
//! `e8=Q+`, `O-O`, with the least disambiguation that is unique.
//!
//! Fast castling has no SAN form (the king may land on several squares on
//! one side), so it is written in its wire spelling, e.g. `f1c1`; so is a
//! Wau Chess board move, e.g. `^a4a6`.

use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::piece::Role;
use super::position::Position;
use super::variant::CastlingStyle;

impl<B: Bitboard> Position<B> {
    /// The SAN of a legal move `m` in this position.
    pub fn san(&self, m: Move) -> String {
        let g = &self.tables().geometry;
        let mut text = match m.kind() {
            MoveKind::BoardMove => self.wire(m),
            MoveKind::Castle => match self.tables().spec.castling {
                CastlingStyle::Fast => self.wire(m),
                _ => {
                    let rook = m.castling_rook().unwrap_or(m.to());
                    if g.file_of(rook).0 > g.file_of(m.from()).0 {
                        "O-O".to_string()
                    } else {
                        "O-O-O".to_string()
                    }
                }
            },
            _ => {
                let role = self.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
                let capture = self.captured(m).is_some() || m.kind() == MoveKind::EnPassant;
                let mut text = String::new();
                if role == Role::Pawn {
                    // A capture names the pawn's file; a step needs more
                    // only where two pawns may step to one square
                    // (Berolina's diagonal steps; straight steps never
                    // meet, so chess skips the search).
                    if capture {
                        text.push(g.file_of(m.from()).letter());
                    } else if !self.tables().pawn_steps_straight {
                        text.push_str(&self.disambiguation(m, role));
                    }
                } else {
                    text.push(self.tables().spec.letter(role));
                    text.push_str(&self.disambiguation(m, role));
                }
                if capture {
                    text.push('x');
                }
                text.push_str(&g.name(m.to()));
                if let Some(promoted) = m.promotion_role() {
                    text.push('=');
                    text.push(self.tables().spec.letter(promoted));
                }
                text
            }
        };
        let after = self.after(m);
        if after.in_check() {
            text.push(if after.has_legal_move() { '+' } else { '#' });
        }
        text
    }

    /// The file, rank or square that tells `m` apart from the other legal
    /// moves of a `role` to the same square (empty when none does).
    fn disambiguation(&self, m: Move, role: Role) -> String {
        let g = &self.tables().geometry;
        let rivals: Vec<Move> = self
            .legal_moves()
            .iter()
            .copied()
            .filter(|&o| {
                o.to() == m.to()
                    && o.from() != m.from()
                    && o.kind() != MoveKind::Castle
                    && self.piece_at(o.from()).map(|p| p.role) == Some(role)
            })
            .collect();
        if rivals.is_empty() {
            return String::new();
        }
        let (file, rank) = (g.file_of(m.from()), g.rank_of(m.from()));
        if rivals.iter().all(|o| g.file_of(o.from()) != file) {
            file.letter().to_string()
        } else if rivals.iter().all(|o| g.rank_of(o.from()) != rank) {
            g.name(m.from())[1..].to_string()
        } else {
            g.name(m.from())
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Position, Variant};

    fn san(variant: Variant, fen: &str, wire: &str) -> String {
        let p: Position<u128> = Position::from_fen(variant, fen).unwrap();
        p.san(p.parse_wire(wire).unwrap())
    }

    fn chess(fen: &str, wire: &str) -> String {
        let p: Position<u64> = Position::from_fen(Variant::Chess, fen).unwrap();
        p.san(p.parse_wire(wire).unwrap())
    }

    #[test]
    fn chess_moves_in_san() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(chess(start, "e2e4"), "e4");
        assert_eq!(chess(start, "g1f3"), "Nf3");
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(chess(kiwipete, "e1g1"), "O-O");
        assert_eq!(chess(kiwipete, "e1c1"), "O-O-O");
        assert_eq!(chess(kiwipete, "d5e6"), "dxe6");
        assert_eq!(chess(kiwipete, "e5f7"), "Nxf7");
        assert_eq!(chess(kiwipete, "f3f6"), "Qxf6");
        // Rooks on one rank: the file decides.
        assert_eq!(chess("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1"), "Rad1");
        // Rooks on one file: the rank decides.
        assert_eq!(chess("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a4"), "R1a4");
        // Three queens: the whole square.
        assert_eq!(chess("7k/8/8/8/Q1Q5/8/Q7/K7 w - - 0 1", "a4b3"), "Qa4b3");
        assert_eq!(chess("7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q"), "e8=Q+");
        assert_eq!(chess("6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1", "d1d8"), "Rd8#");
        assert_eq!(chess("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
    }

    #[test]
    fn wad_pieces_and_fast_castling() {
        let start = Variant::WadChess.spec().start_fen;
        assert_eq!(san(Variant::WadChess, start, "b1d3"), "Cd3");
        let castle = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
        assert_eq!(san(Variant::WadChess, castle, "f1c1"), "f1c1");
        assert_eq!(san(Variant::WadChess, castle, "j1f1"), "j1f1");
    }
}
