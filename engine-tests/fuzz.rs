//! Hostile input, generated: the engine must never abort, hang or stop
//! answering, whatever it is sent.
//!
//! Two layers, both seeded and time-boxed:
//!
//! - In process, fast: mutated FENs of every game, mutated ChessWar state
//!   strings, and random move and token texts go straight into the rules
//!   cores. Nothing may panic; whatever is accepted must survive a FEN or
//!   state round trip and a move generation.
//! - Whole sessions with the `motley` binary over UCI and XBoard: random
//!   lines built from the protocols' vocabulary, absurd numbers, mutated
//!   positions, garbage, overlong lines and bytes that are not UTF-8. After
//!   every few lines the engine must answer `isready` (`ping` in XBoard)
//!   within a deadline; at the end `quit` must end it with status 0, and
//!   nothing it printed may be a panic.
//!
//! Each test runs for `MOTLEY_FUZZ_SECS` seconds (default a few seconds;
//! set it to run longer) from the seed `MOTLEY_FUZZ_SEED` (default fixed),
//! and prints how many inputs it tried. A failure prints the seed and the
//! input (or the session's lines) that broke it.

use std::io::{BufRead, BufReader, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use motley::chesswar::dice::SplitMix64;
use motley::chesswar::{Race, State};
use motley::rules::{AnyPosition, Variant};

use crate::support::binary::spawn_piped;

/// Seconds each test runs by default (short: the default test run must
/// stay quick; set `MOTLEY_FUZZ_SECS` for a long run).
const DEFAULT_SECONDS: u64 = 4;
/// How long the engine may take to answer `isready` or `ping`, a `stop`
/// or `quit` included. Generous: CI machines are slow and shared.
const ANSWER_DEADLINE: Duration = Duration::from_secs(20);
/// Lines sent between two liveness checks.
const LINES_PER_CHECK: usize = 6;

// ---------------------------------------------------------------------------
// Seeded randomness

/// The project's seeded generator (SplitMix64), with the draws this test uses.
struct Rng(SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn seed() -> u64 {
    std::env::var("MOTLEY_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_124)
}

fn duration() -> Duration {
    let secs = std::env::var("MOTLEY_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_SECONDS);
    Duration::from_secs(secs)
}

// ---------------------------------------------------------------------------
// Raw material: numbers, words, positions

/// Numbers a user or a broken GUI may send where a count or a time goes.
const ABSURD_NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "-0",
    "+5",
    "3",
    "50",
    "1000",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "-99999999999999999999",
    "1e20",
    "1e-9",
    "0.5",
    "inf",
    "-inf",
    "nan",
    "NaN",
    "abc",
    "",
    "0x10",
    "1:30",
    "5:99",
    "::",
    "٣",
];

/// Characters FEN mutations draw from.
const FEN_ALPHABET: &[u8] = b"pnbrqkcfPNBRQKCFx*/ -wb0123456789,KQkqaehjl";

/// Valid FENs of every game: each start position and positions reached by
/// random legal play from it.
fn sample_fens(rng: &mut Rng) -> Vec<(Variant, String)> {
    let mut fens = Vec::new();
    for variant in Variant::ALL {
        let start = AnyPosition::startpos(variant);
        fens.push((variant, start.fen()));
        for _ in 0..6 {
            let mut pos = start;
            let plies = 4 + rng.below(60);
            for _ in 0..plies {
                let moves = pos.legal_wire_moves();
                if moves.is_empty() {
                    break;
                }
                let m = rng.pick(&moves).clone();
                pos.play_wire(&m).expect("a generated move is legal");
            }
            fens.push((variant, pos.fen()));
        }
    }
    fens
}

/// Valid ChessWar state strings: the standard start of some race
/// pairings and states reached by random legal tokens.
fn sample_states(rng: &mut Rng) -> Vec<String> {
    let mut states = Vec::new();
    for _ in 0..8 {
        let white = *rng.pick(&Race::ALL);
        let black = *rng.pick(&Race::ALL);
        let mut state = State::standard(white, black);
        states.push(state.to_string());
        let steps = rng.below(80);
        for _ in 0..steps {
            let tokens = state.legal_tokens();
            if tokens.is_empty() {
                break;
            }
            let token = rng.pick(&tokens).clone();
            state.apply(&token).expect("a listed token is accepted");
        }
        states.push(state.to_string());
    }
    states
}

/// A copy of `text` with a few random edits: characters replaced,
/// inserted or deleted, fields swapped or dropped, numbers made absurd,
/// or the text cut short.
fn mutate(rng: &mut Rng, text: &str, alphabet: &[u8]) -> String {
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    let edits = 1 + rng.below(3);
    for _ in 0..edits {
        match rng.below(9) {
            0 | 1 => {
                // Replace a character.
                let f = rng.below(fields.len());
                let mut bytes = fields[f].clone().into_bytes();
                if !bytes.is_empty() {
                    let i = rng.below(bytes.len());
                    bytes[i] = *rng.pick(alphabet);
                }
                fields[f] = String::from_utf8_lossy(&bytes).into_owned();
            }
            2 => {
                // Insert a character.
                let f = rng.below(fields.len());
                let mut bytes = fields[f].clone().into_bytes();
                let i = rng.below(bytes.len() + 1);
                bytes.insert(i, *rng.pick(alphabet));
                fields[f] = String::from_utf8_lossy(&bytes).into_owned();
            }
            3 => {
                // Delete a character.
                let f = rng.below(fields.len());
                let mut bytes = fields[f].clone().into_bytes();
                if !bytes.is_empty() {
                    bytes.remove(rng.below(bytes.len()));
                }
                fields[f] = String::from_utf8_lossy(&bytes).into_owned();
            }
            4 => {
                // An absurd number in place of a field.
                let f = rng.below(fields.len());
                fields[f] = rng.pick(ABSURD_NUMBERS).to_string();
            }
            5 if fields.len() > 1 => {
                // Swap two fields.
                let (a, b) = (rng.below(fields.len()), rng.below(fields.len()));
                fields.swap(a, b);
            }
            6 if fields.len() > 1 => {
                // Drop a field.
                let f = rng.below(fields.len());
                fields.remove(f);
            }
            7 => {
                // Repeat a field (an extra field, or a rank too many).
                let f = rng.below(fields.len());
                let copy = fields[f].clone();
                fields.insert(f, copy);
            }
            _ => {
                // Cut the text short.
                let joined = fields.join(" ");
                let cut = rng.below(joined.len() + 1);
                let cut = (0..=cut)
                    .rev()
                    .find(|&i| joined.is_char_boundary(i))
                    .unwrap_or(0);
                fields = joined[..cut].split(' ').map(str::to_string).collect();
            }
        }
    }
    fields.join(" ")
}

/// Text that looks like a move of some game, or nearly.
fn random_move_text(rng: &mut Rng) -> String {
    const FORMS: &[&str] = &[
        "e2e4",
        "e7e8q",
        "e7e8c",
        "a1a1",
        "l8l1",
        "^a4a6",
        "^a4a7",
        "f1h1",
        "e1g1",
        "e1c1",
        "f8g8,j8f8",
        "e1b1,a1e1",
        "0000",
        "(none)",
        "m:e2e4",
        "f:c1c5",
        "s:zap:d1d6",
        "d3",
        "d7",
        "end",
        "pass",
        "pick:d5",
        "e4",
        "Nf3",
        "O-O",
        "z9z9",
        "a0a1",
        "a1a0",
        "a12a13",
        "",
    ];
    let base = rng.pick(FORMS).to_string();
    if rng.chance(40) {
        mutate(rng, &base, b"abcdefghijklmz0123456789^,:qrbnc")
    } else {
        base
    }
}

/// Runs `f`, turning a panic into an error that names `input`.
fn no_panic(what: &str, input: &str, f: impl FnOnce()) {
    if let Err(e) = catch_unwind(AssertUnwindSafe(f)) {
        let message = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        panic!(
            "{what} panicked (seed {}): {message}\ninput: {input:?}",
            seed()
        );
    }
}

// ---------------------------------------------------------------------------
// In process: FENs, state strings, move texts

#[test]
fn mutated_fens_and_moves_never_panic_the_rules_core() {
    let mut rng = Rng(SplitMix64::new(seed()));
    let fens = sample_fens(&mut rng);
    let deadline = Instant::now() + duration();
    let (mut tried, mut accepted) = (0u64, 0u64);
    while Instant::now() < deadline {
        let (variant, fen) = rng.pick(&fens).clone();
        // Sometimes the FEN of another game, to cross board sizes.
        let variant = if rng.chance(10) {
            *rng.pick(&Variant::ALL)
        } else {
            variant
        };
        let text = if rng.chance(5) {
            // Overlong input.
            fen.repeat(1 + rng.below(40))
        } else {
            mutate(&mut rng, &fen, FEN_ALPHABET)
        };
        tried += 1;
        let moves: Vec<String> = (0..4).map(|_| random_move_text(&mut rng)).collect();
        let pick = rng.next();
        no_panic(
            "AnyPosition::from_fen",
            &format!("{variant} {text}"),
            || {
                let Ok(pos) = AnyPosition::from_fen(variant, &text) else {
                    return;
                };
                accepted += 1;
                let again = AnyPosition::from_fen(variant, &pos.fen())
                    .unwrap_or_else(|e| panic!("its own FEN {} is refused: {e}", pos.fen()));
                assert_eq!(again.fen(), pos.fen(), "the FEN round trip changes it");
                let legal = pos.legal_wire_moves();
                assert_eq!(
                    legal.len() as u64,
                    pos.perft(1),
                    "move count and list differ"
                );
                let mut after = pos;
                for text in &moves {
                    let before = after;
                    if after.play_wire(text).is_err() {
                        assert_eq!(after, before, "a refused move changed the position");
                    }
                }
                if let Some(m) = legal.get((pick % legal.len().max(1) as u64) as usize) {
                    let mut next = pos;
                    next.play_wire(m).expect("a listed move is legal");
                    let _ = next.legal_wire_moves();
                }
            },
        );
    }
    println!("FENs: {tried} tried, {accepted} accepted (seed {})", seed());
    assert!(tried > 0);
}

#[test]
fn mutated_chesswar_states_and_tokens_never_panic() {
    let mut rng = Rng(SplitMix64::new(seed() ^ 0xC4E5));
    let states = sample_states(&mut rng);
    let deadline = Instant::now() + duration();
    let (mut tried, mut accepted) = (0u64, 0u64);
    while Instant::now() < deadline {
        let base = rng.pick(&states).clone();
        let text = mutate(
            &mut rng,
            &base,
            b"KQRBNPkqrbnp()mwrsfx/12345678 -humandwrfelfotc,:",
        );
        tried += 1;
        let tokens: Vec<String> = (0..6).map(|_| random_move_text(&mut rng)).collect();
        let pick = rng.next();
        no_panic("State::from_str", &text, || {
            let Ok(state) = text.parse::<State>() else {
                return;
            };
            accepted += 1;
            let again: State = state
                .to_string()
                .parse()
                .unwrap_or_else(|e| panic!("its own state string {state} is refused: {e}"));
            assert_eq!(again.to_string(), state.to_string());
            let mut s = state.clone();
            for token in &tokens {
                let before = s.to_string();
                if s.apply(token).is_err() {
                    assert_eq!(s.to_string(), before, "a refused token changed the state");
                }
            }
            let legal = state.legal_tokens();
            if let Some(token) = legal.get((pick % legal.len().max(1) as u64) as usize) {
                let mut next = state.clone();
                next.apply(token)
                    .unwrap_or_else(|e| panic!("listed token {token} is refused: {e}"));
                let _ = next.legal_tokens();
            }
        });
    }
    println!(
        "ChessWar states: {tried} tried, {accepted} accepted (seed {})",
        seed()
    );
    assert!(tried > 0);
}

// ---------------------------------------------------------------------------
// Whole sessions with the binary

/// A running `motley` with its output gathered by a reader thread.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    /// Everything sent, for the failure report.
    sent: Vec<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = spawn_piped(args);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err = child.stderr.take().expect("piped stderr");
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut text = String::new();
            let _ = err.read_to_string(&mut text);
            sink.lock().unwrap().push_str(&text);
        });
        Engine {
            child,
            stdin,
            lines,
            stderr,
            sent: Vec::new(),
        }
    }

    fn send_bytes(&mut self, bytes: &[u8], shown: String) {
        self.sent.push(shown);
        let ok = self.stdin.as_mut().is_some_and(|s| {
            s.write_all(bytes).is_ok() && s.write_all(b"\n").is_ok() && s.flush().is_ok()
        });
        if !ok {
            self.fail("the engine stopped reading its input (it exited?)");
        }
    }

    fn send(&mut self, line: &str) {
        let shown = if line.len() > 200 {
            format!(
                "{}... ({} bytes)",
                &line[..line.floor_char_boundary(200)],
                line.len()
            )
        } else {
            line.to_string()
        };
        self.send_bytes(line.as_bytes(), shown);
    }

    /// Waits for a line equal to `expected`; everything before it is
    /// checked for panics.
    fn expect_line(&mut self, expected: &str) {
        let deadline = Instant::now() + ANSWER_DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim() == expected => return,
                Ok(line) if line.contains("panicked") => self.fail(&format!("printed {line:?}")),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    self.fail(&format!("no '{expected}' within {ANSWER_DEADLINE:?}"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.fail(&format!("the engine exited before '{expected}'"))
                }
            }
        }
    }

    /// Sends `quit` and waits for a clean exit.
    fn quit(&mut self) {
        self.send("quit");
        drop(self.stdin.take());
        let deadline = Instant::now() + ANSWER_DEADLINE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => break,
                Ok(Some(status)) => self.fail(&format!("quit ended it with {status}")),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(20)),
                _ => self.fail("quit did not end the engine"),
            }
        }
        thread::sleep(Duration::from_millis(50));
        let stderr = self.stderr.lock().unwrap().clone();
        if stderr.contains("panicked") {
            self.fail(&format!("stderr shows a panic:\n{stderr}"));
        }
    }

    fn fail(&mut self, why: &str) -> ! {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let tail: Vec<&String> = self.sent.iter().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().map(String::as_str).collect();
        let stderr = self.stderr.lock().unwrap().clone();
        panic!(
            "{why} (seed {}, {} lines sent); the last lines:\n{}\nstderr:\n{stderr}",
            seed(),
            self.sent.len(),
            tail.join("\n")
        );
    }
}

