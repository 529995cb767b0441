//! What a search is asked to respect (the `go` parameters) and how the
//! clock is turned into time budgets.

use std::time::{Duration, Instant};

use crate::rules::Color;

/// Plies a `go mate N` search goes to per move of the mate: a mate in N
/// takes 2N - 1 plies, but reductions and pruning can hide one (a quiet
/// sacrifice searched late) until well past its own depth.
pub const MATE_PLIES_PER_MOVE: u32 = 4;
/// Plies a `go mate N` search goes to beyond [`MATE_PLIES_PER_MOVE`] N.
pub const MATE_EXTRA_PLIES: u32 = 4;

/// Moves to the time control assumed when `movestogo` is not given.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The fewest and most moves to the time control the budget assumes.
pub const MOVES_TO_GO_RANGE: (u32, u32) = (1, 40);

/// The limits of one search, as `go` gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Time left on White's and Black's clocks.
    pub time_left: [Option<Duration>; 2],
    /// Increment per move for White and Black.
    pub increment: [Option<Duration>; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Search exactly this long.
    pub move_time: Option<Duration>,
    /// Stop after this many plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves (wire spelling); empty means all.
    pub search_moves: Vec<String>,
}

impl SearchLimits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }
    /// A search of a fixed length.
    pub fn move_time(time: Duration) -> SearchLimits {
        SearchLimits {
            move_time: Some(time),
            ..SearchLimits::default()
        }
    }
    /// A search of about a fixed number of nodes.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }
    /// The deepest iteration these limits allow, if they bound the depth:
    /// `depth`, and for `mate N` a depth by which a mate in N moves has
    /// been found if there is one ([`MATE_PLIES_PER_MOVE`] N and
    /// [`MATE_EXTRA_PLIES`]), so that the search ends without `stop`.
    pub fn max_depth(&self) -> Option<u32> {
        let mate = self.mate.map(|moves| {
            moves
                .saturating_mul(MATE_PLIES_PER_MOVE)
                .saturating_add(MATE_EXTRA_PLIES)
        });
        match (self.depth, mate) {
            (Some(depth), Some(mate)) => Some(depth.min(mate)),
            (depth, mate) => depth.or(mate),
        }
    }
    /// Whether a search under these limits ends by itself, with `side` to
    /// move: a depth, node, mate or move time limit, or `side`'s clock.
    /// Without one (`infinite` and `ponder` aside) it ends on `stop`.
    pub fn ends_by_itself(&self, side: Color) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.mate.is_some()
            || self.move_time.is_some()
            || self.time_left[side.index()].is_some()
    }
}

/// Time budgets for one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    /// Don't start a new iteration after this.
    pub soft: Option<Duration>,
    /// Stop at once after this.
    pub hard: Option<Duration>,
}

impl TimeBudget {
    /// The budget for `side` to move under `limits`, keeping `overhead`
    /// in hand for communication delays.
    pub fn new(limits: &SearchLimits, side: Color, overhead: Duration) -> TimeBudget {
        if let Some(t) = limits.move_time {
            let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
            return TimeBudget {
                soft: Some(t),
                hard: Some(t),
            };
        }
        let Some(left) = limits.time_left[side.index()] else {
            return TimeBudget {
                soft: None,
                hard: None,
            };
        };
        let increment = limits.increment[side.index()].unwrap_or_default();
        let usable = left.saturating_sub(overhead);
        let (fewest, most) = MOVES_TO_GO_RANGE;
        let moves = limits
            .moves_to_go
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(fewest, most);
        // Saturating: absurd clocks (hours of increment) must not overflow.
        let share = (usable / (moves + 2)).saturating_add(increment / 4 * 3);
        let soft = share.min(usable / 2);
        let hard = share.saturating_mul(4).min(usable / 4 * 3);
        TimeBudget {
            soft: Some(soft.max(Duration::from_millis(1))),
            hard: Some(hard.max(Duration::from_millis(1))),
        }
    }
}

