//! UCI as a GUI meets it: whole conversations with the `motley` binary
//! over its standard input and output.
//!
//! Most tests are transcripts in `engine-tests/uci/*.txt`; the rest are
//! written out below where they need to compute something (legal move
//! lists, `info` fields, timings). Every line the engine prints, in every
//! test, must be a UCI reply (or part of `go perft` output), and every wait
//! has a timeout, so a hung engine fails its test instead of hanging it.
//!
//! # Transcript format
//!
//! The shared format (`support/conversation.rs`), where `<~` may skip
//! `info` lines other than `info string`, and two directives of UCI's own:
//!
//! | directive | meaning |
//! |---|---|
//! | `perft has M...` / `perft lacks M...` | `go perft 1` lists (does not list) these moves |
//! | `perft count N` | `go perft 1` lists exactly `N` moves |
//! | `search GO...` | send the `go` command; the `bestmove` must be a legal move (`(none)` when there is none), accepted back by `position`, and its `ponder` move legal after it |
//!
//! `search` replays the last `position` command sent (or the start
//! position after `setoption name UCI_Variant`), so that command must have
//! been accepted.
//!
//! In ChessWar (`UCI_Variant chesswar`) the same directives apply: a
//! "move" is a ChessWar token (`m:e2e4`, `s:zap:d1e5`, `d3`, `end`, ...),
//! `go perft 1` lists the legal tokens, and `search` checks that the
//! `bestmove` token is one of them.

use std::collections::{BTreeMap, BTreeSet};
use std::thread;
use std::time::{Duration, Instant};

use crate::support::conversation::{self, Conversation, Dialect, TIMEOUT, glob};
use crate::transcript_tests;

/// What "at once" means for `stop`, `quit` and `ponderhit`.
const PROMPT: Duration = Duration::from_secs(5);

// ---------------------------------------------------------------------------
// Patterns and the shape of UCI replies

/// A move in wire spelling on the boards these games use: `e2e4`, `e7e8q`,
/// `c10c12` (files `a`-`l`, ranks of one or two digits), Wau Chess's
/// board moves (`^a4a6`), and ChessWar's tokens.
fn is_move(token: &str) -> bool {
    is_chess_move(token) || is_chesswar_token(token)
}

/// A move of the chess games (see [`is_move`]).
fn is_chess_move(token: &str) -> bool {
    fn square(s: &[u8]) -> Option<&[u8]> {
        let (&file, rest) = s.split_first()?;
        if !(b'a'..=b'l').contains(&file) {
            return None;
        }
        let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || rest[0] == b'0' {
            return None;
        }
        Some(&rest[digits..])
    }
    let (board_move, squares) = match token.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let Some(rest) = square(squares.as_bytes()).and_then(square) else {
        return false;
    };
    match rest {
        [] => true,
        _ if board_move => false,
        [p] => b"qrbncf".contains(p),
        _ => false,
    }
}

/// A ChessWar token (`rules/chesswar.md`, "On the wire"): `m:e2e4`,
/// `f:c1e5`, `a:d4d5`, `adv:d4d5`, `pick:e5`, `s:zap:d1e5` (a spell, the
/// caster and up to two more squares), `noadv`, `pass`, `end`, `d1`-`d6`.
fn is_chesswar_token(token: &str) -> bool {
    fn squares(s: &str) -> Option<usize> {
        let b = s.as_bytes();
        let ok = b.len().is_multiple_of(2)
            && b.chunks(2)
                .all(|sq| (b'a'..=b'h').contains(&sq[0]) && (b'1'..=b'8').contains(&sq[1]));
        ok.then_some(b.len() / 2)
    }
    const SPELLS: [&str; 10] = [
        "zap",
        "storm",
        "dispel",
        "protection",
        "flight",
        "healing",
        "raisedead",
        "fear",
        "plague",
        "strike",
    ];
    match token.split_once(':') {
        Some(("m" | "f" | "a" | "adv", rest)) => squares(rest) == Some(2),
        Some(("pick", rest)) => squares(rest) == Some(1),
        Some(("s", rest)) => rest.split_once(':').is_some_and(|(spell, sqs)| {
            SPELLS.contains(&spell) && squares(sqs).is_some_and(|n| (1..=3).contains(&n))
        }),
        Some(_) => false,
        None => {
            matches!(
                token,
                "noadv" | "pass" | "end" | "d1" | "d2" | "d3" | "d4" | "d5" | "d6"
            )
        }
    }
}

