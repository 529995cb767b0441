//! The state string: the one-line text form of a [`State`], written by
//! its `Display` and read by its `FromStr`.
//!
//! # The state string
//!
//! Eleven fields separated by single spaces:
//!
//! ```text
//! <board> <races> <side> <phase> <round> <quiet> <marks> <regen> <options> <pending> <result>
//! ```
//!
//! The standard Human game starts as
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR human/human w movement 1 0 - - std - -
//! ```
//!
//! - **board**: the ranks from 8 down to 1, separated by `/`; in each, a
//!   digit counts empty squares and a letter is a unit: its slot (`K Q R B
//!   N P`), upper case for White and lower case for Black, followed by its
//!   marks in parentheses when it has any, e.g. `N(mc)`. The marks, always
//!   in this order: `m` moved this turn, `c` charged, `b` balked (failed
//!   a fear test: no move, no melee this turn), `f` fired, `a` attacked,
//!   `x` failed its stupidity test, `o` passed it, `s` scared by a
//!   fear-causing charge, `t` scared by the Fear spell, `+` protected, `k`
//!   under Strike, `w` the wizard has cast the spell of its current (on
//!   the opponent's turn: its previous) own turn, `n` the wizard has cast
//!   on the opponent's turn with its next own turn's spell, `i` the wizard
//!   has cast its one instant spell of this opponent turn.
//! - **races**: `<white race>/<black race>`, e.g. `orc/chaos`.
//! - **side**: `w` or `b`, whose turn it is.
//! - **phase**: `movement`, `firing`, `melee`, or `after` (after the
//!   melee, when summon spells may still be cast; [`State::phase`] reports
//!   it as the melee phase).
//! - **round**: the round number, from 1.
//! - **quiet**: how many rounds in a row have ended with no unit destroyed.
//! - **marks**: `-`, or these letters in this order: `k` a unit was
//!   destroyed in this round, `o` the phase has opened (the opponent's
//!   chance to cast Protection at its start is past), `a` a unit of the
//!   side to move has moved, fired or attacked in this phase, then `W` or
//!   `B`: the side of the last unit destroyed.
//! - **regen**: `-`, or the Trolls destroyed this turn, comma-separated, as
//!   square and letter, e.g. `e4R,c5r`.
//! - **options**: `std` or `long` (the lengthened game), followed by
//!   `:<points>` when a points budget was agreed, e.g. `std:60`.
//! - **pending**: `-`, or the steps still to resolve, separated by `;`,
//!   the next one first. A step is a name, with arguments in parentheses
//!   when it has any, separated by commas:
//!   - rolls: `stupid(<sq>,m|f,<to>)` a stupidity test before the move or
//!     shot; `save(<sq>,<modifier>,<effect>)` a save, where the effect of
//!     failing is `kill`, `mkill` (destroyed in melee), `rout` (a melee
//!     rout: destroyed, or saves again), `plague` (destroyed, and the
//!     plague spreads), `scare`, `fright` (Fear spell), `balk` (fear test
//!     on charging) or `fly<sq>` (Flight puts it there);
//!     `hit(<sq>,<need>,<modifier>,s|-)` a to-hit roll (`s`: a hit unit in
//!     melee may spill onto an opponent); `spill(<modifier>,<sq>...)` the
//!     1-3 roll for a shot into melee and `spillpick(<modifier>,<sq>...)`
//!     the roll choosing the opponent hit (the d6 counts through the
//!     squares listed, cycling);
//!     `scatter(<firer's side>,<aim>,<files>,<ranks>,<rolls left>,<weapon>)`
//!     a catapult's scatter, with the offset so far (each roll made moves
//!     it at most one square straight: `0,0` while 2 rolls are left);
//!     `melee(<attacker>,<defender>)` an attack roll; `magic(<sq>)` an
//!     anti-magic save (5+ cancels the spell effect just below it);
//!     `regen(<sq>,w|b)` a Troll's regeneration roll.
//!   - decisions: `pick(<attacker>)` the defender picks the unit attacked;
//!     `advance(<sq>)` the attacker may advance into `<sq>`;
//!     `healwin(<sq>,<modifier>,<effect>)` Healing may be cast after the
//!     unit failed that save; `raisewin(<sq>,<victim side>,0|1)` Raise dead
//!     may be cast (0: the side to move is asked, 1: the other side);
//!     `dispelwin(<side>,<enemy caster>)` that side may dispel the spell
//!     just cast; `protwin` the side not to move may cast Protection at the
//!     start of the phase; `hitwin(<sq>)` the side of the unit just hit on
//!     `<sq>` may cast Protection on it before its save.
//!   - automatic: `fail(<sq>,<effect>)` the failed save takes effect;
//!     `move(<from>,<to>)` the move after a passed fear test;
//!     `do(<token>)` the action waiting for the opponent's Protection
//!     window; `zombie(<sq>,<side>)` a raised Zombie appears; `check` the
//!     lengthened game's Undead collapse; `endturn` the end of the turn;
//!     and the spell effects waiting for their Dispel window (`dispel`
//!     cancels the step just below it): `zap(<sq>)`,
//!     `storm(<sq>)`, `dispel`, `protect(<sq>)`, `fly(<from>,<to>)`,
//!     `flyfoe(<from>,<to>)`, `heal(<sq>,<modifier>,<effect>)`,
//!     `raise(<sq>,<caster side>,<victim side>)`, `fear(<caster>)`,
//!     `plague(<sq>)`, `strike(<sq>)`.
//! - **result**: `-` while the game goes on; else `<winner>:<reason>` with
//!   the winner `white` or `black` and the reason `general` (the enemy
//!   general was destroyed), `destruction` (only the winner's army has
//!   units left) or `lastunit` (both armies went in one resolution; the
//!   winner's unit was the last on the board); or `draw:quiet` (10 rounds
//!   in a row with no unit destroyed) or `draw:rounds` (100 rounds).
//!
//! A string no game reaches is refused, saying why: among others, armies
//! beyond their race's counts or more than two full armies on the board,
//! counting the units that pending steps may still bring (a `zombie`,
//! `raise` or `raisewin` step's Zombie, a `regen` roll's unit) and the
//! Trolls waiting to regenerate; so every state a game goes on to from an
//! accepted string prints a string that reads back too.
//!
//! Reading a string also runs any automatic step it still holds and drops
//! what cannot stand (a `s` mark on a unit touching no fear-causing enemy,
//! a window nobody can use); every string the engine prints is already in
//! that form, so it reads back to an equal state and prints unchanged.

