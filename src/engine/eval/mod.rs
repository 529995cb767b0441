//! Static evaluation, the same code for every game with each game's
//! numbers in [`params`]: material and piece-square terms (built from the
//! board's geometry), mobility, pawn structure, king safety, tapered
//! between middlegame and endgame, plus endgame knowledge (dead and
//! drawish material, driving a bare king to the edge).

mod chad;
pub mod params;
pub mod pawns;
mod tables;
pub mod tune;

use crate::rules::{Bitboard, Color, Evaluation, Piece, Position, Role, Square};

use super::score::Score;
use params::Pair;
use pawns::{PawnCache, PawnEntry};
pub use tables::EvalTables;

/// Whether `color` has enough material to mate a bare king by itself.
fn has_mating_material<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    let heavy = pos.pieces(color, Role::Pawn)
        | pos.pieces(color, Role::Rook)
        | pos.pieces(color, Role::Queen)
        | pos.pieces(color, Role::Champion);
    if heavy.any() {
        return true;
    }
    let minors = pos.pieces(color, Role::Knight)
        | pos.pieces(color, Role::Bishop)
        | pos.pieces(color, Role::Fad);
    minors.more_than_one()
}

/// Each side's attack maps, gathered by the mobility loop: by its pawns,
/// by its pieces of each role (pawns and kings aside), by all but the
/// king, and all together.
struct AttackMaps<B> {
    by_pawns: [B; 2],
    by_role: [[B; Role::COUNT]; 2],
    all_but_king: [B; 2],
    all: [B; 2],
}

impl<B: Bitboard> AttackMaps<B> {
    /// Completes the maps with the sums and the kings'.
    fn new(pos: &Position<B>, by_pawns: [B; 2], by_role: [[B; Role::COUNT]; 2]) -> AttackMaps<B> {
        let t = pos.tables();
        let all_but_king = Color::ALL.map(|color| {
            let c = color.index();
            by_role[c].iter().fold(by_pawns[c], |acc, &b| acc | b)
        });
        let all = Color::ALL
            .map(|color| all_but_king[color.index()] | t.leaps(Role::King, pos.king(color)));
        AttackMaps {
            by_pawns,
            by_role,
            all_but_king,
            all,
        }
    }
}

/// The king safety terms that need both sides' attacks (White's view):
/// safe checks and weakly defended squares next to each king.
fn king_threats<B: Bitboard>(pos: &Position<B>, et: &EvalTables<B>, maps: &AttackMaps<B>) -> Pair {
    let t = pos.tables();
    let prm = &et.params;
    let blockers = pos.blockers();
    let mut total = Pair::default();
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let (us, them) = (color.index(), (!color).index());
        let their_king = pos.king(!color);
        let mut terms = Pair::default();
        let safe = !pos.color_bb(color) & !maps.all[them] & pos.exists();
        let orthogonal = t.orthogonal_attacks(their_king, blockers);
        let diagonal = t.diagonal_attacks(their_king, blockers);
        for &role in t.spec.roles {
            let weight = prm.safe_check[role.index()];
            if role == Role::Pawn || role == Role::King || weight == Pair::default() {
                continue;
            }
            // Every piece here moves alike both ways, so the squares it
            // checks from are those it would attack from the king's.
            let checks = t.attacks_given_rays(role, their_king, orthogonal, diagonal)
                & maps.by_role[us][role.index()]
                & safe;
            let count = checks.count() as i32;
            terms.0 += weight.0 * count;
            terms.1 += weight.1 * count;
        }
        let weak = t.leaps(Role::King, their_king) & maps.all[us] & !maps.all_but_king[them];
        let count = weak.count() as i32;
        terms.0 += prm.weak_king_zone.0 * count;
        terms.1 += prm.weak_king_zone.1 * count;
        total.0 += sign * terms.0;
        total.1 += sign * terms.1;
    }
    total
}

