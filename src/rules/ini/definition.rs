//! A game as a `variants.ini` section says it: Fairy-Stockfish's keys,
//! typed, with its defaults, and inheritance by starting from the
//! parent's definition.
//!
//! Keys are applied in three rounds, whatever their order in the file,
//! as Fairy-Stockfish applies them: the board size, then the pieces, then
//! the rest (which name pieces by their letters).

use std::collections::BTreeMap;

use super::super::betza::{PieceMoves, predefined_piece};
use super::syntax::Entry;
use super::values::{
    GameValue, Region, boolean, file, game_value, letter_numbers, letters, number, rank, region,
};

/// The most custom pieces a game may define (`customPiece1` to `customPiece25`).
pub const CUSTOM_PIECES: u8 = 25;

/// Which piece type a piece is: one of Fairy-Stockfish's predefined ones
/// (by its `variants.ini` name) or a custom one (1 to
/// [`CUSTOM_PIECES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    /// A predefined piece type, by name (`knight`, `king`, ...).
    Predefined(&'static str),
    /// `customPieceN`.
    Custom(u8),
}

/// One piece of a game: its type, FEN letter and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDefinition {
    /// Its type.
    pub kind: PieceKind,
    /// Its FEN letter, lower case.
    pub letter: char,
    /// How it moves, in Betza notation.
    pub betza: String,
}

/// A key that went wrong, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The 1-based line of the key (or of the section header).
    pub line: usize,
    /// The key, where one is at fault.
    pub key: Option<String>,
    /// What is wrong, in words.
    pub reason: String,
}

/// Everything a `variants.ini` section can say that motley reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDefinition {
    /// The game's name.
    pub name: String,
    /// Files of the board.
    pub files: u8,
    /// Ranks of the board.
    pub ranks: u8,
    /// The pieces, in Fairy-Stockfish's order of piece types.
    pub pieces: Vec<PieceDefinition>,
    /// The start position.
    pub start_fen: String,
    /// Piece values for the middlegame and endgame, where given
    /// (`pieceValueMg`, `pieceValueEg`), in Fairy-Stockfish's units.
    pub piece_values: [BTreeMap<PieceKind, u32>; 2],
    /// Where White's and Black's pawns promote.
    pub promotion_region: [Region; 2],
    /// Which pieces promote there, per colour.
    pub promotion_pawn_types: [Vec<PieceKind>; 2],
    /// What they promote to, per colour.
    pub promotion_piece_types: [Vec<PieceKind>; 2],
    /// Whether a pawn reaching the zone must promote.
    pub mandatory_pawn_promotion: bool,
    /// How many of a piece type promotion may create (0: no limit).
    pub promotion_limit: BTreeMap<PieceKind, u32>,
    /// Whether pawns double-step.
    pub double_step: bool,
    /// Where White's and Black's pawns may double-step from.
    pub double_step_region: [Region; 2],
    /// Where they may triple-step from.
    pub triple_step_region: [Region; 2],
    /// Where en passant captures may land, per colour.
    pub en_passant_region: [Region; 2],
    /// Which pieces may be taken en passant and take so, per colour.
    pub en_passant_types: [Vec<PieceKind>; 2],
    /// Whether the game castles.
    pub castling: bool,
    /// Where the king ends a kingside castle (0-based file).
    pub castling_kingside_file: u8,
    /// Where it ends a queenside castle.
    pub castling_queenside_file: u8,
    /// White's castling rank (0-based; Black's is the mirror).
    pub castling_rank: u8,
    /// The king's start file.
    pub castling_king_file: u8,
    /// The piece that castles as the king, per colour.
    pub castling_king_piece: [PieceKind; 2],
    /// The pieces that castle as rooks, per colour.
    pub castling_rook_pieces: [Vec<PieceKind>; 2],
    /// The kingside rook's file, or `None` for the last file.
    pub castling_rook_kingside_file: Option<u8>,
    /// The queenside rook's file.
    pub castling_rook_queenside_file: u8,
    /// Whether the game starts from shuffled positions (castling rights
    /// in Shredder notation).
    pub chess960: bool,
    /// Whether kings are royal: check exists and must be met.
    pub checking: bool,
    /// What a checkmate scores for the side mated.
    pub checkmate_value: GameValue,
    /// What a stalemate scores for the side stalemated.
    pub stalemate_value: GameValue,
    /// Full moves without a capture or pawn move that draw (0: never):
    /// 50 is the fifty-move rule.
    pub n_move_rule: u32,
    /// How many times a position repeats to end the game (0: never).
    pub n_fold_rule: u32,
    /// What that repetition scores for the side to move.
    pub n_fold_value: GameValue,
    /// Whether that value is for White rather than the side to move.
    pub n_fold_value_absolute: bool,
    /// What losing every piece of `extinction_piece_types` scores.
    pub extinction_value: GameValue,
    /// The pieces whose extinction ends the game, each type counted on
    /// its own.
    pub extinction_piece_types: Vec<PieceKind>,
    /// Whether the extinction rule counts all of a side's pieces together
    /// (`extinctionPieceTypes = *`, Fairy-Stockfish's `ALL_PIECES`).
    pub extinction_all_pieces: bool,
    /// The game ends when at most this many of them remain.
    pub extinction_piece_count: u32,
    /// Whether the extinction pieces may not be left attacked.
    pub extinction_pseudo_royal: bool,
    /// Whether extinction can only be claimed by the side to move
    /// (`extinctionClaim`): an extinct side to move needs one more piece
    /// against it to lose, since it may still answer in kind.
    pub extinction_claim: bool,
    /// Extinction counts only while the opponent has at least this many
    /// pieces (0: always): shatranj's bare king rule is 2.
    pub extinction_opponent_piece_count: u32,
    /// Whether a move that leaves a piece with no move ever after is
    /// illegal (Grand Chess: a pawn may not stay on the last rank).
    pub immobility_illegal: bool,
    /// The pieces whose moves restart the move-count rule, per colour.
    pub n_move_rule_types: [Vec<PieceKind>; 2],
    /// The pieces that win by reaching the flag region, per colour.
    pub flag_piece: [Vec<PieceKind>; 2],
    /// The flag regions.
    pub flag_region: [Region; 2],
    /// The board and piece letters for XBoard (`pieceToCharTable`).
    pub piece_to_char_table: String,
    /// The GUI template (`variantTemplate`): kept for XBoard.
    pub variant_template: String,
    /// motley's own key `fastCastling`: the king leaps to any empty,
    /// unattacked square between it and the rook, and the rook to the
    /// king's start square (WAD and Parity Chess).
    pub fast_castling: bool,
    /// motley's own key `deadPositions`: which material-only positions
    /// are drawn.
    pub dead_positions: DeadPositionRule,
    /// The line each key was last set on, for later errors.
    pub lines: BTreeMap<String, usize>,
    /// The line of the section's header (0 for a built-in definition).
    pub line: usize,
}

