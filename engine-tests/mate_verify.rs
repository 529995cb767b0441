//! Checks the mate problems of `engine-tests/mates.txt` with a brute-force
//! solver that knows nothing of the engine's search: plain minimax over the
//! legal moves of the rules core, asking only "can the side to move force
//! mate within n moves?".
//!
//! For every problem `<variant>; <fen>; <N>; <first moves>` it asserts that
//! the side to move mates in N, that it has no mate in N-1, and that the
//! first moves that force mate in N are exactly the listed ones, so that a
//! search that reports a mate in N can be checked against the list.
//!
//! The last attacking move is never searched: a move mates when it gives
//! check and leaves the defender no reply, which the rules core answers
//! without listing the replies (`in_check`, then `has_legal_move`).

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use motley::rules::variant::Width;
use motley::rules::{Bitboard, Move, Position, Variant};

/// The problem file, relative to the crate root.
const PROBLEMS: &str = "engine-tests/mates.txt";

/// One line of the problem file.
struct Problem {
    line: usize,
    variant: Variant,
    fen: String,
    moves: u32,
    keys: BTreeSet<String>,
}

fn parse_variant(name: &str) -> Option<Variant> {
    match name {
        "chess" => Some(Variant::Chess),
        "wadchess" => Some(Variant::WadChess),
        "paritychess" => Some(Variant::ParityChess),
        _ => None,
    }
}

fn read_problems() -> Vec<Problem> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PROBLEMS);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut problems = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let fields: Vec<&str> = content.split(';').map(str::trim).collect();
        assert_eq!(
            fields.len(),
            4,
            "{PROBLEMS}:{line}: expected '<variant>; <fen>; <N>; <moves>'"
        );
        let variant = parse_variant(fields[0])
            .unwrap_or_else(|| panic!("{PROBLEMS}:{line}: unknown variant '{}'", fields[0]));
        let moves: u32 = fields[2]
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .unwrap_or_else(|| panic!("{PROBLEMS}:{line}: bad mate distance '{}'", fields[2]));
        let keys: BTreeSet<String> = fields[3].split_whitespace().map(str::to_string).collect();
        assert!(!keys.is_empty(), "{PROBLEMS}:{line}: no first move listed");
        problems.push(Problem {
            line,
            variant,
            fen: fields[1].to_string(),
            moves,
            keys,
        });
    }
    problems
}

/// Whether playing `m` in `pos` mates at once.
fn gives_mate<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    let next = pos.after(m);
    next.in_check() && !next.has_legal_move()
}

/// Whether the side to move can force mate within `n` of its own moves.
fn mates_within<B: Bitboard>(pos: &Position<B>, n: u32) -> bool {
    let moves = pos.legal_moves();
    if n == 1 {
        return moves.iter().any(|&m| gives_mate(pos, m));
    }
    moves.iter().any(|&m| forces_mate_within(pos, m, n))
}

/// Whether `m` forces mate within `n` moves of its side, `m` included:
/// it mates at once, or every reply leaves a mate within `n - 1`.
fn forces_mate_within<B: Bitboard>(pos: &Position<B>, m: Move, n: u32) -> bool {
    let next = pos.after(m);
    let replies = next.legal_moves();
    if replies.is_empty() {
        return next.in_check();
    }
    n > 1 && replies.iter().all(|&r| mates_within(&next.after(r), n - 1))
}

/// What the solver finds for a problem: the shortest mate up to the
/// problem's distance and the first moves that force it.
struct Solution {
    /// The shortest forced mate within the problem's distance, if any.
    distance: Option<u32>,
    /// The first moves that force mate in `distance` (wire spelling).
    keys: BTreeSet<String>,
}

