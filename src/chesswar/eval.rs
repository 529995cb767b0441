//! The static evaluation of a ChessWar position for the expectimax search
//! ([`super::search`]).
//!
//! [`evaluate`] scores a state for one side. A finished game is worth
//! exactly `1` (won), `-1` (lost) or `0` (drawn). Any other state is worth
//! `WEIGHTS.cap * tanh(score)`, so it lies strictly inside
//! `[-cap, cap]` (`cap` < 1): the evaluation is bounded by `[-1, 1]`, as
//! the search's Star1/Star2 pruning needs, and a won game is always worth
//! more than any position still being played. The evaluation is exactly
//! antisymmetric: `evaluate(s, White) == -evaluate(s, Black)`.
//!
//! The score adds, from White's view (Black's terms subtracted), in "score
//! units": one unit is `material` times the whole army points on the
//! board, so a term worth `x` points counts `material * x / total`, and
//! the chance `p` that a general dies (a lost game in the standard game)
//! counts `general * p`:
//!
//! - **material**: the points alive, `(white - black) / (white + black)`;
//! - **melee**: every unit in contact with an enemy attacks once in its
//!   side's next melee phase; its expected result from the melee table
//!   (d6 + its Melee - the defender's Melee, with the saves, routs and the
//!   attacker's own risk on a 1 or less) is counted as the expected loss
//!   of the defender minus that of the attacker. With two or more enemies
//!   touching it the defender picks the target, so the smallest gain
//!   counts;
//! - **shooting**: every unit with a ranged attack that is not in melee,
//!   and every wizard with Zap! and a spell left, counts the expected loss
//!   of its best target in range and in sight (bows: direct or spotted by
//!   a friendly unit; crossbows and Zap!: direct; catapults and rocks: any
//!   spotted unit, hitting it with the chance the scatter ends on it, 1/3
//!   direct and 2/9 indirect, and the enemy general also through the best
//!   aim square within two squares of it, with the exact chance that one
//!   or two scatter rolls carry the shot onto it);
//! - **reach**: every unit that may walk in its next movement phase and is
//!   not in melee counts its best charge: the expected melee result
//!   against an enemy next to an empty square it can reach (Move + 1 king
//!   steps, paths ignored), with its charge bonus and the fear test;
//! - **approach**: each unit's closeness to the enemy general, scaled by
//!   its points (a small pull forward when nothing else is in reach).
//!
//! The melee, shooting and reach terms are weighted by when they happen:
//! `now` for the side to move's units that still act this turn, `next` for
//! the opponent's units (they act in the coming turn), `later` for the
//! side to move's units that have already acted this turn. A general's
//! loss counts `general` instead of its points (in the lengthened game,
//! its points). Every weight is in [`WEIGHTS`].

use std::cell::Cell;

use super::profiles::{Ability, Slot, Weapon};
use super::sight::line_clear;
use super::state::{Ending, Stage, State};
use super::units::{Side, Square, Unit};

/// The weights of the evaluation, all in one place ([`WEIGHTS`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// Score units per whole army: a unit of `x` points is worth
    /// `material * x / total points on the board`.
    pub material: f64,
    /// Score units for a general's death (times its probability), in the
    /// standard game where it ends the game.
    pub general: f64,
    /// Weight of the expected melee results of units in contact.
    pub melee: f64,
    /// Weight of the expected result of each shooter's best shot.
    pub shooting: f64,
    /// Weight of each mobile unit's best charge next movement phase.
    pub reach: f64,
    /// Weight of the pull toward the enemy general.
    pub approach: f64,
    /// Timing factor for what the side to move still does this turn.
    pub now: f64,
    /// Timing factor for what the opponent does in its coming turn.
    pub next: f64,
    /// Timing factor for what the side to move does only in its next turn.
    pub later: f64,
    /// The bound of a position still being played: its value is
    /// `cap * tanh(score)`; below 1 so that a won game is worth more.
    pub cap: f64,
}

/// The evaluation's weights.
pub const WEIGHTS: EvalWeights = EvalWeights {
    material: 3.0,
    general: 1.0,
    melee: 1.0,
    shooting: 1.0,
    reach: 0.5,
    approach: 0.15,
    now: 1.0,
    next: 0.7,
    later: 0.35,
    cap: 0.95,
};

/// The value of a finished game for `me`: 1 won, -1 lost, 0 drawn; `None`
/// while it goes on.
pub fn terminal_value(state: &State, me: Side) -> Option<f64> {
    let winner = match state.ending? {
        Ending::General(w) | Ending::Destruction(w) | Ending::LastUnit(w) => w,
        Ending::Quiet | Ending::Rounds => return Some(0.0),
    };
    Some(if winner == me { 1.0 } else { -1.0 })
}

