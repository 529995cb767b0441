//! The games, as data: board size, army, how each piece moves, promotion
//! choices, castling style and draw rules.
//!
//! Everything a game is lives in its [`VariantSpec`]; the tables in
//! [`super::tables`] are built from it once, when the game is first used.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use super::betza::PieceMoves;
use super::color::Color;
use super::piece::{Movement, Piece, Role};

/// A game this rules core plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// FIDE chess.
    Chess,
    /// WAD Chess, 10x8 (`src/rules/games/wadchess.md`).
    WadChess,
    /// Parity Chess, 12x8 (`src/rules/games/paritychess.md`).
    ParityChess,
    /// Chad, 12x12 with castles and walls (`src/rules/games/chad.md`).
    Chad,
    /// Wau Chess, an 8x14 frame with a fixed main board and four movable
    /// attack boards (`src/rules/games/wauchess.md`).
    WauChess,
    /// A game read from a `variants.ini` file ([`super::ini`]).
    Loaded(LoadedGame),
}

/// A game read from a file: its place among the games loaded so far.
/// Only [`Variant::register`] makes one, so every one has its spec.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LoadedGame(u16);

/// The most games a process may load from files.
pub const MAX_LOADED_GAMES: usize = 1024;

/// The specs of the loaded games, by [`LoadedGame`]; each set once and
/// kept for the life of the process, so reading one takes no lock.
static LOADED: [OnceLock<&'static VariantSpec>; MAX_LOADED_GAMES] =
    [const { OnceLock::new() }; MAX_LOADED_GAMES];
/// Which of [`LOADED`] passed their check and are shown.
static SHOWN: [AtomicBool; MAX_LOADED_GAMES] = [const { AtomicBool::new(false) }; MAX_LOADED_GAMES];
/// How many of [`LOADED`] are taken.
static LOADED_COUNT: Mutex<usize> = Mutex::new(0);

/// Which word a game's bitboards use: chosen from the board size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Width {
    /// Up to 64 squares: `u64`.
    W64,
    /// Up to 128 squares: `u128`.
    W128,
    /// Up to 192 squares: [`super::bitboard::Wide`].
    W192,
}

/// How a game's pawns move. Either way a pawn's first move may go twice
/// as far along its step, through an empty square, and a pawn that does
/// so can be taken en passant on the square it passed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PawnStyle {
    /// Chess's pawn: steps straight ahead, takes one square diagonally
    /// ahead.
    Orthodox,
    /// Berolina's pawn: steps one square diagonally ahead, takes straight
    /// ahead.
    Berolina,
}

impl PawnStyle {
    /// The pawn's moves in Betza notation ([`super::betza`]), initial
    /// double step and en passant included, as a games file gives them.
    pub const fn betza(self) -> &'static str {
        match self {
            PawnStyle::Orthodox => "fmWfceFifmnD",
            PawnStyle::Berolina => "mfFcfeWimfnA",
        }
    }

    /// What the pawn does without its rules (the double step, en
    /// passant, promotion), which the move generator plays itself.
    pub const fn plain_betza(self) -> &'static str {
        match self {
            PawnStyle::Orthodox => "fmWfcF",
            PawnStyle::Berolina => "mfFcfW",
        }
    }
}

/// How a game castles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastlingStyle {
    /// No castling at all.
    None,
    /// FIDE castling, generalised as in Chess960: the king ends on the
    /// g-file (c-file), the rook on the f-file (d-file), every square both
    /// cross must be empty and the king's path unattacked.
    Standard,
    /// Fast castling (WAD and Parity Chess): the king leaps to any empty,
    /// unattacked square strictly between it and the rook, and the rook
    /// leaps to the king's starting square.
    Fast,
}

/// Which positions are drawn for lack of material.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DeadPositions {
    /// None: material alone never draws (king of the hill, where a bare
    /// king can still walk to the centre).
    Never,
    /// Only the two bare kings.
    BareKings,
    /// FIDE's dead positions the engine recognises: bare kings, and king
    /// plus one knight or one bishop against a bare king.
    Fide,
    /// Neither side has a rook or queen (Chad: no check is possible).
    NoRookOrQueen,
}

/// What an ending scores for the side it befalls: the side stalemated,
/// the side whose pieces are extinct.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndScore {
    /// That side loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// That side wins.
    Win,
}

impl EndScore {
    /// The same ending seen by the other side.
    pub fn for_opponent(self) -> EndScore {
        match self {
            EndScore::Loss => EndScore::Win,
            EndScore::Draw => EndScore::Draw,
            EndScore::Win => EndScore::Loss,
        }
    }
}

/// Which pieces an extinction rule counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExtinctionPieces {
    /// A side's pieces all together, king included.
    All,
    /// Each of these roles on its own.
    Each(&'static [Role]),
}

