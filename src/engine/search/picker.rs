//! The staged move picker: moves come out best-first in stages, and each
//! stage's moves are generated only when it is reached, so a node that is
//! cut off by its table move or a good capture never lists its quiet
//! moves.
//!
//! Stages in the main search: the table move (checked for legality, not
//! generated), the good captures and promotions (by victim value and
//! capture history, SEE at least 0), the two killers and the counter move
//! (checked, not generated), the quiet moves (by main and continuation
//! history and the threats of lesser pieces), then the bad captures. In
//! check every legal move is listed at once. Quiescence has the table
//! move, then the captures and promotions.

use crate::engine::see::see_ge;
use crate::rules::moves::MAX_MOVES;
use crate::rules::{Bitboard, Move, MoveKind, MoveList, Piece, Position, Role};

use super::history::{Histories, MovedPiece};
use super::params::{CAPTURE_HISTORY_DIVISOR, THREAT_ORDER_SCALE, order_value, tuned};

/// For each of the side to move's roles, the squares the opponent
/// attacks with pieces worth less (pawns' captures, other pieces' moves
/// through the occupied squares and holes; kings leave nothing alone, so
/// they count for none): a piece standing there can be lost for less
/// than itself, whoever defends it.
struct LesserThreats<B: Bitboard> {
    by_mover: [B; Role::COUNT],
}

impl<B: Bitboard> LesserThreats<B> {
    fn of(pos: &Position<B>) -> LesserThreats<B> {
        let t = pos.tables();
        let us = pos.side_to_move();
        let them = !us;
        let blockers = pos.occupied() | pos.holes();
        let mut by_attacker = [B::EMPTY; Role::COUNT];
        for role in Role::ALL {
            if role == Role::King {
                continue;
            }
            let mut attacks = B::EMPTY;
            for sq in (pos.role_bb(role) & pos.color_bb(them)).squares() {
                attacks |= if role == Role::Pawn {
                    t.pawn_attacks(them, sq)
                } else {
                    t.attacks(role, sq, blockers)
                };
            }
            by_attacker[role.index()] = attacks;
        }
        let mut by_mover = [B::EMPTY; Role::COUNT];
        for mover in Role::ALL {
            if mover == Role::King || (pos.role_bb(mover) & pos.color_bb(us)).is_empty() {
                continue;
            }
            let value = order_value(pos, mover);
            for attacker in Role::ALL {
                if attacker != Role::King && order_value(pos, attacker) < value {
                    by_mover[mover.index()] |= by_attacker[attacker.index()];
                }
            }
        }
        LesserThreats { by_mover }
    }

    /// The ordering bonus of quiet move `m` by `piece`: its value times
    /// [`THREAT_ORDER_SCALE`] for leaving a square threatened by a lesser
    /// piece for one that is not, as much taken off for the reverse.
    #[inline]
    fn order_bonus(&self, pos: &Position<B>, m: Move, piece: Piece) -> i32 {
        let threatened = self.by_mover[piece.role.index()];
        match (threatened.has(m.from()), threatened.has(m.to())) {
            (true, false) => order_value(pos, piece.role) * tuned!(THREAT_ORDER_SCALE),
            (false, true) => -order_value(pos, piece.role) * tuned!(THREAT_ORDER_SCALE),
            _ => 0,
        }
    }
}

/// Where the picker stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The table move.
    TableMove,
    /// Listing the captures and promotions.
    GenerateNoisy,
    /// Captures that do not lose material, best first.
    GoodNoisy,
    /// The first killer.
    FirstKiller,
    /// The second killer.
    SecondKiller,
    /// The counter move.
    Counter,
    /// Listing the quiet moves.
    GenerateQuiets,
    /// Quiet moves by history.
    Quiets,
    /// Captures that lose material, in the order they were found.
    BadNoisy,
    /// Listing every move (in check).
    GenerateEvasions,
    /// Every move, best first (in check).
    Evasions,
    /// Nothing left.
    Done,
}

/// Where a picker lists its moves and their ordering scores. The search
/// keeps one for each node of its path and reuses it, so that a node does
/// not clear 4 KB of memory before it has looked at its table move.
pub struct MoveBuffer {
    /// Moves listed so far: the noisy ones first, then the quiet ones.
    list: MoveList,
    scores: [i32; MAX_MOVES],
}

impl MoveBuffer {
    /// An empty buffer.
    pub fn new() -> MoveBuffer {
        MoveBuffer {
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
        }
    }
}

