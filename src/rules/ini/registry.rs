//! Loading a file's games into the process: each section read
//! ([`super::load`]), compiled ([`super::compile`]) and, where the rules
//! core plays it, registered as a [`Variant`] that every command and
//! protocol can then name.
//!
//! A file may inherit from chess, from the games motley ships
//! ([`super::SHIPPED_GAMES`]) and from games loaded before it. Loading the
//! same definition again gives back the same game.

use std::sync::{LazyLock, Mutex};

use super::compile::compile;
use super::{GameDefinition, Refusal, load, shipped};
use crate::rules::any::AnyPosition;
use crate::rules::variant::{CHESSWAR_NAME, Variant};

/// The shipped games' definitions, read once.
static SHIPPED: LazyLock<Vec<GameDefinition>> = LazyLock::new(|| shipped().games);

/// Every definition loaded into the process, with its game, oldest first.
static LOADED: Mutex<Vec<(GameDefinition, Variant)>> = Mutex::new(Vec::new());

/// What loading (or checking) a file gave, section by section.
#[derive(Clone, Debug, Default)]
pub struct FileReport {
    /// The games read that motley plays, by name, with the line of each.
    pub playable: Vec<(String, usize)>,
    /// Sections read, but with something motley cannot play yet.
    pub unplayable: Vec<Refusal>,
    /// Sections not read.
    pub refused: Vec<Refusal>,
}

impl FileReport {
    /// One line per section, in file order: `FILE:LINE: [name] loads`,
    /// or the refusal with `cannot be played yet:` or its reason.
    pub fn lines(&self, file: &str) -> Vec<String> {
        let loads = self
            .playable
            .iter()
            .map(|(name, line)| (*line, format!("{file}:{line}: [{name}] loads")));
        in_file_order(loads.chain(self.faults()))
    }

    /// The lines of [`FileReport::lines`] for the sections that do not
    /// load, in file order.
    pub fn failure_lines(&self) -> Vec<String> {
        in_file_order(self.faults())
    }

    /// The sections that do not load, each with its line and text.
    fn faults(&self) -> impl Iterator<Item = (usize, String)> + '_ {
        let unplayable = self.unplayable.iter().map(|refusal| {
            let key = refusal
                .key
                .as_deref()
                .map_or(String::new(), |k| format!("{k}: "));
            (
                refusal.line,
                format!(
                    "{}:{}: [{}] {key}cannot be played yet: {}",
                    refusal.file, refusal.line, refusal.section, refusal.reason
                ),
            )
        });
        unplayable.chain(self.refused.iter().map(|r| (r.line, r.to_string())))
    }

    /// The totals: `N sections: A load, B cannot be played yet, C refused`.
    pub fn summary(&self) -> String {
        let (a, b, c) = (
            self.playable.len(),
            self.unplayable.len(),
            self.refused.len(),
        );
        format!(
            "{} sections: {a} load, {b} cannot be played yet, {c} refused",
            a + b + c
        )
    }
}

/// Texts sorted by their lines.
fn in_file_order(rows: impl Iterator<Item = (usize, String)>) -> Vec<String> {
    let mut rows: Vec<(usize, String)> = rows.collect();
    rows.sort_by_key(|(line, _)| *line);
    rows.into_iter().map(|(_, text)| text).collect()
}

/// The definition of a game a file may inherit from.
fn parent(name: &str) -> Option<GameDefinition> {
    if name == "chess" {
        return Some(GameDefinition::default());
    }
    let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    loaded
        .iter()
        .rev()
        .map(|(d, _)| d)
        .chain(SHIPPED.iter())
        .find(|d| d.name == name)
        .cloned()
}

/// Whether a file may not define a game of this name: the built-in games
/// and ChessWar. A built-in game the shipped file defines (WAD and Parity
/// Chess) may be defined again as the shipped file does
/// ([`built_in_again`]).
fn taken(name: &str) -> bool {
    let built_in = Variant::ALL.iter().any(|v| v.name() == name);
    (built_in && !SHIPPED.iter().any(|d| d.name == name))
        || ["normal", "standard", CHESSWAR_NAME].contains(&name)
}

/// For a definition named like a built-in game: whether it is that game
/// as the shipped file defines it (a copy of the shipped file checks
/// clean), or the refusal of a different game under a taken name.
/// `None` for every other name.
fn built_in_again(file: &str, definition: &GameDefinition) -> Option<Result<(), Refusal>> {
    Variant::ALL.iter().find(|v| v.name() == definition.name)?;
    let shipped = SHIPPED.iter().find(|d| d.name == definition.name);
    Some(match shipped {
        Some(shipped) if shipped.same_game(definition) => Ok(()),
        _ => Err(Refusal {
            file: file.to_string(),
            section: definition.name.clone(),
            line: definition.line,
            key: None,
            reason: "a game motley has already has this name, with other rules".into(),
        }),
    })
}

/// Registers the games motley ships ([`super::SHIPPED_GAMES`]) that the
/// rules core plays, once per process: the command line calls it at
/// start, before any command or protocol, so that `capablanca` names a
/// game.
pub fn load_shipped() {
    static DONE: std::sync::Once = std::sync::Once::new();
    DONE.call_once(|| {
        load_text("games.ini", super::SHIPPED_GAMES, true);
    });
}

