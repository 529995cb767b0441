//! Tuning the evaluation's numbers from game records (Texel's method):
//! the numbers are moved, one at a time, in whichever direction lowers the
//! mean squared difference between each position's result and the win
//! probability its evaluation predicts, `1 / (1 + 10^(-k * eval / 400))`.
//!
//! The positions come from PGN files (`motley match --pgn`); only quiet
//! ones are kept: not in check, and the move played from them neither
//! captures nor promotes, so the static evaluation is a fair guess of what
//! a search would say.

use rayon::prelude::*;

use crate::rules::{Bitboard, Color, MoveKind, Position, Variant};

use super::params::{EvalParams, params};
use super::{EvalTables, evaluate};

/// Plies from the start of a game whose positions are skipped (book moves).
pub const SKIP_PLIES: usize = 8;

/// The first step by which each number is moved.
const INITIAL_STEP: i32 = 4;
/// The largest step a number's run of successful moves grows to.
const MAX_STEP: i32 = 32;
/// Passes in a row without a lower held-out error after which tuning stops.
const HELD_OUT_PATIENCE: usize = 2;

/// One position and the result of its game, for White (1, ½ or 0).
#[derive(Clone, Copy, Debug)]
pub struct Sample<B: Bitboard> {
    /// The position.
    pub position: Position<B>,
    /// The game's result from White's side.
    pub result: f64,
}

/// A game record read from PGN: its game, its start (a FEN or the start
/// position), its moves in SAN and its result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    /// The `Variant` tag, if any (none is chess).
    pub variant: Option<String>,
    /// The `FEN` tag, if any.
    pub fen: Option<String>,
    /// The moves, in SAN, without numbers, comments or annotations.
    pub moves: Vec<String>,
    /// The `Result` tag: 1 for a White win, 0.5 for a draw, 0 for a loss;
    /// `None` for an unfinished game.
    pub result: Option<f64>,
}

/// Reads every game of a PGN text.
pub fn read_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut comment_depth = 0usize;
    for line in text.lines() {
        let line = line.trim();
        if comment_depth == 0 && line.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut game));
                in_moves = false;
            }
            if let Some((key, value)) = tag(line) {
                match key {
                    "FEN" => game.fen = Some(value.to_string()),
                    "Variant" => game.variant = Some(value.to_string()),
                    "Result" => {
                        game.result = match value {
                            "1-0" => Some(1.0),
                            "0-1" => Some(0.0),
                            "1/2-1/2" => Some(0.5),
                            _ => None,
                        }
                    }
                    _ => {}
                }
            }
            continue;
        }
        for token in line.split_whitespace() {
            in_moves = true;
            let mut word = token;
            // Comments may hold spaces and braces inside tokens.
            while let Some(c) = word.chars().next() {
                if comment_depth > 0 {
                    match word.find('}') {
                        Some(end) => {
                            comment_depth -= 1;
                            word = &word[end + 1..];
                        }
                        None => word = "",
                    }
                } else if c == '{' {
                    comment_depth += 1;
                    word = &word[1..];
                } else {
                    break;
                }
            }
            if word.is_empty() || comment_depth > 0 {
                continue;
            }
            if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                continue;
            }
            let san = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if san.is_empty() || san.starts_with('$') {
                continue;
            }
            game.moves.push(san.to_string());
        }
    }
    if in_moves || game.result.is_some() {
        games.push(game);
    }
    games
}

/// A PGN tag line's key and value: `[Key "Value"]`.
fn tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(' ')?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key, value))
}

/// A SAN move without its check, mate and annotation marks.
fn bare_san(san: &str) -> &str {
    san.trim_end_matches(['+', '#', '!', '?'])
}

/// The quiet positions of a game of `variant`: none for a record of
/// another game (its `Variant` tag, none for chess); stops at the first
/// move that is not legal (a damaged record).
pub fn samples_of<B: Bitboard>(variant: Variant, game: &PgnGame) -> Vec<Sample<B>> {
    let Some(result) = game.result else {
        return Vec::new();
    };
    let game_of_record = match &game.variant {
        Some(name) => name.parse::<Variant>().ok(),
        // No tag: the game whose PGN has none (chess).
        None => Variant::ALL
            .into_iter()
            .find(|v| v.spec().pgn_variant.is_none()),
    };
    if game_of_record != Some(variant) {
        return Vec::new();
    }
    let start = match &game.fen {
        Some(fen) => Position::<B>::from_fen(variant, fen),
        None => Position::<B>::from_fen(variant, variant.spec().start_fen),
    };
    let Ok(mut pos) = start else {
        return Vec::new();
    };
    let mut samples = Vec::new();
    for (ply, san) in game.moves.iter().enumerate() {
        let wanted = bare_san(san);
        let Some(m) = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| bare_san(&pos.san(m)) == wanted)
        else {
            break;
        };
        let noisy = pos.captured(m).is_some()
            || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Promotion);
        if ply >= SKIP_PLIES && !noisy && !pos.in_check() {
            samples.push(Sample {
                position: pos,
                result,
            });
        }
        pos.play(m);
    }
    samples
}