/// The threat terms (White's view, middlegame and endgame): pieces
/// attacked by pawns, by lesser pieces, and attacked but undefended.
fn threats<B: Bitboard>(pos: &Position<B>, et: &EvalTables<B>, maps: &AttackMaps<B>) -> Pair {
    let t = pos.tables();
    let prm = &et.params;
    let (pawn_attacks, attacked_by_role, attacked) = (maps.by_pawns, &maps.by_role, maps.all);
    let mut total = Pair::default();
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let (us, them) = (color.index(), (!color).index());
        let mut threats = Pair::default();
        let mut add = |weight: Pair, count: u32| {
            threats.0 += weight.0 * count as i32;
            threats.1 += weight.1 * count as i32;
        };
        // Squares attacked by the `i` least valuable roles, for each `i`.
        let mut by_least = [B::EMPTY; Role::COUNT + 1];
        for (i, r) in et.pieces_by_value.iter().enumerate() {
            by_least[i + 1] = by_least[i] | attacked_by_role[us][r.index()];
        }
        for &role in t.spec.roles {
            if role == Role::Pawn || role == Role::King {
                continue;
            }
            let victims = pos.pieces(!color, role);
            if victims.is_empty() {
                continue;
            }
            add(
                prm.threat_by_pawn[role.index()],
                (victims & pawn_attacks[us]).count(),
            );
            let by_lesser = by_least[et.lesser_count[role.index()]];
            add(
                prm.threat_by_lesser[role.index()],
                (victims & by_lesser).count(),
            );
        }
        let pieces = pos.color_bb(!color) & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King);
        add(
            prm.hanging,
            (pieces & attacked[us] & !attacked[them]).count(),
        );
        total.0 += sign * threats.0;
        total.1 += sign * threats.1;
    }

    total
}

/// `score` (White's view) corrected by endgame knowledge that no term
/// above nor a network trained on self-play sees: a side that cannot
/// mate gets almost nothing for its lead, and a side that faces a bare
/// king is led to drive it to the edge with its own king close.
fn with_endgame_knowledge<B: Bitboard>(
    pos: &Position<B>,
    et: &EvalTables<B>,
    score: Score,
) -> Score {
    let strong = if score >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let weak = !strong;
    if !has_mating_material(pos, strong) {
        // Ahead, but unable to mate (e.g. a lone knight): nearly a draw.
        return score / 16;
    }
    if !has_only_its_king(pos, weak) {
        return score;
    }
    // Drive the bare king to the edge and bring the own king close.
    let weak_king = pos.king(weak);
    let distance = pos.tables().geometry.distance(weak_king, pos.king(strong));
    let mop_up = 400 + 25 * et.centre_distance[weak_king.index()] - 8 * distance;
    if strong == Color::White {
        score + mop_up
    } else {
        score - mop_up
    }
}

/// Whether `color` has nothing left but its king.
fn has_only_its_king<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    (pos.color_bb(color) & !pos.role_bb(Role::King)).is_empty()
}

/// Whether one side has only its king left and the other can still mate.
fn faces_a_bare_king_with_mating_material<B: Bitboard>(pos: &Position<B>) -> bool {
    [Color::White, Color::Black]
        .into_iter()
        .any(|weak| has_only_its_king(pos, weak) && has_mating_material(pos, !weak))
}

/// A network's evaluation `score` (side to move's view) of `pos`, with
/// the same endgame knowledge as the hand-written evaluation's applied
/// (see [`with_endgame_knowledge`]); against a bare king the hand-written
/// evaluation replaces it. Chad's own evaluation has none.
pub fn with_endgame_knowledge_for_side<B: Bitboard>(
    pos: &Position<B>,
    et: &EvalTables<B>,
    score: Score,
) -> Score {
    if et.evaluation == Evaluation::Chad {
        return score;
    }
    if faces_a_bare_king_with_mating_material(pos) {
        // Networks see too few such positions to steer a mate: their
        // small differences drown the mop-up term, so the hand-written
        // evaluation (material and mop-up) decides here.
        return evaluate(pos, et);
    }
    match pos.side_to_move() {
        Color::White => with_endgame_knowledge(pos, et, score),
        Color::Black => -with_endgame_knowledge(pos, et, -score),
    }
}

/// The static evaluation from the side to move's point of view.
pub fn evaluate<B: Bitboard>(pos: &Position<B>, et: &EvalTables<B>) -> Score {
    match settled_evaluation(pos, et) {
        Some(score) => score,
        None => evaluate_with_pawns(pos, et, &PawnEntry::compute(pos, et)),
    }
}

