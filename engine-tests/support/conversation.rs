//! One driver for conversations with the `motley` binary over its standard
//! input and output, shared by the UCI and XBoard suites: a child process,
//! its output read line by line with a time limit on every wait (so that a
//! hung engine fails its test instead of hanging it), every line checked
//! by the protocol's [`Dialect`], and the transcript files both suites
//! keep.
//!
//! # Transcript format
//!
//! One directive per line; blank lines and lines starting with `#` are
//! skipped. Patterns are globs over the whole line: `*` matches any run of
//! characters, everything else matches itself.
//!
//! | directive | meaning |
//! |---|---|
//! | `> TEXT` | send `TEXT` (a lone `>` sends an empty line; `\t`, `\r`, `\s` and `\\` are escapes) |
//! | `< GLOB` | the next line printed matches |
//! | `<~ GLOB` | a later line matches; only search progress (the dialect says what that is) may come first |
//! | `<~~ GLOB` | a later line matches; anything may come first |
//! | `<! GLOB` | no line matching appears for half a second |
//! | `sleep MS` | wait |
//! | `within SECONDS` | time limit for the waits that follow (default 15 s) |
//! | `close` | close the engine's standard input |
//! | `exit CODE` | the process ends with this status (the time limit applies) |
//!
//! A suite may add directives of its own ([`run_transcript`]'s `extra`).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ExitStatus};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::binary;

/// How long the engine may stay silent before a test gives up on it.
/// Generous: CI machines are slow and shared.
pub const TIMEOUT: Duration = Duration::from_secs(15);
/// How long `<!` (and the "nothing more" checks) listen.
pub const QUIET: Duration = Duration::from_millis(500);

/// What a protocol allows the engine to say, and what it counts as
/// search progress.
pub trait Dialect {
    /// Notes a line sent to the engine (some replies are allowed only
    /// after some commands).
    fn sent(&mut self, _line: &str) {}
    /// Whether `line` is something the engine may say now (`Err`: why
    /// not).
    fn check(&mut self, line: &str) -> Result<(), String>;
    /// Whether `line` reports the progress of a search, which `<~` may
    /// skip.
    fn is_progress(&self, line: &str) -> bool;
}

/// Whole-line glob match: `*` matches any run of characters.
pub fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if pi < p.len() && p[pi] == t[ti] {
            pi += 1;
            ti += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// A running engine and the conversation so far.
pub struct Conversation<D: Dialect> {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    log: Vec<String>,
    /// Where in a transcript we are, for failure messages.
    pub at: String,
    /// Whether standard output has ended.
    closed: bool,
    /// Time limit for waits.
    pub timeout: Duration,
    /// The protocol's rules and what it remembers of the conversation.
    pub dialect: D,
}

impl<D: Dialect> Conversation<D> {
    /// Starts the binary with `args`; `name` heads failure messages.
    pub fn spawn(name: &str, args: &[&str], dialect: D) -> Conversation<D> {
        let mut child = binary::spawn_piped(args);
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if buffer.last() == Some(&b'\n') {
                            buffer.pop();
                        }
                        let line = String::from_utf8_lossy(&buffer).into_owned();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err_pipe = child.stderr.take().expect("stderr is piped");
        let err_text = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut text = String::new();
            let _ = err_pipe.read_to_string(&mut text);
            err_text.lock().unwrap().push_str(&text);
        });
        Conversation {
            name: name.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            log: Vec::new(),
            at: String::new(),
            closed: false,
            timeout: TIMEOUT,
            dialect,
        }
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The most memory the engine's process has held so far, in KiB
    /// (Linux's `VmHWM`); `None` where the system does not say.
    pub fn peak_memory_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Fails the test, showing the conversation so far.
    #[track_caller]
    pub fn fail(&self, message: &str) -> ! {
        let stderr = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let start = self.log.len().saturating_sub(60);
        panic!(
            "{}{}: {message}\n--- conversation (last {} lines) ---\n{}\n--- stderr ---\n{stderr}",
            self.name,
            self.at,
            self.log.len() - start,
            self.log[start..].join("\n"),
        );
    }

    /// Writes raw bytes, logged as `shown`.
    pub fn send_bytes(&mut self, bytes: &[u8], shown: String) {
        self.log.push(shown);
        let Some(stdin) = self.stdin.as_mut() else {
            self.fail("standard input is already closed");
        };
        if let Err(e) = stdin.write_all(bytes).and_then(|_| stdin.flush()) {
            self.fail(&format!("could not write to the engine: {e}"));
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.dialect.sent(line);
        self.send_bytes(format!("{line}\n").as_bytes(), format!("> {line}"));
    }

    /// Closes the engine's standard input.
    pub fn close(&mut self) {
        self.log.push("(standard input closed)".into());
        self.stdin = None;
    }

    /// The next line, or `None` if none came within `wait` (or output
    /// ended). Every line is checked by the dialect.
    pub fn recv(&mut self, wait: Duration) -> Option<String> {
        if self.closed {
            return None;
        }
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.log.push(format!("< {line}"));
                if let Err(e) = self.dialect.check(&line) {
                    self.fail(&format!("{e}: '{line}'"));
                }
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                self.log.push("(standard output ended)".into());
                None
            }
        }
    }

    /// Whether the engine's output has ended.
    pub fn output_ended(&self) -> bool {
        self.closed
    }

    /// The next line; fails if none comes within the time limit.
    pub fn next_line(&mut self, waiting_for: &str) -> String {
        match self.recv(self.timeout) {
            Some(line) => line,
            None if self.closed => self.fail(&format!("output ended, expected {waiting_for}")),
            None => self.fail(&format!(
                "nothing within {:?}, expected {waiting_for}",
                self.timeout
            )),
        }
    }

    /// The next line must match.
    pub fn expect(&mut self, pattern: &str) -> String {
        let line = self.next_line(&format!("'{pattern}'"));
        if !glob(pattern, &line) {
            self.fail(&format!("expected '{pattern}', got '{line}'"));
        }
        line
    }

    /// Reads up to the first line matching `pattern`, returning it and the
    /// lines skipped. With `progress_only`, only search progress may be
    /// skipped.
    pub fn wait_for(&mut self, pattern: &str, progress_only: bool) -> (String, Vec<String>) {
        let timeout = self.timeout;
        self.wait_within(timeout, pattern, progress_only)
    }

    /// [`Conversation::wait_for`] with its own time limit.
    pub fn wait_within(
        &mut self,
        limit: Duration,
        pattern: &str,
        progress_only: bool,
    ) -> (String, Vec<String>) {
        let deadline = Instant::now() + limit;
        let mut skipped = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.recv(left) else {
                let why = if self.closed {
                    "output ended"
                } else {
                    "timed out"
                };
                self.fail(&format!("{why} waiting {limit:?} for '{pattern}'"));
            };
            if glob(pattern, &line) {
                return (line, skipped);
            }
            if progress_only && !self.dialect.is_progress(&line) {
                self.fail(&format!("'{line}' came before '{pattern}'"));
            }
            skipped.push(line);
        }
    }

    /// No line matching `pattern` for `period`.
    pub fn none_for(&mut self, pattern: &str, period: Duration) {
        let deadline = Instant::now() + period;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            match self.recv(left) {
                Some(line) if glob(pattern, &line) => {
                    self.fail(&format!("'{line}' came, expected no '{pattern}' yet"))
                }
                Some(_) => {}
                None if self.closed => return,
                None => {}
            }
        }
    }

    /// Waits for the process to end, checking what it still prints.
    pub fn exit_status(&mut self, within: Duration) -> ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            while self.recv(Duration::ZERO).is_some() {}
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    // The rest of the output.
                    while self.recv(Duration::from_secs(2)).is_some() {}
                    return status;
                }
                Ok(None) if Instant::now() < deadline => {
                    thread::sleep(Duration::from_millis(10));
                }
                Ok(None) => self.fail(&format!("still running after {within:?}")),
                Err(e) => self.fail(&format!("could not wait for the engine: {e}")),
            }
        }
    }
}

