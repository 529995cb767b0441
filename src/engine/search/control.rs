//! What the protocols see of a search: the signals that drive it, the
//! settings it runs under and what it reports.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::engine::nnue::Network;
use crate::engine::score::ScoreReport;

/// Signals shared between the front end and a running job: the one stop
/// signal every searcher reads (the board games' search, ChessWar's and
/// perft), pondering, and the clock of the search. An answer that must
/// wait for `stop` or `ponderhit` waits here ([`SearchControl::hold`]).
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    clock: Mutex<Instant>,
    /// Guards the wait of a held answer; `stop` and `ponderhit` wake it.
    held: Mutex<()>,
    released: Condvar,
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
            held: Mutex::new(()),
            released: Condvar::new(),
        }
    }
    /// Prepares for a new search: clears `stop`, starts the clock.
    pub fn begin(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }
    /// Asks the search to stop as soon as it can, and gives a held
    /// answer.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.wake();
    }
    /// Takes back a stop that was meant for one decision only (ChessWar's
    /// `?` ends the decision under way, not the engine's turn).
    pub fn clear_stop(&self) {
        self.stop.store(false, Ordering::SeqCst);
    }
    /// The opponent played the move pondered on: the clock starts now.
    pub fn ponderhit(&self) {
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.pondering.store(false, Ordering::SeqCst);
        self.wake();
    }
    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    /// The stop signal itself, for searchers that read a plain flag
    /// (ChessWar's search, perft counts).
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }
    /// Holds a finished search's answer for as long as it must wait:
    /// until `stop` when `until_stop` (an infinite search), and while
    /// pondering until `ponderhit` or `stop`.
    pub fn hold(&self, until_stop: bool) {
        let mut guard = self.held.lock().unwrap_or_else(|e| e.into_inner());
        while (until_stop || self.pondering()) && !self.stopped() {
            guard = self.released.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
    }
    /// Wakes a held answer to look again whether it may go. The lock is
    /// taken so that the wake cannot fall between the holder's look and
    /// its wait.
    fn wake(&self) {
        let _guard = self.held.lock().unwrap_or_else(|e| e.into_inner());
        self.released.notify_all();
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
#[derive(Clone, Debug)]
pub struct SearchSettings {
    /// Search threads (lazy SMP).
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Time kept in hand per move for communication.
    pub move_overhead: Duration,
    /// The network that evaluates (for the game searched), or `None` for
    /// the hand-written evaluation.
    pub network: Option<Arc<Network>>,
}
