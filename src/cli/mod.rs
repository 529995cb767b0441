//! The command line (clap): subcommands and their output.

use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::rules::{AnyPosition, Variant};

pub mod numbers;

/// The help text of a `--variant` flag: the games from
/// [`crate::rules::variant::game_names`]'s source; in `match` ChessWar too
/// (the runner rolls its dice), elsewhere ChessWar pointed to its own
/// command.
fn variant_help(command: &str) -> String {
    use crate::rules::variant::{CHESSWAR_NAME, variant_names_phrase};
    let shipped: Vec<&str> = crate::rules::Variant::loaded()
        .into_iter()
        .map(|v| v.name())
        .collect();
    let from_files = format!(
        "a game of the shipped variants file ({}) or of a --variants file",
        shipped.join(", ")
    );
    if command == "match" {
        format!(
            "The game: {}, {CHESSWAR_NAME}, {from_files} (default chess; in {CHESSWAR_NAME} the runner rolls the dice)",
            variant_names_phrase().replace(" or ", ", ")
        )
    } else {
        format!(
            "The game: {}, {from_files} (default chess; {CHESSWAR_NAME} is played with `motley {CHESSWAR_NAME}`)",
            variant_names_phrase().replace(" or ", ", ")
        )
    }
}

/// The command line as parsed: the derived definition, with negative
/// numbers read as values (so that `--depth -1` is called negative) and
/// every `--variant` flag's help listing the games, in every subcommand.
fn command() -> clap::Command {
    fn adjust(cmd: clap::Command) -> clap::Command {
        let names: Vec<String> = cmd
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        let command = cmd.get_name().to_string();
        let mut cmd = cmd.allow_negative_numbers(true).mut_args(|arg| {
            if arg.get_id() == "variant" {
                arg.help(variant_help(&command))
            } else {
                arg
            }
        });
        for name in names {
            cmd = cmd.mut_subcommand(name, adjust);
        }
        cmd
    }
    adjust(<Cli as clap::CommandFactory>::command())
}

/// motley: a chess-variant engine.
#[derive(Parser, Debug)]
#[command(name = "motley", version, about)]
pub struct Cli {
    /// What to do; without a subcommand motley speaks UCI.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Games to load from a file in Fairy-Stockfish's variants.ini
    /// language before anything else (repeat for several files); a
    /// section that cannot be played is named on standard error.
    #[arg(long, global = true, value_name = "FILE")]
    pub variants: Vec<String>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Speak UCI on standard input and output (the default).
    Uci,
    /// Speak XBoard/CECP on standard input and output.
    Xboard,
    /// Count the leaves of the legal move tree (move generator test).
    Perft(PerftArgs),
    /// Search fixed positions of every game to a fixed depth; print the
    /// node total and speed.
    Bench(BenchArgs),
    /// Analyse a position and print the search's progress and best move.
    #[command(alias = "analyze")]
    Analyse(AnalyseArgs),
    /// Play a match between two engines (UCI or XBoard), refereed with
    /// motley's rules; print each result and the score with an Elo estimate.
    Match(Box<MatchArgs>),
    /// ChessWar, the dice wargame: self-play series between program
    /// players, or a game at the terminal.
    Chesswar(chesswar::ChesswarArgs),
    /// Tune a game's evaluation numbers on the quiet positions of PGN game
    /// records (Texel's method); print the tuned numbers as Rust source.
    TuneEval(TuneEvalArgs),
    /// Write training data from self-play: quiet positions with the
    /// search's score and the game's result (`--stats FILE` shows a file).
    Datagen(datagen::DatagenArgs),
    /// Train a network on training-data files and write it quantised.
    Train(train::TrainArgs),
    /// Print a position's static evaluations: hand-written and network.
    Eval(train::EvalArgs),
    /// Play and analyse the games in a web browser: serve the page on
    /// 127.0.0.1 (or `--host`) and print its address.
    Serve(ServeArgs),
    /// Check files of games in Fairy-Stockfish's variants.ini language:
    /// print each section as loaded or not, with the reason; exit with
    /// status 1 if any section does not load.
    Check(CheckArgs),
}

