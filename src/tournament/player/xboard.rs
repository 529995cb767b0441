//! The XBoard side of a player: the handshake (`xboard`, `protover 2` →
//! `feature` lines, then the options), `ping` → `pong`, a new game with
//! its variant, start position and time control, and the moves sent one
//! by one with `go` → `move`.

use std::time::{Duration, Instant};

use crate::rules::{Color, Variant};

use super::clock::{Clock, TimeControl, seconds_text};
use super::process::{Fault, MAX_NOISE_LINES, Process, quote, sync_wait};
use super::reply::{EngineScore, Reply, Thought};

/// How long an XBoard engine gets to send its first `feature` line after
/// `protover 2` (the protocol's two seconds), and to send `done=1` after
/// its last feature line when it never sends `done`.
const FEATURE_TIME: Duration = Duration::from_secs(2);

/// What an XBoard engine said about itself in its `feature` lines.
#[derive(Clone, Debug, Default)]
pub struct Features {
    setboard: bool,
    usermove: bool,
    ping: bool,
    /// The variants it plays, if it said.
    pub variants: Option<Vec<String>>,
    /// The names of the options it declared.
    pub options: Vec<String>,
}

/// What an XBoard engine told of itself, and what it has been told of
/// the game under way.
pub struct Xboard {
    /// Its `feature` lines.
    pub features: Features,
    /// How many moves of the current game the engine has been sent.
    pub synced: usize,
    /// ChessWar: whether the engine was told `go` and not `force` since,
    /// so that it plays on by itself while the decisions are its side's.
    pub playing: bool,
    ping_counter: u32,
    /// How long each `ping` may wait for its `pong` (the start timeout).
    sync_time: Duration,
}

