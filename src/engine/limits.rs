//! What a search is asked to respect (the `go` parameters) and how the
//! clock is turned into time budgets.

use std::time::{Duration, Instant};

use crate::rules::Color;

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
        let moves = limits.moves_to_go.unwrap_or(30).clamp(1, 40);
        let share = usable / (moves + 2) + increment * 3 / 4;
        let soft = share.min(usable / 2);
        let hard = (share * 4).min(usable * 3 / 4);
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
}