/// Reads a file's games; with `register`, makes the playable ones games
/// of the process (`check` leaves it out: it only reports).
pub fn load_text(file: &str, text: &str, register: bool) -> FileReport {
    let read = load(file, text, parent, taken);
    let mut report = FileReport {
        refused: read.refused,
        ..FileReport::default()
    };
    for definition in read.games {
        match built_in_again(file, &definition) {
            Some(Ok(())) => {
                report
                    .playable
                    .push((definition.name.clone(), definition.line));
                continue;
            }
            Some(Err(refusal)) => {
                report.refused.push(refusal);
                continue;
            }
            None => {}
        }
        let unplayable = |key: Option<String>, reason: String| Refusal {
            file: file.to_string(),
            section: definition.name.clone(),
            line: key
                .as_ref()
                .and_then(|k| definition.lines.get(k).copied())
                .unwrap_or(definition.line),
            key,
            reason,
        };
        // The same game loaded before is that game again.
        let again = register
            && LOADED
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .rev()
                .find(|(d, _)| d.name == definition.name)
                .is_some_and(|(d, _)| d.same_game(&definition));
        if !again {
            // Compiled as a stand-in game; registering makes it its own.
            let spec = match compile(&definition, Variant::Chess) {
                Ok(spec) => spec,
                Err(why) => {
                    report
                        .unplayable
                        .push(unplayable(why.key.map(str::to_string), why.reason));
                    continue;
                }
            };
            if register {
                let registered = Variant::register(spec, |variant| {
                    AnyPosition::from_fen(variant, variant.spec().start_fen)
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                });
                match registered {
                    Ok(variant) => LOADED
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((definition.clone(), variant)),
                    Err(reason) => {
                        report
                            .unplayable
                            .push(unplayable(Some("startFen".into()), reason));
                        continue;
                    }
                }
            }
        }
        report
            .playable
            .push((definition.name.clone(), definition.line));
    }
    report
}

/// The largest games file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Reads a file from disk and loads its games ([`load_text`]); the error
/// is one line naming the file. Only a regular file of at most
/// [`MAX_FILE_BYTES`] is read (not a device that never ends).
pub fn load_file(path: &str, register: bool) -> Result<FileReport, String> {
    use std::io::Read;
    let cannot = |e: &dyn std::fmt::Display| format!("cannot read {path}: {e}");
    let meta = std::fs::metadata(path).map_err(|e| cannot(&e))?;
    if !meta.is_file() {
        return Err(cannot(&"not a regular file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| cannot(&e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(cannot(&format!("larger than {} MiB", MAX_FILE_BYTES >> 20)));
    }
    let text = String::from_utf8(bytes).map_err(|_| cannot(&"not UTF-8 text"))?;
    Ok(load_text(path, &text, register))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "\
[minichess-r:chess]
maxFile = f
maxRank = 6
queen = -
startFen = rnbkbr/pppppp/6/6/PPPPPP/RNBKBR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *5
promotionPieceTypes = rbn
castling = false

[wad-no-castle:wadchess]
castling = false

[broken-fen:chess]
startFen = rnbqkbnr/pppppppp/8/8 w - - 0 1

[lame-test:chess]
knight = -
customPiece1 = n:nN
";

    #[test]
    fn a_file_registers_what_the_core_plays_and_names_the_rest() {
        let report = load_text("test.ini", FILE, true);
        let lines = report.lines("test.ini");
        assert_eq!(lines.len(), 4, "{lines:#?}");
        assert_eq!(lines[0], "test.ini:1: [minichess-r] loads");
        assert_eq!(lines[1], "test.ini:13: [wad-no-castle] loads");
        assert!(
            lines[2].starts_with("test.ini:17: [broken-fen] startFen: cannot be played yet:"),
            "{}",
            lines[2]
        );
        assert!(
            lines[3].contains("[lame-test] pieces: cannot be played yet: piece 'n' (customPiece1, nN): has lame leaps"),
            "{}",
            lines[3]
        );
        assert_eq!(
            report.summary(),
            "4 sections: 2 load, 2 cannot be played yet, 0 refused"
        );

        let mini: Variant = "minichess-r".parse().unwrap();
        assert!(mini.is_loaded());
        let start = AnyPosition::startpos(mini);
        // Fairy-Stockfish (pyffish 0.0.90) counts 14, 186 and 2775.
        assert_eq!([1, 2, 3].map(|depth| start.perft(depth)), [14, 186, 2775]);
        assert!("broken-fen".parse::<Variant>().is_err());
        let wad: Variant = "wad-no-castle".parse().unwrap();
        assert_eq!(
            AnyPosition::startpos(wad).perft(2),
            AnyPosition::startpos(Variant::WadChess).perft(2)
        );

        // Loading the same games again gives the same games back (a new
        // registration would hide the first from the name).
        load_text("test.ini", FILE, true);
        assert_eq!("minichess-r".parse::<Variant>().unwrap(), mini);
    }

    #[test]
    fn checking_registers_nothing_and_built_in_names_are_refused() {
        let report = load_text(
            "c.ini",
            "[check-only:chess]\n[wadchess:chess]\n[chad]\n",
            false,
        );
        assert_eq!(report.playable.len(), 1);
        assert!("check-only".parse::<Variant>().is_err());
        assert_eq!(report.refused.len(), 2);
        assert!(report.refused[0].reason.contains("already has this name"));
        assert!(report.refused[1].reason.contains("already has this name"));
        // The shipped file itself checks clean: its WAD and Parity Chess
        // are the built-in games.
        let shipped = load_text("games.ini", super::super::SHIPPED_GAMES, false);
        assert!(shipped.refused.is_empty(), "{:?}", shipped.refused);
        let names: Vec<&str> = shipped.playable.iter().map(|(n, _)| n.as_str()).collect();
        assert!(names.contains(&"wadchess") && names.contains(&"paritychess"));
        assert_eq!(Variant::WadChess.name(), "wadchess");
        assert!(
            load_file("/no/such/file.ini", false)
                .unwrap_err()
                .starts_with("cannot read /no/such/file.ini")
        );
    }
}
