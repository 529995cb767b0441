//! The learned evaluation: a small efficiently updated network per game.
//!
//! [`features`] says which inputs a position has, [`network`] holds a
//! trained network and its file, [`accumulator`] keeps the hidden layer's
//! sums up to date as the search makes moves. Networks trained by
//! `motley train` for the games that have one are built into the binary
//! ([`embedded`]); `EvalFile` loads another.

pub mod accumulator;
pub mod features;
mod kernels;
pub mod network;

use std::sync::{Arc, LazyLock};

use crate::rules::Variant;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use features::{FeatureSpace, KingBuckets};
pub use network::{FloatNetwork, NetError, Network};

/// The network files built into the binary, by game. Each was trained
/// by `scripts/train_net.sh`'s recipe and kept because it beat the
/// hand-written evaluation (`docs/training.md`, `docs/networks.md`).
const EMBEDDED_FILES: &[(Variant, &[u8])] = &[
    (Variant::Chess, include_bytes!("nets/chess.nnue")),
    (Variant::WadChess, include_bytes!("nets/wadchess.nnue")),
    (
        Variant::ParityChess,
        include_bytes!("nets/paritychess.nnue"),
    ),
    (Variant::Chad, include_bytes!("nets/chad.nnue")),
    (Variant::WauChess, include_bytes!("nets/wauchess.nnue")),
];

/// The built-in networks, read once.
static EMBEDDED: LazyLock<Vec<Arc<Network>>> = LazyLock::new(|| {
    EMBEDDED_FILES
        .iter()
        .map(|&(variant, bytes)| {
            let net = Network::from_bytes(bytes, Some(variant))
                .unwrap_or_else(|e| panic!("the built-in {} network: {e}", variant.name()));
            Arc::new(net)
        })
        .collect()
});

/// The network built into the binary for `variant`, if it has one.
pub fn embedded(variant: Variant) -> Option<Arc<Network>> {
    EMBEDDED.iter().find(|n| n.variant() == variant).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_game_has_a_built_in_network_that_reads() {
        for variant in Variant::ALL {
            let net = embedded(variant)
                .unwrap_or_else(|| panic!("{} has no built-in network", variant.name()));
            assert_eq!(net.variant(), variant);
        }
    }
}
