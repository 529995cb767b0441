//! `motley chesswar ...`: ChessWar self-play series and games at the
//! terminal.

use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Read, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use rayon::prelude::*;

use super::numbers;
use crate::chesswar::dice::{DiceSource, SeededDice, TypedDice, derive_seed};
use crate::chesswar::players::{
    ExpectimaxPlayer, PLAYER_NAMES, Player, SearchStats, play_game, player_by_name,
};
use crate::chesswar::search::{DEFAULT_HASH_MB, SearchLimits};
use crate::chesswar::{
    Army, DecisionKind, GameOptions, Outcome, ParseError, Phase, Race, Side, Square, State, ToAct,
};

/// Games a self-play series plays unless told: with
/// [`DEFAULT_SELFPLAY_MOVETIME_MS`], about a minute in all.
pub const DEFAULT_SELFPLAY_GAMES: usize = 10;

/// The expectimax player's time a decision in self-play unless told, in
/// milliseconds (a game has some 150-200 searched decisions).
pub const DEFAULT_SELFPLAY_MOVETIME_MS: u64 = 80;

/// The expectimax player's time a decision in `play` unless told, in
/// milliseconds: a person waits about a second for each answer.
pub const DEFAULT_PLAY_MOVETIME_MS: u64 = 1000;

/// Arguments of `chesswar`.
#[derive(Args, Debug)]
pub struct ChesswarArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: ChesswarCommand,
}

/// The `chesswar` subcommands.
#[derive(Subcommand, Debug)]
pub enum ChesswarCommand {
    /// Play a series of games between two program players with seeded
    /// dice; print one line per game and a summary.
    Selfplay(SelfplayArgs),
    /// Play one game at the terminal: people, program players or both,
    /// with dice rolled by the program or typed in.
    Play(PlayArgs),
}

/// Arguments of `chesswar selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SELFPLAY_GAMES, value_parser = numbers::games)]
    pub games: usize,
    /// Seed of the first game; game i (counting from 0) uses SEED+i, for
    /// its dice and both players, whatever the number of threads.
    #[arg(long, value_name = "SEED", default_value_t = 1, value_parser = numbers::seed)]
    pub seed: u64,
    /// White's race: human, dwarf, elf, undead, orc or chaos.
    #[arg(long, value_name = "RACE", default_value = "human")]
    pub white: String,
    /// Black's race.
    #[arg(long, value_name = "RACE", default_value = "human")]
    pub black: String,
    /// White's player: random, greedy or expectimax.
    #[arg(long, value_name = "PLAYER", default_value = "expectimax")]
    pub white_player: String,
    /// Black's player: random, greedy or expectimax.
    #[arg(long, value_name = "PLAYER", default_value = "expectimax")]
    pub black_player: String,
    /// How long the expectimax player searches.
    #[command(flatten)]
    pub search: SearchArgs,
    /// Custom armies, a points budget, the lengthened game.
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = numbers::threads)]
    pub threads: usize,
}

/// Arguments of `chesswar play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who plays White: human, random, greedy or expectimax.
    #[arg(long, value_name = "PLAYER", default_value = "human")]
    pub white: String,
    /// Who plays Black: human, random, greedy or expectimax.
    #[arg(long, value_name = "PLAYER", default_value = "expectimax")]
    pub black: String,
    /// How long the expectimax player searches.
    #[command(flatten)]
    pub search: SearchArgs,
    /// White's race: human, dwarf, elf, undead, orc or chaos (default human).
    #[arg(long, value_name = "RACE", conflicts_with = "state")]
    pub white_race: Option<String>,
    /// Black's race (default human).
    #[arg(long, value_name = "RACE", conflicts_with = "state")]
    pub black_race: Option<String>,
    /// Seed of the program's dice and players (default: from the clock;
    /// the seed used is printed first).
    #[arg(long, value_name = "SEED", value_parser = numbers::seed)]
    pub seed: Option<u64>,
    /// Who rolls the dice: program (seeded) or typed (you type each result).
    #[arg(long, value_name = "WHO", default_value = "program")]
    pub dice: String,
    /// Start from this state string instead of the standard armies.
    #[arg(long, value_name = "STATE")]
    pub state: Option<String>,
    /// Custom armies, a points budget, the lengthened game (not with
    /// `--state`, which holds them).
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// How long the expectimax player searches a decision, for `play` and
/// `selfplay`.
#[derive(Args, Debug, Default)]
pub struct SearchArgs {
    /// The expectimax player's time a decision in milliseconds (default:
    /// 1000 in `play`, 80 in `selfplay`; no time limit when only --nodes is
    /// given).
    #[arg(long, value_name = "MS", value_parser = numbers::movetime)]
    pub movetime: Option<u64>,
    /// The expectimax player's node budget a decision; without --movetime
    /// the search is then deterministic (a game replays from its seed).
    #[arg(long, value_name = "N", value_parser = numbers::nodes)]
    pub nodes: Option<u64>,
}

