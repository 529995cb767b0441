//! Why the ChessWar core refuses something, by kind: a token (not a token
//! at all, or one the rules do not allow now), a state string, or an army.
//! Each error prints as one line that says what was refused and why.

use std::fmt;

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

/// Why a state string cannot be read: the field and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateTextError(pub String);

impl fmt::Display for StateTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateTextError {}

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