fn solve_typed<B: Bitboard>(problem: &Problem) -> Result<Solution, String> {
    let pos = Position::<B>::from_fen(problem.variant, &problem.fen)
        .map_err(|e| format!("bad FEN: {e}"))?;
    let legal: BTreeSet<String> = pos.legal_moves().iter().map(|&m| pos.wire(m)).collect();
    for key in &problem.keys {
        if !legal.contains(key) {
            return Err(format!("listed move '{key}' is not a legal move here"));
        }
    }
    for n in 1..=problem.moves {
        let keys: BTreeSet<String> = pos
            .legal_moves()
            .iter()
            .filter(|&&m| forces_mate_within(&pos, m, n))
            .map(|&m| pos.wire(m))
            .collect();
        if !keys.is_empty() {
            debug_assert!(mates_within(&pos, n));
            return Ok(Solution {
                distance: Some(n),
                keys,
            });
        }
    }
    Ok(Solution {
        distance: None,
        keys: BTreeSet::new(),
    })
}

fn solve(problem: &Problem) -> Result<Solution, String> {
    match problem.variant.spec().width() {
        Width::W64 => solve_typed::<u64>(problem),
        Width::W128 => solve_typed::<u128>(problem),
        Width::W192 => solve_typed::<motley::rules::Wide>(problem),
    }
}

fn spell(keys: &BTreeSet<String>) -> String {
    keys.iter().cloned().collect::<Vec<_>>().join(" ")
}

/// The failure message for one problem, or `None` when it checks out.
fn check(problem: &Problem) -> Option<String> {
    let where_ = format!(
        "{PROBLEMS}:{} ({:?}, {})",
        problem.line, problem.variant, problem.fen
    );
    let solution = match solve(problem) {
        Ok(s) => s,
        Err(e) => return Some(format!("{where_}: {e}")),
    };
    match solution.distance {
        None => Some(format!(
            "{where_}: no forced mate within {} moves",
            problem.moves
        )),
        Some(n) if n < problem.moves => Some(format!(
            "{where_}: listed as mate in {}, but mates in {n} with {}",
            problem.moves,
            spell(&solution.keys)
        )),
        Some(_) if solution.keys != problem.keys => Some(format!(
            "{where_}: mate in {} is forced by {}, the file lists {}",
            problem.moves,
            spell(&solution.keys),
            spell(&problem.keys)
        )),
        Some(_) => None,
    }
}

/// The solver itself on a position whose answer is known: of the queen's
/// moves, four mate and five stalemate (as do all five king moves), and a
/// stalemate is not a mate.
#[test]
fn solver_tells_mate_from_stalemate() {
    let problem = Problem {
        line: 0,
        variant: Variant::Chess,
        fen: "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1".to_string(),
        moves: 1,
        keys: ["f7e8", "f7f8", "f7g7", "f7h7"]
            .into_iter()
            .map(str::to_string)
            .collect(),
    };
    assert_eq!(check(&problem), None);
    let pos = Position::<u64>::from_fen(problem.variant, &problem.fen).expect("valid FEN");
    let stalemates = pos
        .legal_moves()
        .iter()
        .filter(|&&m| {
            let next = pos.after(m);
            !next.in_check() && !next.has_legal_move()
        })
        .count();
    assert_eq!(stalemates, 10);
    let stalemating = pos.parse_wire("f7e6").expect("legal");
    assert!(!forces_mate_within(&pos, stalemating, 2));
}

#[test]
fn mate_problems_are_sound() {
    let problems = read_problems();
    assert!(!problems.is_empty(), "{PROBLEMS} holds no problems");
    // At least three mates in 2 and two mates in 3 for every game.
    for name in ["chess", "wadchess", "paritychess"] {
        let variant = parse_variant(name).expect("known name");
        for (n, least) in [(2, 3), (3, 2)] {
            let count = problems
                .iter()
                .filter(|p| p.variant == variant && p.moves == n)
                .count();
            assert!(
                count >= least,
                "{PROBLEMS}: {count} mates in {n} for {name}, want at least {least}"
            );
        }
    }

    // The problems are independent: share them out over the cores.
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers.min(problems.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(problem) = problems.get(i) else {
                        break;
                    };
                    if let Some(message) = check(problem) {
                        failures
                            .lock()
                            .expect("no worker panics holding the lock")
                            .push((problem.line, message));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().expect("workers are done");
    failures.sort();
    let report: Vec<String> = failures.into_iter().map(|(_, m)| m).collect();
    assert!(report.is_empty(), "\n{}", report.join("\n"));
}
