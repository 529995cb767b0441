//! Training data from self-play: the engine plays itself from randomised
//! openings and records quiet positions with its search score and, once
//! the game is over, the game's result.
//!
//! Each game starts with a few random legal plies; it is kept only when a
//! search then finds the position roughly balanced. Every later position
//! is searched to the same node count (or depth) and the best move played.
//! A position is recorded when the side to move is not in check and the
//! best move is neither a capture nor a promotion, and its score is in
//! centipawns. A game ends by the rules, by a mate the search has proved
//! (the mating side wins), as a draw after [`DatagenConfig::max_plies`],
//! or, where [`DatagenConfig::decided_cp`] is set, as a win once the
//! searches of [`DECIDED_PLIES`] plies in a row give one side at least
//! that much: the rest of a won game teaches the network little and costs
//! as much to search as a live one.
//!
//! Game `i` uses a random generator seeded from the seed and `i` and a
//! table emptied before it, so the same seed gives the same games whatever
//! the number of threads; only their order in the file changes.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::engine::nnue::Network;
use crate::engine::{Engine, ScoreReport, SearchControl, SearchLimits, SearchResult};
use crate::rules::random::XorShift;
use crate::rules::{Color, MoveKind, Variant};
use crate::with_position;

use super::data::{DataError, DataWriter, Outcome, PositionRecord};

/// What to generate.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// The game.
    pub variant: Variant,
    /// The position the random plies start from (`None`: the game's
    /// start), e.g. the start without castling rights.
    pub start_fen: Option<String>,
    /// Games to play (openings thrown away as unbalanced are not counted).
    pub games: u64,
    /// No game starts after this long from the start of the run; the
    /// games under way finish. `None`: `games` alone ends the run.
    pub time_limit: Option<Duration>,
    /// The search of each move: a node count or a depth.
    pub limits: SearchLimits,
    /// Games played at once, each by its own engine.
    pub threads: usize,
    /// Seeds the random openings.
    pub seed: u64,
    /// Random plies of an opening: this many, or one more (so that either
    /// side may be the first to move out of book).
    pub random_plies: usize,
    /// An opening is kept when its search score is within this many
    /// centipawns of 0.
    pub balance_cp: i32,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// A game is won by the side that the searches of [`DECIDED_PLIES`]
    /// plies in a row put at least this many centipawns ahead (`None`:
    /// games are played out).
    pub decided_cp: Option<i32>,
    /// Hash table of each engine, in MB.
    pub hash_mb: usize,
    /// Whether the searches use a network (the built-in one, or
    /// `network`) where the game has one; off, the hand-written
    /// evaluation.
    pub use_nnue: bool,
    /// The network that evaluates, in place of the built-in one.
    pub network: Option<Arc<Network>>,
}

impl DatagenConfig {
    /// The defaults for `variant`: 5000 nodes a move, 8-9 random plies,
    /// openings within 3 pawns, 400 plies at most, 16 MB per engine.
    pub fn new(variant: Variant, games: u64) -> DatagenConfig {
        DatagenConfig {
            variant,
            start_fen: None,
            games,
            time_limit: None,
            limits: SearchLimits {
                nodes: Some(5000),
                ..SearchLimits::default()
            },
            threads: 1,
            seed: 1,
            random_plies: 8,
            balance_cp: 300,
            max_plies: 400,
            decided_cp: None,
            hash_mb: 16,
            use_nnue: true,
            network: None,
        }
    }
}

/// Plies in a row that must score a game beyond
/// [`DatagenConfig::decided_cp`] for it to be adjudicated.
pub const DECIDED_PLIES: usize = 4;

/// How far a run has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DatagenProgress {
    /// Games finished.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// Since the start of the run.
    pub elapsed: Duration,
}

