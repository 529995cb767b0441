//! Zobrist keys, generated once from a fixed seed so that keys (and
//! therefore `bench` node counts) are the same on every run.

use std::sync::LazyLock;

use super::attack_boards::BOARD_COUNT;
use super::color::Color;
use super::piece::{Piece, Role};
use super::square::Square;

const MAX_SQUARES: usize = 192;

/// The roles the keys were first drawn for (the built-in games' eight).
const FIRST_ROLES: usize = 8;

/// The random keys positions are hashed with.
pub struct ZobristKeys {
    /// The pieces of the built-in games' roles, by colour * 8 + role.
    piece_square: Vec<u64>,
    /// The pieces of the roles past them, drawn last so that the keys
    /// above stay what they were before those roles existed.
    extra_piece_square: Vec<u64>,
    castling: Vec<u64>,
    en_passant: Vec<u64>,
    board_corner: Vec<u64>,
    black_to_move: u64,
}

/// splitmix64: a small, well-mixed generator for table seeds.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static KEYS: LazyLock<ZobristKeys> = LazyLock::new(|| {
    let mut state = 0x6D6F_746C_6579_u64; // "motley"
    let mut take = |n: usize| (0..n).map(|_| splitmix64(&mut state)).collect::<Vec<u64>>();
    ZobristKeys {
        piece_square: take(2 * FIRST_ROLES * MAX_SQUARES),
        castling: take(2 * MAX_SQUARES),
        en_passant: take(MAX_SQUARES),
        black_to_move: take(1)[0],
        board_corner: take(BOARD_COUNT * MAX_SQUARES),
        extra_piece_square: take(2 * (Role::COUNT - FIRST_ROLES) * MAX_SQUARES),
    }
});

/// The process-wide keys.
#[inline]
pub fn keys() -> &'static ZobristKeys {
    &KEYS
}

impl ZobristKeys {
    /// Key of `piece` standing on `sq`.
    #[inline]
    pub fn piece(&self, piece: Piece, sq: Square) -> u64 {
        let (color, role) = (piece.color.index(), piece.role.index());
        match role.checked_sub(FIRST_ROLES) {
            None => self.piece_square[(color * FIRST_ROLES + role) * MAX_SQUARES + sq.index()],
            Some(extra) => {
                let slot = color * (Role::COUNT - FIRST_ROLES) + extra;
                self.extra_piece_square[slot * MAX_SQUARES + sq.index()]
            }
        }
    }
    /// Key of `color`'s right to castle with the rook on `rook`.
    #[inline]
    pub fn castling(&self, color: Color, rook: Square) -> u64 {
        self.castling[color.index() * MAX_SQUARES + rook.index()]
    }
    /// Key of an en-passant square.
    #[inline]
    pub fn en_passant(&self, sq: Square) -> u64 {
        self.en_passant[sq.index()]
    }
    /// Key of attack board `board` standing with its corner on `corner`.
    #[inline]
    pub fn board_corner(&self, board: usize, corner: Square) -> u64 {
        self.board_corner[board * MAX_SQUARES + corner.index()]
    }
    /// Key toggled when Black is to move.
    #[inline]
    pub fn black_to_move(&self) -> u64 {
        self.black_to_move
    }
}
