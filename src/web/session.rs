//! One game in the browser: the game record the page sees, and an engine
//! with its search runner that thinks about it.
//!
//! The record (the game, its moves in SAN, the latest thinking lines) is
//! what every request reads, so a page is answered at once while the
//! engine searches. Before a search the engine is set to the record's
//! game; a search that ends with `play` adds its move to the record.
//!
//! Locks are taken in one order: the runner before the record. A request
//! that changes the game stops the search first (dropping its answer),
//! and only then touches the record, so a search never plays into a game
//! that changed under it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use super::view::{BoardView, Coord, move_squares};
use super::war::{WarView, token_view, token_words};
use crate::chesswar::dice::{SeededDice, die_token};
use crate::chesswar::search::{
    MAX_DEPTH as WAR_MAX_DEPTH, SearchLimits as WarLimits, SearchReport,
};
use crate::chesswar::{Side, State as WarState, ToAct};
use crate::engine::runner::{Answer, Hold, SearchRunner};
use crate::engine::{Engine, GameKind, ScoreReport, SearchInfo, SearchLimits};
use crate::rules::{AnyGame, AnyPosition, Color, Outcome, Variant};

/// The longest search a request may ask for.
const MAX_MOVE_TIME_MS: u64 = 600_000;
/// The most nodes a request may ask for.
const MAX_NODES: u64 = 10_000_000_000;
/// The deepest search a request may ask for.
const MAX_DEPTH: u32 = 64;
/// The most lines an analysis may show.
const MAX_MULTIPV: usize = 5;
/// The longest FEN or move list a request may hold, in moves.
const MAX_MOVES: usize = 2_000;

/// Why a request was refused: an HTTP status and a one-line reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status code (4xx, or 503 when full).
    pub status: u16,
    /// What was wrong, in one line.
    pub message: String,
}

impl ApiError {
    /// A malformed or illegal request (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }
    /// A request that the game's state forbids now (409).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 409,
            message: message.into(),
        }
    }
    /// Something that does not exist (404).
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 404,
            message: message.into(),
        }
    }
}

/// A move of the game, as played.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    /// Its wire spelling.
    pub wire: String,
    /// Its SAN in the position it was played in; a ChessWar token in
    /// words, for the log.
    pub san: String,
    /// The squares it was entered by (from, to), for marking the last move.
    pub squares: Option<(Coord, Coord)>,
}

/// One line of the engine's thinking, for people: the score in pawns
/// from White's side and the line in SAN.
#[derive(Clone, Debug, Serialize)]
pub struct ThinkingLine {
    /// Which line (1 = best).
    pub multipv: u32,
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// `+0.35`, `-1.20`, `#3` or `#-2`, from White's side.
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation in SAN.
    pub pv: Vec<String>,
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchPurpose {
    /// The engine's move: it is played when the search ends.
    Move,
    /// Analysis: lines only, nothing is played.
    Analysis,
}

/// Everything the page shows of a game.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    /// The session's id.
    pub id: String,
    /// The game's name and label.
    pub game: &'static str,
    /// The game's name for people.
    pub label: &'static str,
    /// The current position (a board game).
    pub board: Option<BoardView>,
    /// The current state (ChessWar).
    pub war: Option<WarView>,
    /// The moves played, in order.
    pub history: Vec<Played>,
    /// The FEN (ChessWar: the state string) the game started from.
    pub start: String,
    /// How the game ended, if it has.
    pub outcome: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// What the engine is searching for, if it is.
    pub searching: Option<SearchPurpose>,
    /// The engine's latest lines (one per MultiPV line).
    pub thinking: Vec<ThinkingLine>,
    /// Grows with every change: of two states the later has the higher.
    pub version: u64,
}

