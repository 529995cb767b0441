//! Betza's notation for how a piece moves, read as Fairy-Stockfish reads
//! it, so that a `variants.ini` piece means here what it means there.
//!
//! A Betza string is a run of move letters, each with the modifiers
//! written before it:
//!
//! - leap atoms `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2),
//!   `H` (3,0), `C` and `L` (3,1), `Z` and `J` (3,2), `G` (3,3), and `K`
//!   (`W` and `F`); rider atoms `R` (`W` repeated), `B` (`F` repeated) and
//!   `Q` (both);
//! - a leap atom doubled (`NN`) rides; a digit after an atom (`W4`, `R2`)
//!   rides at most that many steps;
//! - `m` moves only to an empty square, `c` only captures (both, or
//!   neither, is either);
//! - `p` hops like a cannon: it rides to a piece (the hurdle), jumps it
//!   and goes on beyond it; `g` hops like a grasshopper, landing on the
//!   square right behind the hurdle;
//! - `n` makes a leap lame: every square on the way must be empty;
//! - `i` makes a move an initial one (a piece's first move only);
//! - directions: `f` forward, `b` backward, `l` left, `r` right, `v`
//!   forward and backward, `s` left and right, `h` a half (forward,
//!   backward, left or right half, with the letter it is paired with).
//!   Two letters of the same kind together (`ff`, `fr`, `lb`, `fh`) pick
//!   the move between them; a lone letter is read as doubled, so a lone
//!   `f` on a knight keeps only its two narrow forward leaps (`fN` is the
//!   shogi knight), as in Fairy-Stockfish;
//! - `e` is accepted and means nothing: en passant is a rule of the game
//!   (its pawns), not of a piece.
//!
//! Vectors are (files, ranks) as White sees them: +1 rank is forward. A
//! Black piece moves by the opposite vectors.

use std::collections::BTreeMap;
use std::fmt;

/// A step of a move: (files, ranks), forward being +1 rank for White.
pub type Vector = (i8, i8);

/// Whether a move goes to an empty square or captures.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Modality {
    /// A move to an empty square.
    Quiet,
    /// A capture.
    Capture,
}

impl Modality {
    /// Both modalities, quiet first.
    pub const ALL: [Modality; 2] = [Modality::Quiet, Modality::Capture];
}

/// How a piece travels along one vector.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Travel {
    /// Jumps straight to the target, over anything.
    Leap,
    /// Leaps only when the squares it passes on the way are empty
    /// (Fairy-Stockfish's path: straight towards the target, diagonal
    /// steps while both files and ranks remain).
    LameLeap,
    /// Repeats the vector through empty squares, at most `limit` times
    /// (0: without limit), up to and including the first piece.
    Ride {
        /// The most steps, or 0 for no limit.
        limit: u8,
    },
    /// Rides to the first piece (the hurdle), jumps it, and goes on at
    /// most `limit` steps beyond (0: without limit, up to and including
    /// the next piece; 1: the grasshopper's square right behind it).
    Hop {
        /// The most steps beyond the hurdle, or 0 for no limit.
        limit: u8,
    },
}

/// The three kinds of travel Fairy-Stockfish keeps apart: a vector may be
/// both a leap and a ride of one piece.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum TravelClass {
    Step,
    Slide,
    Hop,
}

/// One move of a piece: a vector, how it travels, and whether it moves,
/// captures, or is a first move only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceMove {
    /// The step, as White sees it.
    pub vector: Vector,
    /// How the piece travels along it.
    pub travel: Travel,
    /// Whether this is a move to an empty square or a capture.
    pub modality: Modality,
    /// Whether only a piece's first move may be this.
    pub initial: bool,
}

/// Where in the moves a key sorts: (initial, modality, class, vector).
type MoveKey = (bool, Modality, TravelClass, Vector);