/// Arguments of `check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// The files, read in order (a later one may inherit from an earlier).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
}

/// Arguments of `serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on; anything but a loopback address lets
    /// other machines play.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Hash memory of each game in MB (up to 16 games are open at once).
    #[arg(long, value_name = "MB", default_value_t = crate::web::DEFAULT_GAME_HASH_MB, value_parser = numbers::hash_mb)]
    pub hash: usize,
}

/// Arguments of `match`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("clock").required(true).args(["tc", "st", "nodes"])))]
pub struct MatchArgs {
    /// The first engine's command line (its score is reported).
    #[arg(long)]
    pub engine1: String,
    /// The second engine's command line.
    #[arg(long)]
    pub engine2: String,
    /// The first engine's protocol: uci, xboard or auto (UCI is tried first).
    #[arg(long, default_value = "auto")]
    pub protocol1: String,
    /// The second engine's protocol: uci, xboard or auto.
    #[arg(long, default_value = "auto")]
    pub protocol2: String,
    /// A name for the first engine (default: the name it reports).
    #[arg(long)]
    pub name1: Option<String>,
    /// A name for the second engine.
    #[arg(long)]
    pub name2: Option<String>,
    /// An option for the first engine, NAME=VALUE (repeatable): UCI
    /// `setoption`, XBoard `option`.
    #[arg(long = "option1", value_name = "NAME=VALUE")]
    pub options1: Vec<String>,
    /// An option for the second engine, NAME=VALUE (repeatable).
    #[arg(long = "option2", value_name = "NAME=VALUE")]
    pub options2: Vec<String>,
    /// The game (the list is in `--help`; in chesswar the runner rolls
    /// the dice and the engines play their default armies).
    #[arg(long, default_value_t = crate::rules::Variant::default().name().to_string())]
    pub variant: String,
    /// ChessWar: the seed of the runner's dice; each pair of games (colours
    /// reversed) uses the next seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games to play; each opening is played twice, colours reversed.
    #[arg(long, default_value_t = 2, value_parser = numbers::games)]
    pub games: usize,
    /// Clock kept by the runner: BASE+INC in seconds, e.g. 10+0.1.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in seconds, e.g. 0.5.
    #[arg(long, value_parser = numbers::move_seconds)]
    pub st: Option<f64>,
    /// Fixed nodes per move instead of a clock (UCI `go nodes`, XBoard
    /// `st 1` + `nps N`): reproducible games, two at a time on two cores.
    #[arg(long, value_parser = numbers::match_nodes)]
    pub nodes: Option<u64>,
    /// Stop on a sequential probability ratio test over game pairs
    /// (logistic Elo, pentanomial): e.g. `--sprt elo0=0 elo1=5 alpha=0.05
    /// beta=0.05` (the defaults); the LLR follows every game.
    #[arg(long, num_args = 1..=4, value_name = "NAME=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// How far, in milliseconds, an engine's clock may fall below zero
    /// over the whole game before it loses on time (with `--st`: past
    /// each move's time): a grace for process latency.
    #[arg(long, default_value_t = 100, value_parser = numbers::margin_ms)]
    pub margin_ms: u64,
    /// Openings: one FEN/EPD or `startpos`, optionally with `moves ...`,
    /// per line (default: the game's start position).
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// Write the games to this PGN file (appended).
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = numbers::concurrency)]
    pub concurrency: usize,
    /// Seconds an engine may take to start and answer the protocol's
    /// handshake (uci/uciok, protover/feature done=1), and each
    /// isready/readyok (ping/pong) after an option or a new game.
    #[arg(long, default_value_t = 10.0, value_parser = numbers::move_seconds)]
    pub start_timeout: f64,
    /// Adjudicate a draw after this many plies (0: never; in chesswar,
    /// decisions).
    #[arg(long, default_value_t = 500, value_parser = numbers::plies)]
    pub max_plies: u32,
    /// Adjudicate a loss when both engines agree the score is at least
    /// this many centipawns ...
    #[arg(long, value_parser = numbers::resign_cp)]
    pub resign_score: Option<i32>,
    /// ... for this many moves each.
    #[arg(long, default_value_t = 3, value_parser = numbers::rule_moves)]
    pub resign_moves: u32,
    /// Adjudicate a draw when both engines score within this many
    /// centipawns ...
    #[arg(long, value_parser = numbers::draw_cp)]
    pub draw_score: Option<i32>,
    /// ... for this many moves each ...
    #[arg(long, default_value_t = 8, value_parser = numbers::rule_moves)]
    pub draw_moves: u32,
    /// ... from this move on.
    #[arg(long, default_value_t = 40, value_parser = numbers::rule_after)]
    pub draw_after: u32,
    /// The PGN Event tag.
    #[arg(long, default_value = "motley match")]
    pub event: String,
}

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth (the default is the one commit messages quote).
    #[arg(long, default_value_t = crate::engine::bench::BENCH_DEPTH, value_parser = numbers::depth)]
    pub depth: u32,
}