/// motley's `deadPositions` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadPositionRule {
    /// `fide`: bare kings, and a king with one knight or one bishop
    /// against a bare king.
    Fide,
    /// `bareKings`: only the two bare kings.
    BareKings,
}

/// The pieces of chess, with their letters.
const CHESS_PIECES: [(&str, char); 6] = [
    ("pawn", 'p'),
    ("knight", 'n'),
    ("bishop", 'b'),
    ("rook", 'r'),
    ("queen", 'q'),
    ("king", 'k'),
];

const PAWN: PieceKind = PieceKind::Predefined("pawn");
const KING: PieceKind = PieceKind::Predefined("king");
const ROOK: PieceKind = PieceKind::Predefined("rook");

impl Default for GameDefinition {
    /// Fairy-Stockfish's defaults: chess, on an 8x8 board.
    fn default() -> GameDefinition {
        let pieces = CHESS_PIECES
            .iter()
            .map(|&(name, letter)| {
                let piece = predefined_piece(name).expect("chess pieces are predefined");
                PieceDefinition {
                    kind: PieceKind::Predefined(piece.name),
                    letter,
                    betza: piece.betza.to_string(),
                }
            })
            .collect();
        let minor_major = || {
            ["queen", "rook", "bishop", "knight"]
                .map(PieceKind::Predefined)
                .to_vec()
        };
        GameDefinition {
            name: "chess".to_string(),
            files: 8,
            ranks: 8,
            pieces,
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            piece_values: [BTreeMap::new(), BTreeMap::new()],
            promotion_region: [Region::rank(7), Region::rank(0)],
            promotion_pawn_types: [vec![PAWN], vec![PAWN]],
            promotion_piece_types: [minor_major(), minor_major()],
            mandatory_pawn_promotion: true,
            promotion_limit: BTreeMap::new(),
            double_step: true,
            double_step_region: [Region::rank(1), Region::rank(6)],
            triple_step_region: [Region::EMPTY; 2],
            en_passant_region: [Region::ALL; 2],
            en_passant_types: [vec![PAWN], vec![PAWN]],
            castling: true,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 0,
            castling_king_file: 4,
            castling_king_piece: [KING; 2],
            castling_rook_pieces: [vec![ROOK], vec![ROOK]],
            castling_rook_kingside_file: None,
            castling_rook_queenside_file: 0,
            chess960: false,
            checking: true,
            checkmate_value: GameValue::Loss,
            stalemate_value: GameValue::Draw,
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: GameValue::Draw,
            n_fold_value_absolute: false,
            extinction_value: GameValue::None,
            extinction_piece_types: Vec::new(),
            extinction_all_pieces: false,
            extinction_piece_count: 0,
            extinction_pseudo_royal: false,
            extinction_claim: false,
            extinction_opponent_piece_count: 0,
            immobility_illegal: false,
            n_move_rule_types: [vec![PAWN], vec![PAWN]],
            flag_piece: [Vec::new(), Vec::new()],
            flag_region: [Region::EMPTY; 2],
            piece_to_char_table: "-".to_string(),
            variant_template: "fairy".to_string(),
            fast_castling: false,
            dead_positions: DeadPositionRule::Fide,
            lines: BTreeMap::new(),
            line: 0,
        }
    }
}

