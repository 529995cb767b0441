//! The game state: the board with every unit and its marks, whose turn
//! and which phase, the steps still to resolve, and what comes next
//! ([`State::to_act`]). Its one-line text form, the state string, is
//! read and written in [`super::state_text`], which documents it.

use super::army::{Army, GameOptions};
use super::errors::{ArmyError, StateTextError};
use super::notation::Token;
use super::profiles::{Race, Slot, Spell, Weapon};
use super::units::{Side, Square, Unit};

/// A phase of a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Phase {
    /// Units move and charge.
    Movement,
    /// Units fire.
    Firing,
    /// Units in melee attack.
    Melee,
}

/// What kind of decision a player must make.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum DecisionKind {
    /// The side to move chooses its next action (`m:`, `f:`, `a:`, `s:`,
    /// `end`).
    Action,
    /// The defender picks which of its units touching the attacker is
    /// attacked (`pick:`).
    PickTarget,
    /// The attacker chooses whether a unit advances (`adv:`, `noadv`).
    Advance,
    /// A reaction spell is offered (`s:` or `pass`).
    Reaction,
}

/// How a game ended.
#[derive(Clone, PartialEq, Debug)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Side,
        /// Why, in words.
        reason: String,
    },
    /// Nobody won.
    Draw {
        /// Why, in words.
        reason: String,
    },
}

impl Outcome {
    /// The outcome in words: `White wins: ...`, `draw: ...`.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Win { winner, reason } => format!("{} wins: {reason}", winner.title()),
            Outcome::Draw { reason } => format!("draw: {reason}"),
        }
    }

    /// The PGN-style result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_code(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Side::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Side::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

/// What a state waits for: [`ToAct`] without its texts, for the search
/// ([`State::node_kind`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NodeKind {
    /// The game is over.
    Over,
    /// A die roll is due.
    Roll,
    /// This side must decide.
    Decision(Side),
}

/// Who must supply the next token.
#[derive(Clone, PartialEq, Debug)]
pub enum ToAct {
    /// A player's decision.
    Decision {
        /// The player.
        side: Side,
        /// What is decided.
        kind: DecisionKind,
    },
    /// A die roll (`d1` ... `d6`).
    Roll {
        /// What the roll is for, in words.
        purpose: String,
    },
    /// The game is over.
    Over(Outcome),
}

/// The phase with the after-melee stage for summon spells.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Stage {
    Movement,
    Firing,
    Melee,
    After,
}

impl Stage {
    /// The phase's word in the state string.
    pub(super) fn name(self) -> &'static str {
        match self {
            Stage::Movement => "movement",
            Stage::Firing => "firing",
            Stage::Melee => "melee",
            Stage::After => "after",
        }
    }
}

/// How a game ended, as stored.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Ending {
    General(Side),
    Destruction(Side),
    LastUnit(Side),
    Quiet,
    Rounds,
}

/// What failing a save does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Effect {
    /// Destroyed (shots, spells, plague spread).
    Kill,
    /// Destroyed in melee (a plague unit spreads its plague).
    MeleeKill,
    /// Routed in melee: destroyed; on a success, it saves once more.
    Rout,
    /// Destroyed by the Plague spell: the plague spreads.
    PlagueKill,
    /// Scared by a fear-causing charge.
    Scare,
    /// Scared by the Fear spell.
    Fright,
    /// A failed fear test on charging.
    Balk,
    /// Flight puts the enemy unit on the square.
    FlyTo(Square),
}

impl Effect {
    /// Whether failing destroys the unit (so Healing may be offered).
    pub(crate) fn kills(self) -> bool {
        matches!(
            self,
            Effect::Kill | Effect::MeleeKill | Effect::Rout | Effect::PlagueKill
        )
    }
}

/// The action a stupidity test stands before.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Act {
    Move(Square),
    Fire(Square),
}

/// A spell's effect, waiting for the opponent's chance to dispel it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Fx {
    Zap(Square),
    Storm(Square),
    Dispel,
    Protect(Square),
    Fly(Square, Square),
    FlyFoe(Square, Square),
    Heal(Square, i8, Effect),
    Raise(Square, Side, Side),
    Fear(Square),
    Plague(Square),
    Strike(Square),
}

