//! The search finds the hand-made mates of `engine-tests/mates.txt` (whose
//! claims `mate_verify.rs` checks by brute force) at once: within the depth
//! `go mate N` searches to (four plies per move of the mate plus four:
//! pruning can hide a sacrifice or a late quiet mate for a few plies past
//! its distance), with the right distance and one of the mating first
//! moves.

use motley::engine::limits::{MATE_EXTRA_PLIES, MATE_PLIES_PER_MOVE};
use motley::engine::{Engine, ScoreReport, SearchControl, SearchLimits};
use motley::rules::Variant;

struct Problem {
    line: usize,
    variant: Variant,
    fen: String,
    moves_to_mate: u32,
    keys: Vec<String>,
}

fn problems() -> Vec<Problem> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-tests/mates.txt");
    let text = std::fs::read_to_string(path).expect("mates.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(fields.len(), 4, "line {}: {l}", i + 1);
            Problem {
                line: i + 1,
                variant: fields[0].parse().expect("a known game"),
                fen: fields[1].to_string(),
                moves_to_mate: fields[2].parse().expect("a mate distance"),
                keys: fields[3].split_whitespace().map(str::to_string).collect(),
            }
        })
        .collect()
}

#[test]
fn every_mate_is_found_at_once() {
    let problems = problems();
    assert!(problems.len() >= 15, "at least 15 problems");
    let mut failures = Vec::new();
    for p in &problems {
        let mut engine = Engine::new();
        engine.set_hash_mb(16).unwrap();
        engine
            .set_position(p.variant, Some(&p.fen), &[])
            .expect("valid FEN");
        let control = SearchControl::new();
        control.begin(false);
        let limits = SearchLimits {
            depth: Some(MATE_PLIES_PER_MOVE * p.moves_to_mate + MATE_EXTRA_PLIES),
            ..SearchLimits::default()
        };
        let result = engine.search(&limits, &control, &mut |_| {});
        let best = result.best_move.unwrap_or_default();
        if result.score != ScoreReport::Mate(p.moves_to_mate as i32) || !p.keys.contains(&best) {
            failures.push(format!(
                "line {} ({}): found {:?} with {best}, expected mate {} with {:?}",
                p.line, p.variant, result.score, p.moves_to_mate, p.keys
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
