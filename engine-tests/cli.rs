//! The command line as a user meets it: `perft` output, and one-line
//! errors with a non-zero exit for bad input.

use std::process::Output;

use crate::support::binary::{MOTLEY, command, motley, motley_with_input};
use crate::support::scratch::Scratch;

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
        let mut child = command(&["perft", "--depth", "7", "--divide", "--threads", threads])
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

/// Whether the process was ended by a signal (an abort) or a Rust panic.
fn crashed(out: &Output) -> bool {
    out.status.code().is_none() || out.status.code() == Some(101)
}

#[test]
fn hash_out_of_range_names_the_value_and_the_range() {
    let out = motley(&["analyse", "--depth", "1", "--hash", "70000"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("70000"), "{stderr}");
    assert!(stderr.contains("1 to 65536"), "{stderr}");
    assert!(!stderr.contains("allocate"), "{stderr}");
}

/// Every numeric flag of every subcommand (but `perft`'s), with the
/// arguments it needs to get as far as reading the flag.
const NUMERIC_FLAGS: &[(&[&str], &str)] = &[
    (&["analyse", "--depth", "1"], "--hash"),
    (&["analyse", "--depth", "1"], "--threads"),
    (&["analyse", "--depth", "1"], "--multipv"),
    (&["analyse"], "--depth"),
    (&["analyse"], "--movetime"),
    (&["analyse"], "--nodes"),
    (&["bench"], "--depth"),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--games",
    ),
    (&["match", "--engine1", "x", "--engine2", "y"], "--st"),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--margin-ms",
    ),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--concurrency",
    ),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--max-plies",
    ),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--resign-score",
    ),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--resign-moves",
    ),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--draw-score",
    ),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--draw-moves",
    ),
    (
        &["match", "--engine1", "x", "--engine2", "y", "--tc", "1+0"],
        "--draw-after",
    ),
    (&["chesswar", "selfplay"], "--games"),
    (&["chesswar", "selfplay"], "--seed"),
    (&["chesswar", "selfplay"], "--threads"),
    (&["chesswar", "selfplay"], "--movetime"),
    (&["chesswar", "selfplay"], "--nodes"),
    (&["chesswar", "selfplay"], "--budget"),
    (&["chesswar", "play"], "--seed"),
    (&["chesswar", "play"], "--movetime"),
    (&["chesswar", "play"], "--nodes"),
    (&["chesswar", "play"], "--budget"),
];

#[test]
fn absurd_numbers_are_one_clear_line_for_every_flag() {
    for (before, flag) in NUMERIC_FLAGS {
        for value in ["99999999999999999999", "-1", "abc", "1e9", ""] {
            let mut args = before.to_vec();
            args.extend([*flag, value]);
            let out = motley(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!crashed(&out), "{args:?} crashed: {stderr}");
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
            assert!(
                stderr.contains(flag),
                "{args:?} should name {flag}: {stderr}"
            );
            assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
            let why = match value {
                "99999999999999999999" => "too large",
                "-1" => "negative",
                "" => "empty",
                "1e9" if *flag == "--st" => "too large",
                _ => "not a",
            };
            assert!(
                stderr.contains(why),
                "{args:?} should say '{why}': {stderr}"
            );
            assert!(
                !stderr.contains("unexpected argument"),
                "{args:?}: {stderr}"
            );
        }
    }
}

#[test]
fn absurd_time_controls_are_one_line() {
    for tc in [
        "99999999999999999999+0",
        "1e300+1e300",
        "-1",
        "abc",
        "",
        "1+-1",
    ] {
        let args = ["match", "--engine1", "x", "--engine2", "y", "--tc", tc];
        let out = motley(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!crashed(&out), "{args:?} crashed: {stderr}");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("time control"), "{args:?}: {stderr}");
    }
}

fn assert_names_every_game(text: &str, context: &str) {
    // Every game a user can name.
    for game in motley::rules::variant::game_names() {
        assert!(text.contains(game), "{context} should name {game}: {text}");
    }
}

