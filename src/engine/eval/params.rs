//! The numbers of the evaluation, one block per game: every tunable value
//! of a game lives here and nowhere else.
//!
//! Material (centipawns, pawn = 100) starts from the values the rules
//! files document; the rest is shared shape scaled per game.

use crate::rules::{Role, Variant};

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pair(pub i32, pub i32);

/// Per-role tables are indexed by `Role::index()`:
/// pawn, knight, bishop, rook, queen, king, champion (WAD), FAD.
pub type PerRole = [Pair; Role::COUNT];

/// What a flag piece (King of the Hill's king) gains in a game with a
/// flag rule, by its king steps from the nearest square of its region
/// (index 0 is on it, when the game is already won): drawn to the goal,
/// the more as pieces come off.
pub const FLAG_PROXIMITY: [Pair; 5] = [p(0, 0), p(100, 200), p(50, 100), p(25, 50), p(10, 20)];

/// How many roles the built-in games' fitted numbers cover: the FIDE
/// army, the WAD and the FAD. The slots past them are only for pieces of
/// a game read from a file.
pub const FITTED_ROLES: usize = 8;

/// A per-role row of fitted numbers, for the roles they cover, widened to
/// every role with `zero` for the rest.
const fn widen<T: Copy>(fitted: [T; FITTED_ROLES], zero: T) -> [T; Role::COUNT] {
    let mut row = [zero; Role::COUNT];
    let mut i = 0;
    while i < FITTED_ROLES {
        row[i] = fitted[i];
        i += 1;
    }
    row
}

/// Ranks a per-rank table distinguishes (a piece further up counts as on
/// the last one).
pub const RANKS: usize = 8;
/// Files a per-file table distinguishes, by distance from the nearer edge
/// (a piece further in counts as on the last one).
pub const FILES_FROM_EDGE: usize = 6;

/// Everything the evaluation of one game weighs.
#[derive(Clone, Debug)]
pub struct EvalParams {
    /// Piece values.
    pub material: PerRole,
    /// Weight of each role in the game phase (middlegame = sum at start).
    pub phase_weight: [i32; Role::COUNT],
    /// Bonus per step closer to the centre.
    pub centrality: PerRole,
    /// Bonus by role and rank counted from the own side (0 = first rank).
    pub rank: [[Pair; RANKS]; Role::COUNT],
    /// Bonus by role and file counted from the nearer edge (0 = edge file).
    pub file: [[Pair; FILES_FROM_EDGE]; Role::COUNT],
    /// Bonus per square a piece reaches (not own, not attacked by pawns).
    pub mobility: PerRole,
    /// Weight of a piece of each role attacking the enemy king's zone.
    pub king_attack_weight: [i32; Role::COUNT],
    /// Pawn bonus per rank advanced.
    pub pawn_advance: Pair,
    /// Passed pawn bonus, per relative rank from the 2nd to the 7th.
    pub passed_pawn: [Pair; 6],
    /// Doubled pawn (per extra pawn on a file).
    pub doubled_pawn: Pair,
    /// Pawn with no own pawn on a neighbouring file.
    pub isolated_pawn: Pair,
    /// Both bishops.
    pub bishop_pair: Pair,
    /// Rook on a file without pawns / without own pawns.
    pub rook_open_file: Pair,
    /// Rook on a file with only enemy pawns.
    pub rook_half_open_file: Pair,
    /// Per piece of each role on an outpost: a square of the band ahead of
    /// the centre (the 4th to 6th ranks of chess), defended by an own pawn,
    /// that no enemy pawn can ever attack.
    pub outpost: PerRole,
    /// Own pawn in front of the king.
    pub king_shield: Pair,
    /// King per rank away from its first rank (middlegame shelter).
    pub king_rank: Pair,
    /// A pawn that can never reach a square where it promotes, even by
    /// capturing (Wau Chess: pawns beside or beyond the main board's end).
    pub unpromotable_pawn: Pair,
    /// Pawn defended by an own pawn.
    pub supported_pawn: Pair,
    /// Pawn with an own pawn beside it on the same rank.
    pub phalanx_pawn: Pair,
    /// Passed pawn whose next square is occupied.
    pub passed_blocked: Pair,
    /// Passed pawn, per step the enemy king is further than the own king
    /// from the pawn's next square (each distance counted up to 5).
    pub passed_king_distance: Pair,
    /// Per enemy piece of each role that an own pawn attacks.
    pub threat_by_pawn: PerRole,
    /// Per enemy piece of each role that an own piece worth less attacks
    /// (pawns and kings aside).
    pub threat_by_lesser: PerRole,
    /// Per enemy piece (not a pawn or the king) that is attacked and not
    /// defended.
    pub hanging: Pair,
    /// Per square, by the checking piece's role, from which an own piece
    /// could give check next move and which the enemy does not attack.
    pub safe_check: PerRole,
    /// Per square next to the enemy king that own pieces attack and that
    /// nothing but the king defends.
    pub weak_king_zone: Pair,
    /// King danger, counted when two or more pieces attack the king's
    /// zone: the square of the attack units times this, divided by 64...
    pub king_danger_scale: i32,
    /// ... and at most this (middlegame; a quarter of it in the endgame).
    pub king_danger_max: i32,
    /// For the side to move.
    pub tempo: i32,
}

