//! Per-game attack tables, built once from a [`VariantSpec`] and shared by
//! every position of that game.
//!
//! Leapers use one precomputed target set per square; riders use rays
//! (first blocker by lsb/msb), which work for any board width, and on
//! boards of 64 squares a table built from those rays by multiplication
//! ([`super::magic`]). Holes are baked in: rays stop before a hole and
//! leaps never land in one.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use super::attack_boards::BoardTables;
use super::bitboard::Bitboard;
use super::color::Color;
use super::geometry::Geometry;
use super::magic::SliderMagics;
use super::piece::Role;
use super::square::{Rank, Square};
use super::variant::{PawnStyle, Variant, VariantSpec};

/// The eight ray directions as (files, ranks). The first four increase the
/// square index (first blocker = lowest bit), the last four decrease it.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

const ORTHOGONAL_DIRECTIONS: [usize; 4] = [0, 1, 4, 5];
const DIAGONAL_DIRECTIONS: [usize; 4] = [2, 3, 6, 7];
const FILE_DIRECTIONS: [usize; 2] = [0, 4];
const RANK_DIRECTIONS: [usize; 2] = [1, 5];
const RISING_DIAGONAL_DIRECTIONS: [usize; 2] = [2, 6];
const FALLING_DIAGONAL_DIRECTIONS: [usize; 2] = [3, 7];

/// The squares a rider on `sq` attacks along direction `dir` through
/// `occupied`, from the rays of a board of `size` squares: the ray up to
/// and including the first blocker.
#[inline]
fn walk_ray<B: Bitboard>(rays: &[B], size: usize, dir: usize, sq: Square, occupied: B) -> B {
    let ray = rays[dir * size + sq.index()];
    let blockers = ray & occupied;
    if blockers.is_empty() {
        return ray;
    }
    let first = if dir < 4 {
        blockers.lsb()
    } else {
        blockers.msb()
    };
    ray ^ rays[dir * size + first.index()]
}

/// Attack and geometry tables of one game.
#[derive(Debug)]
pub struct Tables<B> {
    /// The game these tables belong to.
    pub spec: &'static VariantSpec,
    /// The board.
    pub geometry: Geometry<B>,
    size: usize,
    leaps: Vec<B>,
    rays: Vec<B>,
    between: Vec<B>,
    line: Vec<B>,
    pawn_attacks: [Vec<B>; 2],
    pawn_step: [Vec<B>; 2],
    pawn_double_step: [Vec<B>; 2],
    /// Squares on which a pawn of each colour promotes (or, where
    /// promotion is optional, may promote).
    pub promotion_zone: [B; 2],
    /// The far rank of each colour's pawns, where a pawn must promote.
    pub promotion_rank: [B; 2],
    /// Each colour's flag region ([`crate::rules::variant::FlagRule`]):
    /// empty in games without a flag rule.
    pub flag_region: [B; 2],
    /// Whether every pawn move into the zone promotes, to any of the
    /// game's choices (no optional promotion, no limits): the fast path.
    pub promotion_is_plain: bool,
    /// Each colour's first rank (castling happens there).
    pub back_rank: [B; 2],
    /// Non-pawn roles that leap (the king included).
    pub leaper_roles: Vec<Role>,
    /// Roles that ride along ranks and files.
    pub orthogonal_riders: Vec<Role>,
    /// Roles that ride along diagonals.
    pub diagonal_riders: Vec<Role>,
    /// Roles that are neither pawn nor king, in the game's order.
    pub piece_roles: Vec<Role>,
    /// Where each colour's king may stand: the whole board, or its castle.
    pub king_zone: [B; 2],
    /// Each colour's castle (empty in games without castles).
    pub castle: [B; 2],
    /// Each colour's wall: the squares orthogonally next to its castle.
    pub wall: [B; 2],
    /// Whether captures by non-king pieces are limited to castle and wall.
    pub captures_restricted: bool,
    /// Where the fortress promotion happens for each colour (the enemy
    /// castle), and the role it applies to and gives.
    pub entry_promotion: Option<([B; 2], Role, Role)>,
    /// Whether a pawn has one step, straight ahead, so that its double
    /// step is open whenever that step is ([`PawnStyle::Orthodox`]).
    pub pawn_steps_straight: bool,
    /// Squares where en passant may happen: the capturing pawn, the passed
    /// square and the captured pawn all stand inside it (Wau Chess: the
    /// main board; elsewhere the whole board).
    pub en_passant_zone: B,
    /// The movable boards, for the games that have them.
    pub attack_boards: Option<BoardTables<B>>,
    rides: [(bool, bool); Role::COUNT],
    /// Rook attacks by look-up, along the file and along the rank
    /// (64-square boards only).
    orthogonal_magics: Option<[SliderMagics<B>; 2]>,
    /// Bishop attacks by look-up, along each diagonal (64-square boards
    /// only).
    diagonal_magics: Option<[SliderMagics<B>; 2]>,
}