/// Keys of Fairy-Stockfish's that motley does not play, with the value
/// that means the rule is off: a section may give them only that value.
/// (Drops, walls, hand pieces, counting rules, other game ends.)
const OFF_ONLY: &[(&str, &str)] = &[
    ("pieceDrops", "false"),
    ("capturesToHand", "false"),
    ("pocketSize", "0"),
    ("twoBoards", "false"),
    ("mustCapture", "false"),
    ("mustDrop", "false"),
    ("dropLoop", "false"),
    ("gating", "false"),
    ("seirawanGating", "false"),
    ("wallingRule", "none"),
    ("blastOnCapture", "false"),
    ("petrifyOnCaptureTypes", "-"),
    ("sittuyinPromotion", "false"),
    ("piecePromotionOnCapture", "false"),
    ("mandatoryPiecePromotion", "false"),
    ("pieceDemotion", "false"),
    ("promotedPieceType", "-"),
    ("oppositeCastling", "false"),
    ("castlingDroppedPiece", "false"),
    ("cambodianMoves", "false"),
    ("pass", "false"),
    ("passOnStalemate", "false"),
    ("makpongRule", "false"),
    ("flyingGeneral", "false"),
    ("soldierPromotionRank", "1"),
    ("perpetualCheckIllegal", "false"),
    ("moveRepetitionIllegal", "false"),
    ("chasingRule", "none"),
    ("shatarMateRule", "false"),
    ("bikjangRule", "false"),
    ("dupleCheck", "false"),
    ("stalematePieceCount", "false"),
    ("flagPieceCount", "1"),
    ("flagPieceBlockedWin", "false"),
    ("flagMove", "false"),
    ("flagPieceSafe", "false"),
    ("checkCounting", "false"),
    ("connectN", "0"),
    ("collinearN", "0"),
    ("connectNxN", "0"),
    ("materialCounting", "none"),
    ("countingRule", "none"),
    ("adjudicateFullBoard", "false"),
    ("enclosingDrop", "none"),
    ("flipEnclosedPieces", "none"),
    ("diagonalLines", "-"),
    ("castlingWins", "-"),
];

/// Keys that only matter with drops, read and ignored while drops are off.
const DROP_KEYS: &[&str] = &[
    "dropChecks",
    "dropRegionWhite",
    "dropRegionBlack",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropPromoted",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "dropOppositeColoredBishop",
    "sittuyinRookDrop",
    "shogiPawnDropMateIllegal",
    "enclosingDropStart",
    "mustDropType",
];