impl Xboard {
    /// Sends `xboard` and `protover 2` and reads the engine's `feature`
    /// lines (accepting each) until `done=1`, within `wait` (see
    /// [`FEATURE_TIME`]), then sets `options`, each followed by a `ping`
    /// (within `sync_time`). Returns the dialect and the name the engine
    /// gave, if any.
    pub fn handshake(
        io: &mut Process,
        options: &[(String, String)],
        wait: Duration,
        sync_time: Duration,
    ) -> Result<(Xboard, Option<String>), Fault> {
        let mut xboard = Xboard {
            features: Features::default(),
            synced: 0,
            playing: false,
            ping_counter: 0,
            sync_time,
        };
        let mut name = None;
        io.send("xboard")?;
        io.send("protover 2")?;
        // An engine gets two seconds to start sending features; `done=0`
        // gives it the whole start timeout to send `done=1`.
        let started = Instant::now();
        let mut deadline = started + FEATURE_TIME.min(wait);
        let mut features = 0;
        let mut noise = 0;
        loop {
            let line = match io.next_line(deadline, "'feature done=1'") {
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
                let told = &mut xboard.features;
                match key.as_str() {
                    "setboard" => told.setboard = on,
                    "usermove" => told.usermove = on,
                    "ping" => told.ping = on,
                    "myname" => name = Some(value.clone()),
                    "variants" => {
                        told.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    "option" => {
                        let declared = value.split(" -").next().unwrap_or(&value);
                        told.options.push(declared.trim().to_string());
                    }
                    "done" if on => done = true,
                    "done" => deadline = Instant::now() + wait,
                    _ => {}
                }
                if key != "done" {
                    io.send(&format!("accepted {key}"))?;
                }
            }
            if done {
                break;
            }
            if deadline < Instant::now() + FEATURE_TIME {
                deadline = Instant::now() + FEATURE_TIME.min(wait);
            }
        }
        for (name, value) in options {
            if !xboard.features.options.contains(name) {
                return Err(Fault::Refused(format!(
                    "option {name}={value}: the engine has no option '{name}'"
                )));
            }
            io.send(&format!("option {name}={value}"))?;
            xboard.sync(io, &format!("option {name}={value}"))?;
        }
        Ok((xboard, name))
    }

    /// `ping` → `pong` (when the engine has `ping`); an `Error` reply before
    /// it means the engine refused what it was just told (`what`).
    pub fn sync(&mut self, io: &mut Process, what: &str) -> Result<(), Fault> {
        if !self.features.ping {
            return Ok(());
        }
        self.ping_counter += 1;
        let token = self.ping_counter;
        io.send(&format!("ping {token}"))?;
        let expected = format!("pong {token}");
        let wait = self.sync_time;
        let deadline = Instant::now() + wait;
        let waiting_for = sync_wait(&expected, &format!("ping {token}"), what, wait);
        let mut refusal = None;
        loop {
            let line = io.next_line(deadline, &waiting_for)?;
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
        io: &mut Process,
        variant: Variant,
        fen: Option<&str>,
        time_control: TimeControl,
    ) -> Result<(), Fault> {
        self.synced = 0;
        self.playing = false;
        let name = variant.spec().xboard_name;
        if let Some(variants) = &self.features.variants
            && !variants.iter().any(|v| v == name)
        {
            return Err(Fault::Protocol(format!("the engine does not play {name}")));
        }
        io.send("new")?;
        // No pondering: the runner's games are timed per engine.
        io.send("easy")?;
        if variant != Variant::default() {
            io.send(&format!("variant {name}"))?;
        }
        io.send("force")?;
        if let Some(fen) = fen {
            if !self.features.setboard {
                return Err(Fault::Protocol(
                    "the engine has no setboard, so it can only start from the game's \
                     start position"
                        .into(),
                ));
            }
            io.send(&format!("setboard {fen}"))?;
        }
        send_time_control(io, time_control)?;
        io.send("post")?;
        self.sync(io, &format!("the game {name} or its start position"))
    }

    /// Sends the moves the engine lacks after `force`, the clocks of a
    /// running clock (`side_to_move`'s first) and `go`, and waits until
    /// `deadline` at most for the engine's move; the scores and depths of
    /// its thinking lines go to `thought`. An engine already playing on with
    /// every move sent (in ChessWar a side makes several decisions in a
    /// row) is only waited for.
    pub fn think(
        &mut self,
        io: &mut Process,
        moves: &[String],
        side_to_move: Color,
        clock: Clock,
        deadline: Instant,
        thought: &mut Option<Thought>,
    ) -> Result<Reply, Fault> {
        if self.playing && self.synced == moves.len() {
            return self.wait_move(io, deadline, thought);
        }
        io.send("force")?;
        self.playing = false;
        for m in &moves[self.synced.min(moves.len())..] {
            if self.features.usermove {
                io.send(&format!("usermove {m}"))?;
            } else {
                io.send(m)?;
            }
        }
        self.synced = moves.len();
        if let Clock::Running { remaining, .. } = clock {
            let own = side_to_move.index();
            let centis = |d: Duration| d.as_millis() / 10;
            let (own_time, other_time) = (remaining[own], remaining[1 - own]);
            io.send(&format!("time {}", centis(own_time)))?;
            io.send(&format!("otim {}", centis(other_time)))?;
        }
        io.send("go")?;
        self.playing = true;
        self.wait_move(io, deadline, thought)
    }

    /// The engine's next `move` (or resignation), before `deadline`; the
    /// scores and depths of its thinking lines go to `thought`.
    pub fn wait_move(
        &mut self,
        io: &mut Process,
        deadline: Instant,
        thought: &mut Option<Thought>,
    ) -> Result<Reply, Fault> {
        loop {
            let line = io.next_line(deadline, "move")?;
            let trimmed = line.trim();
            if let Some(reported) = parse_thought(trimmed) {
                *thought = Some(reported);
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
}

/// `level` or `st` (and `nps` for a number of nodes).
pub fn send_time_control(io: &mut Process, time_control: TimeControl) -> Result<(), Fault> {
    match time_control {
        TimeControl::Increment { base, increment } => {
            let secs = base.as_secs();
            io.send(&format!(
                "level 0 {}:{:02} {}",
                secs / 60,
                secs % 60,
                seconds_text(increment)
            ))
        }
        TimeControl::PerMove(t) => io.send(&format!("st {}", seconds_text(t))),
        TimeControl::Nodes(n) => {
            io.send("st 1")?;
            io.send(&format!("nps {n}"))
        }
    }
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

/// Reads the score and depth of an XBoard thinking line.
fn parse_thought(line: &str) -> Option<Thought> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    // depth score time nodes pv...; depth may end in a `.` or `&`.
    let depth = tokens.first()?.trim_end_matches(['.', '&']);
    let depth = depth.parse::<u32>().ok()?;
    let score: i32 = tokens.get(1)?.parse().ok()?;
    tokens.get(3)?.parse::<u64>().ok()?;
    // Mate in N is 100000+N by the protocol (some engines count
    // down from 100000 instead): the distance either way.
    let score = if score.abs() >= 99_000 {
        let n = (score.abs() - 100_000).abs().max(1);
        EngineScore::Mate(if score > 0 { n } else { -n })
    } else {
        EngineScore::Centipawns(score)
    };
    Some(Thought {
        score,
        depth: Some(depth),
    })
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
    fn scores_of_thinking_lines() {
        let thought = |score, depth| Some(Thought { score, depth });
        assert_eq!(
            parse_thought("7 -45 120 34567 e2e4 e7e5"),
            thought(EngineScore::Centipawns(-45), Some(7))
        );
        assert_eq!(
            parse_thought("12. 100003 120 34567 e2e4"),
            thought(EngineScore::Mate(3), Some(12))
        );
        assert_eq!(parse_thought("move e2e4"), None);
    }
}
