//! ChessWar in the engine: the options of its start state (races, custom
//! armies, the lengthened game, a points budget) and of its dice (who
//! rolls: the GUI, or the engine from a seed), the game with its undo, the
//! engine's dice and the expectimax search's table ([`ChessWarPlay`]),
//! kept by [`super::Engine`] beside the board games. Every front end sets
//! them under the same option names (`src/chesswar/RULES.md`, "Notation").

use crate::chesswar::dice::{SeededDice, die_token};
use crate::chesswar::search::{DEFAULT_HASH_MB, Searcher};
use crate::chesswar::{Army, ArmyError, Game, GameOptions, Outcome, Race, Side, State, ToAct};
use crate::engine::error::EngineError;
use crate::engine::options::{Audience, OptionKind, OptionSpec};

/// The largest points budget the `ChessWar Budget` option takes.
pub const MAX_BUDGET: u32 = 10_000;

/// Who supplies the die results when a roll is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceMode {
    /// The GUI or referee sends `d1` ... `d6`; `go` at a roll is an error.
    Gui,
    /// The engine rolls with its seeded generator when asked to `go` at a
    /// roll.
    Engine,
}

impl DiceMode {
    /// The option value: `gui` or `engine`.
    pub fn name(self) -> &'static str {
        match self {
            DiceMode::Gui => "gui",
            DiceMode::Engine => "engine",
        }
    }
}

/// The ChessWar options: the set-up of `startpos` and the dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The races of White and Black.
    pub races: [Race; 2],
    /// Custom armies of White and Black in [`Army`]'s text form (empty:
    /// the race's standard army).
    pub armies: [String; 2],
    /// The lengthened game (to total destruction).
    pub lengthened: bool,
    /// A points budget both armies must keep to (0: none).
    pub budget: u32,
    /// Who rolls the dice.
    pub dice: DiceMode,
    /// The seed of the engine's dice.
    pub seed: u64,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            races: [Race::Human, Race::Human],
            armies: [String::new(), String::new()],
            lengthened: false,
            budget: 0,
            dice: DiceMode::Gui,
            seed: 1,
        }
    }
}

/// One of the ChessWar options, by what it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Knob {
    Race(Side),
    Army(Side),
    Lengthened,
    Budget,
    Dice,
    Seed,
}

/// The option names, as both protocols list them.
const KNOBS: [(&str, Knob); 8] = [
    ("ChessWar White Race", Knob::Race(Side::White)),
    ("ChessWar Black Race", Knob::Race(Side::Black)),
    ("ChessWar White Army", Knob::Army(Side::White)),
    ("ChessWar Black Army", Knob::Army(Side::Black)),
    ("ChessWar Lengthened", Knob::Lengthened),
    ("ChessWar Budget", Knob::Budget),
    ("ChessWar Dice", Knob::Dice),
    ("ChessWar Seed", Knob::Seed),
];

/// The largest seed the `ChessWar Seed` option takes (UCI spins are
/// commonly 32-bit signed).
pub const MAX_SEED: u64 = 2_147_483_647;

/// What changed when an option was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The set-up of the next start state.
    Setup,
    /// The dice: who rolls, or the seed (the engine's dice restart).
    Dice,
}

impl Setup {
    /// Whether `name` (any case) is one of the ChessWar options.
    pub fn is_option(name: &str) -> bool {
        knob(name).is_some()
    }