impl Default for MoveBuffer {
    fn default() -> Self {
        MoveBuffer::new()
    }
}

/// Yields the moves of one node, best first, each once. Its moves are
/// listed in a [`MoveBuffer`] that the caller lends to every call of
/// [`MovePicker::next`] and does not touch in between.
pub struct MovePicker {
    stage: Stage,
    table_move: Move,
    killers: [Move; 2],
    counter: Move,
    /// Quiescence: captures and promotions only (unless in check).
    noisy_only: bool,
    /// The side to move is in check: every move is listed at once.
    in_check: bool,
    /// The next listed move to consider.
    next: usize,
    /// The bad captures are kept in `list[..bad_end]`.
    bad_end: usize,
    /// Where the noisy moves end in `list`.
    noisy_end: usize,
    /// Set by the search: no more quiet moves are wanted.
    skip_quiets: bool,
    /// Quiet moves are ordered by the threats of lesser pieces too.
    threat_ordering: bool,
}

impl MovePicker {
    /// A picker for a node of the main search; `threat_ordering` orders
    /// the quiet moves by the threats of lesser pieces besides history.
    pub fn new(
        table_move: Move,
        killers: [Move; 2],
        counter: Move,
        in_check: bool,
        threat_ordering: bool,
    ) -> MovePicker {
        MovePicker {
            stage: Stage::TableMove,
            table_move,
            killers,
            counter,
            noisy_only: false,
            in_check,
            next: 0,
            bad_end: 0,
            noisy_end: 0,
            skip_quiets: false,
            threat_ordering,
        }
    }

    /// A picker for a quiescence node: the table move if it is noisy (or
    /// any legal move in check), then captures and promotions (every move
    /// in check).
    pub fn quiescence(table_move: Move, in_check: bool) -> MovePicker {
        let mut picker = MovePicker::new(table_move, [Move::NONE; 2], Move::NONE, in_check, false);
        picker.noisy_only = true;
        picker
    }

