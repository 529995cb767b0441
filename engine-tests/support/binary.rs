//! Runs the motley binary as a user does, for the command-line suites.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args` and no input.
pub fn motley(args: &[&str]) -> Output {
    motley_with_input(args, "")
}

/// Runs the binary with `args` and `input` on its standard input.
pub fn motley_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin
        .write_all(input.as_bytes())
        .expect("the input is written");
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}
