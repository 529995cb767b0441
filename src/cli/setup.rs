//! What several commands share: reading a board game's name, and the
//! game, position and network flags of `analyse` and `eval`.

use clap::Args;

use crate::engine::Engine;
use crate::rules::Variant;
use crate::rules::variant::{CHESSWAR_NAME, UnknownVariant, variant_names_phrase};

/// Reads a `--variant` value; ChessWar, which these commands do not play,
/// is pointed to its own command.
pub fn board_game(name: &str) -> Result<Variant, String> {
    name.parse().map_err(|e: UnknownVariant| {
        if e.is_chesswar() {
            let cw = CHESSWAR_NAME;
            format!(
                "{cw} is not a chess variant: play it with `motley {cw} play` or `motley {cw} selfplay` (or over UCI and XBoard); this command plays {}",
                variant_names_phrase()
            )
        } else {
            e.to_string()
        }
    })
}

/// The game, position and network a command works on (`analyse`,
/// `eval`).
#[derive(Args, Debug)]
pub struct SetupArgs {
    /// The game (see `variant_help`: every command's help lists them).
    #[arg(long, default_value_t = crate::rules::Variant::default().name().to_string())]
    pub variant: String,
    /// The position (default: the game's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play from the position first, in wire spelling.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// A network file for the game, to evaluate with instead of the
    /// built-in one.
    #[arg(long, value_name = "NET")]
    pub eval_file: Option<std::path::PathBuf>,
}

impl SetupArgs {
    /// Loads the game, the position after the moves, and the network
    /// into `engine`; the error is one line for the user.
    pub fn set_up(&self, engine: &mut Engine) -> Result<(), String> {
        let variant = board_game(&self.variant)?;
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        engine
            .set_position(variant, self.fen.as_deref(), &moves)
            .map_err(|e| e.to_string())?;
        if let Some(path) = &self.eval_file {
            engine.load_network(&path.to_string_lossy())?;
        }
        Ok(())
    }
}
