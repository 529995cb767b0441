//! What may be done (`src/chesswar/RULES.md`, "The turn"): who supplies the
//! next token, and which tokens the rules accept now. How a token is
//! resolved once accepted is in [`super::turn`], with the decisions taken
//! where the rules are silent.

use super::errors::TokenError;
use super::notation::Token;
use super::profiles::Ability;
use super::sight::line_clear;
use super::state::{DecisionKind, Effect, NodeKind, Stage, State, Step, ToAct};
use super::units::{Side, Square, Unit};

impl State {
    /// Who must supply the next token.
    pub fn to_act(&self) -> ToAct {
        if let Some(o) = self.outcome() {
            return ToAct::Over(o);
        }
        match self.pending.last() {
            Some(step) if step.is_roll() => ToAct::Roll {
                purpose: self.purpose(step),
            },
            _ => {
                let (side, kind) = self.decider();
                ToAct::Decision { side, kind }
            }
        }
    }

    /// The side whose decision is due, if a decision is.
    pub fn deciding_side(&self) -> Option<Side> {
        match self.node_kind() {
            NodeKind::Decision(side) => Some(side),
            _ => None,
        }
    }

    /// What the state waits for: the same answer as [`State::to_act`],
    /// without building the outcome's or the roll's text (the search asks
    /// at every node).
    pub fn node_kind(&self) -> NodeKind {
        if self.ending.is_some() {
            return NodeKind::Over;
        }
        match self.pending.last() {
            Some(step) if step.is_roll() => NodeKind::Roll,
            _ => NodeKind::Decision(self.decider().0),
        }
    }

    /// Who decides next, and what, when no roll is pending and the game
    /// goes on.
    fn decider(&self) -> (Side, DecisionKind) {
        let mover = self.to_move;
        match self.pending.last() {
            None => (mover, DecisionKind::Action),
            Some(Step::Pick(_)) => (!mover, DecisionKind::PickTarget),
            Some(Step::Advance(_)) => (mover, DecisionKind::Advance),
            Some(Step::HealWindow(sq, ..) | Step::HitWindow(sq)) => (
                self.at(*sq).map_or(mover, |u| u.side),
                DecisionKind::Reaction,
            ),
            Some(Step::RaiseWindow(_, _, st)) => (
                if *st == 0 { mover } else { !mover },
                DecisionKind::Reaction,
            ),
            Some(Step::DispelWindow(side, _)) => (*side, DecisionKind::Reaction),
            Some(Step::ProtectWindow) => (!mover, DecisionKind::Reaction),
            Some(_) => (mover, DecisionKind::Action),
        }
    }

    /// What a pending roll is for, in words.
    pub(super) fn purpose(&self, step: &Step) -> String {
        let name = |sq: &Square| self.at(*sq).map_or("unit", |u| u.name());
        match step {
            Step::Stupid(sq, _) => format!(
                "stupidity test for the {} on {sq}: 1-2 stupid this turn, 3+ acts",
                name(sq)
            ),
            Step::Save(sq, m, e) => {
                let save = self.at(*sq).map_or(0, |u| u.profile().save);
                let prot = if self.at(*sq).is_some_and(|u| u.flags.protected) {
                    ", +1 protected"
                } else {
                    ""
                };
                let what = match e {
                    Effect::Kill | Effect::MeleeKill | Effect::PlagueKill => "or destroyed".into(),
                    Effect::Rout => "routed: or destroyed, then saves again".into(),
                    Effect::Scare => "or scared".into(),
                    Effect::Fright => "or scared by the Fear spell".into(),
                    Effect::Balk => "fear test: or it does not charge".into(),
                    Effect::FlyTo(t) => format!("or Flight puts it on {t}"),
                };
                format!(
                    "save for the {} on {sq}: {save}+, modifier {m:+}{prot} ({what})",
                    name(sq)
                )
            }
            Step::Hit(sq, need, ..) => format!(
                "to-hit roll at the {} on {sq}: {need}+ (natural 1 misses)",
                name(sq)
            ),
            Step::Spill(..) => {
                "shot into melee: on 1-3 an opponent of the unit hit is hit too".into()
            }
            Step::SpillPick(_, c) => {
                let l: Vec<String> = c.iter().map(|s| s.to_string()).collect();
                format!(
                    "which opponent is hit: d6 counts through {} (cycling)",
                    l.join(", ")
                )
            }
            Step::Scatter { aim, left, .. } => format!(
                "scatter at {aim}: 1 toward the enemy, 2 right, 3 back, 4 left, 5-6 on target ({left} roll(s) left)"
            ),
            Step::Melee(a, d) => format!(
                "melee: the {} on {a} attack the {} on {d}",
                name(a),
                name(d)
            ),
            Step::Magic(sq) => format!("anti-magic save for {sq}: 5+ cancels the spell"),
            Step::Regen(sq, _) => format!("regeneration of the Trolls on {sq}: 3+ returns them"),
            _ => "roll".into(),
        }
    }

