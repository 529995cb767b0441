//! What the browser is shown of a ChessWar state: the units with their
//! race, kind and marks, the round and phase, who must act and how, and
//! every legal token with the squares it is entered by.

use serde::Serialize;

use super::view::Coord;
use crate::chesswar::{DecisionKind, Phase, Side, Square, State, ToAct, Token, UnitFlags};

/// A unit on the board.
#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    /// Where it stands.
    pub at: Coord,
    /// `white` or `black`.
    pub side: &'static str,
    /// Its letter in the state string (its chess piece, upper case White).
    pub letter: char,
    /// What it is (`Archers`, `Wizard`...).
    pub name: &'static str,
    /// Its race.
    pub race: String,
    /// Its marks this turn and lasting ones, in words.
    pub marks: Vec<&'static str>,
}

/// A legal token and the squares it is entered by.
#[derive(Clone, Debug, Serialize)]
pub struct TokenView {
    /// The token as the protocols spell it.
    pub token: String,
    /// `move`, `fire`, `attack`, `spell`, `pick`, `advance`, `noadvance`,
    /// `end`, `pass` or `die`.
    pub kind: &'static str,
    /// The acting unit's square (the caster's for a spell).
    pub from: Option<Coord>,
    /// The square aimed at (a spell's target, a picked unit).
    pub to: Option<Coord>,
}

/// Who must act now.
#[derive(Clone, Debug, Serialize)]
pub struct ToActView {
    /// `decision`, `roll` or `over`.
    pub kind: &'static str,
    /// The side deciding (a decision).
    pub side: Option<&'static str>,
    /// What is decided, or what the roll is for, or how the game ended.
    pub what: String,
}

/// A ChessWar state as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct WarView {
    /// The round, from 1.
    pub round: u32,
    /// `movement`, `firing` or `melee`.
    pub phase: &'static str,
    /// The side whose turn it is.
    pub side_to_move: &'static str,
    /// Who must act now, and how.
    pub to_act: ToActView,
    /// Every unit.
    pub units: Vec<UnitView>,
    /// White's and Black's races.
    pub races: [String; 2],
    /// White's and Black's points on the board.
    pub material: [u32; 2],
    /// Every legal token now (empty while a roll is due).
    pub tokens: Vec<TokenView>,
    /// The state string.
    pub state: String,
}

/// The page's name of a side.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn coord(sq: Square) -> Coord {
    Coord(sq.file(), sq.rank())
}

fn marks(flags: &UnitFlags) -> Vec<&'static str> {
    [
        (flags.moved, "moved"),
        (flags.charged, "charged"),
        (flags.balked, "balked"),
        (flags.fired, "fired"),
        (flags.attacked, "attacked"),
        (flags.stupid, "stupid"),
        (flags.steady, "steady"),
        (flags.scared, "scared"),
        (flags.frightened, "frightened"),
        (flags.protected, "protected"),
        (flags.strike, "strike"),
        (flags.cast, "has cast"),
        (flags.owed, "spell owed"),
        (flags.reacted, "reacted"),
    ]
    .into_iter()
    .filter_map(|(set, word)| set.then_some(word))
    .collect()
}

fn decision_words(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Action => "an action",
        DecisionKind::PickTarget => "which of its units is attacked",
        DecisionKind::Advance => "whether to advance",
        DecisionKind::Reaction => "a reaction spell, or pass",
    }
}