/// Every move of one piece, read from Betza notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PieceMoves {
    /// The text it was read from.
    betza: String,
    /// The moves, one per (initial, modality, class, vector); a later
    /// letter for the same key replaces the earlier one's limit, as in
    /// Fairy-Stockfish.
    moves: BTreeMap<MoveKey, Travel>,
}

/// Why a Betza string was not read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BetzaError {
    /// The text.
    pub betza: String,
    /// The 0-based character position at fault.
    pub position: usize,
    /// What is wrong there.
    pub reason: BetzaFault,
}

/// What is wrong with a Betza string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BetzaFault {
    /// A letter this notation (as Fairy-Stockfish reads it) does not have.
    UnknownLetter(char),
    /// A digit that follows no atom.
    StrayDigit(char),
    /// Modifiers at the end, with no move letter after them.
    TrailingModifiers,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.position + 1;
        match self.reason {
            BetzaFault::UnknownLetter(c) => write!(
                f,
                "Betza '{}': unknown letter '{c}' at character {at}",
                self.betza
            ),
            BetzaFault::StrayDigit(c) => write!(
                f,
                "Betza '{}': the digit '{c}' at character {at} follows no move letter",
                self.betza
            ),
            BetzaFault::TrailingModifiers => write!(
                f,
                "Betza '{}': modifiers at the end with no move letter after them",
                self.betza
            ),
        }
    }
}

impl std::error::Error for BetzaError {}

