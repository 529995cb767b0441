//! Every tunable number of the search, in one place.
//!
//! Legend of the name endings:
//! - `_DEPTH`: the deepest (or, `_MIN_DEPTH`, shallowest) remaining depth
//!   in plies at which a rule applies;
//! - `_BASE`, `_PER_DEPTH`: a margin or count as `BASE + PER_DEPTH * depth`
//!   (centipawns or moves);
//! - `_MARGIN`: a centipawn margin;
//! - `_DIVISOR`: divides a product (reductions, history scales);
//! - `_MAX`: a cap.
//!
//! Each value was set by a measured match against the version before it
//! (see the commit that last changed it).
//!
//! The margins, depths and divisors of the selective rules are declared
//! by [`tunables!`]: constants in a normal build; in a build with the
//! `tune` feature, values that UCI options of the same names set, for a
//! tuner such as `scripts/spsa.py` (the search reads each one with
//! [`tuned!`]). Each carries the range a tuner may try.

/// Deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
/// The largest static evaluation a network may give, in centipawns: far
/// below the mate scores.
pub const MAX_STATIC_EVAL: i32 = 10_000;

/// Aspiration windows start at this depth, [`ASPIRATION_WINDOW`] wide.
pub const ASPIRATION_MIN_DEPTH: u32 = 5;

/// A root search that fails high on its aspiration window tries again a
/// ply shallower for each fail high in a row, at most this many plies.
pub const ASPIRATION_FAIL_HIGH_MAX_CUT: i32 = 3;

/// The pace of a clocked search (see `pace.rs`) scales the optimum time
/// from this iteration on (earlier ones say little)...
pub const PACE_MIN_DEPTH: u32 = 6;
/// ... by a factor for the iterations in a row that kept the best move
/// (the last entry for this many or more)...
pub const PACE_STABILITY: [f64; 7] = [1.25, 1.15, 1.05, 1.0, 0.95, 0.9, 0.85];
/// ... by `(PACE_NODES_BASE - share) * PACE_NODES_SCALE`, where share is
/// the part of the last iteration's root nodes the best move took...
pub const PACE_NODES_BASE: f64 = 1.5;
/// See [`PACE_NODES_BASE`].
pub const PACE_NODES_SCALE: f64 = 1.35;
/// ... and by 1 plus this much per centipawn the score fell since the
/// iteration before (less when it rose), within `PACE_SCORE_RANGE`.
pub const PACE_SCORE_DROP_PER_CP: f64 = 0.01;
/// See [`PACE_SCORE_DROP_PER_CP`].
pub const PACE_SCORE_RANGE: (f64, f64) = (0.85, 1.5);

/// Late move reductions apply to moves from this index on (0 = the first
/// move searched); see [`LMR_MIN_DEPTH`].
pub const LMR_MIN_MOVE: usize = 3;

/// Entries of each search thread's cache of static evaluations (a power
/// of two; 8 bytes each). The cache returns exactly what the evaluation
/// would, so its size changes the speed, never the search.
pub const EVAL_CACHE_ENTRIES: usize = 1 << 15;

/// Entries of each search thread's cache of pawn structures (a power of
/// two; about 100 bytes each on the larger boards). Like the evaluation
/// cache, it changes the speed, never the search.
pub const PAWN_CACHE_ENTRIES: usize = 1 << 12;

/// History entries are kept within +/- this (they are 16-bit).
pub const HISTORY_MAX: i32 = 16_384;

/// The king's value in MVV-LVA ordering; the other roles take their
/// game's exchange values ([`order_value`]).
pub const ORDER_KING_VALUE: i32 = 2000;

/// What a role counts for in capture ordering and the quiescence search's
/// delta pruning: its game's exchange value (pawn 100, knight 320, bishop
/// 330, rook 500, queen 950 in every built-in game), the king
/// [`ORDER_KING_VALUE`].
#[inline]
pub fn order_value<B: crate::rules::Bitboard>(
    pos: &crate::rules::Position<B>,
    role: crate::rules::Role,
) -> i32 {
    match role {
        crate::rules::Role::King => ORDER_KING_VALUE,
        _ => pos.tables().spec.engine.exchange.values[role.index()],
    }
}

