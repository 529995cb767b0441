//! Why the ChessWar core refuses something, by kind: a word of the
//! vocabulary (a side, race, square, unit mark, spell or player name), a
//! token (not a token at all, or one the rules do not allow now), a state
//! string, an army or a search. (A game played to its end has its own
//! error, [`super::players::PlayError`].)
//! Each error prints as one line that says what was refused and why.

use std::fmt;

/// A word of the vocabulary that does not parse, with the text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a side (`white`/`w` or `black`/`b`).
    Side(String),
    /// Not a race name.
    Race(String),
    /// Not a square `a1` ... `h8`.
    Square(String),
    /// A letter that is no unit mark.
    UnitMark(char),
    /// Unit marks out of their fixed order (or repeated).
    UnitMarksOrder(String),
    /// Not a spell name.
    Spell(String),
    /// Not a player name.
    Player {
        /// The name given.
        name: String,
        /// The names known.
        known: &'static [&'static str],
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Side(s) => write!(f, "unknown side '{s}' (white or black)"),
            ParseError::Race(s) => write!(
                f,
                "unknown race '{s}' (human, dwarf, elf, undead, orc or chaos)"
            ),
            ParseError::Square(s) => write!(f, "bad square '{s}' (a1 to h8)"),
            ParseError::UnitMark(c) => write!(f, "unknown unit mark '{c}'"),
            ParseError::UnitMarksOrder(s) => {
                write!(f, "unit marks '{s}' out of order (mpcbfaxost+kwn)")
            }
            ParseError::Spell(s) => write!(f, "unknown spell '{s}'"),
            ParseError::Player { name, known } => write!(
                f,
                "unknown player '{name}' (expected {})",
                known.join(" or ")
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// Why a token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenError {
    /// Not a token at all.
    Malformed(String),
    /// A token the rules do not allow now.
    Illegal(String),
}

impl TokenError {
    /// `malformed` or `illegal`.
    pub fn kind(&self) -> &'static str {
        match self {
            TokenError::Malformed(_) => "malformed",
            TokenError::Illegal(_) => "illegal",
        }
    }

    /// The reason in words.
    pub fn reason(&self) -> &str {
        match self {
            TokenError::Malformed(r) | TokenError::Illegal(r) => r,
        }
    }

    /// One line for the refused `token`: `illegal token 'X': why`.
    pub fn describe(&self, token: &str) -> String {
        let reason = self.reason();
        // The rules often start their reason with the token itself.
        let reason = reason
            .strip_prefix(&format!("'{token}': "))
            .unwrap_or(reason);
        format!("{} token '{token}': {reason}", self.kind())
    }
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

impl std::error::Error for TokenError {}

/// A word of a token that does not parse makes the token malformed.
impl From<ParseError> for TokenError {
    fn from(e: ParseError) -> TokenError {
        TokenError::Malformed(e.to_string())
    }
}

/// Why a state string cannot be read: the field and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateTextError(pub String);

impl fmt::Display for StateTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateTextError {}

/// A word of a state string that does not parse makes the string unreadable.
impl From<ParseError> for StateTextError {
    fn from(e: ParseError) -> StateTextError {
        StateTextError(e.to_string())
    }
}

/// Why an army is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArmyError {
    /// The text is not an army: a deployment that is not a slot letter
    /// and a square.
    Form(String),
    /// Rules an army breaks (counts, ranks, squares, the budget).
    Rules {
        /// Whose army: side and race, e.g. `White human`.
        army: String,
        /// Each rule broken, in words.
        broken: Vec<String>,
    },
    /// The armies are given for the wrong sides.
    Sides,
}

impl fmt::Display for ArmyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArmyError::Form(why) => f.write_str(why),
            ArmyError::Rules { army, broken } => write!(f, "{army} army: {}", broken.join("; ")),
            ArmyError::Sides => {
                f.write_str("the first army must be White's and the second Black's")
            }
        }
    }
}

impl std::error::Error for ArmyError {}

/// Why a search gives no decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The game is over: no decision is due.
    GameOver,
    /// A die roll is due, not a decision.
    RollDue {
        /// What the roll is for, in words.
        purpose: String,
    },
    /// No token can be played.
    NoLegalToken,
    /// The search chose a token the rules refuse (a bug).
    IllegalChoice {
        /// The token chosen.
        token: String,
    },
    /// The transposition table's memory cannot be had.
    NoMemory {
        /// The size asked for, in megabytes.
        hash_mb: usize,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::GameOver => f.write_str("the game is over"),
            SearchError::RollDue { purpose } => write!(f, "a roll is due ({purpose})"),
            SearchError::NoLegalToken => f.write_str("no legal token"),
            SearchError::IllegalChoice { token } => {
                write!(f, "the search chose '{token}', not a legal token")
            }
            SearchError::NoMemory { hash_mb } => write!(
                f,
                "cannot allocate a search table of {hash_mb} MB: not enough memory (choose a smaller size)"
            ),
        }
    }
}

impl std::error::Error for SearchError {}
