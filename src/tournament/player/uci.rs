//! The UCI side of a player: the handshake (`uci` → `uciok`, then the
//! options), `isready` → `readyok`, a new game, and `position` with `go`
//! → `bestmove`.

use std::time::{Duration, Instant};

use crate::rules::Variant;

use super::clock::{Clock, seconds_text};
use super::process::{Fault, MAX_NOISE_LINES, Process, quote, sync_wait};
use super::reply::{EngineScore, Reply, Thought};

/// What a UCI engine told of itself, and how long it may take to answer.
pub struct Uci {
    /// The names of the options the engine declared.
    pub options: Vec<String>,
    /// How long each `isready` may wait for `readyok` (the start
    /// timeout).
    sync_time: Duration,
}

impl Uci {
    /// Sends `uci` and reads the engine's name and options until `uciok`
    /// (within `wait`), then sets `options`, each followed by `isready`
    /// (within `sync_time`). Returns the dialect and the name the engine
    /// gave, if any.
    pub fn handshake(
        io: &mut Process,
        options: &[(String, String)],
        wait: Duration,
        sync_time: Duration,
    ) -> Result<(Uci, Option<String>), Fault> {
        let mut uci = Uci {
            options: Vec::new(),
            sync_time,
        };
        let mut name = None;
        io.send("uci")?;
        let deadline = Instant::now() + wait;
        let waiting_for = format!("'uciok' in reply to 'uci' within {}s", seconds_text(wait));
        let mut noise = 0;
        loop {
            let line = match io.next_line(deadline, &waiting_for) {
                Err(Fault::Hung(why)) => return Err(Fault::Hung(format!("no {why}"))),
                other => other?,
            };
            let line = line.trim();
            if let Some(own) = line.strip_prefix("id name ") {
                name = Some(own.trim().to_string());
            } else if let Some(option) = line.strip_prefix("option name ") {
                let declared = option.split(" type ").next().unwrap_or(option);
                uci.options.push(declared.trim().to_string());
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
        for (name, value) in options {
            if !uci.options.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                return Err(Fault::Refused(format!(
                    "option {name}={value}: the engine has no option '{name}'"
                )));
            }
            io.send(&format!("setoption name {name} value {value}"))?;
            uci.sync(io, &format!("option {name}={value}"))?;
        }
        Ok((uci, name))
    }

    /// `isready` → `readyok`; an `info string error` before it means the
    /// engine refused what it was just told (`what`).
    pub fn sync(&self, io: &mut Process, what: &str) -> Result<(), Fault> {
        io.send("isready")?;
        let wait = self.sync_time;
        let deadline = Instant::now() + wait;
        let waiting_for = sync_wait("readyok", "isready", what, wait);
        let mut refusal = None;
        loop {
            let line = io.next_line(deadline, &waiting_for)?;
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

    /// Prepares a new game of `variant` (`UCI_Variant` unless it is chess,
    /// then `ucinewgame`). The start position and the time control go
    /// with each `go`.
    pub fn new_game(&self, io: &mut Process, variant: Variant) -> Result<(), Fault> {
        if variant != Variant::default() {
            io.send(&format!(
                "setoption name UCI_Variant value {}",
                variant.name()
            ))?;
        }
        io.send("ucinewgame")?;
        self.sync(io, &format!("the game {}", variant.name()))
    }

    /// Sends the game `fen` (None: the start) + `moves` and `go` with
    /// `clock`, and waits until `deadline` at most for `bestmove`; the
    /// scores and depths of the `info` lines on the way go to `thought`.
    pub fn think(
        &self,
        io: &mut Process,
        fen: Option<&str>,
        moves: &[String],
        clock: Clock,
        deadline: Instant,
        thought: &mut Option<Thought>,
    ) -> Result<Reply, Fault> {
        let mut position = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        io.send(&position)?;
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
        io.send(&go)?;
        loop {
            let line = io.next_line(deadline, "bestmove")?;
            if let Some(reported) = parse_thought(&line) {
                *thought = Some(reported);
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
}

/// Reads the score and depth of a UCI `info` line (none for a line
/// without an exact score).
fn parse_thought(line: &str) -> Option<Thought> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
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
    let score = match *tokens.get(at + 1)? {
        "cp" => EngineScore::Centipawns(value),
        "mate" => EngineScore::Mate(value),
        _ => return None,
    };
    let depth = tokens
        .iter()
        .position(|t| *t == "depth")
        .and_then(|at| tokens.get(at + 1)?.parse().ok());
    Some(Thought { score, depth })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_of_info_lines() {
        assert_eq!(
            parse_thought("info depth 5 score cp -31 nodes 100 pv e2e4"),
            Some(Thought {
                score: EngineScore::Centipawns(-31),
                depth: Some(5)
            })
        );
        assert_eq!(
            parse_thought("info depth 9 score mate -2 pv e2e4"),
            Some(Thought {
                score: EngineScore::Mate(-2),
                depth: Some(9)
            })
        );
        assert_eq!(
            parse_thought("info score cp 12 nodes 100"),
            Some(Thought {
                score: EngineScore::Centipawns(12),
                depth: None
            })
        );
        assert_eq!(parse_thought("info depth 9 score cp 5 lowerbound"), None);
    }
}
