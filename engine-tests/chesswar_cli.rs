//! `motley chesswar` as a user meets it: self-play series that replay from
//! their seed, games at the terminal with scripted input, and one-line
//! errors with exit code 2 for bad arguments.

use std::process::Output;

use motley::chesswar::{Race, Side, Slot, Square, State};

use crate::support::binary::{motley, motley_with_input};

fn stdout_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn assert_bad_input(args: &[&str], words: &[&str]) {
    let out = motley(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "'{stderr}' should name '{word}'");
    }
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
}

/// The lines of a self-play run without the timing line.
fn without_times(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| !l.starts_with("time:"))
        .map(str::to_string)
        .collect()
}

#[test]
fn selfplay_replays_from_its_seed_on_any_number_of_threads() {
    let args = [
        "chesswar",
        "selfplay",
        "--games",
        "4",
        "--seed",
        "7",
        "--white",
        "elf",
        "--black",
        "orc",
        "--white-player",
        "greedy",
        "--black-player",
        "random",
    ];
    let first = motley(&args);
    assert!(first.status.success(), "{first:?}");
    let text = stdout_of(&first);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{text}");
    for (i, line) in games.iter().enumerate() {
        assert!(line.starts_with(&format!("game {}: ", i + 1)), "{text}");
        assert!(line.contains(&format!("seed {}", 7 + i)), "{text}");
        assert!(
            ["1-0", "0-1", "1/2-1/2"]
                .iter()
                .any(|r| line.contains(&format!(": {r} "))),
            "{text}"
        );
    }
    assert!(text.contains("white wins "), "{text}");
    assert!(text.contains("draws "), "{text}");
    assert!(text.contains("black wins "), "{text}");
    assert!(text.contains("in 4 games"), "{text}");
    assert!(text.contains("rounds"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("time:")), "{text}");

    let again = motley(&args);
    assert_eq!(without_times(&text), without_times(&stdout_of(&again)));
    let mut threaded_args = args.to_vec();
    threaded_args.extend(["--threads", "3"]);
    let threaded = motley(&threaded_args);
    assert!(threaded.status.success());
    assert_eq!(without_times(&text), without_times(&stdout_of(&threaded)));

    let other = motley(&[
        "chesswar",
        "selfplay",
        "--games",
        "4",
        "--seed",
        "8",
        "--white",
        "elf",
        "--black",
        "orc",
        "--white-player",
        "greedy",
        "--black-player",
        "random",
    ]);
    let other_text = stdout_of(&other);
    // Game i of seed 8 is game i+1 of seed 7.
    let shifted: Vec<String> = other_text
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| l.split_once(": ").unwrap().1.to_string())
        .collect();
    let original: Vec<String> = games
        .iter()
        .map(|l| l.split_once(": ").unwrap().1.to_string())
        .collect();
    assert_eq!(shifted[..3], original[1..]);
}

#[test]
fn bad_arguments_are_one_line_with_exit_code_2() {
    assert_bad_input(&["chesswar", "selfplay", "--games", "0"], &["games"]);
    assert_bad_input(&["chesswar", "selfplay", "--threads", "0"], &["threads"]);
    assert_bad_input(&["chesswar", "selfplay", "--white", "gnome"], &["gnome"]);
    assert_bad_input(
        &["chesswar", "selfplay", "--black-player", "expectimaxx"],
        &["expectimaxx"],
    );
    assert_bad_input(&["chesswar", "selfplay", "--games", "many"], &["many"]);
    assert_bad_input(&["chesswar", "play", "--white", "bob"], &["bob"]);
    assert_bad_input(&["chesswar", "play", "--black-race", "hobbit"], &["hobbit"]);
    assert_bad_input(&["chesswar", "play", "--dice", "loaded"], &["loaded"]);
    assert_bad_input(&["chesswar", "play", "--state", "not a state"], &["state"]);
    assert_bad_input(&["chesswar", "dance"], &["dance"]);
}

#[test]
fn unreachable_states_are_refused_at_the_start() {
    assert_bad_input(
        &[
            "chesswar",
            "play",
            "--white",
            "random",
            "--black",
            "random",
            "--state",
            "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK human/human w movement 1 0 - - std - -",
        ],
        &["bad state", "16 General", "at most 1"],
    );
    assert_bad_input(
        &[
            "chesswar",
            "play",
            "--white",
            "random",
            "--black",
            "random",
            "--state",
            "8/8/8/8/8/8/8/8 human/human w movement 4294967295 4294967295 - - std - -",
        ],
        &[
            "no general",
            "round 4294967295",
            "quiet-round count 4294967295",
        ],
    );
}

fn play_engines(seed: &str) -> Output {
    motley(&[
        "chesswar", "play", "--white", "random", "--black", "random", "--seed", seed,
    ])
}