use std::fmt;
use std::str::FromStr;

use super::army::GameOptions;
use super::errors::{StateTextError, TokenError};
use super::notation::Token;
use super::profiles::{Race, Slot, Weapon};
use super::state::{Act, Effect, Ending, Fx, Stage, State, Step};
use super::units::{Side, Square, Unit, UnitFlags};

impl Effect {
    fn code(self) -> String {
        match self {
            Effect::Kill => "kill".into(),
            Effect::MeleeKill => "mkill".into(),
            Effect::Rout => "rout".into(),
            Effect::PlagueKill => "plague".into(),
            Effect::Scare => "scare".into(),
            Effect::Fright => "fright".into(),
            Effect::Balk => "balk".into(),
            Effect::FlyTo(s) => format!("fly{s}"),
        }
    }

    fn parse(s: &str) -> Result<Effect, StateTextError> {
        Ok(match s {
            "kill" => Effect::Kill,
            "mkill" => Effect::MeleeKill,
            "rout" => Effect::Rout,
            "plague" => Effect::PlagueKill,
            "scare" => Effect::Scare,
            "fright" => Effect::Fright,
            "balk" => Effect::Balk,
            _ => match s.strip_prefix("fly") {
                Some(sq) => Effect::FlyTo(sq.parse()?),
                None => return Err(StateTextError(format!("unknown save effect '{s}'"))),
            },
        })
    }
}