/// An extinction rule, as Fairy-Stockfish's `extinction*` keys say it: a
/// side left with at most `count` of the counted pieces, while its
/// opponent has at least `opponent_count`, has the game decided against
/// it (`score`, from its side). Shatranj's bare king is all pieces, count
/// 1 (the king alone), opponent count 2 and `claim`: a side bared when
/// it can bare the other king back at once is not yet lost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Extinction {
    /// Which pieces are counted.
    pub pieces: ExtinctionPieces,
    /// The most pieces a side may have and be extinct.
    pub count: u32,
    /// The fewest pieces its opponent must have for the rule to apply.
    pub opponent_count: u32,
    /// Whether the side to move, when extinct, needs one piece more on
    /// the other side to lose (it may still answer by extinction).
    pub claim: bool,
    /// What extinction scores for the extinct side.
    pub score: EndScore,
}

impl Extinction {
    /// Whether the rule is shatranj's bare king: a side left with its
    /// king alone.
    pub fn is_bare_king(&self) -> bool {
        self.pieces == ExtinctionPieces::All && self.count == 1
    }
}

/// A flag rule, as Fairy-Stockfish's `flagPiece` and `flagRegion` say
/// it: a side that ends its move with a piece of its flag roles on a
/// square of its flag region wins (king of the hill: the king, on the four
/// centre squares).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FlagRule {
    /// The roles that win by reaching the region, for White and Black.
    pub roles: [&'static [Role]; 2],
    /// Each side's region, as (file, rank) squares counted from 0.
    pub region: [&'static [(u8, u8)]; 2],
}

/// Chad's castles and walls: each side's 3x3 castle, the 12 wall squares
/// orthogonally next to its edges, and what they change. The king stays in
/// its own castle; rooks and queens capture only between a castle and its
/// wall (an attacker on the wall and a defender inside, either way round);
/// a piece of the promoting role that ends a move inside the enemy castle
/// is promoted at once.
#[derive(Debug)]
pub struct Fortress {
    /// The lowest (file, rank) of White's and Black's castle, 0-based.
    pub castle_corner: [(u8, u8); 2],
    /// The role promoted on entering the enemy castle, and what it becomes.
    pub promotion: (Role, Role),
}

/// Wau Chess's boards: a fixed main board and square attack boards that
/// move inside a larger frame. A square of the frame exists only while a
/// board covers it. Pawns double-step, capture en passant and promote only
/// on the main board, and castling needs every attack board on its start
/// corner.
#[derive(Debug)]
pub struct AttackBoards {
    /// The main board's lowest (file, rank), 0-based.
    pub main_corner: (u8, u8),
    /// The main board's size in (files, ranks).
    pub main_size: (u8, u8),
    /// The side of an attack board, in squares.
    pub size: u8,
    /// Each attack board's start corner (its lowest file and rank), in the
    /// order of the FEN's corner field; the first two are White's.
    pub start_corners: [(u8, u8); 4],
    /// The longest shift of a board move along either axis.
    pub max_shift: u8,
}

impl AttackBoards {
    /// Which side owns the attack board with this index.
    pub fn owner(board: usize) -> super::color::Color {
        if board < 2 {
            super::color::Color::White
        } else {
            super::color::Color::Black
        }
    }
}

/// Everything that defines a game.
#[derive(Debug)]
pub struct VariantSpec {
    /// Which game this is.
    pub variant: Variant,
    /// The name used by `UCI_Variant`, xboard and the command line.
    pub name: &'static str,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// The start position.
    pub start_fen: &'static str,
    /// The roles in the game (pawn and king included).
    pub roles: &'static [Role],
    /// How each role of `roles` moves, in Betza notation
    /// ([`super::betza`]), in the same order. The pawn's is what it does
    /// without its rules (double step, en passant, promotion), which the
    /// move generator plays itself.
    pub betza: &'static [(Role, &'static str)],
    /// The FEN letter (upper case) of each role whose letter in this game
    /// is not its usual one ([`Role::letter`]); empty for the built-in
    /// games. A game read from a file may give its pieces other letters.
    pub letters: &'static [(Role, char)],
    /// The values a game's file gives its pieces (`pieceValueMg`,
    /// `pieceValueEg`: middlegame, endgame), in Fairy-Stockfish's units
    /// ([`FSF_PAWN_VALUES`]); empty for the built-in games. The engine
    /// values the other pieces itself.
    pub piece_values: &'static [(Role, [Option<u32>; 2])],
    /// What a pawn may promote to, in the order moves are generated, for
    /// White then Black (the same in every built-in game).
    pub promotion_roles: [&'static [Role]; 2],
    /// The rank, counted from each side's own first rank (0), from which
    /// its pawns may step two squares, or `None` where they never do (1 in
    /// chess; Grand Chess's pawns start and double-step on their third).
    pub pawn_double_step_rank: Option<u8>,
    /// How the pawns step and take (chess's way in every built-in game).
    pub pawn_style: PawnStyle,
    /// How many ranks at the far end of the board a pawn promotes on (1
    /// in chess; 3 in Grand Chess).
    pub promotion_ranks: u8,
    /// Whether a pawn entering the promotion ranks before the last may
    /// stay a pawn (Grand Chess); on the last rank it always promotes.
    pub promotion_optional: bool,
    /// The most pieces of a role a side may have for a pawn to promote to
    /// it (Grand Chess: one queen, two rooks, ...); roles not named have
    /// no limit, and the built-in games none.
    pub promotion_limits: &'static [(Role, u8)],
    /// How the game castles.
    pub castling: CastlingStyle,
    /// Where the king ends a standard castle, by file: towards the lower
    /// files (the queen's side in chess) and towards the higher ones. The
    /// rook ends beside it, on the side the king came from.
    pub castling_king_files: [u8; 2],
    /// Which material-only positions are draws.
    pub dead_positions: DeadPositions,
    /// How many plies without a capture or pawn move draw (100 for the
    /// fifty-move rule), or 0 where no count ends the game.
    pub move_rule_plies: u32,
    /// What a stalemate scores for the side stalemated.
    pub stalemate: EndScore,
    /// The game's extinction rule (shatranj's bare king), if it has one.
    pub extinction: Option<Extinction>,
    /// The game's flag rule (king of the hill), if it has one.
    pub flag: Option<FlagRule>,
    /// Castles and walls, for the games that have them.
    pub fortress: Option<Fortress>,
    /// Movable boards, for the games that have them.
    pub attack_boards: Option<AttackBoards>,
    /// The name XBoard uses for the game (`variant`, `feature variants`).
    pub xboard_name: &'static str,
    /// Betza definitions, for XBoard's `piece` command, of the pieces
    /// XBoard does not know. Chad's are their moves without the limits
    /// Betza cannot say (the king's castle, the rook's and queen's
    /// captures only between wall and castle), so XBoard must run with
    /// legality testing off.
    pub xboard_pieces: &'static [(Role, &'static str)],
    /// Which of the engine's evaluations plays the game.
    pub evaluation: Evaluation,
    /// The name people read: the browser's game list, titles.
    pub display_name: &'static str,
    /// The PGN `Variant` tag's value, or `None` where the game is chess
    /// (PGN readers expect no tag there).
    pub pgn_variant: Option<&'static str>,
    /// What the engine must know of the game beyond its rules.
    pub engine: EngineFacts,
}

