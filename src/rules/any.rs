//! A position of any game, with the bitboard width chosen once from the
//! game's board size. Code above the rules core that must handle every
//! game (the command line, the protocols) works through this type and
//! dispatches once into code specialised for one width.

use std::sync::atomic::AtomicBool;

use super::bitboard::Wide;
use super::color::Color;
use super::fen::FenError;
use super::game::{Game, Outcome};
use super::notation::MoveError;
use super::perft;
use super::position::Position;
use super::variant::{Variant, Width};

/// A position of any game this core plays.
// The variants differ in size by their mailboxes; a position is a value
// that is copied, never boxed.
#[allow(clippy::large_enum_variant)]
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
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        with_position!(self, p => p.side_to_move())
    }
    /// The full-move number.
    pub fn fullmove(&self) -> u32 {
        with_position!(self, p => p.fullmove_number())
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
    /// Every legal castle: its wire spelling, and the king's and the
    /// rook's legs, each (from, to) in square names. For protocols that
    /// spell castling as two moves.
    pub fn castles(&self) -> Vec<(String, [(String, String); 2])> {
        with_position!(self, p => {
            let g = &p.tables().geometry;
            p.legal_moves()
                .iter()
                .filter_map(|&m| {
                    let rook = m.castling_rook()?;
                    let (king_to, rook_to) = p.castling_destinations(m);
                    let legs = [
                        (g.name(m.from()), g.name(king_to)),
                        (g.name(rook), g.name(rook_to)),
                    ];
                    Some((p.wire(m), legs))
                })
                .collect()
        })
    }
    /// The position's own wire spelling of a legal move given in any form
    /// it accepts (king takes own rook, a promotion without its letter).
    pub fn canonical_wire(&self, text: &str) -> Result<String, MoveError> {
        with_position!(self, p => p.parse_wire(text).map(|m| p.wire(m)))
    }
    /// The SAN of a move given in wire spelling, if it is legal.
    pub fn san_of_wire(&self, text: &str) -> Result<String, MoveError> {
        with_position!(self, p => p.parse_wire(text).map(|m| p.san(m)))
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
    /// [`AnyPosition::divide`] that hands each row to `on_row` as soon as
    /// it is known, in generation order, and gives up once `stop` is set.
    pub fn divide_until(
        &self,
        depth: u32,
        parallel: bool,
        stop: &AtomicBool,
        on_row: &(dyn Fn(&str, u64) + Sync),
    ) -> Result<Vec<(String, u64)>, perft::Stopped> {
        with_position!(self, p => perft::divide_until(p, depth, parallel, stop, &|m, n| {
            on_row(&p.wire(m), n)
        })
        .map(|rows| rows.into_iter().map(|(m, n)| (p.wire(m), n)).collect()))
    }
}

/// A game in progress of any game this core plays.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A game on up to 64 squares.
    W64(Game<u64>),
    /// A game on up to 128 squares.
    W128(Game<u128>),
    /// A game on up to 192 squares.
    W192(Game<Wide>),
}

/// Runs `$body` with `$g` bound to the width-specific game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::rules::AnyGame::W64($g) => $body,
            $crate::rules::AnyGame::W128($g) => $body,
            $crate::rules::AnyGame::W192($g) => $body,
        }
    };
}

impl AnyGame {
    /// A game from a position.
    pub fn new(position: AnyPosition) -> AnyGame {
        match position {
            AnyPosition::W64(p) => AnyGame::W64(Game::new(p)),
            AnyPosition::W128(p) => AnyGame::W128(Game::new(p)),
            AnyPosition::W192(p) => AnyGame::W192(Game::new(p)),
        }
    }
    /// A game from `fen` (or the start position) followed by `moves` in
    /// wire spelling. Nothing is returned unless every part is valid.
    pub fn from_setup(
        variant: Variant,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<AnyGame, SetupError> {
        let position = match fen {
            Some(fen) => AnyPosition::from_fen(variant, fen).map_err(SetupError::Fen)?,
            None => AnyPosition::startpos(variant),
        };
        let mut game = AnyGame::new(position);
        for text in moves {
            game.play_wire(text).map_err(SetupError::Move)?;
        }
        Ok(game)
    }
    /// The current position.
    pub fn position(&self) -> AnyPosition {
        match self {
            AnyGame::W64(g) => AnyPosition::W64(*g.position()),
            AnyGame::W128(g) => AnyPosition::W128(*g.position()),
            AnyGame::W192(g) => AnyPosition::W192(*g.position()),
        }
    }
    /// The game.
    pub fn variant(&self) -> Variant {
        with_game!(self, g => g.position().variant())
    }
    /// Plays a move given in wire spelling, if it is legal.
    pub fn play_wire(&mut self, text: &str) -> Result<(), MoveError> {
        with_game!(self, g => {
            let m = g.position().parse_wire(text)?;
            g.play(m);
            Ok(())
        })
    }
    /// Takes back the last move; false at the start.
    pub fn undo(&mut self) -> bool {
        with_game!(self, g => g.undo().is_some())
    }
    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, g => g.outcome())
    }
}

/// Why a position with moves could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The FEN was rejected.
    Fen(FenError),
    /// A move was malformed or illegal.
    Move(MoveError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Fen(e) => write!(f, "{e}"),
            SetupError::Move(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SetupError {}