fn list(name: &str, args: &[String]) -> String {
    if args.is_empty() {
        name.to_string()
    } else {
        format!("{name}({})", args.join(","))
    }
}

fn s(x: impl ToString) -> String {
    x.to_string()
}

impl Step {
    /// The step as the state string writes it, e.g. `raise(e4,w,b)`.
    pub(super) fn code(&self) -> String {
        match self {
            Step::Stupid(sq, act) => {
                let (c, to) = match act {
                    Act::Move(t) => ("m", t),
                    Act::Fire(t) => ("f", t),
                };
                list("stupid", &[s(sq), s(c), s(to)])
            }
            Step::Save(sq, m, e) => list("save", &[s(sq), s(m), e.code()]),
            Step::Hit(sq, need, m, spill) => list(
                "hit",
                &[s(sq), s(need), s(m), s(if *spill { "s" } else { "-" })],
            ),
            Step::Spill(m, c) => {
                let mut a = vec![s(m)];
                a.extend(c.iter().map(s));
                list("spill", &a)
            }
            Step::SpillPick(m, c) => {
                let mut a = vec![s(m)];
                a.extend(c.iter().map(s));
                list("spillpick", &a)
            }
            Step::Scatter {
                side,
                aim,
                dx,
                dy,
                left,
                weapon,
            } => list(
                "scatter",
                &[
                    s(side.code()),
                    s(aim),
                    s(dx),
                    s(dy),
                    s(left),
                    s(weapon.name()),
                ],
            ),
            Step::Melee(a, d) => list("melee", &[s(a), s(d)]),
            Step::Magic(sq) => list("magic", &[s(sq)]),
            Step::Regen(sq, side) => list("regen", &[s(sq), s(side.code())]),
            Step::Pick(a) => list("pick", &[s(a)]),
            Step::Advance(sq) => list("advance", &[s(sq)]),
            Step::HealWindow(sq, m, e) => list("healwin", &[s(sq), s(m), e.code()]),
            Step::RaiseWindow(sq, v, st) => list("raisewin", &[s(sq), s(v.code()), s(st)]),
            Step::DispelWindow(side, c) => list("dispelwin", &[s(side.code()), s(c)]),
            Step::ProtectWindow => "protwin".into(),
            Step::HitWindow(sq) => list("hitwin", &[s(sq)]),
            Step::Fail(sq, e) => list("fail", &[s(sq), e.code()]),
            Step::Move(a, b) => list("move", &[s(a), s(b)]),
            Step::Deferred(t) => list("do", &[s(t)]),
            Step::Zombie(sq, side) => list("zombie", &[s(sq), s(side.code())]),
            Step::Check => "check".into(),
            Step::EndTurn => "endturn".into(),
            Step::Fx(fx) => match *fx {
                Fx::Zap(t) => list("zap", &[s(t)]),
                Fx::Storm(t) => list("storm", &[s(t)]),
                Fx::Dispel => "dispel".into(),
                Fx::Protect(t) => list("protect", &[s(t)]),
                Fx::Fly(a, b) => list("fly", &[s(a), s(b)]),
                Fx::FlyFoe(a, b) => list("flyfoe", &[s(a), s(b)]),
                Fx::Heal(t, m, e) => list("heal", &[s(t), s(m), e.code()]),
                Fx::Raise(t, c, v) => list("raise", &[s(t), s(c.code()), s(v.code())]),
                Fx::Fear(c) => list("fear", &[s(c)]),
                Fx::Plague(t) => list("plague", &[s(t)]),
                Fx::Strike(t) => list("strike", &[s(t)]),
            },
        }
    }

