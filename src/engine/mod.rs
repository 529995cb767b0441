//! The engine: search and evaluation on top of the rules core. It speaks
//! no protocol; the protocols drive it through [`Engine`].

pub mod bench;
pub mod eval;
pub mod limits;
pub mod options;
pub mod runner;
pub mod score;
pub mod search;
pub mod see;
pub mod tt;

use std::sync::Mutex;
use std::time::Duration;

use crate::rules::{AnyGame, AnyPosition, SetupError, Variant};
use crate::with_game;

pub use limits::SearchLimits;
pub use score::ScoreReport;
pub use search::{SearchControl, SearchInfo, SearchMemory, SearchResult, SearchSettings};
pub use tt::TranspositionTable;

/// Default hash table size in MB.
pub const DEFAULT_HASH_MB: usize = 64;
/// Largest hash table the options accept, in MB.
pub const MAX_HASH_MB: usize = 65_536;
/// Most search threads the options accept.
pub const MAX_THREADS: usize = 256;
/// Most lines MultiPV accepts.
pub const MAX_MULTIPV: usize = 256;
/// Default time kept in hand per move, in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD_MS: usize = 10;
/// Largest time kept in hand per move the options accept, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: usize = 5000;

/// The engine's settings, as the protocols' options set them.
#[derive(Clone, Copy, Debug)]
pub struct EngineOptions {
    /// Hash table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Time kept in hand per move.
    pub move_overhead: Duration,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS as u64),
        }
    }
}

/// A game, a hash table and settings: everything a protocol drives.
pub struct Engine {
    game: AnyGame,
    tt: TranspositionTable,
    /// What the search threads learnt about moves in this game.
    memory: Mutex<SearchMemory>,
    options: EngineOptions,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine set to the chess start position.
    pub fn new() -> Engine {
        let options = EngineOptions::default();
        Engine {
            game: AnyGame::new(AnyPosition::startpos(Variant::Chess)),
            tt: TranspositionTable::new(options.hash_mb),
            memory: Mutex::new(SearchMemory::new()),
            options,
        }
    }
    /// The current settings.
    pub fn options(&self) -> EngineOptions {
        self.options
    }
    /// Resizes the hash table (its contents are lost). If the memory
    /// cannot be had, the old table stays and an error says so.
    pub fn set_hash_mb(&mut self, megabytes: usize) -> Result<(), String> {
        let megabytes = megabytes.clamp(1, MAX_HASH_MB);
        if megabytes != self.options.hash_mb {
            // Free the old table first, so that its memory can be reused.
            self.tt = TranspositionTable::new(1);
            match TranspositionTable::try_new(megabytes) {
                Ok(tt) => {
                    self.tt = tt;
                    self.options.hash_mb = megabytes;
                }
                Err(e) => {
                    match TranspositionTable::try_new(self.options.hash_mb) {
                        Ok(tt) => self.tt = tt,
                        Err(_) => self.options.hash_mb = 1,
                    }
                    return Err(e);
                }
            }
        }
        Ok(())
    }
    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.clamp(1, MAX_THREADS);
    }
    /// Sets the number of lines to report.
    pub fn set_multipv(&mut self, lines: usize) {
        self.options.multipv = lines.clamp(1, MAX_MULTIPV);
    }
    /// Sets the time kept in hand per move.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.options.move_overhead = overhead;
    }
    /// Forgets what earlier searches learnt (a new game starts).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.memory
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
    /// The game being played.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }
    /// The game being played, to make moves in it.
    pub fn game_mut(&mut self) -> &mut AnyGame {
        &mut self.game
    }
    /// Sets up a position from a FEN (or the start position) and moves.
    /// On error the previous game stays in place.
    pub fn set_position(
        &mut self,
        variant: Variant,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<(), SetupError> {
        self.game = AnyGame::from_setup(variant, fen, moves)?;
        Ok(())
    }
    /// Searches the current position. The answer comes as soon as the
    /// search ends: an infinite or pondering search that must wait for
    /// `stop` is held by the runner ([`SearchControl::hold`]).
    pub fn search(
        &self,
        limits: &SearchLimits,
        control: &SearchControl,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let settings = SearchSettings {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
        };
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        with_game!(&self.game, g => search::search(g, &self.tt, &settings, limits, control, &mut memory, on_info))
    }
}