/// The same as [`evaluate`], with the pawn structure taken from `pawns`
/// when it holds this position's.
pub fn evaluate_cached<B: Bitboard>(
    pos: &Position<B>,
    et: &EvalTables<B>,
    pawns: &mut PawnCache<B>,
) -> Score {
    match settled_evaluation(pos, et) {
        Some(score) => score,
        None => evaluate_with_pawns(pos, et, pawns.probe(pos, et)),
    }
}

/// The evaluation of positions that need none of the terms below: dead
/// ones, and Chad's (its own evaluation).
fn settled_evaluation<B: Bitboard>(pos: &Position<B>, et: &EvalTables<B>) -> Option<Score> {
    if pos.is_dead() {
        Some(0)
    } else if et.evaluation == Evaluation::Chad {
        Some(chad::evaluate(pos))
    } else {
        None
    }
}

/// The evaluation of a live position of the common evaluation, given its
/// pawns' entry.
fn evaluate_with_pawns<B: Bitboard>(
    pos: &Position<B>,
    et: &EvalTables<B>,
    pawns: &PawnEntry<B>,
) -> Score {
    let t = pos.tables();
    let prm = &et.params;
    let n = et.size;
    // Holes stop riders like pieces (Wau Chess); no other game has any.
    let blockers = pos.blockers();
    let mut mg = pawns.score.0;
    let mut eg = pawns.score.1;
    let mut phase = 0i32;
    let pawn_attacks = pawns.attacks;

    // What each side's pieces attack, by role, for the threats.
    let mut attacked_by_role = [[B::EMPTY; Role::COUNT]; 2];

    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let them = !color;
        let own = pos.color_bb(color);
        let own_pawns = pos.pieces(color, Role::Pawn);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let their_king = pos.king(them);
        let king_zone = t.leaps(Role::King, their_king) | B::from_square(their_king);
        let safe = !own & !pawn_attacks[them.index()] & pos.exists();
        let mut attack_units = 0i32;
        let mut attackers = 0i32;
        let (mut cmg, mut ceg) = (0i32, 0i32);

        for &role in t.spec.roles {
            let pieces = pos.pieces(color, role);
            phase += pieces.count() as i32 * prm.phase_weight[role.index()];
            let piece_index = Piece::new(color, role).index() * n;
            let mobility = prm.mobility[role.index()];
            for sq in pieces.squares() {
                let v = et.psq[piece_index + sq.index()];
                cmg += v.0;
                ceg += v.1;
                if role == Role::Pawn || role == Role::King {
                    continue;
                }
                let attacks = t.attacks(role, sq, blockers);
                attacked_by_role[color.index()][role.index()] |= attacks;
                let reach = (attacks & safe).count() as i32;
                cmg += mobility.0 * reach;
                ceg += mobility.1 * reach;
                if (attacks & king_zone).any() {
                    attackers += 1;
                    attack_units +=
                        prm.king_attack_weight[role.index()] * (attacks & king_zone).count() as i32;
                }
                // An outpost: no enemy pawn on a neighbouring file ahead
                // (the passed-pawn span less the own file) can ever
                // attack it.
                if et.weighs_outposts
                    && et.outpost_band[color.index()].has(sq)
                    && pawn_attacks[color.index()].has(sq)
                    && (et.passed_span[color.index()][sq.index()]
                        & et.adjacent_files[t.geometry.file_of(sq).0 as usize]
                        & their_pawns)
                        .is_empty()
                {
                    let bonus = prm.outpost[role.index()];
                    cmg += bonus.0;
                    ceg += bonus.1;
                }
                if role == Role::Rook {
                    let file = et.files[t.geometry.file_of(sq).0 as usize];
                    if (file & own_pawns).is_empty() {
                        let bonus = if (file & their_pawns).is_empty() {
                            prm.rook_open_file
                        } else {
                            prm.rook_half_open_file
                        };
                        cmg += bonus.0;
                        ceg += bonus.1;
                    }
                }
            }
        }

        if pos.pieces(color, Role::Bishop).more_than_one() {
            cmg += prm.bishop_pair.0;
            ceg += prm.bishop_pair.1;
        }

        // The passed pawns' terms that depend on more than pawns.
        let c = color.index();
        let king = pos.king(color);
        // King steps, counted up to 5.
        let distance = |a: Square, b: Square| t.geometry.distance(a, b).min(5);
        for sq in pawns.passed[c].squares() {
            if let Some(stop) = t.pawn_step(color, sq).squares().next() {
                if pos.occupied().has(stop) {
                    cmg += prm.passed_blocked.0;
                    ceg += prm.passed_blocked.1;
                }
                let closer = distance(their_king, stop) - distance(king, stop);
                cmg += prm.passed_king_distance.0 * closer;
                ceg += prm.passed_king_distance.1 * closer;
            }
        }

        // King shelter.
        let shelter = (et.shield[color.index()][king.index()] & own_pawns).count() as i32;
        cmg += prm.king_shield.0 * shelter.min(3);

        // Attacks on the enemy king, counted when two or more pieces join.
        if attackers >= 2 {
            let danger =
                (attack_units * attack_units * prm.king_danger_scale / 64).min(prm.king_danger_max);
            cmg += danger;
            ceg += danger / 4;
        }

        mg += sign * cmg;
        eg += sign * ceg;
    }

    if et.weighs_threats || et.weighs_king_threats {
        let maps = AttackMaps::new(pos, pawn_attacks, attacked_by_role);
        if et.weighs_threats {
            let threats = threats(pos, et, &maps);
            mg += threats.0;
            eg += threats.1;
        }
        if et.weighs_king_threats {
            let king = king_threats(pos, et, &maps);
            mg += king.0;
            eg += king.1;
        }
    }

    let phase = phase.min(et.max_phase);
    let score = (mg * phase + eg * (et.max_phase - phase)) / et.max_phase;

    let score = with_endgame_knowledge(pos, et, score);

    let score = if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    };
    score + prm.tempo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use params::{EvalParams, params};

    fn eval_fen<B: Bitboard>(variant: Variant, fen: &str) -> Score {
        let pos = Position::<B>::from_fen(variant, fen).unwrap();
        evaluate(&pos, EvalTables::get(variant))
    }

    /// In King of the Hill a king nearer the centre is worth more; in
    /// chess, with the same pieces, not so much.
    #[test]
    fn a_flag_piece_is_drawn_to_its_region() {
        crate::rules::ini::registry::load_shipped();
        let hill: Variant = "kingofthehill".parse().unwrap();
        let near = "r3k3/8/8/8/8/4K3/8/R7 w - - 0 1";
        let far = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let gain = |variant| eval_fen::<u64>(variant, near) - eval_fen::<u64>(variant, far);
        assert!(
            gain(hill) >= gain(Variant::Chess) + 100,
            "{} {}",
            gain(hill),
            gain(Variant::Chess)
        );
    }

    /// The chess evaluation of `fen` with the chess numbers as `set`
    /// leaves them.
    fn chess_eval_with(fen: &str, set: &dyn Fn(&mut EvalParams)) -> Score {
        let mut prm = params(Variant::Chess).clone();
        set(&mut prm);
        let tables = EvalTables::<u64>::with_params(Variant::Chess, prm);
        evaluate(
            &Position::<u64>::from_fen(Variant::Chess, fen).unwrap(),
            &tables,
        )
    }

    #[test]
    fn threats_count_attacked_pieces_by_attacker_and_defence() {
        // The chess numbers with every threat weight zero, then one at a
        // time set: the score moves by exactly that weight times the
        // number of pieces it counts (equal middlegame and endgame values,
        // so the phase does not matter).
        let score = |fen: &str, set: &dyn Fn(&mut EvalParams)| {
            chess_eval_with(fen, &|prm| {
                prm.threat_by_pawn = [Pair::default(); Role::COUNT];
                prm.threat_by_lesser = [Pair::default(); Role::COUNT];
                prm.hanging = Pair::default();
                set(prm);
            })
        };
        let knight = Role::Knight.index();
        let rook = Role::Rook.index();
        // White's e4 pawn attacks Black's undefended d5 knight.
        let fen = "4k3/p7/8/3n4/4P3/8/7P/4K3 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(
            score(fen, &|p| p.threat_by_pawn[knight] = Pair(40, 40)) - zero,
            40
        );
        assert_eq!(score(fen, &|p| p.hanging = Pair(30, 30)) - zero, 30);
        assert_eq!(
            score(fen, &|p| p.threat_by_lesser[knight] = Pair(50, 50)) - zero,
            0,
            "a pawn is not a lesser piece"
        );
        // Defended by the e6 pawn: no longer hanging, still attacked.
        let fen = "4k3/p7/4p3/3n4/4P3/8/7P/4K3 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(score(fen, &|p| p.hanging = Pair(30, 30)) - zero, 0);
        assert_eq!(
            score(fen, &|p| p.threat_by_pawn[knight] = Pair(40, 40)) - zero,
            40
        );
        // White's e3 knight attacks Black's d5 rook: a lesser piece's
        // threat; for Black, the side to move, it counts against.
        let fen = "4k3/p7/8/3r4/8/4N3/7P/4K3 b - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(
            score(fen, &|p| p.threat_by_lesser[rook] = Pair(50, 50)) - zero,
            -50
        );
    }

    #[test]
    fn outposts_are_defended_by_a_pawn_and_out_of_enemy_pawns_reach() {
        let knight = Role::Knight.index();
        let score = |fen: &str, weight: i32| {
            chess_eval_with(fen, &|prm| {
                prm.outpost = [Pair::default(); Role::COUNT];
                prm.outpost[knight] = Pair(weight, weight);
            })
        };
        let gain = |fen: &str| score(fen, 30) - score(fen, 0);
        // White's d5 knight, defended by e4, no black pawn on c or e.
        assert_eq!(gain("4k3/7p/8/3N4/4P3/8/8/4K3 w - - 0 1"), 30);
        // Black's c7 pawn may come to c6: no outpost.
        assert_eq!(gain("4k3/2p4p/8/3N4/4P3/8/8/4K3 w - - 0 1"), 0);
        // A black pawn on c4 is behind the knight: still an outpost.
        assert_eq!(gain("4k3/7p/8/3N4/2p1P3/8/8/4K3 w - - 0 1"), 30);
        // Not defended by a pawn; then on the 7th rank, outside the band.
        assert_eq!(gain("4k3/7p/8/3N4/8/4P3/8/4K3 w - - 0 1"), 0);
        assert_eq!(gain("4k3/3N3p/4P3/8/8/8/8/4K3 w - - 0 1"), 0);
        // Black's f4 knight, defended by e5, counts against White.
        assert_eq!(gain("4k3/8/8/4p3/5n2/8/7P/4K3 w - - 0 1"), -30);
    }

    #[test]
    fn pawn_terms_count_support_neighbours_blockers_and_king_distance() {
        // As for the threats: the new pawn weights zero, then one set.
        let score = |fen: &str, set: &dyn Fn(&mut EvalParams)| {
            chess_eval_with(fen, &|prm| {
                prm.supported_pawn = Pair::default();
                prm.phalanx_pawn = Pair::default();
                prm.passed_blocked = Pair::default();
                prm.passed_king_distance = Pair::default();
                set(prm);
            })
        };
        let w = Pair(10, 10);
        // d4 and e4 stand side by side: two pawns with a neighbour.
        let fen = "r3k3/8/8/8/3PP3/8/8/R3K3 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(score(fen, &|p| p.phalanx_pawn = w) - zero, 20);
        assert_eq!(score(fen, &|p| p.supported_pawn = w) - zero, 0);
        // d3 defends e4.
        let fen = "r3k3/8/8/8/4P3/3P4/8/R3K3 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(score(fen, &|p| p.supported_pawn = w) - zero, 10);
        assert_eq!(score(fen, &|p| p.phalanx_pawn = w) - zero, 0);
        // The passed e4 pawn is blocked by the e5 knight; Black's king is
        // one step nearer e5 than White's.
        let fen = "r3k3/8/8/4n3/4P3/8/8/R3K3 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(score(fen, &|p| p.passed_blocked = w) - zero, 10);
        assert_eq!(score(fen, &|p| p.passed_king_distance = w) - zero, -10);
    }

    #[test]
    fn king_threats_count_safe_checks_and_weak_squares() {
        // As for the threats: the king terms zero, then one set.
        let score = |fen: &str, set: &dyn Fn(&mut EvalParams)| {
            chess_eval_with(fen, &|prm| {
                prm.safe_check = [Pair::default(); Role::COUNT];
                prm.weak_king_zone = Pair::default();
                set(prm);
            })
        };
        let rook = Role::Rook.index();
        let w = Pair(10, 10);
        // The a1 rook can check from a8 and from e1.
        let fen = "4k3/8/8/8/8/8/7K/R7 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(score(fen, &|p| p.safe_check[rook] = w) - zero, 20);
        assert_eq!(
            score(fen, &|p| p.safe_check[Role::Queen.index()] = w) - zero,
            0
        );
        // The c6 bishop guards a8: only the check from e1 is safe.
        let fen = "4k3/8/2b5/8/8/8/7K/R7 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(score(fen, &|p| p.safe_check[rook] = w) - zero, 10);
        // The a7 rook attacks d7, e7 and f7 next to the king; the f6
        // knight defends d7.
        let fen = "4k3/R7/5n2/8/8/8/7K/8 w - - 0 1";
        let zero = score(fen, &|_| {});
        assert_eq!(score(fen, &|p| p.weak_king_zone = w) - zero, 20);
    }

    #[test]
    fn start_positions_are_balanced() {
        for (variant, score) in [
            (
                Variant::Chess,
                eval_fen::<u64>(Variant::Chess, Variant::Chess.spec().start_fen),
            ),
            (
                Variant::WadChess,
                eval_fen::<u128>(Variant::WadChess, Variant::WadChess.spec().start_fen),
            ),
            (
                Variant::ParityChess,
                eval_fen::<u128>(Variant::ParityChess, Variant::ParityChess.spec().start_fen),
            ),
        ] {
            // Both armies mirror each other: only the side to move's bonus
            // is left.
            assert_eq!(score, params(variant).tempo, "{variant}");
        }
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        let white = eval_fen::<u64>(
            Variant::Chess,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        );
        let black = eval_fen::<u64>(
            Variant::Chess,
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
        );
        assert_eq!(white, black);
    }

    #[test]
    fn lone_minor_pieces_are_drawish_but_a_champion_wins() {
        let knight = eval_fen::<u128>(Variant::WadChess, "k9/10/10/10/10/10/10/7NK1 w - - 0 1");
        // Near zero apart from the side to move's bonus.
        let tempo = params(Variant::WadChess).tempo;
        assert!((knight - tempo).abs() < 50, "{knight}");
        let champion = eval_fen::<u128>(Variant::WadChess, "k9/10/10/10/10/10/10/7CK1 w - - 0 1");
        assert!(champion > 500, "{champion}");
    }

    #[test]
    fn a_networks_score_gets_the_same_endgame_knowledge_from_either_side() {
        let et = EvalTables::<u64>::get(Variant::Chess);
        let adjusted = |fen: &str, score: Score| {
            let pos = Position::<u64>::from_fen(Variant::Chess, fen).unwrap();
            with_endgame_knowledge_for_side(&pos, et, score)
        };
        // A lone knight cannot mate: its lead shrinks to a sixteenth,
        // whichever side is to move.
        assert_eq!(adjusted("8/8/4k3/8/8/8/8/N6K w - - 0 1", 185), 11);
        assert_eq!(adjusted("8/8/4k3/8/8/8/8/N6K b - - 0 1", -185), -11);
        // Against a bare king the hand-written evaluation decides, whose
        // mop-up term rewards a king pushed to the edge and the other
        // king close, for the side to move or not.
        let cornered = adjusted("k7/8/1K6/8/8/8/8/7R w - - 0 1", 37);
        let central = adjusted("8/8/8/3k4/8/8/8/K6R w - - 0 1", 37);
        assert!(cornered > central && central > 500, "{cornered} {central}");
        let black_to_move = "k7/8/1K6/8/8/8/8/7R b - - 0 1";
        let pos = Position::<u64>::from_fen(Variant::Chess, black_to_move).unwrap();
        let black_view = adjusted(black_to_move, 37);
        assert_eq!(black_view, evaluate(&pos, et));
        assert!(black_view < -500);
        // With material on both sides the score is the network's own.
        assert_eq!(adjusted("k7/p7/1K6/8/8/8/8/7R w - - 0 1", 300), 300);
    }
}