/// A request to search: a limit (or `infinite`), the lines to show, and
/// whether the best move is played at the end.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoRequest {
    /// Search this many milliseconds.
    pub movetime_ms: Option<u64>,
    /// Search about this many nodes.
    pub nodes: Option<u64>,
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search until stopped (analysis).
    #[serde(default)]
    pub infinite: bool,
    /// Lines to show, 1 to 5 (default 1).
    pub multipv: Option<usize>,
    /// Play the best move when the search ends (the engine's move).
    #[serde(default)]
    pub play: bool,
    /// Search only if the game has this many moves (a page's request
    /// that crossed a change is refused).
    pub ply: Option<usize>,
}

/// The game itself: a board game or ChessWar.
// A board game's record holds two positions by value, as `AnyGame` does;
// there is one record a browser game.
#[allow(clippy::large_enum_variant)]
enum Play {
    /// A board game from its start position.
    Board { start: AnyPosition, game: AnyGame },
    /// ChessWar, with the server's dice.
    War {
        game: crate::chesswar::Game,
        dice: SeededDice,
    },
}

/// The game record that requests read and change.
struct Record {
    kind: GameKind,
    play: Play,
    played: Vec<Played>,
    thinking: Vec<ThinkingLine>,
    searching: Option<SearchPurpose>,
    /// Counts the changes: a page keeps the state with the highest.
    version: u64,
}

impl Record {
    fn board(start: AnyPosition) -> Record {
        Record::with(
            GameKind::Board(start.variant()),
            Play::Board {
                start,
                game: AnyGame::new(start),
            },
        )
    }

    fn war(start: WarState, seed: u64) -> Record {
        Record::with(
            GameKind::ChessWar,
            Play::War {
                game: crate::chesswar::Game::new(start),
                dice: SeededDice::new(seed),
            },
        )
    }

    fn with(kind: GameKind, play: Play) -> Record {
        Record {
            kind,
            play,
            played: Vec::new(),
            thinking: Vec::new(),
            searching: None,
            version: 0,
        }
    }

    /// How the game ended, in words, and its result.
    fn outcome(&self) -> Option<(String, &'static str)> {
        match &self.play {
            Play::Board { game, .. } => game
                .outcome()
                .map(|o| (o.description().to_string(), result_text(Some(o)))),
            Play::War { game, .. } => game
                .state()
                .outcome()
                .map(|o| (o.describe(), o.result_code())),
        }
    }

    /// The FEN or state string the game started from.
    fn start_text(&self) -> String {
        match &self.play {
            Play::Board { start, .. } => start.fen(),
            Play::War { game, .. } => game.start().to_string(),
        }
    }

    /// Plays `wire` (a move, or a ChessWar token) if it is legal.
    fn play(&mut self, wire: &str) -> Result<(), ApiError> {
        if let Some((how, _)) = self.outcome() {
            return Err(ApiError::conflict(format!("the game is over ({how})")));
        }
        let played = match &mut self.play {
            Play::Board { game, .. } => {
                let position = game.position();
                let wire = position
                    .canonical_wire(wire)
                    .map_err(|e| ApiError::bad(e.to_string()))?;
                let san = position
                    .san_of_wire(&wire)
                    .map_err(|e| ApiError::bad(e.to_string()))?;
                let squares = move_squares(&position, &wire);
                game.play_wire(&wire)
                    .map_err(|e| ApiError::bad(e.to_string()))?;
                Played { wire, san, squares }
            }
            Play::War { game, .. } => {
                let token = wire.trim();
                // Read in the state it is played in; any accepted spelling
                // of a token reads the same.
                let words = token_words(game.state(), token);
                game.play(token).map_err(|e| {
                    ApiError::bad(e.describe(token).lines().next().unwrap_or("").to_string())
                })?;
                let token = game.tokens().last().cloned().unwrap_or_default();
                let view = token_view(&token);
                Played {
                    wire: token,
                    san: words,
                    squares: view.from.zip(view.to),
                }
            }
        };
        self.played.push(played);
        Ok(())
    }

