//! Expectimax search for ChessWar, with Star1/Star2 pruning at the chance
//! nodes, alpha-beta at the decision nodes, a transposition table and
//! iterative deepening.
//!
//! # What is searched
//!
//! The tree is the rules core's own: every token is one edge.
//!
//! - **Decision nodes** (a player must choose: an action, the defender's
//!   `pick:`, an advance, a reaction spell). The side that decides is the
//!   one [`State::to_act`] names, never simply the side to move: the root
//!   decider's decisions are maximised, the other side's (its turn, its
//!   picks, its reaction spells) minimised. Values are always from the
//!   root decider's view.
//! - **Chance nodes** (a die roll is due): the six results are played;
//!   results that lead to equal states are merged and weighted by their
//!   count, so each distinct outcome has its exact probability `k/6`.
//! - **Terminal nodes**: a won game is worth 1, a lost one -1, a draw 0.
//!
//! **Depth** counts decisions: a decision node at depth `d` searches its
//! children at depth `d - 1`, except a decision with exactly one legal
//! token, which passes `d` on unchanged. Chance nodes never use depth: the
//! dice after a decision are always resolved, until the next decision,
//! except that a run of more than [`MAX_ROLL_CHAIN`] rolls in a row is cut
//! off with the static evaluation (a Storm or a spreading plague can chain
//! a dozen saves). A decision node at depth 0 is a leaf and gets the static
//! evaluation ([`super::eval`], bounded by `[-1, 1]`).
//!
//! **Considered and skipped.** At the root every legal token is searched,
//! at every iteration. At an inner decision node searched to depth 2 or
//! more, every legal token is first given its depth-0 value (played, its
//! dice resolved exactly to the next decision, then evaluated); the tokens
//! are ordered by it (best first for the side deciding), and when there
//! are more than the width ([`DEFAULT_WIDTH`] = 8, see
//! [`Searcher::set_width`]) only that many best are searched deeper, plus
//! `end`, which is always kept. The others are skipped at that node: in a
//! movement phase that is most moves and Flight casts (a unit's other
//! squares, the units that do not move yet), in a firing phase most
//! catapult aim squares and Storm squares. A node at depth 1 searches
//! every legal token (each to depth 0). The transposition table's token
//! only changes the order among the tokens kept, so the tree searched does
//! not depend on what the table holds. Nothing is skipped at chance nodes
//! beyond what Star1/Star2 prove cannot change the result.
//!
//! **Pruning** ([`Pruning`]): alpha-beta at decision nodes (fail-soft); at
//! chance nodes Ballard's Star1 (the outcomes not searched yet are bounded
//! by the evaluation's bounds `[-1, 1]`, or more tightly by what the table
//! or a probe knows of them) and Star2 (before the Star1 pass, each
//! outcome that is a decision node is probed by searching only its first
//! token, the table's or else the first legal one, provided it is sure to
//! be among the tokens the node keeps; this bounds it from one side: from
//! below for the root decider's decisions, from above for the
//! opponent's; the probes alone can cut the node), after Hauk, Buro
//! and Schaeffer, "Rediscovering *-Minimax Search". `Pruning::None` is
//! plain expectimax (every node searched with the full window, no
//! cutoffs), for checks.
//!
//! **Transposition table**: keyed by a 64-bit hash of the whole state
//! (every field of the state string; for a chance node also the number of
//! rolls in a row before it), it keeps the depth, the value (exact, lower
//! or upper bound, from White's view so that it serves either side) and,
//! for decision nodes, the best token. A stored value is used only at the
//! same depth, so a search returns exactly the value of the tree described
//! above; the best token orders the moves at any depth. An entry is
//! replaced unless the slot holds a deeper entry for another state from
//! the same search.
//!
//! **Iterative deepening**: depths 1, 2, ... until the depth limit, the
//! node budget, the time or the stop flag ends it (the clock and the flag
//! are checked every 256 nodes, the budget at every node; every decision,
//! chance and leaf node visited counts, probes included); the answer is
//! the best token of the last completed iteration (the first token
//! searched wins ties; from the second iteration on the previous best is
//! searched first). An iteration is not started when the growth of the
//! previous ones predicts it cannot finish within the budget, and
//! deepening stops early when an iteration reached no horizon (the game's
//! end was seen on every line). If the search is stopped before the first
//! iteration completes, it answers the best token seen so far, or the
//! first legal token.
//!
//! This file is the public face and the tree walk: [`Searcher`] with its
//! decision, chance and probe nodes and the iterative deepening. The keys
//! are in [`keys`], the transposition table in [`table`], the time per
//! decision and the prediction of the next iteration in [`pace`], and
//! every tunable number in [`params`].

