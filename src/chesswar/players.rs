//! Simple ChessWar players and the loop that plays a game to its end.
//!
//! A [`Player`] answers the decisions of one side (actions, the defender's
//! pick of a target, advances, reactions); a [`DiceSource`] answers the
//! rolls. [`play_game`] alternates between them until the game is over.
//!
//! - [`RandomPlayer`] picks uniformly among the legal tokens (seeded).
//! - [`GreedyPlayer`] looks one decision ahead: it plays each legal token on
//!   a copy of the state, averages exactly over the dice that follow until
//!   the next decision of either side, and keeps the token with the best
//!   expected material balance.
//! - [`ExpectimaxPlayer`] searches ahead with [`Searcher`] (expectimax with
//!   Star2 pruning over decisions and dice, see [`super::search`]).

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::dice::{DiceSource, SplitMix64, derive_seed, die_token};
use super::errors::{ParseError, TokenError};
use super::search::{DEFAULT_HASH_MB, SearchLimits, SearchReport, Searcher};
use super::{Outcome, Side, State, ToAct};

/// One side's decision maker.
pub trait Player {
    /// A short name for reports, such as `random` or `greedy`.
    fn name(&self) -> String;

    /// The token to play in `state`, where this player's side has a decision
    /// to make; `None` when the player leaves the game (a person who typed
    /// `quit` or closed the input), which stops the game unfinished.
    fn choose(&mut self, state: &State) -> Option<String>;

    /// What the player's searches cost so far, for players that search
    /// (`None` for the others).
    fn search_stats(&self) -> Option<SearchStats> {
        None
    }
}

/// The totals of a searching player's decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Decisions answered (with or without a search).
    pub decisions: u64,
    /// Decisions searched (more than one legal token).
    pub searches: u64,
    /// Nodes visited in all searches.
    pub nodes: u64,
    /// Time spent in all searches.
    pub time: Duration,
    /// The depths of the searches' completed iterations, summed.
    pub depths: u64,
}

/// The players [`player_by_name`] knows, for messages.
pub const PLAYER_NAMES: &[&str] = &["random", "greedy", "expectimax"];

/// A player from its name, `random`, `greedy` or `expectimax`
/// (case-insensitive), seeded with `seed` (the expectimax player searches
/// [`DEFAULT_MOVETIME`] a decision and uses no randomness).
pub fn player_by_name(name: &str, seed: u64) -> Result<Box<dyn Player>, ParseError> {
    match name.to_ascii_lowercase().as_str() {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "greedy" => Ok(Box::new(GreedyPlayer::new(seed))),
        "expectimax" => Ok(Box::new(ExpectimaxPlayer::new(
            SearchLimits {
                movetime: Some(DEFAULT_MOVETIME),
                ..SearchLimits::default()
            },
            DEFAULT_HASH_MB,
        ))),
        _ => Err(ParseError::Player {
            name: name.to_string(),
            known: PLAYER_NAMES,
        }),
    }
}

/// Picks uniformly at random among the legal tokens; the same seed gives
/// the same choices in the same states.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SplitMix64,
}

impl RandomPlayer {
    /// A random player started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: SplitMix64::new(derive_seed(seed, 0x5EED_0001)),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, state: &State) -> Option<String> {
        let mut tokens = state.legal_tokens();
        if tokens.is_empty() {
            return None;
        }
        let i = self.rng.below(tokens.len());
        Some(tokens.swap_remove(i))
    }
}

/// The value of a won game for [`GreedyPlayer`], far above any material
/// balance.
pub const WIN_VALUE: f64 = 100_000.0;

/// How many rolls deep [`GreedyPlayer`] averages the dice after a token
/// before it settles for the material on the board.
pub const GREEDY_ROLL_DEPTH: u32 = 6;