/// What each role is worth in exchanges and move ordering, in
/// centipawns, by role index, and the roles from least to most valuable
/// (the order in which an exchange spends its attackers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeValues {
    /// Values by role index.
    pub values: [i32; Role::COUNT],
    /// The roles, cheapest first (the king always last).
    pub cheapest_first: [Role; Role::COUNT],
}

/// A pawn's value in Fairy-Stockfish's units, middlegame and endgame: the
/// scale of a file's `pieceValueMg` and `pieceValueEg`.
pub const FSF_PAWN_VALUES: [u32; 2] = [126, 208];

/// A piece value a file gives for `phase` (0 the middlegame, 1 the
/// endgame), in Fairy-Stockfish's units, on the scale where a pawn is
/// worth `pawn`.
pub fn rescale_fsf_value(value: u32, phase: usize, pawn: i32) -> i32 {
    (i64::from(value) * i64::from(pawn) / i64::from(FSF_PAWN_VALUES[phase])) as i32
}

/// The king's exchange value: more than any exchange can win, so that a
/// king is never given for material.
pub const KING_EXCHANGE_VALUE: i32 = 20_000;

/// The exchange value of the slots no built-in game uses
/// ([`Role::Extra1`] to [`Role::Extra4`]): above the queen, so that an
/// exchange reaches them last, where a built-in game never looks. A
/// game that fills them values its pieces by their moves.
pub const UNUSED_SLOT_EXCHANGE_VALUE: i32 = 1_000;