/// A random line that is not valid UTF-8, or is very long, or is blank.
fn junk_line(rng: &mut Rng) -> (Vec<u8>, String) {
    match rng.below(4) {
        0 => (
            vec![0xff, 0xfe, b'g', b'o'],
            "<not UTF-8: ff fe 'go'>".into(),
        ),
        1 => {
            let long = "position startpos moves ".to_string() + &"e2e4 e7e5 ".repeat(3000);
            let shown = format!("<{} bytes of moves>", long.len());
            (long.into_bytes(), shown)
        }
        2 => (b"\t \r".to_vec(), "<blanks>".into()),
        _ => {
            let bytes: Vec<u8> = (0..rng.below(60))
                .map(|_| (32 + rng.below(95)) as u8)
                .collect();
            let shown = String::from_utf8_lossy(&bytes).into_owned();
            (bytes, shown)
        }
    }
}

/// A random UCI line (never `quit`).
fn uci_line(rng: &mut Rng, fens: &[(Variant, String)], states: &[String]) -> String {
    let n = |rng: &mut Rng| rng.pick(ABSURD_NUMBERS).to_string();
    let small = |rng: &mut Rng| (1 + rng.below(3)).to_string();
    let game_names = [
        "chess",
        "wadchess",
        "paritychess",
        "chad",
        "wauchess",
        "chesswar",
    ];
    match rng.below(22) {
        0 => "uci".into(),
        1 => "isready".into(),
        2 => "ucinewgame".into(),
        3 => format!(
            "setoption name UCI_Variant value {}",
            if rng.chance(85) {
                rng.pick(&game_names).to_string()
            } else {
                n(rng)
            }
        ),
        4 => {
            let (name, value) = match rng.below(8) {
                0 => (
                    "Hash",
                    rng.pick(&["1", "2", "16", "0", "-1", "abc", "99999999999999999999"])
                        .to_string(),
                ),
                1 => (
                    "Threads",
                    rng.pick(&["1", "2", "0", "abc", "4294967296"]).to_string(),
                ),
                2 => (
                    "MultiPV",
                    rng.pick(&["1", "2", "3", "0", "500", "x"]).to_string(),
                ),
                3 => ("Move Overhead", n(rng)),
                4 => ("Ponder", rng.pick(&["true", "false", "maybe"]).to_string()),
                5 => ("Clear Hash", String::new()),
                6 => ("No Such Option", n(rng)),
                _ => (
                    "UCI_AnalyseMode",
                    rng.pick(&["true", "false", ""]).to_string(),
                ),
            };
            if value.is_empty() {
                format!("setoption name {name}")
            } else {
                format!("setoption name {name} value {value}")
            }
        }
        5 => "position startpos".into(),
        6 => {
            let moves: Vec<String> = (0..rng.below(4)).map(|_| random_move_text(rng)).collect();
            format!("position startpos moves {}", moves.join(" "))
        }
        7 | 8 => {
            let (_, fen) = rng.pick(fens).clone();
            let fen = if rng.chance(60) {
                mutate(rng, &fen, FEN_ALPHABET)
            } else {
                fen
            };
            format!("position fen {fen}")
        }
        9 => {
            let state = rng.pick(states).clone();
            let state = if rng.chance(50) {
                mutate(rng, &state, b"KQRBNPkqrbnp()mw/12345678 -")
            } else {
                state
            };
            format!("position fen {state}")
        }
        10 => format!("go depth {}", small(rng)),
        11 => format!("go nodes {}", 1 + rng.below(5000)),
        12 => format!("go movetime {}", rng.below(30)),
        13 => format!(
            "go wtime {} btime {} winc {} binc {}",
            n(rng),
            n(rng),
            n(rng),
            n(rng)
        ),
        14 => format!(
            "go {} {}",
            rng.pick(&[
                "depth",
                "nodes",
                "movetime",
                "mate",
                "perft",
                "movestogo",
                "wtime"
            ]),
            n(rng)
        ),
        15 => rng
            .pick(&[
                "go infinite",
                "go ponder",
                "go",
                "go searchmoves e2e4 zz",
                "go mate 1",
            ])
            .to_string(),
        16 => format!("go perft {}", rng.below(4)),
        17 => "stop".into(),
        18 => "ponderhit".into(),
        19 => rng
            .pick(&["d", "debug on", "register later", "flip", "eval", "bench"])
            .to_string(),
        20 => mutate(
            rng,
            "go wtime 1000 btime 1000 winc 10 binc 10",
            b"gowtimebinc 0123456789-",
        ),
        _ => {
            let (_, fen) = rng.pick(fens).clone();
            mutate(rng, &format!("position fen {fen} moves e2e4"), FEN_ALPHABET)
        }
    }
}