#[test]
fn every_list_of_games_names_all_six() {
    for command in ["analyse", "perft", "match"] {
        let out = motley(&[command, "--help"]);
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        // The option's help runs to the next option.
        let after = help.split("--variant <VARIANT>").nth(1).unwrap_or("");
        let mut lines = after.lines();
        let first = lines.next().unwrap_or("");
        let variant_help: String = std::iter::once(first)
            .chain(lines.take_while(|line| !line.trim_start().starts_with('-')))
            .collect();
        assert_names_every_game(&variant_help, &format!("{command} --help"));
    }
    for args in [
        &["analyse", "--variant", "xiangqi", "--depth", "1"][..],
        &["perft", "--variant", "xiangqi", "--depth", "1"],
        &[
            "match",
            "--variant",
            "xiangqi",
            "--engine1",
            "x",
            "--engine2",
            "y",
            "--st",
            "1",
        ],
    ] {
        let out = motley(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(stderr.contains("xiangqi"), "{stderr}");
        assert_names_every_game(&stderr, &format!("{args:?}"));
    }
}

#[test]
fn chesswar_in_a_chess_command_points_to_its_own_command() {
    for args in [
        &["analyse", "--variant", "chesswar", "--depth", "1"][..],
        &["perft", "--variant", "chesswar", "--depth", "1"],
    ] {
        let out = motley(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(stderr.contains("motley chesswar"), "{stderr}");
        assert!(!stderr.contains("unknown"), "{stderr}");
    }
}

#[test]
fn a_hole_in_a_game_without_holes_says_so() {
    assert_one_line_error(
        &[
            "perft",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "--depth",
            "1",
        ],
        &["'*'", "hole", "wauchess", "chess"],
    );
}

/// FENs no game accepts, each with a word its error must contain.
fn hostile_fens(start: &str) -> Vec<(String, &'static str)> {
    let (board, _) = start.split_once(' ').unwrap();
    let first_rank_end = board.find('/').unwrap();
    let king = board.find('k').unwrap();
    let mut two_kings = board.to_string();
    two_kings.replace_range(king..king + 1, "K");
    let mut no_king = board.to_string();
    no_king.replace_range(king..king + 1, "1");
    let mut long_rank = board.to_string();
    long_rank.insert(first_rank_end, 'q');
    let mut unknown = board.to_string();
    unknown.insert(first_rank_end, 'x');
    let mut ranks: Vec<&str> = board.split('/').collect();
    ranks[1] = "99999999999999999999999";
    let huge_run = ranks.join("/");
    vec![
        (String::new(), "empty"),
        ("p".repeat(1000), "fields"),
        (
            format!("{}/{} w - - 0 1", "8".repeat(10), "8/".repeat(500)),
            "ranks",
        ),
        (board.to_string(), "fields"),
        (format!("{board} w - - 0 1 x y z"), "fields"),
        (format!("{}/8 w - - 0 1", board), "ranks"),
        (format!("{long_rank} w - - 0 1"), "squares"),
        (format!("{unknown} w - - 0 1"), "'x'"),
        (format!("{huge_run} w - - 0 1"), "empty-square count"),
        (format!("{board} w KQkqZ - 0 1"), "castling"),
        (format!("{board} w - e2 0 1"), "en passant"),
        (format!("{board} w - - 4294967296 1"), "too large"),
        (format!("{board} w - - -1 1"), "negative"),
        (format!("{board} w - - 0 4294967296"), "too large"),
        (format!("{board} w - - 0 -1"), "negative"),
        (format!("{two_kings} w - - 0 1"), "kings"),
        (format!("{no_king} w - - 0 1"), "kings"),
    ]
}

#[test]
fn hostile_fens_get_one_clear_line_in_every_game() {
    let games = [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "wadchess",
            "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
        ),
        (
            "paritychess",
            "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
        ),
        (
            "chad",
            "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
        ),
        (
            "wauchess",
            "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1",
        ),
    ];
    for (game, start) in games {
        for (fen, word) in hostile_fens(start) {
            for command in ["perft", "analyse"] {
                let args = [command, "--variant", game, "--depth", "1", "--fen", &fen];
                let out = motley(&args);
                let stderr = String::from_utf8_lossy(&out.stderr);
                let shown: String = fen.chars().take(80).collect();
                assert!(!crashed(&out), "{game} '{shown}' crashed: {stderr}");
                assert!(!out.status.success(), "{game} '{shown}' accepted");
                assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
                assert!(
                    stderr.contains(word),
                    "{game} '{shown}': '{stderr}' should say '{word}'"
                );
            }
        }
    }
}

#[test]
fn wauchess_field_count_error_allows_seven_fields() {
    assert_one_line_error(
        &[
            "perft",
            "--variant",
            "wauchess",
            "--depth",
            "1",
            "--fen",
            "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9 x",
        ],
        &["4 to 7", "found 8"],
    );
}

/// Text files named on the command line (openings, PGN games, labels)
/// that never end or are not files are refused before reading.
#[test]
fn endless_or_special_input_files_are_refused_at_once() {
    let motley_path = MOTLEY;
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    for path in ["/dev/zero", dir] {
        if !std::path::Path::new(path).exists() {
            continue;
        }
        let started = std::time::Instant::now();
        assert_one_line_error(
            &[
                "match",
                "--engine1",
                motley_path,
                "--engine2",
                motley_path,
                "--st",
                "0.1",
                "--openings",
                path,
            ],
            &[path, "not a regular file"],
        );
        assert_one_line_error(&["tune-eval", path], &[path, "not a regular file"]);
        assert_one_line_error(
            &["tune-eval", "--labels", path],
            &[path, "not a regular file"],
        );
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(5), "{path}: {took:?}");
    }
}