/// How `tune` runs.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    /// Most passes over all the numbers.
    pub passes: usize,
    /// Numbers left alone: those whose name starts with one of these
    /// (e.g. `rank`, `material[Pawn]`).
    pub skip: Vec<String>,
}

/// Positions to tune on and positions held out to see whether the tuned
/// numbers predict games they were not fitted to (they stop the tuning
/// when their error no longer falls).
#[derive(Debug, Default)]
pub struct TuningData<B: Bitboard> {
    /// The positions the numbers are fitted to.
    pub training: Vec<Sample<B>>,
    /// Positions of other games, only measured.
    pub held_out: Vec<Sample<B>>,
}

/// Every how many pairs of games one is held out.
pub const HOLD_OUT_EVERY: usize = 10;

/// The win probability an evaluation (centipawns) predicts with scale `k`.
fn win_probability(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of the evaluation `et` over `samples`.
pub fn mean_error<B: Bitboard>(samples: &[Sample<B>], et: &EvalTables<B>, k: f64) -> f64 {
    let total: f64 = samples
        .par_chunks(1024)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| {
                    let eval = evaluate(&s.position, et) as f64;
                    let white = if s.position.side_to_move() == Color::White {
                        eval
                    } else {
                        -eval
                    };
                    let diff = s.result - win_probability(white, k);
                    diff * diff
                })
                .sum::<f64>()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale `k` that fits the evaluation `et` to `samples` best.
pub fn best_scale<B: Bitboard>(samples: &[Sample<B>], et: &EvalTables<B>) -> f64 {
    let (mut low, mut high) = (0.05f64, 4.0f64);
    // Golden-section search; the error is unimodal in k.
    for _ in 0..40 {
        let a = low + (high - low) * 0.382;
        let b = low + (high - low) * 0.618;
        if mean_error(samples, et, a) < mean_error(samples, et, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Moves the numbers `start` of `variant` to fit the training positions
/// of `data`, for at most `settings.passes` passes over every number;
/// `report` hears each pass. Returns the numbers whose held-out error was
/// lowest (the last ones when nothing is held out).
pub fn tune<B: Bitboard>(
    variant: Variant,
    data: &TuningData<B>,
    start: EvalParams,
    settings: &TuneSettings,
    report: &mut dyn FnMut(&str),
) -> EvalParams {
    let samples = &data.training[..];
    let tables = |p: &EvalParams| EvalTables::<B>::with_params(variant, p.clone());
    let start_tables = tables(&start);
    let k = best_scale(samples, &start_tables);
    report(&format!("scale k = {k:.4}"));
    let mut best_error = mean_error(samples, &start_tables, k);
    let mut best_held_out = mean_error(&data.held_out, &start_tables, k);
    let mut best = start;
    let mut kept = best.clone();
    report(&format!(
        "start error {best_error:.6}, held out {best_held_out:.6}"
    ));

    // Numbers that change no evaluation of a probe set are left alone.
    let probe = &samples[..samples.len().min(4000)];
    let probe_base: Vec<i32> = probe
        .iter()
        .map(|s| evaluate(&s.position, &start_tables))
        .collect();
    let mut names = Vec::new();
    best.clone()
        .visit_tunable(&mut |name, _| names.push(name.to_string()));
    let count = names.len();
    let used: Vec<bool> = (0..count)
        .map(|index| {
            if settings
                .skip
                .iter()
                .any(|prefix| names[index].starts_with(prefix.as_str()))
            {
                return false;
            }
            let trial = nudged(&best, index, 5);
            let et = tables(&trial);
            probe
                .iter()
                .zip(&probe_base)
                .any(|(s, &base)| evaluate(&s.position, &et) != base)
        })
        .collect();
    report(&format!(
        "{} of {count} numbers matter here",
        used.iter().filter(|&&u| u).count()
    ));

    // Each number has its own step: doubled after a move that lowered
    // the error (a number far from its best gets there in few passes),
    // halved after a failed try.
    let mut steps = vec![INITIAL_STEP; count];
    let mut stale_passes = 0;
    for pass in 1..=settings.passes {
        let mut improved = 0;
        for index in (0..count).filter(|&i| used[i]) {
            let step = steps[index];
            let mut moved = false;
            for delta in [step, -step] {
                let trial = nudged(&best, index, delta);
                let error = mean_error(samples, &tables(&trial), k);
                if error < best_error {
                    best = trial;
                    best_error = error;
                    moved = true;
                    break;
                }
            }
            if moved {
                improved += 1;
                steps[index] = (step * 2).min(MAX_STEP);
            } else {
                steps[index] = (step / 2).max(1);
            }
        }
        let error_held_out = mean_error(&data.held_out, &tables(&best), k);
        report(&format!(
            "pass {pass}: {improved} numbers moved, error {best_error:.6}, held out {error_held_out:.6}"
        ));
        if error_held_out < best_held_out {
            best_held_out = error_held_out;
            kept = best.clone();
            stale_passes = 0;
        } else if !data.held_out.is_empty() {
            stale_passes += 1;
            if stale_passes >= HELD_OUT_PATIENCE {
                report("the held-out error no longer falls: stopping");
                break;
            }
        }
        if improved == 0 && steps.iter().all(|&s| s == 1) {
            break;
        }
    }
    if data.held_out.is_empty() {
        kept = best;
    }
    kept
}

/// `params` with its `index`-th tunable number moved by `delta`.
fn nudged(params: &EvalParams, index: usize, delta: i32) -> EvalParams {
    let mut trial = params.clone();
    let mut i = 0;
    trial.visit_tunable(&mut |_, v| {
        if i == index {
            *v += delta;
        }
        i += 1;
    });
    trial
}

/// The quiet positions of each game of `variant` in PGN texts.
pub fn positions_from_pgn<B: Bitboard>(variant: Variant, texts: &[String]) -> Vec<Vec<Sample<B>>> {
    let games: Vec<PgnGame> = texts.iter().flat_map(|t| read_pgn(t)).collect();
    games
        .par_iter()
        .map(|g| samples_of::<B>(variant, g))
        .collect()
}

/// The FENs of `groups`' positions, each position once, in order: the
/// input of `scripts/label_positions.py`.
pub fn unique_fens<B: Bitboard>(groups: &[Vec<Sample<B>>]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    groups
        .iter()
        .flatten()
        .filter(|s| seen.insert(s.position.key()))
        .map(|s| s.position.fen())
        .collect()
}

/// The win probability a reference score (centipawns) stands for: the
/// same curve as [`win_probability`] with scale 1.
pub fn label_probability(cp: f64) -> f64 {
    win_probability(cp, 1.0)
}

/// Why tuning cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneError {
    /// A labelled position's line that cannot be read.
    Label {
        /// Its number, from 1.
        line: usize,
        /// What is wrong with it.
        what: String,
        /// The line.
        text: String,
    },
    /// No positions of the game to tune on.
    NoPositions(Variant),
}

impl std::fmt::Display for TuneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TuneError::Label { line, what, text } => write!(f, "line {line}: {what}: {text}"),
            TuneError::NoPositions(variant) => write!(f, "no positions of {variant} to tune on"),
        }
    }
}

