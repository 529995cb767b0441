//! `motley datagen`: training data from self-play, and what a data file
//! holds (`--stats`).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::numbers;
use crate::engine::SearchLimits;
use crate::engine::nnue::Network;
use crate::learn::data::{DataReader, DataStats, SCORE_BUCKETS};
use crate::learn::datagen::{DatagenConfig, DatagenProgress, generate};

/// Arguments of `datagen`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("file").required(true).args(["out", "stats"])))]
pub struct DatagenArgs {
    /// The game (see `variant_help`: every command's help lists them).
    #[arg(long, default_value_t = crate::rules::Variant::default().name().to_string())]
    pub variant: String,
    /// The file to append the positions to (created if missing).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print what FILE holds (positions, results, scores) instead.
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    pub stats: Option<PathBuf>,
    /// Games to play.
    #[arg(long, default_value_t = 100, value_parser = numbers::games)]
    pub games: usize,
    /// Nodes searched a move (the default: 5000).
    #[arg(long, value_parser = numbers::nodes, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Plies searched a move, instead of a node count.
    #[arg(long, value_parser = numbers::depth)]
    pub depth: Option<u32>,
    /// Start no game after this many minutes (decimals allowed); the games
    /// under way finish and are written. Without it, `--games` alone ends
    /// the run.
    #[arg(long, value_parser = numbers::run_minutes)]
    pub minutes: Option<f64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = numbers::threads)]
    pub threads: usize,
    /// Seeds the random openings: the same seed plays the same games.
    #[arg(long, default_value_t = 1, value_parser = numbers::seed)]
    pub seed: u64,
    /// End a game as won once the searches of 4 plies in a row put one
    /// side at least CP centipawns ahead (without it, games are played
    /// to their end).
    #[arg(long, value_name = "CP", value_parser = numbers::resign_cp)]
    pub decided: Option<i32>,
    /// Start every game's random plies from this position instead of the
    /// game's start (e.g. the start without castling rights).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Search with the hand-written evaluation, not the game's network.
    #[arg(long, conflicts_with = "eval_file")]
    pub hand_written: bool,
    /// Search with this network in place of the built-in one.
    #[arg(long, value_name = "NET")]
    pub eval_file: Option<PathBuf>,
}

/// Runs `datagen`; the error is one line for the user.
pub fn run(args: &DatagenArgs) -> Result<(), String> {
    let variant = super::setup::board_game(&args.variant)?;
    if let Some(path) = &args.stats {
        return print_stats(path);
    }
    let Some(out) = &args.out else {
        return Err("datagen needs --out FILE or --stats FILE".into());
    };
    let mut config = DatagenConfig::new(variant, args.games as u64);
    config.threads = args.threads;
    config.seed = args.seed;
    config.use_nnue = !args.hand_written;
    config.decided_cp = args.decided;
    config.start_fen = args.fen.clone();
    config.time_limit = args.minutes.map(|m| Duration::from_secs_f64(m * 60.0));
    if let Some(path) = &args.eval_file {
        let net = Network::load(path, Some(variant))
            .map_err(|e| format!("--eval-file {}: {e}", path.display()))?;
        config.network = Some(Arc::new(net));
    }
    if args.nodes.is_some() || args.depth.is_some() {
        config.limits = SearchLimits {
            nodes: args.nodes,
            depth: args.depth,
            ..SearchLimits::default()
        };
    }
    let terminal = std::io::stderr().is_terminal();
    let games = config.games;
    let time_limit = config.time_limit;
    let line = |p: &DatagenProgress| {
        let secs = p.elapsed.as_secs_f64().max(1e-3);
        // The games left at the pace so far, or the time limit's rest
        // where that comes first.
        let limit_left = time_limit.map(|limit| (limit.as_secs_f64() - secs).max(0.0));
        let games_left = (p.games > 0).then(|| (games - p.games) as f64 * secs / p.games as f64);
        let eta = match (games_left, limit_left) {
            (Some(g), Some(l)) => format!("{:.0} s", g.min(l)),
            (Some(t), None) | (None, Some(t)) => format!("{t:.0} s"),
            (None, None) => "-".into(),
        };
        format!(
            "games {}/{}  positions {}  {:.0} positions/s  ETA {eta}",
            p.games,
            games,
            p.positions,
            p.positions as f64 / secs
        )
    };
    let done = generate(&config, out, &mut |p| {
        if terminal {
            eprint!("\r{}   ", line(p));
        }
    })
    .map_err(|e| match e {
        crate::learn::data::DataError::BadStart(why) => format!("--fen: {why}"),
        e => format!("--out {}: {e}", out.display()),
    })?;
    if terminal {
        eprintln!();
    }
    out!("{}", line(&done));
    out!("wrote {} positions to {}", done.positions, out.display());
    Ok(())
}

fn print_stats(path: &std::path::Path) -> Result<(), String> {
    let reader = DataReader::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let variant = reader.variant();
    let (stats, error) = DataStats::count(reader);
    let share = |n: u64| 100.0 * n as f64 / stats.positions.max(1) as f64;
    out!("game      {}", variant.name());
    out!("positions {}", stats.positions);
    out!(
        "results   {} wins ({:.1}%), {} draws ({:.1}%), {} losses ({:.1}%) for the side to move",
        stats.wins,
        share(stats.wins),
        stats.draws,
        share(stats.draws),
        stats.losses,
        share(stats.losses)
    );
    out!("scores (centipawns, side to move):");
    for (i, &count) in stats.histogram.iter().enumerate() {
        let range = match i {
            0 => format!("below {}", SCORE_BUCKETS[0]),
            i if i == SCORE_BUCKETS.len() => format!("{} and up", SCORE_BUCKETS[i - 1]),
            i => format!("{} to {}", SCORE_BUCKETS[i - 1], SCORE_BUCKETS[i] - 1),
        };
        out!("  {range:>14}  {count:>10}  {:5.1}%", share(count));
    }
    match error {
        Some(e) => Err(format!("{}: {e}", path.display())),
        None => Ok(()),
    }
}
