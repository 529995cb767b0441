//! Sides, races, slots, squares, spells, weapons and the unit profiles of
//! `rules/chesswar.md` ("Armies").
//!
//! A unit's chess piece gives its slot (K Q R B N P); its side's race gives
//! the profile: name, number allowed, cost, Move, Save, Melee, weapon,
//! spells and special abilities. The profiles are one constant table,
//! [`profile`] looks them up.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// A player. White deploys on ranks 1-2 and moves first, Black on ranks 7-8.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    /// The first player.
    White,
    /// The second player.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The rank step toward the enemy's side of the board: +1 for White,
    /// -1 for Black. A side's "right" is the file step of the same sign.
    pub fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The one-letter code of the state string: `w` or `b`.
    pub fn code(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The side of a state-string code (`w` or `b`).
    pub fn from_code(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::White),
            'b' => Some(Side::Black),
            _ => None,
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

impl FromStr for Side {
    type Err = String;
    /// `white`/`w` or `black`/`b`, any case.
    fn from_str(s: &str) -> Result<Side, String> {
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Side::White),
            "black" | "b" => Ok(Side::Black),
            _ => Err(format!("unknown side '{s}' (white or black)")),
        }
    }
}

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
    type Err = String;
    /// A race name in any case.
    fn from_str(s: &str) -> Result<Race, String> {
        let lower = s.to_ascii_lowercase();
        Race::ALL
            .into_iter()
            .find(|r| r.name() == lower)
            .ok_or_else(|| format!("unknown race '{s}' (human, dwarf, elf, undead, orc or chaos)"))
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

/// A square of the 8x8 board: `a1` = 0, `b1` = 1, ..., `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then(|| Square(rank * 8 + file))
    }

    /// The file, 0 = `a`.
    pub fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 = rank `1`.
    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The index for table look-ups.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the square lies on the board (index below 64).
    pub fn is_valid(self) -> bool {
        self.0 < 64
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    }

    /// The distance in king steps.
    pub fn distance(self, other: Square) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        df.max(dr)
    }

    /// Whether the two squares touch (orthogonally or diagonally).
    pub fn touches(self, other: Square) -> bool {
        self.distance(other) == 1
    }

    /// The squares that touch this one, in index order.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        const STEPS: [(i8, i8); 8] = [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ];
        STEPS
            .into_iter()
            .filter_map(move |(df, dr)| self.offset(df, dr))
    }

    /// The squares within `radius` king steps (itself included), in index
    /// order.
    pub fn within(self, radius: u8) -> impl Iterator<Item = Square> {
        (0..64u8)
            .map(Square)
            .filter(move |s| s.distance(self) <= radius)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            self.rank() as u32 + 1
        )
    }
}

impl FromStr for Square {
    type Err = String;
    /// `a1` ... `h8`.
    fn from_str(s: &str) -> Result<Square, String> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
        } else {
            Err(format!("bad square '{s}' (a1 to h8)"))
        }
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

/// When a spell may be cast (`rules/chesswar.md`, "Spells").
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
    type Err = String;
    /// A spell name in any case; `zap!`, `raise`, `raise-dead`, `raise_dead`
    /// and `protect` are accepted too.
    fn from_str(s: &str) -> Result<Spell, String> {
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
            .ok_or_else(|| format!("unknown spell '{s}'"))
    }
}

/// A ranged attack (`rules/chesswar.md`, "Firing").
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

/// The per-unit marks that the state string carries after a unit's letter,
/// in this order: `m p c b f a x o s t + k w n`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct UnitFlags {
    /// `m`: moved this turn (walked, teleported or flew; a raised Zombie
    /// counts as moved in the turn it rose).
    pub moved: bool,
    /// `p`: was in melee at the start of this movement phase, so may not
    /// walk.
    pub pinned: bool,
    /// `c`: charged this turn.
    pub charged: bool,
    /// `b`: failed a fear test when charging: stays, has used its move and
    /// does not fight this turn.
    pub balked: bool,
    /// `f`: has fired this turn.
    pub fired: bool,
    /// `a`: has attacked in this melee phase.
    pub attacked: bool,
    /// `x`: failed its stupidity test this turn.
    pub stupid: bool,
    /// `o`: passed its stupidity test this turn.
    pub steady: bool,
    /// `s`: scared by a fear-causing charge, while in contact with a
    /// fear-causing enemy.
    pub scared: bool,
    /// `t`: scared by the Fear spell until the end of its own next turn.
    pub frightened: bool,
    /// `+`: protected: saves at +1 until the end of the turn.
    pub protected: bool,
    /// `k`: Strike: +2 Melee this melee phase.
    pub strike: bool,
    /// `w`: a wizard that has cast the spell of its current (or, on the
    /// opponent's turn, its last) own turn.
    pub cast: bool,
    /// `n`: a wizard that has cast an instant on the opponent's turn,
    /// using up the spell of its next own turn.
    pub owed: bool,
}