/// The kind a piece key names: a predefined name or `customPieceN`.
fn piece_key(key: &str) -> Option<PieceKind> {
    if let Some(digits) = key.strip_prefix("customPiece") {
        return digits
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=CUSTOM_PIECES).contains(n) && n.to_string() == digits)
            .map(PieceKind::Custom);
    }
    predefined_piece(key).map(|p| PieceKind::Predefined(p.name))
}

/// The order of piece kinds: Fairy-Stockfish's list, then the custom ones.
fn kind_order(kind: PieceKind) -> usize {
    match kind {
        PieceKind::Predefined(name) => super::super::betza::PREDEFINED_PIECES
            .iter()
            .position(|p| p.name == name)
            .unwrap_or(0),
        PieceKind::Custom(n) => 100 + n as usize,
    }
}

impl GameDefinition {
    /// The piece with this letter (either case).
    pub fn piece_by_letter(&self, letter: char) -> Option<&PieceDefinition> {
        let letter = letter.to_ascii_lowercase();
        self.pieces.iter().find(|p| p.letter == letter)
    }

    /// The kinds named by letters, or the first letter that names none.
    fn kinds(&self, value: &str) -> Result<Vec<PieceKind>, String> {
        if value.trim() == "*" {
            return Ok(self.pieces.iter().map(|p| p.kind).collect());
        }
        letters(value)
            .into_iter()
            .map(|c| {
                self.piece_by_letter(c)
                    .map(|p| p.kind)
                    .ok_or_else(|| format!("'{c}' is not a piece of the game"))
            })
            .collect()
    }

    /// Sets a piece key: `letter`, `-` (the piece is removed) or, for a
    /// custom piece or the king, `letter:BETZA`.
    fn set_piece(&mut self, kind: PieceKind, value: &str) -> Result<(), String> {
        self.pieces.retain(|p| p.kind != kind);
        let mut chars = value.chars();
        let letter = match chars.next() {
            Some('-') | None => return Ok(()),
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
            Some(c) => {
                return Err(format!(
                    "'{c}' is not a piece letter (a to z, or - for none)"
                ));
            }
        };
        let rest = chars.as_str();
        let betza = match (kind, rest.strip_prefix(':')) {
            (_, None) if !rest.is_empty() => {
                return Err(format!(
                    "'{value}' is not a letter, or a letter, ':' and Betza"
                ));
            }
            (PieceKind::Custom(_), None) => {
                return Err(format!(
                    "'{value}': a custom piece needs its moves, as letter:BETZA"
                ));
            }
            (PieceKind::Predefined(name), None) => predefined_piece(name)
                .map(|p| p.betza.to_string())
                .unwrap_or_default(),
            (PieceKind::Predefined("king"), Some(betza)) => betza.to_string(),
            (PieceKind::Predefined(name), Some(_)) => {
                return Err(format!(
                    "{name} moves as it is predefined; only custom pieces and the king take Betza"
                ));
            }
            (PieceKind::Custom(_), Some(betza)) => betza.to_string(),
        };
        PieceMoves::parse(&betza).map_err(|e| e.to_string())?;
        // As in Fairy-Stockfish, a letter taken from another piece removes
        // that piece from the game and from the promotion choices.
        if let Some(taken) = self
            .pieces
            .iter()
            .find(|p| p.letter == letter)
            .map(|p| p.kind)
        {
            self.pieces.retain(|p| p.kind != taken);
            for choices in &mut self.promotion_piece_types {
                choices.retain(|&k| k != taken);
            }
        }
        // As in Fairy-Stockfish, an `e` in a custom piece's Betza lets it
        // take and be taken en passant.
        if matches!(kind, PieceKind::Custom(_)) && betza.contains('e') {
            for types in &mut self.en_passant_types {
                if !types.contains(&kind) {
                    types.push(kind);
                }
            }
        }
        self.pieces.push(PieceDefinition {
            kind,
            letter,
            betza,
        });
        self.pieces.sort_by_key(|p| kind_order(p.kind));
        Ok(())
    }

    /// Chess's rules with no pieces: where a section without a parent
    /// starts, as in Fairy-Stockfish.
    pub fn without_pieces() -> GameDefinition {
        GameDefinition {
            pieces: Vec::new(),
            ..GameDefinition::default()
        }
    }

    /// A copy of this definition for a child section named `name` (the
    /// lines its keys were set on are the parent's, so they are left out).
    pub fn child(&self, name: &str) -> GameDefinition {
        GameDefinition {
            name: name.to_string(),
            lines: BTreeMap::new(),
            ..self.clone()
        }
    }

