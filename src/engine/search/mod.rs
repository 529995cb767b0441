//! Alpha-beta search: iterative deepening with aspiration windows,
//! principal variation search, a shared transposition table, quiescence
//! search, null-move pruning, reverse futility pruning, late move
//! reductions, singular and (where the game keeps them) check
//! extensions, killer and history move
//! ordering, a correction history on the static evaluation, mate
//! distances, and repetition and 100-ply draws inside the tree. Several
//! threads search the same root and share the table (lazy SMP,
//! [`threads`]); every tunable number is in [`params`].
//!
//! This file is the tree walk: [`Searcher`] with its negamax, quiescence
//! search and iterative deepening.

mod control;
mod history;
mod pace;
mod params;
mod picker;
mod shared;
mod threads;

use std::sync::LazyLock;
use std::sync::atomic::Ordering;

use crate::rules::{Bitboard, Color, Game, Move, MoveKind, Position, Role};

use history::{CorrectionSlot, Histories, MovedPiece, history_bonus};
use pace::Pace;
use params::*;
use picker::{MoveBuffer, MovePicker};
use shared::{Lines, Shared};

use super::eval::pawns::PawnCache;
use super::eval::{EvalTables, evaluate_cached, with_endgame_knowledge_for_side};
use super::limits::{SearchLimits, TimeBudget};
use super::nnue::AccumulatorStack;
use super::score::{
    DRAW, INFINITE, MATE, MATE_BOUND, Score, ScoreReport, end_score, from_tt, is_mate, mate_in,
    mated_in, to_tt,
};
use super::see::see_ge;
use super::tt::{Bound, TtEntry};

pub use control::{SearchControl, SearchInfo, SearchResult, SearchSettings};
pub use history::SearchMemory;
#[cfg(feature = "tune")]
pub use params::set_tunable;
pub use params::{MAX_PLY, TUNABLES, TunableSpec};
pub use threads::search;

/// Quiet moves tried before late move pruning at `depth`.
fn lmp_limit(depth: i32, improving: bool) -> usize {
    ((tuned!(LMP_BASE) + depth * depth) / (2 - i32::from(improving))) as usize
}

/// What a node's parent expects of it, for the rules that depend on how
/// it was reached.
#[derive(Clone, Copy)]
struct NodeFlags {
    /// A null move may be tried (not right after one, nor in a
    /// verification or singular search, nor at the root).
    allow_null: bool,
    /// The node is expected to fail high: a zero-window child searched
    /// first at an all node, or a late move's reduced search.
    cut: bool,
}

impl NodeFlags {
    /// A node where a null move may be tried.
    fn any(cut: bool) -> NodeFlags {
        NodeFlags {
            allow_null: true,
            cut,
        }
    }

    /// A node where no null move is tried.
    fn no_null(cut: bool) -> NodeFlags {
        NodeFlags {
            allow_null: false,
            cut,
        }
    }
}

/// How many natural logarithms [`LOGARITHMS`] holds: depths and move
/// numbers below this are looked up, larger ones computed.
const LOGARITHMS_HELD: usize = 256;

/// `ln n` for each `n` below [`LOGARITHMS_HELD`] (`ln 0` held as 0, never
/// read), so that the late-move reduction of a node costs two loads, not
/// two calls to the logarithm.
static LOGARITHMS: LazyLock<[f64; LOGARITHMS_HELD]> =
    LazyLock::new(|| std::array::from_fn(|n| if n == 0 { 0.0 } else { (n as f64).ln() }));

/// `ln n` for `n` at least 1, from [`LOGARITHMS`] where it is held there.
#[inline]
fn ln(n: usize) -> f64 {
    LOGARITHMS
        .get(n)
        .copied()
        .unwrap_or_else(|| (n as f64).ln())
}

/// Late-move reduction in plies for a depth and move number.
fn reduction(depth: i32, moves_searched: usize) -> i32 {
    let d = depth.max(1) as usize;
    let m = moves_searched.max(1);
    let base = f64::from(tuned!(LMR_BASE_PERCENT)) / 100.0;
    let divisor = f64::from(tuned!(LMR_DIVISOR_PERCENT)) / 100.0;
    (base + ln(d) * ln(m) / divisor) as i32
}