mod keys;
mod pace;
mod params;
mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::ToAct;
use super::errors::SearchError;
use super::eval::{EvalWeights, WEIGHTS, evaluate_with, terminal_value};
use super::notation::Token;
pub use super::state::NodeKind;
use super::state::State;
use super::units::Side;

use keys::chance_key;
use pace::Pace;
use params::{CHECK_INTERVAL, HIGH, LOW, PV_BEYOND_DEPTH, SELECTIVE_MIN_DEPTH, WIDE};
use table::{Bound, Entry, Table};

pub use keys::state_key;
pub use pace::time_for_decision;
pub use params::{DEFAULT_DEPTH, DEFAULT_HASH_MB, DEFAULT_WIDTH, MAX_DEPTH, MAX_ROLL_CHAIN};

/// What limits a search. With every field `None` the search goes to
/// [`DEFAULT_DEPTH`]; otherwise it deepens until the first limit given is
/// reached.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// The deepest iteration (decisions, see the module documentation).
    pub depth: Option<u32>,
    /// The most nodes (decision, chance and leaf nodes) to visit.
    pub nodes: Option<u64>,
    /// The most time to spend.
    pub movetime: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The token chosen (always legal in the searched state).
    pub best: String,
    /// Its value in `[-1, 1]` from the deciding side's view.
    pub value: f64,
    /// The depth of the iteration it comes from (0 if none completed).
    pub depth: u32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time spent so far in this search.
    pub elapsed: Duration,
    /// The expected line: the decisions from the best token on, up to the
    /// first roll (from the transposition table).
    pub pv: Vec<String>,
}

impl SearchReport {
    /// The score in centipawn-like units, as the protocols print it: the
    /// value (from -1 to 1, the deciding side's view) times 1000, rounded.
    pub fn score(&self) -> i64 {
        (self.value.clamp(-1.0, 1.0) * 1000.0).round() as i64
    }
}

/// The pruning used at chance and decision nodes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Pruning {
    /// Plain expectimax: every node is searched, no cutoffs.
    None,
    /// Alpha-beta at decision nodes and Star1 at chance nodes.
    Star1,
    /// Star1 with the Star2 probing phase.
    #[default]
    Star2,
}

/// What `state` waits for; the same answer as [`State::to_act`], cheaply
/// ([`State::node_kind`]).
pub fn node_kind(state: &State) -> NodeKind {
    state.node_kind()
}

/// The state of one search: limits, counters, the root side.
struct Ctx<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    node_limit: u64,
    nodes: u64,
    aborted: bool,
    root: Side,
    /// Static evaluations at the horizon (and table hits) in this
    /// iteration: none means the tree was searched to the end.
    horizon: u64,
}

impl Ctx<'_> {
    /// Counts a node; whether the search must stop.
    fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.aborted = self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.aborted
    }
}