/// A clock for one search: started at `go`, restarted at `ponderhit`.
#[derive(Clone, Copy, Debug)]
pub struct SearchClock {
    /// When the search (or the switch from pondering) started.
    pub start: Instant,
}

impl SearchClock {
    /// A clock started now.
    pub fn start() -> SearchClock {
        SearchClock {
            start: Instant::now(),
        }
    }
    /// Time since start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_clock() {
        let limits = SearchLimits {
            time_left: [Some(Duration::from_secs(10)), Some(Duration::from_secs(1))],
            increment: [Some(Duration::from_millis(100)), None],
            ..SearchLimits::default()
        };
        let overhead = Duration::from_millis(10);
        let white = TimeBudget::new(&limits, Color::White, overhead);
        assert!(white.soft.unwrap() < Duration::from_secs(1));
        assert!(white.hard.unwrap() <= Duration::from_millis(7500));
        let black = TimeBudget::new(&limits, Color::Black, overhead);
        assert!(black.hard.unwrap() < Duration::from_secs(1));
        let fixed = TimeBudget::new(
            &SearchLimits::move_time(Duration::from_millis(500)),
            Color::White,
            overhead,
        );
        assert_eq!(fixed.hard, Some(Duration::from_millis(490)));
        assert!(
            TimeBudget::new(&SearchLimits::depth(5), Color::White, overhead)
                .hard
                .is_none()
        );
    }

    #[test]
    fn absurd_clocks_give_budgets_without_overflow() {
        let limits = SearchLimits {
            time_left: [Some(Duration::MAX); 2],
            increment: [Some(Duration::MAX); 2],
            moves_to_go: Some(u32::MAX),
            ..SearchLimits::default()
        };
        let budget = TimeBudget::new(&limits, Color::White, Duration::MAX);
        assert!(budget.soft.unwrap() <= budget.hard.unwrap());
        let budget = TimeBudget::new(&limits, Color::Black, Duration::ZERO);
        assert!(budget.soft.unwrap() <= budget.hard.unwrap());
        let fixed = TimeBudget::new(
            &SearchLimits::move_time(Duration::MAX),
            Color::White,
            Duration::ZERO,
        );
        assert_eq!(fixed.hard, Some(Duration::MAX));
    }

    #[test]
    fn go_mate_bounds_the_depth() {
        let mate = |n| SearchLimits {
            mate: Some(n),
            ..SearchLimits::default()
        };
        let plies = |n| n * MATE_PLIES_PER_MOVE + MATE_EXTRA_PLIES;
        assert_eq!(mate(1).max_depth(), Some(plies(1)));
        assert_eq!(mate(3).max_depth(), Some(plies(3)));
        assert_eq!(mate(u32::MAX).max_depth(), Some(u32::MAX));
        let both = SearchLimits {
            depth: Some(2),
            ..mate(3)
        };
        assert_eq!(both.max_depth(), Some(2));
        assert_eq!(SearchLimits::default().max_depth(), None);
        assert_eq!(SearchLimits::depth(7).max_depth(), Some(7));
    }

    #[test]
    fn only_the_movers_clock_ends_a_search() {
        let black_clock = SearchLimits {
            time_left: [None, Some(Duration::from_secs(1))],
            ..SearchLimits::default()
        };
        assert!(!black_clock.ends_by_itself(Color::White));
        assert!(black_clock.ends_by_itself(Color::Black));
        assert!(!SearchLimits::default().ends_by_itself(Color::White));
        let searchmoves = SearchLimits {
            search_moves: vec!["e2e4".into()],
            ..SearchLimits::default()
        };
        assert!(!searchmoves.ends_by_itself(Color::White));
        for bounded in [
            SearchLimits::depth(3),
            SearchLimits::nodes(100),
            SearchLimits::move_time(Duration::from_millis(5)),
        ] {
            assert!(bounded.ends_by_itself(Color::Black));
        }
    }
}
