//! The match runner behind `motley match`: two engines (UCI or XBoard) play
//! a series of games from opening positions with colours reversed, refereed
//! with this crate's rules, so that games no other tournament manager knows
//! can be played and scored.
//!
//! Games run on `concurrency` worker threads, each with its own pair of
//! engine processes. An engine that crashes, hangs or breaks the rules
//! loses that game and is restarted before the next one; an engine that
//! cannot start, answer the handshake in time or take its options stops
//! the match before the first game. ChessWar games are refereed by
//! [`chesswar`], the runner rolling the dice. Each game is written to the
//! PGN the moment it ends, and games in progress are kept aside after
//! every move ([`PgnSink`]).

pub mod chesswar;
pub mod error;
pub mod pgn;
pub mod player;
pub mod referee;
pub mod sprt;
pub mod stats;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::Duration;

use crate::rules::{AnyGame, AnyPosition, Color, GameKind, Variant};

pub use chesswar::ChessWarRules;
pub use error::MatchError;
pub use pgn::PgnSink;
pub use player::{EngineConfig, Fault, Player, Protocol, TimeControl};
pub use referee::{
    Adjudication, DrawRule, GameRecord, GameResult, GameRules, Opening, ScoreRule, Termination,
};
pub use sprt::{Pentanomial, SprtConfig, SprtDecision};
pub use stats::Tally;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines; the score is the first one's.
    pub engines: [EngineConfig; 2],
    /// Openings, each played twice with colours reversed, in order and
    /// round again when there are more games than openings.
    pub openings: Vec<Opening>,
    /// The games' rules, clock and adjudication.
    pub rules: GameRules,
    /// When set, the games are ChessWar with these rules (and
    /// `rules.variant` is not used).
    pub chesswar: Option<ChessWarRules>,
    /// Games in all (an odd count leaves the last opening played once).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// The PGN `Event` tag.
    pub event: String,
    /// The test to stop on, if any: no new game starts once it decides.
    pub sprt: Option<SprtConfig>,
}

/// Counts of engine failures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaultCounts {
    /// Crashes and protocol breaks.
    pub crashes: u32,
    /// Games lost on time or by not answering.
    pub time_losses: u32,
    /// Illegal moves played, or legal moves rejected.
    pub illegal_moves: u32,
}

/// The outcome of a match.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    /// The engines' names as they reported them.
    pub names: [String; 2],
    /// Wins, losses and draws of the first engine.
    pub tally: Tally,
    /// Failures of each engine.
    pub faults: [FaultCounts; 2],
    /// The first engine's points in each finished pair of games.
    pub pairs: Pentanomial,
    /// The test the match ran, if any.
    pub sprt: Option<SprtConfig>,
    /// The test's decision when it stopped the match, with the LLR line
    /// and the number of games then finished (the games still in
    /// progress are played out and may move the LLR back inside).
    pub sprt_stop: Option<(SprtDecision, String, usize)>,
}

impl MatchSummary {
    /// The closing report, one line each.
    pub fn report(&self) -> Vec<String> {
        let t = &self.tally;
        let mut lines = vec![
            format!(
                "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
                self.names[0],
                self.names[1],
                t.wins,
                t.losses,
                t.draws,
                t.fraction().unwrap_or(0.0),
                t.games()
            ),
            t.elo_line(),
        ];
        match &self.sprt {
            Some(config) => {
                lines.extend(self.pairs.report(config));
                if let Some((decision, llr, games)) = &self.sprt_stop {
                    lines.push(format!(
                        "SPRT stopped the match: {decision} after {games} games ({llr})"
                    ));
                }
            }
            None if self.pairs.pairs() > 0 => {
                let [a, b, c, d, e] = self.pairs.0;
                lines.push(format!(
                    "Pairs (0, 1/2, 1, 3/2, 2 points): [{a}, {b}, {c}, {d}, {e}]"
                ));
            }
            None => {}
        }
        for (name, f) in self.names.iter().zip(&self.faults) {
            lines.push(format!(
                "{name}: {} crashes, {} time losses, {} illegal moves",
                f.crashes, f.time_losses, f.illegal_moves
            ));
        }
        lines
    }
}

/// Reads the game of a match (`--variant`): any game of the rules core,
/// or `chesswar` (the runner then rolls the dice and referees every
/// token).
pub fn parse_variant(name: &str) -> Result<GameKind, MatchError> {
    Ok(name.parse::<GameKind>()?)
}