/// A score as `info` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Score {
    Cp(i32),
    Mate(i32),
}

/// One `info` line, every field optional.
#[derive(Clone, Debug, Default)]
struct Info {
    fields: BTreeMap<String, u64>,
    score: Option<Score>,
    pv: Option<Vec<String>>,
    string: Option<String>,
}

impl Info {
    fn get(&self, key: &str) -> Option<u64> {
        self.fields.get(key).copied()
    }
    fn progress(&self) -> bool {
        self.string.is_none()
    }
}

/// Parses an `info` line by the UCI specification's keywords.
fn parse_info(line: &str) -> Result<Info, String> {
    let mut tokens = line.split(' ');
    if tokens.next() != Some("info") {
        return Err("not an info line".into());
    }
    let tokens: Vec<&str> = tokens.collect();
    let mut info = Info::default();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        i += 1;
        match key {
            "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "time" | "hashfull"
            | "currmovenumber" | "tbhits" | "sbhits" | "cpuload" => {
                let value = tokens
                    .get(i)
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| format!("'{key}' needs a non-negative number"))?;
                if info.fields.insert(key.to_string(), value).is_some() {
                    return Err(format!("'{key}' given twice"));
                }
                i += 1;
            }
            "score" => {
                let kind = tokens.get(i).copied();
                let value = tokens.get(i + 1).and_then(|v| v.parse::<i32>().ok());
                info.score = Some(match (kind, value) {
                    (Some("cp"), Some(v)) => Score::Cp(v),
                    (Some("mate"), Some(v)) => Score::Mate(v),
                    _ => return Err("'score' needs 'cp N' or 'mate N'".into()),
                });
                i += 2;
                if matches!(tokens.get(i), Some(&"lowerbound" | &"upperbound")) {
                    i += 1;
                }
            }
            "currmove" => {
                if !tokens.get(i).is_some_and(|m| is_move(m)) {
                    return Err("'currmove' needs a move".into());
                }
                i += 1;
            }
            "pv" | "refutation" | "currline" => {
                let moves: Vec<String> = tokens[i..].iter().map(|s| s.to_string()).collect();
                if key == "pv" && moves.is_empty() {
                    return Err("'pv' without moves".into());
                }
                if let Some(bad) = moves.iter().find(|m| !is_move(m)) {
                    return Err(format!("'{bad}' in '{key}' is not a move"));
                }
                if key == "pv" {
                    info.pv = Some(moves);
                }
                i = tokens.len();
            }
            "string" => {
                info.string = Some(tokens[i..].join(" "));
                i = tokens.len();
            }
            other => return Err(format!("unknown info field '{other}'")),
        }
    }
    if info.fields.is_empty() && info.score.is_none() && info.pv.is_none() && info.string.is_none()
    {
        return Err("empty info line".into());
    }
    Ok(info)
}

/// Whether `line` is something a UCI engine may say. `perft` says whether
/// a `go perft` listing is under way (its move lines, a blank line and
/// `Nodes searched: N` are allowed then).
fn check_reply(line: &str, perft: bool) -> Result<(), String> {
    let words: Vec<&str> = line.split(' ').collect();
    let ok = match words.as_slice() {
        ["uciok"] | ["readyok"] => true,
        ["id", "name" | "author", rest @ ..] => !rest.is_empty(),
        ["option", "name", rest @ ..] => {
            let at = rest.iter().position(|&w| w == "type");
            at.is_some_and(|t| {
                t > 0
                    && matches!(
                        rest.get(t + 1),
                        Some(&"check" | &"spin" | &"combo" | &"button" | &"string")
                    )
            })
        }
        ["info", ..] => return parse_info(line).map(|_| ()),
        ["bestmove", best] => *best == "(none)" || is_move(best),
        ["bestmove", best, "ponder", ponder] => is_move(best) && is_move(ponder),
        [""] if perft => true,
        ["Nodes", "searched:", n] if perft => n.parse::<u64>().is_ok(),
        [m, n] if perft => m.strip_suffix(':').is_some_and(is_move) && n.parse::<u64>().is_ok(),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err("not a UCI reply".into())
    }
}

// ---------------------------------------------------------------------------
// The driver

/// What UCI allows the engine to say, and what the conversation must
/// remember for that and for `search`.
struct UciDialect {
    /// A `go perft` listing is expected or under way.
    perft_open: bool,
    /// The last `position` command sent, for `search`.
    last_position: String,
}