impl SearchArgs {
    /// The search limits these options give; without either option, a
    /// search of `default_ms` milliseconds.
    fn limits(&self, default_ms: u64) -> Result<SearchLimits, Failure> {
        if self.movetime == Some(0) {
            return Err(Failure::BadInput("movetime must be at least 1".into()));
        }
        if self.nodes == Some(0) {
            return Err(Failure::BadInput("nodes must be at least 1".into()));
        }
        let movetime = match (self.movetime, self.nodes) {
            (Some(ms), _) => Some(ms),
            (None, Some(_)) => None,
            (None, None) => Some(default_ms),
        };
        Ok(SearchLimits {
            depth: None,
            nodes: self.nodes,
            movetime: movetime.map(Duration::from_millis),
        })
    }
}

/// How the game is set up, for `play` and `selfplay`: the armies (standard
/// unless given), an agreed points budget and the lengthened game.
#[derive(Args, Debug, Default)]
pub struct SetupArgs {
    /// White's army instead of the standard one: its units as slot letter
    /// and square, e.g. "Ke1 Qd1 Nb1 Pa2 Pb2 Pc2 Pd2" (ranks 1-2).
    #[arg(long, value_name = "UNITS")]
    pub white_army: Option<String>,
    /// Black's army instead of the standard one (ranks 7-8).
    #[arg(long, value_name = "UNITS")]
    pub black_army: Option<String>,
    /// A points budget neither army may exceed.
    #[arg(long, value_name = "POINTS", value_parser = numbers::budget)]
    pub budget: Option<u32>,
    /// Play the lengthened game (to total destruction).
    #[arg(long)]
    pub lengthened: bool,
}

impl SetupArgs {
    /// Whether anything differs from the standard set-up.
    fn is_custom(&self) -> bool {
        self.white_army.is_some()
            || self.black_army.is_some()
            || self.budget.is_some()
            || self.lengthened
    }
}

/// Why a command failed: bad input (exit code 2) or a failure while running
/// (exit code 1).
enum Failure {
    BadInput(String),
    Run(String),
}

/// Runs `chesswar ...`; returns the process exit code.
pub fn run(args: &ChesswarArgs) -> i32 {
    let result = match &args.command {
        ChesswarCommand::Selfplay(a) => run_selfplay(a),
        ChesswarCommand::Play(a) => run_play(a),
    };
    match result {
        Ok(()) => 0,
        Err(Failure::BadInput(e)) => {
            eprintln!("error: {e}");
            2
        }
        Err(Failure::Run(e)) => {
            eprintln!("error: {e}");
            1
        }
    }
}

fn parse_race(text: &str) -> Result<Race, Failure> {
    text.parse::<Race>().map_err(|_| {
        let names: Vec<String> = Race::ALL.iter().map(ToString::to_string).collect();
        Failure::BadInput(format!(
            "unknown race '{text}' (expected {})",
            names.join(", ")
        ))
    })
}

/// The start state: the two races' armies (standard unless `setup` gives
/// them), validated against the agreed options.
fn start_state(white: Race, black: Race, setup: &SetupArgs) -> Result<State, Failure> {
    if !setup.is_custom() {
        return Ok(State::standard(white, black));
    }
    let options = GameOptions {
        lengthened: setup.lengthened,
        budget: setup.budget,
    };
    let army = |race: Race, side: Side, text: &Option<String>| match text {
        Some(text) => Army::parse(race, side, text)
            .map_err(|e| Failure::BadInput(format!("{side} army: {e}"))),
        None => Ok(Army::standard(race, side)),
    };
    State::from_armies(
        &army(white, Side::White, &setup.white_army)?,
        &army(black, Side::Black, &setup.black_army)?,
        &options,
    )
    .map_err(|e| Failure::BadInput(e.to_string()))
}