/// The built-in games' exchange values: pawn 100, knight 320, bishop 330,
/// rook 500, queen 950, the king [`KING_EXCHANGE_VALUE`], the champion
/// (WAD) 400 and the FAD 380. The rules files value the champion at 3.9
/// to 4.3 pawns and the FAD at 3.9 next to a 3-pawn knight, so both sit
/// between a bishop and a rook, the FAD a little below the champion (it
/// is colour-bound). Only the order and rough size matter to an exchange.
pub const STANDARD_EXCHANGE_VALUES: ExchangeValues = ExchangeValues {
    values: [
        100,
        320,
        330,
        500,
        950,
        KING_EXCHANGE_VALUE,
        400,
        380,
        UNUSED_SLOT_EXCHANGE_VALUE,
        UNUSED_SLOT_EXCHANGE_VALUE,
        UNUSED_SLOT_EXCHANGE_VALUE,
        UNUSED_SLOT_EXCHANGE_VALUE,
    ],
    cheapest_first: [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Fad,
        Role::Champion,
        Role::Rook,
        Role::Queen,
        Role::Extra1,
        Role::Extra2,
        Role::Extra3,
        Role::Extra4,
        Role::King,
    ],
};

impl ExchangeValues {
    /// The values with their order worked out (ties keep role order).
    pub fn from_values(values: [i32; Role::COUNT]) -> ExchangeValues {
        let mut cheapest_first = Role::ALL;
        cheapest_first.sort_by_key(|&r| (r == Role::King, values[r.index()]));
        ExchangeValues {
            values,
            cheapest_first,
        }
    }
}

/// The facts of a game that its rules do not say but the engine needs:
/// kept with the game so that no code outside the rules core asks which
/// game it is playing.
#[derive(Debug)]
pub struct EngineFacts {
    /// Whether the search's selective rules (late-move and SEE pruning,
    /// internal iterative reductions, singular extensions, ...) suit the
    /// game. Chad's 12x12 tree of long sliders played better without them
    /// when they were measured.
    pub selective_search: bool,
    /// Whether the search gives the quiet move into each node a history
    /// bonus from the evaluations around it (the prior move's history
    /// from the evaluation): measured a gain in chess, and not in WAD
    /// Chess, so only where it was measured to gain.
    pub prior_eval_history: bool,
    /// Whether a move that gives check is searched a ply deeper: in
    /// chess the search played better without it (checks are still never
    /// reduced); WAD and Parity Chess leaned to a loss without it and keep
    /// it; elsewhere it was not measured.
    pub check_extension: bool,
    /// How many plies less than the bench depth this game's bench
    /// positions are searched to (Chad's wide tree, searched without the
    /// selective rules, goes four plies less).
    pub bench_depth_cut: u32,
    /// The positions `motley bench` searches in this game (FEN).
    pub bench_positions: &'static [&'static str],
    /// What the pieces are worth in exchanges (SEE) and capture order.
    pub exchange: &'static ExchangeValues,
}

/// The evaluations a game can be played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Material, piece-square tables, pawns, mobility and king safety,
    /// tapered between middlegame and endgame, with each game's own fitted
    /// numbers.
    Tapered,
    /// Chad's own: material, attackers on the enemy wall, queens in the
    /// enemy castle, defenders in the own castle and the king's open
    /// lines.
    Chad,
}

impl VariantSpec {
    /// The bitboard word this game needs.
    pub fn width(&self) -> Width {
        match self.files as usize * self.ranks as usize {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            _ => Width::W192,
        }
    }
    /// Whether `role` belongs to the game's army.
    pub fn has_role(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }
    /// A role's FEN letter in this game, upper case.
    pub fn letter(&self, role: Role) -> char {
        self.letters
            .iter()
            .find(|(r, _)| *r == role)
            .map_or(role.letter(), |&(_, c)| c)
    }
    /// The role of the game that a letter (either case) names.
    pub fn role_of_letter(&self, letter: char) -> Option<Role> {
        let letter = letter.to_ascii_uppercase();
        self.roles
            .iter()
            .copied()
            .find(|&r| self.letter(r) == letter)
    }
    /// A piece's FEN letter in this game: upper case for White.
    pub fn fen_char(&self, piece: Piece) -> char {
        piece.fen_char(self.letter(piece.role))
    }
    /// The piece of the game a FEN letter names (case gives the colour).
    pub fn piece_of_fen_char(&self, c: char) -> Option<Piece> {
        Piece::from_fen_char(c, |letter| self.role_of_letter(letter))
    }
    /// What a pawn of `color` may promote to, limits aside.
    pub fn promotions(&self, color: Color) -> &'static [Role] {
        self.promotion_roles[color.index()]
    }
    /// The most pieces of `role` a side may have for a pawn to promote to
    /// it, or `None` for no limit.
    pub fn promotion_limit(&self, role: Role) -> Option<u8> {
        self.promotion_limits
            .iter()
            .find(|&&(r, _)| r == role)
            .map(|&(_, limit)| limit)
    }
    /// A role's Betza (empty for a role not in the game).
    pub fn betza_of(&self, role: Role) -> &'static str {
        self.betza
            .iter()
            .find(|(r, _)| *r == role)
            .map_or("", |(_, betza)| betza)
    }
    /// The moves of a piece in the WAD's or FAD's slot that moves
    /// otherwise than the built-in WAD or FAD (a file's archbishop,
    /// chancellor, ...), or in a slot no built-in game uses
    /// ([`Role::Extra1`] to [`Role::Extra4`]), or `None`: the pieces whose worth the engine
    /// estimates from their moves instead of taking its own numbers.
    pub fn own_extra_movement(&self, role: Role) -> Option<Movement> {
        if !Role::EXTRA_SLOTS.contains(&role) || !self.has_role(role) {
            return None;
        }
        let moves = self.movement(role);
        let built_in = Variant::ParityChess.spec();
        let alike = built_in.has_role(role) && moves == built_in.movement(role);
        (!alike).then_some(moves)
    }
    /// How a non-pawn role of the game moves, read from its Betza. A
    /// built-in game's Betza always reads and is always played (a test
    /// checks every one).
    pub fn movement(&self, role: Role) -> Movement {
        let betza = self.betza_of(role);
        PieceMoves::parse(betza)
            .map_err(|e| e.to_string())
            .and_then(|moves| Movement::from_betza(&moves).map_err(|e| e.to_string()))
            .unwrap_or_else(|e| panic!("{}'s {role:?} ({betza}): {e}", self.name))
    }
}

