//! One game between two engines, refereed with the engine's own rules:
//! the runner keeps the board and the clocks, checks every move, ends the
//! game by the rules or by adjudication, and blames faults on the engine
//! that made them.

use std::time::{Duration, Instant};

use crate::rules::{AnyGame, Color, GameKind, Outcome, Variant};

use super::player::{Fault, Player, Reply, Thought, TimeControl};

/// A start for a game: a position and moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The FEN, or `None` for the game's start position.
    pub fen: Option<String>,
    /// Moves from there, in wire spelling.
    pub moves: Vec<String>,
}

/// When the runner ends a game that the rules have not ended.
#[derive(Clone, Copy, Debug, Default)]
pub struct Adjudication {
    /// A draw after this many plies (counted from the opening position).
    pub max_plies: Option<u32>,
    /// Resign for a side when, for `moves` moves in a row, its engine
    /// scores it at or below -`score` and the other engine at or above it.
    pub resign: Option<ScoreRule>,
    /// Draw when, from move `after` on, both engines score the game within
    /// ±`score` for `moves` moves in a row each.
    pub draw: Option<DrawRule>,
}

impl Adjudication {
    /// The runner's draw once `played` moves have been made, when that
    /// reaches `max_plies`; `unit` names what was counted ("plies", or
    /// "decisions" in ChessWar).
    pub(super) fn move_limit_draw(&self, played: u32, unit: &str) -> Option<Ending> {
        self.max_plies.filter(|&max| played >= max).map(|_| {
            (
                GameResult::Draw,
                format!("Draw by the runner's limit of {played} {unit}"),
                Termination::Adjudication,
                None,
            )
        })
    }
}

/// A resign threshold.
#[derive(Clone, Copy, Debug)]
pub struct ScoreRule {
    /// Centipawns.
    pub score: i32,
    /// Consecutive moves of each engine.
    pub moves: u32,
}

/// A draw threshold.
#[derive(Clone, Copy, Debug)]
pub struct DrawRule {
    /// Centipawns either way.
    pub score: i32,
    /// Consecutive moves of each engine.
    pub moves: u32,
    /// The first full move at which it applies.
    pub after: u32,
}

/// What the runner needs to referee a game.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// The board game (a ChessWar match has its own rules besides these).
    pub variant: Variant,
    /// The clock.
    pub time_control: TimeControl,
    /// How far past its time an engine may go before it loses.
    pub margin: Duration,
    /// When to end a game early.
    pub adjudication: Adjudication,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (mate, stalemate, a draw rule) or a resignation.
    Normal,
    /// By the runner's score or move-limit rule.
    Adjudication,
    /// An engine ran out of time or stopped answering.
    TimeForfeit,
    /// An engine played an illegal move or rejected a legal one.
    IllegalMove,
    /// An engine crashed or broke the protocol.
    Crash,
}

impl Termination {
    /// The PGN `Termination` tag value.
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "rules infraction",
            Termination::Crash => "abandoned",
        }
    }
}

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// One side won.
    Win(Color),
    /// A draw.
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Names of White's and Black's engines.
    pub players: [String; 2],
    /// The game (for ChessWar, `san` holds its tokens).
    pub game: GameKind,
    /// The FEN the game started from, when it is not the game's start.
    pub fen: Option<String>,
    /// The moves in SAN, from the start of the record.
    pub san: Vec<String>,
    /// What the runner saw of each move of `san` an engine played (none
    /// for the opening's moves); may be shorter than `san`.
    pub notes: Vec<Option<MoveNote>>,
    /// The result.
    pub result: GameResult,
    /// Why the game ended, for people.
    pub reason: String,
    /// The kind of ending.
    pub termination: Termination,
    /// The side whose engine failed (and must be restarted), if one did.
    pub faulty: Option<Color>,
}

/// What the runner saw of one move an engine played: how long the engine
/// took, and its last score and depth before it moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The engine's last exact score and its depth, if it gave one.
    pub thought: Option<Thought>,
    /// From the request to the answer, as the runner's clock measured it.
    pub time: Duration,
}

/// The counters an adjudication rule keeps per side.
#[derive(Default)]
struct Streaks {
    losing: [u32; 2],
    winning: [u32; 2],
    drawish: [u32; 2],
}

/// Plays one game; `players` are White's and Black's engines. `watch` is
/// shown the game in progress when it starts and after every move (its
/// result, reason and termination mean nothing yet), so that it can be
/// kept should the runner be stopped.
pub fn play_game(
    players: [&mut Player; 2],
    opening: &Opening,
    rules: &GameRules,
    watch: &mut dyn FnMut(&GameRecord),
) -> GameRecord {
    let mut referee = Referee::new(players, opening, rules);
    let (result, reason, termination, faulty) = referee.run(watch);
    referee.record_with((result, reason, termination, faulty))
}

