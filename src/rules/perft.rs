//! Perft: counting the leaves of the legal move tree, the standard test of
//! move generation. The last ply is counted without making its moves.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::Position;

/// The deepest perft the command line and the protocols accept: a deeper
/// count would take years, and the recursion's stack grows with the depth.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// A perft count that was given up because it was asked to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("perft stopped before it finished")
    }
}

/// Number of leaf nodes `depth` plies below `pos` (1 for depth 0).
pub fn perft<B: Bitboard>(pos: &Position<B>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| perft(&pos.after(m), depth - 1))
            .sum(),
    }
}

/// [`perft`] that gives up once `stop` is set. The flag is read at the
/// nodes three or more plies above the leaves, where a node costs hundreds
/// of moves made, so the check costs nothing measurable.
pub fn perft_until<B: Bitboard>(
    pos: &Position<B>,
    depth: u32,
    stop: &AtomicBool,
) -> Result<u64, Stopped> {
    if depth <= 2 {
        return Ok(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Stopped);
    }
    let mut total = 0;
    for &m in pos.legal_moves().iter() {
        total += perft_until(&pos.after(m), depth - 1, stop)?;
    }
    Ok(total)
}

/// The perft count below each legal move (depth >= 1), in generation order.
/// With `parallel`, root moves are spread over rayon's threads.
pub fn divide<B: Bitboard>(pos: &Position<B>, depth: u32, parallel: bool) -> Vec<(Move, u64)> {
    let never = AtomicBool::new(false);
    divide_until(pos, depth, parallel, &never, &|_, _| {}).unwrap_or_default()
}

/// [`divide`] that hands each row to `on_row` as soon as it is known and
/// every row before it has been handed on, so that the rows come in
/// generation order, parallel or not; gives up once `stop` is set.
pub fn divide_until<B: Bitboard>(
    pos: &Position<B>,
    depth: u32,
    parallel: bool,
    stop: &AtomicBool,
    on_row: &(dyn Fn(Move, u64) + Sync),
) -> Result<Vec<(Move, u64)>, Stopped> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    // The next row to hand on, and the counts known so far.
    let known: Mutex<(usize, Vec<Option<u64>>)> = Mutex::new((0, vec![None; moves.len()]));
    let count = |(index, &m): (usize, &Move)| -> Result<(Move, u64), Stopped> {
        if stop.load(Ordering::Relaxed) {
            return Err(Stopped);
        }
        let n = perft_until(&pos.after(m), depth.saturating_sub(1), stop)?;
        let mut guard = known.lock().unwrap_or_else(|e| e.into_inner());
        let (next, counts) = &mut *guard;
        counts[index] = Some(n);
        while let Some(&Some(n)) = counts.get(*next) {
            on_row(moves[*next], n);
            *next += 1;
        }
        Ok((m, n))
    };
    if parallel {
        moves.par_iter().enumerate().map(count).collect()
    } else {
        moves.iter().enumerate().map(count).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position<u64> {
        use crate::rules::{AnyPosition, Variant};
        let AnyPosition::W64(pos) = AnyPosition::startpos(Variant::Chess) else {
            panic!("chess is played on 64 squares");
        };
        pos
    }

    #[test]
    fn a_stopped_count_says_so() {
        let pos = start();
        let stop = AtomicBool::new(true);
        assert_eq!(perft_until(&pos, 5, &stop), Err(Stopped));
        for parallel in [false, true] {
            let rows = Mutex::new(Vec::new());
            let result = divide_until(&pos, 5, parallel, &stop, &|m, n| {
                rows.lock().unwrap().push((m, n))
            });
            assert_eq!(result, Err(Stopped));
        }
        let go = AtomicBool::new(false);
        assert_eq!(perft_until(&pos, 4, &go), Ok(197_281));
        assert_eq!(perft_until(&pos, 2, &stop), Ok(400));
    }

    #[test]
    fn divide_hands_on_rows_in_generation_order() {
        let pos = start();
        let go = AtomicBool::new(false);
        for parallel in [false, true] {
            let rows = Mutex::new(Vec::new());
            let result = divide_until(&pos, 3, parallel, &go, &|m, n| {
                rows.lock().unwrap().push((m, n))
            })
            .unwrap();
            assert_eq!(result, rows.into_inner().unwrap());
            assert_eq!(result, divide(&pos, 3, false));
            assert_eq!(result.iter().map(|r| r.1).sum::<u64>(), 8902);
        }
    }
}