/// A token in words for the game's log, read in `before`, the state it
/// was played in: `White Archers b2: shot at d5`, `Black picks Knights
/// e7`, `die: 4`. A token that does not read as one is shown as it is.
pub fn token_words(before: &State, token: &str) -> String {
    let Ok(parsed) = token.parse::<Token>() else {
        return token.to_string();
    };
    let unit = |sq: Square| match before.unit_at(sq) {
        Some(u) => format!("{} {} {sq}", u.side.title(), u.name()),
        None => format!("the unit on {sq}"),
    };
    let decider = match before.to_act() {
        ToAct::Decision { side, .. } => side.title(),
        _ => before.side_to_move().title(),
    };
    match parsed {
        Token::Move(a, b) => format!("{}: move to {b}", unit(a)),
        Token::Fire(a, b) => format!("{}: shot at {b}", unit(a)),
        Token::Attack(a, b) => format!("{}: attack on {b}", unit(a)),
        Token::Cast {
            spell,
            caster,
            target,
            dest,
        } => {
            let mut words = format!("{}: spell {spell}", unit(caster));
            if let Some(t) = target {
                words.push_str(&format!(" on {t}"));
            }
            if let Some(d) = dest {
                words.push_str(&format!(" to {d}"));
            }
            words
        }
        Token::Pick(sq) => format!("{decider} picks {}", unit(sq)),
        Token::Advance(a, b) => format!("{}: advance to {b}", unit(a)),
        Token::NoAdvance => format!("{decider} does not advance"),
        Token::End => format!("{decider} ends the phase"),
        Token::Pass => format!("{decider} passes"),
        Token::Die(n) => format!("die: {n}"),
    }
}

/// The view of a token, with its squares.
pub fn token_view(text: &str) -> TokenView {
    let (kind, from, to) = match text.parse::<Token>() {
        Ok(Token::Move(a, b)) => ("move", Some(a), Some(b)),
        Ok(Token::Fire(a, b)) => ("fire", Some(a), Some(b)),
        Ok(Token::Attack(a, b)) => ("attack", Some(a), Some(b)),
        Ok(Token::Cast { caster, target, .. }) => ("spell", Some(caster), target),
        Ok(Token::Pick(sq)) => ("pick", None, Some(sq)),
        Ok(Token::Advance(a, b)) => ("advance", Some(a), Some(b)),
        Ok(Token::NoAdvance) => ("noadvance", None, None),
        Ok(Token::End) => ("end", None, None),
        Ok(Token::Pass) => ("pass", None, None),
        Ok(Token::Die(_)) | Err(_) => ("die", None, None),
    };
    TokenView {
        token: text.to_string(),
        kind,
        from: from.map(coord),
        to: to.map(coord),
    }
}

impl WarView {
    /// The view of `state`.
    pub fn of(state: &State) -> WarView {
        let to_act = match state.to_act() {
            ToAct::Decision { side, kind } => ToActView {
                kind: "decision",
                side: Some(side_name(side)),
                what: decision_words(kind).to_string(),
            },
            ToAct::Roll { purpose } => ToActView {
                kind: "roll",
                side: None,
                what: purpose,
            },
            ToAct::Over(outcome) => ToActView {
                kind: "over",
                side: None,
                what: outcome.describe(),
            },
        };
        let tokens = if to_act.kind == "decision" {
            state.legal_tokens().iter().map(|t| token_view(t)).collect()
        } else {
            Vec::new()
        };
        WarView {
            round: state.round(),
            phase: match state.phase() {
                Phase::Movement => "movement",
                Phase::Firing => "firing",
                Phase::Melee => "melee",
            },
            side_to_move: side_name(state.side_to_move()),
            to_act,
            units: state
                .units()
                .into_iter()
                .map(|(sq, unit)| UnitView {
                    at: coord(sq),
                    side: side_name(unit.side),
                    letter: unit.letter(),
                    name: unit.name(),
                    race: unit.race.to_string(),
                    marks: marks(&unit.flags),
                })
                .collect(),
            races: [
                state.race(Side::White).to_string(),
                state.race(Side::Black).to_string(),
            ],
            material: [state.material(Side::White), state.material(Side::Black)],
            tokens,
            state: state.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chesswar::Race;

    #[test]
    fn tokens_read_as_words_in_the_state_they_were_played_in() {
        let state = State::standard(Race::Human, Race::Human);
        let first = state.legal_tokens()[0].to_string();
        let words = token_words(&state, &first);
        assert!(words.starts_with("White "), "{first}: {words}");
        assert!(words.contains(": move to "), "{first}: {words}");
        assert_eq!(token_words(&state, "d4"), "die: 4");
        assert_eq!(token_words(&state, "end"), "White ends the phase");
        assert_eq!(token_words(&state, "nonsense"), "nonsense");
    }
}
