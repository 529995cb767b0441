//! The rules core: geometry, bitboards, pieces, positions, legal move
//! generation, FEN, zobrist keys and game results. It knows nothing of
//! search or protocols.

pub mod any;
pub mod attack_boards;
pub mod betza;
pub mod bitboard;
pub mod color;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod ini;
pub mod magic;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod random;
pub mod san;
pub mod square;
pub mod tables;
pub mod variant;
pub mod zobrist;

pub use any::{AnyGame, AnyPosition, SetupError};
pub use bitboard::{Bitboard, Wide};
pub use color::Color;
pub use fen::FenError;
pub use game::{Game, Outcome};
pub use geometry::Geometry;
pub use moves::{Move, MoveKind, MoveList};
pub use notation::MoveError;
pub use piece::{Piece, Role};
pub use position::{EnPassant, Position};
pub use square::{File, Rank, Square};
pub use variant::{EndScore, EngineFacts, Evaluation, GameKind, Variant, VariantSpec};
