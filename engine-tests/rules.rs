//! Rules-core checks that perft does not cover: FEN errors (one per kind),
//! incremental zobrist keys and take-backs along random games, game-end
//! detection, promotion choices and the pieces' moves.

use motley::rules::random::XorShift;
use motley::rules::{
    AnyPosition, Bitboard, Color, FenError, Game, Outcome, Position, Variant, Wide,
};

fn fen_error(variant: Variant, fen: &str) -> FenError {
    match AnyPosition::from_fen(variant, fen) {
        Ok(pos) => panic!("accepted malformed FEN '{fen}' as {}", pos.fen()),
        Err(e) => e,
    }
}

fn assert_fen_error(variant: Variant, fen: &str, expected: FenError, words: &[&str]) {
    let error = fen_error(variant, fen);
    assert_eq!(error, expected, "FEN '{fen}'");
    let message = error.to_string();
    assert!(!message.contains('\n'), "message is one line: {message}");
    for word in words {
        assert!(
            message.contains(word),
            "message '{message}' should name '{word}'"
        );
    }
}

#[test]
fn fen_empty() {
    assert_fen_error(Variant::Chess, "   ", FenError::Empty, &["empty"]);
}

#[test]
fn fen_wrong_field_count() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        FenError::FieldCount { found: 3, most: 6 },
        &["fields", "3"],
    );
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        FenError::FieldCount { found: 7, most: 6 },
        &["fields", "7", "4 to 6"],
    );
    assert_fen_error(
        Variant::WauChess,
        &format!("{} x", Variant::WauChess.spec().start_fen),
        FenError::FieldCount { found: 8, most: 7 },
        &["fields", "8", "4 to 7", "corners"],
    );
}

#[test]
fn fen_wrong_rank_count() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::RankCount {
            found: 7,
            expected: 8,
        },
        &["board", "7 ranks"],
    );
}

#[test]
fn fen_rank_does_not_add_up() {
    // A chess rank on a WAD Chess board: 8 squares where 10 are needed.
    assert_fen_error(
        Variant::WadChess,
        "rcnbqkbncr/pppppppppp/10/10/8/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
        FenError::RankWidth {
            rank: 4,
            found: 8,
            expected: 10,
        },
        &["board", "rank 4", "8 squares", "10 files"],
    );
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/7pp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::RankWidth {
            rank: 6,
            found: 9,
            expected: 8,
        },
        &["rank 6"],
    );
}

#[test]
fn fen_run_longer_than_the_board() {
    for run in ["9", "99999999999999999999999"] {
        assert_fen_error(
            Variant::Chess,
            &format!("rnbqkbnr/pppppppp/{run}/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::RunTooLong { rank: 6, files: 8 },
            &["rank 6", "empty-square count", "8 files"],
        );
    }
}

#[test]
fn fen_unknown_letter_is_named_before_the_rank_width() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnrx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::UnknownPiece { letter: 'x' },
        &["'x'"],
    );
}

#[test]
fn fen_zero_run_length() {
    assert_fen_error(
        Variant::ParityChess,
        "rcnbfqkfbncr/pppppppppppp/012/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w KQkq - 0 1",
        FenError::BadRunLength { rank: 6 },
        &["board", "rank 6"],
    );
}

#[test]
fn fen_unknown_piece_letter() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::UnknownPiece { letter: 'X' },
        &["board", "'X'"],
    );
}

#[test]
fn fen_piece_not_in_the_game() {
    // A FAD exists in Parity Chess but not in WAD Chess or chess.
    assert_fen_error(
        Variant::WadChess,
        "rcnbqkbncr/pppppppppp/10/4F5/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
        FenError::PieceNotInGame {
            letter: 'F',
            variant: Variant::WadChess,
        },
        &["'F'", "wadchess"],
    );
}

#[test]
fn fen_hole_on_a_full_board() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::HoleNotInGame {
            square: "d4".into(),
            variant: Variant::Chess,
        },
        &["'*'", "hole", "d4", "only wauchess", "chess has none"],
    );
}

