//! Games from a file in Fairy-Stockfish's `variants.ini` language.
//!
//! [`load`] reads a file's sections ([`syntax`]), starts each from its
//! parent's definition (a game the caller knows, or a section loaded
//! earlier in the file; without a parent, chess's rules with no pieces,
//! as in Fairy-Stockfish), and applies its keys ([`definition`]). A section
//! that cannot be read is refused with its file, line, key and reason;
//! the others still load.

pub mod compile;
pub mod definition;
pub mod registry;
pub mod syntax;
pub mod values;

use std::fmt;

pub use definition::{GameDefinition, PieceDefinition, PieceKind};

/// The games motley ships in `variants.ini` form (`src/rules/games.ini`),
/// built into the binary.
pub const SHIPPED_GAMES: &str = include_str!("../games.ini");

/// The games of [`SHIPPED_GAMES`], read with chess (Fairy-Stockfish's
/// defaults) as the only game known before them.
pub fn shipped() -> Loaded {
    load(
        "games.ini",
        SHIPPED_GAMES,
        |name| (name == "chess").then(GameDefinition::default),
        |name| name == "chess",
    )
}

/// The longest game name a file may give.
pub const MAX_NAME_CHARS: usize = 64;

/// A section that was not loaded, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The file, as the user named it.
    pub file: String,
    /// The section's name.
    pub section: String,
    /// The 1-based line at fault.
    pub line: usize,
    /// The key at fault, if one is.
    pub key: Option<String>,
    /// What is wrong, in words.
    pub reason: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: [{}] ", self.file, self.line, self.section)?;
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        f.write_str(&self.reason)
    }
}

/// What a file gave: the games read, in file order, and the sections
/// refused.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// The sections that were read.
    pub games: Vec<GameDefinition>,
    /// The sections that were not, with their reasons.
    pub refused: Vec<Refusal>,
}

/// Whether a name may name a game: letters, digits, `-`, `_`, `+` and
/// `.`, at most [`MAX_NAME_CHARS`].
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_NAME_CHARS
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_+.".contains(c))
}

