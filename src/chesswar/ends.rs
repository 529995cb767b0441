//! The ends of things (`src/chesswar/RULES.md`, "The turn" and "End of the
//! game"): after each token the automatic steps run until a roll or a
//! decision is due ([`State::settle`]); phases and turns end, Trolls
//! regenerate, the Undead collapse, and the game ends by destruction, by
//! the draws or in the lengthened game. The decisions taken where the
//! rules are silent are listed in [`super::turn`].

use super::profiles::{Ability, Slot};
use super::state::{Ending, Stage, State, Step};
use super::units::{Side, Square, Unit};

impl State {
    /// Runs the automatic steps and drops the windows nobody can use, until
    /// a roll or a decision is due (or nothing is pending).
    pub(crate) fn settle(&mut self) {
        loop {
            self.clear_scared();
            if self.ending.is_some() {
                self.pending.clear();
                return;
            }
            let Some(top) = self.pending.last().cloned() else {
                self.lengthened_end();
                if self.ending.is_some() {
                    continue;
                }
                // After the melee only summons remain: once none can be
                // cast, the turn ends by itself.
                if self.stage == Stage::After && self.action_casts().is_empty() {
                    self.finish_turn();
                    continue;
                }
                return;
            };
            let wait = match &top {
                Step::Stupid(sq, _) => self.at(*sq).is_some_and(|u| u.has(Ability::Stupid)),
                Step::Save(sq, ..) | Step::Hit(sq, ..) => self.at(*sq).is_some(),
                Step::Spill(_, c) | Step::SpillPick(_, c) => !c.is_empty(),
                Step::Scatter { .. } | Step::Magic(_) => true,
                Step::Melee(a, d) => self.at(*a).is_some() && self.at(*d).is_some(),
                Step::Regen(sq, _) => self.at(*sq).is_none(),
                Step::Pick(att) => {
                    let Some(u) = self.at(*att) else {
                        self.pending.pop();
                        continue;
                    };
                    let es = self.enemies_touching(*att, u.side);
                    if es.len() == 1 {
                        self.pending.pop();
                        self.pending.push(Step::Melee(*att, es[0]));
                        continue;
                    }
                    es.len() > 1
                }
                Step::Advance(sq) => !self.advancers(*sq).is_empty(),
                Step::HealWindow(sq, _, e) => {
                    if self.at(*sq).is_none() {
                        false
                    } else if self.window_casts(&top).is_empty() {
                        self.pending.pop();
                        self.apply_fail(*sq, *e);
                        continue;
                    } else {
                        true
                    }
                }
                Step::RaiseWindow(sq, v, st) => {
                    if self.at(*sq).is_some() {
                        false
                    } else if !self.window_casts(&top).is_empty() {
                        true
                    } else if *st == 0 {
                        self.pending.pop();
                        self.pending.push(Step::RaiseWindow(*sq, *v, 1));
                        continue;
                    } else {
                        false
                    }
                }
                Step::DispelWindow(..) | Step::ProtectWindow | Step::HitWindow(_) => {
                    !self.window_casts(&top).is_empty()
                }
                _ => false,
            };
            if wait {
                return;
            }
            self.pending.pop();
            match top {
                Step::Fail(sq, e) => self.apply_fail(sq, e),
                Step::Move(a, b) => self.do_move(a, b),
                Step::Deferred(t) if self.check_action(&t).is_ok() => self.do_action(t),
                Step::Zombie(sq, side) if self.at(sq).is_none() => {
                    let race = self.races[side.index()];
                    let mut z = Unit::new(side, race, Slot::P);
                    z.flags.moved = true;
                    self.board[sq.index()] = Some(z);
                }
                Step::Fx(fx) => self.effect(fx),
                Step::Check => self.undead_collapse(),
                Step::EndTurn => self.end_turn(),
                _ => {}
            }
        }
    }

