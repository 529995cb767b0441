//! FEN reading and writing for every board size: run-lengths over 9,
//! two-digit ranks, `*` for holes, castling as `KQkq` or Shredder file
//! letters, en passant.

use std::fmt;

use super::bitboard::Bitboard;
use super::color::Color;
use super::piece::{Piece, Role};
use super::position::{EnPassant, Position};
use super::square::{File, Square};
use super::variant::{CastlingStyle, PawnStyle, Variant};

/// Why a FEN was rejected. Every message names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN has no text at all.
    Empty,
    /// Too few or too many space-separated fields.
    FieldCount {
        /// Fields found.
        found: usize,
        /// The most fields the game's FEN has (6, or 7 with the attack
        /// boards' corners).
        most: usize,
    },
    /// The board has the wrong number of ranks.
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks of the game's board.
        expected: usize,
    },
    /// A rank does not add up to the board's width.
    RankWidth {
        /// The rank's label (`8` for the top rank of chess).
        rank: usize,
        /// Squares the rank describes.
        found: usize,
        /// Files of the game's board.
        expected: usize,
    },
    /// A run-length of zero, or one that starts with `0`.
    BadRunLength {
        /// The rank's label.
        rank: usize,
    },
    /// A run-length longer than the board is wide.
    RunTooLong {
        /// The rank's label.
        rank: usize,
        /// Files of the game's board.
        files: usize,
    },
    /// A letter that names no piece.
    UnknownPiece {
        /// The character.
        letter: char,
    },
    /// A piece that exists, but not in this game.
    PieceNotInGame {
        /// The piece's letter.
        letter: char,
        /// The game.
        variant: Variant,
    },
    /// A hole (`*`) where the board has a square, or a square where it has a hole.
    Hole {
        /// The square's name.
        square: String,
    },
    /// A hole (`*`) in a game whose board has none.
    HoleNotInGame {
        /// The square's name.
        square: String,
        /// The game.
        variant: Variant,
    },
    /// The side to move is neither `w` nor `b`.
    SideToMove {
        /// The field as given.
        found: String,
    },
    /// The castling field is malformed or names a right that cannot exist.
    Castling {
        /// The field as given.
        found: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The en-passant field is malformed or impossible.
    EnPassant {
        /// The field as given.
        found: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The halfmove clock is not a number, is negative or is too large.
    HalfmoveClock {
        /// The field as given.
        found: String,
    },
    /// The fullmove number is not a number, is negative or is too large.
    FullmoveNumber {
        /// The field as given.
        found: String,
    },
    /// A side has no king, or more than one.
    KingCount {
        /// The side.
        color: Color,
        /// Kings found.
        found: u32,
    },
    /// A pawn where it can never stand: on the first or last rank (in Wau
    /// Chess, on its own promotion squares).
    PawnOnBackRank {
        /// The square's name.
        square: String,
    },
    /// The side that just moved is in check.
    OpponentInCheck,
    /// The attack boards' corner field is malformed or places the boards
    /// where they cannot stand.
    Boards {
        /// The field as given.
        found: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A piece stands where the game's rules can never put it (Chad: a
    /// king outside its castle, a rook inside the enemy castle).
    Placement {
        /// The square's name.
        square: String,
        /// What is wrong.
        reason: &'static str,
    },
}

/// What is wrong with a counter field that did not read as a `u32`.
fn counter_fault(found: &str) -> String {
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    if found.strip_prefix('-').is_some_and(digits) {
        format!(
            "'{found}' is negative: expected a whole number from 0 to {}",
            u32::MAX
        )
    } else if digits(found) {
        format!(
            "'{found}' is too large: expected a whole number from 0 to {}",
            u32::MAX
        )
    } else {
        format!(
            "expected a whole number from 0 to {}, found '{found}'",
            u32::MAX
        )
    }
}

/// The games whose boards have holes, as a phrase (`wauchess`).
fn games_with_holes() -> String {
    let names: Vec<&str> = Variant::ALL
        .iter()
        .filter(|v| v.spec().attack_boards.is_some())
        .map(|v| v.name())
        .collect();
    names.join(" and ")
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            Empty => write!(f, "FEN: empty"),
            FieldCount { found, most } => write!(
                f,
                "FEN: expected 4 to {most} space-separated fields (board, side to move, castling, en passant, halfmove clock, fullmove number{}), found {found}",
                if *most > 6 {
                    ", attack boards' corners"
                } else {
                    ""
                }
            ),
            RankCount { found, expected } => write!(
                f,
                "FEN board: found {found} ranks, the board has {expected}"
            ),
            RankWidth {
                rank,
                found,
                expected,
            } => write!(
                f,
                "FEN board: rank {rank} describes {found} squares, the board has {expected} files"
            ),
            BadRunLength { rank } => write!(
                f,
                "FEN board: rank {rank} has an empty-square count of zero or with a leading zero"
            ),
            RunTooLong { rank, files } => write!(
                f,
                "FEN board: rank {rank} has an empty-square count larger than the board's {files} files"
            ),
            UnknownPiece { letter } => write!(f, "FEN board: unknown piece letter '{letter}'"),
            PieceNotInGame { letter, variant } => {
                write!(f, "FEN board: piece '{letter}' is not part of {variant}")
            }
            Hole { square } => write!(
                f,
                "FEN board: the holes do not match the attack boards at {square} (a '*' must mark exactly the squares no board covers; without a corners field the boards stand on their start corners)"
            ),
            HoleNotInGame { square, variant } => write!(
                f,
                "FEN board: '*' (a hole) at {square}, but only {} has holes: {variant} has none",
                games_with_holes()
            ),
            Boards { found, reason } => write!(f, "FEN board corners '{found}': {reason}"),
            SideToMove { found } => {
                write!(f, "FEN side to move: expected 'w' or 'b', found '{found}'")
            }
            Castling { found, reason } => write!(f, "FEN castling '{found}': {reason}"),
            EnPassant { found, reason } => write!(f, "FEN en passant '{found}': {reason}"),
            HalfmoveClock { found } => {
                write!(f, "FEN halfmove clock: {}", counter_fault(found))
            }
            FullmoveNumber { found } => {
                write!(f, "FEN fullmove number: {}", counter_fault(found))
            }
            KingCount { color, found } => write!(
                f,
                "FEN position: {} has {found} kings, it needs exactly one",
                color_name(*color)
            ),
            PawnOnBackRank { square } => {
                write!(
                    f,
                    "FEN position: a pawn cannot stand on {square} (a first or last rank, or its own promotion square)"
                )
            }
            OpponentInCheck => write!(f, "FEN position: the side that is not to move is in check"),
            Placement { square, reason } => write!(f, "FEN position: {reason} at {square}"),
        }
    }
}

