//! Reads the `<game>.perft` files of `engine-tests/`: an `epd <fen>` line
//! for each position (the first line of the comment block before it names
//! it), then its `perft <depth> <nodes>` lines. The perft driver checks every count
//! against the engine; the mailbox suites of Chad and Wau Chess also take
//! their positions from here.

// Each suite reads only the fields it needs.
#![allow(dead_code)]

use std::path::PathBuf;

/// One position of a perft file with its recorded counts.
pub struct PerftPosition {
    /// The first line of the comment block before its `epd` line (empty
    /// if none).
    pub name: String,
    /// The FEN, as written.
    pub fen: String,
    /// `(depth, nodes)`, in the file's order.
    pub counts: Vec<(u32, u64)>,
    /// The line of each count, for error messages.
    pub lines: Vec<usize>,
}

/// The positions of `engine-tests/<game>.perft`. A malformed file fails
/// the test, naming the line.
pub fn read_positions(game: &str) -> Vec<PerftPosition> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "engine-tests",
        &format!("{game}.perft"),
    ]
    .iter()
    .collect();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut positions: Vec<PerftPosition> = Vec::new();
    let mut comment = String::new();
    let mut in_comment = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let is_comment = line.starts_with('#');
        let starts_block = is_comment && !in_comment;
        in_comment = is_comment;
        if line.is_empty() {
            continue;
        }
        if let Some(text) = line.strip_prefix('#') {
            if starts_block {
                comment = text.trim().to_string();
            }
        } else if let Some(rest) = line.strip_prefix("epd ") {
            positions.push(PerftPosition {
                name: std::mem::take(&mut comment),
                fen: rest.trim().to_string(),
                counts: Vec::new(),
                lines: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let depth = parts.next().and_then(|d| d.parse().ok());
            let nodes = parts.next().and_then(|n| n.parse().ok());
            let (Some(depth), Some(nodes), Some(position)) = (depth, nodes, positions.last_mut())
            else {
                panic!("{}:{}: malformed line '{line}'", path.display(), i + 1);
            };
            position.counts.push((depth, nodes));
            position.lines.push(i + 1);
        } else {
            panic!("{}:{}: unknown line '{line}'", path.display(), i + 1);
        }
    }
    assert!(
        positions.iter().any(|p| !p.counts.is_empty()),
        "{} holds no cases",
        path.display()
    );
    positions
}
