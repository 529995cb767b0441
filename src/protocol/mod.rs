//! The protocols at the edge: text in, typed commands to the engine,
//! text out. The search never sees strings.

pub mod chesswar;
pub mod io;
pub mod uci;
pub mod xboard;