impl Dialect for UciDialect {
    fn sent(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(at) = words.iter().position(|&w| w == "perft")
            && words.first() == Some(&"go")
            && words.get(at + 1).is_some_and(|n| n.parse::<u32>().is_ok())
        {
            self.perft_open = true;
        }
        match words.first() {
            Some(&"position") => self.last_position = words.join(" "),
            Some(&"setoption") if line.to_ascii_lowercase().contains("uci_variant") => {
                self.last_position = "position startpos".into();
            }
            _ => {}
        }
    }

    fn check(&mut self, line: &str) -> Result<(), String> {
        check_reply(line, self.perft_open)?;
        if line.starts_with("Nodes searched:") {
            self.perft_open = false;
        }
        Ok(())
    }

    fn is_progress(&self, line: &str) -> bool {
        parse_info(line).is_ok_and(|i| i.progress())
    }
}

/// A UCI conversation.
type Uci = Conversation<UciDialect>;

impl Conversation<UciDialect> {
    /// Starts the engine (it speaks UCI when started without a command).
    fn start(name: &str) -> Uci {
        Conversation::spawn(
            name,
            &[],
            UciDialect {
                perft_open: false,
                last_position: "position startpos".into(),
            },
        )
    }

    /// `isready` must be answered by `readyok` and nothing else.
    fn ready(&mut self) {
        self.send("isready");
        self.expect("readyok");
    }

    /// The moves `go perft 1` lists in the current position.
    fn legal_moves(&mut self) -> BTreeSet<String> {
        self.send("go perft 1");
        let mut moves = BTreeSet::new();
        loop {
            let line = self.next_line("the perft listing");
            if let Some(total) = line.strip_prefix("Nodes searched: ") {
                if total.parse::<usize>().ok() != Some(moves.len()) {
                    self.fail(&format!("{} moves listed but '{line}'", moves.len()));
                }
                return moves;
            }
            if line.is_empty() {
                continue;
            }
            match line.split_once(": ") {
                Some((m, "1")) => {
                    if !moves.insert(m.to_string()) {
                        self.fail(&format!("'{m}' listed twice"));
                    }
                }
                _ => self.fail(&format!("'{line}' in a perft 1 listing")),
            }
        }
    }

    /// Sends a `go` command and reads its progress up to `bestmove`:
    /// the `info` lines, the move and the ponder move.
    fn search(&mut self, go: &str) -> (Vec<Info>, String, Option<String>) {
        self.send(go);
        let (line, skipped) = self.wait_for("bestmove *", true);
        let infos = skipped.iter().map(|l| parse_info(l).unwrap()).collect();
        let words: Vec<&str> = line.split(' ').collect();
        let ponder = words.get(3).map(|p| p.to_string());
        (infos, words[1].to_string(), ponder)
    }

    /// The last position command with `moves` appended.
    fn position_after(&self, moves: &[&str]) -> String {
        let base = &self.dialect.last_position;
        let has_moves = base.split(' ').any(|w| w == "moves");
        let joiner = if has_moves { " " } else { " moves " };
        format!("{base}{joiner}{}", moves.join(" "))
    }

    /// Runs a search and checks that its `bestmove` is legal, that
    /// `position` takes it back, and that the ponder move is legal after
    /// it. Returns the search's `info` lines and the move.
    fn legal_search(&mut self, go: &str) -> (Vec<Info>, String) {
        let legal = self.legal_moves();
        let (infos, best, ponder) = self.search(go);
        if legal.is_empty() {
            if best != "(none)" {
                self.fail(&format!("'{best}' played where there is no legal move"));
            }
            return (infos, best);
        }
        if !legal.contains(&best) {
            self.fail(&format!("bestmove '{best}' is not among {legal:?}"));
        }
        let restore = self.dialect.last_position.clone();
        let after = self.position_after(&[&best]);
        self.send(&after);
        self.ready();
        if let Some(ponder) = ponder {
            let replies = self.legal_moves();
            if !replies.contains(&ponder) {
                self.fail(&format!("ponder move '{ponder}' is not among {replies:?}"));
            }
        }
        self.send(&restore);
        self.ready();
        (infos, best)
    }

    /// The variant and FEN `d` reports.
    fn display(&mut self) -> (String, String) {
        self.send("d");
        let line = self.expect("info string variant * fen *");
        let rest = &line["info string variant ".len()..];
        let (variant, fen) = rest.split_once(" fen ").unwrap();
        (variant.to_string(), fen.to_string())
    }
}

