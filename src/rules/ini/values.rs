//! The kinds of value a `variants.ini` key takes, read as Fairy-Stockfish
//! reads them; each reader says what is wrong in words.

use std::fmt;

/// The most files and ranks a file may name (`maxFile`, regions).
pub const MAX_LINES: u8 = 16;

/// What a game end scores for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameValue {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The rule does not end the game.
    None,
}

/// A set of squares by (file, rank), both 0-based, on a board of at most
/// [`MAX_LINES`] files and ranks: one bit per file in each rank's word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Region(pub [u16; MAX_LINES as usize]);

impl Region {
    /// No square.
    pub const EMPTY: Region = Region([0; MAX_LINES as usize]);
    /// Every square of any board.
    pub const ALL: Region = Region([u16::MAX; MAX_LINES as usize]);

    /// The whole of one rank (0-based).
    pub fn rank(rank: u8) -> Region {
        let mut region = Region::EMPTY;
        region.0[rank as usize] = u16::MAX;
        region
    }

    /// Whether the region holds (file, rank).
    pub fn has(&self, file: u8, rank: u8) -> bool {
        file < MAX_LINES && rank < MAX_LINES && self.0[rank as usize] >> file & 1 == 1
    }

    fn add(&mut self, file: u8, rank: u8) {
        self.0[rank as usize] |= 1 << file;
    }
}

impl fmt::Display for GameValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameValue::Win => "win",
            GameValue::Loss => "loss",
            GameValue::Draw => "draw",
            GameValue::None => "none",
        })
    }
}

/// `true` or `false`.
pub fn boolean(value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("'{value}' is not true or false")),
    }
}

/// A whole number from `min` to `max`.
pub fn number(value: &str, min: u32, max: u32) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{value}' is not a whole number from {min} to {max}"
        )),
    }
}

/// A file, by letter (`a`) or 1-based number (`1`), as 0-based.
pub fn file(value: &str) -> Result<u8, String> {
    let error = || format!("'{value}' is not a file from a to p (or 1 to {MAX_LINES})");
    let mut chars = value.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='p'), None) => Ok(c as u8 - b'a'),
        (Some(c), _) if c.is_ascii_digit() => number(value, 1, u32::from(MAX_LINES))
            .map(|n| n as u8 - 1)
            .map_err(|_| error()),
        _ => Err(error()),
    }
}

/// A 1-based rank number, as 0-based.
pub fn rank(value: &str) -> Result<u8, String> {
    number(value, 1, u32::from(MAX_LINES))
        .map(|n| n as u8 - 1)
        .map_err(|_| format!("'{value}' is not a rank from 1 to {MAX_LINES}"))
}

/// `win`, `loss`, `draw` or `none`.
pub fn game_value(value: &str) -> Result<GameValue, String> {
    match value {
        "win" => Ok(GameValue::Win),
        "loss" => Ok(GameValue::Loss),
        "draw" => Ok(GameValue::Draw),
        "none" => Ok(GameValue::None),
        _ => Err(format!("'{value}' is not win, loss, draw or none")),
    }
}

/// A region: space-separated squares (`e4`), whole files (`e*`), whole
/// ranks (`*4`), or `-` for none.
pub fn region(value: &str) -> Result<Region, String> {
    let mut region = Region::EMPTY;
    for symbol in value.split_whitespace() {
        if symbol == "-" {
            break;
        }
        let error = || format!("'{symbol}' is not a square (e4), a file (e*) or a rank (*4)");
        let mut chars = symbol.chars();
        let first = chars.next().ok_or_else(error)?;
        let rest = chars.as_str();
        if first == '*' {
            let r = rank(rest).map_err(|_| error())?;
            for f in 0..MAX_LINES {
                region.add(f, r);
            }
        } else if first.is_ascii_alphabetic() && rest == "*" {
            let f = file(&first.to_ascii_lowercase().to_string()).map_err(|_| error())?;
            for r in 0..MAX_LINES {
                region.add(f, r);
            }
        } else if first.is_ascii_alphabetic() && !rest.is_empty() {
            let f = file(&first.to_ascii_lowercase().to_string()).map_err(|_| error())?;
            region.add(f, rank(rest).map_err(|_| error())?);
        } else {
            return Err(error());
        }
    }
    Ok(region)
}

/// Piece letters, one per character (spaces ignored), or `-` for none.
/// Case is ignored.
pub fn letters(value: &str) -> Vec<char> {
    value
        .chars()
        .take_while(|&c| c != '-')
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// `letter:number` pairs separated by spaces (`q:950 r:500`).
pub fn letter_numbers(value: &str, max: u32) -> Result<Vec<(char, u32)>, String> {
    value
        .split_whitespace()
        .map(|pair| {
            let error = || format!("'{pair}' is not a piece letter, ':' and a number up to {max}");
            let (letter, n) = pair.split_once(':').ok_or_else(error)?;
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(error());
            };
            Ok((
                c.to_ascii_lowercase(),
                number(n, 0, max).map_err(|_| error())?,
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_ranks_and_numbers_read_both_ways() {
        assert_eq!(file("j"), Ok(9));
        assert_eq!(file("10"), Ok(9));
        assert!(file("q").is_err() && file("0").is_err() && file("").is_err());
        assert_eq!(rank("8"), Ok(7));
        assert!(rank("17").is_err() && rank("-1").is_err());
        assert!(number("99999999999999999999", 0, 10).is_err());
        assert_eq!(boolean("true"), Ok(true));
        assert!(boolean("yes").is_err());
        assert_eq!(game_value("loss"), Ok(GameValue::Loss));
    }

    #[test]
    fn regions_read_squares_files_and_ranks() {
        let r = region("*8 a* c3").unwrap();
        assert!(r.has(5, 7) && r.has(0, 2) && r.has(2, 2) && !r.has(3, 3));
        assert_eq!(region("-").unwrap(), Region::EMPTY);
        assert_eq!(region("*1").unwrap(), Region::rank(0));
        for bad in ["z9", "*", "e", "**", "e0", "*99", "4e"] {
            assert!(region(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn letters_and_pairs_read() {
        assert_eq!(letters("QrB n"), vec!['q', 'r', 'b', 'n']);
        assert!(letters("-").is_empty());
        assert_eq!(
            letter_numbers("q:1 C:20", 100),
            Ok(vec![('q', 1), ('c', 20)])
        );
        assert!(letter_numbers("q1", 9).is_err() && letter_numbers("qq:1", 9).is_err());
    }
}
