//! The network's inputs: which (piece, square) pairs a position has, seen
//! from each side.
//!
//! Each side sees the board from its own end: squares are flipped rank
//! for rank for Black, and pieces are "mine" or "theirs" rather than White
//! or Black. An input is one (relative colour, role, relative square)
//! triple over the game's whole rectangle, with only the roles the game
//! has; in Wau Chess a further input per (relative owner, square) says
//! where an attack board's corner stands, since the boards decide which
//! squares exist.

use crate::rules::attack_boards::BOARD_COUNT;
use crate::rules::variant::AttackBoards;
use crate::rules::{Bitboard, Color, Piece, Position, Role, Square, Variant};

/// The most inputs one side of a position has active: a piece on every
/// square of the largest board, plus the attack boards' corners.
pub const MAX_ACTIVE: usize = 144 + BOARD_COUNT;

/// How one game's positions map to network inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureSpace {
    files: u8,
    ranks: u8,
    /// Each role's place among the game's roles (`u8::MAX`: absent).
    role_slot: [u8; Role::COUNT],
    roles: u16,
    corners: bool,
}

impl FeatureSpace {
    /// The inputs of `variant`'s network.
    pub fn of(variant: Variant) -> FeatureSpace {
        let spec = variant.spec();
        let mut role_slot = [u8::MAX; Role::COUNT];
        for (slot, role) in spec.roles.iter().enumerate() {
            role_slot[role.index()] = slot as u8;
        }
        FeatureSpace {
            files: spec.files,
            ranks: spec.ranks,
            role_slot,
            roles: spec.roles.len() as u16,
            corners: spec.attack_boards.is_some(),
        }
    }

    fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The number of input groups: one per (relative colour, role) and,
    /// in Wau Chess, one per relative owner of attack-board corners. A
    /// group is the same thing on any square; the trainer's factoriser
    /// learns a share of each input's weights per group.
    pub fn groups(&self) -> usize {
        self.len() / self.squares()
    }

    /// The group of `input` (see [`FeatureSpace::groups`]).
    #[inline]
    pub fn group(&self, input: usize) -> usize {
        input / self.squares()
    }

    fn piece_inputs(&self) -> usize {
        2 * self.roles as usize * self.squares()
    }

    /// The number of inputs of one side.
    pub fn len(&self) -> usize {
        self.piece_inputs() + if self.corners { 2 * self.squares() } else { 0 }
    }

    /// Whether the space has no inputs (never, for a real game).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `sq` as `side` sees it: flipped rank for rank for Black.
    #[inline]
    fn relative(&self, side: Color, sq: Square) -> usize {
        let files = self.files as usize;
        match side {
            Color::White => sq.index(),
            Color::Black => {
                let (rank, file) = (sq.index() / files, sq.index() % files);
                (self.ranks as usize - 1 - rank) * files + file
            }
        }
    }

    /// The input of `piece` on `sq` seen by `side`, or `None` for a piece
    /// the game does not have or a square off its rectangle (which no
    /// position of the game holds).
    #[inline]
    pub fn piece_input(&self, side: Color, piece: Piece, sq: Square) -> Option<usize> {
        let slot = self.role_slot[piece.role.index()];
        if slot == u8::MAX || sq.index() >= self.squares() {
            return None;
        }
        let theirs = usize::from(piece.color != side);
        Some(
            (theirs * self.roles as usize + slot as usize) * self.squares()
                + self.relative(side, sq),
        )
    }

    /// The input of attack board `board`'s corner on `sq` seen by `side`
    /// (Wau Chess; `None` in other games or off the rectangle).
    #[inline]
    pub fn corner_input(&self, side: Color, board: usize, sq: Square) -> Option<usize> {
        if !self.corners || sq.index() >= self.squares() {
            return None;
        }
        let theirs = usize::from(AttackBoards::owner(board) != side);
        Some(self.piece_inputs() + theirs * self.squares() + self.relative(side, sq))
    }

    /// Calls `add` with every active input of `side` for the pieces and
    /// attack-board corners given.
    pub fn for_each_input(
        &self,
        side: Color,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        corners: &[Square],
        mut add: impl FnMut(usize),
    ) {
        for (sq, piece) in pieces {
            if let Some(i) = self.piece_input(side, piece, sq) {
                add(i);
            }
        }
        for (board, &sq) in corners.iter().enumerate() {
            if let Some(i) = self.corner_input(side, board, sq) {
                add(i);
            }
        }
    }

    /// Calls `add` with every active input of `side` in `pos`.
    pub fn for_each_position_input<B: Bitboard>(
        &self,
        pos: &Position<B>,
        side: Color,
        add: impl FnMut(usize),
    ) {
        self.for_each_input(side, pos.placed_pieces(), pos.attack_board_corners(), add);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_of_every_start_position_is_in_range_and_distinct() {
        for variant in Variant::ALL {
            let space = FeatureSpace::of(variant);
            crate::with_position!(crate::rules::AnyPosition::startpos(variant), pos => {
                for side in Color::ALL {
                    let mut seen = Vec::new();
                    space.for_each_position_input(&pos, side, |i| seen.push(i));
                    assert!(seen.iter().all(|&i| i < space.len()), "{variant:?}");
                    let n = seen.len();
                    seen.sort_unstable();
                    seen.dedup();
                    assert_eq!(seen.len(), n, "{variant:?} repeats an input");
                    assert!(n <= MAX_ACTIVE);
                }
            });
        }
    }

    #[test]
    fn the_sides_see_a_symmetric_start_alike() {
        // The chess start is its own mirror image with colours swapped, so
        // both sides see the same inputs.
        let space = FeatureSpace::of(Variant::Chess);
        let pos = Position::<u64>::startpos(Variant::Chess);
        let mut white = Vec::new();
        let mut black = Vec::new();
        space.for_each_position_input(&pos, Color::White, |i| white.push(i));
        space.for_each_position_input(&pos, Color::Black, |i| black.push(i));
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black);
    }
}