struct Searcher<'a, B: Bitboard> {
    shared: &'a Shared<'a>,
    eval: &'static EvalTables<B>,
    is_main: bool,
    limits: &'a SearchLimits,
    budget: TimeBudget,
    /// Keys of the positions before the current node: game then path.
    keys: Vec<u64>,
    histories: &'a mut Histories,
    /// The selective rules of this game.
    selectivity: Selectivity,
    /// A `go mate N` search: no forward pruning or reductions at all, so
    /// that a mate found nowhere in a full-width search of its depth is
    /// one that does not exist (a quiet sacrifice is never pruned).
    exhaustive: bool,
    /// The move made at each ply of the current path, for the
    /// continuation history.
    moved: [MovedPiece; MAX_PLY + 2],
    /// The move played from each ply of the path, when it was quiet (no
    /// capture, promotion or board move), else [`Move::NONE`].
    quiet_played: [Move; MAX_PLY + 2],
    /// The static evaluation at each ply of the current path (`-INFINITE`
    /// in check), for the improving flag.
    evals: [Score; MAX_PLY + 2],
    /// The move a singular-extension search at each ply leaves out
    /// ([`Move::NONE`] in a normal search).
    excluded: [Move; MAX_PLY + 2],
    /// Whether the side to move is in check at each ply, as the parent
    /// found when it played the move, with the position's key (the
    /// node reads it instead of finding its checkers again).
    check_seen: [(u64, bool); MAX_PLY + 2],
    /// The move pickers' buffers, by singular-extension nesting and ply:
    /// a node's pair is unique on the path, since a singular search
    /// runs at its node's ply one level deeper (grown on demand).
    buffers: Vec<Vec<MoveBuffer>>,
    /// How many singular-extension searches enclose the current node.
    singular_nesting: usize,
    /// The depth of the iteration running, which bounds the extensions.
    root_depth: i32,
    pv: Vec<Vec<Move>>,
    /// Static evaluations by position key: the high 48 bits of the key
    /// and the score as 16 bits (0: empty).
    eval_cache: Vec<u64>,
    /// Pawn structures by pawn placement.
    pawn_cache: PawnCache<B>,
    /// The network's sums for the positions of the path, by ply.
    accumulators: AccumulatorStack<B>,
    local_nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_excluded: Vec<Move>,
    root_allowed: Vec<Move>,
    /// The nodes this thread spent under each root move in the iteration
    /// running.
    root_nodes: Vec<(Move, u64)>,
    /// The main thread's time management across iterations.
    pace: Pace,
}

impl<'a, B: Bitboard> Searcher<'a, B> {
    fn new(
        shared: &'a Shared<'a>,
        game: &Game<B>,
        limits: &'a SearchLimits,
        budget: TimeBudget,
        is_main: bool,
        root_allowed: &[Move],
        histories: &'a mut Histories,
    ) -> Searcher<'a, B> {
        let pos = game.position();
        let window = pos.halfmove_clock() as usize;
        let history = game.history();
        let keys = history[history.len().saturating_sub(window)..]
            .iter()
            .map(|p| p.key())
            .collect();
        let exhaustive = limits.mate.is_some();