/// The value of `state` for `me` with [`WEIGHTS`], in `[-1, 1]` (see the
/// module documentation).
pub fn evaluate(state: &State, me: Side) -> f64 {
    evaluate_with(state, me, &WEIGHTS)
}

/// The value of `state` for `me` with the given weights, in `[-1, 1]`.
pub fn evaluate_with(state: &State, me: Side, w: &EvalWeights) -> f64 {
    if let Some(v) = terminal_value(state, me) {
        return v;
    }
    let v = w.cap * score(state, w).tanh();
    if me == Side::White { v } else { -v }
}

/// The score (before squashing) from White's view.
pub fn score(state: &State, w: &EvalWeights) -> f64 {
    Board::new(state, w).score()
}

/// The chance that a unit fails a save with `modifier` (natural 1 fails,
/// natural 6 succeeds, Protection adds 1).
pub fn fail_chance(unit: &Unit, modifier: i32) -> f64 {
    let bonus = i32::from(unit.flags.protected);
    let save = i32::from(unit.profile().save);
    // A natural 1, and the rolls 2..=5 below the save after modifiers.
    let fails = 1 + (save - modifier - bonus - 2).clamp(0, 4);
    f64::from(fails) / 6.0
}

/// The chances that a melee attack destroys the defender and that it
/// destroys the attacker, from the melee table; `bonus` is added to the
/// attacker's Melee (a charge to come).
pub fn melee_chances(attacker: &Unit, defender: &Unit, bonus: i32) -> (f64, f64) {
    let diff = attacker.melee() + bonus - defender.melee();
    let fd = fail_chance(defender, 0);
    let rout = if defender.has(Ability::ImmuneFear) {
        fd
    } else {
        1.0 - (1.0 - fd) * (1.0 - fd)
    };
    // How many of the rolls 1..=5 give the result `k` (a natural 6 always
    // destroys the defender).
    let one = |k: i32| f64::from(u8::from((1..=5).contains(&(k - diff))));
    let destroyed = 1.0 + f64::from(diff.clamp(0, 5));
    let pd = destroyed + rout * one(5) + fd * one(4);
    let pa = if defender.is_scared() {
        0.0
    } else {
        fail_chance(attacker, 0) * f64::from((1 - diff).clamp(0, 5))
    };
    (pd / 6.0, pa / 6.0)
}

/// The chance that a shot of `weapon` that reached the unit (for a
/// catapult: landed on its square) kills it.
fn landed_kill(weapon: Weapon, target: &Unit) -> f64 {
    let save = fail_chance(target, i32::from(weapon.save_modifier()));
    let hit = if weapon == Weapon::FearCatapult && !target.has(Ability::ImmuneFear) {
        1.0
    } else if weapon.scatters() {
        4.0 / 6.0
    } else {
        f64::from(7u8.saturating_sub(weapon.to_hit().max(2))) / 6.0
    };
    hit * save
}

/// The chance that a shot of `weapon` aimed at the unit kills it, `direct`
/// saying whether the firer sees it (a catapult's scatter ends on the aim
/// with chance 1/3 after one roll, 2/9 after two).
fn shot_chance(weapon: Weapon, target: &Unit, direct: bool) -> f64 {
    let on = match (weapon.scatters(), direct) {
        (false, _) => 1.0,
        (true, true) => 1.0 / 3.0,
        (true, false) => 2.0 / 9.0,
    };
    on * landed_kill(weapon, target)
}

/// The offsets a scatter can move a shot by, in one or two rolls.
const SCATTER_OFFSETS: [(i8, i8); 13] = [
    (0, 0),
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
];

/// The chances that a scatter moves a shot by `(dx, dy)`: with one roll
/// (direct fire) and with two (indirect). Every direction is as likely,
/// so the firer's side does not matter.
fn scatter_odds(dx: i8, dy: i8) -> (f64, f64) {
    match (dx.abs(), dy.abs()) {
        (0, 0) => (1.0 / 3.0, 2.0 / 9.0),
        (1, 0) | (0, 1) => (1.0 / 6.0, 1.0 / 9.0),
        (1, 1) => (0.0, 1.0 / 18.0),
        (2, 0) | (0, 2) => (0.0, 1.0 / 36.0),
        _ => (0.0, 0.0),
    }
}

/// When a unit's next action of a kind comes.
#[derive(Clone, Copy)]
enum When {
    Now,
    Next,
    Later,
}

impl When {
    /// When a unit acts: on the opponent's next turn for the side not
    /// moving, else now or on its own side's next turn.
    fn of(opponents: bool, now: bool) -> When {
        if opponents {
            When::Next
        } else if now {
            When::Now
        } else {
            When::Later
        }
    }
}