/// One pending resolution step; the state keeps a stack of them.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Step {
    Stupid(Square, Act),
    Save(Square, i8, Effect),
    Hit(Square, u8, i8, bool),
    Spill(i8, Vec<Square>),
    SpillPick(i8, Vec<Square>),
    Scatter {
        side: Side,
        aim: Square,
        dx: i8,
        dy: i8,
        left: u8,
        weapon: Weapon,
    },
    Melee(Square, Square),
    Magic(Square),
    Regen(Square, Side),
    Pick(Square),
    Advance(Square),
    HealWindow(Square, i8, Effect),
    RaiseWindow(Square, Side, u8),
    DispelWindow(Side, Square),
    ProtectWindow,
    HitWindow(Square),
    Fail(Square, Effect),
    Move(Square, Square),
    Deferred(Token),
    Zombie(Square, Side),
    Fx(Fx),
    Check,
    EndTurn,
}

/// A game of ChessWar: the board with every unit and its marks, the
/// races, whose turn and which phase, the counters, the options and the
/// steps still to resolve. Its `Display` is the state string (see the
/// module documentation), and `FromStr` reads it back.
#[derive(Clone, PartialEq, Debug)]
pub struct State {
    pub(crate) board: [Option<Unit>; 64],
    pub(crate) races: [Race; 2],
    pub(crate) to_move: Side,
    pub(crate) stage: Stage,
    pub(crate) round: u32,
    pub(crate) quiet: u32,
    /// A unit was destroyed in this round.
    pub(crate) killed: bool,
    /// The opponent's Protection window at the start of this phase is past.
    pub(crate) opened: bool,
    /// A unit of the side to move has moved, fired or attacked this phase.
    pub(crate) acted: bool,
    /// The side of the last unit destroyed.
    pub(crate) last: Option<Side>,
    /// Trolls destroyed this turn, waiting to regenerate at its end.
    pub(crate) regen: Vec<(Square, Side)>,
    pub(crate) options: GameOptions,
    /// The pending steps, the next one last.
    pub(crate) pending: Vec<Step>,
    pub(crate) ending: Option<Ending>,
}

impl State {
    /// Both standard armies of the given races on the chess start squares,
    /// White to act, round 1, movement phase, standard game.
    pub fn standard(white: Race, black: Race) -> State {
        let w = Army::standard(white, Side::White);
        let b = Army::standard(black, Side::Black);
        State::from_armies(&w, &b, &GameOptions::default())
            .unwrap_or_else(|_| State::empty(white, black, GameOptions::default()))
    }

    /// A game between two custom armies, each checked by
    /// [`Army::validate`]; White to act, round 1, movement phase.
    pub fn from_armies(
        white: &Army,
        black: &Army,
        options: &GameOptions,
    ) -> Result<State, ArmyError> {
        if white.side != Side::White || black.side != Side::Black {
            return Err(ArmyError::Sides);
        }
        white.validate(options)?;
        black.validate(options)?;
        let mut state = State::empty(white.race, black.race, *options);
        for army in [white, black] {
            for &(slot, sq) in &army.units {
                state.board[sq.index()] = Some(Unit::new(army.side, army.race, slot));
            }
        }
        Ok(state)
    }

    /// An empty board of these races, White to act, round 1.
    pub(super) fn empty(white: Race, black: Race, options: GameOptions) -> State {
        State {
            board: [None; 64],
            races: [white, black],
            to_move: Side::White,
            stage: Stage::Movement,
            round: 1,
            quiet: 0,
            killed: false,
            opened: false,
            acted: false,
            last: None,
            regen: Vec::new(),
            options,
            pending: Vec::new(),
            ending: None,
        }
    }

    /// The unit on a square, if any.
    pub fn unit_at(&self, sq: Square) -> Option<&Unit> {
        self.board.get(sq.index()).and_then(|u| u.as_ref())
    }

    /// Every unit with its square, in square order.
    pub fn units(&self) -> Vec<(Square, Unit)> {
        (0..64u8)
            .filter_map(|i| self.board[i as usize].map(|u| (Square(i), u)))
            .collect()
    }

    /// The round number, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The current phase (the after-melee stage counts as melee).
    pub fn phase(&self) -> Phase {
        match self.stage {
            Stage::Movement => Phase::Movement,
            Stage::Firing => Phase::Firing,
            Stage::Melee | Stage::After => Phase::Melee,
        }
    }

