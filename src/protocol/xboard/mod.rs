//! XBoard / CECP version 2 (H.G. Muller's Chess Engine Communication
//! Protocol), as WinBoard and XBoard speak it, with engine-defined
//! variants (`setup` and `piece` for the games XBoard does not know).
//!
//! The engine keeps the game: it plays the side it is told to (`new`,
//! `go`, `playother`, `force`), thinks on its own thread, and announces
//! its moves and game ends. Bad input gets `Illegal move` or `Error`
//! and changes nothing.
//!
//! `variant chesswar` plays ChessWar (see [`crate::engine::chesswar`]): moves are
//! tokens, `setboard` takes a state string, and the engine keeps playing
//! for as long as the decisions are its side's (a ChessWar turn is many
//! actions), rolling the dice of its own turn when the option `ChessWar
//! Dice` is `engine`. Those commands are in `chesswar.rs`.

mod chesswar;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::engine::options::{OptionValue, SwitchSpelling};
use crate::engine::runner::{Answer, Hold, SearchRunner};
use crate::engine::{
    Engine, GameKind, MAX_HASH_MB, MAX_THREADS, ScoreReport, SearchInfo, SearchLimits, find_listed,
};
use crate::rules::variant::CastlingStyle;
use crate::rules::{AnyPosition, Color, Outcome, Role, Variant};

use super::io::{Lines, say};
use crate::engine::ENGINE_NAME;

/// XBoard's internal piece order; the `setup` string maps each slot to a
/// FEN letter (`.` for slots the game does not use). The WAD takes the
/// Chancellor's slot (`C`), the FAD the Ferz's (`F`).
const XBOARD_SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The `setup` piece-to-char string of a game.
fn piece_to_char(variant: Variant) -> String {
    let spec = variant.spec();
    let white: String = XBOARD_SLOTS
        .chars()
        .map(|slot| match spec.role_of_letter(slot) {
            Some(_) => slot,
            None => '.',
        })
        .collect();
    format!("{white}{}", white.to_ascii_lowercase())
}

/// The `piece` commands of a game: the Betza notation of the pieces
/// XBoard does not know (see [`crate::rules::VariantSpec::xboard_pieces`]).
fn piece_definitions(variant: Variant) -> Vec<String> {
    let spec = variant.spec();
    let mut lines: Vec<String> = spec
        .xboard_pieces
        .iter()
        .map(|(role, betza)| {
            // `&`: one definition for both colours, each moving its own
            // way forward (a pawn's moves depend on it).
            let both = if *role == Role::Pawn { "&" } else { "" };
            format!("piece {}{both} {betza}", spec.letter(*role))
        })
        .collect();
    if spec.castling == CastlingStyle::Fast {
        // The one-step castle, the only fast castle XBoard can show (it
        // puts the rook next to the king): `&` gives it to both colours.
        lines.push("piece K& KisO1".to_string());
    }
    lines
}

/// Whether a castle (its two legs) moves the king more than one file: XBoard
/// 4.9 always puts the rook next to the king, so it cannot show these.
fn is_long_castle(legs: &[(String, String); 2]) -> bool {
    let file = |name: &str| name.bytes().next().unwrap_or(b'a') as i32;
    (file(&legs[0].0) - file(&legs[0].1)).abs() > 1
}

/// A move as XBoard is sent it: a castle of a fast-castling game as its
/// two legs (`f1g1,j1f1`), the form XBoard plays correctly with
/// `piece K& KisO1`; every other move in wire spelling.
fn xboard_spelling(position: &AnyPosition, wire: &str) -> String {
    if position.variant().spec().castling != CastlingStyle::Fast {
        return wire.to_string();
    }
    match position
        .castles()
        .into_iter()
        .find(|(castle, _)| castle == wire)
    {
        Some((_, [(kf, kt), (rf, rt)])) => format!("{kf}{kt},{rf}{rt}"),
        None => wire.to_string(),
    }
}

/// A move from XBoard in wire spelling: a two-leg castle (`f1g1,j1f1`,
/// either leg first) becomes the castle it describes.
///
/// A pawn move onto a promotion square without a promotion letter becomes
/// the queen promotion: XBoard does not know where Wau Chess promotes (the
/// main board's last rank, in the middle of its 14 ranks) and so sends no
/// letter there.
fn from_xboard_spelling(position: &AnyPosition, text: &str) -> String {
    let Some((first, second)) = text.split_once(',') else {
        let legal = position.legal_wire_moves();
        let queen = format!("{}q", text.to_ascii_lowercase());
        if !legal.iter().any(|m| *m == text) && legal.contains(&queen) {
            return queen;
        }
        return text.to_string();
    };
    let sent = [first, second].map(|leg| leg.trim().to_ascii_lowercase());
    position
        .castles()
        .into_iter()
        .find(|(_, legs)| {
            let [king, rook] = legs.clone().map(|(from, to)| format!("{from}{to}"));
            (sent[0] == king && sent[1] == rook) || (sent[0] == rook && sent[1] == king)
        })
        .map_or_else(|| text.to_string(), |(castle, _)| castle)
}

