//! UCI (Universal Chess Interface), as Cute Chess, python-chess and other
//! GUIs speak it, with Fairy-Stockfish's `UCI_Variant` for the variants.
//!
//! A reader thread turns standard input into lines; the main loop parses
//! each line into a [`UciCommand`] and acts on it. A search (and `go
//! perft`) runs on its own thread, and the loop keeps reading while it
//! runs: `stop`, `ponderhit`, `isready` and `quit` are answered at once,
//! whatever else waits; any other command waits in a queue until the
//! search is over (a search that only ends on `stop` is stopped by it) and
//! then runs, in the order sent. Bad input gets an `info string error:
//! ...` line and changes nothing.
//!
//! With `UCI_Variant` set to `chesswar` the same loop plays ChessWar (see
//! [`crate::engine::chesswar`]): positions are state strings and tokens, `go`
//! answers a token, and the ChessWar options set up the armies and say
//! who rolls the dice.

use std::collections::VecDeque;
use std::num::{IntErrorKind, ParseIntError};
use std::str::FromStr;
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::chesswar::search::{MAX_DEPTH, SearchLimits as ChessWarLimits, SearchReport};
use crate::engine::options::SwitchSpelling;
use crate::engine::runner::{Answer, Hold, SearchRunner};
use crate::engine::{Engine, SearchInfo, SearchLimits, find_listed};
use crate::rules::perft::{MAX_PERFT_DEPTH, Stopped};

use super::io::{Lines, say};
use crate::engine::chesswar::GoAnswer;
use crate::engine::{ENGINE_AUTHOR, ENGINE_NAME};