#[test]
fn play_between_program_players_finishes_the_game() {
    let out = play_engines("5");
    assert!(out.status.success(), "{out:?}");
    let text = stdout_of(&out);
    assert!(text.contains("seed 5"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("white (random): ")),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("black (random): ")),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("die for ")), "{text}");
    let result = text
        .lines()
        .find(|l| l.starts_with("result: "))
        .unwrap_or_else(|| panic!("no result line: {text}"));
    // The same seed plays the same game, and it is the self-play game of
    // that seed.
    assert_eq!(stdout_of(&play_engines("5")), text);
    let series = motley(&[
        "chesswar",
        "selfplay",
        "--games",
        "1",
        "--seed",
        "5",
        "--white-player",
        "random",
        "--black-player",
        "random",
    ]);
    let series = stdout_of(&series);
    let game = series.lines().find(|l| l.starts_with("game 1: ")).unwrap();
    let tokens = result
        .rsplit_once(", ")
        .unwrap()
        .1
        .trim_end_matches(" tokens)");
    assert!(
        game.contains(&format!("tokens {tokens},")),
        "{game} / {result}"
    );
    let score = result["result: ".len()..].split(' ').next().unwrap();
    assert!(
        game.starts_with(&format!("game 1: {score} ")),
        "{game} / {result}"
    );
}

#[test]
fn a_person_types_a_number_gets_told_off_for_nonsense_and_quits() {
    let out = motley_with_input(
        &[
            "chesswar", "play", "--white", "human", "--black", "random", "--seed", "3",
        ],
        "state\n1\nstate\nzz:nonsense\n0\nquit\n",
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout_of(&out);
    // The board, its legend and the numbered tokens.
    assert!(text.contains("    a b c d e f g h"), "{text}");
    assert!(text.lines().any(|l| l.starts_with(" 8 ")), "{text}");
    assert!(text.lines().any(|l| l.starts_with(" 1 ")), "{text}");
    assert!(text.contains("K = General (human, white)"), "{text}");
    assert!(text.contains("round 1, movement phase: white"), "{text}");
    assert!(text.contains("  1 "), "{text}");
    // `state` prints the state string; token 1 (a move) was played, and
    // Black may have answered with a reaction since.
    let start = State::standard(Race::Human, Race::Human);
    let first = start.legal_tokens()[0].clone();
    assert!(first.starts_with("m:"), "{first}");
    let (from, to) = (&first[2..4], &first[4..6]);
    let states: Vec<State> = text
        .lines()
        .filter_map(|l| l.strip_prefix("white> "))
        .filter_map(|l| l.parse::<State>().ok())
        .collect();
    assert_eq!(states.len(), 2, "{text}");
    assert_eq!(states[0], start, "{text}");
    let unit = |st: &State, sq: &str| st.unit_at(sq.parse::<Square>().unwrap()).copied();
    assert!(unit(&states[1], from).is_none(), "{first}: {text}");
    let moved = unit(&states[1], to).expect("the unit moved");
    assert_eq!((moved.side, moved.slot), (Side::White, Slot::P), "{text}");
    assert!(
        text.contains("'zz:nonsense' is not a legal token here"),
        "{text}"
    );
    assert!(text.contains("there is no token number 0"), "{text}");
    assert!(text.contains("game left unfinished"), "{text}");
}

#[test]
fn the_end_of_the_input_ends_the_program_cleanly() {
    let out = motley_with_input(
        &[
            "chesswar", "play", "--white", "random", "--black", "human", "--seed", "4",
        ],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    assert!(stdout_of(&out).contains("game left unfinished"));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn typed_dice_ask_again_after_nonsense() {
    let out = motley_with_input(
        &[
            "chesswar", "play", "--white", "random", "--black", "random", "--seed", "2", "--dice",
            "typed",
        ],
        "seven\n3\n",
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout_of(&out);
    assert!(text.contains("roll a die for "), "{text}");
    assert!(text.contains("'seven' is not a die result"), "{text}");
    assert!(text.contains("game left unfinished"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("die for ")), "{text}");
}

#[test]
fn selfplay_defaults_take_about_a_minute() {
    let out = motley(&["chesswar", "selfplay", "--help"]);
    let help = stdout_of(&out);
    let games = help.split("--games").nth(1).unwrap_or("");
    let games: String = games.lines().take(2).collect();
    assert!(games.contains("[default: 10]"), "{help}");
    let movetime = help.split("--movetime").nth(1).unwrap_or("");
    let movetime: String = movetime.lines().take(3).collect();
    assert!(movetime.contains("80 in `selfplay`"), "{help}");
}

#[test]
fn selfplay_reports_progress_with_the_time_left() {
    let out = motley(&[
        "chesswar",
        "selfplay",
        "--games",
        "3",
        "--white-player",
        "random",
        "--black-player",
        "random",
    ]);
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "one progress line a game: {stderr}");
    for (i, line) in lines.iter().enumerate() {
        assert!(line.contains(&format!("{}/3 games", i + 1)), "{stderr}");
        assert!(line.contains("elapsed"), "{stderr}");
    }
    assert!(lines[0].contains("left"), "{stderr}");
    assert!(!stderr.contains('\r'), "no carriage returns off a terminal");
    // The results stay on standard output, unchanged.
    assert!(stdout_of(&out).contains("in 3 games"));
}