/// The moves of Parity Chess's army, the largest: the FIDE army, the WAD
/// and the FAD, in role order. The other armies are its beginnings.
const PARITY_BETZA: &[(Role, &str)] = &[
    (Role::Pawn, "fmWfcF"),
    (Role::Knight, "N"),
    (Role::Bishop, "B"),
    (Role::Rook, "R"),
    (Role::Queen, "Q"),
    (Role::King, "K"),
    (Role::Champion, "WAD"),
    (Role::Fad, "FAD"),
];

/// The FIDE army's moves.
const FIDE_BETZA: &[(Role, &str)] = PARITY_BETZA.split_at(6).0;

/// The FIDE army and the WAD (WAD Chess).
const WAD_BETZA: &[(Role, &str)] = PARITY_BETZA.split_at(7).0;

/// The FIDE army's roles.
const FIDE_ROLES: &[Role] = &[
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// What a FIDE pawn may promote to.
const FIDE_PROMOTIONS: &[Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const WAD_PROMOTIONS: &[Role] = &[
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Champion,
];
const PARITY_PROMOTIONS: &[Role] = &[
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Champion,
    Role::Fad,
];

static CHESS: VariantSpec = VariantSpec {
    variant: Variant::Chess,
    name: "chess",
    files: 8,
    ranks: 8,
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    roles: FIDE_ROLES,
    betza: FIDE_BETZA,
    letters: &[],
    piece_values: &[],
    promotion_roles: [FIDE_PROMOTIONS; 2],
    pawn_double_step_rank: Some(1),
    pawn_style: PawnStyle::Orthodox,
    promotion_ranks: 1,
    promotion_optional: false,
    promotion_limits: &[],
    castling: CastlingStyle::Standard,
    castling_king_files: [2, 6],
    dead_positions: DeadPositions::Fide,
    move_rule_plies: 100,
    stalemate: EndScore::Draw,
    extinction: None,
    flag: None,
    fortress: None,
    attack_boards: None,
    xboard_name: "normal",
    xboard_pieces: &[],
    evaluation: Evaluation::Tapered,
    display_name: "Chess",
    pgn_variant: None,
    engine: EngineFacts {
        selective_search: true,
        prior_eval_history: true,
        check_extension: false,
        bench_depth_cut: 0,
        bench_positions: &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        ],
        exchange: &STANDARD_EXCHANGE_VALUES,
    },
};

static WADCHESS: VariantSpec = VariantSpec {
    variant: Variant::WadChess,
    name: "wadchess",
    files: 10,
    ranks: 8,
    start_fen: "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
    roles: &[
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Champion,
    ],
    betza: WAD_BETZA,
    letters: &[],
    piece_values: &[],
    promotion_roles: [WAD_PROMOTIONS; 2],
    pawn_double_step_rank: Some(1),
    pawn_style: PawnStyle::Orthodox,
    promotion_ranks: 1,
    promotion_optional: false,
    promotion_limits: &[],
    castling: CastlingStyle::Fast,
    castling_king_files: [2, 8],
    dead_positions: DeadPositions::BareKings,
    move_rule_plies: 100,
    stalemate: EndScore::Draw,
    extinction: None,
    flag: None,
    fortress: None,
    attack_boards: None,
    xboard_name: "wadchess",
    xboard_pieces: &[(Role::Champion, "WAD")],
    evaluation: Evaluation::Tapered,
    display_name: "WAD Chess",
    pgn_variant: Some("wadchess"),
    engine: EngineFacts {
        selective_search: true,
        prior_eval_history: false,
        check_extension: true,
        bench_depth_cut: 0,
        bench_positions: &[
            "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
            "r1nbqkb1cr/pppp1ppppp/2c2n4/4p5/4P5/3C1N4/PPPP1PPPPP/R1NBQKB1CR w KQkq - 4 4",
            "k9/10/10/10/10/10/3K6/4C5 w - - 0 1",
        ],
        exchange: &STANDARD_EXCHANGE_VALUES,
    },
};

static PARITYCHESS: VariantSpec = VariantSpec {
    variant: Variant::ParityChess,
    name: "paritychess",
    files: 12,
    ranks: 8,
    start_fen: "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
    roles: &[
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Champion,
        Role::Fad,
    ],
    betza: PARITY_BETZA,
    letters: &[],
    piece_values: &[],
    promotion_roles: [PARITY_PROMOTIONS; 2],
    pawn_double_step_rank: Some(1),
    pawn_style: PawnStyle::Orthodox,
    promotion_ranks: 1,
    promotion_optional: false,
    promotion_limits: &[],
    castling: CastlingStyle::Fast,
    castling_king_files: [2, 10],
    dead_positions: DeadPositions::BareKings,
    move_rule_plies: 100,
    stalemate: EndScore::Draw,
    extinction: None,
    flag: None,
    fortress: None,
    attack_boards: None,
    xboard_name: "paritychess",
    xboard_pieces: &[(Role::Champion, "WAD"), (Role::Fad, "FAD")],
    evaluation: Evaluation::Tapered,
    display_name: "Parity Chess",
    pgn_variant: Some("paritychess"),
    engine: EngineFacts {
        selective_search: true,
        prior_eval_history: false,
        check_extension: true,
        bench_depth_cut: 0,
        bench_positions: &[
            "rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
            "rcnbfqk1bncr/pppppppfpppp/12/6p5/6P5/12/PPPPPPP1PPPP/RCNBFQKFBNCR w KQkq - 1 3",
        ],
        exchange: &STANDARD_EXCHANGE_VALUES,
    },
};

/// Chad's pieces: the king also leaps like a knight (inside its castle).
const CHAD_BETZA: &[(Role, &str)] = &[(Role::Rook, "R"), (Role::Queen, "Q"), (Role::King, "KN")];

static CHAD: VariantSpec = VariantSpec {
    variant: Variant::Chad,
    name: "chad",
    files: 12,
    ranks: 12,
    start_fen: "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
    roles: &[Role::Rook, Role::Queen, Role::King],
    betza: CHAD_BETZA,
    letters: &[],
    piece_values: &[],
    promotion_roles: [&[], &[]],
    pawn_double_step_rank: Some(1),
    pawn_style: PawnStyle::Orthodox,
    promotion_ranks: 1,
    promotion_optional: false,
    promotion_limits: &[],
    castling: CastlingStyle::None,
    castling_king_files: [2, 10],
    dead_positions: DeadPositions::NoRookOrQueen,
    move_rule_plies: 0,
    stalemate: EndScore::Draw,
    extinction: None,
    flag: None,
    fortress: Some(Fortress {
        castle_corner: [(2, 2), (7, 7)],
        promotion: (Role::Rook, Role::Queen),
    }),
    attack_boards: None,
    xboard_name: "chad",
    xboard_pieces: &[(Role::King, "KN"), (Role::Rook, "mR"), (Role::Queen, "mQ")],
    evaluation: Evaluation::Chad,
    display_name: "Chad",
    pgn_variant: Some("chad"),
    engine: EngineFacts {
        selective_search: false,
        prior_eval_history: false,
        check_extension: true,
        bench_depth_cut: 4,
        bench_positions: &[
            "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1",
            "12/12/5R1rrr2/7rkr2/8r3/5r6/7R4/2RR8/2RKR7/2RR2r5/12/12 w - - 8 5",
        ],
        exchange: &STANDARD_EXCHANGE_VALUES,
    },
};

static WAUCHESS: VariantSpec = VariantSpec {
    variant: Variant::WauChess,
    name: "wauchess",
    files: 8,
    ranks: 14,
    start_fen: "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9",
    roles: FIDE_ROLES,
    betza: FIDE_BETZA,
    letters: &[],
    piece_values: &[],
    promotion_roles: [FIDE_PROMOTIONS; 2],
    pawn_double_step_rank: Some(1),
    pawn_style: PawnStyle::Orthodox,
    promotion_ranks: 1,
    promotion_optional: false,
    promotion_limits: &[],
    castling: CastlingStyle::Standard,
    castling_king_files: [2, 6],
    // Holes can wall a king in, so a lone minor piece may still mate.
    dead_positions: DeadPositions::BareKings,
    move_rule_plies: 100,
    stalemate: EndScore::Draw,
    extinction: None,
    flag: None,
    fortress: None,
    attack_boards: Some(AttackBoards {
        main_corner: (3, 3),
        main_size: (2, 8),
        size: 3,
        start_corners: [(0, 3), (5, 3), (0, 8), (5, 8)],
        max_shift: 3,
    }),
    xboard_name: "wauchess",
    xboard_pieces: &[],
    evaluation: Evaluation::Tapered,
    display_name: "Wau Chess",
    pgn_variant: Some("wauchess"),
    engine: EngineFacts {
        selective_search: true,
        prior_eval_history: false,
        check_extension: true,
        bench_depth_cut: 0,
        bench_positions: &[
            "********/********/********/rnbqkbnr/pppppppp/8/***2***/***2***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1 a4,f4,a9,f9",
            "********/*****3/*****1b1/3bkr1r/1n1qp***/2pp1***/***1p***/***2***/***Q1N2/***PPPP1/4K1B1/1R1*****/3*****/******** w - - 0 20 a2,f4,a9,f11",
        ],
        exchange: &STANDARD_EXCHANGE_VALUES,
    },
};

impl Default for Variant {
    /// The game an engine plays until it is told another: chess, which
    /// UCI's `UCI_Variant` and XBoard's `variant` leave unnamed.
    fn default() -> Variant {
        Variant::Chess
    }
}

impl Variant {
    /// Every game, in the order they are listed to users.
    pub const ALL: [Variant; 5] = [
        Variant::Chess,
        Variant::WadChess,
        Variant::ParityChess,
        Variant::Chad,
        Variant::WauChess,
    ];

    /// The game's definition.
    pub fn spec(self) -> &'static VariantSpec {
        match self {
            Variant::Chess => &CHESS,
            Variant::WadChess => &WADCHESS,
            Variant::ParityChess => &PARITYCHESS,
            Variant::Chad => &CHAD,
            Variant::WauChess => &WAUCHESS,
            Variant::Loaded(LoadedGame(slot)) => LOADED[slot as usize]
                .get()
                .expect("a loaded game is made only once its spec is set"),
        }
    }

    /// Adds a game read from a file: `spec` becomes the new game's (its
    /// `variant` field is set to it), and `check` tries the game (its start
    /// position, say) once it can be played. A game that fails its check
    /// is never shown; one that passes is kept for the life of the process,
    /// and hides an earlier loaded game of the same name from [`FromStr`].
    pub fn register(
        spec: VariantSpec,
        check: impl FnOnce(Variant) -> Result<(), String>,
    ) -> Result<Variant, String> {
        let mut count = LOADED_COUNT.lock().unwrap_or_else(|e| e.into_inner());
        if *count >= MAX_LOADED_GAMES {
            return Err(format!(
                "{MAX_LOADED_GAMES} games are loaded already; no more can be"
            ));
        }
        let slot = *count;
        let variant = Variant::Loaded(LoadedGame(slot as u16));
        let spec: &'static VariantSpec = Box::leak(Box::new(VariantSpec { variant, ..spec }));
        LOADED[slot]
            .set(spec)
            .expect("a slot is set once, under the lock");
        *count += 1;
        check(variant)?;
        SHOWN[slot].store(true, Ordering::Release);
        Ok(variant)
    }

    /// Every game loaded from files so far that passed its check, oldest
    /// first.
    pub fn loaded() -> Vec<Variant> {
        let count = *LOADED_COUNT.lock().unwrap_or_else(|e| e.into_inner());
        (0..count)
            .filter(|&slot| SHOWN[slot].load(Ordering::Acquire))
            .map(|slot| Variant::Loaded(LoadedGame(slot as u16)))
            .collect()
    }

    /// The game's place in [`Variant::ALL`] (a built-in game), or past
    /// its end (a loaded one): a number for seeding tests and the like.
    pub fn number(self) -> u64 {
        match self {
            Variant::Loaded(LoadedGame(slot)) => (Variant::ALL.len() + slot as usize) as u64,
            built_in => Variant::ALL
                .iter()
                .position(|&v| v == built_in)
                .unwrap_or(0) as u64,
        }
    }

    /// Whether the game was read from a file.
    pub fn is_loaded(self) -> bool {
        matches!(self, Variant::Loaded(_))
    }
    /// The game's name, as used on the command line and in the protocols.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name of ChessWar, the dice wargame, as `UCI_Variant`, XBoard's
/// `variant`, the command line and PGN's `Variant` tag spell it: one of
/// the games a user can name, but played by its own rules core
/// (`crate::chesswar`), not a [`Variant`].
pub const CHESSWAR_NAME: &str = "chesswar";

/// Which game is played: one of this rules core's board games, or
/// ChessWar, which has its own rules core (`crate::chesswar`). The engine,
/// the match runner, its referee and the browser all name a game with
/// this type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// A board game of this rules core.
    Board(Variant),
    /// ChessWar, the dice wargame.
    ChessWar,
}

