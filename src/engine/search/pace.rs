//! How long the search goes on when it plays on a clock: the time budget
//! gives an optimum time, and after each iteration the pace scales it by
//! what the iterations have shown. A best move that keeps changing, one
//! that took a small share of the last iteration's nodes, or a score that
//! fell earn more time; a settled move earns less. The hard limit of the
//! budget bounds it all the same.

use crate::engine::score::{Score, is_mate};
use crate::rules::Move;

use super::params::{
    PACE_MIN_DEPTH, PACE_NODES_BASE, PACE_NODES_SCALE, PACE_SCORE_DROP_PER_CP, PACE_SCORE_RANGE,
    PACE_STABILITY,
};

/// The time manager's memory of the iterations of one search.
#[derive(Clone, Debug, Default)]
pub struct Pace {
    best: Option<Move>,
    stable_iterations: usize,
    last_score: Option<Score>,
    scale: Option<f64>,
}

impl Pace {
    /// Takes in a finished iteration of `depth`: its best move and score,
    /// and the share of that iteration's root nodes the best move took.
    pub fn after_iteration(&mut self, depth: u32, best: Move, score: Score, best_share: f64) {
        if self.best == Some(best) {
            self.stable_iterations += 1;
        } else {
            self.stable_iterations = 0;
            self.best = Some(best);
        }
        let previous = self.last_score.replace(score);
        if depth < PACE_MIN_DEPTH {
            self.scale = None;
            return;
        }
        let stability = PACE_STABILITY[self.stable_iterations.min(PACE_STABILITY.len() - 1)];
        let nodes = (PACE_NODES_BASE - best_share.clamp(0.0, 1.0)) * PACE_NODES_SCALE;
        let score = match previous {
            Some(before) if !is_mate(before) && !is_mate(score) => {
                let (least, most) = PACE_SCORE_RANGE;
                (1.0 + f64::from(before - score) * PACE_SCORE_DROP_PER_CP).clamp(least, most)
            }
            _ => 1.0,
        };
        self.scale = Some(stability * nodes * score);
    }

    /// What the optimum time is multiplied by now (1 before the
    /// iterations say anything).
    pub fn scale(&self) -> f64 {
        self.scale.unwrap_or(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settled_move_takes_less_time_than_a_wavering_one() {
        let (a, b) = (Move::from_u32(1), Move::from_u32(2));
        let mut settled = Pace::default();
        let mut wavering = Pace::default();
        for depth in 1..=12 {
            settled.after_iteration(depth, a, 20, 0.9);
            let m = if depth % 2 == 0 { a } else { b };
            wavering.after_iteration(depth, m, 20 - depth as Score * 5, 0.4);
        }
        assert!(settled.scale() < 1.0, "{}", settled.scale());
        assert!(wavering.scale() > 1.0, "{}", wavering.scale());
        assert_eq!(Pace::default().scale(), 1.0);
    }
}