/// The program player `name` of a game seeded with `seed`, for White
/// (`stream` 1) or Black (2), as `play` and `selfplay` both make them (so a
/// self-play game replays with `play --seed`); the expectimax player
/// searches within `limits`.
fn seeded_player(
    name: &str,
    seed: u64,
    stream: u64,
    limits: &SearchLimits,
) -> Result<Box<dyn Player>, ParseError> {
    if name.eq_ignore_ascii_case("expectimax") {
        return Ok(Box::new(ExpectimaxPlayer::new(
            limits.clone(),
            DEFAULT_HASH_MB,
        )));
    }
    player_by_name(name, derive_seed(seed, stream))
}

/// One self-play game's result.
struct GameStats {
    outcome: Outcome,
    rounds: u32,
    tokens: usize,
    time: Duration,
    /// The searching players' totals, White's and Black's.
    search: [Option<SearchStats>; 2],
}

fn selfplay_game(
    args: &SelfplayArgs,
    limits: &SearchLimits,
    start: &State,
    seed: u64,
) -> Result<GameStats, String> {
    let clock = Instant::now();
    let mut white =
        seeded_player(&args.white_player, seed, 1, limits).map_err(|e| e.to_string())?;
    let mut black =
        seeded_player(&args.black_player, seed, 2, limits).map_err(|e| e.to_string())?;
    let mut dice = SeededDice::new(seed);
    let record = play_game(
        start.clone(),
        white.as_mut(),
        black.as_mut(),
        &mut dice,
        &mut |_, _, _| {},
    )
    .map_err(|e| e.to_string())?;
    let outcome = record
        .outcome
        .ok_or_else(|| "the game stopped before its end".to_string())?;
    Ok(GameStats {
        outcome,
        rounds: record.rounds,
        tokens: record.tokens,
        time: clock.elapsed(),
        search: [white.search_stats(), black.search_stats()],
    })
}

fn game_line(number: usize, seed: u64, result: &Result<GameStats, String>) -> String {
    match result {
        Ok(g) => {
            format!(
                "game {number}: {} {} (rounds {}, tokens {}, seed {seed})",
                g.outcome.result_code(),
                g.outcome.describe(),
                g.rounds,
                g.tokens
            )
        }
        Err(e) => format!("game {number}: error: {e} (seed {seed})"),
    }
}

/// A duration for people: `42 s`, `3 min 5 s`, `2 h 10 min`.
fn readable_duration(d: Duration) -> String {
    let secs = d.as_secs_f64().round() as u64;
    match secs {
        0..60 => format!("{secs} s"),
        60..3600 => format!("{} min {} s", secs / 60, secs % 60),
        _ => format!("{} h {} min", secs / 3600, secs % 3600 / 60),
    }
}

/// The progress of a series after `done` of `total` games: the games, the
/// time so far and, while games remain, the time left at the pace so far.
fn progress_line(done: usize, total: usize, elapsed: Duration) -> String {
    let mut line = format!(
        "selfplay: {done}/{total} games, {} elapsed",
        readable_duration(elapsed)
    );
    if done < total {
        let left = elapsed.mul_f64((total - done) as f64 / done.max(1) as f64);
        line.push_str(&format!(", about {} left", readable_duration(left)));
    }
    line
}

fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn run_selfplay(args: &SelfplayArgs) -> Result<(), Failure> {
    if args.games == 0 {
        return Err(Failure::BadInput("games must be at least 1".into()));
    }
    if args.threads == 0 {
        return Err(Failure::BadInput("threads must be at least 1".into()));
    }
    let white = parse_race(&args.white)?;
    let black = parse_race(&args.black)?;
    let limits = args.search.limits(DEFAULT_SELFPLAY_MOVETIME_MS)?;
    seeded_player(&args.white_player, 0, 1, &limits)
        .map_err(|e| Failure::BadInput(e.to_string()))?;
    seeded_player(&args.black_player, 0, 2, &limits)
        .map_err(|e| Failure::BadInput(e.to_string()))?;
    let start = start_state(white, black, &args.setup)?;
    let n = args.games;
    out!(
        "selfplay: {n} games, white {white} army ({}) against black {black} army ({}), seeds {}..{}{}",
        args.white_player.to_ascii_lowercase(),
        args.black_player.to_ascii_lowercase(),
        args.seed,
        args.seed.wrapping_add(n as u64 - 1),
        if args.setup.lengthened {
            ", lengthened"
        } else {
            ""
        }
    );

    let terminal = std::io::stderr().is_terminal();
    let done = AtomicUsize::new(0);
    // Lines are printed in game order as soon as all earlier games are in.
    let printer = Mutex::new((0usize, BTreeMap::<usize, String>::new()));
    let clock = Instant::now();
    let play_one = |i: usize| {
        let seed = args.seed.wrapping_add(i as u64);
        let result = selfplay_game(args, &limits, &start, seed);
        let line = game_line(i + 1, seed, &result);
        {
            let mut guard = printer.lock().unwrap_or_else(|e| e.into_inner());
            let (next, pending) = &mut *guard;
            pending.insert(i, line);
            while let Some(line) = pending.remove(next) {
                if terminal {
                    eprint!("\r\x1b[K");
                }
                out!("{line}");
                *next += 1;
            }
            // Under the printer's lock, so that progress lines come in order.
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            let line = progress_line(finished, n, clock.elapsed());
            if terminal {
                eprint!("\r\x1b[K{line}");
            } else {
                eprintln!("{line}");
            }
        }
        result
    };
    let results: Vec<Result<GameStats, String>> = if args.threads > 1 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads)
            .build()
            .map_err(|e| Failure::Run(format!("cannot start threads: {e}")))?
            .install(|| (0..n).into_par_iter().map(play_one).collect())
    } else {
        (0..n).map(play_one).collect()
    };
    let total = clock.elapsed();
    if terminal {
        eprint!("\r\x1b[K");
    }

    let games: Vec<&GameStats> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
    let errors = n - games.len();
    let winners: Vec<Option<Side>> = games
        .iter()
        .map(|g| match &g.outcome {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        })
        .collect();
    let tally = |w: Option<Side>| winners.iter().filter(|&&x| x == w).count();
    let (white_wins, draws, black_wins) = (
        tally(Some(Side::White)),
        tally(None),
        tally(Some(Side::Black)),
    );
    let played = games.len();
    out!(
        "white wins {white_wins} ({:.1}%), draws {draws} ({:.1}%), black wins {black_wins} ({:.1}%) in {played} games",
        percent(white_wins, played),
        percent(draws, played),
        percent(black_wins, played)
    );
    let rounds: u64 = games.iter().map(|g| u64::from(g.rounds)).sum();
    let tokens: usize = games.iter().map(|g| g.tokens).sum();
    out!(
        "average {:.1} rounds and {:.0} tokens a game",
        rounds as f64 / played.max(1) as f64,
        tokens as f64 / played.max(1) as f64
    );
    let game_time: Duration = games.iter().map(|g| g.time).sum();
    out!(
        "time: {:.2} ms a game on average, {:.2} s in all on {} thread{}",
        game_time.as_secs_f64() * 1000.0 / played.max(1) as f64,
        total.as_secs_f64(),
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    for (i, side) in Side::BOTH.iter().enumerate() {
        let stats: Vec<SearchStats> = games.iter().filter_map(|g| g.search[i]).collect();
        if stats.is_empty() {
            continue;
        }
        let sum = stats
            .iter()
            .fold(SearchStats::default(), |a, s| SearchStats {
                decisions: a.decisions + s.decisions,
                searches: a.searches + s.searches,
                nodes: a.nodes + s.nodes,
                time: a.time + s.time,
                depths: a.depths + s.depths,
            });
        let secs = sum.time.as_secs_f64();
        out!(
            "search ({side}): {} decisions, {} searched, {:.1} ms and {:.0} nodes a search, depth {:.2} on average, {:.0} nodes/s",
            sum.decisions,
            sum.searches,
            secs * 1000.0 / sum.searches.max(1) as f64,
            sum.nodes as f64 / sum.searches.max(1) as f64,
            sum.depths as f64 / sum.searches.max(1) as f64,
            sum.nodes as f64 / secs.max(1e-9)
        );
    }
    if errors > 0 {
        return Err(Failure::Run(format!("{errors} of {n} games failed")));
    }
    Ok(())
}

/// Writes text without a line end (a prompt); stops quietly when standard
/// output has gone.
fn prompt(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if write!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// Reads one line of standard input, without its line end; `None` at the
/// end of the input.
fn read_line() -> Option<String> {
    let mut line = String::new();
    match std::io::stdin().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_string()),
    }
}