impl std::error::Error for TuneError {}

/// Reads `FEN;CP` lines (a position and a reference engine's score of it
/// from White's side, as `scripts/label_positions.py` writes them); each
/// position's target is the win probability of its score.
pub fn positions_from_labels<B: Bitboard>(
    variant: Variant,
    text: &str,
) -> Result<Vec<Sample<B>>, TuneError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| {
            let bad = |what: &str| TuneError::Label {
                line: n + 1,
                what: what.to_string(),
                text: line.to_string(),
            };
            let (fen, cp) = line
                .rsplit_once(';')
                .ok_or_else(|| bad("expected FEN;CP"))?;
            let cp: f64 = cp
                .trim()
                .parse()
                .map_err(|_| bad("the score is not a number"))?;
            let position =
                Position::<B>::from_fen(variant, fen.trim()).map_err(|e| bad(&e.to_string()))?;
            Ok(Sample {
                position,
                result: label_probability(cp),
            })
        })
        .collect()
}

/// Splits groups of positions (the positions of one game, or single
/// labelled positions) into training and held-out data.
pub fn split<B: Bitboard>(groups: Vec<Vec<Sample<B>>>, group_size: usize) -> TuningData<B> {
    let mut data = TuningData::default();
    for (i, samples) in groups.into_iter().enumerate() {
        if (i / group_size) % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            data.held_out.extend(samples);
        } else {
            data.training.extend(samples);
        }
    }
    data
}