    /// Whether two definitions say the same game, wherever in a file
    /// they were written.
    pub fn same_game(&self, other: &GameDefinition) -> bool {
        let unplaced = |d: &GameDefinition| GameDefinition {
            lines: BTreeMap::new(),
            line: 0,
            ..d.clone()
        };
        unplaced(self) == unplaced(other)
    }

    /// Applies a section's entries (in the three rounds), stopping at the
    /// first fault.
    pub fn apply(&mut self, entries: &[Entry]) -> Result<(), Fault> {
        // The last entry of a key wins.
        let mut last: BTreeMap<&str, &Entry> = BTreeMap::new();
        for entry in entries {
            last.insert(entry.key.as_str(), entry);
        }
        let mut ordered: Vec<&Entry> = last.values().copied().collect();
        ordered.sort_by_key(|e| e.line);
        let round = |e: &Entry| match e.key.as_str() {
            "maxFile" | "maxRank" => 0,
            key if piece_key(key).is_some() => 1,
            _ => 2,
        };
        ordered.sort_by_key(|e| round(e));
        for entry in ordered {
            self.apply_one(entry).map_err(|reason| Fault {
                line: entry.line,
                key: Some(entry.key.clone()),
                reason,
            })?;
            self.lines.insert(entry.key.clone(), entry.line);
        }
        Ok(())
    }