/// Looks one decision ahead. For every legal token it plays the token on a
/// copy of the state, then resolves every roll that follows exactly in
/// expectation (each of d1..d6 with weight 1/6, recursively, at most
/// [`GREEDY_ROLL_DEPTH`] rolls deep) until the next decision of either side
/// or the end of the game, and scores the states reached by its material
/// minus the opponent's (a won game counts [`WIN_VALUE`], a lost one
/// minus that, a drawn one 0).
///
/// Die results that lead to equal states (a miss on 1 or 2, say) are
/// looked at once with their combined weight, which keeps the averaging
/// cheap.
///
/// Ties: among the tokens whose value is the best (within 1e-9), `end` is
/// chosen only when no other token is as good. At equal value acting keeps
/// the army going, while ending every phase at once would leave it
/// standing still (in the movement phase every move ties with `end`, and
/// the game would stall into a draw). The remaining ties are broken by a
/// seeded random draw, so the same seed plays the same game.
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    rng: SplitMix64,
    depth: u32,
}

impl GreedyPlayer {
    /// A greedy player started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: SplitMix64::new(derive_seed(seed, 0x5EED_0002)),
            depth: GREEDY_ROLL_DEPTH,
        }
    }

    /// The same player averaging at most `depth` rolls deep.
    pub fn with_roll_depth(mut self, depth: u32) -> Self {
        self.depth = depth;
        self
    }

    /// The expected value for `me` of playing `token` in `state` (`None`
    /// when the token is refused).
    pub fn token_value(&self, state: &State, token: &str, me: Side) -> Option<f64> {
        let mut next = state.clone();
        next.apply(token).ok()?;
        Some(expected_value(&next, me, self.depth))
    }

    /// Every legal token with its expected value for the side to decide, in
    /// the order of [`State::legal_tokens`].
    pub fn token_values(&self, state: &State) -> Vec<(String, f64)> {
        let Some(me) = deciding_side(state) else {
            return Vec::new();
        };
        state
            .legal_tokens()
            .into_iter()
            .filter_map(|t| {
                let v = self.token_value(state, &t, me)?;
                Some((t, v))
            })
            .collect()
    }
}

/// The side that has the decision in `state`, if any.
fn deciding_side(state: &State) -> Option<Side> {
    match state.to_act() {
        ToAct::Decision { side, .. } => Some(side),
        _ => None,
    }
}

/// The value of a finished game for `me`.
fn outcome_value(outcome: &Outcome, me: Side) -> f64 {
    match outcome {
        Outcome::Win { winner, .. } if *winner == me => WIN_VALUE,
        Outcome::Win { .. } => -WIN_VALUE,
        Outcome::Draw { .. } => 0.0,
    }
}

/// The material balance for `me`.
fn static_value(state: &State, me: Side) -> f64 {
    f64::from(state.material(me)) - f64::from(state.material(!me))
}

/// The value of `state` for `me`, averaging over pending rolls at most
/// `depth` rolls deep.
fn expected_value(state: &State, me: Side, depth: u32) -> f64 {
    match state.to_act() {
        ToAct::Over(outcome) => outcome_value(&outcome, me),
        ToAct::Decision { .. } => static_value(state, me),
        ToAct::Roll { .. } if depth == 0 => static_value(state, me),
        ToAct::Roll { .. } => {
            // Die results that lead to the same state (a miss on 1 or 2,
            // say) are looked at once, with their combined weight.
            let mut children: Vec<(State, u32)> = Vec::with_capacity(6);
            let mut refused = 0;
            for value in 1..=6 {
                let mut next = state.clone();
                if next.apply(&die_token(value)).is_err() {
                    // A refused die result cannot happen; count the board.
                    refused += 1;
                    continue;
                }
                match children.iter_mut().find(|(s, _)| *s == next) {
                    Some((_, weight)) => *weight += 1,
                    None => children.push((next, 1)),
                }
            }
            let mut total = f64::from(refused) * static_value(state, me);
            for (child, weight) in &children {
                total += f64::from(*weight) * expected_value(child, me, depth - 1);
            }
            total / 6.0
        }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&mut self, state: &State) -> Option<String> {
        let values = self.token_values(state);
        let best = values
            .iter()
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max);
        let mut ties: Vec<&String> = values
            .iter()
            .filter(|(_, v)| *v >= best - 1e-9)
            .map(|(t, _)| t)
            .collect();
        if ties.len() > 1 {
            ties.retain(|t| t.as_str() != "end");
        }
        match ties.len() {
            0 => state.legal_tokens().into_iter().next(),
            n => Some(ties[self.rng.below(n)].clone()),
        }
    }
}

