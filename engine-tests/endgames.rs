//! Endgame knowledge, checked by play: the engine must convert the
//! mates the rules files promise (K+WAD vs K, K+Champion vs K) within the
//! 100-ply rule, with the engine defending as well as it can, and must
//! not play for a win with material that cannot mate.

use motley::engine::{Engine, SearchControl, SearchLimits};
use motley::rules::{Outcome, Variant};

/// Plays the engine against itself from `fen`; returns the outcome and
/// the number of plies played.
fn self_play(
    variant: Variant,
    fen: &str,
    nodes_per_move: u64,
    max_plies: usize,
) -> (Option<Outcome>, usize) {
    let mut engine = Engine::new();
    engine.set_hash_mb(16).unwrap();
    engine
        .set_position(variant, Some(fen), &[])
        .expect("valid FEN");
    for ply in 0..max_plies {
        if let Some(outcome) = engine.game().outcome() {
            return (Some(outcome), ply);
        }
        let control = SearchControl::new();
        control.begin(false);
        let result = engine.search(&SearchLimits::nodes(nodes_per_move), &control, &mut |_| {});
        let best = result.best_move.expect("a legal move exists");
        engine
            .game_mut()
            .play_wire(&best)
            .expect("the engine plays legal moves");
    }
    (engine.game().outcome(), max_plies)
}

fn assert_mates_within_the_rule(variant: Variant, fen: &str, nodes: u64) {
    let (outcome, plies) = self_play(variant, fen, nodes, 100);
    eprintln!("{variant}: {outcome:?} after {plies} plies");
    assert!(
        matches!(outcome, Some(Outcome::Checkmate { .. })),
        "{variant} {fen}: {outcome:?} after {plies} plies"
    );
}

#[test]
fn wad_and_king_mate_a_bare_king_on_10x8() {
    assert_mates_within_the_rule(
        Variant::WadChess,
        "10/10/4k5/10/10/10/10/C8K w - - 0 1",
        100_000,
    );
}

#[test]
fn champion_and_king_mate_a_bare_king_on_12x8() {
    assert_mates_within_the_rule(
        Variant::ParityChess,
        "12/12/5k6/12/12/12/12/C10K w - - 0 1",
        100_000,
    );
}

#[test]
fn king_and_knight_cannot_win() {
    let mut engine = Engine::new();
    engine
        .set_position(Variant::Chess, Some("8/8/4k3/8/8/8/8/N6K w - - 0 1"), &[])
        .unwrap();
    assert_eq!(engine.game().outcome(), Some(Outcome::InsufficientMaterial));
    engine
        .set_position(
            Variant::WadChess,
            Some("10/10/4k5/10/10/10/10/N8K w - - 0 1"),
            &[],
        )
        .unwrap();
    let control = SearchControl::new();
    control.begin(false);
    let result = engine.search(&SearchLimits::depth(6), &control, &mut |_| {});
    // Near zero: at most the side to move's bonus of the hand-written
    // evaluation (which every leaf of an even-depth search gives the side
    // to move at the root) and a margin, whichever evaluation searches. A
    // network without the endgame knowledge scored it 185.
    let tempo = motley::engine::eval::params::params(Variant::WadChess).tempo;
    match result.score {
        motley::engine::ScoreReport::Centipawns(cp) => {
            assert!(cp.abs() < tempo.abs() + 60, "{cp} (tempo {tempo})")
        }
        other => panic!("no mate exists: {other:?}"),
    }
}
