//! Time and iterations: how long a decision may take on a clock, and
//! whether the next iteration of the deepening is predicted to finish
//! within the node budget and the time left.

use std::time::Duration;

use super::params::{
    CLOCK_SHARE, FIRST_GROWTH, GROWTH_RANGE, INCREMENT_SHARE, MAX_CLOCK_SHARE, MIN_DECISION_TIME,
    OVERRUN_FACTOR,
};

/// Time for one decision from a clock: a sixtieth of what is left plus
/// three quarters of the increment, at most a quarter of what is left,
/// less the overhead kept in hand, at least a millisecond (see
/// [`CLOCK_SHARE`] and the parameters after it). A ChessWar game asks for
/// hundreds of decisions, so the share is small.
pub fn time_for_decision(left: Duration, increment: Duration, overhead: Duration) -> Duration {
    let usable = left.saturating_sub(overhead);
    let share = usable / CLOCK_SHARE + increment * INCREMENT_SHARE.0 / INCREMENT_SHARE.1;
    share.min(usable / MAX_CLOCK_SHARE).max(MIN_DECISION_TIME)
}

/// The growth of the iterations of one search, by which the cost of the
/// next iteration is predicted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pace {
    /// The nodes of the last finished iteration.
    last_cost: Option<u64>,
}

impl Pace {
    /// Takes in a finished iteration that visited `cost` nodes and says
    /// whether the next one is predicted to finish: its nodes within
    /// `nodes_left` of the budget, and its time within `time`'s time left,
    /// given the time `time` says the finished iteration took (`(took,
    /// left)`). `None` is no limit.
    pub fn next_fits(
        &mut self,
        cost: u64,
        nodes_left: Option<u64>,
        time: Option<(Duration, Duration)>,
    ) -> bool {
        let growth = self.last_cost.map_or(FIRST_GROWTH, |c| {
            (cost as f64 / c.max(1) as f64).clamp(GROWTH_RANGE.0, GROWTH_RANGE.1)
        });
        self.last_cost = Some(cost);
        let predicted = cost as f64 * growth;
        if let Some(left) = nodes_left
            && predicted > OVERRUN_FACTOR * left as f64
        {
            return false;
        }
        if let Some((took, left)) = time
            && took.as_secs_f64() * growth > OVERRUN_FACTOR * left.as_secs_f64()
        {
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_give_a_small_share() {
        let t = time_for_decision(
            Duration::from_secs(60),
            Duration::from_secs(1),
            Duration::from_millis(10),
        );
        assert!(t > Duration::from_millis(1000) && t < Duration::from_millis(2000));
        let t = time_for_decision(
            Duration::from_millis(5),
            Duration::ZERO,
            Duration::from_millis(10),
        );
        assert_eq!(t, Duration::from_millis(1));
    }
}
