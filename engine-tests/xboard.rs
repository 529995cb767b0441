//! XBoard/CECP conversations with the binary: handshake, engine-defined
//! variants, moves both ways, force, undo, setboard, ping, `?`, analyze
//! and bad input. Every line the engine prints must be an XBoard reply,
//! and each is awaited with a timeout, so a hung engine fails instead of
//! hanging the suite.
//!
//! Conversations that only send and expect lines are transcripts in
//! `engine-tests/xboard/*.txt`, in the format the UCI suite uses
//! (`support/conversation.rs`); the engine is started in XBoard mode and
//! has answered `xboard` and `protover 2` before the first line, and `<~`
//! may skip thinking output. The rest are written out below, where they
//! compute something (timings, node counts, the tokens of a whole turn).

use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::support::binary::command;
use crate::support::conversation::{self, Conversation, Dialect};
use crate::transcript_tests;

/// How long the engine may stay silent before a test gives up on it.
const TIMEOUT: Duration = Duration::from_secs(20);

/// How long a command that must be answered at once (`quit`, `?`, `force`
/// while the engine thinks) may take: far less than the searches the tests
/// start, so that waiting for the move fails the test.
const PROMPT: Duration = Duration::from_secs(5);

/// A fixed time per move long enough that the engine never finishes it
/// within a test: only an interruption ends the search.
const LONG_THINK: &str = "st 1000";

/// What an XBoard engine may say: features, `pong`, moves (chess moves or
/// ChessWar tokens), `Illegal move` and `Error` lines, thinking output,
/// results, `resign`, and the `setup` and `piece` lines of engine-defined
/// variants.
struct XboardDialect;

impl Dialect for XboardDialect {
    fn check(&mut self, line: &str) -> Result<(), String> {
        let words: Vec<&str> = line.split(' ').collect();
        let braced = |rest: &[&str]| {
            let text = rest.join(" ");
            text.starts_with('{') && text.ends_with('}')
        };
        let ok = match words.as_slice() {
            ["feature", rest @ ..] => !rest.is_empty(),
            ["pong", n] => n.parse::<i64>().is_ok(),
            ["move", m] => !m.is_empty(),
            ["resign"] => true,
            ["Illegal", "move", kind, _] | ["Error", kind, ..] => {
                kind.starts_with('(') && line.contains("): ")
            }
            ["1-0" | "0-1" | "1/2-1/2", rest @ ..] => braced(rest),
            ["setup", layout, ..] => layout.starts_with('('),
            ["piece", _, _] => true,
            _ => is_thinking_line(line),
        };
        if ok {
            Ok(())
        } else {
            Err("not an XBoard reply".into())
        }
    }

    fn is_progress(&self, line: &str) -> bool {
        is_thinking_line(line)
    }
}

/// An XBoard conversation.
type XBoard = Conversation<XboardDialect>;

impl Conversation<XboardDialect> {
    /// Starts the engine in XBoard mode, past `protover 2`'s features.
    fn start() -> XBoard {
        Self::start_named("xboard")
    }

    /// [`XBoard::start`], with `name` heading failure messages.
    fn start_named(name: &str) -> XBoard {
        let mut xb = Conversation::spawn(name, &["xboard"], XboardDialect);
        xb.timeout = TIMEOUT;
        xb.send("xboard");
        xb.send("protover 2");
        xb.expect_line(|l| l.starts_with("feature ") && l.ends_with("done=1"));
        xb
    }

    /// Waits for a line that satisfies `wanted`; returns it and the lines
    /// before it.
    fn expect_line(&mut self, wanted: impl Fn(&str) -> bool) -> (String, Vec<String>) {
        self.expect_line_within(self.timeout, wanted)
    }