/// Correction history: entries per side of the table of how far the
/// static evaluation missed the searched score, by pawn structure (a
/// power of two).
pub const CORRECTION_ENTRIES: usize = 1 << 14;
/// Corrections are kept in units of 1/`CORRECTION_GRAIN` centipawn.
pub const CORRECTION_GRAIN: i32 = 256;
/// A correction is at most this many centipawns either way.
pub const CORRECTION_MAX: i32 = 64;
/// A search of depth d moves its entry `min((d + 1)^2,
/// CORRECTION_WEIGHT_MAX) / 256` of the way to the miss it found.
pub const CORRECTION_WEIGHT_MAX: i32 = 128;

/// Declares the tunable numbers: each `NAME = DEFAULT, MIN..=MAX;` (an
/// `i32`) is a constant in a normal build and, with the `tune` feature,
/// a [`Tunable`] that [`set_tunable`] changes; [`TUNABLES`] lists them all
/// with their ranges.
macro_rules! tunables {
    ($($(#[doc = $doc:expr])+ $name:ident = $default:literal, $min:literal..=$max:literal;)+) => {
        $(
            $(#[doc = $doc])+
            #[cfg(not(feature = "tune"))]
            pub const $name: i32 = $default;
            $(#[doc = $doc])+
            #[cfg(feature = "tune")]
            pub static $name: Tunable = Tunable::new($default);
        )+

        /// Every tunable number, with its default and the range a tuner
        /// may try, in the order of this file.
        pub const TUNABLES: &[TunableSpec] = &[$(TunableSpec {
            name: stringify!($name),
            default: $default,
            min: $min,
            max: $max,
        }),+];

        /// Sets the tunable number called `name` (as [`TUNABLES`] spells
        /// it, any case) to `value`; false when there is none.
        #[cfg(feature = "tune")]
        pub fn set_tunable(name: &str, value: i32) -> bool {
            $(
                if name.eq_ignore_ascii_case(stringify!($name)) {
                    $name.set(value);
                    return true;
                }
            )+
            false
        }
    };
}

/// Reads a tunable number: the constant itself in a normal build, its
/// value now with the `tune` feature.
#[cfg(not(feature = "tune"))]
macro_rules! tuned {
    ($name:ident) => {
        $name
    };
}
/// Reads a tunable number: the constant itself in a normal build, its
/// value now with the `tune` feature.
#[cfg(feature = "tune")]
macro_rules! tuned {
    ($name:ident) => {
        $name.get()
    };
}
pub(crate) use tuned;

/// A tunable number's name, default and the range a tuner may try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunableSpec {
    /// The constant's name, which is also its option's.
    pub name: &'static str,
    /// The value of a normal build.
    pub default: i32,
    /// The smallest value a tuner may try.
    pub min: i32,
    /// The largest value a tuner may try.
    pub max: i32,
}

/// A tunable number's value in a `tune` build, shared by every search
/// thread.
#[cfg(feature = "tune")]
#[derive(Debug)]
pub struct Tunable(std::sync::atomic::AtomicI32);

#[cfg(feature = "tune")]
impl Tunable {
    const fn new(value: i32) -> Tunable {
        Tunable(std::sync::atomic::AtomicI32::new(value))
    }

    /// The value now.
    #[inline]
    pub fn get(&self) -> i32 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn set(&self, value: i32) {
        self.0.store(value, std::sync::atomic::Ordering::Relaxed);
    }
}

tunables! {
    /// Aspiration windows are this wide on each side of the last score,
    /// and double on each fail.
    ASPIRATION_WINDOW = 25, 5..=100;

    /// Reverse futility pruning: at most this depth, a node whose static
    /// evaluation beats beta by `RFP_PER_DEPTH * (depth - improving)`
    /// returns it.
    RFP_DEPTH = 6, 3..=12;
    /// Margin per ply of reverse futility pruning.
    RFP_PER_DEPTH = 90, 30..=200;

    /// Null move pruning from this depth on...
    NMP_MIN_DEPTH = 3, 1..=6;
    /// ... reducing by `NMP_BASE + depth / NMP_DEPTH_DIVISOR` plies...
    NMP_BASE = 3, 1..=6;
    /// ... (see [`NMP_BASE`]).
    NMP_DEPTH_DIVISOR = 4, 2..=8;
    /// ... and verified by a reduced search of the node from this depth
    /// on (zugzwang).
    NMP_VERIFY_DEPTH = 5, 2..=16;

    /// Futility pruning of quiet moves at most this depth (in a selective
    /// search a move's depth is the node's less its late move reduction,
    /// [`LMR_BASE_PERCENT`])...
    FUTILITY_DEPTH = 3, 1..=10;
    /// ... when the static evaluation plus `FUTILITY_BASE +
    /// FUTILITY_PER_DEPTH * depth` cannot reach alpha.
    FUTILITY_BASE = 80, 0..=300;
    /// See [`FUTILITY_BASE`].
    FUTILITY_PER_DEPTH = 120, 30..=300;

    /// Late move reductions from this depth on (for moves from
    /// [`LMR_MIN_MOVE`] on)...
    LMR_MIN_DEPTH = 3, 2..=6;
    /// ... of `LMR_BASE_PERCENT / 100 + ln(depth) ln(move) /
    /// (LMR_DIVISOR_PERCENT / 100)` plies.
    LMR_BASE_PERCENT = 75, 0..=200;
    /// See [`LMR_BASE_PERCENT`].
    LMR_DIVISOR_PERCENT = 225, 100..=400;
    /// Late moves of a node expected to fail high are reduced this much
    /// more.
    LMR_CUT_NODE = 1, 0..=3;
    /// Late move reductions shrink by a quiet move's history score divided
    /// by this (and grow for a bad one).
    LMR_HISTORY_DIVISOR = 16_384, 4_096..=65_536;

    /// Quiescence delta pruning: a capture whose victim plus this margin
    /// cannot lift the stand-pat score to alpha is skipped.
    QS_DELTA_MARGIN = 200, 50..=500;

    /// A history bonus is `HISTORY_BONUS_PER_DEPTH * depth`, at most
    /// `HISTORY_BONUS_MAX`; the same as a malus for the moves that failed.
    HISTORY_BONUS_PER_DEPTH = 200, 50..=600;
    /// See [`HISTORY_BONUS_PER_DEPTH`].
    HISTORY_BONUS_MAX = 2000, 500..=8000;
    /// The quiet move into a node earns `PRIOR_EVAL_BONUS_BASE -
    /// PRIOR_EVAL_BONUS_PER_CP * (parent's evaluation + node's
    /// evaluation)` of main history, clamped to `-PRIOR_EVAL_MALUS_MAX
    /// ..= PRIOR_EVAL_BONUS_MAX` before the base is added: a move after
    /// which the mover's evaluation rose was likely good.
    PRIOR_EVAL_BONUS_PER_CP = 40, 0..=200;
    /// See [`PRIOR_EVAL_BONUS_PER_CP`].
    PRIOR_EVAL_BONUS_BASE = 800, 0..=4000;
    /// See [`PRIOR_EVAL_BONUS_PER_CP`].
    PRIOR_EVAL_MALUS_MAX = 2400, 0..=8000;
    /// See [`PRIOR_EVAL_BONUS_PER_CP`].
    PRIOR_EVAL_BONUS_MAX = 1800, 0..=8000;
    /// Capture history adds `entry / CAPTURE_HISTORY_DIVISOR` to the
    /// victim's ordering value (times 16).
    CAPTURE_HISTORY_DIVISOR = 16, 4..=64;

    /// Internal iterative reduction: a node without a table move is
    /// searched one ply shallower from this depth on.
    IIR_MIN_DEPTH = 4, 2..=10;

    /// Late move pruning at most this depth: after `(LMP_BASE + depth^2) /
    /// (2 - improving)` quiet moves, the rest are skipped.
    LMP_DEPTH = 8, 3..=16;
    /// See [`LMP_DEPTH`].
    LMP_BASE = 3, 0..=12;

    /// SEE pruning at most this depth: a quiet move losing more than
    /// `SEE_QUIET_MARGIN * depth` (the depth its late move reduction would
    /// leave), a capture losing more than
    /// `SEE_NOISY_MARGIN * depth^2`, is skipped.
    SEE_PRUNE_DEPTH = 8, 3..=16;
    /// See [`SEE_PRUNE_DEPTH`].
    SEE_QUIET_MARGIN = 64, 10..=200;
    /// See [`SEE_PRUNE_DEPTH`].
    SEE_NOISY_MARGIN = 20, 5..=100;

    /// Singular extensions from this depth on, for a table move stored at
    /// least `depth - SE_TABLE_DEPTH_MARGIN` deep with a lower or exact
    /// bound...
    SE_MIN_DEPTH = 6, 4..=12;
    /// See [`SE_MIN_DEPTH`].
    SE_TABLE_DEPTH_MARGIN = 3, 1..=6;
    /// ... which the other moves, searched to half the depth, must all
    /// fall `SE_MARGIN_PER_DEPTH * depth` below.
    SE_MARGIN_PER_DEPTH = 2, 1..=8;

    /// ProbCut from this depth on, outside PV nodes: a capture whose
    /// quiescence and then a search `PROBCUT_REDUCTION` plies shallower
    /// both beat beta by `PROBCUT_MARGIN` ends the node...
    PROBCUT_MIN_DEPTH = 5, 3..=10;
    /// See [`PROBCUT_MIN_DEPTH`].
    PROBCUT_MARGIN = 200, 50..=500;
    /// See [`PROBCUT_MIN_DEPTH`].
    PROBCUT_REDUCTION = 4, 2..=6;

    /// A quiet move that takes a piece off a square a lesser enemy piece
    /// attacks, to one none does, is ordered its exchange value times
    /// this higher (as much lower for the reverse).
    THREAT_ORDER_SCALE = 32, 0..=100;
}

/// The selective rules a game's search uses. Chad's threats are quiet
/// rook moves onto the castle walls that the static evaluation does not
/// see, and there these rules together lost badly (each one left out on
/// its own still lost), so Chad searches without them; every other game
/// uses them all (the prior move's history from the evaluation only where
/// its facts ask for it). Checks are extended everywhere but where a
/// game's facts turn that off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selectivity {
    /// Late move pruning.
    pub late_move_pruning: bool,
    /// Late moves of a node expected to fail high are reduced more
    /// ([`LMR_CUT_NODE`]).
    pub cut_node_reductions: bool,
    /// SEE pruning in the main search.
    pub see_pruning: bool,
    /// Quiescence skips captures that lose material by SEE.
    pub quiescence_see: bool,
    /// Quiescence probes and writes the table.
    pub quiescence_table: bool,
    /// Internal iterative reductions.
    pub iir: bool,
    /// The improving flag lowers the reverse futility margin.
    pub improving: bool,
    /// Singular extensions and multicut (off with the rules above where a
    /// game's search is not selective, but not measured there on their
    /// own).
    pub singular: bool,
    /// ProbCut ([`PROBCUT_MIN_DEPTH`]).
    pub probcut: bool,
    /// A late quiet move's futility and SEE pruning are judged at the
    /// depth its late move reduction would leave ([`FUTILITY_DEPTH`]).
    pub reduced_depth_pruning: bool,
    /// Quiet moves are ordered by the threats of lesser pieces too
    /// ([`THREAT_ORDER_SCALE`]).
    pub threat_ordering: bool,
    /// The quiet move into a node earns main history by the evaluations
    /// around it ([`PRIOR_EVAL_BONUS_PER_CP`]); on only where the game's
    /// facts say so.
    pub prior_eval_history: bool,
    /// A move that gives check is searched a ply deeper: off only where
    /// the game's facts say so in a selective search (a mate search
    /// always extends checks).
    pub check_extension: bool,
}

/// The selective rules of `variant`'s search: all of them, or none where
/// the game's spec says its search is not selective; the prior move's
/// history from the evaluation only where the game's facts ask for it,
/// and the check extension everywhere but where they turn it off.
pub fn selectivity(variant: crate::rules::Variant) -> Selectivity {
    let engine = &variant.spec().engine;
    Selectivity {
        prior_eval_history: engine.selective_search && engine.prior_eval_history,
        check_extension: !engine.selective_search || engine.check_extension,
        ..selectivity_of(engine.selective_search)
    }
}

/// Every selective rule on (`all`) or off; checks are extended either way.
pub fn selectivity_of(all: bool) -> Selectivity {
    Selectivity {
        late_move_pruning: all,
        cut_node_reductions: all,
        see_pruning: all,
        quiescence_see: all,
        quiescence_table: all,
        iir: all,
        improving: all,
        singular: all,
        probcut: all,
        reduced_depth_pruning: all,
        threat_ordering: all,
        prior_eval_history: all,
        check_extension: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_starts_inside_its_range_under_its_own_name() {
        let mut names = std::collections::HashSet::new();
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(names.insert(t.name), "{} listed twice", t.name);
        }
        assert_eq!(
            TUNABLES
                .iter()
                .find(|t| t.name == "RFP_PER_DEPTH")
                .map(|t| t.default),
            Some(tuned!(RFP_PER_DEPTH))
        );
    }
}
