//! What the protocols see of a search: the signals that drive it, the
//! settings it runs under and what it reports.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::engine::score::ScoreReport;

/// Signals shared between the protocol and a running search.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    clock: Mutex<Instant>,
}

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl::new()
    }
}

impl SearchControl {
    /// Controls for a search that is not running.
    pub fn new() -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            clock: Mutex::new(Instant::now()),
        }
    }
    /// Prepares for a new search: clears `stop`, starts the clock.
    pub fn begin(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }
    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
    /// The opponent played the move pondered on: the clock starts now.
    pub fn ponderhit(&self) {
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.pondering.store(false, Ordering::SeqCst);
    }
    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    pub(super) fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
    pub(super) fn elapsed(&self) -> Duration {
        self.clock
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .elapsed()
    }
}

/// One line of search progress, for `info` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = best) this is, with MultiPV.
    pub multipv: u32,
    /// The line's score.
    pub score: ScoreReport,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Hash table use, permille.
    pub hashfull: u32,
    /// The principal variation in wire spelling.
    pub pv: Vec<String>,
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` when there is no legal move).
    pub best_move: Option<String>,
    /// The expected reply, to ponder on.
    pub ponder_move: Option<String>,
    /// The best line's score.
    pub score: ScoreReport,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// Settings of one search that do not come from `go`.
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings {
    /// Search threads (lazy SMP).
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Time kept in hand per move for communication.
    pub move_overhead: Duration,
}