/// The time control set by `level` or `st`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum TimeControl {
    /// `level MPS BASE INC`: moves per session (0 = all), increment.
    Level {
        moves_per_session: u32,
        increment: Duration,
    },
    /// `st SECONDS`: fixed time per move.
    PerMove(Duration),
}

/// What the loop waits for: a line of input (or why it could not be
/// read), the end of input, or the end of a search.
enum Event {
    Line(Result<String, String>),
    InputClosed,
    SearchEnded,
}

/// How the loop treats a command while the engine thinks on its own move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Timing {
    /// Acted on at once: `?`, `quit`, `post`, and those ignored.
    AtOnce,
    /// Ends the search without its move, then acts: `force`, `new`,
    /// `result` and the others that change the game.
    Abandons,
    /// Waits for the move (CECP: `ping` is answered after it).
    AfterMove,
}

/// How the loop treats `command` while the engine thinks.
fn timing(command: &str) -> Timing {
    match command {
        "?" | "post" | "nopost" | "quit" | "." | "hard" | "easy" | "random" | "computer"
        | "accepted" | "rejected" | "xboard" | "name" | "rating" | "ics" | "draw" | "hint"
        | "bk" => Timing::AtOnce,
        "new" | "force" | "result" | "setboard" | "undo" | "remove" | "variant" | "analyze" => {
            Timing::Abandons
        }
        _ => Timing::AfterMove,
    }
}

/// The command word of an input line (empty for a blank or unreadable one).
fn command_of(line: &Result<String, String>) -> &str {
    match line {
        Ok(text) => text.split_whitespace().next().unwrap_or(""),
        Err(_) => "",
    }
}

struct Session {
    engine: Arc<Mutex<Engine>>,
    /// Thinks on the engine's move or analyses; inside the loop, the end
    /// of each search wakes the loop.
    runner: SearchRunner,
    force: bool,
    engine_side: Color,
    post: Arc<AtomicBool>,
    analyzing: bool,
    time_control: TimeControl,
    depth_limit: Option<u32>,
    engine_clock: Option<Duration>,
    opponent_clock: Option<Duration>,
    /// `nps N`: think in nodes, N of them per second of the clock.
    nodes_per_second: Option<u64>,
    /// Root moves left out of the analysis (`exclude`), in wire spelling,
    /// with the FEN of the position they belong to: the list lapses as
    /// soon as the position changes.
    excluded: (String, Vec<String>),
    /// Whether the engine may play fast castles of more than one step
    /// (`Long Castling`; XBoard 4.9 cannot show them).
    long_castling: bool,
    /// Whether the engine may move Wau Chess's attack boards (`Board
    /// Moves`; no GUI can show or enter them).
    board_moves: bool,
}

fn error(kind: &str, command: &str) {
    say(&format!("Error ({kind}): {command}"));
}

/// The XBoard thinking line: ply, score (centipawns; mates as 100000+N),
/// time (centiseconds), nodes, pv.
fn thinking_line(info: &SearchInfo) -> String {
    let score = match info.score {
        ScoreReport::Centipawns(cp) => cp,
        ScoreReport::Mate(n) if n > 0 => 100_000 + n,
        ScoreReport::Mate(n) => -100_000 + n,
    };
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time_ms / 10,
        info.nodes,
        info.pv.join(" ")
    )
}

