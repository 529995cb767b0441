//! The turn (`src/chesswar/RULES.md`, "The turn" and "End of the game"): how
//! each token and each die roll is resolved. What is legal is in
//! [`super::legal`].
//!
//! The state keeps a stack of pending steps (see `state.rs`). A token is
//! checked against what is due (the top step, or the side to move's next
//! action when nothing is pending), applied, and then the automatic steps
//! are run until a roll or a decision is due again, so the caller only
//! ever supplies the tokens the state asks for.
//!
//! Decisions taken here where the rules are silent:
//!
//! - A move is legal when some path of steps reaches the square; the path
//!   does not matter, since whether it is a charge (and which fear tests
//!   follow) depends only on where the unit ends. The moving unit's own
//!   square counts as empty during its move, for the squeeze rule too.
//! - Attacking in melee is compulsory: `end` in the melee phase is legal
//!   only once every unit of the side to move that is in melee (and did
//!   not balk at a fear test) has attacked. Moving and firing are optional.
//! - `a:<from><to>` may name any enemy the attacker touches; when it
//!   touches two or more, the opponent then picks the one attacked with
//!   `pick:`, whatever `<to>` said.
//! - A unit that advances into new contact may then attack if it has not
//!   attacked yet this phase (and must, as any unit in melee). An advance
//!   is not a charge: no fear test, no charge bonus. Balked units and
//!   stupid Trolls do not advance.
//! - Units with bows and units with catapults fire into melee alike: a hit
//!   unit in melee is followed by the 1-3 roll, and the opponent it spills
//!   onto saves with the same modifier as the unit hit. The opponents are
//!   the units touching the hit unit when it is hit. With two or more, a
//!   second d6 picks one: the opponents are counted in square order (a1,
//!   b1, ..., h8) and the roll `n` picks number `(n - 1) mod count`.
//! - Order of the rolls for a shot: to-hit, the target's save, then the
//!   melee spill roll. A catapult of fear that hits automatically goes
//!   straight to the save.
//! - A catapult may be aimed at any square some friendly unit sees (other
//!   than its own square; a unit does not spot its own square). Scatter
//!   from indirect fire adds both rolls' steps and only the final square
//!   counts, even if the first step alone would have left the board.
//! - A stupid Troll (1-2) still fights a melee it is in; the stupidity test
//!   is only for its own move or shot, not for Flight cast on it.
//! - Saves: a natural 1 fails and a natural 6 succeeds whatever the
//!   modifiers; Protection's +1 counts for every save of the unit (fear
//!   tests, routs, shots, spells).
//! - Trolls destroyed in a turn roll to regenerate at its end in the order
//!   they fell, and only if their square is empty (no roll otherwise).
//! - The draw counters: a round is White's turn and Black's; "no unit
//!   destroyed" counts every destruction, even of a Troll that later
//!   regenerates or a unit raised as a Zombie. Both draws apply to the
//!   lengthened game too. The 100-round draw comes at the end of round
//!   100.
//! - Lengthened game: the game ends as soon as only one army has units
//!   left once the action or roll being resolved is complete (Trolls
//!   waiting to regenerate count as units until their roll); that army
//!   wins (it has the most survivors by points: the other has none). If
//!   the last units of both armies go in one resolution (a Storm, a shot
//!   spilling into melee, a plague), the side whose unit was destroyed
//!   last had "the last unit on the board" and wins. The Undead collapse
//!   (Liche and every Necromancer gone) removes the other undead units at
//!   once, with no saves and no reaction spells.
//! - "Not currently in melee" is read when the unit moves: a unit whose
//!   last enemy in contact was flown away or destroyed earlier in the
//!   phase may walk, and one that an enemy was put beside (by Flight, a
//!   raised Zombie) may not. Teleport leaves melee all the same.
//! - Any unit of the attacking side that touched the destroyed defender may
//!   advance, not only the unit that attacked.
//! - White always moves first from [`State::standard`] and
//!   [`State::from_armies`]; a set-up where Black starts is a state string
//!   with `b` to move.

use super::errors::TokenError;
use super::notation::Token;
use super::profiles::{Ability, Slot};
use super::sight::line_clear;
use super::state::{Act, Effect, Ending, State, Step};
use super::units::{Side, Square, Unit};

