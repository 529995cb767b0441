//! Why the engine refuses a setting, a game or a position: one type for
//! the whole engine layer, whose text is the one line the protocols and
//! the browser show.

use std::fmt;

use crate::chesswar::errors::SearchError;
use crate::engine::nnue::NetError;
use crate::rules::SetupError;
use crate::rules::variant::UnknownVariant;

/// A refusal of the engine layer. Whatever was refused is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The board games' hash table cannot be had at this size.
    NoMemory {
        /// The size asked for, in MB.
        megabytes: usize,
    },
    /// ChessWar's search table cannot be had.
    ChessWarSearch(SearchError),
    /// An option's value that does not fit it; the text names the option
    /// and says what it takes.
    Option(String),
    /// A game the engine does not play.
    UnknownGame(UnknownVariant),
    /// A board game's FEN or moves.
    Setup(SetupError),
    /// A ChessWar option, set-up, state string or token; the text says
    /// which and why.
    ChessWar(String),
    /// A network file (`EvalFile`).
    Network {
        /// The file as it was given.
        path: String,
        /// What is wrong with it.
        error: NetError,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NoMemory { megabytes } => write!(
                f,
                "cannot allocate a hash table of {megabytes} MB: not enough memory (choose a smaller size)"
            ),
            EngineError::ChessWarSearch(e) => e.fmt(f),
            EngineError::Option(text) | EngineError::ChessWar(text) => f.write_str(text),
            EngineError::UnknownGame(e) => e.fmt(f),
            EngineError::Setup(e) => e.fmt(f),
            EngineError::Network { path, error } => write!(f, "EvalFile {path}: {error}"),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<UnknownVariant> for EngineError {
    fn from(error: UnknownVariant) -> EngineError {
        EngineError::UnknownGame(error)
    }
}

impl From<SetupError> for EngineError {
    fn from(error: SetupError) -> EngineError {
        EngineError::Setup(error)
    }
}

impl From<EngineError> for String {
    fn from(error: EngineError) -> String {
        error.to_string()
    }
}
