//! The transposition table, shared by all search threads without locks.
//!
//! Each slot is two atomic words: the key xor the data, and the data. A
//! slot torn by two threads writing at once fails the key check and reads
//! as empty (the "xor trick"), so no lock and no `unsafe` is needed.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::huge_pages;
use crate::rules::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// One table entry, as read back.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    /// The best (or refuting) move found, or [`Move::NONE`].
    pub best_move: Move,
    /// The score, relative to the node (see [`super::score::to_tt`]).
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// What kind of bound the score is.
    pub bound: Bound,
}

/// A fixed-size, lock-free hash table of search results.
pub struct TranspositionTable {
    slots: Vec<[AtomicU64; 2]>,
    generation: AtomicU8,
}

const SLOT_BYTES: usize = 16;

/// How much deeper an entry of the same position must be to survive a
/// shallower store.
const SAME_POSITION_DEPTH_MARGIN: i32 = 3;

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one slot).
    ///
    /// # Panics
    /// If the memory cannot be had; use [`TranspositionTable::try_new`]
    /// for sizes that come from input.
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable::try_new(megabytes).expect("memory for the hash table")
    }

    /// A table of about `megabytes` MB, or an error if the memory cannot
    /// be had.
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, super::error::EngineError> {
        let count = (megabytes.max(1).saturating_mul(1024 * 1024) / SLOT_BYTES).max(1);
        let slots = huge_pages::try_vec_with(count, || [AtomicU64::new(0), AtomicU64::new(0)])
            .map_err(|_| super::error::EngineError::NoMemory { megabytes })?;
        Ok(TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
        })
    }

    /// Empties the table.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & 63;
        self.generation.store(next, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        let index = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    /// Asks the processor to bring `key`'s slot into its cache, so that a
    /// probe of `key` a little later (the child's, once it is searched)
    /// does not wait for memory. Does nothing where there is no such hint.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const [AtomicU64; 2] = self.slot(key);
            // SAFETY: `_mm_prefetch` needs SSE, which every x86-64
            // processor has, and a prefetch is a hint that reads nothing
            // and cannot fault, whatever the address.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(slot.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let slot = self.slot(key);
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        let bound = match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(TtEntry {
            best_move: Move::from_u32(data as u32),
            score: (data >> 32) as u16 as i16 as i32,
            depth: ((data >> 48) & 0xff) as i32,
            bound,
        })
    }

    /// Stores a search result, replacing what was there unless that was a
    /// deeper result of the same search for another position.
    #[inline]
    pub fn store(&self, key: u64, best_move: Move, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let old_data = slot[1].load(Ordering::Relaxed);
        let old_key = slot[0].load(Ordering::Relaxed) ^ old_data;
        let old_depth = ((old_data >> 48) & 0xff) as i32;
        let old_generation = old_data >> 58;
        let same_position = old_key == key;
        // A deeper entry of this search stays: for another position when
        // it is deeper at all, for the same one when much deeper (a
        // quiescence result must not wipe out a real search).
        let margin = if same_position {
            SAME_POSITION_DEPTH_MARGIN
        } else {
            0
        };
        if old_data != 0
            && old_generation == generation
            && old_depth > depth + margin
            && bound != Bound::Exact
        {
            return;
        }
        // Keep the old move when a re-search of the same position found none.
        let best_move = if best_move == Move::NONE && same_position {
            Move::from_u32(old_data as u32)
        } else {
            best_move
        };
        let bound_bits: u64 = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = best_move.to_u32() as u64
            | ((score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64) << 32)
            | ((depth.clamp(0, 255) as u64) << 48)
            | (bound_bits << 56)
            | (generation << 58);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots used in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s[1].load(Ordering::Relaxed);
                d != 0 && d >> 58 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn a_table_too_large_to_allocate_names_its_size() {
        let megabytes = usize::MAX / 2;
        let Err(e) = TranspositionTable::try_new(megabytes) else {
            panic!("a table of {megabytes} MB was allocated");
        };
        let e = e.to_string();
        assert!(e.contains(&megabytes.to_string()), "{e}");
        assert!(e.contains("not enough memory"), "{e}");
    }

    #[test]
    fn stores_and_reads_back() {
        let tt = TranspositionTable::new(1);
        let m = Move::normal(Square::new(12), Square::new(28));
        tt.store(0xDEAD_BEEF, m, -1234, 7, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF).expect("stored");
        assert_eq!(e.best_move, m);
        assert_eq!(e.score, -1234);
        assert_eq!(e.depth, 7);
        assert_eq!(e.bound, Bound::Lower);
        assert!(tt.probe(0xDEAD_BEEE).is_none());
    }

    #[test]
    fn a_table_of_several_huge_pages_starts_empty_and_keeps_what_it_stores() {
        // 8 MB: on Linux most of it is advised to huge pages.
        let tt = TranspositionTable::new(8);
        assert!(
            tt.slots
                .iter()
                .all(|s| s[0].load(Ordering::Relaxed) == 0 && s[1].load(Ordering::Relaxed) == 0)
        );
        let m = Move::normal(Square::new(12), Square::new(28));
        // A Weyl sequence: keys spread over the whole table, one per slot.
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 1..=2000 {
            tt.prefetch(key(i));
            tt.store(key(i), m, i as i32, 5, Bound::Exact);
        }
        for i in 1..=2000 {
            let e = tt.probe(key(i)).expect("stored");
            assert_eq!((e.best_move, e.score), (m, i as i32));
        }
    }
}