    /// [`XBoard::expect_line`] with a deadline of `limit` for the whole wait.
    fn expect_line_within(
        &mut self,
        limit: Duration,
        wanted: impl Fn(&str) -> bool,
    ) -> (String, Vec<String>) {
        let deadline = Instant::now() + limit;
        let mut skipped = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(line) if wanted(&line) => return (line, skipped),
                Some(line) => skipped.push(line),
                None => self.fail(&format!("no expected line within {limit:?}")),
            }
        }
    }

    /// Sends `ping N` and waits at most `limit` for its `pong`; returns the
    /// lines before it.
    fn sync_within(&mut self, n: u32, limit: Duration) -> Vec<String> {
        self.send(&format!("ping {n}"));
        self.expect_line_within(limit, |l| l == format!("pong {n}"))
            .1
    }

    /// The engine exits (successfully) within `limit`.
    fn expect_exit_within(&mut self, limit: Duration) {
        let status = self.exit_status(limit);
        if !status.success() {
            self.fail(&format!("ended with {status}"));
        }
    }

    fn expect_prefix(&mut self, prefix: &str) -> String {
        self.expect_line(|l| l.starts_with(prefix)).0
    }

    /// Synchronises with `ping`; returns everything printed before `pong`.
    fn sync(&mut self, n: u32) -> Vec<String> {
        let timeout = self.timeout;
        self.sync_within(n, timeout)
    }

    fn quit(mut self) {
        self.send("quit");
        self.expect_exit_within(self.timeout);
    }
}

// ---------------------------------------------------------------------------
// Transcripts

fn run_transcript(name: &str, text: &str) {
    let mut xb = XBoard::start_named(name);
    let file = format!("xboard/{name}.txt");
    conversation::run_transcript(&mut xb, &file, text, &mut |_, _, _| false);
}

transcript_tests! {
    "xboard", run_transcript;
    force_undo_and_setboard;
    move_now_and_illegal_input;
    finished_games;
    chesswar_tokens;
    chesswar_options;
}

// ---------------------------------------------------------------------------
// Tests that compute

fn is_thinking_line(line: &str) -> bool {
    let fields: Vec<&str> = line.split_whitespace().collect();
    fields.len() >= 4 && fields[..4].iter().all(|f| f.parse::<i64>().is_ok())
}

#[test]
fn handshake_lists_the_features() {
    let mut xb = XBoard::start();
    xb.send("protover 2");
    let features = xb.expect_prefix("feature ");
    let variants = format!(
        "variants=\"normal,wadchess,paritychess,chad,wauchess,chesswar,{}\"",
        crate::support::shipped_game_names().join(",")
    );
    assert!(features.contains(&variants), "{variants} in {features}");
    for feature in [
        "myname=\"motley",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "analyze=1",
        "memory=1",
        "smp=1",
        "exclude=1",
        "nps=1",
        "done=1",
    ] {
        assert!(features.contains(feature), "{feature} in {features}");
    }
    xb.quit();
}

#[test]
fn engine_defined_variants_send_setup_and_pieces() {
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("variant wadchess");
    assert_eq!(
        xb.expect_prefix("setup "),
        "setup (PNBRQ...C............Kpnbrq...c............k) 10x8+0_fairy \
         rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1"
    );
    assert_eq!(xb.expect_prefix("piece "), "piece C WAD");
    assert_eq!(xb.expect_prefix("piece "), "piece K& KisO1");
    xb.send("variant paritychess");
    assert!(
        xb.expect_prefix("setup ")
            .contains("12x8+0_fairy rcnbfqkfbncr/")
    );
    assert_eq!(xb.expect_prefix("piece "), "piece C WAD");
    assert_eq!(xb.expect_prefix("piece "), "piece F FAD");
    assert_eq!(xb.expect_prefix("piece "), "piece K& KisO1");
    xb.send("variant chad");
    assert_eq!(
        xb.expect_prefix("setup "),
        "setup (...RQ................K...rq................k) 12x12+0_fairy \
         12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1"
    );
    assert_eq!(xb.expect_prefix("piece "), "piece K KN");
    assert_eq!(xb.expect_prefix("piece "), "piece R mR");
    assert_eq!(xb.expect_prefix("piece "), "piece Q mQ");
    // Moves with two-digit ranks, and the engine answers one.
    xb.send("st 0.2");
    xb.send("usermove d5d12");
    let reply = xb.expect_prefix("move ");
    assert!(reply.len() >= 9, "{reply}");
    xb.send("variant wauchess");
    assert_eq!(
        xb.expect_prefix("setup "),
        "setup (PNBRQ................Kpnbrq................k) 8x14+0_fairy \
         ********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/\
         PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1"
    );
    xb.send("usermove e5e7");
    assert!(!xb.expect_prefix("move ").contains('^'));
    xb.send("option Board Moves=1");
    xb.send("variant xiangqi");
    assert!(xb.expect_prefix("Error (").contains("xiangqi"));
    // Normal chess needs no setup.
    xb.send("variant normal");
    let before = xb.sync(1);
    assert!(before.is_empty(), "{before:?}");
    xb.quit();
}

