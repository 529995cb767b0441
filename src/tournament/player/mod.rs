//! An engine in a child process, spoken to over UCI or XBoard by the match
//! runner. Every wait has a deadline; an engine that dies, hangs or breaks
//! the protocol is reported as a [`Fault`] (with its exit status and the
//! last lines of its standard error) and the caller restarts it.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::rules::{Color, Variant};

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

/// How an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process could not be started at all.
    NotStarted(String),
    /// The process ended or closed its output.
    Crashed(String),
    /// No answer before the deadline.
    Hung(String),
    /// It answered with something the protocol does not allow.
    Protocol(String),
    /// It called a legal move of the game illegal.
    Rejected(String),
    /// It refused a setting: an option, the game or the start position.
    Refused(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::NotStarted(why) => write!(f, "cannot start: {why}"),
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            // A reason that already says what did not come reads alone.
            Fault::Hung(why) if why.starts_with("no ") => write!(f, "{why}"),
            Fault::Hung(why) => write!(f, "no answer: {why}"),
            Fault::Protocol(why) => write!(f, "protocol error: {why}"),
            Fault::Rejected(why) => write!(f, "rejected a legal move: {why}"),
            Fault::Refused(why) => write!(f, "refused {why}"),
        }
    }
}

/// What an engine answers when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move, as the engine spelled it.
    Move(String),
    /// It resigned (XBoard `resign`).
    Resign,
}

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

/// A score an engine reported, from its own side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: it gets mated).
    Mate(i32),
}

impl EngineScore {
    /// The score in centipawns, mates as ±100000.
    pub fn centipawns(self) -> i32 {
        match self {
            EngineScore::Centipawns(cp) => cp,
            EngineScore::Mate(n) if n >= 0 => 100_000,
            EngineScore::Mate(_) => -100_000,
        }
    }
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

/// What an XBoard engine said about itself in its `feature` lines.
#[derive(Clone, Debug, Default)]
struct Features {
    setboard: bool,
    usermove: bool,
    ping: bool,
    variants: Option<Vec<String>>,
    /// The names of the options it declared.
    options: Vec<String>,
}

/// The last lines an engine wrote to its standard error, kept to explain
/// why it failed.
#[derive(Debug, Default)]
struct StderrTail {
    lines: VecDeque<String>,
    /// Whether the engine closed its standard error (it has ended).
    closed: bool,
}

/// A running engine.
pub struct Player {
    config: EngineConfig,
    protocol: Protocol,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    features: Features,
    /// UCI: the names of the options the engine declared.
    uci_options: Vec<String>,
    stderr: Arc<Mutex<StderrTail>>,
    /// XBoard: how many moves of the current game the engine has been sent.
    synced: usize,
    /// XBoard ChessWar: whether the engine was told `go` and not `force`
    /// since, so that it plays on by itself while the decisions are its
    /// side's.
    playing: bool,
    /// The last score reported during the last search.
    last_score: Option<EngineScore>,
    ping_counter: u32,
}

/// How long an engine may take to start by default (see
/// [`EngineConfig::start_timeout`]).
pub const START_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine that may be UCI gets to say `uciok` before the
/// runner tries XBoard instead (at most the start timeout).
const DETECT_TIME: Duration = Duration::from_secs(3);
/// How long an XBoard engine gets to send its first `feature` line after
/// `protover 2` (the protocol's two seconds), and to send `done=1` after
/// its last feature line when it never sends `done`.
const FEATURE_TIME: Duration = Duration::from_secs(2);
/// How many lines an engine may print that its protocol does not know
/// before it answers the handshake: a banner is fine, a flood is not.
const MAX_NOISE_LINES: usize = 100;
/// How many lines of an engine's standard error a failure report shows.
const STDERR_LINES: usize = 3;
/// How many characters of an engine's line an error message quotes.
const QUOTE_CHARS: usize = 120;
/// How long to wait for an engine that closed its output to exit, so that
/// its exit status and last words can be reported.
const EXIT_WAIT: Duration = Duration::from_millis(300);

/// `line` shortened for an error message.
fn quote(line: &str) -> String {
    let line = line.trim();
    match line.char_indices().nth(QUOTE_CHARS) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line.to_string(),
    }
}

