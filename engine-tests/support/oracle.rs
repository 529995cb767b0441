//! The move-generation oracle: one deliberately simple move generator for
//! every board game (Chess, WAD Chess, Parity Chess, Chad, Wau Chess),
//! written straight from the rules files (`src/rules/games/<game>.md`)
//! and sharing no code with the engine, against which the suites check
//! the engine's moves (`chad.rs`, `wauchess_mailbox.rs`,
//! `movegen_fuzz.rs`).
//!
//! It is a mailbox: a frame of files and ranks, each square with an
//! `exists` flag (false only on Wau Chess's holes) and maybe a piece;
//! pieces move by lists of leaps and ride along lines; Chad's castles and
//! walls and Wau Chess's attack boards are rectangles. A move is legal when,
//! played on a copy, it leaves the mover's king unattacked, looking out from
//! the king's square. It is slow on purpose: nothing is incremental.
//!
//! Squares are `(file, rank)`, both from 0: a1 is `(0, 0)`.

/// A square as (file, rank), both from 0: a1 is (0, 0), l12 is (11, 11).
pub type Sq = (i32, i32);

/// The most files of any game's frame.
const MAX_FILES: usize = 12;
/// The most ranks of any game's frame.
const MAX_RANKS: usize = 14;

/// One step or leap in each of the four orthogonal directions (W).
pub const WAZIR: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// One step in each of the four diagonal directions (F).
pub const FERZ: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// The knight's leaps (N).
pub const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// Two squares orthogonally (D).
pub const DABBABA: [Sq; 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];
/// Two squares diagonally (A).
pub const ALFIL: [Sq; 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];
/// The king's steps: W and F.
const KING: [Sq; 8] = concat([&WAZIR, &FERZ]);
/// Chad's king: W, F and N.
const CHAD_KING: [Sq; 16] = concat([&WAZIR, &FERZ, &KNIGHT]);
/// The WAD: W, A and D.
const WAD: [Sq; 12] = concat([&WAZIR, &DABBABA, &ALFIL]);
/// The FAD: F, A and D.
const FAD: [Sq; 12] = concat([&FERZ, &ALFIL, &DABBABA]);

/// The leaps of `parts`, one after another.
const fn concat<const N: usize, const M: usize>(parts: [&[Sq]; M]) -> [Sq; N] {
    let mut out = [(0, 0); N];
    let mut n = 0;
    let mut i = 0;
    while i < M {
        let mut j = 0;
        while j < parts[i].len() {
            out[n] = parts[i][j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(n == N, "the parts fill the array");
    out
}

/// Wau Chess: the side of an attack board, in squares.
pub const ATTACK_BOARD: i32 = 3;
/// Wau Chess: the farthest an attack board moves in either direction.
pub const MAX_BOARD_SHIFT: i32 = 3;
/// Wau Chess: the attack boards' start corners, in the order White
/// queen-side a4, White king-side f4, Black queen-side a9, Black king-side
/// f9.
pub const START_CORNERS: [Sq; 4] = [(0, 3), (5, 3), (0, 8), (5, 8)];
/// Wau Chess: the main board, d4-e11.
pub const WAU_MAIN: Rect = Rect {
    f: 3,
    r: 3,
    w: 2,
    h: 8,
};
/// Chad: the castles, White's c3-e5 and Black's h8-j10.
const CHAD_CASTLES: [Rect; 2] = [
    Rect {
        f: 2,
        r: 2,
        w: 3,
        h: 3,
    },
    Rect {
        f: 7,
        r: 7,
        w: 3,
        h: 3,
    },
];

/// A rectangle of squares: lowest file and rank, width and height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// The lowest file.
    pub f: i32,
    /// The lowest rank.
    pub r: i32,
    /// Files covered.
    pub w: i32,
    /// Ranks covered.
    pub h: i32,
}

impl Rect {
    /// Whether `sq` is inside.
    pub fn has(self, sq: Sq) -> bool {
        (self.f..self.f + self.w).contains(&sq.0) && (self.r..self.r + self.h).contains(&sq.1)
    }

    /// Whether the two share a square.
    pub fn overlaps(self, o: Rect) -> bool {
        self.f < o.f + o.w && o.f < self.f + self.w && self.r < o.r + o.h && o.r < self.r + self.h
    }

    /// wauchess.md, board move rule 3: whether a side of one lies along a
    /// side of the other for at least one square (corner contact does not
    /// count).
    pub fn shares_edge(self, o: Rect) -> bool {
        let files_overlap = self.f < o.f + o.w && o.f < self.f + self.w;
        let ranks_overlap = self.r < o.r + o.h && o.r < self.r + self.h;
        let side_by_side = self.f + self.w == o.f || o.f + o.w == self.f;
        let one_above = self.r + self.h == o.r || o.r + o.h == self.r;
        (side_by_side && ranks_overlap) || (one_above && files_overlap)
    }
}

/// The attack board with lower-left corner `corner`.
pub fn board_rect(corner: Sq) -> Rect {
    Rect {
        f: corner.0,
        r: corner.1,
        w: ATTACK_BOARD,
        h: ATTACK_BOARD,
    }
}

/// The games the oracle knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Chess, 8x8.
    Chess,
    /// WAD Chess, 10x8, fast castling.
    WadChess,
    /// Parity Chess, 12x8, fast castling.
    ParityChess,
    /// Chad, 12x12: castles and walls, kings, rooks and queens.
    Chad,
    /// Wau Chess, an 8x14 frame: the main board and four attack boards.
    WauChess,
}

/// How a game castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Castling {
    /// Not at all (Chad).
    None,
    /// As in chess: the king two files towards the rook, the rook over it.
    Standard,
    /// WAD and Parity Chess: the king to any empty square strictly between
    /// it and the rook, the rook to the king's square.
    Fast,
}