/// A random XBoard line (never `quit`).
fn xboard_line(rng: &mut Rng, fens: &[(Variant, String)], states: &[String]) -> String {
    let n = |rng: &mut Rng| rng.pick(ABSURD_NUMBERS).to_string();
    let game_names = [
        "normal",
        "wadchess",
        "paritychess",
        "chad",
        "wauchess",
        "chesswar",
        "crazyhouse",
    ];
    match rng.below(24) {
        0 => "new".into(),
        1 => format!("variant {}", rng.pick(&game_names)),
        2 => "force".into(),
        3 => "go".into(),
        4 => "?".into(),
        5 | 6 => {
            let m = random_move_text(rng);
            if rng.chance(50) {
                format!("usermove {m}")
            } else {
                m
            }
        }
        7 => format!("st {}", n(rng)),
        8 => format!("sd {}", n(rng)),
        9 => format!("level {} {} {}", n(rng), n(rng), n(rng)),
        10 => format!("time {}", n(rng)),
        11 => format!("otim {}", n(rng)),
        12 => format!("nps {}", n(rng)),
        13 => rng
            .pick(&[
                "hard", "easy", "post", "nopost", "random", "computer", "white", "black",
            ])
            .to_string(),
        14 => rng
            .pick(&[
                "analyze", "exit", ".", "undo", "remove", "draw", "hint", "bk",
            ])
            .to_string(),
        15 | 16 => {
            let (_, fen) = rng.pick(fens).clone();
            let fen = if rng.chance(60) {
                mutate(rng, &fen, FEN_ALPHABET)
            } else {
                fen
            };
            format!("setboard {fen}")
        }
        17 => {
            let state = rng.pick(states).clone();
            format!(
                "setboard {}",
                mutate(rng, &state, b"KQRBNPkqrbnp()mw/12345678 -")
            )
        }
        18 => format!(
            "result {} {{fuzz}}",
            rng.pick(&["1-0", "0-1", "1/2-1/2", "*", "x"])
        ),
        19 => format!(
            "memory {}",
            rng.pick(&["1", "2", "16", "0", "-5", "99999999999999999999", "x"])
        ),
        20 => format!(
            "cores {}",
            rng.pick(&["1", "2", "0", "-1", "x", "4294967296"])
        ),
        21 => format!(
            "option {}={}",
            rng.pick(&["Board Moves", "MultiPV", "Nope", ""]),
            n(rng)
        ),
        22 => format!(
            "{} {}",
            rng.pick(&["exclude", "include"]),
            random_move_text(rng)
        ),
        _ => format!("protover {}", n(rng)),
    }
}

