//! Perft: counting the leaves of the legal move tree, the standard test of
//! move generation. The last ply is counted without making its moves.

use rayon::prelude::*;

use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::Position;

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

/// The perft count below each legal move (depth >= 1), in generation order.
/// With `parallel`, root moves are spread over rayon's threads.
pub fn divide<B: Bitboard>(pos: &Position<B>, depth: u32, parallel: bool) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let count = |&m: &Move| (m, perft(&pos.after(m), depth.saturating_sub(1)));
    if parallel {
        moves.par_iter().map(count).collect()
    } else {
        moves.iter().map(count).collect()
    }
}
