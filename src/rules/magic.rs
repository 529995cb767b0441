//! Rider attacks by multiplication ("magic bitboards"), for boards of at
//! most 64 squares.
//!
//! A rider's attacks from a square along a set of directions depend only
//! on which squares of those rays are occupied, the last square of each
//! ray aside. Those relevant squares, multiplied by a number found for the
//! square and shifted, give a perfect hash of the occupancy into a table
//! of attack sets: a multiplication and a load instead of a walk along
//! the rays.
//!
//! The tables are filled from the ray walk itself ([`SliderMagics::build`]
//! takes it as a function), so the two always agree; a test checks them
//! against each other on every square of chess. The numbers are searched
//! for when the tables are built, from a fixed seed, so every build finds
//! the same ones. Each table serves one line (a file, a rank, a diagonal),
//! where the multiplier that moves the relevant squares in order to the
//! top bits is tried first and fits, so there is no search in practice.
//!
//! Wider words (`u128`, [`super::Wide`]) keep the ray walk: tables of their
//! short lines, read with a 128-bit multiplication, searched WAD, Parity
//! and Wau Chess no faster.

use super::bitboard::Bitboard;
use super::random::XorShift;
use super::square::Square;

/// One square's hash: the relevant squares, the multiplier, the shift and
/// where its block of attack sets starts.
#[derive(Clone, Copy, Debug)]
struct Entry<B> {
    mask: B,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// The attack table of one line of rides (a file, a rank or a diagonal,
/// both ways) for every square of a board.
#[derive(Debug)]
pub struct SliderMagics<B> {
    entries: Vec<Entry<B>>,
    attacks: Vec<B>,
}

impl<B: Bitboard> SliderMagics<B> {
    /// Builds the tables for squares `0..size`, where `walk(sq, occupied)`
    /// gives the attack set by walking the rays and `mask(sq)` the squares
    /// whose occupancy matters. Returns `None` unless the word is 64 bits
    /// wide (the hash reads the set as one `u64`).
    pub fn build(
        size: usize,
        mask: impl Fn(Square) -> B,
        walk: impl Fn(Square, B) -> B,
    ) -> Option<SliderMagics<B>> {
        if B::CAPACITY != 64 {
            return None;
        }
        let mut entries = Vec::with_capacity(size);
        let mut attacks = Vec::new();
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for i in 0..size {
            let sq = Square::new(i as u8);
            let mask = mask(sq);
            let squares: Vec<Square> = mask.squares().collect();
            let bits = squares.len() as u32;
            // Every subset of the relevant squares with its attack set.
            let cases: Vec<(u64, B)> = (0..1u64 << bits)
                .map(|n| {
                    let occupied = squares
                        .iter()
                        .enumerate()
                        .filter(|&(bit, _)| n >> bit & 1 == 1)
                        .fold(B::EMPTY, |acc, (_, &s)| acc | B::from_square(s));
                    (occupied.digest(), walk(sq, occupied))
                })
                .collect();
            let shift = 64 - bits.max(1);
            let mut block = vec![None; 1 << bits.max(1)];
            let fits = |magic: u64, block: &mut Vec<Option<B>>| {
                block.iter_mut().for_each(|slot| *slot = None);
                cases.iter().all(|&(occupied, set)| {
                    let slot = &mut block[(occupied.wrapping_mul(magic) >> shift) as usize];
                    match *slot {
                        Some(other) => other == set,
                        None => {
                            *slot = Some(set);
                            true
                        }
                    }
                })
            };
            // First the multiplier that moves the relevant squares, in
            // order, to the top bits: on one line it never collides.
            let mut magic = cases
                .iter()
                .map(|&(occupied, _)| occupied)
                .filter(|o| o.count_ones() == 1)
                .enumerate()
                .try_fold(0u64, |acc, (i, single)| {
                    let (from, to) = (single.trailing_zeros(), shift + i as u32);
                    (to >= from).then(|| acc | 1 << (to - from))
                })
                .unwrap_or(0);
            while !fits(magic, &mut block) {
                // Sparse candidates fit far more often than dense ones.
                magic = rng.next_word() & rng.next_word() & rng.next_word();
            }
            entries.push(Entry {
                mask,
                magic,
                shift,
                offset: attacks.len(),
            });
            attacks.extend(block.iter().map(|slot| slot.unwrap_or(B::EMPTY)));
        }
        Some(SliderMagics { entries, attacks })
    }

    /// The attack set from `sq` through `occupied`.
    #[inline]
    pub fn attacks(&self, sq: Square, occupied: B) -> B {
        let e = &self.entries[sq.index()];
        let index = ((occupied & e.mask).digest().wrapping_mul(e.magic) >> e.shift) as usize;
        self.attacks[e.offset + index]
    }
}
