//! The command line (clap): subcommands and their output.

use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::rules::{AnyPosition, Variant};

/// motley: a chess-variant engine.
#[derive(Parser, Debug)]
#[command(name = "motley", version, about)]
pub struct Cli {
    /// What to do; without a subcommand motley speaks UCI.
    #[command(subcommand)]
    pub command: Option<Command>,
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
}

/// Arguments of `match`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("clock").required(true).args(["tc", "st"])))]
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
    /// The game: chess, wadchess, paritychess, chad, wauchess or chesswar
    /// (the runner rolls ChessWar's dice; the engines' default armies).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// ChessWar: the seed of the runner's dice; each pair of games (colours
    /// reversed) uses the next seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games to play; each opening is played twice, colours reversed.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Clock kept by the runner: BASE+INC in seconds, e.g. 10+0.1.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in seconds, e.g. 0.5.
    #[arg(long)]
    pub st: Option<f64>,
    /// How many milliseconds past its time an engine may answer.
    #[arg(long, default_value_t = 100)]
    pub margin_ms: u64,
    /// Openings: one FEN/EPD or `startpos`, optionally with `moves ...`,
    /// per line (default: the game's start position).
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// Write the games to this PGN file (appended).
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seconds an engine may take to start and answer the protocol's
    /// handshake (uci/uciok, protover/feature done=1) and its options.
    #[arg(long, default_value_t = 10.0)]
    pub start_timeout: f64,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 500)]
    pub max_plies: u32,
    /// Adjudicate a loss when both engines agree the score is at least
    /// this many centipawns ...
    #[arg(long)]
    pub resign_score: Option<i32>,
    /// ... for this many moves each.
    #[arg(long, default_value_t = 3)]
    pub resign_moves: u32,
    /// Adjudicate a draw when both engines score within this many
    /// centipawns ...
    #[arg(long)]
    pub draw_score: Option<i32>,
    /// ... for this many moves each ...
    #[arg(long, default_value_t = 8)]
    pub draw_moves: u32,
    /// ... from this move on.
    #[arg(long, default_value_t = 40)]
    pub draw_after: u32,
    /// The PGN Event tag.
    #[arg(long, default_value = "motley match")]
    pub event: String,
}

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth (the default is the one commit messages quote).
    #[arg(long, default_value_t = crate::engine::bench::BENCH_DEPTH)]
    pub depth: u32,
}

/// Arguments of `analyse`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct AnalyseArgs {
    /// The game: chess, wadchess, paritychess or chad.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position (default: the game's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play from the position first, in wire spelling.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// Search this many plies.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search about this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Lines to show.
    #[arg(long, default_value_t = 1)]
    pub multipv: usize,
    /// Hash table size in MB.
    #[arg(long, default_value_t = crate::engine::DEFAULT_HASH_MB)]
    pub hash: usize,
}

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game: chess, wadchess, paritychess or chad.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position (default: the game's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Plies to count (1 or more).
    #[arg(long)]
    pub depth: u32,
    /// Print the count below each legal move, as `move: count`.
    #[arg(long)]
    pub divide: bool,
    /// Threads to split the root moves over (1 = single-threaded).
    #[arg(long, default_value_t = 1)]
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

// After `out!`, which it uses.
pub mod chesswar;

/// A one-line error for the user.
#[derive(Debug)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn position_from(variant: &str, fen: Option<&str>) -> Result<AnyPosition, CliError> {
    let variant: Variant = variant.parse().map_err(|e| CliError(format!("{e}")))?;
    match fen {
        Some(fen) => AnyPosition::from_fen(variant, fen).map_err(|e| CliError(e.to_string())),
        None => Ok(AnyPosition::startpos(variant)),
    }
}

fn run_perft(args: &PerftArgs) -> Result<(), CliError> {
    let pos = position_from(&args.variant, args.fen.as_deref())?;
    if args.depth == 0 {
        return Err(CliError("perft depth must be at least 1".into()));
    }
    if args.threads == 0 {
        return Err(CliError("threads must be at least 1".into()));
    }
    let start = Instant::now();
    let total = if args.divide || args.threads > 1 {
        let parallel = args.threads > 1;
        let run = || pos.divide(args.depth, parallel);
        let rows = if parallel {
            rayon::ThreadPoolBuilder::new()
                .num_threads(args.threads)
                .build()
                .map_err(|e| CliError(format!("cannot start threads: {e}")))?
                .install(run)
        } else {
            run()
        };
        if args.divide {
            for (mv, n) in &rows {
                out!("{mv}: {n}");
            }
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

/// A score for people: `+0.35` or `mate 3`.
fn readable_score(score: crate::engine::ScoreReport) -> String {
    match score {
        crate::engine::ScoreReport::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
        crate::engine::ScoreReport::Mate(n) => format!("mate {n}"),
    }
}

fn run_analyse(args: &AnalyseArgs) -> Result<(), CliError> {
    use crate::engine::{Engine, SearchControl, SearchLimits};
    let variant: Variant = args.variant.parse().map_err(|e| CliError(format!("{e}")))?;
    if args.depth == Some(0) || args.nodes == Some(0) || args.movetime == Some(0) {
        return Err(CliError("the search limit must be at least 1".into()));
    }
    if args.threads == 0 || args.multipv == 0 || args.hash == 0 {
        return Err(CliError(
            "threads, multipv and hash must be at least 1".into(),
        ));
    }
    let mut engine = Engine::new();
    engine.set_hash_mb(args.hash).map_err(CliError)?;
    engine.set_threads(args.threads);
    engine.set_multipv(args.multipv);
    let moves: Vec<&str> = args.moves.iter().map(String::as_str).collect();
    engine
        .set_position(variant, args.fen.as_deref(), &moves)
        .map_err(|e| CliError(e.to_string()))?;
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
    let game = crate::tournament::parse_variant(&args.variant).map_err(CliError)?;
    let (variant, chesswar) = match game {
        crate::tournament::MatchGame::Board(variant) => (variant, None),
        crate::tournament::MatchGame::ChessWar => {
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
                crate::tournament::ChessWarRules::new(args.seed, [&options[0], &options[1]])
                    .map_err(CliError)?;
            (Variant::Chess, Some(rules))
        }
    };
    let time_control = match (&args.tc, args.st) {
        (Some(tc), _) => crate::tournament::parse_time_control(tc).map_err(CliError)?,
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
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
            crate::tournament::parse_openings(variant, &text).map_err(CliError)?
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
            chesswar,
        },
        games: args.games,
        concurrency: args.concurrency,
        event: args.event.clone(),
    };
    let pgn = match &args.pgn {
        Some(path) => Some(
            crate::tournament::PgnSink::open(path)
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let summary = crate::tournament::run_match(&config, pgn.as_ref(), &mut |line| out!("{line}"))
        .map_err(CliError)?;
    for line in summary.report() {
        out!("{line}");
    }
    Ok(())
}

/// Runs the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
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
    let result = match &cli.command {
        None | Some(Command::Uci) => {
            crate::protocol::uci::run();
            Ok(())
        }
        Some(Command::Xboard) => {
            crate::protocol::xboard::run();
            Ok(())
        }
        Some(Command::Perft(args)) => run_perft(args),
        Some(Command::Bench(args)) => run_bench(args),
        Some(Command::Analyse(args)) => run_analyse(args),
        Some(Command::Match(args)) => run_match(args),
        Some(Command::Chesswar(args)) => return chesswar::run(args),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