impl Step {
    /// Whether the step waits for a die roll.
    pub(crate) fn is_roll(&self) -> bool {
        matches!(
            self,
            Step::Stupid(..)
                | Step::Save(..)
                | Step::Hit(..)
                | Step::Spill(..)
                | Step::SpillPick(..)
                | Step::Scatter { .. }
                | Step::Melee(..)
                | Step::Magic(..)
                | Step::Regen(..)
        )
    }
}

impl State {
    // ------------------------------------------------------------------
    // The board.
    // ------------------------------------------------------------------

    pub(crate) fn at(&self, sq: Square) -> Option<Unit> {
        self.board.get(sq.index()).copied().flatten()
    }

    pub(crate) fn at_mut(&mut self, sq: Square) -> Option<&mut Unit> {
        self.board.get_mut(sq.index()).and_then(|u| u.as_mut())
    }

    pub(crate) fn occupied(&self) -> u64 {
        self.board
            .iter()
            .enumerate()
            .filter(|(_, u)| u.is_some())
            .fold(0, |acc, (i, _)| acc | 1 << i)
    }

    /// Whether `from` sees `to` (a unit always sees its own square).
    pub(crate) fn sees(&self, from: Square, to: Square) -> bool {
        from == to || line_clear(from, to, self.occupied())
    }

    /// The squares of `side`'s enemies touching `sq`, in square order.
    pub(crate) fn enemies_touching(&self, sq: Square, side: Side) -> Vec<Square> {
        sq.neighbours()
            .filter(|&n| self.at(n).is_some_and(|u| u.side != side))
            .collect()
    }

    /// Whether a unit of `side` on `sq` would be in contact with an enemy.
    pub(crate) fn in_contact(&self, sq: Square, side: Side) -> bool {
        sq.neighbours()
            .any(|n| self.at(n).is_some_and(|u| u.side != side))
    }

    /// The squares of a side's units, in square order.
    pub(crate) fn squares_of(&self, side: Side) -> Vec<Square> {
        (0..64u8)
            .map(Square)
            .filter(|&s| self.at(s).is_some_and(|u| u.side == side))
            .collect()
    }

    /// Whether some unit of `side` (not on `except`) sees the square.
    pub(super) fn spotted(
        &self,
        target: Square,
        side: Side,
        except: Option<Square>,
        occ: u64,
    ) -> bool {
        self.squares_of(side)
            .into_iter()
            .any(|s| s != target && Some(s) != except && line_clear(s, target, occ))
    }

    /// A unit's save: natural 1 fails, natural 6 succeeds, else the roll
    /// plus the modifier (and +1 under Protection) must reach the Save.
    pub(crate) fn save_ok(unit: &Unit, roll: u8, modifier: i8) -> bool {
        match roll {
            1 => false,
            6 => true,
            _ => {
                let bonus = i32::from(unit.flags.protected);
                roll as i32 + modifier as i32 + bonus >= unit.profile().save as i32
            }
        }
    }

    // ------------------------------------------------------------------
    // Applying tokens.
    // ------------------------------------------------------------------

    /// Applies a token (see [`Token`]'s module for the forms). On error the
    /// state is unchanged and the message says why, on one line.
    pub fn apply(&mut self, token: &str) -> Result<(), TokenError> {
        let t: Token = token.parse()?;
        self.play(t)
    }

    /// Applies a parsed token; as [`State::apply`].
    pub fn play(&mut self, t: Token) -> Result<(), TokenError> {
        if self.ending.is_some() {
            return Err(TokenError::Illegal("the game is over".into()));
        }
        let mut next = self.clone();
        next.play_inner(t)?;
        next.settle();
        *self = next;
        Ok(())
    }

