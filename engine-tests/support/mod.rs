//! What the suites share.

pub mod binary;
pub mod conversation;
pub mod http;
pub mod oracle;
pub mod perft_file;
pub mod scratch;
pub mod server;
pub mod webdriver;

/// The names of the shipped variants file's games that motley plays, in
/// the file's order: what the protocols list after the built-in games.
pub fn shipped_game_names() -> Vec<String> {
    motley::rules::ini::registry::load_shipped();
    motley::rules::Variant::loaded()
        .into_iter()
        .map(|v| v.name().to_string())
        .collect()
}
