//! ChessWar! (`src/chesswar/RULES.md`, after Kalle Marjola's 1991-1997 rules):
//! a dice wargame on a chessboard. Each side plays one race; every unit may
//! act in a turn (movement, firing, melee), units shoot and fight, and a
//! unit dies only when it fails a save.
//!
//! The rules core is a state machine over tokens: a [`State`] says who
//! supplies the next token ([`State::to_act`]): a player's decision (an
//! action, the defender's pick of the unit attacked, an advance, or a
//! reaction spell) or a die roll (`d1` ... `d6`). [`State::legal_tokens`]
//! lists every token accepted, and [`State::apply`] applies one; every rule
//! (which rolls follow, and why) is applied by the core. The state prints as
//! one line and reads back ([`state_text`] documents the grammar).
//!
//! ```
//! use motley::chesswar::{DecisionKind, Race, Side, State, ToAct};
//!
//! let mut game = State::standard(Race::Human, Race::Orc);
//! game.apply("m:e2e3").unwrap();
//! // Before White's first action of the phase, Black's Shaman may cast
//! // Protection; Black declines.
//! let reaction = ToAct::Decision { side: Side::Black, kind: DecisionKind::Reaction };
//! assert_eq!(game.to_act(), reaction);
//! game.apply("pass").unwrap();
//! assert_eq!(game.unit_at("e3".parse().unwrap()).unwrap().name(), "Infantry");
//! game.apply("end").unwrap(); // the movement phase is over
//! assert!(game.apply("f:c1c5").is_err()); // no enemy there
//! let text = game.to_string();
//! assert_eq!(text.parse::<State>().unwrap(), game);
//! ```

pub mod army;
pub mod dice;
mod ends;
pub mod errors;
pub mod eval;
pub mod game;
mod legal;
pub mod notation;
pub mod players;
pub mod profiles;
pub mod search;
pub mod sight;
mod spells;
pub mod state;
pub mod state_text;
mod turn;
pub mod units;

pub use army::{Army, GameOptions};
pub use errors::{ArmyError, ParseError, SearchError, StateTextError, TokenError};
pub use game::Game;
pub use notation::Token;
pub use players::PlayError;
pub use profiles::{Ability, Profile, Race, Slot, Spell, SpellKind, Weapon, profile};
pub use spells::SPELL_RANGE;
pub use state::{DecisionKind, NodeKind, Outcome, Phase, State, ToAct};
pub use units::{Side, Square, Unit, UnitFlags};