    fn parse(text: &str) -> Result<Step, StateTextError> {
        let (name, args) = match text.split_once('(') {
            Some((n, rest)) => {
                let inner = rest
                    .strip_suffix(')')
                    .ok_or_else(|| StateTextError(format!("step '{text}' lacks its ')'")))?;
                (n, inner.split(',').collect::<Vec<_>>())
            }
            None => (text, Vec::new()),
        };
        let bad = || StateTextError(format!("bad step '{text}'"));
        let sq = |i: usize| -> Result<Square, StateTextError> {
            Ok(args.get(i).ok_or_else(bad)?.parse::<Square>()?)
        };
        let side = |i: usize| -> Result<Side, StateTextError> {
            let a = args.get(i).ok_or_else(bad)?;
            let mut c = a.chars();
            match (c.next().and_then(Side::from_code), c.next()) {
                (Some(sd), None) => Ok(sd),
                _ => Err(bad()),
            }
        };
        let int = |i: usize| -> Result<i8, StateTextError> {
            args.get(i)
                .ok_or_else(bad)?
                .parse::<i8>()
                .map_err(|_| bad())
        };
        let eff = |i: usize| -> Result<Effect, StateTextError> {
            Effect::parse(args.get(i).ok_or_else(bad)?)
        };
        let arity = |n: usize| -> Result<(), StateTextError> {
            if args.len() == n { Ok(()) } else { Err(bad()) }
        };
        let squares_from = |i: usize| -> Result<Vec<Square>, StateTextError> {
            args[i.min(args.len())..]
                .iter()
                .map(|a| a.parse::<Square>())
                .collect::<Result<_, _>>()
                .map_err(StateTextError::from)
        };
        let step = match name {
            "stupid" => {
                arity(3)?;
                let to = sq(2)?;
                let act = match args[1] {
                    "m" => Act::Move(to),
                    "f" => Act::Fire(to),
                    _ => return Err(bad()),
                };
                Step::Stupid(sq(0)?, act)
            }
            "save" => {
                arity(3)?;
                Step::Save(sq(0)?, int(1)?, eff(2)?)
            }
            "hit" => {
                arity(4)?;
                let need = int(1)?;
                if !(1..=7).contains(&need) {
                    return Err(bad());
                }
                let spill = match args[3] {
                    "s" => true,
                    "-" => false,
                    _ => return Err(bad()),
                };
                Step::Hit(sq(0)?, need as u8, int(2)?, spill)
            }
            "spill" | "spillpick" => {
                if args.len() < 2 {
                    return Err(bad());
                }
                let m = int(0)?;
                let c = squares_from(1)?;
                if name == "spill" {
                    Step::Spill(m, c)
                } else {
                    Step::SpillPick(m, c)
                }
            }
            "scatter" => {
                arity(6)?;
                let left = int(4)?;
                let (dx, dy) = (int(2)?, int(3)?);
                if !(1..=2).contains(&left) {
                    return Err(bad());
                }
                // Each roll made moves the aim at most one square straight;
                // a scatter of two rolls has made none while both are left.
                let made = 2 - i32::from(left);
                if i32::from(dx).abs() + i32::from(dy).abs() > made {
                    return Err(StateTextError(format!(
                        "bad step '{text}': {}",
                        if made == 0 {
                            "no scatter roll is made while 2 are left, so the offset is 0,0"
                        } else {
                            "one scatter roll is made while 1 is left, so the offset is at most one square straight"
                        }
                    )));
                }
                let weapon = Weapon::from_name(args[5])
                    .filter(|w| w.scatters())
                    .ok_or_else(bad)?;
                Step::Scatter {
                    side: side(0)?,
                    aim: sq(1)?,
                    dx,
                    dy,
                    left: left as u8,
                    weapon,
                }
            }
            "melee" => {
                arity(2)?;
                Step::Melee(sq(0)?, sq(1)?)
            }
            "magic" => {
                arity(1)?;
                Step::Magic(sq(0)?)
            }
            "regen" => {
                arity(2)?;
                Step::Regen(sq(0)?, side(1)?)
            }
            "pick" => {
                arity(1)?;
                Step::Pick(sq(0)?)
            }
            "advance" => {
                arity(1)?;
                Step::Advance(sq(0)?)
            }
            "healwin" => {
                arity(3)?;
                Step::HealWindow(sq(0)?, int(1)?, eff(2)?)
            }
            "raisewin" => {
                arity(3)?;
                let st = int(2)?;
                if !(0..=1).contains(&st) {
                    return Err(bad());
                }
                Step::RaiseWindow(sq(0)?, side(1)?, st as u8)
            }
            "dispelwin" => {
                arity(2)?;
                Step::DispelWindow(side(0)?, sq(1)?)
            }
            "protwin" => {
                arity(0)?;
                Step::ProtectWindow
            }
            "hitwin" => {
                arity(1)?;
                Step::HitWindow(sq(0)?)
            }
            "fail" => {
                arity(2)?;
                Step::Fail(sq(0)?, eff(1)?)
            }
            "move" => {
                arity(2)?;
                Step::Move(sq(0)?, sq(1)?)
            }
            "do" => {
                arity(1)?;
                let t: Token = args[0]
                    .parse()
                    .map_err(|e: TokenError| StateTextError(e.to_string()))?;
                if t.to_string() != args[0] {
                    return Err(bad());
                }
                Step::Deferred(t)
            }
            "zombie" => {
                arity(2)?;
                Step::Zombie(sq(0)?, side(1)?)
            }
            "check" => {
                arity(0)?;
                Step::Check
            }
            "endturn" => {
                arity(0)?;
                Step::EndTurn
            }
            "zap" | "storm" | "protect" | "fear" | "plague" | "strike" => {
                arity(1)?;
                let t = sq(0)?;
                Step::Fx(match name {
                    "zap" => Fx::Zap(t),
                    "storm" => Fx::Storm(t),
                    "protect" => Fx::Protect(t),
                    "fear" => Fx::Fear(t),
                    "plague" => Fx::Plague(t),
                    _ => Fx::Strike(t),
                })
            }
            "dispel" => {
                arity(0)?;
                Step::Fx(Fx::Dispel)
            }
            "fly" | "flyfoe" => {
                arity(2)?;
                let (a, b) = (sq(0)?, sq(1)?);
                Step::Fx(if name == "fly" {
                    Fx::Fly(a, b)
                } else {
                    Fx::FlyFoe(a, b)
                })
            }
            "heal" => {
                arity(3)?;
                Step::Fx(Fx::Heal(sq(0)?, int(1)?, eff(2)?))
            }
            "raise" => {
                arity(3)?;
                Step::Fx(Fx::Raise(sq(0)?, side(1)?, side(2)?))
            }
            _ => return Err(StateTextError(format!("unknown step '{text}'"))),
        };
        Ok(step)
    }
}

