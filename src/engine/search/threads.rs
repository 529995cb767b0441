//! The lazy-SMP driver: the main thread and its helpers search the same
//! root with one shared table; the deepest completed answer is checked
//! against the allowed root moves and announced.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::engine::limits::{SearchLimits, TimeBudget};
use crate::engine::score::ScoreReport;
use crate::engine::tt::TranspositionTable;
use crate::rules::{Bitboard, Game, Move};

use super::Searcher;
use super::control::{SearchControl, SearchInfo, SearchResult, SearchSettings};
use super::history::SearchMemory;
use super::shared::Shared;

/// Searches the current position of `game` and returns the best move.
/// `on_info` receives one report per completed iteration and line.
pub fn search<B: Bitboard>(
    game: &Game<B>,
    tt: &TranspositionTable,
    settings: &SearchSettings,
    limits: &SearchLimits,
    control: &SearchControl,
    memory: &mut SearchMemory,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let root = *game.position();
    tt.new_search();
    let shared = Shared {
        tt,
        control,
        network: settings.network.as_deref(),
        nodes: AtomicU64::new(0),
        done: AtomicBool::new(false),
        helper_best: Mutex::new(None),
    };
    let budget = TimeBudget::new(limits, root.side_to_move(), settings.move_overhead);
    let threads = settings.threads.max(1);
    // The root moves `searchmoves` names (empty: every legal move).
    let searchmoves: Vec<Move> = limits
        .search_moves
        .iter()
        .filter_map(|text| root.parse_wire(text).ok())
        .collect();

    let squares = root.tables().geometry.size();
    let (main_histories, helper_histories) = memory
        .prepare(threads, squares)
        .split_first_mut()
        .expect("at least one thread");

    let (lines, depth, local) = std::thread::scope(|scope| {
        for (index, histories) in helper_histories.iter_mut().enumerate() {
            let id = index + 1;
            let shared = &shared;
            let searchmoves = &searchmoves;
            scope.spawn(move || {
                let mut helper =
                    Searcher::new(shared, game, limits, budget, false, searchmoves, histories);
                helper.iterate(&root, settings, id, &mut |_| {});
            });
        }
        let mut main = Searcher::new(
            &shared,
            game,
            limits,
            budget,
            true,
            &searchmoves,
            main_histories,
        );
        let (mut lines, mut depth) = main.iterate(&root, settings, 0, on_info);
        shared.done.store(true, Ordering::SeqCst);
        // A helper that got deeper than the main thread has the better answer.
        let helper_best = shared
            .helper_best
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some((helper_lines, helper_depth)) = helper_best
            && helper_depth > depth
            && !helper_lines.is_empty()
        {
            lines = helper_lines;
            depth = helper_depth;
            main.report(&root, depth, &lines, on_info);
        }
        (lines, depth, main.local_nodes & 1023)
    });

    let nodes = shared.nodes.load(Ordering::Relaxed) + local;
    // The moves that may be announced: the legal ones, cut to
    // `searchmoves` when it names any.
    let allowed: Vec<Move> = root
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| searchmoves.is_empty() || searchmoves.contains(m))
        .collect();
    let best_line = lines.first();
    // The lines come from the search (the main thread's or a helper's);
    // what is announced is checked against the allowed moves all the same,
    // and a search stopped before its first iteration ends falls back on
    // the first allowed move.
    let best = best_line
        .and_then(|(_, l)| l.first().copied())
        .filter(|m| allowed.contains(m))
        .or_else(|| allowed.first().copied());
    let ponder = best.and_then(|m| {
        let after = root.after(m);
        best_line
            .filter(|(_, l)| l.first() == Some(&m))
            .and_then(|(_, l)| l.get(1).copied())
            .filter(|&reply| after.is_legal(reply))
            .or_else(|| {
                let reply = tt.probe(after.key())?.best_move;
                after.is_legal(reply).then_some(reply)
            })
    });
    SearchResult {
        best_move: best.map(|m| root.wire(m)),
        ponder_move: match (best, ponder) {
            (Some(b), Some(p)) => Some(root.after(b).wire(p)),
            _ => None,
        },
        score: ScoreReport::from_score(best_line.map_or(0, |l| l.0)),
        depth,
        nodes,
    }
}