impl Game {
    /// Files and ranks of the frame.
    pub fn size(self) -> (i32, i32) {
        match self {
            Game::Chess => (8, 8),
            Game::WadChess => (10, 8),
            Game::ParityChess => (12, 8),
            Game::Chad => (12, 12),
            Game::WauChess => (8, 14),
        }
    }

    /// The files of the frame.
    pub fn files(self) -> i32 {
        self.size().0
    }

    /// The ranks of the frame.
    pub fn ranks(self) -> i32 {
        self.size().1
    }

    /// The army, kings and pawns included.
    pub fn army(self) -> &'static [Kind] {
        use Kind::*;
        match self {
            Game::Chess | Game::WauChess => &[Pawn, Knight, Bishop, Rook, Queen, King],
            Game::WadChess => &[Pawn, Knight, Bishop, Rook, Queen, King, Champion],
            Game::ParityChess => &[Pawn, Knight, Bishop, Rook, Queen, King, Champion, Fad],
            Game::Chad => &[Rook, Queen, King],
        }
    }

    /// What a pawn may promote to: the army but pawns and kings.
    pub fn promotions(self) -> Vec<Kind> {
        self.army()
            .iter()
            .copied()
            .filter(|&k| k != Kind::Pawn && k != Kind::King)
            .collect()
    }

    /// How the game castles.
    pub fn castling(self) -> Castling {
        match self {
            Game::Chess | Game::WauChess => Castling::Standard,
            Game::WadChess | Game::ParityChess => Castling::Fast,
            Game::Chad => Castling::None,
        }
    }

    /// The board pawns start, double-step, take en passant and promote on:
    /// the whole board, but for Wau Chess's main board.
    pub fn main_board(self) -> Rect {
        if self == Game::WauChess {
            WAU_MAIN
        } else {
            let (w, h) = self.size();
            Rect { f: 0, r: 0, w, h }
        }
    }

    /// The rank a pawn of `white` promotes on (on the main board).
    pub fn promotion_rank(self, white: bool) -> i32 {
        let m = self.main_board();
        if white { m.r + m.h - 1 } else { m.r }
    }

    /// The rank a pawn of `white` double-steps from (on the main board).
    pub fn pawn_start_rank(self, white: bool) -> i32 {
        let m = self.main_board();
        if white { m.r + 1 } else { m.r + m.h - 2 }
    }

    /// The rank the king and rooks of `white` start on.
    pub fn back_rank(self, white: bool) -> i32 {
        let m = self.main_board();
        if white { m.r } else { m.r + m.h - 1 }
    }

    /// Chad: the castle of `white`.
    pub fn castle(self, white: bool) -> Rect {
        CHAD_CASTLES[usize::from(!white)]
    }

    /// Chad: whether `sq` is on the wall of the castle of `white`: the 12
    /// squares touching its sides (not its corners).
    pub fn on_wall(self, white: bool, sq: Sq) -> bool {
        let k = self.castle(white);
        if k.has(sq) {
            return false;
        }
        let by_file = (k.f..k.f + k.w).contains(&sq.0) && (sq.1 == k.r - 1 || sq.1 == k.r + k.h);
        let by_rank = (k.r..k.r + k.h).contains(&sq.1) && (sq.0 == k.f - 1 || sq.0 == k.f + k.w);
        by_file || by_rank
    }

    /// chad.md, "Captures": a rook or queen may take only when one of the
    /// two stands on the wall of a castle and belongs to the player who
    /// does not own it, and the other stands inside that castle and belongs
    /// to its owner; either may take the other. Here the mover, of
    /// `white`, stands on `from` and the enemy piece on `to`.
    pub fn chad_capture_allowed(self, white: bool, from: Sq, to: Sq) -> bool {
        (self.on_wall(!white, from) && self.castle(!white).has(to))
            || (self.castle(white).has(from) && self.on_wall(white, to))
    }

    /// The leaps of `kind` (pawns are handled apart).
    pub fn leaps(self, kind: Kind) -> &'static [Sq] {
        match kind {
            Kind::Knight => &KNIGHT,
            // chad.md: a chess king or a knight, inside its castle.
            Kind::King if self == Game::Chad => &CHAD_KING,
            Kind::King => &KING,
            // wadchess.md: the WAD.
            Kind::Champion => &WAD,
            // paritychess.md: the FAD.
            Kind::Fad => &FAD,
            Kind::Pawn | Kind::Bishop | Kind::Rook | Kind::Queen => &[],
        }
    }

    /// Whether `kind` rides orthogonally, and whether diagonally.
    pub fn rides(self, kind: Kind) -> (bool, bool) {
        match kind {
            Kind::Rook => (true, false),
            Kind::Bishop => (false, true),
            Kind::Queen => (true, true),
            _ => (false, false),
        }
    }
}

