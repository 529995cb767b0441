//! motley: a chess-variant engine for chess, WAD Chess and Parity Chess
//! (and, as they land, Chad, Wau Chess and ChessWar).
//!
//! Layers, bottom up: [`rules`] (the rules core), then the engine and the
//! protocols, and [`cli`] at the edge.

pub mod cli;
pub mod engine;
pub mod protocol;
pub mod rules;