    fn apply_one(&mut self, entry: &Entry) -> Result<(), String> {
        let value = entry.value.as_str();
        let both = |v: Vec<PieceKind>| [v.clone(), v];
        match entry.key.as_str() {
            "maxFile" => self.files = file(value)? + 1,
            "maxRank" => self.ranks = rank(value)? + 1,
            key if piece_key(key).is_some() => {
                let kind = piece_key(key).expect("checked");
                self.set_piece(kind, value)?;
            }
            "startFen" => self.start_fen = value.to_string(),
            "pieceValueMg" | "pieceValueEg" => {
                let phase = usize::from(entry.key == "pieceValueEg");
                for (letter, v) in letter_numbers(value, 100_000)? {
                    let kind = self.kinds(&letter.to_string())?[0];
                    self.piece_values[phase].insert(kind, v);
                }
            }
            "promotionRegionWhite" => self.promotion_region[0] = region(value)?,
            "promotionRegionBlack" => self.promotion_region[1] = region(value)?,
            "promotionPawnTypes" => self.promotion_pawn_types = both(self.kinds(value)?),
            "pawnTypes" => {
                let kinds = self.kinds(value)?;
                self.promotion_pawn_types = both(kinds.clone());
                self.en_passant_types = both(kinds.clone());
                self.n_move_rule_types = both(kinds);
            }
            "promotionPawnTypesWhite" => self.promotion_pawn_types[0] = self.kinds(value)?,
            "promotionPawnTypesBlack" => self.promotion_pawn_types[1] = self.kinds(value)?,
            "promotionPieceTypes" => self.promotion_piece_types = both(self.kinds(value)?),
            "promotionPieceTypesWhite" => self.promotion_piece_types[0] = self.kinds(value)?,
            "promotionPieceTypesBlack" => self.promotion_piece_types[1] = self.kinds(value)?,
            "mandatoryPawnPromotion" => self.mandatory_pawn_promotion = boolean(value)?,
            "promotionLimit" => {
                for (letter, n) in letter_numbers(value, 1000)? {
                    let kind = self.kinds(&letter.to_string())?[0];
                    self.promotion_limit.insert(kind, n);
                }
            }
            "doubleStep" => self.double_step = boolean(value)?,
            "doubleStepRegionWhite" => self.double_step_region[0] = region(value)?,
            "doubleStepRegionBlack" => self.double_step_region[1] = region(value)?,
            "tripleStepRegionWhite" => self.triple_step_region[0] = region(value)?,
            "tripleStepRegionBlack" => self.triple_step_region[1] = region(value)?,
            "enPassantRegion" => self.en_passant_region = [region(value)?; 2],
            "enPassantRegionWhite" => self.en_passant_region[0] = region(value)?,
            "enPassantRegionBlack" => self.en_passant_region[1] = region(value)?,
            "enPassantTypes" => self.en_passant_types = both(self.kinds(value)?),
            "enPassantTypesWhite" => self.en_passant_types[0] = self.kinds(value)?,
            "enPassantTypesBlack" => self.en_passant_types[1] = self.kinds(value)?,
            "castling" => self.castling = boolean(value)?,
            "castlingKingsideFile" => self.castling_kingside_file = file(value)?,
            "castlingQueensideFile" => self.castling_queenside_file = file(value)?,
            "castlingRank" => self.castling_rank = rank(value)?,
            "castlingKingFile" => self.castling_king_file = file(value)?,
            "castlingKingPiece" | "castlingKingPieceWhite" | "castlingKingPieceBlack" => {
                let kinds = self.kinds(value)?;
                let [kind] = kinds[..] else {
                    return Err(format!("'{value}' is not one piece letter"));
                };
                match entry.key.as_str() {
                    "castlingKingPieceWhite" => self.castling_king_piece[0] = kind,
                    "castlingKingPieceBlack" => self.castling_king_piece[1] = kind,
                    _ => self.castling_king_piece = [kind; 2],
                }
            }
            "castlingRookPieces" => self.castling_rook_pieces = both(self.kinds(value)?),
            "castlingRookPiecesWhite" => self.castling_rook_pieces[0] = self.kinds(value)?,
            "castlingRookPiecesBlack" => self.castling_rook_pieces[1] = self.kinds(value)?,
            "castlingRookKingsideFile" => self.castling_rook_kingside_file = Some(file(value)?),
            "castlingRookQueensideFile" => self.castling_rook_queenside_file = file(value)?,
            "chess960" => self.chess960 = boolean(value)?,
            "checking" => self.checking = boolean(value)?,
            "checkmateValue" => self.checkmate_value = game_value(value)?,
            "stalemateValue" => self.stalemate_value = game_value(value)?,
            "nMoveRule" => self.n_move_rule = number(value, 0, 10_000)?,
            "nFoldRule" => self.n_fold_rule = number(value, 0, 1_000)?,
            "nFoldValue" => self.n_fold_value = game_value(value)?,
            "nFoldValueAbsolute" => self.n_fold_value_absolute = boolean(value)?,
            "extinctionValue" => self.extinction_value = game_value(value)?,
            "extinctionPieceTypes" => {
                self.extinction_all_pieces = value.trim() == "*";
                self.extinction_piece_types = match self.extinction_all_pieces {
                    true => Vec::new(),
                    false => self.kinds(value)?,
                };
            }
            "extinctionPieceCount" => self.extinction_piece_count = number(value, 0, 1_000)?,
            "extinctionPseudoRoyal" => self.extinction_pseudo_royal = boolean(value)?,
            "extinctionClaim" => self.extinction_claim = boolean(value)?,
            "extinctionOpponentPieceCount" => {
                self.extinction_opponent_piece_count = number(value, 0, 1_000)?;
            }
            "immobilityIllegal" => self.immobility_illegal = boolean(value)?,
            "nMoveRuleTypes" => self.n_move_rule_types = both(self.kinds(value)?),
            "nMoveRuleTypesWhite" => self.n_move_rule_types[0] = self.kinds(value)?,
            "nMoveRuleTypesBlack" => self.n_move_rule_types[1] = self.kinds(value)?,
            "flagPiece" => self.flag_piece = both(self.kinds(value)?),
            "flagPieceWhite" => self.flag_piece[0] = self.kinds(value)?,
            "flagPieceBlack" => self.flag_piece[1] = self.kinds(value)?,
            "flagRegion" => self.flag_region = [region(value)?; 2],
            "flagRegionWhite" => self.flag_region[0] = region(value)?,
            "flagRegionBlack" => self.flag_region[1] = region(value)?,
            "pieceToCharTable" => self.piece_to_char_table = value.to_string(),
            "variantTemplate" => self.variant_template = value.to_string(),
            "fastCastling" => self.fast_castling = boolean(value)?,
            "deadPositions" => {
                self.dead_positions = match value {
                    "fide" => DeadPositionRule::Fide,
                    "bareKings" => DeadPositionRule::BareKings,
                    _ => return Err(format!("'{value}' is not fide or bareKings")),
                };
            }
            key if DROP_KEYS.contains(&key) => {}
            key if key.starts_with("mobilityRegion") => {
                return Err("motley does not play regions a piece may not leave".to_string());
            }
            key => match OFF_ONLY.iter().find(|(k, _)| *k == key) {
                Some((_, off)) if value == *off => {}
                Some((_, off)) => {
                    return Err(format!(
                        "motley does not play this rule (only {key} = {off})"
                    ));
                }
                None => return Err("unknown key".to_string()),
            },
        }
        Ok(())
    }
}

