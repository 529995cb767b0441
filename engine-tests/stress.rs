//! Many very fast games, to find what only shows once in thousands: a
//! panic, an illegal best move, a search that overruns its clock.
//!
//! Every board game is played in process through the engine facade, as a
//! protocol drives it: node limits, tiny clocks, stopped infinite searches,
//! MultiPV, one and two search threads, a small hash table, from a few
//! random opening plies. Each best move is checked against the rules
//! core's legal list (and its ponder move after it); each game runs to its
//! end by the rules or a ply cap. ChessWar games pit the expectimax player
//! (small node budgets) against itself, greedy and random play, with
//! seeded dice, and every token goes through the rules core.
//!
//! The default test run plays a few games of each; the ignored test plays
//! `MOTLEY_STRESS_GAMES` board games per game (default 10,000) and
//! `MOTLEY_STRESS_CHESSWAR_GAMES` (default a tenth of that) in ChessWar, on
//! `MOTLEY_STRESS_JOBS` threads (default 2). `MOTLEY_STRESS_PACE=nodes`
//! plays node budgets only; otherwise one game in ten is on a clock and
//! one in ten is a stopped infinite search.
//! `scripts/stress.sh` runs it in a build with debug assertions.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use motley::chesswar::dice::{SeededDice, SplitMix64, derive_seed};
use motley::chesswar::players::{ExpectimaxPlayer, Player, RandomPlayer, play_game};
use motley::chesswar::search::SearchLimits as ChessWarLimits;
use motley::chesswar::{Race, State};
use motley::engine::{Engine, SearchControl, SearchLimits};
use motley::rules::{AnyPosition, Color, Variant};

/// Plies after which a board game is stopped (counted as played).
const MAX_PLIES: usize = 400;
/// Board games per game in the default test run.
const QUICK_GAMES: u64 = 6;
/// ChessWar games in the default test run.
const QUICK_CHESSWAR_GAMES: u64 = 4;