/// A started engine's pipes: its input, its output lines, the tail of its
/// standard error.
type Pipes = (Child, ChildStdin, Receiver<String>, Arc<Mutex<StderrTail>>);

fn spawn(command: &str) -> Result<Pipes, Fault> {
    let mut cmd = if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.arg("/C").arg(command);
        c
    } else {
        let mut c = Command::new("sh");
        c.arg("-c").arg(format!("exec {command}"));
        c
    };
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Fault::NotStarted(format!("'{command}': {e}")))?;
    let stdin = child.stdin.take().expect("stdin was piped");
    let stdout = child.stdout.take().expect("stdout was piped");
    let stderr = child.stderr.take().expect("stderr was piped");
    let tail = Arc::new(Mutex::new(StderrTail::default()));
    let keeper = Arc::clone(&tail);
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stderr);
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            // Lines of any length are read, but only their start is kept.
            match (&mut reader).take(4096).read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let text = String::from_utf8_lossy(&bytes).trim().to_string();
            if text.is_empty() {
                continue;
            }
            let mut tail = keeper.lock().unwrap_or_else(|e| e.into_inner());
            tail.lines.push_back(text);
            if tail.lines.len() > STDERR_LINES {
                tail.lines.pop_front();
            }
        }
        keeper.lock().unwrap_or_else(|e| e.into_inner()).closed = true;
    });
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).split(b'\n') {
            let Ok(bytes) = line else { break };
            let text = String::from_utf8_lossy(&bytes).trim_end().to_string();
            if tx.send(text).is_err() {
                break;
            }
        }
    });
    Ok((child, stdin, rx, tail))
}

/// Reads `key=value` pairs from a `feature` line (values may be quoted).
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = text.trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, remainder) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        pairs.push((key, value.to_string()));
        rest = remainder.trim_start();
    }
    pairs
}

/// Reads the score of a UCI `info` line or an XBoard thinking line.
fn parse_score(protocol: Protocol, line: &str) -> Option<EngineScore> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match protocol {
        Protocol::Uci => {
            if tokens.first() != Some(&"info") {
                return None;
            }
            let at = tokens.iter().position(|t| *t == "score")?;
            if tokens
                .get(at + 3)
                .is_some_and(|t| *t == "lowerbound" || *t == "upperbound")
            {
                return None;
            }
            let value: i32 = tokens.get(at + 2)?.parse().ok()?;
            match *tokens.get(at + 1)? {
                "cp" => Some(EngineScore::Centipawns(value)),
                "mate" => Some(EngineScore::Mate(value)),
                _ => None,
            }
        }
        Protocol::Xboard => {
            // depth score time nodes pv...; depth may end in a `.` or `&`.
            let depth = tokens.first()?.trim_end_matches(['.', '&']);
            depth.parse::<u32>().ok()?;
            let score: i32 = tokens.get(1)?.parse().ok()?;
            tokens.get(3)?.parse::<u64>().ok()?;
            // Mate in N is 100000+N by the protocol (some engines count
            // down from 100000 instead): the distance either way.
            Some(if score.abs() >= 99_000 {
                let n = (score.abs() - 100_000).abs().max(1);
                EngineScore::Mate(if score > 0 { n } else { -n })
            } else {
                EngineScore::Centipawns(score)
            })
        }
    }
}

/// What went wrong, without the kind of fault.
fn fault_reason(fault: &Fault) -> &str {
    match fault {
        Fault::NotStarted(why)
        | Fault::Crashed(why)
        | Fault::Hung(why)
        | Fault::Protocol(why)
        | Fault::Rejected(why)
        | Fault::Refused(why) => why,
    }
}

