//! One ChessWar game between two engines, refereed by the runner: it keeps
//! the game with the ChessWar rules core, rolls every die itself from the
//! game's seed and sends the `dN` token, asks the engine of the deciding
//! side for each decision (a ChessWar turn is many of them), checks each
//! token, and keeps the clocks.

use std::time::Instant;

use crate::chesswar::dice::{SeededDice, die_token};
use crate::chesswar::{Game, Outcome, Side, ToAct};
use crate::engine::chesswar::Setup;
use crate::rules::{Color, GameKind};

use super::player::Player;
use super::referee::{
    Ending, GameRecord, GameResult, GameRules, Termination, answered_move, fault_ending,
    in_progress,
};

/// How a ChessWar match is played beyond the common rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessWarRules {
    /// The seed of the runner's dice: the two games of a pair (colours
    /// reversed) use `seed + pair number`.
    pub seed: u64,
    /// The set-up options (races, armies, lengthened game, budget), sent
    /// to both engines before each game; the referee starts from the same
    /// state.
    pub setup_options: Vec<(String, String)>,
}

impl ChessWarRules {
    /// The rules for `seed`, with the ChessWar set-up options given to
    /// either engine (the same option may not differ between them), which
    /// must describe a start state the rules accept. The dice options are
    /// the runner's own and are refused.
    pub fn new(
        seed: u64,
        options: [&[(String, String)]; 2],
    ) -> Result<ChessWarRules, super::MatchError> {
        Self::checked(seed, options).map_err(super::MatchError::ChessWar)
    }

    fn checked(seed: u64, options: [&[(String, String)]; 2]) -> Result<ChessWarRules, String> {
        let mut setup_options: Vec<(String, String)> = Vec::new();
        let mut setup = Setup::default();
        for (name, value) in options.into_iter().flatten() {
            if !Setup::is_option(name) {
                continue;
            }
            let lower = name.to_ascii_lowercase();
            if lower == "chesswar dice" || lower == "chesswar seed" {
                return Err(format!(
                    "option '{name}' is the runner's in a chesswar match (it rolls the \
                     dice; see --seed)"
                ));
            }
            match setup_options
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
            {
                Some((_, v)) if v != value => {
                    return Err(format!(
                        "option '{name}' differs between the engines ('{v}', '{value}'): both \
                         play from the same start"
                    ));
                }
                Some(_) => {}
                None => {
                    setup.set(name, value)?;
                    setup_options.push((name.clone(), value.clone()));
                }
            }
        }
        setup
            .start_state()
            .map_err(|e| format!("ChessWar set-up: {e}"))?;
        Ok(ChessWarRules {
            seed,
            setup_options,
        })
    }

    /// The start state of every game.
    fn start(&self) -> Result<crate::chesswar::State, String> {
        let mut setup = Setup::default();
        for (name, value) in &self.setup_options {
            setup.set(name, value)?;
        }
        setup.start_state().map_err(|e| e.to_string())
    }
}

/// The dice seed of the game with this 0-based index.
pub fn game_seed(rules: &ChessWarRules, index: usize) -> u64 {
    rules.seed.wrapping_add((index / 2) as u64)
}

