//! `motley match`: games between real engine processes, refereed by the
//! runner. The engine plays itself over UCI and XBoard; small shell
//! scripts stand in for engines that play illegal moves, crash, hang,
//! resign or do not speak at all, and the run must go on, count each fault
//! against the right engine and restart it.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::binary::{MOTLEY, command, motley, motley_within, spawn_piped, wait_within};
use crate::support::scratch::Scratch;

/// A scratch folder of one match test.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("match-{name}"))
}

/// A fake UCI engine: a shell script that answers `go` with `on_go`
/// (shell commands; `$N` counts the `go` commands of the process and `$P`
/// holds the last `position` line).
fn fake_uci(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "N=0\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name {name}'; echo uciok;;\n    isready) echo readyok;;\n    position*) P=\"$line\";;\n    go*) N=$((N+1)); {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The line `NAME: C crashes, T time losses, I illegal moves`.
fn faults(report: &str, name: &str) -> (u32, u32, u32) {
    let line = report
        .lines()
        .find(|l| l.starts_with(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no fault line for {name} in\n{report}"));
    let numbers: Vec<u32> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

#[test]
fn motley_plays_itself_over_uci_and_xboard_and_writes_pgn() {
    let dir = scratch("self");
    let pgn = dir.join("games.pgn");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\nstartpos moves e2e4 e7e5\n\
         rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w - - 0 1\n",
    )
    .unwrap();
    let out = motley(&[
        "match",
        "--engine1",
        &format!("{MOTLEY} uci"),
        "--protocol1",
        "uci",
        "--engine2",
        &format!("{MOTLEY} xboard"),
        "--protocol2",
        "xboard",
        "--name1",
        "UciSide",
        "--name2",
        "XbSide",
        "--variant",
        "wadchess",
        "--openings",
        openings.to_str().unwrap(),
        "--games",
        "4",
        "--st",
        "0.02",
        // Other tests load the machine: no time losses here (the suite's
        // time-loss test is an_engine_late_on_every_move_loses_on_time).
        "--margin-ms",
        "1000",
        "--max-plies",
        "16",
        "--concurrency",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let report = stdout(&out);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(report.matches("Finished game").count(), 4, "{report}");
    assert!(report.contains("Score of UciSide vs XbSide: "), "{report}");
    assert!(report.contains("Elo difference: "), "{report}");
    assert_eq!(faults(&report, "UciSide"), (0, 0, 0));
    assert_eq!(faults(&report, "XbSide"), (0, 0, 0));

    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[Event \"motley match\"]").count(), 4);
    assert_eq!(games.matches("[Variant \"wadchess\"]").count(), 4);
    // The second opening is not the game's start: it needs SetUp and FEN.
    assert_eq!(
        games
            .matches("[FEN \"rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w - - 0 1\"]")
            .count(),
        2
    );
    // The first opening's moves are part of its two games' records (the
    // engines may play the same moves from the second opening too, so the
    // games are told apart by their SetUp tag).
    let from_first_opening: Vec<&str> = games
        .split("[Event ")
        .filter(|game| !game.is_empty() && !game.contains("[SetUp "))
        .collect();
    assert_eq!(from_first_opening.len(), 2, "{games}");
    for game in from_first_opening {
        let movetext = game.split("\n\n").nth(1).unwrap_or_default();
        assert!(movetext.starts_with("1. e4 e5 "), "{game}");
        // The engines' moves carry their score, depth and time, as Cute
        // Chess writes them: `2. Nf3 {+0.12/7 0.101s}`; the opening's
        // moves carry nothing.
        let words: Vec<&str> = movetext.split_whitespace().collect();
        let note = words[5];
        assert!(
            (note.starts_with("{+") || note.starts_with("{-")) && note.contains('/'),
            "{game}"
        );
        assert!(words[6].ends_with("s}"), "{game}");
    }
    assert_eq!(games.matches("[White \"UciSide\"]").count(), 2);
    assert_eq!(games.matches("[White \"XbSide\"]").count(), 2);
    for result in games.lines().filter(|l| l.starts_with("[Result ")) {
        assert_ne!(result, "[Result \"*\"]");
    }
}

#[test]
fn faults_lose_games_are_counted_and_the_engine_is_restarted() {
    let dir = scratch("faults");
    // Plays an illegal move every time.
    let illegal = fake_uci(&dir, "Illegal", "echo 'bestmove a1a8'");
    // Exits on its second search of each process: it must be restarted.
    let crasher = fake_uci(
        &dir,
        "Crasher",
        "if [ $N -ge 2 ]; then exit 3; fi; echo 'info depth 1 score cp 0'; \
         case \"$P\" in *moves*) echo 'bestmove e7e5';; *) echo 'bestmove e2e4';; esac",
    );
    // Never answers a search.
    let hanger = fake_uci(&dir, "Hanger", "sleep 0");

    for (engine, name, expect) in [
        (&illegal, "Illegal", (0, 0, 2)),
        (&hanger, "Hanger", (0, 2, 0)),
    ] {
        let out = motley(&[
            "match",
            "--engine1",
            MOTLEY,
            "--engine2",
            engine,
            "--games",
            "2",
            "--st",
            "0.05",
            "--margin-ms",
            "100",
        ]);
        let report = stdout(&out);
        assert!(out.status.success(), "{report}");
        assert_eq!(report.matches("Finished game").count(), 2, "{report}");
        assert!(
            report.contains(": 2 - 0 - 0 "),
            "motley wins both:\n{report}"
        );
        assert_eq!(faults(&report, name), expect, "{report}");
    }

    // The crasher survives one search per process, so with restarts every
    // game is still played and each ends in a crash.
    let pgn = dir.join("crashes.pgn");
    let out = motley(&[
        "match",
        "--engine1",
        MOTLEY,
        "--engine2",
        &crasher,
        "--games",
        "3",
        "--st",
        "0.05",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert_eq!(report.matches("Finished game").count(), 3, "{report}");
    assert_eq!(faults(&report, "Crasher"), (3, 0, 0), "{report}");
    assert!(report.contains("crashed"), "{report}");
    // Each crashed game is in the PGN, whole, with its moves, its result
    // and why it ended; nothing is left in progress.
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        games.matches("[Termination \"abandoned\"]").count(),
        3,
        "{games}"
    );
    assert_eq!(games.matches("\n1. ").count(), 3, "{games}");
    assert_eq!(games.matches("crashed").count(), 3, "{games}");
    assert!(!games.contains("[Result \"*\"]"), "{games}");
    assert!(!dir.join("crashes.pgn.unfinished").exists());
}

/// A fake UCI engine that shuffles a knight out and back (White g1-f3-g1,
/// Black g8-f6-g8), taking `delay` seconds a move.
fn knight_shuffler(dir: &Path, name: &str, delay: &str) -> String {
    fake_uci(
        dir,
        name,
        &format!(
            "sleep {delay}; set -- $P; K=$(($# - 3)); [ $K -lt 0 ] && K=0; \
             case $((K % 4)) in 0) M=g1f3;; 1) M=g8f6;; 2) M=f3g1;; 3) M=f6g8;; esac; \
             echo \"bestmove $M\""
        ),
    )
}

/// An engine a little late on every move runs out of time: the clock goes
/// below zero and stays there, and the margin is one grace for the whole
/// game, not a fresh one every move. The loss is in the PGN and counted.
#[test]
fn an_engine_late_on_every_move_loses_on_time() {
    let dir = scratch("late");
    let slow = knight_shuffler(&dir, "Slow", "0.08");
    let quick = knight_shuffler(&dir, "Quick", "0");
    let pgn = dir.join("late.pgn");
    // 80 ms a move on 50 ms with no increment and a 100 ms margin: the
    // second move takes the slow engine past 150 ms. The knights repeat
    // the position three times only at ply 8.
    let out = motley_within(
        &[
            "match",
            "--engine1",
            &slow,
            "--engine2",
            &quick,
            "--protocol1",
            "uci",
            "--protocol2",
            "uci",
            "--games",
            "2",
            "--tc",
            "0.05+0",
            "--margin-ms",
            "100",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert_eq!(faults(&report, "Slow"), (0, 2, 0), "{report}");
    assert_eq!(faults(&report, "Quick"), (0, 0, 0), "{report}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        games.matches("[Termination \"time forfeit\"]").count(),
        2,
        "{games}"
    );
    assert_eq!(games.matches("loses on time").count(), 2, "{games}");
    // Neither game reached the repetition: the slow side lost by its
    // second move.
    assert!(!games.contains("repetition"), "{games}");
}

/// A name given on the command line is one line of the PGN: a newline in
/// it cannot start a tag of its own.
#[test]
fn a_newline_in_a_name_adds_no_pgn_tag() {
    let dir = scratch("names");
    let shuffler = knight_shuffler(&dir, "Shuffler", "0");
    let pgn = dir.join("names.pgn");
    let out = motley_within(
        &[
            "match",
            "--engine1",
            &shuffler,
            "--engine2",
            &shuffler,
            "--name1",
            "Evil\n[WhiteElo \"3999\"]",
            "--event",
            "Cup\r\n[Site \"x\"]",
            "--games",
            "1",
            "--st",
            "0.05",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{}", stdout(&out));
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        !games.lines().any(|l| l.starts_with("[WhiteElo")),
        "{games}"
    );
    assert!(
        !games.lines().any(|l| l.starts_with("[Site \"x")),
        "{games}"
    );
    assert!(
        games.contains("[White \"Evil [WhiteElo \\\"3999\\\"]\"]"),
        "{games}"
    );
}

#[test]
fn bad_match_arguments_are_one_line_errors() {
    let dir = scratch("errors");
    let silent = dir.join("silent.sh");
    std::fs::write(&silent, "while read -r line; do :; done\n").unwrap();
    let bad_openings = dir.join("bad.txt");
    std::fs::write(&bad_openings, "startpos moves e2e5\n").unwrap();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "--engine2".into(),
                MOTLEY.into(),
                "--tc".into(),
                "fast".into(),
            ],
            "time control",
        ),
        (
            vec![
                "--engine2".into(),
                MOTLEY.into(),
                "--st".into(),
                "1".into(),
                "--protocol2".into(),
                "smoke".into(),
            ],
            "protocol",
        ),
        (
            vec![
                "--engine2".into(),
                MOTLEY.into(),
                "--st".into(),
                "1".into(),
                "--openings".into(),
                bad_openings.display().to_string(),
            ],
            "openings line 1",
        ),
        (
            vec![
                "--engine2".into(),
                "/nonexistent/engine".into(),
                "--st".into(),
                "1".into(),
            ],
            "engine 2",
        ),
        (
            vec![
                "--engine2".into(),
                format!("sh {}", silent.display()),
                "--protocol2".into(),
                "uci".into(),
                "--st".into(),
                "1".into(),
                "--start-timeout".into(),
                "1".into(),
            ],
            "engine 2",
        ),
        (
            vec![
                "--engine2".into(),
                MOTLEY.into(),
                "--st".into(),
                "1".into(),
                "--variant".into(),
                "chesswar".into(),
                "--openings".into(),
                bad_openings.display().to_string(),
            ],
            "--openings is not available in chesswar",
        ),
    ];
    for (extra, word) in cases {
        let mut args = vec!["match".to_string(), "--engine1".into(), MOTLEY.into()];
        args.extend(extra);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = motley(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} should fail");
        assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains(word), "'{stderr}' should name '{word}'");
    }
}

#[test]
fn a_two_leg_castle_is_read_as_the_castle() {
    let dir = scratch("legs");
    let pgn = dir.join("games.pgn");
    // White castles king-side as XBoard spells it: king leg, rook leg.
    let castler = fake_uci(&dir, "Castler", "echo 'bestmove f1g1,j1f1'");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1\n",
    )
    .unwrap();
    let out = motley_within(
        &[
            "match",
            "--engine1",
            &castler,
            "--engine2",
            MOTLEY,
            "--variant",
            "wadchess",
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "1",
            "--st",
            "0.05",
            "--max-plies",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
        Duration::from_secs(20),
    );
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert_eq!(faults(&report, "Castler"), (0, 0, 0), "{report}");

    // The same castle from an XBoard engine, as motley prints it there.
    let script = dir.join("xcastler.sh");
    std::fs::write(
        &script,
        "while read -r line; do\n  case \"$line\" in\n    protover*) echo 'feature \
         myname=\"XCastler\" setboard=1 usermove=1 ping=1 variants=\"wadchess\" done=1';;\n    \
         ping*) echo \"pong ${line#ping }\";;\n    go) echo 'move f1g1,j1f1';;\n    \
         quit) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    let xcastler = format!("sh {}", script.display());
    let out = motley_within(
        &[
            "match",
            "--engine1",
            &xcastler,
            "--protocol1",
            "xboard",
            "--engine2",
            MOTLEY,
            "--variant",
            "wadchess",
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "1",
            "--st",
            "0.05",
            "--max-plies",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
        Duration::from_secs(20),
    );
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert_eq!(faults(&report, "XCastler"), (0, 0, 0), "{report}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    // Fast castles keep their wire spelling in SAN.
    assert_eq!(games.matches("1. j1f1 ").count(), 2, "{games}");
    assert!(games.contains("[Result \"1/2-1/2\"]"), "{games}");

    // So does the engine over UCI, and it refuses legs of no castle.
    let fen = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
    for (legs, refused) in [("f1g1,j1f1", false), ("f1g1,a1f1", true)] {
        let mut child = spawn_piped(&["uci"]);
        let script = format!(
            "uci\nsetoption name UCI_Variant value wadchess\n\
             position fen {fen} moves {legs}\nisready\nquit\n"
        );
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), script.as_bytes()).unwrap();
        let out = wait_within(child, Duration::from_secs(10), "motley uci");
        let text = stdout(&out);
        assert!(text.contains("readyok"), "{text}");
        assert_eq!(
            text.contains("info string error"),
            refused,
            "{legs}: {text}"
        );
    }

    // The command line reads the same spelling.
    let out = motley_within(
        &[
            "analyse",
            "--variant",
            "wadchess",
            "--fen",
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
            "--moves",
            "f1g1,j1f1",
            "--depth",
            "1",
        ],
        Duration::from_secs(20),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs a match of motley against `engine2` (with `extra` arguments) that
/// must fail before its first game, quickly, with a one-line error that
/// holds each of `words`.
fn fails_to_start(engine2: &str, extra: &[&str], words: &[&str], limit: Duration) {
    let mut args = vec![
        "match",
        "--engine1",
        MOTLEY,
        "--engine2",
        engine2,
        "--st",
        "0.05",
        "--games",
        "2",
    ];
    args.extend_from_slice(extra);
    let started = Instant::now();
    let out = motley_within(&args, limit + Duration::from_secs(30));
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{engine2} {extra:?} should fail");
    assert!(
        !stdout(&out).contains("Finished game"),
        "{engine2}: no game may be played:\n{}",
        stdout(&out)
    );
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    for word in words {
        assert!(
            stderr.contains(word),
            "{engine2}: '{stderr}' should name '{word}'"
        );
    }
    assert!(elapsed < limit, "{engine2}: took {elapsed:?}: {stderr}");
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_the_first_game() {
    let fast = Duration::from_secs(4);
    let dir = scratch("silent-after-handshake");
    let never_ready = dir.join("never_ready.sh");
    std::fs::write(
        &never_ready,
        "while read -r l; do case \"$l\" in uci) echo uciok;; esac; done\n",
    )
    .unwrap();
    let never_ready = format!("sh {}", never_ready.display());
    let never_pongs = dir.join("never_pongs.sh");
    std::fs::write(
        &never_pongs,
        "while read -r l; do case \"$l\" in protover*) echo 'feature ping=1 setboard=1 done=1';; esac; done\n",
    )
    .unwrap();
    let never_pongs = format!("sh {}", never_pongs.display());
    let cases: Vec<(&str, Vec<&str>, Vec<&str>, Duration)> = vec![
        (
            "/nonexistent/engine",
            vec![],
            vec!["engine 2", "not found"],
            fast,
        ),
        ("false", vec![], vec!["engine 2", "status 1"], fast),
        ("sh -c 'exit 3'", vec![], vec!["engine 2", "status 3"], fast),
        (
            "sh -c 'echo cannot load the net >&2; exit 3'",
            vec![],
            vec!["engine 2", "cannot load the net"],
            fast,
        ),
        ("yes garbage", vec![], vec!["engine 2", "garbage"], fast),
        (
            "sleep 1000",
            vec!["--protocol2", "xboard"],
            vec!["engine 2", "protover"],
            fast,
        ),
        (
            "sleep 1000",
            vec!["--protocol2", "uci", "--start-timeout", "1"],
            vec!["engine 2", "uciok"],
            fast,
        ),
        (
            "sleep 1000",
            vec!["--start-timeout", "1"],
            vec!["engine 2", "uciok", "protover"],
            fast,
        ),
        // Handshakes answered, then silence: the start timeout covers
        // `isready` and `ping` too, and the error names the step.
        (
            &never_ready,
            vec!["--protocol2", "uci", "--start-timeout", "1"],
            vec![
                "engine 2",
                "no 'readyok' in reply to 'isready'",
                "the game chess",
                "within 1s",
            ],
            fast,
        ),
        (
            &never_pongs,
            vec!["--protocol2", "xboard", "--start-timeout", "1"],
            vec!["engine 2", "no 'pong 1' in reply to 'ping 1'", "within 1s"],
            fast,
        ),
    ];
    std::thread::scope(|scope| {
        for (engine, extra, words, limit) in &cases {
            scope.spawn(move || fails_to_start(engine, extra, words, *limit));
        }
    });
}

#[test]
fn a_rejected_option_stops_the_match() {
    let uci = format!("{MOTLEY} uci");
    let xboard = format!("{MOTLEY} xboard");
    let limit = Duration::from_secs(8);
    let cases: Vec<(&str, Vec<&str>, Vec<&str>)> = vec![
        (
            &uci,
            vec!["--protocol2", "uci", "--option2", "Hash=abc"],
            vec!["engine 2", "Hash", "needs a number"],
        ),
        (
            &uci,
            vec!["--option2", "Nonsense=1"],
            vec!["engine 2", "Nonsense"],
        ),
        (
            &xboard,
            vec!["--protocol2", "xboard", "--option2", "MultiPV=abc"],
            vec!["engine 2", "MultiPV", "needs a number"],
        ),
        (
            &xboard,
            vec!["--protocol2", "xboard", "--option2", "Nonsense=1"],
            vec!["engine 2", "Nonsense"],
        ),
    ];
    std::thread::scope(|scope| {
        for (engine, extra, words) in &cases {
            scope.spawn(move || fails_to_start(engine, extra, words, limit));
        }
    });
}

#[test]
fn an_even_match_is_zero_elo_not_minus_zero() {
    let out = motley_within(
        &[
            "match",
            "--engine1",
            MOTLEY,
            "--engine2",
            MOTLEY,
            "--st",
            "0.01",
            "--games",
            "2",
            "--max-plies",
            "2",
        ],
        Duration::from_secs(20),
    );
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert!(report.contains(": 0 - 0 - 2 "), "{report}");
    assert!(report.contains("Elo difference: 0.0 +/- 0.0"), "{report}");
    for bad in ["-0.0", "NaN", "inf"] {
        assert!(!report.contains(bad), "{bad} in {report}");
    }
}

/// The rounds of the games in a PGN text, with their results.
fn rounds(pgn: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut round = None;
    for line in pgn.lines() {
        if let Some(r) = line.strip_prefix("[Round \"") {
            round = r.trim_end_matches("\"]").parse::<usize>().ok();
        }
        if let (Some(r), Some(result)) = (round, line.strip_prefix("[Result \"")) {
            found.push((r, result.trim_end_matches("\"]").to_string()));
            round = None;
        }
    }
    found
}

#[test]
fn an_interrupted_match_loses_no_game() {
    let dir = scratch("interrupt");
    let pgn = dir.join("games.pgn");
    let side = dir.join("games.pgn.unfinished");
    let child = command(&[
        "match",
        "--engine1",
        MOTLEY,
        "--engine2",
        &format!("{MOTLEY} xboard"),
        "--games",
        "20",
        "--concurrency",
        "2",
        "--st",
        "0.02",
        "--max-plies",
        "24",
        "--pgn",
        pgn.to_str().unwrap(),
    ])
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // Finished games are on disk while the match goes on, the games in
    // progress in the side file. The match is stopped while a game has just
    // begun (a move or two played, twenty left), so that some game is still
    // in progress when the signal lands: the side file is rightly removed
    // in the moments when no game is.
    let just_begun = |live: &str| {
        live.split("[Event ").any(|game| {
            game.contains("[Result \"*\"]") && game.contains("1. ") && !game.contains("3. ")
        })
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let done = std::fs::read_to_string(&pgn).unwrap_or_default();
        let live = std::fs::read_to_string(&side).unwrap_or_default();
        if done.contains("[Result \"") && just_begun(&live) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no game was written:\n{done}\n{live}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = wait_within(child, Duration::from_secs(10), "the interrupted match");
    assert!(!out.status.success());

    let done = std::fs::read_to_string(&pgn).unwrap();
    let live = std::fs::read_to_string(&side).unwrap();
    let finished = rounds(&done);
    let unfinished = rounds(&live);
    assert!(!finished.is_empty() && !unfinished.is_empty());
    // Finished games are whole, with a result; every game begun is in
    // one file or the other.
    assert_eq!(done.matches("[Event ").count(), finished.len(), "{done}");
    assert!(done.ends_with("\n\n"), "{done}");
    for (round, result) in &finished {
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()),
            "{round}: {result}"
        );
    }
    for (round, result) in &unfinished {
        assert_eq!(result, "*", "{round}");
    }
    assert!(live.contains("[Termination \"unterminated\"]"), "{live}");
    let mut all: Vec<usize> = finished
        .iter()
        .chain(&unfinished)
        .map(|(r, _)| *r)
        .collect();
    all.sort_unstable();
    let last = *all.last().unwrap();
    assert_eq!(all, (1..=last).collect::<Vec<_>>(), "{done}\n{live}");
}

#[test]
fn chesswar_matches_are_refereed_with_the_runners_dice() {
    let dir = scratch("chesswar");
    let pgn = dir.join("games.pgn");
    let out = motley_within(
        &[
            "match",
            "--engine1",
            &format!("{MOTLEY} uci"),
            "--protocol1",
            "uci",
            "--name1",
            "UciWar",
            "--engine2",
            &format!("{MOTLEY} xboard"),
            "--protocol2",
            "xboard",
            "--name2",
            "XbWar",
            "--variant",
            "chesswar",
            // Given to one engine, the set-up is the referee's and both
            // engines'.
            "--option1",
            "ChessWar Black Race=elf",
            "--seed",
            "5",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--st",
            "0.01",
            // Other tests load the machine: no time losses here.
            "--margin-ms",
            "1000",
            "--max-plies",
            "2000",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    );
    let report = stdout(&out);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(report.matches("Finished game").count(), 2, "{report}");
    assert_eq!(faults(&report, "UciWar"), (0, 0, 0), "{report}");
    assert_eq!(faults(&report, "XbWar"), (0, 0, 0), "{report}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        games.matches("[Variant \"chesswar\"]").count(),
        2,
        "{games}"
    );
    // Played to the end by the rules, with dice and decisions, elves
    // against humans.
    assert_eq!(
        games.matches("[Termination \"normal\"]").count(),
        2,
        "{games}"
    );
    assert!(games.contains(" d6 ") || games.contains(" d1 "), "{games}");
    assert!(games.contains(" end "), "{games}");
    assert!(!games.contains("[Result \"*\"]"), "{games}");

    // An engine that answers with a token the rules refuse loses.
    let bad = fake_uci(&dir, "Nonsense", "echo 'bestmove zz'");
    let out = motley_within(
        &[
            "match",
            "--engine1",
            MOTLEY,
            "--engine2",
            &bad,
            "--variant",
            "chesswar",
            "--games",
            "2",
            "--st",
            "0.01",
            "--margin-ms",
            "1000",
        ],
        Duration::from_secs(30),
    );
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert!(report.contains(": 2 - 0 - 0 "), "{report}");
    assert_eq!(faults(&report, "Nonsense"), (0, 0, 2), "{report}");
}

/// The moves of each round of a PGN, with their scores and depths, without
/// the tags (the date differs between runs) or the moves' times.
fn movetexts(pgn: &str) -> Vec<(usize, String)> {
    let mut games: Vec<(usize, String)> = pgn
        .split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .map(|game| {
            let round = game
                .split("[Round \"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|r| r.parse().ok())
                .unwrap_or(0);
            // The moves with their scores and depths; the times a move
            // took (`0.016s}`) differ from run to run and are left out.
            let moves = game
                .lines()
                .filter(|l| !l.starts_with('['))
                .flat_map(str::split_whitespace)
                .map(|word| match word.strip_suffix("s}") {
                    Some(time) if time.trim_start_matches('{').parse::<f64>().is_ok() => {
                        if word.starts_with('{') { "{}" } else { "}" }
                    }
                    _ => word,
                })
                .collect::<Vec<_>>()
                .join(" ");
            (round, moves)
        })
        .collect();
    games.sort();
    games
}

#[test]
fn fixed_node_games_are_reproducible_over_both_protocols() {
    let dir = scratch("nodes");
    let play = |name: &str| {
        let pgn = dir.join(name);
        let out = motley_within(
            &[
                "match",
                "--engine1",
                &format!("{MOTLEY} uci"),
                "--engine2",
                &format!("{MOTLEY} xboard"),
                "--nodes",
                "3000",
                "--games",
                "4",
                "--concurrency",
                "2",
                "--max-plies",
                "40",
                "--sprt",
                "elo0=0",
                "elo1=10",
                "--pgn",
                pgn.to_str().unwrap(),
            ],
            Duration::from_secs(60),
        );
        let report = stdout(&out);
        assert!(out.status.success(), "{report}");
        assert_eq!(report.matches("LLR: ").count(), 5, "{report}");
        assert!(
            report.contains("Pairs (0, 1/2, 1, 3/2, 2 points): "),
            "{report}"
        );
        assert!(
            report.contains("SPRT (logistic Elo, pentanomial): "),
            "{report}"
        );
        let games = std::fs::read_to_string(&pgn).unwrap();
        assert!(games.contains("[TimeControl \"-\"]"), "{games}");
        movetexts(&games)
    };
    let first = play("a.pgn");
    assert_eq!(first.len(), 4);
    assert_eq!(first, play("b.pgn"));
}

#[test]
fn a_decided_sprt_starts_no_new_game() {
    // Equal engines cannot be 1000 Elo apart: H0 is accepted within a
    // few pairs, and the match stops well short of its 40 games.
    let out = motley_within(
        &[
            "match",
            "--engine1",
            MOTLEY,
            "--engine2",
            MOTLEY,
            "--nodes",
            "500",
            "--games",
            "40",
            "--max-plies",
            "16",
            "--sprt",
            "elo0=0",
            "elo1=1000",
        ],
        Duration::from_secs(60),
    );
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert!(report.contains("SPRT: H0 accepted"), "{report}");
    let played = report.matches("Finished game").count();
    assert!(played < 40, "{report}");
    assert!(report.contains("; H0 accepted"), "{report}");
    // The closing report names the decision that stopped the match and
    // when, whatever the games then in progress did to the LLR.
    assert!(
        report.contains("SPRT stopped the match: H0 accepted after "),
        "{report}"
    );
    let bad = motley(&[
        "match",
        "--engine1",
        "x",
        "--engine2",
        "y",
        "--nodes",
        "100",
        "--sprt",
        "elo0=5",
        "elo1=1",
    ]);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("elo1 must be greater than elo0"), "{err}");
}