/// The project's seeded generator (SplitMix64), with the draws this test uses.
struct Rng(SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// What went wrong, and how often, over a series of games.
#[derive(Default)]
struct Tally {
    games: AtomicU64,
    plies: AtomicU64,
    crashes: AtomicU64,
    illegal: AtomicU64,
    time_losses: AtomicU64,
    finished: AtomicU64,
    capped: AtomicU64,
    /// The first few faults, described.
    faults: std::sync::Mutex<Vec<String>>,
}

impl Tally {
    fn fault(&self, counter: &AtomicU64, text: String) {
        counter.fetch_add(1, Ordering::Relaxed);
        let mut faults = self.faults.lock().unwrap_or_else(|e| e.into_inner());
        if faults.len() < 10 {
            faults.push(text);
        }
    }
    fn report(&self, name: &str, seconds: f64) -> String {
        format!(
            "{name}: {} games, {} plies, {} finished, {} capped; crashes {}, illegal moves {}, time losses {} ({seconds:.1} s)",
            self.games.load(Ordering::Relaxed),
            self.plies.load(Ordering::Relaxed),
            self.finished.load(Ordering::Relaxed),
            self.capped.load(Ordering::Relaxed),
            self.crashes.load(Ordering::Relaxed),
            self.illegal.load(Ordering::Relaxed),
            self.time_losses.load(Ordering::Relaxed),
        )
    }
}

/// How the moves of one game are limited.
#[derive(Clone, Copy, Debug)]
enum Pace {
    /// A fixed node budget a move.
    Nodes(u64),
    /// A clock of this many milliseconds plus an increment, kept here.
    Clock { base_ms: u64, inc_ms: u64 },
    /// `go infinite`, stopped from another thread after a few milliseconds.
    Stopped { after_ms: u64 },
}

/// Plays one board game of `variant`; faults are counted in `tally`.
fn board_game(variant: Variant, seed: u64, tally: &Tally) {
    let mut rng = Rng(SplitMix64::new(seed));
    let mut engine = Engine::new();
    engine
        .set_hash_mb(1 + rng.below(4) as usize)
        .expect("a small hash table");
    engine.set_threads(1 + rng.below(2) as usize);
    engine.set_multipv(if rng.below(10) == 0 { 2 } else { 1 });
    // Mostly tiny node budgets (thousands of games in minutes), with
    // clocks and stopped searches mixed in, unless only node budgets are
    // asked for.
    let draw = if nodes_only() { 0 } else { rng.below(10) };
    let pace = match draw {
        0..=7 => Pace::Nodes(16 + rng.below(400)),
        8 => Pace::Clock {
            base_ms: 100 + rng.below(500),
            inc_ms: rng.below(10),
        },
        _ => Pace::Stopped {
            after_ms: 1 + rng.below(3),
        },
    };
    // A few random opening plies, for variety.
    let mut moves: Vec<String> = Vec::new();
    let mut pos = AnyPosition::startpos(variant);
    for _ in 0..rng.below(8) {
        let legal = pos.legal_wire_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len() as u64) as usize].clone();
        pos.play_wire(&m).expect("a listed move is legal");
        moves.push(m);
    }
    let mut clock_ms = [0i64; 2];
    if let Pace::Clock { base_ms, .. } = pace {
        clock_ms = [base_ms as i64; 2];
    }
    let control = Arc::new(SearchControl::new());
    let context = |moves: &[String]| {
        format!(
            "{variant} seed {seed} {pace:?}, threads {}: startpos moves {}",
            engine_threads(seed),
            moves.join(" ")
        )
    };
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    engine
        .set_position(variant, None, &refs)
        .expect("the opening's moves are legal");
    loop {
        if engine.game().outcome().is_some() {
            tally.finished.fetch_add(1, Ordering::Relaxed);
            break;
        }
        if moves.len() >= MAX_PLIES {
            tally.capped.fetch_add(1, Ordering::Relaxed);
            break;
        }
        let position = engine.game().position();
        let side = position.side_to_move();
        let mut limits = match pace {
            Pace::Nodes(n) => SearchLimits::nodes(n),
            Pace::Clock { inc_ms, .. } => SearchLimits {
                time_left: clock_ms.map(|ms| Some(Duration::from_millis(ms.max(1) as u64))),
                increment: [Some(Duration::from_millis(inc_ms)); 2],
                ..SearchLimits::default()
            },
            Pace::Stopped { .. } => SearchLimits {
                infinite: true,
                ..SearchLimits::default()
            },
        };
        if rng.below(50) == 0 {
            // Now and then, searchmoves with one legal move.
            let legal = position.legal_wire_moves();
            limits.search_moves = vec![legal[rng.below(legal.len() as u64) as usize].clone()];
        }
        control.begin(false);
        let stopper = if let Pace::Stopped { after_ms } = pace {
            let control = Arc::clone(&control);
            Some(thread::spawn(move || {
                thread::sleep(Duration::from_millis(after_ms));
                control.stop();
            }))
        } else {
            None
        };
        let started = Instant::now();
        let result = engine.search(&limits, &control, &mut |_| {});
        let used = started.elapsed();
        if let Some(stopper) = stopper {
            let _ = stopper.join();
        }
        if let Pace::Clock { inc_ms, .. } = pace {
            let c = &mut clock_ms[side_index(side)];
            *c -= used.as_millis() as i64;
            if *c < 0 {
                tally.fault(
                    &tally.time_losses,
                    format!(
                        "{}: {side:?} overran its clock by {} ms",
                        context(&moves),
                        -*c
                    ),
                );
                break;
            }
            *c += inc_ms as i64;
        }
        let legal = position.legal_wire_moves();
        let Some(best) = result.best_move else {
            tally.fault(
                &tally.illegal,
                format!(
                    "{}: no best move with {} legal",
                    context(&moves),
                    legal.len()
                ),
            );
            break;
        };
        if !legal.contains(&best) || !limits.search_moves.iter().all(|m| *m == best) {
            tally.fault(
                &tally.illegal,
                format!("{}: best move {best} is not allowed", context(&moves)),
            );
            break;
        }
        if let Some(ponder) = &result.ponder_move {
            let mut after = position;
            after.play_wire(&best).expect("checked legal");
            if !after.legal_wire_moves().contains(ponder) {
                tally.fault(
                    &tally.illegal,
                    format!(
                        "{}: ponder move {ponder} after {best} is illegal",
                        context(&moves)
                    ),
                );
                break;
            }
        }
        if let Err(e) = engine.game_mut().play_wire(&best) {
            tally.fault(
                &tally.illegal,
                format!("{}: best move {best} is refused: {e}", context(&moves)),
            );
            break;
        }
        moves.push(best);
        tally.plies.fetch_add(1, Ordering::Relaxed);
    }
}

/// Whether `MOTLEY_STRESS_PACE=nodes` asks for node budgets only (the
/// fastest games: tens of thousands in minutes).
fn nodes_only() -> bool {
    std::env::var("MOTLEY_STRESS_PACE").is_ok_and(|p| p == "nodes")
}