fn color_of(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// Plays one ChessWar game from the start the rules' set-up options
/// describe; `players` are White's and Black's engines;
/// `watch` is shown the game in progress after every token. The runner's
/// ply limit counts decisions.
pub fn play_game(
    players: [&mut Player; 2],
    rules: &GameRules,
    chesswar: &ChessWarRules,
    seed: u64,
    watch: &mut dyn FnMut(&GameRecord),
) -> GameRecord {
    let names = [players[0].name().to_string(), players[1].name().to_string()];
    let mut tokens: Vec<String> = Vec::new();
    let record = |tokens: &[String], ending: Ending| {
        let (result, reason, termination, faulty) = ending;
        GameRecord {
            players: names.clone(),
            game: GameKind::ChessWar,
            fen: None,
            san: tokens.to_vec(),
            notes: Vec::new(),
            result,
            reason,
            termination,
            faulty,
        }
    };
    let ending = run(players, rules, chesswar, seed, &mut tokens, &mut |tokens| {
        watch(&record(tokens, in_progress()));
    });
    record(&tokens, ending)
}

fn run(
    players: [&mut Player; 2],
    rules: &GameRules,
    chesswar: &ChessWarRules,
    seed: u64,
    tokens: &mut Vec<String>,
    watch: &mut dyn FnMut(&[String]),
) -> Ending {
    for side in [Color::White, Color::Black] {
        let options = &chesswar.setup_options;
        if let Err(fault) = players[side.index()].new_chesswar_game(rules.time_control, options) {
            return fault_ending(side, &fault);
        }
    }
    let start = match chesswar.start() {
        Ok(state) => state,
        Err(e) => {
            return (
                GameResult::Draw,
                format!("no start state: {e}"),
                Termination::Adjudication,
                None,
            );
        }
    };
    let mut game = Game::new(start);
    let mut dice = SeededDice::new(seed);
    let mut clocks = rules.time_control.start_clocks();
    let mut decisions = 0u32;
    watch(tokens);
    loop {
        let side = match game.state().to_act() {
            ToAct::Over(outcome) => return rules_ending(&outcome),
            ToAct::Roll { .. } => {
                let token = die_token(dice.next_die());
                if let Err(e) = game.play(&token) {
                    // The rules asked for a roll and refused it: no one
                    // is to blame, the game cannot go on.
                    return (
                        GameResult::Draw,
                        format!("the rules refused the roll {}", e.describe(&token)),
                        Termination::Adjudication,
                        None,
                    );
                }
                tokens.push(token);
                watch(tokens);
                continue;
            }
            ToAct::Decision { side, .. } => color_of(side),
        };
        if let Some(ending) = rules.adjudication.move_limit_draw(decisions, "decisions") {
            return ending;
        }
        let (clock, allowed) = rules.time_control.move_clock(&clocks, side, rules.margin);
        let started = Instant::now();
        let deadline = started + allowed;
        let reply = players[side.index()].think(None, tokens, side, clock, deadline);
        let elapsed = started.elapsed();
        let token = match answered_move(reply, side, elapsed, allowed) {
            Ok(token) => token,
            Err(ending) => return ending,
        };
        rules.time_control.after_move(&mut clocks, side, elapsed);
        if let Err(e) = game.play(&token) {
            return (
                GameResult::Win(!side),
                format!("{side:?} played {}", e.describe(&token)),
                Termination::IllegalMove,
                Some(side),
            );
        }
        // The record keeps the rules core's own spelling of the token.
        let token = token
            .parse::<crate::chesswar::Token>()
            .map_or(token, |t| t.to_string());
        tokens.push(token);
        decisions += 1;
        watch(tokens);
    }
}

fn rules_ending(outcome: &Outcome) -> Ending {
    let result = match outcome {
        Outcome::Win { winner, .. } => GameResult::Win(color_of(*winner)),
        Outcome::Draw { .. } => GameResult::Draw,
    };
    (result, outcome.describe(), Termination::Normal, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_of_games_share_their_dice() {
        let rules = ChessWarRules::new(7, [&[], &[]]).unwrap();
        let seeds: Vec<u64> = (0..5).map(|i| game_seed(&rules, i)).collect();
        assert_eq!(seeds, vec![7, 7, 8, 8, 9]);
        let max = ChessWarRules::new(u64::MAX, [&[], &[]]).unwrap();
        assert_eq!(game_seed(&max, 2), 0);
    }

    #[test]
    fn set_up_options_are_shared_and_checked() {
        let o = |n: &str, v: &str| (n.to_string(), v.to_string());
        let elf = [o("ChessWar White Race", "elf"), o("Hash", "16")];
        let rules = ChessWarRules::new(1, [&elf, &[]]).unwrap();
        assert_eq!(rules.setup_options, vec![o("ChessWar White Race", "elf")]);
        assert!(rules.start().is_ok());
        // The same option again, in any case, is fine; a different value is not.
        let same = [o("chesswar white race", "elf")];
        assert!(ChessWarRules::new(1, [&elf, &same]).is_ok());
        let orc = [o("ChessWar White Race", "orc")];
        let err = ChessWarRules::new(1, [&elf, &orc]).unwrap_err().to_string();
        assert!(err.contains("differs"), "{err}");
        for bad in [
            o("ChessWar Dice", "engine"),
            o("ChessWar Seed", "3"),
            o("ChessWar Black Race", "goblin"),
            o("ChessWar Budget", "1"),
        ] {
            assert!(
                ChessWarRules::new(1, [std::slice::from_ref(&bad), &[]]).is_err(),
                "{bad:?}"
            );
        }
    }
}
