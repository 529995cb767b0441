//! The `motley` binary: see `motley --help`.

fn main() {
    std::process::exit(motley::cli::run());
}
