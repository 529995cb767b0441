//! Wau Chess (`rules/wauchess.md`) perft against a second, independent move
//! generator written here (`mailbox`), which shares no code with the engine:
//! the start position, hand-made middlegames with the attack boards moved,
//! and pseudo-random games compared move by move. The engine must also read
//! back the FEN it writes for every position reached in play.
//!
//! Squares: files a-h, ranks 1-14. The main board is d4-e11; the four attack
//! boards are 3x3 and named by their lower-left corner, in the order White
//! queen-side, White king-side, Black queen-side, Black king-side (start:
//! a4, f4, a9, f9).

use motley::rules::{AnyPosition, Variant};

use crate::support::perft_file;

// ---------------------------------------------------------------------------
// The independent generator.
// ---------------------------------------------------------------------------

/// A deliberately simple Wau Chess move generator: an 8x14 array of cells,
/// each with an `exists` flag and maybe a piece, direction lists, the four
/// attack-board corners, and legality by playing each move on a copy and
/// looking for attacks on the mover's king. It is written straight from
/// `rules/wauchess.md` and is slow on purpose.
mod mailbox {
    /// A square as (file, rank), both from 0: a1 is (0, 0), h14 is (7, 13).
    pub type Sq = (i32, i32);

    /// Files of the frame.
    pub const FILES: i32 = 8;
    /// Ranks of the frame.
    pub const RANKS: i32 = 14;

    /// The attack boards' start corners: White queen-side a4, White
    /// king-side f4, Black queen-side a9, Black king-side f9.
    pub const START_CORNERS: [Sq; 4] = [(0, 3), (5, 3), (0, 8), (5, 8)];

    /// The main board as a rectangle (left file, bottom rank, width,
    /// height): d4-e11.
    const MAIN: (i32, i32, i32, i32) = (3, 3, 2, 8);