    fn play_inner(&mut self, t: Token) -> Result<(), TokenError> {
        let Some(top) = self.pending.last().cloned() else {
            self.check_action(&t)?;
            self.begin_action(t);
            return Ok(());
        };
        if top.is_roll() {
            let Token::Die(n) = t else {
                return Err(TokenError::Illegal(format!(
                    "'{t}': a roll is due ({}); give d1 ... d6",
                    self.purpose(&top)
                )));
            };
            self.pending.pop();
            self.resolve_roll(top, n);
            return Ok(());
        }
        match top {
            Step::Pick(att) => {
                let side = self.at(att).map_or(self.to_move, |u| u.side);
                match t {
                    Token::Pick(sq) if self.enemies_touching(att, side).contains(&sq) => {
                        self.pending.pop();
                        self.pending.push(Step::Melee(att, sq));
                        Ok(())
                    }
                    _ => Err(TokenError::Illegal(format!(
                        "'{t}': {} must pick which unit touching {att} is attacked (pick:<square>)",
                        !side
                    ))),
                }
            }
            Step::Advance(sq) => match t {
                Token::Advance(from, to) if to == sq && self.advancers(sq).contains(&from) => {
                    self.pending.pop();
                    if let Some(u) = self.board[from.index()].take() {
                        self.board[sq.index()] = Some(u);
                    }
                    Ok(())
                }
                Token::NoAdvance => {
                    self.pending.pop();
                    Ok(())
                }
                _ => Err(TokenError::Illegal(format!(
                    "'{t}': a unit may advance into {sq} (adv:<from>{sq}) or not (noadv)"
                ))),
            },
            step => match t {
                Token::Pass => {
                    self.pending.pop();
                    match step {
                        Step::HealWindow(sq, _, e) => self.apply_fail(sq, e),
                        Step::RaiseWindow(sq, v, 0) => {
                            self.pending.push(Step::RaiseWindow(sq, v, 1))
                        }
                        _ => {}
                    }
                    Ok(())
                }
                Token::Cast { .. } if self.window_casts(&step).contains(&t) => {
                    self.pending.pop();
                    self.cast_reaction(step, t);
                    Ok(())
                }
                _ => Err(TokenError::Illegal(format!(
                    "'{t}': a reaction spell is offered; cast one of the listed spells or pass"
                ))),
            },
        }
    }

    /// Starts an action of the side to move, after the opponent's
    /// Protection window if the phase has not opened yet.
    fn begin_action(&mut self, t: Token) {
        let own_protection = matches!(
            t,
            Token::Cast {
                spell: super::profiles::Spell::Protection,
                ..
            }
        );
        if !own_protection && !self.opened {
            self.opened = true;
            if !self.protect_window_casts().is_empty() {
                self.pending.push(Step::Deferred(t));
                self.pending.push(Step::ProtectWindow);
                return;
            }
        }
        self.do_action(t);
    }

    pub(super) fn do_action(&mut self, t: Token) {
        match t {
            Token::Move(f, to) => {
                self.acted = true;
                if self.untested_stupid(f) {
                    self.pending.push(Step::Stupid(f, Act::Move(to)));
                } else {
                    self.start_move(f, to);
                }
            }
            Token::Fire(f, to) => {
                self.acted = true;
                if self.untested_stupid(f) {
                    self.pending.push(Step::Stupid(f, Act::Fire(to)));
                } else {
                    self.start_fire(f, to);
                }
            }
            Token::Attack(f, _) => {
                self.acted = true;
                if let Some(u) = self.at_mut(f) {
                    u.flags.attacked = true;
                }
                self.pending.push(Step::Pick(f));
            }
            Token::Cast { .. } => self.cast_action(t),
            Token::End => self.end_phase(),
            _ => {}
        }
    }

    fn untested_stupid(&self, sq: Square) -> bool {
        self.at(sq)
            .is_some_and(|u| u.has(Ability::Stupid) && !u.flags.steady)
    }

    /// A move or a charge: a fear test first when it would charge a
    /// fear-causing enemy and the unit is not immune to fear.
    pub(crate) fn start_move(&mut self, from: Square, to: Square) {
        let Some(u) = self.at(from) else { return };
        let fear_test = !u.has(Ability::ImmuneFear)
            && self
                .enemies_touching(to, u.side)
                .into_iter()
                .any(|e| self.at(e).is_some_and(|e| e.has(Ability::CausesFear)));
        if fear_test {
            self.pending.push(Step::Move(from, to));
            self.pending.push(Step::Save(from, 0, Effect::Balk));
        } else {
            self.do_move(from, to);
        }
    }