    /// A unit stays scared only while it touches a fear-causing enemy.
    pub(super) fn clear_scared(&mut self) {
        for i in 0..64u8 {
            let sq = Square(i);
            let Some(u) = self.at(sq) else { continue };
            if u.flags.scared
                && !self
                    .enemies_touching(sq, u.side)
                    .into_iter()
                    .any(|e| self.at(e).is_some_and(|e| e.has(Ability::CausesFear)))
                && let Some(u) = self.at_mut(sq)
            {
                u.flags.scared = false;
            }
        }
    }

    pub(super) fn end_phase(&mut self) {
        match self.stage {
            Stage::Movement => self.stage = Stage::Firing,
            Stage::Firing => self.stage = Stage::Melee,
            Stage::Melee => {
                for u in self.board.iter_mut().flatten() {
                    u.flags.strike = false;
                }
                // The after-melee stage ends by itself (in `settle`) when no
                // summon can be cast.
                self.stage = Stage::After;
                return;
            }
            Stage::After => {
                self.finish_turn();
                return;
            }
        }
        self.opened = false;
        self.acted = false;
    }

    /// The end of the turn: Trolls regenerate, then the turn passes.
    pub(super) fn finish_turn(&mut self) {
        self.pending.push(Step::EndTurn);
        let regen = std::mem::take(&mut self.regen);
        for (sq, side) in regen.into_iter().rev() {
            self.pending.push(Step::Regen(sq, side));
        }
    }

    pub(super) fn end_turn(&mut self) {
        let mover = self.to_move;
        for u in self.board.iter_mut().flatten() {
            u.flags.end_turn();
            if u.side == mover {
                u.flags.frightened = false;
            }
        }
        self.lengthened_end();
        if self.ending.is_some() {
            return;
        }
        self.to_move = !mover;
        if self.to_move == Side::White {
            if self.killed {
                self.quiet = 0;
            } else {
                self.quiet += 1;
            }
            self.killed = false;
            if self.quiet >= super::state::QUIET_ROUNDS_TO_DRAW {
                self.ending = Some(Ending::Quiet);
                return;
            }
            if self.round >= super::state::MAX_ROUNDS {
                self.ending = Some(Ending::Rounds);
                return;
            }
            self.round += 1;
        }
        self.stage = Stage::Movement;
        self.opened = false;
        self.acted = false;
        // The new mover's wizards start their turn with its spell, unless
        // an instant in the turn just ended used it up.
        let side = self.to_move;
        for u in self.board.iter_mut().flatten() {
            if u.side == side {
                u.flags.cast = u.flags.owed;
                u.flags.owed = false;
            }
        }
    }

    /// The lengthened game's Undead collapse: when an undead army has lost
    /// its Liche and every Necromancer, its other units are destroyed.
    pub(super) fn undead_collapse(&mut self) {
        if !self.options.lengthened || self.ending.is_some() {
            return;
        }
        for side in Side::BOTH {
            if self.races[side.index()] != super::profiles::Race::Undead {
                continue;
            }
            let squares = self.squares_of(side);
            let leaders = squares.iter().any(|&s| {
                self.at(s)
                    .is_some_and(|u| matches!(u.slot, Slot::K | Slot::Q))
            });
            if !leaders && !squares.is_empty() {
                for s in squares {
                    self.board[s.index()] = None;
                }
                self.killed = true;
                self.last = Some(side);
            }
        }
    }

    /// The lengthened game's end, checked whenever a resolution is complete:
    /// the only army with units left wins; if none has, the army whose unit
    /// was destroyed last.
    pub(super) fn lengthened_end(&mut self) {
        if !self.options.lengthened || self.ending.is_some() {
            return;
        }
        let alive = |s: Side| {
            self.board.iter().flatten().any(|u| u.side == s)
                || self.regen.iter().any(|&(_, x)| x == s)
        };
        self.ending = match (alive(Side::White), alive(Side::Black)) {
            (true, false) => Some(Ending::Destruction(Side::White)),
            (false, true) => Some(Ending::Destruction(Side::Black)),
            (false, false) => Some(Ending::LastUnit(self.last.unwrap_or(!self.to_move))),
            (true, true) => None,
        };
    }
}
