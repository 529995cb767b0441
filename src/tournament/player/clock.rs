//! Time for the engines: the time control a game is played at, both
//! sides' clocks as the runner keeps them, and what the engine to move is
//! told of them.

use std::time::Duration;

use crate::rules::Color;

/// The clock situation sent with a move request.
#[derive(Clone, Copy, Debug)]
pub enum Clock {
    /// Each side's remaining time and the increment.
    Running {
        /// Remaining time of White and Black.
        remaining: [Duration; 2],
        /// Increment per move.
        increment: Duration,
    },
    /// A fixed time for this move.
    PerMove(Duration),
    /// A fixed number of nodes for this move.
    Nodes(u64),
}

/// The time control as the engine is told it at the start of a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Base time and increment, clock kept by the runner.
    Increment {
        /// Time for the whole game.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed time per move.
    PerMove(Duration),
    /// A fixed number of nodes per move (UCI `go nodes`, XBoard `nps`
    /// with `st 1`): reproducible games, free of clock noise.
    Nodes(u64),
}

/// Seconds a fixed-node move may take before the engine is taken to hang,
/// beyond [`NODES_PER_SECOND_FLOOR`]: the node count is the limit, the
/// clock only a guard.
pub const NODES_MOVE_GRACE_SECS: f64 = 10.0;
/// The slowest node rate a fixed-node move is allowed before it counts as
/// hanging.
pub const NODES_PER_SECOND_FLOOR: f64 = 20_000.0;

impl TimeControl {
    /// Each side's clock at the start of a game (zero where the clock does
    /// not run down).
    pub fn start_clocks(self) -> GameClocks {
        let base = match self {
            TimeControl::Increment { base, .. } => base.as_nanos() as i128,
            TimeControl::PerMove(_) | TimeControl::Nodes(_) => 0,
        };
        GameClocks {
            left_nanos: [base; 2],
        }
    }

    /// What the engine to move is told, and how long its move may take
    /// before it loses on time: with the clocks at `clocks`, `side` to
    /// move and `margin` of grace. On a running clock the margin is one
    /// allowance for the whole game (the side loses once its clock is
    /// more than `margin` below zero); a fixed time per move gets it on
    /// every move.
    pub fn move_clock(
        self,
        clocks: &GameClocks,
        side: Color,
        margin: Duration,
    ) -> (Clock, Duration) {
        match self {
            TimeControl::Increment { increment, .. } => (
                Clock::Running {
                    remaining: [clocks.shown(Color::White), clocks.shown(Color::Black)],
                    increment,
                },
                clocks.allowance(side, margin),
            ),
            TimeControl::PerMove(t) => (Clock::PerMove(t), t + margin),
            TimeControl::Nodes(n) => (
                Clock::Nodes(n),
                Duration::from_secs_f64(NODES_MOVE_GRACE_SECS + n as f64 / NODES_PER_SECOND_FLOOR)
                    + margin,
            ),
        }
    }

    /// `side`'s clock after a move that took `elapsed`: the time comes off
    /// (below zero if need be) and the increment goes on.
    pub fn after_move(self, clocks: &mut GameClocks, side: Color, elapsed: Duration) {
        if let TimeControl::Increment { increment, .. } = self {
            clocks.left_nanos[side.index()] +=
                increment.as_nanos() as i128 - elapsed.as_nanos() as i128;
        }
    }
}

/// Both sides' clocks in a game, kept by the runner: each side's base
/// time and the increments it has earned, less all the time it has used.
/// A clock goes below zero when its side overruns, and stays there until
/// increments pay the time back: an engine that is late on every move
/// runs out, however small each delay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClocks {
    /// Nanoseconds left to White and Black; negative: overdrawn.
    left_nanos: [i128; 2],
}

impl GameClocks {
    /// The time `side` has left, zero when it is overdrawn: what its
    /// engine is told.
    pub fn shown(&self, side: Color) -> Duration {
        nanos(self.left_nanos[side.index()])
    }

    /// How far `side` is below zero (zero when it is not).
    pub fn overdrawn(&self, side: Color) -> Duration {
        nanos(-self.left_nanos[side.index()])
    }

    /// How long `side`'s next move may take before its clock is more than
    /// `margin` below zero: the time left plus the margin, less what the
    /// side already owes.
    pub fn allowance(&self, side: Color, margin: Duration) -> Duration {
        nanos(self.left_nanos[side.index()] + margin.as_nanos() as i128)
    }
}

/// `n` nanoseconds as a duration, zero for a negative `n`.
fn nanos(n: i128) -> Duration {
    let n = n.clamp(0, i128::from(u64::MAX));
    Duration::new((n / 1_000_000_000) as u64, (n % 1_000_000_000) as u32)
}

/// Seconds as XBoard and PGN write them (`10`, `0.5`).
pub(crate) fn seconds_text(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", s as u64)
    } else {
        format!("{s}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overrun_is_owed_until_increments_pay_it_back() {
        let ms = Duration::from_millis;
        let margin = ms(100);
        let tc = TimeControl::Increment {
            base: ms(50),
            increment: ms(0),
        };
        let mut clocks = tc.start_clocks();
        let white = Color::White;
        assert_eq!(tc.move_clock(&clocks, white, margin).1, ms(150));
        // 80 ms on a 50 ms clock: 30 ms owed, 70 ms of grace left.
        tc.after_move(&mut clocks, white, ms(80));
        assert_eq!(clocks.shown(white), ms(0));
        assert_eq!(clocks.overdrawn(white), ms(30));
        assert_eq!(tc.move_clock(&clocks, white, margin).1, ms(70));
        // Another 80 ms would be 160 ms in all, past base plus margin.
        tc.after_move(&mut clocks, white, ms(80));
        assert_eq!(tc.move_clock(&clocks, white, margin).1, ms(0));
        assert_eq!(clocks.shown(Color::Black), ms(50));

        // With an increment the debt is paid back by faster moves.
        let tc = TimeControl::Increment {
            base: ms(50),
            increment: ms(100),
        };
        let mut clocks = tc.start_clocks();
        tc.after_move(&mut clocks, white, ms(180));
        assert_eq!(clocks.overdrawn(white), ms(30));
        assert_eq!(tc.move_clock(&clocks, white, margin).1, ms(70));
        tc.after_move(&mut clocks, white, ms(60));
        assert_eq!(clocks.shown(white), ms(10));
        let (told, allowed) = tc.move_clock(&clocks, white, margin);
        assert_eq!(allowed, ms(110));
        let Clock::Running { remaining, .. } = told else {
            panic!("a running clock")
        };
        assert_eq!(remaining, [ms(10), ms(50)]);

        // A fixed time a move gets the margin on every move.
        let per_move = TimeControl::PerMove(ms(50));
        let clocks = per_move.start_clocks();
        assert_eq!(per_move.move_clock(&clocks, white, margin).1, ms(150));
    }
}
