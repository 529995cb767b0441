//! From a game as a file says it ([`GameDefinition`]) to a game the rules
//! core plays ([`VariantSpec`]), or the reason it cannot yet.
//!
//! Today the core plays a file's game when its pieces are pawns (chess's
//! or Berolina's, [`PawnStyle`]), kings,
//! pieces that move as its knight, bishop, rook, queen, WAD or FAD, and at
//! most six others that leap and ride alike in every direction (taking
//! the slots of [`Role::EXTRA_SLOTS`], with their own letters), and its
//! rules are chess's in the ways the core can vary them: board size,
//! start position, promotion (choices per side, ranks, optional, limited),
//! double steps (from which rank, or none), castling (FIDE-like to any
//! files, fast, or none), how the game ends (what a stalemate scores, the
//! move-count rule's length, an extinction rule such as shatranj's bare
//! king), and which positions are dead. Every other difference is named
//! in the reason.

use super::definition::{DeadPositionRule, GameDefinition, PieceDefinition, PieceKind};
use super::values::{GameValue, Region};
use crate::rules::betza::PieceMoves;
use crate::rules::piece::{Movement, Role};
use crate::rules::variant::{
    CastlingStyle, DeadPositions, EndScore, EngineFacts, Evaluation, ExchangeValues, Extinction,
    ExtinctionPieces, FlagRule, PawnStyle, STANDARD_EXCHANGE_VALUES, Variant, VariantSpec,
    rescale_fsf_value,
};

/// The most squares a board may have (the widest bitboard word).
pub const MAX_SQUARES: usize = 192;

/// Why a game cannot be played yet: the key at fault, if one is, and
/// what the rules core lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    /// The key whose value the core cannot play.
    pub key: Option<&'static str>,
    /// What it lacks, in words.
    pub reason: String,
}

fn unplayable(key: &'static str, reason: impl Into<String>) -> Unplayable {
    Unplayable {
        key: Some(key),
        reason: reason.into(),
    }
}

/// Leaks a value for the life of the process: a compiled game is kept as
/// long as the built-in ones.
fn leak_str(text: &str) -> &'static str {
    Box::leak(text.to_string().into_boxed_str())
}

/// How a piece moves if it moves as one of the rules core's pawns: the
/// predefined pawn, or a custom piece with a pawn's moves (Berolina's
/// `mfFcfeWimfnA`). Whether it is the game's pawn (it promotes, takes en
/// passant) the game's pawn types say.
fn pawn_style(piece: &PieceDefinition) -> Option<PawnStyle> {
    if piece.kind == PieceKind::Predefined("pawn") {
        return Some(PawnStyle::Orthodox);
    }
    let moves = |betza: &str| PieceMoves::parse(betza).map(|m| m.moves().collect::<Vec<_>>());
    let own = moves(&piece.betza).ok()?;
    [PawnStyle::Orthodox, PawnStyle::Berolina]
        .into_iter()
        .find(|style| moves(style.betza()).is_ok_and(|m| m == own))
}

/// The role each piece of a game plays in the rules core: the pawn (any
/// piece that moves as one, [`pawn_style`]) and the king by their kinds,
/// a piece that moves as a built-in role takes
/// that role (the knight's, the WAD's, ...), and any other takes a free
/// slot of [`Role::EXTRA_SLOTS`]. In role order.
fn assign_roles(pieces: &[PieceDefinition]) -> Result<Vec<(Role, &PieceDefinition)>, Unplayable> {
    let key = "pieces";
    let named = |piece: &PieceDefinition, reason: &str| {
        unplayable(
            key,
            format!(
                "piece '{}' ({}, {}): {reason}",
                piece.letter,
                super::definition::kind_name(piece.kind),
                piece.betza
            ),
        )
    };
    let reference = Variant::ParityChess.spec();
    let mut assigned: Vec<(Role, &PieceDefinition)> = Vec::new();
    let mut extras: Vec<&PieceDefinition> = Vec::new();
    for piece in pieces {
        let role = match piece.kind {
            _ if pawn_style(piece).is_some() => Role::Pawn,
            PieceKind::Predefined("king") if piece.betza == "K" => Role::King,
            PieceKind::Predefined("king") => {
                return Err(named(piece, "motley's kings move as K"));
            }
            _ => {
                let moves =
                    PieceMoves::parse(&piece.betza).map_err(|e| named(piece, &e.to_string()))?;
                let movement =
                    Movement::from_betza(&moves).map_err(|e| named(piece, &e.to_string()))?;
                let alike = |role: Role| movement == reference.movement(role);
                let free = |role: Role| !assigned.iter().any(|&(r, _)| r == role);
                let standard = [
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                    Role::Champion,
                    Role::Fad,
                ];
                match standard.into_iter().find(|&r| alike(r) && free(r)) {
                    Some(role) => role,
                    None => {
                        extras.push(piece);
                        continue;
                    }
                }
            }
        };
        if assigned.iter().any(|&(r, _)| r == role) {
            return Err(named(
                piece,
                &format!("a second piece in the role of motley's {role:?}"),
            ));
        }
        assigned.push((role, piece));
    }
    for piece in extras {
        let free = Role::EXTRA_SLOTS
            .iter()
            .copied()
            .find(|&slot| !assigned.iter().any(|&(r, _)| r == slot));
        match free {
            Some(slot) => assigned.push((slot, piece)),
            None => {
                return Err(named(
                    piece,
                    "motley plays at most six pieces beyond pawn, knight, bishop, rook, queen and king yet",
                ));
            }
        }
    }
    assigned.sort_by_key(|&(role, _)| role);
    Ok(assigned)
}

