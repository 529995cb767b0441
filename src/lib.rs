//! motley: a chess-variant engine for chess, WAD Chess, Parity Chess,
//! Chad and Wau Chess, and the dice wargame ChessWar.
//!
//! Layers, bottom up: [`rules`] (the rules core of the chess games), then
//! [`engine`] (search and evaluation), [`protocol`] (UCI, XBoard),
//! [`tournament`] (the match runner that referees engine games) and [`cli`]
//! at the edge. [`chesswar`] is ChessWar's own rules core, dice and players,
//! beside the chess layers. [`learn`] makes a learned evaluation: its
//! training data and its trainer.
//!
//! ```
//! use motley::rules::{AnyPosition, Variant};
//!
//! let mut pos = AnyPosition::startpos(Variant::WadChess);
//! assert_eq!(pos.perft(2), 784);
//! pos.play_wire("e2e4").unwrap();
//! assert!(pos.play_wire("e2e4").is_err());
//! ```

pub mod chesswar;
pub mod cli;
pub mod engine;
pub mod learn;
pub mod protocol;
pub mod rules;
pub mod tournament;
pub mod web;
