//! An engine in a child process, spoken to over UCI or XBoard by the match
//! runner. Every wait has a deadline; an engine that dies, hangs or breaks
//! the protocol is reported as a [`Fault`] and the caller restarts it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
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
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::NotStarted(why) => write!(f, "cannot start: {why}"),
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            Fault::Hung(why) => write!(f, "no answer: {why}"),
            Fault::Protocol(why) => write!(f, "protocol error: {why}"),
            Fault::Rejected(why) => write!(f, "rejected a legal move: {why}"),
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
}

/// What an XBoard engine said about itself in its `feature` lines.
#[derive(Clone, Debug, Default)]
struct Features {
    setboard: bool,
    usermove: bool,
    ping: bool,
    variants: Option<Vec<String>>,
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
    /// XBoard: how many moves of the current game the engine has been sent.
    synced: usize,
    /// The last score reported during the last search.
    last_score: Option<EngineScore>,
    ping_counter: u32,
}

/// How long a handshake, `isready` or `ping` may take.
const HANDSHAKE_TIME: Duration = Duration::from_secs(10);
/// How long an engine that may be UCI gets to say `uciok` before the
/// runner tries XBoard instead.
const DETECT_TIME: Duration = Duration::from_secs(3);

fn spawn(command: &str) -> Result<(Child, ChildStdin, Receiver<String>), Fault> {
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
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Fault::NotStarted(format!("'{command}': {e}")))?;
    let stdin = child.stdin.take().expect("stdin was piped");
    let stdout = child.stdout.take().expect("stdout was piped");
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
    Ok((child, stdin, rx))
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
    /// Starts the engine and completes the protocol handshake.
    pub fn start(config: &EngineConfig) -> Result<Player, Fault> {
        match config.protocol {
            Some(protocol) => Player::start_as(config, protocol, HANDSHAKE_TIME),
            None => match Player::start_as(config, Protocol::Uci, DETECT_TIME) {
                Ok(player) => Ok(player),
                Err(fault @ Fault::NotStarted(_)) => Err(fault),
                Err(_) => Player::start_as(config, Protocol::Xboard, HANDSHAKE_TIME),
            },
        }
    }

    fn start_as(
        config: &EngineConfig,
        protocol: Protocol,
        wait: Duration,
    ) -> Result<Player, Fault> {
        let (child, stdin, lines) = spawn(&config.command)?;
        let mut player = Player {
            config: config.clone(),
            protocol,
            child,
            stdin,
            lines,
            name: config.command.clone(),
            features: Features::default(),
            synced: 0,
            last_score: None,
            ping_counter: 0,
        };
        let handshake = match protocol {
            Protocol::Uci => player.uci_handshake(wait),
            Protocol::Xboard => player.xboard_handshake(),
        };
        match handshake {
            Ok(()) => {
                if let Some(name) = &config.name {
                    player.name = name.clone();
                }
                Ok(player)
            }
            Err(fault) => {
                player.kill();
                Err(fault)
            }
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
        loop {
            let line = self.next_line(deadline, "uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            } else if line.trim() == "uciok" {
                break;
            } else if line.starts_with("feature") || line.starts_with("Error") {
                return Err(Fault::Protocol("not a UCI engine".into()));
            }
        }
        for (name, value) in self.config.options.clone() {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.uci_sync()
    }

    fn uci_sync(&mut self) -> Result<(), Fault> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIME;
        while self.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    fn xboard_handshake(&mut self) -> Result<(), Fault> {
        self.send("xboard")?;
        self.send("protover 2")?;
        // Without `done=0` an engine gets two seconds to send its features.
        let mut deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let line = match self.next_line(deadline, "feature done=1") {
                Ok(line) => line,
                Err(Fault::Hung(_)) => break,
                Err(fault) => return Err(fault),
            };
            let Some(rest) = line.strip_prefix("feature ") else {
                continue;
            };
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
                    "done" if on => done = true,
                    "done" => deadline = Instant::now() + HANDSHAKE_TIME,
                    _ => {}
                }
                if key != "done" {
                    self.send(&format!("accepted {key}"))?;
                }
            }
            if done {
                break;
            }
        }
        for (name, value) in self.config.options.clone() {
            self.send(&format!("option {name}={value}"))?;
        }
        self.xboard_sync()
    }

    fn xboard_sync(&mut self) -> Result<(), Fault> {
        if !self.features.ping {
            return Ok(());
        }
        self.ping_counter += 1;
        let token = self.ping_counter;
        self.send(&format!("ping {token}"))?;
        let expected = format!("pong {token}");
        let deadline = Instant::now() + HANDSHAKE_TIME;
        while self.next_line(deadline, &expected)?.trim() != expected {}
        Ok(())
    }

    /// Prepares a new game: the variant, the start position (`fen`, or the
    /// game's own start when `None`) and the time control.
    pub fn new_game(
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
                self.uci_sync()
            }
            Protocol::Xboard => {
                let name = match variant {
                    Variant::Chess => "normal",
                    other => other.name(),
                };
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
                match time_control {
                    TimeControl::Increment { base, increment } => {
                        let secs = base.as_secs();
                        self.send(&format!(
                            "level 0 {}:{:02} {}",
                            secs / 60,
                            secs % 60,
                            seconds_text(increment)
                        ))?;
                    }
                    TimeControl::PerMove(t) => self.send(&format!("st {}", seconds_text(t)))?,
                }
                self.send("post")?;
                self.xboard_sync()
            }
        }
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
        match self.protocol {
            Protocol::Uci => self.uci_think(fen, moves, clock, deadline),
            Protocol::Xboard => self.xboard_think(moves, side_to_move, clock, deadline),
        }
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