#[test]
fn the_engine_answers_a_move_and_plays_on_go() {
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("variant wadchess");
    xb.send("st 0.2");
    xb.send("post");
    xb.send("usermove e2e4");
    let (reply, thinking) = xb.expect_line(|l| l.starts_with("move "));
    assert!(
        thinking
            .iter()
            .filter(|l| !l.starts_with("setup") && !l.starts_with("piece"))
            .all(|l| is_thinking_line(l)),
        "{thinking:?}"
    );
    assert!(
        thinking.iter().any(|l| is_thinking_line(l)),
        "post shows thinking"
    );
    let reply = reply.trim_start_matches("move ").to_string();
    // The reply is a legal Black move: playing it back is refused (wrong side).
    xb.send("force");
    xb.send(&format!("usermove {reply}"));
    assert!(xb.expect_prefix("Illegal move").contains(&reply));
    // go: the engine takes White in the current position.
    xb.send("go");
    xb.expect_prefix("move ");
    xb.quit();
}

#[test]
fn analyze_prints_thinking_until_exit() {
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("force");
    xb.send("analyze");
    let (line, _) = xb.expect_line(is_thinking_line);
    assert!(line.split_whitespace().count() >= 5, "{line}");
    xb.send("usermove e2e4");
    xb.expect_line(|l| is_thinking_line(l) && !l.contains("e2e4"));
    xb.send("exit");
    let printed = xb.sync(4);
    assert!(printed.iter().all(|l| is_thinking_line(l)), "{printed:?}");
    xb.quit();
}

#[test]
fn exclude_and_include_restrict_the_analysis() {
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("force");
    xb.send("analyze");
    xb.expect_line(is_thinking_line);
    xb.send("exclude all");
    xb.send("include g1f3");
    xb.sync(1);
    for _ in 0..3 {
        let (line, _) = xb.expect_line(is_thinking_line);
        assert_eq!(line.split_whitespace().nth(4), Some("g1f3"), "{line}");
    }
    xb.send("include all");
    xb.send("exclude g1f3");
    xb.sync(2);
    for _ in 0..3 {
        let (line, _) = xb.expect_line(is_thinking_line);
        assert_ne!(line.split_whitespace().nth(4), Some("g1f3"), "{line}");
    }
    // A move that is not legal is an error; the list is unchanged.
    xb.send("exclude e2e5");
    assert!(xb.expect_prefix("Error (").contains("e2e5"));
    xb.send("exit");
    xb.quit();
}

#[test]
fn nps_turns_the_clock_into_nodes() {
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("post");
    xb.send("nps 2000");
    xb.send("st 5");
    xb.send("usermove e2e4");
    let started = std::time::Instant::now();
    let (_, thinking) = xb.expect_line(|l| l.starts_with("move "));
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "nodes, not seconds"
    );
    let nodes: u64 = thinking
        .iter()
        .filter(|l| is_thinking_line(l))
        .map(|l| l.split_whitespace().nth(3).unwrap().parse().unwrap())
        .max()
        .expect("thinking output");
    assert!(
        nodes <= 11_000,
        "5 s at 2000 nodes/s is about 10000 nodes: {nodes}"
    );
    xb.quit();
}

