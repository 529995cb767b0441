//! What each unit can do (`src/chesswar/RULES.md`, "Armies"): the six races
//! and the six slots (chess pieces) of an army, the spells, the ranged
//! weapons, the special abilities and the army table of profiles (name,
//! number allowed, cost, Move, Save, Melee, weapon, spells and abilities),
//! one row per race and slot, which [`profile`] looks up.

use std::fmt;
use std::str::FromStr;

use super::errors::ParseError;

/// One of the six armies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Race {
    /// Human army.
    Human,
    /// Dwarf army (no cavalry).
    Dwarf,
    /// Elf army.
    Elf,
    /// Undead army.
    Undead,
    /// Orc army.
    Orc,
    /// Chaos army.
    Chaos,
}

impl Race {
    /// All races in the order of the rules' table.
    pub const ALL: [Race; 6] = [
        Race::Human,
        Race::Dwarf,
        Race::Elf,
        Race::Undead,
        Race::Orc,
        Race::Chaos,
    ];

    /// The position in [`Race::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name: `human`, `dwarf`, `elf`, `undead`, `orc`, `chaos`.
    pub fn name(self) -> &'static str {
        match self {
            Race::Human => "human",
            Race::Dwarf => "dwarf",
            Race::Elf => "elf",
            Race::Undead => "undead",
            Race::Orc => "orc",
            Race::Chaos => "chaos",
        }
    }
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Race {
    type Err = ParseError;
    /// A race name in any case.
    fn from_str(s: &str) -> Result<Race, ParseError> {
        let lower = s.to_ascii_lowercase();
        Race::ALL
            .into_iter()
            .find(|r| r.name() == lower)
            .ok_or_else(|| ParseError::Race(s.to_string()))
    }
}

/// The chess piece standing for a unit: king, queen, rook, bishop, knight,
/// pawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Slot {
    /// King: the general.
    K,
    /// Queen: the wizard.
    Q,
    /// Rook: catapults or big troops.
    R,
    /// Bishop: archers.
    B,
    /// Knight: cavalry.
    N,
    /// Pawn: the core infantry.
    P,
}

impl Slot {
    /// All slots in the rules' order.
    pub const ALL: [Slot; 6] = [Slot::K, Slot::Q, Slot::R, Slot::B, Slot::N, Slot::P];

    /// The position in [`Slot::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter.
    pub fn letter(self) -> char {
        ['K', 'Q', 'R', 'B', 'N', 'P'][self.index()]
    }

    /// The slot of a letter, in either case.
    pub fn from_letter(c: char) -> Option<Slot> {
        Slot::ALL
            .into_iter()
            .find(|s| s.letter() == c.to_ascii_uppercase())
    }
}

/// The ten spells.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Spell {
    /// Attack: an enemy unit saves at -1 or is destroyed.
    Zap,
    /// Summon: every unit on a square and the 8 around it is hit on 4+.
    Storm,
    /// Instant: the spell just cast by the opponent has no effect.
    Dispel,
    /// Instant: a friendly unit saves at +1 until the end of the turn.
    Protection,
    /// Move: a unit flies (friendly) or is moved (enemy, unless it saves).
    Flight,
    /// Instant: a friendly unit that failed a save rolls it again.
    Healing,
    /// Instant: a destroyed unit returns as a Zombie of the caster's side.
    RaiseDead,
    /// Summon: enemies within 2 save or are scared.
    Fear,
    /// Summon: an enemy unit saves or is destroyed, and the plague spreads.
    Plague,
    /// Melee: a friendly unit in melee gets +2 Melee this phase.
    Strike,
}

/// When a spell may be cast (`src/chesswar/RULES.md`, "Spells").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SpellKind {
    /// In the caster's firing phase.
    Attack,
    /// Before firing, between firing and melee, or after melee, by a wizard
    /// that did not move this turn.
    Summon,
    /// At the moment its effect names, on either player's turn.
    Instant,
    /// In the caster's movement phase.
    Move,
    /// In the caster's melee phase.
    Melee,
}

impl Spell {
    /// All spells.
    pub const ALL: [Spell; 10] = [
        Spell::Zap,
        Spell::Storm,
        Spell::Dispel,
        Spell::Protection,
        Spell::Flight,
        Spell::Healing,
        Spell::RaiseDead,
        Spell::Fear,
        Spell::Plague,
        Spell::Strike,
    ];