fn ending_code(e: Ending) -> String {
    match e {
        Ending::General(w) => format!("{w}:general"),
        Ending::Destruction(w) => format!("{w}:destruction"),
        Ending::LastUnit(w) => format!("{w}:lastunit"),
        Ending::Quiet => "draw:quiet".into(),
        Ending::Rounds => "draw:rounds".into(),
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.board[(rank * 8 + file) as usize] {
                    None => empty += 1,
                    Some(u) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", u.letter())?;
                        let marks = u.flags.letters();
                        if !marks.is_empty() {
                            write!(f, "({marks})")?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {}/{} {} {} {} {} ",
            self.races[0],
            self.races[1],
            self.to_move.code(),
            self.stage.name(),
            self.round,
            self.quiet
        )?;
        let mut marks = String::new();
        for (on, c) in [(self.killed, 'k'), (self.opened, 'o'), (self.acted, 'a')] {
            if on {
                marks.push(c);
            }
        }
        if let Some(l) = self.last {
            marks.push(l.code().to_ascii_uppercase());
        }
        if marks.is_empty() {
            marks.push('-');
        }
        f.write_str(&marks)?;
        f.write_str(" ")?;
        if self.regen.is_empty() {
            f.write_str("-")?;
        } else {
            let parts: Vec<String> = self
                .regen
                .iter()
                .map(|&(sq, side)| {
                    let c = if side == Side::White { 'R' } else { 'r' };
                    format!("{sq}{c}")
                })
                .collect();
            f.write_str(&parts.join(","))?;
        }
        f.write_str(if self.options.lengthened {
            " long"
        } else {
            " std"
        })?;
        if let Some(b) = self.options.budget {
            write!(f, ":{b}")?;
        }
        f.write_str(" ")?;
        if self.pending.is_empty() {
            f.write_str("-")?;
        } else {
            let parts: Vec<String> = self.pending.iter().rev().map(Step::code).collect();
            f.write_str(&parts.join(";"))?;
        }
        f.write_str(" ")?;
        match self.ending {
            None => f.write_str("-"),
            Some(e) => f.write_str(&ending_code(e)),
        }
    }
}

fn parse_board(text: &str, races: [Race; 2]) -> Result<[Option<Unit>; 64], StateTextError> {
    let mut board = [None; 64];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(StateTextError(format!(
            "board '{text}' needs 8 ranks separated by '/'"
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(StateTextError(format!(
                        "bad count '{c}' in rank {}",
                        rank + 1
                    )));
                }
                file += d as u8;
            } else {
                let slot = Slot::from_letter(c).ok_or_else(|| {
                    StateTextError(format!("unknown unit letter '{c}' in rank {}", rank + 1))
                })?;
                let side = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                let mut flags = UnitFlags::default();
                if chars.peek() == Some(&'(') {
                    chars.next();
                    let mut marks = String::new();
                    loop {
                        match chars.next() {
                            Some(')') => break,
                            Some(m) => marks.push(m),
                            None => {
                                return Err(StateTextError(format!(
                                    "unclosed marks in rank {}",
                                    rank + 1
                                )));
                            }
                        }
                    }
                    if marks.is_empty() {
                        return Err(StateTextError(format!(
                            "empty marks '()' in rank {}",
                            rank + 1
                        )));
                    }
                    flags = UnitFlags::from_letters(&marks)?;
                }
                if file >= 8 {
                    return Err(StateTextError(format!(
                        "rank {} has more than 8 squares",
                        rank + 1
                    )));
                }
                let mut unit = Unit::new(side, races[side.index()], slot);
                unit.flags = flags;
                board[(rank * 8 + file) as usize] = Some(unit);
                file += 1;
            }
            if file > 8 {
                return Err(StateTextError(format!(
                    "rank {} has more than 8 squares",
                    rank + 1
                )));
            }
        }
        if file != 8 {
            return Err(StateTextError(format!(
                "rank {} has {file} squares, not 8",
                rank + 1
            )));
        }
    }
    Ok(board)
}