struct Referee<'a> {
    players: [&'a mut Player; 2],
    rules: &'a GameRules,
    opening_fen: Option<String>,
    game: AnyGame,
    wire: Vec<String>,
    san: Vec<String>,
    notes: Vec<Option<MoveNote>>,
    streaks: Streaks,
}

/// How a game ended: result, reason, kind and the engine at fault.
pub(super) type Ending = (GameResult, String, Termination, Option<Color>);

/// The ending a game still being played is shown with (the unfinished
/// PGN does not use it: see [`super::pgn::write_unfinished`]).
pub(super) fn in_progress() -> Ending {
    (
        GameResult::Draw,
        "game in progress".to_string(),
        Termination::Normal,
        None,
    )
}

/// The end of a game in which `side`'s engine failed with `fault`.
pub(super) fn fault_ending(side: Color, fault: &Fault) -> Ending {
    let termination = match fault {
        Fault::Hung(_) => Termination::TimeForfeit,
        Fault::Rejected(_) => Termination::IllegalMove,
        Fault::NotStarted(_) | Fault::Crashed(_) | Fault::Protocol(_) | Fault::Refused(_) => {
            Termination::Crash
        }
    };
    (
        GameResult::Win(!side),
        format!("{side:?}'s engine {fault}"),
        termination,
        Some(side),
    )
}

/// The end of a game in which `side` took `elapsed` over a move it had
/// `allowed` for (its time left and the runner's margin).
pub(super) fn time_loss(side: Color, elapsed: Duration, allowed: Duration) -> Ending {
    (
        GameResult::Win(!side),
        format!(
            "{side:?} loses on time ({} ms for a move with {} ms left, the margin included)",
            elapsed.as_millis(),
            allowed.as_millis()
        ),
        Termination::TimeForfeit,
        None,
    )
}

/// What `side`'s answer to a move request comes to: the move (or token)
/// it played, or how the game ends: the engine failed, resigned, or
/// answered after the `allowed` time (`elapsed` is what it took).
pub(super) fn answered_move(
    reply: Result<Reply, Fault>,
    side: Color,
    elapsed: Duration,
    allowed: Duration,
) -> Result<String, Ending> {
    let text = match reply {
        Err(fault) => return Err(move_fault_ending(side, &fault, allowed)),
        Ok(Reply::Resign) => {
            return Err((
                GameResult::Win(!side),
                format!("{side:?} resigns"),
                Termination::Normal,
                None,
            ));
        }
        Ok(Reply::Move(text)) => text,
    };
    if elapsed > allowed {
        return Err(time_loss(side, elapsed, allowed));
    }
    Ok(text)
}

/// The end of a game in which `side`'s engine failed with `fault` while
/// it had `allowed` for its move: no move by then is a loss on time (the
/// engine, still thinking, is restarted), any other fault is
/// [`fault_ending`]'s.
pub(super) fn move_fault_ending(side: Color, fault: &Fault, allowed: Duration) -> Ending {
    match fault {
        Fault::Hung(_) => (
            GameResult::Win(!side),
            format!(
                "{side:?} loses on time (no move within {} ms, the margin included)",
                allowed.as_millis()
            ),
            Termination::TimeForfeit,
            Some(side),
        ),
        _ => fault_ending(side, fault),
    }
}

impl<'a> Referee<'a> {
    fn new(players: [&'a mut Player; 2], opening: &Opening, rules: &'a GameRules) -> Referee<'a> {
        let game = AnyGame::from_setup(rules.variant, opening.fen.as_deref(), &[])
            .expect("openings are checked when they are read");
        Referee {
            players,
            rules,
            opening_fen: opening.fen.clone(),
            game,
            wire: Vec::new(),
            san: Vec::new(),
            notes: Vec::new(),
            streaks: Streaks::default(),
        }
        .with_moves(&opening.moves)
    }

    fn with_moves(mut self, moves: &[String]) -> Self {
        for m in moves {
            self.record(m, None)
                .expect("openings are checked when they are read");
        }
        self
    }

    /// Plays a move given in any spelling the rules core reads (the
    /// engine's: a castle as its two legs, a promotion without its only
    /// letter), keeping the record in SAN and in the referee's own wire
    /// spelling, which is what the engines are sent, with `note` (what the
    /// runner saw of it, for a move an engine played).
    fn record(&mut self, text: &str, note: Option<MoveNote>) -> Result<(), String> {
        let position = self.game.position();
        let wire = position.canonical_wire(text).map_err(|e| e.to_string())?;
        let san = position.san_of_wire(&wire).map_err(|e| e.to_string())?;
        self.game.play_wire(&wire).map_err(|e| e.to_string())?;
        self.san.push(san);
        self.wire.push(wire);
        self.notes.push(note);
        Ok(())
    }

