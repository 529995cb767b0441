//! What the threads of one search share: the table, the signals, the
//! node count, and the best lines a helper thread found.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64};

use crate::engine::nnue::Network;
use crate::engine::score::Score;
use crate::engine::tt::TranspositionTable;
use crate::rules::Move;

use super::control::SearchControl;

/// What the threads of one search share.
pub(super) struct Shared<'a> {
    pub(super) tt: &'a TranspositionTable,
    pub(super) control: &'a SearchControl,
    /// The network that evaluates, or `None` for the hand-written
    /// evaluation.
    pub(super) network: Option<&'a Network>,
    pub(super) nodes: AtomicU64,
    /// Set when the search is over: the main thread is done, or a helper
    /// completed the last iteration asked for.
    pub(super) done: AtomicBool,
    /// The deepest iteration a helper thread completed, with its lines.
    pub(super) helper_best: Mutex<Option<(Lines, u32)>>,
}

/// The lines of one iteration, best first: score and moves.
pub(super) type Lines = Vec<(Score, Vec<Move>)>;