impl<D: Dialect> Drop for Conversation<D> {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Undoes the escapes of `>` lines.
pub fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('s') => out.push(' '),
            Some('\\') => out.push('\\'),
            other => panic!(
                "unknown escape '\\{}' in a transcript",
                other.unwrap_or(' ')
            ),
        }
    }
    out
}

/// Plays the transcript `text` (the file `file`, for messages) on
/// `conversation`. A directive the format does not know goes to `extra`
/// with its argument; `extra` returns false if it does not know it either.
pub fn run_transcript<D: Dialect>(
    conversation: &mut Conversation<D>,
    file: &str,
    text: &str,
    extra: &mut dyn FnMut(&mut Conversation<D>, &str, &str) -> bool,
) {
    for (number, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        if line.trim_start().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        conversation.at = format!(" ({file} line {})", number + 1);
        let (op, arg) = line.split_once(' ').unwrap_or((line, ""));
        match op {
            ">" => conversation.send(&unescape(arg)),
            "<" => {
                conversation.expect(arg);
            }
            "<~" => {
                conversation.wait_for(arg, true);
            }
            "<~~" => {
                conversation.wait_for(arg, false);
            }
            "<!" => conversation.none_for(arg, QUIET),
            "sleep" => thread::sleep(Duration::from_millis(arg.parse().expect("sleep MS"))),
            "within" => {
                conversation.timeout = Duration::from_secs_f64(arg.parse().expect("within S"));
            }
            "close" => conversation.close(),
            "exit" => {
                let code: i32 = arg.parse().expect("exit CODE");
                let status = conversation.exit_status(conversation.timeout);
                if status.code() != Some(code) {
                    conversation.fail(&format!("ended with {status}, expected code {code}"));
                }
            }
            other => {
                if !extra(conversation, other, arg) {
                    panic!("{file} line {}: unknown directive '{other}'", number + 1);
                }
            }
        }
    }
}

/// The names of the `.txt` files in `dir`, without the extension, sorted:
/// each suite checks that every transcript it keeps has a test.
pub fn transcript_names(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("the transcript folder")
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .into_string()
                .unwrap()
        })
        .filter_map(|f| f.strip_suffix(".txt").map(str::to_string))
        .collect();
    files.sort();
    files
}

/// One test per transcript file of `engine-tests/<dir>/`, each played by
/// `$run(name, text)`, and a test that every file there has one:
///
/// ```ignore
/// transcript_tests! { "uci", run_transcript; setoption; commands; }
/// ```
#[macro_export]
macro_rules! transcript_tests {
    ($dir:literal, $run:path; $($(#[$attr:meta])* $name:ident;)*) => {
        $(
            $(#[$attr])*
            #[test]
            fn $name() {
                $run(
                    stringify!($name),
                    include_str!(concat!(
                        env!("CARGO_MANIFEST_DIR"),
                        "/engine-tests/",
                        $dir,
                        "/",
                        stringify!($name),
                        ".txt"
                    )),
                );
            }
        )*

        #[test]
        fn every_transcript_file_has_a_test() {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-tests/", $dir);
            let files = $crate::support::conversation::transcript_names(dir);
            let mut registered: Vec<&str> = vec![$(stringify!($name)),*];
            registered.sort();
            assert_eq!(
                files, registered,
                "transcript_tests! {{}} lists every file in {dir}"
            );
        }
    };
}
