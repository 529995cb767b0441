//! Legal move generation.
//!
//! Moves are produced as batches: one target set per piece, so counting
//! the moves of a position (perft's last ply) is a popcount per piece and
//! never builds a list. Legality is decided up front with check and pin
//! masks; only en passant and castling, which move two pieces, are tested
//! by playing them on a copy or with a changed occupancy.

use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind, MoveList};
use super::piece::{Piece, Role};
use super::position::Position;
use super::square::Square;
use super::tables::Tables;
use super::variant::{AttackBoards, CastlingStyle};

/// Which legal moves a list holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveSet {
    /// Every one.
    All,
    /// Captures and promotions.
    Noisy,
    /// The rest.
    Quiet,
}

impl MoveSet {
    /// Whether a move that is `noisy` (a capture or a promotion) belongs
    /// to the set.
    fn includes(self, noisy: bool) -> bool {
        match self {
            MoveSet::All => true,
            MoveSet::Noisy => noisy,
            MoveSet::Quiet => !noisy,
        }
    }
}

/// A group of legal moves that share a moving piece.
#[derive(Clone, Copy, Debug)]
pub enum MoveBatch<B> {
    /// A non-pawn piece on `from` may move to each square of `targets`.
    Piece {
        /// The moving piece's square.
        from: Square,
        /// Its legal destinations.
        targets: B,
    },
    /// A pawn on `from` may move to each square of `targets`; targets in
    /// the promotion zone stand for one move per promotion role.
    Pawn {
        /// The pawn's square.
        from: Square,
        /// Its legal destinations (en passant excluded).
        targets: B,
    },
    /// One special move (castling, en passant).
    Single(Move),
}

/// The pieces pinned to their king, and the enemy riders that pin them.
///
/// A pinned piece must stay on its own segment (the squares from the king
/// to its pinner, the pinner included), not merely on the line through it
/// and the king: a leaper next to its king (a champion's dabbaba or alfil
/// leap, a FAD's) could otherwise jump over the king into the segment of a
/// second pin on the other side of the same line, and open its own
/// pinner's line to the king. Pins are rare, so a pinned piece's segment is
/// found when it moves, not stored for every pin.
#[derive(Clone, Copy, Debug)]
struct Pins<B> {
    king: Square,
    pinned: B,
    pinners: B,
}

impl<B: Bitboard> Pins<B> {
    /// Where the pinned piece on `from` may go: its own segment.
    #[inline]
    fn segment(&self, from: Square, tables: &Tables<B>) -> B {
        for pinner in self.pinners.squares() {
            let between = tables.between(self.king, pinner);
            if between.has(from) {
                return between | B::from_square(pinner);
            }
        }
        B::EMPTY
    }
}