/// The squares of `rect`.
fn squares_of(rect: Rect) -> impl Iterator<Item = Sq> {
    (rect.f..rect.f + rect.w).flat_map(move |f| (rect.r..rect.r + rect.h).map(move |r| (f, r)))
}

/// Whether four attack boards at `corners` are a valid Wau Chess
/// arrangement: each wholly inside the 8x14 frame, none overlapping the
/// main board or another, and every one joined to the main board through
/// a chain of boards that share an edge.
pub fn arrangement_ok(corners: &[Sq; 4]) -> bool {
    let (files, ranks) = Game::WauChess.size();
    let rects = corners.map(board_rect);
    for (i, a) in rects.iter().enumerate() {
        if a.f < 0 || a.r < 0 || a.f + a.w > files || a.r + a.h > ranks {
            return false;
        }
        if a.overlaps(WAU_MAIN) || rects[..i].iter().any(|o| o.overlaps(*a)) {
            return false;
        }
    }
    let mut joined = [false; 4];
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..4 {
            if !joined[i]
                && (rects[i].shares_edge(WAU_MAIN)
                    || (0..4).any(|j| joined[j] && rects[i].shares_edge(rects[j])))
            {
                joined[i] = true;
                changed = true;
            }
        }
    }
    joined.iter().all(|&j| j)
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A pawn.
    Pawn,
    /// A knight.
    Knight,
    /// A bishop.
    Bishop,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
    /// A king.
    King,
    /// WAD Chess's Champion, the WAD.
    Champion,
    /// Parity Chess's FAD.
    Fad,
}

impl Kind {
    /// The lowercase letter.
    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
            Kind::Champion => 'c',
            Kind::Fad => 'f',
        }
    }

    /// The kind a letter of either case names.
    pub fn of_letter(c: char) -> Option<Kind> {
        [
            Kind::Pawn,
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
            Kind::King,
            Kind::Champion,
            Kind::Fad,
        ]
        .into_iter()
        .find(|k| k.letter() == c.to_ascii_lowercase())
    }
}

/// A piece and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// White's piece (else Black's).
    pub white: bool,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// The FEN letter: upper case for White.
    pub fn letter(self) -> char {
        let c = self.kind.letter();
        if self.white {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }
}

/// What a move does besides taking the piece on `to`, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Nothing more.
    None,
    /// A pawn's double step: it leaves an en-passant square behind.
    DoubleStep,
    /// A pawn takes en passant: the victim stands beside it.
    EnPassant,
    /// The piece becomes this kind (a pawn on its last rank, a Chad rook in
    /// the enemy castle).
    Promotion(Kind),
    /// Castling: `from` and `to` are the king's; the rook stands on `rook`.
    Castle {
        /// The castling rook's square.
        rook: Sq,
    },
    /// Wau Chess: attack board number `index` (0, 1: White's queen- and
    /// king-side boards; 2, 3: Black's) moves its lower-left corner from
    /// `from` to `to`, with any piece on it riding along.
    Board {
        /// Which board.
        index: usize,
    },
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    /// Where the piece stands (a board move: the board's corner).
    pub from: Sq,
    /// Where it goes (castling: the king's square; a board move: the new
    /// corner).
    pub to: Sq,
    /// What else happens.
    pub special: Special,
}

/// The name of a square: `a1`, `l12`.
pub fn name(sq: Sq) -> String {
    format!("{}{}", char::from(b'a' + sq.0 as u8), sq.1 + 1)
}

/// The square of a name.
pub fn square(text: &str) -> Sq {
    let file = i32::from(text.as_bytes()[0] - b'a');
    let rank: i32 = text[1..].parse().expect("a rank number");
    (file, rank - 1)
}

/// The direction a pawn of `white` moves in.
fn forward(white: bool) -> i32 {
    if white { 1 } else { -1 }
}