/// What a synchronising command waits for, as a hang reports it: the
/// reply `expected` to `sent`, sent after `what`, within `wait`.
fn sync_wait(expected: &str, sent: &str, what: &str, wait: Duration) -> String {
    format!(
        "no '{expected}' in reply to '{sent}' (after {what}) within {}s (--start-timeout)",
        seconds_text(wait)
    )
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
        let (child, stdin, lines, stderr) = spawn(&config.command)?;
        let mut player = Player {
            config: config.clone(),
            protocol,
            child,
            stdin,
            lines,
            name: config.command.clone(),
            features: Features::default(),
            uci_options: Vec::new(),
            stderr,
            synced: 0,
            playing: false,
            last_score: None,
            ping_counter: 0,
        };
        let handshake = match protocol {
            Protocol::Uci => player.uci_handshake(wait),
            Protocol::Xboard => player.xboard_handshake(wait),
        };
        match handshake {
            Ok(()) => {
                if let Some(name) = &config.name {
                    player.name = name.clone();
                }
                Ok(player)
            }
            Err(fault) => {
                let fault = player.explained(fault);
                player.kill();
                Err(fault)
            }
        }
    }

    /// `fault` with the engine's exit status and the last lines of its
    /// standard error added, when it has ended or said something there.
    fn explained(&mut self, fault: Fault) -> Fault {
        let ended = matches!(fault, Fault::Crashed(_));
        let mut notes = Vec::new();
        if ended {
            let deadline = Instant::now() + EXIT_WAIT;
            loop {
                let closed = self.stderr.lock().map(|t| t.closed).unwrap_or(true);
                let status = self.child.try_wait().ok().flatten();
                if let Some(status) = status
                    && closed
                {
                    notes.push(match status.code() {
                        Some(code) => format!("exit status {code}"),
                        None => format!("{status}"),
                    });
                    break;
                }
                if Instant::now() >= deadline {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        let said: Vec<String> = self
            .stderr
            .lock()
            .map(|t| t.lines.iter().map(|l| quote(l)).collect())
            .unwrap_or_default();
        if !said.is_empty() {
            notes.push(format!("its stderr: {}", said.join(" | ")));
        }
        if notes.is_empty() {
            return fault;
        }
        let add = |why: String| format!("{why} ({})", notes.join("; "));
        match fault {
            Fault::NotStarted(why) => Fault::NotStarted(add(why)),
            Fault::Crashed(why) => Fault::Crashed(add(why)),
            Fault::Hung(why) => Fault::Hung(add(why)),
            Fault::Protocol(why) => Fault::Protocol(add(why)),
            Fault::Rejected(why) => Fault::Rejected(add(why)),
            Fault::Refused(why) => Fault::Refused(add(why)),
        }
    }

    /// The engine's name (given, or its own).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The protocol it speaks.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The score of its last search, from its own side's point of view.
    pub fn last_score(&self) -> Option<EngineScore> {
        self.last_score
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Crashed(format!("cannot write to the engine: {e}")))
    }

    /// The next line before `deadline`.
    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Fault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Hung(waiting_for.to_string())),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crashed(format!(
                "the engine exited while the runner waited for {waiting_for}"
            ))),
        }
    }

    fn uci_handshake(&mut self, wait: Duration) -> Result<(), Fault> {
        self.send("uci")?;
        let deadline = Instant::now() + wait;
        let waiting_for = format!("'uciok' in reply to 'uci' within {}s", seconds_text(wait));
        let mut noise = 0;
        loop {
            let line = match self.next_line(deadline, &waiting_for) {
                Err(Fault::Hung(why)) => return Err(Fault::Hung(format!("no {why}"))),
                other => other?,
            };
            let line = line.trim();
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            } else if let Some(option) = line.strip_prefix("option name ") {
                let name = option.split(" type ").next().unwrap_or(option);
                self.uci_options.push(name.trim().to_string());
            } else if line == "uciok" {
                break;
            } else if line.starts_with("feature") || line.starts_with("Error") {
                return Err(Fault::Protocol(format!(
                    "not a UCI engine: it answered 'uci' with '{}'",
                    quote(line)
                )));
            } else if !line.is_empty() && !line.starts_with("id ") && !line.starts_with("info") {
                noise += 1;
                if noise > MAX_NOISE_LINES {
                    return Err(Fault::Protocol(format!(
                        "not a UCI engine: no 'uciok' in reply to 'uci' but {noise} other \
                         lines such as '{}'",
                        quote(line)
                    )));
                }
            }
        }
        for (name, value) in self.config.options.clone() {
            if !self
                .uci_options
                .iter()
                .any(|o| o.eq_ignore_ascii_case(&name))
            {
                return Err(Fault::Refused(format!(
                    "option {name}={value}: the engine has no option '{name}'"
                )));
            }
            self.send(&format!("setoption name {name} value {value}"))?;
            self.uci_sync(&format!("option {name}={value}"))?;
        }
        Ok(())
    }

    /// `isready` → `readyok`; an `info string error` before it means the
    /// engine refused what it was just told (`what`).
    fn uci_sync(&mut self, what: &str) -> Result<(), Fault> {
        self.send("isready")?;
        let wait = self.config.start_timeout;
        let deadline = Instant::now() + wait;
        let waiting_for = sync_wait("readyok", "isready", what, wait);
        let mut refusal = None;
        loop {
            let line = self.next_line(deadline, &waiting_for)?;
            let line = line.trim();
            if line == "readyok" {
                break;
            }
            let lower = line.to_ascii_lowercase();
            if refusal.is_none()
                && (lower.starts_with("info string error")
                    || lower.starts_with("no such option")
                    || lower.starts_with("error"))
            {
                refusal = Some(quote(line));
            }
        }
        match refusal {
            Some(line) => Err(Fault::Refused(format!("{what}: '{line}'"))),
            None => Ok(()),
        }
    }

    fn xboard_handshake(&mut self, wait: Duration) -> Result<(), Fault> {
        self.send("xboard")?;
        self.send("protover 2")?;
        // An engine gets two seconds to start sending features; `done=0`
        // gives it the whole start timeout to send `done=1`.
        let started = Instant::now();
        let mut deadline = started + FEATURE_TIME.min(wait);
        let mut features = 0;
        let mut noise = 0;
        loop {
            let line = match self.next_line(deadline, "'feature done=1'") {
                Ok(line) => line,
                // Features without `done`: the protocol's two seconds.
                Err(Fault::Hung(_)) if features > 0 => break,
                Err(Fault::Hung(_)) => {
                    return Err(Fault::Hung(format!(
                        "no 'feature' line in reply to 'protover 2' within {:.1}s",
                        started.elapsed().as_secs_f64()
                    )));
                }
                Err(fault) => return Err(fault),
            };
            let line = line.trim();
            let Some(rest) = line.strip_prefix("feature ") else {
                if !line.is_empty() && !line.starts_with('#') {
                    noise += 1;
                }
                if noise > MAX_NOISE_LINES {
                    return Err(Fault::Protocol(format!(
                        "not an XBoard engine: no 'feature' lines in reply to 'protover 2' but \
                         {noise} other lines such as '{}'",
                        quote(line)
                    )));
                }
                continue;
            };
            features += 1;
            let mut done = false;
            for (key, value) in parse_features(rest) {
                let on = value == "1";
                match key.as_str() {
                    "setboard" => self.features.setboard = on,
                    "usermove" => self.features.usermove = on,
                    "ping" => self.features.ping = on,
                    "myname" => self.name = value.clone(),
                    "variants" => {
                        self.features.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    "option" => {
                        let name = value.split(" -").next().unwrap_or(&value);
                        self.features.options.push(name.trim().to_string());
                    }
                    "done" if on => done = true,
                    "done" => deadline = Instant::now() + wait,
                    _ => {}
                }
                if key != "done" {
                    self.send(&format!("accepted {key}"))?;
                }
            }
            if done {
                break;
            }
            if deadline < Instant::now() + FEATURE_TIME {
                deadline = Instant::now() + FEATURE_TIME.min(wait);
            }
        }
        for (name, value) in self.config.options.clone() {
            if !self.features.options.contains(&name) {
                return Err(Fault::Refused(format!(
                    "option {name}={value}: the engine has no option '{name}'"
                )));
            }
            self.send(&format!("option {name}={value}"))?;
            self.xboard_sync(&format!("option {name}={value}"))?;
        }
        Ok(())
    }

    /// `ping` → `pong` (when the engine has `ping`); an `Error` reply before
    /// it means the engine refused what it was just told (`what`).
    fn xboard_sync(&mut self, what: &str) -> Result<(), Fault> {
        if !self.features.ping {
            return Ok(());
        }
        self.ping_counter += 1;
        let token = self.ping_counter;
        self.send(&format!("ping {token}"))?;
        let expected = format!("pong {token}");
        let wait = self.config.start_timeout;
        let deadline = Instant::now() + wait;
        let waiting_for = sync_wait(&expected, &format!("ping {token}"), what, wait);
        let mut refusal = None;
        loop {
            let line = self.next_line(deadline, &waiting_for)?;
            let line = line.trim();
            if line == expected {
                break;
            }
            if refusal.is_none() && (line.starts_with("Error") || line.starts_with("Illegal")) {
                refusal = Some(quote(line));
            }
        }
        match refusal {
            Some(line) => Err(Fault::Refused(format!("{what}: '{line}'"))),
            None => Ok(()),
        }
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
        self.synced = 0;
        self.last_score = None;
        match self.protocol {
            Protocol::Uci => {
                if variant != Variant::Chess {
                    self.send(&format!(
                        "setoption name UCI_Variant value {}",
                        variant.name()
                    ))?;
                }
                self.send("ucinewgame")?;
                self.uci_sync(&format!("the game {}", variant.name()))
            }
            Protocol::Xboard => {
                let name = variant.spec().xboard_name;
                if let Some(variants) = &self.features.variants
                    && !variants.iter().any(|v| v == name)
                {
                    return Err(Fault::Protocol(format!("the engine does not play {name}")));
                }
                self.send("new")?;
                // No pondering: the runner's games are timed per engine.
                self.send("easy")?;
                if variant != Variant::Chess {
                    self.send(&format!("variant {name}"))?;
                }
                self.send("force")?;
                if let Some(fen) = fen {
                    if !self.features.setboard {
                        return Err(Fault::Protocol(
                            "the engine has no setboard, so it can only start from the game's \
                             start position"
                                .into(),
                        ));
                    }
                    self.send(&format!("setboard {fen}"))?;
                }
                self.send_time_control(time_control)?;
                self.send("post")?;
                self.xboard_sync(&format!("the game {name} or its start position"))
            }
        }
    }

    /// Prepares a new ChessWar game from the start state the engine's
    /// options describe, with the dice rolled by the runner (`ChessWar
    /// Dice` set to `gui` where the engine has that option).
    /// `setup` are the set-up options (races, armies ...) the runner's
    /// referee starts from too.
    pub fn new_chesswar_game(
        &mut self,
        time_control: TimeControl,
        setup: &[(String, String)],
    ) -> Result<(), Fault> {
        let prepared = self.prepare_chesswar(time_control, setup);
        prepared.map_err(|fault| self.explained(fault))
    }

    fn prepare_chesswar(
        &mut self,
        time_control: TimeControl,
        setup: &[(String, String)],
    ) -> Result<(), Fault> {
        const NAME: &str = crate::chesswar::NAME;
        const DICE: &str = "ChessWar Dice";
        self.synced = 0;
        self.playing = false;
        self.last_score = None;
        match self.protocol {
            Protocol::Uci => {
                self.send(&format!("setoption name UCI_Variant value {NAME}"))?;
                if self
                    .uci_options
                    .iter()
                    .any(|o| o.eq_ignore_ascii_case(DICE))
                {
                    self.send(&format!("setoption name {DICE} value gui"))?;
                }
                for (name, value) in setup {
                    self.send(&format!("setoption name {name} value {value}"))?;
                }
                self.send("ucinewgame")?;
                self.uci_sync(&format!("the game {NAME}"))
            }
            Protocol::Xboard => {
                if let Some(variants) = &self.features.variants
                    && !variants.iter().any(|v| v == NAME)
                {
                    return Err(Fault::Protocol(format!("the engine does not play {NAME}")));
                }
                self.send("new")?;
                self.send("easy")?;
                if self.features.options.iter().any(|o| o == DICE) {
                    self.send(&format!("option {DICE}=gui"))?;
                }
                for (name, value) in setup {
                    self.send(&format!("option {name}={value}"))?;
                }
                // The set-up takes effect with `variant`.
                self.send(&format!("variant {NAME}"))?;
                self.send("force")?;
                self.send_time_control(time_control)?;
                self.send("post")?;
                self.xboard_sync(&format!("the game {NAME}"))
            }
        }
    }

    /// XBoard: `level` or `st`.
    fn send_time_control(&mut self, time_control: TimeControl) -> Result<(), Fault> {
        match time_control {
            TimeControl::Increment { base, increment } => {
                let secs = base.as_secs();
                self.send(&format!(
                    "level 0 {}:{:02} {}",
                    secs / 60,
                    secs % 60,
                    seconds_text(increment)
                ))
            }
            TimeControl::PerMove(t) => self.send(&format!("st {}", seconds_text(t))),
            TimeControl::Nodes(n) => {
                self.send("st 1")?;
                self.send(&format!("nps {n}"))
            }
        }
    }

    /// Asks for the next ChessWar token after `tokens` (from the start),
    /// where `side` decides, with `clock`; waits until `deadline` at most.
    /// Under XBoard an engine plays on by itself while the decisions are
    /// its side's, so it is told `force`, the tokens it lacks and `go`
    /// only when it is not already doing that.
    pub fn think_chesswar(
        &mut self,
        tokens: &[String],
        side: Color,
        clock: Clock,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        self.last_score = None;
        let reply = match self.protocol {
            Protocol::Uci => self.uci_think(None, tokens, clock, deadline),
            Protocol::Xboard => {
                if self.playing && self.synced == tokens.len() {
                    self.xboard_wait_move(deadline)
                } else {
                    self.xboard_think(tokens, side, clock, deadline)
                }
            }
        };
        reply.map_err(|fault| self.explained(fault))
    }

    /// Asks for a move in the game `fen` (None: the start) + `moves`, where
    /// `side_to_move` is to play, with `clock`; waits until `deadline` at
    /// most.
    pub fn think(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
        side_to_move: Color,
        clock: Clock,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        self.last_score = None;
        let reply = match self.protocol {
            Protocol::Uci => self.uci_think(fen, moves, clock, deadline),
            Protocol::Xboard => self.xboard_think(moves, side_to_move, clock, deadline),
        };
        reply.map_err(|fault| self.explained(fault))
    }

    fn uci_think(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
        clock: Clock,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        let mut position = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        let go = match clock {
            Clock::Running {
                remaining,
                increment,
            } => format!(
                "go wtime {} btime {} winc {} binc {}",
                remaining[0].as_millis(),
                remaining[1].as_millis(),
                increment.as_millis(),
                increment.as_millis()
            ),
            Clock::PerMove(t) => format!("go movetime {}", t.as_millis()),
            Clock::Nodes(n) => format!("go nodes {n}"),
        };
        self.send(&go)?;
        loop {
            let line = self.next_line(deadline, "bestmove")?;
            if let Some(score) = parse_score(Protocol::Uci, &line) {
                self.last_score = Some(score);
            }
            let mut tokens = line.split_whitespace();
            if tokens.next() == Some("bestmove") {
                return match tokens.next() {
                    Some(m) => Ok(Reply::Move(m.to_string())),
                    None => Err(Fault::Protocol("bestmove without a move".into())),
                };
            }
        }
    }

    fn xboard_think(
        &mut self,
        moves: &[String],
        side_to_move: Color,
        clock: Clock,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        self.send("force")?;
        self.playing = false;
        for m in &moves[self.synced.min(moves.len())..] {
            if self.features.usermove {
                self.send(&format!("usermove {m}"))?;
            } else {
                self.send(m)?;
            }
        }
        self.synced = moves.len();
        if let Clock::Running { remaining, .. } = clock {
            let own = side_to_move.index();
            let centis = |d: Duration| d.as_millis() / 10;
            let (own_time, other_time) = (remaining[own], remaining[1 - own]);
            self.send(&format!("time {}", centis(own_time)))?;
            self.send(&format!("otim {}", centis(other_time)))?;
        }
        self.send("go")?;
        self.playing = true;
        self.xboard_wait_move(deadline)
    }

    /// XBoard: the engine's next `move` (or resignation).
    fn xboard_wait_move(&mut self, deadline: Instant) -> Result<Reply, Fault> {
        loop {
            let line = self.next_line(deadline, "move")?;
            let trimmed = line.trim();
            if let Some(score) = parse_score(Protocol::Xboard, trimmed) {
                self.last_score = Some(score);
                continue;
            }
            if let Some(m) = trimmed.strip_prefix("move ") {
                self.synced += 1;
                return Ok(Reply::Move(m.trim().to_string()));
            }
            if trimmed == "resign" || trimmed == "tellics resign" {
                return Ok(Reply::Resign);
            }
            if trimmed.starts_with("Illegal move") {
                return Err(Fault::Rejected(trimmed.to_string()));
            }
        }
    }

    /// Ends the process, politely first.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Ends the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
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

    #[test]
    fn features_with_quotes() {
        let pairs = parse_features(
            r#"myname="Fairy-Max 5.0b" setboard=1 variants="normal,wadchess" done=1"#,
        );
        assert_eq!(pairs[0], ("myname".into(), "Fairy-Max 5.0b".into()));
        assert_eq!(pairs[1], ("setboard".into(), "1".into()));
        assert_eq!(pairs[2], ("variants".into(), "normal,wadchess".into()));
        assert_eq!(pairs[3], ("done".into(), "1".into()));
    }

    #[test]
    fn scores_of_both_protocols() {
        assert_eq!(
            parse_score(Protocol::Uci, "info depth 5 score cp -31 nodes 100 pv e2e4"),
            Some(EngineScore::Centipawns(-31))
        );
        assert_eq!(
            parse_score(Protocol::Uci, "info depth 9 score mate -2 pv e2e4"),
            Some(EngineScore::Mate(-2))
        );
        assert_eq!(
            parse_score(Protocol::Uci, "info depth 9 score cp 5 lowerbound"),
            None
        );
        assert_eq!(
            parse_score(Protocol::Xboard, "7 -45 120 34567 e2e4 e7e5"),
            Some(EngineScore::Centipawns(-45))
        );
        assert_eq!(
            parse_score(Protocol::Xboard, "12 100003 120 34567 e2e4"),
            Some(EngineScore::Mate(3))
        );
        assert_eq!(parse_score(Protocol::Xboard, "move e2e4"), None);
    }
}