/// Arguments of `tune-eval`.
#[derive(clap::Args, Debug)]
pub struct TuneEvalArgs {
    /// The game (the list is in `--help`).
    #[arg(long, default_value_t = crate::rules::Variant::default().name().to_string())]
    pub variant: String,
    /// Most passes over all the numbers.
    #[arg(long, default_value_t = 20, value_parser = numbers::passes)]
    pub passes: usize,
    /// Leave alone the numbers whose names start with these
    /// (comma-separated, e.g. `rank,file`).
    #[arg(long, value_delimiter = ',')]
    pub skip: Vec<String>,
    /// Write the quiet positions of the PGN files to this file, one FEN
    /// per line, for `scripts/label_positions.py`, instead of tuning.
    #[arg(long, conflicts_with = "labels")]
    pub write_positions: Option<std::path::PathBuf>,
    /// Tune on positions labelled with a reference engine's score
    /// (`FEN;CP` lines) instead of game results.
    #[arg(long)]
    pub labels: Option<std::path::PathBuf>,
    /// PGN files of the game (e.g. written by `motley match --pgn`).
    #[arg(required_unless_present = "labels")]
    pub pgn: Vec<std::path::PathBuf>,
}

/// Arguments of `analyse`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct AnalyseArgs {
    /// The game, the position and the network.
    #[command(flatten)]
    pub setup: setup::SetupArgs,
    /// Search this many plies.
    #[arg(long, value_parser = numbers::depth)]
    pub depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long, value_parser = numbers::movetime)]
    pub movetime: Option<u64>,
    /// Search about this many nodes.
    #[arg(long, value_parser = numbers::nodes)]
    pub nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = numbers::threads)]
    pub threads: usize,
    /// Lines to show.
    #[arg(long, default_value_t = 1, value_parser = numbers::multipv)]
    pub multipv: usize,
    /// Hash table size in MB.
    #[arg(long, value_name = "MB", default_value_t = crate::engine::DEFAULT_HASH_MB, value_parser = numbers::hash_mb)]
    pub hash: usize,
}

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game.
    #[arg(long, default_value_t = crate::rules::Variant::default().name().to_string())]
    pub variant: String,
    /// The position (default: the game's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Plies to count (1 to 20).
    #[arg(long, value_parser = numbers::perft_depth)]
    pub depth: u32,
    /// Print the count below each legal move, as `move: count`.
    #[arg(long)]
    pub divide: bool,
    /// Threads to split the root moves over (1 = single-threaded).
    #[arg(long, default_value_t = 1, value_parser = numbers::threads)]
    pub threads: usize,
}