/// Plays `config.games` games (fewer when `config.time_limit` runs out
/// first) and appends their positions to `out`
/// (created if missing; an existing file must hold the same game's
/// positions). `progress` is called about once a second, and once at the
/// end, on the calling thread.
pub fn generate(
    config: &DatagenConfig,
    out: &Path,
    progress: &mut dyn FnMut(&DatagenProgress),
) -> Result<DatagenProgress, DataError> {
    if let Some(fen) = &config.start_fen {
        crate::rules::AnyGame::from_setup(config.variant, Some(fen), &[])
            .map_err(|e| DataError::BadStart(e.to_string()))?;
    }
    let writer = Mutex::new(DataWriter::append(out, config.variant)?);
    let next_game = AtomicU64::new(0);
    let games_done = AtomicU64::new(0);
    let positions = AtomicU64::new(0);
    let failed: Mutex<Option<DataError>> = Mutex::new(None);
    let start = Instant::now();
    let snapshot = || DatagenProgress {
        games: games_done.load(Ordering::Relaxed),
        positions: positions.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..config.threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut engine = Engine::new();
                    if engine.set_hash_mb(config.hash_mb).is_err() {
                        engine.set_hash_mb(1).ok();
                    }
                    engine.set_use_nnue(config.use_nnue);
                    if let Some(net) = &config.network {
                        engine.set_network(Arc::clone(net));
                    }
                    loop {
                        if failed.lock().unwrap_or_else(|e| e.into_inner()).is_some() {
                            return;
                        }
                        if config
                            .time_limit
                            .is_some_and(|limit| start.elapsed() >= limit)
                        {
                            return;
                        }
                        let index = next_game.fetch_add(1, Ordering::Relaxed);
                        if index >= config.games {
                            return;
                        }
                        let records = play_game(&mut engine, config, index);
                        let mut w = writer.lock().unwrap_or_else(|e| e.into_inner());
                        let written = records.iter().try_for_each(|r| w.write(r));
                        if let Err(e) = written {
                            *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            return;
                        }
                        positions.fetch_add(records.len() as u64, Ordering::Relaxed);
                        games_done.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        // The calling thread reports, waking every 50 ms so that the run
        // ends promptly.
        let mut last = Instant::now();
        while workers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(Duration::from_millis(50));
            if last.elapsed() >= Duration::from_secs(1) {
                last = Instant::now();
                progress(&snapshot());
            }
        }
        for worker in workers {
            let _ = worker.join();
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    writer
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .flush()?;
    let done = snapshot();
    progress(&done);
    Ok(done)
}

/// The seed of game `index` of a run seeded with `seed` (never 0).
fn game_seed(seed: u64, index: u64) -> u64 {
    let mixed = (seed ^ 0x9E37_79B9_7F4A_7C15)
        .wrapping_mul(0xBF58_476D_1CE4_E5B9)
        .wrapping_add(index.wrapping_mul(0x94D0_49BB_1331_11EB));
    (mixed ^ (mixed >> 31)) | 1
}

/// Plays game `index` to its end, retrying unbalanced openings, and
/// returns its recorded positions with their outcomes.
fn play_game(engine: &mut Engine, config: &DatagenConfig, index: u64) -> Vec<PositionRecord> {
    let mut rng = XorShift(game_seed(config.seed, index));
    let control = SearchControl::new();
    for _ in 0..OPENING_TRIES {
        if let Some(records) = try_game(engine, config, &mut rng, &control) {
            return records;
        }
    }
    Vec::new()
}

/// Random openings tried for one game before it is given up with no
/// positions (a start position that no random plies leave balanced).
const OPENING_TRIES: usize = 1000;

/// One search of the engine's current position at the run's limits.
fn search(engine: &Engine, config: &DatagenConfig, control: &SearchControl) -> SearchResult {
    control.begin(false);
    engine.search(&config.limits, control, &mut |_| {})
}

/// One try: `None` when the random opening ends the game or is not
/// balanced.
fn try_game(
    engine: &mut Engine,
    config: &DatagenConfig,
    rng: &mut XorShift,
    control: &SearchControl,
) -> Option<Vec<PositionRecord>> {
    engine
        .set_position(config.variant, config.start_fen.as_deref(), &[])
        .ok()?;
    engine.new_game();
    let plies = config.random_plies + rng.below(2);
    for _ in 0..plies {
        let moves = engine.game().position().legal_wire_moves();
        if moves.is_empty() {
            return None;
        }
        let m = &moves[rng.below(moves.len())];
        engine.game_mut().play_wire(m).ok()?;
        if engine.game().outcome().is_some() {
            return None;
        }
    }
    match search(engine, config, control).score {
        ScoreReport::Centipawns(cp) if cp.abs() <= config.balance_cp => {}
        _ => return None,
    }

    let mut records: Vec<PositionRecord> = Vec::new();
    let mut winner: Option<Color> = None;
    // The side the searches have put beyond `decided_cp`, and for how
    // many plies in a row.
    let mut ahead: Option<(Color, usize)> = None;
    for _ in 0..config.max_plies {
        if let Some(outcome) = engine.game().outcome() {
            winner = outcome.winner();
            break;
        }
        let result = search(engine, config, control);
        let Some(best) = result.best_move else { break };
        let position = engine.game().position();
        let mover = position.side_to_move();
        match result.score {
            ScoreReport::Mate(n) => {
                winner = Some(if n > 0 { mover } else { !mover });
                break;
            }
            ScoreReport::Centipawns(cp) => {
                let record = with_position!(&position, p => {
                    let quiet = !p.in_check()
                        && p.parse_wire(&best).is_ok_and(|m| {
                            p.captured(m).is_none() && m.kind() != MoveKind::Promotion
                        });
                    quiet.then(|| PositionRecord::of(p, cp, Outcome::Draw))
                });
                records.extend(record);
                ahead = match config.decided_cp {
                    Some(decided) if cp.abs() >= decided => {
                        let leader = if cp > 0 { mover } else { !mover };
                        match ahead {
                            Some((side, plies)) if side == leader => Some((side, plies + 1)),
                            _ => Some((leader, 1)),
                        }
                    }
                    _ => None,
                };
                if let Some((side, DECIDED_PLIES..)) = ahead {
                    winner = Some(side);
                    break;
                }
            }
        }
        engine.game_mut().play_wire(&best).ok()?;
    }
    for record in &mut records {
        record.outcome = match winner {
            None => Outcome::Draw,
            Some(w) if w == record.side_to_move => Outcome::Win,
            Some(_) => Outcome::Loss,
        };
    }
    Some(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::data::{DataReader, DataStats};
    use crate::rules::Role;

    /// An engine with a 1 MB table, for games at a few hundred nodes.
    fn small_engine() -> Engine {
        let mut engine = Engine::new();
        engine.set_hash_mb(1).unwrap();
        engine
    }

    #[test]
    fn self_play_writes_quiet_positions_with_their_results() {
        let path = std::env::temp_dir().join(format!("motley-datagen-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut config = DatagenConfig::new(Variant::Chess, 2);
        config.limits.nodes = Some(300);
        config.threads = 2;
        config.max_plies = 60;
        let mut calls = 0;
        let done = generate(&config, &path, &mut |_| calls += 1).unwrap();
        assert_eq!(done.games, 2);
        assert!(calls >= 1);
        let (stats, error) = DataStats::count(DataReader::open_for(&path, Variant::Chess).unwrap());
        assert!(error.is_none());
        assert_eq!(stats.positions, done.positions);
        assert!(stats.positions > 10, "{stats:?}");
        // Appending adds a run's positions to the same file.
        let again = generate(&config, &path, &mut |_| {}).unwrap();
        let (stats2, _) = DataStats::count(DataReader::open(&path).unwrap());
        assert_eq!(stats2.positions, stats.positions + again.positions);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_spent_time_limit_starts_no_game() {
        let path = std::env::temp_dir().join(format!("motley-datagen-t-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut config = DatagenConfig::new(Variant::Chess, 1_000_000);
        config.threads = 2;
        config.time_limit = Some(Duration::ZERO);
        let done = generate(&config, &path, &mut |_| {}).unwrap();
        assert_eq!((done.games, done.positions), (0, 0));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_decided_game_ends_early_with_its_leader_the_winner() {
        let mut config = DatagenConfig::new(Variant::Chess, 1);
        config.limits.nodes = Some(300);
        let mut engine = small_engine();
        let played_out = play_game(&mut engine, &config, 5);
        config.decided_cp = Some(150);
        let decided = play_game(&mut engine, &config, 5);
        // The same moves up to the adjudication, then no more.
        assert!(decided.len() < played_out.len(), "{} plies", decided.len());
        let last = decided.last().expect("positions before the adjudication");
        assert_ne!(last.outcome, Outcome::Draw);
        let leader_wins = if last.score > 0 {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(last.outcome, leader_wins, "score {}", last.score);
        for (cut, full) in decided.iter().zip(&played_out) {
            assert_eq!(
                (&cut.pieces, cut.side_to_move, cut.score),
                (&full.pieces, full.side_to_move, full.score)
            );
        }
    }

    #[test]
    fn games_start_from_the_given_position() {
        // Chess without queens: no record may hold one.
        let mut config = DatagenConfig::new(Variant::Chess, 1);
        config.limits.nodes = Some(200);
        config.max_plies = 30;
        config.start_fen = Some("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1".into());
        let mut engine = small_engine();
        let records = play_game(&mut engine, &config, 2);
        assert!(!records.is_empty());
        for record in &records {
            assert!(record.pieces.len() <= 30, "{} pieces", record.pieces.len());
            let queens = record.pieces.iter().filter(|(_, p)| p.role == Role::Queen);
            assert_eq!(queens.count(), 0);
        }
    }

    #[test]
    fn a_start_no_opening_leaves_balanced_is_given_up() {
        // White's bare king against a whole army: every opening is lost
        // (with a ply or none, so that no repetition can level it).
        let mut config = DatagenConfig::new(Variant::Chess, 1);
        config.limits.nodes = Some(100);
        config.random_plies = 0;
        config.start_fen = Some("rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w - - 0 1".into());
        let mut engine = small_engine();
        assert!(play_game(&mut engine, &config, 0).is_empty());
    }

    #[test]
    fn a_game_is_the_same_whatever_thread_plays_it() {
        let mut config = DatagenConfig::new(Variant::WadChess, 1);
        config.limits.nodes = Some(200);
        config.max_plies = 20;
        let mut a = small_engine();
        let mut b = small_engine();
        // Engine `b` has played another game first.
        let _ = play_game(&mut b, &config, 7);
        assert_eq!(play_game(&mut a, &config, 3), play_game(&mut b, &config, 3));
    }
}