    /// Sets the option `name` (any case) to `value`. Check options take
    /// `true`/`false` or `1`/`0`; an army takes [`Army`]'s text form (empty
    /// or `<empty>`: the standard army). Errors leave the setting as it was.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Changed, EngineError> {
        self.set_knob(name, value).map_err(EngineError::ChessWar)
    }

    fn set_knob(&mut self, name: &str, value: &str) -> Result<Changed, String> {
        let knob = knob(name).ok_or_else(|| format!("unknown option '{name}'"))?;
        let value = value.trim();
        match knob {
            Knob::Race(side) => {
                self.races[side.index()] =
                    value.parse().map_err(|e| format!("option '{name}': {e}"))?;
            }
            Knob::Army(side) => {
                let text = if value == "<empty>" { "" } else { value };
                // The form now; the rules when a game starts from it.
                Army::parse(Race::Human, side, text)
                    .map_err(|e| format!("option '{name}': {e}"))?;
                self.armies[side.index()] = text.to_string();
            }
            Knob::Lengthened => {
                self.lengthened = match value.to_ascii_lowercase().as_str() {
                    "true" | "1" => true,
                    "false" | "0" => false,
                    _ => {
                        return Err(format!(
                            "option '{name}' needs true or false, found '{value}'"
                        ));
                    }
                };
            }
            Knob::Budget => {
                self.budget = value
                    .parse::<u32>()
                    .ok()
                    .filter(|b| *b <= MAX_BUDGET)
                    .ok_or_else(|| format!("option '{name}' must be between 0 and {MAX_BUDGET}"))?;
            }
            Knob::Dice => {
                self.dice = match value.to_ascii_lowercase().as_str() {
                    "gui" => DiceMode::Gui,
                    "engine" => DiceMode::Engine,
                    _ => {
                        return Err(format!(
                            "option '{name}' needs gui or engine, found '{value}'"
                        ));
                    }
                };
                return Ok(Changed::Dice);
            }
            Knob::Seed => {
                self.seed = value
                    .parse::<u64>()
                    .ok()
                    .filter(|s| *s <= MAX_SEED)
                    .ok_or_else(|| format!("option '{name}' must be between 0 and {MAX_SEED}"))?;
                return Ok(Changed::Dice);
            }
        }
        Ok(Changed::Setup)
    }

    /// The start state these options describe, or the two races' standard
    /// armies when the rules refuse them (the state a session starts in).
    pub fn start_state_or_standard(&self) -> State {
        self.start_state()
            .unwrap_or_else(|_| State::standard(self.races[0], self.races[1]))
    }

    /// The start state these options describe: each side's army (custom
    /// or standard) checked against the rules and the budget.
    pub fn start_state(&self) -> Result<State, ArmyError> {
        let options = GameOptions {
            budget: (self.budget > 0).then_some(self.budget),
            lengthened: self.lengthened,
        };
        let mut armies = Vec::with_capacity(2);
        for side in [Side::White, Side::Black] {
            let race = self.races[side.index()];
            let text = &self.armies[side.index()];
            armies.push(if text.is_empty() {
                Army::standard(race, side)
            } else {
                Army::parse(race, side, text)?
            });
        }
        State::from_armies(&armies[0], &armies[1], &options)
    }

    /// The ChessWar options, for the engine's option table.
    pub fn option_specs() -> Vec<OptionSpec> {
        let races: Vec<String> = Race::ALL.iter().map(|r| r.name().to_string()).collect();
        KNOBS
            .iter()
            .map(|&(name, knob)| {
                let kind = match knob {
                    Knob::Race(_) => OptionKind::Combo {
                        choices: races.clone(),
                    },
                    Knob::Army(_) => OptionKind::Text,
                    Knob::Lengthened => OptionKind::Check { default: false },
                    Knob::Budget => OptionKind::Spin {
                        default: 0,
                        min: 0,
                        max: i64::from(MAX_BUDGET),
                    },
                    Knob::Dice => OptionKind::Combo {
                        choices: vec![DiceMode::Gui.name().into(), DiceMode::Engine.name().into()],
                    },
                    Knob::Seed => OptionKind::Spin {
                        default: 1,
                        min: 0,
                        max: MAX_SEED as i64,
                    },
                };
                OptionSpec {
                    name,
                    kind,
                    audience: Audience::Both,
                }
            })
            .collect()
    }
}

fn knob(name: &str) -> Option<Knob> {
    KNOBS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map(|&(_, k)| k)
}