/// A parsed UCI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: identify and list options.
    Uci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`.
    NewGame,
    /// `setoption name N [value V]`.
    SetOption {
        /// Option name as given.
        name: String,
        /// Value, if any.
        value: Option<String>,
    },
    /// `position (startpos | fen F) [moves M...]`.
    Position {
        /// The FEN, or `None` for the start position.
        fen: Option<String>,
        /// Moves in wire spelling.
        moves: Vec<String>,
    },
    /// `position state S [moves M...]` or `position S [moves M...]`: a
    /// ChessWar state string (refused in the chess variants).
    State {
        /// The state string.
        state: String,
        /// Tokens in wire spelling.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(SearchLimits),
    /// `go perft N`: count the move tree below the current position.
    Perft(u32),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: print the current position's FEN.
    Display,
    /// `eval`: print the current position's static evaluations.
    Eval,
    /// `xboard`: switch to the XBoard protocol.
    Xboard,
    /// Commands that need no answer (`debug`, `register`).
    Ignored,
}

/// Why a line was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciError(pub String);

impl std::fmt::Display for UciError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A whole-number type the `go` parameters are read into.
trait WholeNumber: FromStr<Err = ParseIntError> + std::fmt::Display {
    /// The smallest value of the type.
    const LEAST: Self;
    /// The largest value of the type.
    const MOST: Self;
}

macro_rules! whole_number {
    ($($t:ty),*) => {
        $(impl WholeNumber for $t {
            const LEAST: Self = <$t>::MIN;
            const MOST: Self = <$t>::MAX;
        })*
    };
}
whole_number!(u32, u64, i64);

/// Why a token is not a `T`: not a number at all, or a number out of the
/// type's range.
fn number_error<T: WholeNumber>(token: &str, what: &str, e: &ParseIntError) -> UciError {
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    let numeric = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let message = match e.kind() {
        IntErrorKind::PosOverflow => {
            format!("'{what}' is at most {}; '{token}' is too large", T::MOST)
        }
        IntErrorKind::NegOverflow => {
            format!("'{what}' is at least {}; '{token}' is too small", T::LEAST)
        }
        _ if numeric && token.starts_with('-') => {
            format!("'{what}' is at least {}; '{token}' is too small", T::LEAST)
        }
        _ => format!("'{what}' needs a number; '{token}' is not a number"),
    };
    UciError(message)
}

fn number<T: WholeNumber>(token: Option<&str>, what: &str) -> Result<T, UciError> {
    let token = token.ok_or_else(|| UciError(format!("'{what}' needs a number")))?;
    token
        .parse()
        .map_err(|e| number_error::<T>(token, what, &e))
}

/// A whole number from 1 to `most`: its errors name that range, whether
/// the token is 0, negative or too large.
fn counted(token: Option<&str>, what: &str, most: u32) -> Result<u32, UciError> {
    let n: i64 = number(token, what)?;
    match u32::try_from(n) {
        Ok(n) if (1..=most).contains(&n) => Ok(n),
        _ => Err(UciError(format!(
            "'{what}' is from 1 to {most}; '{}' is {}",
            token.unwrap_or_default(),
            if n < 1 { "too small" } else { "too large" }
        ))),
    }
}

fn millis(token: Option<&str>, what: &str) -> Result<Duration, UciError> {
    // Some GUIs send negative clock times when a player is out of time.
    let ms: i64 = number(token, what)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_go(tokens: &[&str]) -> Result<UciCommand, UciError> {
    let mut limits = SearchLimits::default();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        let next = tokens.get(i + 1).copied();
        i += 2;
        match key {
            "wtime" => limits.time_left[0] = Some(millis(next, key)?),
            "btime" => limits.time_left[1] = Some(millis(next, key)?),
            "winc" => limits.increment[0] = Some(millis(next, key)?),
            "binc" => limits.increment[1] = Some(millis(next, key)?),
            "movestogo" => limits.moves_to_go = Some(number(next, key)?),
            "movetime" => limits.move_time = Some(millis(next, key)?),
            "depth" => limits.depth = Some(number(next, key)?),
            "nodes" => limits.nodes = Some(number(next, key)?),
            "mate" => limits.mate = Some(counted(next, key, u32::MAX)?),
            "perft" => return Ok(UciCommand::Perft(counted(next, key, MAX_PERFT_DEPTH)?)),
            "infinite" => {
                limits.infinite = true;
                i -= 1;
            }
            "ponder" => {
                limits.ponder = true;
                i -= 1;
            }
            "searchmoves" => {
                i -= 1;
                let before = limits.search_moves.len();
                while let Some(&m) = tokens.get(i) {
                    if GO_KEYWORDS.contains(&m) {
                        break;
                    }
                    limits.search_moves.push(m.to_string());
                    i += 1;
                }
                if limits.search_moves.len() == before {
                    return Err(UciError("'searchmoves' needs at least one move".into()));
                }
            }
            other => return Err(UciError(format!("unknown go parameter '{other}'"))),
        }
    }
    Ok(UciCommand::Go(limits))
}

const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Parses one input line; `Ok(None)` for a blank line.
pub fn parse_line(line: &str) -> Result<Option<UciCommand>, UciError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let command = match head {
        "uci" => UciCommand::Uci,
        "isready" => UciCommand::IsReady,
        "ucinewgame" => UciCommand::NewGame,
        "stop" => UciCommand::Stop,
        "ponderhit" => UciCommand::PonderHit,
        "quit" => UciCommand::Quit,
        "d" => UciCommand::Display,
        "eval" => UciCommand::Eval,
        "xboard" => UciCommand::Xboard,
        "debug" | "register" => UciCommand::Ignored,
        "setoption" => {
            if rest.first() != Some(&"name") {
                return Err(UciError("setoption needs 'name'".into()));
            }
            let value_at = rest.iter().position(|&t| t == "value");
            let name_end = value_at.unwrap_or(rest.len());
            let name = rest[1..name_end].join(" ");
            if name.is_empty() {
                return Err(UciError("setoption needs an option name".into()));
            }
            let value = value_at.map(|v| rest[v + 1..].join(" "));
            UciCommand::SetOption { name, value }
        }
        "position" => {
            let moves_at = rest.iter().position(|&t| t == "moves");
            let setup = &rest[..moves_at.unwrap_or(rest.len())];
            let moves = moves_at.map_or_else(Vec::new, |m| {
                rest[m + 1..].iter().map(|s| s.to_string()).collect()
            });
            let fen = match setup.split_first() {
                Some((&"startpos", [])) => None,
                Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
                Some((&"state", state)) if !state.is_empty() => {
                    let state = state.join(" ");
                    return Ok(Some(UciCommand::State { state, moves }));
                }
                Some((first, _)) if !["startpos", "fen", "state"].contains(first) => {
                    let state = setup.join(" ");
                    return Ok(Some(UciCommand::State { state, moves }));
                }
                _ => {
                    return Err(UciError("position needs 'startpos' or 'fen <FEN>'".into()));
                }
            };
            UciCommand::Position { fen, moves }
        }
        "go" => parse_go(rest)?,
        other => return Err(UciError(format!("unknown command '{other}'"))),
    };
    Ok(Some(command))
}

/// Formats an `info` line.
pub fn info_line(info: &SearchInfo) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score.uci(),
        info.nodes,
        info.nps,
        info.time_ms,
        info.hashfull,
        info.pv.join(" ")
    )
}

fn error(message: &str) {
    say(&format!("info string error: {message}"));
}

/// Formats a ChessWar `info` line: depth, score (the value times 1000),
/// nodes, speed, time and the principal variation in tokens.
pub fn chesswar_info_line(report: &SearchReport) -> String {
    let ms = report.elapsed.as_millis() as u64;
    let nps = report.nodes.saturating_mul(1000) / ms.max(1);
    let mut line = format!(
        "info depth {} score cp {} nodes {} nps {nps} time {ms}",
        report.depth,
        report.score(),
        report.nodes
    );
    if !report.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&report.pv.join(" "));
    }
    line
}

/// How often the loop looks whether the search that commands wait for is
/// over.
const SEARCH_POLL: Duration = Duration::from_millis(2);

/// What the loop does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// Read the next line.
    Continue,
    /// End the session.
    Quit,
    /// Hand the input over to the XBoard loop.
    Xboard,
}

/// How a UCI session ended.
pub enum Ending {
    /// `quit`, or the end of input.
    Quit,
    /// The command `xboard`: the rest of the input is for the XBoard loop.
    Xboard(Lines),
}

/// The UCI session: the engine, the variant chosen, a running search and
/// the commands waiting for it.
struct Session {
    engine: Arc<Mutex<Engine>>,
    runner: SearchRunner,
    /// Whether the running search only ends on `stop` (infinite, ponder,
    /// or no limit that ends it).
    search_unbounded: bool,
    /// Whether it still only ends on `stop` after `ponderhit`.
    unbounded_after_ponderhit: bool,
    /// Whether the running job is a `go perft` count.
    counting: bool,
    /// Commands that wait for the running search, oldest first.
    queue: VecDeque<UciCommand>,
}

impl Session {
    fn new() -> Session {
        Session {
            engine: Arc::new(Mutex::new(Engine::new())),
            runner: SearchRunner::new(),
            search_unbounded: false,
            unbounded_after_ponderhit: false,
            counting: false,
            queue: VecDeque::new(),
        }
    }

    fn engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops a running search (or perft) and waits for its `bestmove`.
    fn stop_search(&mut self) {
        self.runner.stop(Answer::Deliver);
    }

    /// Whether commands wait for a running search, so that the loop must
    /// look for its end while it reads.
    fn waiting(&self) -> bool {
        self.runner.has_job() && !self.queue.is_empty()
    }

    /// Sets an option from the table ([`crate::engine::option_table`]); a bad
    /// value or an unknown name is an error and changes nothing.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
        let value = value.unwrap_or("").trim();
        let spec =
            find_listed(name, true).ok_or_else(|| UciError(format!("unknown option '{name}'")))?;
        let kept = self
            .engine()
            .set_option(&spec, value, SwitchSpelling::Words)
            .map_err(|e| UciError(e.to_string()))?;
        match spec.name {
            _ if kept => Ok(()),
            // Pondering needs no setting: the GUI decides with `go ponder`.
            "Ponder" | "UCI_AnalyseMode" => Ok(()),
            other => Err(UciError(format!("option '{other}' is not for UCI"))),
        }
    }

    /// `go` in the chess games. A `searchmoves` move that is not legal is
    /// an error, and nothing is searched.
    fn go(&mut self, limits: SearchLimits) {
        let position = self.engine().game().position();
        for text in &limits.search_moves {
            if let Err(e) = position.canonical_wire(text) {
                error(&format!("searchmoves: {e}; nothing searched"));
                return;
            }
        }
        let engine = Arc::clone(&self.engine);
        // Only the side to move's clock bounds the search: without a
        // limit that ends it, a search ends on `stop` like a bare `go`.
        let ends = limits.ends_by_itself(position.side_to_move());
        self.counting = false;
        self.unbounded_after_ponderhit = limits.infinite || !ends;
        self.search_unbounded = limits.ponder || self.unbounded_after_ponderhit;
        let hold = Hold::until_stop_if(limits.infinite);
        self.runner.start(
            limits.ponder,
            hold,
            move |job| {
                let engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                engine.search(&limits, job.control(), &mut |info| say(&info_line(info)))
            },
            |result| {
                let line = match (result.best_move, result.ponder_move) {
                    (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
                    (Some(best), None) => format!("bestmove {best}"),
                    (None, _) => "bestmove (none)".to_string(),
                };
                say(&line);
            },
        );
    }

    /// `go` in ChessWar. Every `go` that is carried out ends with one
    /// `bestmove`: the token searched, the die the engine rolled (engine
    /// dice), or `(none)` after an error line when a roll is due (GUI
    /// dice) or the game is over. An infinite search (or one without
    /// limits) gives its answer on `stop`.
    fn chesswar_go(&mut self, limits: SearchLimits) {
        if limits.mate.is_some() || limits.ponder || !limits.search_moves.is_empty() {
            error("go mate, ponder and searchmoves are not available in chesswar");
            return;
        }
        let (state, overhead) = {
            let engine = self.engine();
            (
                engine.chesswar().state().clone(),
                engine.options().move_overhead,
            )
        };
        let mut cw_limits = ChessWarLimits {
            depth: limits.depth,
            nodes: limits.nodes,
            movetime: limits
                .move_time
                .map(|t| t.saturating_sub(overhead).max(Duration::from_millis(1))),
        };
        if cw_limits.movetime.is_none()
            && let Some(side) = state.deciding_side()
            && let Some(left) = limits.time_left[side.index()]
        {
            let increment = limits.increment[side.index()].unwrap_or_default();
            cw_limits.movetime = Some(crate::chesswar::search::time_for_decision(
                left, increment, overhead,
            ));
        }
        let bounded =
            cw_limits.depth.is_some() || cw_limits.nodes.is_some() || cw_limits.movetime.is_some();
        let unbounded = limits.infinite || !bounded;
        if unbounded {
            // Deepen until `stop` (the searcher's own default is a shallow
            // fixed depth).
            cw_limits = ChessWarLimits {
                depth: Some(MAX_DEPTH),
                ..ChessWarLimits::default()
            };
        }
        self.search_unbounded = unbounded;
        self.unbounded_after_ponderhit = unbounded;
        self.counting = false;
        let answer = self.engine().chesswar_mut().go_answer();
        if let GoAnswer::Refuse(why) = &answer {
            error(why);
        }
        let engine = Arc::clone(&self.engine);
        let hold = Hold::until_stop_if(unbounded);
        self.runner.start(
            false,
            hold,
            move |job| match answer {
                GoAnswer::Refuse(_) => "(none)".to_string(),
                GoAnswer::Roll(token) => token,
                GoAnswer::Search => {
                    let stop = job.control().stop_flag();
                    let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                    let result = engine.chesswar_mut().searcher().decide(
                        &state,
                        &cw_limits,
                        stop,
                        &mut |r| say(&chesswar_info_line(r)),
                    );
                    match result {
                        Ok(report) => report.best,
                        Err(e) => {
                            error(&e.to_string());
                            "(none)".to_string()
                        }
                    }
                }
            },
            |best| say(&format!("bestmove {best}")),
        );
    }

    /// Takes a command as it arrives. `isready`, `stop`, `ponderhit` and
    /// `quit` are acted on at once; any other command waits in the queue
    /// for the running search (which it stops if only `stop` would end
    /// it) and the commands before it.
    fn accept(&mut self, command: UciCommand) -> Flow {
        match command {
            UciCommand::IsReady => say("readyok"),
            UciCommand::Stop => self.stop_search(),
            UciCommand::PonderHit => {
                self.runner.ponderhit();
                if self.runner.has_job() {
                    self.search_unbounded = self.unbounded_after_ponderhit;
                }
            }
            UciCommand::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            UciCommand::Ignored => {}
            UciCommand::Xboard => {
                self.stop_search();
                self.flush();
                return Flow::Xboard;
            }
            command => {
                self.queue.push_back(command);
                if self.search_unbounded {
                    self.stop_search();
                }
            }
        }
        Flow::Continue
    }

    /// Runs the waiting commands, in order, while no search is running.
    fn run_queue(&mut self) -> Flow {
        while self.runner.is_idle() {
            let Some(command) = self.queue.pop_front() else {
                break;
            };
            let flow = self.run(command);
            if flow != Flow::Continue {
                return flow;
            }
        }
        Flow::Continue
    }

    /// At the end of input (or on `xboard`), ends the running job and
    /// runs the waiting commands in order: a search is stopped at once and
    /// gives its answer, as on `quit`; a `go perft` count runs to its end,
    /// since stopping it would leave nothing.
    fn flush(&mut self) {
        loop {
            if self.counting {
                self.runner.wait();
            }
            self.stop_search();
            let Some(command) = self.queue.pop_front() else {
                return;
            };
            if self.run(command) != Flow::Continue {
                self.stop_search();
                self.queue.clear();
                return;
            }
        }
    }

    /// Carries out a command that needs the engine (no search running).
    fn run(&mut self, command: UciCommand) -> Flow {
        match command {
            UciCommand::Uci => {
                say(&format!("id name {ENGINE_NAME}"));
                say(&format!("id author {ENGINE_AUTHOR}"));
                for option in crate::engine::option_table()
                    .iter()
                    .filter(|o| o.listed_by(true))
                {
                    say(&option.uci_line());
                }
                say("uciok");
            }
            UciCommand::NewGame => self.engine().new_game(),
            UciCommand::SetOption { name, value } => {
                if let Err(e) = self.set_option(&name, value.as_deref()) {
                    error(&e.0);
                }
            }
            UciCommand::Position { fen, moves } => {
                if let Err(e) = self.engine().set_loaded_position(fen.as_deref(), &moves) {
                    error(&format!("{e}; position unchanged"));
                }
            }
            UciCommand::State { state, moves } => {
                let mut engine = self.engine();
                if !engine.plays_chesswar() {
                    error("position needs 'startpos' or 'fen <FEN>'");
                } else if let Err(e) = engine.set_chesswar_position(Some(&state), &moves) {
                    error(&format!("{e}; position unchanged"));
                }
            }
            UciCommand::Go(limits) if self.engine().plays_chesswar() => self.chesswar_go(limits),
            UciCommand::Go(limits) => self.go(limits),
            UciCommand::Perft(depth) => self.perft(depth),
            UciCommand::Display => {
                let engine = self.engine();
                let line = if engine.plays_chesswar() {
                    let state = engine.chesswar().state();
                    format!(
                        "variant {} state {state}",
                        crate::rules::variant::CHESSWAR_NAME
                    )
                } else {
                    let position = engine.game().position();
                    format!("variant {} fen {}", position.variant(), position.fen())
                };
                say(&format!("info string {line}"));
            }
            UciCommand::Eval => match self.engine().static_evaluation() {
                Some(evaluation) => {
                    for line in evaluation.lines() {
                        say(&format!("info string {line}"));
                    }
                }
                None => error("ChessWar has no static evaluation"),
            },
            UciCommand::Xboard => return Flow::Xboard,
            // Acted on as they arrive (see `accept`), never queued.
            UciCommand::IsReady
            | UciCommand::Stop
            | UciCommand::PonderHit
            | UciCommand::Quit
            | UciCommand::Ignored => {}
        }
        Flow::Continue
    }

    /// `go perft` in the chess games, on the search thread so that `stop`
    /// and `quit` end it: a row per root move as soon as it is counted (in
    /// generation order, also on several threads), then the total; a count
    /// that is stopped says so instead of giving a total.
    fn perft(&mut self, depth: u32) {
        let (position, threads, chesswar) = {
            let engine = self.engine();
            let chesswar = engine
                .plays_chesswar()
                .then(|| engine.chesswar().state().clone());
            (engine.game().position(), engine.options().threads, chesswar)
        };
        self.counting = true;
        self.search_unbounded = false;
        self.unbounded_after_ponderhit = false;
        if let Some(state) = chesswar {
            self.runner.start(
                false,
                Hold::UntilDone,
                move |job| {
                    let mut print = |token: &str, n: u64| say(&format!("{token}: {n}"));
                    let stop = job.control().stop_flag();
                    report_perft(crate::chesswar::game::divide_until(
                        &state, depth, stop, &mut print,
                    ));
                },
                |()| {},
            );
            return;
        }
        self.runner.start(
            false,
            Hold::UntilDone,
            move |job| {
                let print = |m: &str, n: u64| say(&format!("{m}: {n}"));
                let stop = job.control().stop_flag();
                let count = |parallel| position.divide_until(depth, parallel, stop, &print);
                let rows = match threads {
                    1 => count(false),
                    _ => match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                        Ok(pool) => pool.install(|| count(true)),
                        Err(_) => count(false),
                    },
                };
                report_perft(rows);
            },
            |()| {},
        );
    }
}

/// Ends `go perft` output: the total, or why there is none.
fn report_perft<M>(rows: Result<Vec<(M, u64)>, Stopped>) {
    match rows {
        Ok(rows) => {
            let total: u64 = rows.iter().map(|r| r.1).sum();
            say(&format!("\nNodes searched: {total}"));
        }
        Err(Stopped) => say("info string perft stopped; no total"),
    }
}

/// Runs the UCI loop on lines from `input` until `quit`, the end of
/// input or the command `xboard`, which hands the rest of the input on.
pub fn run_with(input: Lines) -> Ending {
    let mut session = Session::new();
    let mut flow = Flow::Continue;
    loop {
        if flow == Flow::Continue {
            flow = session.run_queue();
        }
        match flow {
            Flow::Continue => {}
            Flow::Quit => return Ending::Quit,
            Flow::Xboard => {
                session.stop_search();
                return Ending::Xboard(input);
            }
        }
        // While commands wait for a search, look for its end between lines.
        let line = if session.waiting() {
            match input.recv_timeout(SEARCH_POLL) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match input.recv() {
                Ok(line) => line,
                Err(_) => break,
            }
        };
        match line.map_err(UciError).and_then(|line| parse_line(&line)) {
            Ok(Some(command)) => flow = session.accept(command),
            Ok(None) => {}
            Err(e) => error(&e.0),
        }
    }
    // End of input ends the session like a `quit` after the last line: a
    // running search stops and gives its answer, and the commands that
    // waited for it still run.
    session.flush();
    Ending::Quit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parses_every_limit() {
        let Ok(Some(UciCommand::Go(l))) = parse_line(
            "go wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 9 nodes 500 mate 3 ponder searchmoves e2e4 d2d4 infinite",
        ) else {
            panic!("go should parse");
        };
        assert_eq!(
            l.time_left,
            [Some(Duration::from_millis(1000)), Some(Duration::ZERO)]
        );
        assert_eq!(
            l.increment,
            [
                Some(Duration::from_millis(10)),
                Some(Duration::from_millis(20))
            ]
        );
        assert_eq!(
            (l.moves_to_go, l.depth, l.nodes, l.mate),
            (Some(7), Some(9), Some(500), Some(3))
        );
        assert!(l.ponder && l.infinite);
        assert_eq!(l.search_moves, vec!["e2e4", "d2d4"]);
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(parse_line("go depth x").is_err());
        assert!(parse_line("go sideways").is_err());
        assert!(parse_line("position").is_err());
        assert!(parse_line("position fen").is_err());
        assert!(parse_line("setoption value 3").is_err());
        assert!(parse_line("frobnicate").is_err());
        assert_eq!(parse_line("   "), Ok(None));
    }

    #[test]
    fn numbers_out_of_range_are_told_from_text() {
        let message = |line: &str| parse_line(line).unwrap_err().0;
        assert_eq!(
            message("go depth x"),
            "'depth' needs a number; 'x' is not a number"
        );
        assert_eq!(
            message("go depth 99999999999"),
            "'depth' is at most 4294967295; '99999999999' is too large"
        );
        assert_eq!(
            message("go depth -1"),
            "'depth' is at least 0; '-1' is too small"
        );
        assert!(message("go nodes 99999999999999999999").contains("too large"));
        assert!(message("go wtime 99999999999999999999").contains("too large"));
        assert!(message("go wtime -99999999999999999999").contains("too small"));
        assert!(message("go movestogo 1e5").contains("not a number"));
        assert!(message("go depth -").contains("not a number"));
        assert!(message("go depth").contains("needs a number"));
    }

    #[test]
    fn pointless_go_limits_are_errors() {
        for (line, words) in [
            (
                "go mate 0",
                "'mate' is from 1 to 4294967295; '0' is too small",
            ),
            (
                "go mate -1",
                "'mate' is from 1 to 4294967295; '-1' is too small",
            ),
            (
                "go mate 4294967296",
                "'mate' is from 1 to 4294967295; '4294967296' is too large",
            ),
        ] {
            assert_eq!(parse_line(line).unwrap_err().0, words, "{line}");
        }
        for depth in ["0", "-3"] {
            assert_eq!(
                parse_line(&format!("go perft {depth}")).unwrap_err().0,
                format!("'perft' is from 1 to {MAX_PERFT_DEPTH}; '{depth}' is too small")
            );
        }
        assert!(
            parse_line("go mate x")
                .unwrap_err()
                .0
                .contains("not a number")
        );
        assert!(parse_line("go searchmoves").is_err());
        assert!(parse_line("go searchmoves depth 3").is_err());
        let deep = parse_line("go perft 3200").unwrap_err().0;
        assert!(deep.contains(&MAX_PERFT_DEPTH.to_string()), "{deep}");
        assert!(parse_line("go perft 0").is_err());
        assert_eq!(
            parse_line(&format!("go perft {MAX_PERFT_DEPTH}")),
            Ok(Some(UciCommand::Perft(MAX_PERFT_DEPTH)))
        );
        assert_eq!(parse_line("xboard"), Ok(Some(UciCommand::Xboard)));
    }

    #[test]
    fn position_and_setoption_parse() {
        assert_eq!(
            parse_line("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2"),
            Ok(Some(UciCommand::Position {
                fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            }))
        );
        assert_eq!(
            parse_line("setoption name Move Overhead value 30"),
            Ok(Some(UciCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }))
        );
    }
}