/// The time [`player_by_name`]'s expectimax player searches a decision.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// Searches every decision with [`Searcher`] within its limits and plays
/// the best token found. A decision with one legal token is answered at
/// once. The transposition table is kept from one decision to the next.
/// With a depth or node limit and no time limit the player is
/// deterministic: the same game (same dice, same opponent) replays token
/// for token.
pub struct ExpectimaxPlayer {
    searcher: Searcher,
    limits: SearchLimits,
    stop: AtomicBool,
    last: Option<SearchReport>,
    stats: SearchStats,
}

impl ExpectimaxPlayer {
    /// A player searching within `limits` with a table of `hash_mb` MB.
    pub fn new(limits: SearchLimits, hash_mb: usize) -> Self {
        Self {
            searcher: Searcher::new(hash_mb),
            limits,
            stop: AtomicBool::new(false),
            last: None,
            stats: SearchStats::default(),
        }
    }

    /// The report of the last search (none before the first, or after a
    /// decision with one legal token).
    pub fn last_report(&self) -> Option<&SearchReport> {
        self.last.as_ref()
    }
}

impl Player for ExpectimaxPlayer {
    fn name(&self) -> String {
        "expectimax".to_string()
    }

    fn choose(&mut self, state: &State) -> Option<String> {
        let mut tokens = state.legal_tokens();
        self.stats.decisions += 1;
        if tokens.len() <= 1 {
            self.last = None;
            return tokens.pop();
        }
        match self
            .searcher
            .search(state, &self.limits, &self.stop, &mut |_| {})
        {
            Ok(report) => {
                self.stats.searches += 1;
                self.stats.nodes += report.nodes;
                self.stats.time += report.elapsed;
                self.stats.depths += u64::from(report.depth);
                let best = report.best.clone();
                self.last = Some(report);
                Some(best)
            }
            Err(_) => tokens.into_iter().next(),
        }
    }

    fn search_stats(&self) -> Option<SearchStats> {
        Some(self.stats)
    }
}

/// How a game played by [`play_game`] ended.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The result, or `None` when a player or the dice stopped the game
    /// before its end.
    pub outcome: Option<Outcome>,
    /// Tokens played (decisions and die results).
    pub tokens: usize,
    /// The round the game ended in.
    pub rounds: u32,
    /// The last state.
    pub state: State,
}

/// At most this many tokens are played in one game by [`play_game`]; the
/// rules end every game long before (a draw after 100 rounds), so reaching
/// it means something is wrong.
pub const MAX_TOKENS: usize = 2_000_000;

