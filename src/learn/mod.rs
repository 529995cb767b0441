//! Learning an evaluation from the engine's own games: the training-data
//! format ([`data`]) and the self-play that writes it ([`datagen`]).

pub mod data;
pub mod datagen;
pub mod train;