/// Reads an openings file: one opening a line, either a FEN (or EPD: its
/// first four fields are used when the whole line is not a FEN), or
/// `startpos`, optionally followed by `moves m1 m2 ...`. Blank lines and
/// lines starting with `#` are skipped. Every opening is checked.
pub fn parse_openings(variant: Variant, text: &str) -> Result<Vec<Opening>, MatchError> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, moves) = match line.split_once(" moves ") {
            Some((head, moves)) => (
                head.trim(),
                moves.split_whitespace().map(String::from).collect(),
            ),
            None => (line.strip_suffix(" moves").unwrap_or(line), Vec::new()),
        };
        let check = |fen: Option<&str>| {
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            AnyGame::from_setup(variant, fen, &moves).map(|_| ())
        };
        let fen = if head == "startpos" {
            check(None).map(|()| None)
        } else {
            let epd = head
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            check(Some(head))
                .map(|()| Some(head.to_string()))
                .or_else(|e| check(Some(&epd)).map(|()| Some(epd.clone())).map_err(|_| e))
        }
        .map_err(|error| MatchError::Opening {
            line: number + 1,
            error,
        })?;
        // The game's own start is sent as such, so engines without
        // `setboard` can play it.
        let fen = fen.filter(|f| {
            AnyPosition::from_fen(variant, f).map_or(true, |p| p != AnyPosition::startpos(variant))
        });
        openings.push(Opening { fen, moves });
    }
    if openings.is_empty() {
        return Err(MatchError::NoOpenings);
    }
    Ok(openings)
}

/// One game's assignment: its number, opening and whether the first
/// engine has White.
struct Pairing {
    round: usize,
    opening: Opening,
    first_is_white: bool,
}

fn pairing(config: &MatchConfig, index: usize) -> Pairing {
    let openings = &config.openings;
    let opening = match openings.len() {
        0 => Opening::default(),
        n => openings[(index / 2) % n].clone(),
    };
    Pairing {
        round: index + 1,
        opening,
        first_is_white: index.is_multiple_of(2),
    }
}

/// A worker's engine, started when first needed and after each fault.
struct Seat {
    config: EngineConfig,
    player: Option<Player>,
}

impl Seat {
    fn get(&mut self) -> Result<&mut Player, Fault> {
        if self.player.is_none() {
            self.player = Some(Player::start(&self.config)?);
        }
        Ok(self.player.as_mut().expect("just started"))
    }

    fn restart(&mut self) {
        if let Some(mut player) = self.player.take() {
            player.kill();
        }
    }
}

/// A finished game as the workers report it.
struct Finished {
    pairing_round: usize,
    first_is_white: bool,
    record: GameRecord,
    /// Why the game could not be written to the PGN, if it could not.
    pgn_error: Option<String>,
}

fn play_one(
    seats: &mut [Seat; 2],
    pairing: &Pairing,
    rules: &GameRules,
    chesswar_rules: Option<&ChessWarRules>,
    watch: &mut dyn FnMut(&GameRecord),
) -> GameRecord {
    let (white, black) = if pairing.first_is_white {
        (0, 1)
    } else {
        (1, 0)
    };
    let no_moves =
        |seats: &[Seat; 2], (result, reason, termination, faulty): referee::Ending| GameRecord {
            players: [seat_name(&seats[white]), seat_name(&seats[black])],
            game: match chesswar_rules {
                Some(_) => GameKind::ChessWar,
                None => GameKind::Board(rules.variant),
            },
            fen: pairing.opening.fen.clone(),
            san: Vec::new(),
            notes: Vec::new(),
            result,
            reason,
            termination,
            faulty,
        };
    // The game is in progress from now on, while its engines start and
    // set up the game too (which may take a while on a busy machine).
    watch(&no_moves(seats, referee::in_progress()));
    // Start both engines; a seat that cannot start loses the game.
    for (color, seat) in [(Color::White, white), (Color::Black, black)] {
        if let Err(fault) = seats[seat].get() {
            let reason = format!("{color:?}'s engine {fault}");
            let crash = (
                GameResult::Win(!color),
                reason,
                Termination::Crash,
                Some(color),
            );
            return no_moves(seats, crash);
        }
    }
    let [a, b] = seats;
    let (a, b) = (
        a.player.as_mut().expect("started"),
        b.player.as_mut().expect("started"),
    );
    let players = if pairing.first_is_white {
        [a, b]
    } else {
        [b, a]
    };
    let record = match chesswar_rules {
        Some(cw) => chesswar::play_game(
            players,
            rules,
            cw,
            chesswar::game_seed(cw, pairing.round - 1),
            watch,
        ),
        None => referee::play_game(players, &pairing.opening, rules, watch),
    };
    if let Some(color) = record.faulty {
        let seat = if color == Color::White { white } else { black };
        seats[seat].restart();
    }
    record
}

