//! The browser page of `motley serve` in a real headless Chromium, driven
//! by WebDriver: in every board game a move made by clicking, and the
//! engine's reply seen on the board; a WAD fast castle and a Wau Chess
//! board move entered by clicking; a whole ChessWar turn (a move, a shot
//! with typed dice, the phases ended) and the engine deciding after it. Skips with a message when Chromium or
//! chromedriver is missing (`scripts/install_test_tools.sh` installs them).
//!
//! With `MOTLEY_SCREENSHOTS=DIR` it saves each game's board there (the
//! README's pictures come from it).

use std::path::PathBuf;

use serde_json::Value;

use crate::support::server;
use crate::support::webdriver::Browser;

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
fn every_game_is_played_by_clicking_in_a_real_browser() {
    let browser = match Browser::start(1280, 1000) {
        Ok(browser) => browser,
        Err(why) => {
            println!("SKIP: browser suite: {why}");
            return;
        }
    };
    let address = server::start();
    browser.open(&format!("http://{address}/"));
    browser.wait_for(
        "return typeof ui !== 'undefined' && ui.state && ui.state.game === 'chess'",
        "the page",
    );
    browser.choose("#limit-kind option[value=nodes]");
    browser.type_into("#limit", "3000");

    // The board games of the page's menu, which the server fills.
    let menu = browser.script(
        "return [...document.querySelectorAll('#game option')].map(o => o.value)",
        vec![],
    );
    let menu: Vec<String> = menu
        .as_array()
        .expect("the game menu")
        .iter()
        .map(|v| v.as_str().expect("a game name").to_string())
        .collect();
    assert_eq!(menu, motley::rules::variant::game_names());
    for game in menu.iter().filter(|name| *name != "chesswar") {
        let game = game.as_str();
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

    // A move by dragging: chess, the g1 knight to f3.
    load(&browser, "chess");
    browser.drag("#pieces [data-square=\"6,0\"]", "rect[data-square=\"5,2\"]");
    wait_for_reply(&browser, "after a dragged move");
    let first = browser.script("return ui.state.history[0].san", vec![]);
    assert_eq!(first, "Nf3", "the dragged move");

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

    // ChessWar: White's whole turn by clicking, every die typed.
    load_chesswar(&browser);
    let user_turn = "userMayMove() && !ui.state.searching";
    let mv = browser.script(
        "return ui.state.war.tokens.find(t => t.kind === 'move')",
        vec![],
    );
    browser.click(&format!(
        "#pieces [data-square=\"{}\"]",
        square(&mv["from"])
    ));
    browser.click(&format!("rect[data-square=\"{}\"]", square(&mv["to"])));
    browser.wait_for(
        &format!(
            "return ui.state.history.some(h => h.wire === {})",
            mv["token"]
        ),
        "the unit's move",
    );
    browser.wait_for(
        &format!("return {user_turn}"),
        "White's decision after the move",
    );
    browser.click("#actions button[data-token=end]");
    browser.wait_for(
        &format!("return ui.state.war.phase === 'firing' && {user_turn}"),
        "the firing phase",
    );
    // The catapult on a1 shoots at a7.
    browser.click("#pieces [data-square=\"0,0\"]");
    browser.click("rect[data-square=\"0,6\"]");
    browser.wait_for(
        "return ui.state.history.some(h => h.wire.startsWith('f:a1'))",
        "the shot",
    );
    // The rest of the turn: each die typed, each phase ended, until the
    // turn passes to Black.
    let mut dice = 0;
    for _ in 0..40 {
        let waiting = browser.wait_for(
            &format!(
                "const w = ui.state.war; if (ui.state.searching) return ''; \
                 if (w.side_to_move === 'black') return 'black'; \
                 if (w.to_act.kind === 'roll') return 'roll'; \
                 return {user_turn} ? 'white' : ''"
            ),
            "a roll, White's decision or Black's turn",
        );
        let before = browser.script("return ui.state.history.length", vec![]);
        match waiting.as_str() {
            Some("roll") => {
                browser.click(&format!(
                    "#die-buttons button[data-die=\"{}\"]",
                    1 + dice % 6
                ));
                dice += 1;
            }
            Some("white") => {
                if dice > 0 {
                    screenshot(&browser, "chesswar");
                }
                browser.click("#actions button[data-token=end]");
            }
            _ => break,
        }
        browser.wait_for(
            &format!("return ui.state.history.length > {before}"),
            "the die or the end of the phase",
        );
    }
    assert!(dice >= 1, "the shot was rolled for");
    // Black's turn: the engine acts (then a roll is due, or White is
    // offered a reaction, or the engine acts again).
    let played = browser.wait_for(
        "return ui.state.war.side_to_move === 'black' && ui.state.history.length",
        "Black's turn",
    );
    browser.wait_for(
        &format!(
            "return !ui.state.searching && (ui.state.history.length > {played} \
             || ui.state.war.to_act.kind === 'roll' || userMayMove())"
        ),
        "the engine's decision",
    );
    let engine_acted = browser.script(
        "const h = ui.state.history; return h.length > 0 && ui.state.war.side_to_move === 'black'",
        vec![],
    );
    assert_eq!(engine_acted, Value::Bool(true));
}

/// Loads ChessWar from the page's menu and waits for its units.
fn load_chesswar(browser: &Browser) {
    browser.choose("#game option[value=chesswar]");
    browser.wait_for(
        "return ui.state && ui.state.game === 'chesswar' && ui.state.history.length === 0 \
         && document.querySelectorAll('#pieces .piece').length === 32",
        "the ChessWar board",
    );
}
