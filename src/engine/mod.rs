//! The engine: search and evaluation on top of the rules core. It speaks
//! no protocol; the protocols drive it through [`Engine`].

pub mod bench;
pub mod chesswar;
pub mod error;
pub mod eval;
mod huge_pages;
pub mod limits;
pub mod nnue;
pub mod options;
pub mod runner;
pub mod score;
pub mod search;
pub mod see;
pub mod tt;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::rules::{AnyGame, AnyPosition, SetupError, Variant};
use crate::{with_game, with_position};
use nnue::Network;

pub use chesswar::ChessWarPlay;
use options::{OptionSpec, OptionValue, SwitchSpelling};

pub use error::EngineError;
pub use limits::SearchLimits;
pub use score::ScoreReport;
pub use search::{SearchControl, SearchInfo, SearchMemory, SearchResult, SearchSettings};
pub use tt::TranspositionTable;

pub use options::{
    DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV,
    MAX_THREADS,
};

/// The engine's name as UCI's `id name` and XBoard's `feature myname`
/// report it.
pub const ENGINE_NAME: &str = concat!("motley ", env!("CARGO_PKG_VERSION"));
/// The authors as UCI's `id author` reports them.
pub const ENGINE_AUTHOR: &str = "the motley authors";

/// Every option of the engine, as both protocols list them: the options
/// all games share, then ChessWar's set-up options (and, in a build with
/// the `tune` feature, the search's tunable numbers, for UCI).
pub fn option_table() -> Vec<OptionSpec> {
    let mut table = options::shared();
    table.extend(chesswar::Setup::option_specs());
    #[cfg(feature = "tune")]
    table.extend(search::TUNABLES.iter().map(|t| OptionSpec {
        name: t.name,
        kind: options::OptionKind::Spin {
            default: i64::from(t.default),
            min: i64::from(t.min),
            max: i64::from(t.max),
        },
        audience: options::Audience::Uci,
    }));
    table
}

/// The option called `name` (any case) among those the protocol (`uci`,
/// else XBoard) lists.
pub fn find_listed(name: &str, uci: bool) -> Option<OptionSpec> {
    let table = option_table();
    options::find(&table, name)
        .filter(|o| o.listed_by(uci))
        .cloned()
}

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
    /// Whether a network evaluates, in the games that have one.
    pub use_nnue: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS as u64),
            use_nnue: true,
        }
    }
}

/// A position's static evaluations, in centipawns for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticEvaluation {
    /// Whose move it is.
    pub side_to_move: crate::rules::Color,
    /// The hand-written evaluation.
    pub hand_written: i32,
    /// The network's, when one evaluates the game.
    pub network: Option<i32>,
}

impl StaticEvaluation {
    /// The report's lines, as `motley eval` and UCI's `eval` print them:
    /// each evaluation for the side to move and for White.
    pub fn lines(&self) -> Vec<String> {
        let white = |score: i32| match self.side_to_move {
            crate::rules::Color::White => score,
            crate::rules::Color::Black => -score,
        };
        let line = |name: &str, score: i32| {
            format!(
                "{name:<13} {:+.2} (side to move), {:+.2} (White)",
                f64::from(score) / 100.0,
                f64::from(white(score)) / 100.0
            )
        };
        let mut lines = vec![line("hand-written", self.hand_written)];
        lines.push(match self.network {
            Some(score) => line("network", score),
            None => "network       not used (Use NNUE is off)".to_string(),
        });
        lines
    }
}

pub use crate::rules::GameKind;