// ---------------------------------------------------------------------------
// Transcripts

fn run_transcript(name: &str, text: &str) {
    let mut uci = Uci::start(name);
    let file = format!("uci/{name}.txt");
    conversation::run_transcript(&mut uci, &file, text, &mut |uci, op, arg| {
        match op {
            "perft" => {
                let (what, moves) = arg.split_once(' ').expect("perft has|lacks|count ...");
                let legal = uci.legal_moves();
                match what {
                    "has" | "lacks" => {
                        for m in moves.split_whitespace() {
                            if legal.contains(m) != (what == "has") {
                                uci.fail(&format!("perft {what} '{m}': listed {legal:?}"));
                            }
                        }
                    }
                    "count" => {
                        let n: usize = moves.parse().expect("perft count N");
                        if legal.len() != n {
                            uci.fail(&format!("{} moves, not {n}: {legal:?}", legal.len()));
                        }
                    }
                    other => panic!("unknown perft check '{other}'"),
                }
            }
            "search" => {
                uci.legal_search(arg);
            }
            _ => return false,
        }
        true
    });
}

transcript_tests! {
    "uci", run_transcript;
    setoption;
    position_errors;
    commands;
    legal_bestmoves;
    chess_castling;
    wadchess_castling;
    paritychess_castling;
    wauchess_board_moves;
    no_legal_move;
    mate_scores;
    search_limits;
    infinite;
    ponder;
    quit;
    quit_while_pondering;
    end_of_input;
    end_of_input_while_searching;
    mate_in_two_with_a_quiet_sacrifice;
    go_without_limits;
    queued_commands;
    quit_with_queued_commands;
    end_of_input_with_queued_commands;
    perft_limits;
    end_of_input_during_perft;
    go_mate;
    game_ends;
    searchmoves;
    searchmoves_stopped_early;
    numbers;
    chesswar;
    chesswar_options;
    chesswar_perft;
    chesswar_dice;
}

// ---------------------------------------------------------------------------
// Tests that compute

/// The games and, for each, a position given as a FEN and moves.
const GAMES: [(&str, &str); 3] = [
    (
        "chess",
        "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 moves f1c4 g8f6",
    ),
    (
        "wadchess",
        "position fen r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1 moves e2e4 e7e5",
    ),
    ("paritychess", "position startpos moves f2f4 g7g5 f4g5"),
];

