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
//!
//! A network may also split its inputs by where each side's own king
//! stands ([`KingBuckets`]): every (piece, square) input exists once per
//! bucket, and only the bucket of the king's square is active. Where the
//! game's wings are alike the board may also be mirrored, files reversed,
//! so that the side's king always stands on the right half of its view.

use crate::rules::attack_boards::BOARD_COUNT;
use crate::rules::variant::AttackBoards;
use crate::rules::{Bitboard, Color, Piece, Position, Role, Square, Variant};

/// The most inputs one side of a position has active: a piece on every
/// square of the largest board, plus the attack boards' corners.
pub const MAX_ACTIVE: usize = 144 + BOARD_COUNT;

/// The most squares of any game's board.
const MAX_SQUARES: usize = 144;

/// The most king buckets a network may have.
pub const MAX_KING_BUCKETS: usize = 16;

/// Which set of inputs is active for a side, by where its own king
/// stands: each square of the side's view (rank 0 its own back rank) has
/// a bucket, and with `mirror` a king on the left half of the board has
/// the whole view's files reversed first, so only the right half's
/// buckets are ever used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingBuckets {
    count: u8,
    mirror: bool,
    /// The bucket of each relative king square (after mirroring).
    map: [u8; MAX_SQUARES],
}

impl KingBuckets {
    /// One set of inputs, never mirrored: the plain network.
    pub const NONE: KingBuckets = KingBuckets {
        count: 1,
        mirror: false,
        map: [0; MAX_SQUARES],
    };

    /// The layouts [`KingBuckets::named`] knows.
    pub const NAMES: [&'static str; 3] = ["none", "mirror", "mirror4"];

    /// The layout named `name` for `variant`, or why there is none:
    /// `none`, one set of inputs; `mirror`, one set, the board mirrored
    /// so the side's king is on the right half; `mirror4`, mirrored, and
    /// four buckets: the back rank's middle, the back rank's corner, the
    /// second rank, further up. Mirrored layouts need a game whose wings
    /// are alike (`mirrors`).
    pub fn named(name: &str, variant: Variant, mirrors: bool) -> Result<KingBuckets, String> {
        let spec = variant.spec();
        let (files, ranks) = (spec.files as usize, spec.ranks as usize);
        let mirrored = |count: u8, bucket: &dyn Fn(usize, usize) -> u8| {
            if !mirrors {
                return Err(format!(
                    "king buckets '{name}' mirror the board, and {}'s wings are not alike",
                    variant.name()
                ));
            }
            let mut map = [0; MAX_SQUARES];
            for rank in 0..ranks {
                for file in 0..files {
                    // The left half is never looked up: it mirrors to the right.
                    let seen = file.max(files - 1 - file);
                    map[rank * files + file] = bucket(rank, seen);
                }
            }
            Ok(KingBuckets {
                count,
                mirror: true,
                map,
            })
        };
        match name {
            "none" => Ok(KingBuckets::NONE),
            "mirror" => mirrored(1, &|_, _| 0),
            "mirror4" => {
                // Files counted from the middle: the right half's inner
                // half is the middle (e and f in chess), the rest the corner.
                let half = files / 2;
                mirrored(4, &|rank, file| match rank {
                    0 if file < half + half.div_ceil(2) => 0,
                    0 => 1,
                    1 => 2,
                    _ => 3,
                })
            }
            _ => Err(format!(
                "unknown king buckets '{name}': {}",
                Self::NAMES.join(", ")
            )),
        }
    }

    /// A layout from its parts as a network file holds them, or `None`
    /// unless `count` is 1 to [`MAX_KING_BUCKETS`], `map` has one bucket
    /// below `count` for each of the game's `squares`.
    pub fn from_parts(count: usize, mirror: bool, map: &[u8]) -> Option<KingBuckets> {
        let valid = (1..=MAX_KING_BUCKETS).contains(&count)
            && map.len() <= MAX_SQUARES
            && map.iter().all(|&b| usize::from(b) < count);
        valid.then(|| {
            let mut full = [0; MAX_SQUARES];
            full[..map.len()].copy_from_slice(map);
            KingBuckets {
                count: count as u8,
                mirror,
                map: full,
            }
        })
    }

    /// The number of buckets.
    pub fn count(&self) -> usize {
        usize::from(self.count)
    }

    /// Whether a king on the left half mirrors the view.
    pub fn mirror(&self) -> bool {
        self.mirror
    }

    /// Each relative king square's bucket, for a board of `squares`.
    pub fn map(&self, squares: usize) -> &[u8] {
        &self.map[..squares.min(MAX_SQUARES)]
    }
}

/// Where one side's inputs start and whether its view is mirrored: what
/// its king's square decides ([`FeatureSpace::view`]). Two positions whose
/// views of a side are equal differ, for that side, only by the inputs of
/// the pieces that differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct KingView {
    offset: u32,
    mirror: bool,
}

