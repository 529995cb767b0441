//! The browser page of `motley serve` in a real headless Chromium, driven
//! by WebDriver: in every board game a move made by clicking, and the
//! engine's reply seen on the board; a WAD fast castle and a Wau Chess
//! board move entered by clicking. Skips with a message when Chromium or
//! chromedriver is missing (`scripts/install_test_tools.sh` installs them).
//!
//! With `MOTLEY_SCREENSHOTS=DIR` it saves each game's board there (the
//! README's pictures come from it).

#[path = "support/http.rs"]
mod http;
#[path = "support/webdriver.rs"]
mod webdriver;

use std::net::SocketAddr;
use std::path::PathBuf;

use motley::web::{ServeConfig, Server};
use serde_json::Value;
use webdriver::Browser;

fn start_server() -> SocketAddr {
    let server = Server::bind(&ServeConfig {
        host: "127.0.0.1".to_string(),
        port: 0,
    })
    .expect("the server binds");
    let address = server.address().expect("an address");
    std::thread::spawn(move || server.run());
    address
}

fn square(coord: &Value) -> String {
    format!("{},{}", coord[0], coord[1])
}

/// Loads `game` from the page's menu and waits for its board.
fn load(browser: &Browser, game: &str) {
    browser.choose(&format!("#game option[value={game}]"));
    browser.wait_for(
        &format!(
            "return ui.state && ui.state.game === '{game}' && ui.state.history.length === 0 \
             && document.querySelectorAll('#pieces .piece').length > 0"
        ),
        &format!("the {game} board"),
    );
}

/// Sets a FEN through the page's box and button.
fn set_fen(browser: &Browser, fen: &str) {
    browser.type_into("#fen", fen);
    browser.click("#set-fen");
    browser.wait_for(
        &format!("return ui.state.board.fen === {}", Value::from(fen)),
        "the FEN set",
    );
}

/// Waits for the engine's reply to the user's move.
fn wait_for_reply(browser: &Browser, what: &str) {
    browser.wait_for(
        "return document.querySelectorAll('#moves span').length >= 2 && !ui.state.searching",
        &format!("the engine's reply ({what})"),
    );
    // The reply is on the board: a piece stands where it went, or (a board
    // move) an attack board's corner is there.
    let drawn = browser.script(
        "const to = ui.state.history[1].squares[1]; \
         return !!document.querySelector(`#pieces [data-square=\"${to[0]},${to[1]}\"]`) \
             || ui.state.board.attack_boards.some(b => b.corner[0] === to[0] && b.corner[1] === to[1]);",
        vec![],
    );
    assert_eq!(drawn, Value::Bool(true), "{what}: the reply is drawn");
}

fn screenshot(browser: &Browser, name: &str) {
    if let Some(dir) = std::env::var_os("MOTLEY_SCREENSHOTS") {
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        browser.screenshot(&dir.join(format!("{name}.png")));
    }
}

#[test]
fn every_board_game_is_played_by_clicking_in_a_real_browser() {
    let browser = match Browser::start(1280, 1000) {
        Ok(browser) => browser,
        Err(why) => {
            println!("SKIP: browser suite: {why}");
            return;
        }
    };
    let address = start_server();
    browser.open(&format!("http://{address}/"));
    browser.wait_for(
        "return typeof ui !== 'undefined' && ui.state && ui.state.game === 'chess'",
        "the page",
    );
    browser.choose("#limit-kind option[value=nodes]");
    browser.type_into("#limit", "3000");

    for game in ["chess", "wadchess", "paritychess", "chad", "wauchess"] {
        load(&browser, game);
        let mv = browser.script(
            "return ui.state.board.moves.find(m => m.kind === 'move')",
            vec![],
        );
        browser.click(&format!(
            "#pieces [data-square=\"{}\"]",
            square(&mv["from"])
        ));
        browser.click(&format!("rect[data-square=\"{}\"]", square(&mv["to"])));
        wait_for_reply(&browser, game);
        let first = browser.script(
            "return document.querySelector('#moves span').textContent",
            vec![],
        );
        assert_eq!(first, mv["san"], "{game}: the clicked move was played");
        screenshot(&browser, game);
    }

    // WAD Chess: the king castles fast to b1, two files from the rook.
    load(&browser, "wadchess");
    set_fen(&browser, "5k4/10/10/10/10/10/10/R4K3R w KQ - 0 1");
    browser.click("#pieces [data-square=\"5,0\"]");
    browser.click("rect[data-square=\"1,0\"]");
    browser.wait_for(
        "return !!document.querySelector('#pieces [data-square=\"1,0\"][data-piece=\"K\"]') \
             && !!document.querySelector('#pieces [data-square=\"5,0\"][data-piece=\"R\"]')",
        "the fast castle",
    );
    wait_for_reply(&browser, "after the fast castle");

    // Wau Chess: White's emptied a4 board is picked and moved by clicking.
    load(&browser, "wauchess");
    set_fen(
        &browser,
        "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/3PPPPP/3QKBNR/\
         ********/********/******** w - - 0 1 a4,f4,a9,f9",
    );
    browser.click("rect[data-square=\"1,4\"]");
    browser.wait_for(
        "return document.querySelectorAll('.board-target').length > 0",
        "the board's targets",
    );
    screenshot(&browser, "wauchess-board-move");
    browser.click(".board-target");
    browser.wait_for(
        "return ui.state.history.length >= 1 && ui.state.history[0].wire.startsWith('^')",
        "the board move",
    );
    wait_for_reply(&browser, "after the board move");
}