impl<B: Bitboard> Position<B> {
    /// Calls `emit` with every batch of legal moves of the side to move.
    /// A position the game's extinction or flag rule has decided has
    /// none, as in Fairy-Stockfish: the game is over.
    pub fn generate_batches(&self, emit: &mut impl FnMut(MoveBatch<B>)) {
        if self.decided_by_rule().is_some() {
            return;
        }
        let t = self.tables;
        let us = self.side;
        let them = !us;
        let occupied = self.occupied();
        // Holes stop riders like pieces do and can never be entered.
        let blockers = occupied | self.holes;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let king = self.king(us);
        let checkers = self.attackers_to(king, occupied) & enemy;

        let without_king = occupied ^ B::from_square(king);
        let mut king_targets = B::EMPTY;
        let king_may_enter = !(own | self.holes) & t.king_zone[us.index()];
        for to in (t.leaps(Role::King, king) & king_may_enter).squares() {
            if !self.is_attacked(to, them, without_king) {
                king_targets |= B::from_square(to);
            }
        }
        if king_targets.any() {
            emit(MoveBatch::Piece {
                from: king,
                targets: king_targets,
            });
        }
        if t.attack_boards.is_some() {
            self.generate_board_moves(king, emit);
        }
        if checkers.more_than_one() {
            return;
        }
        let allowed = if checkers.any() {
            // A check can be blocked only when it comes along a ride; a
            // leap (even a dabbaba's or an alfil's) can only be captured.
            let checker = checkers.lsb();
            let riding_checkers = (t.orthogonal_attacks(king, blockers)
                & self.riders(&t.orthogonal_riders))
                | (t.diagonal_attacks(king, blockers) & self.riders(&t.diagonal_riders));
            if riding_checkers.has(checker) {
                checkers | t.between(king, checker)
            } else {
                checkers
            }
        } else {
            !(own | self.holes)
        };

        let pins = self.pins(king, blockers, own, enemy);

        for &role in &t.piece_roles {
            for from in self.pieces(us, role).squares() {
                let mut targets = t.attacks(role, from, blockers) & allowed & !own;
                if t.captures_restricted {
                    targets &= !enemy | t.capture_zone(us, from);
                }
                if pins.pinned.has(from) {
                    targets &= pins.segment(from, t);
                }
                if targets.any() {
                    emit(MoveBatch::Piece { from, targets });
                }
            }
        }

        for from in self.pieces(us, Role::Pawn).squares() {
            let mut targets = self.pawn_targets(from, enemy, blockers) & allowed;
            if pins.pinned.has(from) {
                targets &= pins.segment(from, t);
            }
            if targets.any() {
                emit(MoveBatch::Pawn { from, targets });
            }
        }

        if let Some(ep) = self.en_passant() {
            let capturers = self.pieces(us, Role::Pawn) & t.en_passant_zone;
            for from in (t.pawn_attacks(them, ep) & capturers).squares() {
                let m = Move::en_passant(from, ep);
                let after = self.after(m);
                if !after.is_attacked(king, them, after.occupied()) {
                    emit(MoveBatch::Single(m));
                }
            }
        }

        if checkers.is_empty() && self.castling_allowed() {
            self.generate_castling(king, occupied, emit);
        }
    }

    /// Whether castling may happen at all: in games with movable boards,
    /// only while every attack board stands on its start corner.
    #[inline]
    fn castling_allowed(&self) -> bool {
        self.tables
            .attack_boards
            .as_ref()
            .is_none_or(|b| self.corners == b.start_corners)
    }

    /// The legal board moves of the side to move: each of its attack boards
    /// that carries no piece or one of its own moves by every shift that
    /// keeps it in the frame, off the other boards, and every board joined
    /// to the main board, unless the move leaves the king in check.
    fn generate_board_moves(&self, king: Square, emit: &mut impl FnMut(MoveBatch<B>)) {
        let Some(boards) = &self.tables.attack_boards else {
            return;
        };
        let g = &self.tables.geometry;
        let us = self.side;
        let occupied = self.occupied();
        for board in 0..self.corners.len() {
            if AttackBoards::owner(board) != us {
                continue;
            }
            let from = self.corners[board];
            let passengers = boards.block(from) & occupied;
            if passengers.more_than_one() || (passengers & self.by_color[(!us).index()]).any() {
                continue;
            }
            let (file, rank) = (g.file_of(from).0 as i32, g.rank_of(from).0 as i32);
            for &(df, dr) in boards.shifts() {
                let Some(to) = g.square(file + df, rank + dr) else {
                    continue;
                };
                let mut corners = self.corners;
                corners[board] = to;
                if !boards.placement_is_valid(&corners) || !boards.all_connected(&corners) {
                    continue;
                }
                let m = Move::board_move(from, to, board as u8);
                let after = self.after(m);
                let king_after = if passengers.has(king) {
                    after.king(us)
                } else {
                    king
                };
                if !after.is_attacked(king_after, !us, after.occupied()) {
                    emit(MoveBatch::Single(m));
                }
            }
        }
    }

