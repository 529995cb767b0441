//! ChessWar games with a player: the set-up told to the engine before the
//! game, under either protocol. Each token is then asked for as a board
//! game's move is ([`Player::think`] with the tokens as moves); under
//! XBoard the engine plays on by itself while the decisions are its
//! side's.

use super::clock::TimeControl;
use super::process::{Fault, Process};
use super::uci::Uci;
use super::xboard::{Xboard, send_time_control};
use super::{Dialect, Player};

/// The game's name, as `UCI_Variant` and XBoard's `variant` spell it.
const NAME: &str = crate::rules::variant::CHESSWAR_NAME;
/// The option that says who rolls the dice.
const DICE: &str = "ChessWar Dice";

impl Player {
    /// Prepares a new ChessWar game from the start state the engine's
    /// options describe, with the dice rolled by the runner (`ChessWar
    /// Dice` set to `gui` where the engine has that option).
    /// `setup` are the set-up options (races, armies ...) the runner's
    /// referee starts from too.
    pub fn new_chesswar_game(
        &mut self,
        time_control: TimeControl,
        setup: &[(String, String)],
    ) -> Result<(), Fault> {
        self.last_thought = None;
        let prepared = match &mut self.dialect {
            Dialect::Uci(uci) => uci.new_chesswar_game(&mut self.process, setup),
            Dialect::Xboard(xboard) => {
                xboard.new_chesswar_game(&mut self.process, time_control, setup)
            }
        };
        prepared.map_err(|fault| self.explained(fault))
    }
}

impl Uci {
    /// `UCI_Variant` chesswar, the runner's dice, the set-up options and
    /// `ucinewgame`.
    fn new_chesswar_game(&self, io: &mut Process, setup: &[(String, String)]) -> Result<(), Fault> {
        io.send(&format!("setoption name UCI_Variant value {NAME}"))?;
        if self.options.iter().any(|o| o.eq_ignore_ascii_case(DICE)) {
            io.send(&format!("setoption name {DICE} value gui"))?;
        }
        for (name, value) in setup {
            io.send(&format!("setoption name {name} value {value}"))?;
        }
        io.send("ucinewgame")?;
        self.sync(io, &format!("the game {NAME}"))
    }
}

impl Xboard {
    /// `new`, the runner's dice and the set-up options, then `variant
    /// chesswar` (which makes them take effect), `force` and the time
    /// control.
    fn new_chesswar_game(
        &mut self,
        io: &mut Process,
        time_control: TimeControl,
        setup: &[(String, String)],
    ) -> Result<(), Fault> {
        self.synced = 0;
        self.playing = false;
        if let Some(variants) = &self.features.variants
            && !variants.iter().any(|v| v == NAME)
        {
            return Err(Fault::Protocol(format!("the engine does not play {NAME}")));
        }
        io.send("new")?;
        io.send("easy")?;
        if self.features.options.iter().any(|o| o == DICE) {
            io.send(&format!("option {DICE}=gui"))?;
        }
        for (name, value) in setup {
            io.send(&format!("option {name}={value}"))?;
        }
        // The set-up takes effect with `variant`.
        io.send(&format!("variant {NAME}"))?;
        io.send("force")?;
        send_time_control(io, time_control)?;
        io.send("post")?;
        self.sync(io, &format!("the game {NAME}"))
    }
}
