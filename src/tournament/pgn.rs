//! PGN output for finished games: the seven standard tags, `Variant`,
//! `SetUp`/`FEN` for games that do not start from the game's start
//! position, `TimeControl`, `Termination` and `PlyCount`, and the moves in
//! SAN with the ending as a closing comment.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::rules::{AnyPosition, Color, Variant};

use super::player::{TimeControl, seconds_text};
use super::referee::GameRecord;

/// The PGN `Variant` tag value of a game (none for chess).
fn variant_tag(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Chess => None,
        other => Some(other.name()),
    }
}

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
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
/// time per move as `N/move` (PGN has no form of its own for it).
fn time_control_tag(tc: TimeControl) -> String {
    let secs = seconds_text;
    match tc {
        TimeControl::Increment { base, increment } => format!("{}+{}", secs(base), secs(increment)),
        TimeControl::PerMove(t) => format!("{}/move", secs(t)),
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The PGN of a finished game.
pub fn write_game(record: &GameRecord, event: &str, round: usize, tc: TimeControl) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    tag("Event", event);
    tag("Site", "?");
    tag("Date", &today());
    tag("Round", &round.to_string());
    tag("White", &record.players[0]);
    tag("Black", &record.players[1]);
    tag("Result", record.result.pgn());
    if let Some(name) = variant_tag(record.variant) {
        tag("Variant", name);
    }
    if let Some(fen) = &record.fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    tag("TimeControl", &time_control_tag(tc));
    tag("Termination", record.termination.pgn_tag());
    tag("PlyCount", &record.san.len().to_string());
    out.push('\n');

    let start = match &record.fen {
        Some(fen) => AnyPosition::from_fen(record.variant, fen).ok(),
        None => Some(AnyPosition::startpos(record.variant)),
    };
    let (mut number, mut side) =
        start.map_or((1, Color::White), |p| (p.fullmove(), p.side_to_move()));
    let mut tokens = Vec::new();
    for (i, san) in record.san.iter().enumerate() {
        match side {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(san.clone());
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    tokens.push(format!("{{{}}}", record.reason.replace('}', ")")));
    tokens.push(record.result.pgn().to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::referee::{GameResult, Termination};
    use std::time::Duration;

    #[test]
    fn a_game_record_in_pgn() {
        let record = GameRecord {
            players: ["A \"x\"".into(), "B".into()],
            variant: Variant::WadChess,
            fen: None,
            san: vec!["e4".into(), "e5".into(), "Cd3".into()],
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
            variant: Variant::Chess,
            fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 7".into()),
            san: vec!["Kd7".into(), "Rh7+".into()],
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
    fn dates_are_civil() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
    }
}
