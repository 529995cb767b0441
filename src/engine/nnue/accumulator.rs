//! The hidden layer's sums, kept up to date as moves are made.
//!
//! Positions are copied, not unmade, so the search keeps one accumulator
//! per ply. A node's accumulator is its parent's with the inputs that the
//! move changed taken out and put in: the changes are read off the two
//! positions' piece sets, so every kind of move of every game (castling,
//! en passant, promotion, a Wau attack board carrying its pieces) is
//! handled alike.

use crate::rules::attack_boards::BOARD_COUNT;
use crate::rules::{Bitboard, Color, Piece, Position};

use super::kernels;
use super::network::Network;

/// Each side's hidden sums for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// By side: White's view, then Black's.
    sums: [Vec<i16>; 2],
}

impl Accumulator {
    /// The sums of `pos` computed from its pieces.
    pub fn fresh<B: Bitboard>(net: &Network, pos: &Position<B>) -> Accumulator {
        let mut acc = Accumulator {
            sums: [Vec::new(), Vec::new()],
        };
        acc.refresh(net, pos);
        acc
    }

    /// Recomputes the sums of `pos` in place.
    pub fn refresh<B: Bitboard>(&mut self, net: &Network, pos: &Position<B>) {
        for side in Color::ALL {
            self.refresh_side(net, pos, side);
        }
    }

    /// Recomputes `side`'s sums of `pos` in place.
    fn refresh_side<B: Bitboard>(&mut self, net: &Network, pos: &Position<B>, side: Color) {
        let sums = &mut self.sums[side.index()];
        sums.clear();
        sums.extend_from_slice(&net.input_bias);
        net.space()
            .for_each_position_input(pos, side, |i| add_row(sums, net.row(i)));
    }

    /// Makes these the sums of `to`, given that they are those of `from`
    /// copied from `parent`: the inputs the move took out and put in are
    /// gathered first, then each side's sums are made from the parent's in
    /// one pass ([`kernels::update`]). A side whose king moved to another
    /// bucket or half of the board (where the network splits its inputs
    /// so) sees every input change, and has its sums computed afresh.
    pub fn update_from<B: Bitboard>(
        &mut self,
        net: &Network,
        parent: &Accumulator,
        from: &Position<B>,
        to: &Position<B>,
    ) {
        let space = net.space();
        let views = Color::ALL.map(|side| space.position_view(to, side));
        let fresh = Color::ALL.map(|side| space.position_view(from, side) != views[side.index()]);
        let mut changes = [InputChanges::default(), InputChanges::default()];
        let mut note = |inputs: [Option<usize>; 2], added: bool| {
            for (side, input) in inputs.into_iter().enumerate() {
                if let Some(i) = input {
                    changes[side].note(i, added);
                }
            }
        };
        let roles = to.variant().spec().roles;
        for color in Color::ALL {
            for &role in roles {
                let before = from.pieces(color, role);
                let after = to.pieces(color, role);
                let piece = Piece { color, role };
                let inputs =
                    |sq| Color::ALL.map(|s| space.piece_input(s, views[s.index()], piece, sq));
                for sq in (before & !after).squares() {
                    note(inputs(sq), false);
                }
                for sq in (after & !before).squares() {
                    note(inputs(sq), true);
                }
            }
        }
        if to.variant().spec().attack_boards.is_some() {
            let (old, new) = (from.board_corners(), to.board_corners());
            let inputs =
                |board, sq| Color::ALL.map(|s| space.corner_input(s, views[s.index()], board, sq));
            for board in 0..BOARD_COUNT {
                if old[board] != new[board] {
                    note(inputs(board, old[board]), false);
                    note(inputs(board, new[board]), true);
                }
            }
        }
        let hidden = net.hidden();
        for (side, change) in changes.iter().enumerate() {
            if fresh[side] || change.overflowed {
                self.refresh_side(net, to, Color::ALL[side]);
                continue;
            }
            let sums = &mut self.sums[side];
            sums.resize(hidden, 0);
            let parent = &parent.sums[side];
            let row = |i: &u32| net.row(*i as usize);
            // The usual moves (a quiet move, a capture, a castle) name
            // their rows in arrays of their own size; the rest gather them.
            match (change.added(), change.taken()) {
                ([a], [s]) => kernels::update(sums, parent, &[row(a)], &[row(s)]),
                ([a], [s, t]) => kernels::update(sums, parent, &[row(a)], &[row(s), row(t)]),
                ([a, b], [s, t]) => {
                    kernels::update(sums, parent, &[row(a), row(b)], &[row(s), row(t)])
                }
                (added, taken) => {
                    let mut added_rows: [&[i16]; MAX_CHANGES] = [&[]; MAX_CHANGES];
                    let mut taken_rows: [&[i16]; MAX_CHANGES] = [&[]; MAX_CHANGES];
                    for (slot, i) in added_rows.iter_mut().zip(added) {
                        *slot = row(i);
                    }
                    for (slot, i) in taken_rows.iter_mut().zip(taken) {
                        *slot = row(i);
                    }
                    kernels::update(
                        sums,
                        parent,
                        &added_rows[..added.len()],
                        &taken_rows[..taken.len()],
                    );
                }
            }
        }
    }

    /// The score of the position, in centipawns for `side_to_move`;
    /// `pieces` is the number of pieces on its board.
    #[inline]
    pub fn evaluate(&self, net: &Network, side_to_move: Color, pieces: u32) -> i32 {
        let us = &self.sums[side_to_move.index()];
        let them = &self.sums[(!side_to_move).index()];
        net.output(us, them, pieces)
    }
}