    /// Own pieces pinned to `king` by enemy riders, each with its pin
    /// segment (the squares from the king to its pinner, the pinner
    /// included).
    #[inline]
    fn pins(&self, king: Square, occupied: B, own: B, enemy: B) -> Pins<B> {
        let t = self.tables;
        let snipers = (t.orthogonal_rays(king) & self.riders(&t.orthogonal_riders) & enemy)
            | (t.diagonal_rays(king) & self.riders(&t.diagonal_riders) & enemy);
        let mut pins = Pins {
            king,
            pinned: B::EMPTY,
            pinners: B::EMPTY,
        };
        for sniper in snipers.squares() {
            let blockers = t.between(king, sniper) & occupied;
            if !blockers.more_than_one() && (blockers & own).any() {
                pins.pinned |= blockers;
                pins.pinners |= B::from_square(sniper);
            }
        }
        pins
    }

    /// Castling moves of the side to move, which is not in check.
    fn generate_castling(&self, king: Square, occupied: B, emit: &mut impl FnMut(MoveBatch<B>)) {
        let t = self.tables;
        let us = self.side;
        let them = !us;
        for rook in self.castling[us.index()].into_iter().flatten() {
            let rook_bit = B::from_square(rook);
            match t.spec.castling {
                CastlingStyle::None => {}
                CastlingStyle::Fast => {
                    // Any empty square strictly between king and rook that is
                    // not attacked now, and where the king is not in check once
                    // the rook has jumped to the king's square.
                    let without_rook = occupied ^ rook_bit;
                    for to in (t.between(king, rook) & !occupied).squares() {
                        if !self.is_attacked(to, them, occupied)
                            && !self.is_attacked(to, them, without_rook)
                        {
                            emit(MoveBatch::Single(Move::castle(king, to, rook)));
                        }
                    }
                }
                CastlingStyle::Standard => {
                    let m = Move::castle(king, king, rook);
                    let (king_to, rook_to) = self.castling_destinations(m);
                    let king_path = t.between(king, king_to) | B::from_square(king_to);
                    let rook_path = t.between(rook, rook_to) | B::from_square(rook_to);
                    let must_be_empty =
                        (king_path | rook_path) & !(B::from_square(king) | rook_bit);
                    if (must_be_empty & occupied).any() {
                        continue;
                    }
                    let without_rook = occupied ^ rook_bit;
                    if king_path
                        .squares()
                        .all(|sq| !self.is_attacked(sq, them, without_rook))
                    {
                        emit(MoveBatch::Single(Move::castle(king, king_to, rook)));
                    }
                }
            }
        }
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        self.collect_moves(MoveSet::All)
    }

    /// The legal captures and promotions (en passant included): the moves
    /// a quiescence search looks at.
    pub fn legal_noisy_moves(&self) -> MoveList {
        self.collect_moves(MoveSet::Noisy)
    }

    /// The legal moves that are neither captures nor promotions (castling
    /// and board moves included): with [`Position::legal_noisy_moves`],
    /// every legal move exactly once.
    pub fn legal_quiet_moves(&self) -> MoveList {
        self.collect_moves(MoveSet::Quiet)
    }

    /// Appends the legal captures and promotions to `list`.
    pub fn append_legal_noisy_moves(&self, list: &mut MoveList) {
        self.append_moves(MoveSet::Noisy, list);
    }

    /// Appends the legal quiet moves to `list`.
    pub fn append_legal_quiet_moves(&self, list: &mut MoveList) {
        self.append_moves(MoveSet::Quiet, list);
    }

    fn collect_moves(&self, set: MoveSet) -> MoveList {
        let mut list = MoveList::new();
        self.append_moves(set, &mut list);
        list
    }

