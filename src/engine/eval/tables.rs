//! The tables the evaluation reads, built once per game and board width
//! from the game's numbers ([`super::params`]) and its board's geometry.

use crate::rules::tables::{Tables, per_game};
use crate::rules::variant::rescale_fsf_value;
use crate::rules::{Bitboard, Color, Evaluation, Piece, Position, Role, Square, Variant};

use super::params::{EvalParams, FILES_FROM_EDGE, FLAG_PROXIMITY, Pair, RANKS, params};

/// Values the extra pieces of a game read from a file
/// ([`crate::rules::VariantSpec::own_extra_movement`]) by how they move
/// ([`crate::rules::piece::Movement::estimated_value`]), from the game's
/// knight, bishop, rook and queen, in the middlegame and the endgame.
pub fn estimate_extra_pieces(variant: Variant, prm: &mut EvalParams) {
    let spec = variant.spec();
    let material = prm.material;
    for &role in Role::EXTRA_SLOTS {
        if let Some(moves) = spec.own_extra_movement(role) {
            prm.material[role.index()] = Pair(
                moves.estimated_value(|r| material[r.index()].0),
                moves.estimated_value(|r| material[r.index()].1),
            );
        }
    }
}

/// The values a game's file gives its pieces (`pieceValueMg`,
/// `pieceValueEg`), rescaled from Fairy-Stockfish's pawn to the game's,
/// in place of the evaluation's own.
fn apply_given_values(variant: Variant, prm: &mut EvalParams) {
    let pawn = prm.material[Role::Pawn.index()];
    for &(role, [middlegame, endgame]) in variant.spec().piece_values {
        if role == Role::King {
            continue;
        }
        let material = &mut prm.material[role.index()];
        if let Some(v) = middlegame {
            material.0 = rescale_fsf_value(v, 0, pawn.0);
        }
        if let Some(v) = endgame {
            material.1 = rescale_fsf_value(v, 1, pawn.1);
        }
    }
}

/// Per-game, per-width tables of the evaluation.
#[derive(Debug)]
pub struct EvalTables<B> {
    /// Which evaluation plays the game.
    pub(super) evaluation: Evaluation,
    pub(super) params: EvalParams,
    pub(super) size: usize,
    /// Material plus piece-square value, per piece ([`Piece::index`]) and square.
    pub(super) psq: Vec<Pair>,
    /// Files, by file index.
    pub(super) files: Vec<B>,
    /// The files next to each file.
    pub(super) adjacent_files: Vec<B>,
    /// Squares ahead of a pawn on its own and neighbouring files.
    pub(super) passed_span: [Vec<B>; 2],
    /// Squares just ahead of a king where own pawns shelter it.
    pub(super) shield: [Vec<B>; 2],
    /// Distance of each square from the centre, in king steps.
    pub(super) centre_distance: Vec<i32>,
    /// The rank on which each colour's pawns promote.
    pub(super) promotion_rank: [i32; 2],
    /// Squares on the files where each colour promotes (where a passed
    /// pawn runs straight to promotion): every square in most games.
    pub(super) promotion_files: [B; 2],
    /// Squares from which a pawn of each colour can still reach a
    /// promotion square, capturing sideways as needed.
    pub(super) can_promote: [B; 2],
    pub(super) max_phase: i32,
    /// The game's roles, pawns and kings aside, from the least valuable
    /// (middlegame material) up.
    pub(super) pieces_by_value: Vec<Role>,
    /// For each role (by index), how many of [`Self::pieces_by_value`]
    /// are worth less than it: a piece of such a role attacking one of
    /// this role threatens to win material.
    pub(super) lesser_count: [usize; Role::COUNT],
    /// Whether any threat weight is set (games without them skip the
    /// attack maps).
    pub(super) weighs_threats: bool,
    /// Whether any safe check or weak king zone weight is set.
    pub(super) weighs_king_threats: bool,
    /// The squares beside each square on its rank.
    pub(super) beside: Vec<B>,
    /// Each colour's outpost band: the ranks from just below the middle
    /// to two before the last (the 4th to 6th in chess).
    pub(super) outpost_band: [B; 2],
    /// Whether any outpost weight is set.
    pub(super) weighs_outposts: bool,
}

