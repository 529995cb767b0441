//! A ChessWar game as the front ends keep it: the start state, the tokens
//! played since (so that they can be taken back) and the state they lead
//! to; why a token is refused; and perft over tokens.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::rules::perft::Stopped;

use super::{State, Token, TokenError};

/// A game: the state it started from, the tokens played since and the
/// state they lead to.
#[derive(Clone, Debug)]
pub struct Game {
    start: State,
    tokens: Vec<String>,
    state: State,
}

impl Game {
    /// A game starting from `start`, nothing played.
    pub fn new(start: State) -> Game {
        Game {
            state: start.clone(),
            start,
            tokens: Vec::new(),
        }
    }

    /// A game from `start` with `tokens` played, or the first token
    /// refused (its position in the list and why).
    pub fn with_tokens(start: State, tokens: &[String]) -> Result<Game, (String, TokenError)> {
        let mut game = Game::new(start);
        for token in tokens {
            game.play(token).map_err(|e| (token.clone(), e))?;
        }
        Ok(game)
    }

    /// The current state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The state the game started from.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// The tokens played, in their canonical spelling.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// Plays one token; on error nothing changes.
    pub fn play(&mut self, token: &str) -> Result<(), TokenError> {
        let parsed: Token = token.parse()?;
        self.state.play(parsed)?;
        self.tokens.push(parsed.to_string());
        Ok(())
    }

    /// Takes back the last `n` tokens by replaying the rest from the start
    /// state; false (and nothing changes) when fewer were played.
    pub fn undo(&mut self, n: usize) -> bool {
        if n > self.tokens.len() {
            return false;
        }
        let keep = self.tokens.len() - n;
        let mut state = self.start.clone();
        for token in &self.tokens[..keep] {
            if state.apply(token).is_err() {
                return false;
            }
        }
        self.tokens.truncate(keep);
        self.state = state;
        true
    }
}

/// Counts the token sequences `depth` tokens long from `state` (die
/// results count as tokens; a finished game ends a sequence early and
/// counts nothing), one row per legal token.
pub fn divide(state: &State, depth: u32) -> Vec<(String, u64)> {
    let never = AtomicBool::new(false);
    divide_until(state, depth, &never, &mut |_, _| {}).unwrap_or_default()
}

/// [`divide`] that hands each row to `on_row` as soon as it is counted and
/// gives up with [`Stopped`] once `stop` is set.
pub fn divide_until(
    state: &State,
    depth: u32,
    stop: &AtomicBool,
    on_row: &mut dyn FnMut(&str, u64),
) -> Result<Vec<(String, u64)>, Stopped> {
    let mut rows = Vec::new();
    for token in state.legal_tokens() {
        let mut next = state.clone();
        let n = match next.apply(&token) {
            Ok(()) => count(&next, depth.saturating_sub(1), stop)?,
            Err(_) => 0,
        };
        on_row(&token, n);
        rows.push((token, n));
    }
    Ok(rows)
}

fn count(state: &State, depth: u32, stop: &AtomicBool) -> Result<u64, Stopped> {
    if depth == 0 {
        return Ok(1);
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Stopped);
    }
    let mut total = 0;
    for token in state.legal_tokens() {
        let mut next = state.clone();
        if next.apply(&token).is_ok() {
            total += count(&next, depth - 1, stop)?;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chesswar::Race;

    #[test]
    fn games_refuse_bad_tokens_and_undo_by_replaying() {
        let mut game = Game::new(State::standard(Race::Human, Race::Human));
        assert_eq!(
            game.play("m:e2e9").unwrap_err().kind(),
            "malformed",
            "no such square"
        );
        assert_eq!(game.play("m:e2e6").unwrap_err().kind(), "illegal");
        game.play("M:E2E3").unwrap();
        let after = game.state().clone();
        game.play("pass").unwrap();
        assert!(game.undo(1));
        assert_eq!(game.state(), &after);
        assert!(!game.undo(5));
        assert!(game.undo(1));
        assert_eq!(game.state(), &State::standard(Race::Human, Race::Human));
    }
}
