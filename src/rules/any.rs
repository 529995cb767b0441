//! A position of any game, with the bitboard width chosen once from the
//! game's board size. Code above the rules core that must handle every
//! game (the command line, the protocols) works through this type and
//! dispatches once into code specialised for one width.

use super::bitboard::Wide;
use super::fen::FenError;
use super::notation::MoveError;
use super::perft;
use super::position::Position;
use super::variant::{Variant, Width};

/// A position of any game this core plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// A game on up to 64 squares.
    W64(Position<u64>),
    /// A game on up to 128 squares.
    W128(Position<u128>),
    /// A game on up to 192 squares.
    W192(Position<Wide>),
}

/// Runs `$body` with `$p` bound to the width-specific position.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::rules::AnyPosition::W64($p) => $body,
            $crate::rules::AnyPosition::W128($p) => $body,
            $crate::rules::AnyPosition::W192($p) => $body,
        }
    };
}

impl AnyPosition {
    /// Reads a FEN of `variant`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(match variant.spec().width() {
            Width::W64 => AnyPosition::W64(Position::from_fen(variant, fen)?),
            Width::W128 => AnyPosition::W128(Position::from_fen(variant, fen)?),
            Width::W192 => AnyPosition::W192(Position::from_fen(variant, fen)?),
        })
    }
    /// The start position of `variant`.
    pub fn startpos(variant: Variant) -> AnyPosition {
        AnyPosition::from_fen(variant, variant.spec().start_fen)
            .expect("every game's start FEN is valid")
    }
    /// The game.
    pub fn variant(&self) -> Variant {
        with_position!(self, p => p.variant())
    }
    /// The FEN.
    pub fn fen(&self) -> String {
        with_position!(self, p => p.fen())
    }
    /// The legal moves in wire spelling, in generation order.
    pub fn legal_wire_moves(&self) -> Vec<String> {
        with_position!(self, p => p.legal_moves().iter().map(|&m| p.wire(m)).collect())
    }
    /// Plays a move given in wire spelling, if it is legal.
    pub fn play_wire(&mut self, text: &str) -> Result<(), MoveError> {
        with_position!(self, p => {
            let m = p.parse_wire(text)?;
            p.play(m);
            Ok(())
        })
    }
    /// Perft to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(self, p => perft::perft(p, depth))
    }
    /// Perft below each root move, with the moves in wire spelling.
    pub fn divide(&self, depth: u32, parallel: bool) -> Vec<(String, u64)> {
        with_position!(self, p => perft::divide(p, depth, parallel)
            .into_iter()
            .map(|(m, n)| (p.wire(m), n))
            .collect())
    }
}