/// Tunes the numbers of `variant` on `data`; `report` hears the
/// progress. Returns the tuned numbers as a Rust literal.
pub fn tune_to_literal<B: Bitboard>(
    variant: Variant,
    data: &TuningData<B>,
    settings: &TuneSettings,
    report: &mut dyn FnMut(&str),
) -> Result<String, TuneError> {
    report(&format!(
        "{} positions to tune on, {} held out",
        data.training.len(),
        data.held_out.len()
    ));
    if data.training.is_empty() {
        return Err(TuneError::NoPositions(variant));
    }
    let tuned = tune(variant, data, params(variant).clone(), settings, report);
    Ok(tuned.rust_literal())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = r#"[Event "test"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {a comment with 4. spaces} 4. Ba4 Nf6 5. O-O Be7
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0

[Event "test"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "1/2-1/2"]

1. Kd2 Kd7 2. Kd3 Kd6 3. Kd4 Ke6 4. Kc5 Ke5 5. Kc6 Ke4 6. Kd6 Kd4 7. e3+ Kxe3
8. Ke5 Kf3 9. Kf5 Kg3 1/2-1/2
"#;

    #[test]
    fn pgn_games_are_read_with_their_start_and_result() {
        let games = read_pgn(RECORD);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].fen, None);
        assert_eq!(games[0].result, Some(1.0));
        assert_eq!(games[0].moves.len(), 20);
        assert_eq!(games[0].moves[6], "Ba4");
        assert_eq!(
            games[1].fen.as_deref(),
            Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
        );
        assert_eq!(games[1].result, Some(0.5));
        assert_eq!(games[1].moves.len(), 18);
    }

    #[test]
    fn only_quiet_positions_after_the_book_are_kept() {
        let games = read_pgn(RECORD);
        let first = samples_of::<u64>(Variant::Chess, &games[0]);
        // Plies 8..20, all quiet (no capture in the record).
        assert_eq!(first.len(), 12);
        assert!(first.iter().all(|s| s.result == 1.0));
        let second = samples_of::<u64>(Variant::Chess, &games[1]);
        // Plies 8..18 less the check evasion (ply 13: 7... Kxe3 is a
        // capture from check) and 7. e3+ is quiet: 10 - 1 = 9.
        assert_eq!(second.len(), 9);
    }

    #[test]
    fn records_of_another_game_give_no_positions() {
        let chess = read_pgn(RECORD);
        assert_eq!(chess[0].variant, None);
        assert!(samples_of::<u128>(Variant::WadChess, &chess[0]).is_empty());
        let wad = read_pgn(&RECORD.replacen("[Result", "[Variant \"wadchess\"]\n[Result", 1));
        assert_eq!(wad[0].variant.as_deref(), Some("wadchess"));
        assert!(samples_of::<u64>(Variant::Chess, &wad[0]).is_empty());
        assert_eq!(samples_of::<u64>(Variant::Chess, &wad[1]).len(), 9);
    }

    #[test]
    fn labelled_positions_are_read_and_bad_lines_named() {
        let text = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1;150\n\n4k3/8/8/8/8/8/8/4K3 b - - 0 1;0\n";
        let samples = positions_from_labels::<u64>(Variant::Chess, text).unwrap();
        assert_eq!(samples.len(), 2);
        assert!(samples[0].result > 0.7 && samples[0].result < 0.75);
        assert_eq!(samples[1].result, 0.5);
        let err = positions_from_labels::<u64>(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1;x")
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 1: the score is not a number"),
            "{err}"
        );
        assert!(positions_from_labels::<u64>(Variant::Chess, "8/8 w;10").is_err());
    }

    #[test]
    fn held_out_groups_stay_whole() {
        let games = read_pgn(RECORD);
        let one = samples_of::<u64>(Variant::Chess, &games[0]);
        let groups: Vec<Vec<Sample<u64>>> = (0..40).map(|_| one.clone()).collect();
        let data = split(groups, 2);
        // Pairs 9 and 19 of the 20 (counted from 0) are held out: 4 games.
        assert_eq!(data.held_out.len(), 4 * one.len());
        assert_eq!(data.training.len(), 36 * one.len());
    }

    #[test]
    fn tuning_lowers_the_error() {
        let games = read_pgn(RECORD);
        let samples: Vec<Sample<u64>> = games
            .iter()
            .flat_map(|g| samples_of::<u64>(Variant::Chess, g))
            .collect();
        let start = params(Variant::Chess).clone();
        let et = EvalTables::with_params(Variant::Chess, start.clone());
        let before = mean_error(&samples, &et, best_scale(&samples, &et));
        let data = TuningData {
            training: samples.clone(),
            held_out: Vec::new(),
        };
        let settings = TuneSettings {
            passes: 2,
            skip: vec!["rank".into()],
        };
        let tuned = tune::<u64>(Variant::Chess, &data, start, &settings, &mut |_| {});
        let et = EvalTables::with_params(Variant::Chess, tuned.clone());
        let after = mean_error(&samples, &et, best_scale(&samples, &et));
        assert_eq!(
            tuned.rank,
            params(Variant::Chess).rank,
            "skipped numbers stay"
        );
        assert!(after < before, "{after} >= {before}");
    }
}