    /// The name used in `s:<spell>:...` tokens: `zap`, `storm`, `dispel`,
    /// `protection`, `flight`, `healing`, `raisedead`, `fear`, `plague`,
    /// `strike`.
    pub fn name(self) -> &'static str {
        match self {
            Spell::Zap => "zap",
            Spell::Storm => "storm",
            Spell::Dispel => "dispel",
            Spell::Protection => "protection",
            Spell::Flight => "flight",
            Spell::Healing => "healing",
            Spell::RaiseDead => "raisedead",
            Spell::Fear => "fear",
            Spell::Plague => "plague",
            Spell::Strike => "strike",
        }
    }

    /// The spell's timing class.
    pub fn kind(self) -> SpellKind {
        match self {
            Spell::Zap => SpellKind::Attack,
            Spell::Storm | Spell::Fear | Spell::Plague => SpellKind::Summon,
            Spell::Dispel | Spell::Protection | Spell::Healing | Spell::RaiseDead => {
                SpellKind::Instant
            }
            Spell::Flight => SpellKind::Move,
            Spell::Strike => SpellKind::Melee,
        }
    }

    /// How many squares follow the caster in its token: none for Dispel and
    /// Fear, two (the unit and where it goes) for Flight, one otherwise.
    pub fn arity(self) -> usize {
        match self {
            Spell::Dispel | Spell::Fear => 0,
            Spell::Flight => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for Spell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Spell {
    type Err = ParseError;
    /// A spell name in any case; `zap!`, `raise`, `raise-dead`, `raise_dead`
    /// and `protect` are accepted too.
    fn from_str(s: &str) -> Result<Spell, ParseError> {
        let lower = s.to_ascii_lowercase();
        let name = match lower.as_str() {
            "zap!" => "zap",
            "raise" | "raise-dead" | "raise_dead" => "raisedead",
            "protect" => "protection",
            other => other,
        };
        Spell::ALL
            .into_iter()
            .find(|sp| sp.name() == name)
            .ok_or_else(|| ParseError::Spell(s.to_string()))
    }
}

/// A ranged attack (`src/chesswar/RULES.md`, "Firing").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Weapon {
    /// Range 4, indirect, hit on 3+.
    Bows,
    /// Range 5, indirect, hit on 2+.
    LongBows,
    /// Range 4, no indirect fire, not after moving, hit on 3+, save at -1.
    Crossbows,
    /// Bows at -1 to hit: hit on 4+.
    UndeadBows,
    /// Unlimited range at a square, only if the unit did not move, scatter,
    /// hit on 3+, save at -1.
    Catapult,
    /// A catapult that hits automatically unless the unit is immune to fear.
    FearCatapult,
    /// A catapult with range 4 and no save modifier that may fire after
    /// moving.
    Rocks,
}

impl Weapon {
    /// The range in king steps; `None` is unlimited.
    pub fn range(self) -> Option<u8> {
        match self {
            Weapon::Bows | Weapon::Crossbows | Weapon::UndeadBows | Weapon::Rocks => Some(4),
            Weapon::LongBows => Some(5),
            Weapon::Catapult | Weapon::FearCatapult => None,
        }
    }

    /// Whether it fires at a square and scatters (catapults and rocks).
    pub fn scatters(self) -> bool {
        matches!(
            self,
            Weapon::Catapult | Weapon::FearCatapult | Weapon::Rocks
        )
    }

    /// The roll needed to hit a unit (natural 1 always misses).
    pub fn to_hit(self) -> u8 {
        match self {
            Weapon::LongBows => 2,
            Weapon::UndeadBows => 4,
            _ => 3,
        }
    }

    /// The modifier to the save of a unit hit.
    pub fn save_modifier(self) -> i8 {
        match self {
            Weapon::Crossbows | Weapon::Catapult | Weapon::FearCatapult => -1,
            _ => 0,
        }
    }

    /// Whether it may fire at a target only another friendly unit sees.
    pub fn indirect(self) -> bool {
        !matches!(self, Weapon::Crossbows)
    }

    /// Whether it cannot fire after the unit moved this turn.
    pub fn needs_stationary(self) -> bool {
        matches!(
            self,
            Weapon::Crossbows | Weapon::Catapult | Weapon::FearCatapult
        )
    }

    /// The name used in the state string: `bows`, `longbows`, `crossbows`,
    /// `undeadbows`, `catapult`, `fearcatapult`, `rocks`.
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Bows => "bows",
            Weapon::LongBows => "longbows",
            Weapon::Crossbows => "crossbows",
            Weapon::UndeadBows => "undeadbows",
            Weapon::Catapult => "catapult",
            Weapon::FearCatapult => "fearcatapult",
            Weapon::Rocks => "rocks",
        }
    }

    /// The weapon of a state-string name.
    pub fn from_name(s: &str) -> Option<Weapon> {
        [
            Weapon::Bows,
            Weapon::LongBows,
            Weapon::Crossbows,
            Weapon::UndeadBows,
            Weapon::Catapult,
            Weapon::FearCatapult,
            Weapon::Rocks,
        ]
        .into_iter()
        .find(|w| w.name() == s)
    }
}