    /// Takes back the last move or token.
    fn undo_one(&mut self) {
        match &mut self.play {
            Play::Board { game, .. } => {
                game.undo();
            }
            Play::War { game, .. } => {
                game.undo(1);
            }
        }
        self.played.pop();
    }
}

/// The PGN result of an outcome.
fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(o) => match o.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        },
    }
}

/// A score in pawns from White's side, for people.
fn score_text(score: ScoreReport, side_to_move: Color) -> String {
    let sign = if side_to_move == Color::White { 1 } else { -1 };
    match score {
        ScoreReport::Centipawns(cp) => format!("{:+.2}", f64::from(cp * sign) / 100.0),
        ScoreReport::Mate(n) => format!("#{}", n * sign),
    }
}

/// A line of wire moves in SAN, from `position`; it stops at a move the
/// position does not accept.
pub fn san_line(position: &AnyPosition, wires: &[String]) -> Vec<String> {
    let mut position = *position;
    let mut line = Vec::new();
    for wire in wires {
        let Ok(san) = position.san_of_wire(wire) else {
            break;
        };
        if position.play_wire(wire).is_err() {
            break;
        }
        line.push(san);
    }
    line
}

/// One browser game.
pub struct Session {
    id: String,
    /// Seeds ChessWar's dice (each new start restarts them).
    seed: u64,
    record: Arc<Mutex<Record>>,
    engine: Arc<Mutex<Engine>>,
    runner: Mutex<SearchRunner>,
    events: broadcast::Sender<String>,
    watchers: AtomicUsize,
    last_seen: Mutex<Instant>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Reads a FEN of `variant`, or its start position.
fn start_position(variant: Variant, fen: Option<&str>) -> Result<AnyPosition, ApiError> {
    match fen {
        None => Ok(AnyPosition::startpos(variant)),
        Some(fen) => AnyPosition::from_fen(variant, fen.trim())
            .map_err(|e| ApiError::bad(format!("bad FEN: {e}"))),
    }
}

/// Reads a ChessWar state string, or the standard start (human against
/// human).
fn start_state(text: Option<&str>) -> Result<WarState, ApiError> {
    match text {
        None => Ok(WarState::standard(
            crate::chesswar::Race::Human,
            crate::chesswar::Race::Human,
        )),
        Some(text) => text
            .trim()
            .parse::<WarState>()
            .map_err(|e| ApiError::bad(format!("bad state string: {e}"))),
    }
}

/// A fresh record of `kind` from `start` (a FEN or a state string).
fn fresh_record(kind: GameKind, start: Option<&str>, seed: u64) -> Result<Record, ApiError> {
    Ok(match kind {
        GameKind::Board(variant) => Record::board(start_position(variant, start)?),
        GameKind::ChessWar => Record::war(start_state(start)?, seed),
    })
}

impl Session {
    /// A game of `kind` from `start` (a FEN, or for ChessWar a state
    /// string; `None`: the game's start), with the id `id`. ChessWar's
    /// dice are seeded from `seed`.
    pub fn new(
        id: String,
        kind: GameKind,
        start: Option<&str>,
        seed: u64,
        hash_mb: usize,
    ) -> Result<Session, ApiError> {
        let record = fresh_record(kind, start, seed)?;
        let engine = Engine::with_hash_mb(hash_mb).map_err(|message| ApiError {
            status: 503,
            message: message.to_string(),
        })?;
        let (events, _) = broadcast::channel(64);
        Ok(Session {
            id,
            seed,
            record: Arc::new(Mutex::new(record)),
            engine: Arc::new(Mutex::new(engine)),
            runner: Mutex::new(SearchRunner::new()),
            events,
            watchers: AtomicUsize::new(0),
            last_seen: Mutex::new(Instant::now()),
        })
    }

    /// The session's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Marks the session as used now.
    pub fn touch(&self) {
        *lock(&self.last_seen) = Instant::now();
    }