    fn append_moves(&self, set: MoveSet, list: &mut MoveList) {
        let us = self.side;
        let t = self.tables;
        let promotion_zone = t.promotion_zone[us.index()];
        let enemy = self.by_color[(!us).index()];
        let (piece_mask, pawn_mask) = match set {
            MoveSet::All => (!B::EMPTY, !B::EMPTY),
            MoveSet::Noisy => (enemy, enemy | promotion_zone),
            MoveSet::Quiet => (!enemy, !(enemy | promotion_zone)),
        };
        // A piece that is promoted on entering a zone (Chad's rooks).
        let entry = t
            .entry_promotion
            .map(|(zones, role, promoted)| (zones[us.index()], role, promoted));
        self.generate_batches(&mut |batch| match batch {
            MoveBatch::Piece { from, targets } => {
                let promoting = entry
                    .filter(|&(_, role, _)| self.piece_at(from).is_some_and(|p| p.role == role));
                match promoting {
                    Some((zone, _, promoted)) => {
                        let mask = match set {
                            MoveSet::All => piece_mask,
                            MoveSet::Noisy => piece_mask | zone,
                            MoveSet::Quiet => piece_mask & !zone,
                        };
                        for to in (targets & mask).squares() {
                            list.push(if zone.has(to) {
                                Move::promotion(from, to, promoted)
                            } else {
                                Move::normal(from, to)
                            });
                        }
                    }
                    None => {
                        for to in (targets & piece_mask).squares() {
                            list.push(Move::normal(from, to));
                        }
                    }
                }
            }
            MoveBatch::Pawn { from, targets } if !t.promotion_is_plain => {
                self.append_pawn_moves_with_choices(set, from, targets, list);
            }
            MoveBatch::Pawn { from, targets } => {
                let double = t.pawn_double_step(us, from);
                for to in (targets & pawn_mask).squares() {
                    if promotion_zone.has(to) {
                        for &role in t.spec.promotions(us) {
                            list.push(Move::promotion(from, to, role));
                        }
                    } else if double.has(to) {
                        list.push(Move::double_step(from, to));
                    } else {
                        list.push(Move::normal(from, to));
                    }
                }
            }
            MoveBatch::Single(m) => {
                if set.includes(m.kind() == MoveKind::EnPassant) {
                    list.push(m);
                }
            }
        });
    }