impl<B: Bitboard> EvalTables<B> {
    /// The evaluation tables of `variant`, built once.
    pub fn get(variant: Variant) -> &'static EvalTables<B> {
        per_game(variant, || {
            let mut prm = params(variant).clone();
            if variant.is_loaded() {
                estimate_extra_pieces(variant, &mut prm);
                apply_given_values(variant, &mut prm);
            }
            EvalTables::with_params(variant, prm)
        })
    }

    /// The evaluation tables of `variant` with other numbers than its own
    /// (for tuning them).
    pub fn with_params(variant: Variant, prm: EvalParams) -> EvalTables<B> {
        let t = Tables::<B>::get(variant);
        let g = &t.geometry;
        let n = g.size();
        let (nf, nr) = (g.files() as i32, g.ranks() as i32);
        let square = |f: i32, r: i32| g.square(f, r);
        let bit = |s: Option<Square>| s.map_or(B::EMPTY, B::from_square);
        // Ranks counted from `color`'s own side (0 = its first rank).
        let relative_rank = |color: Color, sq: Square| {
            let rank = g.rank_of(sq).0 as i32;
            if color == Color::White {
                rank
            } else {
                nr - 1 - rank
            }
        };

        let centre_distance: Vec<i32> = (0..n)
            .map(|i| {
                let sq = Square::new(i as u8);
                let df = (2 * g.file_of(sq).0 as i32 - (nf - 1)).abs();
                let dr = (2 * g.rank_of(sq).0 as i32 - (nr - 1)).abs();
                (df.max(dr) - 1).max(0) / 2
            })
            .collect();
        let max_centre = *centre_distance.iter().max().unwrap_or(&0);

        let mut psq = vec![Pair::default(); 2 * Role::COUNT * n];
        for color in Color::ALL {
            for &role in t.spec.roles {
                let piece = Piece::new(color, role);
                for (i, &dist) in centre_distance.iter().enumerate() {
                    let sq = Square::new(i as u8);
                    let relative_rank = relative_rank(color, sq);
                    let m = prm.material[role.index()];
                    let c = prm.centrality[role.index()];
                    let closeness = max_centre - dist;
                    let file = g.file_of(sq).0 as i32;
                    let from_edge = file.min(nf - 1 - file) as usize;
                    let by_rank = prm.rank[role.index()][(relative_rank as usize).min(RANKS - 1)];
                    let by_file = prm.file[role.index()][from_edge.min(FILES_FROM_EDGE - 1)];
                    let mut value = Pair(
                        m.0 + c.0 * closeness + by_rank.0 + by_file.0,
                        m.1 + c.1 * closeness + by_rank.1 + by_file.1,
                    );
                    match role {
                        Role::Pawn => {
                            value.0 += prm.pawn_advance.0 * (relative_rank - 1).max(0);
                            value.1 += prm.pawn_advance.1 * (relative_rank - 1).max(0);
                        }
                        Role::King => {
                            value.0 += prm.king_rank.0 * relative_rank;
                            // In the middlegame the king prefers the wings.
                            value.0 -= 6 * closeness;
                        }
                        _ => {}
                    }
                    if let Some(flag) = &t.spec.flag
                        && flag.roles[color.index()].contains(&role)
                    {
                        let region = t.flag_region[color.index()];
                        let steps = region.squares().map(|goal| g.distance(sq, goal)).min();
                        if let Some(bonus) = steps.and_then(|d| FLAG_PROXIMITY.get(d as usize)) {
                            value.0 += bonus.0;
                            value.1 += bonus.1;
                        }
                    }
                    psq[piece.index() * n + i] = value;
                }
            }
        }

        let files: Vec<B> = (0..nf)
            .map(|f| (0..nr).fold(B::EMPTY, |acc, r| acc | bit(square(f, r))))
            .collect();
        let adjacent_files: Vec<B> = (0..nf)
            .map(|f| {
                let left = if f > 0 {
                    files[f as usize - 1]
                } else {
                    B::EMPTY
                };
                let right = if f + 1 < nf {
                    files[f as usize + 1]
                } else {
                    B::EMPTY
                };
                left | right
            })
            .collect();
        let beside: Vec<B> = (0..n)
            .map(|i| {
                let sq = Square::new(i as u8);
                let (f, r) = (g.file_of(sq).0 as i32, g.rank_of(sq).0 as i32);
                bit(square(f - 1, r)) | bit(square(f + 1, r))
            })
            .collect();
        let mut passed_span = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        let mut shield = [vec![B::EMPTY; n], vec![B::EMPTY; n]];
        for color in Color::ALL {
            let dir = if color == Color::White { 1 } else { -1 };
            for i in 0..n {
                let sq = Square::new(i as u8);
                let (f, r) = (g.file_of(sq).0 as i32, g.rank_of(sq).0 as i32);
                let mut span = B::EMPTY;
                let mut rr = r + dir;
                while (0..nr).contains(&rr) {
                    for ff in f - 1..=f + 1 {
                        span |= bit(square(ff, rr));
                    }
                    rr += dir;
                }
                passed_span[color.index()][i] = span;
                let mut cover = B::EMPTY;
                for step in 1..=2 {
                    for ff in f - 1..=f + 1 {
                        cover |= bit(square(ff, r + dir * step));
                    }
                }
                shield[color.index()][i] = cover;
            }
        }

        let outpost_band = Color::ALL.map(|color| {
            (0..n)
                .map(|i| Square::new(i as u8))
                .filter(|&sq| (nr / 2 - 1..=nr - 3).contains(&relative_rank(color, sq)))
                .fold(B::EMPTY, |acc, sq| acc | B::from_square(sq))
        });

        // Where pawns promote: each colour's promotion zone, its rank, and
        // the squares from which a pawn can reach it (one file sideways
        // per rank advanced, by capturing).
        let mut promotion_rank = [0i32; 2];
        let mut promotion_files = [B::EMPTY; 2];
        let mut can_promote = [B::EMPTY; 2];
        for color in Color::ALL {
            let zone = t.promotion_zone[color.index()];
            let Some(first) = zone.squares().next() else {
                continue;
            };
            let rank = g.rank_of(first).0 as i32;
            promotion_rank[color.index()] = rank;
            for target in zone.squares() {
                let tf = g.file_of(target).0 as i32;
                promotion_files[color.index()] |= files[tf as usize];
                for i in 0..n {
                    let sq = Square::new(i as u8);
                    let (f, r) = (g.file_of(sq).0 as i32, g.rank_of(sq).0 as i32);
                    let ahead = if color == Color::White {
                        rank - r
                    } else {
                        r - rank
                    };
                    if ahead > 0 && (f - tf).abs() <= ahead {
                        can_promote[color.index()] |= B::from_square(sq);
                    }
                }
            }
        }

        let start = Position::<B>::startpos(variant);
        let max_phase = Role::ALL
            .iter()
            .map(|&r| start.role_bb(r).count() as i32 * prm.phase_weight[r.index()])
            .sum::<i32>()
            .max(1);

        let mut pieces_by_value: Vec<Role> = t
            .spec
            .roles
            .iter()
            .copied()
            .filter(|&r| r != Role::Pawn && r != Role::King)
            .collect();
        pieces_by_value.sort_by_key(|r| prm.material[r.index()].0);
        let lesser_count = Role::ALL.map(|victim| {
            let value = prm.material[victim.index()].0;
            pieces_by_value
                .iter()
                .filter(|r| prm.material[r.index()].0 < value)
                .count()
        });

        let weighs_threats = prm.hanging != Pair::default()
            || prm
                .threat_by_pawn
                .iter()
                .chain(&prm.threat_by_lesser)
                .any(|&w| w != Pair::default());

        let weighs_king_threats = prm.weak_king_zone != Pair::default()
            || prm.safe_check.iter().any(|&w| w != Pair::default());
        let weighs_outposts = prm.outpost.iter().any(|&w| w != Pair::default());

        EvalTables {
            evaluation: t.spec.evaluation,
            params: prm,
            size: n,
            psq,
            files,
            adjacent_files,
            passed_span,
            shield,
            centre_distance,
            promotion_rank,
            promotion_files,
            can_promote,
            max_phase,
            pieces_by_value,
            lesser_count,
            weighs_threats,
            weighs_king_threats,
            beside,
            outpost_band,
            weighs_outposts,
        }
    }
}

#[cfg(test)]
mod estimate_tests {
    use super::*;

    /// Capablanca's archbishop and chancellor are worth more than a
    /// bishop and a knight, and a rook and a knight; less than a queen
    /// and a knight.
    #[test]
    fn extra_pieces_are_valued_by_their_moves() {
        crate::rules::ini::registry::load_shipped();
        let capablanca: Variant = "capablanca".parse().unwrap();
        let prm = &EvalTables::<u128>::get(capablanca).params;
        let mg = |role: Role| prm.material[role.index()].0;
        let (archbishop, chancellor) = (mg(Role::Champion), mg(Role::Fad));
        assert!(
            archbishop > mg(Role::Bishop) + mg(Role::Knight),
            "{archbishop}"
        );
        assert!(
            chancellor > mg(Role::Rook) + mg(Role::Knight),
            "{chancellor}"
        );
        assert!(
            chancellor < mg(Role::Queen) + mg(Role::Knight),
            "{chancellor}"
        );
        // The built-in games keep their tuned numbers.
        let wad = &EvalTables::<u128>::get(Variant::WadChess).params;
        assert_eq!(wad.material, params(Variant::WadChess).material);
    }
}