    const ORTHOGONAL: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const DIAGONAL: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const KNIGHT: [Sq; 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];

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
    }

    /// A piece and its side.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Piece {
        /// White's piece (else Black's).
        pub white: bool,
        /// What it is.
        pub kind: Kind,
    }

    /// One square of the frame: whether a board covers it, and its piece.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Cell {
        /// A board (main or attack) covers the square; else it is a hole.
        pub exists: bool,
        /// The piece standing there.
        pub piece: Option<Piece>,
    }

    /// A move.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Mv {
        /// A piece goes from one square to another. A pawn may promote (to
        /// `promotion`) or take en passant (a diagonal step onto an empty
        /// square); a king's step of two files is castling and takes the
        /// rook along.
        Step {
            /// Where the piece stands.
            from: Sq,
            /// Where it goes (for castling, the king's square).
            to: Sq,
            /// The new kind of a promoting pawn.
            promotion: Option<Kind>,
        },
        /// Attack board number `board` moves its lower-left corner from
        /// `from` to `to`, with any piece on it riding along.
        Board {
            /// 0, 1: White's queen- and king-side boards; 2, 3: Black's.
            board: usize,
            /// The corner before.
            from: Sq,
            /// The corner after.
            to: Sq,
        },
    }

    /// A position: the frame, the side to move, castling rights, the
    /// en-passant square and where the attack boards are.
    #[derive(Clone, Debug)]
    pub struct Board {
        /// `cells[file][rank]`.
        cells: [[Cell; RANKS as usize]; FILES as usize],
        /// White is to move.
        pub white_to_move: bool,
        /// Castling rights in the order K, Q, k, q.
        pub castling: [bool; 4],
        /// The square a pawn passed over with its double step just now.
        pub en_passant: Option<Sq>,
        /// Lower-left corners of the four attack boards.
        pub corners: [Sq; 4],
    }

    /// The name of a square: `a1`, `h14`.
    pub fn name(sq: Sq) -> String {
        format!("{}{}", char::from(b'a' + sq.0 as u8), sq.1 + 1)
    }

    /// The square of a name.
    pub fn square(text: &str) -> Sq {
        let file = i32::from(text.as_bytes()[0] - b'a');
        let rank: i32 = text[1..].parse().expect("a rank number");
        (file, rank - 1)
    }

    fn in_frame(sq: Sq) -> bool {
        (0..FILES).contains(&sq.0) && (0..RANKS).contains(&sq.1)
    }

    fn step(sq: Sq, d: Sq) -> Sq {
        (sq.0 + d.0, sq.1 + d.1)
    }

    /// Whether `sq` is on the main board d4-e11.
    pub fn on_main(sq: Sq) -> bool {
        (3..=4).contains(&sq.0) && (3..=10).contains(&sq.1)
    }

    /// The nine squares of the attack board with lower-left corner `c`.
    pub fn board_squares(c: Sq) -> Vec<Sq> {
        let mut v = Vec::new();
        for dx in 0..3 {
            for dy in 0..3 {
                v.push((c.0 + dx, c.1 + dy));
            }
        }
        v
    }

    fn rect(c: Sq) -> (i32, i32, i32, i32) {
        (c.0, c.1, 3, 3)
    }

    /// The length of the overlap of [a, a + la) and [b, b + lb).
    fn overlap(a: i32, la: i32, b: i32, lb: i32) -> i32 {
        ((a + la).min(b + lb) - a.max(b)).max(0)
    }

    fn rects_overlap(r: (i32, i32, i32, i32), s: (i32, i32, i32, i32)) -> bool {
        overlap(r.0, r.2, s.0, s.2) > 0 && overlap(r.1, r.3, s.1, s.3) > 0
    }

    /// wauchess.md, board move rule 3: two boards share an edge when a
    /// side of one lies along a side of the other for at least one square
    /// (corner contact does not count).
    fn share_edge(r: (i32, i32, i32, i32), s: (i32, i32, i32, i32)) -> bool {
        let side_by_side =
            (r.0 + r.2 == s.0 || s.0 + s.2 == r.0) && overlap(r.1, r.3, s.1, s.3) > 0;
        let one_above = (r.1 + r.3 == s.1 || s.1 + s.3 == r.1) && overlap(r.0, r.2, s.0, s.2) > 0;
        side_by_side || one_above
    }

    /// Whether four attack boards at `corners` are a valid arrangement:
    /// each wholly inside the frame (corner file a-f, rank 1-12), none
    /// overlapping the main board or another, and every one connected to
    /// the main board through a chain of boards that share an edge.
    pub fn arrangement_ok(corners: &[Sq; 4]) -> bool {
        for (i, &c) in corners.iter().enumerate() {
            if !(0..=FILES - 3).contains(&c.0) || !(0..=RANKS - 3).contains(&c.1) {
                return false;
            }
            if rects_overlap(rect(c), MAIN) {
                return false;
            }
            if corners[..i]
                .iter()
                .any(|&d| rects_overlap(rect(c), rect(d)))
            {
                return false;
            }
        }
        // Boards reached from the main board.
        let mut reached = [false; 4];
        let mut frontier = vec![MAIN];
        while let Some(r) = frontier.pop() {
            for (seen, &c) in reached.iter_mut().zip(corners) {
                if !*seen && share_edge(r, rect(c)) {
                    *seen = true;
                    frontier.push(rect(c));
                }
            }
        }
        reached.iter().all(|&r| r)
    }

    /// The castling right (index into `Board::castling`) bound to a square:
    /// the king's and rooks' start squares.
    fn rights_of(sq: Sq) -> &'static [usize] {
        match sq {
            (4, 3) => &[0, 1],
            (7, 3) => &[0],
            (0, 3) => &[1],
            (4, 10) => &[2, 3],
            (7, 10) => &[2],
            (0, 10) => &[3],
            _ => &[],
        }
    }

    fn letter(kind: Kind) -> char {
        match kind {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    fn kind_of(c: char) -> Kind {
        match c.to_ascii_lowercase() {
            'p' => Kind::Pawn,
            'n' => Kind::Knight,
            'b' => Kind::Bishop,
            'r' => Kind::Rook,
            'q' => Kind::Queen,
            'k' => Kind::King,
            _ => panic!("no piece '{c}' in Wau Chess"),
        }
    }

    impl Board {
        /// Reads a Wau FEN (seven fields; without the seventh the boards
        /// stand on their start corners). Panics on anything malformed,
        /// including holes that do not match the corners.
        pub fn from_fen(fen: &str) -> Board {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            assert!(fields.len() >= 4, "too few fields in '{fen}'");
            let corners: [Sq; 4] = match fields.get(6) {
                None => START_CORNERS,
                Some(list) => {
                    let v: Vec<Sq> = list.split(',').map(square).collect();
                    assert_eq!(v.len(), 4, "four corners in '{fen}'");
                    [v[0], v[1], v[2], v[3]]
                }
            };
            assert!(arrangement_ok(&corners), "invalid boards in '{fen}'");
            let mut board = Board {
                cells: [[Cell::default(); RANKS as usize]; FILES as usize],
                white_to_move: true,
                castling: [false; 4],
                en_passant: None,
                corners,
            };
            for file in 0..FILES {
                for rank in 0..RANKS {
                    let sq = (file, rank);
                    board.cells[file as usize][rank as usize].exists =
                        on_main(sq) || corners.iter().any(|&c| board_squares(c).contains(&sq));
                }
            }
            let rows: Vec<&str> = fields[0].split('/').collect();
            assert_eq!(rows.len(), RANKS as usize, "fourteen ranks in '{fen}'");
            for (i, row) in rows.iter().enumerate() {
                let rank = RANKS - 1 - i as i32;
                let mut file = 0;
                for c in row.chars() {
                    if let Some(run) = c.to_digit(10) {
                        for _ in 0..run {
                            assert!(
                                board.exists((file, rank)),
                                "{} is a hole",
                                name((file, rank))
                            );
                            file += 1;
                        }
                    } else if c == '*' {
                        assert!(
                            !board.exists((file, rank)),
                            "{} is not a hole",
                            name((file, rank))
                        );
                        file += 1;
                    } else {
                        assert!(
                            board.exists((file, rank)),
                            "{} is a hole",
                            name((file, rank))
                        );
                        board.cells[file as usize][rank as usize].piece = Some(Piece {
                            white: c.is_ascii_uppercase(),
                            kind: kind_of(c),
                        });
                        file += 1;
                    }
                }
                assert_eq!(file, FILES, "rank {} of '{fen}'", rank + 1);
            }
            board.white_to_move = match fields[1] {
                "w" => true,
                "b" => false,
                other => panic!("side '{other}'"),
            };
            for c in fields[2].chars() {
                match c {
                    'K' => board.castling[0] = true,
                    'Q' => board.castling[1] = true,
                    'k' => board.castling[2] = true,
                    'q' => board.castling[3] = true,
                    '-' => {}
                    other => panic!("castling '{other}'"),
                }
            }
            board.en_passant = match fields[3] {
                "-" => None,
                sq => Some(square(sq)),
            };
            board
        }

        /// The first field of the FEN: ranks 14 down to 1, digits for runs
        /// of empty existing squares, `*` for each hole.
        pub fn board_fen(&self) -> String {
            let mut rows = Vec::new();
            for rank in (0..RANKS).rev() {
                let mut row = String::new();
                let mut run = 0;
                for file in 0..FILES {
                    let cell = self.cells[file as usize][rank as usize];
                    if cell.exists && cell.piece.is_none() {
                        run += 1;
                        continue;
                    }
                    if run > 0 {
                        row += &run.to_string();
                        run = 0;
                    }
                    match cell.piece {
                        None => row.push('*'),
                        Some(p) => {
                            let c = letter(p.kind);
                            row.push(if p.white { c.to_ascii_uppercase() } else { c });
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

        /// The seventh field of the FEN: the four corners, comma separated.
        pub fn corners_fen(&self) -> String {
            self.corners
                .iter()
                .map(|&c| name(c))
                .collect::<Vec<_>>()
                .join(",")
        }

        /// The third field of the FEN: `KQkq` or the rights left, or `-`.
        pub fn castling_fen(&self) -> String {
            let s: String = "KQkq"
                .chars()
                .zip(self.castling)
                .filter(|&(_, right)| right)
                .map(|(c, _)| c)
                .collect();
            if s.is_empty() { "-".to_string() } else { s }
        }

        /// Whether a board covers `sq` (false outside the frame).
        pub fn exists(&self, sq: Sq) -> bool {
            in_frame(sq) && self.cells[sq.0 as usize][sq.1 as usize].exists
        }

        /// The piece on `sq` (none on holes and outside the frame).
        pub fn at(&self, sq: Sq) -> Option<Piece> {
            if in_frame(sq) {
                self.cells[sq.0 as usize][sq.1 as usize].piece
            } else {
                None
            }
        }

        fn put(&mut self, sq: Sq, piece: Option<Piece>) {
            self.cells[sq.0 as usize][sq.1 as usize].piece = piece;
        }

        /// The square of the king of `white`.
        pub fn king(&self, white: bool) -> Sq {
            for file in 0..FILES {
                for rank in 0..RANKS {
                    if self.at((file, rank))
                        == Some(Piece {
                            white,
                            kind: Kind::King,
                        })
                    {
                        return (file, rank);
                    }
                }
            }
            panic!("no king in {}", self.board_fen())
        }

        /// Whether a piece of `by_white` attacks `sq`: pawns diagonally
        /// forward, knights by a leap over anything, kings next door,
        /// sliders along lines that run over existing empty squares.
        pub fn attacked(&self, sq: Sq, by_white: bool) -> bool {
            let is = |at: Sq, kinds: &[Kind]| {
                self.at(at)
                    .is_some_and(|p| p.white == by_white && kinds.contains(&p.kind))
            };
            let back = if by_white { -1 } else { 1 };
            if is((sq.0 - 1, sq.1 + back), &[Kind::Pawn])
                || is((sq.0 + 1, sq.1 + back), &[Kind::Pawn])
            {
                return true;
            }
            if KNIGHT.iter().any(|&d| is(step(sq, d), &[Kind::Knight])) {
                return true;
            }
            if ORTHOGONAL
                .iter()
                .chain(&DIAGONAL)
                .any(|&d| is(step(sq, d), &[Kind::King]))
            {
                return true;
            }
            for (dirs, kinds) in [
                (&ORTHOGONAL, [Kind::Rook, Kind::Queen]),
                (&DIAGONAL, [Kind::Bishop, Kind::Queen]),
            ] {
                for &d in dirs.iter() {
                    let mut at = step(sq, d);
                    while self.exists(at) {
                        if let Some(p) = self.at(at) {
                            if p.white == by_white && kinds.contains(&p.kind) {
                                return true;
                            }
                            break;
                        }
                        at = step(at, d);
                    }
                }
            }
            false
        }

        /// Whether the king of `white` is attacked.
        pub fn in_check(&self, white: bool) -> bool {
            self.attacked(self.king(white), !white)
        }

        /// The squares a pawn of `white` promotes on: d11, e11 for White,
        /// d4, e4 for Black.
        fn promotes_on(white: bool, sq: Sq) -> bool {
            let rank = if white { 10 } else { 3 };
            sq.1 == rank && (sq.0 == 3 || sq.0 == 4)
        }

        fn push_pawn_move(moves: &mut Vec<Mv>, white: bool, from: Sq, to: Sq) {
            if Board::promotes_on(white, to) {
                for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                    moves.push(Mv::Step {
                        from,
                        to,
                        promotion: Some(kind),
                    });
                }
            } else {
                moves.push(Mv::Step {
                    from,
                    to,
                    promotion: None,
                });
            }
        }

        /// Castling: the king on its start square, the rook with the right
        /// on its corner, all four attack boards on their start corners,
        /// the squares between empty, and the king neither in check nor
        /// passing or landing on an attacked square.
        fn castling_moves(&self, moves: &mut Vec<Mv>) {
            if self.corners != START_CORNERS {
                return;
            }
            let white = self.white_to_move;
            let rank = if white { 3 } else { 10 };
            let (king_right, queen_right) = if white { (0, 1) } else { (2, 3) };
            let king = Piece {
                white,
                kind: Kind::King,
            };
            let rook = Some(Piece {
                white,
                kind: Kind::Rook,
            });
            if self.at((4, rank)) != Some(king) || self.attacked((4, rank), !white) {
                return;
            }
            // (right, rook file, squares that must be empty, king's path)
            let sides: [(usize, i32, &[i32], &[i32]); 2] = [
                (king_right, 7, &[5, 6], &[5, 6]),
                (queen_right, 0, &[1, 2, 3], &[3, 2]),
            ];
            for (right, rook_file, empty, path) in sides {
                if !self.castling[right] || self.at((rook_file, rank)) != rook {
                    continue;
                }
                if empty.iter().any(|&f| self.at((f, rank)).is_some()) {
                    continue;
                }
                if path.iter().any(|&f| self.attacked((f, rank), !white)) {
                    continue;
                }
                moves.push(Mv::Step {
                    from: (4, rank),
                    to: (path[1], rank),
                    promotion: None,
                });
            }
        }

        /// Board moves of the side to move before the check test: each own
        /// board with at most one piece, its own, translated by (dx, dy)
        /// with max(|dx|, |dy|) <= 3, dx + dy even, not (0, 0), to a valid
        /// arrangement (frame, no overlap, all connected).
        fn board_moves(&self, moves: &mut Vec<Mv>) {
            let own: [usize; 2] = if self.white_to_move { [0, 1] } else { [2, 3] };
            for board in own {
                let from = self.corners[board];
                let pieces: Vec<Piece> = board_squares(from)
                    .into_iter()
                    .filter_map(|sq| self.at(sq))
                    .collect();
                if pieces.len() > 1 || pieces.iter().any(|p| p.white != self.white_to_move) {
                    continue;
                }
                for dx in -3..=3 {
                    for dy in -3..=3 {
                        if (dx, dy) == (0, 0) || (dx + dy) % 2 != 0 {
                            continue;
                        }
                        let to = (from.0 + dx, from.1 + dy);
                        let mut corners = self.corners;
                        corners[board] = to;
                        if arrangement_ok(&corners) {
                            moves.push(Mv::Board { board, from, to });
                        }
                    }
                }
            }
        }

        /// Moves by the rules of movement, before the check test.
        pub fn pseudo_moves(&self) -> Vec<Mv> {
            let mut moves = Vec::new();
            let white = self.white_to_move;
            for file in 0..FILES {
                for rank in 0..RANKS {
                    let from = (file, rank);
                    let Some(piece) = self.at(from) else { continue };
                    if piece.white != white {
                        continue;
                    }
                    let enemy_at = |sq: Sq| self.at(sq).is_some_and(|p| p.white != white);
                    let free = |sq: Sq| self.exists(sq) && self.at(sq).is_none();
                    let target =
                        |sq: Sq| self.exists(sq) && self.at(sq).is_none_or(|p| p.white != white);
                    match piece.kind {
                        Kind::Pawn => {
                            let dir = if white { 1 } else { -1 };
                            let one = (file, rank + dir);
                            if free(one) {
                                Board::push_pawn_move(&mut moves, white, from, one);
                                let start = if white { 4 } else { 9 };
                                let two = (file, rank + 2 * dir);
                                if on_main(from) && rank == start && free(two) {
                                    moves.push(Mv::Step {
                                        from,
                                        to: two,
                                        promotion: None,
                                    });
                                }
                            }
                            for df in [-1, 1] {
                                let to = (file + df, rank + dir);
                                if enemy_at(to) {
                                    Board::push_pawn_move(&mut moves, white, from, to);
                                } else if self.en_passant == Some(to) && free(to) {
                                    // En passant only with capturer, passed
                                    // square and victim all on the main board.
                                    let victim = (file + df, rank);
                                    if on_main(from)
                                        && on_main(to)
                                        && on_main(victim)
                                        && self.at(victim)
                                            == Some(Piece {
                                                white: !white,
                                                kind: Kind::Pawn,
                                            })
                                    {
                                        moves.push(Mv::Step {
                                            from,
                                            to,
                                            promotion: None,
                                        });
                                    }
                                }
                            }
                        }
                        Kind::Knight | Kind::King => {
                            let leaps: Vec<Sq> = if piece.kind == Kind::Knight {
                                KNIGHT.to_vec()
                            } else {
                                ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect()
                            };
                            for d in leaps {
                                let to = step(from, d);
                                if target(to) {
                                    moves.push(Mv::Step {
                                        from,
                                        to,
                                        promotion: None,
                                    });
                                }
                            }
                        }
                        Kind::Bishop | Kind::Rook | Kind::Queen => {
                            let dirs: Vec<Sq> = match piece.kind {
                                Kind::Bishop => DIAGONAL.to_vec(),
                                Kind::Rook => ORTHOGONAL.to_vec(),
                                _ => ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect(),
                            };
                            for d in dirs {
                                let mut to = step(from, d);
                                while self.exists(to) {
                                    match self.at(to) {
                                        None => moves.push(Mv::Step {
                                            from,
                                            to,
                                            promotion: None,
                                        }),
                                        Some(p) => {
                                            if p.white != white {
                                                moves.push(Mv::Step {
                                                    from,
                                                    to,
                                                    promotion: None,
                                                });
                                            }
                                            break;
                                        }
                                    }
                                    to = step(to, d);
                                }
                            }
                        }
                    }
                }
            }
            self.castling_moves(&mut moves);
            self.board_moves(&mut moves);
            moves
        }

        /// The position after `m` (which must be playable).
        pub fn play(&self, m: Mv) -> Board {
            let mut next = self.clone();
            next.en_passant = None;
            next.white_to_move = !self.white_to_move;
            match m {
                Mv::Step {
                    from,
                    to,
                    promotion,
                } => {
                    let mut piece = self.at(from).expect("a piece to move");
                    if piece.kind == Kind::Pawn {
                        if from.0 != to.0 && self.at(to).is_none() {
                            // En passant: the victim stands beside.
                            next.put((to.0, from.1), None);
                        }
                        if (to.1 - from.1).abs() == 2 {
                            next.en_passant = Some((from.0, (from.1 + to.1) / 2));
                        }
                    }
                    if piece.kind == Kind::King && (to.0 - from.0).abs() == 2 {
                        let (rook_from, rook_to) = if to.0 > from.0 {
                            ((7, from.1), (5, from.1))
                        } else {
                            ((0, from.1), (3, from.1))
                        };
                        let rook = next.at(rook_from);
                        next.put(rook_from, None);
                        next.put(rook_to, rook);
                    }
                    if let Some(kind) = promotion {
                        piece.kind = kind;
                    }
                    next.put(from, None);
                    next.put(to, Some(piece));
                    for sq in [from, to] {
                        for &r in rights_of(sq) {
                            next.castling[r] = false;
                        }
                    }
                }
                Mv::Board { board, from, to } => {
                    let mut rider = None;
                    for sq in board_squares(from) {
                        if let Some(p) = self.at(sq) {
                            rider = Some((sq, p));
                        }
                        next.cells[sq.0 as usize][sq.1 as usize] = Cell::default();
                    }
                    for sq in board_squares(to) {
                        next.cells[sq.0 as usize][sq.1 as usize].exists = true;
                    }
                    next.corners[board] = to;
                    if let Some((sq, p)) = rider {
                        // A king or rook that rides has moved.
                        for &r in rights_of(sq) {
                            next.castling[r] = false;
                        }
                        next.put((sq.0 + to.0 - from.0, sq.1 + to.1 - from.1), Some(p));
                    }
                }
            }
            next
        }

        /// The legal moves: those that leave the mover's king out of check.
        pub fn legal_moves(&self) -> Vec<Mv> {
            self.pseudo_moves()
                .into_iter()
                .filter(|&m| !self.play(m).in_check(self.white_to_move))
                .collect()
        }

        /// The legal moves in wire spelling, sorted.
        pub fn legal_wire_moves(&self) -> Vec<String> {
            let mut moves: Vec<String> = self.legal_moves().into_iter().map(wire).collect();
            moves.sort();
            moves
        }

        /// Plays a move given in wire spelling (it must be legal).
        pub fn play_wire(&self, text: &str) -> Board {
            let m = self
                .legal_moves()
                .into_iter()
                .find(|&m| wire(m) == text)
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

    /// The wire spelling: `<from><to>` with a lowercase promotion letter,
    /// castling as the king's move, a board move as `^` + old corner + new
    /// corner.
    pub fn wire(m: Mv) -> String {
        match m {
            Mv::Step {
                from,
                to,
                promotion,
            } => format!(
                "{}{}{}",
                name(from),
                name(to),
                promotion.map(letter).map(String::from).unwrap_or_default()
            ),
            Mv::Board { from, to, .. } => format!("^{}{}", name(from), name(to)),
        }
    }
}

// ---------------------------------------------------------------------------
// Comparing the two generators.
// ---------------------------------------------------------------------------

const START: &str = "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9";

/// The game under test.
fn variant() -> Variant {
    "wauchess".parse().expect("the engine knows wauchess")
}

/// The engine's position of a FEN that must be valid.
fn position(fen: &str) -> AnyPosition {
    AnyPosition::from_fen(variant(), fen)
        .unwrap_or_else(|e| panic!("Wau FEN '{fen}' rejected: {e}"))
}

/// Moves as sorted strings.
fn sorted(moves: impl IntoIterator<Item = impl ToString>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The FEN fields the two generators must agree on: the board (1), the
/// side to move (2), castling (3) and the corners (7).
fn compared_fields(fen: &str) -> (String, String, String, String) {
    let f: Vec<&str> = fen.split_whitespace().collect();
    assert_eq!(f.len(), 7, "seven fields in '{fen}'");
    (
        f[0].to_string(),
        f[1].to_string(),
        f[2].to_string(),
        f[6].to_string(),
    )
}

/// The mailbox's values of the fields in `compared_fields`.
fn mailbox_fields(board: &mailbox::Board) -> (String, String, String, String) {
    (
        board.board_fen(),
        if board.white_to_move { "w" } else { "b" }.to_string(),
        board.castling_fen(),
        board.corners_fen(),
    )
}

/// Panics, naming the differences, unless the engine's sorted move list
/// equals the mailbox's.
fn compare_lists(context: &str, engine: &[String], mailbox: &[String]) {
    if engine == mailbox {
        return;
    }
    let engine_only: Vec<&String> = engine.iter().filter(|m| !mailbox.contains(m)).collect();
    let mailbox_only: Vec<&String> = mailbox.iter().filter(|m| !engine.contains(m)).collect();
    panic!(
        "{context}: the move lists differ\n  engine only: {engine_only:?}\n  mailbox only: \
         {mailbox_only:?}\n  engine ({}): {engine:?}\n  mailbox ({}): {mailbox:?}",
        engine.len(),
        mailbox.len()
    );
}

/// Plays `moves` from `fen` in both generators, checking after each move
/// that they agree on the FEN fields they share.
fn after(fen: &str, moves: &[&str]) -> (AnyPosition, mailbox::Board) {
    let mut pos = position(fen);
    let mut board = mailbox::Board::from_fen(fen);
    for (i, m) in moves.iter().enumerate() {
        pos.play_wire(m)
            .unwrap_or_else(|e| panic!("the engine refuses {m} after {:?}: {e}", &moves[..i]));
        board = board.play_wire(m);
        assert_eq!(
            compared_fields(&pos.fen()),
            mailbox_fields(&board),
            "FEN after {:?} from '{fen}'",
            &moves[..=i]
        );
    }
    (pos, board)
}

/// Follows the first root move whose subtree counts differ down to the
/// node where the move lists part, and describes every step: the divide
/// differences and, at the end, the two move lists.
fn explain(fen: &str, depth: u32) -> String {
    let mut pos = position(fen);
    let mut board = mailbox::Board::from_fen(fen);
    let mut line: Vec<String> = Vec::new();
    let mut out = String::new();
    for depth in (1..=depth).rev() {
        let here = pos.fen();
        let engine = sorted(pos.legal_wire_moves());
        let mailbox = board.legal_wire_moves();
        if engine != mailbox {
            let engine_only: Vec<&String> =
                engine.iter().filter(|m| !mailbox.contains(m)).collect();
            let mailbox_only: Vec<&String> =
                mailbox.iter().filter(|m| !engine.contains(m)).collect();
            out += &format!(
                "after {line:?}, in '{here}' the move lists differ\n  engine only: \
                 {engine_only:?}\n  mailbox only: {mailbox_only:?}\n  engine: {engine:?}\n  \
                 mailbox: {mailbox:?}\n"
            );
            return out;
        }
        if depth == 1 {
            out += &format!("after {line:?}, in '{here}' the lists agree\n");
            return out;
        }
        let divide = pos.divide(depth, false);
        let mut first = None;
        out += &format!("after {line:?}, in '{here}', divide {depth}:\n");
        for m in &mailbox {
            let counted = board.play_wire(m).perft(depth - 1);
            let engine_count: Vec<u64> = divide
                .iter()
                .filter(|(w, _)| w == m)
                .map(|&(_, n)| n)
                .collect();
            if engine_count != [counted] {
                out += &format!("  {m}: engine {engine_count:?}, mailbox {counted}\n");
                first.get_or_insert_with(|| m.clone());
            }
        }
        for (w, n) in &divide {
            if !mailbox.contains(w) {
                out += &format!("  {w}: engine {n}, not a mailbox move\n");
            }
        }
        let Some(m) = first else {
            out += "  no root move differs\n";
            return out;
        };
        pos.play_wire(&m).unwrap();
        board = board.play_wire(&m);
        if compared_fields(&pos.fen()) != mailbox_fields(&board) {
            out += &format!(
                "after {m} the FENs differ: engine '{}', mailbox {:?}\n",
                pos.fen(),
                mailbox_fields(&board)
            );
            return out;
        }
        line.push(m);
    }
    out
}

/// Engine and mailbox agree on perft `depth` from `fen`; returns it.
fn assert_perft_agrees(name: &str, fen: &str, depth: u32) -> u64 {
    let engine = position(fen).perft(depth);
    let mailbox = mailbox::Board::from_fen(fen).perft(depth);
    if engine != mailbox {
        panic!(
            "{name}: perft {depth}: engine {engine}, mailbox {mailbox}\n{}",
            explain(fen, depth)
        );
    }
    mailbox
}

// ---------------------------------------------------------------------------
// The positions.
// ---------------------------------------------------------------------------

/// White's queen-side board stands on a2 (a2-c4) carrying only the king
/// b3, so the king may ride; the king-side board (f4) carries only the
/// knight g6. Black's queen-side board holds a rook and a pawn and cannot
/// move; its king-side board holds only the rook h11, which loses the
/// right k if it rides. Black keeps kq in the FEN while a White board is
/// away: the king moved, so White has none.
const RIDERS: &str = "********/********/********/r3k2r/1p1q4/2np4/***1p***/***2***/***P2N1/***1B3/3Q4/1K1*****/3*****/******** w kq - 0 1 a2,f4,a9,f9";

/// All boards on their start corners, both sides with full rights. White
/// may castle short; long is barred because the black knight b6 covers
/// c4. Black's short castle is barred by the bishop e9 (g11). Each side's
/// king-side board carries only its castling rook.
const CASTLE_START: &str = "********/********/********/r3k2r/3pp3/1n2B3/***2***/***q1***/1n2Q3/1PPP4/R3K2R/********/********/******** w KQkq - 0 1 a4,f4,a9,f9";

/// White's king-side board is away on f2 (carrying only the bishop g3):
/// nobody may castle although White keeps Q and Black kq, and b4 c4 d4
/// are empty. Bringing the board back to f4 makes castling possible again.
const CASTLE_AWAY: &str = "********/********/********/r3k2r/2p3p1/1b1ppn2/***2***/***2***/2N2***/1P1PP***/R3K3/*****1B1/*****3/******** w Qkq - 0 1 a4,f2,a9,f9";

/// Black's boards stand on a7 and f7, right beside ranks 7-9. Black has
/// just played e10-e8: the pawn d8 (main board) may take en passant on
/// e9, the pawn f8 (an attack board) may not. After d5-d7 the pawn e7 may
/// take on d6, the pawn c7 (an attack board) may not. White's queen-side
/// board carries only a black knight and cannot move.
const EN_PASSANT: &str = "********/********/********/***qk***/***p1***/1r4n1/2PPpP2/2p1p3/8/3P3R/1n2K3/********/********/******** w - e9 0 1 a4,f4,a7,f7";

/// Boards on a8, f4, a11 and f1 (Black's f1 board hangs on White's f4
/// board). White pawns: c10 on an attack board takes on d11 and promotes,
/// d10 promotes taking on e11 but not taking on c11, g6 is stuck below a
/// hole. Black pawns: d5 promotes on d4 or taking on e4, f5 (attack board)
/// promotes taking on e4 but not stepping to f4.
const PROMOTION: &str = "********/1k1*****/3*****/2brn***/2PP1***/4R***/5***/***2***/***3P1/***p1p1K/***1N3/*****3/*****1r1/*****3 w - - 0 1 a8,f4,a11,f1";

/// White's king b3 stands on its queen-side board a1, which hangs on the
/// (empty) king-side board a4; the rook b7 on Black's board a7 checks it
/// along b4-b6. See `check_closed_by_a_board_move`.
const CHECK_CLOSED: &str = "********/********/********/***1k2r/***q2n1/4p3/5***/1r3***/3P1***/3B1***/4Q***/1K1*****/2N*****/3***** w - - 0 1 a1,a4,a7,f9";

/// The bishop a7 (White's board a5) aims at the king e11 across the holes
/// b8 and c9. White's board a10 (carrying the knight b11) moving to a8
/// fills them and checks; its move to a12 would touch no other board.
const CHECK_OPENED: &str = "********/********/3*****/1N2k3/4p3/***q2r1/***3n1/B7/3P1R2/5***/***1K***/********/********/******** w - - 0 1 a5,a10,f9,f6";

/// As `CHECK_OPENED` but the board on a10 is Black's (carrying the bishop
/// b11) and Black is to move: moving it to a8 would open the diagonal
/// a7-e11 onto Black's own king.
const SELF_CHECK: &str = "********/********/3*****/1b2k3/4p3/***q2r1/***3n1/B7/1N1P4/4Q***/***1K***/********/********/******** b - - 0 1 a5,f6,a10,f9";

/// Boards scattered: White's on b1 and f2, Black's on a12 and d12, the a12
/// board connected to the main board only through d12. Sliders run into
/// holes everywhere (the rook b2 stops at b3 and d2), knights leap them
/// (c1-b3, d3-f4); the king f3 rides its board.
const CHAIN: &str = "2n3**/1k1r2**/2b3**/***2***/***1p***/***1n***/***p1***/***2***/***1B***/***1P***/***Q4/*2N*K2/*R2*3/*1N1**** w - - 0 1 b1,f2,a12,d12";

/// The middlegames. `wauchess.perft` records their perft to depth 4, as
/// counted by the mailbox generator (the engine must agree).
const MIDDLEGAMES: [(&str, &str); 9] = [
    ("riders", RIDERS),
    ("castling, boards at start", CASTLE_START),
    ("castling, a board away", CASTLE_AWAY),
    ("en passant", EN_PASSANT),
    ("promotion", PROMOTION),
    ("check closed by a board", CHECK_CLOSED),
    ("check opened by a board", CHECK_OPENED),
    ("board move into self-check", SELF_CHECK),
    ("chain of boards", CHAIN),
];

/// The counts `wauchess.perft` records for `fen`, by depth.
fn recorded_counts(fen: &str) -> Vec<(u32, u64)> {
    perft_file::read_positions("wauchess")
        .into_iter()
        .find(|p| p.fen == fen)
        .unwrap_or_else(|| panic!("wauchess.perft lacks '{fen}'"))
        .counts
}

// ---------------------------------------------------------------------------
// The start position.
// ---------------------------------------------------------------------------

/// wauchess.md, "Checks for an implementation": 8 single pawn steps, the
/// d- and e-pawns' double steps and 4 knight moves; no board move, since
/// each White board carries six pieces.
#[test]
fn start_position_has_the_fourteen_moves_of_the_rules() {
    let expected = sorted([
        "a5a6", "b5b6", "c5c6", "d5d6", "e5e6", "f5f6", "g5g6", "h5h6", //
        "d5d7", "e5e7", //
        "b4a6", "b4c6", "g4f6", "g4h6",
    ]);
    let board = mailbox::Board::from_fen(START);
    assert_eq!(board.legal_wire_moves(), expected, "mailbox");
    assert_eq!(board.board_fen(), START.split(' ').next().unwrap());
    assert_eq!(board.corners_fen(), "a4,f4,a9,f9");
    // A FEN without the seventh field means the start corners.
    let short = START.rsplit_once(' ').unwrap().0;
    assert_eq!(
        mailbox::Board::from_fen(short).corners,
        mailbox::START_CORNERS
    );

    let start = AnyPosition::startpos(variant());
    assert_eq!(start.fen(), START);
    assert_eq!(
        compared_fields(&position(short).fen()),
        compared_fields(START)
    );
    // Holes that do not match the corners are refused.
    let moved = START.replace("a4,f4,a9,f9", "a2,f4,a9,f9");
    assert!(AnyPosition::from_fen(variant(), &moved).is_err());
    compare_lists("start", &sorted(start.legal_wire_moves()), &expected);
    compare_lists(
        "start from the FEN",
        &sorted(position(START).legal_wire_moves()),
        &expected,
    );
}

/// Perft from the start: the engine agrees with the mailbox to depth 5 and
/// both give the numbers `wauchess.perft` records.
#[test]
fn start_perft() {
    let counts = recorded_counts(START);
    assert_eq!(counts.len(), 5, "depths 1 to 5");
    for (depth, expected) in counts {
        assert_eq!(
            assert_perft_agrees("start", START, depth),
            expected,
            "perft {depth}"
        );
    }
}

// ---------------------------------------------------------------------------
// The middlegames.
// ---------------------------------------------------------------------------

/// Each position is valid (holes match the corners, boards connected, the
/// side not to move not in check) and the engine writes back the fields
/// the two generators share.
#[test]
fn middlegame_fens_are_valid_and_read_back() {
    for (name, fen) in MIDDLEGAMES {
        let board = mailbox::Board::from_fen(fen);
        assert!(mailbox::arrangement_ok(&board.corners), "{name}");
        assert!(!board.in_check(!board.white_to_move), "{name}: illegal");
        assert_eq!(compared_fields(fen), mailbox_fields(&board), "{name}");
        assert_eq!(
            compared_fields(&position(fen).fen()),
            compared_fields(fen),
            "{name}: the engine's FEN"
        );
    }
}

/// A position, a line played from it, moves that must then be legal, moves
/// that must not, and the castling field reached.
type Case = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static str,
);

/// The positions show what they are meant to: moves that must be there and
/// moves that must not, in both generators, after the given line.
#[test]
fn middlegames_show_the_rules() {
    let cases: [Case; 19] = [
        // The king rides a2-b1, a2-d1 and back to a4 (then b3-b5); the
        // knight rides f4-f6. a2-a3, a2-c1 break the colour rule; f4-c1
        // would overlap the a2 board; d4-c5 and e5-g7 go into holes.
        (
            RIDERS,
            &[],
            &["^a2a4", "^a2b1", "^a2d1", "^f4e1", "^f4f2", "^f4f6", "b3c4"],
            &["^a2a3", "^a2c1", "^f4c1", "d4c5", "e5g7"],
            "kq",
        ),
        // All four boards back home: Black may castle both ways; its
        // queen-side board carries two pieces and cannot move.
        (
            RIDERS,
            &["^a2a4"],
            &["e11c11", "e11g11", "^f9f11", "^f9f7"],
            &["^a9a7", "^a9b12"],
            "kq",
        ),
        // The rook h11 rode: k is gone, and bringing it home does not give
        // it back.
        (RIDERS, &["^a2a4", "^f9f11"], &[], &["e11g11"], "q"),
        (
            RIDERS,
            &["^a2a4", "^f9f11", "g6h4", "^f11f9", "h4g6"],
            &["e11c11", "h11g11"],
            &["e11g11"],
            "q",
        ),
        // The a4 rook reaches a5 and a6 but not beyond the holes a7, a8.
        (
            CASTLE_START,
            &[],
            &["e4g4", "^f4f2", "a4a5", "a4a6", "a4d4"],
            &["e4c4", "a4a7", "a4a9", "^a4a2"],
            "KQkq",
        ),
        (CASTLE_START, &["e4g4"], &["e11c11"], &["e11g11"], "kq"),
        // The rook h4 rode away (and the board is off its corner): Black
        // may not castle, and White's K is gone for good.
        (CASTLE_START, &["^f4f2"], &["d7d8"], &["e11c11"], "Qkq"),
        (
            CASTLE_START,
            &["^f4f2", "d10d9", "^f2f4", "b9d8"],
            &["h4g4", "e4f4"],
            &["e4g4"],
            "Qkq",
        ),
        (CASTLE_AWAY, &[], &["^f2f4", "a4d4"], &["e4c4"], "Qkq"),
        (CASTLE_AWAY, &["^f2f4"], &["e11c11", "e11g11"], &[], "Qkq"),
        (CASTLE_AWAY, &["^f2f4", "d9d8"], &["e4c4"], &[], "Qkq"),
        (
            EN_PASSANT,
            &[],
            &["d8e9", "d5d7", "f8g9", "c8b9"],
            &["f8e9", "^a4a2", "^a4b1", "^a4d1"],
            "-",
        ),
        (EN_PASSANT, &["d5d7"], &["e7d6"], &["c7d6"], "-"),
        (
            PROMOTION,
            &[],
            &[
                "c10d11q", "c10d11r", "c10d11b", "c10d11n", "d10e11q", "d10e11n", "d10c11", "^a8a6",
            ],
            &["d10c11q", "d10d11q", "d10d11", "c10c11", "g6g7", "^f4f6"],
            "-",
        ),
        (
            PROMOTION,
            &["h5h4"],
            &["d5d4q", "d5d4n", "d5e4r", "f5e4b", "f5f4", "^f1d1"],
            &["d5d4", "d5e4", "f5e4", "f5f4q"],
            "-",
        ),
        (
            CHECK_OPENED,
            &[],
            &["^a10a8", "^a10c12", "^a5a3"],
            &["^a10a12"],
            "-",
        ),
        (
            SELF_CHECK,
            &[],
            &["^a10c12", "^f9f11", "^f9e12"],
            &["^a10a8", "^a10a12"],
            "-",
        ),
        (
            CHAIN,
            &[],
            &["d3f4", "c1b3", "^f2f4", "^f2e1", "f3e4", "b2d2"],
            &["b2b4", "b2e2", "d4c5", "f3e3"],
            "-",
        ),
        // Black's d12 board carries only its rook, but every move except
        // the one to a9 would leave the a12 board connected to nothing.
        (
            CHAIN,
            &["f3g3"],
            &["^d12a9"],
            &["^d12f10", "^d12f12", "^a12a10"],
            "-",
        ),
    ];
    for (fen, line, present, absent, castling) in cases {
        let (pos, board) = after(fen, line);
        let engine = sorted(pos.legal_wire_moves());
        let mailbox = board.legal_wire_moves();
        let context = format!("'{fen}' after {line:?}");
        for m in present {
            assert!(
                mailbox.contains(&m.to_string()),
                "{context}: mailbox lacks {m}"
            );
            assert!(
                engine.contains(&m.to_string()),
                "{context}: engine lacks {m}"
            );
        }
        for m in absent {
            assert!(
                !mailbox.contains(&m.to_string()),
                "{context}: mailbox has {m}"
            );
            assert!(
                !engine.contains(&m.to_string()),
                "{context}: engine has {m}"
            );
        }
        assert_eq!(
            board.castling_fen(),
            castling,
            "{context}: mailbox castling"
        );
        compare_lists(&context, &engine, &mailbox);
    }
}

/// White is in check from the rook b7 along b4-b6, the squares of the
/// empty board a4. Its answers: the king leaves the b-file (a2 a3 c3 on
/// its board, a4 c4 on the a4 board; b2 and b4 stay on the file, c2 is its
/// knight); the knight c2 or the queen blocks on b4; the bishop takes b7
/// over c6; or the board a4 moves away, turning b4-b6 into holes. It can
/// go only to d1: every other place overlaps a board or the main board, or
/// would leave the a1 board (which hangs on it) connected to nothing. The
/// a1 board carries two pieces.
#[test]
fn check_closed_by_a_board_move() {
    let expected = sorted([
        "b3a2", "b3a3", "b3c3", "b3a4", "b3c4", "c2b4", "e4b4", "d5b7", "^a4d1",
    ]);
    let board = mailbox::Board::from_fen(CHECK_CLOSED);
    assert!(board.in_check(true));
    assert_eq!(board.legal_wire_moves(), expected, "mailbox");
    compare_lists(
        "check closed",
        &sorted(position(CHECK_CLOSED).legal_wire_moves()),
        &expected,
    );
    let (pos, board) = after(CHECK_CLOSED, &["^a4d1"]);
    assert!(!board.in_check(true));
    assert_eq!(
        compared_fields(&pos.fen()).0,
        "********/********/********/***1k2r/***q2n1/4p3/5***/1r3***/***P1***/***B1***/***1Q***/\
         1K4**/2N3**/6**"
    );
}

/// After White's board a10 moves to a8 (the knight rides b11-b9), the
/// bishop a7 checks along b8 c9 d10. Black may block on c9 or d10 with the
/// queen or step to d11 (f10 and f11 are on the rook f6's file, d10 on
/// the diagonal and covered by the knight b9, e12 is a hole). No black
/// board move helps.
#[test]
fn check_opened_by_a_board_move() {
    let (pos, board) = after(CHECK_OPENED, &["^a10a8"]);
    assert!(board.in_check(false));
    let expected = sorted(["d9c9", "d9d10", "e11d11"]);
    assert_eq!(board.legal_wire_moves(), expected, "mailbox");
    compare_lists("check opened", &sorted(pos.legal_wire_moves()), &expected);
}

/// Root move lists agree, and perft to depth 4 agrees with the mailbox and
/// the recorded counts.
#[test]
fn middlegame_perft_to_depth_4() {
    for (name, fen) in MIDDLEGAMES {
        compare_lists(
            name,
            &sorted(position(fen).legal_wire_moves()),
            &mailbox::Board::from_fen(fen).legal_wire_moves(),
        );
        let counts = recorded_counts(fen);
        assert_eq!(counts.len(), 4, "{name}: depths 1 to 4");
        for (depth, expected) in counts {
            assert_eq!(
                assert_perft_agrees(name, fen, depth),
                expected,
                "{name}: perft {depth}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Random games.
// ---------------------------------------------------------------------------

/// A tiny linear congruential generator (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Seeded random games from the start and from every middlegame, 5 games
/// of up to 100 plies each: the mailbox picks each move among its legal
/// moves and both generators play it. `check` sees every position on the
/// way (with a description of how it was reached) before its move.
fn random_games(mut check: impl FnMut(&str, &AnyPosition, &mailbox::Board)) {
    let mut rng = Lcg(0x5741_5543_4845_5353);
    let starts = std::iter::once(("start", START)).chain(MIDDLEGAMES);
    for (name, fen) in starts {
        for game in 0..5 {
            let mut pos = position(fen);
            let mut board = mailbox::Board::from_fen(fen);
            let mut line: Vec<String> = Vec::new();
            for ply in 0..=100 {
                let context = format!("{name}, game {game}, after {line:?} from '{fen}'");
                check(&context, &pos, &board);
                let moves = board.legal_wire_moves();
                if ply == 100 || moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())].clone();
                pos.play_wire(&m)
                    .unwrap_or_else(|e| panic!("{context}: the engine refuses {m}: {e}"));
                board = board.play_wire(&m);
                line.push(m);
            }
        }
    }
}

/// Along the random games, at every ply the sorted move lists agree, and
/// so do the board, side, castling and corner fields of the FEN.
#[test]
fn random_games_agree_move_by_move() {
    let mut plies = 0;
    random_games(|context, pos, board| {
        assert_eq!(
            compared_fields(&pos.fen()),
            mailbox_fields(board),
            "{context}: the FENs differ"
        );
        compare_lists(
            context,
            &sorted(pos.legal_wire_moves()),
            &board.legal_wire_moves(),
        );
        plies += 1;
    });
    assert!(plies > 4_000, "only {plies} positions compared");
}

// ---------------------------------------------------------------------------
// FENs of positions reached in play.
// ---------------------------------------------------------------------------

/// Checks that the engine reads back the FEN it writes for `pos`, to the
/// same FEN and the same moves.
fn assert_reads_back(context: &str, pos: &AnyPosition) {
    let fen = pos.fen();
    let again = AnyPosition::from_fen(variant(), &fen)
        .unwrap_or_else(|e| panic!("{context}: the engine rejects its own FEN '{fen}': {e}"));
    assert_eq!(again.fen(), fen, "{context}");
    assert_eq!(
        sorted(again.legal_wire_moves()),
        sorted(pos.legal_wire_moves()),
        "{context}: '{fen}'"
    );
}

/// White's board b1 holds a pawn on d3, Black's board d12 a pawn on e12.
const PAWNS_OFF_THE_MAIN_BOARD: &str = "6**/1k4**/4p1**/***2***/***2***/***2***/***2***/***2***/***2***/***2***/***5/*2P*K2/*3*3/*3**** w - - 0 1 b1,f2,a12,d12";

/// A pawn may step onto the main board's ranks 4 and 11 from an attack
/// board: White's d3-d4 and Black's e12-e11 are plain moves, not
/// promotions (wauchess.md: White promotes only on d11/e11, Black only on
/// d4/e4). The positions reached are legal, so their FENs are valid.
#[test]
fn pawns_entering_the_main_board_from_behind_read_back() {
    let (pos, board) = after(PAWNS_OFF_THE_MAIN_BOARD, &[]);
    assert!(board.legal_wire_moves().contains(&"d3d4".to_string()));
    assert_reads_back("the start of the line", &pos);
    let (pos, board) = after(PAWNS_OFF_THE_MAIN_BOARD, &["d3d4"]);
    assert!(board.legal_wire_moves().contains(&"e12e11".to_string()));
    assert!(
        !board
            .legal_wire_moves()
            .iter()
            .any(|m| m.starts_with("e12e11") && m.len() > 6)
    );
    assert_reads_back("after d3d4", &pos);
    let (pos, _) = after(PAWNS_OFF_THE_MAIN_BOARD, &["d3d4", "e12e11"]);
    assert_reads_back("after d3d4 e12e11", &pos);
}

/// Every position of the random games is written as a FEN the engine reads
/// back unchanged, with the same moves.
#[test]
fn random_game_fens_read_back() {
    random_games(|context, pos, _| assert_reads_back(context, pos));
}
