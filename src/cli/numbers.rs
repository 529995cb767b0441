//! Readers for the numeric flags: each takes a whole number (or, for
//! seconds, a decimal one) within the flag's range, and says in one line
//! what is wrong with any other text (empty, negative, not a number, too
//! large or too small), naming the range.

/// The longest search the commands accept, in milliseconds (a day).
pub const MAX_MOVETIME_MS: u64 = 24 * 60 * 60 * 1000;
/// The deepest search the commands accept, in plies.
pub const MAX_DEPTH: u32 = crate::engine::search::MAX_PLY as u32;
/// The most games a match or self-play series accepts.
pub const MAX_GAMES: usize = 1_000_000;
/// The most games a match plays at once (each with two engines).
pub const MAX_CONCURRENCY: usize = 256;
/// The longest fixed time per move of a match, in seconds (an hour).
pub const MAX_MOVE_SECONDS: f64 = 3600.0;
/// The most milliseconds an engine may answer late.
pub const MAX_MARGIN_MS: u64 = 60 * 60 * 1000;
/// The most plies before a match game is adjudicated a draw.
pub const MAX_PLIES: u32 = 100_000;
/// The largest score threshold of the adjudication rules, centipawns.
pub const MAX_SCORE_CP: i32 = 100_000;
/// The most moves (or the latest move) an adjudication rule counts.
pub const MAX_RULE_MOVES: u32 = 10_000;
/// The most nodes per move of a fixed-node match.
pub const MAX_MATCH_NODES: u64 = 1_000_000_000_000;

/// Reads a whole number in `min..=max`.
pub fn whole(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let range = format!("expected a whole number from {min} to {max}");
    let digits = text.trim();
    if digits.is_empty() {
        return Err(format!("empty: {range}"));
    }
    if let Some(rest) = digits.strip_prefix('-')
        && !rest.is_empty()
        && rest.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        return Err(format!("negative: {range}"));
    }
    let digits = digits.strip_prefix('+').unwrap_or(digits);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("not a whole number: {range}"));
    }
    match digits.parse::<u64>() {
        Ok(n) if n > max => Err(format!("too large: {range}")),
        Ok(n) if n < min => Err(format!("too small: {range}")),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("too large: {range}")),
    }
}

/// Reads a decimal number of seconds, more than 0 and at most `max`.
pub fn seconds(text: &str, max: f64) -> Result<f64, String> {
    let range = format!("expected a number of seconds above 0, at most {max}");
    let number = text.trim();
    if number.is_empty() {
        return Err(format!("empty: {range}"));
    }
    match number.parse::<f64>() {
        Ok(x) if x.is_nan() => Err(format!("not a number: {range}")),
        Ok(x) if x < 0.0 => Err(format!("negative: {range}")),
        Ok(x) if x > max => Err(format!("too large: {range}")),
        Ok(0.0) => Err(format!("too small: {range}")),
        Ok(x) => Ok(x),
        Err(_) => Err(format!("not a number: {range}")),
    }
}

macro_rules! whole_flag {
    ($(#[$doc:meta])* $name:ident: $t:ty, $min:expr, $max:expr) => {
        $(#[$doc])*
        pub fn $name(text: &str) -> Result<$t, String> {
            let n = whole(text, $min as u64, $max as u64)?;
            <$t>::try_from(n).map_err(|_| format!("too large: at most {}", $max))
        }
    };
}

whole_flag!(
    /// A search depth in plies.
    depth: u32, 1, MAX_DEPTH
);
whole_flag!(
    /// A perft depth in plies.
    perft_depth: u32, 1, crate::rules::perft::MAX_PERFT_DEPTH
);
whole_flag!(
    /// A time per move or decision in milliseconds.
    movetime: u64, 1, MAX_MOVETIME_MS
);
whole_flag!(
    /// A node budget.
    nodes: u64, 1, u64::MAX
);
whole_flag!(
    /// A node budget per move of a match.
    match_nodes: u64, 1, MAX_MATCH_NODES
);
whole_flag!(
    /// A number of search threads.
    threads: usize, 1, crate::engine::MAX_THREADS
);
whole_flag!(
    /// A number of principal variations.
    multipv: usize, 1, crate::engine::MAX_MULTIPV
);
whole_flag!(
    /// A hash table size in MB.
    hash_mb: usize, 1, crate::engine::MAX_HASH_MB
);
whole_flag!(
    /// A number of games.
    games: usize, 1, MAX_GAMES
);
whole_flag!(
    /// A number of games played at once.
    concurrency: usize, 1, MAX_CONCURRENCY
);
whole_flag!(
    /// A time margin in milliseconds.
    margin_ms: u64, 0, MAX_MARGIN_MS
);
whole_flag!(
    /// A number of plies (0: no limit).
    plies: u32, 0, MAX_PLIES
);
whole_flag!(
    /// A resignation score threshold in centipawns.
    resign_cp: i32, 1, MAX_SCORE_CP
);
whole_flag!(
    /// A draw score threshold in centipawns.
    draw_cp: i32, 0, MAX_SCORE_CP
);
whole_flag!(
    /// A number of moves an adjudication rule counts.
    rule_moves: u32, 1, MAX_RULE_MOVES
);
whole_flag!(
    /// The move an adjudication rule starts from.
    rule_after: u32, 0, MAX_RULE_MOVES
);
whole_flag!(
    /// A seed.
    seed: u64, 0, u64::MAX
);
whole_flag!(
    /// A ChessWar points budget.
    budget: u32, 0, crate::engine::chesswar::MAX_BUDGET
);

whole_flag!(
    /// A network's hidden size.
    hidden: usize, *crate::engine::nnue::network::HIDDEN_RANGE.start(),
        *crate::engine::nnue::network::HIDDEN_RANGE.end()
);
whole_flag!(
    /// A network's output buckets.
    output_buckets: usize, 1, crate::engine::nnue::network::MAX_OUTPUT_BUCKETS
);
whole_flag!(
    /// Passes of the trainer over its positions.
    epochs: usize, 1, 100_000
);
whole_flag!(
    /// Positions per training step.
    batch: usize, 1, 1 << 24
);

/// A share between 0 and 1 (a weight, a fraction held out).
pub fn share(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// A learning rate: above 0, at most 1.
pub fn learning_rate(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(x) if x > 0.0 && x <= 1.0 => Ok(x),
        _ => Err(format!(
            "'{text}' is not a learning rate (above 0, at most 1)"
        )),
    }
}

/// The most passes of `tune-eval`.
pub fn passes(text: &str) -> Result<usize, String> {
    whole(text, 1, 10_000).map(|n| n as usize)
}

/// The longest a `datagen` run may start new games, in minutes (a week).
pub const MAX_RUN_MINUTES: f64 = 7.0 * 24.0 * 60.0;

/// A run's time limit in minutes (a decimal number, above 0).
pub fn run_minutes(text: &str) -> Result<f64, String> {
    let range = format!("expected a number of minutes above 0, at most {MAX_RUN_MINUTES}");
    match text.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= MAX_RUN_MINUTES => Ok(x),
        Ok(x) if x.is_nan() => Err(format!("not a number: {range}")),
        Ok(x) if x > MAX_RUN_MINUTES => Err(format!("too large: {range}")),
        Ok(x) if x < 0.0 => Err(format!("negative: {range}")),
        Ok(_) => Err(format!("too small: {range}")),
        Err(_) => Err(format!("not a number: {range}")),
    }
}

/// A match's fixed time per move in seconds.
pub fn move_seconds(text: &str) -> Result<f64, String> {
    seconds(text, MAX_MOVE_SECONDS)
}