    /// Whether the melee is over and only summon spells or `end` remain.
    pub fn after_melee(&self) -> bool {
        self.stage == Stage::After
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The points of a side's living units.
    pub fn material(&self, side: Side) -> u32 {
        self.board
            .iter()
            .flatten()
            .filter(|u| u.side == side)
            .map(|u| u.points())
            .sum()
    }

    /// A side's race.
    pub fn race(&self, side: Side) -> Race {
        self.races[side.index()]
    }

    /// The options the game is played with.
    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// How many rounds in a row have ended with no unit destroyed.
    pub fn quiet_rounds(&self) -> u32 {
        self.quiet
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending?;
        Some(match ending {
            Ending::General(w) => Outcome::Win {
                winner: w,
                reason: format!("the {} general was destroyed", !w),
            },
            Ending::Destruction(w) => Outcome::Win {
                winner: w,
                reason: format!(
                    "total destruction: only {w} has units left ({} points)",
                    self.material(w)
                ),
            },
            Ending::LastUnit(w) => Outcome::Win {
                winner: w,
                reason: format!(
                    "total destruction of both armies: {w} had the last unit on the board"
                ),
            },
            Ending::Quiet => Outcome::Draw {
                reason: "10 rounds in a row with no unit destroyed".into(),
            },
            Ending::Rounds => Outcome::Draw {
                reason: "100 rounds played".into(),
            },
        })
    }
}

/// The last round: the game is drawn at its end (`src/chesswar/RULES.md`,
/// "End of the game").
pub const MAX_ROUNDS: u32 = 100;

/// Rounds in a row without a destruction that draw the game.
pub const QUIET_ROUNDS_TO_DRAW: u32 = 10;

/// The most units an army can field: one a square on its two deployment
/// ranks.
pub const MAX_ARMY_UNITS: usize = 16;

impl State {
    /// Checks what no game can reach, for a state read from text: an army
    /// beyond its race's counts (more than one general, more wizards,
    /// catapults, archers or riders than the race allows, more units than
    /// fit on two ranks; only the Undead grow, by raising the dead as
    /// Zombies, and the armies together never exceed two full armies), a
    /// general missing while a standard game goes on (its death ends the
    /// game), a result the game kind cannot have, and
    /// round or quiet-round counters outside what the draw rules allow.
    /// Units die, so there are no minimums beyond the general. The units
    /// that pending steps may still bring onto the board count too (see
    /// [`State::arrival_fault`]), so that every state a game goes on to
    /// from here passes this check as well.
    pub(crate) fn check_reachable(&self) -> Result<(), StateTextError> {
        let mut errors = Vec::new();
        let mut on_board = 0;
        let mut generals = [0usize; 2];
        for side in Side::BOTH {
            let race = self.races[side.index()];
            let mut count = [0usize; 6];
            for u in self.board.iter().flatten().filter(|u| u.side == side) {
                count[u.slot.index()] += 1;
            }
            let units: usize = count.iter().sum();
            on_board += units;
            // Trolls waiting to regenerate are still the army's.
            let waiting = self.regen.iter().filter(|&&(_, s)| s == side).count();
            count[Slot::R.index()] += waiting;
            generals[side.index()] = count[Slot::K.index()];
            let faults = army_faults(race, &count);
            if !faults.is_empty() {
                errors.push(format!("{side} {race} army: {}", faults.join(", ")));
            }
        }
        if on_board > 2 * MAX_ARMY_UNITS {
            errors.push(format!(
                "{on_board} units on the board, more than two armies of {MAX_ARMY_UNITS}"
            ));
        }
        let long = self.options.lengthened;
        for side in Side::BOTH {
            let n = generals[side.index()];
            let lost = self.ending == Some(Ending::General(!side));
            if !long && n == 0 && !lost {
                errors.push(format!(
                    "{side} has no general: in the standard game its destruction ends the game (result {}:general)",
                    !side
                ));
            }
        }
        match self.ending {
            Some(Ending::General(_)) if long => errors.push(
                "a general's destruction ends only the standard game (this one is 'long')".into(),
            ),
            Some(Ending::Destruction(_) | Ending::LastUnit(_)) if !long => errors
                .push("total destruction ends only the lengthened game (this one is 'std')".into()),
            _ => {}
        }
        if long && self.ending.is_none() && self.pending.is_empty() {
            for side in Side::BOTH {
                let alive = self.board.iter().flatten().any(|u| u.side == side)
                    || self.regen.iter().any(|&(_, s)| s == side);
                if !alive {
                    errors.push(format!(
                        "{side} has no units left, so the lengthened game is over (a result is needed)"
                    ));
                }
            }
        }
        if self.round > MAX_ROUNDS {
            errors.push(format!(
                "round {} is past the last, {MAX_ROUNDS} (the game is drawn at its end)",
                self.round
            ));
        } else if self.ending == Some(Ending::Rounds) && self.round != MAX_ROUNDS {
            errors.push(format!(
                "the {MAX_ROUNDS}-round draw needs round {MAX_ROUNDS}, not {}",
                self.round
            ));
        }
        let quiet_draw = self.ending == Some(Ending::Quiet);
        let most_quiet = if quiet_draw {
            QUIET_ROUNDS_TO_DRAW
        } else {
            QUIET_ROUNDS_TO_DRAW - 1
        };
        if self.quiet > most_quiet || (quiet_draw && self.quiet != QUIET_ROUNDS_TO_DRAW) {
            errors.push(format!(
                "quiet-round count {}: {} rounds in a row without a destruction draw the game, so it is at most {most_quiet}{}",
                self.quiet,
                QUIET_ROUNDS_TO_DRAW,
                if quiet_draw {
                    format!(" and exactly {QUIET_ROUNDS_TO_DRAW} with the result draw:quiet")
                } else {
                    " while the game goes on".to_string()
                }
            ));
        }
        if errors.is_empty()
            && let Some(fault) = self.arrival_fault()
        {
            errors.push(fault);
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(StateTextError(format!(
                "no game reaches this state: {}",
                errors.join("; ")
            )))
        }
    }