type Cache = Mutex<HashMap<(TypeId, Variant), &'static (dyn Any + Send + Sync)>>;
static CACHE: LazyLock<Cache> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// A per-game table of type `T`, built by `build` the first time it is
/// asked for and kept for the life of the process. Look-ups take a lock:
/// call this when a position or a search is set up, not per node.
///
/// The lock is not held while `build` runs, so a table may be built from
/// others; two threads asking at once may both build, and the first to
/// finish is kept.
pub fn per_game<T: Any + Send + Sync>(variant: Variant, build: impl FnOnce() -> T) -> &'static T {
    let key = (TypeId::of::<T>(), variant);
    let lookup = |cache: &HashMap<_, &'static (dyn Any + Send + Sync)>| {
        cache.get(&key).map(|entry| {
            entry
                .downcast_ref::<T>()
                .expect("the cache is keyed by type")
        })
    };
    if let Some(found) = lookup(&CACHE.lock().unwrap_or_else(|e| e.into_inner())) {
        return found;
    }
    let built: &'static T = Box::leak(Box::new(build()));
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = lookup(&cache) {
        return found;
    }
    cache.insert(key, built);
    built
}

impl<B: Bitboard> Tables<B> {
    /// The tables for `variant` in word `B`, built on first use and kept
    /// for the life of the process.
    pub fn get(variant: Variant) -> &'static Tables<B> {
        per_game(variant, || Tables::<B>::build(variant.spec()))
    }

    /// Builds the tables of a game.
    pub fn build(spec: &'static VariantSpec) -> Tables<B> {
        let geometry = Geometry::<B>::rectangle(spec.files, spec.ranks);
        let n = geometry.size();
        let set = |squares: &mut dyn Iterator<Item = Square>| {
            squares.fold(B::EMPTY, |acc, s| acc | B::from_square(s))
        };
        let all_squares = || (0..n).map(|i| Square::new(i as u8));

        let mut leaps = vec![B::EMPTY; Role::COUNT * n];
        let mut leaper_roles = Vec::new();
        let mut orthogonal_riders = Vec::new();
        let mut diagonal_riders = Vec::new();
        let mut rides = [(false, false); Role::COUNT];
        let piece_roles: Vec<Role> = spec
            .roles
            .iter()
            .copied()
            .filter(|&r| r != Role::Pawn && r != Role::King)
            .collect();
        for &role in spec.roles.iter().filter(|&&r| r != Role::Pawn) {
            let movement = spec.movement(role);
            let images = &movement.leaps;
            if !images.is_empty() {
                leaper_roles.push(role);
            }
            for sq in all_squares() {
                leaps[role.index() * n + sq.index()] = set(&mut images
                    .iter()
                    .filter_map(|&(df, dr)| geometry.offset(sq, df as i32, dr as i32)));
            }
            rides[role.index()] = (movement.rides_orthogonally, movement.rides_diagonally);
            if movement.rides_orthogonally {
                orthogonal_riders.push(role);
            }
            if movement.rides_diagonally {
                diagonal_riders.push(role);
            }
        }

        let mut rays = vec![B::EMPTY; 8 * n];
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            for sq in all_squares() {
                let mut ray = B::EMPTY;
                let mut cur = sq;
                while let Some(next) = geometry.offset(cur, df, dr) {
                    ray |= B::from_square(next);
                    cur = next;
                }
                rays[d * n + sq.index()] = ray;
            }
        }

        // The squares whose occupancy changes a rider's attacks: its rays,
        // less the last square of each.
        let relevant = |directions: &[usize], sq: Square| {
            directions.iter().fold(B::EMPTY, |acc, &d| {
                let ray = rays[d * n + sq.index()];
                match ray.any() {
                    true if d < 4 => acc | (ray ^ B::from_square(ray.msb())),
                    true => acc | (ray ^ B::from_square(ray.lsb())),
                    false => acc,
                }
            })
        };
        let walk = |directions: &[usize], sq: Square, occupied: B| {
            directions.iter().fold(B::EMPTY, |acc, &d| {
                acc | walk_ray(&rays, n, d, sq, occupied)
            })
        };
        let magics = |directions: &[usize]| {
            SliderMagics::build(
                n,
                |sq| relevant(directions, sq),
                |sq, occupied| walk(directions, sq, occupied),
            )
        };
        // Each line is looked up apart: a rook's table of both its lines
        // would be sixteen times the size, too big for the cache, and a
        // line's multiplier is known without a search.
        let orthogonal_magics = magics(&FILE_DIRECTIONS)
            .zip(magics(&RANK_DIRECTIONS))
            .map(<[_; 2]>::from);
        let diagonal_magics = magics(&RISING_DIAGONAL_DIRECTIONS)
            .zip(magics(&FALLING_DIAGONAL_DIRECTIONS))
            .map(<[_; 2]>::from);

        let mut between = vec![B::EMPTY; n * n];
        let mut line = vec![B::EMPTY; n * n];
        for a in all_squares() {
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let opposite = (d + 4) % 8;
                let full =
                    rays[d * n + a.index()] | rays[opposite * n + a.index()] | B::from_square(a);
                let mut path = B::EMPTY;
                let mut cur = a;
                while let Some(next) = geometry.offset(cur, df, dr) {
                    between[a.index() * n + next.index()] = path;
                    line[a.index() * n + next.index()] = full;
                    path |= B::from_square(next);
                    cur = next;
                }
            }
        }

        let forward = |c: Color| if c == Color::White { 1 } else { -1 };
        let mut pawn_attacks = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        let mut pawn_step = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        let mut pawn_double_step = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        // Pawns start, double-step and promote relative to the main board:
        // the whole board, except in games with movable boards.
        let attack_boards = spec
            .attack_boards
            .as_ref()
            .map(|spec| BoardTables::build(spec, &geometry));
        let main = attack_boards
            .as_ref()
            .map_or(geometry.exists(), |b: &BoardTables<B>| b.main);
        let (first_rank, last_rank) = match &spec.attack_boards {
            Some(ab) => (ab.main_corner.1, ab.main_corner.1 + ab.main_size.1 - 1),
            None => (0, spec.ranks - 1),
        };
        let relative_rank = |c: Color, r: u8| {
            if c == Color::White {
                r.wrapping_sub(first_rank)
            } else {
                last_rank.wrapping_sub(r)
            }
        };
        // Each pawn's steps, as (files, ranks) for White; its double step
        // goes twice as far along each step, and its captures.
        let (steps, captures): (&[i32], &[i32]) = match spec.pawn_style {
            PawnStyle::Orthodox => (&[0], &[-1, 1]),
            PawnStyle::Berolina => (&[-1, 1], &[0]),
        };
        for c in Color::ALL {
            let fw = forward(c);
            for sq in all_squares() {
                let i = sq.index();
                let ahead = |df: &i32| geometry.offset(sq, *df, fw);
                pawn_attacks[c.index()][i] = set(&mut captures.iter().filter_map(ahead));
                pawn_step[c.index()][i] = set(&mut steps.iter().filter_map(ahead));
                let may_double_step = spec
                    .pawn_double_step_rank
                    .is_some_and(|rank| relative_rank(c, geometry.rank_of(sq).0) == rank)
                    && main.has(sq);
                if may_double_step {
                    pawn_double_step[c.index()][i] = set(&mut steps
                        .iter()
                        .filter_map(|&df| geometry.offset(sq, 2 * df, 2 * fw)));
                }
            }
        }
        let back_rank = [
            geometry.rank_squares(Rank(first_rank)),
            geometry.rank_squares(Rank(last_rank)),
        ];
        let promotion_rank = [back_rank[1] & main, back_rank[0] & main];
        let promotion_zone = Color::ALL.map(|c| {
            (first_rank..=last_rank)
                .filter(|&r| last_rank - first_rank - relative_rank(c, r) < spec.promotion_ranks)
                .fold(B::EMPTY, |zone, r| zone | geometry.rank_squares(Rank(r)))
                & main
        });

        let mut castle = [B::EMPTY; 2];
        let mut wall = [B::EMPTY; 2];
        if let Some(fortress) = &spec.fortress {
            for c in Color::ALL {
                let (f0, r0) = fortress.castle_corner[c.index()];
                let (f0, r0) = (f0 as i32, r0 as i32);
                let inside =
                    |f: i32, r: i32| (f0..f0 + 3).contains(&f) && (r0..r0 + 3).contains(&r);
                for f in f0 - 1..=f0 + 3 {
                    for r in r0 - 1..=r0 + 3 {
                        let Some(sq) = geometry.square(f, r) else {
                            continue;
                        };
                        let edge_file = f == f0 - 1 || f == f0 + 3;
                        let edge_rank = r == r0 - 1 || r == r0 + 3;
                        if inside(f, r) {
                            castle[c.index()] |= B::from_square(sq);
                        } else if edge_file != edge_rank {
                            wall[c.index()] |= B::from_square(sq);
                        }
                    }
                }
            }
        }
        let king_zone = match spec.fortress {
            Some(_) => castle,
            None => [geometry.exists(); 2],
        };
        let entry_promotion = spec
            .fortress
            .as_ref()
            .map(|f| ([castle[1], castle[0]], f.promotion.0, f.promotion.1));

        let flag_region = Color::ALL.map(|c| {
            spec.flag.map_or(B::EMPTY, |flag| {
                flag.region[c.index()]
                    .iter()
                    .filter_map(|&(f, r)| geometry.square(i32::from(f), i32::from(r)))
                    .fold(B::EMPTY, |zone, sq| zone | B::from_square(sq))
            })
        });

        Tables {
            spec,
            geometry,
            size: n,
            leaps,
            rays,
            between,
            line,
            pawn_attacks,
            pawn_step,
            pawn_double_step,
            promotion_zone,
            promotion_rank,
            promotion_is_plain: !spec.promotion_optional && spec.promotion_limits.is_empty(),
            back_rank,
            leaper_roles,
            orthogonal_riders,
            diagonal_riders,
            piece_roles,
            king_zone,
            castle,
            wall,
            captures_restricted: spec.fortress.is_some(),
            entry_promotion,
            pawn_steps_straight: spec.pawn_style == PawnStyle::Orthodox,
            en_passant_zone: main,
            flag_region,
            attack_boards,
            rides,
            orthogonal_magics,
            diagonal_magics,
        }
    }

    /// The squares a rook or queen of `us` on `from` may capture on, in a
    /// game with castles: from the enemy wall into the enemy castle, from
    /// inside its own castle onto its own wall, nowhere else.
    #[inline]
    pub fn capture_zone(&self, us: Color, from: Square) -> B {
        let them = (!us).index();
        if self.wall[them].has(from) {
            self.castle[them]
        } else if self.castle[us.index()].has(from) {
            self.wall[us.index()]
        } else {
            B::EMPTY
        }
    }

    /// Squares a (non-pawn) role on `sq` attacks through `occupied`.
    #[inline]
    pub fn attacks(&self, role: Role, sq: Square, occupied: B) -> B {
        let (orthogonal, diagonal) = self.rides[role.index()];
        let mut attacks = self.leaps(role, sq);
        if orthogonal {
            attacks |= self.orthogonal_attacks(sq, occupied);
        }
        if diagonal {
            attacks |= self.diagonal_attacks(sq, occupied);
        }
        attacks
    }

    /// The same as [`Self::attacks`], given the rook's and the bishop's
    /// attacks from `sq` (for callers that ask for several roles on one
    /// square).
    #[inline]
    pub fn attacks_given_rays(&self, role: Role, sq: Square, orthogonal: B, diagonal: B) -> B {
        let (rides_orthogonally, rides_diagonally) = self.rides[role.index()];
        let mut attacks = self.leaps(role, sq);
        if rides_orthogonally {
            attacks |= orthogonal;
        }
        if rides_diagonally {
            attacks |= diagonal;
        }
        attacks
    }

    /// Squares a leaping role reaches from `sq` (empty for pure riders).
    #[inline]
    pub fn leaps(&self, role: Role, sq: Square) -> B {
        self.leaps[role.index() * self.size + sq.index()]
    }
    /// Squares a pawn of `color` on `sq` attacks.
    #[inline]
    pub fn pawn_attacks(&self, color: Color, sq: Square) -> B {
        self.pawn_attacks[color.index()][sq.index()]
    }
    /// The squares a pawn steps to without taking: the one ahead in chess,
    /// the two diagonally ahead in Berolina (empty off the board).
    #[inline]
    pub fn pawn_step(&self, color: Color, sq: Square) -> B {
        self.pawn_step[color.index()][sq.index()]
    }
    /// The double-step targets of a pawn on a square it may double-step
    /// from: twice its steps, each through the square between
    /// ([`Self::between`]), which must be empty.
    #[inline]
    pub fn pawn_double_step(&self, color: Color, sq: Square) -> B {
        self.pawn_double_step[color.index()][sq.index()]
    }
    /// Squares strictly between two squares on one line (empty if none).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.between[a.index() * self.size + b.index()]
    }
    /// The whole line through two aligned squares (empty if not aligned).
    #[inline]
    pub fn line(&self, a: Square, b: Square) -> B {
        self.line[a.index() * self.size + b.index()]
    }

    #[inline]
    fn ray_attacks(&self, dir: usize, sq: Square, occupied: B) -> B {
        walk_ray(&self.rays, self.size, dir, sq, occupied)
    }

    /// Squares a rook on `sq` attacks through `occupied`.
    #[inline]
    pub fn orthogonal_attacks(&self, sq: Square, occupied: B) -> B {
        if let Some([file, rank]) = &self.orthogonal_magics {
            return file.attacks(sq, occupied) | rank.attacks(sq, occupied);
        }
        ORTHOGONAL_DIRECTIONS
            .iter()
            .fold(B::EMPTY, |acc, &d| acc | self.ray_attacks(d, sq, occupied))
    }
    /// Squares a bishop on `sq` attacks through `occupied`.
    #[inline]
    pub fn diagonal_attacks(&self, sq: Square, occupied: B) -> B {
        if let Some([rising, falling]) = &self.diagonal_magics {
            return rising.attacks(sq, occupied) | falling.attacks(sq, occupied);
        }
        DIAGONAL_DIRECTIONS
            .iter()
            .fold(B::EMPTY, |acc, &d| acc | self.ray_attacks(d, sq, occupied))
    }
    /// Squares a rook on `sq` would reach on an empty board.
    #[inline]
    pub fn orthogonal_rays(&self, sq: Square) -> B {
        ORTHOGONAL_DIRECTIONS.iter().fold(B::EMPTY, |acc, &d| {
            acc | self.rays[d * self.size + sq.index()]
        })
    }
    /// Squares a bishop on `sq` would reach on an empty board.
    #[inline]
    pub fn diagonal_rays(&self, sq: Square) -> B {
        DIAGONAL_DIRECTIONS.iter().fold(B::EMPTY, |acc, &d| {
            acc | self.rays[d * self.size + sq.index()]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random::XorShift;

    /// A fixed sequence of pseudo-random words.
    fn words(seed: u64, count: usize) -> impl Iterator<Item = u64> {
        let mut rng = XorShift(seed);
        (0..count).map(move |_| rng.next_word())
    }

    #[test]
    fn chess_rider_lookups_agree_with_the_ray_walk() {
        let t = Tables::<u64>::build(Variant::Chess.spec());
        assert!(t.orthogonal_magics.is_some() && t.diagonal_magics.is_some());
        for i in 0..64 {
            let sq = Square::new(i);
            // Sparse, middling and dense occupancies, and the empty board.
            let occupancies = words(0x1234_5678 + u64::from(i), 3000)
                .zip(words(0xDEAD_BEEF ^ u64::from(i), 3000))
                .flat_map(|(a, b)| [a & b, a, a | b, 0]);
            for occupied in occupancies {
                let walk = |dirs: &[usize]| {
                    dirs.iter()
                        .fold(0u64, |acc, &d| acc | t.ray_attacks(d, sq, occupied))
                };
                assert_eq!(
                    t.orthogonal_attacks(sq, occupied),
                    walk(&ORTHOGONAL_DIRECTIONS),
                    "rook on {i}, occupied {occupied:#x}"
                );
                assert_eq!(
                    t.diagonal_attacks(sq, occupied),
                    walk(&DIAGONAL_DIRECTIONS),
                    "bishop on {i}, occupied {occupied:#x}"
                );
            }
        }
    }

    #[test]
    fn only_64_square_words_get_lookups() {
        let wad = Tables::<u128>::build(Variant::WadChess.spec());
        assert!(wad.orthogonal_magics.is_none() && wad.diagonal_magics.is_none());
    }
}
