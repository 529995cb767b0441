//! Search scores: centipawns from the side to move's point of view, with
//! mates encoded near the ends of the range.

use crate::rules::EndScore;

/// A score in centipawns (or a mate score).
pub type Score = i32;

/// Larger than any score.
pub const INFINITE: Score = 32_000;
/// The score of being mated at the root; mate in `n` plies is `MATE - n`.
pub const MATE: Score = 31_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: Score = MATE - 1_000;
/// A draw.
pub const DRAW: Score = 0;

/// Score for delivering mate `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Score for being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// The score of a game ended by its rules `ply` plies from the root, for
/// the side the ending befalls (the side to move there): a loss scores
/// as being mated, a win as mating.
#[inline]
pub const fn end_score(score: EndScore, ply: usize) -> Score {
    match score {
        EndScore::Loss => mated_in(ply),
        EndScore::Draw => DRAW,
        EndScore::Win => mate_in(ply),
    }
}

/// Whether a score is a mate score.
#[inline]
pub const fn is_mate(score: Score) -> bool {
    score.abs() > MATE_BOUND
}

/// A score as the protocols report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReport {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl ScoreReport {
    /// The report for a search score.
    pub fn from_score(score: Score) -> ScoreReport {
        if is_mate(score) {
            let plies = MATE - score.abs();
            let moves = (plies + 1) / 2;
            ScoreReport::Mate(if score > 0 { moves } else { -moves })
        } else {
            ScoreReport::Centipawns(score)
        }
    }
    /// The UCI form: `cp 35` or `mate -3`.
    pub fn uci(self) -> String {
        match self {
            ScoreReport::Centipawns(cp) => format!("cp {cp}"),
            ScoreReport::Mate(n) => format!("mate {n}"),
        }
    }
}

/// A TT score is stored relative to the node; mates are moved from
/// "distance from root" to "distance from this node".
#[inline]
pub fn to_tt(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score + ply as Score
    } else if score < -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub fn from_tt(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score - ply as Score
    } else if score < -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

impl PartialOrd for ScoreReport {
    /// Orders reports from the mover's view: being mated < centipawns <
    /// mating; quicker mates are better.
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        fn rank(r: &ScoreReport) -> (i32, i32) {
            match *r {
                ScoreReport::Mate(n) if n > 0 => (2, -n),
                ScoreReport::Mate(n) => (0, -n),
                ScoreReport::Centipawns(cp) => (1, cp),
            }
        }
        rank(self).partial_cmp(&rank(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_reports_count_moves() {
        assert_eq!(ScoreReport::from_score(mate_in(1)), ScoreReport::Mate(1));
        assert_eq!(ScoreReport::from_score(mate_in(3)), ScoreReport::Mate(2));
        assert_eq!(ScoreReport::from_score(mated_in(2)), ScoreReport::Mate(-1));
        assert_eq!(ScoreReport::from_score(35), ScoreReport::Centipawns(35));
        assert_eq!(from_tt(to_tt(mate_in(7), 3), 3), mate_in(7));
    }
}
