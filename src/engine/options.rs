//! The engine's options as data. One table lists every option with its
//! kind, default and bounds; UCI prints it as `option` lines and XBoard as
//! `feature option="..."` strings, and a number or a switch sent by either
//! protocol is read against the same entry, with the same error.

/// Default hash table size in MB.
pub const DEFAULT_HASH_MB: usize = 64;
/// Largest hash table the options accept, in MB.
pub const MAX_HASH_MB: usize = 65_536;
/// Most search threads the options accept.
pub const MAX_THREADS: usize = 256;
/// Most lines MultiPV accepts.
pub const MAX_MULTIPV: usize = 256;
/// Default time kept in hand per move, in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD_MS: usize = 10;
/// Largest time kept in hand per move the options accept, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: usize = 5000;

/// The kind of value an option takes, with its default (and bounds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Check {
        /// The setting before any is sent.
        default: bool,
    },
    /// A whole number in a range.
    Spin {
        /// The setting before any is sent.
        default: i64,
        /// The smallest value taken.
        min: i64,
        /// The largest value taken.
        max: i64,
    },
    /// One word of a list (the first is the default). The option's owner
    /// reads the word, so that it may also take other spellings.
    Combo {
        /// The words a GUI offers, the default first.
        choices: Vec<String>,
    },
    /// Free text, empty by default.
    Text,
    /// An action with no value.
    Button,
}

/// Which protocols list an option. XBoard sets the hash size, the
/// threads and the game with commands of its own (`memory`, `cores`,
/// `variant`), and UCI GUIs show every legal move, so some options belong
/// to one protocol only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Listed by both.
    Both,
    /// Listed by UCI only.
    Uci,
    /// Listed by XBoard only.
    Xboard,
}

/// One option: its name, as GUIs show it, its kind and who lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name GUIs show and send back (matched in any case).
    pub name: &'static str,
    /// The kind of value, with the default.
    pub kind: OptionKind,
    /// Which protocols list it.
    pub audience: Audience,
}

/// How a protocol spells a switch: UCI sends `true`/`false`, XBoard
/// `1`/`0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchSpelling {
    /// `true` or `false` (any case).
    Words,
    /// `1` or `0`.
    Digits,
}

/// A value read for an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A switch.
    Check(bool),
    /// A number within the option's bounds.
    Spin(i64),
    /// A word or text, for the option's owner to read.
    Text(String),
    /// A button was pressed.
    Press,
}

impl OptionSpec {
    /// Whether the protocol `uci` (else XBoard) lists this option.
    pub fn listed_by(&self, uci: bool) -> bool {
        match self.audience {
            Audience::Both => true,
            Audience::Uci => uci,
            Audience::Xboard => !uci,
        }
    }

    /// The UCI `option` line.
    pub fn uci_line(&self) -> String {
        let name = self.name;
        match &self.kind {
            OptionKind::Check { default } => {
                format!("option name {name} type check default {default}")
            }
            OptionKind::Spin { default, min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { choices } => {
                let vars: Vec<String> = choices.iter().map(|c| format!("var {c}")).collect();
                let default = choices.first().map_or("", String::as_str);
                format!(
                    "option name {name} type combo default {default} {}",
                    vars.join(" ")
                )
            }
            OptionKind::Text => format!("option name {name} type string default <empty>"),
            OptionKind::Button => format!("option name {name} type button"),
        }
    }

    /// The XBoard `option="..."` string of the `feature` line.
    pub fn xboard_feature(&self) -> String {
        let name = self.name;
        let spec = match &self.kind {
            OptionKind::Check { default } => format!("-check {}", u8::from(*default)),
            OptionKind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
            OptionKind::Combo { choices } => format!("-combo {}", choices.join(" /// ")),
            OptionKind::Text => "-string ".to_string(),
            OptionKind::Button => "-button".to_string(),
        };
        format!("option=\"{name} {spec}\"")
    }

    /// Reads `text` as this option's value: a switch in the protocol's
    /// `spelling`, a number within the bounds, text as it is. The error
    /// names the option and says what it takes.
    pub fn read(
        &self,
        text: &str,
        spelling: SwitchSpelling,
    ) -> Result<OptionValue, super::error::EngineError> {
        self.read_text(text, spelling)
            .map_err(super::error::EngineError::Option)
    }

    fn read_text(&self, text: &str, spelling: SwitchSpelling) -> Result<OptionValue, String> {
        let name = self.name;
        let text = text.trim();
        match &self.kind {
            OptionKind::Check { .. } => {
                let lower = text.to_ascii_lowercase();
                let value = match (spelling, lower.as_str()) {
                    (SwitchSpelling::Words, "true") | (SwitchSpelling::Digits, "1") => Some(true),
                    (SwitchSpelling::Words, "false") | (SwitchSpelling::Digits, "0") => Some(false),
                    _ => None,
                };
                let words = match spelling {
                    SwitchSpelling::Words => "true or false",
                    SwitchSpelling::Digits => "1 or 0",
                };
                value
                    .map(OptionValue::Check)
                    .ok_or_else(|| format!("option '{name}' needs {words}, found '{text}'"))
            }
            OptionKind::Spin { min, max, .. } => {
                let out_of_range = || format!("option '{name}' must be between {min} and {max}");
                let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!("option '{name}' needs a number, found '{text}'"));
                }
                // All digits: a parse failure is a number too large for 64
                // bits, which is out of range.
                let value: i64 = text.parse().map_err(|_| out_of_range())?;
                if !(*min..=*max).contains(&value) {
                    return Err(out_of_range());
                }
                Ok(OptionValue::Spin(value))
            }
            OptionKind::Combo { .. } | OptionKind::Text => Ok(OptionValue::Text(text.to_string())),
            OptionKind::Button => Ok(OptionValue::Press),
        }
    }
}