/// A special ability of a profile.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ability {
    /// +1 Melee in the melee phase of a turn in which it charged.
    Charge,
    /// Needs no fear saves and cannot be scared.
    ImmuneFear,
    /// Enemies save before charging it and when it charges them.
    CausesFear,
    /// Unaffected by plague.
    ImmunePlague,
    /// Spreads plague when destroyed in melee (and is immune to it).
    Plague,
    /// May teleport instead of walking (the Liche).
    Teleport,
    /// Rolls a stupidity test before its first move or shot in a turn.
    Stupid,
    /// May come back at the end of the turn in which it was destroyed.
    Regenerate,
    /// Friendly units get an extra 5+ save against enemy spells.
    AntiMagic,
}

impl Ability {
    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

const fn bits(list: &[Ability]) -> u16 {
    let mut b = 0;
    let mut i = 0;
    while i < list.len() {
        b |= list[i].bit();
        i += 1;
    }
    b
}

/// A unit profile: one row of the rules' army table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Profile {
    /// The unit's name, e.g. "Wolf Riders".
    pub name: &'static str,
    /// The fewest allowed in an army.
    pub min: u8,
    /// The most allowed in an army (0: the race has none).
    pub max: u8,
    /// Cost in points.
    pub cost: u32,
    /// Move: steps per movement phase (0: cannot move nor charge).
    pub moves: u8,
    /// Save: the d6 roll needed.
    pub save: u8,
    /// Melee modifier.
    pub melee: i8,
    /// Ranged attack, if any.
    pub weapon: Option<Weapon>,
    /// The spells it may cast (empty: not a wizard).
    pub spells: &'static [Spell],
    abilities: u16,
}

impl Profile {
    /// Whether the profile has the special ability.
    pub fn has(&self, a: Ability) -> bool {
        self.abilities & a.bit() != 0
    }

    /// Whether it can cast the spell.
    pub fn knows(&self, s: Spell) -> bool {
        self.spells.contains(&s)
    }
}

#[allow(clippy::too_many_arguments)]
const fn row(
    name: &'static str,
    min: u8,
    max: u8,
    cost: u32,
    moves: u8,
    save: u8,
    melee: i8,
    weapon: Option<Weapon>,
    spells: &'static [Spell],
    abilities: &[Ability],
) -> Profile {
    Profile {
        name,
        min,
        max,
        cost,
        moves,
        save,
        melee,
        weapon,
        spells,
        abilities: bits(abilities),
    }
}

use Ability as A;
use Spell as S;
use Weapon as W;

const NO_SPELLS: &[Spell] = &[];