    /// The units that may still come onto the board without a game being
    /// played on, in the order they would: a Zombie from each pending
    /// `zombie` and `raise` step and each `raisewin` window (for the armies
    /// that can cast Raise dead), a regenerated unit from each pending
    /// `regen` roll, then one from each Troll waiting to regenerate at the
    /// end of the turn.
    fn arrivals(&self) -> Vec<Arrival> {
        let pending = self.pending.iter().rev().filter_map(|step| {
            let (square, slot, sides) = match *step {
                Step::Zombie(sq, side) | Step::Fx(Fx::Raise(sq, side, _)) => {
                    (sq, Slot::P, [side == Side::White, side == Side::Black])
                }
                Step::RaiseWindow(sq, ..) => (
                    sq,
                    Slot::P,
                    Side::BOTH.map(|side| raises_dead(self.races[side.index()])),
                ),
                Step::Regen(sq, side) => (sq, Slot::R, [side == Side::White, side == Side::Black]),
                _ => return None,
            };
            sides.contains(&true).then(|| Arrival {
                square,
                slot,
                sides,
                pending: true,
                cause: format!("pending step '{}'", step.code()),
            })
        });
        let waiting = self.regen.iter().map(|&(square, side)| Arrival {
            square,
            slot: Slot::R,
            sides: [side == Side::White, side == Side::Black],
            pending: false,
            cause: format!("the unit waiting to regenerate on {square}"),
        });
        pending.chain(waiting).collect()
    }

    /// Whether units may walk or fly off their squares, in any number,
    /// before every arrival has come: in the movement phase, or when the
    /// turn may end, and the next one's movement phase begin, with an
    /// arrival still to come. The engine only ever ends the turn from the
    /// bottom step: `endturn` under nothing but the regeneration rolls,
    /// with no Troll left waiting, or an `end` waiting for a Protection
    /// window (the Trolls waiting then become the rolls above `endturn`).
    fn moves_before_arrivals(&self) -> bool {
        let ends_turn = |s: &Step| matches!(s, Step::EndTurn | Step::Deferred(Token::End));
        let odd_end_turn = matches!(self.pending.first(), Some(Step::EndTurn))
            && (!self.regen.is_empty()
                || !self.pending[1..]
                    .iter()
                    .all(|s| matches!(s, Step::Regen(..))));
        self.stage == Stage::Movement || self.pending.iter().skip(1).any(ends_turn) || odd_end_turn
    }

    /// How many pending steps may move a unit off its square, leaving it to
    /// an arrival: moves after a fear test, Flight, a stupidity test before
    /// a move, an action waiting for a Protection window, and an advance
    /// into an empty square that no arrival is due on (an advance into an
    /// arrival's square takes that square instead).
    fn vacating_steps(&self, arrivals: &[Arrival]) -> usize {
        self.pending
            .iter()
            .filter(|step| match step {
                Step::Move(..)
                | Step::Stupid(_, Act::Move(_))
                | Step::Fx(Fx::Fly(..) | Fx::FlyFoe(..) | Fx::Heal(_, _, Effect::FlyTo(_)))
                | Step::Save(_, _, Effect::FlyTo(_))
                | Step::Fail(_, Effect::FlyTo(_))
                | Step::HealWindow(_, _, Effect::FlyTo(_))
                | Step::Deferred(
                    Token::Move(..)
                    | Token::Cast {
                        spell: Spell::Flight,
                        ..
                    },
                ) => true,
                Step::Advance(sq) => {
                    self.at(*sq).is_none() && !arrivals.iter().any(|a| a.square == *sq)
                }
                _ => false,
            })
            .count()
    }