    /// Carries out a move; a fear-causing unit that charges makes each
    /// enemy it now touches (not immune, not already touching a
    /// fear-causing enemy) save or be scared.
    pub(super) fn do_move(&mut self, from: Square, to: Square) {
        let Some(mut u) = self.at(from) else { return };
        if u.flags.balked || self.at(to).is_some() {
            return;
        }
        let mut frightened = Vec::new();
        if u.has(Ability::CausesFear) {
            for e in self.enemies_touching(to, u.side) {
                let Some(eu) = self.at(e) else { continue };
                let already = self
                    .enemies_touching(e, eu.side)
                    .into_iter()
                    .any(|x| self.at(x).is_some_and(|x| x.has(Ability::CausesFear)));
                if !eu.has(Ability::ImmuneFear) && !already {
                    frightened.push(e);
                }
            }
        }
        self.board[from.index()] = None;
        u.flags.moved = true;
        if self.in_contact(to, u.side) {
            u.flags.charged = true;
        }
        self.board[to.index()] = Some(u);
        for e in frightened.into_iter().rev() {
            self.pending.push(Step::Save(e, 0, Effect::Scare));
        }
    }

    fn start_fire(&mut self, from: Square, to: Square) {
        let Some(u) = self.at_mut(from) else { return };
        u.flags.fired = true;
        let side = u.side;
        let Some(w) = u.profile().weapon else { return };
        if w.scatters() {
            let direct = self.sees(from, to);
            self.pending.push(Step::Scatter {
                side,
                aim: to,
                dx: 0,
                dy: 0,
                left: if direct { 1 } else { 2 },
                weapon: w,
            });
        } else {
            self.pending
                .push(Step::Hit(to, w.to_hit(), w.save_modifier(), true));
        }
    }

    /// A unit was hit: its side may cast Protection on it, it saves, then
    /// (if it was in melee and the attack may spill) the 1-3 roll for its
    /// opponents.
    fn hit_unit(&mut self, sq: Square, modifier: i8, spill: bool) {
        let Some(u) = self.at(sq) else { return };
        if spill {
            let opponents = self.enemies_touching(sq, u.side);
            if !opponents.is_empty() {
                self.pending.push(Step::Spill(modifier, opponents));
            }
        }
        self.save_after_hit(sq, modifier);
    }

    /// The save of a unit just hit, after its side's chance to protect it.
    fn save_after_hit(&mut self, sq: Square, modifier: i8) {
        self.pending.push(Step::Save(sq, modifier, Effect::Kill));
        self.pending.push(Step::HitWindow(sq));
    }

    fn resolve_roll(&mut self, step: Step, n: u8) {
        match step {
            Step::Stupid(sq, act) => {
                let Some(u) = self.at_mut(sq) else { return };
                if n >= 3 {
                    u.flags.steady = true;
                    match act {
                        Act::Move(to) => self.start_move(sq, to),
                        Act::Fire(to) => self.start_fire(sq, to),
                    }
                } else {
                    u.flags.stupid = true;
                }
            }
            Step::Save(sq, m, e) => {
                let Some(u) = self.at(sq) else { return };
                if State::save_ok(&u, n, m) {
                    if e == Effect::Rout {
                        self.pending.push(Step::Save(sq, 0, Effect::MeleeKill));
                    }
                } else if e.kills() {
                    self.pending.push(Step::HealWindow(sq, m, e));
                } else {
                    self.apply_fail(sq, e);
                }
            }
            Step::Hit(sq, need, m, spill) if n != 1 && n >= need => {
                self.hit_unit(sq, m, spill);
            }
            Step::Spill(m, c) if n <= 3 => {
                if c.len() == 1 {
                    self.save_after_hit(c[0], m);
                } else {
                    self.pending.push(Step::SpillPick(m, c));
                }
            }
            Step::SpillPick(m, c) if !c.is_empty() => {
                let pick = c[(n as usize - 1) % c.len()];
                self.save_after_hit(pick, m);
            }
            Step::Scatter {
                side,
                aim,
                dx,
                dy,
                left,
                weapon,
            } => {
                let f = side.forward();
                let (sx, sy) = match n {
                    1 => (0, f),
                    2 => (f, 0),
                    3 => (0, -f),
                    4 => (-f, 0),
                    _ => (0, 0),
                };
                let (dx, dy) = (dx + sx, dy + sy);
                if left > 1 {
                    self.pending.push(Step::Scatter {
                        side,
                        aim,
                        dx,
                        dy,
                        left: left - 1,
                        weapon,
                    });
                    return;
                }
                let Some(sq) = aim.offset(dx, dy) else { return };
                let Some(u) = self.at(sq) else { return };
                if weapon == super::profiles::Weapon::FearCatapult && !u.has(Ability::ImmuneFear) {
                    self.hit_unit(sq, weapon.save_modifier(), true);
                } else {
                    self.pending
                        .push(Step::Hit(sq, 3, weapon.save_modifier(), true));
                }
            }
            Step::Melee(a, d) => self.resolve_melee(a, d, n),
            Step::Magic(_) if n >= 5 => {
                // The anti-magic save cancels the spell's effect below.
                self.pending.pop();
            }
            Step::Regen(sq, side) if n >= 3 && self.at(sq).is_none() => {
                let race = self.races[side.index()];
                self.board[sq.index()] = Some(Unit::new(side, race, Slot::R));
            }
            _ => {}
        }
    }