/// Plays random sessions until the time is up; returns the lines sent.
fn fuzz_sessions(protocol: &str) -> usize {
    let mut rng = Rng(SplitMix64::new(
        seed() ^ if protocol == "uci" { 0x0C1 } else { 0xB0A },
    ));
    let fens = sample_fens(&mut rng);
    let states = sample_states(&mut rng);
    let deadline = Instant::now() + duration();
    let mut total = 0;
    let mut sessions = 0;
    while Instant::now() < deadline {
        sessions += 1;
        let mut engine = if protocol == "uci" {
            Engine::start(&["uci"])
        } else {
            let mut e = Engine::start(&["xboard"]);
            e.send("xboard");
            e.send("protover 2");
            e
        };
        let mut checks = 0;
        while Instant::now() < deadline && checks < 25 {
            for _ in 0..LINES_PER_CHECK {
                if rng.chance(4) {
                    let (bytes, shown) = junk_line(&mut rng);
                    engine.send_bytes(&bytes, shown);
                } else if protocol == "uci" {
                    let line = uci_line(&mut rng, &fens, &states);
                    engine.send(&line);
                } else {
                    let line = xboard_line(&mut rng, &fens, &states);
                    engine.send(&line);
                }
            }
            checks += 1;
            if protocol == "uci" {
                engine.send("stop");
                engine.send("isready");
                engine.expect_line("readyok");
            } else {
                engine.send("force");
                engine.send(&format!("ping {checks}"));
                engine.expect_line(&format!("pong {checks}"));
            }
        }
        total += engine.sent.len();
        engine.quit();
    }
    println!(
        "{protocol}: {total} lines in {sessions} sessions, every liveness check answered (seed {})",
        seed()
    );
    total
}

#[test]
fn uci_sessions_survive_random_lines() {
    assert!(fuzz_sessions("uci") > 0);
}

#[test]
fn xboard_sessions_survive_random_lines() {
    assert!(fuzz_sessions("xboard") > 0);
}