#[test]
fn handshake_names_the_engine_and_lists_every_option() {
    let mut uci = Uci::start("handshake");
    uci.send("uci");
    let name = uci.expect("id name *");
    assert!(name.contains("motley"), "{name}");
    uci.expect("id author *");
    let mut options: BTreeMap<String, Vec<String>> = BTreeMap::new();
    loop {
        let line = uci.next_line("options and uciok");
        if line == "uciok" {
            break;
        }
        let Some(rest) = line.strip_prefix("option name ") else {
            uci.fail(&format!("'{line}' between id and uciok"));
        };
        let (name, spec) = rest.split_once(" type ").unwrap();
        let words = spec.split(' ').map(str::to_string).collect();
        if options.insert(name.to_string(), words).is_some() {
            uci.fail(&format!("option '{name}' listed twice"));
        }
    }
    let expected = [
        ("UCI_Variant", "combo"),
        ("Hash", "spin"),
        ("Threads", "spin"),
        ("MultiPV", "spin"),
        ("Ponder", "check"),
        ("Move Overhead", "spin"),
        ("UCI_AnalyseMode", "check"),
        ("Clear Hash", "button"),
        ("Use NNUE", "check"),
        ("EvalFile", "string"),
        ("VariantPath", "string"),
        ("ChessWar White Race", "combo"),
        ("ChessWar Black Race", "combo"),
        ("ChessWar White Army", "string"),
        ("ChessWar Black Army", "string"),
        ("ChessWar Lengthened", "check"),
        ("ChessWar Budget", "spin"),
        ("ChessWar Dice", "combo"),
        ("ChessWar Seed", "spin"),
    ];
    for (name, kind) in expected {
        let Some(spec) = options.get(name) else {
            uci.fail(&format!("no option '{name}' in {options:?}"));
        };
        assert_eq!(spec[0], kind, "type of {name}: {spec:?}");
        // The rest of the line is `key value` pairs (`var` may repeat).
        let pairs: Vec<(&str, &str)> = spec[1..]
            .chunks(2)
            .map(|c| (c[0].as_str(), c.get(1).map_or("", String::as_str)))
            .collect();
        let value = |key: &str| pairs.iter().find(|p| p.0 == key).map(|p| p.1);
        match kind {
            "spin" => {
                let n = |key| {
                    value(key)
                        .and_then(|v| v.parse::<i64>().ok())
                        .unwrap_or_else(|| panic!("{name} needs a numeric {key}: {spec:?}"))
                };
                let (default, min, max) = (n("default"), n("min"), n("max"));
                assert!(min <= default && default <= max, "{name}: {spec:?}");
                assert_eq!(pairs.len(), 3, "{name}: {spec:?}");
            }
            "check" => {
                let default = if name == "Use NNUE" { "true" } else { "false" };
                assert_eq!(value("default"), Some(default), "{name}: {spec:?}");
                assert_eq!(pairs.len(), 1, "{name}: {spec:?}");
            }
            "combo" => {
                let vars: Vec<&str> = pairs.iter().filter(|p| p.0 == "var").map(|p| p.1).collect();
                let (choices, default): (Vec<String>, &str) = match name {
                    "UCI_Variant" => {
                        let built_in = ["chess", "wadchess", "paritychess", "chad", "wauchess"];
                        let mut names: Vec<String> =
                            built_in.iter().map(|s| s.to_string()).collect();
                        names.push("chesswar".to_string());
                        // The shipped games the rules core plays.
                        let shipped = crate::support::shipped_game_names();
                        assert!(shipped.contains(&"capablanca".to_string()));
                        names.extend(shipped);
                        (names, "chess")
                    }
                    "ChessWar Dice" => (vec!["gui".into(), "engine".into()], "gui"),
                    _ => (
                        ["human", "dwarf", "elf", "undead", "orc", "chaos"]
                            .map(String::from)
                            .to_vec(),
                        "human",
                    ),
                };
                assert_eq!(vars, choices, "{spec:?}");
                assert_eq!(value("default"), Some(default), "{spec:?}");
            }
            "string" => {
                assert_eq!(value("default"), Some("<empty>"), "{name}: {spec:?}");
                assert_eq!(pairs.len(), 1, "{name}: {spec:?}");
            }
            _ => assert_eq!(pairs.len(), 0, "{name}: {spec:?}"),
        }
    }
    assert_eq!(options.len(), expected.len(), "{options:?}");
    uci.ready();
    uci.send("quit");
    assert!(uci.exit_status(PROMPT).success());
}

/// Every `info` line of a search has each field a GUI shows, the numbers
/// make sense, the line `bestmove` ends with is the last one reported,
/// and the engine takes its own principal variation back as moves.
#[test]
fn info_lines_carry_every_field() {
    let mut uci = Uci::start("info_lines");
    for (variant, position) in GAMES {
        uci.send(&format!("setoption name UCI_Variant value {variant}"));
        uci.send(position);
        uci.ready();
        let legal = uci.legal_moves();
        let (infos, best, ponder) = uci.search("go depth 5");
        let progress: Vec<&Info> = infos.iter().filter(|i| i.progress()).collect();
        assert!(!progress.is_empty(), "{variant}: no info lines");
        let mut last_depth = 0;
        let mut last_nodes = 0;
        for info in &progress {
            for key in [
                "depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull",
            ] {
                assert!(info.get(key).is_some(), "{variant}: no {key} in {info:?}");
            }
            assert!(info.score.is_some(), "{variant}: no score in {info:?}");
            let pv = info.pv.as_ref().expect("a pv");
            assert!(legal.contains(&pv[0]), "{variant}: pv {pv:?} not legal");
            assert_eq!(info.get("multipv"), Some(1));
            assert!(info.get("hashfull").unwrap() <= 1000);
            let depth = info.get("depth").unwrap();
            assert!(depth > last_depth && depth <= 5, "{variant}: depth {depth}");
            last_depth = depth;
            let nodes = info.get("nodes").unwrap();
            assert!(nodes >= last_nodes && nodes > 0, "{variant}: nodes {nodes}");
            last_nodes = nodes;
        }
        assert_eq!(last_depth, 5, "{variant}: depth 5 reported");
        let pv = progress.last().unwrap().pv.clone().unwrap();
        assert_eq!(
            pv[0], best,
            "{variant}: bestmove is the last pv's first move"
        );
        if let Some(ponder) = ponder {
            assert_eq!(
                pv.get(1),
                Some(&ponder),
                "{variant}: ponder is the pv's reply"
            );
        }
        let line: Vec<&str> = pv.iter().map(String::as_str).collect();
        let replay = uci.position_after(&line);
        uci.send(&replay);
        uci.ready();
    }
}

