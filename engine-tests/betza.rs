//! Betza notation as Fairy-Stockfish reads it: every case of
//! `betza.fsf` (one piece on e5 of a 9x9 board, the squares
//! Fairy-Stockfish lets it move to, written by `scripts/betza_fsf.py`)
//! against the moves motley reads from the same string, walked over the
//! same board by the plain rules of each kind of travel.

use std::collections::BTreeSet;

use motley::rules::betza::{Modality, PieceMoves, Travel};

const SIZE: i32 = 9;

/// A 9x9 board: `None` empty, `Some(true)` the moving side's piece,
/// `Some(false)` the other side's.
struct Board {
    squares: [[Option<bool>; 9]; 9],
}

impl Board {
    /// Reads a FEN board field, the side to move given (upper case is
    /// White).
    fn read(field: &str, white_to_move: bool) -> Board {
        let mut squares = [[None; 9]; 9];
        for (row, text) in field.split('/').enumerate() {
            let rank = SIZE as usize - 1 - row;
            let mut file = 0;
            for c in text.chars() {
                match c.to_digit(10) {
                    Some(run) => file += run as usize,
                    None => {
                        squares[file][rank] = Some(c.is_ascii_uppercase() == white_to_move);
                        file += 1;
                    }
                }
            }
            assert_eq!(file, 9, "rank {rank} of {field}");
        }
        Board { squares }
    }

    fn at(&self, (f, r): (i32, i32)) -> Option<Option<bool>> {
        let inside = (0..SIZE).contains(&f) && (0..SIZE).contains(&r);
        inside.then(|| self.squares[f as usize][r as usize])
    }
}

/// Fairy-Stockfish's path of a lame leap from `from` by `d`: straight
/// towards the target, a diagonal step while files and ranks remain
/// alike, the target left out.
fn lame_path(from: (i32, i32), d: (i32, i32)) -> Vec<(i32, i32)> {
    let to = (from.0 + d.0, from.1 + d.1);
    let (sf, sr) = (d.0.signum(), d.1.signum());
    let mut at = from;
    let mut path = Vec::new();
    while at != to {
        let diff = (to.0 - at.0).abs() - (to.1 - at.1).abs();
        at = match diff.cmp(&0) {
            std::cmp::Ordering::Greater => (at.0 + sf, at.1),
            std::cmp::Ordering::Less => (at.0, at.1 + sr),
            std::cmp::Ordering::Equal => (at.0 + sf, at.1 + sr),
        };
        if at != to {
            path.push(at);
        }
    }
    path
}

/// The targets of the piece on e5, moving for the side to move.
fn targets(moves: &PieceMoves, board: &Board, white: bool) -> BTreeSet<String> {
    let from = (4, 4);
    let mut out = BTreeSet::new();
    let mut land = |sq: (i32, i32), modality: Modality| {
        let ok = matches!(
            (board.at(sq), modality),
            (Some(None), Modality::Quiet) | (Some(Some(false)), Modality::Capture)
        );
        if ok {
            out.insert(format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1));
        }
    };
    for m in moves.moves().filter(|m| !m.initial) {
        let sign = if white { 1 } else { -1 };
        let d = (i32::from(m.vector.0) * sign, i32::from(m.vector.1) * sign);
        let step = |sq: (i32, i32)| (sq.0 + d.0, sq.1 + d.1);
        match m.travel {
            Travel::Leap => land(step(from), m.modality),
            Travel::LameLeap => {
                if lame_path(from, d)
                    .iter()
                    .all(|&sq| board.at(sq) == Some(None))
                {
                    land(step(from), m.modality);
                }
            }
            Travel::Ride { limit } => {
                let mut sq = step(from);
                let mut count = 0;
                while let Some(content) = board.at(sq) {
                    land(sq, m.modality);
                    count += 1;
                    if content.is_some() || (limit > 0 && count >= limit) {
                        break;
                    }
                    sq = step(sq);
                }
            }
            Travel::Hop { limit } => {
                let mut sq = step(from);
                let mut hurdle = false;
                let mut count = 0;
                while let Some(content) = board.at(sq) {
                    if hurdle {
                        land(sq, m.modality);
                        count += 1;
                        if content.is_some() || (limit > 0 && count >= limit) {
                            break;
                        }
                    } else if content.is_some() {
                        hurdle = true;
                    }
                    sq = step(sq);
                }
            }
        }
    }
    out
}

#[test]
fn every_piece_moves_where_fairy_stockfish_moves_it() {
    let text = include_str!("betza.fsf");
    let mut cases = 0;
    let mut failures = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('|').collect();
        let [betza, colour, field, expected] = fields[..] else {
            panic!("betza.fsf:{}: four fields expected", number + 1);
        };
        let white = colour == "w";
        let moves =
            PieceMoves::parse(betza).unwrap_or_else(|e| panic!("betza.fsf:{}: {e}", number + 1));
        let got = targets(&moves, &Board::read(field, white), white);
        let expected: BTreeSet<String> = expected
            .split(' ')
            .filter(|t| *t != "-")
            .map(str::to_string)
            .collect();
        if got != expected {
            failures.push(format!(
                "line {}: {betza} {colour} {field}: Fairy-Stockfish {expected:?}, motley {got:?}",
                number + 1
            ));
        }
        cases += 1;
    }
    assert!(cases >= 900, "only {cases} cases in betza.fsf");
    assert!(
        failures.is_empty(),
        "{} of {cases} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