/// Standard input seen one line at a time, so that the typed dice and the
/// people at the board can share it without one of them reading ahead.
#[derive(Default)]
struct StdinLines {
    line: Vec<u8>,
    used: usize,
}

impl Read for StdinLines {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for StdinLines {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.used >= self.line.len() {
            self.line.clear();
            self.used = 0;
            std::io::stdin().lock().read_until(b'\n', &mut self.line)?;
        }
        Ok(&self.line[self.used..])
    }

    fn consume(&mut self, amount: usize) {
        self.used = (self.used + amount).min(self.line.len());
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Movement => "movement",
        Phase::Firing => "firing",
        Phase::Melee => "melee",
    }
}

fn decision_name(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Action => "an action",
        DecisionKind::PickTarget => "which of its units is attacked",
        DecisionKind::Advance => "whether to advance",
        DecisionKind::Reaction => "a reaction",
    }
}

/// The board (ranks 8 to 1, files a to h, unit letters, `.` for an empty
/// square) and a legend of the units on it.
fn board_lines(state: &State) -> Vec<String> {
    let mut lines = vec!["    a b c d e f g h".to_string()];
    for rank in (0..8u8).rev() {
        let mut row = format!(" {} ", rank + 1);
        for file in 0..8u8 {
            let c = state
                .unit_at(Square(rank * 8 + file))
                .map_or('.', |u| u.letter());
            row.push(' ');
            row.push(c);
        }
        row.push_str(&format!("  {}", rank + 1));
        lines.push(row);
    }
    lines.push("    a b c d e f g h".to_string());
    // The legend in slot order (K Q R B N P), White's units first.
    let mut legend: BTreeMap<(usize, usize), String> = BTreeMap::new();
    for (_, unit) in state.units() {
        legend
            .entry((unit.side.index(), unit.slot.index()))
            .or_insert_with(|| {
                format!(
                    "{} = {} ({}, {})",
                    unit.letter(),
                    unit.name(),
                    unit.race,
                    unit.side
                )
            });
    }
    let width = legend.values().map(String::len).max().unwrap_or(0);
    let entries: Vec<String> = legend.into_values().collect();
    for chunk in entries.chunks(2) {
        let row: Vec<String> = chunk.iter().map(|e| format!("{e:<width$}")).collect();
        lines.push(format!("  {}", row.join("   ").trim_end()));
    }
    lines.push(format!(
        "  material: white {}, black {}",
        state.material(Side::White),
        state.material(Side::Black)
    ));
    lines
}

/// The tokens numbered from 1, several a line.
fn numbered_lines(tokens: &[String]) -> Vec<String> {
    let width = tokens.iter().map(String::len).max().unwrap_or(0);
    let cells: Vec<String> = tokens
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{:>3} {t:<width$}", i + 1))
        .collect();
    let per_line = (72 / (width + 6)).max(1);
    cells
        .chunks(per_line)
        .map(|c| c.join("  ").trim_end().to_string())
        .collect()
}

/// A person at the terminal: sees the board and the legal tokens, types a
/// token or its number.
struct HumanPlayer;

impl HumanPlayer {
    fn show(state: &State, side: Side, kind: DecisionKind, tokens: &[String]) {
        out!();
        for line in board_lines(state) {
            out!("{line}");
        }
        out!(
            "round {}, {} phase: {side} to choose {}",
            state.round(),
            phase_name(state.phase()),
            decision_name(kind)
        );
        for line in numbered_lines(tokens) {
            out!("{line}");
        }
    }
}

impl Player for HumanPlayer {
    fn name(&self) -> String {
        "human".to_string()
    }

