//! The command line (clap): subcommands and their output.

use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::rules::{AnyPosition, Variant};

/// motley: a chess-variant engine.
#[derive(Parser, Debug)]
#[command(name = "motley", version, about, arg_required_else_help = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the legal move tree (move generator test).
    Perft(PerftArgs),
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
        Command::Perft(args) => run_perft(args),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
