//! Spells (`src/chesswar/RULES.md`, "Spells"): who may cast what, when, and
//! their effects.
//!
//! Every spell is cast with an `s:` token: as an action of the side to
//! move, or in a reaction window the state offers (answered with a cast or
//! `pass`). Right after any spell is cast, the caster's opponent is offered
//! Dispel if one of its wizards can cast it; a Dispel is itself a spell, so
//! it may be dispelled in turn.
//!
//! Decisions taken here where the rules are silent:
//!
//! - The spell budget (the rules file's, worked out): each wizard has one
//!   spell per own turn. Casting on its own turn (actions, and instants
//!   such as Dispel, Healing or Raise dead in that turn's windows) uses
//!   that turn's spell (mark `w`). An instant on the opponent's turn uses
//!   the spell of the wizard's previous own turn when it did not cast then
//!   (`w` is set), otherwise the spell of its next own turn (`n`, which
//!   becomes `w` when that turn begins); each wizard casts at most one
//!   instant per opponent turn (`i`). A round begins with White's turn, so
//!   in round 1 Black's wizards have no previous turn while White moves.
//!   A spell that is dispelled is still spent.
//! - Range is 6 king steps from the caster: to the target unit or square,
//!   to the destroyed unit's square for Raise dead, and to the enemy caster
//!   for Dispel. Sight is needed for spells aimed at a unit (Zap!, Flight,
//!   Healing, Raise dead, Plague, Strike, Protection); Storm is aimed at a
//!   square and Dispel at a spell, so they need none. A wizard may aim at
//!   itself.
//! - Summons (Storm, Fear, Plague) are cast by a wizard that has not moved
//!   (nor balked) this turn, at one of the three moments the rules give:
//!   in the firing phase before any unit fired, in the melee phase before
//!   any unit attacked, or after the melee (the `after` stage, offered
//!   when a summon can still be cast; `end` closes it).
//! - Protection "at the start of any phase": the side to move may cast it
//!   while none of its units has moved, fired or attacked in the phase;
//!   the side not to move is offered it once per phase, just before the
//!   first other action (or `end`) of the side to move, which then waits
//!   (the `do(...)` step) and is checked again afterwards. "Right after a
//!   friendly unit is hit": whenever a unit is hit (a shot, a catapult, a
//!   Storm, a shot spilling onto it), its side is offered Protection on
//!   that unit before its save (the `hitwin` step). Only unprotected units
//!   may be chosen.
//! - Flight on a friendly unit needs a unit that has not used its move
//!   this turn (not moved, balked or stupid), in melee or not; it may be a
//!   catapult (which then counts as moved). The enemy version needs no such
//!   thing; the caster picks the square in the token, and the unit saves
//!   first. A unit placed by enemy Flight does not charge.
//! - Strike may be cast on a friendly unit in melee that has not attacked
//!   yet this phase.
//! - Healing is offered after a failed save that would destroy the unit
//!   (shots, melee, routs, spells, plague), not after fear tests or Flight
//!   saves; the save is rolled again with the same modifiers.
//! - Raise dead is offered after each destruction that stands (the general
//!   in a standard game ends it at once, before any window): first to the
//!   side to move, then to the other side. The Zombie belongs to the
//!   caster's side and does not move in the turn it rises, but fights.
//! - Anti-magic: the extra 5+ save (no modifiers) is rolled when the spell
//!   takes effect, before the target's own save; success cancels the
//!   spell's effect on the unit (for Raise dead: the unit stays dead).
//! - Fear spell: each enemy within 2 of the caster that is not immune to
//!   fear saves (in square order) or is scared until the end of its own
//!   next turn. Storm hits units of both sides, in square order. Plague
//!   cannot be aimed at a unit immune to plague.

use super::notation::Token;
use super::profiles::{Ability, Spell, SpellKind};
use super::state::{Effect, Fx, Stage, State, Step};
use super::units::{Side, Square, UnitFlags};

/// The range of every spell, in king steps.
pub const SPELL_RANGE: u8 = 6;

