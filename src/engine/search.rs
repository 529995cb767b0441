//! Alpha-beta search: iterative deepening with aspiration windows,
//! principal variation search, a shared transposition table, quiescence
//! search, null-move pruning, reverse futility pruning, late move
//! reductions, check extensions, killer and history move ordering, mate
//! distances, and repetition and 100-ply draws inside the tree. Several
//! threads search the same root and share the table (lazy SMP).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::rules::moves::MAX_MOVES;
use crate::rules::{Bitboard, Color, Game, Move, MoveKind, MoveList, Position, Role};

use super::eval::{EvalTables, evaluate};
use super::limits::{SearchLimits, TimeBudget};
use super::score::{
    DRAW, INFINITE, MATE, MATE_BOUND, Score, ScoreReport, from_tt, is_mate, mate_in, mated_in,
    to_tt,
};
use super::tt::{Bound, TranspositionTable};

/// Deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;

/// Signals shared between the protocol and a running search.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    clock: Mutex<Instant>,
}

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl::new()
    }
}

impl SearchControl {
    /// Controls for a search that is not running.
    pub fn new() -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            clock: Mutex::new(Instant::now()),
        }
    }
    /// Prepares for a new search: clears `stop`, starts the clock.
    pub fn begin(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }
    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
    /// The opponent played the move pondered on: the clock starts now.
    pub fn ponderhit(&self) {
        *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.pondering.store(false, Ordering::SeqCst);
    }
    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
    fn elapsed(&self) -> Duration {
        self.clock
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .elapsed()
    }
}