const FLAG_LETTERS: [char; 14] = [
    'm', 'p', 'c', 'b', 'f', 'a', 'x', 'o', 's', 't', '+', 'k', 'w', 'n',
];

impl UnitFlags {
    fn bits_mut(&mut self) -> [&mut bool; 14] {
        [
            &mut self.moved,
            &mut self.pinned,
            &mut self.charged,
            &mut self.balked,
            &mut self.fired,
            &mut self.attacked,
            &mut self.stupid,
            &mut self.steady,
            &mut self.scared,
            &mut self.frightened,
            &mut self.protected,
            &mut self.strike,
            &mut self.cast,
            &mut self.owed,
        ]
    }

    /// The marks as state-string letters, in their fixed order (empty when
    /// none is set).
    pub fn letters(&self) -> String {
        let mut copy = *self;
        copy.bits_mut()
            .into_iter()
            .zip(FLAG_LETTERS)
            .filter(|(b, _)| **b)
            .map(|(_, c)| c)
            .collect()
    }

    /// The marks of state-string letters (each at most once, in the fixed
    /// order).
    pub fn from_letters(s: &str) -> Result<UnitFlags, String> {
        let mut flags = UnitFlags::default();
        let mut next = 0;
        for c in s.chars() {
            let Some(i) = FLAG_LETTERS.iter().position(|&l| l == c) else {
                return Err(format!("unknown unit mark '{c}'"));
            };
            if i < next {
                return Err(format!("unit marks '{s}' out of order (mpcbfaxost+kwn)"));
            }
            next = i + 1;
            *flags.bits_mut()[i] = true;
        }
        Ok(flags)
    }

    /// Clears the marks that last one turn (all but scared, frightened and
    /// the wizard's spell marks).
    pub(crate) fn end_turn(&mut self) {
        self.moved = false;
        self.pinned = false;
        self.charged = false;
        self.balked = false;
        self.fired = false;
        self.attacked = false;
        self.stupid = false;
        self.steady = false;
        self.protected = false;
        self.strike = false;
    }
}

/// A unit on the board: its side, race and slot, and its marks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Unit {
    /// Its player.
    pub side: Side,
    /// Its race (always its side's race).
    pub race: Race,
    /// Its chess piece.
    pub slot: Slot,
    /// Its per-turn and lasting marks.
    pub flags: UnitFlags,
}

impl Unit {
    /// A fresh unit with no marks.
    pub fn new(side: Side, race: Race, slot: Slot) -> Unit {
        Unit {
            side,
            race,
            slot,
            flags: UnitFlags::default(),
        }
    }

    /// Its profile.
    pub fn profile(&self) -> &'static Profile {
        profile(self.race, self.slot)
    }

    /// The profile's name, e.g. "Wolf Riders".
    pub fn name(&self) -> &'static str {
        self.profile().name
    }

    /// The slot letter, upper case for White and lower case for Black.
    pub fn letter(&self) -> char {
        match self.side {
            Side::White => self.slot.letter(),
            Side::Black => self.slot.letter().to_ascii_lowercase(),
        }
    }

    /// Its cost in points.
    pub fn points(&self) -> u32 {
        self.profile().cost
    }

    /// Whether its profile has the ability.
    pub fn has(&self, a: Ability) -> bool {
        self.profile().has(a)
    }

    /// Whether it is scared, by a fear-causing charge or by the Fear spell.
    pub fn is_scared(&self) -> bool {
        self.flags.scared || self.flags.frightened
    }

    /// Whether it casts spells.
    pub fn is_wizard(&self) -> bool {
        !self.profile().spells.is_empty()
    }

    /// Its Melee now: the profile's, +1 if it has Charge and charged this
    /// turn, +2 under Strike, -1 while scared.
    pub fn melee(&self) -> i32 {
        let mut m = self.profile().melee as i32;
        if self.flags.charged && self.has(Ability::Charge) {
            m += 1;
        }
        if self.flags.strike {
            m += 2;
        }
        if self.is_scared() {
            m -= 1;
        }
        m
    }
}