/// What the engine keeps for ChessWar next to the board games: the
/// set-up options, the game (with its undo), the engine's seeded dice and
/// the expectimax search's table.
pub struct ChessWarPlay {
    setup: Setup,
    game: Game,
    dice: SeededDice,
    /// The search table: made when ChessWar is loaded, at the size the
    /// hash memory allows ([`super::Engine`] keeps the account).
    searcher: Option<Searcher>,
}

impl Default for ChessWarPlay {
    fn default() -> Self {
        ChessWarPlay::new()
    }
}

impl ChessWarPlay {
    /// The standard start state; dice from the default seed; no table.
    pub fn new() -> ChessWarPlay {
        let setup = Setup::default();
        let start = setup.start_state_or_standard();
        ChessWarPlay {
            dice: SeededDice::new(setup.seed),
            setup,
            game: Game::new(start),
            searcher: None,
        }
    }

    /// The set-up and dice options.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The game: the start state and the tokens played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to play or take back tokens.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The current state.
    pub fn state(&self) -> &State {
        self.game.state()
    }

    /// The engine's next die, as a token (`d1` ... `d6`).
    pub fn roll(&mut self) -> String {
        die_token(self.dice.next_die())
    }

    /// The engine's dice start again from the seed.
    pub fn restart_dice(&mut self) {
        self.dice = SeededDice::new(self.setup.seed);
    }

    /// Sets one of the ChessWar options; the dice restart when who rolls
    /// or the seed changes. Errors change nothing.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        if self.setup.set(name, value)? == Changed::Dice {
            self.restart_dice();
        }
        Ok(())
    }

    /// Sets the position: the start state the options describe (`None`)
    /// or a state string, then the tokens. Nothing changes on error.
    pub fn set_position(
        &mut self,
        state: Option<&str>,
        tokens: &[String],
    ) -> Result<(), EngineError> {
        let start = match state {
            None => self
                .setup
                .start_state()
                .map_err(|e| EngineError::ChessWar(format!("ChessWar set-up: {e}")))?,
            Some(text) => text
                .parse::<State>()
                .map_err(|e| EngineError::ChessWar(format!("ChessWar state string: {e}")))?,
        };
        self.game = Game::with_tokens(start, tokens)
            .map_err(|(token, e)| EngineError::ChessWar(e.describe(&token)))?;
        Ok(())
    }

    /// What `go` does now: search a decision, roll the engine's die (when
    /// the engine rolls), or refuse with the reason.
    pub fn go_answer(&mut self) -> GoAnswer {
        go_answer(self.game.state(), self.setup.dice, &mut self.dice)
    }

    /// The searcher, with its table (made on first use): its
    /// [`Searcher::decide`] searches the decision due in a state.
    pub fn searcher(&mut self) -> &mut Searcher {
        self.searcher
            .get_or_insert_with(|| Searcher::new(DEFAULT_HASH_MB))
    }

    /// Empties the search table (a new game).
    pub fn clear_table(&mut self) {
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.clear();
        }
    }

    /// Whether the search table is made.
    pub fn has_table(&self) -> bool {
        self.searcher.is_some()
    }

    /// Makes the search table at `megabytes`, freeing the old one first;
    /// an error when the memory cannot be had (there is no table then).
    pub fn make_table(&mut self, megabytes: usize) -> Result<(), EngineError> {
        self.searcher = None;
        self.searcher = Some(Searcher::try_new(megabytes).map_err(EngineError::ChessWarSearch)?);
        Ok(())
    }

    /// Frees the search table (the game loaded is no longer ChessWar).
    pub fn free_table(&mut self) {
        self.searcher = None;
    }
}

/// What `go` may do in a state.
#[derive(Clone, Debug, PartialEq)]
pub enum GoAnswer {
    /// A player's decision: search it.
    Search,
    /// A roll the engine makes (engine dice): this token.
    Roll(String),
    /// Nothing to search: why (a roll is due, the game is over).
    Refuse(String),
}