/// How one game's positions map to network inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureSpace {
    files: u8,
    ranks: u8,
    /// Each role's place among the game's roles (`u8::MAX`: absent).
    role_slot: [u8; Role::COUNT],
    roles: u16,
    corners: bool,
    kings: KingBuckets,
}

impl FeatureSpace {
    /// The inputs of `variant`'s network, without king buckets.
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
            kings: KingBuckets::NONE,
        }
    }

    /// The inputs of `variant`'s network split by `kings`.
    pub fn with_kings(variant: Variant, kings: KingBuckets) -> FeatureSpace {
        FeatureSpace {
            kings,
            ..FeatureSpace::of(variant)
        }
    }

    /// The king buckets.
    pub fn kings(&self) -> &KingBuckets {
        &self.kings
    }

    /// The number of squares of the game's board.
    pub fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// `side`'s view when its king stands on `king` (`None`: a game or
    /// position without one, which has the first bucket's view).
    #[inline]
    pub fn view(&self, side: Color, king: Option<Square>) -> KingView {
        let Some(king) = king.filter(|k| k.index() < self.squares()) else {
            return KingView::default();
        };
        let files = self.files as usize;
        let rel = self.relative(side, king);
        let mirror = self.kings.mirror && rel % files < files / 2;
        let seen = if mirror { self.flip_file(rel) } else { rel };
        KingView {
            offset: u32::from(self.kings.map[seen]) * self.base_len() as u32,
            mirror,
        }
    }

    /// `side`'s view of `pos`.
    #[inline]
    pub fn position_view<B: Bitboard>(&self, pos: &Position<B>, side: Color) -> KingView {
        if self.kings.count == 1 && !self.kings.mirror {
            return KingView::default();
        }
        self.view(side, pos.pieces(side, Role::King).squares().next())
    }

    /// The relative square `rel` with its file reversed.
    #[inline]
    fn flip_file(&self, rel: usize) -> usize {
        let files = self.files as usize;
        rel - rel % files + (files - 1 - rel % files)
    }

    /// The number of input groups: one per (relative colour, role) and,
    /// in Wau Chess, one per relative owner of attack-board corners. A
    /// group is the same thing on any square in any king bucket; the
    /// trainer's factoriser learns a share of each input's weights per
    /// group.
    pub fn groups(&self) -> usize {
        self.base_len() / self.squares()
    }

    /// The group of `input` (see [`FeatureSpace::groups`]).
    #[inline]
    pub fn group(&self, input: usize) -> usize {
        self.base(input) / self.squares()
    }

    /// The input of the first king bucket that `input` is a copy of: the
    /// same thing on the same square. The trainer's factoriser learns a
    /// share of each input's weights per base input where there are
    /// several buckets.
    #[inline]
    pub fn base(&self, input: usize) -> usize {
        input % self.base_len()
    }

    fn piece_inputs(&self) -> usize {
        2 * self.roles as usize * self.squares()
    }

    /// The number of inputs of one side in one king bucket.
    pub fn base_len(&self) -> usize {
        self.piece_inputs() + if self.corners { 2 * self.squares() } else { 0 }
    }

    /// The number of inputs of one side.
    pub fn len(&self) -> usize {
        self.base_len() * self.kings.count()
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

    /// `sq` as `side` sees it through `view`.
    #[inline]
    fn seen(&self, side: Color, view: KingView, sq: Square) -> usize {
        let rel = self.relative(side, sq);
        if view.mirror {
            self.flip_file(rel)
        } else {
            rel
        }
    }

    /// The input of `piece` on `sq` seen by `side` through `view`, or
    /// `None` for a piece the game does not have or a square off its
    /// rectangle (which no position of the game holds).
    #[inline]
    pub fn piece_input(
        &self,
        side: Color,
        view: KingView,
        piece: Piece,
        sq: Square,
    ) -> Option<usize> {
        let slot = self.role_slot[piece.role.index()];
        if slot == u8::MAX || sq.index() >= self.squares() {
            return None;
        }
        let theirs = usize::from(piece.color != side);
        Some(
            view.offset as usize
                + (theirs * self.roles as usize + slot as usize) * self.squares()
                + self.seen(side, view, sq),
        )
    }

    /// The input of attack board `board`'s corner on `sq` seen by `side`
    /// through `view` (Wau Chess; `None` in other games or off the
    /// rectangle).
    #[inline]
    pub fn corner_input(
        &self,
        side: Color,
        view: KingView,
        board: usize,
        sq: Square,
    ) -> Option<usize> {
        if !self.corners || sq.index() >= self.squares() {
            return None;
        }
        let theirs = usize::from(AttackBoards::owner(board) != side);
        Some(
            view.offset as usize
                + self.piece_inputs()
                + theirs * self.squares()
                + self.seen(side, view, sq),
        )
    }

    /// Calls `add` with every active input of `side` for the pieces and
    /// attack-board corners given.
    pub fn for_each_input(
        &self,
        side: Color,
        pieces: &[(Square, Piece)],
        corners: &[Square],
        add: impl FnMut(usize),
    ) {
        let king = pieces
            .iter()
            .find(|(_, p)| p.color == side && p.role == Role::King)
            .map(|&(sq, _)| sq);
        let view = self.view(side, king);
        self.for_each_input_seen(side, view, pieces.iter().copied(), corners, add);
    }

    /// Calls `add` with every active input of `side` in `pos`.
    pub fn for_each_position_input<B: Bitboard>(
        &self,
        pos: &Position<B>,
        side: Color,
        add: impl FnMut(usize),
    ) {
        let view = self.position_view(pos, side);
        let (pieces, corners) = (pos.placed_pieces(), pos.attack_board_corners());
        self.for_each_input_seen(side, view, pieces, corners, add);
    }

    /// Calls `add` with every active input of `side` seen through `view`
    /// for the pieces and attack-board corners given.
    fn for_each_input_seen(
        &self,
        side: Color,
        view: KingView,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        corners: &[Square],
        mut add: impl FnMut(usize),
    ) {
        for (sq, piece) in pieces {
            if let Some(i) = self.piece_input(side, view, piece, sq) {
                add(i);
            }
        }
        for (board, &sq) in corners.iter().enumerate() {
            if let Some(i) = self.corner_input(side, view, board, sq) {
                add(i);
            }
        }
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

    /// Every layout of every game whose wings are alike (and the plain
    /// one of every game).
    fn layouts() -> Vec<(Variant, KingBuckets)> {
        let mut all = Vec::new();
        for variant in Variant::ALL {
            all.push((variant, KingBuckets::NONE));
            let mirrors = crate::learn::train::mirrors(variant);
            for name in KingBuckets::NAMES {
                if let Ok(kings) = KingBuckets::named(name, variant, mirrors) {
                    all.push((variant, kings));
                }
            }
        }
        all
    }

    #[test]
    fn with_king_buckets_every_input_along_random_games_is_in_range_and_distinct() {
        for (variant, kings) in layouts() {
            let space = FeatureSpace::with_kings(variant, kings);
            assert_eq!(space.len(), space.base_len() * kings.count());
            crate::with_position!(crate::rules::AnyPosition::startpos(variant), start => {
                let mut rng = crate::rules::random::XorShift(17 + variant.number());
                let mut pos = start;
                for _ in 0..80 {
                    for side in Color::ALL {
                        let mut seen = Vec::new();
                        space.for_each_position_input(&pos, side, |i| seen.push(i));
                        let n = seen.len();
                        assert!(seen.iter().all(|&i| i < space.len()), "{variant:?}");
                        // One bucket's inputs at a time.
                        let bucket = seen[0] / space.base_len();
                        assert!(seen.iter().all(|&i| i / space.base_len() == bucket));
                        seen.sort_unstable();
                        seen.dedup();
                        assert_eq!(seen.len(), n, "{variant:?} repeats an input");
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves.as_slice()[rng.below(moves.len())]);
                }
            });
        }
    }

    #[test]
    fn a_mirrored_view_sees_a_position_and_its_mirror_image_alike() {
        let kings = KingBuckets::named("mirror4", Variant::Chess, true).unwrap();
        let space = FeatureSpace::with_kings(Variant::Chess, kings);
        let mirror = |fen: &str| {
            let (board, rest) = fen.split_once(' ').unwrap();
            let ranks: Vec<String> = board
                .split('/')
                .map(|r| r.chars().rev().collect())
                .collect();
            format!("{} {rest}", ranks.join("/"))
        };
        for fen in [
            "r1bq1rk1/pp3ppp/2n2n2/3p4/1b1P4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
            "8/5k2/8/2K5/8/1P6/8/8 b - - 0 1",
            "4k3/8/8/8/8/8/8/3K4 w - - 0 1",
        ] {
            let inputs = |fen: &str, side| {
                let pos = Position::<u64>::from_fen(Variant::Chess, fen).unwrap();
                let mut v = Vec::new();
                space.for_each_position_input(&pos, side, |i| v.push(i));
                v.sort_unstable();
                v
            };
            for side in Color::ALL {
                assert_eq!(inputs(fen, side), inputs(&mirror(fen), side), "{fen}");
            }
        }
        // The plain space tells them apart.
        let plain = FeatureSpace::of(Variant::Chess);
        let pos =
            Position::<u64>::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/3K4 w - - 0 1").unwrap();
        let image =
            Position::<u64>::from_fen(Variant::Chess, "3k4/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let inputs = |pos: &Position<u64>| {
            let mut v = Vec::new();
            plain.for_each_position_input(pos, Color::White, |i| v.push(i));
            v
        };
        assert_ne!(inputs(&pos), inputs(&image));
    }

    #[test]
    fn mirror4_buckets_the_back_rank_middle_and_corner_the_second_rank_and_the_rest() {
        let kings = KingBuckets::named("mirror4", Variant::Chess, true).unwrap();
        let space = FeatureSpace::with_kings(Variant::Chess, kings);
        // Chess squares by name: a1 is 0, files first.
        let square = |name: &str| {
            let b = name.as_bytes();
            Square::new((b[1] - b'1') * 8 + (b[0] - b'a'))
        };
        let bucket = |side, name: &str| {
            let view = space.view(side, Some(square(name)));
            view.offset as usize / space.base_len()
        };
        use Color::{Black, White};
        assert_eq!(bucket(White, "e1"), 0);
        assert_eq!(bucket(White, "d1"), 0);
        assert_eq!(bucket(White, "g1"), 1);
        assert_eq!(bucket(White, "a1"), 1);
        assert_eq!(bucket(White, "c2"), 2);
        assert_eq!(bucket(White, "h5"), 3);
        assert_eq!(bucket(Black, "e8"), 0);
        assert_eq!(bucket(Black, "b8"), 1);
        assert_eq!(bucket(Black, "f7"), 2);
        assert_eq!(bucket(Black, "e1"), 3);
        assert!(space.view(White, Some(square("d1"))).mirror);
        assert!(!space.view(White, Some(square("e1"))).mirror);
    }

    #[test]
    fn mirrored_layouts_need_alike_wings_and_unknown_names_are_refused() {
        let e = KingBuckets::named("mirror", Variant::Chad, false).unwrap_err();
        assert!(e.contains("not alike"), "{e}");
        let e = KingBuckets::named("corners", Variant::Chess, true).unwrap_err();
        assert!(e.contains("none, mirror, mirror4"), "{e}");
        assert_eq!(
            KingBuckets::named("none", Variant::Chad, false),
            Ok(KingBuckets::NONE)
        );
        assert_eq!(KingBuckets::from_parts(0, false, &[]), None);
        assert_eq!(KingBuckets::from_parts(2, false, &[0, 1, 2]), None);
        assert!(KingBuckets::from_parts(3, true, &[0, 1, 2]).is_some());
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
