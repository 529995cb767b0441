//! The ChessWar expectimax search (`src/chesswar/search.rs`): its values
//! against a brute-force expectimax written here from the public rules API
//! alone, Star2 against plain expectimax (same value and token, fewer
//! nodes), legal answers in positions from random games, and the limits
//! (node budgets, the stop flag, the clock).
//!
//! The brute force follows the tree the search documents: every legal
//! token at a decision (maximised for the root decider, minimised for the
//! other side), every die result with weight 1/6, depth counting decisions
//! (a decision with a single legal token does not count), at most
//! `MAX_ROLL_CHAIN` rolls in a row, and the evaluation at depth 0.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use motley::chesswar::dice::{DiceSource, SeededDice, derive_seed};
use motley::chesswar::eval::{evaluate, melee_chances};
use motley::chesswar::players::{
    ExpectimaxPlayer, Player, RandomPlayer, play_game, player_by_name,
};
use motley::chesswar::search::{
    MAX_ROLL_CHAIN, NodeKind, Pruning, SearchLimits, SearchReport, Searcher, node_kind,
};
use motley::chesswar::{Outcome, Race, SearchError, Side, State, ToAct};

// ---------------------------------------------------------------------------
// The brute force.
// ---------------------------------------------------------------------------

fn outcome_value(outcome: &Outcome, me: Side) -> f64 {
    match outcome {
        Outcome::Win { winner, .. } if *winner == me => 1.0,
        Outcome::Win { .. } => -1.0,
        Outcome::Draw { .. } => 0.0,
    }
}

