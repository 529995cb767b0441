//! Every tunable number of the ChessWar search, in one place, and the
//! bounds of its values.

use std::time::Duration;

/// The depth searched when [`super::SearchLimits`] gives no limit at all.
pub const DEFAULT_DEPTH: u32 = 3;

/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;

/// The longest run of rolls in a row that is resolved; a longer one is cut
/// off with the static evaluation.
pub const MAX_ROLL_CHAIN: u32 = 8;

/// How many tokens an inner decision node searched to depth
/// [`SELECTIVE_MIN_DEPTH`] or more keeps (plus `end`).
pub const DEFAULT_WIDTH: usize = 8;

/// The shallowest depth at which an inner decision node orders its tokens
/// by their depth-0 value and keeps only the width's best (plus `end`); a
/// shallower node searches every legal token.
pub const SELECTIVE_MIN_DEPTH: u32 = 2;

/// The transposition table's default size in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// The fewest entries the transposition table has, however few megabytes
/// it is given.
pub const TABLE_MIN_ENTRIES: usize = 4096;

/// The clock and the stop flag are looked at once every this many nodes
/// (the node budget at every node).
pub const CHECK_INTERVAL: u64 = 256;

/// The expected line reported is at most this many tokens longer than the
/// iteration's depth.
pub const PV_BEYOND_DEPTH: usize = 8;

/// How many times the nodes of the first iteration the second is expected
/// to cost, before any growth has been measured.
pub const FIRST_GROWTH: f64 = 6.0;

/// The bounds of the growth measured between two iterations (the nodes of
/// the last over those of the one before), by which the next iteration's
/// nodes and time are predicted.
pub const GROWTH_RANGE: (f64, f64) = (2.0, 40.0);

/// An iteration is not started when its predicted nodes or time are more
/// than this many times what is left of the node budget or of the time.
pub const OVERRUN_FACTOR: f64 = 1.5;

/// On a clock a decision gets this fraction of the time left (less the
/// overhead): one part in this many...
pub const CLOCK_SHARE: u32 = 60;

/// ... plus this fraction of the increment (numerator, denominator)...
pub const INCREMENT_SHARE: (u32, u32) = (3, 4);

/// ... but at most one part in this many of the time left...
pub const MAX_CLOCK_SHARE: u32 = 4;

/// ... and at least this long.
pub const MIN_DECISION_TIME: Duration = Duration::from_millis(1);

/// The lowest value: a lost game.
pub const LOW: f64 = -1.0;
/// The highest value: a won game.
pub const HIGH: f64 = 1.0;
/// A window wider than every value.
pub const WIDE: (f64, f64) = (-2.0, 2.0);
