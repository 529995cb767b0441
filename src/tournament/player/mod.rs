//! An engine in a child process, spoken to over UCI or XBoard by the match
//! runner. Every wait has a deadline; an engine that dies, hangs or breaks
//! the protocol is reported as a [`Fault`] (with its exit status and the
//! last lines of its standard error) and the caller restarts it.
//!
//! This file is the player and what both protocols share of it; each
//! protocol's own side is in its file (`uci.rs`, `xboard.rs`), ChessWar's
//! set-up and tokens in `chesswar.rs`, the process and its faults in
//! `process.rs`, the clocks in `clock.rs`.

mod chesswar;
mod clock;
mod process;
mod reply;
mod uci;
mod xboard;

use std::time::{Duration, Instant};

use crate::rules::{Color, Variant};

use process::{Process, fault_reason};
use uci::Uci;
use xboard::Xboard;

pub(crate) use clock::seconds_text;
pub use clock::{Clock, GameClocks, NODES_MOVE_GRACE_SECS, NODES_PER_SECOND_FLOOR, TimeControl};
pub use process::Fault;
pub use reply::{EngineScore, Reply, Thought};

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The Universal Chess Interface.
    Uci,
    /// XBoard / CECP version 2.
    Xboard,
}

/// How to start an engine and what to tell it first.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// The command line, run by the shell (so it may carry arguments).
    pub command: String,
    /// The protocol, or `None` to detect it (UCI is tried first).
    pub protocol: Option<Protocol>,
    /// Options set after the handshake: UCI `setoption`, XBoard `option`.
    pub options: Vec<(String, String)>,
    /// A name for the PGN and the report; the engine's own by default.
    pub name: Option<String>,
    /// How long the engine may take to start and answer the handshake
    /// (`uci` → `uciok`, `protover 2` → `feature done=1`), and each
    /// `isready` → `readyok` or `ping` → `pong` that follows an option or
    /// a new game.
    pub start_timeout: Duration,
}

/// The protocol's side of a running engine: what it told of itself and
/// what it has been told.
enum Dialect {
    /// A UCI engine.
    Uci(Uci),
    /// An XBoard engine.
    Xboard(Xboard),
}

/// A running engine.
pub struct Player {
    process: Process,
    dialect: Dialect,
    name: String,
    /// The last score (and depth) reported during the last search.
    last_thought: Option<Thought>,
}

/// How long an engine may take to start by default (see
/// [`EngineConfig::start_timeout`]).
pub const START_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine that may be UCI gets to say `uciok` before the
/// runner tries XBoard instead (at most the start timeout).
const DETECT_TIME: Duration = Duration::from_secs(3);

impl Player {
    /// Starts the engine and completes the protocol handshake, with its
    /// options set; fails, with the reason and the engine's last words on
    /// its standard error, if any of it does not happen within the start
    /// timeout.
    pub fn start(config: &EngineConfig) -> Result<Player, Fault> {
        let timeout = config.start_timeout;
        match config.protocol {
            Some(protocol) => Player::start_as(config, protocol, timeout),
            None => match Player::start_as(config, Protocol::Uci, DETECT_TIME.min(timeout)) {
                Ok(player) => Ok(player),
                // A process that could not start or has ended, or a UCI
                // engine that refused an option, is no XBoard engine either.
                Err(fault @ (Fault::NotStarted(_) | Fault::Crashed(_) | Fault::Refused(_))) => {
                    Err(fault)
                }
                Err(uci) => Player::start_as(config, Protocol::Xboard, timeout).map_err(|xboard| {
                    match xboard {
                        Fault::Hung(why) | Fault::Protocol(why) => Fault::Protocol(format!(
                            "it speaks neither UCI ({}) nor XBoard ({why})",
                            fault_reason(&uci)
                        )),
                        other => other,
                    }
                }),
            },
        }
    }

    fn start_as(
        config: &EngineConfig,
        protocol: Protocol,
        wait: Duration,
    ) -> Result<Player, Fault> {
        let mut process = Process::spawn(&config.command)?;
        let (options, sync_time) = (&config.options, config.start_timeout);
        let handshake = match protocol {
            Protocol::Uci => Uci::handshake(&mut process, options, wait, sync_time)
                .map(|(uci, name)| (Dialect::Uci(uci), name)),
            Protocol::Xboard => Xboard::handshake(&mut process, options, wait, sync_time)
                .map(|(xboard, name)| (Dialect::Xboard(xboard), name)),
        };
        match handshake {
            Ok((dialect, own_name)) => Ok(Player {
                process,
                dialect,
                name: config
                    .name
                    .clone()
                    .or(own_name)
                    .unwrap_or_else(|| config.command.clone()),
                last_thought: None,
            }),
            Err(fault) => {
                let fault = process.explained(fault);
                process.kill();
                Err(fault)
            }
        }
    }

    /// `fault` with the engine's exit status and the last lines of its
    /// standard error added, when it has ended or said something there.
    fn explained(&mut self, fault: Fault) -> Fault {
        self.process.explained(fault)
    }

    /// The engine's name (given, or its own).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The protocol it speaks.
    pub fn protocol(&self) -> Protocol {
        match self.dialect {
            Dialect::Uci(_) => Protocol::Uci,
            Dialect::Xboard(_) => Protocol::Xboard,
        }
    }

    /// The score (from its own side's point of view) and depth of its
    /// last search's last line that had a score.
    pub fn last_thought(&self) -> Option<Thought> {
        self.last_thought
    }

    /// Prepares a new game: the variant, the start position (`fen`, or the
    /// game's own start when `None`) and the time control.
    pub fn new_game(
        &mut self,
        variant: Variant,
        fen: Option<&str>,
        time_control: TimeControl,
    ) -> Result<(), Fault> {
        let prepared = self.prepare(variant, fen, time_control);
        prepared.map_err(|fault| self.explained(fault))
    }

    fn prepare(
        &mut self,
        variant: Variant,
        fen: Option<&str>,
        time_control: TimeControl,
    ) -> Result<(), Fault> {
        self.last_thought = None;
        match &mut self.dialect {
            Dialect::Uci(uci) => uci.new_game(&mut self.process, variant),
            Dialect::Xboard(xboard) => {
                xboard.new_game(&mut self.process, variant, fen, time_control)
            }
        }
    }

    /// Asks for a move in the game `fen` (None: the start) + `moves`, where
    /// `side_to_move` is to play, with `clock`; waits until `deadline` at
    /// most. In ChessWar the moves are the tokens from the start and
    /// `side_to_move` the side that decides.
    pub fn think(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
        side_to_move: Color,
        clock: Clock,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        self.ask(|dialect, io, thought| match dialect {
            Dialect::Uci(uci) => uci.think(io, fen, moves, clock, deadline, thought),
            Dialect::Xboard(xboard) => {
                xboard.think(io, moves, side_to_move, clock, deadline, thought)
            }
        })
    }

    /// Asks the engine for a move through `dialect`'s own request; the
    /// score and depth it reports on the way are kept, a fault is explained.
    fn ask(
        &mut self,
        request: impl FnOnce(&mut Dialect, &mut Process, &mut Option<Thought>) -> Result<Reply, Fault>,
    ) -> Result<Reply, Fault> {
        self.last_thought = None;
        let reply = request(&mut self.dialect, &mut self.process, &mut self.last_thought);
        reply.map_err(|fault| self.explained(fault))
    }

    /// Ends the process, politely first.
    pub fn quit(mut self) {
        self.process.quit();
    }

    /// Ends the process at once.
    pub fn kill(&mut self) {
        self.process.kill();
    }
}