#[test]
fn fen_hole_where_a_wau_chess_board_stands() {
    // e6 is on the main board: no '*' may stand there.
    assert_fen_error(
        Variant::WauChess,
        "********/********/********/rnbqkbnr/pppppppp/8/***2***/****1***/8/PPPPPPPP/RNBQKBNR/********/********/******** w KQkq - 0 1",
        FenError::Hole {
            square: "d7".into(),
        },
        &["holes", "d7", "attack boards"],
    );
}

#[test]
fn fen_bad_side_to_move() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        FenError::SideToMove { found: "x".into() },
        &["side to move", "'x'"],
    );
}

#[test]
fn fen_bad_castling() {
    let cases = [
        ("KQkq1", "unexpected character"),
        ("Z", "not a file"),
        ("KK", "two rights"),
    ];
    for (field, reason) in cases {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w {field} - 0 1");
        let e = fen_error(Variant::Chess, &fen);
        assert!(matches!(e, FenError::Castling { .. }), "{field}: {e:?}");
        let message = e.to_string();
        assert!(
            message.contains("castling") && message.contains(reason),
            "{message}"
        );
    }
    // A right whose rook is gone, and one whose king has left its rank.
    let e = fen_error(
        Variant::Chess,
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(e.to_string().contains("no black rook for 'k'"), "{e}");
    let e = fen_error(
        Variant::Chess,
        "rnbq1bnr/pppppppp/4k3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(e.to_string().contains("king on its first rank"), "{e}");
}

#[test]
fn fen_bad_en_passant() {
    let e = fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
    );
    assert!(matches!(e, FenError::EnPassant { .. }));
    assert!(e.to_string().contains("not a square"), "{e}");
    // No pawn can have passed d3.
    let e = fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
    );
    assert!(e.to_string().contains("en passant 'd3'"), "{e}");
    // The right square but the wrong side to move.
    let e = fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
    );
    assert!(matches!(e, FenError::EnPassant { .. }), "{e:?}");
}

#[test]
fn fen_bad_clocks() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        FenError::HalfmoveClock { found: "x".into() },
        &["halfmove", "'x'"],
    );
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
        FenError::FullmoveNumber { found: "-3".into() },
        &["fullmove", "'-3'", "negative"],
    );
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        FenError::HalfmoveClock {
            found: "4294967296".into(),
        },
        &["halfmove", "'4294967296'", "too large", "4294967295"],
    );
}

#[test]
fn fen_missing_or_extra_king() {
    assert_fen_error(
        Variant::Chess,
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        FenError::KingCount {
            color: Color::Black,
            found: 0,
        },
        &["black", "0 kings"],
    );
    assert_fen_error(
        Variant::WadChess,
        "rcnbqkbncr/pppppppppp/10/10/4K5/10/PPPPPPPPPP/RCNBQKBNCR w - - 0 1",
        FenError::KingCount {
            color: Color::White,
            found: 2,
        },
        &["white", "2 kings"],
    );
}

#[test]
fn fen_pawn_on_back_rank() {
    assert_fen_error(
        Variant::Chess,
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
        FenError::PawnOnBackRank {
            square: "h8".into(),
        },
        &["pawn", "h8"],
    );
}

#[test]
fn fen_side_not_to_move_in_check() {
    assert_fen_error(
        Variant::Chess,
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        FenError::OpponentInCheck,
        &["not to move is in check"],
    );
}