/// What `go` does in `state`, rolling with `dice` when the engine rolls.
pub fn go_answer(state: &State, mode: DiceMode, dice: &mut SeededDice) -> GoAnswer {
    match state.to_act() {
        ToAct::Decision { .. } => GoAnswer::Search,
        ToAct::Roll { purpose } => match mode {
            DiceMode::Engine => GoAnswer::Roll(die_token(dice.next_die())),
            DiceMode::Gui => GoAnswer::Refuse(roll_due(&purpose)),
        },
        ToAct::Over(outcome) => GoAnswer::Refuse(game_over(&outcome)),
    }
}

/// The message for `go` at a pending roll.
pub fn roll_due(purpose: &str) -> String {
    format!("a roll is due ({purpose}): send d1 ... d6")
}

/// The message for `go` in a finished game.
pub fn game_over(outcome: &Outcome) -> String {
    format!("the game is over ({})", outcome.describe())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_set_and_refuse() {
        let mut setup = Setup::default();
        assert_eq!(setup.set("chesswar white race", "Orc"), Ok(Changed::Setup));
        assert_eq!(setup.races, [Race::Orc, Race::Human]);
        assert!(setup.set("ChessWar Black Race", "ents").is_err());
        assert_eq!(setup.set("ChessWar Dice", "engine"), Ok(Changed::Dice));
        assert!(setup.set("ChessWar Budget", "-3").is_err());
        assert!(setup.set("ChessWar Lengthened", "yes").is_err());
        assert!(setup.set("ChessWar Lengthened", "1").is_ok());
        assert!(setup.set("ChessWar White Army", "Ke1 Zz9").is_err());
        assert!(setup.set("ChessWar Seed", "x").is_err());
        assert_eq!(setup.races, [Race::Orc, Race::Human]);
        assert!(setup.lengthened);
        let start = setup.start_state().unwrap();
        assert!(
            start
                .to_string()
                .contains(" orc/human w movement 1 0 - - long ")
        );
        setup.set("ChessWar White Army", "Ke1 Pa2 Pb2 Pc2").unwrap();
        assert!(
            setup
                .start_state()
                .unwrap_err()
                .to_string()
                .contains("infantry")
        );
        setup.set("ChessWar White Army", "<empty>").unwrap();
        setup.set("ChessWar Budget", "10").unwrap();
        assert!(
            setup
                .start_state()
                .unwrap_err()
                .to_string()
                .contains("budget")
        );
    }

    #[test]
    fn option_lists_name_every_option_once() {
        let options = Setup::option_specs();
        assert_eq!(options.len(), KNOBS.len());
        assert!(options[0].uci_line().starts_with(
            "option name ChessWar White Race type combo default human var human var dwarf"
        ));
    }

    #[test]
    fn go_refuses_rolls_unless_the_engine_rolls() {
        let state: State = "4k3/4N3/8/8/8/8/8/4K3 human/human w melee 1 0 - - std - -"
            .parse()
            .unwrap();
        let mut rolling = state.clone();
        rolling.apply("a:e7e8").unwrap();
        let mut dice = SeededDice::new(3);
        assert_eq!(
            go_answer(&state, DiceMode::Gui, &mut dice),
            GoAnswer::Search
        );
        match go_answer(&rolling, DiceMode::Gui, &mut dice) {
            GoAnswer::Refuse(why) => assert!(why.starts_with("a roll is due (melee"), "{why}"),
            other => panic!("{other:?}"),
        }
        match go_answer(&rolling, DiceMode::Engine, &mut dice) {
            GoAnswer::Roll(token) => assert!(rolling.legal_tokens().contains(&token)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn divide_counts_tokens() {
        use crate::chesswar::game::divide;
        let state = State::standard(Race::Human, Race::Human);
        let rows = divide(&state, 1);
        assert_eq!(rows.len(), state.legal_tokens().len());
        assert!(rows.iter().all(|(_, n)| *n == 1));
    }
}