/// Expectimax over every token and every die face, to `depth` decisions.
fn brute(state: &State, depth: u32, me: Side, rolls: u32, leaves: &mut u64) -> f64 {
    match state.to_act() {
        ToAct::Over(outcome) => outcome_value(&outcome, me),
        ToAct::Roll { .. } => {
            if rolls >= MAX_ROLL_CHAIN {
                *leaves += 1;
                return evaluate(state, me);
            }
            let mut sum = 0.0;
            for face in 1..=6 {
                let mut next = state.clone();
                next.apply(&format!("d{face}"))
                    .expect("every die face is legal");
                sum += brute(&next, depth, me, rolls + 1, leaves);
            }
            sum / 6.0
        }
        ToAct::Decision { side, .. } => {
            if depth == 0 {
                *leaves += 1;
                return evaluate(state, me);
            }
            let tokens = state.legal_tokens();
            let child_depth = if tokens.len() == 1 { depth } else { depth - 1 };
            let values = tokens.iter().map(|t| {
                let mut next = state.clone();
                next.apply(t).expect("legal tokens apply");
                brute(&next, child_depth, me, 0, leaves)
            });
            if side == me {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// The brute-force value of every legal token at the root.
fn brute_root(state: &State, depth: u32) -> (Side, Vec<(String, f64)>, u64) {
    let ToAct::Decision { side, .. } = state.to_act() else {
        panic!("a decision is due");
    };
    let tokens = state.legal_tokens();
    let child_depth = if tokens.len() == 1 { depth } else { depth - 1 };
    let mut leaves = 0;
    let values = tokens
        .iter()
        .map(|t| {
            let mut next = state.clone();
            next.apply(t).unwrap();
            (t.clone(), brute(&next, child_depth, side, 0, &mut leaves))
        })
        .collect();
    (side, values, leaves)
}

// ---------------------------------------------------------------------------
// Searching and positions.
// ---------------------------------------------------------------------------

fn search_with(
    state: &State,
    limits: &SearchLimits,
    pruning: Pruning,
    width: Option<usize>,
) -> SearchReport {
    let mut searcher = Searcher::new(16);
    searcher.set_pruning(pruning);
    searcher.set_width(width);
    searcher
        .search(state, limits, &AtomicBool::new(false), &mut |_| {})
        .expect("a decision is due")
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

fn st(text: &str) -> State {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Small positions: a melee with a kill of the general possible, a choice
/// of target the defender picks, a shot, a catapult, spells with the
/// opponent's Protection and Dispel windows, and the defender's own pick.
const SMALL: &[(&str, &str)] = &[
    (
        "melee: the knight on e7 can kill the general",
        "4k3/4N3/8/8/p7/P7/8/4K3 human/human w melee 1 0 - - std - -",
    ),
    (
        "melee: two defenders, Black picks",
        "7k/8/8/3pp3/3N4/8/8/K7 human/human w melee 1 0 - - std - -",
    ),
    (
        "firing: archers choose a target",
        "7k/8/2p2n2/8/8/2B5/8/K7 human/human w firing 1 0 - - std - -",
    ),
    (
        "firing: an orc shaman zaps or storms, a black wizard may protect and dispel",
        "3qk3/8/8/4p3/8/8/8/3QK3 orc/human w firing 1 0 - - std - -",
    ),
    (
        "Black's pick of the unit attacked",
        "7k/8/8/3pp3/3N4/8/8/K7 human/human w melee 1 0 - - std pick(d4) -",
    ),
    (
        "firing: a catapult aims at any square in sight",
        "4k3/8/8/3pp3/8/8/8/R3K3 human/human w firing 1 0 - - std - -",
    ),
    (
        "Black may protect its unit just hit, before the save",
        "3q3k/8/8/2p5/8/8/8/K1B(f)5 human/human w firing 2 0 oa - std hitwin(c5);save(c5,0,kill) -",
    ),
    (
        "firing: the second black wizard may dispel after the first did",
        "7k/2q(wi)3q1/3p1p2/8/8/8/8/K2Q(w)1Q2 human/human w firing 2 0 o - std - -",
    ),
];

// ---------------------------------------------------------------------------
// Exactness.
// ---------------------------------------------------------------------------

#[test]
fn search_values_equal_a_brute_force_expectimax() {
    let mut total = [0u64; 2];
    for (name, text) in SMALL {
        let state = st(text);
        for d in 1..=2 {
            let clock = Instant::now();
            let (side, values, leaves) = brute_root(&state, d);
            let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
            let brute_time = clock.elapsed();
            let plain = search_with(&state, &depth(d), Pruning::None, None);
            let star1 = search_with(&state, &depth(d), Pruning::Star1, None);
            let star2 = search_with(&state, &depth(d), Pruning::Star2, None);
            for (label, r) in [("none", &plain), ("star1", &star1), ("star2", &star2)] {
                assert!(
                    (r.value - best).abs() < 1e-9,
                    "{name}, depth {d}, {label}: search {} brute force {best} ({values:?})",
                    r.value
                );
                let chosen = values
                    .iter()
                    .find(|v| v.0 == r.best)
                    .expect("a legal token");
                assert!(
                    (chosen.1 - best).abs() < 1e-9,
                    "{name}, depth {d}, {label}: {} is worth {}, the best {best}",
                    r.best,
                    chosen.1
                );
            }
            assert_eq!(star2.best, plain.best, "{name}, depth {d}");
            assert_eq!(star1.best, plain.best, "{name}, depth {d}");
            println!(
                "{name} (depth {d}, {side} decides): value {best:+.6}, best {}; brute force {leaves} leaves in {brute_time:.2?}; nodes: plain {}, star1 {}, star2 {} ({:.0}% fewer than plain)",
                star2.best,
                plain.nodes,
                star1.nodes,
                star2.nodes,
                100.0 * (1.0 - star2.nodes as f64 / plain.nodes as f64)
            );
            total[0] += plain.nodes;
            total[1] += star2.nodes;
        }
    }
    println!(
        "small positions: plain {} nodes, star2 {} nodes ({:.0}% fewer)",
        total[0],
        total[1],
        100.0 * (1.0 - total[1] as f64 / total[0] as f64)
    );
    assert!(total[1] < total[0], "Star2 visits fewer nodes: {total:?}");
}

#[test]
fn the_opponents_pick_is_searched_from_its_side() {
    let state = st("7k/8/8/3pp3/3N4/8/8/K7 human/human w melee 1 0 - - std pick(d4) -");
    assert_eq!(node_kind(&state), NodeKind::Decision(Side::Black));
    let report = search_with(&state, &depth(2), Pruning::Star2, None);
    assert!(report.best.starts_with("pick:"), "{report:?}");
    let (side, values, _) = brute_root(&state, 2);
    assert_eq!(side, Side::Black);
    let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
    assert!((report.value - best).abs() < 1e-9, "{report:?} {values:?}");
}

#[test]
fn the_protection_window_after_a_hit_is_searched_from_the_hit_units_side() {
    let state = st(
        "3q3k/8/8/2p5/8/8/8/K1B(f)5 human/human w firing 2 0 oa - std hitwin(c5);save(c5,0,kill) -",
    );
    assert_eq!(node_kind(&state), NodeKind::Decision(Side::Black));
    assert_eq!(state.legal_tokens(), ["s:protection:d8c5", "pass"]);
    let report = search_with(&state, &depth(2), Pruning::Star2, None);
    let (side, values, _) = brute_root(&state, 2);
    assert_eq!(side, Side::Black);
    let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
    assert!((report.value - best).abs() < 1e-9, "{report:?} {values:?}");
    // Saving on 3+ instead of 4+ is worth the spell here.
    assert_eq!(report.best, "s:protection:d8c5", "{values:?}");
}

/// Positions from seeded random games (after some tokens), at decisions.
fn random_positions(count: usize, seed: u64) -> Vec<State> {
    let mut out = Vec::new();
    let mut game = 0u64;
    while out.len() < count {
        let race = |i: u64| Race::ALL[(i % 6) as usize];
        let mut state = State::standard(race(game), race(game / 6 + 1));
        let s = derive_seed(seed, game);
        let mut white = RandomPlayer::new(derive_seed(s, 1));
        let mut black = RandomPlayer::new(derive_seed(s, 2));
        let mut dice = SeededDice::new(s);
        let mut steps = 0;
        let take_every = 17 + (game % 5) as usize;
        loop {
            match state.to_act() {
                ToAct::Over(_) => break,
                ToAct::Roll { .. } => {
                    let d = dice.roll(&state).unwrap();
                    state.apply(&format!("d{d}")).unwrap();
                }
                ToAct::Decision { side, .. } => {
                    steps += 1;
                    if steps % take_every == 0 {
                        out.push(state.clone());
                        if out.len() == count {
                            break;
                        }
                    }
                    let t = match side {
                        Side::White => white.choose(&state),
                        Side::Black => black.choose(&state),
                    }
                    .unwrap();
                    state.apply(&t).unwrap();
                }
            }
        }
        game += 1;
    }
    out
}

#[test]
fn star2_agrees_with_plain_expectimax_on_game_positions_with_fewer_nodes() {
    let mut total = [0u64; 3];
    let mut compared = 0;
    for state in random_positions(40, 11) {
        if state.legal_tokens().len() > 60 {
            continue;
        }
        let plain = search_with(&state, &depth(2), Pruning::None, Some(6));
        let star1 = search_with(&state, &depth(2), Pruning::Star1, Some(6));
        let star2 = search_with(&state, &depth(2), Pruning::Star2, Some(6));
        for r in [&star1, &star2] {
            assert!(
                (r.value - plain.value).abs() < 1e-9,
                "{state}: {} against {}",
                r.value,
                plain.value
            );
            assert_eq!(r.best, plain.best, "{state}");
        }
        total[0] += plain.nodes;
        total[1] += star1.nodes;
        total[2] += star2.nodes;
        compared += 1;
    }
    println!(
        "{compared} game positions at depth 2 (width 6): plain {} nodes, star1 {} ({:.0}% fewer), star2 {} ({:.0}% fewer)",
        total[0],
        total[1],
        100.0 * (1.0 - total[1] as f64 / total[0] as f64),
        total[2],
        100.0 * (1.0 - total[2] as f64 / total[0] as f64)
    );
    assert!(compared >= 20, "{compared}");
    assert!(total[2] < total[0], "{total:?}");
}

/// The chances that the defender and that the attacker are destroyed
/// when `attack` is played in `state`, by playing out every die result.
fn melee_by_the_rules(state: &State, attack: &str, a: &str, d: &str) -> (f64, f64) {
    fn walk(s: &State, a: &str, d: &str, weight: f64, out: &mut (f64, f64)) {
        if let ToAct::Roll { .. } = s.to_act() {
            for face in 1..=6 {
                let mut next = s.clone();
                next.apply(&format!("d{face}")).unwrap();
                walk(&next, a, d, weight / 6.0, out);
            }
            return;
        }
        let gone = |sq: &str| s.unit_at(sq.parse().unwrap()).is_none();
        if gone(d) {
            out.0 += weight;
        }
        if gone(a) {
            out.1 += weight;
        }
    }
    let mut s = state.clone();
    s.apply(attack).unwrap();
    let mut out = (0.0, 0.0);
    walk(&s, a, d, 1.0, &mut out);
    out
}

#[test]
fn the_evaluations_melee_odds_are_the_rules_melee_table() {
    // Attacker on d4 (White), defender on d5 (Black), generals far away.
    let cases = [
        "7k/8/8/3p4/3N(mc)4/8/8/K7 human/orc w melee 1 0 o - std - -",
        "7k/8/8/3p4/3P4/8/8/K7 dwarf/human w melee 1 0 o - std - -",
        "7k/8/8/3n4/3P4/8/8/K7 undead/chaos w melee 1 0 o - std - -",
        "7k/8/8/3r4/3R4/8/8/K7 chaos/elf w melee 1 0 o - std - -",
        "7k/8/8/3b4/3P4/8/8/K7 orc/dwarf w melee 1 0 o - std - -",
        "7k/8/8/3r4/3P(+)4/8/8/K7 human/orc w melee 1 0 o - std - -",
        "7k/8/8/3p(+)4/3N4/8/8/K7 elf/undead w melee 1 0 o - std - -",
    ];
    for text in cases {
        let state = st(text);
        let (a, d) = ("d4", "d5");
        let au = *state.unit_at(a.parse().unwrap()).unwrap();
        let du = *state.unit_at(d.parse().unwrap()).unwrap();
        let by_rules = melee_by_the_rules(&state, "a:d4d5", a, d);
        let model = melee_chances(&au, &du, 0);
        assert!(
            (by_rules.0 - model.0).abs() < 1e-12 && (by_rules.1 - model.1).abs() < 1e-12,
            "{text}: rules {by_rules:?}, evaluation {model:?}"
        );
    }
}

#[test]
fn star2_agrees_with_plain_expectimax_three_decisions_deep_with_a_narrow_width() {
    // Depth 3 puts Star2's probes on decision nodes that keep only the
    // width's best tokens.
    let mut total = [0u64; 3];
    let mut compared = 0;
    for state in random_positions(60, 31) {
        if state.legal_tokens().len() > 30 || compared == 16 {
            continue;
        }
        let plain = search_with(&state, &depth(3), Pruning::None, Some(3));
        let star1 = search_with(&state, &depth(3), Pruning::Star1, Some(3));
        let star2 = search_with(&state, &depth(3), Pruning::Star2, Some(3));
        for r in [&star1, &star2] {
            assert!(
                (r.value - plain.value).abs() < 1e-9,
                "{state}: {} against {}",
                r.value,
                plain.value
            );
            assert_eq!(r.best, plain.best, "{state}");
        }
        total[0] += plain.nodes;
        total[1] += star1.nodes;
        total[2] += star2.nodes;
        compared += 1;
    }
    println!(
        "{compared} game positions at depth 3 (width 3): plain {} nodes, star1 {} ({:.0}% fewer), star2 {} ({:.0}% fewer)",
        total[0],
        total[1],
        100.0 * (1.0 - total[1] as f64 / total[0] as f64),
        total[2],
        100.0 * (1.0 - total[2] as f64 / total[0] as f64)
    );
    assert!(compared >= 10, "{compared}");
}

// ---------------------------------------------------------------------------
// Legal answers.
// ---------------------------------------------------------------------------

#[test]
fn the_search_answers_legal_tokens_in_random_positions() {
    let limits = SearchLimits {
        nodes: Some(4000),
        ..SearchLimits::default()
    };
    let mut searcher = Searcher::new(8);
    let stop = AtomicBool::new(false);
    for state in random_positions(150, 5) {
        let legal = state.legal_tokens();
        let mut iterations = Vec::new();
        let report = searcher
            .search(&state, &limits, &stop, &mut |r| iterations.push(r.depth))
            .unwrap();
        assert!(
            legal.contains(&report.best),
            "{} not legal in {state}",
            report.best
        );
        assert!((-1.0..=1.0).contains(&report.value), "{report:?}");
        assert_eq!(report.pv.first(), Some(&report.best));
        let mut line = state.clone();
        for t in &report.pv {
            line.apply(t)
                .unwrap_or_else(|e| panic!("pv {:?} in {state}: {e}", report.pv));
        }
        assert!(
            iterations.windows(2).all(|w| w[1] == w[0] + 1),
            "{iterations:?}"
        );
        assert!(report.nodes <= 4000 + 1, "{report:?}");
    }
}

#[test]
fn node_kind_agrees_with_to_act_and_the_evaluation_is_bounded() {
    for state in random_positions(300, 21) {
        let kind = match state.to_act() {
            ToAct::Over(_) => NodeKind::Over,
            ToAct::Roll { .. } => NodeKind::Roll,
            ToAct::Decision { side, .. } => NodeKind::Decision(side),
        };
        assert_eq!(node_kind(&state), kind, "{state}");
        let w = evaluate(&state, Side::White);
        let b = evaluate(&state, Side::Black);
        assert!(w.abs() < 1.0, "{w} in {state}");
        assert_eq!(w, -b, "{state}");
        // The same kind of check on the states right after each token.
        for t in state.legal_tokens().iter().take(5) {
            let mut next = state.clone();
            next.apply(t).unwrap();
            let kind = match next.to_act() {
                ToAct::Over(_) => NodeKind::Over,
                ToAct::Roll { .. } => NodeKind::Roll,
                ToAct::Decision { side, .. } => NodeKind::Decision(side),
            };
            assert_eq!(node_kind(&next), kind, "{next}");
        }
    }
    let won = st("4k3/8/8/8/8/8/8/4K3 human/human w melee 1 0 - - std - white:general");
    assert_eq!(evaluate(&won, Side::White), 1.0);
    assert_eq!(evaluate(&won, Side::Black), -1.0);
    let drawn = st("4k3/8/8/8/8/8/8/4K3 human/human w movement 1 10 - - std - draw:quiet");
    assert_eq!(evaluate(&drawn, Side::White), 0.0);
}

#[test]
fn no_decision_due_is_an_error() {
    let mut searcher = Searcher::new(1);
    let stop = AtomicBool::new(false);
    let roll = st("7k/8/8/3p4/3N4/8/8/K7 human/human w melee 1 0 - - std melee(d4,d5) -");
    let err = searcher
        .search(&roll, &SearchLimits::default(), &stop, &mut |_| {})
        .unwrap_err();
    assert!(matches!(err, SearchError::RollDue { .. }), "{err}");
    assert!(err.to_string().starts_with("a roll is due ("), "{err}");
    let over = st("4k3/8/8/8/8/8/8/4K3 human/human w melee 1 0 - - std - white:general");
    let err = searcher
        .search(&over, &SearchLimits::default(), &stop, &mut |_| {})
        .unwrap_err();
    assert_eq!(err, SearchError::GameOver);
    assert_eq!(err.to_string(), "the game is over");
}

// ---------------------------------------------------------------------------
// Limits.
// ---------------------------------------------------------------------------

#[test]
fn node_budgets_are_kept() {
    let start = State::standard(Race::Human, Race::Orc);
    let mut positions = random_positions(12, 3);
    positions.push(start);
    for budget in [1u64, 50, 1000, 20_000] {
        for state in &positions {
            let limits = SearchLimits {
                nodes: Some(budget),
                ..SearchLimits::default()
            };
            let mut searcher = Searcher::new(4);
            let report = searcher
                .search(state, &limits, &AtomicBool::new(false), &mut |_| {})
                .unwrap();
            assert!(report.nodes <= budget + 1, "{budget}: {report:?}");
            assert!(state.legal_tokens().contains(&report.best));
        }
    }
}

#[test]
fn the_same_node_budget_gives_the_same_answer() {
    let limits = SearchLimits {
        nodes: Some(30_000),
        ..SearchLimits::default()
    };
    for state in random_positions(6, 8) {
        let a = search_with(&state, &limits, Pruning::Star2, Some(8));
        let b = search_with(&state, &limits, Pruning::Star2, Some(8));
        assert_eq!(
            (a.best.clone(), a.depth, a.nodes),
            (b.best.clone(), b.depth, b.nodes)
        );
        assert_eq!(a.value, b.value);
    }
}

#[test]
fn the_stop_flag_and_the_clock_end_the_search_quickly() {
    let state = State::standard(Race::Elf, Race::Chaos);
    let mut searcher = Searcher::new(16);
    // Set before the search: an answer at once.
    let stop = AtomicBool::new(true);
    let clock = Instant::now();
    let report = searcher
        .search(&state, &SearchLimits::default(), &stop, &mut |_| {})
        .unwrap();
    assert!(
        clock.elapsed() < Duration::from_millis(100),
        "{:?}",
        clock.elapsed()
    );
    assert!(state.legal_tokens().contains(&report.best));

    // Set while it searches, with no limit of its own.
    let stop = AtomicBool::new(false);
    let limits = SearchLimits {
        depth: Some(60),
        ..SearchLimits::default()
    };
    let clock = Instant::now();
    let report = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(150));
            stop.store(true, Ordering::Relaxed);
        });
        searcher
            .search(&state, &limits, &stop, &mut |_| {})
            .unwrap()
    });
    let took = clock.elapsed();
    assert!(took < Duration::from_millis(400), "{took:?}");
    assert!(state.legal_tokens().contains(&report.best));

    // A time limit.
    let limits = SearchLimits {
        movetime: Some(Duration::from_millis(200)),
        ..SearchLimits::default()
    };
    let clock = Instant::now();
    let report = searcher
        .search(&state, &limits, &AtomicBool::new(false), &mut |_| {})
        .unwrap();
    let took = clock.elapsed();
    assert!(took < Duration::from_millis(400), "{took:?}");
    assert!(report.depth >= 1, "{report:?}");
    assert!(state.legal_tokens().contains(&report.best));
}

#[test]
fn the_expectimax_player_is_known_by_name_and_plays_a_game_to_its_end() {
    let player = player_by_name("Expectimax", 1).unwrap();
    assert_eq!(player.name(), "expectimax");
    let limits = SearchLimits {
        nodes: Some(2000),
        ..SearchLimits::default()
    };
    let mut white = ExpectimaxPlayer::new(limits, 4);
    let mut black = RandomPlayer::new(3);
    let mut dice = SeededDice::new(3);
    // play_game fails on any token the rules refuse.
    let record = play_game(
        State::standard(Race::Dwarf, Race::Undead),
        &mut white,
        &mut black,
        &mut dice,
        &mut |_, _, _| {},
    )
    .unwrap();
    assert!(record.outcome.is_some());
    let stats = white.search_stats().unwrap();
    assert!(
        stats.searches > 0 && stats.nodes <= stats.searches * 2001,
        "{stats:?}"
    );
}
