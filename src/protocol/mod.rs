//! The protocols at the edge: text in, typed commands to the engine,
//! text out. The search never sees strings. The sessions know the engine
//! and its search runner ([`crate::engine::runner`]), never each other: a
//! UCI session that receives `xboard` ends, and [`serve_uci`] hands its
//! input to an XBoard session.

pub mod chesswar;
pub mod io;
pub mod uci;
pub mod xboard;

use crate::engine::options::{Audience, OptionKind, OptionSpec};
use crate::engine::{
    DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV,
    MAX_THREADS,
};
use crate::rules::Variant;

/// The engine's name as `uci` and XBoard's `feature myname` report it.
pub const ENGINE_NAME: &str = concat!("motley ", env!("CARGO_PKG_VERSION"));
/// The authors as `uci` reports them.
pub const ENGINE_AUTHOR: &str = "the motley authors";

/// Serves UCI on standard input until `quit` or the end of input; the
/// command `xboard` switches to the XBoard protocol.
pub fn serve_uci() {
    if let uci::Ending::Xboard(input) = uci::run_with(io::spawn_reader()) {
        xboard::run_with(input);
    }
}

/// Serves XBoard/CECP on standard input until `quit` or the end of input.
pub fn serve_xboard() {
    xboard::run_with(io::spawn_reader());
}

/// Every option of the engine, in the order GUIs list them: UCI prints
/// those it lists as `option` lines, XBoard as `feature option=` strings.
pub fn option_table() -> Vec<OptionSpec> {
    let spin = |name, default: usize, min: usize, max: usize| OptionSpec {
        name,
        kind: OptionKind::Spin {
            default: default as i64,
            min: min as i64,
            max: max as i64,
        },
        audience: Audience::Both,
    };
    let only = |audience, spec: OptionSpec| OptionSpec { audience, ..spec };
    let check = |name, audience| OptionSpec {
        name,
        kind: OptionKind::Check { default: false },
        audience,
    };
    let mut games: Vec<String> = Variant::ALL.iter().map(|v| v.name().to_string()).collect();
    games.push(chesswar::NAME.to_string());
    let mut table = vec![
        OptionSpec {
            name: "UCI_Variant",
            kind: OptionKind::Combo { choices: games },
            audience: Audience::Uci,
        },
        only(Audience::Uci, spin("Hash", DEFAULT_HASH_MB, 1, MAX_HASH_MB)),
        only(Audience::Uci, spin("Threads", 1, 1, MAX_THREADS)),
        spin("MultiPV", 1, 1, MAX_MULTIPV),
        check("Ponder", Audience::Uci),
        spin(
            "Move Overhead",
            DEFAULT_MOVE_OVERHEAD_MS,
            0,
            MAX_MOVE_OVERHEAD_MS,
        ),
        check("UCI_AnalyseMode", Audience::Uci),
        OptionSpec {
            name: "Clear Hash",
            kind: OptionKind::Button,
            audience: Audience::Uci,
        },
        // Moves XBoard cannot show: fast castles of more than one step
        // (XBoard 4.9) and Wau Chess's board moves (no GUI). UCI GUIs get
        // every legal move.
        check("Long Castling", Audience::Xboard),
        check("Board Moves", Audience::Xboard),
    ];
    table.extend(chesswar::Setup::option_specs());
    table
}

/// The option called `name` (any case) among those the protocol (`uci`,
/// else XBoard) lists.
pub fn find_option(name: &str, uci: bool) -> Option<OptionSpec> {
    let table = option_table();
    crate::engine::options::find(&table, name)
        .filter(|o| o.listed_by(uci))
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_has_its_own_name() {
        let table = option_table();
        for (i, option) in table.iter().enumerate() {
            let again = table[i + 1..]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(option.name));
            assert!(!again, "{} listed twice", option.name);
        }
        assert!(find_option("hash", true).is_some());
        assert!(find_option("hash", false).is_none(), "XBoard has `memory`");
        assert!(find_option("board moves", false).is_some());
        assert!(find_option("board moves", true).is_none());
    }
}