/// Reads the games of a `variants.ini` text. `file` names it in errors;
/// `known` gives the definition of a game the file may inherit from
/// without defining it (a built-in game, or one of an earlier file), or
/// `None`; `taken` says which names the file may not define (the
/// built-in games'). A name taken, or loaded earlier in the file, is
/// refused.
pub fn load(
    file: &str,
    text: &str,
    known: impl Fn(&str) -> Option<GameDefinition>,
    taken: impl Fn(&str) -> bool,
) -> Loaded {
    let mut loaded = Loaded::default();
    for section in syntax::sections(text) {
        let refuse = |line: usize, key: Option<String>, reason: String| Refusal {
            file: file.to_string(),
            section: section.name.clone(),
            line,
            key,
            reason,
        };
        let earlier = |name: &str| {
            loaded
                .games
                .iter()
                .find(|g| g.name == name)
                .cloned()
                .or_else(|| known(name))
        };
        let fault = if section.unclosed {
            Some(refuse(section.line, None, "the header has no ']'".into()))
        } else if !valid_name(&section.name) {
            Some(refuse(
                section.line,
                None,
                format!(
                    "'{}' is not a game name (letters, digits, - _ + ., at most {MAX_NAME_CHARS})",
                    syntax::quote(&section.name)
                ),
            ))
        } else if let Some(earlier) = loaded.games.iter().find(|g| g.name == section.name) {
            Some(refuse(
                section.line,
                None,
                format!("already loaded from line {}", earlier.line),
            ))
        } else if taken(&section.name) {
            Some(refuse(
                section.line,
                None,
                "a game motley has already has this name".into(),
            ))
        } else {
            section
                .bad_lines
                .first()
                .map(|bad| refuse(bad.line, None, format!("'{}' is not key = value", bad.text)))
        };
        if let Some(refusal) = fault {
            loaded.refused.push(refusal);
            continue;
        }
        let base = match &section.parent {
            None => Some(GameDefinition::without_pieces()),
            Some(parent) => earlier(parent),
        };
        let Some(base) = base else {
            let parent = section.parent.as_deref().unwrap_or_default();
            loaded.refused.push(refuse(
                section.line,
                None,
                format!(
                    "the parent '{}' is not a game loaded before it",
                    syntax::quote(parent)
                ),
            ));
            continue;
        };
        let mut game = base.child(&section.name);
        game.line = section.line;
        match game.apply(&section.entries) {
            Ok(()) => loaded.games.push(game),
            Err(fault) => loaded
                .refused
                .push(refuse(fault.line, fault.key, fault.reason)),
        }
    }
    loaded
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random::XorShift;

    fn no_built_ins(name: &str) -> Option<GameDefinition> {
        (name == "chess").then(GameDefinition::default)
    }

    const FILE: &str = "\
# Two games and three faults.
[capablanca:chess]
maxFile = j
chancellor = c
archbishop = a
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = qcarbn
castlingKingsideFile = i
castlingQueensideFile = c

[gothic:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1

[crazy:chess]
pieceDrops = true

[orphan:nowhere]
maxFile = j

[gothic]
";

    #[test]
    fn sections_load_inherit_and_are_refused_one_by_one() {
        let loaded = load("games.ini", FILE, no_built_ins, |n| n == "chess");
        let names: Vec<&str> = loaded.games.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(names, ["capablanca", "gothic"]);
        let gothic = &loaded.games[1];
        assert_eq!(gothic.files, 10);
        assert!(gothic.piece_by_letter('a').is_some());
        let refused: Vec<String> = loaded.refused.iter().map(ToString::to_string).collect();
        assert_eq!(
            refused,
            [
                "games.ini:15: [crazy] pieceDrops: motley does not play this rule (only pieceDrops = false)",
                "games.ini:17: [orphan] the parent 'nowhere' is not a game loaded before it",
                "games.ini:20: [gothic] already loaded from line 11",
            ]
        );
    }

    #[test]
    fn the_shipped_file_loads_every_game() {
        let loaded = shipped();
        let refused: Vec<String> = loaded.refused.iter().map(ToString::to_string).collect();
        assert!(refused.is_empty(), "{refused:#?}");
        let names: Vec<&str> = loaded.games.iter().map(|g| g.name.as_str()).collect();
        assert!(names.len() >= 15, "{names:?}");
        for name in [
            "capablanca",
            "gothic",
            "embassy",
            "janus",
            "almost",
            "chigorin",
            "courier",
            "shatranj",
            "grand",
            "berolina",
            "amazon",
            "wadchess",
            "paritychess",
        ] {
            assert!(names.contains(&name), "{name} is not shipped");
        }
    }

    /// WAD and Parity Chess as the file says them have the built-in
    /// games' board, start, pieces' moves, promotions and castling.
    #[test]
    fn the_shipped_wad_and_parity_chess_are_the_built_in_games() {
        use crate::rules::variant::{CastlingStyle, DeadPositions, Variant};
        let loaded = shipped();
        for variant in [Variant::WadChess, Variant::ParityChess] {
            let spec = variant.spec();
            let game = loaded.games.iter().find(|g| g.name == spec.name).unwrap();
            assert_eq!((game.files, game.ranks), (spec.files, spec.ranks));
            assert_eq!(game.start_fen, spec.start_fen);
            let mut letters: Vec<char> = game.pieces.iter().map(|p| p.letter).collect();
            let mut built_in: Vec<char> = spec
                .roles
                .iter()
                .map(|r| r.letter().to_ascii_lowercase())
                .collect();
            letters.sort_unstable();
            built_in.sort_unstable();
            assert_eq!(letters, built_in, "{variant}");
            for &role in spec
                .roles
                .iter()
                .filter(|&&r| r != crate::rules::Role::Pawn)
            {
                let piece = game.piece_by_letter(role.letter()).unwrap();
                let moves = crate::rules::betza::PieceMoves::parse(&piece.betza).unwrap();
                let movement = crate::rules::piece::Movement::from_betza(&moves).unwrap();
                // Same leaps (kept sorted) and same rides.
                assert_eq!(movement, spec.movement(role), "{variant}: {role:?}");
            }
            let promotions: Vec<char> = game.promotion_piece_types[0]
                .iter()
                .map(|&k| game.pieces.iter().find(|p| p.kind == k).unwrap().letter)
                .collect();
            let expected: Vec<char> = spec
                .promotions(crate::rules::Color::White)
                .iter()
                .map(|r| r.letter().to_ascii_lowercase())
                .collect();
            assert_eq!(promotions, expected, "{variant}");
            assert_eq!(spec.castling, CastlingStyle::Fast);
            assert!(game.castling && game.fast_castling);
            assert_eq!(spec.dead_positions, DeadPositions::BareKings);
            assert_eq!(game.dead_positions, definition::DeadPositionRule::BareKings);
            assert_eq!((game.n_move_rule, spec.move_rule_plies), (50, 100));
        }
    }

    #[test]
    fn a_section_without_parent_starts_from_chess_without_pieces() {
        let loaded = load(
            "x.ini",
            "[plain]\n[self:self]\n[chess]\n",
            no_built_ins,
            |n| n == "chess",
        );
        assert_eq!(loaded.games.len(), 1);
        assert!(loaded.games[0].pieces.is_empty());
        assert_eq!(loaded.games[0].files, 8);
        assert_eq!(loaded.refused.len(), 2);
        assert!(loaded.refused[0].reason.contains("parent 'self'"));
        assert!(loaded.refused[1].reason.contains("already has this name"));
    }

    /// Seeded random edits of a real file: cut, doubled, swapped and
    /// garbled lines, huge numbers. Nothing panics, and every refusal
    /// names a line of the file.
    #[test]
    fn hostile_edits_refuse_sections_without_a_panic() {
        let lines: Vec<&str> = FILE.lines().collect();
        let junk = [
            "maxRank = 4294967296",
            "maxFile = z",
            "customPiece99 = x:W",
            "customPiece1 = x:QQQQQQQQ9",
            "[",
            "]",
            "[a:b:c]",
            "=",
            "startFen = ",
            "promotionRegionWhite = *0 z99 **",
            "pieceValueMg = q:-1 r:",
            "king = k:",
            "\u{0}\u{7f}é",
        ];
        let mut rng = XorShift(0xF11E_5EED);
        for _ in 0..400 {
            let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            for _ in 0..1 + rng.next_word() % 6 {
                let at = (rng.next_word() % edited.len() as u64) as usize;
                match rng.next_word() % 4 {
                    0 => {
                        edited.remove(at);
                    }
                    1 => edited.insert(
                        at,
                        junk[(rng.next_word() % junk.len() as u64) as usize].into(),
                    ),
                    2 => {
                        let cut = (rng.next_word() % (edited[at].len() as u64 + 1)) as usize;
                        let cut = (0..=cut)
                            .rev()
                            .find(|&c| edited[at].is_char_boundary(c))
                            .unwrap_or(0);
                        edited[at].truncate(cut);
                    }
                    _ => {
                        let other = (rng.next_word() % edited.len() as u64) as usize;
                        edited.swap(at, other);
                    }
                }
                if edited.is_empty() {
                    edited.push("[x]".into());
                }
            }
            let text = edited.join("\n");
            let loaded = load("edit.ini", &text, no_built_ins, |n| n == "chess");
            for refusal in &loaded.refused {
                assert!(
                    (1..=edited.len()).contains(&refusal.line),
                    "{refusal} (of {} lines)",
                    edited.len()
                );
            }
        }
    }

    #[test]
    fn a_long_file_loads_every_section() {
        let mut text = String::new();
        for i in 0..2_500 {
            text.push_str(&format!(
                "[g{i}:chess]\nmaxFile = j\n# {i}\ncastling = false\n"
            ));
        }
        let loaded = load("long.ini", &text, no_built_ins, |n| n == "chess");
        assert_eq!(text.lines().count(), 10_000);
        assert_eq!(loaded.games.len(), 2_500);
        assert!(loaded.refused.is_empty());
    }
}
