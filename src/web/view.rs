//! What the browser is shown of a board position: the squares that exist,
//! the pieces, the marked regions (Chad's castles and walls, Wau Chess's
//! main and attack boards) and every legal move with the squares it is
//! entered by. The page draws and enters moves from this alone, so the
//! rules live in the rules core only.

use serde::Serialize;

use crate::rules::{AnyPosition, Bitboard, Color, Move, MoveKind, Position, Role, Square};
use crate::with_position;

/// A square as (file, rank), both from 0 at White's lower left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Coord(pub u8, pub u8);

/// A legal move: its wire spelling (what the API takes back), its SAN,
/// and the squares the user enters it by.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The move as the protocols spell it (`e2e4`, `^a4a6`).
    pub wire: String,
    /// Standard algebraic notation.
    pub san: String,
    /// The moving piece's square; a board move's corner before.
    pub from: Coord,
    /// Where the piece lands (a castling king's square); a board move's
    /// corner after.
    pub to: Coord,
    /// `move`, `promotion`, `castle` or `board`.
    pub kind: &'static str,
    /// The promoted piece's letter, upper case.
    pub promotion: Option<char>,
}

/// A piece on the board.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// Where it stands.
    pub at: Coord,
    /// Its FEN letter: upper case White, lower case Black.
    pub piece: char,
}

/// A rectangle of squares drawn outlined: a castle or a board.
#[derive(Clone, Debug, Serialize)]
pub struct Region {
    /// The lowest file and rank.
    pub corner: Coord,
    /// Files across.
    pub files: u8,
    /// Ranks up.
    pub ranks: u8,
    /// `white` or `black`, for what belongs to a side.
    pub owner: Option<&'static str>,
}

/// A position as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// The game's name (`chess`, `wadchess`...).
    pub game: &'static str,
    /// Files of the board (or frame).
    pub files: u8,
    /// Ranks of the board (or frame).
    pub ranks: u8,
    /// Squares of the rectangle that do not exist now (Wau's frame).
    pub holes: Vec<Coord>,
    /// Every piece.
    pub pieces: Vec<PieceView>,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// The position's FEN.
    pub fen: String,
    /// Every legal move.
    pub moves: Vec<MoveView>,
    /// The square of the king in check, if the side to move is in check.
    pub check: Option<Coord>,
    /// Chad's castles.
    pub castles: Vec<Region>,
    /// Chad's wall squares.
    pub walls: Vec<Coord>,
    /// Wau Chess's fixed main board.
    pub main_board: Option<Region>,
    /// Wau Chess's attack boards where they stand now.
    pub attack_boards: Vec<Region>,
    /// The letter drawn on each piece that has no chess glyph, by its
    /// lower-case FEN letter: the WAD's `W` and the FAD's `F` in the
    /// built-in games, a file's piece its own letter.
    pub tokens: std::collections::BTreeMap<char, char>,
}

/// The name of a side as the page shows it.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl BoardView {
    /// The view of `position`.
    pub fn of(position: &AnyPosition) -> BoardView {
        with_position!(position, p => view(p))
    }
}

fn coord<B: Bitboard>(p: &Position<B>, sq: Square) -> Coord {
    let g = &p.tables().geometry;
    Coord(g.file_of(sq).0, g.rank_of(sq).0)
}

fn view<B: Bitboard>(p: &Position<B>) -> BoardView {
    let tables = p.tables();
    let g = &tables.geometry;
    let spec = tables.spec;
    let exists = p.exists();
    let mut holes = Vec::new();
    for r in 0..g.ranks() {
        for f in 0..g.files() {
            let missing = g
                .square(i32::from(f), i32::from(r))
                .is_none_or(|sq| !exists.has(sq));
            if missing {
                holes.push(Coord(f, r));
            }
        }
    }
    let pieces = p
        .placed_pieces()
        .map(|(sq, piece)| PieceView {
            at: coord(p, sq),
            piece: spec.fen_char(piece),
        })
        .collect();
    let moves = p
        .legal_moves()
        .iter()
        .map(|&m| {
            let kind = match m.kind() {
                MoveKind::Castle => "castle",
                MoveKind::BoardMove => "board",
                MoveKind::Promotion => "promotion",
                _ => "move",
            };
            let (from, to) = entry_squares(p, m);
            MoveView {
                wire: p.wire(m),
                san: p.san(m),
                from,
                to,
                kind,
                promotion: m.promotion_role().map(|r| spec.letter(r)),
            }
        })
        .collect();
    let check = p.in_check().then(|| coord(p, p.king(p.side_to_move())));
    let mut castles = Vec::new();
    let mut walls = Vec::new();
    if let Some(fortress) = &spec.fortress {
        for color in Color::ALL {
            let (f, r) = fortress.castle_corner[color.index()];
            castles.push(Region {
                corner: Coord(f, r),
                files: 3,
                ranks: 3,
                owner: Some(side_name(color)),
            });
            walls.extend(tables.wall[color.index()].squares().map(|sq| coord(p, sq)));
        }
    }
    let mut main_board = None;
    let mut attack_boards = Vec::new();
    if let Some(boards) = &spec.attack_boards {
        main_board = Some(Region {
            corner: Coord(boards.main_corner.0, boards.main_corner.1),
            files: boards.main_size.0,
            ranks: boards.main_size.1,
            owner: None,
        });
        for (index, &corner) in p.attack_board_corners().iter().enumerate() {
            attack_boards.push(Region {
                corner: coord(p, corner),
                files: boards.size,
                ranks: boards.size,
                owner: Some(side_name(crate::rules::variant::AttackBoards::owner(index))),
            });
        }
    }
    let tokens = [(Role::Champion, 'W'), (Role::Fad, 'F')]
        .into_iter()
        .filter(|&(role, _)| spec.has_role(role))
        .map(|(role, built_in)| {
            let letter = spec.letter(role);
            let token = if spec.variant.is_loaded() {
                letter
            } else {
                built_in
            };
            (letter.to_ascii_lowercase(), token)
        })
        .collect();
    BoardView {
        tokens,
        game: spec.name,
        files: g.files(),
        ranks: g.ranks(),
        holes,
        pieces,
        side_to_move: side_name(p.side_to_move()),
        fen: p.fen(),
        moves,
        check,
        castles,
        walls,
        main_board,
        attack_boards,
    }
}

/// The squares a legal move (wire spelling) is entered by, as
/// [`MoveView`] gives them: from and to (a castling king's square, a board
/// move's corners).
pub fn move_squares(position: &AnyPosition, wire: &str) -> Option<(Coord, Coord)> {
    with_position!(position, p => p.parse_wire(wire).ok().map(|m| entry_squares(p, m)))
}

/// The squares a move is entered by: from, and where the piece lands (a
/// castling king's square; a board move's corner after).
fn entry_squares<B: Bitboard>(p: &Position<B>, m: Move) -> (Coord, Coord) {
    let to = match m.kind() {
        MoveKind::Castle => p.castling_destinations(m).0,
        _ => m.to(),
    };
    (coord(p, m.from()), coord(p, to))
}