    /// How long since the session was last used.
    pub fn idle_for(&self) -> Duration {
        lock(&self.last_seen).elapsed()
    }

    /// How many pages listen to the session's events.
    pub fn watchers(&self) -> usize {
        self.watchers.load(Ordering::SeqCst)
    }

    /// Subscribes to the session's events (JSON texts): `state` after any
    /// change, `thinking` as the engine's lines come.
    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.watchers.fetch_add(1, Ordering::SeqCst);
        self.events.subscribe()
    }

    /// A page stopped listening; when none listens any more (the tab was
    /// closed), the search stops.
    pub fn unsubscribe(&self) {
        if self.watchers.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.stop_search(Answer::Discard);
        }
    }

    /// What the page shows now.
    pub fn state(&self) -> StateView {
        let record = lock(&self.record);
        self.state_of(&record)
    }

    fn state_of(&self, record: &Record) -> StateView {
        state_view(&self.id, record)
    }

    /// Counts a change, tells the pages the new state, and returns it.
    fn changed(&self, record: &mut Record) -> StateView {
        record.version += 1;
        let state = self.state_of(record);
        publish_state(&self.events, &state);
        state
    }

    /// Stops the search, if one runs; `answer` says whether its move is
    /// played (the engine's move on request) or dropped.
    fn stop_search(&self, answer: Answer) {
        lock(&self.runner).stop(answer);
        let mut record = lock(&self.record);
        if record.searching.take().is_some() {
            self.changed(&mut record);
        }
    }

    /// Plays the user's move (wire spelling), stopping a search first.
    pub fn play(&self, wire: &str) -> Result<StateView, ApiError> {
        if wire.len() > 32 {
            return Err(ApiError::bad("malformed move (too long)"));
        }
        self.stop_search(Answer::Discard);
        let mut record = lock(&self.record);
        record.play(wire)?;
        record.thinking.clear();
        Ok(self.changed(&mut record))
    }

    /// Takes back `plies` moves (at least one must have been played).
    pub fn undo(&self, plies: usize) -> Result<StateView, ApiError> {
        if plies == 0 || plies > MAX_MOVES {
            return Err(ApiError::bad(format!(
                "plies must be 1 to {MAX_MOVES}, not {plies}"
            )));
        }
        self.stop_search(Answer::Discard);
        let mut record = lock(&self.record);
        if record.played.is_empty() {
            return Err(ApiError::conflict("no move to take back"));
        }
        for _ in 0..plies.min(record.played.len()) {
            record.undo_one();
        }
        record.thinking.clear();
        Ok(self.changed(&mut record))
    }

    /// Starts again from `start` (a FEN or state string; `None`: the
    /// game's start) and `moves` (or tokens); on any error the game stays
    /// as it was.
    pub fn set_position(
        &self,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<StateView, ApiError> {
        if moves.len() > MAX_MOVES {
            return Err(ApiError::bad(format!("more than {MAX_MOVES} moves")));
        }
        let kind = lock(&self.record).kind;
        let mut fresh = fresh_record(kind, start, self.seed)?;
        for wire in moves {
            fresh.play(wire)?;
        }
        self.stop_search(Answer::Discard);
        lock(&self.engine).new_game();
        let mut record = lock(&self.record);
        fresh.version = record.version;
        *record = fresh;
        Ok(self.changed(&mut record))
    }

    /// Rolls the server's die for a roll that is due (ChessWar).
    pub fn roll(&self) -> Result<StateView, ApiError> {
        self.stop_search(Answer::Discard);
        let mut record = lock(&self.record);
        let token = match &mut record.play {
            Play::War { game, dice } => match game.state().to_act() {
                ToAct::Roll { .. } => die_token(dice.next_die()),
                ToAct::Decision { .. } => {
                    return Err(ApiError::conflict("no roll is due: a player decides"));
                }
                ToAct::Over(o) => {
                    return Err(ApiError::conflict(format!(
                        "the game is over ({})",
                        o.describe()
                    )));
                }
            },
            Play::Board { .. } => return Err(ApiError::bad("only chesswar has dice")),
        };
        record.play(&token)?;
        Ok(self.changed(&mut record))
    }

    /// The position (or ChessWar state) after the first `ply` moves, for
    /// browsing the game.
    pub fn view_at(&self, ply: usize) -> Result<serde_json::Value, ApiError> {
        let record = lock(&self.record);
        if ply > record.played.len() {
            return Err(ApiError::bad(format!(
                "ply {ply} is past the game's {} moves",
                record.played.len()
            )));
        }
        let bad = |e: String| ApiError::bad(e);
        match &record.play {
            Play::Board { start, .. } => {
                let mut position = *start;
                for played in &record.played[..ply] {
                    position
                        .play_wire(&played.wire)
                        .map_err(|e| bad(e.to_string()))?;
                }
                serde_json::to_value(BoardView::of(&position)).map_err(|e| bad(e.to_string()))
            }
            Play::War { game, .. } => {
                let mut state = game.start().clone();
                for played in &record.played[..ply] {
                    state.apply(&played.wire).map_err(|e| bad(e.to_string()))?;
                }
                serde_json::to_value(WarView::of(&state)).map_err(|e| bad(e.to_string()))
            }
        }
    }

    /// Starts a search of the current position (ChessWar: of the decision
    /// due).
    pub fn go(&self, request: &GoRequest) -> Result<StateView, ApiError> {
        let limits = limits_of(request)?;
        let multipv = request.multipv.unwrap_or(1);
        let purpose = if request.play {
            SearchPurpose::Move
        } else {
            SearchPurpose::Analysis
        };
        let mut runner = lock(&self.runner);
        runner.stop(Answer::Discard);
        let (start, moves, kind) = {
            let mut record = lock(&self.record);
            if let Some((how, _)) = record.outcome() {
                record.searching = None;
                return Err(ApiError::conflict(format!("the game is over ({how})")));
            }
            if let Some(ply) = request.ply
                && ply != record.played.len()
            {
                return Err(ApiError::conflict(format!(
                    "the game has {} moves, not {ply}: it changed",
                    record.played.len()
                )));
            }
            if let Play::War { game, .. } = &record.play
                && let ToAct::Roll { purpose } = game.state().to_act()
            {
                return Err(ApiError::conflict(format!(
                    "a roll is due ({purpose}): roll the dice first"
                )));
            }
            let moves: Vec<String> = record.played.iter().map(|p| p.wire.clone()).collect();
            (record.start_text(), moves, record.kind)
        };
        {
            let mut engine = lock(&self.engine);
            match kind {
                GameKind::Board(variant) => {
                    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
                    engine
                        .set_position(variant, Some(&start), &moves)
                        .map_err(|e| ApiError::bad(e.to_string()))?;
                }
                GameKind::ChessWar => engine
                    .set_chesswar_position(Some(&start), &moves)
                    .map_err(ApiError::bad)?,
            }
            engine.set_multipv(multipv);
        }
        let (state, version) = {
            let mut record = lock(&self.record);
            record.searching = Some(purpose);
            record.thinking.clear();
            let state = self.changed(&mut record);
            (state, record.version)
        };
        let engine = Arc::clone(&self.engine);
        let record = Arc::clone(&self.record);
        let record_end = Arc::clone(&self.record);
        let events = self.events.clone();
        let events_end = self.events.clone();
        let id = self.id.clone();
        let hold = Hold::until_stop_if(request.infinite);
        let show = move |line: ThinkingLine| {
            let mut record = lock(&record);
            let slot = (line.multipv.max(1) as usize - 1).min(MAX_MULTIPV);
            if record.thinking.len() <= slot {
                record.thinking.resize(slot + 1, line.clone());
            }
            record.thinking[slot] = line;
            let lines = record.thinking.clone();
            drop(record);
            publish(&events, "thinking", &lines);
        };
        runner.start(
            false,
            hold,
            move |job| {
                let mut engine = lock(&engine);
                match kind {
                    GameKind::Board(_) => {
                        let root = engine.game().position();
                        let side = root.side_to_move();
                        let result =
                            engine.search(&limits, job.control(), &mut |info: &SearchInfo| {
                                show(ThinkingLine {
                                    multipv: info.multipv,
                                    depth: info.depth,
                                    seldepth: info.seldepth,
                                    score: score_text(info.score, side),
                                    nodes: info.nodes,
                                    nps: info.nps,
                                    time_ms: info.time_ms,
                                    pv: san_line(&root, &info.pv),
                                })
                            });
                        result.best_move
                    }
                    GameKind::ChessWar => {
                        let state = engine.chesswar().state().clone();
                        let side = state.deciding_side().unwrap_or(Side::White);
                        let limits = war_limits(&limits);
                        let stop = job.control().stop_flag();
                        let report = engine.chesswar_mut().searcher().decide(
                            &state,
                            &limits,
                            stop,
                            &mut |r: &SearchReport| show(war_line(r, side)),
                        );
                        report.ok().map(|r| r.best)
                    }
                }
            },
            move |best: Option<String>| {
                let mut record = lock(&record_end);
                record.searching = None;
                // Only into the game the search saw: any change since
                // (a move, a take-back) would have counted a version.
                if purpose == SearchPurpose::Move
                    && record.version == version
                    && let Some(best) = &best
                {
                    let _ = record.play(best);
                }
                record.version += 1;
                publish_state(&events_end, &state_view(&id, &record));
            },
        );
        Ok(state)
    }

    /// Stops the search: the engine's move is played now; an analysis
    /// just ends.
    pub fn stop(&self) -> StateView {
        self.stop_search(Answer::Deliver);
        self.state()
    }

    /// The game as PGN, with the players' names given. A ChessWar game is
    /// written the same way, its start state in `FEN` and its tokens as
    /// the moves, unnumbered.
    pub fn pgn(&self, white: &str, black: &str) -> String {
        let record = lock(&self.record);
        let outcome = record.outcome();
        let result = outcome.as_ref().map_or("*", |(_, r)| *r);
        let (game, fen, first_move) = match &record.play {
            Play::Board { start, .. } => {
                let variant = start.variant();
                let fen = (*start != AnyPosition::startpos(variant)).then(|| start.fen());
                let first = (start.fullmove(), start.side_to_move());
                (GameKind::Board(variant), fen, Some(first))
            }
            Play::War { game, .. } => (GameKind::ChessWar, Some(game.start().to_string()), None),
        };
        // A board game's record is in SAN; ChessWar's in its tokens, which
        // replay it.
        let moves: Vec<String> = record
            .played
            .iter()
            .map(|played| match &record.play {
                Play::Board { .. } => played.san.clone(),
                Play::War { .. } => played.wire.clone(),
            })
            .collect();
        crate::tournament::pgn::PgnGame {
            event: "motley serve",
            round: "-".to_string(),
            players: [white, black],
            result,
            game,
            fen,
            more_tags: outcome
                .map(|(how, _)| ("Termination", how))
                .into_iter()
                .collect(),
            moves: &moves,
            move_comments: &[],
            first_move,
            comment: None,
        }
        .text()
    }

    /// Ends the session: its search stops.
    pub fn close(&self) {
        self.stop_search(Answer::Discard);
    }
}