/// The result line for a finished game.
fn result_line(outcome: Outcome) -> String {
    let result = match outcome.winner() {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    format!("{result} {{{}}}", outcome.description())
}

impl Session {
    fn new() -> Session {
        Session {
            engine: Arc::new(Mutex::new(Engine::new())),
            runner: SearchRunner::new(),
            force: false,
            engine_side: Color::Black,
            post: Arc::new(AtomicBool::new(false)),
            analyzing: false,
            time_control: TimeControl::Level {
                moves_per_session: 40,
                increment: Duration::ZERO,
            },
            depth_limit: None,
            engine_clock: None,
            opponent_clock: None,
            nodes_per_second: None,
            excluded: (String::new(), Vec::new()),
            long_castling: false,
            board_moves: false,
        }
    }

    fn engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops a search; with `play`, its move is still made.
    fn stop_search(&mut self, play: bool) {
        self.runner.stop(if play {
            Answer::Deliver
        } else {
            Answer::Discard
        });
    }

    /// Whether the engine is thinking on its own move (not analysing):
    /// commands that wait for the move must wait now.
    fn thinking_on_move(&self) -> bool {
        !self.analyzing && self.runner.is_running()
    }

    /// Handles the queued input lines in order, as far as the engine's
    /// thinking allows: a line that waits for the move stays queued, but
    /// `quit`, `?` or a command that abandons the search further back
    /// acts on the search at once, so that nothing hangs behind a waiting
    /// `ping`. Returns false on `quit`.
    fn drain(&mut self, queue: &mut VecDeque<Result<String, String>>) -> bool {
        while let Some(front) = queue.front() {
            if self.thinking_on_move() && timing(command_of(front)) == Timing::AfterMove {
                let interruption = queue
                    .iter()
                    .enumerate()
                    .map(|(i, line)| (i, command_of(line)))
                    .find(|(_, command)| {
                        *command == "quit" || *command == "?" || timing(command) == Timing::Abandons
                    });
                match interruption {
                    None => return true,
                    Some((_, "quit")) => {
                        self.stop_search(false);
                        return false;
                    }
                    Some((i, "?")) => {
                        // Acted on here, once: it ends the search under
                        // way, not a later one.
                        queue.remove(i);
                        self.move_now();
                    }
                    // Acts on the game when its turn in the queue comes.
                    Some(_) => self.stop_search(false),
                }
                continue;
            }
            let Some(line) = queue.pop_front() else {
                break;
            };
            match line {
                Ok(line) => {
                    if !self.handle(&line) {
                        return false;
                    }
                }
                Err(e) => error(&e, "(unreadable line)"),
            }
        }
        true
    }

    /// `?`: the engine moves now (an analysis goes on). In ChessWar only
    /// the decision under way ends; its token is played and the engine
    /// goes on with its turn.
    fn move_now(&mut self) {
        if !self.analyzing {
            self.runner.interrupt();
        }
    }

    /// Waits for a search on the engine's own move to end by itself (an
    /// analysis is stopped).
    fn await_search(&mut self) {
        if self.analyzing {
            self.stop_search(false);
        } else {
            self.runner.wait();
        }
    }

    fn limits(&self, side_to_move: Color, fullmove: u32) -> SearchLimits {
        let mut limits = SearchLimits {
            depth: self.depth_limit,
            ..SearchLimits::default()
        };
        match self.time_control {
            TimeControl::PerMove(t) => limits.move_time = Some(t),
            TimeControl::Level {
                moves_per_session,
                increment,
            } => {
                if let Some(clock) = self.engine_clock {
                    limits.time_left[side_to_move.index()] = Some(clock);
                    limits.time_left[(!side_to_move).index()] = self.opponent_clock;
                    limits.increment[side_to_move.index()] = Some(increment);
                    if moves_per_session > 0 {
                        let played = fullmove.saturating_sub(1) % moves_per_session;
                        limits.moves_to_go = Some(moves_per_session - played);
                    }
                } else if self.depth_limit.is_none() {
                    limits.move_time = Some(Duration::from_secs(5));
                }
            }
        }
        if let Some(nps) = self.nodes_per_second {
            limits = Self::in_nodes(limits, side_to_move, nps);
        }
        limits
    }

    /// Turns a timed search into one of nodes at `nps` nodes per second
    /// of the clock (the `nps` command): a fixed time per move becomes
    /// that many seconds' nodes; a clock becomes an even share of what is
    /// left plus the increment.
    fn in_nodes(limits: SearchLimits, side: Color, nps: u64) -> SearchLimits {
        let seconds = match (limits.move_time, limits.time_left[side.index()]) {
            (Some(t), _) => t.as_secs_f64(),
            (None, Some(left)) => {
                let moves = limits.moves_to_go.unwrap_or(30).max(1) as f64;
                let increment = limits.increment[side.index()].unwrap_or_default();
                left.as_secs_f64() / moves + increment.as_secs_f64()
            }
            (None, None) => return limits,
        };
        SearchLimits {
            depth: limits.depth,
            nodes: Some(((seconds * nps as f64) as u64).max(1)),
            ..SearchLimits::default()
        }
    }

    /// Starts thinking (on the engine's move, or an analysis). In a
    /// finished game there is no move: the result is announced instead.
    fn think(&mut self) {
        let (side, fullmove, outcome) = {
            let engine = self.engine();
            let pos = engine.game().position();
            let (side, fullmove) =
                crate::with_position!(&pos, p => (p.side_to_move(), p.fullmove_number()));
            (side, fullmove, engine.game().outcome())
        };
        if let Some(outcome) = outcome
            && !self.analyzing
        {
            say(&result_line(outcome));
            return;
        }
        let limits = if self.analyzing {
            let search_moves = match self.included_moves() {
                // Every move is excluded: nothing to analyse.
                Some(moves) if moves.is_empty() => return,
                Some(moves) => moves,
                None => Vec::new(),
            };
            SearchLimits {
                infinite: true,
                search_moves,
                ..SearchLimits::default()
            }
        } else {
            let search_moves = match self.playable_moves() {
                // Only moves XBoard cannot show are legal (in Wau Chess, a
                // king boxed in on an attack board whose only way out is a
                // board move): sending one would forfeit the game, so the
                // engine resigns instead.
                Some(moves) if moves.is_empty() => {
                    say("resign");
                    return;
                }
                Some(moves) => moves,
                None => Vec::new(),
            };
            SearchLimits {
                search_moves,
                ..self.limits(side, fullmove)
            }
        };
        let engine = Arc::clone(&self.engine);
        let searching = Arc::clone(&self.engine);
        let post = Arc::clone(&self.post);
        let analyzing = self.analyzing;
        // An analysis runs until it is stopped, and its answer is dropped.
        let hold = Hold::until_stop_if(analyzing);
        self.runner.start(
            false,
            hold,
            move |job| {
                let engine = searching.lock().unwrap_or_else(|e| e.into_inner());
                engine.search(&limits, job.control(), &mut |info| {
                    if post.load(Ordering::Relaxed) || analyzing {
                        say(&thinking_line(info));
                    }
                })
            },
            move |result| {
                if analyzing {
                    return;
                }
                let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                let position = engine.game().position();
                if let Some(best) = result.best_move
                    && engine.game_mut().play_wire(&best).is_ok()
                {
                    say(&format!("move {}", xboard_spelling(&position, &best)));
                    if let Some(outcome) = engine.game().outcome() {
                        say(&result_line(outcome));
                    }
                }
            },
        );
    }

    /// The root moves an analysis may search when some are excluded
    /// (`None`: no restriction).
    fn included_moves(&self) -> Option<Vec<String>> {
        let position = self.engine().game().position();
        let (fen, excluded) = &self.excluded;
        if excluded.is_empty() || *fen != position.fen() {
            return None;
        }
        Some(
            position
                .legal_wire_moves()
                .into_iter()
                .filter(|m| !excluded.contains(m))
                .collect(),
        )
    }

    /// The engine's own choices when some legal moves are left out, because
    /// XBoard cannot show them (`None`: all): fast castles that move the king
    /// more than one file, unless the `Long Castling` option allows them,
    /// and Wau Chess's board moves, unless `Board Moves` allows them.
    /// `Some` of an empty list: every legal move is one XBoard cannot show.
    fn playable_moves(&self) -> Option<Vec<String>> {
        let position = self.engine().game().position();
        let spec = position.variant().spec();
        let mut unshowable: Vec<String> = Vec::new();
        if !self.long_castling && spec.castling == CastlingStyle::Fast {
            unshowable.extend(
                position
                    .castles()
                    .into_iter()
                    .filter(|(_, legs)| is_long_castle(legs))
                    .map(|(castle, _)| castle),
            );
        }
        let legal = position.legal_wire_moves();
        if !self.board_moves && spec.attack_boards.is_some() {
            unshowable.extend(legal.iter().filter(|m| m.starts_with('^')).cloned());
        }
        let playable: Vec<String> = legal
            .into_iter()
            .filter(|m| !unshowable.contains(m))
            .collect();
        (!unshowable.is_empty()).then_some(playable)
    }

    /// `exclude MOVE|all` and `include MOVE|all`.
    fn exclude(&mut self, exclude: bool, what: &str) -> Result<(), String> {
        let position = self.engine().game().position();
        if self.excluded.0 != position.fen() {
            self.excluded = (position.fen(), Vec::new());
        }
        if what == "all" {
            self.excluded.1 = if exclude {
                position.legal_wire_moves()
            } else {
                Vec::new()
            };
            return Ok(());
        }
        // The position's own spelling of the move, whatever form was sent.
        let spelled = position.canonical_wire(what).map_err(|e| e.to_string())?;
        self.excluded.1.retain(|m| *m != spelled);
        if exclude {
            self.excluded.1.push(spelled);
        }
        Ok(())
    }

    fn side_to_move(&self) -> Color {
        self.engine().game().position().side_to_move()
    }

    /// Thinks if it is the engine's turn.
    fn maybe_think(&mut self) {
        if self.analyzing {
            self.think();
            return;
        }
        if self.force {
            return;
        }
        if self.side_to_move() == self.engine_side {
            self.think();
        }
    }

    fn features() -> String {
        // The built-in games, then those read from files (the shipped
        // ones first), by XBoard's names.
        let variants: Vec<&str> = GameKind::every()
            .into_iter()
            .map(|game| match game {
                GameKind::Board(variant) => variant.spec().xboard_name,
                GameKind::ChessWar => crate::rules::variant::CHESSWAR_NAME,
            })
            .collect();
        let options: Vec<String> = crate::engine::option_table()
            .iter()
            .filter(|o| o.listed_by(false))
            .map(|o| o.xboard_feature())
            .collect();
        format!(
            "feature myname=\"{ENGINE_NAME}\" variants=\"{}\" setboard=1 usermove=1 ping=1 \
             sigint=0 sigterm=0 colors=0 analyze=1 memory=1 smp=1 exclude=1 nps=1 {} done=1",
            variants.join(","),
            options.join(" ")
        )
    }

    /// `variant NAME`: the game at its start, announced with a `setup`
    /// line (in ChessWar, the units as chess pieces) and the definitions
    /// of the pieces XBoard does not know.
    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let kind: GameKind = name.parse()?;
        self.engine().load(kind)?;
        match kind {
            GameKind::ChessWar => self.set_chesswar(),
            GameKind::Board(Variant::Chess) => {}
            GameKind::Board(variant) => {
                let spec = variant.spec();
                // XBoard reads the six FEN fields; Wau Chess's seventh (the
                // board corners) is implied by the holes.
                let fen: Vec<&str> = spec.start_fen.split_whitespace().take(6).collect();
                say(&format!(
                    "setup ({}) {}x{}+0_fairy {}",
                    piece_to_char(variant),
                    spec.files,
                    spec.ranks,
                    fen.join(" ")
                ));
                for line in piece_definitions(variant) {
                    say(&line);
                }
            }
        }
        Ok(())
    }

    fn user_move(&mut self, text: &str) {
        let position = self.engine().game().position();
        let wire = from_xboard_spelling(&position, text);
        let result = self.engine().game_mut().play_wire(&wire);
        match result {
            Err(e) => {
                let reason = match e {
                    crate::rules::MoveError::Malformed(_) => "malformed",
                    crate::rules::MoveError::Illegal(_) => "illegal",
                };
                say(&format!("Illegal move ({reason}): {text}"));
            }
            Ok(()) => {
                let outcome = self.engine().game().outcome();
                if let Some(outcome) = outcome {
                    say(&result_line(outcome));
                    return;
                }
                self.maybe_think();
            }
        }
    }

    fn set_option(&mut self, text: &str) -> Result<(), String> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| "option needs NAME=VALUE".to_string())?;
        let spec =
            find_listed(name, false).ok_or_else(|| format!("unknown option {}", name.trim()))?;
        if self
            .engine()
            .set_option(&spec, value, SwitchSpelling::Digits)?
        {
            return Ok(());
        }
        match (spec.name, spec.read(value, SwitchSpelling::Digits)?) {
            ("Long Castling", OptionValue::Check(on)) => self.long_castling = on,
            ("Board Moves", OptionValue::Check(on)) => self.board_moves = on,
            (other, _) => return Err(format!("option {other} is not for XBoard")),
        }
        Ok(())
    }

    /// Acts on a line; returns false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return true;
        };
        let arg = |i: usize| args.get(i).copied();
        // Answered at once, even while thinking.
        match command {
            "?" => {
                self.move_now();
                return true;
            }
            "post" => {
                self.post.store(true, Ordering::Relaxed);
                return true;
            }
            "nopost" => {
                self.post.store(false, Ordering::Relaxed);
                return true;
            }
            "." | "hard" | "easy" | "random" | "computer" | "accepted" | "rejected" | "xboard"
            | "name" | "rating" | "ics" | "draw" | "hint" | "bk" => return true,
            "quit" => {
                self.stop_search(false);
                return false;
            }
            _ => {}
        }
        if self.analyzing {
            // Analysis restarts after anything that changes the position.
            self.stop_search(false);
        } else {
            match timing(command) {
                Timing::Abandons => self.stop_search(false),
                Timing::AtOnce | Timing::AfterMove => self.await_search(),
            }
        }
        if self.engine().plays_chesswar() && self.chesswar_command(command, args, line) {
            return true;
        }
        match command {
            "protover" => say(&Self::features()),
            "ping" => say(&format!("pong {}", arg(0).unwrap_or("0"))),
            "new" => {
                self.analyzing = false;
                self.force = false;
                self.engine_side = Color::Black;
                self.depth_limit = None;
                let mut engine = self.engine();
                engine.new_game();
                let _ = engine.load(GameKind::Board(Variant::Chess));
            }
            "variant" => match arg(0).map(|name| self.set_variant(name)) {
                Some(Ok(())) => {}
                Some(Err(e)) => error(&e, line),
                None => error("variant needs a name", line),
            },
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.side_to_move();
                self.think();
            }
            "playother" => {
                self.force = false;
                self.engine_side = !self.side_to_move();
            }
            "usermove" => match arg(0) {
                Some(text) => self.user_move(text),
                None => error("usermove needs a move", line),
            },
            "level" => match parse_level(args) {
                Ok(tc) => self.time_control = tc,
                Err(e) => error(&format!("level {e}"), line),
            },
            "st" => match arg(0).and_then(parse_seconds).filter(|t| !t.is_zero()) {
                Some(t) => self.time_control = TimeControl::PerMove(t),
                None => error("st needs a positive number of seconds", line),
            },
            "nps" => match arg(0).and_then(parse_count) {
                Some(0) => self.nodes_per_second = None,
                Some(n) => self.nodes_per_second = Some(n.min(MAX_NPS)),
                None => error("nps needs a whole number of nodes per second", line),
            },
            "exclude" | "include" => match arg(0) {
                Some(what) => {
                    if let Err(e) = self.exclude(command == "exclude", what) {
                        error(&e, line);
                    }
                }
                None => error("needs a move or all", line),
            },
            "sd" => match arg(0).and_then(parse_count).filter(|d| *d > 0) {
                Some(depth) => self.depth_limit = Some(depth.min(u64::from(MAX_DEPTH)) as u32),
                None => error("sd needs a positive whole depth", line),
            },
            "time" | "otim" => match arg(0).and_then(parse_centiseconds) {
                Some(clock) => {
                    if command == "time" {
                        self.engine_clock = Some(clock);
                    } else {
                        self.opponent_clock = Some(clock);
                    }
                }
                None => error("needs a whole number of centiseconds", line),
            },
            "setboard" => {
                let fen = args.join(" ");
                if let Err(e) = self.engine().set_loaded_position(Some(&fen), &[]) {
                    error(&format!("illegal position: {e}"), line);
                }
            }
            "undo" | "remove" => {
                let plies = if command == "undo" { 1 } else { 2 };
                let mut engine = self.engine();
                for _ in 0..plies {
                    if !engine.game_mut().undo() {
                        drop(engine);
                        error("no move to take back", line);
                        break;
                    }
                }
            }
            "result" => self.force = true,
            "analyze" => {
                self.analyzing = true;
            }
            "exit" => self.analyzing = false,
            "memory" => match arg(0).and_then(|s| s.parse::<usize>().ok()) {
                Some(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    if let Err(e) = self.engine().set_hash_mb(mb) {
                        error(&e.to_string(), line);
                    }
                }
                _ => error("memory needs megabytes", line),
            },
            "cores" => match arg(0).and_then(|s| s.parse::<usize>().ok()) {
                Some(n) if (1..=MAX_THREADS).contains(&n) => self.engine().set_threads(n),
                _ => error("cores needs a number of threads", line),
            },
            "option" => {
                if let Err(e) = self.set_option(&args.join(" ")) {
                    error(&e, line);
                }
            }
            other => {
                // A bare move (engines without usermove=1 get these).
                let looks_like_move = other.len() >= 4
                    && other.as_bytes()[0].is_ascii_lowercase()
                    && other.as_bytes()[1].is_ascii_digit();
                if looks_like_move && args.is_empty() {
                    self.user_move(other);
                } else {
                    error("unknown command", line);
                }
            }
        }
        if self.analyzing && !self.runner.has_job() {
            self.think();
        }
        true
    }
}

