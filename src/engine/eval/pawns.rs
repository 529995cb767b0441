//! The part of the evaluation that the pawns alone decide, and a cache of
//! it by pawn placement: pawns move rarely, so most positions a search
//! meets share their pawns with one evaluated shortly before.

use crate::rules::{Bitboard, Color, Position, Role};

use super::params::Pair;
use super::tables::EvalTables;

/// What the pawns alone decide about a position, for both colours.
#[derive(Clone, Copy, Debug, Default)]
pub struct PawnEntry<B> {
    /// The pawns it was computed for, by colour (the cache's check).
    pawns: [B; 2],
    /// Squares each colour's pawns attack.
    pub attacks: [B; 2],
    /// Each colour's passed pawns: on a file it promotes on, no enemy
    /// pawn ahead on its own file or a neighbouring one.
    pub passed: [B; 2],
    /// The structure terms from White's point of view: supported, side
    /// by side, isolated, doubled, unable to promote, and the passed
    /// pawns' bonus by rank.
    pub score: Pair,
}

impl<B: Bitboard> PawnEntry<B> {
    /// The entry of `pos`'s pawns under the evaluation tables `et`.
    pub fn compute(pos: &Position<B>, et: &EvalTables<B>) -> PawnEntry<B> {
        let t = pos.tables();
        let prm = &et.params;
        let pawns = Color::ALL.map(|c| pos.pieces(c, Role::Pawn));
        let attacks = Color::ALL.map(|c| {
            pawns[c.index()]
                .squares()
                .fold(B::EMPTY, |acc, sq| acc | t.pawn_attacks(c, sq))
        });
        let mut passed = [B::EMPTY; 2];
        let mut score = Pair::default();
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let c = color.index();
            let them = !color;
            let own_pawns = pawns[c];
            let their_pawns = pawns[them.index()];
            let (mut mg, mut eg) = (0i32, 0i32);
            for sq in own_pawns.squares() {
                if (t.pawn_attacks(them, sq) & own_pawns).any() {
                    mg += prm.supported_pawn.0;
                    eg += prm.supported_pawn.1;
                }
                if (et.beside[sq.index()] & own_pawns).any() {
                    mg += prm.phalanx_pawn.0;
                    eg += prm.phalanx_pawn.1;
                }
                let file = t.geometry.file_of(sq).0 as usize;
                if (own_pawns & et.adjacent_files[file]).is_empty() {
                    mg += prm.isolated_pawn.0;
                    eg += prm.isolated_pawn.1;
                }
                if !et.can_promote[c].has(sq) {
                    mg += prm.unpromotable_pawn.0;
                    eg += prm.unpromotable_pawn.1;
                } else if et.promotion_files[c].has(sq)
                    && (et.passed_span[c][sq.index()] & their_pawns).is_empty()
                {
                    passed[c] |= B::from_square(sq);
                    // Steps left to the promotion rank: 1 on the 7th rank
                    // of chess (the table's last entry), 6 on the 2nd.
                    let to_go = (et.promotion_rank[c] - t.geometry.rank_of(sq).0 as i32).abs();
                    let idx = (6 - to_go).clamp(0, 5) as usize;
                    mg += prm.passed_pawn[idx].0;
                    eg += prm.passed_pawn[idx].1;
                }
            }
            for file in &et.files {
                let count = (*file & own_pawns).count() as i32;
                if count > 1 {
                    mg += prm.doubled_pawn.0 * (count - 1);
                    eg += prm.doubled_pawn.1 * (count - 1);
                }
            }
            score.0 += sign * mg;
            score.1 += sign * eg;
        }
        PawnEntry {
            pawns,
            attacks,
            passed,
            score,
        }
    }
}

/// A hash of where both sides' pawns stand, for tables keyed by pawn
/// structure (this cache, the search's correction history).
#[inline]
pub fn pawn_structure_hash<B: Bitboard>(pos: &Position<B>) -> u64 {
    pos.pieces(Color::White, Role::Pawn)
        .digest()
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ pos
            .pieces(Color::Black, Role::Pawn)
            .digest()
            .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
}

/// A search thread's cache of [`PawnEntry`]s, by pawn placement. It
/// returns exactly what [`PawnEntry::compute`] would.
#[derive(Debug)]
pub struct PawnCache<B> {
    entries: Vec<PawnEntry<B>>,
}

impl<B: Bitboard> PawnCache<B> {
    /// An empty cache of `entries` slots (a power of two).
    pub fn new(entries: usize) -> PawnCache<B> {
        assert!(entries.is_power_of_two(), "pawn cache size");
        // An empty slot holds the entry of a board without pawns, which is
        // what that board's lookup must return anyway.
        PawnCache {
            entries: vec![PawnEntry::default(); entries],
        }
    }

    /// The entry of `pos`'s pawns, computed when this slot holds others.
    #[inline]
    pub fn probe(&mut self, pos: &Position<B>, et: &EvalTables<B>) -> &PawnEntry<B> {
        let pawns = Color::ALL.map(|c| pos.pieces(c, Role::Pawn));
        let slot = (pawn_structure_hash(pos) >> 32) as usize & (self.entries.len() - 1);
        let entry = &mut self.entries[slot];
        if entry.pawns != pawns {
            *entry = PawnEntry::compute(pos, et);
        }
        entry
    }
}

#[cfg(test)]
mod tests {
    use super::super::{evaluate, evaluate_cached};
    use super::*;
    use crate::rules::{Variant, Wide};

    /// Random games of `variant`: every position's evaluation through a
    /// two-slot cache (so that slots are taken over all the time) equals
    /// the evaluation computed afresh.
    fn cached_equals_fresh<B: Bitboard>(variant: Variant) {
        let et = EvalTables::<B>::get(variant);
        let mut cache = PawnCache::<B>::new(2);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for _ in 0..20 {
            let mut pos = Position::<B>::startpos(variant);
            for _ in 0..80 {
                assert_eq!(
                    evaluate_cached(&pos, et, &mut cache),
                    evaluate(&pos, et),
                    "{variant} {}",
                    pos.fen()
                );
                checked += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = (seed % moves.len() as u64) as usize;
                pos.play(moves.iter().nth(pick).copied().expect("a move"));
            }
        }
        assert!(checked > 500, "{variant}: {checked} positions");
    }

    #[test]
    fn cached_pawn_entries_give_the_fresh_evaluation() {
        cached_equals_fresh::<u64>(Variant::Chess);
        cached_equals_fresh::<u128>(Variant::WadChess);
        cached_equals_fresh::<u128>(Variant::ParityChess);
        cached_equals_fresh::<u128>(Variant::WauChess);
        cached_equals_fresh::<Wide>(Variant::Chad);
    }
}