/// The roles of piece kinds, in order, leaving out kinds not in the game.
fn roles_of(
    kinds: &[PieceKind],
    pieces: &[(Role, &PieceDefinition)],
    key: &'static str,
) -> Result<Vec<Role>, Unplayable> {
    // A kind no longer in the game is left out, as Fairy-Stockfish does.
    let roles: Vec<Role> = kinds
        .iter()
        .filter_map(|kind| {
            pieces
                .iter()
                .find(|(_, p)| p.kind == *kind)
                .map(|&(r, _)| r)
        })
        .collect();
    match roles.is_empty() && !kinds.is_empty() {
        true => Err(unplayable(key, "none of these pieces is in the game")),
        false => Ok(roles),
    }
}

/// Whether a region, on a board of `files` by `ranks`, is exactly the
/// whole ranks `wanted` picks.
fn is_ranks(region: &Region, files: u8, ranks: u8, wanted: impl Fn(u8) -> bool) -> bool {
    (0..ranks).all(|r| (0..files).all(|f| region.has(f, r) == wanted(r)))
}

/// Whether a region, on a board of `files`, is exactly one rank.
fn is_rank(region: &Region, files: u8, ranks: u8, rank: u8) -> bool {
    is_ranks(region, files, ranks, |r| r == rank)
}

/// Whether a region covers the whole board.
fn covers(region: &Region, files: u8, ranks: u8) -> bool {
    is_ranks(region, files, ranks, |_| true)
}

/// Whether each side's list of piece types (the pieces that promote,
/// take en passant, restart the move count) is the game's pawn alone,
/// leaving out types not in the game, as Fairy-Stockfish does.
fn only_the_pawn(types: &[Vec<PieceKind>; 2], pieces: &[(Role, &PieceDefinition)]) -> bool {
    let pawn: Vec<PieceKind> = pieces
        .iter()
        .filter(|(role, _)| *role == Role::Pawn)
        .map(|(_, p)| p.kind)
        .collect();
    types.iter().all(|side| {
        let in_game: Vec<PieceKind> = side
            .iter()
            .copied()
            .filter(|kind| pieces.iter().any(|(_, p)| p.kind == *kind))
            .collect();
        in_game == pawn
    })
}

/// The exchange values of a game's pieces: the built-in games' values,
/// and for a piece in the champion's or FAD's slot with moves of its own
/// ([`VariantSpec::own_extra_movement`]), its worth estimated from how it
/// moves; a middlegame value the file gives replaces either.
fn exchange_values(spec: &VariantSpec) -> ExchangeValues {
    let standard = STANDARD_EXCHANGE_VALUES.values;
    let mut values = standard;
    for &role in Role::EXTRA_SLOTS {
        if let Some(moves) = spec.own_extra_movement(role) {
            values[role.index()] = moves.estimated_value(|r| standard[r.index()]);
        }
    }
    for &(role, [middlegame, _]) in spec.piece_values {
        if let (Some(v), false) = (middlegame, role == Role::King) {
            values[role.index()] = rescale_fsf_value(v, 0, standard[Role::Pawn.index()]);
        }
    }
    ExchangeValues::from_values(values)
}