/// The atoms of a leap letter, or `None` for a letter that is none.
fn leap_atoms(letter: char) -> Option<&'static [Vector]> {
    Some(match letter {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' | 'L' => &[(3, 1)],
        'Z' | 'J' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// The atoms of a rider letter, or `None` for a letter that is none.
fn ride_atoms(letter: char) -> Option<&'static [Vector]> {
    Some(match letter {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The images of atom (a, b) a direction pair selects, each as the pairs
/// that select it. The atom is read as Fairy-Stockfish stores it: `a`
/// ranks forward and `b` files to the right for its first image.
fn images(atom: Vector) -> [(Vector, &'static [&'static str]); 8] {
    let (a, b) = atom;
    [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// The modifiers read since the last move letter.
#[derive(Default)]
struct Pending {
    modalities: Vec<Modality>,
    hopper: bool,
    grasshopper: bool,
    lame: bool,
    initial: bool,
    directions: Vec<String>,
}

impl Pending {
    fn is_empty(&self) -> bool {
        self.modalities.is_empty()
            && !self.hopper
            && !self.lame
            && !self.initial
            && self.directions.is_empty()
    }
}

impl PieceMoves {
    /// Reads a Betza string. An empty string is a piece that never moves.
    pub fn parse(betza: &str) -> Result<PieceMoves, BetzaError> {
        let chars: Vec<char> = betza.chars().collect();
        let fault = |position: usize, reason: BetzaFault| BetzaError {
            betza: betza.to_string(),
            position,
            reason,
        };
        let mut moves = BTreeMap::new();
        let mut pending = Pending::default();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            match c {
                'm' => pending.modalities.push(Modality::Quiet),
                'c' => pending.modalities.push(Modality::Capture),
                'p' => pending.hopper = true,
                'g' => {
                    pending.hopper = true;
                    pending.grasshopper = true;
                }
                'n' => pending.lame = true,
                'i' => pending.initial = true,
                'e' => {}
                _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                    let next = chars.get(i + 1).copied();
                    let pairs = next.is_some_and(|n| {
                        n == c
                            || (VERTICALS.contains(c) && HORIZONTALS.contains(n))
                            || (HORIZONTALS.contains(c) && VERTICALS.contains(n))
                    });
                    match (pairs, next) {
                        (true, Some(n)) => {
                            pending.directions.push(format!("{c}{n}"));
                            i += 1;
                        }
                        _ => pending.directions.push(format!("{c}{c}")),
                    }
                }
                _ => {
                    let (atoms, mut rider) = match (ride_atoms(c), leap_atoms(c)) {
                        (Some(atoms), _) => (atoms, true),
                        (None, Some(atoms)) => (atoms, false),
                        (None, None) if c.is_ascii_digit() => {
                            return Err(fault(i, BetzaFault::StrayDigit(c)));
                        }
                        (None, None) => return Err(fault(i, BetzaFault::UnknownLetter(c))),
                    };
                    let mut limit: u8 = u8::from(pending.grasshopper);
                    if let Some(&next) = chars.get(i + 1)
                        && (next.is_ascii_digit() || next == c)
                    {
                        rider = true;
                        if let Some(digit) = next.to_digit(10) {
                            limit = digit as u8;
                        }
                        i += 1;
                    }
                    let (class, travel) = if pending.hopper {
                        (TravelClass::Hop, Travel::Hop { limit })
                    } else if rider {
                        (TravelClass::Slide, Travel::Ride { limit })
                    } else if pending.lame {
                        (TravelClass::Step, Travel::LameLeap)
                    } else {
                        (TravelClass::Step, Travel::Leap)
                    };
                    let modalities = match pending.modalities.is_empty() {
                        true => Modality::ALL.to_vec(),
                        false => pending.modalities.clone(),
                    };
                    for &atom in atoms {
                        // A lone orthogonal atom splits its pairs: `fsW`
                        // is forward and sideways, as for the soldier.
                        let split = atoms.len() == 1 && atom.1 == 0;
                        let mut directions: Vec<String> = Vec::new();
                        for d in &pending.directions {
                            let bytes = d.as_bytes();
                            if split && bytes[0] != bytes[1] {
                                directions.push(format!("{0}{0}", bytes[0] as char));
                                directions.push(format!("{0}{0}", bytes[1] as char));
                            } else {
                                directions.push(d.clone());
                            }
                        }
                        for (vector, selectors) in images(atom) {
                            let chosen = directions.is_empty()
                                || directions.iter().any(|d| selectors.contains(&d.as_str()));
                            if !chosen {
                                continue;
                            }
                            for &modality in &modalities {
                                moves.insert((pending.initial, modality, class, vector), travel);
                            }
                        }
                    }
                    pending = Pending::default();
                }
            }
            i += 1;
        }
        if !pending.is_empty() {
            return Err(fault(
                chars.len().saturating_sub(1),
                BetzaFault::TrailingModifiers,
            ));
        }
        Ok(PieceMoves {
            betza: betza.to_string(),
            moves,
        })
    }

    /// The text the moves were read from.
    pub fn betza(&self) -> &str {
        &self.betza
    }

    /// Every move, quiet before capture, non-initial before initial.
    pub fn moves(&self) -> impl Iterator<Item = PieceMove> + '_ {
        self.moves
            .iter()
            .map(|(&(initial, modality, _, vector), &travel)| PieceMove {
                vector,
                travel,
                modality,
                initial,
            })
    }

    /// Whether the piece has no move at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves of one modality (first moves left out), as a set of
    /// (vector, travel) pairs.
    fn of(&self, modality: Modality) -> Vec<(Vector, Travel)> {
        self.moves()
            .filter(|m| m.modality == modality && !m.initial)
            .map(|m| (m.vector, m.travel))
            .collect()
    }

    /// Whether the piece moves and captures alike, with no first-move-only
    /// moves.
    pub fn moves_as_it_captures(&self) -> bool {
        self.of(Modality::Quiet) == self.of(Modality::Capture) && self.moves().all(|m| !m.initial)
    }
}

/// A piece type Fairy-Stockfish predefines, by the name `variants.ini`
/// gives it, and its moves in Betza notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PredefinedPiece {
    /// The name used as a key in `variants.ini` (`knight = n`).
    pub name: &'static str,
    /// How it moves.
    pub betza: &'static str,
}

/// Fairy-Stockfish's predefined piece types, with their moves. The pawn
/// is listed with its Betza for completeness: its double step, en passant
/// and promotion are rules of the game. `janggiElephant` is Fairy-Stockfish's
/// lame zebra (`nZ`).
pub const PREDEFINED_PIECES: &[PredefinedPiece] = &[
    PredefinedPiece {
        name: "pawn",
        betza: "fmWfceF",
    },
    PredefinedPiece {
        name: "knight",
        betza: "N",
    },
    PredefinedPiece {
        name: "bishop",
        betza: "B",
    },
    PredefinedPiece {
        name: "rook",
        betza: "R",
    },
    PredefinedPiece {
        name: "queen",
        betza: "Q",
    },
    PredefinedPiece {
        name: "fers",
        betza: "F",
    },
    PredefinedPiece {
        name: "alfil",
        betza: "A",
    },
    PredefinedPiece {
        name: "fersAlfil",
        betza: "FA",
    },
    PredefinedPiece {
        name: "silver",
        betza: "FfW",
    },
    PredefinedPiece {
        name: "aiwok",
        betza: "RNF",
    },
    PredefinedPiece {
        name: "bers",
        betza: "RF",
    },
    PredefinedPiece {
        name: "archbishop",
        betza: "BN",
    },
    PredefinedPiece {
        name: "chancellor",
        betza: "RN",
    },
    PredefinedPiece {
        name: "amazon",
        betza: "QN",
    },
    PredefinedPiece {
        name: "knibis",
        betza: "mNcB",
    },
    PredefinedPiece {
        name: "biskni",
        betza: "mBcN",
    },
    PredefinedPiece {
        name: "kniroo",
        betza: "mNcR",
    },
    PredefinedPiece {
        name: "rookni",
        betza: "mRcN",
    },
    PredefinedPiece {
        name: "shogiPawn",
        betza: "fW",
    },
    PredefinedPiece {
        name: "lance",
        betza: "fR",
    },
    PredefinedPiece {
        name: "shogiKnight",
        betza: "fN",
    },
    PredefinedPiece {
        name: "gold",
        betza: "WfF",
    },
    PredefinedPiece {
        name: "dragonHorse",
        betza: "BW",
    },
    PredefinedPiece {
        name: "clobber",
        betza: "cW",
    },
    PredefinedPiece {
        name: "breakthrough",
        betza: "fmWfF",
    },
    PredefinedPiece {
        name: "immobile",
        betza: "",
    },
    PredefinedPiece {
        name: "cannon",
        betza: "mRcpR",
    },
    PredefinedPiece {
        name: "janggiCannon",
        betza: "pR",
    },
    PredefinedPiece {
        name: "soldier",
        betza: "fsW",
    },
    PredefinedPiece {
        name: "horse",
        betza: "nN",
    },
    PredefinedPiece {
        name: "elephant",
        betza: "nA",
    },
    PredefinedPiece {
        name: "janggiElephant",
        betza: "nZ",
    },
    PredefinedPiece {
        name: "banner",
        betza: "RcpRnN",
    },
    PredefinedPiece {
        name: "wazir",
        betza: "W",
    },
    PredefinedPiece {
        name: "commoner",
        betza: "K",
    },
    PredefinedPiece {
        name: "centaur",
        betza: "KN",
    },
    PredefinedPiece {
        name: "king",
        betza: "K",
    },
];

/// The predefined piece of this name (as `variants.ini` spells it).
pub fn predefined_piece(name: &str) -> Option<&'static PredefinedPiece> {
    PREDEFINED_PIECES.iter().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The (vector, travel) pairs of one modality, non-initial.
    fn set(betza: &str, modality: Modality) -> BTreeSet<(Vector, String)> {
        PieceMoves::parse(betza)
            .unwrap()
            .moves()
            .filter(|m| m.modality == modality && !m.initial)
            .map(|m| (m.vector, format!("{:?}", m.travel)))
            .collect()
    }

    fn vectors(betza: &str, modality: Modality) -> BTreeSet<Vector> {
        set(betza, modality).into_iter().map(|(v, _)| v).collect()
    }

    fn all<const N: usize>(v: [Vector; N]) -> BTreeSet<Vector> {
        v.into_iter().collect()
    }

    #[test]
    fn the_knight_leaps_to_its_eight_squares_moving_and_capturing() {
        let expected = all([
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ]);
        assert_eq!(vectors("N", Modality::Quiet), expected);
        assert_eq!(vectors("N", Modality::Capture), expected);
        assert!(PieceMoves::parse("N").unwrap().moves_as_it_captures());
    }

    #[test]
    fn compound_letters_are_their_atoms() {
        assert_eq!(set("K", Modality::Quiet), set("WF", Modality::Quiet));
        assert_eq!(set("Q", Modality::Capture), set("RB", Modality::Capture));
        assert_eq!(set("R", Modality::Quiet), set("WW", Modality::Quiet));
        assert_eq!(set("C", Modality::Quiet), set("L", Modality::Quiet));
        assert_eq!(set("Z", Modality::Quiet), set("J", Modality::Quiet));
        assert_eq!(vectors("WAD", Modality::Quiet).len(), 12);
        assert_eq!(vectors("G", Modality::Quiet).len(), 4);
    }

    #[test]
    fn the_pawn_moves_forward_and_captures_diagonally_forward() {
        assert_eq!(vectors("fmWfceF", Modality::Quiet), all([(0, 1)]));
        assert_eq!(
            vectors("fmWfceF", Modality::Capture),
            all([(1, 1), (-1, 1)])
        );
        let pawn = PieceMoves::parse("fmWfceF").unwrap();
        assert!(!pawn.moves_as_it_captures());
    }

    #[test]
    fn a_lone_direction_on_a_knight_keeps_the_narrow_leaps() {
        // Fairy-Stockfish's shogi knight.
        assert_eq!(vectors("fN", Modality::Quiet), all([(1, 2), (-1, 2)]));
        // Wide forward leaps, and every forward leap.
        assert_eq!(vectors("fsN", Modality::Quiet), all([(2, 1), (-2, 1)]));
        assert_eq!(
            vectors("fhN", Modality::Quiet),
            all([(1, 2), (-1, 2), (2, 1), (-2, 1)])
        );
        assert_eq!(
            vectors("ffNfsN", Modality::Quiet),
            vectors("fhN", Modality::Quiet)
        );
    }

    #[test]
    fn pairs_on_an_orthogonal_atom_split_into_both_directions() {
        // The soldier: forward and sideways.
        assert_eq!(
            vectors("fsW", Modality::Quiet),
            all([(0, 1), (1, 0), (-1, 0)])
        );
        assert_eq!(vectors("vR", Modality::Quiet), all([(0, 1), (0, -1)]));
        assert_eq!(vectors("lrR", Modality::Quiet), all([(1, 0), (-1, 0)]));
        // The gold general: a wazir and forward ferz.
        assert_eq!(
            vectors("WfF", Modality::Quiet),
            all([(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1)])
        );
    }

    #[test]
    fn diagonal_pairs_pick_one_diagonal() {
        assert_eq!(vectors("frF", Modality::Quiet), all([(1, 1)]));
        assert_eq!(vectors("rfF", Modality::Quiet), all([(1, 1)]));
        assert_eq!(vectors("rflbB", Modality::Quiet), all([(1, 1), (-1, -1)]));
    }

    #[test]
    fn digits_and_doubled_atoms_make_riders() {
        assert_eq!(
            set("W4", Modality::Quiet),
            set("R4", Modality::Quiet),
            "W4 rides four steps like R4"
        );
        let limited: Vec<Travel> = PieceMoves::parse("mR3")
            .unwrap()
            .moves()
            .map(|m| m.travel)
            .collect();
        assert_eq!(limited, vec![Travel::Ride { limit: 3 }; 4]);
        let nightrider = PieceMoves::parse("NN").unwrap();
        assert_eq!(nightrider.moves().count(), 16);
        assert!(
            nightrider
                .moves()
                .all(|m| m.travel == Travel::Ride { limit: 0 })
        );
    }

    #[test]
    fn hoppers_and_lame_leapers_are_told_apart() {
        let cannon = PieceMoves::parse("mRcpR").unwrap();
        assert!(cannon
            .moves()
            .all(|m| (m.modality == Modality::Quiet) == (m.travel == Travel::Ride { limit: 0 })));
        assert!(
            cannon
                .moves()
                .filter(|m| m.modality == Modality::Capture)
                .all(|m| m.travel == Travel::Hop { limit: 0 })
        );
        let grasshopper = PieceMoves::parse("gQ").unwrap();
        assert!(
            grasshopper
                .moves()
                .all(|m| m.travel == Travel::Hop { limit: 1 })
        );
        let horse = PieceMoves::parse("nN").unwrap();
        assert!(horse.moves().all(|m| m.travel == Travel::LameLeap));
        // A lame rider is a rider, as in Fairy-Stockfish.
        assert!(
            PieceMoves::parse("nR")
                .unwrap()
                .moves()
                .all(|m| m.travel == Travel::Ride { limit: 0 })
        );
    }

    #[test]
    fn initial_moves_are_marked() {
        let pawn = PieceMoves::parse("fmWfceFifmnD").unwrap();
        let initial: Vec<PieceMove> = pawn.moves().filter(|m| m.initial).collect();
        assert_eq!(initial.len(), 1);
        assert_eq!(initial[0].vector, (0, 2));
        assert_eq!(initial[0].travel, Travel::LameLeap);
        assert_eq!(initial[0].modality, Modality::Quiet);
    }

    #[test]
    fn a_later_letter_replaces_the_limit_of_the_same_move() {
        let moves: Vec<Travel> = PieceMoves::parse("R2R")
            .unwrap()
            .moves()
            .map(|m| m.travel)
            .collect();
        assert_eq!(moves, vec![Travel::Ride { limit: 0 }; 8]);
    }

    #[test]
    fn bad_strings_are_refused_with_the_place_and_reason() {
        let error = PieceMoves::parse("fXN").unwrap_err();
        assert_eq!(error.position, 1);
        assert_eq!(error.reason, BetzaFault::UnknownLetter('X'));
        assert_eq!(
            error.to_string(),
            "Betza 'fXN': unknown letter 'X' at character 2"
        );
        assert_eq!(
            PieceMoves::parse("3N").unwrap_err().reason,
            BetzaFault::StrayDigit('3')
        );
        assert_eq!(
            PieceMoves::parse("Nfm").unwrap_err().reason,
            BetzaFault::TrailingModifiers
        );
        assert_eq!(
            PieceMoves::parse("aW").unwrap_err().reason,
            BetzaFault::UnknownLetter('a')
        );
        assert!(PieceMoves::parse("").unwrap().is_empty());
    }

    #[test]
    fn every_predefined_piece_reads() {
        for piece in PREDEFINED_PIECES {
            let moves =
                PieceMoves::parse(piece.betza).unwrap_or_else(|e| panic!("{}: {e}", piece.name));
            assert_eq!(moves.is_empty(), piece.name == "immobile", "{}", piece.name);
        }
        assert_eq!(predefined_piece("chancellor").map(|p| p.betza), Some("RN"));
        assert!(predefined_piece("dragon").is_none());
    }

    #[test]
    fn any_text_reads_or_is_refused_without_a_panic() {
        let alphabet: Vec<char> = "WFDNAHCLZJGKRBQmcpgnief bvlrsh0123456789xXé-"
            .chars()
            .collect();
        let mut rng = crate::rules::random::XorShift(0x5EED_BE7A);
        for _ in 0..20_000 {
            let len = (rng.next_word() % 12) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(rng.next_word() % alphabet.len() as u64) as usize])
                .collect();
            if let Err(error) = PieceMoves::parse(&text) {
                assert!(
                    error.position < text.chars().count().max(1),
                    "{text}: {error}"
                );
            }
        }
    }
}
