//! The engine's test suites, gathered into one test binary so that the
//! crate is linked into a test program once, not once per suite: each
//! suite is a module here, in a file of this folder, and what they share
//! (starting the binary, the conversation driver, the perft files, the
//! HTTP client, the browser driver) is in `support/`.
//!
//! One suite, or one test, is picked by its module path:
//!
//! ```sh
//! cargo test --release --test engine-tests uci::
//! cargo test --release --test engine-tests -- --ignored movegen_fuzz::
//! ```
//!
//! All tests run as threads of this one process, so none may change what
//! the process shares (the current folder, environment variables), and a
//! scratch file or folder is named after its test and the process id.

mod support;

mod architecture;
mod betza;
mod browser;
mod chad;
mod chesswar;
mod chesswar_cli;
mod chesswar_search;
mod cli;
mod doc_links;
mod endgames;
mod fast_castling;
mod fuzz;
mod mate_verify;
mod mates;
mod movegen_fuzz;
mod perft;
mod rules;
mod stress;
mod tournament;
mod uci;
mod wauchess;
mod wauchess_mailbox;
mod web;
mod xboard;
mod xboard_gui;