#[test]
fn uci_mode_switches_to_xboard() {
    let mut child = command(&[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "xboard\nprotover 2\nping 5\nquit").expect("write");
    let output = child.wait_with_output().expect("exit");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("feature ") && text.contains("pong 5"),
        "{text}"
    );
}

/// The melee state of the ChessWar tests: White's knight on e7 touches
/// Black's general on e8, White to attack.
const CHESSWAR_MELEE: &str = "4k3/4N3/8/8/8/8/8/4K3 human/human w melee 1 0 - - std - -";

#[test]
fn chesswar_engine_plays_whole_turns() {
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("variant chesswar");
    xb.expect_prefix("setup ");
    // No wizards, so no reaction windows: a turn is White's alone.
    xb.send("force");
    xb.send("setboard 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 human/human w movement 1 0 - - std - -");
    xb.send("st 0.05");
    // The engine plays White: every token of its turn, to the end of its
    // three phases, then waits for Black.
    xb.send("go");
    let played = xb.sync(1);
    let tokens: Vec<&str> = played
        .iter()
        .map(|l| l.strip_prefix("move ").unwrap_or_else(|| panic!("{l}")))
        .collect();
    assert!(tokens.len() >= 3, "{tokens:?}");
    assert_eq!(
        tokens[tokens.len() - 3..],
        ["end", "end", "end"],
        "{tokens:?}"
    );
    // Black ends its three phases: the engine plays its next turn.
    for _ in 0..3 {
        xb.send("usermove end");
    }
    let (reply, _) = xb.expect_line(|l| l.starts_with("move "));
    assert!(
        reply.starts_with("move m:") || reply == "move end",
        "{reply}"
    );
    xb.send("force");
    xb.sync(2);
    xb.quit();
}

/// Sends each bad command and checks its one-line error; `ping` after it
/// shows that nothing else was printed.
fn expect_errors(xb: &mut XBoard, commands: &[&str]) {
    for (n, command) in commands.iter().enumerate() {
        xb.send(command);
        let printed = xb.sync(100 + n as u32);
        assert_eq!(printed.len(), 1, "{command}: {printed:?}");
        assert!(
            printed[0].starts_with("Error (") && printed[0].ends_with(&format!("): {command}")),
            "{command}: {printed:?}"
        );
    }
}

#[test]
fn absurd_time_controls_are_errors_and_change_nothing() {
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("force");
    xb.send("st 0.2");
    expect_errors(
        &mut xb,
        &[
            "st inf",
            "st -inf",
            "st NaN",
            "st -3",
            "st 0",
            "st x",
            "st",
            "level 0 5 inf",
            "level 0 5 NaN",
            "level 0 5 -1",
            "level 40 5:99 0",
            "level 40 -5 0",
            "level 40 inf 0",
            "level 40 5:x 0",
            "level x y z",
            "level -40 5 0",
            "level 40 5",
            "time x",
            "time 1.5",
            "otim inf",
            "time",
            "sd 0",
            "sd -3",
            "sd x",
            "nps -5",
            "nps 1.5",
            "nps x",
        ],
    );
    // The time per move is still 0.2 s: the move comes at once.
    let start = Instant::now();
    xb.send("go");
    xb.expect_line_within(PROMPT, |l| l.starts_with("move "));
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    xb.quit();
}

#[test]
fn huge_time_controls_mean_no_practical_limit() {
    let mut xb = XBoard::start();
    for command in [
        "st 1e20",
        "st 99999999999999999999",
        "level 0 5 1e20",
        "level 0 99999999999999999999 99999999999999999999",
        "level 99999999999999999999 5 0",
        "level 0 99999999999999999999:30 0",
        "time 99999999999999999999999",
        "otim 9223372036854775807",
        "time -500",
        "sd 99999999999",
        "nps 99999999999999999999999",
    ] {
        xb.send("new");
        xb.send(command);
        // Accepted; the engine thinks on it until `?`.
        xb.send("go");
        xb.send("?");
        let printed = xb.sync_within(1, PROMPT);
        assert!(
            printed.iter().all(|l| !l.starts_with("Error")),
            "{command}: {printed:?}"
        );
        assert!(
            printed.iter().any(|l| l.starts_with("move ")),
            "{command}: {printed:?}"
        );
    }
    // The same in ChessWar, whose search has its own clock.
    xb.send("new");
    xb.send("variant chesswar");
    xb.expect_prefix("setup ");
    xb.send(&format!("setboard {CHESSWAR_MELEE}"));
    xb.send("st 1e20");
    xb.send("go");
    xb.send("?");
    xb.expect_line_within(PROMPT, |l| l.starts_with("move "));
    xb.send("force");
    xb.sync_within(2, PROMPT);
    xb.quit();
}