#[test]
fn fen_four_fields_default_the_clocks() {
    let pos = AnyPosition::from_fen(Variant::Chess, "8/8/8/8/8/8/8/K6k w - -").unwrap();
    assert_eq!(pos.fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
}

#[test]
fn fen_clocks_at_their_largest_stay_there_when_a_move_is_played() {
    let mut pos = AnyPosition::from_fen(
        Variant::Chess,
        "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295",
    )
    .unwrap();
    pos.play_wire("e8d8").unwrap();
    assert_eq!(pos.fen(), "3k4/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295");
}

#[test]
fn fen_shredder_letters_name_inner_rooks() {
    let fen = "r3k1r1/8/8/8/8/8/8/1R2K2R w Bg - 0 1";
    let pos = AnyPosition::from_fen(Variant::Chess, fen).unwrap();
    assert_eq!(pos.fen(), "r3k1r1/8/8/8/8/8/8/1R2K2R w Qk - 0 1");
    let fen = "r2rk2r/8/8/8/8/8/8/R2RK2R w Dd - 0 1";
    let pos = AnyPosition::from_fen(Variant::Chess, fen).unwrap();
    assert_eq!(pos.fen(), fen);
}

/// Plays random games; after every move the incremental keys (the whole
/// position's and each colour's pieces') must equal the keys computed
/// from scratch, the FEN must read back to the same
/// position, and undoing every move must restore each earlier position.
fn random_games<B: Bitboard>(variant: Variant, games: usize, plies: usize, seed: u64) {
    let mut rng = XorShift(seed);
    for _ in 0..games {
        let mut game = Game::new(Position::<B>::startpos(variant));
        let mut seen: Vec<Position<B>> = vec![*game.position()];
        for _ in 0..plies {
            let pos = *game.position();
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            game.play(m);
            let after = game.position();
            assert_eq!(
                after.key(),
                after.compute_key(),
                "after {} in {}",
                pos.wire(m),
                pos.fen()
            );
            for color in Color::ALL {
                assert_eq!(
                    after.piece_key(color),
                    after.compute_piece_key(color),
                    "pieces' key of {color:?} after {} in {}",
                    pos.wire(m),
                    pos.fen()
                );
            }
            let reread = Position::<B>::from_fen(variant, &after.fen()).unwrap();
            assert_eq!(&reread, after, "FEN {}", after.fen());
            seen.push(*after);
        }
        while game.undo().is_some() {
            seen.pop();
            assert_eq!(game.position(), seen.last().unwrap());
        }
        assert_eq!(seen.len(), 1);
    }
}

#[test]
fn zobrist_and_undo_along_random_chess_games() {
    random_games::<u64>(Variant::Chess, 40, 200, 1);
}

#[test]
fn zobrist_and_undo_along_random_wadchess_games() {
    random_games::<u128>(Variant::WadChess, 40, 200, 2);
}

#[test]
fn zobrist_and_undo_along_random_paritychess_games() {
    random_games::<u128>(Variant::ParityChess, 40, 200, 3);
}

#[test]
fn the_192_bit_word_plays_the_same_games() {
    // Chess on the wide word must count exactly as on u64.
    let narrow = Position::<u64>::startpos(Variant::Chess);
    let wide = Position::<Wide>::startpos(Variant::Chess);
    assert_eq!(
        motley::rules::perft::perft(&narrow, 4),
        motley::rules::perft::perft(&wide, 4)
    );
    random_games::<Wide>(Variant::ParityChess, 5, 120, 4);
}

fn game_from(variant: Variant, fen: &str, moves: &[&str]) -> Game<u128> {
    game_in(variant, fen, moves)
}

/// A game of `variant` from `fen` after `moves`, on the bitboard `B`.
fn game_in<B: Bitboard>(variant: Variant, fen: &str, moves: &[&str]) -> Game<B> {
    let mut game = Game::new(Position::<B>::from_fen(variant, fen).unwrap());
    for text in moves {
        let m = game.position().parse_wire(text).unwrap();
        game.play(m);
    }
    game
}

#[test]
fn checkmate_is_detected() {
    // WAD Chess: the Champion's alfil leap c4-a6 checks a8 by its dabbaba
    // leap and covers a7 by its wazir step; the king on c7 covers b7, b8.
    let game = game_from(
        Variant::WadChess,
        "k9/2K7/10/10/2C7/10/10/10 w - - 0 1",
        &["c4a6"],
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn stalemate_is_detected() {
    // The king on b6 covers a7 and b7; the Champion's dabbaba leap d4-d6
    // covers b8 by an alfil leap, and a8 itself is not attacked.
    let game = game_from(
        Variant::WadChess,
        "k9/10/1K8/10/3C6/10/10/10 w - - 0 1",
        &["d4d6"],
    );
    let pos = game.position();
    assert_eq!(pos.legal_moves().len(), 0);
    assert!(!pos.in_check());
    assert_eq!(game.outcome(), Some(Outcome::Stalemate { winner: None }));
}

#[test]
fn threefold_repetition_is_detected() {
    let shuffle = ["b1c3", "b8c6", "c3b1", "c6b8"];
    let mut game = Game::new(Position::<u64>::startpos(Variant::Chess));
    for round in 0..2 {
        for text in shuffle {
            assert_eq!(game.outcome(), None, "round {round}");
            let m = game.position().parse_wire(text).unwrap();
            game.play(m);
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn hundred_plies_without_capture_or_pawn_move_draw() {
    let mut game = game_from(
        Variant::ParityChess,
        "1k10/12/12/12/12/12/12/R10K w - - 99 80",
        &[],
    );
    assert_eq!(game.outcome(), None);
    let m = game.position().parse_wire("a1a2").unwrap();
    game.play(m);
    assert_eq!(game.outcome(), Some(Outcome::MoveRule { moves: 50 }));
}

#[test]
fn bare_kings_draw() {
    let game = game_from(Variant::WadChess, "k9/10/10/10/10/10/10/9K w - - 0 1", &[]);
    assert_eq!(game.outcome(), Some(Outcome::InsufficientMaterial));
    // A lone Champion can mate: not a draw.
    let game = game_from(Variant::WadChess, "k9/10/10/10/10/10/10/8CK w - - 0 1", &[]);
    assert_eq!(game.outcome(), None);
    // In chess, king and minor piece against king is a dead position.
    let chess = Game::new(
        Position::<u64>::from_fen(Variant::Chess, "k7/8/8/8/8/8/8/6NK w - - 0 1").unwrap(),
    );
    assert_eq!(chess.outcome(), Some(Outcome::InsufficientMaterial));
}

fn moves_of(variant: Variant, fen: &str, from: &str) -> Vec<String> {
    let pos = AnyPosition::from_fen(variant, fen).unwrap();
    let mut moves: Vec<String> = pos
        .legal_wire_moves()
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    moves.sort();
    moves
}

/// Asserts the moves of the piece on `from` are exactly `expected`.
fn assert_piece_moves(variant: Variant, fen: &str, from: &str, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(moves_of(variant, fen, from), expected);
}

#[test]
fn the_wad_moves_as_wazir_alfil_and_dabbaba() {
    assert_piece_moves(
        Variant::WadChess,
        "k9/10/10/10/4C5/10/10/9K w - - 0 1",
        "e4",
        &[
            "e4e5", "e4e3", "e4d4", "e4f4", // wazir
            "e4g6", "e4c6", "e4g2", "e4c2", // alfil
            "e4e6", "e4e2", "e4c4", "e4g4", // dabbaba
        ],
    );
}

#[test]
fn the_fad_moves_as_ferz_alfil_and_dabbaba_and_keeps_its_colour() {
    assert_piece_moves(
        Variant::ParityChess,
        "k11/12/12/12/4F7/12/12/11K w - - 0 1",
        "e4",
        &[
            "e4f5", "e4d5", "e4f3", "e4d3", // ferz
            "e4g6", "e4c6", "e4g2", "e4c2", // alfil
            "e4e6", "e4e2", "e4c4", "e4g4", // dabbaba
        ],
    );
}

#[test]
fn leaps_jump_over_pieces() {
    // Dabbaba and alfil leaps ignore what stands between.
    let moves = moves_of(
        Variant::WadChess,
        "k9/10/10/3PPP4/3PCP4/3PPP4/10/9K w - - 0 1",
        "e4",
    );
    assert_eq!(
        moves,
        vec![
            "e4c2", "e4c4", "e4c6", "e4e2", "e4e6", "e4g2", "e4g4", "e4g6"
        ]
    );
}

#[test]
fn promotion_choices_follow_the_game() {
    let cases = [
        (Variant::Chess, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "bnqr"),
        (
            Variant::WadChess,
            "k9/4P5/10/10/10/10/10/K9 w - - 0 1",
            "bcnqr",
        ),
        (
            Variant::ParityChess,
            "k11/4P7/12/12/12/12/12/K11 w - - 0 1",
            "bcfnqr",
        ),
    ];
    for (variant, fen, letters) in cases {
        let moves = moves_of(variant, fen, "e7");
        let mut got: Vec<char> = moves.iter().map(|m| m.chars().last().unwrap()).collect();
        got.sort();
        assert_eq!(got.into_iter().collect::<String>(), letters, "{variant}");
    }
}

#[test]
fn wire_moves_parse_and_reject() {
    let mut pos = AnyPosition::startpos(Variant::WadChess);
    assert!(pos.play_wire("e2e4").is_ok());
    let before = pos.fen();
    let illegal = pos.play_wire("e7e3").unwrap_err().to_string();
    assert!(illegal.contains("illegal move 'e7e3'"), "{illegal}");
    let malformed = pos.play_wire("hello").unwrap_err().to_string();
    assert!(malformed.contains("malformed move 'hello'"), "{malformed}");
    assert!(pos.play_wire("e7e5x").is_err());
    assert!(pos.play_wire("").is_err());
    assert_eq!(
        pos.fen(),
        before,
        "a rejected move leaves the position unchanged"
    );
}

/// Shatranj, from the shipped file: its endings differ from chess's.
fn shatranj(fen: &str, moves: &[&str]) -> Game<u64> {
    motley::rules::ini::registry::load_shipped();
    game_in("shatranj".parse().unwrap(), fen, moves)
}

#[test]
fn a_bare_king_loses_once_its_side_has_moved() {
    // Rxg1 bares Black's king, which cannot take the rook back.
    let mut game = shatranj("7k/8/8/8/8/8/8/KR4n1 w - - 0 1", &["b1g1"]);
    assert_eq!(game.outcome(), None, "the bared side still moves");
    let m = game.position().parse_wire("h8h7").unwrap();
    game.play(m);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome,
        Outcome::Extinction {
            winner: Some(Color::White),
            bare_king: true
        }
    );
    assert_eq!(outcome.description(), "White wins: Black's king is bare");
    assert_eq!(game.position().legal_moves().len(), 0);
}

#[test]
fn a_bare_king_that_bares_the_other_back_draws() {
    let game = shatranj("8/8/8/8/8/1nk5/8/KR6 w - - 0 1", &["b1b3", "c3b3"]);
    assert_eq!(game.outcome(), Some(Outcome::InsufficientMaterial));
}

#[test]
fn king_and_knight_against_a_bare_king_play_on_in_shatranj() {
    // Dead in chess; in shatranj White wins once Black has moved.
    let game = shatranj("8/8/8/8/8/8/8/KN5k b - - 0 1", &[]);
    assert_eq!(game.outcome(), None);
    let chess = Game::new(
        Position::<u64>::from_fen(Variant::Chess, "8/8/8/8/8/8/8/KN5k b - - 0 1").unwrap(),
    );
    assert_eq!(chess.outcome(), Some(Outcome::InsufficientMaterial));
}

#[test]
fn a_stalemate_loses_in_shatranj() {
    let fen = "k7/8/1K6/8/8/7p/7P/1R6 w - - 0 1";
    let game = shatranj(fen, &["b6a6"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome,
        Outcome::Stalemate {
            winner: Some(Color::White)
        }
    );
    assert_eq!(outcome.description(), "White wins by stalemate");
    let chess = game_from(Variant::Chess, fen, &["b6a6"]);
    assert_eq!(chess.outcome(), Some(Outcome::Stalemate { winner: None }));
}

#[test]
fn seventy_moves_without_capture_or_pawn_move_draw_in_shatranj() {
    let game = shatranj("kr6/8/8/8/8/8/8/KR6 w - - 99 80", &["b1c1"]);
    assert_eq!(game.outcome(), None, "fifty moves are not enough");
    let game = shatranj("kr6/8/8/8/8/8/8/KR6 w - - 139 80", &["b1c1"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::MoveRule { moves: 70 });
    assert_eq!(outcome.description(), "Draw by 70-move rule");
}

/// King of the Hill, from the shipped file: a king on a centre square
/// wins, and bare kings play on.
#[test]
fn a_king_on_the_hill_wins() {
    motley::rules::ini::registry::load_shipped();
    let variant: Variant = "kingofthehill".parse().unwrap();
    let fen = "4k3/8/8/8/8/4K3/8/8 w - - 0 1";
    let game = game_in::<u64>(variant, fen, &[]);
    assert_eq!(game.outcome(), None, "bare kings are not dead here");
    let game = game_in::<u64>(variant, fen, &["e3e4"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome,
        Outcome::Flag {
            winner: Color::White
        }
    );
    assert_eq!(outcome.description(), "White reaches the goal");
    assert_eq!(game.position().legal_moves().len(), 0);
    // In chess the same kings are a dead draw.
    let chess = Game::new(Position::<u64>::from_fen(Variant::Chess, fen).unwrap());
    assert_eq!(chess.outcome(), Some(Outcome::InsufficientMaterial));
}

/// Berolina, from the shipped file: pawns step diagonally and take
/// straight ahead, so two pawns may pass one square.
fn berolina(fen: &str, moves: &[&str]) -> Game<u64> {
    motley::rules::ini::registry::load_shipped();
    game_in("berolina".parse().unwrap(), fen, moves)
}

#[test]
fn a_berolina_pawn_taken_en_passant_is_the_one_that_passed() {
    let start = "rnbqkbnr/pp1ppppp/8/8/2p5/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3";
    // b2-d4 and d2-b4 both pass c3; c4xc3 takes whichever pawn passed.
    let cases = [("b2d4", "c3d4", "P1PPPPPP"), ("d2b4", "c3b4", "PPP1PPPP")];
    for (double_step, field, second_rank) in cases {
        let game = berolina(start, &[double_step]);
        let fen = game.position().fen();
        assert_eq!(fen.split(' ').nth(3), Some(field), "{fen}");
        let after = berolina(&fen, &["c4c3"]);
        let board = after.position().board_fen();
        let expected = format!("rnbqkbnr/pp1ppppp/8/8/8/2p5/{second_rank}/RNBQKBNR");
        assert_eq!(board, expected, "{double_step}");
        // Read back with the passed square alone, the pawn is the only
        // one that can have passed it.
        let short = fen.replace(field, "c3");
        assert_eq!(berolina(&short, &[]).position().fen(), fen);
    }
    // Pawns step diagonally, take straight ahead, and two may step to
    // one square: SAN names the pawn's file.
    let game = berolina(start, &[]);
    let position = game.position();
    let san = |wire: &str| position.san(position.parse_wire(wire).unwrap());
    assert_eq!(san("b2c3"), "bc3");
    assert_eq!(san("d2c3"), "dc3");
    assert_eq!(san("a2b3"), "ab3");
    assert_eq!(san("b2a3"), "a3");
    assert!(position.parse_wire("c2c3").is_err(), "no straight step");
}

#[test]
fn a_berolina_en_passant_field_must_fit_the_board() {
    motley::rules::ini::registry::load_shipped();
    let variant: Variant = "berolina".parse().unwrap();
    let two_pawns = "rnbqkbnr/pp1ppppp/8/8/1PpP4/8/P1P1PPPP/RNBQKBNR b KQkq c3 0 3";
    let error = Position::<u64>::from_fen(variant, two_pawns).unwrap_err();
    assert!(
        error.to_string().contains("two pawns may have passed"),
        "{error}"
    );
    for field in ["c3d4", "d4c3"] {
        let fen = two_pawns.replace("c3 0", &format!("{field} 0"));
        let position = Position::<u64>::from_fen(variant, &fen).unwrap();
        assert_eq!(
            position.en_passant(),
            position.tables().geometry.parse_square("c3")
        );
    }
    let wrong = two_pawns.replace("c3 0", "c3e5 0");
    assert!(Position::<u64>::from_fen(variant, &wrong).is_err());
    let three = two_pawns.replace("c3 0", "c3d4b4 0");
    assert!(Position::<u64>::from_fen(variant, &three).is_err());
}