    /// No more quiet moves: the rest of the quiet stages are skipped (bad
    /// captures still come).
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// Whether `m` is noisy here: a capture or a promotion.
    #[inline]
    pub(super) fn is_noisy<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
        m.kind() == MoveKind::Promotion || pos.captured(m).is_some()
    }

    /// The ordering score of a capture or promotion.
    fn noisy_score<B: Bitboard>(pos: &Position<B>, histories: &Histories, m: Move) -> i32 {
        let promotion = m.promotion_role().map_or(0, |r| order_value(pos, r));
        match (pos.captured(m), pos.piece_at(m.from())) {
            (Some(victim), Some(mover)) => {
                order_value(pos, victim.role) * 16 - order_value(pos, mover.role) / 16
                    + promotion
                    + histories.capture(mover, m.to().index(), victim.role)
                        / tuned!(CAPTURE_HISTORY_DIVISOR)
            }
            _ => promotion,
        }
    }

    /// Picks the best-scored move of `list[self.next..end]` into
    /// `self.next` and returns it.
    fn pick_best(&mut self, buf: &mut MoveBuffer, end: usize) -> Move {
        let mut best = self.next;
        for i in self.next + 1..end {
            if buf.scores[i] > buf.scores[best] {
                best = i;
            }
        }
        buf.list.as_mut_slice().swap(self.next, best);
        buf.scores.swap(self.next, best);
        let m = buf.list.as_slice()[self.next];
        self.next += 1;
        m
    }

    /// Whether a killer or counter move `m` is to be tried now: quiet
    /// moves are wanted, it is a legal quiet move here, and it is none of
    /// the moves `earlier` already tried.
    fn refutation_is_new<B: Bitboard>(&self, pos: &Position<B>, m: Move, earlier: &[Move]) -> bool {
        !self.skip_quiets
            && m != Move::NONE
            && !earlier.contains(&m)
            && !Self::is_noisy(pos, m)
            && pos.is_legal_move(m)
    }

    /// The next move, or `None` when there are no more. Every move
    /// returned is legal. `buf` is the node's buffer, the same at every
    /// call.
    pub fn next<B: Bitboard>(
        &mut self,
        pos: &Position<B>,
        histories: &Histories,
        before: [MovedPiece; 2],
        buf: &mut MoveBuffer,
    ) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = if self.in_check {
                        Stage::GenerateEvasions
                    } else {
                        Stage::GenerateNoisy
                    };
                    let m = self.table_move;
                    if m != Move::NONE
                        && (!self.noisy_only || self.in_check || Self::is_noisy(pos, m))
                        && pos.is_legal_move(m)
                    {
                        return Some(m);
                    }
                    self.table_move = Move::NONE;
                }
                Stage::GenerateNoisy => {
                    buf.list.clear();
                    pos.append_legal_noisy_moves(&mut buf.list);
                    self.noisy_end = buf.list.len();
                    for i in 0..self.noisy_end {
                        let m = buf.list.as_slice()[i];
                        buf.scores[i] = Self::noisy_score(pos, histories, m);
                    }
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    if self.next >= self.noisy_end {
                        self.stage = if self.noisy_only {
                            Stage::Done
                        } else {
                            Stage::FirstKiller
                        };
                        continue;
                    }
                    let m = self.pick_best(buf, self.noisy_end);
                    if m == self.table_move {
                        continue;
                    }
                    // Quiescence keeps every capture: it prunes by SEE itself.
                    if !self.noisy_only && !see_ge(pos, m, 0) {
                        let slot = self.next - 1;
                        buf.list.as_mut_slice().swap(slot, self.bad_end);
                        self.bad_end += 1;
                        continue;
                    }
                    return Some(m);
                }
                Stage::FirstKiller => {
                    self.stage = Stage::SecondKiller;
                    let m = self.killers[0];
                    if self.refutation_is_new(pos, m, &[self.table_move]) {
                        return Some(m);
                    }
                    self.killers[0] = Move::NONE;
                }
                Stage::SecondKiller => {
                    self.stage = Stage::Counter;
                    let m = self.killers[1];
                    if self.refutation_is_new(pos, m, &[self.table_move, self.killers[0]]) {
                        return Some(m);
                    }
                    self.killers[1] = Move::NONE;
                }
                Stage::Counter => {
                    self.stage = Stage::GenerateQuiets;
                    let m = self.counter;
                    let earlier = [self.table_move, self.killers[0], self.killers[1]];
                    if self.refutation_is_new(pos, m, &earlier) {
                        return Some(m);
                    }
                    self.counter = Move::NONE;
                }
                Stage::GenerateQuiets => {
                    if self.skip_quiets {
                        self.stage = Stage::BadNoisy;
                        self.next = 0;
                        continue;
                    }
                    let side = pos.side_to_move();
                    pos.append_legal_quiet_moves(&mut buf.list);
                    let threats = self.threat_ordering.then(|| LesserThreats::of(pos));
                    for i in self.noisy_end..buf.list.len() {
                        let m = buf.list.as_slice()[i];
                        buf.scores[i] = pos.piece_at(m.from()).map_or(0, |piece| {
                            histories.quiet_score(side, m, piece, before)
                                + threats.as_ref().map_or(0, |t| t.order_bonus(pos, m, piece))
                        });
                    }
                    self.next = self.noisy_end;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if self.skip_quiets || self.next >= buf.list.len() {
                        self.stage = Stage::BadNoisy;
                        self.next = 0;
                        continue;
                    }
                    let m = self.pick_best(buf, buf.list.len());
                    if m == self.table_move
                        || m == self.killers[0]
                        || m == self.killers[1]
                        || m == self.counter
                    {
                        continue;
                    }
                    return Some(m);
                }
                Stage::BadNoisy => {
                    if self.next >= self.bad_end {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let m = buf.list.as_slice()[self.next];
                    self.next += 1;
                    return Some(m);
                }
                Stage::GenerateEvasions => {
                    let side = pos.side_to_move();
                    buf.list.clear();
                    pos.append_legal_noisy_moves(&mut buf.list);
                    let noisy = buf.list.len();
                    pos.append_legal_quiet_moves(&mut buf.list);
                    for i in 0..buf.list.len() {
                        let m = buf.list.as_slice()[i];
                        buf.scores[i] = if i < noisy {
                            1 << 20 | Self::noisy_score(pos, histories, m)
                        } else {
                            pos.piece_at(m.from())
                                .map_or(0, |piece| histories.quiet_score(side, m, piece, before))
                        };
                    }
                    self.stage = Stage::Evasions;
                }
                Stage::Evasions => {
                    if self.next >= buf.list.len() {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let m = self.pick_best(buf, buf.list.len());
                    if m == self.table_move {
                        continue;
                    }
                    return Some(m);
                }
                Stage::Done => return None,
            }
        }
    }
}