#[test]
fn multipv_3_reports_three_lines_with_distinct_first_moves() {
    let mut uci = Uci::start("multipv");
    for (variant, position) in GAMES {
        uci.send(&format!("setoption name UCI_Variant value {variant}"));
        uci.send("setoption name MultiPV value 3");
        uci.send(position);
        uci.ready();
        let legal = uci.legal_moves();
        let (infos, best, _) = uci.search("go depth 4");
        let mut by_depth: BTreeMap<u64, Vec<(u64, String)>> = BTreeMap::new();
        for info in infos.iter().filter(|i| i.progress()) {
            let first = info.pv.as_ref().unwrap()[0].clone();
            assert!(legal.contains(&first), "{variant}: {first} not legal");
            by_depth
                .entry(info.get("depth").unwrap())
                .or_default()
                .push((info.get("multipv").unwrap(), first));
        }
        assert_eq!(by_depth.len(), 4, "{variant}: {by_depth:?}");
        for (depth, lines) in &by_depth {
            let numbers: Vec<u64> = lines.iter().map(|l| l.0).collect();
            assert_eq!(numbers, [1, 2, 3], "{variant} depth {depth}: {lines:?}");
            let firsts: BTreeSet<&String> = lines.iter().map(|l| &l.1).collect();
            assert_eq!(firsts.len(), 3, "{variant} depth {depth}: {lines:?}");
        }
        let deepest = by_depth.values().last().unwrap();
        assert_eq!(deepest[0].1, best, "{variant}: bestmove is multipv 1");
    }
    // Fewer legal moves than lines: one line per move.
    uci.send("setoption name UCI_Variant value chess");
    uci.send("position fen 7k/8/8/8/8/8/6q1/7K w - - 0 1");
    let (infos, best, _) = uci.search("go depth 3");
    assert_eq!(best, "h1g2");
    assert!(
        infos.iter().all(|i| i.get("multipv") == Some(1)),
        "{infos:?}"
    );
}

/// The lines of one MultiPV iteration come best first, at every depth.
#[test]
fn multipv_lines_come_best_first() {
    /// A score as a number that orders them: mates beyond centipawns.
    fn rank(score: Score) -> i64 {
        match score {
            Score::Cp(cp) => i64::from(cp),
            Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
            Score::Mate(n) => -1_000_000 - i64::from(n),
        }
    }
    let mut uci = Uci::start("multipv_order");
    uci.send("setoption name MultiPV value 3");
    for position in [
        "position startpos moves e2e4 e7e5 g1f3",
        "position startpos moves d2d4 d7d5 c2c4",
        "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    ] {
        uci.send("ucinewgame");
        uci.send(position);
        let (infos, best, _) = uci.search("go depth 6");
        let mut by_depth: BTreeMap<u64, Vec<(u64, Score, String)>> = BTreeMap::new();
        for info in infos.iter().filter(|i| i.progress()) {
            by_depth
                .entry(info.get("depth").unwrap())
                .or_default()
                .push((
                    info.get("multipv").unwrap(),
                    info.score.unwrap(),
                    info.pv.as_ref().unwrap()[0].clone(),
                ));
        }
        for (depth, lines) in &by_depth {
            for pair in lines.windows(2) {
                assert!(
                    rank(pair[0].1) >= rank(pair[1].1),
                    "{position} depth {depth}: lines out of order: {lines:?}"
                );
            }
        }
        let deepest = by_depth.values().last().unwrap();
        assert_eq!(deepest[0].2, best, "{position}: bestmove is multipv 1");
    }
}

/// `go perft` prints each root move's count as soon as it is known (in
/// the order the moves are listed), and `stop` ends a long count at once.
#[test]
fn perft_rows_come_as_they_are_counted() {
    let mut uci = Uci::start("perft_rows");
    for threads in ["1", "2"] {
        uci.send(&format!("setoption name Threads value {threads}"));
        uci.send("position startpos");
        uci.ready();
        // The whole count takes half a minute; its first row a second.
        uci.timeout = Duration::from_secs(10);
        uci.send("go perft 7");
        let first = uci.next_line("the first perft row");
        assert!(first.starts_with("b1a3: "), "threads {threads}: '{first}'");
        let start = Instant::now();
        uci.send("stop");
        uci.wait_for("info string perft stopped*", false);
        assert!(start.elapsed() < PROMPT, "stop took {:?}", start.elapsed());
        uci.ready();
        uci.timeout = TIMEOUT;
    }
}

