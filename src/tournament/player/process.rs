//! An engine's process: started by the shell, spoken to over its
//! standard input and output, its standard error kept to explain a
//! failure; and the faults both protocols report.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::clock::seconds_text;

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

/// What went wrong, without the kind of fault.
pub fn fault_reason(fault: &Fault) -> &str {
    match fault {
        Fault::NotStarted(why)
        | Fault::Crashed(why)
        | Fault::Hung(why)
        | Fault::Protocol(why)
        | Fault::Rejected(why)
        | Fault::Refused(why) => why,
    }
}

/// The last lines an engine wrote to its standard error, kept to explain
/// why it failed.
#[derive(Debug, Default)]
struct StderrTail {
    lines: VecDeque<String>,
    /// Whether the engine closed its standard error (it has ended).
    closed: bool,
}

/// How many lines an engine may print that its protocol does not know
/// before it answers the handshake: a banner is fine, a flood is not.
pub const MAX_NOISE_LINES: usize = 100;
/// How many lines of an engine's standard error a failure report shows.
const STDERR_LINES: usize = 3;
/// How many characters of an engine's line an error message quotes.
const QUOTE_CHARS: usize = 120;
/// How long to wait for an engine that closed its output to exit, so that
/// its exit status and last words can be reported.
const EXIT_WAIT: Duration = Duration::from_millis(300);

/// `line` shortened for an error message.
pub fn quote(line: &str) -> String {
    let line = line.trim();
    match line.char_indices().nth(QUOTE_CHARS) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line.to_string(),
    }
}

/// What a synchronising command waits for, as a hang reports it: the
/// reply `expected` to `sent`, sent after `what`, within `wait`.
pub fn sync_wait(expected: &str, sent: &str, what: &str, wait: Duration) -> String {
    format!(
        "no '{expected}' in reply to '{sent}' (after {what}) within {}s (--start-timeout)",
        seconds_text(wait)
    )
}

/// A running engine process: its input, its output lines, the tail of its
/// standard error.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<StderrTail>>,
}

impl Process {
    /// Starts `command` (run by the shell, so it may carry arguments) with
    /// its input, output and standard error piped.
    pub fn spawn(command: &str) -> Result<Process, Fault> {
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
        Ok(Process {
            child,
            stdin,
            lines: rx,
            stderr: tail,
        })
    }

    /// Sends `line` to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Crashed(format!("cannot write to the engine: {e}")))
    }

    /// The next line before `deadline`.
    pub fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Fault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Hung(waiting_for.to_string())),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crashed(format!(
                "the engine exited while the runner waited for {waiting_for}"
            ))),
        }
    }

    /// `fault` with the engine's exit status and the last lines of its
    /// standard error added, when it has ended or said something there.
    pub fn explained(&mut self, fault: Fault) -> Fault {
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

    /// Ends the process, politely first.
    pub fn quit(&mut self) {
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