/// The expectimax searcher; it owns the transposition table, which is kept
/// from one search to the next until [`Searcher::clear`].
pub struct Searcher {
    table: Table,
    pruning: Pruning,
    width: Option<usize>,
    weights: EvalWeights,
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes
    /// (at least a few thousand entries), Star2 pruning, width
    /// [`DEFAULT_WIDTH`] and the evaluation's [`WEIGHTS`].
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::try_new(hash_mb)
            .unwrap_or_else(|e| panic!("memory for the ChessWar search table: {:?}", e.to_string()))
    }

    /// [`Searcher::new`], or an error when the memory cannot be had.
    pub fn try_new(hash_mb: usize) -> Result<Searcher, SearchError> {
        Ok(Searcher {
            table: Table::try_new(hash_mb)?,
            pruning: Pruning::Star2,
            width: Some(DEFAULT_WIDTH),
            weights: WEIGHTS,
        })
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Sets the pruning (and empties the table, whose bounds depend on it).
    pub fn set_pruning(&mut self, pruning: Pruning) {
        self.pruning = pruning;
        self.clear();
    }

    /// Sets how many tokens inner decision nodes at depth 2 or more keep
    /// (`None`: all), and empties the table.
    pub fn set_width(&mut self, width: Option<usize>) {
        self.width = width.map(|w| w.max(1));
        self.clear();
    }

    /// Sets the evaluation's weights (for tuning), and empties the table.
    pub fn set_weights(&mut self, weights: EvalWeights) {
        self.weights = weights;
        self.clear();
    }

    /// [`Searcher::search`] for a front end: each report goes to `info`,
    /// and the final one too when the search gave none (a forced token), so
    /// that a GUI always sees one; a chosen token the rules refuse is an
    /// error, as is the searcher's reason for not searching.
    pub fn decide(
        &mut self,
        state: &State,
        limits: &SearchLimits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchReport),
    ) -> Result<SearchReport, SearchError> {
        let mut reported = false;
        let report = self.search(state, limits, stop, &mut |r| {
            reported = true;
            info(r);
        })?;
        if !state.legal_tokens().contains(&report.best) {
            return Err(SearchError::IllegalChoice { token: report.best });
        }
        if !reported {
            info(&report);
        }
        Ok(report)
    }

    /// Searches the decision due in `state` (whoever must decide: the side
    /// to move, or the opponent for pick:/reaction decisions).
    /// [`SearchError::RollDue`] or [`SearchError::GameOver`] when no
    /// decision is due.
    pub fn search(
        &mut self,
        state: &State,
        limits: &SearchLimits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchReport),
    ) -> Result<SearchReport, SearchError> {
        let root = match state.to_act() {
            ToAct::Over(_) => return Err(SearchError::GameOver),
            ToAct::Roll { purpose } => return Err(SearchError::RollDue { purpose }),
            ToAct::Decision { side, .. } => side,
        };
        let start = Instant::now();
        self.table.new_search();
        let mut ctx = Ctx {
            stop,
            deadline: limits.movetime.map(|t| start + t),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            aborted: false,
            root,
            horizon: 0,
        };
        let mut kids: Vec<(Token, State, f64)> = Vec::new();
        for t in state.legal() {
            let mut child = state.clone();
            if child.play(t).is_ok() {
                kids.push((t, child, 0.0));
            }
        }
        if kids.is_empty() {
            return Err(SearchError::NoLegalToken);
        }
        let forced = kids.len() == 1;
        let unlimited =
            limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none();
        let mut max_depth =
            limits
                .depth
                .unwrap_or(if unlimited { DEFAULT_DEPTH } else { MAX_DEPTH });
        if forced && limits.depth.is_none() {
            max_depth = 1;
        }
        let max_depth = max_depth.clamp(1, MAX_DEPTH);
        let prune = self.pruning != Pruning::None;
        let mut completed: Option<SearchReport> = None;
        let mut partial_best: Option<(usize, f64)> = None;
        let mut pace = Pace::default();
        if stop.load(Ordering::Relaxed) {
            ctx.aborted = true;
        }
        for depth in 1..=max_depth {
            if ctx.aborted {
                break;
            }
            ctx.horizon = 0;
            let iter_nodes = ctx.nodes;
            let iter_start = Instant::now();
            let child_depth = if forced { depth } else { depth - 1 };
            let mut alpha = WIDE.0;
            let mut best: Option<(usize, f64)> = None;
            for (i, kid) in kids.iter_mut().enumerate() {
                let low = if prune { alpha } else { WIDE.0 };
                let v = self.node(&mut ctx, &kid.1, child_depth, low, WIDE.1, 0);
                if ctx.aborted {
                    break;
                }
                kid.2 = v;
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((i, v));
                    if prune {
                        alpha = alpha.max(v);
                    }
                }
                if depth == 1 {
                    partial_best = best;
                }
            }
            if ctx.aborted {
                break;
            }
            let Some((bi, bv)) = best else { break };
            // The best first, the rest by value, for the next iteration.
            let chosen = kids.remove(bi);
            kids.sort_by(|a, b| b.2.total_cmp(&a.2));
            kids.insert(0, chosen);
            let token = kids[0].0;
            let report = SearchReport {
                best: token.to_string(),
                value: bv,
                depth,
                nodes: ctx.nodes,
                elapsed: start.elapsed(),
                pv: self.pv(state, token, depth as usize + PV_BEYOND_DEPTH),
            };
            info(&report);
            completed = Some(report);
            if ctx.horizon == 0 || depth == max_depth {
                break;
            }
            // Do not start an iteration that cannot finish.
            let cost = (ctx.nodes - iter_nodes).max(1);
            let nodes_left = limits.nodes.map(|limit| limit.saturating_sub(ctx.nodes));
            let time = limits
                .movetime
                .map(|t| (iter_start.elapsed(), t.saturating_sub(start.elapsed())));
            if !pace.next_fits(cost, nodes_left, time) {
                break;
            }
        }
        let elapsed = start.elapsed();
        Ok(match completed {
            Some(mut r) => {
                r.nodes = ctx.nodes;
                r.elapsed = elapsed;
                r
            }
            None => {
                // No iteration finished: the best token seen so far, or the
                // first legal one.
                let (i, v) = partial_best.unwrap_or((0, evaluate_with(state, root, &self.weights)));
                SearchReport {
                    best: kids[i].0.to_string(),
                    value: v,
                    depth: 0,
                    nodes: ctx.nodes,
                    elapsed,
                    pv: vec![kids[i].0.to_string()],
                }
            }
        })
    }

    /// The principal variation from the root token on, through the table's
    /// best tokens, up to the first roll.
    fn pv(&self, state: &State, first: Token, max: usize) -> Vec<String> {
        let mut line = vec![first.to_string()];
        let mut s = state.clone();
        if s.play(first).is_err() {
            return line;
        }
        while line.len() < max {
            let NodeKind::Decision(_) = node_kind(&s) else {
                break;
            };
            let Some(e) = self.table.lookup(state_key(&s)) else {
                break;
            };
            let Some(t) = e.best else { break };
            if s.play(t).is_err() {
                break;
            }
            line.push(t.to_string());
        }
        line
    }

    /// Stores a value from the root side's view.
    fn store(
        &mut self,
        ctx: &Ctx,
        key: u64,
        depth: u32,
        v: f64,
        bound: Bound,
        best: Option<Token>,
    ) {
        self.table.store(ctx.root, key, depth, v, bound, best);
    }

    /// The entry stored for `key`, if any.
    fn lookup(&self, key: u64) -> Option<Entry> {
        self.table.lookup(key)
    }

    fn eval(&self, ctx: &Ctx, state: &State) -> f64 {
        evaluate_with(state, ctx.root, &self.weights)
    }

    /// The value of `state` searched to `depth` within `(alpha, beta)`
    /// (fail-soft: a value at or below alpha is an upper bound, at or above
    /// beta a lower bound); `rolls` counts the rolls in a row before it.
    fn node(
        &mut self,
        ctx: &mut Ctx,
        state: &State,
        depth: u32,
        alpha: f64,
        beta: f64,
        rolls: u32,
    ) -> f64 {
        if ctx.tick() {
            return 0.0;
        }
        match node_kind(state) {
            NodeKind::Over => terminal_value(state, ctx.root).unwrap_or(0.0),
            NodeKind::Roll if rolls >= MAX_ROLL_CHAIN => {
                ctx.horizon += 1;
                self.eval(ctx, state)
            }
            NodeKind::Roll => self.chance(ctx, state, depth, alpha, beta, rolls),
            NodeKind::Decision(_) if depth == 0 => {
                ctx.horizon += 1;
                self.eval(ctx, state)
            }
            NodeKind::Decision(side) => self.decision(ctx, state, side, depth, alpha, beta),
        }
    }

    /// A chance node: the distinct outcomes of the die with their weights.
    fn chance(
        &mut self,
        ctx: &mut Ctx,
        state: &State,
        depth: u32,
        alpha: f64,
        beta: f64,
        rolls: u32,
    ) -> f64 {
        let prune = self.pruning != Pruning::None;
        let key = chance_key(state, rolls);
        if let Some(v) = self.table_hit(ctx, key, depth, alpha, beta) {
            return v;
        }
        let v = self.chance_outcomes(ctx, state, depth, alpha, beta, rolls);
        if ctx.aborted {
            return 0.0;
        }
        let bound = Bound::of(v, alpha, beta, prune);
        self.store(ctx, key, depth, v, bound, None);
        v
    }

    /// A value the table already holds for this node at this depth, if it
    /// settles the window.
    fn table_hit(&self, ctx: &mut Ctx, key: u64, depth: u32, alpha: f64, beta: f64) -> Option<f64> {
        let prune = self.pruning != Pruning::None;
        let e = self.lookup(key)?;
        if u32::from(e.depth) != depth {
            return None;
        }
        let (v, bound) = e.seen_by(ctx.root);
        let hit = match bound {
            Bound::Exact => true,
            Bound::Lower => prune && v >= beta,
            Bound::Upper => prune && v <= alpha,
            Bound::Empty => false,
        };
        if hit {
            ctx.horizon += 1;
            Some(v)
        } else {
            None
        }
    }

    /// The chance node's outcomes searched with Star1/Star2 (or all of
    /// them, without pruning).
    fn chance_outcomes(
        &mut self,
        ctx: &mut Ctx,
        state: &State,
        depth: u32,
        alpha: f64,
        beta: f64,
        rolls: u32,
    ) -> f64 {
        let mut kids: Vec<(State, u32)> = Vec::with_capacity(6);
        for n in 1..=6u8 {
            let mut next = state.clone();
            if next.play(Token::Die(n)).is_err() {
                continue;
            }
            match kids.iter_mut().find(|(s, _)| *s == next) {
                Some(k) => k.1 += 1,
                None => kids.push((next, 1)),
            }
        }
        let total: u32 = kids.iter().map(|k| k.1).sum();
        if total == 0 {
            return self.eval(ctx, state);
        }
        // Heavier outcomes first (stable: ties keep die order).
        kids.sort_by_key(|k| std::cmp::Reverse(k.1));
        let p: Vec<f64> = kids
            .iter()
            .map(|k| f64::from(k.1) / f64::from(total))
            .collect();
        let rolls = rolls + 1;
        if self.pruning == Pruning::None {
            let mut v = 0.0;
            for (i, (kid, _)) in kids.iter().enumerate() {
                v += p[i] * self.node(ctx, kid, depth, WIDE.0, WIDE.1, rolls);
                if ctx.aborted {
                    return 0.0;
                }
            }
            return v;
        }
        let n = kids.len();
        let mut lo = vec![LOW; n];
        let mut hi = vec![HIGH; n];
        let mut done = vec![false; n];
        let kinds: Vec<NodeKind> = kids.iter().map(|(k, _)| node_kind(k)).collect();
        // Outcomes whose value is immediate: the game's end, leaves.
        for i in 0..n {
            let immediate = match kinds[i] {
                NodeKind::Over => true,
                NodeKind::Decision(_) => depth == 0,
                NodeKind::Roll => rolls >= MAX_ROLL_CHAIN,
            };
            if immediate {
                let v = self.node(ctx, &kids[i].0, depth, WIDE.0, WIDE.1, rolls);
                if ctx.aborted {
                    return 0.0;
                }
                lo[i] = v;
                hi[i] = v;
                done[i] = true;
            }
        }
        let sum = |b: &[f64]| b.iter().zip(&p).map(|(x, q)| x * q).sum::<f64>();
        // The value, when the children's bounds already put it outside the
        // window.
        let outside = |lo: &[f64], hi: &[f64]| {
            let (slo, shi) = (sum(lo), sum(hi));
            (slo >= beta)
                .then_some(slo)
                .or((shi <= alpha).then_some(shi))
        };
        if let Some(v) = outside(&lo, &hi) {
            return v;
        }
        if self.pruning == Pruning::Star2 {
            // What the table knows of the outcomes, then probes.
            for i in 0..n {
                if done[i] {
                    continue;
                }
                let key = match kinds[i] {
                    NodeKind::Roll => chance_key(&kids[i].0, rolls),
                    _ => state_key(&kids[i].0),
                };
                let (l, h) = self.table.bounds(key, depth, ctx.root);
                lo[i] = lo[i].max(l);
                hi[i] = hi[i].min(h);
            }
            if let Some(v) = outside(&lo, &hi) {
                return v;
            }
            for i in 0..n {
                let NodeKind::Decision(side) = kinds[i] else {
                    continue;
                };
                if done[i] {
                    continue;
                }
                let (slo, shi) = (sum(&lo), sum(&hi));
                let a = (alpha - (shi - p[i] * hi[i])) / p[i];
                let b = (beta - (slo - p[i] * lo[i])) / p[i];
                let maximize = side == ctx.root;
                let r = self.probe(ctx, &kids[i].0, maximize, depth, a, b);
                if ctx.aborted {
                    return 0.0;
                }
                if let Some(r) = r {
                    if maximize {
                        lo[i] = lo[i].max(r);
                    } else {
                        hi[i] = hi[i].min(r);
                    }
                }
                if let Some(v) = outside(&lo, &hi) {
                    return v;
                }
            }
        }
        for i in 0..n {
            if done[i] {
                continue;
            }
            let (slo, shi) = (sum(&lo), sum(&hi));
            let a = (alpha - (shi - p[i] * hi[i])) / p[i];
            let b = (beta - (slo - p[i] * lo[i])) / p[i];
            let v = self.node(ctx, &kids[i].0, depth, a, b, rolls);
            if ctx.aborted {
                return 0.0;
            }
            if v <= a {
                return shi - p[i] * hi[i] + p[i] * v;
            }
            if v >= b {
                return slo - p[i] * lo[i] + p[i] * v;
            }
            lo[i] = v;
            hi[i] = v;
            done[i] = true;
        }
        sum(&lo)
    }

    /// Star2's probe of a decision node: searches only its first token
    /// (the table's, else the first legal one, if it is sure to be among
    /// the tokens the node searches) within `(alpha, beta)`.
    /// Returns a lower bound of a maximising node's value, an upper bound
    /// of a minimising node's value, or `None` when the probe proved
    /// nothing.
    fn probe(
        &mut self,
        ctx: &mut Ctx,
        state: &State,
        maximize: bool,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> Option<f64> {
        if ctx.tick() {
            return None;
        }
        let key = state_key(state);
        let entry = self.lookup(key);
        if let Some(e) = entry
            && u32::from(e.depth) == depth
        {
            let (v, bound) = e.seen_by(ctx.root);
            match bound {
                Bound::Exact => return Some(v),
                Bound::Lower if maximize => return Some(v),
                Bound::Upper if !maximize => return Some(v),
                _ => {}
            }
        }
        let moves = state.legal();
        // The token probed must be one the full search of this node would
        // search: at depth 2 or more, when the width leaves tokens out,
        // only a best token stored by a search at depth 2 or more is known
        // to be among those kept.
        let all_kept = depth < SELECTIVE_MIN_DEPTH || self.width.is_none_or(|w| moves.len() <= w);
        let stored = entry
            .filter(|e| all_kept || u32::from(e.depth) >= SELECTIVE_MIN_DEPTH)
            .and_then(|e| e.best)
            .filter(|t| moves.contains(t));
        let first = match stored {
            Some(t) => t,
            None if all_kept => *moves.first()?,
            None => return None,
        };
        let child_depth = if moves.len() == 1 { depth } else { depth - 1 };
        let mut child = state.clone();
        child.play(first).ok()?;
        let r = self.node(ctx, &child, child_depth, alpha, beta, 0);
        if ctx.aborted {
            return None;
        }
        if maximize && r > alpha {
            self.store(ctx, key, depth, r, Bound::Lower, Some(first));
            Some(r)
        } else if !maximize && r < beta {
            self.store(ctx, key, depth, r, Bound::Upper, Some(first));
            Some(r)
        } else {
            None
        }
    }

    /// A decision node at depth 1 or more.
    fn decision(
        &mut self,
        ctx: &mut Ctx,
        state: &State,
        side: Side,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        let prune = self.pruning != Pruning::None;
        let maximize = side == ctx.root;
        let key = state_key(state);
        let tt_move = self.lookup(key).and_then(|e| e.best);
        if let Some(v) = self.table_hit(ctx, key, depth, alpha, beta) {
            return v;
        }
        let moves = state.legal();
        if moves.is_empty() {
            return self.eval(ctx, state);
        }
        let child_depth = if moves.len() == 1 { depth } else { depth - 1 };
        let mut kids: Vec<(Token, State, f64)> = Vec::with_capacity(moves.len());
        for t in moves {
            let mut child = state.clone();
            if child.play(t).is_ok() {
                kids.push((t, child, 0.0));
            }
        }
        if depth >= SELECTIVE_MIN_DEPTH && kids.len() > 1 {
            // Order by the depth-0 value (these leaves are not the
            // search's horizon).
            let horizon = ctx.horizon;
            for k in kids.iter_mut() {
                k.2 = self.node(ctx, &k.1, 0, WIDE.0, WIDE.1, 0);
                if ctx.aborted {
                    return 0.0;
                }
            }
            ctx.horizon = horizon;
            if maximize {
                kids.sort_by(|a, b| b.2.total_cmp(&a.2));
            } else {
                kids.sort_by(|a, b| a.2.total_cmp(&b.2));
            }
            if let Some(w) = self.width
                && kids.len() > w
            {
                let mut kept: Vec<(Token, State, f64)> = Vec::with_capacity(w + 2);
                for (i, k) in kids.into_iter().enumerate() {
                    if i < w || k.0 == Token::End {
                        kept.push(k);
                    }
                }
                kids = kept;
            }
        }
        if let Some(m) = tt_move
            && let Some(i) = kids.iter().position(|k| k.0 == m)
        {
            let k = kids.remove(i);
            kids.insert(0, k);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximize {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_move = None;
        for (t, child, _) in &kids {
            let v = if prune {
                self.node(ctx, child, child_depth, alpha, beta, 0)
            } else {
                self.node(ctx, child, child_depth, WIDE.0, WIDE.1, 0)
            };
            if ctx.aborted {
                return 0.0;
            }
            let better = if maximize { v > best } else { v < best };
            if better {
                best = v;
                best_move = Some(*t);
            }
            if prune {
                if maximize {
                    alpha = alpha.max(best);
                } else {
                    beta = beta.min(best);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = Bound::of(best, alpha0, beta0, prune);
        self.store(ctx, key, depth, best, bound, best_move);
        best
    }
}
