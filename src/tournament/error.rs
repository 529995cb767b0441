//! Why a match cannot be set up or played: one type for the match
//! runner, whose text is the one line `motley match` prints.

use std::fmt;

use crate::rules::SetupError;
use crate::rules::variant::UnknownVariant;
use crate::tournament::player::Fault;

/// A refusal of the match runner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// A game the runner does not play.
    UnknownGame(UnknownVariant),
    /// An opening that is not a legal start.
    Opening {
        /// Its line in the openings file, from 1.
        line: usize,
        /// What is wrong with it.
        error: SetupError,
    },
    /// An openings file without openings.
    NoOpenings,
    /// A time control that cannot be read; the text says what it expects.
    TimeControl(String),
    /// SPRT settings that cannot be read; the text says which.
    Sprt(String),
    /// ChessWar set-up options the runner cannot start from; the text
    /// says which and why.
    ChessWar(String),
    /// The PGN file or its side file; the text names the file.
    Pgn(String),
    /// An engine that cannot start, refuses an option or does not play
    /// the game.
    Engine {
        /// Which engine, 1 or 2.
        number: usize,
        /// Its command.
        command: String,
        /// What went wrong.
        fault: Fault,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::UnknownGame(e) => e.fmt(f),
            MatchError::Opening { line, error } => write!(f, "openings line {line}: {error}"),
            MatchError::NoOpenings => f.write_str("the openings file has no openings"),
            MatchError::TimeControl(text)
            | MatchError::Sprt(text)
            | MatchError::ChessWar(text)
            | MatchError::Pgn(text) => f.write_str(text),
            MatchError::Engine {
                number,
                command,
                fault,
            } => write!(f, "engine {number} ('{command}'): {fault}"),
        }
    }
}

impl std::error::Error for MatchError {}

impl From<UnknownVariant> for MatchError {
    fn from(error: UnknownVariant) -> MatchError {
        MatchError::UnknownGame(error)
    }
}