    /// The melee table: d6 + the attacker's Melee - the defender's.
    fn resolve_melee(&mut self, a: Square, d: Square, n: u8) {
        let (Some(au), Some(du)) = (self.at(a), self.at(d)) else {
            return;
        };
        let total = n as i32 + au.melee() - du.melee();
        if n == 6 || total >= 6 {
            self.pending.push(Step::Advance(d));
            self.destroy(d, true, false);
        } else if total == 5 {
            self.pending.push(Step::Advance(d));
            // Units immune to fear cannot be routed: they just save (row 4).
            let e = if du.has(Ability::ImmuneFear) {
                Effect::MeleeKill
            } else {
                Effect::Rout
            };
            self.pending.push(Step::Save(d, 0, e));
        } else if total == 4 {
            self.pending.push(Step::Advance(d));
            self.pending.push(Step::Save(d, 0, Effect::MeleeKill));
        } else if total <= 1 && !du.is_scared() {
            self.pending.push(Step::Save(a, 0, Effect::MeleeKill));
        }
    }

    /// What failing a save does.
    pub(crate) fn apply_fail(&mut self, sq: Square, e: Effect) {
        match e {
            Effect::Kill => self.destroy(sq, false, false),
            Effect::PlagueKill => self.destroy(sq, false, true),
            Effect::MeleeKill | Effect::Rout => self.destroy(sq, true, false),
            Effect::Scare => {
                if let Some(u) = self.at_mut(sq) {
                    u.flags.scared = true;
                }
            }
            Effect::Fright => {
                if let Some(u) = self.at_mut(sq) {
                    u.flags.frightened = true;
                }
            }
            Effect::Balk => {
                if let Some(u) = self.at_mut(sq) {
                    u.flags.balked = true;
                }
            }
            Effect::FlyTo(to) => {
                if self.at(to).is_none()
                    && let Some(u) = self.board[sq.index()].take()
                {
                    self.board[to.index()] = Some(u);
                }
            }
        }
    }

    /// Removes a unit: the general's death ends a standard game at once;
    /// otherwise Raise dead may be offered, a plague may spread, and the
    /// lengthened game's checks follow.
    pub(crate) fn destroy(&mut self, sq: Square, in_melee: bool, plague_spell: bool) {
        let Some(u) = self.board.get_mut(sq.index()).and_then(|u| u.take()) else {
            return;
        };
        self.killed = true;
        self.last = Some(u.side);
        if u.has(Ability::Regenerate) {
            self.regen.push((sq, u.side));
        }
        if !self.options.lengthened && u.slot == Slot::K {
            self.ending = Some(Ending::General(!u.side));
            self.pending.clear();
            return;
        }
        if self.options.lengthened {
            self.pending.push(Step::Check);
        }
        if (in_melee && u.has(Ability::Plague)) || plague_spell {
            let touching: Vec<Square> = sq
                .neighbours()
                .filter(|&n| self.at(n).is_some_and(|x| !x.has(Ability::ImmunePlague)))
                .collect();
            for x in touching.into_iter().rev() {
                self.pending.push(Step::Save(x, 1, Effect::Kill));
            }
        }
        self.pending.push(Step::RaiseWindow(sq, u.side, 0));
    }
}
