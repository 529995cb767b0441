//! Chad's evaluation (see [`super::params::ChadParams`] for what it
//! weighs and why): material, attackers on the enemy wall and the
//! captures they threaten, queens inside the enemy castle, defenders
//! inside the own castle, and the king's open lines.

use crate::rules::{Bitboard, Color, Position, Role};

use super::super::score::Score;
use super::params::CHAD_PARAMS;

/// The static evaluation of a Chad position, from the side to move's
/// point of view.
pub fn evaluate<B: Bitboard>(pos: &Position<B>) -> Score {
    let t = pos.tables();
    let prm = &CHAD_PARAMS;
    let occupied = pos.occupied();
    let mut score = 0i32;
    for us in Color::ALL {
        let them = !us;
        let (own_castle, own_wall) = (t.castle[us.index()], t.wall[us.index()]);
        let (enemy_castle, enemy_wall) = (t.castle[them.index()], t.wall[them.index()]);
        let enemy = pos.color_bb(them);
        let mut side = 0i32;
        for (role, value) in [(Role::Rook, prm.rook), (Role::Queen, prm.queen)] {
            for sq in pos.pieces(us, role).squares() {
                side += value;
                let attacks = t.attacks(role, sq, occupied);
                side += prm.mobility * (attacks & !occupied).count() as i32;
                if enemy_wall.has(sq) {
                    side += prm.on_enemy_wall;
                    side += prm.wall_threat * (attacks & enemy_castle & enemy).count() as i32;
                } else if enemy_castle.has(sq) {
                    side += prm.in_enemy_castle;
                } else if own_castle.has(sq) {
                    side += prm.castle_defender;
                    side += prm.defender_threat * (attacks & own_wall & enemy).count() as i32;
                }
            }
        }
        let king = pos.king(us);
        let files = t.orthogonal_attacks(king, occupied) & !own_castle;
        side += prm.open_king_file * files.count() as i32;
        if pos.pieces(them, Role::Queen).any() {
            let diagonals = t.diagonal_attacks(king, occupied) & !own_castle;
            side += prm.open_king_diagonal * diagonals.count() as i32;
        }
        score += if us == Color::White { side } else { -side };
    }
    let score = if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    };
    score + prm.tempo
}
