//! The perft suites: one `<game>.perft` file per game in this folder, in
//! the form `epd <fen>` followed by `perft <depth> <nodes>` lines, read by
//! one driver. Lines with at most [`SHALLOW_LIMIT`] nodes run by default;
//! the deep ones run with `cargo test --release -- --ignored`.
//!
//! Every FEN must also print back exactly as written.

use std::path::PathBuf;

use motley::rules::{AnyPosition, Variant};

/// Largest node count checked in the default (quick) run.
const SHALLOW_LIMIT: u64 = 2_000_000;

struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
    line: usize,
}

fn read_suite(variant: Variant) -> Vec<Case> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "engine-tests",
        &format!("{variant}.perft"),
    ]
    .iter()
    .collect();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases = Vec::new();
    let mut fen: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("epd ") {
            fen = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let depth = parts.next().and_then(|d| d.parse().ok());
            let nodes = parts.next().and_then(|n| n.parse().ok());
            let (Some(depth), Some(nodes), Some(fen)) = (depth, nodes, fen.clone()) else {
                panic!("{}:{}: malformed line '{line}'", path.display(), i + 1);
            };
            cases.push(Case {
                fen,
                depth,
                nodes,
                line: i + 1,
            });
        } else {
            panic!("{}:{}: unknown line '{line}'", path.display(), i + 1);
        }
    }
    assert!(!cases.is_empty(), "{} holds no cases", path.display());
    cases
}

fn run_suite(variant: Variant, deep: bool) {
    let cases = read_suite(variant);
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in &cases {
        if (case.nodes > SHALLOW_LIMIT) != deep {
            continue;
        }
        let pos = AnyPosition::from_fen(variant, &case.fen)
            .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        let nodes = pos.perft(case.depth);
        ran += 1;
        if nodes != case.nodes {
            failures.push(format!(
                "line {}: perft {} of {} = {nodes}, expected {}",
                case.line, case.depth, case.fen, case.nodes
            ));
        }
    }
    assert!(ran > 0, "no {variant} case ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_fen_round_trip(variant: Variant) {
    for case in read_suite(variant) {
        let pos = AnyPosition::from_fen(variant, &case.fen)
            .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        assert_eq!(pos.fen(), case.fen, "line {}", case.line);
    }
}

macro_rules! suite {
    ($shallow:ident, $deep:ident, $round_trip:ident, $variant:expr) => {
        #[test]
        fn $shallow() {
            run_suite($variant, false);
        }
        #[test]
        #[ignore = "deep perft: run with --ignored"]
        fn $deep() {
            run_suite($variant, true);
        }
        #[test]
        fn $round_trip() {
            check_fen_round_trip($variant);
        }
    };
}

suite!(
    chess_shallow,
    chess_deep,
    chess_fen_round_trip,
    Variant::Chess
);
suite!(
    wadchess_shallow,
    wadchess_deep,
    wadchess_fen_round_trip,
    Variant::WadChess
);
suite!(
    paritychess_shallow,
    paritychess_deep,
    paritychess_fen_round_trip,
    Variant::ParityChess
);
