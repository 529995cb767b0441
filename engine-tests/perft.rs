//! The perft suites: one `<game>.perft` file per game in this folder, in
//! the form `epd <fen>` followed by `perft <depth> <nodes>` lines, read by
//! one driver. Lines with at most [`SHALLOW_LIMIT`] nodes run by default;
//! the deep ones run with `cargo test --release -- --ignored`.
//!
//! Every FEN must also print back exactly as written.
//!
//! The games of the shipped variants file that motley plays have their
//! files too, counted by Fairy-Stockfish (`scripts/fsf_games_perft.py`).

use motley::rules::{AnyPosition, Variant};

use crate::support::perft_file;

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
                "{variant}.perft line {}: perft {} of {} = {nodes}, expected {}",
                case.line, case.depth, case.fen, case.nodes
            ));
        }
    }
    assert!(deep || ran > 0, "no shallow {variant} case ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_fen_round_trip(variant: Variant) {
    for case in read_suite(variant) {
        let pos = AnyPosition::from_fen(variant, &case.fen)
            .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        assert_eq!(pos.fen(), case.fen, "line {}", case.line);
    }
}

/// The built-in games and the playable games of the shipped variants
/// file.
fn every_game() -> Vec<Variant> {
    motley::rules::ini::registry::load_shipped();
    let loaded = Variant::loaded();
    assert!(loaded.len() >= 9, "the shipped file's games did not load");
    Variant::ALL.into_iter().chain(loaded).collect()
}

// Every game's file runs; a game without one fails here.
#[test]
fn every_game_shallow() {
    for variant in every_game() {
        run_suite(variant, false);
    }
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn every_game_deep() {
    for variant in every_game() {
        run_suite(variant, true);
    }
}

#[test]
fn every_game_fen_round_trip() {
    for variant in every_game() {
        check_fen_round_trip(variant);
    }
}