    /// Every token accepted now, in a fixed order: exactly `d1` ... `d6`
    /// when a roll is due, none when the game is over.
    pub fn legal(&self) -> Vec<Token> {
        if self.ending.is_some() {
            return Vec::new();
        }
        match self.pending.last() {
            None => self.actions(),
            Some(step) if step.is_roll() => (1..=6).map(Token::Die).collect(),
            Some(Step::Pick(att)) => {
                let side = self.at(*att).map_or(self.to_move, |u| u.side);
                self.enemies_touching(*att, side)
                    .into_iter()
                    .map(Token::Pick)
                    .collect()
            }
            Some(Step::Advance(sq)) => {
                let mut v: Vec<Token> = self
                    .advancers(*sq)
                    .into_iter()
                    .map(|f| Token::Advance(f, *sq))
                    .collect();
                v.push(Token::NoAdvance);
                v
            }
            Some(step) => {
                let mut v = self.window_casts(step);
                v.push(Token::Pass);
                v
            }
        }
    }

    /// Every token accepted now, as strings (see [`State::legal`]).
    pub fn legal_tokens(&self) -> Vec<String> {
        self.legal().iter().map(|t| t.to_string()).collect()
    }

    /// The side to move's actions when nothing is pending.
    fn actions(&self) -> Vec<Token> {
        let mut v = Vec::new();
        let mover = self.to_move;
        for sq in self.squares_of(mover) {
            match self.stage {
                Stage::Movement => {
                    if self.can_walk(sq) {
                        v.extend(
                            self.destinations(sq)
                                .into_iter()
                                .map(|t| Token::Move(sq, t)),
                        );
                    }
                }
                Stage::Firing => {
                    v.extend(
                        self.fire_targets(sq)
                            .into_iter()
                            .map(|t| Token::Fire(sq, t)),
                    );
                }
                Stage::Melee => {
                    if self.must_attack(sq) {
                        v.extend(
                            self.enemies_touching(sq, mover)
                                .into_iter()
                                .map(|t| Token::Attack(sq, t)),
                        );
                    }
                }
                Stage::After => {}
            }
        }
        v.extend(self.action_casts());
        if self.may_end() {
            v.push(Token::End);
        }
        v
    }

    fn may_end(&self) -> bool {
        self.stage != Stage::Melee
            || !self
                .squares_of(self.to_move)
                .into_iter()
                .any(|s| self.must_attack(s))
    }

    /// Whether the unit on `sq` may still walk (or teleport) this phase.
    pub(crate) fn can_walk(&self, sq: Square) -> bool {
        let Some(u) = self.at(sq) else { return false };
        let f = u.flags;
        self.stage == Stage::Movement
            && u.side == self.to_move
            && u.profile().moves > 0
            && !f.moved
            && !f.balked
            && !f.stupid
            && (u.has(Ability::Teleport) || !self.in_contact(sq, u.side))
    }

