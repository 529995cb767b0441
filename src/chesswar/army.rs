//! Armies and their set-up (`src/chesswar/RULES.md`, "Armies" and "Set-up").
//!
//! An army is a race, a side and a list of deployments: a slot and a
//! square each. Its text form, read by [`Army::parse`] and printed by its
//! `Display`, is a whitespace-separated list of `<slot letter><square>`
//! words, e.g. `Ke1 Qd1 Ra1 Pa2 Pb2 Pc2 Pd2`; the slot letter may be in
//! either case, and a comma may follow a word.

use std::fmt;

use super::errors::ArmyError;
use super::profiles::{Race, Slot, profile};
use super::units::{Side, Square};

/// Options agreed before the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct GameOptions {
    /// The most points each custom army may cost (none: no limit).
    pub budget: Option<u32>,
    /// The optional lengthened game: play to total destruction instead of
    /// ending when a general dies.
    pub lengthened: bool,
}

/// One side's army: its race and where each unit starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Army {
    /// The race every unit belongs to.
    pub race: Race,
    /// The side that plays it.
    pub side: Side,
    /// The units, as (slot, starting square).
    pub units: Vec<(Slot, Square)>,
}

impl Army {
    /// The standard army: the pieces of one chess set on their chess start
    /// squares, each slot capped at the race's maximum (so dwarves field no
    /// knights).
    pub fn standard(race: Race, side: Side) -> Army {
        let (back, front) = match side {
            Side::White => (0, 1),
            Side::Black => (7, 6),
        };
        let order = [
            Slot::R,
            Slot::N,
            Slot::B,
            Slot::Q,
            Slot::K,
            Slot::B,
            Slot::N,
            Slot::R,
        ];
        let mut units = Vec::new();
        let mut count = [0u8; 6];
        for (file, slot) in order.into_iter().enumerate() {
            if count[slot.index()] < profile(race, slot).max {
                count[slot.index()] += 1;
                units.push((slot, Square(back * 8 + file as u8)));
            }
        }
        for file in 0..8 {
            units.push((Slot::P, Square(front * 8 + file)));
        }
        Army { race, side, units }
    }

    /// Reads an army from its text form (see the module documentation).
    /// Only the form is checked here; [`Army::validate`] checks the rules.
    pub fn parse(race: Race, side: Side, text: &str) -> Result<Army, ArmyError> {
        let mut units = Vec::new();
        for word in text.split(|c: char| c.is_whitespace() || c == ',') {
            if word.is_empty() {
                continue;
            }
            let mut chars = word.chars();
            let slot = chars
                .next()
                .and_then(Slot::from_letter)
                .ok_or_else(|| bad_deployment(word))?;
            let square: Square = chars.as_str().parse().map_err(|_| bad_deployment(word))?;
            units.push((slot, square));
        }
        Ok(Army { race, side, units })
    }

    /// The army's cost in points.
    pub fn points(&self) -> u32 {
        self.units
            .iter()
            .map(|&(slot, _)| profile(self.race, slot).cost)
            .sum()
    }

    /// Checks the army against the rules: every slot's count within the
    /// race's range (so exactly one general and at least four infantry),
    /// every unit on its side's two deployment ranks (White 1-2, Black
    /// 7-8), one unit a square, and the points budget if one is set. All
    /// violations are reported, separated by `; `.
    pub fn validate(&self, options: &GameOptions) -> Result<(), ArmyError> {
        let mut errors = Vec::new();
        let mut count = [0u32; 6];
        for &(slot, _) in &self.units {
            count[slot.index()] += 1;
        }
        for slot in Slot::ALL {
            let p = profile(self.race, slot);
            let n = count[slot.index()];
            let (min, max) = (p.min as u32, p.max as u32);
            if slot == Slot::K && n != 1 {
                errors.push(format!(
                    "{n} generals ({}, slot K): exactly one is required",
                    p.name
                ));
            } else if slot == Slot::P && n < min {
                errors.push(format!(
                    "{n} infantry ({}, slot P): at least {min} are required",
                    p.name
                ));
            } else if max == 0 && n > 0 {
                errors.push(format!(
                    "{n} units in slot {}: the {} army has none",
                    slot.letter(),
                    self.race
                ));
            } else if n > max {
                errors.push(format!(
                    "{n} {} (slot {}): at most {max} allowed",
                    p.name,
                    slot.letter()
                ));
            } else if n < min {
                errors.push(format!(
                    "{n} {} (slot {}): at least {min} required",
                    p.name,
                    slot.letter()
                ));
            }
        }
        let ranks = match self.side {
            Side::White => [0, 1],
            Side::Black => [6, 7],
        };
        let mut seen = 0u64;
        for &(slot, sq) in &self.units {
            if !sq.is_valid() {
                errors.push(format!("{}{sq} is off the board", slot.letter()));
                continue;
            }
            if !ranks.contains(&sq.rank()) {
                errors.push(format!(
                    "{}{sq} is outside {}'s deployment ranks {}-{}",
                    slot.letter(),
                    self.side,
                    ranks[0] + 1,
                    ranks[1] + 1
                ));
            }
            if seen >> sq.0 & 1 == 1 {
                errors.push(format!("two units on {sq}"));
            }
            seen |= 1 << sq.0;
        }
        if let Some(budget) = options.budget {
            let points = self.points();
            if points > budget {
                errors.push(format!(
                    "the army costs {points} points, over the budget of {budget}"
                ));
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ArmyError::Rules {
                army: format!("{} {}", self.side, self.race),
                broken: errors,
            })
        }
    }
}

impl fmt::Display for Army {
    /// The text form, e.g. `Ke1 Qd1 Pa2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (slot, sq)) in self.units.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}{sq}", slot.letter())?;
        }
        Ok(())
    }
}

/// The error for a word of an army's text that is not a deployment.
fn bad_deployment(word: &str) -> ArmyError {
    ArmyError::Form(format!(
        "bad deployment '{word}': expected a slot letter (KQRBNP) and a square, e.g. Pe2"
    ))
}