/// What the page shows of the game `record` of the session `id`.
fn state_view(id: &str, record: &Record) -> StateView {
    let outcome = record.outcome();
    let (kind, board, war) = match &record.play {
        Play::Board { game, .. } => (
            GameKind::Board(game.variant()),
            Some(BoardView::of(&game.position())),
            None,
        ),
        Play::War { game, .. } => (GameKind::ChessWar, None, Some(WarView::of(game.state()))),
    };
    StateView {
        id: id.to_string(),
        game: kind.name(),
        label: kind.display_name(),
        board,
        war,
        history: record.played.clone(),
        start: record.start_text(),
        result: outcome.as_ref().map_or("*", |(_, r)| *r),
        outcome: outcome.map(|(how, _)| how),
        searching: record.searching,
        thinking: record.thinking.clone(),
        version: record.version,
    }
}

/// Sends an event `{"type": kind, "data": value}` to the pages listening.
fn publish<T: Serialize>(events: &broadcast::Sender<String>, kind: &str, value: &T) {
    let text = serde_json::json!({ "type": kind, "data": value }).to_string();
    // No page listening is not an error.
    let _ = events.send(text);
}

fn publish_state(events: &broadcast::Sender<String>, state: &StateView) {
    publish(events, "state", state);
}

/// A ChessWar search's limits from a board search's: the same time,
/// nodes or depth; an infinite one deepens until stopped.
fn war_limits(limits: &SearchLimits) -> WarLimits {
    WarLimits {
        depth: if limits.infinite {
            Some(WAR_MAX_DEPTH)
        } else {
            limits.depth
        },
        nodes: limits.nodes,
        movetime: limits.move_time,
    }
}