/// The board seen by the evaluation: units, bit sets and what each side
/// sees.
struct Board<'a> {
    state: &'a State,
    w: &'a EvalWeights,
    occ: u64,
    /// The squares of each side's units.
    own: [u64; 2],
    /// Squares some unit of the side is known to see (worked out when
    /// first asked, see [`Board::spots`]).
    seen: [Cell<u64>; 2],
    /// The squares whose entry in `seen` is worked out.
    known: [Cell<u64>; 2],
    /// Score units per point.
    per_point: f64,
    /// Whether a general's death ends the game.
    standard: bool,
    /// Each side's general, if alive.
    generals: [Option<Square>; 2],
    /// Each side has a living Rune Lord (anti-magic).
    anti_magic: [bool; 2],
}

fn bits(mut b: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let i = b.trailing_zeros() as u8;
        b &= b - 1;
        Some(Square(i))
    })
}

/// The squares touching each square, as bit sets.
const AROUND: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (f, r) = ((i % 8) as i32, (i / 8) as i32);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    t[i] |= 1u64 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        i += 1;
    }
    t
};

/// The squares touching `sq`, as a bit set.
fn around(sq: Square) -> u64 {
    AROUND[sq.index()]
}

impl<'a> Board<'a> {
    fn new(state: &'a State, w: &'a EvalWeights) -> Board<'a> {
        let mut own = [0u64; 2];
        let mut material = [0u32; 2];
        let mut generals = [None; 2];
        let mut anti_magic = [false; 2];
        for (i, u) in state.board.iter().enumerate() {
            if let Some(u) = u {
                let s = u.side.index();
                own[s] |= 1u64 << i;
                material[s] += u.points();
                if u.slot == Slot::K {
                    generals[s] = Some(Square(i as u8));
                }
                if u.has(Ability::AntiMagic) {
                    anti_magic[s] = true;
                }
            }
        }
        let occ = own[0] | own[1];
        let total = f64::from((material[0] + material[1]).max(1));
        Board {
            state,
            w,
            occ,
            own,
            seen: [Cell::new(0), Cell::new(0)],
            known: [Cell::new(0), Cell::new(0)],
            per_point: w.material / total,
            standard: !state.options.lengthened,
            generals,
            anti_magic,
        }
    }

    /// Whether some unit of `side` other than one on `sq` sees `sq`.
    fn spots(&self, side: Side, sq: Square) -> bool {
        let s = side.index();
        let bit = 1u64 << sq.0;
        if self.known[s].get() & bit == 0 {
            let seen = bits(self.own[s] & !bit).any(|f| line_clear(f, sq, self.occ));
            self.known[s].set(self.known[s].get() | bit);
            if seen {
                self.seen[s].set(self.seen[s].get() | bit);
            }
        }
        self.seen[s].get() & bit != 0
    }

    fn unit(&self, sq: Square) -> Option<Unit> {
        self.state.board[sq.index()]
    }

    /// What losing the unit costs its side, in score units.
    fn worth(&self, u: &Unit) -> f64 {
        if self.standard && u.slot == Slot::K {
            self.w.general
        } else {
            f64::from(u.points()) * self.per_point
        }
    }

    fn timing(&self, when: When) -> f64 {
        match when {
            When::Now => self.w.now,
            When::Next => self.w.next,
            When::Later => self.w.later,
        }
    }

    /// The expected gain of an attack by `a` on `d` for `a`'s side.
    fn attack_gain(&self, a: &Unit, d: &Unit, bonus: i32) -> f64 {
        let (pd, pa) = melee_chances(a, d, bonus);
        pd * self.worth(d) - pa * self.worth(a)
    }

    fn score(&self) -> f64 {
        let st = self.state;
        let mover = st.to_move;
        let mut material = 0.0;
        let mut melee = 0.0;
        let mut shooting = 0.0;
        let mut reach = 0.0;
        let mut approach = 0.0;
        for side in Side::BOTH {
            let sign = if side == Side::White { 1.0 } else { -1.0 };
            let s = side.index();
            let enemies = self.own[1 - s];
            let enemy_general = self.generals[1 - s];
            for sq in bits(self.own[s]) {
                let Some(u) = self.unit(sq) else { continue };
                material += sign * f64::from(u.points()) * self.per_point;
                let touching = around(sq) & enemies;
                let f = u.flags;
                if touching != 0 {
                    if f.balked {
                        continue;
                    }
                    // The defender picks the target: the smallest gain.
                    let gain = bits(touching)
                        .filter_map(|d| self.unit(d))
                        .map(|d| self.attack_gain(&u, &d, 0))
                        .fold(f64::INFINITY, f64::min);
                    let when = if side != mover {
                        When::Next
                    } else if st.stage != Stage::After && !f.attacked {
                        When::Now
                    } else {
                        When::Later
                    };
                    melee += sign * self.timing(when) * gain;
                    continue;
                }
                // Not in melee: shooting and charges.
                let shot = self.best_shot(sq, &u);
                if shot > 0.0 {
                    let now = matches!(st.stage, Stage::Movement | Stage::Firing)
                        && !f.fired
                        && !f.stupid;
                    let when = When::of(side != mover, now);
                    shooting += sign * self.timing(when) * shot;
                }
                let p = u.profile();
                if p.moves > 0 {
                    let charge = self.best_charge(sq, &u);
                    if charge > 0.0 {
                        let now = st.stage == Stage::Movement && !f.moved && !f.balked && !f.stupid;
                        let when = When::of(side != mover, now);
                        reach += sign * self.timing(when) * charge;
                    }
                    if u.slot != Slot::K
                        && let Some(g) = enemy_general
                    {
                        let d = f64::from(sq.distance(g));
                        approach += sign * self.per_point * f64::from(u.points()) * (7.0 - d) / 7.0;
                    }
                }
            }
        }
        material
            + self.w.melee * melee
            + self.w.shooting * shooting
            + self.w.reach * reach
            + self.w.approach * approach
    }

    /// The expected gain of the unit's best shot (0 if it has none).
    fn best_shot(&self, sq: Square, u: &Unit) -> f64 {
        let s = u.side.index();
        let enemies = self.own[1 - s];
        let p = u.profile();
        let mut best = 0.0f64;
        if let Some(weapon) = p.weapon {
            let range = weapon.range().unwrap_or(u8::MAX);
            if weapon.scatters()
                && let Some(g) = self.generals[1 - s]
                && let Some(gu) = self.unit(g)
            {
                best = best.max(self.scatter_chance(sq, u.side, weapon, g, &gu) * self.worth(&gu));
            }
            for t in bits(enemies) {
                if t.distance(sq) > range {
                    continue;
                }
                let direct = line_clear(sq, t, self.occ);
                let allowed = direct || (weapon.indirect() && self.spots(u.side, t));
                if !allowed {
                    continue;
                }
                let Some(tu) = self.unit(t) else { continue };
                best = best.max(shot_chance(weapon, &tu, direct) * self.worth(&tu));
            }
        }
        if p.knows(super::profiles::Spell::Zap) && !u.flags.cast {
            let cancel = if self.anti_magic[1 - s] {
                4.0 / 6.0
            } else {
                1.0
            };
            for t in bits(enemies) {
                if t.distance(sq) > super::SPELL_RANGE || !line_clear(sq, t, self.occ) {
                    continue;
                }
                let Some(tu) = self.unit(t) else { continue };
                best = best.max(cancel * fail_chance(&tu, -1) * self.worth(&tu));
            }
        }
        best
    }

    /// The chance that a scattering shot from `from` kills the unit on
    /// `target`, aimed at the best square near it (a direct aim scatters
    /// once, an indirect one twice).
    fn scatter_chance(
        &self,
        from: Square,
        side: Side,
        weapon: Weapon,
        target: Square,
        tu: &Unit,
    ) -> f64 {
        let range = weapon.range().unwrap_or(u8::MAX);
        let mut on = 0.0f64;
        for (dx, dy) in SCATTER_OFFSETS {
            let Some(aim) = target.offset(-dx, -dy) else {
                continue;
            };
            if aim == from || aim.distance(from) > range {
                continue;
            }
            let (once, twice) = scatter_odds(dx, dy);
            if once <= on && twice <= on {
                continue;
            }
            if line_clear(from, aim, self.occ) {
                on = on.max(once);
            } else if twice > on && self.spots(side, aim) {
                on = on.max(twice);
            }
        }
        on * landed_kill(weapon, tu)
    }

    /// The expected gain of the unit's best charge next movement phase (0
    /// if none is worth it).
    fn best_charge(&self, sq: Square, u: &Unit) -> f64 {
        let s = u.side.index();
        let reach = u.profile().moves + 1;
        let empty = !self.occ;
        // Its charge bonus, whether or not it charged this turn already.
        let mut bonus = 0;
        if u.has(Ability::Charge) {
            bonus = if u.flags.charged { 0 } else { 1 };
        }
        let mut best = 0.0f64;
        for t in bits(self.own[1 - s]) {
            if t.distance(sq) > reach + 1 {
                continue;
            }
            let open = around(t) & empty;
            if !bits(open).any(|n| n.distance(sq) <= reach) {
                continue;
            }
            let Some(d) = self.unit(t) else { continue };
            let mut gain = self.attack_gain(u, &d, bonus);
            if d.has(Ability::CausesFear) && !u.has(Ability::ImmuneFear) {
                gain *= 1.0 - fail_chance(u, 0);
            }
            best = best.max(gain);
        }
        best
    }
}