    fn choose(&mut self, state: &State) -> Option<String> {
        let (side, kind) = match state.to_act() {
            ToAct::Decision { side, kind } => (side, kind),
            _ => return None,
        };
        let tokens = state.legal_tokens();
        Self::show(state, side, kind, &tokens);
        loop {
            prompt(&format!("{side}> "));
            let Some(input) = read_line() else {
                out!();
                return None;
            };
            match input.as_str() {
                "" => continue,
                "quit" | "exit" => return None,
                "state" => {
                    out!("{state}");
                    continue;
                }
                "board" => {
                    Self::show(state, side, kind, &tokens);
                    continue;
                }
                "help" | "?" => {
                    out!(
                        "type a token from the list or its number; 'board' shows the board again, 'state' prints the state string, 'quit' leaves"
                    );
                    continue;
                }
                _ => {}
            }
            if let Ok(n) = input.parse::<usize>() {
                match tokens.get(n.wrapping_sub(1)) {
                    Some(t) => return Some(t.clone()),
                    None => {
                        out!(
                            "there is no token number {n}: choose 1 to {} (or type 'help')",
                            tokens.len()
                        );
                        continue;
                    }
                }
            }
            if tokens.contains(&input) {
                return Some(input);
            }
            // Another spelling of a legal token is taken as that token.
            match state.clone().apply(&input) {
                Ok(()) => return Some(input),
                Err(e) => {
                    let why = e.reason().lines().next().unwrap_or("").trim().to_string();
                    let why = if why.is_empty() {
                        String::new()
                    } else {
                        format!(" ({why})")
                    };
                    out!(
                        "'{input}' is not a legal token here{why}: type a token from the list or its number (or 'help')"
                    );
                }
            }
        }
    }
}

fn make_player(
    name: &str,
    seed: u64,
    stream: u64,
    limits: &SearchLimits,
) -> Result<Box<dyn Player>, Failure> {
    if name.eq_ignore_ascii_case("human") {
        return Ok(Box::new(HumanPlayer));
    }
    seeded_player(name, seed, stream, limits).map_err(|_| {
        Failure::BadInput(format!(
            "unknown player '{name}' (expected human, {})",
            PLAYER_NAMES.join(", ")
        ))
    })
}

fn run_play(args: &PlayArgs) -> Result<(), Failure> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let limits = args.search.limits(DEFAULT_PLAY_MOVETIME_MS)?;
    let mut white = make_player(&args.white, seed, 1, &limits)?;
    let mut black = make_player(&args.black, seed, 2, &limits)?;
    let typed = match args.dice.to_ascii_lowercase().as_str() {
        "program" => false,
        "typed" => true,
        other => {
            return Err(Failure::BadInput(format!(
                "unknown dice '{other}' (expected program or typed)"
            )));
        }
    };
    let start = match &args.state {
        Some(_) if args.setup.is_custom() => {
            return Err(Failure::BadInput(
                "--state holds the armies and options: leave out --white-army, --black-army, --budget and --lengthened".into(),
            ));
        }
        Some(text) => text
            .parse::<State>()
            .map_err(|e| Failure::BadInput(format!("bad state: {e}")))?,
        None => {
            let w = parse_race(args.white_race.as_deref().unwrap_or("human"))?;
            let b = parse_race(args.black_race.as_deref().unwrap_or("human"))?;
            start_state(w, b, &args.setup)?
        }
    };
    let mut program_dice = SeededDice::new(seed);
    let mut typed_dice = TypedDice::new(StdinLines::default(), std::io::stdout());
    let dice: &mut dyn DiceSource = if typed {
        &mut typed_dice
    } else {
        &mut program_dice
    };
    out!(
        "chesswar: white {} army ({}) against black {} army ({}), dice {}, seed {seed}",
        start.race(Side::White),
        white.name(),
        start.race(Side::Black),
        black.name(),
        if typed {
            "typed by you"
        } else {
            "rolled by the program"
        }
    );
    out!("start state: {start}");
    let names = [white.name(), black.name()];
    let record = play_game(
        start,
        white.as_mut(),
        black.as_mut(),
        dice,
        &mut |asked, token, _after| match asked {
            ToAct::Decision { side, .. } => {
                let who = &names[usize::from(*side == Side::Black)];
                if who != "human" {
                    out!("{side} ({who}): {token}");
                }
            }
            ToAct::Roll { purpose } => {
                if !typed {
                    out!("die for {purpose}: {token}");
                }
            }
            ToAct::Over(_) => {}
        },
    )
    .map_err(|e| Failure::Run(e.to_string()))?;
    out!();
    for line in board_lines(&record.state) {
        out!("{line}");
    }
    match &record.outcome {
        Some(outcome) => {
            out!(
                "result: {} {} (round {}, {} tokens)",
                outcome.result_code(),
                outcome.describe(),
                record.rounds,
                record.tokens
            );
        }
        None => {
            out!(
                "game left unfinished in round {}; state: {}",
                record.rounds,
                record.state
            );
        }
    }
    Ok(())
}
