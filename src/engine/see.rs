//! Static exchange evaluation (SEE): what the exchange a move starts on its
//! destination square wins or loses, when both sides recapture there with
//! their least valuable piece and each side may stop whenever continuing
//! would cost it.
//!
//! The search uses it to order captures (good before bad), to prune bad
//! captures in quiescence and late moves that lose material. It is a loop
//! over bitboards: no allocation, no move generation.
//!
//! Every game's capture rules hold:
//!
//! - riders see through the pieces that have already taken part (x-rays),
//!   and holes (Wau Chess) stop them like pieces do;
//! - leapers (knight, WAD champion, FAD, Chad's king) join from wherever
//!   they leap from, over anything in between;
//! - a pawn that captures onto its promotion zone becomes the game's most
//!   valuable promotion piece, and a Chad rook that ends a capture inside
//!   the enemy castle becomes a queen: the capture gains the difference,
//!   and a later recapture takes the promoted piece;
//! - in Chad, rooks and queens capture only from the enemy wall into the
//!   enemy castle or from inside their own castle onto their own wall, and
//!   a king only inside its own castle; a piece that merely lines up with
//!   the square is no attacker;
//! - a king may capture only when the square is no longer attacked by the
//!   other side afterwards (by the game's notion of attack: in Chad a rook
//!   with an open line attacks even where it could not capture);
//! - en passant takes the pawn beside the destination, which opens its
//!   line for x-rays;
//! - castling and Wau Chess's board moves are no exchange: their SEE is 0.
//!
//! Pins and checks are ignored, as in most engines: a pinned piece still
//! recaptures, and a side in check may still stop.

use crate::rules::{Bitboard, Color, Move, MoveKind, Position, Role, Square};

/// Room for the captures of one exchange in [`see`]: every capture removes
/// a piece, and no board holds more pieces than this.
const MAX_CAPTURES: usize = 192;

/// The exchange value of a role in `pos`'s game
/// ([`crate::rules::variant::ExchangeValues`]).
#[inline]
fn value<B: Bitboard>(pos: &Position<B>, role: Role) -> i32 {
    pos.tables().spec.engine.exchange.values[role.index()]
}

/// Whether the exchange that `m` starts on its destination wins at least
/// `threshold` centipawns for the side that plays it, both sides
/// recapturing with their least valuable piece and each free to stop.
/// A quiet move counts what it risks on its destination; castling and
/// board moves count 0. See the module documentation for the rules each
/// game adds (pins and checks are ignored).
pub fn see_ge<B: Bitboard>(pos: &Position<B>, m: Move, threshold: i32) -> bool {
    let Some(first) = FirstMove::of(pos, m) else {
        return 0 >= threshold;
    };
    // Even if the exchange stops here, the side falls short.
    let mut balance = first.gain;
    if balance < threshold {
        return false;
    }
    // Even if the piece just placed is lost for nothing (and the capturer
    // promotes), the side is fine.
    if balance - value(pos, first.placed) - promotion_gain_bound(pos, !first.side, first.to)
        >= threshold
    {
        return true;
    }
    let mut exchange = Exchange::new(pos, &first);
    loop {
        // The opponent recaptures, or stops with the side ahead.
        let Some(gain) = exchange.next_capture() else {
            return true;
        };
        balance -= gain;
        if balance >= threshold {
            return true;
        }
        // The side recaptures, or stops short.
        let Some(gain) = exchange.next_capture() else {
            return false;
        };
        balance += gain;
        if balance < threshold {
            return false;
        }
    }
}

/// The exchange's value in centipawns for the side that plays `m`, by the
/// rules of [`see_ge`]: the usual swap list of the captures' gains, each
/// side keeping the better of stopping and going on, from the last capture
/// back to the first.
pub fn see<B: Bitboard>(pos: &Position<B>, m: Move) -> i32 {
    let Some(first) = FirstMove::of(pos, m) else {
        return 0;
    };
    let mut gains = [0i32; MAX_CAPTURES];
    gains[0] = first.gain;
    let mut len = 1;
    let mut exchange = Exchange::new(pos, &first);
    while len < MAX_CAPTURES {
        match exchange.next_capture() {
            Some(gain) => {
                gains[len] = gain;
                len += 1;
            }
            None => break,
        }
    }
    gains[..len - 1]
        .iter()
        .rev()
        .fold(gains[len - 1], |after, &gain| gain - after.max(0))
}