/// Why a game played to its end stopped with an error.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// The rules refused a player's token or a die result.
    Refused {
        /// The side whose token it was; `None` for a die result.
        side: Option<Side>,
        /// The token refused.
        token: String,
        /// The state that refused it (unchanged by it).
        state: Box<State>,
        /// Why it was refused.
        error: TokenError,
    },
    /// The game ran past [`MAX_TOKENS`] tokens.
    TooLong {
        /// The state reached.
        state: Box<State>,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Refused {
                side,
                token,
                state,
                error,
            } => {
                match side {
                    Some(side) => write!(f, "{side}'s token")?,
                    None => f.write_str("the die result")?,
                }
                write!(f, " '{token}' was refused in state {state}: {error}")
            }
            PlayError::TooLong { state } => write!(
                f,
                "the game did not end within {MAX_TOKENS} tokens (state {state})"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// Plays from `state` to the end of the game: `white` and `black` answer
/// their sides' decisions and `dice` the rolls. After each token is played,
/// `on_token` sees what was asked (the [`ToAct`] before the token), the
/// token and the state after it.
///
/// Errors ([`PlayError`]) when a player's token or a die result is refused
/// by the rules, or when the game runs past [`MAX_TOKENS`].
pub fn play_game(
    mut state: State,
    white: &mut dyn Player,
    black: &mut dyn Player,
    dice: &mut dyn DiceSource,
    on_token: &mut dyn FnMut(&ToAct, &str, &State),
) -> Result<GameRecord, PlayError> {
    let mut tokens = 0;
    loop {
        let to_act = state.to_act();
        let token = match &to_act {
            ToAct::Over(outcome) => {
                return Ok(GameRecord {
                    outcome: Some(outcome.clone()),
                    tokens,
                    rounds: state.round(),
                    state,
                });
            }
            ToAct::Decision { side, .. } => {
                let player: &mut dyn Player = match side {
                    Side::White => white,
                    Side::Black => black,
                };
                player.choose(&state)
            }
            ToAct::Roll { .. } => dice.roll(&state).map(die_token),
        };
        let Some(token) = token else {
            return Ok(GameRecord {
                outcome: None,
                tokens,
                rounds: state.round(),
                state,
            });
        };
        if tokens >= MAX_TOKENS {
            return Err(PlayError::TooLong {
                state: Box::new(state),
            });
        }
        if let Err(error) = state.apply(&token) {
            let side = match &to_act {
                ToAct::Decision { side, .. } => Some(*side),
                _ => None,
            };
            return Err(PlayError::Refused {
                side,
                token,
                state: Box::new(state),
                error,
            });
        }
        tokens += 1;
        on_token(&to_act, &token, &state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chesswar::Race;
    use crate::chesswar::dice::SeededDice;

    fn game(white: &str, black: &str, seed: u64) -> (GameRecord, Vec<String>) {
        let mut w = player_by_name(white, derive_seed(seed, 1)).unwrap();
        let mut b = player_by_name(black, derive_seed(seed, 2)).unwrap();
        let mut dice = SeededDice::new(seed);
        let mut played = Vec::new();
        let record = play_game(
            State::standard(Race::Human, Race::Orc),
            w.as_mut(),
            b.as_mut(),
            &mut dice,
            &mut |_, token, _| played.push(token.to_string()),
        )
        .expect("a game between engines plays out");
        (record, played)
    }

    #[test]
    fn random_games_end_and_replay_from_the_seed() {
        let (a, tokens_a) = game("random", "random", 3);
        let (b, tokens_b) = game("random", "random", 3);
        assert!(a.outcome.is_some(), "the game ends");
        assert_eq!(tokens_a, tokens_b, "same seed, same game");
        assert_eq!(a.tokens, tokens_a.len());
        assert_eq!(a.state.to_string(), b.state.to_string());
        let (_, tokens_c) = game("random", "random", 4);
        assert_ne!(tokens_a, tokens_c, "another seed, another game");
    }

    #[test]
    fn the_game_replays_from_its_tokens() {
        let (record, tokens) = game("greedy", "random", 11);
        let mut state = State::standard(Race::Human, Race::Orc);
        for t in &tokens {
            state.apply(t).unwrap();
        }
        assert_eq!(state.to_string(), record.state.to_string());
        assert!(state.outcome().is_some());
    }

    #[test]
    fn players_only_play_legal_tokens() {
        let mut state = State::standard(Race::Elf, Race::Undead);
        let mut random = RandomPlayer::new(5);
        let mut greedy = GreedyPlayer::new(5);
        let mut dice = SeededDice::new(5);
        for step in 0..400 {
            match state.to_act() {
                ToAct::Over(_) => break,
                ToAct::Roll { .. } => {
                    let d = die_token(dice.roll(&state).unwrap());
                    state.apply(&d).unwrap();
                }
                ToAct::Decision { .. } => {
                    let legal = state.legal_tokens();
                    let token = if step % 2 == 0 {
                        random.choose(&state)
                    } else {
                        greedy.choose(&state)
                    }
                    .unwrap();
                    assert!(legal.contains(&token), "{token} not in {legal:?}");
                    state.apply(&token).unwrap();
                }
            }
        }
    }

    /// White's knight on e7 touches Black's general on e8, White's infantry
    /// on a3 touches Black's on a4; White to attack in the melee phase.
    const MELEE: &str = "4k3/4N3/8/8/p7/P7/8/4K3 human/human w melee 1 0 - - std - -";

    #[test]
    fn greedy_attacks_the_general_when_a_kill_wins_the_game() {
        let state: State = MELEE.parse().unwrap();
        let values = GreedyPlayer::new(1).token_values(&state);
        let value = |t: &str| values.iter().find(|(x, _)| x == t).unwrap().1;
        assert!(value("a:e7e8") > 1000.0, "{values:?}");
        assert!(value("a:a3a4").abs() < 100.0, "{values:?}");
        for seed in 0..10 {
            assert_eq!(
                GreedyPlayer::new(seed).choose(&state).as_deref(),
                Some("a:e7e8")
            );
        }
    }

    #[test]
    fn greedy_does_not_end_a_phase_when_an_action_is_as_good() {
        // Nothing is in contact or in range: every move and `end` are worth
        // the same, and the greedy player moves.
        let state: State = "4k3/8/8/8/8/8/P7/4K3 human/human w movement 1 0 - - std - -"
            .parse()
            .unwrap();
        let values = GreedyPlayer::new(1).token_values(&state);
        assert!(values.iter().all(|(_, v)| *v == values[0].1), "{values:?}");
        for seed in 0..20 {
            let token = GreedyPlayer::new(seed).choose(&state).unwrap();
            assert_ne!(token, "end");
        }
    }

    #[test]
    fn unknown_players_are_refused_by_name() {
        let err = player_by_name("expectimaxx", 1).err().unwrap().to_string();
        assert!(err.contains("expectimaxx"), "{err}");
        assert_eq!(player_by_name("Greedy", 1).unwrap().name(), "greedy");
        assert_eq!(player_by_name("RANDOM", 1).unwrap().name(), "random");
    }

    #[test]
    fn greedy_values_are_exact_averages_over_the_dice() {
        // Whatever the position, a token's value is the mean of the values
        // after each die result when a roll follows it.
        let greedy = GreedyPlayer::new(1);
        let mut state = State::standard(Race::Human, Race::Human);
        let mut dice = SeededDice::new(9);
        let mut random = RandomPlayer::new(9);
        let mut checked = 0;
        for _ in 0..3000 {
            match state.to_act() {
                ToAct::Over(_) => break,
                ToAct::Roll { .. } => {
                    let d = die_token(dice.roll(&state).unwrap());
                    state.apply(&d).unwrap();
                }
                ToAct::Decision { side, .. } => {
                    for (token, value) in greedy.token_values(&state) {
                        let mut next = state.clone();
                        next.apply(&token).unwrap();
                        if let ToAct::Roll { .. } = next.to_act() {
                            let mean = (1..=6)
                                .map(|v| {
                                    let mut after = next.clone();
                                    after.apply(&die_token(v)).unwrap();
                                    expected_value(&after, side, GREEDY_ROLL_DEPTH - 1)
                                })
                                .sum::<f64>()
                                / 6.0;
                            assert!((mean - value).abs() < 1e-9, "{token}");
                            checked += 1;
                        }
                    }
                    let t = random.choose(&state).unwrap();
                    state.apply(&t).unwrap();
                }
            }
            if checked > 20 {
                break;
            }
        }
        assert!(checked > 0, "some token led to a roll");
    }
}