/// What a file's game value scores for the side it befalls, or `None`
/// for a rule that ends nothing.
fn end_score(value: GameValue) -> Option<EndScore> {
    match value {
        GameValue::Win => Some(EndScore::Win),
        GameValue::Loss => Some(EndScore::Loss),
        GameValue::Draw => Some(EndScore::Draw),
        GameValue::None => None,
    }
}

/// The rules core's game for a definition, as `variant`, or the first
/// thing it cannot play.
pub fn compile(definition: &GameDefinition, variant: Variant) -> Result<VariantSpec, Unplayable> {
    let d = definition;
    let (files, ranks) = (d.files, d.ranks);
    if files as usize * ranks as usize > MAX_SQUARES {
        return Err(unplayable(
            "maxFile",
            format!(
                "a {files}x{ranks} board has {} squares; motley plays at most {MAX_SQUARES}",
                files as usize * ranks as usize
            ),
        ));
    }
    let pieces = assign_roles(&d.pieces)?;
    let roles: Vec<Role> = pieces.iter().map(|&(r, _)| r).collect();
    if !roles.contains(&Role::King) {
        return Err(unplayable("king", "motley plays only games with a king"));
    }
    let has_pawn = roles.contains(&Role::Pawn);
    let pawn_style = pieces
        .iter()
        .find(|(role, _)| *role == Role::Pawn)
        .and_then(|(_, piece)| pawn_style(piece))
        .unwrap_or(PawnStyle::Orthodox);
    if has_pawn && ranks < 4 {
        return Err(unplayable(
            "maxRank",
            "motley's pawns need at least 4 ranks",
        ));
    }
    if d.castling && files < 5 {
        return Err(unplayable("castling", "castling needs at least 5 files"));
    }
    if d.castling_king_piece
        .iter()
        .any(|&k| k != PieceKind::Predefined("king"))
    {
        return Err(unplayable(
            "castlingKingPiece",
            "only the king castles in motley",
        ));
    }

    // Game ends.
    let checks: [(&'static str, bool, &str); 7] = [
        ("checking", d.checking, "kings must be royal"),
        (
            "checkmateValue",
            d.checkmate_value == GameValue::Loss,
            "checkmate must lose",
        ),
        (
            "stalemateValue",
            d.stalemate_value != GameValue::None,
            "stalemate must end the game",
        ),
        (
            "nFoldRule",
            d.n_fold_rule == 3,
            "repetition ends the game at the third time",
        ),
        (
            "nFoldValue",
            d.n_fold_value == GameValue::Draw,
            "repetition must draw",
        ),
        (
            "extinctionPseudoRoyal",
            !d.extinction_pseudo_royal || d.extinction_value == GameValue::None,
            "no pseudo-royal pieces",
        ),
        ("chess960", !d.chess960, "no shuffled starts"),
    ];
    if let Some((key, _, reason)) = checks.iter().find(|(_, ok, _)| !ok) {
        return Err(unplayable(
            key,
            format!("motley plays it only as in chess: {reason}"),
        ));
    }
    if d.n_move_rule != 0 && !only_the_pawn(&d.n_move_rule_types, &pieces) {
        return Err(unplayable(
            "nMoveRuleTypes",
            "motley's move-count rule restarts on pawn moves and captures only",
        ));
    }
    let flag = match d.flag_piece.iter().all(Vec::is_empty) {
        true => None,
        false => {
            let mut roles: [&'static [Role]; 2] = [&[], &[]];
            let mut region: [&'static [(u8, u8)]; 2] = [&[], &[]];
            for (side, key) in [(0, "flagPieceWhite"), (1, "flagPieceBlack")] {
                roles[side] = Vec::leak(roles_of(&d.flag_piece[side], &pieces, key)?);
                let squares: Vec<(u8, u8)> = (0..ranks)
                    .flat_map(|r| (0..files).map(move |f| (f, r)))
                    .filter(|&(f, r)| d.flag_region[side].has(f, r))
                    .collect();
                region[side] = Vec::leak(squares);
            }
            Some(FlagRule { roles, region })
        }
    };
    let stalemate = end_score(d.stalemate_value).unwrap_or(EndScore::Draw);
    let extinction = match end_score(d.extinction_value) {
        None => None,
        Some(score) => Some(Extinction {
            pieces: match d.extinction_all_pieces {
                true => ExtinctionPieces::All,
                false => ExtinctionPieces::Each(Vec::leak(roles_of(
                    &d.extinction_piece_types,
                    &pieces,
                    "extinctionPieceTypes",
                )?)),
            },
            count: d.extinction_piece_count,
            opponent_count: d.extinction_opponent_piece_count,
            claim: d.extinction_claim,
            score,
        }),
    };

    // Pawns.
    let mut promotion_ranks = 1;
    let mut double_step_rank = None;
    if has_pawn {
        let pawn_rules: [(&'static str, bool, &str); 3] = [
            (
                "promotionPawnTypes",
                only_the_pawn(&d.promotion_pawn_types, &pieces),
                "only the pawn promotes",
            ),
            (
                "mandatoryPawnPromotion",
                d.mandatory_pawn_promotion || d.immobility_illegal,
                "a pawn that need not promote may still not stay on the last rank (immobilityIllegal = true)",
            ),
            (
                "tripleStepRegionWhite",
                d.triple_step_region.iter().all(|r| *r == Region::EMPTY),
                "pawns step one or two squares",
            ),
        ];
        if let Some((key, _, reason)) = pawn_rules.iter().find(|(_, ok, _)| !ok) {
            return Err(unplayable(key, format!("in motley {reason}")));
        }
        // The promotion zone: the same number of ranks at each side's
        // far end.
        let far_ranks = |region: &Region, white: bool| {
            (1..=ranks).find(|&k| {
                is_ranks(region, files, ranks, |r| match white {
                    true => r >= ranks - k,
                    false => r < k,
                })
            })
        };
        promotion_ranks = match (
            far_ranks(&d.promotion_region[0], true),
            far_ranks(&d.promotion_region[1], false),
        ) {
            (Some(white), Some(black)) if white == black && white < ranks => white,
            _ => {
                return Err(unplayable(
                    "promotionRegionWhite",
                    "motley's pawns promote on the same number of whole ranks at each side's far end",
                ));
            }
        };
        if d.double_step {
            double_step_rank = match (0..ranks)
                .find(|&r| is_rank(&d.double_step_region[0], files, ranks, r))
            {
                Some(rank) if is_rank(&d.double_step_region[1], files, ranks, ranks - 1 - rank) => {
                    Some(rank)
                }
                _ => {
                    return Err(unplayable(
                        "doubleStepRegionWhite",
                        "motley's pawns double-step from one whole rank, the same for both sides",
                    ));
                }
            };
        }
        if !d.en_passant_region.iter().all(|r| covers(r, files, ranks))
            || !only_the_pawn(&d.en_passant_types, &pieces)
        {
            return Err(unplayable(
                "enPassantRegion",
                "motley's pawns take en passant anywhere, and only pawns",
            ));
        }
    }
    let white_promotions = roles_of(
        &d.promotion_piece_types[0],
        &pieces,
        "promotionPieceTypesWhite",
    )?;
    let black_promotions = roles_of(
        &d.promotion_piece_types[1],
        &pieces,
        "promotionPieceTypesBlack",
    )?;
    for (key, roles) in [
        ("promotionPieceTypesWhite", &white_promotions),
        ("promotionPieceTypesBlack", &black_promotions),
    ] {
        if roles.iter().any(|r| matches!(r, Role::Pawn | Role::King)) {
            return Err(unplayable(
                key,
                "a pawn may not promote to a pawn or a king",
            ));
        }
    }

    let mut promotion_limits: Vec<(Role, u8)> = Vec::new();
    for (kind, &limit) in &d.promotion_limit {
        let Some(&(role, _)) = pieces.iter().find(|(_, p)| p.kind == *kind) else {
            continue;
        };
        if limit > 0 {
            promotion_limits.push((role, u8::try_from(limit).unwrap_or(u8::MAX)));
        }
    }

    // Castling.
    let castling = match (d.castling, d.fast_castling) {
        (false, _) => CastlingStyle::None,
        (true, true) => CastlingStyle::Fast,
        (true, false) => {
            let standard: [(&'static str, bool); 5] = [
                (
                    "castlingKingsideFile",
                    d.castling_queenside_file < d.castling_kingside_file
                        && d.castling_kingside_file < files,
                ),
                ("castlingRank", d.castling_rank == 0),
                (
                    "castlingRookKingsideFile",
                    d.castling_rook_kingside_file.is_none_or(|f| f + 1 == files),
                ),
                (
                    "castlingRookQueensideFile",
                    d.castling_rook_queenside_file == 0,
                ),
                (
                    "castlingRookPieces",
                    d.castling_rook_pieces
                        .iter()
                        .all(|p| p == &[PieceKind::Predefined("rook")]),
                ),
            ];
            if let Some((key, _)) = standard.iter().find(|(_, ok)| !ok) {
                return Err(unplayable(
                    key,
                    "motley castles with the rooks in the corners, the king ending on the queenside file before the kingside one",
                ));
            }
            CastlingStyle::Standard
        }
    };

    let betza: Vec<(Role, &'static str)> = pieces
        .iter()
        .map(|&(role, piece)| {
            let text = match role {
                Role::Pawn => pawn_style.plain_betza(),
                _ => piece.betza.as_str(),
            };
            (role, leak_str(text))
        })
        .collect();
    // XBoard knows the built-in roles' moves, and the pawn's only in
    // chess's style: it is told the others.
    let mut xboard_pieces: Vec<(Role, &'static str)> = betza
        .iter()
        .copied()
        .filter(|(role, _)| Role::EXTRA_SLOTS.contains(role))
        .collect();
    if has_pawn && pawn_style != PawnStyle::Orthodox {
        xboard_pieces.insert(0, (Role::Pawn, pawn_style.betza()));
    }
    let letters: Vec<(Role, char)> = pieces
        .iter()
        .map(|&(role, piece)| (role, piece.letter.to_ascii_uppercase()))
        .filter(|&(role, letter)| letter != role.letter())
        .collect();
    let piece_values: Vec<(Role, [Option<u32>; 2])> = pieces
        .iter()
        .map(|&(role, piece)| {
            (
                role,
                [0, 1].map(|phase| d.piece_values[phase].get(&piece.kind).copied()),
            )
        })
        .filter(|(_, values)| values.iter().any(Option::is_some))
        .collect();
    let name = leak_str(&d.name);
    // Without castling, the start position's castling rights mean nothing
    // (Fairy-Stockfish skips them): a game inheriting chess's start and
    // turning castling off keeps a FEN that reads.
    let start_fen = match castling {
        CastlingStyle::None => {
            let mut fields: Vec<&str> = d.start_fen.split_whitespace().collect();
            if let Some(rights) = fields.get_mut(2) {
                *rights = "-";
            }
            leak_str(&fields.join(" "))
        }
        _ => leak_str(&d.start_fen),
    };
    let mut spec = VariantSpec {
        variant,
        name,
        files,
        ranks,
        start_fen,
        roles: Vec::leak(roles),
        betza: Vec::leak(betza),
        letters: Vec::leak(letters),
        piece_values: Vec::leak(piece_values),
        promotion_roles: [Vec::leak(white_promotions), Vec::leak(black_promotions)],
        pawn_double_step_rank: double_step_rank,
        pawn_style,
        promotion_ranks,
        promotion_optional: has_pawn && !d.mandatory_pawn_promotion,
        promotion_limits: Vec::leak(promotion_limits),
        castling,
        castling_king_files: [d.castling_queenside_file, d.castling_kingside_file],
        // FIDE's dead positions presume that only a mate wins: where a
        // stalemate or an extinction may also win, only bare kings are
        // dead, and where a piece may win by reaching a region, nothing is.
        dead_positions: match d.dead_positions {
            _ if flag.is_some() => DeadPositions::Never,
            DeadPositionRule::Fide if stalemate == EndScore::Draw && extinction.is_none() => {
                DeadPositions::Fide
            }
            _ => DeadPositions::BareKings,
        },
        move_rule_plies: 2 * d.n_move_rule,
        stalemate,
        extinction,
        flag,
        fortress: None,
        attack_boards: None,
        xboard_name: name,
        xboard_pieces: Vec::leak(xboard_pieces),
        evaluation: Evaluation::Tapered,
        display_name: name,
        pgn_variant: Some(name),
        engine: EngineFacts {
            selective_search: true,
            // Measured only in the built-in chess.
            prior_eval_history: false,
            check_extension: true,
            bench_depth_cut: 0,
            bench_positions: Vec::leak(vec![start_fen]),
            exchange: &STANDARD_EXCHANGE_VALUES,
        },
    };
    spec.engine.exchange = Box::leak(Box::new(exchange_values(&spec)));
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::super::shipped;
    use super::*;

    /// The game `name` of the shipped file followed by `extra` sections,
    /// compiled.
    fn compiled_with(extra: &str, name: &str) -> Result<VariantSpec, Unplayable> {
        let text = format!("{}\n{extra}", super::super::SHIPPED_GAMES);
        let loaded = super::super::load(
            "test.ini",
            &text,
            |name| (name == "chess").then(GameDefinition::default),
            |name| name == "chess",
        );
        let game = loaded.games.iter().find(|g| g.name == name).unwrap();
        compile(game, Variant::Chess)
    }

    /// WAD and Parity Chess compiled from the shipped file are the
    /// built-in games, rule for rule.
    #[test]
    fn the_shipped_wad_and_parity_chess_compile_to_the_built_in_games() {
        let loaded = shipped();
        for variant in [Variant::WadChess, Variant::ParityChess] {
            let built_in = variant.spec();
            let definition = loaded
                .games
                .iter()
                .find(|g| g.name == built_in.name)
                .unwrap();
            let spec = compile(definition, variant).unwrap();
            assert_eq!((spec.files, spec.ranks), (built_in.files, built_in.ranks));
            assert_eq!(spec.start_fen, built_in.start_fen);
            assert_eq!(spec.roles, built_in.roles);
            assert_eq!(spec.betza, built_in.betza);
            assert_eq!(spec.promotion_roles, built_in.promotion_roles);
            assert_eq!(spec.castling, built_in.castling);
            assert_eq!(spec.dead_positions, built_in.dead_positions);
            assert_eq!(spec.move_rule_plies, built_in.move_rule_plies);
            assert_eq!(spec.stalemate, built_in.stalemate);
            assert_eq!(spec.extinction, built_in.extinction);
            assert_eq!(spec.flag, built_in.flag);
            assert_eq!(spec.xboard_pieces, built_in.xboard_pieces);
            assert_eq!(spec.xboard_name, built_in.xboard_name);
            assert_eq!(spec.evaluation, built_in.evaluation);
            assert_eq!(spec.engine.exchange, built_in.engine.exchange);
        }
    }

    #[test]
    fn what_the_core_cannot_play_is_named() {
        let mut anti = GameDefinition {
            stalemate_value: GameValue::None,
            ..GameDefinition::default()
        };
        assert_eq!(
            compile(&anti, Variant::Chess).unwrap_err().key,
            Some("stalemateValue")
        );
        anti.stalemate_value = GameValue::Win;
        anti.n_move_rule_types[1] = Vec::new();
        assert_eq!(
            compile(&anti, Variant::Chess).unwrap_err().key,
            Some("nMoveRuleTypes")
        );
        let mut odd = GameDefinition::default();
        odd.promotion_region[0] = Region::rank(7);
        odd.promotion_region[1] = Region::rank(0);
        odd.promotion_region[1].0[1] = 1;
        assert_eq!(
            compile(&odd, Variant::Chess).unwrap_err().key,
            Some("promotionRegionWhite")
        );
        odd = GameDefinition {
            mandatory_pawn_promotion: false,
            ..GameDefinition::default()
        };
        assert_eq!(
            compile(&odd, Variant::Chess).unwrap_err().key,
            Some("mandatoryPawnPromotion")
        );
        // Seven pieces that move as no built-in role: one too many.
        let crowded = compiled_with(
            "[crowded:chess]\ncustomPiece1 = s:NW\ncustomPiece2 = t:CF\n\
             customPiece3 = u:FDH\ncustomPiece4 = v:ZW\ncustomPiece5 = x:GF\n\
             customPiece6 = y:HF\ncustomPiece7 = z:AN\n",
            "crowded",
        )
        .unwrap_err();
        assert!(
            crowded.reason.contains("at most six pieces beyond"),
            "{crowded:?}"
        );
        let mut lame = GameDefinition::default();
        lame.pieces[1].betza = "nN".into();
        let why = compile(&lame, Variant::Chess).unwrap_err();
        assert!(
            why.reason
                .contains("piece 'n' (knight, nN): has lame leaps"),
            "{why:?}"
        );
        let chess = GameDefinition {
            castling_kingside_file: 2,
            ..GameDefinition::default()
        };
        assert_eq!(
            compile(&chess, Variant::Chess).unwrap_err().key,
            Some("castlingKingsideFile")
        );
        let huge = GameDefinition {
            files: 16,
            ranks: 16,
            ..GameDefinition::default()
        };
        assert!(
            compile(&huge, Variant::Chess)
                .unwrap_err()
                .reason
                .contains("256 squares")
        );
    }

    /// Capablanca's archbishop and chancellor take the WAD's and FAD's
    /// slots, with their own letters and moves; a piece that moves as a
    /// built-in one takes its role under its own letter.
    #[test]
    fn extra_pieces_take_the_free_slots_with_their_letters() {
        let loaded = shipped();
        let capablanca = loaded
            .games
            .iter()
            .find(|g| g.name == "capablanca")
            .unwrap();
        let spec = compile(capablanca, Variant::Chess).unwrap();
        assert_eq!(spec.betza_of(Role::Champion), "BN");
        assert_eq!(spec.betza_of(Role::Fad), "RN");
        assert_eq!(spec.letter(Role::Champion), 'A');
        assert_eq!(spec.letter(Role::Fad), 'C');
        assert_eq!(spec.role_of_letter('c'), Some(Role::Fad));
        assert_eq!(spec.role_of_letter('f'), None);
        assert_eq!(spec.promotions(crate::rules::Color::Black).len(), 6);
        // Their exchange values come from their moves: B + N and R + N,
        // each with a tenth for combining a ride and a leap.
        let exchange = spec.engine.exchange;
        assert_eq!(
            exchange.values[Role::Champion.index()],
            (330 + 320) * 11 / 10
        );
        assert_eq!(exchange.values[Role::Fad.index()], (500 + 320) * 11 / 10);
        assert_eq!(
            exchange.cheapest_first,
            [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Champion,
                Role::Fad,
                Role::Queen,
                Role::Extra1,
                Role::Extra2,
                Role::Extra3,
                Role::Extra4,
                Role::King
            ]
        );
        let janus = loaded.games.iter().find(|g| g.name == "amazon").unwrap();
        let spec = compile(janus, Variant::Chess).unwrap();
        assert_eq!(
            (spec.letter(Role::Champion), spec.betza_of(Role::Champion)),
            ('A', "QN")
        );
        let tencubed = GameDefinition {
            pieces: loaded
                .games
                .iter()
                .find(|g| g.name == "tencubed")
                .unwrap()
                .pieces
                .iter()
                .filter(|p| p.letter != 'w' && p.letter != 'a')
                .cloned()
                .collect(),
            ..GameDefinition::default()
        };
        let spec = compile(&tencubed, Variant::Chess).unwrap();
        assert_eq!(
            spec.role_of_letter('c'),
            Some(Role::Champion),
            "c moves as the WAD (DAW)"
        );
        assert_eq!(
            (spec.letter(Role::Fad), spec.betza_of(Role::Fad)),
            ('M', "RN")
        );
    }

    /// Any board size, with or without pawns and castling, compiles or
    /// is refused: nothing panics.
    #[test]
    fn every_board_size_compiles_or_is_refused() {
        for files in 1..=16 {
            for ranks in 1..=16 {
                for castling in [false, true] {
                    let mut game = GameDefinition {
                        files,
                        ranks,
                        castling,
                        ..GameDefinition::default()
                    };
                    let _ = compile(&game, Variant::Chess);
                    game.pieces.retain(|p| p.letter != 'p');
                    let _ = compile(&game, Variant::Chess);
                }
            }
        }
    }

    /// Values a file gives replace the estimates, rescaled from
    /// Fairy-Stockfish's pawn of 126 to the exchange's 100.
    #[test]
    fn given_piece_values_replace_the_estimates() {
        let spec = compiled_with(
            "[valued:capablanca]\npieceValueMg = a:2520 n:630\npieceValueEg = a:3000\n",
            "valued",
        )
        .unwrap();
        let values = spec.engine.exchange.values;
        assert_eq!(values[Role::Champion.index()], 2000);
        assert_eq!(values[Role::Knight.index()], 500);
        assert_eq!(values[Role::Fad.index()], (500 + 320) * 11 / 10);
        assert!(
            spec.piece_values
                .contains(&(Role::Champion, [Some(2520), Some(3000)]))
        );
        assert!(
            spec.piece_values
                .contains(&(Role::Knight, [Some(630), None]))
        );
    }

    /// Shatranj's endings: the bare king and a stalemate lose, 70 moves
    /// draw, and only bare kings are dead.
    #[test]
    fn shatranj_ends_as_its_file_says() {
        let spec = compiled_with("", "shatranj").unwrap();
        assert_eq!(spec.stalemate, EndScore::Loss);
        assert_eq!(spec.move_rule_plies, 140);
        assert_eq!(spec.dead_positions, DeadPositions::BareKings);
        let rule = spec.extinction.unwrap();
        assert!(rule.is_bare_king());
        assert_eq!(
            (rule.count, rule.opponent_count, rule.claim, rule.score),
            (1, 2, true, EndScore::Loss)
        );
        let rule = compiled_with(
            "[pawnless:chess]\nextinctionValue = win\nextinctionPieceTypes = pn\n",
            "pawnless",
        )
        .unwrap()
        .extinction
        .unwrap();
        assert_eq!(
            rule.pieces,
            ExtinctionPieces::Each(&[Role::Pawn, Role::Knight])
        );
        assert_eq!(rule.score, EndScore::Win);
    }

    /// Grand Chess: three promotion ranks, optional short of the last,
    /// limited to the pieces a side has lost; pawns double-step from
    /// their third rank.
    #[test]
    fn grand_promotes_as_its_file_says() {
        let spec = compiled_with("", "grand").unwrap();
        assert_eq!(spec.promotion_ranks, 3);
        assert!(spec.promotion_optional);
        assert_eq!(spec.pawn_double_step_rank, Some(2));
        assert_eq!(spec.promotion_limit(Role::Queen), Some(1));
        assert_eq!(spec.promotion_limit(Role::Rook), Some(2));
        assert_eq!(spec.promotion_limit(Role::Champion), Some(1));
        assert_eq!(spec.promotion_limit(Role::Pawn), None);
        let chess = Variant::Chess.spec();
        assert_eq!(
            (chess.promotion_ranks, chess.promotion_optional),
            (1, false)
        );
        assert!(chess.promotion_limits.is_empty());
    }

    /// King of the Hill: the king wins on the four centre squares, and
    /// no material is dead.
    #[test]
    fn king_of_the_hill_has_its_flag() {
        let spec = compiled_with("", "kingofthehill").unwrap();
        let flag = spec.flag.unwrap();
        assert_eq!(flag.roles, [&[Role::King][..], &[Role::King][..]]);
        for side in flag.region {
            assert_eq!(side, &[(3, 3), (4, 3), (3, 4), (4, 4)][..]);
        }
        assert_eq!(spec.dead_positions, DeadPositions::Never);
        assert_eq!(Variant::Chess.spec().flag, None);
    }

    /// Berolina's custom pawn is the game's pawn in Berolina's style, and
    /// only while the file makes it the pawn type.
    #[test]
    fn a_custom_piece_moving_as_a_pawn_is_the_pawn() {
        let spec = compiled_with("", "berolina").unwrap();
        assert_eq!(spec.pawn_style, PawnStyle::Berolina);
        assert_eq!(spec.betza_of(Role::Pawn), "mfFcfW");
        assert_eq!(spec.xboard_pieces, &[(Role::Pawn, "mfFcfeWimfnA")]);
        assert_eq!(Variant::Chess.spec().pawn_style, PawnStyle::Orthodox);
        // Chess's pawn written as a custom piece is chess's pawn.
        let custom =
            "[custom-pawn:chess]\npawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\n";
        let spec = compiled_with(custom, "custom-pawn").unwrap();
        assert_eq!(spec.pawn_style, PawnStyle::Orthodox);
        assert!(spec.xboard_pieces.is_empty());
        // Without `pawnTypes` it would neither promote nor reset the
        // move count: that pawn motley does not play.
        let no_types = "[not-a-pawn:chess]\npawn = -\ncustomPiece1 = p:mfFcfeWimfnA\n";
        let refusal = compiled_with(no_types, "not-a-pawn").unwrap_err();
        assert_eq!(refusal.key, Some("nMoveRuleTypes"), "{refusal:?}");
    }

    /// Gardner's Minichess: 5x5 pawns that never double-step.
    #[test]
    fn pawns_may_have_no_double_step() {
        let loaded = shipped();
        let gardner = loaded.games.iter().find(|g| g.name == "gardner").unwrap();
        let spec = compile(gardner, Variant::Chess).unwrap();
        assert_eq!(spec.pawn_double_step_rank, None);
        assert_eq!((spec.files, spec.ranks), (5, 5));
        assert_eq!(Variant::Chess.spec().pawn_double_step_rank, Some(1));
    }

    #[test]
    fn chess_compiles_from_its_defaults() {
        let spec = compile(&GameDefinition::default(), Variant::Chess).unwrap();
        let built_in = Variant::Chess.spec();
        assert_eq!(spec.roles, built_in.roles);
        assert_eq!(spec.betza, built_in.betza);
        assert_eq!(spec.promotion_roles, built_in.promotion_roles);
        assert_eq!(spec.castling, built_in.castling);
        assert_eq!(spec.dead_positions, built_in.dead_positions);
        assert_eq!(spec.start_fen, built_in.start_fen);
    }
}
