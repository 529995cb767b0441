//! The transposition table's keys: a 64-bit hash of a whole ChessWar
//! state, and the key of a chance node.

use std::hash::{Hash, Hasher};

use crate::chesswar::state::State;
use crate::chesswar::units::Unit;

/// A 64-bit hash of the whole state (every field of its state string).
pub fn state_key(state: &State) -> u64 {
    let mut h = KeyHasher(0x243F_6A88_85A3_08D3);
    for (i, u) in state.board.iter().enumerate() {
        if let Some(u) = u {
            h.write_u64(((i as u64) << 32) | pack(u));
        }
    }
    h.write_u8(0xFF);
    state.races.hash(&mut h);
    state.to_move.hash(&mut h);
    state.stage.hash(&mut h);
    h.write_u32(state.round);
    h.write_u32(state.quiet);
    h.write_u8(u8::from(state.killed) | u8::from(state.opened) << 1 | u8::from(state.acted) << 2);
    state.last.hash(&mut h);
    state.regen.hash(&mut h);
    state.options.hash(&mut h);
    state.pending.hash(&mut h);
    state.ending.hash(&mut h);
    h.finish()
}

/// The key of a chance node: its state's, told apart by the rolls in a
/// row before it (which decide where the roll chain is cut).
pub fn chance_key(state: &State, rolls: u32) -> u64 {
    state_key(state) ^ u64::from(rolls + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A unit as bits: side, race, slot and marks.
fn pack(u: &Unit) -> u64 {
    let f = u.flags;
    let marks = [
        f.moved,
        f.charged,
        f.balked,
        f.fired,
        f.attacked,
        f.stupid,
        f.steady,
        f.scared,
        f.frightened,
        f.protected,
        f.strike,
        f.cast,
        f.owed,
        f.reacted,
    ]
    .iter()
    .enumerate()
    .fold(0u64, |acc, (i, &b)| acc | u64::from(b) << i);
    let slot = u.slot.index() as u64;
    marks | (u.side.index() as u64) << 14 | (u.race.index() as u64) << 15 | slot << 18
}

/// A fast multiplicative hasher with a final mix, for [`state_key`].
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}