/// The longest clock, time per move or increment the engine takes: a
/// larger number (`st 1e20`) means no practical limit and is read as this.
const MAX_TIME: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// The deepest `sd` the engine takes; a deeper one is read as this (the
/// searches go no deeper anyway).
const MAX_DEPTH: u32 = crate::engine::search::MAX_PLY as u32 - 1;

/// The most nodes per second `nps` takes; more is read as this.
const MAX_NPS: u64 = 1_000_000_000_000;

/// Reads a number of seconds: a finite decimal, not negative (`inf`,
/// `NaN`, `-1` and words are refused); more than [`MAX_TIME`] is
/// [`MAX_TIME`].
fn parse_seconds(text: &str) -> Option<Duration> {
    let seconds = text
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)?;
    Some(
        Duration::try_from_secs_f64(seconds)
            .unwrap_or(MAX_TIME)
            .min(MAX_TIME),
    )
}

/// Reads a whole number in decimal digits (an optional `+` first); one
/// too large for 64 bits is `u64::MAX`, for the caller to bound.
fn parse_count(text: &str) -> Option<u64> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// Reads the clock of `time` or `otim` in centiseconds. A negative clock
/// (a GUI that lets a flag fall sends one) is an empty one; more than
/// [`MAX_TIME`] is [`MAX_TIME`].
fn parse_centiseconds(text: &str) -> Option<Duration> {
    if let Some(negative) = text.strip_prefix('-') {
        return parse_count(negative).map(|_| Duration::ZERO);
    }
    let centiseconds = parse_count(text)?;
    Some(Duration::from_millis(centiseconds.saturating_mul(10)).min(MAX_TIME))
}