impl std::error::Error for FenError {}

impl<B: Bitboard> Position<B> {
    /// Reads a FEN of `variant`. Halfmove clock and fullmove number may be
    /// left out (they default to 0 and 1).
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position<B>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        let has_boards = variant.spec().attack_boards.is_some();
        let most = if has_boards { 7 } else { 6 };
        if !(4..=most).contains(&fields.len()) {
            return Err(FenError::FieldCount {
                found: fields.len(),
                most,
            });
        }
        let mut pos = Position::<B>::empty(variant);
        if let Some(field) = fields.get(6) {
            pos.read_board_corners(field)?;
        }
        pos.read_board(fields[0])?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::SideToMove {
                    found: other.to_string(),
                });
            }
        };
        pos.check_kings_and_pawns()?;
        pos.read_castling(fields[2])?;
        pos.read_en_passant(fields[3])?;
        if let Some(field) = fields.get(4) {
            pos.halfmove_clock = field.parse().map_err(|_| FenError::HalfmoveClock {
                found: field.to_string(),
            })?;
        }
        if let Some(field) = fields.get(5) {
            pos.fullmove_number = field.parse().map_err(|_| FenError::FullmoveNumber {
                found: field.to_string(),
            })?;
        }
        if pos.opponent_in_check() {
            return Err(FenError::OpponentInCheck);
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// Reads the corner field of a game with movable boards (`a4,f4,a9,f9`)
    /// and makes the squares they cover the ones that exist.
    fn read_board_corners(&mut self, field: &str) -> Result<(), FenError> {
        let error = |reason: &str| FenError::Boards {
            found: field.to_string(),
            reason: reason.to_string(),
        };
        let Some(boards) = &self.tables.attack_boards else {
            return Err(error("this game has no movable boards"));
        };
        let g = &self.tables.geometry;
        let names: Vec<&str> = field.split(',').collect();
        if names.len() != self.corners.len() {
            return Err(error("expected four corners separated by commas"));
        }
        for (board, name) in names.iter().enumerate() {
            let corner = g
                .parse_square(name)
                .ok_or_else(|| error("a corner is not a square of the frame"))?;
            if !boards.fits(corner) {
                return Err(error("a board at this corner would stick out of the frame"));
            }
            self.corners[board] = corner;
        }
        if !boards.placement_is_valid(&self.corners) {
            return Err(error("boards overlap each other or the main board"));
        }
        if !boards.all_connected(&self.corners) {
            return Err(error(
                "a board is not joined to the main board by a shared edge",
            ));
        }
        self.holes = !boards.existing(&self.corners);
        Ok(())
    }

    fn read_board(&mut self, board: &str) -> Result<(), FenError> {
        let g = &self.tables.geometry;
        let files = g.files() as usize;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != g.ranks() as usize {
            return Err(FenError::RankCount {
                found: ranks.len(),
                expected: g.ranks() as usize,
            });
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = g.ranks() as usize - 1 - row;
            let label = rank + 1;
            let mut file = 0usize;
            let mut run = String::new();
            let mut cells: Vec<(usize, char)> = Vec::new();
            for c in text.chars().chain(std::iter::once('/')) {
                if c.is_ascii_digit() {
                    run.push(c);
                    continue;
                }
                if !run.is_empty() {
                    if run.starts_with('0') {
                        return Err(FenError::BadRunLength { rank: label });
                    }
                    match run.parse::<usize>() {
                        Ok(n) if n <= files => file += n,
                        _ => return Err(FenError::RunTooLong { rank: label, files }),
                    }
                    run.clear();
                }
                if c == '/' {
                    break;
                }
                if c == '*' && self.tables.attack_boards.is_none() {
                    return Err(FenError::HoleNotInGame {
                        square: g
                            .square(file as i32, rank as i32)
                            .map_or_else(|| format!("rank {label}"), |sq| g.name(sq)),
                        variant: self.variant(),
                    });
                }
                // A letter of no piece at all; one of a piece this game
                // lacks is named below.
                if c != '*'
                    && self.tables.spec.piece_of_fen_char(c).is_none()
                    && Role::from_letter(c).is_none()
                {
                    return Err(FenError::UnknownPiece { letter: c });
                }
                cells.push((file, c));
                file += 1;
            }
            if file != files {
                return Err(FenError::RankWidth {
                    rank: label,
                    found: file,
                    expected: files,
                });
            }
            // Every square must agree with the board on whether it exists.
            let marked_holes: Vec<usize> = cells
                .iter()
                .filter(|(_, c)| *c == '*')
                .map(|(f, _)| *f)
                .collect();
            for f in 0..files {
                let sq = g
                    .square(f as i32, rank as i32)
                    .expect("inside the rectangle");
                if self.holes.has(sq) != marked_holes.contains(&f) {
                    return Err(FenError::Hole { square: g.name(sq) });
                }
            }
            for (f, c) in cells.into_iter().filter(|(_, c)| *c != '*') {
                let Some(piece) = self.tables.spec.piece_of_fen_char(c) else {
                    return Err(FenError::PieceNotInGame {
                        letter: c,
                        variant: self.variant(),
                    });
                };
                let sq = g
                    .square(f as i32, rank as i32)
                    .expect("inside the rectangle");
                self.put(piece, sq);
            }
        }
        Ok(())
    }

    fn check_kings_and_pawns(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let found = self.pieces(color, Role::King).count();
            if found != 1 {
                return Err(FenError::KingCount { color, found });
            }
        }
        let t = self.tables;
        for color in Color::ALL {
            let king = self.king(color);
            if !t.king_zone[color.index()].has(king) {
                return Err(FenError::Placement {
                    square: t.geometry.name(king),
                    reason: "a king outside its castle",
                });
            }
            if let Some((zones, role, _)) = t.entry_promotion
                && let Some(sq) = (self.pieces(color, role) & zones[color.index()])
                    .squares()
                    .next()
            {
                return Err(FenError::Placement {
                    square: t.geometry.name(sq),
                    reason: "an unpromoted rook inside the enemy castle",
                });
            }
        }
        // A pawn can never stand where it would have promoted. On a fixed
        // board that is either back rank (a pawn cannot move backwards to
        // its own); where boards move a pawn can ride behind the main board
        // and walk onto the enemy's promotion squares, so only its own count.
        let t = self.tables;
        for color in Color::ALL {
            let impossible = if t.attack_boards.is_some() {
                t.promotion_zone[color.index()]
            } else {
                t.back_rank[0] | t.back_rank[1]
            };
            if let Some(sq) = (self.pieces(color, Role::Pawn) & impossible)
                .squares()
                .next()
            {
                return Err(FenError::PawnOnBackRank {
                    square: t.geometry.name(sq),
                });
            }
        }
        Ok(())
    }

    /// The outermost rook of `color` on its first rank beyond the king on
    /// `side` (0 = lower files, 1 = higher files).
    fn outermost_rook(&self, color: Color, side: usize) -> Option<Square> {
        let king = self.king(color);
        let rooks = self.pieces(color, Role::Rook) & self.tables.back_rank[color.index()];
        let beyond = |sq: &Square| if side == 1 { *sq > king } else { *sq < king };
        let mut candidates = rooks.squares().filter(beyond);
        if side == 1 {
            candidates.last()
        } else {
            candidates.next()
        }
    }

    fn read_castling(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let error = |reason: String| FenError::Castling {
            found: field.to_string(),
            reason,
        };
        if self.tables.spec.castling == CastlingStyle::None {
            return Err(error(format!("{} has no castling", self.variant())));
        }
        let g = &self.tables.geometry;
        for c in field.chars() {
            if !c.is_ascii_alphabetic() {
                return Err(error(format!("unexpected character '{c}'")));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let king = self.king(color);
            if !self.tables.back_rank[color.index()].has(king) {
                return Err(error(format!(
                    "'{c}' needs the {} king on its first rank",
                    color_name(color)
                )));
            }
            let rook = match c.to_ascii_uppercase() {
                'K' => self.outermost_rook(color, 1),
                'Q' => self.outermost_rook(color, 0),
                letter => {
                    let file = File::from_letter(letter.to_ascii_lowercase())
                        .filter(|f| f.0 < g.files())
                        .ok_or_else(|| error(format!("'{c}' is not a file of the board")))?;
                    let rank = g.rank_of(king).0 as i32;
                    g.square(file.0 as i32, rank)
                        .filter(|&sq| self.piece_at(sq) == Some(Piece::new(color, Role::Rook)))
                }
            }
            .ok_or_else(|| error(format!("no {} rook for '{c}'", color_name(color))))?;
            let side = usize::from(rook > king);
            let slot = &mut self.castling[color.index()][side];
            if slot.is_some() {
                return Err(error(format!("two rights on one side in '{c}'")));
            }
            *slot = Some(rook);
        }
        Ok(())
    }

    fn read_en_passant(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let error = |reason: &str| FenError::EnPassant {
            found: field.to_string(),
            reason: reason.to_string(),
        };
        let t = self.tables;
        if !t.spec.has_role(Role::Pawn) {
            return Err(FenError::EnPassant {
                found: field.to_string(),
                reason: format!("{} has no pawns", self.variant()),
            });
        }
        // One square (the passed one), or two: the passed square and the
        // pawn, in either order, as Fairy-Stockfish writes Berolina's.
        let mut named = Vec::new();
        let mut rest = field;
        while !rest.is_empty() && named.len() < 2 {
            let (sq, len) = t
                .geometry
                .parse_square_prefix(rest)
                .filter(|&(sq, _)| self.exists().has(sq))
                .ok_or_else(|| error("not a square of the board"))?;
            named.push(sq);
            rest = &rest[len..];
        }
        if !rest.is_empty() {
            return Err(error("names more than two squares"));
        }
        let passed = named
            .iter()
            .copied()
            .find(|&sq| !self.occupied().has(sq))
            .ok_or_else(|| error("the passed square is not empty"))?;
        if !t.en_passant_zone.has(passed) {
            return Err(error("en passant happens only on the main board"));
        }
        let victims = self.double_steps_through(passed);
        let victim = match named.iter().find(|&&sq| sq != passed) {
            Some(&pawn) if victims.has(pawn) => pawn,
            Some(_) => {
                return Err(error(
                    "the second square is not a pawn that passed the first with a double step",
                ));
            }
            None if victims.more_than_one() => {
                return Err(error(
                    "two pawns may have passed this square: name the pawn too (c3d4)",
                ));
            }
            None if victims.any() => victims.lsb(),
            None => {
                return Err(error(
                    "no pawn of the side that just moved can have passed this square with a double step",
                ));
            }
        };
        self.en_passant = Some(EnPassant {
            square: passed,
            victim,
        });
        Ok(())
    }

    /// The pawns of the side that just moved that may have passed the
    /// empty square `passed` with a double step from an empty square.
    fn double_steps_through(&self, passed: Square) -> B {
        let t = self.tables;
        let mover = !self.side;
        let empty = !self.occupied();
        let mut victims = B::EMPTY;
        for pawn in (t.pawn_step(mover, passed) & self.pieces(mover, Role::Pawn)).squares() {
            for origin in (t.pawn_step(self.side, passed) & empty).squares() {
                if t.pawn_double_step(mover, origin).has(pawn)
                    && t.between(origin, pawn) == B::from_square(passed)
                {
                    victims |= B::from_square(pawn);
                }
            }
        }
        victims & t.en_passant_zone
    }

    /// The board field of the FEN.
    pub fn board_fen(&self) -> String {
        let g = &self.tables.geometry;
        let mut out = String::new();
        for rank in (0..g.ranks() as i32).rev() {
            let mut empty = 0;
            for file in 0..g.files() as i32 {
                let sq = g.square(file, rank).expect("inside the rectangle");
                let cell = if self.holes.has(sq) {
                    Some('*')
                } else {
                    self.piece_at(sq).map(|p| self.tables.spec.fen_char(p))
                };
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The castling field: `KQkq` letters for outermost rooks, Shredder
    /// file letters for inner ones, `-` for none.
    pub fn castling_fen(&self) -> String {
        let g = &self.tables.geometry;
        let mut out = String::new();
        for color in Color::ALL {
            for side in [1, 0] {
                if let Some(rook) = self.castling[color.index()][side] {
                    let letter = if Some(rook) == self.outermost_rook(color, side) {
                        if side == 1 { 'K' } else { 'Q' }
                    } else {
                        g.file_of(rook).letter().to_ascii_uppercase()
                    };
                    out.push(match color {
                        Color::White => letter,
                        Color::Black => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The en-passant field: the passed square, and in Berolina, where
    /// two pawns may pass one square, the pawn's square too, the two in
    /// board order as Fairy-Stockfish writes them (`c3d4`, `b5c6`).
    pub fn en_passant_fen(&self) -> String {
        let g = &self.tables.geometry;
        match self.en_passant {
            None => "-".to_string(),
            Some(ep) => match self.tables.spec.pawn_style {
                PawnStyle::Orthodox => g.name(ep.square),
                PawnStyle::Berolina => {
                    g.name(ep.square.min(ep.victim)) + &g.name(ep.square.max(ep.victim))
                }
            },
        }
    }

    /// The corner field of a game with movable boards (`a4,f4,a9,f9`);
    /// `None` in other games.
    pub fn board_corners_fen(&self) -> Option<String> {
        self.tables.attack_boards.as_ref()?;
        let g = &self.tables.geometry;
        let names: Vec<String> = self.corners.iter().map(|&c| g.name(c)).collect();
        Some(names.join(","))
    }

    /// The position as a FEN: six fields, and a seventh with the attack
    /// boards' corners in games that have them.
    pub fn fen(&self) -> String {
        let ep = self.en_passant_fen();
        let mut fen = format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.side.fen_char(),
            self.castling_fen(),
            ep,
            self.halfmove_clock,
            self.fullmove_number
        );
        if let Some(corners) = self.board_corners_fen() {
            fen.push(' ');
            fen.push_str(&corners);
        }
        fen
    }
}