fn step(sq: Sq, d: Sq) -> Sq {
    (sq.0 + d.0, sq.1 + d.1)
}

/// A position: the pieces, the squares that exist, the side to move, the
/// castling rights, the en-passant square and where Wau Chess's attack
/// boards are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The game whose rules apply.
    pub game: Game,
    /// `cells[file][rank]`.
    cells: [[Option<Piece>; MAX_RANKS]; MAX_FILES],
    /// Whether a board covers the square (`exists[file][rank]`).
    exists: [[bool; MAX_RANKS]; MAX_FILES],
    /// White is to move.
    pub white_to_move: bool,
    /// The castling rooks' squares in the order K, Q, k, q (`None`: no
    /// right).
    pub castling: [Option<Sq>; 4],
    /// The square a pawn passed over with its double step just now.
    pub en_passant: Option<Sq>,
    /// Wau Chess: lower-left corners of the four attack boards (the start
    /// corners in the other games, where they mean nothing).
    pub corners: [Sq; 4],
}

impl Board {
    /// An empty board of `game`, White to move, no rights; in Wau Chess the
    /// attack boards stand on `corners`.
    pub fn empty(game: Game, corners: [Sq; 4]) -> Board {
        let mut board = Board {
            game,
            cells: [[None; MAX_RANKS]; MAX_FILES],
            exists: [[false; MAX_RANKS]; MAX_FILES],
            white_to_move: true,
            castling: [None; 4],
            en_passant: None,
            corners,
        };
        board.set_existence();
        board
    }

    /// Marks the squares that exist: the whole frame, or in Wau Chess the
    /// main board and the attack boards.
    fn set_existence(&mut self) {
        let (files, ranks) = self.game.size();
        for f in 0..files {
            for r in 0..ranks {
                self.exists[f as usize][r as usize] = self.game != Game::WauChess
                    || WAU_MAIN.has((f, r))
                    || self.corners.iter().any(|&c| board_rect(c).has((f, r)));
            }
        }
    }

