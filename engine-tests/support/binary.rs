//! Runs the motley binary as a user does: every suite that starts it
//! starts it from here.

use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The path of the binary Cargo built for the tests, for commands that
/// take it as an argument (`match --engine1`, scripts).
pub const MOTLEY: &str = env!("CARGO_BIN_EXE_motley");

/// The binary with `args`, not started: the caller sets up its standard
/// streams.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(MOTLEY);
    command.args(args);
    command
}

/// Starts the binary with `args` and its three standard streams piped.
pub fn spawn_piped(args: &[&str]) -> Child {
    command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Runs the binary with `args` and no input.
pub fn motley(args: &[&str]) -> Output {
    motley_with_input(args, "")
}

/// Runs the binary with `args` and `input` on its standard input.
pub fn motley_with_input(args: &[&str], input: &str) -> Output {
    let mut child = spawn_piped(args);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin
        .write_all(input.as_bytes())
        .expect("the input is written");
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// Runs the binary with `args` and no input, failing the test if it has
/// not ended within `limit` (it is killed then): a hang fails instead of
/// hanging.
pub fn motley_within(args: &[&str], limit: Duration) -> Output {
    let child = command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    wait_within(child, limit, &format!("{args:?}"))
}

/// Waits for `child` (with its standard output and error piped) at most
/// `limit`, collecting its output; `what` names it if it overruns.
pub fn wait_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let out = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not end within {limit:?}");
        }
        thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: out.join().expect("the stdout reader"),
        stderr: err.join().expect("the stderr reader"),
    }
}
