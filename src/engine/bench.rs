//! `bench`: a fixed list of positions per game searched to a fixed depth
//! on one thread with a fresh table. The node total is deterministic and
//! identifies the search's behaviour (commit messages carry it).

use std::time::{Duration, Instant};

use crate::rules::Variant;

use super::{Engine, SearchControl, SearchLimits};

/// Depth each bench position is searched to.
pub const BENCH_DEPTH: u32 = 12;

/// The bench positions, by game, in the order of [`Variant::ALL`] (each
/// game's come from its spec).
pub fn bench_positions() -> impl Iterator<Item = (Variant, &'static str)> {
    Variant::ALL.into_iter().flat_map(|variant| {
        let fens = variant.spec().engine.bench_positions;
        fens.iter().map(move |&fen| (variant, fen))
    })
}

/// The depth a bench position of `variant` is searched to when the bench
/// depth is `depth`: the game's spec may cut it (Chad's 12x12 tree is
/// wide, and searched without most selective rules).
pub fn depth_for(variant: Variant, depth: u32) -> u32 {
    depth
        .saturating_sub(variant.spec().engine.bench_depth_cut)
        .max(1)
}

/// What a bench run measured.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Runs the bench at `depth`, printing one line per position to `out`.
pub fn run(depth: u32, out: &mut dyn FnMut(String)) -> BenchResult {
    let mut total = 0;
    let start = Instant::now();
    let mut per_game: Vec<(Variant, u64, Duration)> = Vec::new();
    // One engine, emptied before each position: each search starts as
    // fresh as in a new engine, without the cost of allocating its table.
    // The table is made at its bench size at once: making the default
    // one first and then resizing it cost a tenth of the bench's time in
    // the kernel's clearing of fresh pages.
    let mut engine = Engine::with_hash_mb(16).expect("16 MB for the bench");
    for (i, (variant, fen)) in bench_positions().enumerate() {
        engine.new_game();
        let position_start = Instant::now();
        engine
            .set_position(variant, Some(fen), &[])
            .expect("bench positions are valid");
        let control = SearchControl::new();
        control.begin(false);
        let limits = SearchLimits::depth(depth_for(variant, depth));
        let result = engine.search(&limits, &control, &mut |_| {});
        total += result.nodes;
        let spent = position_start.elapsed();
        match per_game.iter_mut().find(|g| g.0 == variant) {
            Some(g) => {
                g.1 += result.nodes;
                g.2 += spent;
            }
            None => per_game.push((variant, result.nodes, spent)),
        }
        out(format!(
            "position {:2} {:12} nodes {:10} best {}",
            i + 1,
            variant.name(),
            result.nodes,
            result.best_move.unwrap_or_else(|| "(none)".into())
        ));
    }
    for (variant, nodes, spent) in per_game {
        out(format!(
            "{:12} nodes {:10} nodes/s {:10.0}",
            variant.name(),
            nodes,
            nodes as f64 / spent.as_secs_f64().max(1e-9)
        ));
    }
    BenchResult {
        nodes: total,
        elapsed: start.elapsed(),
    }
}
