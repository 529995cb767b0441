//! `bench`: a fixed list of positions per game searched to a fixed depth
//! on one thread with a fresh table. The node total is deterministic and
//! identifies the search's behaviour (commit messages carry it).

use std::time::{Duration, Instant};

use crate::rules::Variant;

use super::{Engine, SearchControl, SearchLimits};

/// Depth each bench position is searched to.
pub const BENCH_DEPTH: u32 = 12;

/// The bench positions, by game.
pub const BENCH_POSITIONS: &[(Variant, &str)] = &[
    (
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        Variant::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        Variant::Chess,
        "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
    ),
    (Variant::Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        Variant::Chess,
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
    (
        Variant::WadChess,
        "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
    ),
    (
        Variant::WadChess,
        "r1nbqkb1cr/pppp1ppppp/2c2n4/4p5/4P5/3C1N4/PPPP1PPPPP/R1NBQKB1CR w KQkq - 4 4",
    ),
    (Variant::WadChess, "k9/10/10/10/10/10/3K6/4C5 w - - 0 1"),
    (
        Variant::ParityChess,
        "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
    ),
    (
        Variant::ParityChess,
        "rcnbfqk1bncr/pppppppfpppp/12/6p5/6P5/12/PPPPPPP1PPPP/RCNBFQKFBNCR w KQkq - 1 3",
    ),
    (
        Variant::Chad,
        "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
    ),
    (
        Variant::Chad,
        "12/12/5R1rrr2/7rkr2/8r3/5r6/7R4/2RR8/2RKR7/2RR2r5/12/12 w - - 8 5",
    ),
    (
        Variant::WauChess,
        "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9",
    ),
    (
        Variant::WauChess,
        "********/*****3/*****1b1/3bkr1r/1n1qp***/2pp1***/***1p***/***2***/***Q1N2/***PPPP1/4K1B1/1R1*****/3*****/******** w - - 0 20 a2,f4,a9,f11",
    ),
];

/// The depth a bench position of `variant` is searched to when the bench
/// depth is `depth`: Chad's 12x12 tree is wide, and searched without most
/// selective rules (see `search::params::selectivity`), so it goes four
/// plies less.
pub fn depth_for(variant: Variant, depth: u32) -> u32 {
    match variant {
        Variant::Chad => depth.saturating_sub(4).max(1),
        _ => depth,
    }
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
    let mut engine = Engine::new();
    engine.set_hash_mb(16).expect("16 MB for the bench");
    for (i, &(variant, fen)) in BENCH_POSITIONS.iter().enumerate() {
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