impl State {
    /// Whether the wizard on `sq` still has a spell to cast now.
    pub(crate) fn can_cast(&self, sq: Square) -> bool {
        let Some(u) = self.at(sq) else { return false };
        if !u.is_wizard() {
            return false;
        }
        if u.side == self.to_move {
            !u.flags.cast
        } else {
            !u.flags.reacted && (self.previous_spell_left(u.side, u.flags) || !u.flags.owed)
        }
    }

    /// Whether a wizard of `side`, not to move, has the spell of its
    /// previous own turn unused: it did not cast then, and it had a turn
    /// (a round begins with White's turn).
    fn previous_spell_left(&self, side: Side, flags: UnitFlags) -> bool {
        let had_a_turn = self.round > 1 || side == Side::White;
        had_a_turn && !flags.cast
    }

    /// The squares of a side's wizards that know the spell and may cast now.
    fn casters(&self, side: Side, spell: Spell) -> Vec<Square> {
        self.squares_of(side)
            .into_iter()
            .filter(|&s| self.at(s).is_some_and(|u| u.profile().knows(spell)) && self.can_cast(s))
            .collect()
    }

    /// Whether the caster on `c` may aim at the unit on `t`: in range and
    /// in sight.
    fn reaches(&self, c: Square, t: Square) -> bool {
        c.distance(t) <= SPELL_RANGE && self.sees(c, t)
    }

    fn cast(spell: Spell, caster: Square, target: Option<Square>, dest: Option<Square>) -> Token {
        Token::Cast {
            spell,
            caster,
            target,
            dest,
        }
    }

    /// The spells the side to move may cast as its next action.
    pub(crate) fn action_casts(&self) -> Vec<Token> {
        let mover = self.to_move;
        let mut v = Vec::new();
        let summon_time = match self.stage {
            Stage::Firing | Stage::Melee => !self.acted,
            Stage::After => true,
            Stage::Movement => false,
        };
        for c in self.squares_of(mover) {
            if !self.can_cast(c) {
                continue;
            }
            let Some(cu) = self.at(c) else { continue };
            for &spell in cu.profile().spells {
                let timely = match spell.kind() {
                    SpellKind::Attack => self.stage == Stage::Firing,
                    SpellKind::Summon => summon_time && !cu.flags.moved && !cu.flags.balked,
                    SpellKind::Move => self.stage == Stage::Movement,
                    SpellKind::Melee => self.stage == Stage::Melee,
                    SpellKind::Instant => {
                        spell == Spell::Protection && self.stage != Stage::After && !self.acted
                    }
                };
                if !timely {
                    continue;
                }
                match spell {
                    Spell::Zap | Spell::Plague => {
                        for t in self.squares_of(!mover) {
                            let immune = spell == Spell::Plague
                                && self.at(t).is_some_and(|u| u.has(Ability::ImmunePlague));
                            if !immune && self.reaches(c, t) {
                                v.push(State::cast(spell, c, Some(t), None));
                            }
                        }
                    }
                    Spell::Storm => {
                        for t in c.within(SPELL_RANGE) {
                            v.push(State::cast(spell, c, Some(t), None));
                        }
                    }
                    Spell::Fear => v.push(State::cast(spell, c, None, None)),
                    Spell::Flight => {
                        for t in self.squares_of(mover) {
                            let Some(tu) = self.at(t) else { continue };
                            let f = tu.flags;
                            if f.moved || f.balked || f.stupid || !self.reaches(c, t) {
                                continue;
                            }
                            for d in t.within(4) {
                                if self.at(d).is_none() {
                                    v.push(State::cast(spell, c, Some(t), Some(d)));
                                }
                            }
                        }
                        for t in self.squares_of(!mover) {
                            if !self.reaches(c, t) {
                                continue;
                            }
                            for d in t.within(2) {
                                if self.at(d).is_none() {
                                    v.push(State::cast(spell, c, Some(t), Some(d)));
                                }
                            }
                        }
                    }
                    Spell::Strike => {
                        for t in self.squares_of(mover) {
                            let Some(tu) = self.at(t) else { continue };
                            if !tu.flags.attacked
                                && !tu.flags.balked
                                && self.in_contact(t, mover)
                                && self.reaches(c, t)
                            {
                                v.push(State::cast(spell, c, Some(t), None));
                            }
                        }
                    }
                    Spell::Protection => v.extend(self.protection_casts(c, mover)),
                    Spell::Dispel | Spell::Healing | Spell::RaiseDead => {}
                }
            }
        }
        v
    }