/// A piece kind's name as a file writes it.
pub fn kind_name(kind: PieceKind) -> String {
    match kind {
        PieceKind::Predefined(name) => name.to_string(),
        PieceKind::Custom(n) => format!("customPiece{n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(text: &str) -> Vec<Entry> {
        text.lines()
            .enumerate()
            .filter_map(|(i, l)| {
                l.split_once('=').map(|(k, v)| Entry {
                    key: k.trim().into(),
                    value: v.trim().into(),
                    line: i + 1,
                })
            })
            .collect()
    }

    fn apply(text: &str) -> Result<GameDefinition, Fault> {
        let mut game = GameDefinition::default().child("test");
        game.apply(&entries(text)).map(|()| game)
    }

    #[test]
    fn capablanca_reads_with_pieces_before_the_sets_that_name_them() {
        let game = apply(
            "promotionPieceTypes = qcarbn\nmaxFile = j\nchancellor = c\narchbishop = a\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\ncastlingKingsideFile = i\ncastlingQueensideFile = c",
        )
        .unwrap();
        assert_eq!((game.files, game.ranks), (10, 8));
        assert_eq!(game.pieces.len(), 8);
        assert_eq!(game.piece_by_letter('C').unwrap().betza, "RN");
        assert_eq!(game.promotion_piece_types[0].len(), 6);
        assert_eq!(game.castling_kingside_file, 8);
        assert_eq!(game.lines["maxFile"], 2);
    }

    #[test]
    fn custom_pieces_and_kings_take_betza() {
        let game = apply("customPiece1 = w:WAD\nking = k:KN\nknight = -").unwrap();
        assert_eq!(
            game.piece_by_letter('w').unwrap().kind,
            PieceKind::Custom(1)
        );
        assert_eq!(game.piece_by_letter('k').unwrap().betza, "KN");
        assert!(game.piece_by_letter('n').is_none());
        // A letter taken from another piece removes it.
        let game = apply("customPiece1 = q:WAD").unwrap();
        assert_eq!(
            game.piece_by_letter('q').unwrap().kind,
            PieceKind::Custom(1)
        );
        assert_eq!(game.pieces.len(), 6);
        assert_eq!(game.promotion_piece_types[0].len(), 3);
    }

    #[test]
    fn faults_name_the_line_key_and_reason() {
        let fault = apply("maxFile = j\ncustomPiece1 = w:Wx").unwrap_err();
        assert_eq!(
            (fault.line, fault.key.as_deref()),
            (2, Some("customPiece1"))
        );
        assert!(
            fault.reason.contains("unknown letter 'x'"),
            "{}",
            fault.reason
        );
        let cases = [
            ("pieceDrops = true", "does not play"),
            ("frobnicate = 1", "unknown key"),
            ("promotionPieceTypes = qz", "'z' is not a piece"),
            ("maxRank = 99999999999999", "not a rank"),
            ("castling = maybe", "not true or false"),
            ("knight = 1", "not a piece letter"),
            ("customPiece1 = w", "needs its moves"),
            ("knight = n:NN", "only custom pieces"),
        ];
        for (text, reason) in cases {
            let fault = apply(text).unwrap_err();
            assert!(fault.reason.contains(reason), "{text}: {}", fault.reason);
        }
        assert!(apply("pieceDrops = false\ndropChecks = false").is_ok());
    }

    #[test]
    fn piece_keys_are_predefined_names_or_custom_numbers() {
        assert_eq!(piece_key("customPiece25"), Some(PieceKind::Custom(25)));
        assert_eq!(piece_key("customPiece26"), None);
        assert_eq!(piece_key("customPiece0"), None);
        assert_eq!(piece_key("customPiece01"), None);
        assert_eq!(
            piece_key("dragonHorse"),
            Some(PieceKind::Predefined("dragonHorse"))
        );
        assert_eq!(piece_key("dragon"), None);
    }
}