/// The move that starts an exchange, read once.
struct FirstMove {
    /// The side that plays it.
    side: Color,
    from: Square,
    to: Square,
    /// The pawn taken en passant (beside `to`), if any.
    en_passant_victim: Option<Square>,
    /// What the move wins by itself: the captured piece and any promotion.
    gain: i32,
    /// The role standing on `to` afterwards.
    placed: Role,
}

impl FirstMove {
    /// The first move's facts; `None` for moves that are no exchange
    /// (castling, board moves) or do not fit the position.
    #[inline]
    fn of<B: Bitboard>(pos: &Position<B>, m: Move) -> Option<FirstMove> {
        let (from, to) = (m.from(), m.to());
        let mover = pos.piece_at(from)?;
        let side = mover.color;
        let (captured, en_passant_victim) = match m.kind() {
            MoveKind::Castle | MoveKind::BoardMove => return None,
            MoveKind::EnPassant => (
                Some(Role::Pawn),
                pos.en_passant_capture().map(|ep| ep.victim),
            ),
            _ => match pos.piece_at(to) {
                Some(p) if p.color == side => return None,
                Some(p) => (Some(p.role), None),
                None => (None, None),
            },
        };
        let placed = m
            .promotion_role()
            .unwrap_or_else(|| arrival_role(pos, mover.role, side, to));
        Some(FirstMove {
            side,
            from,
            to,
            en_passant_victim,
            gain: captured.map_or(0, |r| value(pos, r)) + value(pos, placed)
                - value(pos, mover.role),
            placed,
        })
    }
}

/// What a piece of `role` and `side` becomes on arriving at `to`: a pawn
/// on its promotion zone the most valuable promotion piece, a piece of the
/// entry-promoting role (Chad's rook) inside the enemy castle its promoted
/// role, anything else itself.
#[inline]
fn arrival_role<B: Bitboard>(pos: &Position<B>, role: Role, side: Color, to: Square) -> Role {
    let t = pos.tables();
    if role == Role::Pawn && t.promotion_zone[side.index()].has(to) {
        return t
            .spec
            .promotions(side)
            .iter()
            .copied()
            .max_by_key(|&r| value(pos, r))
            .unwrap_or(Role::Pawn);
    }
    match t.entry_promotion {
        Some((zones, from_role, promoted)) if from_role == role && zones[side.index()].has(to) => {
            promoted
        }
        _ => role,
    }
}

/// The most a piece of `side` can gain by promoting on arriving at `to`
/// (0 where nothing of `side` promotes there).
#[inline]
fn promotion_gain_bound<B: Bitboard>(pos: &Position<B>, side: Color, to: Square) -> i32 {
    let t = pos.tables();
    let mut bound = 0;
    if t.promotion_zone[side.index()].has(to) {
        bound = value(pos, arrival_role(pos, Role::Pawn, side, to)) - value(pos, Role::Pawn);
    }
    if let Some((zones, role, promoted)) = t.entry_promotion
        && zones[side.index()].has(to)
    {
        bound = bound.max(value(pos, promoted) - value(pos, role));
    }
    bound
}