/// The option of `table` called `name`, in any case.
pub fn find<'a>(table: &'a [OptionSpec], name: &str) -> Option<&'a OptionSpec> {
    let name = name.trim();
    table.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// The options every game shares, in the order GUIs list them (the
/// engine's whole table, [`super::option_table`], adds ChessWar's): UCI
/// prints those it lists as `option` lines, XBoard as `feature option=`
/// strings.
pub fn shared() -> Vec<OptionSpec> {
    let spin = |name, default: usize, min: usize, max: usize| OptionSpec {
        name,
        kind: OptionKind::Spin {
            default: default as i64,
            min: min as i64,
            max: max as i64,
        },
        audience: Audience::Both,
    };
    let only = |audience, spec: OptionSpec| OptionSpec { audience, ..spec };
    let check = |name, audience| OptionSpec {
        name,
        kind: OptionKind::Check { default: false },
        audience,
    };
    let games: Vec<String> = crate::rules::variant::game_names()
        .into_iter()
        .map(String::from)
        .collect();
    vec![
        OptionSpec {
            name: "UCI_Variant",
            kind: OptionKind::Combo { choices: games },
            audience: Audience::Uci,
        },
        only(Audience::Uci, spin("Hash", DEFAULT_HASH_MB, 1, MAX_HASH_MB)),
        only(Audience::Uci, spin("Threads", 1, 1, MAX_THREADS)),
        spin("MultiPV", 1, 1, MAX_MULTIPV),
        check("Ponder", Audience::Uci),
        spin(
            "Move Overhead",
            DEFAULT_MOVE_OVERHEAD_MS,
            0,
            MAX_MOVE_OVERHEAD_MS,
        ),
        check("UCI_AnalyseMode", Audience::Uci),
        // The learned evaluation: on wherever the game has a network (the
        // built-in one, or `EvalFile`'s).
        OptionSpec {
            name: "Use NNUE",
            kind: OptionKind::Check { default: true },
            audience: Audience::Both,
        },
        OptionSpec {
            name: "EvalFile",
            kind: OptionKind::Text,
            audience: Audience::Both,
        },
        // Games from a file in Fairy-Stockfish's variants.ini language
        // (Fairy-Stockfish's name for the option).
        OptionSpec {
            name: "VariantPath",
            kind: OptionKind::Text,
            audience: Audience::Both,
        },
        OptionSpec {
            name: "Clear Hash",
            kind: OptionKind::Button,
            audience: Audience::Uci,
        },
        // Moves XBoard cannot show: fast castles of more than one step
        // (XBoard 4.9) and Wau Chess's board moves (no GUI). UCI GUIs get
        // every legal move.
        check("Long Castling", Audience::Xboard),
        check("Board Moves", Audience::Xboard),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin() -> OptionSpec {
        OptionSpec {
            name: "Hash",
            kind: OptionKind::Spin {
                default: 64,
                min: 1,
                max: 1024,
            },
            audience: Audience::Uci,
        }
    }

    #[test]
    fn both_protocols_print_the_same_entry() {
        let check = OptionSpec {
            name: "Long Castling",
            kind: OptionKind::Check { default: false },
            audience: Audience::Both,
        };
        assert_eq!(
            check.uci_line(),
            "option name Long Castling type check default false"
        );
        assert_eq!(check.xboard_feature(), "option=\"Long Castling -check 0\"");
        assert_eq!(
            spin().uci_line(),
            "option name Hash type spin default 64 min 1 max 1024"
        );
        assert_eq!(spin().xboard_feature(), "option=\"Hash -spin 64 1 1024\"");
        let combo = OptionSpec {
            name: "Dice",
            kind: OptionKind::Combo {
                choices: vec!["gui".into(), "engine".into()],
            },
            audience: Audience::Both,
        };
        assert_eq!(
            combo.uci_line(),
            "option name Dice type combo default gui var gui var engine"
        );
        assert_eq!(
            combo.xboard_feature(),
            "option=\"Dice -combo gui /// engine\""
        );
        assert!(!spin().listed_by(false) && spin().listed_by(true));
    }

    #[test]
    fn values_are_read_against_the_entry() {
        let words = SwitchSpelling::Words;
        assert_eq!(spin().read(" 16 ", words), Ok(OptionValue::Spin(16)));
        for bad in ["0", "1025", "-3", "99999999999999999999999"] {
            let e = spin().read(bad, words).unwrap_err().to_string();
            assert!(e.contains("between 1 and 1024"), "{bad}: {e}");
        }
        for bad in ["x", "", "1.5", "+"] {
            let e = spin().read(bad, words).unwrap_err().to_string();
            assert!(e.contains("needs a number"), "{bad}: {e}");
        }
        let check = OptionSpec {
            name: "Ponder",
            kind: OptionKind::Check { default: false },
            audience: Audience::Uci,
        };
        assert_eq!(check.read("TRUE", words), Ok(OptionValue::Check(true)));
        assert!(check.read("1", words).is_err());
        let digits = SwitchSpelling::Digits;
        assert_eq!(check.read("0", digits), Ok(OptionValue::Check(false)));
        assert!(check.read("true", digits).is_err());
        assert_eq!(find(std::slice::from_ref(&check), " ponder "), Some(&check));
    }
}
