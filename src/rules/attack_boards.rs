//! Movable boards (Wau Chess): where each attack board may stand, which
//! squares it covers, and the shape rules of a board move that do not
//! depend on the pieces (range and colour, frame and overlap, no abandoned
//! board). The rules about passengers and check are in the move generator.

use super::bitboard::Bitboard;
use super::geometry::Geometry;
use super::square::Square;
use super::variant::AttackBoards;

/// The number of attack boards a game with movable boards has.
pub const BOARD_COUNT: usize = 4;

/// The corners of the attack boards, by board index (the FEN's order).
pub type Corners = [Square; BOARD_COUNT];

/// Precomputed masks for a game with movable boards.
#[derive(Debug)]
pub struct BoardTables<B> {
    /// The fixed main board.
    pub main: B,
    /// The attack boards' start corners.
    pub start_corners: Corners,
    /// The squares of the frame (every square a board could cover).
    pub frame: B,
    /// The board covering `corner`'s 3x3 block, by square index; empty for
    /// squares where no attack board fits.
    block: Vec<B>,
    /// The squares orthogonally next to the block at `corner`, outside it.
    halo: Vec<B>,
    /// The squares orthogonally next to the main board, outside it.
    main_halo: B,
    /// Every shift (files, ranks) a board move may make: within range, of
    /// even sum (square colours keep lining up), not null.
    shifts: Vec<(i32, i32)>,
}

impl<B: Bitboard> BoardTables<B> {
    /// Builds the masks for `spec` on a frame of geometry `g`.
    pub fn build(spec: &AttackBoards, g: &Geometry<B>) -> BoardTables<B> {
        let n = g.size();
        let rect = |f0: i32, r0: i32, files: i32, ranks: i32| {
            let mut set = B::EMPTY;
            for f in f0..f0 + files {
                for r in r0..r0 + ranks {
                    set |= B::from_square(g.square(f, r).expect("inside the frame"));
                }
            }
            set
        };
        let halo_of = |set: B| {
            let mut around = B::EMPTY;
            for sq in set.squares() {
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    if let Some(next) = g.offset(sq, df, dr) {
                        around |= B::from_square(next);
                    }
                }
            }
            around & !set
        };
        let size = spec.size as i32;
        let mut block = vec![B::EMPTY; n];
        let mut halo = vec![B::EMPTY; n];
        for f in 0..=g.files() as i32 - size {
            for r in 0..=g.ranks() as i32 - size {
                let corner = g.square(f, r).expect("inside the frame");
                block[corner.index()] = rect(f, r, size, size);
                halo[corner.index()] = halo_of(block[corner.index()]);
            }
        }
        let (mf, mr) = spec.main_corner;
        let (mw, mh) = spec.main_size;
        let main = rect(mf as i32, mr as i32, mw as i32, mh as i32);
        let reach = spec.max_shift as i32;
        let mut shifts = Vec::new();
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                if (dx, dy) != (0, 0) && (dx + dy) % 2 == 0 {
                    shifts.push((dx, dy));
                }
            }
        }
        let start_corners = spec.start_corners.map(|(f, r)| {
            g.square(f as i32, r as i32)
                .expect("start corners lie in the frame")
        });
        BoardTables {
            main,
            start_corners,
            frame: g.exists(),
            main_halo: halo_of(main),
            block,
            halo,
            shifts,
        }
    }

    /// The squares of a board whose lowest-file, lowest-rank square is
    /// `corner` (empty if no board fits there).
    #[inline]
    pub fn block(&self, corner: Square) -> B {
        self.block[corner.index()]
    }

    /// Whether an attack board fits wholly inside the frame at `corner`.
    #[inline]
    pub fn fits(&self, corner: Square) -> bool {
        self.block[corner.index()].any()
    }

    /// The shifts of a board move (files, ranks).
    pub fn shifts(&self) -> &[(i32, i32)] {
        &self.shifts
    }

    /// The squares that exist with the attack boards at `corners`.
    pub fn existing(&self, corners: &Corners) -> B {
        corners
            .iter()
            .fold(self.main, |acc, &c| acc | self.block(c))
    }

    /// Whether boards at `corners` fit the frame and overlap neither the
    /// main board nor one another.
    pub fn placement_is_valid(&self, corners: &Corners) -> bool {
        let mut covered = self.main;
        for &c in corners {
            let b = self.block(c);
            if b.is_empty() || (b & covered).any() {
                return false;
            }
            covered |= b;
        }
        true
    }

    /// Whether every attack board at `corners` is joined to the main board
    /// through boards that share an edge with it (corner contact does not
    /// count).
    pub fn all_connected(&self, corners: &Corners) -> bool {
        let mut reached = [false; BOARD_COUNT];
        let mut joined = self.main_halo;
        loop {
            let mut grew = false;
            for (i, &c) in corners.iter().enumerate() {
                if !reached[i] && (self.block(c) & joined).any() {
                    reached[i] = true;
                    joined |= self.halo[c.index()];
                    grew = true;
                }
            }
            if !grew {
                return reached.iter().all(|&r| r);
            }
        }
    }
}