/// One line of search progress, for `info` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 = best) this is, with MultiPV.
    pub multipv: u32,
    /// The line's score.
    pub score: ScoreReport,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Hash table use, permille.
    pub hashfull: u32,
    /// The principal variation in wire spelling.
    pub pv: Vec<String>,
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` when there is no legal move).
    pub best_move: Option<String>,
    /// The expected reply, to ponder on.
    pub ponder_move: Option<String>,
    /// The best line's score.
    pub score: ScoreReport,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// Settings of one search that do not come from `go`.
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings {
    /// Search threads (lazy SMP).
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Time kept in hand per move for communication.
    pub move_overhead: Duration,
}

struct Shared<'a> {
    tt: &'a TranspositionTable,
    control: &'a SearchControl,
    nodes: AtomicU64,
    /// Set when the search is over: the main thread is done, or a helper
    /// completed the last iteration asked for.
    done: AtomicBool,
    /// The deepest iteration a helper thread completed, with its lines.
    helper_best: Mutex<Option<(Lines, u32)>>,
}

/// The lines of one iteration, best first: score and moves.
type Lines = Vec<(Score, Vec<Move>)>;

/// Late-move reduction in plies for a depth and move number.
fn reduction(depth: i32, moves_searched: usize) -> i32 {
    let d = depth.max(1) as f64;
    let m = moves_searched.max(1) as f64;
    (0.75 + d.ln() * m.ln() / 2.25) as i32
}

/// Value of a captured or moving role for MVV-LVA ordering.
const ORDER_VALUE: [i32; 8] = [100, 320, 330, 500, 950, 2000, 400, 380];

struct Searcher<'a, B: Bitboard> {
    shared: &'a Shared<'a>,
    eval: &'static EvalTables<B>,
    is_main: bool,
    limits: &'a SearchLimits,
    budget: TimeBudget,
    /// Keys of the positions before the current node: game then path.
    keys: Vec<u64>,
    killers: [[Move; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    board_size: usize,
    pv: Vec<Vec<Move>>,
    local_nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_excluded: Vec<Move>,
    root_allowed: Vec<Move>,
}

impl<'a, B: Bitboard> Searcher<'a, B> {
    fn new(
        shared: &'a Shared<'a>,
        game: &Game<B>,
        limits: &'a SearchLimits,
        budget: TimeBudget,
        is_main: bool,
        root_allowed: &[Move],
    ) -> Searcher<'a, B> {
        let pos = game.position();
        let board_size = pos.tables().geometry.size();
        let window = pos.halfmove_clock() as usize;
        let history = game.history();
        let keys = history[history.len().saturating_sub(window)..]
            .iter()
            .map(|p| p.key())
            .collect();

        Searcher {
            shared,
            eval: EvalTables::get(pos.variant()),
            is_main,
            limits,
            budget,
            keys,
            killers: [[Move::NONE; 2]; MAX_PLY + 1],
            history: vec![0; 2 * board_size * board_size],
            board_size,
            pv: vec![Vec::new(); MAX_PLY + 1],
            local_nodes: 0,
            seldepth: 0,
            stopped: false,
            root_excluded: Vec::new(),
            root_allowed: root_allowed.to_vec(),
        }
    }

    /// Counts a node; every 1024 nodes publishes the count and checks the
    /// limits. Returns whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.local_nodes += 1;
        if self.local_nodes & 1023 == 0 {
            let total = self.shared.nodes.fetch_add(1024, Ordering::Relaxed) + 1024;
            if self.shared.control.stopped() || self.shared.done.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if self.is_main {
                if self.limits.nodes.is_some_and(|n| total >= n) {
                    self.stopped = true;
                }
                if !self.shared.control.pondering()
                    && self
                        .budget
                        .hard
                        .is_some_and(|h| self.shared.control.elapsed() >= h)
                {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + (self.local_nodes & 1023)
    }

    /// Whether the position repeats one earlier on the path or in the game
    /// (since the last capture or pawn move).
    fn is_repetition(&self, pos: &Position<B>) -> bool {
        let key = pos.key();
        let window = pos.halfmove_clock() as usize;
        let len = self.keys.len();
        let mut back = 2;
        while back <= window && back <= len {
            if self.keys[len - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    fn history_index(&self, side: Color, m: Move) -> usize {
        (side.index() * self.board_size + m.from().index()) * self.board_size + m.to().index()
    }

    /// How promising a move looks before it is searched.
    fn order_score(&self, pos: &Position<B>, m: Move, tt_move: Move, ply: usize) -> i32 {
        if m == tt_move {
            return 10_000_000;
        }
        let mover = pos
            .piece_at(m.from())
            .map_or(0, |p| ORDER_VALUE[p.role.index()]);
        if let Some(victim) = pos.captured(m) {
            return 1_000_000 + ORDER_VALUE[victim.role.index()] * 16 - mover / 16;
        }
        if let Some(role) = m.promotion_role() {
            return 900_000 + ORDER_VALUE[role.index()];
        }
        if m == self.killers[ply][0] {
            return 800_000;
        }
        if m == self.killers[ply][1] {
            return 790_000;
        }
        self.history[self.history_index(pos.side_to_move(), m)]
    }

    /// Ordering scores of `moves`, in a stack buffer (no allocation per
    /// node); the first `moves.len()` entries are meaningful.
    fn order_scores(
        &self,
        pos: &Position<B>,
        moves: &MoveList,
        tt_move: Move,
        ply: usize,
    ) -> [i32; MAX_MOVES] {
        let mut scores = [0; MAX_MOVES];
        for (slot, &m) in scores.iter_mut().zip(moves.iter()) {
            *slot = self.order_score(pos, m, tt_move, ply);
        }
        scores
    }

    /// Moves the best-scored remaining move to `index`.
    fn pick(moves: &mut MoveList, scores: &mut [i32], index: usize) {
        let mut best = index;
        for i in index + 1..scores.len() {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        moves.as_mut_slice().swap(index, best);
        scores.swap(index, best);
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    fn has_pieces(pos: &Position<B>, side: Color) -> bool {
        (pos.color_bb(side) & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King)).any()
    }

    fn search(
        &mut self,
        pos: &Position<B>,
        depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        allow_null: bool,
    ) -> Score {
        debug_assert!(
            Self::kings_present(pos),
            "a king is missing in {}",
            pos.fen()
        );
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if !root {
            if self.is_repetition(pos) || pos.halfmove_clock() >= 100 || pos.is_dead() {
                return DRAW;
            }
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos, self.eval);
        }

        let in_check = pos.in_check();
        let key = pos.key();
        let mut tt_move = Move::NONE;
        if let Some(entry) = self.shared.tt.probe(key) {
            tt_move = entry.best_move;
            if !pv_node && entry.depth >= depth {
                let score = from_tt(entry.score, ply);
                let cutoff = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cutoff {
                    return score;
                }
            }
        }

        let static_eval = if in_check {
            -INFINITE
        } else {
            evaluate(pos, self.eval)
        };

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta at low depth.
            if depth <= 6 && static_eval - 90 * depth >= beta {
                return static_eval;
            }
            // Null move: if passing still fails high, so will a real move.
            if allow_null
                && depth >= 3
                && static_eval >= beta
                && Self::has_pieces(pos, pos.side_to_move())
            {
                let r = 3 + depth / 4;
                let mut child = *pos;
                debug_assert!(!pos.in_check(), "a null move in check");
                child.play_null();
                self.keys.push(key);
                let score = -self.search(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    // Zugzwang guard: deep enough, confirm with a reduced
                    // search in which the side to move must really move;
                    // if that fails, search the node normally.
                    let confirmed = depth < 5 || {
                        let verified = self.search(pos, depth - 1 - r, beta - 1, beta, ply, false);
                        if self.stopped {
                            return 0;
                        }
                        verified >= beta
                    };
                    if confirmed {
                        return if is_mate(score) { beta } else { score };
                    }
                }
            }
        }

        let mut moves = pos.legal_moves();
        let has_legal_moves = !moves.is_empty();
        if root {
            let allowed = &self.root_allowed;
            let excluded = &self.root_excluded;
            let keep: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !excluded.contains(m) && (allowed.is_empty() || allowed.contains(m)))
                .collect();
            moves = MoveList::new();
            for m in keep {
                moves.push(m);
            }
        }
        if moves.is_empty() {
            if root && has_legal_moves {
                return -INFINITE;
            }
            return if in_check { mated_in(ply) } else { DRAW };
        }
        let mut scores = self.order_scores(pos, &moves, tt_move, ply);
        let scores = &mut scores[..moves.len()];

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut quiets_tried = [Move::NONE; 64];
        let mut quiets_count = 0;
        let side = pos.side_to_move();

        for index in 0..moves.len() {
            Self::pick(&mut moves, scores, index);
            let m = moves.as_slice()[index];
            let quiet = pos.captured(m).is_none() && m.kind() != MoveKind::Promotion;
            let child = Self::child(pos, m);
            let gives_check = child.in_check();

            // Futility: a quiet, non-checking move far below alpha at the
            // last plies.
            if !pv_node
                && !in_check
                && quiet
                && !gives_check
                && index > 0
                && depth <= 3
                && best > -MATE_BOUND
                && static_eval + 120 * depth + 80 <= alpha
            {
                continue;
            }

            let new_depth = depth - 1 + i32::from(gives_check);
            self.keys.push(key);
            let score = if index == 0 {
                -self.search(&child, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3 && index >= 3 && quiet && !in_check && !gives_check {
                    r = reduction(depth, index);
                    if pv_node {
                        r -= 1;
                    }
                    if m == self.killers[ply][0] || m == self.killers[ply][1] {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.search(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }

            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            if self.killers[ply][0] != m {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = m;
                            }
                            let bonus = depth * depth;
                            let i = self.history_index(side, m);
                            self.history[i] = (self.history[i] + bonus).min(500_000);
                            for &q in &quiets_tried[..quiets_count] {
                                let j = self.history_index(side, q);
                                self.history[j] = (self.history[j] - bonus).max(-500_000);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && quiets_count < quiets_tried.len() {
                quiets_tried[quiets_count] = m;
                quiets_count += 1;
            }
        }

        if !root || self.root_excluded.is_empty() {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .tt
                .store(key, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Whether both kings stand on the board (every searched node must
    /// have them: a missing king means an illegal move was played).
    fn kings_present(pos: &Position<B>) -> bool {
        Color::ALL
            .iter()
            .all(|&c| pos.pieces(c, Role::King).count() == 1)
    }

    /// The position after `m`; debug builds check that the move did not
    /// leave the mover's king in check.
    #[inline]
    fn child(pos: &Position<B>, m: Move) -> Position<B> {
        let child = pos.after(m);
        debug_assert!(
            !child.opponent_in_check(),
            "{} leaves the king in check in {}",
            pos.wire(m),
            pos.fen()
        );
        child
    }

    fn quiescence(
        &mut self,
        pos: &Position<B>,
        mut alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        debug_assert!(
            Self::kings_present(pos),
            "a king is missing in {}",
            pos.fen()
        );
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return evaluate(pos, self.eval);
        }
        let in_check = pos.in_check();
        let stand_pat = if in_check {
            -INFINITE
        } else {
            let e = evaluate(pos, self.eval);
            if e >= beta {
                return e;
            }
            alpha = alpha.max(e);
            e
        };
        let mut moves = if in_check {
            pos.legal_moves()
        } else {
            pos.legal_noisy_moves()
        };
        if in_check && moves.is_empty() {
            return mated_in(ply);
        }
        let mut scores = self.order_scores(pos, &moves, Move::NONE, ply);
        let scores = &mut scores[..moves.len()];
        let mut best = stand_pat;
        for index in 0..moves.len() {
            Self::pick(&mut moves, scores, index);
            let m = moves.as_slice()[index];
            if !in_check && m.kind() != MoveKind::Promotion {
                let gain = pos.captured(m).map_or(0, |p| ORDER_VALUE[p.role.index()]);
                if stand_pat + gain + 200 < alpha {
                    continue;
                }
            }
            let child = Self::child(pos, m);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Iterative deepening; returns the lines found at the deepest
    /// completed iteration (best first) and that depth.
    fn iterate(
        &mut self,
        root: &Position<B>,
        settings: &SearchSettings,
        thread_id: usize,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> (Vec<(Score, Vec<Move>)>, u32) {
        let max_depth = self
            .limits
            .max_depth()
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut lines: Vec<(Score, Vec<Move>)> = Vec::new();
        let mut completed = 0;
        let root_count = {
            let legal = root.legal_moves();
            if self.root_allowed.is_empty() {
                legal.len()
            } else {
                self.root_allowed.len()
            }
        };
        let multipv = settings.multipv.clamp(1, root_count.max(1));
        for depth in 1..=max_depth {
            if !self.is_main && depth > 1 && (depth as usize + thread_id) % 2 == 1 {
                continue;
            }
            self.seldepth = 0;
            let mut iteration: Vec<(Score, Vec<Move>)> = Vec::new();
            self.root_excluded.clear();
            for pv_index in 0..multipv {
                let previous = lines.get(pv_index).map(|l| l.0);
                let mut window = 25;
                let (mut alpha, mut beta) = match previous {
                    Some(p) if depth >= 5 && !is_mate(p) => (p - window, p + window),
                    _ => (-INFINITE, INFINITE),
                };
                let score = loop {
                    let s = self.search(root, depth as i32, alpha, beta, 0, false);
                    if self.stopped {
                        break s;
                    }
                    if s <= alpha {
                        alpha = (alpha - window).max(-INFINITE);
                        window *= 2;
                    } else if s >= beta {
                        beta = (beta + window).min(INFINITE);
                        window *= 2;
                    } else {
                        break s;
                    }
                };
                if self.stopped || self.pv[0].is_empty() {
                    break;
                }
                let line = self.pv[0].clone();
                self.root_excluded.push(line[0]);
                iteration.push((score, line));
            }
            if self.stopped && completed > 0 {
                break;
            }
            if iteration.is_empty() {
                break;
            }
            // A line searched later can score above an earlier one (its
            // window or the table differed): report the lines best first.
            iteration.sort_by_key(|line| std::cmp::Reverse(line.0));
            // A stopped multi-line iteration keeps the lines it finished.
            for (i, line) in iteration.into_iter().enumerate() {
                if i < lines.len() {
                    lines[i] = line;
                } else {
                    lines.push(line);
                }
            }
            lines.truncate(multipv);
            completed = depth;
            if self.is_main {
                self.report(root, depth, &lines, on_info);
            } else {
                let mut best = self
                    .shared
                    .helper_best
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                if best.as_ref().is_none_or(|(_, d)| *d < depth) {
                    *best = Some((lines.clone(), depth));
                }
                if depth == max_depth {
                    self.shared.done.store(true, Ordering::SeqCst);
                }
            }
            if self.stopped {
                break;
            }
            if self.is_main && self.iteration_limits_reached(&lines, depth) {
                break;
            }
        }
        (lines, completed)
    }

    fn iteration_limits_reached(&self, lines: &[(Score, Vec<Move>)], depth: u32) -> bool {
        // A mate in at most the asked number of moves ends the search.
        if let (Some(mate), Some((score, _))) = (self.limits.mate, lines.first())
            && *score > MATE_BOUND
            && ScoreReport::from_score(*score)
                >= ScoreReport::Mate(mate.try_into().unwrap_or(i32::MAX))
        {
            return true;
        }
        // A forced mate (for or against) searched twice as deep as its
        // distance will not change: deeper iterations only repeat it.
        if let Some((score, _)) = lines.first()
            && is_mate(*score)
            && self.limits.depth.is_none()
        {
            let plies = MATE - score.abs();
            if depth >= 2 * plies as u32 + 2 {
                return true;
            }
        }
        if self.limits.nodes.is_some_and(|n| self.total_nodes() >= n) {
            return true;
        }
        let control = self.shared.control;
        !control.pondering()
            && self
                .budget
                .soft
                .is_some_and(|soft| control.elapsed() >= soft)
    }

    fn report(
        &self,
        root: &Position<B>,
        depth: u32,
        lines: &[(Score, Vec<Move>)],
        on_info: &mut dyn FnMut(&SearchInfo),
    ) {
        let elapsed = self.shared.control.elapsed();
        let nodes = self.total_nodes();
        let millis = elapsed.as_millis() as u64;
        for (i, (score, line)) in lines.iter().enumerate() {
            let mut pos = *root;
            let mut pv = Vec::new();
            for &m in line {
                if !pos.is_legal(m) {
                    break;
                }
                pv.push(pos.wire(m));
                pos.play(m);
            }
            on_info(&SearchInfo {
                depth,
                seldepth: (self.seldepth as u32).max(depth),
                multipv: i as u32 + 1,
                score: ScoreReport::from_score(*score),
                nodes,
                nps: nodes * 1000 / millis.max(1),
                time_ms: millis,
                hashfull: self.shared.tt.hashfull(),
                pv,
            });
        }
    }
}

/// Searches the current position of `game` and returns the best move.
/// `on_info` receives one report per completed iteration and line.
pub fn search<B: Bitboard>(
    game: &Game<B>,
    tt: &TranspositionTable,
    settings: &SearchSettings,
    limits: &SearchLimits,
    control: &SearchControl,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let root = *game.position();
    tt.new_search();
    let shared = Shared {
        tt,
        control,
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

    let (lines, depth, local) = std::thread::scope(|scope| {
        for id in 1..threads {
            let shared = &shared;
            let searchmoves = &searchmoves;
            scope.spawn(move || {
                let mut helper = Searcher::new(shared, game, limits, budget, false, searchmoves);
                helper.iterate(&root, settings, id, &mut |_| {});
            });
        }
        let mut main = Searcher::new(&shared, game, limits, budget, true, &searchmoves);
        let (mut lines, mut depth) = main.iterate(&root, settings, 0, on_info);
        // With `infinite` or while pondering, the answer waits for `stop`
        // or `ponderhit`.
        while (limits.infinite || control.pondering()) && !control.stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
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