/// The rules' army table, by race then slot (K Q R B N P): name, fewest
/// and most in an army, cost, move, save, melee modifier, ranged weapon,
/// spells, special abilities.
#[rustfmt::skip]
const PROFILES: [[Profile; 6]; 6] = [
    // Human
    [
        row("General",         1,  1,   5,   2,  2,  1,   None,                   NO_SPELLS,                                                  &[A::ImmuneFear]),
        row("Wizard",          0,  2,   6,   2,  3,  -1,  None,                   &[S::Zap, S::Storm, S::Dispel, S::Protection, S::Healing],  &[]),
        row("Catapults",       0,  4,   3,   0,  4,  -1,  Some(W::Catapult),      NO_SPELLS,                                                  &[]),
        row("Archers",         0,  4,   2,   2,  5,  -1,  Some(W::Bows),          NO_SPELLS,                                                  &[]),
        row("Knights",         0,  4,   4,   3,  3,  0,   None,                   NO_SPELLS,                                                  &[A::Charge]),
        row("Infantry",        4,  16,  2,   1,  4,  0,   None,                   NO_SPELLS,                                                  &[]),
    ],
    // Dwarf
    [
        row("Warlord",         1,  1,   5,   1,  2,  2,   Some(W::Crossbows),     NO_SPELLS,                                                  &[A::ImmuneFear]),
        row("Rune Lord",       0,  1,   8,   1,  2,  2,   None,                   &[S::Storm, S::Dispel, S::Protection],                      &[A::ImmuneFear, A::AntiMagic]),
        row("Catapults",       0,  4,   4,   0,  3,  0,   Some(W::Catapult),      NO_SPELLS,                                                  &[]),
        row("Crossbowers",     0,  4,   4,   1,  2,  0,   Some(W::Crossbows),     NO_SPELLS,                                                  &[]),
        row("(no cavalry)",    0,  0,   0,   0,  6,  0,   None,                   NO_SPELLS,                                                  &[]),
        row("Infantry",        4,  16,  4,   1,  2,  1,   None,                   NO_SPELLS,                                                  &[]),
    ],
    // Elf
    [
        row("General",         1,  1,   7,   3,  3,  1,   None,                   NO_SPELLS,                                                  &[A::Charge, A::ImmuneFear]),
        row("Wizard",          0,  2,   8,   3,  3,  -1,  None,                   &[S::Zap, S::Dispel, S::Protection, S::Healing, S::Fear],   &[A::Charge]),
        row("Treemen",         0,  2,   6,   1,  1,  1,   None,                   NO_SPELLS,                                                  &[]),
        row("Elite Archers",   0,  4,   4,   2,  5,  0,   Some(W::LongBows),      NO_SPELLS,                                                  &[]),
        row("Cavalry",         0,  2,   4,   3,  3,  0,   None,                   NO_SPELLS,                                                  &[A::Charge]),
        row("Archers",         4,  16,  2,   2,  5,  -1,  Some(W::Bows),          NO_SPELLS,                                                  &[]),
    ],
    // Undead
    [
        row("Liche",           1,  1,   11,  2,  2,  1,   None,                   &[S::Zap, S::Storm, S::Dispel, S::RaiseDead, S::Strike],    &[A::Teleport]),
        row("Necromancer",     0,  2,   8,   2,  3,  -1,  None,                   &[S::Zap, S::Storm, S::Dispel, S::RaiseDead, S::Strike],    &[]),
        row("Catapults",       0,  4,   4,   0,  4,  -2,  Some(W::FearCatapult),  NO_SPELLS,                                                  &[]),
        row("Undead Archers",  0,  4,   2,   2,  6,  -1,  Some(W::UndeadBows),    NO_SPELLS,                                                  &[]),
        row("Night Riders",    0,  4,   4,   3,  4,  -1,  None,                   NO_SPELLS,                                                  &[A::Charge]),
        row("Zombies",         4,  16,  2,   1,  5,  -1,  None,                   NO_SPELLS,                                                  &[]),
    ],
    // Orc
    [
        row("Warlord",         1,  1,   5,   2,  2,  1,   None,                   NO_SPELLS,                                                  &[A::ImmuneFear]),
        row("Shaman",          0,  2,   6,   2,  3,  0,   None,                   &[S::Zap, S::Dispel, S::Flight, S::Protection, S::Strike],  &[]),
        row("Trolls",          0,  4,   5,   1,  2,  1,   Some(W::Rocks),         NO_SPELLS,                                                  &[A::Stupid, A::Regenerate]),
        row("Archers",         0,  4,   3,   1,  4,  0,   Some(W::Bows),          NO_SPELLS,                                                  &[]),
        row("Wolf Riders",     0,  4,   3,   4,  4,  -1,  None,                   NO_SPELLS,                                                  &[A::Charge]),
        row("Orc Boyz",        4,  16,  2,   1,  3,  0,   None,                   NO_SPELLS,                                                  &[]),
    ],
    // Chaos
    [
        row("Chaos Lord",      1,  1,   8,   2,  2,  2,   None,                   NO_SPELLS,                                                  &[A::ImmuneFear, A::ImmunePlague, A::CausesFear]),
        row("Sorcerer",        0,  2,   6,   2,  3,  -1,  None,                   &[S::Zap, S::Storm, S::Dispel, S::Fear, S::Plague],         &[]),
        row("Giants",          0,  2,   6,   2,  2,  1,   Some(W::Rocks),         NO_SPELLS,                                                  &[]),
        row("Thug Bowmen",     0,  2,   2,   2,  5,  -1,  Some(W::Bows),          NO_SPELLS,                                                  &[]),
        row("Chaos Knights",   0,  2,   6,   3,  3,  1,   None,                   NO_SPELLS,                                                  &[A::Charge, A::ImmuneFear]),
        row("Beastmen",        4,  16,  3,   1,  4,  0,   None,                   NO_SPELLS,                                                  &[A::Plague, A::ImmunePlague]),
    ],
];

/// The profile of a race's unit in a slot.
pub fn profile(race: Race, slot: Slot) -> &'static Profile {
    &PROFILES[race.index()][slot.index()]
}
