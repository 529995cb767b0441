//! PGN output for finished games: the seven standard tags, `Variant`,
//! `SetUp`/`FEN` for games that do not start from the game's start
//! position, `TimeControl`, `Termination` and `PlyCount`, and the moves in
//! SAN, each engine move followed by a comment with its score, depth and
//! time as Cute Chess writes them (`{+0.31/12 0.452s}`), with the ending
//! as a closing comment.

use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::rules::{AnyPosition, Color, GameKind};

use super::player::{EngineScore, TimeControl, seconds_text};
use super::referee::{GameRecord, MoveNote};

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The PGN `TimeControl` tag value: `base+increment` in seconds; a fixed
/// time per move as `N/move` (PGN has no form of its own for it); games
/// on fixed nodes as `-`, no time control.
fn time_control_tag(tc: TimeControl) -> String {
    let secs = seconds_text;
    match tc {
        TimeControl::Increment { base, increment } => format!("{}+{}", secs(base), secs(increment)),
        TimeControl::PerMove(t) => format!("{}/move", secs(t)),
        TimeControl::Nodes(_) => "-".to_string(),
    }
}

/// `text` as a PGN tag value goes between its quotes: one line, so each
/// control character (a newline, a tab, ...) becomes a space, and a
/// backslash or a quote is escaped. A name with a newline can then never
/// start a tag of its own.
fn tag_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `text` as a PGN comment, braces included: on one line, and with no
/// closing brace inside that would end it early.
fn comment(text: &str) -> String {
    let inside: String = text
        .chars()
        .map(|c| match c {
            '}' => ')',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("{{{inside}}}")
}

/// A move's comment text as Cute Chess writes it: the mover's score in
/// pawns (a mate as `+M5` or `-M3`, in moves) and the depth, then the
/// time it took, e.g. `+0.31/12 0.452s`; a move without a reported
/// score has the time alone.
fn note_text(note: &MoveNote) -> String {
    let time = format!("{:.3}s", note.time.as_secs_f64());
    let Some(thought) = note.thought else {
        return time;
    };
    let score = match thought.score {
        EngineScore::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        EngineScore::Mate(n) if n >= 0 => format!("+M{n}"),
        EngineScore::Mate(n) => format!("-M{}", n.unsigned_abs()),
    };
    match thought.depth {
        Some(depth) => format!("{score}/{depth} {time}"),
        None => format!("{score} {time}"),
    }
}

/// The PGN of a finished game.
pub fn write_game(record: &GameRecord, event: &str, round: usize, tc: TimeControl) -> String {
    let ending = Ending {
        result: record.result.pgn(),
        termination: record.termination.pgn_tag(),
        comment: &record.reason,
    };
    write(record, event, round, tc, &ending)
}

/// The PGN of a game still being played: its moves so far, result `*`
/// and Termination `unterminated` (the record's result and reason are not
/// used).
pub fn write_unfinished(record: &GameRecord, event: &str, round: usize, tc: TimeControl) -> String {
    let ending = Ending {
        result: "*",
        termination: "unterminated",
        comment: "game in progress",
    };
    write(record, event, round, tc, &ending)
}

/// How a game's PGN ends: its result, Termination tag and closing comment.
struct Ending<'a> {
    result: &'a str,
    termination: &'a str,
    comment: &'a str,
}

fn write(
    record: &GameRecord,
    event: &str,
    round: usize,
    tc: TimeControl,
    ending: &Ending,
) -> String {
    let start = match (record.game, &record.fen) {
        (GameKind::Board(variant), Some(fen)) => AnyPosition::from_fen(variant, fen).ok(),
        (GameKind::Board(variant), None) => Some(AnyPosition::startpos(variant)),
        (GameKind::ChessWar, _) => None,
    };
    // ChessWar's tokens do not alternate between the sides: no numbers.
    let first_move = match record.game {
        GameKind::Board(_) => {
            Some(start.map_or((1, Color::White), |p| (p.fullmove(), p.side_to_move())))
        }
        GameKind::ChessWar => None,
    };
    let move_comments: Vec<Option<String>> = record
        .notes
        .iter()
        .map(|note| note.as_ref().map(note_text))
        .collect();
    PgnGame {
        event,
        round: round.to_string(),
        players: [&record.players[0], &record.players[1]],
        result: ending.result,
        game: record.game,
        fen: record.fen.clone(),
        more_tags: vec![
            ("TimeControl", time_control_tag(tc)),
            ("Termination", ending.termination.to_string()),
            ("PlyCount", record.san.len().to_string()),
        ],
        moves: &record.san,
        move_comments: &move_comments,
        first_move,
        comment: Some(ending.comment),
    }
    .text()
        + "\n"
}

/// One game as PGN: what the match runner and the browser both write.
pub struct PgnGame<'a> {
    /// The `Event` tag.
    pub event: &'a str,
    /// The `Round` tag.
    pub round: String,
    /// White's and Black's names.
    pub players: [&'a str; 2],
    /// The result, `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// The game, for the `Variant` tag.
    pub game: GameKind,
    /// The start position, where the game did not start from its own
    /// (`SetUp` and `FEN`).
    pub fen: Option<String>,
    /// The tags after `FEN`, in order.
    pub more_tags: Vec<(&'static str, String)>,
    /// The moves (SAN, or ChessWar's tokens).
    pub moves: &'a [String],
    /// A comment after each move, where one is `Some` (braces added when
    /// written); may be shorter than `moves`.
    pub move_comments: &'a [Option<String>],
    /// The first move's number and side, for numbered movetext; `None`
    /// writes the moves unnumbered (ChessWar's tokens do not alternate
    /// between the sides).
    pub first_move: Option<(u32, Color)>,
    /// A comment closing the moves (why the game ended), if any.
    pub comment: Option<&'a str>,
}

impl PgnGame<'_> {
    /// The game's PGN text: the seven standard tags, `Variant` (none for
    /// chess), `SetUp` and `FEN`, the other tags, a blank line, then the
    /// movetext in lines of at most 79 characters (ending in a newline).
    pub fn text(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push_str(&format!("[{name} \"{}\"]\n", tag_value(value)));
        };
        tag("Event", self.event);
        tag("Site", "?");
        tag("Date", &today());
        tag("Round", &self.round);
        tag("White", self.players[0]);
        tag("Black", self.players[1]);
        tag("Result", self.result);
        if let Some(name) = self.game.pgn_variant() {
            tag("Variant", name);
        }
        if let Some(fen) = &self.fen {
            tag("SetUp", "1");
            tag("FEN", fen);
        }
        for (name, value) in &self.more_tags {
            tag(name, value);
        }
        out.push('\n');

        let mut words = Vec::new();
        let move_comment = |i: usize| self.move_comments.get(i).and_then(Option::as_deref);
        match self.first_move {
            None => {
                for (i, token) in self.moves.iter().enumerate() {
                    words.push(token.clone());
                    words.extend(move_comment(i).map(comment));
                }
            }
            Some((mut number, mut side)) => {
                let mut after_comment = false;
                for (i, san) in self.moves.iter().enumerate() {
                    match side {
                        Color::White => words.push(format!("{number}.")),
                        // Black's move takes its number again after a
                        // comment, as PGN's export format asks.
                        Color::Black if i == 0 || after_comment => {
                            words.push(format!("{number}..."))
                        }
                        Color::Black => {}
                    }
                    words.push(san.clone());
                    let note = move_comment(i).map(comment);
                    after_comment = note.is_some();
                    words.extend(note);
                    if side == Color::Black {
                        number += 1;
                    }
                    side = !side;
                }
            }
        }
        if let Some(text) = self.comment {
            words.push(comment(text));
        }
        words.push(self.result.to_string());
        out.push_str(&movetext_lines(&words));
        out
    }
}