impl FromStr for State {
    type Err = StateTextError;
    fn from_str(text: &str) -> Result<State, StateTextError> {
        parse_state(text)
    }
}

/// Reads a state string (see the module documentation).
fn parse_state(text: &str) -> Result<State, StateTextError> {
    {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 11 {
            return Err(StateTextError(format!(
                "a state string has 11 fields, this one {}",
                fields.len()
            )));
        }
        let (w, b) = fields[1].split_once('/').ok_or_else(|| {
            StateTextError(format!("races '{}' should read <white>/<black>", fields[1]))
        })?;
        let races = [w.parse::<Race>()?, b.parse::<Race>()?];
        let board = parse_board(fields[0], races)?;
        let to_move = match fields[2] {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(StateTextError(format!(
                    "side to move '{other}' should be w or b"
                )));
            }
        };
        let stage = match fields[3] {
            "movement" => Stage::Movement,
            "firing" => Stage::Firing,
            "melee" => Stage::Melee,
            "after" => Stage::After,
            other => {
                return Err(StateTextError(format!(
                    "unknown phase '{other}' (movement, firing, melee, after)"
                )));
            }
        };
        let number = |s: &str, what: &str| -> Result<u32, StateTextError> {
            if s.starts_with('+') || (s.len() > 1 && s.starts_with('0')) {
                return Err(StateTextError(format!("bad {what} '{s}'")));
            }
            s.parse::<u32>()
                .map_err(|_| StateTextError(format!("bad {what} '{s}'")))
        };
        let round = number(fields[4], "round")?;
        if round == 0 {
            return Err(StateTextError("the round counts from 1".into()));
        }
        let quiet = number(fields[5], "quiet-round count")?;
        let mut state = State::empty(races[0], races[1], GameOptions::default());
        state.board = board;
        state.to_move = to_move;
        state.stage = stage;
        state.round = round;
        state.quiet = quiet;
        if fields[6] != "-" {
            let order = "koaWB";
            let mut next = 0;
            for c in fields[6].chars() {
                let i = order.find(c).ok_or_else(|| {
                    StateTextError(format!("unknown mark '{c}' in '{}'", fields[6]))
                })?;
                if i < next {
                    return Err(StateTextError(format!(
                        "marks '{}' out of order (koa, then W or B)",
                        fields[6]
                    )));
                }
                next = if i >= 3 { 5 } else { i + 1 };
                match c {
                    'k' => state.killed = true,
                    'o' => state.opened = true,
                    'a' => state.acted = true,
                    'W' => state.last = Some(Side::White),
                    _ => state.last = Some(Side::Black),
                }
            }
        }
        if fields[7] != "-" {
            for part in fields[7].split(',') {
                if part.len() != 3 || !part.is_ascii() {
                    return Err(StateTextError(format!("bad regeneration entry '{part}'")));
                }
                let sq: Square = part[..2].parse()?;
                let side = match &part[2..] {
                    "R" => Side::White,
                    "r" => Side::Black,
                    _ => return Err(StateTextError(format!("bad regeneration entry '{part}'"))),
                };
                state.regen.push((sq, side));
            }
        }
        let (kind, budget) = match fields[8].split_once(':') {
            Some((k, b)) => (k, Some(number(b, "budget")?)),
            None => (fields[8], None),
        };
        state.options = GameOptions {
            budget,
            lengthened: match kind {
                "std" => false,
                "long" => true,
                other => {
                    return Err(StateTextError(format!(
                        "unknown game kind '{other}' (std or long)"
                    )));
                }
            },
        };
        if fields[9] != "-" {
            for part in fields[9].split(';').rev() {
                state.pending.push(Step::parse(part)?);
            }
        }
        state.ending = match fields[10] {
            "-" => None,
            "draw:quiet" => Some(Ending::Quiet),
            "draw:rounds" => Some(Ending::Rounds),
            other => {
                let (w, why) = other
                    .split_once(':')
                    .ok_or_else(|| StateTextError(format!("bad result '{other}'")))?;
                let w: Side = match w {
                    "white" => Side::White,
                    "black" => Side::Black,
                    _ => return Err(StateTextError(format!("bad result '{other}'"))),
                };
                Some(match why {
                    "general" => Ending::General(w),
                    "destruction" => Ending::Destruction(w),
                    "lastunit" => Ending::LastUnit(w),
                    _ => return Err(StateTextError(format!("bad result '{other}'"))),
                })
            }
        };
        if state.ending.is_some() && !state.pending.is_empty() {
            return Err(StateTextError(
                "a finished game has no pending steps".into(),
            ));
        }
        state.check_reachable()?;
        state.settle();
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard Human game's start with these pending steps.
    fn human_start_with(pending: &str) -> String {
        format!(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR human/human w movement 1 0 - - std {pending} -"
        )
    }

    fn refusal(text: &str) -> String {
        let e = text
            .parse::<State>()
            .expect_err("the state is refused")
            .to_string();
        assert!(!e.contains('\n'), "{e}");
        e
    }

    #[test]
    fn a_pending_raise_beyond_the_army_limit_is_refused() {
        assert_eq!(
            refusal(&human_start_with("raise(e4,w,w)")),
            "no game reaches this state: pending step 'raise(e4,w,w)' would give the white human army 17 units, more than the 16 an army can deploy"
        );
        // The same Zombie one step later, and under a window that would
        // resolve first.
        assert!(refusal(&human_start_with("zombie(e4,w)")).contains("pending step 'zombie(e4,w)'"));
        assert!(
            refusal(&human_start_with("dispelwin(b,d1);raise(e4,w,w)"))
                .contains("pending step 'raise(e4,w,w)' would give the white human army 17 units")
        );
    }

    #[test]
    fn pending_regeneration_counts_against_the_slot_and_the_army() {
        let giants = "4k3/8/8/8/8/8/8/R3K2R chaos/human w after 3 0 k - std regen(d1,w);endturn -";
        assert_eq!(
            refusal(giants),
            "no game reaches this state: pending step 'regen(d1,w)' would give the white chaos army 3 Giants (slot R), at most 2 allowed"
        );
        assert!(
            refusal(&human_start_with("regen(e4,b);endturn"))
                .contains("pending step 'regen(e4,b)' would give the black human army 17 units")
        );
        // A fourth Troll may come back.
        let trolls = "4k3/8/8/8/8/8/8/R3K1RR orc/human w after 3 0 k - std regen(d1,w);endturn -";
        assert!(trolls.parse::<State>().is_ok());
    }

    #[test]
    fn zombies_may_not_put_more_than_two_armies_on_the_board() {
        let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR human/undead b firing 1 0 o - std";
        assert_eq!(
            refusal(&format!("{full} zombie(e4,b) -")),
            "no game reaches this state: pending step 'zombie(e4,b)' would put 33 units on the board, more than two armies of 16"
        );
        assert!(
            refusal(&format!("{full} raisewin(e4,w,0) -"))
                .contains("pending step 'raisewin(e4,w,0)' would put 33 units")
        );
        // With a unit gone, the Zombie fits.
        let fewer =
            "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR human/undead b firing 1 0 ko - std";
        assert!(format!("{fewer} zombie(e4,b) -").parse::<State>().is_ok());
    }

    #[test]
    fn a_troll_under_a_raised_zombie_on_a_full_board_is_accepted() {
        // Reached by play: an Undead Zombie destroyed the Troll on a6, the
        // Necromancer raised it there; 32 units and the Troll waiting,
        // which cannot come back while the Zombie stands on its square.
        for text in [
            "rnb1kbnr/p(a)ppppppp/1q(w)6/P7/8/8/1PPPPPPP/1NBQKBNR orc/undead b melee 1 0 koaW a6R std dispelwin(w,b6);raise(a6,b,w);advance(a6) -",
            "rnb1kbnr/p(a)ppppppp/p(m)q(w)6/P7/8/8/1PPPPPPP/1NBQKBNR orc/undead b melee 1 0 koaW a6R std - -",
            "rnb1kbnr/p(a)ppppppp/p(ma)q(w)6/8/8/8/1PPPPPPP/1NBQKBNR orc/undead b melee 1 0 koaW a6R std advance(a5) -",
        ] {
            let st: State = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(st.to_string(), text);
        }
        // The Troll waiting on an empty square would be a 33rd unit.
        let e = refusal(
            "rnb1kbnr/p(a)ppppppp/p(m)q(w)6/P7/8/8/1PPPPPPP/1NBQKBNR orc/undead b melee 1 0 koaW b5R std - -",
        );
        assert!(
            e.contains("the unit waiting to regenerate on b5 would put 33 units"),
            "{e}"
        );
    }

    #[test]
    fn a_scatter_offset_is_what_its_rolls_made() {
        let firing = "4k3/8/8/8/8/8/8/R3K3 human/human w firing 1 0 oa - std";
        for ok in [
            "scatter(w,e5,0,0,2,catapult)",
            "scatter(w,e5,0,-1,1,catapult)",
        ] {
            assert!(format!("{firing} {ok} -").parse::<State>().is_ok(), "{ok}");
        }
        assert_eq!(
            refusal(&format!("{firing} scatter(w,e5,1,-2,2,catapult) -")),
            "bad step 'scatter(w,e5,1,-2,2,catapult)': no scatter roll is made while 2 are left, so the offset is 0,0"
        );
        assert!(
            refusal(&format!("{firing} scatter(w,e5,1,1,1,catapult) -"))
                .contains("at most one square straight")
        );
    }
}
