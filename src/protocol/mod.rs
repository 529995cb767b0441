//! The protocols at the edge: text in, typed commands to the engine,
//! text out. The search never sees strings. The sessions know the engine
//! and its search runner ([`crate::engine::runner`]), never each other: a
//! UCI session that receives `xboard` ends, and [`serve_uci`] hands its
//! input to an XBoard session.

pub mod io;
pub mod uci;
pub mod xboard;

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