        Searcher {
            shared,
            eval: EvalTables::get(pos.variant()),
            is_main,
            limits,
            budget,
            keys,
            histories,
            selectivity: if exhaustive {
                selectivity_of(false)
            } else {
                selectivity(pos.variant())
            },
            exhaustive,
            moved: [MovedPiece::NONE; MAX_PLY + 2],
            quiet_played: [Move::NONE; MAX_PLY + 2],
            evals: [-INFINITE; MAX_PLY + 2],
            excluded: [Move::NONE; MAX_PLY + 2],
            check_seen: [(0, false); MAX_PLY + 2],
            buffers: Vec::new(),
            singular_nesting: 0,
            root_depth: 0,
            pv: vec![Vec::new(); MAX_PLY + 1],
            eval_cache: vec![0; EVAL_CACHE_ENTRIES],
            pawn_cache: PawnCache::new(PAWN_CACHE_ENTRIES),
            accumulators: AccumulatorStack::default(),
            local_nodes: 0,
            seldepth: 0,
            stopped: false,
            root_excluded: Vec::new(),
            root_allowed: root_allowed.to_vec(),
            root_nodes: Vec::new(),
            pace: Pace::default(),
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

    /// The static evaluation of `pos`, the node at `ply`: the network's
    /// when one evaluates (its sums made from the ply above's), else the
    /// hand-written one, from the cache when it was evaluated before in
    /// this search.
    #[inline]
    fn static_eval(&mut self, pos: &Position<B>, ply: usize) -> Score {
        const SCORE_BITS: u64 = 0xffff;
        if let Some(net) = self.shared.network {
            if pos.is_dead() {
                return DRAW;
            }
            let score = self.accumulators.evaluate(net, pos, ply);
            let score = with_endgame_knowledge_for_side(pos, self.eval, score);
            return score.clamp(-MAX_STATIC_EVAL, MAX_STATIC_EVAL);
        }
        let key = pos.key();
        let check = key & !SCORE_BITS;
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_ENTRIES - 1)];
        if *slot != 0 && *slot & !SCORE_BITS == check {
            return Score::from(*slot as u16 as i16);
        }
        let score = evaluate_cached(pos, self.eval, &mut self.pawn_cache);
        if let Ok(small) = i16::try_from(score) {
            *slot = check | u64::from(small as u16);
        }
        score
    }

    /// `raw`, the static evaluation of a position of `slot`, with the
    /// correction history's correction for its pawn structure.
    #[inline]
    fn corrected(&self, slot: CorrectionSlot, raw: Score) -> Score {
        (raw + self.histories.correction(slot)).clamp(-MAX_STATIC_EVAL, MAX_STATIC_EVAL)
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

    /// The moves one and two plies before `ply`, for the continuation
    /// history.
    #[inline]
    fn before(&self, ply: usize) -> [MovedPiece; 2] {
        [
            if ply >= 1 {
                self.moved[ply - 1]
            } else {
                MovedPiece::NONE
            },
            if ply >= 2 {
                self.moved[ply - 2]
            } else {
                MovedPiece::NONE
            },
        ]
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Whether the side to move is in check at `pos`, the node at `ply`:
    /// from what the parent found, when it found it for this position.
    #[inline]
    fn in_check(&self, pos: &Position<B>, ply: usize) -> bool {
        match self.check_seen[ply] {
            (key, seen) if key == pos.key() => seen,
            _ => pos.in_check(),
        }
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
        node: NodeFlags,
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
            if let Some(score) = pos.decided_by_rule() {
                return end_score(score, ply);
            }
            if self.is_repetition(pos) || pos.move_rule_ran_out() || pos.is_dead() {
                return DRAW;
            }
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos, ply);
        }

        let in_check = self.in_check(pos, ply);
        let key = pos.key();
        // A singular-extension search of this node leaves out one move, so
        // the table's word on the whole node is not its answer.
        let excluded = self.excluded[ply];
        let mut tt_move = Move::NONE;
        let mut tt_entry = None;
        if excluded == Move::NONE
            && let Some(entry) = self.shared.tt.probe(key)
        {
            tt_move = entry.best_move;
            tt_entry = Some(entry);
            if !pv_node
                && entry.depth >= depth
                && let Some(score) = Self::table_cutoff(&entry, ply, alpha, beta)
            {
                return score;
            }
        }

        // The static evaluation as the network or the hand-written terms
        // give it, and as the correction history corrects it; the search
        // prunes on the second and the history learns from the first.
        let (raw_eval, static_eval, correction_slot) = if in_check {
            (-INFINITE, -INFINITE, None)
        } else {
            let raw = self.static_eval(pos, ply);
            let slot = CorrectionSlot::of(pos);
            (raw, self.corrected(slot, raw), Some(slot))
        };
        self.evals[ply] = static_eval;
        // The pruning below reads the table's score where its bound says
        // the node is worth at least (or at most) that and the static
        // evaluation says less (or more): a searched score is the better
        // guess. Only a score searched at least as deep as this node: a
        // pruned node stores nothing, so a shallower bound that let it be
        // pruned would never be replaced.
        let eval = match tt_entry {
            Some(entry) if !in_check && excluded == Move::NONE && entry.depth >= depth => {
                let score = from_tt(entry.score, ply);
                let better = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score > static_eval,
                    Bound::Upper => score < static_eval,
                };
                if better && !is_mate(score) {
                    score
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        // The prior move judged by the two evaluations around it: a quiet
        // move after which its side's evaluation rose earns history.
        if self.selectivity.prior_eval_history
            && !in_check
            && excluded == Move::NONE
            && self.singular_nesting == 0
            && ply >= 1
            && self.evals[ply - 1] != -INFINITE
            && self.quiet_played[ply - 1] != Move::NONE
        {
            let sum = self.evals[ply - 1] + static_eval;
            let bonus = (-tuned!(PRIOR_EVAL_BONUS_PER_CP) * sum)
                .clamp(-tuned!(PRIOR_EVAL_MALUS_MAX), tuned!(PRIOR_EVAL_BONUS_MAX))
                + tuned!(PRIOR_EVAL_BONUS_BASE);
            self.histories
                .update_main(!pos.side_to_move(), self.quiet_played[ply - 1], bonus);
        }

        // Improving: the evaluation rose since this side's last move, so
        // pruning can be bolder when it does not.
        let improving = self.selectivity.improving
            && !in_check
            && ply >= 2
            && static_eval > self.evals[ply - 2];

        // Internal iterative reduction: a node with no table move is new
        // to the search, and a shallower look orders it for next time.
        let mut depth = depth;
        if self.selectivity.iir
            && depth >= tuned!(IIR_MIN_DEPTH)
            && tt_move == Move::NONE
            && excluded == Move::NONE
            && !in_check
        {
            depth -= 1;
        }

        if !pv_node
            && !in_check
            && !self.exhaustive
            && excluded == Move::NONE
            && beta.abs() < MATE_BOUND
        {
            // Reverse futility: far above beta at low depth.
            let margin = tuned!(RFP_PER_DEPTH) * (depth - i32::from(improving));
            if depth <= tuned!(RFP_DEPTH) && eval - margin >= beta {
                return eval;
            }
            // Null move: if passing still fails high, so will a real move.
            if node.allow_null
                && depth >= tuned!(NMP_MIN_DEPTH)
                && eval >= beta
                && Self::has_pieces(pos, pos.side_to_move())
            {
                let r = tuned!(NMP_BASE) + depth / tuned!(NMP_DEPTH_DIVISOR);
                let mut child = *pos;
                debug_assert!(!pos.in_check(), "a null move in check");
                child.play_null();
                self.keys.push(key);
                self.moved[ply] = MovedPiece::NONE;
                self.quiet_played[ply] = Move::NONE;
                let score = -self.search(
                    &child,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    NodeFlags::no_null(!node.cut),
                );
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    // Zugzwang guard: deep enough, confirm with a reduced
                    // search in which the side to move must really move;
                    // if that fails, search the node normally.
                    let confirmed = depth < tuned!(NMP_VERIFY_DEPTH) || {
                        let verified = self.search(
                            pos,
                            depth - 1 - r,
                            beta - 1,
                            beta,
                            ply,
                            NodeFlags::no_null(node.cut),
                        );
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

        // ProbCut: a capture whose quiescence search, then a shallower
        // search, beats beta by a margin predicts that the full search
        // fails high too.
        if self.selectivity.probcut
            && !pv_node
            && !in_check
            && excluded == Move::NONE
            && depth >= tuned!(PROBCUT_MIN_DEPTH)
            && beta.abs() < MATE_BOUND
        {
            let probcut_beta = beta + tuned!(PROBCUT_MARGIN);
            // A table score searched nearly as deep that falls short
            // says the captures will too.
            let table_says_no = tt_entry.is_some_and(|entry| {
                entry.depth > depth - tuned!(PROBCUT_REDUCTION)
                    && entry.bound != Bound::Lower
                    && from_tt(entry.score, ply) < probcut_beta
            });
            if !table_says_no {
                let noisy_tt_move =
                    match tt_move != Move::NONE && MovePicker::is_noisy(pos, tt_move) {
                        true => tt_move,
                        false => Move::NONE,
                    };
                let mut picker = MovePicker::quiescence(noisy_tt_move, false);
                let before = self.before(ply);
                while let Some(m) = picker.next(
                    pos,
                    self.histories,
                    before,
                    buffer(&mut self.buffers, self.singular_nesting, ply),
                ) {
                    if !see_ge(pos, m, probcut_beta - static_eval) {
                        continue;
                    }
                    let child = self.child(pos, m);
                    self.check_seen[ply + 1] = (child.key(), child.in_check());
                    self.keys.push(key);
                    self.moved[ply] = MovedPiece::of(pos, m);
                    self.quiet_played[ply] = Move::NONE;
                    let mut score =
                        -self.quiescence(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
                    if score >= probcut_beta {
                        score = -self.search(
                            &child,
                            depth - tuned!(PROBCUT_REDUCTION),
                            -probcut_beta,
                            -probcut_beta + 1,
                            ply + 1,
                            NodeFlags::any(!node.cut),
                        );
                    }
                    self.keys.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= probcut_beta {
                        self.shared.tt.store(
                            key,
                            m,
                            to_tt(score, ply),
                            depth - tuned!(PROBCUT_REDUCTION) + 1,
                            Bound::Lower,
                        );
                        return score;
                    }
                }
            }
        }

        let before = self.before(ply);
        let mut picker = MovePicker::new(
            tt_move,
            self.histories.killers[ply],
            self.histories.counter(before[0]),
            in_check,
            self.selectivity.threat_ordering,
        );
        self.histories.clear_killers(ply + 1);

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut quiets_tried = [Move::NONE; 64];
        let mut quiets_count = 0;
        let mut captures_tried = [Move::NONE; 32];
        let mut captures_count = 0;
        let mut moves_searched = 0;
        let mut root_moves_left_out = false;
        let side = pos.side_to_move();

        while let Some(m) = picker.next(
            pos,
            self.histories,
            before,
            buffer(&mut self.buffers, self.singular_nesting, ply),
        ) {
            if m == excluded {
                continue;
            }
            if root
                && (self.root_excluded.contains(&m)
                    || (!self.root_allowed.is_empty() && !self.root_allowed.contains(&m)))
            {
                root_moves_left_out = true;
                continue;
            }
            let victim = pos.captured(m);
            let quiet = victim.is_none() && m.kind() != MoveKind::Promotion;
            let mover = pos.piece_at(m.from());

            // A quiet move's base late move reduction, worked out once:
            // the reduced search below starts from it, and futility and SEE
            // pruning judge the move at the depth it would leave (where the
            // game's search is selective).
            let quiet_reduction = if quiet {
                reduction(depth, moves_searched)
            } else {
                0
            };
            let lmr_depth = if quiet && self.selectivity.reduced_depth_pruning {
                (depth - quiet_reduction).max(0)
            } else {
                depth
            };
            if !root && best > -MATE_BOUND {
                // Late move pruning: enough quiet moves tried at low depth.
                if self.selectivity.late_move_pruning
                    && quiet
                    && depth <= tuned!(LMP_DEPTH)
                    && quiets_count >= lmp_limit(depth, improving)
                {
                    picker.skip_quiets();
                    continue;
                }
                // SEE pruning: moves that lose too much material; a quiet
                // move at the depth its late move reduction would leave.
                if self.selectivity.see_pruning && lmr_depth <= tuned!(SEE_PRUNE_DEPTH) {
                    let threshold = if quiet {
                        -tuned!(SEE_QUIET_MARGIN) * lmr_depth
                    } else {
                        -tuned!(SEE_NOISY_MARGIN) * depth * depth
                    };
                    if !see_ge(pos, m, threshold) {
                        continue;
                    }
                }
            }
            // Singular extension: when every other move falls well short of
            // the table move's score, the table move is searched deeper;
            // when even without it the node fails high, the node does
            // (multicut). Searching a table move that is not alone a ply
            // shallower was measured and not kept (docs/strength.md).
            let mut singular = false;
            if m == tt_move
                && !root
                && self.selectivity.singular
                && depth >= tuned!(SE_MIN_DEPTH)
                && (ply as i32) < 2 * self.root_depth
                && let Some(entry) = tt_entry
                && entry.bound != Bound::Upper
                && entry.depth >= depth - tuned!(SE_TABLE_DEPTH_MARGIN)
                && !is_mate(from_tt(entry.score, ply))
            {
                let tt_score = from_tt(entry.score, ply);
                let singular_beta = tt_score - tuned!(SE_MARGIN_PER_DEPTH) * depth;
                self.excluded[ply] = m;
                self.singular_nesting += 1;
                let s = self.search(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    NodeFlags::no_null(node.cut),
                );
                self.singular_nesting -= 1;
                self.excluded[ply] = Move::NONE;
                if self.stopped {
                    return 0;
                }
                if s < singular_beta {
                    singular = true;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }

            let child = self.child(pos, m);
            let gives_check = child.in_check();
            self.check_seen[ply + 1] = (child.key(), gives_check);

            // Futility: a quiet, non-checking move far below alpha at the
            // last plies.
            if !pv_node
                && !in_check
                && !self.exhaustive
                && quiet
                && !gives_check
                && moves_searched > 0
                && lmr_depth <= tuned!(FUTILITY_DEPTH)
                && best > -MATE_BOUND
                && eval + tuned!(FUTILITY_PER_DEPTH) * lmr_depth + tuned!(FUTILITY_BASE) <= alpha
            {
                continue;
            }

            let checks = gives_check && self.selectivity.check_extension;
            let new_depth = depth - 1 + i32::from(singular || checks);
            self.keys.push(key);
            self.moved[ply] = MovedPiece::of(pos, m);
            self.quiet_played[ply] = if quiet && m.kind() != MoveKind::BoardMove {
                m
            } else {
                Move::NONE
            };
            let nodes_before = self.local_nodes;
            let score = if moves_searched == 0 {
                let cut = !pv_node && !node.cut;
                -self.search(
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    NodeFlags::any(cut),
                )
            } else {
                let mut r = 0;
                if !self.exhaustive
                    && depth >= tuned!(LMR_MIN_DEPTH)
                    && moves_searched >= LMR_MIN_MOVE
                    && quiet
                    && !in_check
                    && !gives_check
                {
                    r = quiet_reduction;
                    if pv_node {
                        r -= 1;
                    }
                    // A node expected to fail high needs only one move
                    // that does: the others are searched shallower.
                    if node.cut && self.selectivity.cut_node_reductions {
                        r += tuned!(LMR_CUT_NODE);
                    }
                    // A side whose position is not getting better has
                    // less to find in its late quiet moves.
                    if self.selectivity.improving && !improving {
                        r += 1;
                    }
                    let killers = self.histories.killers[ply];
                    if m == killers[0] || m == killers[1] {
                        r -= 1;
                    }
                    if let Some(piece) = mover {
                        r -= self.histories.quiet_score(side, m, piece, before)
                            / tuned!(LMR_HISTORY_DIVISOR);
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                // The reduced search expects a cut; a full-depth re-search
                // expects the opposite of this node.
                let mut s = -self.search(
                    &child,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    NodeFlags::any(true),
                );
                if s > alpha && r > 0 {
                    s = -self.search(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        NodeFlags::any(!node.cut),
                    );
                }
                if s > alpha && s < beta {
                    s = -self.search(
                        &child,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        NodeFlags::any(false),
                    );
                }
                s
            };
            self.keys.pop();
            if root {
                self.count_root_nodes(m, self.local_nodes - nodes_before);
            }
            if self.stopped {
                return 0;
            }
            moves_searched += 1;

            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        let bonus = history_bonus(depth);
                        if quiet {
                            self.histories.add_killer(ply, m);
                            self.histories.set_counter(before[0], m);
                            if let Some(piece) = mover {
                                self.histories.update_quiet(side, m, piece, before, bonus);
                            }
                            for &q in &quiets_tried[..quiets_count] {
                                if let Some(piece) = pos.piece_at(q.from()) {
                                    self.histories.update_quiet(side, q, piece, before, -bonus);
                                }
                            }
                        } else if let (Some(piece), Some(v)) = (mover, victim) {
                            self.histories
                                .update_capture(piece, m.to().index(), v.role, bonus);
                        }
                        for &c in &captures_tried[..captures_count] {
                            if let (Some(piece), Some(v)) =
                                (pos.piece_at(c.from()), pos.captured(c))
                            {
                                self.histories.update_capture(
                                    piece,
                                    c.to().index(),
                                    v.role,
                                    -bonus,
                                );
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && quiets_count < quiets_tried.len() {
                quiets_tried[quiets_count] = m;
                quiets_count += 1;
            } else if victim.is_some() && captures_count < captures_tried.len() {
                captures_tried[captures_count] = m;
                captures_count += 1;
            }
        }

        if moves_searched == 0 {
            if root_moves_left_out {
                return -INFINITE;
            }
            if excluded != Move::NONE {
                return alpha;
            }
            // The first move is never pruned: none came, none is legal.
            return if in_check {
                mated_in(ply)
            } else {
                end_score(pos.tables().spec.stalemate, ply)
            };
        }

        if excluded == Move::NONE && (!root || self.root_excluded.is_empty()) {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // The correction history learns how far the evaluation missed,
            // where the search's score says it (a bound on the wrong side
            // of the evaluation does not) and a quiet position was meant.
            let quiet_best = best_move == Move::NONE || !MovePicker::is_noisy(pos, best_move);
            let bound_says_it = match bound {
                Bound::Lower => best > static_eval,
                Bound::Upper => best < static_eval,
                Bound::Exact => true,
            };
            if let Some(slot) = correction_slot
                && quiet_best
                && !is_mate(best)
                && bound_says_it
            {
                self.histories
                    .update_correction(slot, depth, best - raw_eval);
            }
            self.shared
                .tt
                .store(key, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Adds `nodes` to the root move `m`'s count of this iteration.
    fn count_root_nodes(&mut self, m: Move, nodes: u64) {
        match self.root_nodes.iter_mut().find(|(r, _)| *r == m) {
            Some((_, n)) => *n += nodes,
            None => self.root_nodes.push((m, nodes)),
        }
    }

    /// The share of this iteration's root nodes that went to `m`.
    fn root_share(&self, m: Move) -> f64 {
        let total: u64 = self.root_nodes.iter().map(|(_, n)| n).sum();
        let of_m = self
            .root_nodes
            .iter()
            .find(|(r, _)| *r == m)
            .map_or(0, |(_, n)| *n);
        of_m as f64 / total.max(1) as f64
    }

    /// The score of a table entry when its bound settles the node at `ply`
    /// within `alpha..beta`.
    #[inline]
    fn table_cutoff(entry: &TtEntry, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let score = from_tt(entry.score, ply);
        let settled = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settled.then_some(score)
    }

    /// Whether both kings stand on the board (every searched node must
    /// have them: a missing king means an illegal move was played).
    fn kings_present(pos: &Position<B>) -> bool {
        Color::ALL
            .iter()
            .all(|&c| pos.pieces(c, Role::King).count() == 1)
    }

    /// The position after `m`, its table slot on its way to the cache;
    /// debug builds check that the move did not leave the mover's king in
    /// check.
    #[inline]
    fn child(&self, pos: &Position<B>, m: Move) -> Position<B> {
        let child = pos.after(m);
        self.shared.tt.prefetch(child.key());
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
        if let Some(score) = pos.decided_by_rule() {
            return end_score(score, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos, ply);
        }
        let in_check = self.in_check(pos, ply);
        let key = pos.key();
        let original_alpha = alpha;
        let mut tt_move = Move::NONE;
        let entry = if self.selectivity.quiescence_table {
            self.shared.tt.probe(key)
        } else {
            None
        };
        if let Some(entry) = entry {
            tt_move = entry.best_move;
            if let Some(score) = Self::table_cutoff(&entry, ply, alpha, beta) {
                return score;
            }
        }
        let stand_pat = if in_check {
            -INFINITE
        } else {
            let raw = self.static_eval(pos, ply);
            let e = self.corrected(CorrectionSlot::of(pos), raw);
            if e >= beta {
                return e;
            }
            alpha = alpha.max(e);
            e
        };
        let mut picker = MovePicker::quiescence(tt_move, in_check);
        let mut best_move = Move::NONE;
        let before = self.before(ply);
        let mut best = stand_pat;
        let mut any_move = false;
        while let Some(m) = picker.next(
            pos,
            self.histories,
            before,
            buffer(&mut self.buffers, self.singular_nesting, ply),
        ) {
            any_move = true;
            if !in_check && m.kind() != MoveKind::Promotion {
                let gain = pos.captured(m).map_or(0, |p| order_value(pos, p.role));
                if stand_pat + gain + tuned!(QS_DELTA_MARGIN) < alpha {
                    continue;
                }
                if self.selectivity.quiescence_see && !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = self.child(pos, m);
            self.moved[ply] = MovedPiece::of(pos, m);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && !any_move {
            return mated_in(ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha && best_move != Move::NONE {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.selectivity.quiescence_table {
            self.shared
                .tt
                .store(key, best_move, to_tt(best, ply), 0, bound);
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
    ) -> (Lines, u32) {
        let max_depth = self
            .limits
            .max_depth()
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut lines: Lines = Vec::new();
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
            self.root_depth = depth as i32;
            let mut iteration: Lines = Vec::new();
            self.root_excluded.clear();
            self.root_nodes.clear();
            for pv_index in 0..multipv {
                let previous = lines.get(pv_index).map(|l| l.0);
                let mut window = tuned!(ASPIRATION_WINDOW);
                let (mut alpha, mut beta) = match previous {
                    Some(p) if depth >= ASPIRATION_MIN_DEPTH && !is_mate(p) => {
                        (p - window, p + window)
                    }
                    _ => (-INFINITE, INFINITE),
                };
                // Each fail high searches the next try a ply shallower
                // (a move that failed high is confirmed sooner), up to
                // ASPIRATION_FAIL_HIGH_MAX_CUT plies; a fail low starts
                // again at the full depth.
                let mut fail_highs = 0;
                let score = loop {
                    let s = self.search(
                        root,
                        (depth as i32 - fail_highs.min(ASPIRATION_FAIL_HIGH_MAX_CUT)).max(1),
                        alpha,
                        beta,
                        0,
                        NodeFlags::no_null(false),
                    );
                    if self.stopped {
                        break s;
                    }
                    if s <= alpha {
                        alpha = (alpha - window).max(-INFINITE);
                        window *= 2;
                        fail_highs = 0;
                    } else if s >= beta {
                        beta = (beta + window).min(INFINITE);
                        window *= 2;
                        fail_highs += 1;
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
                if let Some((score, line)) = lines.first()
                    && let Some(&best) = line.first()
                {
                    let share = self.root_share(best);
                    self.pace.after_iteration(depth, best, *score, share);
                }
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

    fn iteration_limits_reached(&self, lines: &Lines, depth: u32) -> bool {
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
        // A fixed time per move is spent whole; a clock's optimum follows
        // the pace of the iterations.
        let optimum = self.budget.soft.map(|soft| {
            if self.limits.move_time.is_some() {
                return soft;
            }
            let paced = soft.mul_f64(self.pace.scale());
            self.budget.hard.map_or(paced, |hard| paced.min(hard))
        });
        !control.pondering() && optimum.is_some_and(|optimum| control.elapsed() >= optimum)
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
/// The move buffer of the node at `ply` inside `nesting` singular
/// searches (see `Searcher::buffers`), made when first needed.
#[inline]
fn buffer(buffers: &mut Vec<Vec<MoveBuffer>>, nesting: usize, ply: usize) -> &mut MoveBuffer {
    if buffers.len() <= nesting {
        buffers.resize_with(nesting + 1, Vec::new);
    }
    let level = &mut buffers[nesting];
    if level.len() <= ply {
        level.resize_with(ply + 1, MoveBuffer::new);
    }
    &mut level[ply]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The looked-up logarithms give the reductions the formula gives,
    /// inside the table and past its end.
    #[test]
    fn reductions_from_the_table_match_the_formula() {
        let base = f64::from(tuned!(LMR_BASE_PERCENT)) / 100.0;
        let divisor = f64::from(tuned!(LMR_DIVISOR_PERCENT)) / 100.0;
        for depth in 0..300 {
            for moves in 0..300 {
                let d = f64::from(depth.max(1));
                let m = moves.max(1) as f64;
                let direct = (base + d.ln() * m.ln() / divisor) as i32;
                assert_eq!(
                    reduction(depth, moves),
                    direct,
                    "depth {depth}, move {moves}"
                );
            }
        }
    }
}
