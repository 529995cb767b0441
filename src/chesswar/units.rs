//! Sides and squares of `src/chesswar/RULES.md` ("Armies"), and the units on
//! the board with their marks.
//!
//! A unit's chess piece gives its slot (K Q R B N P); its side's race gives
//! its profile ([`super::profiles`], where races and slots are defined):
//! what it can do.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use super::errors::ParseError;
use super::profiles::{Ability, Profile, Race, Slot, profile};

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

impl Side {
    /// The side's name at the start of a sentence: `White`, `Black`.
    pub fn title(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
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
    type Err = ParseError;
    /// `white`/`w` or `black`/`b`, any case.
    fn from_str(s: &str) -> Result<Side, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Side::White),
            "black" | "b" => Ok(Side::Black),
            _ => Err(ParseError::Side(s.to_string())),
        }
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
    type Err = ParseError;
    /// `a1` ... `h8`.
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
        } else {
            Err(ParseError::Square(s.to_string()))
        }
    }
}

/// The per-unit marks that the state string carries after a unit's letter,
/// in this order: `m p c b f a x o s t + k w n`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct UnitFlags {
    /// `m`: moved this turn (walked, teleported or flew; a raised Zombie
    /// counts as moved in the turn it rose).
    pub moved: bool,
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
    /// `i`: a wizard that has cast its one instant spell of this opponent
    /// turn.
    pub reacted: bool,
}

const FLAG_LETTERS: [char; 14] = [
    'm', 'c', 'b', 'f', 'a', 'x', 'o', 's', 't', '+', 'k', 'w', 'n', 'i',
];

impl UnitFlags {
    fn bits_mut(&mut self) -> [&mut bool; 14] {
        [
            &mut self.moved,
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
            &mut self.reacted,
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
    pub fn from_letters(s: &str) -> Result<UnitFlags, ParseError> {
        let mut flags = UnitFlags::default();
        let mut next = 0;
        for c in s.chars() {
            let Some(i) = FLAG_LETTERS.iter().position(|&l| l == c) else {
                return Err(ParseError::UnitMark(c));
            };
            if i < next {
                return Err(ParseError::UnitMarksOrder(s.to_string()));
            }
            next = i + 1;
            *flags.bits_mut()[i] = true;
        }
        Ok(flags)
    }

    /// Clears the marks that last one turn (all but scared, frightened and
    /// the wizard's spell budget, `w` and `n`).
    pub(crate) fn end_turn(&mut self) {
        self.moved = false;
        self.reacted = false;
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