/// Reads `level MPS BASE INC`: MPS a whole number of moves (0: the whole
/// game), BASE in minutes or minutes:seconds (seconds below 60), INC in
/// seconds. The base is checked but not kept: `time` gives the clock.
/// The error says which field is wrong.
fn parse_level(args: &[&str]) -> Result<TimeControl, String> {
    let [mps, base, inc] = args else {
        return Err("needs MPS BASE INC".to_string());
    };
    let moves_per_session =
        parse_count(mps).ok_or_else(|| format!("needs a whole number of moves, not '{mps}'"))?;
    let (minutes, seconds) = base.split_once(':').unwrap_or((base, "0"));
    let base_ok = parse_seconds(minutes).is_some() && parse_count(seconds).is_some_and(|s| s < 60);
    if !base_ok {
        return Err(format!(
            "needs a base time in minutes or minutes:seconds, not '{base}'"
        ));
    }
    let increment =
        parse_seconds(inc).ok_or_else(|| format!("needs an increment in seconds, not '{inc}'"))?;
    Ok(TimeControl::Level {
        moves_per_session: u32::try_from(moves_per_session).unwrap_or(u32::MAX),
        increment,
    })
}

/// Runs the XBoard loop on lines from `input`.
///
/// The loop never blocks on a search: lines are read on while the engine
/// thinks, those that must wait for its move are queued, and `quit`, `?`
/// and `force` (and the other commands that end a search) act at once even
/// behind them. At the end of input the queued lines are still handled,
/// then any search is stopped.
pub fn run_with(input: Lines) {
    let (events, received) = mpsc::channel();
    let forward = events.clone();
    std::thread::spawn(move || {
        while let Ok(line) = input.recv() {
            if forward.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = forward.send(Event::InputClosed);
    });
    let mut session = Session::new();
    session.runner.notify_on_end(move || {
        let _ = events.send(Event::SearchEnded);
    });
    let mut queue = VecDeque::new();
    let mut input_open = true;
    while input_open || !queue.is_empty() {
        match received.recv() {
            Ok(Event::Line(line)) => queue.push_back(line),
            Ok(Event::SearchEnded) => {}
            Ok(Event::InputClosed) | Err(_) => input_open = false,
        }
        if !session.drain(&mut queue) {
            return;
        }
    }
    session.stop_search(false);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_strings_name_the_game_pieces() {
        let expected: [(Variant, &str, &[&str]); 4] = [
            (
                Variant::WadChess,
                "PNBRQ...C............Kpnbrq...c............k",
                &["piece C WAD", "piece K& KisO1"],
            ),
            (
                Variant::ParityChess,
                "PNBRQF..C............Kpnbrqf..c............k",
                &["piece C WAD", "piece F FAD", "piece K& KisO1"],
            ),
            (
                Variant::Chad,
                "...RQ................K...rq................k",
                &["piece K KN", "piece R mR", "piece Q mQ"],
            ),
            (Variant::Chess, "", &[]),
        ];
        for (variant, pieces, definitions) in expected {
            if !pieces.is_empty() {
                assert_eq!(piece_to_char(variant), pieces, "{variant}");
            }
            assert_eq!(piece_definitions(variant), definitions, "{variant}");
        }
        // A pawn that moves unlike chess's is told, for both colours.
        crate::rules::ini::registry::load_shipped();
        let berolina: Variant = "berolina".parse().unwrap();
        assert_eq!(piece_definitions(berolina), ["piece P& mfFcfeWimfnA"]);
    }

    #[test]
    fn fast_castles_go_to_xboard_as_two_legs() {
        let fen = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
        let position = AnyPosition::from_fen(Variant::WadChess, fen).unwrap();
        assert_eq!(xboard_spelling(&position, "j1f1"), "f1g1,j1f1");
        assert_eq!(xboard_spelling(&position, "f1c1"), "f1c1,a1f1");
        assert_eq!(xboard_spelling(&position, "e2e4"), "e2e4");
        assert_eq!(from_xboard_spelling(&position, "f1g1,j1f1"), "j1f1");
        assert_eq!(from_xboard_spelling(&position, "j1f1,f1g1"), "j1f1");
        assert_eq!(from_xboard_spelling(&position, "f1e1,a1f1"), "a1f1");
        assert_eq!(from_xboard_spelling(&position, "f1g1,a1f1"), "f1g1,a1f1");
        let legs = |wire: &str| {
            let castles = position.castles();
            castles.into_iter().find(|(c, _)| c == wire).unwrap().1
        };
        assert!(is_long_castle(&legs("f1c1")));
        assert!(!is_long_castle(&legs("j1f1")));
    }

    #[test]
    fn wau_chess_board_moves_stay_out_unless_allowed() {
        // White's queen-side board holds only its rook: it has board moves.
        let fen = "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/\
                   3PPPPP/R2QKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9";
        let mut session = Session::new();
        session
            .engine()
            .set_position(Variant::WauChess, Some(fen), &[])
            .unwrap();
        let legal = session.engine().game().position().legal_wire_moves();
        assert!(legal.iter().any(|m| m.starts_with('^')));
        let playable = session.playable_moves();
        assert_eq!(
            playable,
            Some(
                legal
                    .iter()
                    .filter(|m| !m.starts_with('^'))
                    .cloned()
                    .collect::<Vec<_>>()
            )
        );
        session.board_moves = true;
        assert_eq!(session.playable_moves(), None, "no restriction");
        // White's king is walled in on its king-side board: every legal
        // move is a board move, so nothing is playable in XBoard.
        let fen = "**3***/**3***/**2p***/5***/5***/p1k2***/***2***/***2***/PPK5/3rq3/\
                   4n3/********/********/******** w - - 27 148 a4,f4,a9,c12";
        session
            .engine()
            .set_position(Variant::WauChess, Some(fen), &[])
            .unwrap();
        session.board_moves = false;
        assert_eq!(session.playable_moves(), Some(Vec::new()));
        // A promotion on the main board's last rank without its letter.
        let fen = "********/********/********/k7/3P4/8/***2***/***2***/8/8/7K/\
                   ********/********/******** w - - 0 40 a4,f4,a9,f9";
        let position = AnyPosition::from_fen(Variant::WauChess, fen).unwrap();
        assert_eq!(from_xboard_spelling(&position, "d10d11"), "d10d11q");
        assert_eq!(from_xboard_spelling(&position, "d10d11n"), "d10d11n");
        assert_eq!(from_xboard_spelling(&position, "h4h5"), "h4h5");
    }

    #[test]
    fn thinking_lines_use_xboard_units() {
        let info = SearchInfo {
            depth: 7,
            seldepth: 9,
            multipv: 1,
            score: ScoreReport::Mate(3),
            nodes: 1234,
            nps: 0,
            time_ms: 2500,
            hashfull: 0,
            pv: vec!["e2e4".into(), "e7e5".into()],
        };
        assert_eq!(thinking_line(&info), "7 100003 250 1234 e2e4 e7e5");
    }

    #[test]
    fn level_reads_moves_base_and_increment() {
        assert_eq!(
            parse_level(&["40", "5", "0"]),
            Ok(TimeControl::Level {
                moves_per_session: 40,
                increment: Duration::ZERO
            })
        );
        assert_eq!(
            parse_level(&["0", "2:30", "1.5"]),
            Ok(TimeControl::Level {
                moves_per_session: 0,
                increment: Duration::from_millis(1500)
            })
        );
        for bad in [
            ["0", "2:30", "x"],
            ["0", "5", "inf"],
            ["0", "5", "NaN"],
            ["0", "5", "-1"],
            ["40", "5:99", "0"],
            ["40", "5:", "0"],
            ["40", "-5", "0"],
            ["-40", "5", "0"],
            ["x", "y", "z"],
        ] {
            assert!(parse_level(&bad).is_err(), "{bad:?}");
        }
        assert!(parse_level(&["40", "5"]).is_err());
    }

    #[test]
    fn huge_numbers_are_bounded_and_bad_ones_refused() {
        assert_eq!(parse_seconds("1e20"), Some(MAX_TIME));
        assert_eq!(parse_seconds("99999999999999999999"), Some(MAX_TIME));
        assert_eq!(parse_seconds("0.25"), Some(Duration::from_millis(250)));
        for bad in ["inf", "-inf", "infinity", "NaN", "-1", "x", ""] {
            assert_eq!(parse_seconds(bad), None, "{bad}");
        }
        assert_eq!(parse_count("99999999999999999999999"), Some(u64::MAX));
        assert_eq!(parse_count("+7"), Some(7));
        for bad in ["-1", "1.5", "1e3", "x", "", "+"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
        assert_eq!(parse_centiseconds("-500"), Some(Duration::ZERO));
        assert_eq!(parse_centiseconds("9223372036854775807"), Some(MAX_TIME));
        assert_eq!(parse_centiseconds("150"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_centiseconds("-x"), None);
        assert_eq!(
            parse_level(&["0", "99999999999999999999", "1e20"]),
            Ok(TimeControl::Level {
                moves_per_session: 0,
                increment: MAX_TIME
            })
        );
    }
}
