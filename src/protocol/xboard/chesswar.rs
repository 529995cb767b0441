//! ChessWar over XBoard: `variant chesswar` announces the start as a
//! `setup` line (the units as chess pieces), moves are tokens, and the
//! engine keeps playing for as long as the decisions are its side's (a
//! ChessWar turn is many actions), rolling the dice of its own turn when
//! the option `ChessWar Dice` is `engine`. Each decision's thinking time
//! comes from the XBoard time control.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::chesswar::search::{SearchLimits as ChessWarLimits, SearchReport};
use crate::chesswar::{Side, State, ToAct, Token};
use crate::engine::chesswar::{DiceMode, roll_due};
use crate::engine::runner::Hold;
use crate::protocol::io::say;
use crate::rules::{Color, Variant};

use super::{Session, TimeControl, error, piece_to_char};

/// The ChessWar side that an XBoard colour stands for.
fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The XBoard colour of a ChessWar side.
fn color_of(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// How long the engine thinks on each ChessWar decision, from the XBoard
/// time control; the clock is counted down locally while the engine plays
/// several tokens in a row.
#[derive(Clone, Copy, Debug)]
struct ChessWarClock {
    per_move: Option<Duration>,
    left: Option<Duration>,
    increment: Duration,
    depth: Option<u32>,
    nodes_per_second: Option<u64>,
    overhead: Duration,
}

/// Thinking time per ChessWar decision when XBoard gave neither `st` nor
/// a clock (nor `sd`).
const CHESSWAR_DEFAULT_TIME: Duration = Duration::from_secs(1);

impl ChessWarClock {
    fn limits(&self) -> ChessWarLimits {
        let time = match (self.per_move, self.left) {
            (Some(t), _) => Some(t.saturating_sub(self.overhead)),
            (None, Some(left)) => Some(crate::chesswar::search::time_for_decision(
                left,
                self.increment,
                self.overhead,
            )),
            (None, None) if self.depth.is_none() => Some(CHESSWAR_DEFAULT_TIME),
            (None, None) => None,
        }
        .map(|t| t.max(Duration::from_millis(1)));
        match (self.nodes_per_second, time) {
            (Some(nps), Some(t)) => ChessWarLimits {
                depth: self.depth,
                nodes: Some(((t.as_secs_f64() * nps as f64) as u64).max(1)),
                movetime: None,
            },
            _ => ChessWarLimits {
                depth: self.depth,
                nodes: None,
                movetime: time,
            },
        }
    }

    /// Counts a decision's thinking time off the clock.
    fn spent(&mut self, elapsed: Duration) {
        if let Some(left) = self.left {
            self.left = Some(left.saturating_sub(elapsed) + self.increment);
        }
    }
}

/// The XBoard thinking line of a ChessWar search: ply, score (the value
/// times 1000), time (centiseconds), nodes, pv.
fn chesswar_thinking_line(report: &SearchReport) -> String {
    format!(
        "{} {} {} {} {}",
        report.depth,
        report.score(),
        report.elapsed.as_millis() / 10,
        report.nodes,
        report.pv.join(" ")
    )
}

/// The result line of a finished ChessWar game, e.g. `1-0 {White wins:
/// the black general was destroyed}`.
fn chesswar_result_line(outcome: &crate::chesswar::Outcome) -> String {
    format!("{} {{{}}}", outcome.result_code(), outcome.describe())
}

impl Session {
    /// `variant chesswar`: the start announced with a `setup` line, the
    /// units as chess pieces; an analysis ends.
    pub(super) fn set_chesswar(&mut self) {
        let start = self.engine().chesswar().state().clone();
        say(&format!(
            "setup ({}) 8x8+0_fairy {} {} - - 0 1",
            piece_to_char(Variant::Chess),
            plain_board(&start),
            start.side_to_move().code()
        ));
        self.analyzing = false;
    }

    /// The ChessWar forms of the commands that differ from chess; false
    /// for a command the chess code handles the same way.
    pub(super) fn chesswar_command(&mut self, command: &str, args: &[&str], line: &str) -> bool {
        match command {
            "go" => self.chesswar_go(line),
            "playother" => {
                let state = self.engine().chesswar().state().clone();
                let side = state.deciding_side().unwrap_or(state.side_to_move());
                self.force = false;
                self.engine_side = color_of(!side);
            }
            "usermove" => match args.first() {
                Some(text) => self.chesswar_user_token(text),
                None => error("usermove needs a token", line),
            },
            "undo" | "remove" => {
                let n = if command == "undo" { 1 } else { 2 };
                if !self.engine().chesswar_mut().game_mut().undo(n) {
                    error("no token to take back", line);
                }
            }
            "analyze" | "exclude" | "include" => {
                error(&format!("{command} is not available in chesswar"), line);
            }
            other => {
                // A bare token (engines without usermove=1 get these).
                if args.is_empty() && other.parse::<Token>().is_ok() {
                    self.chesswar_user_token(other);
                } else {
                    return false;
                }
            }
        }
        true
    }

    /// `go` in ChessWar: the engine takes the side that must decide (at a
    /// roll, the side whose turn it is) and plays. At a roll with GUI
    /// dice it is an error and nothing changes; in a finished game the
    /// result is announced again, and nothing changes either.
    fn chesswar_go(&mut self, line: &str) {
        let (state, dice_mode) = {
            let engine = self.engine();
            let chesswar = engine.chesswar();
            (chesswar.state().clone(), chesswar.setup().dice)
        };
        let side = match state.to_act() {
            ToAct::Decision { side, .. } => side,
            ToAct::Roll { .. } if dice_mode == DiceMode::Engine => state.side_to_move(),
            ToAct::Roll { purpose } => return error(&roll_due(&purpose), line),
            ToAct::Over(outcome) => return say(&chesswar_result_line(&outcome)),
        };
        self.force = false;
        self.engine_side = color_of(side);
        self.chesswar_play_on();
    }

    /// A token from the GUI: played, or refused with `Illegal move`.
    fn chesswar_user_token(&mut self, text: &str) {
        let played = {
            let mut engine = self.engine();
            let game = engine.chesswar_mut().game_mut();
            game.play(text).map(|()| game.state().to_act())
        };
        match played {
            Err(e) => say(&format!("Illegal move ({}): {text}", e.kind())),
            Ok(to_act) => {
                if let ToAct::Over(outcome) = to_act {
                    say(&chesswar_result_line(&outcome));
                    return;
                }
                self.chesswar_play_on();
            }
        }
    }

    /// Whether the engine supplies the next token of `state`: its side's
    /// decision, or a roll in its side's turn when the engine rolls.
    fn engine_acts(state: &State, engine_side: Side, dice: DiceMode) -> bool {
        match state.to_act() {
            ToAct::Decision { side, .. } => side == engine_side,
            ToAct::Roll { .. } => dice == DiceMode::Engine && state.side_to_move() == engine_side,
            ToAct::Over(_) => false,
        }
    }

    /// Unless in force mode, plays the engine's tokens on a thread for as
    /// long as they are the engine's to supply: `move TOKEN` for each, and
    /// the result when the game ends.
    fn chesswar_play_on(&mut self) {
        let engine_side = side_of(self.engine_side);
        let (state, dice_mode, overhead) = {
            let engine = self.engine();
            let chesswar = engine.chesswar();
            let overhead = engine.options().move_overhead;
            (chesswar.state().clone(), chesswar.setup().dice, overhead)
        };
        if self.force || !Self::engine_acts(&state, engine_side, dice_mode) {
            return;
        }
        let mut clock = ChessWarClock {
            per_move: None,
            left: None,
            increment: Duration::ZERO,
            depth: self.depth_limit,
            nodes_per_second: self.nodes_per_second,
            overhead,
        };
        match self.time_control {
            TimeControl::PerMove(t) => clock.per_move = Some(t),
            TimeControl::Level { increment, .. } => {
                clock.left = self.engine_clock;
                clock.increment = increment;
            }
        }
        let engine = Arc::clone(&self.engine);
        let post = Arc::clone(&self.post);
        self.runner.start(
            false,
            Hold::UntilDone,
            move |job| {
                let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                let chesswar = engine.chesswar_mut();
                loop {
                    let state = chesswar.state().clone();
                    if job.discarded() || !Self::engine_acts(&state, engine_side, dice_mode) {
                        return;
                    }
                    let token = if let ToAct::Roll { .. } = state.to_act() {
                        chesswar.roll()
                    } else {
                        let limits = clock.limits();
                        let stop = job.control().stop_flag();
                        let result = chesswar.searcher().decide(&state, &limits, stop, &mut |r| {
                            if post.load(Ordering::Relaxed) {
                                say(&chesswar_thinking_line(r));
                            }
                        });
                        // A `?` ends only the search it interrupted; an
                        // abandoned turn is marked before its stop.
                        job.control().clear_stop();
                        if job.discarded() {
                            return;
                        }
                        match result {
                            Ok(report) => {
                                clock.spent(report.elapsed);
                                report.best
                            }
                            Err(e) => {
                                error(&e.to_string(), "go");
                                return;
                            }
                        }
                    };
                    let game = chesswar.game_mut();
                    if let Err(e) = game.play(&token) {
                        error(&e.describe(&token), "go");
                        return;
                    }
                    say(&format!("move {token}"));
                    if let ToAct::Over(outcome) = game.state().to_act() {
                        say(&chesswar_result_line(&outcome));
                        return;
                    }
                }
            },
            |()| {},
        );
    }
}

/// The board field of a state string without the units' marks, as a FEN
/// board for XBoard's `setup`.
fn plain_board(state: &State) -> String {
    let text = state.to_string();
    let board = text.split(' ').next().unwrap_or_default();
    let mut plain = String::with_capacity(board.len());
    let mut depth = 0;
    for c in board.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
}
