//! The perft suites: one `<game>.perft` file per game in this folder, in
//! the form `epd <fen>` followed by `perft <depth> <nodes>` lines, read by
//! one driver. Lines with at most [`SHALLOW_LIMIT`] nodes run by default;
//! the deep ones run with `cargo test --release -- --ignored`.
//!
//! Every FEN must also print back exactly as written.

use motley::rules::{AnyPosition, Variant};

#[path = "support/perft_file.rs"]
mod perft_file;

/// Largest node count checked in the default (quick) run.
const SHALLOW_LIMIT: u64 = 2_000_000;

struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
    line: usize,
}

fn read_suite(variant: Variant) -> Vec<Case> {
    let mut cases = Vec::new();
    for position in perft_file::read_positions(variant.name()) {
        for (&(depth, nodes), &line) in position.counts.iter().zip(&position.lines) {
            cases.push(Case {
                fen: position.fen.clone(),
                depth,
                nodes,
                line,
            });
        }
    }
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
suite!(chad_shallow, chad_deep, chad_fen_round_trip, Variant::Chad);
suite!(
    wauchess_shallow,
    wauchess_deep,
    wauchess_fen_round_trip,
    Variant::WauChess
);