    /// What a pawn of the side to move may promote to here: the game's
    /// choices, less the roles it already has as many of as the game's
    /// promotion limits allow.
    pub fn promotion_choices(&self) -> impl Iterator<Item = Role> + '_ {
        let spec = self.tables.spec;
        let us = self.side;
        spec.promotions(us).iter().copied().filter(move |&role| {
            spec.promotion_limit(role)
                .is_none_or(|limit| self.pieces(us, role).count() < u32::from(limit))
        })
    }

    /// The moves of one pawn to `targets` in a game whose promotions are
    /// optional or limited: a promotion to each choice the limits leave,
    /// and, short of the last rank where promotion is optional, the plain
    /// move.
    fn append_pawn_moves_with_choices(
        &self,
        set: MoveSet,
        from: Square,
        targets: B,
        list: &mut MoveList,
    ) {
        let t = self.tables;
        let us = self.side;
        let enemy = self.by_color[(!us).index()];
        let zone = t.promotion_zone[us.index()];
        let last_rank = t.promotion_rank[us.index()];
        let double = t.pawn_double_step(us, from);
        for to in targets.squares() {
            let capture = enemy.has(to);
            if zone.has(to) {
                if set != MoveSet::Quiet {
                    for role in self.promotion_choices() {
                        list.push(Move::promotion(from, to, role));
                    }
                }
                if !(t.spec.promotion_optional && !last_rank.has(to) && set.includes(capture)) {
                    continue;
                }
            } else if !set.includes(capture) {
                continue;
            }
            list.push(if double.has(to) {
                Move::double_step(from, to)
            } else {
                Move::normal(from, to)
            });
        }
    }

    /// The piece a move captures, if any (the pawn, for en passant).
    #[inline]
    pub fn captured(&self, m: Move) -> Option<Piece> {
        match m.kind() {
            MoveKind::EnPassant => Some(Piece::new(!self.side, Role::Pawn)),
            MoveKind::Castle | MoveKind::BoardMove => None,
            _ => self.piece_at(m.to()),
        }
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal(&self) -> u64 {
        let t = self.tables;
        let promotion_zone = t.promotion_zone[self.side.index()];
        // Where promotion is optional, the squares a pawn may also enter
        // without promoting.
        let may_stay = match t.spec.promotion_optional {
            true => promotion_zone & !t.promotion_rank[self.side.index()],
            false => B::EMPTY,
        };
        let promotion_choices = match t.promotion_is_plain {
            true => t.spec.promotions(self.side).len() as u32,
            false => self.promotion_choices().count() as u32,
        };
        let mut count = 0u64;
        self.generate_batches(&mut |batch| {
            count += match batch {
                MoveBatch::Piece { targets, .. } => targets.count(),
                MoveBatch::Pawn { targets, .. } => {
                    (targets & !promotion_zone).count()
                        + (targets & promotion_zone).count() * promotion_choices
                        + (targets & may_stay).count()
                }
                MoveBatch::Single(_) => 1,
            } as u64;
        });
        count
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal() > 0
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Whether `m` is legal here, decided without listing the moves: the
    /// moving piece's own targets, as generation finds them, then the king's
    /// safety on a copy. Castling, en passant and board moves, which move
    /// two things, are checked against the full list. For moves that may
    /// come from another position (the hash table's, killers).
    pub fn is_legal_move(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion => {}
            _ => return self.is_legal(m),
        }
        let (from, to) = (m.from(), m.to());
        let us = self.side;
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let own = self.by_color[us.index()];
        if piece.color != us || (own | self.holes).has(to) {
            return false;
        }
        let t = self.tables;
        let enemy = self.by_color[(!us).index()];
        let blockers = self.occupied() | self.holes;
        let expected = match piece.role {
            Role::Pawn => {
                if !self.pawn_targets(from, enemy, blockers).has(to) {
                    return false;
                }
                let may_stay = t.spec.promotion_optional && !t.promotion_rank[us.index()].has(to);
                if t.promotion_zone[us.index()].has(to)
                    && (m.kind() == MoveKind::Promotion || !may_stay)
                {
                    match m.promotion_role() {
                        Some(role) if self.promotion_choices().any(|r| r == role) => {
                            Move::promotion(from, to, role)
                        }
                        _ => return false,
                    }
                } else if t.pawn_double_step(us, from).has(to) {
                    Move::double_step(from, to)
                } else {
                    Move::normal(from, to)
                }
            }
            Role::King => {
                if !(t.leaps(Role::King, from) & t.king_zone[us.index()]).has(to) {
                    return false;
                }
                Move::normal(from, to)
            }
            role => {
                let mut targets = t.attacks(role, from, blockers);
                if t.captures_restricted {
                    targets &= !enemy | t.capture_zone(us, from);
                }
                if !targets.has(to) {
                    return false;
                }
                match t.entry_promotion {
                    Some((zones, promoting, promoted))
                        if promoting == role && zones[us.index()].has(to) =>
                    {
                        Move::promotion(from, to, promoted)
                    }
                    _ => Move::normal(from, to),
                }
            }
        };
        m == expected && !self.after(m).opponent_in_check()
    }

    /// The squares a pawn of the side to move on `from` may move to, pins
    /// and checks aside: its captures onto `enemy`, its steps and double
    /// steps onto squares `blockers` leave empty, a double step only
    /// through an empty square. En passant is not among them.
    #[inline(always)]
    fn pawn_targets(&self, from: Square, enemy: B, blockers: B) -> B {
        let t = self.tables;
        let us = self.side;
        let empty = !blockers;
        let step = t.pawn_step(us, from) & empty;
        let mut targets = (t.pawn_attacks(us, from) & enemy) | step;
        if step.any() {
            let double = t.pawn_double_step(us, from) & empty;
            if t.pawn_steps_straight {
                targets |= double;
            } else {
                for to in double.squares() {
                    if (t.between(from, to) & blockers).is_empty() {
                        targets |= B::from_square(to);
                    }
                }
            }
        }
        targets
    }

    /// Whether the side not to move stands in check (an illegal position).
    pub fn opponent_in_check(&self) -> bool {
        let them = !self.side;
        let king = self.pieces(them, Role::King);
        king.any() && self.is_attacked(king.lsb(), self.side, self.occupied())
    }
}
