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
    /// The game: chess, wadchess or paritychess.
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
    /// The game: chess, wadchess or paritychess.
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
                println!("{mv}: {n}");
            }
            println!();
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(args.depth)
    };
    let elapsed = start.elapsed().as_secs_f64();
    println!("Nodes searched: {total}");
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
    let result = crate::engine::bench::run(args.depth, &mut |line| println!("{line}"));
    let secs = result.elapsed.as_secs_f64().max(1e-9);
    println!("Total time (ms) : {}", result.elapsed.as_millis());
    println!("Nodes searched  : {}", result.nodes);
    println!("Nodes/second    : {:.0}", result.nodes as f64 / secs);
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
    println!("position {}", engine.game().position().fen());
    let control = SearchControl::new();
    control.begin(false);
    let result = engine.search(&limits, &control, &mut |info| {
        let line = if args.multipv > 1 {
            format!("line {} ", info.multipv)
        } else {
            String::new()
        };
        println!(
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
        println!("expected reply: {reply}");
    }
    match result.best_move {
        Some(m) => println!("best move: {m}"),
        None => println!("best move: (none) - the game is over"),
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
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