    /// The game so far, ended by `ending`.
    fn record_with(&self, (result, reason, termination, faulty): Ending) -> GameRecord {
        GameRecord {
            players: [
                self.players[0].name().to_string(),
                self.players[1].name().to_string(),
            ],
            game: GameKind::Board(self.rules.variant),
            fen: self.opening_fen.clone(),
            san: self.san.clone(),
            notes: self.notes.clone(),
            result,
            reason,
            termination,
            faulty,
        }
    }

    /// Shows `watch` the game so far.
    fn show(&self, watch: &mut dyn FnMut(&GameRecord)) {
        watch(&self.record_with(in_progress()));
    }

    fn run(&mut self, watch: &mut dyn FnMut(&GameRecord)) -> Ending {
        for side in [Color::White, Color::Black] {
            let fen = self.opening_fen.clone();
            if let Err(fault) = self.players[side.index()].new_game(
                self.rules.variant,
                fen.as_deref(),
                self.rules.time_control,
            ) {
                return fault_ending(side, &fault);
            }
        }
        let mut clocks = self.rules.time_control.start_clocks();
        let mut plies = 0u32;
        self.show(watch);
        loop {
            if let Some(outcome) = self.game.outcome() {
                return rules_ending(outcome);
            }
            if let Some(ending) = self.rules.adjudication.move_limit_draw(plies, "plies") {
                return ending;
            }
            let position = self.game.position();
            let side = position.side_to_move();
            let (clock, allowed) =
                self.rules
                    .time_control
                    .move_clock(&clocks, side, self.rules.margin);
            let started = Instant::now();
            let deadline = started + allowed;
            let fen = self.opening_fen.clone();
            let reply =
                self.players[side.index()].think(fen.as_deref(), &self.wire, side, clock, deadline);
            let elapsed = started.elapsed();
            let text = match answered_move(reply, side, elapsed, allowed) {
                Ok(text) => text,
                Err(ending) => return ending,
            };
            self.rules
                .time_control
                .after_move(&mut clocks, side, elapsed);
            let note = MoveNote {
                thought: self.players[side.index()].last_thought(),
                time: elapsed,
            };
            if let Err(why) = self.record(&text, Some(note)) {
                return (
                    GameResult::Win(!side),
                    format!("{side:?} played an illegal move: {why}"),
                    Termination::IllegalMove,
                    Some(side),
                );
            }
            plies += 1;
            self.show(watch);
            if let Some(ending) = self.adjudicate(side, position.fullmove()) {
                return ending;
            }
        }
    }

    /// Applies the score rules after `side` moved at full move `fullmove`.
    fn adjudicate(&mut self, side: Color, fullmove: u32) -> Option<Ending> {
        let score = self.players[side.index()]
            .last_thought()
            .map(|t| t.score.centipawns());
        let me = side.index();
        let adjudication = self.rules.adjudication;
        if let Some(rule) = adjudication.resign {
            let bump = |n: &mut u32, hit: bool| *n = if hit { *n + 1 } else { 0 };
            bump(
                &mut self.streaks.losing[me],
                score.is_some_and(|s| s <= -rule.score),
            );
            bump(
                &mut self.streaks.winning[me],
                score.is_some_and(|s| s >= rule.score),
            );
            for loser in [Color::White, Color::Black] {
                if self.streaks.losing[loser.index()] >= rule.moves
                    && self.streaks.winning[(!loser).index()] >= rule.moves
                {
                    return Some((
                        GameResult::Win(!loser),
                        format!("{loser:?} is lost by both engines' scores"),
                        Termination::Adjudication,
                        None,
                    ));
                }
            }
        }
        if let Some(rule) = adjudication.draw {
            let hit = fullmove >= rule.after && score.is_some_and(|s| s.abs() <= rule.score);
            self.streaks.drawish[me] = if hit { self.streaks.drawish[me] + 1 } else { 0 };
            if self.streaks.drawish.iter().all(|&n| n >= rule.moves) {
                return Some((
                    GameResult::Draw,
                    "Draw by both engines' scores".to_string(),
                    Termination::Adjudication,
                    None,
                ));
            }
        }
        None
    }
}

fn rules_ending(outcome: Outcome) -> Ending {
    let result = match outcome.winner() {
        Some(winner) => GameResult::Win(winner),
        None => GameResult::Draw,
    };
    (
        result,
        outcome.description().to_string(),
        Termination::Normal,
        None,
    )
}
