//! A position: pieces, side to move, castling rights, en passant, clocks,
//! and an incrementally updated zobrist key. Moves are made by copy-make:
//! [`Position::play`] changes the position in place, and callers that need
//! to go back keep the copy they made before (see [`super::game::Game`]).

use super::attack_boards::Corners;
use super::bitboard::Bitboard;
use super::color::Color;
use super::moves::{Move, MoveKind};
use super::piece::{Piece, Role};
use super::square::Square;
use super::tables::Tables;
use super::variant::{CastlingStyle, Variant};
use super::zobrist::keys;

/// Castling rights: for each colour, the rook on the lower-file side
/// (`Q`, index 0) and on the higher-file side (`K`, index 1) that may still
/// castle, by the rook's square.
pub type CastlingRights = [[Option<Square>; 2]; 2];

/// The chance to take a pawn en passant, open for one ply after its double
/// step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EnPassant {
    /// The square the pawn passed: an enemy pawn that could take on it
    /// may move there, taking the pawn.
    pub square: Square,
    /// Where the pawn stands: the square behind `square` in chess, one of
    /// the two diagonally beyond it in Berolina.
    pub victim: Square,
}

/// A position of one game, with bitboards of width `B`.
#[derive(Clone, Copy, Debug)]
pub struct Position<B: Bitboard> {
    pub(super) tables: &'static Tables<B>,
    pub(super) by_role: [B; Role::COUNT],
    pub(super) by_color: [B; 2],
    pub(super) board: B::Mailbox,
    pub(super) side: Color,
    pub(super) castling: CastlingRights,
    pub(super) en_passant: Option<EnPassant>,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
    pub(super) key: u64,
    /// The part of `key` that each colour's pieces other than pawns make
    /// (White's, Black's), kept with it for tables keyed by where the
    /// pieces stand.
    pub(super) piece_keys: [u64; 2],
    /// Squares that do not exist (all bits outside the frame included):
    /// fixed for most games, moving with the boards in Wau Chess.
    pub(super) holes: B,
    /// Where the attack boards stand (unused in games without them).
    pub(super) corners: Corners,
}

impl<B: Bitboard> PartialEq for Position<B> {
    /// Two positions are equal when everything a FEN says is equal.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tables, other.tables)
            && self.by_role == other.by_role
            && self.by_color == other.by_color
            && self.side == other.side
            && self.castling == other.castling
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.corners == other.corners
            && self.key == other.key
    }
}

impl<B: Bitboard> Eq for Position<B> {}

impl<B: Bitboard> Position<B> {
    /// An empty board of `variant` with White to move (pieces are added by
    /// the FEN reader).
    pub(super) fn empty(variant: Variant) -> Position<B> {
        let tables = Tables::<B>::get(variant);
        let corners = tables
            .attack_boards
            .as_ref()
            .map_or([Square::default(); 4], |b| b.start_corners);
        let exists = tables
            .attack_boards
            .as_ref()
            .map_or(tables.geometry.exists(), |b| b.existing(&corners));
        Position {
            tables,
            by_role: [B::EMPTY; Role::COUNT],
            by_color: [B::EMPTY; 2],
            board: B::empty_mailbox(),
            side: Color::White,
            castling: [[None; 2]; 2],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            piece_keys: [0; 2],
            holes: !exists,
            corners,
        }
    }

    /// The start position of `variant`.
    pub fn startpos(variant: Variant) -> Position<B> {
        Position::from_fen(variant, variant.spec().start_fen)
            .expect("every game's start FEN is valid")
    }