    /// The squares the unit on `from` may move to: up to its Move in steps
    /// to empty neighbouring squares, never diagonally between two occupied
    /// squares, stopping at the first square in contact with an enemy (a
    /// charge, which may be one step beyond its Move). A teleporting unit
    /// may go to any empty square within its Move, or within Move + 1 if
    /// the square is in contact with an enemy (teleport, then charge).
    pub(crate) fn destinations(&self, from: Square) -> Vec<Square> {
        let Some(u) = self.at(from) else {
            return Vec::new();
        };
        let mv = u.profile().moves;
        if u.has(Ability::Teleport) {
            return (0..64u8)
                .map(Square)
                .filter(|&t| {
                    t != from
                        && self.at(t).is_none()
                        && (t.distance(from) <= mv
                            || (t.distance(from) <= mv + 1 && self.in_contact(t, u.side)))
                })
                .collect();
        }
        if mv == 0 {
            return Vec::new();
        }
        let occ = self.occupied() & !(1u64 << from.0);
        let mut seen = [false; 64];
        seen[from.index()] = true;
        let mut dest = [false; 64];
        let mut frontier = vec![from];
        for depth in 1..=mv + 1 {
            let mut next = Vec::new();
            for &sq in &frontier {
                for n in sq.neighbours() {
                    if seen[n.index()] || occ >> n.0 & 1 == 1 {
                        continue;
                    }
                    if n.file() != sq.file() && n.rank() != sq.rank() {
                        let a = Square(sq.rank() * 8 + n.file());
                        let b = Square(n.rank() * 8 + sq.file());
                        if occ >> a.0 & 1 == 1 && occ >> b.0 & 1 == 1 {
                            continue;
                        }
                    }
                    let contact = self.in_contact(n, u.side);
                    if contact {
                        seen[n.index()] = true;
                        dest[n.index()] = true;
                    } else if depth <= mv {
                        seen[n.index()] = true;
                        dest[n.index()] = true;
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        (0..64u8).map(Square).filter(|s| dest[s.index()]).collect()
    }

    /// The squares the unit on `from` may fire at now (none if it may not
    /// fire).
    pub(crate) fn fire_targets(&self, from: Square) -> Vec<Square> {
        let Some(u) = self.at(from) else {
            return Vec::new();
        };
        let Some(w) = u.profile().weapon else {
            return Vec::new();
        };
        let f = u.flags;
        if self.stage != Stage::Firing
            || u.side != self.to_move
            || f.fired
            || f.stupid
            || (w.needs_stationary() && f.moved)
            || self.in_contact(from, u.side)
        {
            return Vec::new();
        }
        let occ = self.occupied();
        let in_range = |t: Square| w.range().is_none_or(|r| t.distance(from) <= r);
        (0..64u8)
            .map(Square)
            .filter(|&t| {
                if t == from || !in_range(t) {
                    return false;
                }
                if w.scatters() {
                    self.spotted(t, u.side, None, occ)
                } else {
                    self.at(t).is_some_and(|e| e.side != u.side)
                        && (line_clear(from, t, occ)
                            || (w.indirect() && self.spotted(t, u.side, Some(from), occ)))
                }
            })
            .collect()
    }

    /// Whether the unit on `sq` is in melee and still has to attack.
    pub(crate) fn must_attack(&self, sq: Square) -> bool {
        let Some(u) = self.at(sq) else { return false };
        self.stage == Stage::Melee
            && u.side == self.to_move
            && !u.flags.attacked
            && !u.flags.balked
            && self.in_contact(sq, u.side)
    }

    /// The units of the side to move that may advance into the empty
    /// square `sq`: touching it, touching no enemy, and not stepping
    /// diagonally between two occupied squares.
    pub(crate) fn advancers(&self, sq: Square) -> Vec<Square> {
        if self.at(sq).is_some() {
            return Vec::new();
        }
        let occ = self.occupied();
        sq.neighbours()
            .filter(|&n| {
                let Some(u) = self.at(n) else { return false };
                if u.side != self.to_move
                    || u.flags.balked
                    || u.flags.stupid
                    || self.in_contact(n, u.side)
                {
                    return false;
                }
                if n.file() != sq.file() && n.rank() != sq.rank() {
                    let a = Square(n.rank() * 8 + sq.file());
                    let b = Square(sq.rank() * 8 + n.file());
                    if occ >> a.0 & 1 == 1 && occ >> b.0 & 1 == 1 {
                        return false;
                    }
                }
                true
            })
            .collect()
    }

    /// Why an action token is not legal now, if it is not.
    pub(crate) fn check_action(&self, t: &Token) -> Result<(), TokenError> {
        let mover = self.to_move;
        let own = |sq: Square| -> Result<Unit, TokenError> {
            match self.at(sq) {
                Some(u) if u.side == mover => Ok(u),
                Some(_) => Err(TokenError::Illegal(format!(
                    "'{t}': the unit on {sq} is not {mover}'s"
                ))),
                None => Err(TokenError::Illegal(format!("'{t}': no unit on {sq}"))),
            }
        };
        match *t {
            Token::Move(f, to) => {
                let u = own(f)?;
                if self.stage != Stage::Movement {
                    return Err(TokenError::Illegal(format!(
                        "'{t}': units move only in the movement phase"
                    )));
                }
                if !self.can_walk(f) {
                    return Err(TokenError::Illegal(format!(
                        "'{t}': the {} on {f} cannot move now",
                        u.name()
                    )));
                }
                if !self.destinations(f).contains(&to) {
                    return Err(TokenError::Illegal(format!(
                        "'{t}': the {} on {f} cannot reach {to}",
                        u.name()
                    )));
                }
                Ok(())
            }
            Token::Fire(f, to) => {
                let u = own(f)?;
                if self.fire_targets(f).contains(&to) {
                    Ok(())
                } else {
                    Err(TokenError::Illegal(format!(
                        "'{t}': the {} on {f} cannot fire at {to} now",
                        u.name()
                    )))
                }
            }
            Token::Attack(f, to) => {
                let u = own(f)?;
                if !self.must_attack(f) {
                    return Err(TokenError::Illegal(format!(
                        "'{t}': the {} on {f} cannot attack now",
                        u.name()
                    )));
                }
                if !self.enemies_touching(f, mover).contains(&to) {
                    return Err(TokenError::Illegal(format!(
                        "'{t}': no enemy on {to} touches {f}"
                    )));
                }
                Ok(())
            }
            Token::Cast { caster, .. } => {
                own(caster)?;
                if self.action_casts().contains(t) {
                    Ok(())
                } else {
                    Err(TokenError::Illegal(format!(
                        "'{t}': that spell cannot be cast now"
                    )))
                }
            }
            Token::End => {
                if self.may_end() {
                    Ok(())
                } else {
                    Err(TokenError::Illegal(
                        "'end': every unit in melee must attack first".into(),
                    ))
                }
            }
            Token::Die(_) => Err(TokenError::Illegal(format!("'{t}': no roll is due"))),
            _ => Err(TokenError::Illegal(format!(
                "'{t}' is not an action; {mover} is to act"
            ))),
        }
    }
}
