//! What the suites share.

pub mod binary;
pub mod conversation;
pub mod http;
pub mod oracle;
pub mod perft_file;
pub mod scratch;
pub mod server;
pub mod webdriver;
