//! Tokens on the wire (`src/chesswar/RULES.md`, "Notation").
//!
//! | token | meaning |
//! |---|---|
//! | `m:<from><to>` | move (or charge with) the unit on `<from>` to `<to>` |
//! | `f:<from><to>` | the unit on `<from>` fires at the unit or square `<to>` |
//! | `a:<from><to>` | the unit on `<from>` attacks the enemy on `<to>` |
//! | `s:<spell>:<caster>[<target>[<to>]]` | cast a spell |
//! | `pick:<sq>` | the defender's choice of which of its units is attacked |
//! | `adv:<from><to>` / `noadv` | advance after a kill, or not |
//! | `pass` | decline an offered reaction spell |
//! | `end` | end the current phase |
//! | `d1` ... `d6` | a die result |
//!
//! Spell tokens name the caster's square, then the spell's squares written
//! together: none for `dispel` and `fear` (`s:dispel:d8`, `s:fear:d1`), the
//! unit and its destination for `flight` (`s:flight:d1e2e6`), the target
//! unit or square otherwise (`s:zap:d1e5`, `s:storm:d1e5`). A colon between
//! the squares is accepted too (`s:zap:d1:e5`), as are the spell spellings
//! [`Spell`]'s parser knows and upper-case letters; the engine prints the
//! canonical form.

use std::fmt;
use std::str::FromStr;

use super::errors::TokenError;
use super::profiles::Spell;
use super::units::Square;

/// One token: a decision or a die result.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Token {
    /// `m:<from><to>`: move or charge.
    Move(Square, Square),
    /// `f:<from><to>`: fire at a unit or square.
    Fire(Square, Square),
    /// `a:<from><to>`: attack in melee.
    Attack(Square, Square),
    /// `s:<spell>:<caster>[<target>[<dest>]]`: cast a spell.
    Cast {
        /// The spell.
        spell: Spell,
        /// The caster's square.
        caster: Square,
        /// The unit or square aimed at (none for Dispel and Fear).
        target: Option<Square>,
        /// Where Flight puts the unit.
        dest: Option<Square>,
    },
    /// `pick:<sq>`: the defender picks which of its units is attacked.
    Pick(Square),
    /// `adv:<from><to>`: advance into the square of a destroyed defender.
    Advance(Square, Square),
    /// `noadv`: do not advance.
    NoAdvance,
    /// `end`: end the phase.
    End,
    /// `pass`: decline the reaction spell offered.
    Pass,
    /// `d1` ... `d6`: a die result.
    Die(u8),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Token::Move(a, b) => write!(f, "m:{a}{b}"),
            Token::Fire(a, b) => write!(f, "f:{a}{b}"),
            Token::Attack(a, b) => write!(f, "a:{a}{b}"),
            Token::Cast {
                spell,
                caster,
                target,
                dest,
            } => {
                write!(f, "s:{spell}:{caster}")?;
                if let Some(t) = target {
                    write!(f, "{t}")?;
                }
                if let Some(d) = dest {
                    write!(f, "{d}")?;
                }
                Ok(())
            }
            Token::Pick(s) => write!(f, "pick:{s}"),
            Token::Advance(a, b) => write!(f, "adv:{a}{b}"),
            Token::NoAdvance => f.write_str("noadv"),
            Token::End => f.write_str("end"),
            Token::Pass => f.write_str("pass"),
            Token::Die(n) => write!(f, "d{n}"),
        }
    }
}

/// Squares written together (`e2e4`), colons between them allowed.
fn squares(s: &str) -> Result<Vec<Square>, TokenError> {
    let joined: String = s.chars().filter(|&c| c != ':').collect();
    if !joined.len().is_multiple_of(2) || !joined.is_ascii() {
        return Err(TokenError::Malformed(format!("bad squares '{s}'")));
    }
    Ok((0..joined.len() / 2)
        .map(|i| joined[2 * i..2 * i + 2].parse())
        .collect::<Result<_, _>>()?)
}

fn two(s: &str, token: &str) -> Result<(Square, Square), TokenError> {
    match squares(s)?.as_slice() {
        [a, b] => Ok((*a, *b)),
        _ => Err(TokenError::Malformed(format!(
            "'{token}' needs two squares, e.g. e2e4"
        ))),
    }
}

impl FromStr for Token {
    type Err = TokenError;
    /// A token in any case (see the module documentation); an error is
    /// always [`TokenError::Malformed`].
    fn from_str(text: &str) -> Result<Token, TokenError> {
        let t = text.trim().to_ascii_lowercase();
        let (head, rest) = t.split_once(':').unwrap_or((t.as_str(), ""));
        match head {
            "m" => two(rest, text).map(|(a, b)| Token::Move(a, b)),
            "f" => two(rest, text).map(|(a, b)| Token::Fire(a, b)),
            "a" => two(rest, text).map(|(a, b)| Token::Attack(a, b)),
            "adv" => two(rest, text).map(|(a, b)| Token::Advance(a, b)),
            "pick" => Ok(Token::Pick(rest.parse()?)),
            "s" => {
                let (name, sqs) = rest.split_once(':').ok_or_else(|| {
                    TokenError::Malformed(format!("'{text}': expected s:<spell>:<caster>..."))
                })?;
                let spell: Spell = name.parse()?;
                let sqs = squares(sqs)?;
                if sqs.len() != 1 + spell.arity() {
                    return Err(TokenError::Malformed(format!(
                        "'{text}': {spell} takes the caster and {} more square(s)",
                        spell.arity()
                    )));
                }
                Ok(Token::Cast {
                    spell,
                    caster: sqs[0],
                    target: sqs.get(1).copied(),
                    dest: sqs.get(2).copied(),
                })
            }
            "noadv" if rest.is_empty() => Ok(Token::NoAdvance),
            "end" if rest.is_empty() => Ok(Token::End),
            "pass" if rest.is_empty() => Ok(Token::Pass),
            _ => match t.strip_prefix('d').and_then(|n| n.parse::<u8>().ok()) {
                Some(n) if (1..=6).contains(&n) && t.len() == 2 => Ok(Token::Die(n)),
                _ => Err(TokenError::Malformed(format!("unknown token '{text}'"))),
            },
        }
    }
}