    fn protection_casts(&self, c: Square, side: Side) -> Vec<Token> {
        self.squares_of(side)
            .into_iter()
            .filter(|&t| self.at(t).is_some_and(|u| !u.flags.protected) && self.reaches(c, t))
            .map(|t| State::cast(Spell::Protection, c, Some(t), None))
            .collect()
    }

    /// The Protection casts offered to the side not to move at the start
    /// of a phase.
    pub(crate) fn protect_window_casts(&self) -> Vec<Token> {
        let side = !self.to_move;
        self.casters(side, Spell::Protection)
            .into_iter()
            .flat_map(|c| self.protection_casts(c, side))
            .collect()
    }

    /// The casts of `spell` by `side`'s wizards that may cast it now and
    /// reach the square `sq` (a window's Healing, Raise dead or
    /// Protection).
    fn casts_on(&self, side: Side, spell: Spell, sq: Square) -> Vec<Token> {
        self.casters(side, spell)
            .into_iter()
            .filter(|&c| self.reaches(c, sq))
            .map(|c| State::cast(spell, c, Some(sq), None))
            .collect()
    }

    /// The casts a reaction window offers (without `pass`).
    pub(crate) fn window_casts(&self, step: &Step) -> Vec<Token> {
        let mover = self.to_move;
        match *step {
            Step::HealWindow(sq, ..) => {
                let Some(u) = self.at(sq) else {
                    return Vec::new();
                };
                self.casts_on(u.side, Spell::Healing, sq)
            }
            Step::RaiseWindow(sq, _, st) => {
                if self.at(sq).is_some() {
                    return Vec::new();
                }
                let side = if st == 0 { mover } else { !mover };
                self.casts_on(side, Spell::RaiseDead, sq)
            }
            Step::DispelWindow(side, enemy) => self
                .casters(side, Spell::Dispel)
                .into_iter()
                .filter(|&c| c.distance(enemy) <= SPELL_RANGE)
                .map(|c| State::cast(Spell::Dispel, c, None, None))
                .collect(),
            Step::ProtectWindow => self.protect_window_casts(),
            Step::HitWindow(sq) => {
                let Some(u) = self.at(sq).filter(|u| !u.flags.protected) else {
                    return Vec::new();
                };
                self.casts_on(u.side, Spell::Protection, sq)
            }
            _ => Vec::new(),
        }
    }

    /// Marks the caster's spell as used: on its own turn, that turn's; on
    /// the opponent's, its previous turn's if unused, else its next turn's.
    fn spend(&mut self, caster: Square) {
        let mover = self.to_move;
        let Some(u) = self.at(caster) else { return };
        let previous = u.side != mover && self.previous_spell_left(u.side, u.flags);
        let Some(u) = self.at_mut(caster) else { return };
        if u.side == mover || previous {
            u.flags.cast = true;
        } else {
            u.flags.owed = true;
        }
        if u.side != mover {
            u.flags.reacted = true;
        }
    }

    /// Puts a spell's effect on the stack with the opponent's Dispel window
    /// above it.
    fn push_spell(&mut self, caster: Square, fx: Fx) {
        let side = self.at(caster).map_or(self.to_move, |u| u.side);
        self.spend(caster);
        self.pending.push(Step::Fx(fx));
        self.pending.push(Step::DispelWindow(!side, caster));
    }

    /// Casts a spell as an action of the side to move.
    pub(crate) fn cast_action(&mut self, t: Token) {
        let Token::Cast {
            spell,
            caster,
            target,
            dest,
        } = t
        else {
            return;
        };
        let target = target.unwrap_or(caster);
        let fx = match spell {
            Spell::Zap => Fx::Zap(target),
            Spell::Storm => Fx::Storm(target),
            Spell::Fear => Fx::Fear(caster),
            Spell::Plague => Fx::Plague(target),
            Spell::Strike => Fx::Strike(target),
            Spell::Protection => Fx::Protect(target),
            Spell::Flight => {
                let to = dest.unwrap_or(target);
                if self.at(target).is_some_and(|u| u.side == self.to_move) {
                    Fx::Fly(target, to)
                } else {
                    Fx::FlyFoe(target, to)
                }
            }
            Spell::Dispel | Spell::Healing | Spell::RaiseDead => return,
        };
        self.push_spell(caster, fx);
    }