    /// What is wrong when the units that pending steps and waiting Trolls
    /// may still bring ([`State::arrivals`]) would break an army's counts
    /// or put more than two full armies on the board, naming the first
    /// step (or waiting Troll) that would: a state the engine could read
    /// but then not print in a form it reads back.
    ///
    /// The army counts add up every arrival of the army. On the board, an
    /// arrival needs an empty square: those on squares empty now count once
    /// a square, and the rest only as far as units may still move off
    /// their squares first ([`State::vacating_steps`], every one of them in
    /// the movement phase). A Troll destroyed on a square where a Zombie
    /// then rose comes back only if the square empties again, so a game
    /// never counts more than two armies this way.
    fn arrival_fault(&self) -> Option<String> {
        let arrivals = self.arrivals();
        if arrivals.is_empty() {
            return None;
        }
        let mut count = [[0usize; 6]; 2];
        for u in self.board.iter().flatten() {
            count[u.side.index()][u.slot.index()] += 1;
        }
        for &(_, side) in &self.regen {
            count[side.index()][Slot::R.index()] += 1;
        }
        for arrival in arrivals.iter().filter(|a| a.pending) {
            for side in Side::BOTH.into_iter().filter(|s| arrival.sides[s.index()]) {
                count[side.index()][arrival.slot.index()] += 1;
                let race = self.races[side.index()];
                if let Some(fault) = army_faults(race, &count[side.index()]).first() {
                    return Some(format!(
                        "{} would give the {side} {race} army {fault}",
                        arrival.cause
                    ));
                }
            }
        }
        let on_board = self.board.iter().flatten().count();
        let vacating = if self.moves_before_arrivals() {
            usize::MAX
        } else {
            self.vacating_steps(&arrivals)
        };
        let mut empty_squares = Vec::new();
        for (n, arrival) in arrivals.iter().enumerate() {
            if self.at(arrival.square).is_none() && !empty_squares.contains(&arrival.square) {
                empty_squares.push(arrival.square);
            }
            let after_moves = (n + 1 - empty_squares.len()).min(vacating);
            let most = on_board + empty_squares.len() + after_moves;
            if most > 2 * MAX_ARMY_UNITS {
                return Some(format!(
                    "{} would put {most} units on the board, more than two armies of {MAX_ARMY_UNITS}",
                    arrival.cause
                ));
            }
        }
        None
    }
}

/// A unit that may still come onto the board ([`State::arrivals`]).
struct Arrival {
    /// The square it comes on.
    square: Square,
    /// Its slot: P for a Zombie, R for a regenerated unit.
    slot: Slot,
    /// Which sides it may come for, by [`Side::index`].
    sides: [bool; 2],
    /// Whether a pending step brings it (not a Troll waiting to
    /// regenerate, which the army counts already hold).
    pending: bool,
    /// What brings it, for the error message.
    cause: String,
}

/// Whether an army of this race can cast Raise dead.
fn raises_dead(race: Race) -> bool {
    Slot::ALL
        .into_iter()
        .any(|slot| super::profiles::profile(race, slot).knows(Spell::RaiseDead))
}

/// What breaks the race's counts in an army of `count` units a slot (by
/// [`Slot::index`]): a slot beyond its range, or more units than fit on
/// two ranks. The Undead grow by raising the dead as Zombies, so their P
/// slot and their size have no limit.
fn army_faults(race: Race, count: &[usize; 6]) -> Vec<String> {
    let mut faults = Vec::new();
    for slot in Slot::ALL {
        let p = super::profiles::profile(race, slot);
        let (n, max) = (count[slot.index()], p.max as usize);
        // Raised Zombies join the Undead's P slot beyond its count.
        if slot == Slot::P && race == Race::Undead {
            continue;
        }
        if max == 0 && n > 0 {
            faults.push(format!(
                "{n} units in slot {}, which the {race} army does not have",
                slot.letter()
            ));
        } else if n > max {
            faults.push(format!(
                "{n} {} (slot {}), at most {max} allowed",
                p.name,
                slot.letter()
            ));
        }
    }
    let units: usize = count.iter().sum();
    if race != Race::Undead && units > MAX_ARMY_UNITS {
        faults.push(format!(
            "{units} units, more than the {MAX_ARMY_UNITS} an army can deploy"
        ));
    }
    faults
}
