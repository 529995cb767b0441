//! The command line as a user meets it: `perft` output, and one-line
//! errors with a non-zero exit for bad input.

use std::process::{Command, Output};

fn motley(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn assert_one_line_error(args: &[&str], words: &[&str]) {
    let out = motley(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} should fail");
    assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "'{stderr}' should name '{word}'");
    }
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
}

#[test]
fn perft_prints_the_total() {
    let out = motley(&["perft", "--variant", "chess", "--depth", "3"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.trim(), "Nodes searched: 8902");
}

#[test]
fn perft_divide_prints_one_line_per_move() {
    let out = motley(&["perft", "--variant", "wadchess", "--depth", "2", "--divide"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<(&str, u64)> = stdout
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| !m.starts_with("Nodes"))
        .map(|(m, n)| (m, n.parse().unwrap()))
        .collect();
    assert_eq!(rows.len(), 28, "{stdout}");
    assert!(rows.contains(&("b1b3", 28)), "{stdout}");
    let total: u64 = rows.iter().map(|r| r.1).sum();
    assert!(stdout.contains(&format!("Nodes searched: {total}")));
}

#[test]
fn perft_runs_on_several_threads_with_the_same_count() {
    let out = motley(&[
        "perft",
        "--variant",
        "paritychess",
        "--depth",
        "3",
        "--threads",
        "2",
    ]);
    let single = motley(&["perft", "--variant", "paritychess", "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(out.stdout, single.stdout);
}

#[test]
fn unknown_variant_is_one_line() {
    assert_one_line_error(
        &["perft", "--variant", "xiangqi", "--depth", "2"],
        &["xiangqi"],
    );
}

#[test]
fn malformed_fen_is_one_line() {
    assert_one_line_error(
        &[
            "perft",
            "--fen",
            "rnbqkbnr/pppppppp/8/8 w - - 0 1",
            "--depth",
            "2",
        ],
        &["FEN board", "4 ranks"],
    );
}

#[test]
fn depth_zero_is_one_line() {
    assert_one_line_error(&["perft", "--depth", "0"], &["depth"]);
}

#[test]
fn bad_arguments_are_one_line() {
    assert_one_line_error(&["perft", "--depth", "x"], &["depth"]);
    assert_one_line_error(&["perft"], &["--depth"]);
    assert_one_line_error(&["frobnicate"], &["frobnicate"]);
}

#[test]
fn perft_depth_beyond_the_limit_is_one_line() {
    assert_one_line_error(&["perft", "--depth", "3200"], &["depth", "20"]);
    assert_one_line_error(&["perft", "--depth", "21", "--divide"], &["depth", "20"]);
}

/// `perft --divide` prints each root move's count as soon as it is known,
/// in the order the moves are listed, with one thread or several.
#[test]
fn perft_divide_prints_each_row_as_it_is_counted() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::time::Duration;
    for threads in ["1", "2"] {
        // The whole count takes half a minute; its first row a second.
        let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
            .args(["perft", "--depth", "7", "--divide", "--threads", threads])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut first = String::new();
            let _ = BufReader::new(stdout).read_line(&mut first);
            let _ = sender.send(first);
        });
        let first = lines.recv_timeout(Duration::from_secs(10));
        let _ = child.kill();
        let _ = child.wait();
        let first = first.expect("a row within 10 s");
        assert!(first.starts_with("b1a3: "), "threads {threads}: '{first}'");
    }
}