fn side_index(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The thread count [`board_game`] draws for a seed (for messages).
fn engine_threads(seed: u64) -> u64 {
    let mut rng = Rng(SplitMix64::new(seed));
    rng.next();
    1 + rng.below(2)
}

/// Plays one ChessWar game; faults are counted in `tally`.
fn chesswar_game(seed: u64, tally: &Tally) {
    let mut rng = Rng(SplitMix64::new(seed));
    let white = Race::ALL[rng.below(6) as usize];
    let black = Race::ALL[rng.below(6) as usize];
    let searcher = |rng: &mut Rng| -> Box<dyn Player> {
        Box::new(ExpectimaxPlayer::new(
            ChessWarLimits {
                nodes: Some(200 + rng.below(3000)),
                ..ChessWarLimits::default()
            },
            1,
        ))
    };
    let mut white_player = searcher(&mut rng);
    let mut black_player: Box<dyn Player> = match rng.below(3) {
        0 => searcher(&mut rng),
        1 => Box::new(RandomPlayer::new(derive_seed(seed, 2))),
        _ => Box::new(motley::chesswar::players::GreedyPlayer::new(derive_seed(
            seed, 2,
        ))),
    };
    let mut dice = SeededDice::new(seed);
    let mut tokens = 0u64;
    let result = play_game(
        State::standard(white, black),
        white_player.as_mut(),
        black_player.as_mut(),
        &mut dice,
        &mut |_, _, _| tokens += 1,
    );
    tally.plies.fetch_add(tokens, Ordering::Relaxed);
    match result {
        Ok(record) if record.outcome.is_some() => {
            tally.finished.fetch_add(1, Ordering::Relaxed);
        }
        Ok(_) => {
            tally.capped.fetch_add(1, Ordering::Relaxed);
        }
        Err(e) => tally.fault(
            &tally.illegal,
            format!("chesswar seed {seed} {white:?}/{black:?}: {e}"),
        ),
    }
}

/// Plays `games` games with `play` on `jobs` threads, catching panics.
fn run_series(
    name: &str,
    games: u64,
    jobs: u64,
    first_seed: u64,
    play: &(dyn Fn(u64, &Tally) + Sync),
) -> Tally {
    let tally = Tally::default();
    let next = AtomicU64::new(0);
    let started = Instant::now();
    thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let seed = first_seed.wrapping_add(i);
                    if let Err(e) = catch_unwind(AssertUnwindSafe(|| play(seed, &tally))) {
                        let message = e
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        tally.fault(
                            &tally.crashes,
                            format!("{name} seed {seed} panicked: {message}"),
                        );
                    }
                    tally.games.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    println!("{}", tally.report(name, started.elapsed().as_secs_f64()));
    for fault in tally.faults.lock().unwrap().iter() {
        println!("  {fault}");
    }
    tally
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Runs every game's series; fails on any crash or illegal move. Time
/// losses are reported, and fail only where `strict_clock` says so.
fn stress(board_games: u64, chesswar_games: u64, jobs: u64, strict_clock: bool) {
    let seed = env_number("MOTLEY_STRESS_SEED", 1);
    let mut failures = Vec::new();
    for variant in Variant::ALL {
        let tally = run_series(variant.name(), board_games, jobs, seed, &|s, t| {
            board_game(variant, s, t)
        });
        let bad = tally.crashes.load(Ordering::Relaxed) + tally.illegal.load(Ordering::Relaxed);
        if bad > 0 || (strict_clock && tally.time_losses.load(Ordering::Relaxed) > 0) {
            failures.push(variant.name().to_string());
        }
    }
    let tally = run_series("chesswar", chesswar_games, jobs, seed, &chesswar_game);
    if tally.crashes.load(Ordering::Relaxed) + tally.illegal.load(Ordering::Relaxed) > 0 {
        failures.push("chesswar".into());
    }
    assert!(failures.is_empty(), "faults in {failures:?} (see above)");
}

#[test]
fn a_few_fast_games_of_every_game_play_cleanly() {
    // Time losses are not failures here: a loaded test machine can stall
    // a thread past a tiny clock.
    stress(QUICK_GAMES, QUICK_CHESSWAR_GAMES, 2, false);
}

#[test]
#[ignore = "long: thousands of games; run by scripts/stress.sh"]
fn thousands_of_fast_games_play_cleanly() {
    let games = env_number("MOTLEY_STRESS_GAMES", 10_000);
    let chesswar = env_number("MOTLEY_STRESS_CHESSWAR_GAMES", games / 10);
    let jobs = env_number("MOTLEY_STRESS_JOBS", 2);
    stress(games, chesswar, jobs, false);
}