const fn p(mg: i32, eg: i32) -> Pair {
    Pair(mg, eg)
}

const PASSED: [Pair; 6] = [
    p(0, 5),
    p(5, 10),
    p(10, 20),
    p(20, 40),
    p(35, 70),
    p(60, 110),
];

/// The hand-set numbers of the FIDE army, before any tuning: the base of
/// Wau Chess and of Chad's shared tables.
const FIDE: EvalParams = EvalParams {
    material: widen(
        [
            p(100, 120),
            p(320, 300),
            p(330, 320),
            p(500, 530),
            p(950, 980),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    phase_weight: widen([0, 1, 1, 2, 4, 0, 0, 0], 0),
    centrality: widen(
        [
            p(0, 0),
            p(8, 6),
            p(4, 4),
            p(1, 1),
            p(2, 4),
            p(0, 10),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    mobility: widen(
        [
            p(0, 0),
            p(4, 4),
            p(5, 5),
            p(2, 4),
            p(1, 2),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    rank: [[p(0, 0); RANKS]; Role::COUNT],
    file: [[p(0, 0); FILES_FROM_EDGE]; Role::COUNT],
    king_attack_weight: widen([0, 2, 2, 3, 5, 0, 0, 0], 0),
    pawn_advance: p(3, 6),
    passed_pawn: PASSED,
    doubled_pawn: p(-10, -20),
    isolated_pawn: p(-10, -12),
    bishop_pair: p(30, 50),
    rook_open_file: p(25, 10),
    rook_half_open_file: p(12, 5),
    king_shield: p(12, 0),
    king_rank: p(-12, 0),
    unpromotable_pawn: p(0, 0),
    supported_pawn: p(0, 0),
    phalanx_pawn: p(0, 0),
    passed_blocked: p(0, 0),
    passed_king_distance: p(0, 0),
    threat_by_pawn: [p(0, 0); Role::COUNT],
    threat_by_lesser: [p(0, 0); Role::COUNT],
    hanging: p(0, 0),
    safe_check: [p(0, 0); Role::COUNT],
    weak_king_zone: p(0, 0),
    outpost: [p(0, 0); Role::COUNT],
    king_danger_scale: 16,
    king_danger_max: 500,
    tempo: 10,
};

static CHESS_PARAMS: EvalParams = EvalParams {
    material: widen(
        [
            p(63, 119),
            p(404, 274),
            p(390, 303),
            p(554, 544),
            p(1102, 960),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    phase_weight: widen([0, 1, 1, 2, 4, 0, 0, 0], 0),
    centrality: widen(
        [
            p(20, -7),
            p(17, 4),
            p(8, -15),
            p(-23, 5),
            p(-2, 41),
            p(-8, -29),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    mobility: widen(
        [
            p(0, 0),
            p(9, 3),
            p(11, 5),
            p(7, 3),
            p(5, 1),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    rank: widen(
        [
            [
                p(0, 0),
                p(-1, -9),
                p(-10, -17),
                p(-2, -11),
                p(8, -20),
                p(-38, 65),
                p(131, -15),
                p(0, 0),
            ],
            [
                p(-23, -33),
                p(-11, -2),
                p(-13, -12),
                p(2, 6),
                p(23, 7),
                p(36, 16),
                p(-60, 28),
                p(-42, -3),
            ],
            [
                p(-6, -28),
                p(21, -6),
                p(2, 26),
                p(-10, 18),
                p(22, 14),
                p(24, 4),
                p(-24, 13),
                p(-44, 6),
            ],
            [
                p(-11, -24),
                p(-36, -16),
                p(-12, 4),
                p(10, 12),
                p(44, 1),
                p(-7, 21),
                p(52, 0),
                p(72, 13),
            ],
            [
                p(-14, -48),
                p(-6, -10),
                p(-19, -21),
                p(-23, 15),
                p(-14, 84),
                p(66, -11),
                p(64, 36),
                p(36, -25),
            ],
            [
                p(16, -28),
                p(-20, 28),
                p(-28, 35),
                p(-24, 27),
                p(56, -43),
                p(120, -63),
                p(128, -136),
                p(-160, 20),
            ],
            [
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
            ],
            [
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
            ],
        ],
        [p(0, 0); RANKS],
    ),
    file: widen(
        [
            [p(6, 7), p(-2, -8), p(-5, -9), p(-8, -8), p(0, 0), p(0, 0)],
            [p(1, 1), p(0, 2), p(4, 8), p(9, -13), p(0, 0), p(0, 0)],
            [p(10, -36), p(8, -6), p(8, -6), p(2, 10), p(0, 0), p(0, 0)],
            [
                p(-4, -12),
                p(-23, 17),
                p(13, -5),
                p(32, -8),
                p(0, 0),
                p(0, 0),
            ],
            [p(-14, 18), p(-2, 6), p(-8, 24), p(4, 4), p(0, 0), p(0, 0)],
            [
                p(11, -60),
                p(28, -4),
                p(-8, 21),
                p(-16, 11),
                p(0, 0),
                p(0, 0),
            ],
            [p(0, 0), p(0, 0), p(0, 0), p(0, 0), p(0, 0), p(0, 0)],
            [p(0, 0), p(0, 0), p(0, 0), p(0, 0), p(0, 0), p(0, 0)],
        ],
        [p(0, 0); FILES_FROM_EDGE],
    ),
    king_attack_weight: widen([0, -4, 2, 3, 5, 0, 0, 0], 0),
    pawn_advance: p(3, 2),
    passed_pawn: [
        p(-16, 13),
        p(8, 13),
        p(22, 49),
        p(75, 98),
        p(191, 24),
        p(196, 111),
    ],
    doubled_pawn: p(-34, -32),
    isolated_pawn: p(-6, -20),
    bishop_pair: p(68, 44),
    rook_open_file: p(65, -38),
    rook_half_open_file: p(19, 9),
    king_shield: p(16, 0),
    king_rank: p(16, 0),
    unpromotable_pawn: p(0, 0),
    supported_pawn: p(6, 18),
    phalanx_pawn: p(7, 12),
    passed_blocked: p(-26, -25),
    passed_king_distance: p(6, 20),
    threat_by_pawn: widen(
        [
            p(0, 0),
            p(91, 28),
            p(90, 24),
            p(-3, 28),
            p(77, -120),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    threat_by_lesser: widen(
        [
            p(0, 0),
            p(20, 26),
            p(0, 0),
            p(56, 21),
            p(74, -40),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    hanging: p(11, 39),
    safe_check: widen(
        [
            p(0, 0),
            p(28, -8),
            p(28, 20),
            p(60, -8),
            p(28, -8),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    weak_king_zone: p(12, -6),
    outpost: [p(0, 0); Role::COUNT],
    king_danger_scale: 16,
    king_danger_max: 500,
    tempo: 35,
};

static WADCHESS: EvalParams = EvalParams {
    material: widen(
        [
            p(61, 107),
            p(359, 273),
            p(387, 327),
            p(548, 560),
            p(1239, 966),
            p(0, 0),
            p(479, 405),
            p(0, 0),
        ],
        p(0, 0),
    ),
    phase_weight: widen([0, 1, 1, 2, 4, 0, 1, 0], 0),
    centrality: widen(
        [
            p(19, -9),
            p(8, 1),
            p(4, -3),
            p(-11, 2),
            p(-16, 8),
            p(38, -20),
            p(0, 3),
            p(0, 0),
        ],
        p(0, 0),
    ),
    mobility: widen(
        [
            p(0, 0),
            p(9, 3),
            p(8, 3),
            p(7, 0),
            p(3, 1),
            p(0, 0),
            p(6, 6),
            p(0, 0),
        ],
        p(0, 0),
    ),
    rank: widen(
        [
            [
                p(0, 0),
                p(-9, -4),
                p(-18, -12),
                p(-2, -20),
                p(4, -15),
                p(3, 2),
                p(-9, 53),
                p(0, 0),
            ],
            [
                p(-9, -34),
                p(6, -23),
                p(8, -17),
                p(1, -2),
                p(8, 0),
                p(9, -9),
                p(4, -8),
                p(-178, 34),
            ],
            [
                p(12, -11),
                p(25, -16),
                p(17, -3),
                p(-4, -1),
                p(-1, 5),
                p(15, 0),
                p(-45, 15),
                p(-120, 42),
            ],
            [
                p(-21, -33),
                p(-31, -29),
                p(-51, -13),
                p(-49, -9),
                p(-42, -7),
                p(7, -21),
                p(23, -11),
                p(26, -9),
            ],
            [
                p(33, -55),
                p(35, -55),
                p(17, 3),
                p(-14, 48),
                p(-26, 62),
                p(16, 34),
                p(-32, 66),
                p(61, -20),
            ],
            [
                p(13, -29),
                p(-12, 2),
                p(-10, 7),
                p(-95, 17),
                p(0, 2),
                p(40, 9),
                p(150, -40),
                p(216, -13),
            ],
            [
                p(4, -10),
                p(5, 5),
                p(5, 9),
                p(18, 16),
                p(9, 24),
                p(66, -8),
                p(-6, 26),
                p(64, -28),
            ],
            [
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
                p(0, 0),
            ],
        ],
        [p(0, 0); RANKS],
    ),
    file: widen(
        [
            [
                p(20, -15),
                p(8, -7),
                p(-8, -1),
                p(-15, -4),
                p(-24, 1),
                p(0, 0),
            ],
            [
                p(-25, -25),
                p(-9, -6),
                p(-7, 3),
                p(-2, 2),
                p(-2, 11),
                p(0, 0),
            ],
            [
                p(7, -34),
                p(-1, -14),
                p(-1, -7),
                p(-2, 6),
                p(-3, 14),
                p(0, 0),
            ],
            [p(-39, 17), p(-16, 10), p(2, -2), p(6, 2), p(2, 8), p(0, 0)],
            [p(3, 4), p(20, -8), p(25, 10), p(33, 7), p(35, 5), p(0, 0)],
            [
                p(67, -46),
                p(82, -24),
                p(37, 4),
                p(-31, 15),
                p(-77, 25),
                p(0, 0),
            ],
            [p(-9, -8), p(2, -10), p(9, 3), p(6, 4), p(6, 10), p(0, 0)],
            [p(0, 0), p(0, 0), p(0, 0), p(0, 0), p(0, 0), p(0, 0)],
        ],
        [p(0, 0); FILES_FROM_EDGE],
    ),
    king_attack_weight: widen([0, 4, 4, 3, 7, 0, 4, 0], 0),
    pawn_advance: p(3, 6),
    passed_pawn: [
        p(20, -26),
        p(9, -8),
        p(-19, 50),
        p(-12, 101),
        p(27, 157),
        p(47, 173),
    ],
    doubled_pawn: p(-17, -17),
    isolated_pawn: p(-11, -4),
    bishop_pair: p(45, 29),
    rook_open_file: p(56, -12),
    rook_half_open_file: p(20, 25),
    king_shield: p(37, 0),
    king_rank: p(-7, 0),
    unpromotable_pawn: p(0, 0),
    supported_pawn: p(16, 9),
    phalanx_pawn: p(7, 1),
    passed_blocked: p(-14, -29),
    passed_king_distance: p(-19, 21),
    threat_by_pawn: widen(
        [
            p(0, 0),
            p(84, 25),
            p(68, 58),
            p(94, 53),
            p(56, 5),
            p(0, 0),
            p(81, 3),
            p(0, 0),
        ],
        p(0, 0),
    ),
    threat_by_lesser: widen(
        [
            p(0, 0),
            p(0, 0),
            p(52, 43),
            p(54, 25),
            p(58, 13),
            p(0, 0),
            p(36, 67),
            p(0, 0),
        ],
        p(0, 0),
    ),
    hanging: p(18, 44),
    safe_check: widen(
        [
            p(0, 0),
            p(113, -13),
            p(27, 24),
            p(188, -39),
            p(76, -9),
            p(0, 0),
            p(145, -25),
            p(0, 0),
        ],
        p(0, 0),
    ),
    weak_king_zone: p(40, -16),
    outpost: widen(
        [
            p(0, 0),
            p(43, 6),
            p(48, 1),
            p(30, 2),
            p(24, -7),
            p(0, 0),
            p(28, 8),
            p(0, 0),
        ],
        p(0, 0),
    ),
    king_danger_scale: 16,
    king_danger_max: 532,
    tempo: 66,
};

static PARITYCHESS: EvalParams = EvalParams {
    material: widen(
        [
            p(55, 98),
            p(296, 255),
            p(374, 355),
            p(486, 595),
            p(1161, 1026),
            p(0, 0),
            p(405, 402),
            p(399, 396),
        ],
        p(0, 0),
    ),
    phase_weight: widen([0, 1, 1, 2, 4, 0, 1, 1], 0),
    centrality: widen(
        [
            p(10, -8),
            p(11, 6),
            p(4, 1),
            p(-3, -7),
            p(-4, 7),
            p(-29, 6),
            p(1, 6),
            p(0, 10),
        ],
        p(0, 0),
    ),
    mobility: widen(
        [
            p(0, 0),
            p(8, 2),
            p(6, 1),
            p(3, 3),
            p(2, 3),
            p(0, 0),
            p(3, 6),
            p(5, 5),
        ],
        p(0, 0),
    ),
    rank: widen(
        [
            [
                p(0, 0),
                p(-10, 8),
                p(-13, -4),
                p(1, -9),
                p(10, -7),
                p(10, 31),
                p(-6, 85),
                p(0, 0),
            ],
            [
                p(-5, -42),
                p(8, -25),
                p(-7, -6),
                p(-4, -8),
                p(-8, 4),
                p(1, -22),
                p(-27, -3),
                p(-81, 16),
            ],
            [
                p(9, -5),
                p(16, -15),
                p(12, -3),
                p(-4, -10),
                p(-30, 23),
                p(-2, 3),
                p(-36, 1),
                p(-90, 22),
            ],
            [
                p(-7, -19),
                p(-25, 0),
                p(-49, 34),
                p(-51, 11),
                p(-47, 6),
                p(-4, 10),
                p(-34, 32),
                p(59, -1),
            ],
            [
                p(49, -34),
                p(46, -51),
                p(12, -2),
                p(-30, 60),
                p(-27, 56),
                p(22, 19),
                p(-71, 86),
                p(42, 20),
            ],
            [
                p(2, -38),
                p(6, 4),
                p(10, 12),
                p(-50, 15),
                p(133, 2),
                p(316, 0),
                p(160, -7),
                p(550, -89),
            ],
            [
                p(-3, -18),
                p(-8, 4),
                p(7, 0),
                p(5, 21),
                p(1, 18),
                p(34, -4),
                p(-8, 38),
                p(53, -34),
            ],
            [
                p(13, 3),
                p(22, -17),
                p(3, 12),
                p(14, 4),
                p(-9, 17),
                p(8, 10),
                p(-22, 10),
                p(-64, 20),
            ],
        ],
        [p(0, 0); RANKS],
    ),
    file: widen(
        [
            [
                p(22, -29),
                p(12, -12),
                p(-2, -8),
                p(-1, -5),
                p(-9, -6),
                p(-13, -7),
            ],
            [p(14, -5), p(30, 2), p(4, 19), p(5, 21), p(5, 23), p(-1, 26)],
            [
                p(-17, 0),
                p(-3, -15),
                p(-14, 2),
                p(-7, -3),
                p(-1, 10),
                p(0, 14),
            ],
            [
                p(-34, -13),
                p(-21, 16),
                p(2, 6),
                p(-3, 10),
                p(-11, 16),
                p(3, 11),
            ],
            [
                p(26, -23),
                p(12, -22),
                p(23, -34),
                p(12, -1),
                p(23, -7),
                p(18, -14),
            ],
            [
                p(-20, -14),
                p(63, -7),
                p(62, -5),
                p(7, 1),
                p(-35, -4),
                p(-34, -5),
            ],
            [
                p(-7, -16),
                p(5, -10),
                p(14, 4),
                p(1, 20),
                p(8, 23),
                p(6, 17),
            ],
            [p(-3, 3), p(-2, 15), p(11, 2), p(4, 4), p(10, 9), p(11, 3)],
        ],
        [p(0, 0); FILES_FROM_EDGE],
    ),
    king_attack_weight: widen([0, 4, 3, 4, 6, 0, 4, 5], 0),
    pawn_advance: p(3, 6),
    passed_pawn: [
        p(20, -26),
        p(1, -3),
        p(-15, 37),
        p(-5, 99),
        p(-10, 138),
        p(42, 136),
    ],
    doubled_pawn: p(-9, -22),
    isolated_pawn: p(-13, -3),
    bishop_pair: p(25, 46),
    rook_open_file: p(51, -17),
    rook_half_open_file: p(22, 18),
    king_shield: p(39, 0),
    king_rank: p(-35, 0),
    unpromotable_pawn: p(0, 0),
    supported_pawn: p(17, 8),
    phalanx_pawn: p(7, 4),
    passed_blocked: p(-2, -38),
    passed_king_distance: p(-20, 18),
    threat_by_pawn: widen(
        [
            p(0, 0),
            p(82, -7),
            p(69, 62),
            p(63, 17),
            p(51, -36),
            p(0, 0),
            p(79, 16),
            p(82, 72),
        ],
        p(0, 0),
    ),
    threat_by_lesser: widen(
        [
            p(0, 0),
            p(0, 0),
            p(68, 24),
            p(66, 33),
            p(76, 0),
            p(0, 0),
            p(13, 63),
            p(39, 58),
        ],
        p(0, 0),
    ),
    hanging: p(16, 43),
    safe_check: widen(
        [
            p(0, 0),
            p(136, 2),
            p(38, 43),
            p(204, -29),
            p(72, 8),
            p(0, 0),
            p(130, -2),
            p(140, 0),
        ],
        p(0, 0),
    ),
    weak_king_zone: p(46, -13),
    outpost: widen(
        [
            p(0, 0),
            p(36, 20),
            p(32, 2),
            p(32, 21),
            p(20, -14),
            p(0, 0),
            p(11, 20),
            p(36, -2),
        ],
        p(0, 0),
    ),
    king_danger_scale: 21,
    king_danger_max: 748,
    tempo: 68,
};

/// Wau Chess: the FIDE army on a board whose attack boards move. Pawns
/// promote only on the main board's last rank (d11/e11, d4/e4), so a pawn
/// that cannot get there is worth less, most of all in the endgame.
static WAUCHESS: EvalParams = EvalParams {
    unpromotable_pawn: p(-30, -60),
    ..FIDE
};

/// Chad's material for the shared tables (move ordering, phase); its
/// evaluation proper is [`ChadParams`].
static CHAD: EvalParams = EvalParams {
    material: widen(
        [
            p(0, 0),
            p(0, 0),
            p(0, 0),
            p(500, 500),
            p(1000, 1000),
            p(0, 0),
            p(0, 0),
            p(0, 0),
        ],
        p(0, 0),
    ),
    phase_weight: widen([0, 0, 0, 1, 1, 0, 0, 0], 0),
    centrality: [p(0, 0); Role::COUNT],
    mobility: [p(0, 0); Role::COUNT],
    king_attack_weight: [0; Role::COUNT],
    ..FIDE
};

impl EvalParams {
    /// Calls `f` with the name and a handle of every number a tuner may
    /// change (all but the phase weights), in a fixed order.
    pub fn visit_tunable(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        fn pair(f: &mut dyn FnMut(&str, &mut i32), name: &str, v: &mut Pair) {
            f(&format!("{name}.mg"), &mut v.0);
            f(&format!("{name}.eg"), &mut v.1);
        }
        let roles = crate::rules::Role::ALL;
        for (i, role) in roles.iter().enumerate() {
            pair(f, &format!("material[{role:?}]"), &mut self.material[i]);
            pair(f, &format!("centrality[{role:?}]"), &mut self.centrality[i]);
            pair(f, &format!("mobility[{role:?}]"), &mut self.mobility[i]);
            for (r, v) in self.rank[i].iter_mut().enumerate() {
                pair(f, &format!("rank[{role:?}][{r}]"), v);
            }
            for (e, v) in self.file[i].iter_mut().enumerate() {
                pair(f, &format!("file[{role:?}][{e}]"), v);
            }
            f(
                &format!("king_attack_weight[{role:?}]"),
                &mut self.king_attack_weight[i],
            );
        }
        pair(f, "pawn_advance", &mut self.pawn_advance);
        for (r, v) in self.passed_pawn.iter_mut().enumerate() {
            pair(f, &format!("passed_pawn[{r}]"), v);
        }
        pair(f, "doubled_pawn", &mut self.doubled_pawn);
        pair(f, "isolated_pawn", &mut self.isolated_pawn);
        pair(f, "bishop_pair", &mut self.bishop_pair);
        pair(f, "rook_open_file", &mut self.rook_open_file);
        pair(f, "rook_half_open_file", &mut self.rook_half_open_file);
        pair(f, "king_shield", &mut self.king_shield);
        pair(f, "king_rank", &mut self.king_rank);
        pair(f, "unpromotable_pawn", &mut self.unpromotable_pawn);
        pair(f, "supported_pawn", &mut self.supported_pawn);
        pair(f, "phalanx_pawn", &mut self.phalanx_pawn);
        pair(f, "passed_blocked", &mut self.passed_blocked);
        pair(f, "passed_king_distance", &mut self.passed_king_distance);
        for (i, role) in roles.iter().enumerate() {
            pair(f, &format!("outpost[{role:?}]"), &mut self.outpost[i]);
        }
        for (i, role) in roles.iter().enumerate() {
            pair(
                f,
                &format!("threat_by_pawn[{role:?}]"),
                &mut self.threat_by_pawn[i],
            );
            pair(
                f,
                &format!("threat_by_lesser[{role:?}]"),
                &mut self.threat_by_lesser[i],
            );
        }
        pair(f, "hanging", &mut self.hanging);
        for (i, role) in roles.iter().enumerate() {
            pair(f, &format!("safe_check[{role:?}]"), &mut self.safe_check[i]);
        }
        pair(f, "weak_king_zone", &mut self.weak_king_zone);
        f("king_danger_scale", &mut self.king_danger_scale);
        f("king_danger_max", &mut self.king_danger_max);
        f("tempo", &mut self.tempo);
    }

    /// The numbers as a Rust `EvalParams` literal, for pasting into this
    /// file after tuning.
    pub fn rust_literal(&self) -> String {
        fn pair(v: Pair) -> String {
            format!("p({}, {})", v.0, v.1)
        }
        fn list(values: &[Pair], indent: &str) -> String {
            let items: Vec<String> = values
                .iter()
                .map(|&v| format!("{indent}    {},\n", pair(v)))
                .collect();
            format!("[\n{}{indent}]", items.concat())
        }
        // The per-role rows: the fitted roles' numbers, widened.
        fn per_role(values: &[Pair]) -> String {
            format!("widen({}, p(0, 0))", list(&values[..FITTED_ROLES], "    "))
        }
        fn table<const N: usize>(rows: &[[Pair; N]; Role::COUNT], width: &str) -> String {
            let items: Vec<String> = rows[..FITTED_ROLES]
                .iter()
                .map(|row| {
                    let cells: Vec<String> = row.iter().map(|&v| pair(v)).collect();
                    format!("        [{}],\n", cells.join(", "))
                })
                .collect();
            format!("widen([\n{}    ], [p(0, 0); {width}])", items.concat())
        }
        let ints = |v: &[i32; Role::COUNT]| {
            let items: Vec<String> = v[..FITTED_ROLES].iter().map(i32::to_string).collect();
            format!("widen([{}], 0)", items.join(", "))
        };
        let mut out = String::from("EvalParams {\n");
        out += &format!("    material: {},\n", per_role(&self.material));
        out += &format!("    phase_weight: {},\n", ints(&self.phase_weight));
        out += &format!("    centrality: {},\n", per_role(&self.centrality));
        out += &format!("    mobility: {},\n", per_role(&self.mobility));
        out += &format!("    rank: {},\n", table(&self.rank, "RANKS"));
        out += &format!("    file: {},\n", table(&self.file, "FILES_FROM_EDGE"));
        out += &format!(
            "    king_attack_weight: {},\n",
            ints(&self.king_attack_weight)
        );
        out += &format!("    pawn_advance: {},\n", pair(self.pawn_advance));
        out += &format!("    passed_pawn: {},\n", list(&self.passed_pawn, "    "));
        for (name, v) in [
            ("doubled_pawn", self.doubled_pawn),
            ("isolated_pawn", self.isolated_pawn),
            ("bishop_pair", self.bishop_pair),
            ("rook_open_file", self.rook_open_file),
            ("rook_half_open_file", self.rook_half_open_file),
            ("king_shield", self.king_shield),
            ("king_rank", self.king_rank),
            ("unpromotable_pawn", self.unpromotable_pawn),
            ("supported_pawn", self.supported_pawn),
            ("phalanx_pawn", self.phalanx_pawn),
            ("passed_blocked", self.passed_blocked),
            ("passed_king_distance", self.passed_king_distance),
        ] {
            out += &format!("    {name}: {},\n", pair(v));
        }
        out += &format!("    threat_by_pawn: {},\n", per_role(&self.threat_by_pawn));
        out += &format!(
            "    threat_by_lesser: {},\n",
            per_role(&self.threat_by_lesser)
        );
        out += &format!("    hanging: {},\n", pair(self.hanging));
        out += &format!("    safe_check: {},\n", per_role(&self.safe_check));
        out += &format!("    weak_king_zone: {},\n", pair(self.weak_king_zone));
        out += &format!("    outpost: {},\n", per_role(&self.outpost));
        out += &format!("    king_danger_scale: {},\n", self.king_danger_scale);
        out += &format!("    king_danger_max: {},\n", self.king_danger_max);
        out += &format!("    tempo: {},\n}}", self.tempo);
        out
    }
}

/// The evaluation numbers of a game. A game read from a file, whose
/// pieces are the built-in games' (see `rules::ini::compile`), borrows
/// those of the built-in game nearest its width: chess up to 8 files,
/// WAD Chess up to 10, Parity Chess beyond.
pub fn params(variant: Variant) -> &'static EvalParams {
    match variant {
        Variant::Chess => &CHESS_PARAMS,
        Variant::WauChess => &WAUCHESS,
        Variant::WadChess => &WADCHESS,
        Variant::ParityChess => &PARITYCHESS,
        Variant::Chad => &CHAD,
        Variant::Loaded(_) => match variant.spec().files {
            0..=8 => &CHESS_PARAMS,
            9..=10 => &WADCHESS,
            _ => &PARITYCHESS,
        },
    }
}

/// What Chad's evaluation weighs (centipawns). Chad is won by breaking
/// into the enemy castle: only an attacker standing on the enemy wall can
/// capture a defender, only a defender inside its castle can capture an
/// attacker on its wall, and a rook that enters the enemy castle becomes a
/// queen that only the king can remove.
#[derive(Debug)]
pub struct ChadParams {
    /// A rook.
    pub rook: i32,
    /// A queen (a rook that got into the enemy castle, or its successor).
    pub queen: i32,
    /// A rook or queen standing on the enemy wall: the only place from
    /// which the enemy castle can be attacked.
    pub on_enemy_wall: i32,
    /// Per enemy defender an attacker on the wall could capture now.
    pub wall_threat: i32,
    /// A queen inside the enemy castle: it checks and hems in the king
    /// and only the king can take it.
    pub in_enemy_castle: i32,
    /// An own piece inside the own castle: it shuts the king's lines and
    /// is the only thing that can capture attackers on the wall.
    pub castle_defender: i32,
    /// Per enemy attacker on the own wall a defender could capture now.
    pub defender_threat: i32,
    /// Per square outside the castle on an open rook line from the king
    /// (the lines an enemy rook or queen could check along).
    pub open_king_file: i32,
    /// The same for diagonals, counted when the enemy has a queen.
    pub open_king_diagonal: i32,
    /// Per empty square a rook or queen reaches.
    pub mobility: i32,
    /// For the side to move.
    pub tempo: i32,
}

/// Chad's numbers.
pub static CHAD_PARAMS: ChadParams = ChadParams {
    rook: 500,
    queen: 1000,
    on_enemy_wall: 40,
    wall_threat: 30,
    in_enemy_castle: 150,
    castle_defender: 25,
    defender_threat: 20,
    open_king_file: -8,
    open_king_diagonal: -6,
    mobility: 2,
    tempo: 10,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The literal a tuning run prints is the source's own form: pasted
    /// back, the fitted games' numbers read as they are written here.
    #[test]
    fn the_printed_literal_is_the_source_form() {
        // Compared as rustfmt leaves it: without spaces and trailing commas.
        let tokens = |text: &str| {
            let bare: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            bare.replace(",)", ")")
                .replace(",]", "]")
                .replace(",}", "}")
        };
        let source = tokens(include_str!("params.rs"));
        let literal = WADCHESS.rust_literal();
        let body = tokens(literal.trim_start_matches("EvalParams {"));
        assert!(source.contains(&body), "{literal}");
    }
}