/// The game loaded (a board game or ChessWar), the hash memory and the
/// settings: everything a front end drives. The hash memory (`Hash`,
/// XBoard's `memory`) goes to the table of the game loaded: the board
/// games' transposition table, or ChessWar's search table while ChessWar
/// is loaded (the board table keeps 1 MB meanwhile).
pub struct Engine {
    /// The board game: the one loaded, or the last one when ChessWar is.
    board: AnyGame,
    chesswar: ChessWarPlay,
    /// Whether ChessWar is the game loaded.
    plays_chesswar: bool,
    tt: TranspositionTable,
    /// What the search threads learnt about moves in this game.
    memory: Mutex<SearchMemory>,
    options: EngineOptions,
    /// The network `EvalFile` loaded, used for its game in place of the
    /// built-in one.
    loaded_network: Option<Arc<Network>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine set to the chess start position.
    pub fn new() -> Engine {
        Engine::with_hash_mb(DEFAULT_HASH_MB).expect("memory for the default hash table")
    }
    /// An engine as [`Engine::new`] makes it, with `megabytes` MB of hash
    /// memory from the start (a browser game's smaller table is never
    /// allocated at the default size first); an error when the memory
    /// cannot be had.
    pub fn with_hash_mb(megabytes: usize) -> Result<Engine, EngineError> {
        let options = EngineOptions {
            hash_mb: megabytes,
            ..EngineOptions::default()
        };
        Ok(Engine {
            board: AnyGame::new(AnyPosition::startpos(Variant::default())),
            chesswar: ChessWarPlay::new(),
            plays_chesswar: false,
            tt: TranspositionTable::try_new(options.hash_mb)?,
            memory: Mutex::new(SearchMemory::new()),
            options,
            loaded_network: None,
        })
    }
    /// The current settings.
    pub fn options(&self) -> EngineOptions {
        self.options
    }
    /// The game loaded.
    pub fn kind(&self) -> GameKind {
        if self.plays_chesswar {
            GameKind::ChessWar
        } else {
            GameKind::Board(self.board.position().variant())
        }
    }
    /// Whether ChessWar is the game loaded.
    pub fn plays_chesswar(&self) -> bool {
        self.plays_chesswar
    }
    /// Resizes the hash memory (the table's contents are lost). If the
    /// memory cannot be had, the old size stays and an error says so.
    pub fn set_hash_mb(&mut self, megabytes: usize) -> Result<(), EngineError> {
        let megabytes = megabytes.clamp(1, MAX_HASH_MB);
        if megabytes == self.options.hash_mb {
            return Ok(());
        }
        let old = self.options.hash_mb;
        match self.give_memory(megabytes) {
            Ok(()) => {
                self.options.hash_mb = megabytes;
                Ok(())
            }
            Err(e) => {
                self.give_memory_or_least(old);
                Err(e)
            }
        }
    }
    /// [`Engine::give_memory`] at `megabytes`, or at the least (1 MB, and
    /// `Hash` says so) when even that cannot be had.
    fn give_memory_or_least(&mut self, megabytes: usize) {
        if self.give_memory(megabytes).is_err() {
            self.options.hash_mb = 1;
            let _ = self.give_memory(1);
        }
    }
    /// Makes the loaded game's table at `megabytes`, the old one freed
    /// first so that its memory can be reused; the other game's table
    /// keeps the least (1 MB, or none for ChessWar's).
    fn give_memory(&mut self, megabytes: usize) -> Result<(), EngineError> {
        if self.plays_chesswar {
            self.tt = TranspositionTable::new(1);
            self.chesswar.make_table(megabytes)
        } else {
            self.chesswar.free_table();
            self.tt = TranspositionTable::new(1);
            self.tt = TranspositionTable::try_new(megabytes)?;
            Ok(())
        }
    }
    /// Switches between the board games and ChessWar, moving the hash
    /// memory to the new game's table.
    fn switch_to_chesswar(&mut self, chesswar: bool) {
        if chesswar == self.plays_chesswar {
            return;
        }
        self.plays_chesswar = chesswar;
        self.give_memory_or_least(self.options.hash_mb);
    }
    /// Sets an option of the table ([`option_table`]) that the engine
    /// keeps: `UCI_Variant` (the game is loaded at its start), `Hash`,
    /// `Threads`, `MultiPV`, `Move Overhead`, `Clear Hash` and the ChessWar
    /// options, with switches spelt as the protocol spells them.
    /// `Ok(false)`: the option is the front end's own (`Ponder`, `Long
    /// Castling`, ...). Errors change nothing.
    pub fn set_option(
        &mut self,
        spec: &OptionSpec,
        text: &str,
        spelling: SwitchSpelling,
    ) -> Result<bool, EngineError> {
        if chesswar::Setup::is_option(spec.name) {
            self.chesswar.set_option(spec.name, text)?;
            return Ok(true);
        }
        let value = spec.read(text, spelling)?;
        #[cfg(feature = "tune")]
        if let OptionValue::Spin(v) = value
            && search::set_tunable(spec.name, v as i32)
        {
            return Ok(true);
        }
        match (spec.name, value) {
            ("UCI_Variant", OptionValue::Text(name)) => self.load(name.parse()?)?,
            ("Hash", OptionValue::Spin(mb)) => self.set_hash_mb(mb as usize)?,
            ("Threads", OptionValue::Spin(n)) => self.set_threads(n as usize),
            ("MultiPV", OptionValue::Spin(n)) => self.set_multipv(n as usize),
            ("Move Overhead", OptionValue::Spin(ms)) => {
                self.set_move_overhead(Duration::from_millis(ms as u64));
            }
            ("Clear Hash", _) => self.clear_hash(),
            ("Use NNUE", OptionValue::Check(on)) => self.options.use_nnue = on,
            ("EvalFile", OptionValue::Text(path)) => self.load_network(&path)?,
            ("VariantPath", OptionValue::Text(path)) => load_variants(&path)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
    /// Loads the network file at `path` for the board game loaded (empty:
    /// back to the built-in networks). A file for another game, one that
    /// is not a network or a damaged one is an error, and the network
    /// loaded before stays. The network serves its game until another is
    /// loaded.
    pub fn load_network(&mut self, path: &str) -> Result<(), EngineError> {
        let path = path.trim();
        if path.is_empty() || path == "<empty>" {
            self.loaded_network = None;
            return Ok(());
        }
        let variant = self.board.position().variant();
        let net = Network::load(std::path::Path::new(path), Some(variant)).map_err(|error| {
            EngineError::Network {
                path: path.to_string(),
                error,
            }
        })?;
        self.loaded_network = Some(Arc::new(net));
        Ok(())
    }
    /// Makes `net` evaluate its game in place of the built-in network, as
    /// `EvalFile` does with a file.
    pub fn set_network(&mut self, net: Arc<Network>) {
        self.loaded_network = Some(net);
    }
    /// Turns the networks on or off, as `Use NNUE` does.
    pub fn set_use_nnue(&mut self, on: bool) {
        self.options.use_nnue = on;
    }
    /// The network that evaluates `variant` now: `EvalFile`'s if it is
    /// for that game, else the built-in one; none when `Use NNUE` is off
    /// (every board game has a built-in network).
    pub fn network_for(&self, variant: Variant) -> Option<Arc<Network>> {
        if !self.options.use_nnue {
            return None;
        }
        match &self.loaded_network {
            Some(net) if net.variant() == variant => Some(Arc::clone(net)),
            _ => nnue::embedded(variant),
        }
    }
    /// The static evaluations of the board position: the hand-written one
    /// and the network's (when the game has one and `Use NNUE` is on,
    /// with the endgame knowledge the search adds to it), from the side
    /// to move's point of view. `None` while ChessWar is
    /// loaded.
    pub fn static_evaluation(&self) -> Option<StaticEvaluation> {
        if self.plays_chesswar {
            return None;
        }
        let variant = self.board.position().variant();
        let network = self.network_for(variant);
        Some(
            with_position!(self.board.position(), pos => StaticEvaluation {
                side_to_move: pos.side_to_move(),
                hand_written: eval::evaluate(&pos, eval::EvalTables::get(variant)),
                network: network.as_deref().map(|net| {
                    let raw = nnue::Accumulator::fresh(net, &pos).evaluate(net, pos.side_to_move(), pos.piece_count());
                    eval::with_endgame_knowledge_for_side(&pos, eval::EvalTables::get(variant), raw)
                }),
            }),
        )
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
    /// Forgets what earlier searches learnt (`Clear Hash`).
    pub fn clear_hash(&mut self) {
        self.tt.clear();
        self.memory
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        self.chesswar.clear_table();
    }
    /// A new game starts: what earlier searches learnt is forgotten and
    /// the engine's ChessWar dice start again from their seed.
    pub fn new_game(&mut self) {
        self.clear_hash();
        self.chesswar.restart_dice();
    }
    /// The board game: the one loaded, or the last one while ChessWar is.
    pub fn game(&self) -> &AnyGame {
        &self.board
    }
    /// The board game, to make moves in it.
    pub fn game_mut(&mut self) -> &mut AnyGame {
        &mut self.board
    }
    /// ChessWar: its options, game and dice (loaded or not).
    pub fn chesswar(&self) -> &ChessWarPlay {
        &self.chesswar
    }
    /// ChessWar, to play tokens, roll or set options.
    pub fn chesswar_mut(&mut self) -> &mut ChessWarPlay {
        &mut self.chesswar
    }
    /// Loads a game at its start: a board game's start position, or the
    /// ChessWar start state the options describe. On error the game
    /// loaded stays.
    pub fn load(&mut self, kind: GameKind) -> Result<(), EngineError> {
        match kind {
            GameKind::Board(variant) => Ok(self.set_position(variant, None, &[])?),
            GameKind::ChessWar => self.set_chesswar_position(None, &[]),
        }
    }
    /// Sets up a board game from a FEN (or the start position) and moves,
    /// and loads it. On error the previous game stays in place.
    pub fn set_position(
        &mut self,
        variant: Variant,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<(), SetupError> {
        self.board = AnyGame::from_setup(variant, fen, moves)?;
        self.switch_to_chesswar(false);
        Ok(())
    }
    /// Sets up ChessWar from a state string (or the start state the
    /// options describe) and tokens, and loads it. On error the previous
    /// game stays in place.
    pub fn set_chesswar_position(
        &mut self,
        state: Option<&str>,
        tokens: &[String],
    ) -> Result<(), EngineError> {
        self.chesswar.set_position(state, tokens)?;
        self.switch_to_chesswar(true);
        Ok(())
    }
    /// Sets up the game loaded from a FEN or state string (`None`: its
    /// start) and moves or tokens.
    pub fn set_loaded_position(
        &mut self,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<(), EngineError> {
        match self.kind() {
            GameKind::ChessWar => self.set_chesswar_position(start, moves),
            GameKind::Board(variant) => {
                let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
                Ok(self.set_position(variant, start, &moves)?)
            }
        }
    }
    /// Searches the current board position. The answer comes as soon as
    /// the search ends: an infinite or pondering search that must wait
    /// for `stop` is held by the runner ([`SearchControl::hold`]).
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
            network: self.network_for(self.board.position().variant()),
        };
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        with_game!(&self.board, g => search::search(g, &self.tt, &settings, limits, control, &mut memory, on_info))
    }
}

/// Loads the games of a `variants.ini` file (`VariantPath`; empty: none),
/// which `UCI_Variant` and XBoard's `variant` may then name. A file that
/// cannot be read is an error; so is one with sections that do not load,
/// after the others are loaded: the error names how many and the first.
fn load_variants(path: &str) -> Result<(), EngineError> {
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return Ok(());
    }
    let report = crate::rules::ini::registry::load_file(path, true).map_err(EngineError::Option)?;
    let failed = report.failure_lines();
    match failed.first() {
        None => Ok(()),
        Some(first) => Err(EngineError::Option(format!(
            "VariantPath: {} of {} sections not loaded, the first: {first}",
            failed.len(),
            failed.len() + report.playable.len()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_memory_follows_the_game_loaded() {
        let mut engine = Engine::new();
        assert_eq!(engine.kind(), GameKind::Board(Variant::Chess));
        assert!(!engine.chesswar().has_table());
        engine.load("ChessWar".parse().unwrap()).unwrap();
        assert!(engine.plays_chesswar() && engine.chesswar().has_table());
        engine.set_hash_mb(2).unwrap();
        assert_eq!(engine.options().hash_mb, 2);
        assert!(engine.chesswar().has_table());
        engine.load("wadchess".parse().unwrap()).unwrap();
        assert_eq!(engine.kind(), GameKind::Board(Variant::WadChess));
        assert!(!engine.chesswar().has_table());
        assert!("ents".parse::<GameKind>().is_err());
    }

    /// A search of every game with a network ends with a move; where debug
    /// assertions are on (`cargo test`, the stress profile) every
    /// evaluation's sums, made move by move along the search's paths, are
    /// also checked against fresh ones.
    #[test]
    fn every_game_searches_with_a_network() {
        let dir = std::env::temp_dir().join(format!("motley-engine-nnue-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for variant in Variant::ALL {
            let net = Network::quantised(&nnue::network::random_float_network(variant, 16, 5));
            let path = dir.join(format!("{}.nnue", variant.name()));
            net.save(&path).unwrap();
            let mut engine = Engine::new();
            engine.set_position(variant, None, &[]).unwrap();
            engine.load_network(path.to_str().unwrap()).unwrap();
            assert!(engine.static_evaluation().unwrap().network.is_some());
            let limits = SearchLimits {
                depth: Some(5),
                ..SearchLimits::default()
            };
            let control = SearchControl::new();
            control.begin(false);
            let result = engine.search(&limits, &control, &mut |_| {});
            assert!(result.best_move.is_some(), "{variant:?}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_option_has_its_own_name() {
        let table = option_table();
        for (i, option) in table.iter().enumerate() {
            let again = table[i + 1..]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(option.name));
            assert!(!again, "{} listed twice", option.name);
        }
        assert!(find_listed("hash", true).is_some());
        assert!(find_listed("hash", false).is_none(), "XBoard has `memory`");
        assert!(find_listed("board moves", false).is_some());
        assert!(find_listed("board moves", true).is_none());
    }

    #[test]
    fn options_reach_the_part_that_keeps_them() {
        let mut engine = Engine::new();
        let table = option_table();
        let set = |engine: &mut Engine, name: &str, value: &str| {
            let spec = options::find(&table, name).unwrap().clone();
            engine.set_option(&spec, value, SwitchSpelling::Words)
        };
        assert_eq!(set(&mut engine, "multipv", "3"), Ok(true));
        assert_eq!(engine.options().multipv, 3);
        assert!(set(&mut engine, "MultiPV", "0").is_err());
        assert_eq!(engine.options().multipv, 3);
        assert_eq!(set(&mut engine, "Ponder", "true"), Ok(false));
        assert!(set(&mut engine, "Ponder", "1").is_err());
        assert_eq!(set(&mut engine, "ChessWar White Race", "orc"), Ok(true));
        assert_eq!(set(&mut engine, "UCI_Variant", "chesswar"), Ok(true));
        assert!(
            engine
                .chesswar()
                .state()
                .to_string()
                .contains(" orc/human ")
        );
        // A set-up the rules refuse leaves the game loaded as it was.
        assert_eq!(set(&mut engine, "ChessWar Budget", "10"), Ok(true));
        assert!(set(&mut engine, "UCI_Variant", "chesswar").is_err());
        assert!(set(&mut engine, "UCI_Variant", "chess").is_ok());
        assert!(!engine.plays_chesswar());
    }
}
