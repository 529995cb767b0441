//! `motley match`: games between real engine processes, refereed by the
//! runner. The engine plays itself over UCI and XBoard; small shell
//! scripts stand in for engines that play illegal moves, crash, hang,
//! resign or do not speak at all, and the run must go on, count each fault
//! against the right engine and restart it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MOTLEY: &str = env!("CARGO_BIN_EXE_motley");

fn motley(args: &[&str]) -> Output {
    Command::new(MOTLEY)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("motley-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
    // The first opening's moves are part of the record.
    assert_eq!(games.matches("1. e4 e5 ").count(), 2, "{games}");
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
    ]);
    let report = stdout(&out);
    assert!(out.status.success(), "{report}");
    assert_eq!(report.matches("Finished game").count(), 3, "{report}");
    assert_eq!(faults(&report, "Crasher"), (3, 0, 0), "{report}");
    assert!(report.contains("crashed"), "{report}");
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
            ],
            "engine 2",
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
