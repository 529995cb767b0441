//! Starts `motley serve`'s server in the test process, for the server
//! suites.

use std::net::SocketAddr;

use motley::web::{ServeConfig, Server};

/// Starts a server on a free loopback port, serving on a thread of its own.
pub fn start() -> SocketAddr {
    // As `motley serve` does: the shipped file's games are offered too.
    motley::rules::ini::registry::load_shipped();
    let server = Server::bind(&ServeConfig {
        host: "127.0.0.1".to_string(),
        port: 0,
        hash_mb: motley::web::DEFAULT_GAME_HASH_MB,
    })
    .expect("the server binds");
    let address = server.address().expect("an address");
    std::thread::spawn(move || server.run());
    address
}
