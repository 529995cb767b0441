//! Sight (`src/chesswar/RULES.md`, "Firing"): a line from the centre of one
//! square to the centre of another is blocked by a unit on any square whose
//! inside it crosses. Where it passes exactly through a corner, it touches
//! the two other squares at that corner only there; it is blocked there only
//! if both of them are occupied. The two end squares never block.
//!
//! The squares and corner pairs of each of the 64 x 64 lines are worked
//! out once, in doubled coordinates (square centres at odd numbers, corners
//! at even ones), with exact integer arithmetic.

use std::sync::OnceLock;

use super::units::Square;

/// What can block one line.
struct Line {
    /// The squares whose inside the line crosses, ends excluded.
    crossed: u64,
    /// For each corner the line passes through, the two squares that meet
    /// there without being crossed.
    corners: Vec<u64>,
}

fn lines() -> &'static [Line] {
    static LINES: OnceLock<Vec<Line>> = OnceLock::new();
    LINES.get_or_init(|| {
        let mut all = Vec::with_capacity(64 * 64);
        for from in 0..64u8 {
            for to in 0..64u8 {
                all.push(build(Square(from), Square(to)));
            }
        }
        all
    })
}

fn bit(x: i32, y: i32) -> u64 {
    1u64 << (y * 8 + x)
}

fn build(from: Square, to: Square) -> Line {
    let (x0, y0) = (from.file() as i32, from.rank() as i32);
    let (x1, y1) = (to.file() as i32, to.rank() as i32);
    let (cx, cy) = (2 * x0 + 1, 2 * y0 + 1);
    let (dx, dy) = (2 * (x1 - x0), 2 * (y1 - y0));
    // Which side of the line a point (in doubled coordinates) lies on.
    let side = |px: i32, py: i32| dx * (py - cy) - dy * (px - cx);
    let mut crossed = 0;
    let mut corners = Vec::new();
    if from == to {
        return Line { crossed, corners };
    }
    for x in x0.min(x1)..=x0.max(x1) {
        for y in y0.min(y1)..=y0.max(y1) {
            if (x, y) == (x0, y0) || (x, y) == (x1, y1) {
                continue;
            }
            let s = [
                side(2 * x, 2 * y),
                side(2 * x + 2, 2 * y),
                side(2 * x, 2 * y + 2),
                side(2 * x + 2, 2 * y + 2),
            ];
            let lo = s.iter().copied().min().unwrap_or(0);
            let hi = s.iter().copied().max().unwrap_or(0);
            if lo < 0 && hi > 0 {
                crossed |= bit(x, y);
            }
        }
    }
    for x in x0.min(x1) + 1..=x0.max(x1) {
        for y in y0.min(y1) + 1..=y0.max(y1) {
            if side(2 * x, 2 * y) == 0 {
                // Rising lines cross the lower-left and upper-right squares
                // of the corner and touch the other two; falling lines the
                // reverse.
                let pair = if dx * dy > 0 {
                    bit(x - 1, y) | bit(x, y - 1)
                } else {
                    bit(x - 1, y - 1) | bit(x, y)
                };
                corners.push(pair);
            }
        }
    }
    Line { crossed, corners }
}

/// Whether the line from `from` to `to` is clear, given the occupied
/// squares as a bit set (bit `i` = square `i`). The end squares' own units
/// do not count.
pub fn line_clear(from: Square, to: Square, occupied: u64) -> bool {
    if !from.is_valid() || !to.is_valid() {
        return false;
    }
    let line = &lines()[from.index() * 64 + to.index()];
    line.crossed & occupied == 0 && line.corners.iter().all(|&c| occupied & c != c)
}

/// The squares whose inside the line from `from` to `to` crosses (ends
/// excluded), in index order: any unit on them blocks the line.
pub fn crossed(from: Square, to: Square) -> Vec<Square> {
    if !from.is_valid() || !to.is_valid() {
        return Vec::new();
    }
    let line = &lines()[from.index() * 64 + to.index()];
    (0..64u8)
        .filter(|i| line.crossed >> i & 1 == 1)
        .map(Square)
        .collect()
}

/// The pairs of squares that meet at a corner the line from `from` to `to`
/// passes through: the line is blocked there only if both are occupied.
pub fn corner_pairs(from: Square, to: Square) -> Vec<(Square, Square)> {
    if !from.is_valid() || !to.is_valid() {
        return Vec::new();
    }
    let line = &lines()[from.index() * 64 + to.index()];
    line.corners
        .iter()
        .map(|&c| {
            let a = c.trailing_zeros() as u8;
            let b = 63 - c.leading_zeros() as u8;
            (Square(a), Square(b))
        })
        .collect()
}