    /// Casts the spell a window offered (the window is already popped).
    pub(crate) fn cast_reaction(&mut self, window: Step, t: Token) {
        let Token::Cast { spell, caster, .. } = t else {
            return;
        };
        let side = self.at(caster).map_or(self.to_move, |u| u.side);
        match (window, spell) {
            (Step::HealWindow(sq, m, e), Spell::Healing) => {
                self.pending.push(Step::Fail(sq, e));
                self.push_spell(caster, Fx::Heal(sq, m, e));
            }
            (Step::RaiseWindow(sq, victim, _), Spell::RaiseDead) => {
                self.push_spell(caster, Fx::Raise(sq, side, victim));
            }
            (Step::DispelWindow(..), Spell::Dispel) => self.push_spell(caster, Fx::Dispel),
            (Step::ProtectWindow | Step::HitWindow(_), Spell::Protection) => {
                if let Token::Cast {
                    target: Some(target),
                    ..
                } = t
                {
                    self.push_spell(caster, Fx::Protect(target));
                }
            }
            _ => {}
        }
    }

    /// Whether anti-magic protects a unit of `target` side from a spell of
    /// `caster` side: an enemy spell, and a living friendly Rune Lord.
    fn anti_magic(&self, target: Side, caster: Side) -> bool {
        target != caster
            && self
                .board
                .iter()
                .flatten()
                .any(|u| u.side == target && u.has(Ability::AntiMagic))
    }

    /// A spell takes effect (it was not dispelled).
    pub(crate) fn effect(&mut self, fx: Fx) {
        let mover = self.to_move;
        match fx {
            Fx::Zap(t) | Fx::Plague(t) => {
                let Some(u) = self.at(t) else { return };
                let (m, e) = if matches!(fx, Fx::Zap(_)) {
                    (-1, Effect::Kill)
                } else {
                    (0, Effect::PlagueKill)
                };
                self.pending.push(Step::Save(t, m, e));
                if self.anti_magic(u.side, mover) {
                    self.pending.push(Step::Magic(t));
                }
            }
            Fx::Storm(c) => {
                let hit: Vec<Square> = c.within(1).filter(|&s| self.at(s).is_some()).collect();
                for s in hit.into_iter().rev() {
                    self.pending.push(Step::Hit(s, 4, 0, false));
                }
            }
            Fx::Dispel => {
                // The spell just below has no effect.
                self.pending.pop();
            }
            Fx::Protect(t) => {
                if let Some(u) = self.at_mut(t) {
                    u.flags.protected = true;
                }
            }
            Fx::Strike(t) => {
                if let Some(u) = self.at_mut(t) {
                    u.flags.strike = true;
                }
            }
            Fx::Fly(a, b) => {
                if self.at(a).is_some() && self.at(b).is_none() {
                    self.start_move(a, b);
                }
            }
            Fx::FlyFoe(a, b) => {
                let Some(u) = self.at(a) else { return };
                self.pending.push(Step::Save(a, 0, Effect::FlyTo(b)));
                if self.anti_magic(u.side, mover) {
                    self.pending.push(Step::Magic(a));
                }
            }
            Fx::Heal(sq, m, e) => {
                if matches!(self.pending.last(), Some(Step::Fail(s, _)) if *s == sq) {
                    self.pending.pop();
                }
                self.pending.push(Step::Save(sq, m, e));
            }
            Fx::Raise(sq, caster, victim) => {
                self.pending.push(Step::Zombie(sq, caster));
                if self.anti_magic(victim, caster) {
                    self.pending.push(Step::Magic(sq));
                }
            }
            Fx::Fear(c) => {
                let targets: Vec<Square> = c
                    .within(2)
                    .filter(|&s| {
                        self.at(s)
                            .is_some_and(|u| u.side != mover && !u.has(Ability::ImmuneFear))
                    })
                    .collect();
                for s in targets.into_iter().rev() {
                    self.pending.push(Step::Save(s, 0, Effect::Fright));
                }
            }
        }
    }
}