    /// Reads a FEN of `game`: digits (of any length) for runs of empty
    /// squares, `*` for Wau Chess's holes, the side, castling rights (`KQkq`
    /// for the outermost rook on each side of the king on the back rank, or
    /// a rook's file letter), the en-passant square and, in Wau Chess, the
    /// seventh field with the four corners (without it the boards stand on
    /// their start corners). Panics on anything malformed, including holes
    /// that do not match the corners.
    pub fn from_fen(game: Game, fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        assert!(fields.len() >= 2, "too few fields in '{fen}'");
        let corners = match fields.get(6) {
            Some(list) if game == Game::WauChess => {
                let v: Vec<Sq> = list.split(',').map(square).collect();
                assert_eq!(v.len(), 4, "four corners in '{fen}'");
                [v[0], v[1], v[2], v[3]]
            }
            _ => START_CORNERS,
        };
        if game == Game::WauChess {
            assert!(arrangement_ok(&corners), "invalid boards in '{fen}'");
        }
        let mut board = Board::empty(game, corners);
        let (files, ranks) = game.size();
        let rows: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(rows.len(), ranks as usize, "{ranks} ranks in '{fen}'");
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i as i32;
            // The row's squares from the a-file: `None` for an empty one.
            let mut cells: Vec<Option<char>> = Vec::new();
            let mut run = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                cells.extend(std::iter::repeat_n(None, run));
                run = 0;
                cells.push(Some(c));
            }
            cells.extend(std::iter::repeat_n(None, run));
            assert_eq!(cells.len(), files as usize, "rank {} of '{fen}'", rank + 1);
            for (file, cell) in cells.into_iter().enumerate() {
                let sq = (file as i32, rank);
                match cell {
                    Some('*') => {
                        assert!(!board.exists(sq), "{} is not a hole in '{fen}'", name(sq))
                    }
                    None => assert!(board.exists(sq), "{} is a hole in '{fen}'", name(sq)),
                    Some(c) => {
                        let kind = Kind::of_letter(c)
                            .filter(|k| game.army().contains(k))
                            .unwrap_or_else(|| panic!("no piece '{c}' in {game:?}"));
                        assert!(board.exists(sq), "{} is a hole in '{fen}'", name(sq));
                        board.put(
                            sq,
                            Some(Piece {
                                white: c.is_ascii_uppercase(),
                                kind,
                            }),
                        );
                    }
                }
            }
        }
        board.white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => panic!("side '{other}' in '{fen}'"),
        };
        for c in fields.get(2).copied().unwrap_or("-").chars() {
            if c == '-' {
                continue;
            }
            let white = c.is_ascii_uppercase();
            let back = game.back_rank(white);
            let king = board
                .king(white)
                .filter(|k| k.1 == back)
                .unwrap_or_else(|| panic!("right '{c}' without a king on its rank in '{fen}'"));
            let rook = Some(Piece {
                white,
                kind: Kind::Rook,
            });
            let (slot, file) = match c.to_ascii_lowercase() {
                'k' => (
                    0,
                    (king.0 + 1..files)
                        .rev()
                        .find(|&f| board.at((f, back)) == rook),
                ),
                'q' => (1, (0..king.0).find(|&f| board.at((f, back)) == rook)),
                letter => {
                    let f = i32::from(letter as u8) - i32::from(b'a');
                    (usize::from(f < king.0), Some(f))
                }
            };
            let file = file.unwrap_or_else(|| panic!("right '{c}' without a rook in '{fen}'"));
            board.castling[slot + if white { 0 } else { 2 }] = Some((file, back));
        }
        board.en_passant = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            sq => Some(square(sq)),
        };
        board
    }

    /// The first field of the FEN: ranks from the top, digits for runs of
    /// empty existing squares, `*` for each hole.
    pub fn board_fen(&self) -> String {
        let (files, ranks) = self.game.size();
        let mut rows = Vec::new();
        for rank in (0..ranks).rev() {
            let mut row = String::new();
            let mut run = 0;
            for file in 0..files {
                let cell = if !self.exists((file, rank)) {
                    Some('*')
                } else {
                    self.at((file, rank)).map(Piece::letter)
                };
                match cell {
                    None => run += 1,
                    Some(c) => {
                        if run > 0 {
                            row += &run.to_string();
                            run = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if run > 0 {
                row += &run.to_string();
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The castling field of the FEN: `KQkq` or the rights left, or `-`.
    pub fn castling_fen(&self) -> String {
        let s: String = "KQkq"
            .chars()
            .zip(self.castling)
            .filter(|(_, right)| right.is_some())
            .map(|(c, _)| c)
            .collect();
        if s.is_empty() { "-".to_string() } else { s }
    }

    /// Wau Chess's seventh field of the FEN: the four corners, comma
    /// separated.
    pub fn corners_fen(&self) -> String {
        self.corners.map(name).join(",")
    }

    /// Whether a board covers `sq` (false outside the frame).
    pub fn exists(&self, sq: Sq) -> bool {
        let (files, ranks) = self.game.size();
        (0..files).contains(&sq.0)
            && (0..ranks).contains(&sq.1)
            && self.exists[sq.0 as usize][sq.1 as usize]
    }

    /// The piece on `sq` (none on holes and outside the frame).
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        if self.exists(sq) {
            self.cells[sq.0 as usize][sq.1 as usize]
        } else {
            None
        }
    }

    /// Puts `piece` on `sq` (or empties it), which must be in the frame.
    pub fn put(&mut self, sq: Sq, piece: Option<Piece>) {
        self.cells[sq.0 as usize][sq.1 as usize] = piece;
    }

    /// Every piece with its square, rank by rank from a1.
    pub fn pieces(&self) -> Vec<(Sq, Piece)> {
        let (files, ranks) = self.game.size();
        let mut out = Vec::new();
        for r in 0..ranks {
            for f in 0..files {
                if let Some(p) = self.at((f, r)) {
                    out.push(((f, r), p));
                }
            }
        }
        out
    }

    /// The square of the king of `white`, if it has exactly one.
    pub fn king(&self, white: bool) -> Option<Sq> {
        let king = Some(Piece {
            white,
            kind: Kind::King,
        });
        let (files, ranks) = self.game.size();
        let mut found = None;
        for f in 0..files {
            for r in 0..ranks {
                if self.at((f, r)) == king {
                    if found.is_some() {
                        return None;
                    }
                    found = Some((f, r));
                }
            }
        }
        found
    }

    /// The squares a piece on `from` attacks: where it would take an enemy
    /// piece, ignoring Chad's capture limits (they do not change check) but
    /// keeping Chad's king in its castle.
    pub fn attacks(&self, from: Sq, p: Piece) -> Vec<Sq> {
        let mut out = Vec::new();
        if p.kind == Kind::Pawn {
            for df in [-1, 1] {
                let to = (from.0 + df, from.1 + forward(p.white));
                if self.exists(to) {
                    out.push(to);
                }
            }
            return out;
        }
        let (orthogonal, diagonal) = self.game.rides(p.kind);
        out.extend(
            self.game
                .leaps(p.kind)
                .iter()
                .map(|&d| step(from, d))
                .filter(|&to| self.exists(to)),
        );
        let mut lines = Vec::new();
        if orthogonal {
            lines.extend(WAZIR);
        }
        if diagonal {
            lines.extend(FERZ);
        }
        for d in lines {
            let mut to = step(from, d);
            while self.exists(to) {
                out.push(to);
                if self.at(to).is_some() {
                    break;
                }
                to = step(to, d);
            }
        }
        if p.kind == Kind::King && self.game == Game::Chad {
            let castle = self.game.castle(p.white);
            out.retain(|&to| castle.has(to));
        }
        out
    }

    /// The pieces of `by_white` that attack `sq`, found by looking out from
    /// the square (leaps are symmetric: a leaper attacks the square if it
    /// stands one of its own leaps away); with `first_only`, at most one.
    fn find_attackers(&self, sq: Sq, by_white: bool, first_only: bool) -> Vec<Sq> {
        let mut out = Vec::new();
        let game = self.game;
        for df in [-1, 1] {
            let at = (sq.0 + df, sq.1 - forward(by_white));
            if self.at(at)
                == Some(Piece {
                    white: by_white,
                    kind: Kind::Pawn,
                })
            {
                out.push(at);
                if first_only {
                    return out;
                }
            }
        }
        for &kind in game.army() {
            if kind == Kind::Pawn
                || (kind == Kind::King && game == Game::Chad && !game.castle(by_white).has(sq))
            {
                continue;
            }
            let piece = Some(Piece {
                white: by_white,
                kind,
            });
            for &d in game.leaps(kind) {
                let at = step(sq, d);
                if self.at(at) == piece {
                    out.push(at);
                    if first_only {
                        return out;
                    }
                }
            }
        }
        for (lines, orthogonal) in [(WAZIR, true), (FERZ, false)] {
            for d in lines {
                let mut at = step(sq, d);
                while self.exists(at) {
                    if let Some(p) = self.at(at) {
                        let (orth, diag) = game.rides(p.kind);
                        if p.white == by_white && (if orthogonal { orth } else { diag }) {
                            out.push(at);
                            if first_only {
                                return out;
                            }
                        }
                        break;
                    }
                    at = step(at, d);
                }
            }
        }
        out
    }

    /// The pieces of `by_white` attacking `sq`.
    pub fn attackers(&self, sq: Sq, by_white: bool) -> Vec<Sq> {
        self.find_attackers(sq, by_white, false)
    }

    /// The same, from each enemy piece's own moves (slower; to check the
    /// other way).
    pub fn attackers_slow(&self, sq: Sq, by_white: bool) -> Vec<Sq> {
        self.pieces()
            .into_iter()
            .filter(|&(at, p)| p.white == by_white && self.attacks(at, p).contains(&sq))
            .map(|(at, _)| at)
            .collect()
    }

    /// Whether a piece of `by_white` attacks `sq`.
    pub fn attacked(&self, sq: Sq, by_white: bool) -> bool {
        !self.find_attackers(sq, by_white, true).is_empty()
    }

    /// Whether the king of `white` is attacked (it must have one).
    pub fn in_check(&self, white: bool) -> bool {
        let king = self
            .king(white)
            .unwrap_or_else(|| panic!("no king in {}", self.board_fen()));
        self.attacked(king, !white)
    }

    /// Moves by the rules of movement and capture, before the check test.
    pub fn pseudo_moves(&self) -> Vec<Mv> {
        let mut moves = Vec::new();
        let white = self.white_to_move;
        let game = self.game;
        let plain = |from: Sq, to: Sq| Mv {
            from,
            to,
            special: Special::None,
        };
        for (from, piece) in self.pieces() {
            if piece.white != white {
                continue;
            }
            if piece.kind == Kind::Pawn {
                self.pawn_moves(from, &mut moves);
                continue;
            }
            for to in self.attacks(from, piece) {
                let target = self.at(to);
                if target.is_some_and(|t| t.white == white || t.kind == Kind::King) {
                    continue;
                }
                if game == Game::Chad
                    && piece.kind != Kind::King
                    && target.is_some()
                    && !game.chad_capture_allowed(white, from, to)
                {
                    continue;
                }
                if game == Game::Chad && piece.kind == Kind::Rook && game.castle(!white).has(to) {
                    // chad.md, "Promotion": a rook ending inside the enemy
                    // castle becomes a queen.
                    moves.push(Mv {
                        from,
                        to,
                        special: Special::Promotion(Kind::Queen),
                    });
                } else {
                    moves.push(plain(from, to));
                }
            }
        }
        self.castling_moves(&mut moves);
        if game == Game::WauChess {
            self.board_moves(&mut moves);
        }
        moves
    }

    /// A pawn's steps, double step, captures, en passant and promotions.
    /// Only on the main board does a pawn double-step, promote or take (or
    /// get taken) en passant.
    fn pawn_moves(&self, from: Sq, moves: &mut Vec<Mv>) {
        let game = self.game;
        let white = self.white_to_move;
        let main = game.main_board();
        let fw = forward(white);
        let free = |sq: Sq| self.exists(sq) && self.at(sq).is_none();
        let mut targets = Vec::new();
        let one = (from.0, from.1 + fw);
        if free(one) {
            targets.push(one);
            let two = (from.0, from.1 + 2 * fw);
            if from.1 == game.pawn_start_rank(white) && main.has(from) && free(two) {
                moves.push(Mv {
                    from,
                    to: two,
                    special: Special::DoubleStep,
                });
            }
        }
        for df in [-1, 1] {
            let to = (from.0 + df, from.1 + fw);
            match self.at(to) {
                Some(p) if p.white != white && p.kind != Kind::King => targets.push(to),
                Some(_) => {}
                None if self.en_passant == Some(to) && free(to) => {
                    let victim = (to.0, from.1);
                    if main.has(from)
                        && main.has(to)
                        && main.has(victim)
                        && self.at(victim)
                            == Some(Piece {
                                white: !white,
                                kind: Kind::Pawn,
                            })
                    {
                        moves.push(Mv {
                            from,
                            to,
                            special: Special::EnPassant,
                        });
                    }
                }
                None => {}
            }
        }
        for to in targets {
            if to.1 == game.promotion_rank(white) && main.has(to) {
                for kind in game.promotions() {
                    moves.push(Mv {
                        from,
                        to,
                        special: Special::Promotion(kind),
                    });
                }
            } else {
                moves.push(Mv {
                    from,
                    to,
                    special: Special::None,
                });
            }
        }
    }

    /// Castling with each right of the side to move: the king not in check,
    /// on the rook's rank; in Wau Chess all four attack boards on their
    /// start corners. Standard: the squares between king and rook and the
    /// two destinations empty, the king passing and landing on no attacked
    /// square. Fast: to each empty, unattacked square strictly between.
    fn castling_moves(&self, moves: &mut Vec<Mv>) {
        let game = self.game;
        let white = self.white_to_move;
        if game.castling() == Castling::None
            || (game == Game::WauChess && self.corners != START_CORNERS)
        {
            return;
        }
        let own = if white { 0..2 } else { 2..4 };
        if self.castling[own.clone()].iter().all(Option::is_none) {
            return;
        }
        let Some(king) = self.king(white) else {
            return;
        };
        if self.attacked(king, !white) {
            return;
        }
        let (kf, rank) = king;
        for rook in self.castling[own].iter().flatten().copied() {
            let rf = rook.0;
            let is_rook = self.at(rook)
                == Some(Piece {
                    white,
                    kind: Kind::Rook,
                });
            if rook.1 != rank || !is_rook || rf == kf {
                continue;
            }
            let dir = (rf - kf).signum();
            if game.castling() == Castling::Fast {
                let mut tf = kf + dir;
                while tf != rf {
                    if self.at((tf, rank)).is_none() && !self.attacked((tf, rank), !white) {
                        moves.push(Mv {
                            from: king,
                            to: (tf, rank),
                            special: Special::Castle { rook },
                        });
                    }
                    tf += dir;
                }
                continue;
            }
            let files = game.files();
            let (king_to, rook_to) = if dir > 0 {
                (files - 2, files - 3)
            } else {
                (2, 3)
            };
            let span = |a: i32, z: i32| a.min(z)..=a.max(z);
            let blocked = span(kf, king_to)
                .chain(span(rf, rook_to))
                .any(|f| f != kf && f != rf && self.at((f, rank)).is_some());
            if blocked {
                continue;
            }
            let mut without = *self;
            without.put(king, None);
            without.put(rook, None);
            let passes_attacked = span(kf, king_to)
                .filter(|&f| f != kf)
                .any(|f| without.attacked((f, rank), !white));
            if !passes_attacked {
                moves.push(Mv {
                    from: king,
                    to: (king_to, rank),
                    special: Special::Castle { rook },
                });
            }
        }
    }

    /// Wau Chess's board moves, before the check test: each own board with
    /// at most one piece, its own, moved by (dx, dy) with max(|dx|, |dy|) at
    /// most 3, dx + dy even, not (0, 0), to a valid arrangement.
    fn board_moves(&self, moves: &mut Vec<Mv>) {
        let white = self.white_to_move;
        let own = if white { [0, 1] } else { [2, 3] };
        for index in own {
            let from = self.corners[index];
            let riders: Vec<Piece> = squares_of(board_rect(from))
                .filter_map(|sq| self.at(sq))
                .collect();
            if riders.len() > 1 || riders.iter().any(|p| p.white != white) {
                continue;
            }
            for dy in -MAX_BOARD_SHIFT..=MAX_BOARD_SHIFT {
                for dx in -MAX_BOARD_SHIFT..=MAX_BOARD_SHIFT {
                    if (dx, dy) == (0, 0) || (dx + dy) % 2 != 0 {
                        continue;
                    }
                    let to = (from.0 + dx, from.1 + dy);
                    let mut corners = self.corners;
                    corners[index] = to;
                    if arrangement_ok(&corners) {
                        moves.push(Mv {
                            from,
                            to,
                            special: Special::Board { index },
                        });
                    }
                }
            }
        }
    }

    /// Drops the castling rights a piece of `white` leaving `from` (or a
    /// piece taken on it) ends: all of its side's if it is the king, and
    /// the right of a rook standing there.
    fn drop_rights(&mut self, sq: Sq, piece: Option<Piece>) {
        if let Some(p) = piece
            && p.kind == Kind::King
        {
            let own = if p.white { 0..2 } else { 2..4 };
            self.castling[own].fill(None);
        }
        for right in &mut self.castling {
            if *right == Some(sq) {
                *right = None;
            }
        }
    }

    /// The position after `m` (which must be playable).
    pub fn play(&self, m: Mv) -> Board {
        let mut next = *self;
        next.en_passant = None;
        next.white_to_move = !self.white_to_move;
        if let Special::Board { index } = m.special {
            let (dx, dy) = (m.to.0 - m.from.0, m.to.1 - m.from.1);
            let riders: Vec<(Sq, Piece)> = squares_of(board_rect(m.from))
                .filter_map(|sq| Some((sq, self.at(sq)?)))
                .collect();
            for sq in squares_of(board_rect(m.from)) {
                next.put(sq, None);
                next.exists[sq.0 as usize][sq.1 as usize] = false;
            }
            for sq in squares_of(board_rect(m.to)) {
                next.exists[sq.0 as usize][sq.1 as usize] = true;
            }
            next.corners[index] = m.to;
            for &(sq, p) in &riders {
                // A king or rook that rides has moved.
                next.drop_rights(sq, Some(p));
                next.put((sq.0 + dx, sq.1 + dy), Some(p));
            }
            return next;
        }
        let mut piece = self.at(m.from).expect("a piece to move");
        next.put(m.from, None);
        next.drop_rights(m.from, Some(piece));
        next.drop_rights(m.to, self.at(m.to));
        match m.special {
            Special::None | Special::Board { .. } => {}
            Special::DoubleStep => next.en_passant = Some((m.from.0, (m.from.1 + m.to.1) / 2)),
            Special::EnPassant => next.put((m.to.0, m.from.1), None),
            Special::Promotion(kind) => piece.kind = kind,
            Special::Castle { rook } => {
                let rook_piece = self.at(rook);
                next.put(rook, None);
                next.drop_rights(rook, rook_piece);
                let rook_to = match self.game.castling() {
                    Castling::Fast => m.from,
                    _ => (m.to.0 - (rook.0 - m.from.0).signum(), m.from.1),
                };
                next.put(rook_to, rook_piece);
            }
        }
        next.put(m.to, Some(piece));
        next
    }

    /// The legal moves: those after which no enemy piece attacks the
    /// mover's king (none without a king).
    pub fn legal_moves(&self) -> Vec<Mv> {
        let white = self.white_to_move;
        let Some(king) = self.king(white) else {
            return Vec::new();
        };
        self.pseudo_moves()
            .into_iter()
            .filter(|&m| {
                // Where the king stands after the move: it moved, or rode
                // its attack board, or stayed.
                let king = match m.special {
                    Special::Board { .. } if board_rect(m.from).has(king) => {
                        (king.0 + m.to.0 - m.from.0, king.1 + m.to.1 - m.from.1)
                    }
                    Special::Board { .. } => king,
                    _ if m.from == king => m.to,
                    _ => king,
                };
                !self.play(m).attacked(king, !white)
            })
            .collect()
    }

    /// The move's wire spelling: `<from><to>` with a lowercase promotion
    /// letter; standard castling as the king's move; fast castling as the
    /// king's move when it goes two files or more, else as the rook's move
    /// onto the king's square (wadchess.md, "Notation"); a board move as `^`
    /// + the corner before + the corner after.
    pub fn wire(&self, m: Mv) -> String {
        match m.special {
            Special::Board { .. } => format!("^{}{}", name(m.from), name(m.to)),
            Special::Promotion(kind) => {
                format!("{}{}{}", name(m.from), name(m.to), kind.letter())
            }
            Special::Castle { rook }
                if self.game.castling() == Castling::Fast && (m.to.0 - m.from.0).abs() < 2 =>
            {
                format!("{}{}", name(rook), name(m.from))
            }
            _ => format!("{}{}", name(m.from), name(m.to)),
        }
    }

    /// The legal moves in wire spelling, sorted.
    pub fn legal_wire_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|m| self.wire(m))
            .collect();
        moves.sort();
        moves
    }

    /// Plays a move given in wire spelling (it must be legal).
    pub fn play_wire(&self, text: &str) -> Board {
        let m = self
            .legal_moves()
            .into_iter()
            .find(|&m| self.wire(m) == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.board_fen()));
        self.play(m)
    }

    /// The leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}