fn seat_name(seat: &Seat) -> String {
    seat.player
        .as_ref()
        .map(|p| p.name().to_string())
        .or_else(|| seat.config.name.clone())
        .unwrap_or_else(|| seat.config.command.clone())
}

/// Plays the match; `progress` gets one line per finished game, and each
/// game's PGN goes to `pgn_out` the moment it ends, by the worker that
/// played it (see [`PgnSink`] for the games in progress). Fails before the
/// first game if an engine cannot be started, refuses an option or does
/// not play the game.
pub fn run_match(
    config: &MatchConfig,
    pgn_out: Option<&PgnSink>,
    progress: &mut dyn FnMut(&str),
) -> Result<MatchSummary, MatchError> {
    let mut names = [String::new(), String::new()];
    for (i, engine) in config.engines.iter().enumerate() {
        let mut player = Player::start(engine).map_err(|fault| MatchError::Engine {
            number: i + 1,
            command: engine.command.clone(),
            fault,
        })?;
        match &config.chesswar {
            Some(cw) => player.new_chesswar_game(config.rules.time_control, &cw.setup_options),
            None => player.new_game(
                config.rules.variant,
                config.openings.first().and_then(|o| o.fen.as_deref()),
                config.rules.time_control,
            ),
        }
        .map_err(|fault| MatchError::Engine {
            number: i + 1,
            command: engine.command.clone(),
            fault,
        })?;
        names[i] = player.name().to_string();
        player.quit();
    }
    let next = AtomicUsize::new(0);
    // Set when the SPRT has decided: the games in progress finish, no new
    // one starts.
    let decided = AtomicBool::new(false);
    let (tx, rx) = channel::<Finished>();
    let mut summary = MatchSummary {
        names,
        sprt: config.sprt,
        ..MatchSummary::default()
    };
    // The first engine's half points in the first-finished game of each
    // pair still waiting for its other game.
    let mut open_pairs: HashMap<usize, usize> = HashMap::new();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1).min(config.games.max(1)) {
            let tx = tx.clone();
            let next = &next;
            let decided = &decided;
            scope.spawn(move || {
                let mut seats = config.engines.clone().map(|config| Seat {
                    config,
                    player: None,
                });
                loop {
                    if decided.load(Ordering::SeqCst) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= config.games {
                        break;
                    }
                    let pairing = pairing(config, index);
                    let round = pairing.round;
                    let tc = config.rules.time_control;
                    let mut pgn_error = None;
                    let mut watch = |game: &GameRecord| {
                        if let Some(sink) = pgn_out {
                            let text = pgn::write_unfinished(game, &config.event, round, tc);
                            if let Err(e) = sink.progress(round, text) {
                                pgn_error.get_or_insert_with(|| e.to_string());
                            }
                        }
                    };
                    let record = play_one(
                        &mut seats,
                        &pairing,
                        &config.rules,
                        config.chesswar.as_ref(),
                        &mut watch,
                    );
                    if let Some(sink) = pgn_out {
                        let text = pgn::write_game(&record, &config.event, round, tc);
                        if let Err(e) = sink.finish(round, &text) {
                            pgn_error = Some(e.to_string());
                        }
                    }
                    let finished = Finished {
                        pairing_round: round,
                        first_is_white: pairing.first_is_white,
                        record,
                        pgn_error,
                    };
                    if tx.send(finished).is_err() {
                        break;
                    }
                }
                for seat in seats {
                    if let Some(player) = seat.player {
                        player.quit();
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0;
        for finished in rx {
            done += 1;
            let half_points = account(&mut summary, &finished);
            let pair = (finished.pairing_round - 1) / 2;
            match open_pairs.remove(&pair) {
                Some(other) => summary.pairs.add(other + half_points),
                None => {
                    open_pairs.insert(pair, half_points);
                }
            }
            let r = &finished.record;
            if let Some(why) = &finished.pgn_error {
                progress(&format!(
                    "warning: game {} could not be written to the PGN: {why}",
                    finished.pairing_round
                ));
            }
            let t = &summary.tally;
            let llr = config
                .sprt
                .map(|c| format!("  {}", summary.pairs.llr_line(&c)))
                .unwrap_or_default();
            progress(&format!(
                "Finished game {} ({} vs {}): {} {{{}}}  [{done}/{}]  score {} - {} - {}{llr}",
                finished.pairing_round,
                r.players[0],
                r.players[1],
                r.result.pgn(),
                r.reason,
                config.games,
                t.wins,
                t.losses,
                t.draws
            ));
            if let Some(sprt) = &config.sprt {
                let decision = summary.pairs.decision(sprt);
                if decision != SprtDecision::Undecided && !decided.swap(true, Ordering::SeqCst) {
                    summary.sprt_stop = Some((decision, summary.pairs.llr_line(sprt), done));
                    progress(&format!(
                        "SPRT: {decision}; the games in progress are finished, no new game starts"
                    ));
                }
            }
        }
    });
    Ok(summary)
}

/// Adds a finished game to the summary; returns the first engine's half
/// points in it (2 a win, 1 a draw, 0 a loss).
fn account(summary: &mut MatchSummary, finished: &Finished) -> usize {
    let r = &finished.record;
    let first = if finished.first_is_white {
        Color::White
    } else {
        Color::Black
    };
    let half_points = match r.result {
        GameResult::Draw => {
            summary.tally.draws += 1;
            1
        }
        GameResult::Win(c) if c == first => {
            summary.tally.wins += 1;
            2
        }
        GameResult::Win(_) => {
            summary.tally.losses += 1;
            0
        }
    };
    if let GameResult::Win(winner) = r.result {
        let loser = !winner;
        let engine = usize::from(loser != first);
        let counts = &mut summary.faults[engine];
        match r.termination {
            Termination::Crash => counts.crashes += 1,
            Termination::TimeForfeit => counts.time_losses += 1,
            Termination::IllegalMove => counts.illegal_moves += 1,
            Termination::Normal | Termination::Adjudication => {}
        }
    }
    half_points
}

/// Reads a time control: `BASE+INC` in seconds (`10+0.1`, `60`).
pub fn parse_time_control(text: &str) -> Result<TimeControl, MatchError> {
    let bad = || {
        MatchError::TimeControl(format!(
            "bad time control '{text}' (expected seconds+increment, e.g. 10+0.1)"
        ))
    };
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .and_then(|v| Duration::try_from_secs_f64(v).ok())
    };
    let base = seconds(base).filter(|b| !b.is_zero()).ok_or_else(bad)?;
    let increment = seconds(inc).ok_or_else(bad)?;
    Ok(TimeControl::Increment { base, increment })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_files() {
        let text = "# comment\n\nstartpos moves e2e4 e7e5\n\
                    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"x\";\n";
        let openings = parse_openings(Variant::Chess, text).unwrap();
        assert_eq!(openings.len(), 3);
        assert_eq!(
            openings[0],
            Opening {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert!(
            openings[1]
                .fen
                .as_deref()
                .unwrap()
                .ends_with("b KQkq - 0 1")
        );
        // The EPD line is the start position: sent as such.
        assert_eq!(openings[2].fen, None);
        let err = parse_openings(Variant::Chess, "startpos moves e2e5\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("openings line 1:"), "{err}");
        assert!(parse_openings(Variant::Chess, "# nothing\n").is_err());
    }

    #[test]
    fn game_names() {
        for name in ["chesswar", "ChessWar", " chesswar "] {
            assert_eq!(parse_variant(name), Ok(GameKind::ChessWar));
        }
        assert_eq!(
            parse_variant("wadchess"),
            Ok(GameKind::Board(Variant::WadChess))
        );
        assert!(
            parse_variant("nochess")
                .unwrap_err()
                .to_string()
                .contains("unknown variant")
        );
    }

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_time_control("10+0.1").unwrap(),
            TimeControl::Increment {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert!(parse_time_control("60").is_ok());
        assert!(parse_time_control("0+1").is_err());
        assert!(parse_time_control("x+1").is_err());
    }

    #[test]
    fn colours_alternate_per_opening() {
        let config = MatchConfig {
            engines: [
                EngineConfig {
                    command: "a".into(),
                    protocol: None,
                    options: vec![],
                    name: None,
                    start_timeout: player::START_TIMEOUT,
                },
                EngineConfig {
                    command: "b".into(),
                    protocol: None,
                    options: vec![],
                    name: None,
                    start_timeout: player::START_TIMEOUT,
                },
            ],
            openings: vec![
                Opening::default(),
                Opening {
                    fen: None,
                    moves: vec!["e2e4".into()],
                },
            ],
            rules: GameRules {
                variant: Variant::Chess,
                time_control: TimeControl::PerMove(Duration::from_millis(10)),
                margin: Duration::ZERO,
                adjudication: Adjudication::default(),
            },
            chesswar: None,
            games: 6,
            concurrency: 1,
            event: "t".into(),
            sprt: None,
        };
        let p: Vec<(usize, bool)> = (0..6)
            .map(|i| {
                let p = pairing(&config, i);
                (p.opening.moves.len(), p.first_is_white)
            })
            .collect();
        assert_eq!(
            p,
            vec![
                (0, true),
                (0, false),
                (1, true),
                (1, false),
                (0, true),
                (0, false)
            ]
        );
    }
}
