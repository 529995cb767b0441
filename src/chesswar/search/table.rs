//! The ChessWar search's transposition table: one entry a slot, keyed by
//! [`super::keys::state_key`], holding the depth, the value (exact, lower
//! or upper bound, from White's view so that it serves either side) and,
//! for decision nodes, the best token. An entry is replaced unless the
//! slot holds a deeper entry for another state from the same search.

use crate::chesswar::errors::SearchError;
use crate::chesswar::notation::Token;
use crate::chesswar::units::Side;

use super::params::{HIGH, LOW, TABLE_MIN_ENTRIES};

/// What a stored value is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// Nothing is stored.
    Empty,
    /// The value itself.
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

impl Bound {
    /// The bound a search of the window (`alpha`, `beta`) proves of its
    /// value `v`: exact inside the window or when nothing was pruned
    /// (`pruned` false), else an upper or lower bound.
    pub fn of(v: f64, alpha: f64, beta: f64, pruned: bool) -> Bound {
        if !pruned {
            Bound::Exact
        } else if v <= alpha {
            Bound::Upper
        } else if v >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// The same bound seen from the other side.
    fn flipped(self) -> Bound {
        match self {
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
            b => b,
        }
    }
}

/// One transposition table slot.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// From White's view.
    value: f64,
    /// The best token found (decision nodes).
    pub best: Option<Token>,
    /// The depth the value was searched to.
    pub depth: u8,
    bound: Bound,
    generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0.0,
    best: None,
    depth: 0,
    bound: Bound::Empty,
    generation: 0,
};

impl Entry {
    /// The entry's value and bound from `root`'s view.
    pub fn seen_by(&self, root: Side) -> (f64, Bound) {
        if root == Side::White {
            (self.value, self.bound)
        } else {
            (-self.value, self.bound.flipped())
        }
    }
}

/// The table, kept from one search to the next until it is cleared.
pub struct Table {
    entries: Vec<Entry>,
    /// The search under way, told apart from those before it.
    generation: u8,
}

impl Table {
    /// A table of about `hash_mb` megabytes (at least
    /// [`TABLE_MIN_ENTRIES`] entries), or an error when the memory cannot
    /// be had.
    pub fn try_new(hash_mb: usize) -> Result<Table, SearchError> {
        let bytes = hash_mb.max(1).saturating_mul(1024 * 1024);
        // The largest power of two that fits.
        let fit = (bytes / std::mem::size_of::<Entry>()).max(TABLE_MIN_ENTRIES);
        let n = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(n)
            .map_err(|_| SearchError::NoMemory { hash_mb })?;
        entries.resize(n, EMPTY);
        Ok(Table {
            entries,
            generation: 0,
        })
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 0;
    }

    /// Marks the start of a new search: the entries stored so far may be
    /// replaced by shallower ones.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry stored for `key`, if any.
    pub fn lookup(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.bound != Bound::Empty && e.key == key).then_some(e)
    }

    /// The bounds the table holds for a node searched to `depth`, from
    /// `root`'s view: `(low, high)`.
    pub fn bounds(&self, key: u64, depth: u32, root: Side) -> (f64, f64) {
        match self.lookup(key) {
            Some(e) if u32::from(e.depth) == depth => match e.seen_by(root) {
                (v, Bound::Exact) => (v, v),
                (v, Bound::Lower) => (v, HIGH),
                (v, Bound::Upper) => (LOW, v),
                (_, Bound::Empty) => (LOW, HIGH),
            },
            _ => (LOW, HIGH),
        }
    }

    /// Stores the value `v` of a node searched to `depth`, from `root`'s
    /// view, with its bound and best token (`None` keeps the one stored for
    /// the same key).
    pub fn store(
        &mut self,
        root: Side,
        key: u64,
        depth: u32,
        v: f64,
        bound: Bound,
        best: Option<Token>,
    ) {
        let i = self.slot(key);
        let old = self.entries[i];
        if old.bound != Bound::Empty
            && old.key != key
            && old.generation == self.generation
            && u32::from(old.depth) > depth
        {
            return;
        }
        let (value, bound) = if root == Side::White {
            (v, bound)
        } else {
            (-v, bound.flipped())
        };
        let best = best.or(if old.key == key { old.best } else { None });
        self.entries[i] = Entry {
            key,
            value,
            best,
            depth: depth.min(255) as u8,
            bound,
            generation: self.generation,
        };
    }
}