/// A game against itself in each variant, as a GUI plays one: clocks,
/// `position startpos moves ...` growing by one move each turn.
#[test]
fn a_short_game_against_itself() {
    let mut uci = Uci::start("short_game");
    uci.send("uci");
    uci.wait_for("uciok", false);
    for (variant, _) in GAMES {
        uci.send(&format!("setoption name UCI_Variant value {variant}"));
        uci.send("ucinewgame");
        uci.ready();
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..8 {
            let line: Vec<&str> = moves.iter().map(String::as_str).collect();
            let position = if line.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", line.join(" "))
            };
            uci.send(&position);
            let (_, best) = uci.legal_search("go wtime 2000 btime 2000 winc 20 binc 20");
            assert_ne!(best, "(none)", "{variant} ply {ply}");
            moves.push(best);
        }
    }
    uci.send("quit");
    assert!(uci.exit_status(PROMPT).success());
}

/// `movetime` and the clocks are kept to, for the side to move.
#[test]
fn searches_keep_to_the_time_given() {
    let mut uci = Uci::start("time");
    uci.send("position startpos");
    let start = Instant::now();
    uci.search("go movetime 300");
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(200),
        "movetime 300 took {took:?}"
    );
    assert!(took < Duration::from_secs(5), "movetime 300 took {took:?}");
    // Black has 3 s left, White 10 min: Black's clock counts.
    uci.send("position startpos moves e2e4");
    let start = Instant::now();
    uci.search("go wtime 600000 btime 3000 winc 0 binc 0");
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(3),
        "with 3 s on the clock took {took:?}"
    );
}

/// `stop` ends an infinite search at once, and `quit` a search at once.
#[test]
fn stop_and_quit_are_prompt() {
    let mut uci = Uci::start("prompt");
    uci.send("setoption name UCI_Variant value paritychess");
    uci.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    uci.send("stop");
    uci.wait_for("bestmove *", true);
    assert!(start.elapsed() < PROMPT, "stop took {:?}", start.elapsed());
    uci.send("go depth 60");
    thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    uci.send("quit");
    let status = uci.exit_status(PROMPT);
    assert!(status.success(), "{status}");
    assert!(start.elapsed() < PROMPT, "quit took {:?}", start.elapsed());
}

/// An `EvalFile` that never ends (a device such as `/dev/zero`) or is not
/// a file is refused at once, before anything is read: `isready` answers
/// within a second and the process stays small.
#[test]
fn an_endless_eval_file_is_refused_at_once_and_memory_stays_small() {
    let mut uci = Uci::start("endless_eval_file");
    uci.ready();
    let dir = std::env::temp_dir();
    let dir = dir.to_str().expect("a UTF-8 temporary directory");
    for path in ["/dev/zero", "/dev/urandom", dir] {
        if !std::path::Path::new(path).exists() {
            eprintln!("skipped {path}: not on this system");
            continue;
        }
        let start = Instant::now();
        uci.send(&format!("setoption name EvalFile value {path}"));
        uci.send("isready");
        uci.expect("info string error: EvalFile *not a regular file*");
        uci.expect("readyok");
        let took = start.elapsed();
        assert!(took < Duration::from_secs(1), "{path} took {took:?}");
    }
    match uci.peak_memory_kib() {
        Some(kib) => assert!(kib < 100 * 1024, "the engine grew to {kib} KiB"),
        None => eprintln!("skipped the memory check: the system does not say"),
    }
    uci.send("go depth 2");
    uci.wait_for("bestmove *", true);
}

