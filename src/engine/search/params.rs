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

/// Deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
/// The largest static evaluation a network may give, in centipawns: far
/// below the mate scores.
pub const MAX_STATIC_EVAL: i32 = 10_000;

/// Aspiration windows start at this depth...
pub const ASPIRATION_MIN_DEPTH: u32 = 5;
/// ... this wide on each side of the last score, and double on each fail.
pub const ASPIRATION_WINDOW: i32 = 25;

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

/// Reverse futility pruning: at most this depth, a node whose static
/// evaluation beats beta by `RFP_PER_DEPTH * (depth - improving)` returns
/// it.
pub const RFP_DEPTH: i32 = 6;
/// Margin per ply of reverse futility pruning.
pub const RFP_PER_DEPTH: i32 = 90;

/// Null move pruning from this depth on...
pub const NMP_MIN_DEPTH: i32 = 3;
/// ... reducing by `NMP_BASE + depth / NMP_DEPTH_DIVISOR` plies...
pub const NMP_BASE: i32 = 3;
/// ... (see [`NMP_BASE`]).
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// ... and verified by a reduced search of the node from this depth on
/// (zugzwang).
pub const NMP_VERIFY_DEPTH: i32 = 5;

/// Futility pruning of quiet moves at most this depth...
pub const FUTILITY_DEPTH: i32 = 3;
/// ... when the static evaluation plus `FUTILITY_BASE + FUTILITY_PER_DEPTH
/// * depth` cannot reach alpha.
pub const FUTILITY_BASE: i32 = 80;
/// See [`FUTILITY_BASE`].
pub const FUTILITY_PER_DEPTH: i32 = 120;

/// Late move reductions from this depth on...
pub const LMR_MIN_DEPTH: i32 = 3;
/// ... for moves from this index on (0 = the first move searched)...
pub const LMR_MIN_MOVE: usize = 3;
/// ... of `LMR_BASE + ln(depth) ln(move) / LMR_DIVISOR` plies.
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// Late moves of a node expected to fail high are reduced this much more.
pub const LMR_CUT_NODE: i32 = 1;

/// Quiescence delta pruning: a capture whose victim plus this margin
/// cannot lift the stand-pat score to alpha is skipped.
pub const QS_DELTA_MARGIN: i32 = 200;

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

/// A history bonus is `HISTORY_BONUS_PER_DEPTH * depth`, at most
/// `HISTORY_BONUS_MAX`; the same as a malus for the moves that failed.
pub const HISTORY_BONUS_PER_DEPTH: i32 = 200;
/// See [`HISTORY_BONUS_PER_DEPTH`].
pub const HISTORY_BONUS_MAX: i32 = 2000;
/// Capture history adds `entry / CAPTURE_HISTORY_DIVISOR` to the victim's
/// ordering value (times 16).
pub const CAPTURE_HISTORY_DIVISOR: i32 = 16;
/// Late move reductions shrink by a quiet move's history score divided by
/// this (and grow for a bad one).
pub const LMR_HISTORY_DIVISOR: i32 = 16_384;

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

/// Internal iterative reduction: a node without a table move is searched
/// one ply shallower from this depth on.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Late move pruning at most this depth: after `(LMP_BASE + depth^2) / (2
/// - improving)` quiet moves, the rest are skipped.
pub const LMP_DEPTH: i32 = 8;
/// See [`LMP_DEPTH`].
pub const LMP_BASE: i32 = 3;

/// SEE pruning at most this depth: a quiet move losing more than
/// `SEE_QUIET_MARGIN * depth`, a capture losing more than
/// `SEE_NOISY_MARGIN * depth^2`, is skipped.
pub const SEE_PRUNE_DEPTH: i32 = 8;
/// See [`SEE_PRUNE_DEPTH`].
pub const SEE_QUIET_MARGIN: i32 = 64;
/// See [`SEE_PRUNE_DEPTH`].
pub const SEE_NOISY_MARGIN: i32 = 20;

/// Singular extensions from this depth on, for a table move stored at
/// least `depth - SE_TABLE_DEPTH_MARGIN` deep with a lower or exact
/// bound...
pub const SE_MIN_DEPTH: i32 = 6;
/// See [`SE_MIN_DEPTH`].
pub const SE_TABLE_DEPTH_MARGIN: i32 = 3;
/// ... which the other moves, searched to half the depth, must all fall
/// `SE_MARGIN_PER_DEPTH * depth` below.
pub const SE_MARGIN_PER_DEPTH: i32 = 2;

/// ProbCut from this depth on, outside PV nodes: a capture whose
/// quiescence and then a search `PROBCUT_REDUCTION` plies shallower both
/// beat beta by `PROBCUT_MARGIN` ends the node...
pub const PROBCUT_MIN_DEPTH: i32 = 5;
/// See [`PROBCUT_MIN_DEPTH`].
pub const PROBCUT_MARGIN: i32 = 200;
/// See [`PROBCUT_MIN_DEPTH`].
pub const PROBCUT_REDUCTION: i32 = 4;

/// The selective rules a game's search uses. Chad's threats are quiet
/// rook moves onto the castle walls that the static evaluation does not
/// see, and there these rules together lost badly (each one left out on
/// its own still lost), so Chad searches without them; every other game
/// uses them all.
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
    /// Singular extensions, multicut and negative extensions (off with the
    /// rules above where a game's search is not selective, but not
    /// measured there on their own).
    pub singular: bool,
    /// ProbCut ([`PROBCUT_MIN_DEPTH`]).
    pub probcut: bool,
}

/// The selective rules of `variant`'s search: all of them, or none where
/// the game's spec says its search is not selective.
pub fn selectivity(variant: crate::rules::Variant) -> Selectivity {
    let all = variant.spec().engine.selective_search;
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
    }
}