/// Movetext words joined by spaces into lines of at most 79 characters
/// (a longer word stands alone), each line ending in a newline.
fn movetext_lines(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Where a match's games go, so that none is lost: each finished game is
/// appended whole to the PGN and flushed the moment it ends (in the order
/// games end, each under its `Round`), and the games still being played
/// are kept, each up to its last move and with result `*`, in a side file
/// (`FILE.unfinished`) that is rewritten after every move (written aside
/// and renamed over, so it is always whole) and removed when no game is in
/// progress. A match that is interrupted (Ctrl-C, SIGTERM, a crash) leaves
/// its finished games in the PGN and its unfinished ones in the side file;
/// the next match on the same PGN first appends those to it.
pub struct PgnSink {
    state: Mutex<SinkState>,
}

struct SinkState {
    out: Box<dyn Write + Send>,
    side: Option<PathBuf>,
    /// The games in progress by round, as unfinished PGN.
    live: BTreeMap<usize, String>,
}

/// The side file of a PGN file: its games in progress.
pub fn unfinished_path(pgn: &Path) -> PathBuf {
    let mut name = pgn.as_os_str().to_owned();
    name.push(".unfinished");
    PathBuf::from(name)
}

impl PgnSink {
    /// A sink writing finished games to `out` and games in progress to the
    /// file `side`, if given.
    pub fn new(out: Box<dyn Write + Send>, side: Option<PathBuf>) -> PgnSink {
        PgnSink {
            state: Mutex::new(SinkState {
                out,
                side,
                live: BTreeMap::new(),
            }),
        }
    }

    /// A sink appending to the PGN file `path`, with its side file next to
    /// it; the unfinished games an interrupted match left in the side file
    /// are appended to the PGN first, byte for byte, even when the side
    /// file is damaged (nothing of it is lost). The error is one line that
    /// names the file and what could not be done with it.
    pub fn open(path: &Path) -> Result<PgnSink, super::MatchError> {
        Self::open_text(path).map_err(super::MatchError::Pgn)
    }

    fn open_text(path: &Path) -> Result<PgnSink, String> {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let side = unfinished_path(path);
        let left = match std::fs::metadata(&side) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Ok(meta) if !meta.is_file() => {
                return Err(format!(
                    "{} (the games an interrupted match left) is not a regular file",
                    side.display()
                ));
            }
            _ => Some(std::fs::read(&side).map_err(|e| {
                format!(
                    "cannot read {} (the games an interrupted match left): {e}",
                    side.display()
                )
            })?),
        };
        if let Some(mut left) = left {
            // A damaged file may end mid-line: the next game starts on a
            // line of its own.
            if !left.is_empty() && !left.ends_with(b"\n\n") {
                left.extend_from_slice(if left.ends_with(b"\n") {
                    b"\n"
                } else {
                    b"\n\n"
                });
            }
            file.write_all(&left)
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            std::fs::remove_file(&side)
                .map_err(|e| format!("cannot remove {}: {e}", side.display()))?;
        }
        Ok(PgnSink::new(Box::new(file), Some(side)))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, SinkState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps the game of `round` in progress, as `text`, in the side file.
    pub fn progress(&self, round: usize, text: String) -> std::io::Result<()> {
        let mut state = self.lock();
        state.live.insert(round, text);
        state.rewrite_side()
    }

    /// Appends the finished game of `round`, `text`, to the PGN and flushes
    /// it; the game leaves the side file.
    pub fn finish(&self, round: usize, text: &str) -> std::io::Result<()> {
        let mut state = self.lock();
        let written = state
            .out
            .write_all(text.as_bytes())
            .and_then(|()| state.out.flush());
        // The game stays in the side file when it could not be written.
        written?;
        let was_live = state.live.remove(&round).is_some();
        if was_live {
            state.rewrite_side()?;
        }
        Ok(())
    }
}

impl SinkState {
    /// Writes the games in progress to the side file (aside, then renamed
    /// over it) or removes it when there are none.
    fn rewrite_side(&mut self) -> std::io::Result<()> {
        let Some(side) = &self.side else {
            return Ok(());
        };
        if self.live.is_empty() {
            return match std::fs::remove_file(side) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            };
        }
        let mut aside = side.as_os_str().to_owned();
        aside.push(".tmp");
        let aside = PathBuf::from(aside);
        let text: String = self.live.values().map(String::as_str).collect();
        std::fs::write(&aside, text)?;
        std::fs::rename(&aside, side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::tournament::referee::{GameResult, Termination};
    use std::time::Duration;

    #[test]
    fn a_name_or_reason_with_a_newline_stays_on_its_line() {
        let record = GameRecord {
            players: ["Evil\n[WhiteElo \"3999\"]".into(), "B\r\tC".into()],
            game: GameKind::Board(Variant::Chess),
            fen: None,
            san: vec!["e4".into()],
            notes: Vec::new(),
            result: GameResult::Win(Color::White),
            reason: "crashed: its stderr: a}\n\n[Event \"x\"]".into(),
            termination: Termination::Crash,
            faulty: None,
        };
        let pgn = write_game(
            &record,
            "one\ntwo",
            1,
            TimeControl::PerMove(Duration::from_secs(1)),
        );
        let tags: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(tags.len(), 10, "{pgn}");
        assert!(
            tags.iter()
                .all(|l| l.starts_with('[') && l.ends_with("\"]")),
            "{pgn}"
        );
        assert!(!pgn.lines().any(|l| l.starts_with("[WhiteElo")), "{pgn}");
        assert!(!pgn.lines().any(|l| l.starts_with("[Event \"x")), "{pgn}");
        assert!(
            pgn.contains("[White \"Evil [WhiteElo \\\"3999\\\"]\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("[Black \"B  C\"]"), "{pgn}");
        assert!(pgn.contains("[Event \"one two\"]"), "{pgn}");
        // The movetext is one paragraph: the game ends at the first blank
        // line, as PGN readers split games.
        assert_eq!(pgn.trim_end().split("\n\n").count(), 2, "{pgn}");
        assert!(pgn.contains("{crashed: its stderr: a)"), "{pgn}");
    }

    #[test]
    fn a_game_record_in_pgn() {
        let record = GameRecord {
            players: ["A \"x\"".into(), "B".into()],
            game: GameKind::Board(Variant::WadChess),
            fen: None,
            san: vec!["e4".into(), "e5".into(), "Cd3".into()],
            notes: Vec::new(),
            result: GameResult::Win(Color::White),
            reason: "Black resigns".into(),
            termination: Termination::Normal,
            faulty: None,
        };
        let tc = TimeControl::Increment {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        let pgn = write_game(&record, "test", 3, tc);
        assert!(pgn.contains("[White \"A \\\"x\\\"\"]"), "{pgn}");
        assert!(pgn.contains("[Variant \"wadchess\"]"));
        assert!(pgn.contains("[TimeControl \"10+0.1\"]"));
        assert!(pgn.contains("[Round \"3\"]"));
        assert!(!pgn.contains("[FEN"));
        assert!(
            pgn.contains("1. e4 e5 2. Cd3 {Black resigns} 1-0\n"),
            "{pgn}"
        );
    }

    #[test]
    fn black_to_move_first_gets_an_ellipsis() {
        let record = GameRecord {
            players: ["A".into(), "B".into()],
            game: GameKind::Board(Variant::Chess),
            fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 7".into()),
            san: vec!["Kd7".into(), "Rh7+".into()],
            notes: Vec::new(),
            result: GameResult::Draw,
            reason: "Draw by the runner's limit of 2 plies".into(),
            termination: Termination::Adjudication,
            faulty: None,
        };
        let pgn = write_game(
            &record,
            "test",
            1,
            TimeControl::PerMove(Duration::from_secs(1)),
        );
        assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 7\"]"));
        assert!(pgn.contains("7... Kd7 8. Rh7+ {Draw by"), "{pgn}");
        assert!(pgn.contains("[Termination \"adjudication\"]"));
    }

    #[test]
    fn engine_moves_carry_their_score_depth_and_time() {
        use crate::tournament::player::Thought;
        let note = |score: Option<EngineScore>, depth, ms| {
            Some(MoveNote {
                thought: score.map(|score| Thought { score, depth }),
                time: Duration::from_millis(ms),
            })
        };
        let record = GameRecord {
            notes: vec![
                None,
                note(Some(EngineScore::Centipawns(-31)), Some(12), 452),
                note(Some(EngineScore::Mate(3)), Some(20), 1_234),
                note(None, None, 7),
                note(Some(EngineScore::Mate(-2)), None, 80),
            ],
            ..game(&["e4", "e5", "Nf3", "Nc6", "Bb5"])
        };
        let pgn = write_game(
            &record,
            "test",
            1,
            TimeControl::PerMove(Duration::from_secs(1)),
        );
        let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
        assert!(
            movetext.starts_with(
                "1. e4 e5 {-0.31/12 0.452s} 2. Nf3 {+M3/20 1.234s} 2... Nc6 {0.007s} \
                 3. Bb5 {-M2 0.080s} {White's engine crashed} 0-1"
            ),
            "{pgn}"
        );
    }

    fn game(san: &[&str]) -> GameRecord {
        GameRecord {
            players: ["A".into(), "B".into()],
            game: GameKind::Board(Variant::Chess),
            fen: None,
            san: san.iter().map(|s| s.to_string()).collect(),
            notes: Vec::new(),
            result: GameResult::Win(Color::Black),
            reason: "White's engine crashed".into(),
            termination: Termination::Crash,
            faulty: Some(Color::White),
        }
    }

    #[test]
    fn games_in_progress_are_kept_aside_until_they_end() {
        let dir = std::env::temp_dir().join(format!("motley-pgn-sink-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        let side = unfinished_path(&path);
        let tc = TimeControl::PerMove(Duration::from_secs(1));
        let sink = PgnSink::open(&path).unwrap();
        sink.progress(1, write_unfinished(&game(&["e4"]), "t", 1, tc))
            .unwrap();
        sink.progress(2, write_unfinished(&game(&["d4"]), "t", 2, tc))
            .unwrap();
        sink.progress(1, write_unfinished(&game(&["e4", "e5"]), "t", 1, tc))
            .unwrap();
        let live = std::fs::read_to_string(&side).unwrap();
        assert_eq!(live.matches("[Result \"*\"]").count(), 2, "{live}");
        assert!(live.contains("1. e4 e5 {game in progress} *\n"), "{live}");
        assert!(live.contains("1. d4 {game in progress} *\n"), "{live}");
        // Game 1 ends: it is in the PGN, whole, and no longer aside.
        let record = game(&["e4", "e5"]);
        sink.finish(1, &write_game(&record, "t", 1, tc)).unwrap();
        let done = std::fs::read_to_string(&path).unwrap();
        assert!(
            done.contains("1. e4 e5 {White's engine crashed} 0-1\n\n"),
            "{done}"
        );
        assert!(done.contains("[Termination \"abandoned\"]"), "{done}");
        let live = std::fs::read_to_string(&side).unwrap();
        assert!(!live.contains("e5"), "{live}");
        assert!(live.contains("1. d4 "), "{live}");
        // Interrupted here: the next match on the file keeps game 2.
        drop(sink);
        let sink = PgnSink::open(&path).unwrap();
        assert!(!side.exists());
        let done = std::fs::read_to_string(&path).unwrap();
        assert!(done.contains("1. d4 {game in progress} *\n"), "{done}");
        // A game that ends with nothing left in progress removes the side
        // file.
        sink.progress(1, write_unfinished(&game(&["c4"]), "t", 1, tc))
            .unwrap();
        assert!(side.exists());
        sink.finish(1, &write_game(&game(&["c4"]), "t", 1, tc))
            .unwrap();
        assert!(!side.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_side_file_is_kept_whole_and_a_bad_one_is_named() {
        let dir = std::env::temp_dir().join(format!("motley-pgn-damaged-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        let side = unfinished_path(&path);
        // Cut mid-line, and bytes that are not UTF-8.
        let damaged = b"[Event \"t\"]\n\n1. e4 {game in\xff\xfe";
        std::fs::write(&side, damaged).unwrap();
        let sink = PgnSink::open(&path).unwrap();
        assert!(!side.exists());
        let tc = TimeControl::PerMove(Duration::from_secs(1));
        sink.finish(1, &write_game(&game(&["d4"]), "t", 1, tc))
            .unwrap();
        let done = std::fs::read(&path).unwrap();
        assert!(done.starts_with(damaged), "kept byte for byte");
        assert!(
            done[damaged.len()..].starts_with(b"\n\n[Event"),
            "the next game starts after a blank line"
        );
        // A side file that is a directory: the message names it, not the
        // PGN.
        std::fs::create_dir(&side).unwrap();
        let Err(e) = PgnSink::open(&path) else {
            panic!("a directory is no side file")
        };
        let e = e.to_string();
        assert!(e.contains("games.pgn.unfinished"), "{e}");
        assert!(e.contains("not a regular file"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn dates_are_civil() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
    }
}