#[inline]
fn add_row(sums: &mut [i16], row: &[i16]) {
    for (s, &w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_add(w);
    }
}

/// The most inputs one side's view may gain, and lose, in one move: a Wau
/// Chess attack board carrying its pieces changes the most. A move that
/// changes more has its sums computed afresh.
const MAX_CHANGES: usize = 16;

/// The inputs one move put in and took out, for one side's view.
#[derive(Default)]
struct InputChanges {
    added: [u32; MAX_CHANGES],
    added_len: usize,
    taken: [u32; MAX_CHANGES],
    taken_len: usize,
    /// More than [`MAX_CHANGES`] of either.
    overflowed: bool,
}

impl InputChanges {
    fn note(&mut self, input: usize, added: bool) {
        let (list, len) = if added {
            (&mut self.added, &mut self.added_len)
        } else {
            (&mut self.taken, &mut self.taken_len)
        };
        match list.get_mut(*len) {
            Some(slot) => {
                *slot = input as u32;
                *len += 1;
            }
            None => self.overflowed = true,
        }
    }
    fn added(&self) -> &[u32] {
        &self.added[..self.added_len]
    }
    fn taken(&self) -> &[u32] {
        &self.taken[..self.taken_len]
    }
}

/// The accumulators of the positions on the search's path, one per ply.
///
/// Each entry remembers the position it holds, so a node's accumulator is
/// made from whatever the ply above holds (normally its parent) by the
/// difference of the two positions, and is computed afresh only at the
/// root.
#[derive(Debug)]
pub struct AccumulatorStack<B: Bitboard> {
    entries: Vec<Option<(Position<B>, Accumulator)>>,
}

impl<B: Bitboard> Default for AccumulatorStack<B> {
    fn default() -> Self {
        AccumulatorStack {
            entries: Vec::new(),
        }
    }
}

impl<B: Bitboard> AccumulatorStack<B> {
    /// The score of `pos`, the node at `ply`, for its side to move.
    pub fn evaluate(&mut self, net: &Network, pos: &Position<B>, ply: usize) -> i32 {
        self.ensure(net, pos, ply);
        let (_, acc) = self.entries[ply].as_ref().expect("just made");
        debug_assert_eq!(
            acc,
            &Accumulator::fresh(net, pos),
            "sums made move by move differ from fresh ones at {}",
            pos.fen()
        );
        acc.evaluate(net, pos.side_to_move(), pos.piece_count())
    }

    /// Makes the entry at `ply` hold `pos`.
    pub fn ensure(&mut self, net: &Network, pos: &Position<B>, ply: usize) {
        if self.entries.len() <= ply {
            self.entries.resize_with(ply + 1, || None);
        }
        if matches!(&self.entries[ply], Some((held, _)) if held.key() == pos.key()) {
            return;
        }
        let (before, rest) = self.entries.split_at_mut(ply);
        let above = before.last().and_then(Option::as_ref);
        match (&mut rest[0], above) {
            (Some((held, acc)), Some((above_pos, above_acc))) => {
                acc.update_from(net, above_acc, above_pos, pos);
                *held = *pos;
            }
            (Some((held, acc)), None) => {
                acc.refresh(net, pos);
                *held = *pos;
            }
            // The first visit of this ply in the search.
            (slot @ None, _) => *slot = Some((*pos, Accumulator::fresh(net, pos))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nnue::features::KingBuckets;
    use crate::engine::nnue::network::{OutputBuckets, random_network};
    use crate::rules::random::XorShift;
    use crate::rules::{AnyPosition, Variant};
    use crate::with_position;

    /// Along random games of every game, the sums made move by move (by
    /// the stack, and by a chain of updates) equal fresh ones.
    #[test]
    fn incremental_sums_equal_fresh_ones_along_random_games() {
        // Every game plain, and mirrored with king buckets where its wings
        // are alike: a king crossing the middle or changing bucket makes
        // its side's sums afresh.
        let layouts = Variant::ALL.into_iter().flat_map(|variant| {
            let mirrors = crate::learn::train::mirrors(variant);
            let bucketed = KingBuckets::named("mirror4", variant, mirrors).ok();
            std::iter::once((variant, KingBuckets::NONE)).chain(bucketed.map(|k| (variant, k)))
        });
        for (variant, kings) in layouts {
            let buckets = OutputBuckets::new(4, 6).expect("valid buckets");
            let net = Network::quantised(&random_network(variant, 16, buckets, kings, 3));
            with_position!(AnyPosition::startpos(variant), start => {
                let mut rng = XorShift(0x1234_5678 + variant.number());
                for _game in 0..4 {
                    let mut pos = start;
                    let mut stack = AccumulatorStack::default();
                    let mut chain = Accumulator::fresh(&net, &pos);
                    stack.ensure(&net, &pos, 0);
                    for ply in 1..120 {
                        let moves = pos.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        let before = pos;
                        pos.play(moves.as_slice()[rng.below(moves.len())]);
                        let parent = chain.clone();
                        chain.update_from(&net, &parent, &before, &pos);
                        let fresh = Accumulator::fresh(&net, &pos);
                        assert_eq!(chain, fresh, "{variant:?} after {ply} plies: {}", pos.fen());
                        let side = pos.side_to_move();
                        assert_eq!(
                            stack.evaluate(&net, &pos, ply),
                            fresh.evaluate(&net, side, pos.piece_count()),
                            "{variant:?} after {ply} plies"
                        );
                    }
                }
            });
        }
    }
}
