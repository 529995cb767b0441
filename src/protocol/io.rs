//! Standard input and output for the protocol loops: a reader thread that
//! turns input into lines, and whole-line writes.

use std::io::{BufRead, Write};
use std::sync::mpsc;

/// Input lines as the reader thread delivers them; a line that is not
/// UTF-8 arrives as an error message.
pub type Lines = mpsc::Receiver<Result<String, String>>;

/// Starts the thread that reads standard input line by line.
pub fn spawn_reader() -> Lines {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            // Bytes, not `lines()`: a line that is not UTF-8 is bad input,
            // answered like any other, not the end of the session.
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                        bytes.pop();
                    }
                    let line = String::from_utf8(bytes.clone())
                        .map_err(|_| "input line is not valid UTF-8; ignored".to_string());
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    receiver
}

/// Writes one line to standard output and flushes it.
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}