#[test]
fn quit_while_thinking_exits_at_once() {
    for game in ["normal", "chesswar"] {
        let mut xb = XBoard::start();
        xb.send("new");
        if game == "chesswar" {
            xb.send("variant chesswar");
            xb.expect_prefix("setup ");
        }
        xb.send(LONG_THINK);
        xb.send("go");
        // A ping while thinking is answered after the move (CECP), but it
        // must not keep the `quit` behind it waiting.
        xb.send("ping 1");
        xb.send("quit");
        xb.expect_exit_within(PROMPT);
    }
}

#[test]
fn move_now_is_heard_behind_a_waiting_ping() {
    for game in ["normal", "chesswar"] {
        let mut xb = XBoard::start();
        xb.send("new");
        if game == "chesswar" {
            xb.send("variant chesswar");
            xb.expect_prefix("setup ");
        }
        xb.send(LONG_THINK);
        xb.send("go");
        xb.send("ping 1");
        xb.send("?");
        xb.expect_line_within(PROMPT, |l| l.starts_with("move "));
        if game == "chesswar" {
            // `?` ends one decision of the engine's turn; `force` the rest.
            xb.send("force");
        }
        // The pong after the move.
        xb.expect_line_within(PROMPT, |l| l == "pong 1");
        xb.quit();
    }
}

#[test]
fn force_new_and_result_stop_the_search_behind_a_waiting_ping() {
    let mut xb = XBoard::start();
    for (n, command) in ["force", "new", "result 1-0 {White resigns}"]
        .iter()
        .enumerate()
    {
        let n = 10 * n as u32;
        xb.send("new");
        xb.send(LONG_THINK);
        xb.send("go");
        xb.send(&format!("ping {n}"));
        xb.send(command);
        let before = xb.sync_within(n + 1, PROMPT);
        assert!(
            before.contains(&format!("pong {n}")),
            "{command}: {before:?}"
        );
        assert!(
            !before.iter().any(|l| l.starts_with("move ")),
            "{command}: the abandoned search plays no move: {before:?}"
        );
        // The engine is idle: a move is answered only after `go`.
        xb.send("force");
        xb.send("usermove e2e4");
        let after = xb.sync_within(n + 2, PROMPT);
        assert!(after.is_empty(), "{command}: {after:?}");
    }
    xb.quit();
}

#[test]
fn wau_chess_resigns_when_only_board_moves_are_legal() {
    // White's king is walled in on its king-side board: every legal move is
    // a board move, which XBoard cannot show, so the engine resigns rather
    // than send a move XBoard would forfeit it for. With `Board Moves` on,
    // it plays one.
    let fen = "**3***/**3***/**2p***/5***/5***/p1k2***/***2***/***2***/PPK5/3rq3/\
               4n3/********/********/******** w - - 27 148 a4,f4,a9,c12";
    let mut xb = XBoard::start();
    xb.send("new");
    xb.send("variant wauchess");
    xb.send("force");
    xb.send(&format!("setboard {fen}"));
    xb.send("st 0.1");
    xb.send("go");
    let (reply, _) = xb.expect_line(|l| l == "resign" || l.starts_with("move "));
    assert_eq!(reply, "resign");
    xb.send("force");
    xb.send("option Board Moves=1");
    xb.send("go");
    let reply = xb.expect_prefix("move ");
    assert!(reply.starts_with("move ^f4"), "{reply}");
    xb.quit();
}