/// Prints a line on standard output; when the reader has gone (a closed
/// pipe, as with `| head`), stops the program quietly instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        if writeln!(stdout, $($arg)*).and_then(|()| stdout.flush()).is_err() {
            std::process::exit(0);
        }
    }};
}

// After `out!`, which they use.
pub mod chesswar;
pub mod datagen;
pub mod setup;
pub mod train;

/// A one-line error for the user.
#[derive(Debug)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<crate::tournament::MatchError> for CliError {
    fn from(error: crate::tournament::MatchError) -> CliError {
        CliError(error.to_string())
    }
}

impl From<crate::engine::EngineError> for CliError {
    fn from(error: crate::engine::EngineError) -> CliError {
        CliError(error.to_string())
    }
}

/// The most bytes a text file named on the command line (openings, PGN
/// games, labelled positions) may hold: far more than any real one, and a
/// bound on what an endless pipe can make the program hold.
pub const MAX_INPUT_TEXT_BYTES: u64 = 1 << 30;

/// Reads a text file the user named. A directory or a device (such as
/// `/dev/zero`, which never ends) is refused before reading; a pipe is
/// read, as a shell's `<(...)` gives one, but never past
/// [`MAX_INPUT_TEXT_BYTES`]. The error is one line naming the path.
fn read_input_text(path: &std::path::Path) -> Result<String, CliError> {
    use std::io::Read;
    let shown = path.display();
    let meta =
        std::fs::metadata(path).map_err(|e| CliError(format!("cannot read {shown}: {e}")))?;
    #[cfg(unix)]
    let pipe = std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type());
    #[cfg(not(unix))]
    let pipe = false;
    if !meta.is_file() && !pipe {
        return Err(CliError(format!(
            "cannot read {shown}: not a regular file (a directory or a device)"
        )));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_INPUT_TEXT_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| CliError(format!("cannot read {shown}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_TEXT_BYTES {
        return Err(CliError(format!(
            "cannot read {shown}: more than {} MB",
            MAX_INPUT_TEXT_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        CliError(format!(
            "cannot read {shown}: not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// `motley check`: each file's sections, loaded or not, and the totals;
/// status 1 if any section does not load or a file cannot be read.
fn run_check(args: &CheckArgs) -> i32 {
    let mut status = 0;
    for file in &args.files {
        match crate::rules::ini::registry::load_file(file, true) {
            Ok(report) => {
                for line in report.lines(file) {
                    out!("{line}");
                }
                out!("{file}: {}", report.summary());
                if !report.unplayable.is_empty() || !report.refused.is_empty() {
                    status = 1;
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                status = 1;
            }
        }
    }
    status
}

/// Reads a `--variant` value ([`setup::board_game`]).
fn parse_variant(name: &str) -> Result<Variant, CliError> {
    setup::board_game(name).map_err(CliError)
}

fn position_from(variant: &str, fen: Option<&str>) -> Result<AnyPosition, CliError> {
    let variant = parse_variant(variant)?;
    match fen {
        Some(fen) => AnyPosition::from_fen(variant, fen).map_err(|e| CliError(e.to_string())),
        None => Ok(AnyPosition::startpos(variant)),
    }
}

fn run_perft(args: &PerftArgs) -> Result<(), CliError> {
    use crate::rules::perft::MAX_PERFT_DEPTH;
    let pos = position_from(&args.variant, args.fen.as_deref())?;
    if args.depth == 0 || args.depth > MAX_PERFT_DEPTH {
        return Err(CliError(format!(
            "perft depth must be between 1 and {MAX_PERFT_DEPTH}"
        )));
    }
    if args.threads == 0 {
        return Err(CliError("threads must be at least 1".into()));
    }
    let start = Instant::now();
    let total = if args.divide || args.threads > 1 {
        // Each row is printed as soon as it is counted, in the order the
        // moves are generated (also on several threads).
        let never = std::sync::atomic::AtomicBool::new(false);
        let print = |mv: &str, n: u64| {
            if args.divide {
                out!("{mv}: {n}");
            }
        };
        let parallel = args.threads > 1;
        let run = || pos.divide_until(args.depth, parallel, &never, &print);
        let rows = if parallel {
            rayon::ThreadPoolBuilder::new()
                .num_threads(args.threads)
                .build()
                .map_err(|e| CliError(format!("cannot start threads: {e}")))?
                .install(run)
        } else {
            run()
        }
        .map_err(|e| CliError(e.to_string()))?;
        if args.divide {
            out!();
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(args.depth)
    };
    let elapsed = start.elapsed().as_secs_f64();
    out!("Nodes searched: {total}");
    eprintln!(
        "time {:.3} s, {:.0} nodes/s",
        elapsed,
        total as f64 / elapsed.max(1e-9)
    );
    Ok(())
}

/// Folds clap's multi-line error into one line, without its usage hints.
fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn run_bench(args: &BenchArgs) -> Result<(), CliError> {
    if args.depth == 0 {
        return Err(CliError("bench depth must be at least 1".into()));
    }
    let result = crate::engine::bench::run(args.depth, &mut |line| out!("{line}"));
    let secs = result.elapsed.as_secs_f64().max(1e-9);
    out!("Total time (ms) : {}", result.elapsed.as_millis());
    out!("Nodes searched  : {}", result.nodes);
    out!("Nodes/second    : {:.0}", result.nodes as f64 / secs);
    Ok(())
}

fn run_tune_eval(args: &TuneEvalArgs) -> Result<(), CliError> {
    use crate::rules::variant::Width;
    let variant = parse_variant(&args.variant)?;
    if variant.spec().evaluation != crate::rules::Evaluation::Tapered {
        return Err(CliError(format!(
            "{} has its own evaluation, which tune-eval does not tune",
            variant.spec().display_name
        )));
    }
    match variant.spec().width() {
        Width::W64 => tune_eval::<u64>(variant, args),
        Width::W128 => tune_eval::<u128>(variant, args),
        Width::W192 => tune_eval::<crate::rules::Wide>(variant, args),
    }
}

fn tune_eval<B: crate::rules::Bitboard>(
    variant: Variant,
    args: &TuneEvalArgs,
) -> Result<(), CliError> {
    use crate::engine::eval::tune;
    let read = read_input_text;
    let data = if let Some(labels) = &args.labels {
        let samples = tune::positions_from_labels::<B>(variant, &read(labels)?)
            .map_err(|e| CliError(e.to_string()))?;
        tune::split(samples.into_iter().map(|s| vec![s]).collect(), 1)
    } else {
        let texts = args
            .pgn
            .iter()
            .map(|path| read(path))
            .collect::<Result<Vec<String>, CliError>>()?;
        let games = tune::positions_from_pgn::<B>(variant, &texts);
        if let Some(path) = &args.write_positions {
            let fens = tune::unique_fens(&games);
            let text: String = fens.iter().map(|fen| format!("{fen}\n")).collect();
            std::fs::write(path, text)
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
            out!("{} positions written to {}", fens.len(), path.display());
            return Ok(());
        }
        // `motley match` plays each opening twice: a pair is held out or
        // kept whole.
        tune::split(games, 2)
    };
    let settings = tune::TuneSettings {
        passes: args.passes,
        skip: args.skip.clone(),
    };
    let literal = tune::tune_to_literal(variant, &data, &settings, &mut |line| out!("{line}"))
        .map_err(|e| CliError(e.to_string()))?;
    out!("{literal}");
    Ok(())
}

/// A score for people: `+0.35` or `mate 3`.
fn readable_score(score: crate::engine::ScoreReport) -> String {
    match score {
        crate::engine::ScoreReport::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
        crate::engine::ScoreReport::Mate(n) => format!("mate {n}"),
    }
}

fn run_analyse(args: &AnalyseArgs) -> Result<(), CliError> {
    use crate::engine::{Engine, SearchControl, SearchLimits};
    // The flags' ranges are checked as they are read (`numbers`).
    // A bad FEN is reported before the hash table is allocated.
    position_from(&args.setup.variant, args.setup.fen.as_deref())?;
    let mut engine = Engine::new();
    engine
        .set_hash_mb(args.hash)
        .map_err(|e| CliError(e.to_string()))?;
    engine.set_threads(args.threads);
    engine.set_multipv(args.multipv);
    args.setup.set_up(&mut engine).map_err(CliError)?;
    let limits = SearchLimits {
        depth: args.depth,
        nodes: args.nodes,
        move_time: args.movetime.map(std::time::Duration::from_millis),
        ..SearchLimits::default()
    };
    out!("position {}", engine.game().position().fen());
    let control = SearchControl::new();
    control.begin(false);
    let result = engine.search(&limits, &control, &mut |info| {
        let line = if args.multipv > 1 {
            format!("line {} ", info.multipv)
        } else {
            String::new()
        };
        out!(
            "{line}depth {:2}/{:<2} score {:>7}  nodes {:>10}  nps {:>9}  time {:>6.2}s  pv {}",
            info.depth,
            info.seldepth,
            readable_score(info.score),
            info.nodes,
            info.nps,
            info.time_ms as f64 / 1000.0,
            info.pv.join(" ")
        );
    });
    if let Some(reply) = &result.ponder_move {
        out!("expected reply: {reply}");
    }
    match result.best_move {
        Some(m) => out!("best move: {m}"),
        None => out!("best move: (none) - the game is over"),
    }
    Ok(())
}

fn engine_config(
    command: &str,
    protocol: &str,
    name: &Option<String>,
    options: &[String],
    start_timeout: std::time::Duration,
) -> Result<crate::tournament::EngineConfig, CliError> {
    use crate::tournament::Protocol;
    let protocol = match protocol {
        "auto" => None,
        "uci" => Some(Protocol::Uci),
        "xboard" | "cecp" => Some(Protocol::Xboard),
        other => {
            return Err(CliError(format!(
                "unknown protocol '{other}' (expected uci, xboard or auto)"
            )));
        }
    };
    let options = options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| CliError(format!("option '{o}' needs NAME=VALUE")))
        })
        .collect::<Result<_, _>>()?;
    Ok(crate::tournament::EngineConfig {
        command: command.to_string(),
        protocol,
        options,
        name: name.clone(),
        start_timeout,
    })
}

fn run_match(args: &MatchArgs) -> Result<(), CliError> {
    use crate::tournament::{
        Adjudication, DrawRule, GameRules, MatchConfig, ScoreRule, TimeControl,
    };
    let game = crate::tournament::parse_variant(&args.variant)?;
    let (variant, chesswar) = match game {
        crate::rules::GameKind::Board(variant) => (variant, None),
        crate::rules::GameKind::ChessWar => {
            if args.openings.is_some() {
                return Err(CliError(
                    "--openings is not available in chesswar: its games start from the \
                     engines' default armies"
                        .into(),
                ));
            }
            let options = [&args.options1, &args.options2].map(|o| {
                o.iter()
                    .filter_map(|o| o.split_once('='))
                    .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                    .collect::<Vec<_>>()
            });
            let rules =
                crate::tournament::ChessWarRules::new(args.seed, [&options[0], &options[1]])?;
            // The board game of the rules goes unused in a ChessWar match.
            (Variant::default(), Some(rules))
        }
    };
    let time_control = match (&args.tc, args.st) {
        _ if args.nodes.is_some() => {
            if chesswar.is_some() {
                return Err(CliError(
                    "--nodes is for the board games; chesswar matches are played on the clock"
                        .into(),
                ));
            }
            TimeControl::Nodes(args.nodes.unwrap_or(1))
        }
        (Some(tc), _) => crate::tournament::parse_time_control(tc)?,
        (None, Some(st)) if st.is_finite() && st > 0.0 => {
            TimeControl::PerMove(std::time::Duration::from_secs_f64(st))
        }
        _ => return Err(CliError("st must be a positive number of seconds".into())),
    };
    if args.games == 0 || args.concurrency == 0 {
        return Err(CliError("games and concurrency must be at least 1".into()));
    }
    let openings = match &args.openings {
        Some(path) => {
            let text = read_input_text(path)?;
            crate::tournament::parse_openings(variant, &text)?
        }
        None => Vec::new(),
    };
    if !(args.start_timeout.is_finite() && args.start_timeout > 0.0 && args.start_timeout <= 3600.0)
    {
        return Err(CliError(
            "start-timeout must be a number of seconds from 0 to 3600".into(),
        ));
    }
    let start_timeout = std::time::Duration::from_secs_f64(args.start_timeout);
    let config = MatchConfig {
        engines: [
            engine_config(
                &args.engine1,
                &args.protocol1,
                &args.name1,
                &args.options1,
                start_timeout,
            )?,
            engine_config(
                &args.engine2,
                &args.protocol2,
                &args.name2,
                &args.options2,
                start_timeout,
            )?,
        ],
        openings,
        rules: GameRules {
            variant,
            time_control,
            margin: std::time::Duration::from_millis(args.margin_ms),
            adjudication: Adjudication {
                max_plies: Some(args.max_plies).filter(|&n| n > 0),
                resign: args.resign_score.map(|score| ScoreRule {
                    score,
                    moves: args.resign_moves.max(1),
                }),
                draw: args.draw_score.map(|score| DrawRule {
                    score,
                    moves: args.draw_moves.max(1),
                    after: args.draw_after,
                }),
            },
        },
        chesswar,
        games: args.games,
        concurrency: args.concurrency,
        event: args.event.clone(),
        sprt: args
            .sprt
            .as_ref()
            .map(|words| crate::tournament::SprtConfig::parse(&words.join(" ")))
            .transpose()?,
    };
    let pgn = match &args.pgn {
        Some(path) => Some(crate::tournament::PgnSink::open(path)?),
        None => None,
    };
    let summary = crate::tournament::run_match(&config, pgn.as_ref(), &mut |line| out!("{line}"))?;
    for line in summary.report() {
        out!("{line}");
    }
    Ok(())
}

/// Runs the command line; returns the process exit code.
pub fn run() -> i32 {
    // The shipped games are named in the help and by `--variant`.
    crate::rules::ini::registry::load_shipped();
    let parsed = command()
        .try_get_matches()
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                        2
                    } else {
                        0
                    }
                }
                _ => {
                    eprintln!("{}", one_line(&e.render().to_string()));
                    2
                }
            };
        }
    };
    for file in &cli.variants {
        match crate::rules::ini::registry::load_file(file, true) {
            Ok(report) => {
                for line in report.failure_lines() {
                    eprintln!("warning: {line}");
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        }
    }
    let result = match &cli.command {
        Some(Command::Check(args)) => return run_check(args),
        None | Some(Command::Uci) => {
            crate::protocol::serve_uci();
            Ok(())
        }
        Some(Command::Xboard) => {
            crate::protocol::serve_xboard();
            Ok(())
        }
        Some(Command::Perft(args)) => run_perft(args),
        Some(Command::Bench(args)) => run_bench(args),
        Some(Command::Analyse(args)) => run_analyse(args),
        Some(Command::Match(args)) => run_match(args),
        Some(Command::Chesswar(args)) => return chesswar::run(args),
        Some(Command::TuneEval(args)) => run_tune_eval(args),
        Some(Command::Datagen(args)) => datagen::run(args).map_err(CliError),
        Some(Command::Train(args)) => train::run_train(args).map_err(CliError),
        Some(Command::Eval(args)) => train::run_eval(args).map_err(CliError),
        Some(Command::Serve(args)) => crate::web::serve(&crate::web::ServeConfig {
            host: args.host.clone(),
            port: args.port,
            hash_mb: args.hash,
        })
        .map_err(|e| CliError(e.to_string())),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