/// A ChessWar search report as a line: the value (-1 to 1) from White's
/// side and the tokens to the next roll.
fn war_line(report: &SearchReport, deciding: Side) -> ThinkingLine {
    let sign = if deciding == Side::White { 1.0 } else { -1.0 };
    let ms = report.elapsed.as_millis() as u64;
    ThinkingLine {
        multipv: 1,
        depth: report.depth,
        seldepth: report.depth,
        score: format!("{:+.3}", report.value * sign),
        nodes: report.nodes,
        nps: report.nodes.saturating_mul(1000) / ms.max(1),
        time_ms: ms,
        pv: report.pv.clone(),
    }
}

/// The search limits of a request, checked.
fn limits_of(request: &GoRequest) -> Result<SearchLimits, ApiError> {
    if let Some(n) = request.multipv
        && !(1..=MAX_MULTIPV).contains(&n)
    {
        return Err(ApiError::bad(format!(
            "multipv must be 1 to {MAX_MULTIPV}, not {n}"
        )));
    }
    let mut limits = SearchLimits::default();
    if let Some(ms) = request.movetime_ms {
        if !(1..=MAX_MOVE_TIME_MS).contains(&ms) {
            return Err(ApiError::bad(format!(
                "movetime_ms must be 1 to {MAX_MOVE_TIME_MS}, not {ms}"
            )));
        }
        limits.move_time = Some(Duration::from_millis(ms));
    }
    if let Some(nodes) = request.nodes {
        if !(1..=MAX_NODES).contains(&nodes) {
            return Err(ApiError::bad(format!(
                "nodes must be 1 to {MAX_NODES}, not {nodes}"
            )));
        }
        limits.nodes = Some(nodes);
    }
    if let Some(depth) = request.depth {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(ApiError::bad(format!(
                "depth must be 1 to {MAX_DEPTH}, not {depth}"
            )));
        }
        limits.depth = Some(depth);
    }
    let limited =
        request.movetime_ms.is_some() || request.nodes.is_some() || request.depth.is_some();
    if request.infinite {
        if request.play {
            return Err(ApiError::bad(
                "an infinite search cannot play a move: give movetime_ms, nodes or depth",
            ));
        }
        if limited {
            return Err(ApiError::bad(
                "infinite takes no movetime_ms, nodes or depth",
            ));
        }
        limits.infinite = true;
    } else if !limited {
        return Err(ApiError::bad(
            "give movetime_ms, nodes or depth, or infinite for analysis",
        ));
    }
    Ok(limits)
}