    /// The game's tables (geometry, attacks).
    #[inline]
    pub fn tables(&self) -> &'static Tables<B> {
        self.tables
    }
    /// Which game this position belongs to.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.tables.spec.variant
    }
    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.as_ref()[sq.index()]
    }
    /// All pieces of one role, both colours.
    #[inline]
    pub fn role_bb(&self, role: Role) -> B {
        self.by_role[role.index()]
    }
    /// All pieces of one colour.
    #[inline]
    pub fn color_bb(&self, color: Color) -> B {
        self.by_color[color.index()]
    }
    /// The pieces of one colour and role.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> B {
        self.by_role[role.index()] & self.by_color[color.index()]
    }
    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }
    /// The number of pieces on the board, kings included.
    #[inline]
    pub fn piece_count(&self) -> u32 {
        self.occupied().count()
    }
    /// The squares that do not exist now (with every bit beyond the board).
    #[inline]
    pub fn holes(&self) -> B {
        self.holes
    }
    /// The squares that exist now.
    #[inline]
    pub fn exists(&self) -> B {
        !self.holes
    }
    /// What stops a slider: pieces and holes.
    #[inline]
    pub fn blockers(&self) -> B {
        self.occupied() | self.holes
    }
    /// The corners of the attack boards (games with movable boards only).
    #[inline]
    pub fn board_corners(&self) -> Corners {
        self.corners
    }
    /// The corners of the attack boards in a game that has them; empty in
    /// the others.
    #[inline]
    pub fn attack_board_corners(&self) -> &[Square] {
        if self.tables.attack_boards.is_some() {
            &self.corners
        } else {
            &[]
        }
    }
    /// Every piece on the board with its square, by square.
    pub fn placed_pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .squares()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }
    /// The king of `color` (every position of these games has one).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lsb()
    }
    /// Castling rights by rook square.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }
    /// The en-passant square, if the last move was a double step that an
    /// enemy pawn can take.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant.map(|ep| ep.square)
    }
    /// The en-passant square with the pawn a capture there takes.
    #[inline]
    pub fn en_passant_capture(&self) -> Option<EnPassant> {
        self.en_passant
    }
    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }
    /// The move number, starting at 1 and counted up after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }
    /// The zobrist key, updated incrementally.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The zobrist key of where `color`'s pieces other than pawns stand
    /// (the part of [`Position::key`] they make), updated incrementally.
    #[inline]
    pub fn piece_key(&self, color: Color) -> u64 {
        self.piece_keys[color.index()]
    }

    /// [`Position::piece_key`] computed from scratch (to check the
    /// incremental one).
    pub fn compute_piece_key(&self, color: Color) -> u64 {
        let k = keys();
        let mut key = 0;
        for sq in self.by_color[color.index()].squares() {
            if let Some(p) = self.piece_at(sq)
                && p.role != Role::Pawn
            {
                key ^= k.piece(p, sq);
            }
        }
        key
    }

    /// The zobrist key computed from scratch (to check the incremental one).
    pub fn compute_key(&self) -> u64 {
        let k = keys();
        let mut key = 0;
        for sq in self.occupied().squares() {
            if let Some(p) = self.piece_at(sq) {
                key ^= k.piece(p, sq);
            }
        }
        for color in Color::ALL {
            for rook in self.castling[color.index()].iter().flatten() {
                key ^= k.castling(color, *rook);
            }
        }
        if let Some(ep) = self.en_passant {
            key ^= k.en_passant(ep.square);
        }
        if self.side == Color::Black {
            key ^= k.black_to_move();
        }
        if self.tables.attack_boards.is_some() {
            for (board, &corner) in self.corners.iter().enumerate() {
                key ^= k.board_corner(board, corner);
            }
        }
        key
    }

    #[inline]
    pub(super) fn put(&mut self, piece: Piece, sq: Square) {
        let bit = B::from_square(sq);
        self.by_role[piece.role.index()] |= bit;
        self.by_color[piece.color.index()] |= bit;
        self.board.as_mut()[sq.index()] = Some(piece);
        self.toggle_key(piece, sq);
    }

    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let bit = B::from_square(sq);
        self.by_role[piece.role.index()] ^= bit;
        self.by_color[piece.color.index()] ^= bit;
        self.board.as_mut()[sq.index()] = None;
        self.toggle_key(piece, sq);
    }

    /// Adds or takes `piece` on `sq` to or from the keys.
    #[inline]
    fn toggle_key(&mut self, piece: Piece, sq: Square) {
        let k = keys().piece(piece, sq);
        self.key ^= k;
        if piece.role != Role::Pawn {
            self.piece_keys[piece.color.index()] ^= k;
        }
    }

    /// Pieces of either colour attacking `sq`, with `occupied` and the
    /// holes as the blockers for riders.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: B) -> B {
        let t = self.tables;
        let pawns = self.by_role[Role::Pawn.index()];
        let mut attackers = (t.pawn_attacks(Color::Black, sq) & pawns & self.by_color[0])
            | (t.pawn_attacks(Color::White, sq) & pawns & self.by_color[1]);
        for &role in &t.leaper_roles {
            attackers |= t.leaps(role, sq) & self.by_role[role.index()];
        }
        let blockers = occupied | self.holes;
        let orthogonal = self.riders(&t.orthogonal_riders);
        if orthogonal.any() {
            attackers |= t.orthogonal_attacks(sq, blockers) & orthogonal;
        }
        let diagonal = self.riders(&t.diagonal_riders);
        if diagonal.any() {
            attackers |= t.diagonal_attacks(sq, blockers) & diagonal;
        }
        attackers
    }

    /// Whether `by` attacks `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: B) -> bool {
        (self.attackers_to(sq, occupied) & self.by_color[by.index()]).any()
    }

    /// The pieces of either colour whose roles are in `roles`.
    #[inline]
    pub(super) fn riders(&self, roles: &[Role]) -> B {
        roles
            .iter()
            .fold(B::EMPTY, |acc, r| acc | self.by_role[r.index()])
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> B {
        let us = self.side;
        self.attackers_to(self.king(us), self.occupied()) & self.by_color[(!us).index()]
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Where the king and rook of a castling move end up.
    #[inline]
    pub fn castling_destinations(&self, m: Move) -> (Square, Square) {
        let rook = m.castling_rook().unwrap_or(m.to());
        match self.tables.spec.castling {
            CastlingStyle::Fast | CastlingStyle::None => (m.to(), m.from()),
            CastlingStyle::Standard => {
                let g = &self.tables.geometry;
                let rank = g.rank_of(m.from()).0 as i32;
                let king_side = rook > m.from();
                let king_file =
                    i32::from(self.tables.spec.castling_king_files[usize::from(king_side)]);
                let rook_file = if king_side {
                    king_file - 1
                } else {
                    king_file + 1
                };
                let sq = |f: i32| g.square(f, rank).expect("castling stays on the board");
                (sq(king_file), sq(rook_file))
            }
        }
    }

    #[inline]
    fn drop_castling_right(&mut self, color: Color, side: usize) {
        if let Some(rook) = self.castling[color.index()][side].take() {
            self.key ^= keys().castling(color, rook);
        }
    }

    /// Removes castling rights that a move from or to `sq` ends: a rook
    /// leaving or captured on its square.
    #[inline]
    fn touch_castling_square(&mut self, sq: Square) {
        for color in Color::ALL {
            for side in 0..2 {
                if self.castling[color.index()][side] == Some(sq) {
                    self.drop_castling_right(color, side);
                }
            }
        }
    }

    /// Plays a move that is legal in this position. The result of playing
    /// any other move is unspecified (but memory-safe).
    pub fn play(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        let from = m.from();
        let to = m.to();
        if m.kind() == MoveKind::BoardMove {
            self.play_board_move(m);
            return;
        }
        let Some(mover) = self.piece_at(from) else {
            debug_assert!(false, "no piece on the from-square of {m:?}");
            return;
        };
        // The double step an en-passant capture answers, before it lapses.
        let en_passant = self.en_passant;
        self.begin_ply();
        let has_rights = self.castling != [[None; 2]; 2];

        match m.kind() {
            MoveKind::Castle => {
                let rook_from = m.castling_rook().unwrap_or(to);
                let rook = Piece::new(us, Role::Rook);
                let (king_to, rook_to) = self.castling_destinations(m);
                self.remove(mover, from);
                self.remove(rook, rook_from);
                self.put(mover, king_to);
                self.put(rook, rook_to);
            }
            MoveKind::EnPassant => {
                debug_assert!(en_passant.is_some(), "en passant without a double step");
                if let Some(ep) = en_passant {
                    self.remove(Piece::new(them, Role::Pawn), ep.victim);
                }
                self.remove(mover, from);
                self.put(mover, to);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(captured) = self.piece_at(to) {
                    self.remove(captured, to);
                    self.halfmove_clock = 0;
                }
                self.remove(mover, from);
                let placed = match m.promotion_role() {
                    Some(role) => {
                        self.halfmove_clock = 0;
                        Piece::new(us, role)
                    }
                    None => mover,
                };
                self.put(placed, to);
                if mover.role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if kind == MoveKind::DoubleStep {
                        self.set_en_passant_after_double_step(from, to);
                    }
                }
            }
        }

        if has_rights {
            if mover.role == Role::King {
                self.drop_castling_right(us, 0);
                self.drop_castling_right(us, 1);
            }
            self.touch_castling_square(from);
            self.touch_castling_square(to);
        }
        self.end_ply();
    }

    /// What every ply starts with: the en-passant square lapses and the
    /// 100-ply clock counts on (a capture or pawn move resets it later).
    #[inline]
    fn begin_ply(&mut self) {
        if let Some(ep) = self.en_passant.take() {
            self.key ^= keys().en_passant(ep.square);
        }
        // Saturating: a FEN may give any counter up to u32::MAX.
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
    }

    /// What every ply ends with: the move number counts on after Black and
    /// the turn passes.
    #[inline]
    fn end_ply(&mut self) {
        if self.side == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = !self.side;
        self.key ^= keys().black_to_move();
    }

    /// Moves an attack board and its passenger (if any), then passes the
    /// turn. A king or rook that rides loses its castling rights.
    fn play_board_move(&mut self, m: Move) {
        let Some(boards) = &self.tables.attack_boards else {
            debug_assert!(false, "a board move in a game without attack boards");
            return;
        };
        self.begin_ply();
        let board = m.board_index();
        let (from, to) = (m.from(), m.to());
        let g = &self.tables.geometry;
        let old = boards.block(from);
        let new = boards.block(to);
        if let Some(rider_from) = (self.occupied() & old).squares().next() {
            let df = g.file_of(to).0 as i32 - g.file_of(from).0 as i32;
            let dr = g.rank_of(to).0 as i32 - g.rank_of(from).0 as i32;
            let rider_to = g
                .square(
                    g.file_of(rider_from).0 as i32 + df,
                    g.rank_of(rider_from).0 as i32 + dr,
                )
                .expect("a passenger stays on its board");
            let rider = self.piece_at(rider_from).expect("an occupied square");
            self.remove(rider, rider_from);
            self.put(rider, rider_to);
            if rider.role == Role::King {
                self.drop_castling_right(rider.color, 0);
                self.drop_castling_right(rider.color, 1);
            }
            self.touch_castling_square(rider_from);
        }
        self.holes = (self.holes | old) & !new;
        self.corners[board] = to;
        self.key ^= keys().board_corner(board, from) ^ keys().board_corner(board, to);
        self.end_ply();
    }

    /// After a double step from `from` to `to`, records the passed square
    /// as en passant if an enemy pawn could take there.
    fn set_en_passant_after_double_step(&mut self, from: Square, to: Square) {
        let us = self.side;
        let passed = self.tables.between(from, to);
        debug_assert!(passed.count() == 1, "a double step passes one square");
        let Some(square) = passed.squares().next() else {
            return;
        };
        let capturers = self.pieces(!us, Role::Pawn) & self.tables.en_passant_zone;
        if (self.tables.pawn_attacks(us, square) & capturers).any() {
            self.en_passant = Some(EnPassant { square, victim: to });
            self.key ^= keys().en_passant(square);
        }
    }

    /// Passes the turn (a "null move", for search pruning; never legal in
    /// the games themselves). Must not be called when in check.
    pub fn play_null(&mut self) {
        self.begin_ply();
        self.end_ply();
    }

    /// The position after a legal move.
    #[inline]
    pub fn after(&self, m: Move) -> Position<B> {
        let mut next = *self;
        next.play(m);
        next
    }
}