impl GameKind {
    /// Every game, in the order they are listed to users: the
    /// [`Variant`]s, then ChessWar. Every list of games shown to a user
    /// comes from here.
    pub const ALL: [GameKind; 6] = [
        GameKind::Board(Variant::ALL[0]),
        GameKind::Board(Variant::ALL[1]),
        GameKind::Board(Variant::ALL[2]),
        GameKind::Board(Variant::ALL[3]),
        GameKind::Board(Variant::ALL[4]),
        GameKind::ChessWar,
    ];

    /// Every game the process plays, in the order they are listed to
    /// users: [`GameKind::ALL`], then the games loaded from files.
    pub fn every() -> Vec<GameKind> {
        let mut games = GameKind::ALL.to_vec();
        for variant in Variant::loaded() {
            if !games.iter().any(|g| g.name() == variant.name()) {
                games.push(GameKind::Board(variant));
            }
        }
        games
    }

    /// The game's name on the command line and in the protocols.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Board(variant) => variant.name(),
            GameKind::ChessWar => CHESSWAR_NAME,
        }
    }

    /// The name people read (the browser's game list).
    pub fn display_name(self) -> &'static str {
        match self {
            GameKind::Board(variant) => variant.spec().display_name,
            GameKind::ChessWar => "ChessWar",
        }
    }

    /// The PGN `Variant` tag's value, or `None` for chess.
    pub fn pgn_variant(self) -> Option<&'static str> {
        match self {
            GameKind::Board(variant) => variant.spec().pgn_variant,
            GameKind::ChessWar => Some(CHESSWAR_NAME),
        }
    }

    /// The board game, or `None` for ChessWar.
    pub fn variant(self) -> Option<Variant> {
        match self {
            GameKind::Board(variant) => Some(variant),
            GameKind::ChessWar => None,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownVariant;

    /// A game by any of its names (a board game's UCI or XBoard name, or
    /// `chesswar`), in any case.
    fn from_str(text: &str) -> Result<GameKind, UnknownVariant> {
        let error = UnknownVariant(text.to_string());
        if error.is_chesswar() {
            return Ok(GameKind::ChessWar);
        }
        text.parse().map(GameKind::Board)
    }
}

/// Every game's name, in the order they are listed to users (see
/// [`GameKind::ALL`]), then the games loaded from files.
pub fn game_names() -> Vec<&'static str> {
    GameKind::every().into_iter().map(GameKind::name).collect()
}