#[test]
fn tune_eval_refuses_bad_input_in_one_line() {
    assert_one_line_error(
        &["tune-eval", "--variant", "chess", "/nonexistent/games.pgn"],
        &["cannot read", "/nonexistent/games.pgn"],
    );
    assert_one_line_error(&["tune-eval", "--variant", "chad", "games.pgn"], &["Chad"]);
    let dir = Scratch::new("tune-cli");
    let labels = dir.join("bad.labels");
    std::fs::write(&labels, "4k3/8/8/8/8/8/8/4K3 w - - 0 1;many\n").unwrap();
    assert_one_line_error(
        &["tune-eval", "--labels", labels.to_str().unwrap()],
        &["line 1", "not a number"],
    );
}

#[test]
fn tune_eval_writes_positions_and_tunes_on_labels() {
    let dir = Scratch::new("tune-run");
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &pgn,
        "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
         6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n",
    )
    .unwrap();
    let fens = dir.join("positions.fen");
    let out = motley(&[
        "tune-eval",
        "--write-positions",
        fens.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(&fens).unwrap();
    // Plies 8 to 15 of the record, all quiet.
    assert_eq!(written.lines().count(), 8);
    let labels = dir.join("positions.labels");
    let labelled: String = written
        .lines()
        .enumerate()
        .map(|(i, fen)| format!("{fen};{}\n", 40 * i as i32 - 100))
        .collect();
    std::fs::write(&labels, labelled).unwrap();
    let out = motley(&[
        "tune-eval",
        "--passes",
        "1",
        "--labels",
        labels.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("positions to tune on"), "{stdout}");
    assert!(stdout.contains("EvalParams {"), "{stdout}");
}

#[test]
fn datagen_writes_a_file_that_stats_reads_and_refuses_bad_files() {
    let dir = Scratch::new("cli-datagen");
    let file = dir.join("wad.data");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let out = motley(&[
        "datagen",
        "--variant",
        "wadchess",
        "--out",
        path,
        "--games",
        "2",
        "--nodes",
        "300",
        "--threads",
        "2",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("games 2/2"), "{stdout}");
    let written: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("wrote "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a count of positions");
    assert!(written > 0, "{stdout}");

    let stats = motley(&["datagen", "--stats", path]);
    let text = String::from_utf8_lossy(&stats.stdout);
    assert!(stats.status.success(), "{text}");
    assert!(text.contains("game      wadchess"), "{text}");
    assert!(text.contains(&format!("positions {written}")), "{text}");

    // Another game's positions are not appended to it.
    assert_one_line_error(
        &[
            "datagen",
            "--variant",
            "chess",
            "--out",
            path,
            "--games",
            "1",
        ],
        &["wadchess positions, not chess"],
    );
    // A cut-short file and a file of something else.
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
    let cut = motley(&["datagen", "--stats", path]);
    assert!(!cut.status.success());
    assert!(String::from_utf8_lossy(&cut.stderr).contains("cut short"));
    std::fs::write(&file, "1. e4 e5").unwrap();
    assert_one_line_error(
        &["datagen", "--stats", path],
        &["not a motley training-data file"],
    );
    // A header naming an unknown game in bytes a terminal would obey:
    // they are shown escaped, never raw.
    let mut header = b"MOTLEYTD".to_vec();
    header.extend_from_slice(&bytes[8..10]);
    header.extend_from_slice(b"\x05\x1b[2J\xff");
    std::fs::write(&file, &header).unwrap();
    assert_one_line_error(
        &["datagen", "--stats", path],
        &["unknown game '\\x1b[2J\\xff'"],
    );
    let stats = motley(&["datagen", "--stats", path]);
    assert!(
        !stats.stderr.iter().any(|&b| b == 0x1b || b >= 0x80),
        "raw bytes: {:?}",
        String::from_utf8_lossy(&stats.stderr)
    );
    // --out a directory: the error names it.
    let dir_path = dir.to_str().unwrap();
    assert_one_line_error(
        &["datagen", "--out", dir_path, "--games", "1"],
        &[dir_path, "a directory"],
    );
    assert_one_line_error(&["datagen", "--variant", "chess"], &["--out"]);
    for minutes in ["0", "-1", "soon", "1e9"] {
        assert_one_line_error(
            &["datagen", "--out", path, "--minutes", minutes],
            &["minutes"],
        );
    }
}

/// Writes `games` self-play games of `game` (hand-written evaluation,
/// 300 nodes a move) to `data`, which must not exist yet.
fn generate_data(game: &str, data: &str, games: &str) {
    let generated = motley(&[
        "datagen",
        "--variant",
        game,
        "--out",
        data,
        "--games",
        games,
        "--nodes",
        "300",
        "--threads",
        "2",
        "--hand-written",
    ]);
    assert!(
        generated.status.success(),
        "{}",
        String::from_utf8_lossy(&generated.stderr)
    );
}

/// A scratch folder named `name` holding `games` games of `game`'s data
/// (`GAME.data`), and the path a network for it is to be written to
/// (`GAME.nnue`).
fn scratch_with_data(name: &str, game: &str, games: &str) -> (Scratch, String, String) {
    let dir = Scratch::new(name);
    let data = dir.join(format!("{game}.data"));
    let net = dir.join(format!("{game}.nnue"));
    let _ = std::fs::remove_file(&data);
    let (data, net) = (
        data.to_str().unwrap().to_string(),
        net.to_str().unwrap().to_string(),
    );
    generate_data(game, &data, games);
    (dir, data, net)
}

/// The network pipeline for a game read from a file: data, a network,
/// and the network played.
#[test]
fn a_file_games_network_is_generated_trained_and_loaded() {
    let (_dir, data, net) = scratch_with_data("cli-train-capablanca", "capablanca", "6");
    let (data_path, net_path) = (data.as_str(), net.as_str());
    let train = motley(&[
        "train",
        "--variant",
        "capablanca",
        "--data",
        data_path,
        "--out",
        net_path,
        "--hidden",
        "8",
        "--epochs",
        "1",
    ]);
    assert!(
        train.status.success(),
        "{}",
        String::from_utf8_lossy(&train.stderr)
    );
    let eval = motley(&["eval", "--variant", "capablanca", "--eval-file", net_path]);
    let text = String::from_utf8_lossy(&eval.stdout);
    assert!(eval.status.success(), "{text}");
    assert!(text.contains("network "), "{text}");
    assert_one_line_error(
        &["eval", "--variant", "gothic", "--eval-file", net_path],
        &["a network for capablanca, not for gothic"],
    );
}

#[test]
fn train_writes_a_network_that_eval_and_uci_load() {
    let (dir, data, net) = scratch_with_data("cli-train", "chess", "4");
    let (data_path, net_path) = (data.as_str(), net.as_str());
    let train = motley(&[
        "train",
        "--variant",
        "chess",
        "--data",
        data_path,
        "--out",
        net_path,
        "--hidden",
        "16",
        "--epochs",
        "2",
        "--batch",
        "64",
    ]);
    let stdout = String::from_utf8_lossy(&train.stdout);
    assert!(
        train.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&train.stderr)
    );
    assert!(stdout.contains("epoch   2/2"), "{stdout}");
    assert!(stdout.contains("validation loss"), "{stdout}");
    // Held-out files in place of the share: here the training file itself.
    let held_net = dir.join("held.nnue");
    let held = motley(&[
        "train",
        "--variant",
        "chess",
        "--data",
        data_path,
        "--validation-data",
        data_path,
        "--out",
        held_net.to_str().unwrap(),
        "--hidden",
        "8",
        "--epochs",
        "1",
    ]);
    let held_stdout = String::from_utf8_lossy(&held.stdout);
    assert!(held.status.success(), "{held_stdout}");
    assert!(held_stdout.contains("held-out ones"), "{held_stdout}");
    // Training on from the network just written; one of another shape is
    // refused.
    let next_net = dir.join("next.nnue");
    let next_args = |hidden: &'static str| {
        [
            "train",
            "--variant",
            "chess",
            "--data",
            data_path,
            "--out",
            next_net.to_str().unwrap(),
            "--hidden",
            hidden,
            "--epochs",
            "1",
            "--init",
            net_path,
        ]
        .map(String::from)
        .to_vec()
    };
    let args = next_args("16");
    let next = motley(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let next_stdout = String::from_utf8_lossy(&next.stdout);
    assert!(next.status.success(), "{next_stdout}");
    assert!(
        next_stdout.contains("starting network's validation loss"),
        "{next_stdout}"
    );
    let args = next_args("8");
    assert_one_line_error(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &["--init", "hidden size is 16, the run's 8"],
    );

    let eval = motley(&["eval", "--eval-file", net_path, "--moves", "e2e4"]);
    let text = String::from_utf8_lossy(&eval.stdout);
    assert!(eval.status.success(), "{text}");
    assert!(
        text.contains("hand-written") && text.contains("network "),
        "{text}"
    );
    assert!(!text.contains("not used"), "{text}");

    // A network for another game, a damaged one, another game's data.
    assert_one_line_error(
        &["eval", "--variant", "wadchess", "--eval-file", net_path],
        &["a network for chess, not for wadchess"],
    );
    let wad_data = dir.join("wad.data");
    assert_one_line_error(
        &[
            "datagen",
            "--variant",
            "wadchess",
            "--out",
            wad_data.to_str().unwrap(),
            "--eval-file",
            net_path,
        ],
        &["a network for chess, not for wadchess"],
    );
    assert!(!wad_data.exists(), "a refused run writes nothing");
    let mut bytes = std::fs::read(&net).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    let damaged = dir.join("damaged.nnue");
    std::fs::write(&damaged, &bytes).unwrap();
    assert_one_line_error(
        &["eval", "--eval-file", damaged.to_str().unwrap()],
        &["damaged"],
    );
    assert_one_line_error(
        &[
            "train",
            "--variant",
            "wadchess",
            "--data",
            data_path,
            "--out",
            net_path,
        ],
        &["chess positions, not wadchess"],
    );

    // An `--out` that is a data file, one in a missing directory and a
    // split that leaves nothing to train on are refused before training,
    // and the data is untouched.
    let before = std::fs::read(&data).unwrap();
    let train_args = |out: &str, validation: &str| -> Vec<String> {
        [
            "train",
            "--variant",
            "chess",
            "--data",
            data_path,
            "--out",
            out,
            "--hidden",
            "8",
            "--epochs",
            "1",
            "--validation",
            validation,
        ]
        .map(String::from)
        .to_vec()
    };
    let refused = |args: Vec<String>, words: &[&str]| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_one_line_error(&args, words);
    };
    let same_file = dir.join(".").join("chess.data");
    refused(
        train_args(same_file.to_str().unwrap(), "0.1"),
        &["is the data file", "destroy"],
    );
    let missing = dir.join("no-such-dir").join("net.nnue");
    refused(
        train_args(missing.to_str().unwrap(), "0.1"),
        &["no directory", "no-such-dir"],
    );
    let all_held = dir.join("all-held.nnue");
    refused(
        train_args(all_held.to_str().unwrap(), "1"),
        &["--validation 1 holds out all", "none is left to train on"],
    );
    assert!(!all_held.exists(), "a refused run writes nothing");
    assert_eq!(std::fs::read(&data).unwrap(), before, "the data is intact");

    // Files that never end or are not files are refused before reading.
    for path in ["/dev/zero", dir.to_str().unwrap()] {
        if std::path::Path::new(path).exists() {
            assert_one_line_error(&["eval", "--eval-file", path], &["not a regular file"]);
        }
    }

    // Over UCI: the network loads, a damaged one is refused and the one
    // loaded stays.
    let session = format!(
        "setoption name EvalFile value {net_path}\neval\nsetoption name EvalFile value {}\neval\nsetoption name Use NNUE value false\neval\nquit\n",
        damaged.display()
    );
    let uci = motley_with_input(&["uci"], &session);
    let out = String::from_utf8_lossy(&uci.stdout);
    let networks: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string network"))
        .collect();
    assert_eq!(networks.len(), 3, "{out}");
    assert!(
        !networks[0].contains("not used") && !networks[1].contains("not used"),
        "{out}"
    );
    assert_eq!(networks[0], networks[1], "{out}");
    assert!(networks[2].contains("not used (Use NNUE is off)"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("info string error") && l.contains("damaged")),
        "{out}"
    );
}

/// A game of a variants.ini file played from the command line, and
/// `check` naming each section's fate.
const GAMES_FILE: &str = "\
[minichess-r:chess]
maxFile = f
maxRank = 6
queen = -
startFen = rnbkbr/pppppp/6/6/PPPPPP/RNBKBR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *5
promotionPieceTypes = rbn
castling = false

[lame:chess]
customPiece1 = h:nN

[drops:chess]
pieceDrops = true
";

#[test]
fn games_from_a_file_are_checked_and_played() {
    let dir = Scratch::new("cli-variants");
    let file = dir.join("games.ini");
    std::fs::write(&file, GAMES_FILE).unwrap();
    let path = file.to_str().unwrap();

    let out = motley(&["check", path]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!(lines[0], format!("{path}:1: [minichess-r] loads"));
    assert!(
        lines[1].contains(":13: [lame] pieces: cannot be played yet: piece 'h' (customPiece1, nN)"),
        "{stdout}"
    );
    assert!(
        lines[2].contains(":17: [drops] pieceDrops: motley does not play this rule"),
        "{stdout}"
    );
    assert_eq!(
        lines[3],
        format!("{path}: 3 sections: 1 load, 1 cannot be played yet, 1 refused")
    );

    // Fairy-Stockfish (pyffish 0.0.90) counts 37757 at depth 4.
    let out = motley(&[
        "perft",
        "--variants",
        path,
        "--variant",
        "minichess-r",
        "--depth",
        "4",
    ]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "Nodes searched: 37757"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.starts_with("warning: "))
            .count(),
        2,
        "{stderr}"
    );

    let out = motley(&[
        "--variants",
        path,
        "analyse",
        "--variant",
        "minichess-r",
        "--depth",
        "6",
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("best move: "));

    assert_one_line_error(
        &["perft", "--variants", "/no/such.ini", "--depth", "1"],
        &["cannot read", "/no/such.ini"],
    );
}