/// `VariantPath` loads a file's games, which `UCI_Variant` then names; a
/// file that cannot be read, or a section that does not load, is one
/// error line and the engine plays on.
#[test]
fn variant_path_loads_games_that_uci_variant_names() {
    let dir = crate::support::scratch::Scratch::new("uci-variant-path");
    let file = dir.join("games.ini");
    std::fs::write(
        &file,
        "[minichess-r:chess]\nmaxFile = f\nmaxRank = 6\nqueen = -\n\
         startFen = rnbkbr/pppppp/6/6/PPPPPP/RNBKBR w - - 0 1\n\
         promotionRegionWhite = *6\npromotionRegionBlack = *1\n\
         doubleStepRegionWhite = *2\ndoubleStepRegionBlack = *5\n\
         promotionPieceTypes = rbn\ncastling = false\n[lame:chess]\ncustomPiece1 = h:nN\n",
    )
    .unwrap();
    let mut uci = Uci::start("variant_path");
    uci.ready();
    uci.send("setoption name UCI_Variant value minichess-r");
    uci.send("isready");
    uci.expect("info string error: *unknown variant*");
    uci.expect("readyok");
    uci.send(&format!(
        "setoption name VariantPath value {}",
        file.display()
    ));
    uci.send("isready");
    uci.expect("info string error: VariantPath: 1 of 2 sections not loaded, the first: *[lame] pieces: cannot be played yet*");
    uci.expect("readyok");
    uci.send("setoption name UCI_Variant value minichess-r");
    uci.send("position startpos moves b2b4");
    uci.send("go depth 4");
    uci.wait_for("bestmove *", true);
    // (Options wait for the search to end; `isready` is answered at once.)
    for bad in ["/no/such/games.ini", "/dev/zero"] {
        uci.send(&format!("setoption name VariantPath value {bad}"));
        uci.expect(&format!("info string error: *cannot read {bad}*"));
    }
    uci.ready();
}

/// Bytes that are not UTF-8 are bad input like any other: the engine
/// answers with an error at most and carries on.
#[test]
fn a_line_that_is_not_utf8_is_survived() {
    let mut uci = Uci::start("not_utf8");
    uci.ready();
    uci.send_bytes(b"isready \xff\xfe\n", "> isready \\xff\\xfe".into());
    uci.send("isready");
    let (_, skipped) = uci.wait_for("readyok", false);
    for line in skipped {
        assert!(line.starts_with("info string error: "), "{line}");
    }
    uci.send("position startpos moves e2e4");
    assert_eq!(
        uci.display().1,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn the_driver_checks_what_it_reads() {
    assert!(glob("bestmove *", "bestmove e2e4 ponder e7e5"));
    assert!(glob(
        "info string error: *'e2e5'*",
        "info string error: illegal move 'e2e5'; x"
    ));
    assert!(glob("*", ""));
    assert!(!glob("readyok", "readyok "));
    assert!(!glob("a*b", "acbx"));
    for m in ["e2e4", "e7e8q", "b7b8c", "c10c12", "j1f1", "l1g1", "a7a8f"] {
        assert!(is_move(m), "{m}");
    }
    for m in ["e2", "e2e44x", "m1m2", "e0e1", "e2e4k", "(none)", "E2E4"] {
        assert!(!is_move(m), "{m}");
    }
    for t in [
        "m:e2e4",
        "f:c1e5",
        "a:d4d5",
        "adv:d4d5",
        "pick:e5",
        "s:zap:d1e5",
        "s:fear:d1",
        "s:flight:d1e2e6",
        "noadv",
        "pass",
        "end",
        "d1",
        "d6",
    ] {
        assert!(is_move(t), "{t}");
    }
    for t in [
        "m:e2",
        "m:e2e9",
        "d7",
        "d0",
        "s:zap",
        "s:boom:d1e5",
        "x:e2e4",
        "End",
    ] {
        assert!(!is_move(t), "{t}");
    }
    assert!(check_reply("bestmove d4", false).is_ok());
    assert!(check_reply("info depth 2 score cp -120 pv m:e2e3 pass end", false).is_ok());
    assert!(check_reply("bestmove (none)", false).is_ok());
    assert!(check_reply("bestmove e2e4 ponder", false).is_err());
    assert!(check_reply("info depth 1 score cp 3 pv e2e4", false).is_ok());
    assert!(check_reply("info depth x", false).is_err());
    assert!(check_reply("info flavour 3", false).is_err());
    assert!(check_reply("e2e4: 1", false).is_err());
    assert!(check_reply("e2e4: 1", true).is_ok());
    assert!(check_reply("", false).is_err());
    assert!(check_reply("readyok\r", false).is_err());
    assert!(check_reply("Searching...", true).is_err());
    let info =
        parse_info("info depth 2 seldepth 4 multipv 1 score mate -3 nodes 9 pv a1a2 b1b2").unwrap();
    assert_eq!(info.score, Some(Score::Mate(-3)));
    assert_eq!(info.pv.unwrap(), ["a1a2", "b1b2"]);
}