/// The chess variants' names as a phrase, `a, b, ... or z`: the games a
/// chess-board command (`analyse`, `perft`, `match`) plays.
pub fn variant_names_phrase() -> String {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The error for a game name the engine does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl UnknownVariant {
    /// Whether the name is ChessWar's, which exists but is not a chess
    /// variant.
    pub fn is_chesswar(&self) -> bool {
        self.0.trim().eq_ignore_ascii_case(CHESSWAR_NAME)
    }
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_chesswar() {
            return write!(
                f,
                "{CHESSWAR_NAME} is not a chess variant: it has its own rules and commands (known chess variants: {})",
                variant_names_phrase()
            );
        }
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            game_names().join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl From<UnknownVariant> for String {
    fn from(error: UnknownVariant) -> String {
        error.to_string()
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let lower = s.trim().to_ascii_lowercase();
        let name = match lower.as_str() {
            "normal" | "standard" => "chess",
            other => other,
        };
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .or_else(|| {
                Variant::loaded()
                    .into_iter()
                    .rev()
                    .find(|v| v.name().eq_ignore_ascii_case(name))
            })
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_piece_is_played_from_its_betza() {
        for variant in Variant::ALL {
            let spec = variant.spec();
            for &role in spec.roles.iter().filter(|&&r| r != Role::Pawn) {
                let movement = spec.movement(role);
                assert!(
                    !movement.leaps.is_empty()
                        || movement.rides_orthogonally
                        || movement.rides_diagonally,
                    "{variant}: {role:?} never moves"
                );
            }
            let listed: Vec<Role> = spec.betza.iter().map(|&(r, _)| r).collect();
            assert_eq!(
                listed, spec.roles,
                "{variant}: Betza for each role, in order"
            );
            if spec.has_role(Role::Pawn) {
                let pawn = PieceMoves::parse(spec.betza_of(Role::Pawn)).unwrap();
                assert!(!pawn.moves_as_it_captures(), "{variant}: the pawn's Betza");
            }
        }
    }
}