/// The state of an exchange on one square after some captures.
struct Exchange<'a, B: Bitboard> {
    pos: &'a Position<B>,
    to: Square,
    /// Pieces still on the board (the ones that captured are gone from
    /// their squares; the square itself is left out).
    occupied: B,
    /// Pieces of both colours attacking `to` through `occupied`, by the
    /// game's geometry; some may already be gone (mask with `occupied`).
    attackers: B,
    /// Where each colour's pieces may capture onto `to` from, by the
    /// game's capture rules (Chad's castles, the king's zone).
    may_capture: [B; 2],
    /// Riders along ranks and files, both colours.
    orthogonal_riders: B,
    /// Riders along diagonals, both colours.
    diagonal_riders: B,
    /// The squares on a rank or file with `to`.
    orthogonal_lines: B,
    /// The squares on a diagonal with `to`.
    diagonal_lines: B,
    /// The role standing on `to` now.
    on_square: Role,
    /// The side to capture next.
    side: Color,
}

impl<'a, B: Bitboard> Exchange<'a, B> {
    /// The exchange after the first move.
    #[inline]
    fn new(pos: &'a Position<B>, first: &FirstMove) -> Exchange<'a, B> {
        let t = pos.tables();
        let to = first.to;
        let mut occupied = pos.occupied() & !B::from_square(first.from) & !B::from_square(to);
        if let Some(victim) = first.en_passant_victim {
            occupied &= !B::from_square(victim);
        }
        let riders = |roles: &[Role]| roles.iter().fold(B::EMPTY, |acc, &r| acc | pos.role_bb(r));
        let mut may_capture = [B::EMPTY; 2];
        for color in Color::ALL {
            let (c, them) = (color.index(), (!color).index());
            let pieces = if t.captures_restricted {
                // Chad: into the enemy castle from its wall, onto the own
                // wall from inside the own castle. Pawns are not limited.
                let mut from = pos.role_bb(Role::Pawn);
                if t.castle[them].has(to) {
                    from |= t.wall[them];
                }
                if t.wall[c].has(to) {
                    from |= t.castle[c];
                }
                from
            } else {
                !B::EMPTY
            };
            let kings = pos.role_bb(Role::King);
            let kings = if t.king_zone[c].has(to) {
                kings
            } else {
                B::EMPTY
            };
            may_capture[c] = (pieces & !pos.role_bb(Role::King)) | kings;
        }
        Exchange {
            pos,
            to,
            occupied,
            attackers: pos.attackers_to(to, occupied),
            may_capture,
            orthogonal_riders: riders(&t.orthogonal_riders),
            diagonal_riders: riders(&t.diagonal_riders),
            orthogonal_lines: t.orthogonal_rays(to),
            diagonal_lines: t.diagonal_rays(to),
            on_square: first.placed,
            side: !first.side,
        }
    }

    /// Takes the piece on `sq` off the board and adds the riders its
    /// departure uncovers behind it.
    #[inline]
    fn lift(&mut self, sq: Square) {
        let bit = B::from_square(sq);
        self.occupied &= !bit;
        let t = self.pos.tables();
        let blockers = self.occupied | self.pos.holes();
        if (self.orthogonal_lines & bit).any() {
            self.attackers |= t.orthogonal_attacks(self.to, blockers) & self.orthogonal_riders;
        } else if (self.diagonal_lines & bit).any() {
            self.attackers |= t.diagonal_attacks(self.to, blockers) & self.diagonal_riders;
        }
    }

    /// The side to move's next capture, with its least valuable piece that
    /// may capture there: what it gains (the piece taken, plus any
    /// promotion). `None` when it has no capture (then the exchange ends).
    #[inline]
    fn next_capture(&mut self) -> Option<i32> {
        let pos = self.pos;
        let side = self.side;
        let own =
            self.attackers & self.occupied & pos.color_bb(side) & self.may_capture[side.index()];
        if own.is_empty() {
            return None;
        }
        let order = &pos.tables().spec.engine.exchange.cheapest_first;
        let (from, role) = order.iter().find_map(|&role| {
            let bb = own & pos.role_bb(role);
            bb.any().then(|| (bb.lsb(), role))
        })?;
        self.lift(from);
        if role == Role::King && (self.attackers & self.occupied & pos.color_bb(!side)).any() {
            // The king may not capture onto an attacked square; it is the
            // side's last attacker, so the side stops.
            return None;
        }
        let placed = arrival_role(pos, role, side, self.to);
        let gain = value(pos, self.on_square) + value(pos, placed) - value(pos, role);
        self.on_square = placed;
        self.side = !side;
        Some(gain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyPosition, Variant};
    use crate::with_position;

    /// Checks that `fen` is a legal position of `variant`, that `wire` is a
    /// legal move in it, and that the move's exchange is worth `expected`
    /// (by `see`, and by `see_ge` just below, at and just above it).
    fn exchange(variant: Variant, fen: &str, wire: &str, expected: i32) {
        let any = AnyPosition::from_fen(variant, fen)
            .unwrap_or_else(|e| panic!("{variant} FEN '{fen}' rejected: {e}"));
        with_position!(&any, pos => {
            assert!(!pos.opponent_in_check(), "{fen}: the side not to move is in check");
            let m = pos
                .parse_wire(wire)
                .unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(see(pos, m), expected, "see of {wire} in {fen}");
            for threshold in [expected - 1, expected, expected + 1] {
                assert_eq!(
                    see_ge(pos, m, threshold),
                    expected >= threshold,
                    "see_ge({wire}, {threshold}) in {fen}"
                );
            }
        });
    }

    #[test]
    fn values_are_in_cheapest_first_order() {
        let standard = &crate::rules::variant::STANDARD_EXCHANGE_VALUES;
        for pair in standard.cheapest_first.windows(2) {
            let [a, b] = [pair[0], pair[1]].map(|r| standard.values[r.index()]);
            assert!(a <= b, "{pair:?}");
        }
        let mut roles = standard.cheapest_first;
        roles.sort();
        assert_eq!(roles, Role::ALL);
        assert_eq!(
            crate::rules::variant::ExchangeValues::from_values(standard.values),
            *standard
        );
    }

    // ----------------------------------------------------------------- chess

    #[test]
    fn chess_pawn_takes_a_defended_knight() {
        // PxN, PxP: 320 - 100 = 220.
        exchange(
            Variant::Chess,
            "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1",
            "e4d5",
            220,
        );
    }

    #[test]
    fn chess_queen_takes_a_pawn_defended_by_a_pawn() {
        // QxP, PxQ: 100 - 950 = -850.
        exchange(
            Variant::Chess,
            "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1",
            "d1d5",
            -850,
        );
    }

    #[test]
    fn chess_rook_behind_rook_recaptures_by_x_ray() {
        // RxP, RxR, RxR (the d1 rook through d2): gains 100, 500, 500.
        // Black's RxR loses 500 - 500 = 0 net, so it may as well happen:
        // 100 - max(0, 500 - 500) = 100. Without the x-ray: 100 - 500.
        exchange(
            Variant::Chess,
            "3rk3/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1",
            "d2d5",
            100,
        );
    }

    #[test]
    fn chess_promotion_captures_and_recaptures_take_the_new_piece() {
        let fen = "1rk5/P7/8/8/8/8/8/4K3 w - - 0 1";
        // PxR=Q gains 500 + 950 - 100 = 1350; KxQ (b8 is not attacked by
        // White) gains 950: 1350 - 950 = 400.
        exchange(Variant::Chess, fen, "a7b8q", 400);
        // PxR=N gains 500 + 320 - 100 = 720; KxN gains 320: 400.
        exchange(Variant::Chess, fen, "a7b8n", 400);
        // a8=Q (quiet) gains 850; RxQ gains 950: 850 - 950 = -100.
        exchange(Variant::Chess, fen, "a7a8q", -100);
    }

    #[test]
    fn chess_en_passant_opens_the_file_behind_the_victim() {
        // exd6 e.p. takes the d5 pawn (100) and opens d1-d6 for the rook:
        // RxP (100) would lose the rook to RxR (500), so Black stops: 100.
        // With d5 left blocking, Black's RxP would end it at 0.
        exchange(
            Variant::Chess,
            "3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 2",
            "e5d6",
            100,
        );
        // A pawn on c7 recaptures: PxP, PxP: 100 - 100 = 0.
        exchange(
            Variant::Chess,
            "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "e5d6",
            0,
        );
    }

    #[test]
    fn chess_king_as_last_attacker() {
        // QxP, KxQ (d7 is not attacked by White any more): 100 - 950.
        exchange(
            Variant::Chess,
            "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1",
            "d1d7",
            -850,
        );
        // The d1 rook sees d7 through d2 once the queen has gone, so the
        // king may not recapture: QxP wins 100.
        exchange(
            Variant::Chess,
            "4k3/3p4/8/8/8/8/3Q4/3RK3 w - - 0 1",
            "d2d7",
            100,
        );
    }

    #[test]
    fn chess_quiet_moves_and_castling() {
        // Ng5 (quiet) is taken by the h6 pawn: 0 - 320.
        exchange(
            Variant::Chess,
            "4k3/8/7p/8/8/5N2/8/4K3 w - - 0 1",
            "f3g5",
            -320,
        );
        // Castling is no exchange: 0.
        exchange(
            Variant::Chess,
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "e1g1",
            0,
        );
    }

    // -------------------------------------------------------------- wadchess

    #[test]
    fn wadchess_champion_leaps_in_to_recapture() {
        // PxN, PxP, CxP (the champion's dabbaba leap d3-d5 over the d4
        // pawn): gains 320, 100, 100: 320 - max(0, 100 - 100) = 320.
        // Without the champion: 320 - 100 = 220.
        exchange(
            Variant::WadChess,
            "5k4/10/4p5/3n6/3PP5/3C6/10/5K4 w - - 0 1",
            "e4d5",
            320,
        );
    }

    #[test]
    fn wadchess_champion_takes_a_pawn_defended_by_a_pawn() {
        // CxP, PxC: 100 - 400 = -300.
        exchange(
            Variant::WadChess,
            "5k4/10/2p7/3p6/10/3C6/10/5K4 w - - 0 1",
            "d3d5",
            -300,
        );
    }

    #[test]
    fn wadchess_champion_takes_a_loose_rook() {
        // CxR by the alfil leap d3-b5, nothing recaptures: 500.
        exchange(
            Variant::WadChess,
            "5k4/10/10/1r8/10/3C6/10/5K4 w - - 0 1",
            "d3b5",
            500,
        );
    }

    #[test]
    fn wadchess_queen_behind_rook_recaptures_by_x_ray() {
        // RxP, RxR, QxR (f1 through f2): gains 100, 500, 500:
        // 100 - max(0, 500 - 500) = 100. Without the x-ray: 100 - 500.
        exchange(
            Variant::WadChess,
            "5k4/5r4/10/5p4/10/10/5R4/5Q2K1 w - - 0 1",
            "f2f5",
            100,
        );
    }

    #[test]
    fn wadchess_promotion_capture_chooses_its_piece() {
        let fen = "1r3k4/P9/10/10/10/10/10/5K4 w - - 0 1";
        // PxR=C: 500 + 400 - 100 = 800, nothing recaptures.
        exchange(Variant::WadChess, fen, "a7b8c", 800);
        // PxR=Q: 500 + 950 - 100 = 1350.
        exchange(Variant::WadChess, fen, "a7b8q", 1350);
    }

    // ----------------------------------------------------------- paritychess

    #[test]
    fn paritychess_fad_leaps_in_to_recapture() {
        // PxB, PxP, FxP (the FAD's alfil leap h3-f5): gains 330, 100, 100:
        // 330 - max(0, 100 - 100) = 330. Without the FAD: 230.
        exchange(
            Variant::ParityChess,
            "6k5/12/6p5/5b6/4P7/7F4/12/6K5 w - - 0 1",
            "e4f5",
            330,
        );
    }

    #[test]
    fn paritychess_fad_takes_a_pawn_defended_by_a_pawn() {
        // FxP by the dabbaba leap f3-f5, PxF: 100 - 380 = -280.
        exchange(
            Variant::ParityChess,
            "6k5/12/6p5/5p6/12/5F6/12/6K5 w - - 0 1",
            "f3f5",
            -280,
        );
    }

    #[test]
    fn paritychess_champion_takes_a_rook_defended_by_a_fad() {
        // CxR (wazir step), FxC (ferz step e6-f5): 500 - 400 = 100.
        exchange(
            Variant::ParityChess,
            "6k5/12/4f7/5r6/5C6/12/12/6K5 w - - 0 1",
            "f4f5",
            100,
        );
    }

    #[test]
    fn paritychess_promotion_capture() {
        let fen = "1r4k5/P11/12/12/12/12/12/6K5 w - - 0 1";
        // PxR=F: 500 + 380 - 100 = 780; PxR=Q: 500 + 950 - 100 = 1350.
        exchange(Variant::ParityChess, fen, "a7b8f", 780);
        exchange(Variant::ParityChess, fen, "a7b8q", 1350);
    }

    // ------------------------------------------------------------------ chad

    #[test]
    fn chad_rook_promotes_entering_the_castle_and_the_king_retakes() {
        // Rh7xh8 from the wall into Black's castle becomes a queen:
        // 500 + 950 - 500 = 950. The j8 rook lines up with h8 but may not
        // capture inside its own castle; the king takes the queen (h8 is
        // not attacked by White afterwards): 950 - 950 = 0.
        exchange(
            Variant::Chad,
            "12/12/12/8k3/7r1r2/7R4/12/12/3K8/12/12/12 w - - 0 1",
            "h7h8q",
            0,
        );
    }

    #[test]
    fn chad_king_may_not_retake_on_a_square_a_rook_sees() {
        // As before, but the h5 rook (not on the wall, so it could not
        // capture on h8 itself) sees h8 once h7 is empty: the king may not
        // go there, the j8 rook may not capture: 950.
        exchange(
            Variant::Chad,
            "12/12/12/8k3/7r1r2/7R4/12/7R4/3K8/12/12/12 w - - 0 1",
            "h7h8q",
            950,
        );
    }

    #[test]
    fn chad_defender_takes_an_attacker_on_its_wall() {
        // Rd5xd6 from inside the castle onto its own wall: 500. The d10
        // rook sees d6 but captures only from the wall into the castle:
        // no recapture, 500 (a chess rook would make it 0).
        exchange(
            Variant::Chad,
            "12/12/3r8/8k3/12/12/3r8/3R8/3K8/12/12/12 w - - 0 1",
            "d5d6",
            500,
        );
    }

    #[test]
    fn chad_rooks_in_open_board_do_not_capture() {
        // Ra6 (quiet) stands on the a12 rook's file, but neither is on a
        // wall or in a castle: nothing can be captured, 0.
        exchange(
            Variant::Chad,
            "r11/12/12/8k3/12/12/12/12/3K8/12/12/R11 w - - 0 1",
            "a1a6",
            0,
        );
    }

    #[test]
    fn chad_king_takes_an_intruding_queen() {
        // Kxc3 inside its castle: 950, and nothing of Black can take back.
        exchange(
            Variant::Chad,
            "12/12/12/8k3/12/12/12/12/3K8/2q9/12/12 w - - 0 1",
            "d4c3",
            950,
        );
    }

    // ------------------------------------------------------------- wauchess

    #[test]
    fn wauchess_hole_blocks_an_x_ray() {
        // BxN, PxB: 320 - 330 = -10. On a full board the g6 queen would
        // recapture through f7 (and BxN would win 90), but f7 is a hole.
        exchange(
            Variant::WauChess,
            "********/********/********/4k3/4p3/3n4/***1B***/***2***/6Q1/8/4K3/\
             ********/********/******** w - - 0 1 a4,f4,a9,f9",
            "e8d9",
            -10,
        );
    }

    #[test]
    fn wauchess_promotion_only_on_the_main_board() {
        let fen = "********/********/********/1bpr3k/1nP5/8/***2***/***2***/8/8/4K3/\
                   ********/********/******** w - - 0 1 a4,f4,a9,f9";
        // cxd11=Q from the attack board onto the main board's last rank:
        // 500 + 950 - 100 = 1350; Nb10xd11 takes the queen: 1350 - 950.
        exchange(Variant::WauChess, fen, "c10d11q", 400);
        // cxb11 ends on the attack board: no promotion, PxB 330, and
        // nothing recaptures (the c11 pawn blocks the d11 rook).
        exchange(Variant::WauChess, fen, "c10b11", 330);
    }

    #[test]
    fn wauchess_en_passant_and_the_king_as_last_attacker() {
        // exd9 e.p. (100); the c10 king retakes (100): 0.
        exchange(
            Variant::WauChess,
            "********/********/********/8/2k5/8/***pP***/***2***/8/8/4K3/\
             ********/********/******** w - d9 0 2 a4,f4,a9,f9",
            "e8d9",
            0,
        );
        // With a rook on d4, the captured d8 pawn's departure lets it see
        // d9: the king may not retake, 100.
        exchange(
            Variant::WauChess,
            "********/********/********/8/2k5/8/***pP***/***2***/8/8/3RK3/\
             ********/********/******** w - d9 0 2 a4,f4,a9,f9",
            "e8d9",
            100,
        );
    }

    #[test]
    fn wauchess_queen_takes_a_knight_defended_by_a_pawn() {
        // QxN, PxQ: 320 - 950 = -630.
        exchange(
            Variant::WauChess,
            "********/********/********/4k3/3p4/4n3/***2***/***2***/8/8/4Q1K1/\
             ********/********/******** w - - 0 1 a4,f4,a9,f9",
            "e4e9",
            -630,
        );
    }

    // ------------------------------------------- against a slow reference

    /// Material of `side` minus the other side's, by the game's exchange values.
    fn material<B: Bitboard>(pos: &Position<B>, side: Color) -> i32 {
        Role::ALL
            .iter()
            .map(|&r| {
                value(pos, r)
                    * (pos.pieces(side, r).count() as i32 - pos.pieces(!side, r).count() as i32)
            })
            .sum()
    }

    /// The side to move's least valuable capture onto `to`, found by
    /// asking every piece of its whether it can capture there (pins and
    /// checks ignored, as SEE does), with promotions chosen as SEE does.
    fn reference_capture<B: Bitboard>(pos: &Position<B>, to: Square) -> Option<Move> {
        let t = pos.tables();
        let side = pos.side_to_move();
        let mut best: Option<(i32, Square, Role)> = None;
        for from in pos.color_bb(side).squares() {
            let role = pos.piece_at(from).expect("an occupied square").role;
            let reaches = if role == Role::Pawn {
                t.pawn_attacks(side, from).has(to)
            } else {
                t.attacks(role, from, pos.blockers()).has(to)
            };
            let allowed = match role {
                Role::Pawn => true,
                Role::King => {
                    t.king_zone[side.index()].has(to)
                        && !pos.is_attacked(to, !side, pos.occupied() & !B::from_square(from))
                }
                _ => !t.captures_restricted || t.capture_zone(side, from).has(to),
            };
            if reaches && allowed && best.is_none_or(|(v, _, _)| value(pos, role) < v) {
                best = Some((value(pos, role), from, role));
            }
        }
        let (_, from, role) = best?;
        if role == Role::Pawn && t.promotion_zone[side.index()].has(to) {
            let queen = *t
                .spec
                .promotions(side)
                .iter()
                .max_by_key(|&&r| value(pos, r))
                .expect("a game with pawns promotes");
            return Some(Move::promotion(from, to, queen));
        }
        if let Some((zones, r, promoted)) = t.entry_promotion
            && r == role
            && zones[side.index()].has(to)
        {
            return Some(Move::promotion(from, to, promoted));
        }
        Some(Move::normal(from, to))
    }

    /// The exchange's value found by playing its captures on real
    /// positions and counting material.
    fn reference_see<B: Bitboard>(pos: &Position<B>, m: Move) -> i32 {
        if matches!(m.kind(), MoveKind::Castle | MoveKind::BoardMove) {
            return 0;
        }
        let mut current = pos.after(m);
        let mut gains =
            vec![material(&current, pos.side_to_move()) - material(pos, pos.side_to_move())];
        while let Some(capture) = reference_capture(&current, m.to()) {
            let side = current.side_to_move();
            let next = current.after(capture);
            gains.push(material(&next, side) - material(&current, side));
            current = next;
        }
        let last = gains.pop().expect("the first move");
        gains
            .iter()
            .rev()
            .fold(last, |after, &gain| gain - after.max(0))
    }

    /// Calls `visit` with each position of a few random games of
    /// `variant` that prefer captures (so that exchanges are plentiful).
    fn random_positions(
        variant: Variant,
        games: usize,
        plies: usize,
        visit: &mut dyn FnMut(&AnyPosition),
    ) {
        let mut rng = crate::chesswar::dice::SplitMix64::new(0x5EE ^ variant.number());
        for _ in 0..games {
            let mut any = AnyPosition::startpos(variant);
            for _ in 0..plies {
                visit(&any);
                let next = with_position!(&any, pos => {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        None
                    } else {
                        let noisy = pos.legal_noisy_moves();
                        let m = if !noisy.is_empty() && rng.below(3) > 0 {
                            noisy.as_slice()[rng.below(noisy.len())]
                        } else {
                            moves.as_slice()[rng.below(moves.len())]
                        };
                        Some(pos.wire(m))
                    }
                });
                match next {
                    Some(wire) => any.play_wire(&wire).expect("a legal move"),
                    None => break,
                }
            }
        }
    }

    #[test]
    fn see_and_see_ge_agree_with_a_reference_in_every_game() {
        for variant in Variant::ALL {
            let mut compared = 0;
            // Chad's captures are rare (only between castle and wall):
            // it needs longer and more games.
            let (games, plies) = if variant == Variant::Chad {
                (40, 300)
            } else {
                (4, 120)
            };
            random_positions(variant, games, plies, &mut |any| {
                with_position!(any, pos => {
                    for &m in pos.legal_moves().iter() {
                        let value = see(pos, m);
                        let fen = pos.fen();
                        let wire = pos.wire(m);
                        assert_eq!(value, reference_see(pos, m), "see({wire}) in {variant} {fen}");
                        for threshold in [value - 1, value, value + 1, -1000, -300, -100, 0, 100, 300, 1000] {
                            assert_eq!(
                                see_ge(pos, m, threshold),
                                value >= threshold,
                                "see_ge({wire}, {threshold}) in {variant} {fen}"
                            );
                        }
                        if pos.captured(m).is_some() {
                            compared += 1;
                        }
                    }
                });
            });
            println!("{variant}: {compared} captures compared");
            assert!(
                compared > 100,
                "{variant}: only {compared} captures compared"
            );
        }
    }

    /// Rough cost of `see_ge` per call on the captures of random
    /// positions (run with `--release -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn see_ge_cost() {
        for variant in Variant::ALL {
            let mut calls = 0u64;
            let mut elapsed = std::time::Duration::ZERO;
            let mut sink = 0u64;
            random_positions(variant, 8, 120, &mut |any| {
                with_position!(any, pos => {
                    let captures = pos.legal_noisy_moves();
                    let start = std::time::Instant::now();
                    for _ in 0..1000 {
                        for &m in captures.iter() {
                            sink += see_ge(pos, std::hint::black_box(m), 0) as u64;
                        }
                    }
                    elapsed += start.elapsed();
                    calls += 1000 * captures.len() as u64;
                });
            });
            println!(
                "{variant}: {calls} calls, {:.1} ns per see_ge ({sink})",
                elapsed.as_nanos() as f64 / calls.max(1) as f64
            );
        }
    }
}
