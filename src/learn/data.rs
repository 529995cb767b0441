//! The training-data file: scored positions of one game, compact and
//! versioned.
//!
//! A file is a header, then records until its end. The header is the
//! magic `MOTLEYTD`, the format version (`u16`, little-endian) and the
//! game's name (a length byte, then its letters). Each record is one
//! position, seen from its side to move:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | `n`, the number of pieces (at most [`MAX_PIECES`]) |
//! | 2 `n` | each piece: its square (0 = a1, by ranks), then colour (bit 3) and role (bits 0-2, and bit 4 for roles 8 and up) |
//! | 1 | flags: bit 0 set when Black is to move |
//! | 1 | `k`, the number of attack boards (Wau Chess: 4; other games: 0) |
//! | `k` | each attack board's corner square |
//! | 2 | the search score, centipawns, side to move (`i16`, little-endian) |
//! | 1 | the game's result for the side to move: 0 loss, 1 draw, 2 win |
//!
//! Squares are numbered on the game's full rectangle (up to 12x12 = 144),
//! so the holes of Wau Chess need no bytes of their own: the frame is the
//! game's, and the attack boards' corners say where the rest stands.
//!
//! A reader checks the header against the game it expects and stops with
//! an error at the first record that is cut short or says something no
//! position can (a square off the board, a role the game does not have).

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;

use crate::rules::attack_boards::BOARD_COUNT;
use crate::rules::{Bitboard, Color, Piece, Position, Role, Square, Variant};

/// The first bytes of every training-data file.
pub const MAGIC: &[u8; 8] = b"MOTLEYTD";
/// The format version this build writes and reads.
pub const VERSION: u16 = 1;
/// The most pieces a record holds (a 12x12 board's start has 96).
pub const MAX_PIECES: usize = 144;

/// The game's result for the side to move in a recorded position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move lost the game.
    Loss,
    /// The game was drawn.
    Draw,
    /// The side to move won the game.
    Win,
}

impl Outcome {
    fn byte(self) -> u8 {
        match self {
            Outcome::Loss => 0,
            Outcome::Draw => 1,
            Outcome::Win => 2,
        }
    }

    fn from_byte(b: u8) -> Option<Outcome> {
        match b {
            0 => Some(Outcome::Loss),
            1 => Some(Outcome::Draw),
            2 => Some(Outcome::Win),
            _ => None,
        }
    }

    /// The result as a score for the side to move: 0, 1/2 or 1.
    pub fn points(self) -> f32 {
        f32::from(self.byte()) / 2.0
    }
}

/// One scored position: what the trainer reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRecord {
    /// Every piece on the board with its square.
    pub pieces: Vec<(Square, Piece)>,
    /// Whose move it is.
    pub side_to_move: Color,
    /// The attack boards' corners (Wau Chess), else empty.
    pub board_corners: Vec<Square>,
    /// The search's score, centipawns, from the side to move.
    pub score: i16,
    /// How the game ended, for the side to move.
    pub outcome: Outcome,
}

/// A piece's byte in a record: the role's low three bits, the colour in
/// bit 3 (set for Black), and bit 4 for the roles past the first eight
/// (the slots only games read from files use), so that files written
/// before those roles existed read the same.
fn piece_code(piece: Piece) -> u8 {
    let role = piece.role.index() as u8;
    ((role >> 3) << 4) | ((piece.color.index() as u8) << 3) | (role & 7)
}

/// The piece a record's byte names, or `None` for a byte no piece has.
fn piece_of_code(code: u8) -> Option<Piece> {
    if code & !31 != 0 {
        return None;
    }
    let color = if code & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let role = Role::ALL.get(usize::from(((code >> 4) << 3) | (code & 7)))?;
    Some(Piece::new(color, *role))
}

impl PositionRecord {
    /// The record of `pos` with its search score (centipawns, side to
    /// move; clamped to `i16`) and the game's outcome for the side to move.
    pub fn of<B: Bitboard>(pos: &Position<B>, score: i32, outcome: Outcome) -> PositionRecord {
        PositionRecord {
            pieces: pos.placed_pieces().collect(),
            side_to_move: pos.side_to_move(),
            board_corners: pos.attack_board_corners().to_vec(),
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            outcome,
        }
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.push(self.pieces.len() as u8);
        for (sq, piece) in &self.pieces {
            out.push(sq.to_u8());
            out.push(piece_code(*piece));
        }
        out.push(u8::from(self.side_to_move == Color::Black));
        out.push(self.board_corners.len() as u8);
        out.extend(self.board_corners.iter().map(|sq| sq.to_u8()));
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.outcome.byte());
    }
}

/// Why a training-data file cannot be read or written.
#[derive(Debug)]
pub enum DataError {
    /// The file system refused (the system's words; the caller names the
    /// path).
    Io(String),
    /// The file does not start with [`MAGIC`].
    NotTrainingData,
    /// The file is of a format version this build does not read.
    Version(u16),
    /// The header names a game this build does not know (its bytes, with
    /// any that are not printable ASCII escaped).
    UnknownGame(String),
    /// The file holds another game's positions.
    OtherGame {
        /// The game of the file.
        found: String,
        /// The game asked for.
        expected: Variant,
    },
    /// The file ends inside a record (or its header).
    Truncated {
        /// Whole records read before it.
        positions: u64,
    },
    /// A record says something no position of the game can.
    Corrupt {
        /// Whole records read before it.
        positions: u64,
        /// What is wrong.
        why: String,
    },
    /// A position with more pieces or boards than a record holds.
    TooLarge,
    /// The start position given for self-play cannot be set up (why).
    BadStart(String),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(e) => f.write_str(e),
            DataError::NotTrainingData => f.write_str("not a motley training-data file"),
            DataError::Version(v) => write!(
                f,
                "training-data format version {v}; this build reads version {VERSION}"
            ),
            DataError::UnknownGame(g) => write!(f, "training data of an unknown game '{g}'"),
            DataError::OtherGame { found, expected } => write!(
                f,
                "the file holds {found} positions, not {}",
                expected.name()
            ),
            DataError::Truncated { positions } => {
                write!(f, "the file is cut short after {positions} positions")
            }
            DataError::Corrupt { positions, why } => {
                write!(f, "record {} is corrupt: {why}", positions + 1)
            }
            DataError::TooLarge => f.write_str("the position has too many pieces for a record"),
            DataError::BadStart(why) => write!(f, "the start position: {why}"),
        }
    }
}

impl std::error::Error for DataError {}

fn io_error(e: io::Error) -> DataError {
    DataError::Io(e.to_string())
}

fn header(variant: Variant) -> Vec<u8> {
    let name = variant.name().as_bytes();
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name);
    out
}

/// Reads and checks a header: the game it names.
fn read_header(input: &mut impl Read) -> Result<Variant, DataError> {
    let mut magic = [0u8; 8];
    read_exact_or(input, &mut magic, DataError::NotTrainingData)?;
    if &magic != MAGIC {
        return Err(DataError::NotTrainingData);
    }
    let mut fixed = [0u8; 3];
    read_exact_or(input, &mut fixed, DataError::Truncated { positions: 0 })?;
    let version = u16::from_le_bytes([fixed[0], fixed[1]]);
    if version != VERSION {
        return Err(DataError::Version(version));
    }
    let mut name = vec![0u8; usize::from(fixed[2])];
    read_exact_or(input, &mut name, DataError::Truncated { positions: 0 })?;
    let shown: String = name
        .iter()
        .flat_map(|&b| std::ascii::escape_default(b))
        .map(char::from)
        .collect();
    shown
        .parse::<Variant>()
        .map_err(|_| DataError::UnknownGame(shown))
}

fn read_exact_or(input: &mut impl Read, buf: &mut [u8], short: DataError) -> Result<(), DataError> {
    match input.read_exact(buf) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Err(short),
        Err(e) => Err(io_error(e)),
    }
}

/// Writes records of one game to a file, new or appended to.
pub struct DataWriter {
    out: BufWriter<File>,
    buffer: Vec<u8>,
    variant: Variant,
}

impl DataWriter {
    /// Opens `path` for `variant`'s positions: a missing or empty file
    /// gets a header; an existing one must be of the same game and format
    /// and is appended to.
    pub fn append(path: &Path, variant: Variant) -> Result<DataWriter, DataError> {
        if path.is_dir() {
            return Err(DataError::Io("a directory, not a file".into()));
        }
        let existing = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if existing > 0 {
            let mut reader = DataReader::open_for(path, variant)?;
            // A cut-short last record would corrupt every record after it.
            for record in reader.by_ref() {
                record?;
            }
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io_error)?;
        let mut out = BufWriter::new(file);
        if existing == 0 {
            out.write_all(&header(variant)).map_err(io_error)?;
        }
        Ok(DataWriter {
            out,
            buffer: Vec::new(),
            variant,
        })
    }

    /// The game of the file.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Adds one record.
    pub fn write(&mut self, record: &PositionRecord) -> Result<(), DataError> {
        if record.pieces.len() > MAX_PIECES || record.board_corners.len() > BOARD_COUNT {
            return Err(DataError::TooLarge);
        }
        self.buffer.clear();
        record.encode(&mut self.buffer);
        self.out.write_all(&self.buffer).map_err(io_error)
    }

    /// Writes what is buffered to the file.
    pub fn flush(&mut self) -> Result<(), DataError> {
        self.out.flush().map_err(io_error)
    }
}

/// Reads the records of a file, checking each.
pub struct DataReader {
    input: BufReader<File>,
    variant: Variant,
    size: usize,
    positions: u64,
    failed: bool,
}

impl DataReader {
    /// Opens `path` and reads its header.
    pub fn open(path: &Path) -> Result<DataReader, DataError> {
        if path.is_dir() {
            return Err(DataError::Io("a directory, not a file".into()));
        }
        let file = File::open(path).map_err(io_error)?;
        let mut input = BufReader::new(file);
        let variant = read_header(&mut input)?;
        let spec = variant.spec();
        Ok(DataReader {
            input,
            variant,
            size: usize::from(spec.files) * usize::from(spec.ranks),
            positions: 0,
            failed: false,
        })
    }

    /// Opens `path`, which must hold `variant`'s positions.
    pub fn open_for(path: &Path, variant: Variant) -> Result<DataReader, DataError> {
        let reader = DataReader::open(path)?;
        if reader.variant != variant {
            return Err(DataError::OtherGame {
                found: reader.variant.name().to_string(),
                expected: variant,
            });
        }
        Ok(reader)
    }

    /// The game of the file.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    fn corrupt(&self, why: String) -> DataError {
        DataError::Corrupt {
            positions: self.positions,
            why,
        }
    }

    fn square(&self, byte: u8) -> Result<Square, DataError> {
        if usize::from(byte) < self.size {
            Ok(Square::new(byte))
        } else {
            Err(self.corrupt(format!("square {byte} is off the board")))
        }
    }

    /// The next record; `Ok(None)` at a clean end of the file.
    fn next_record(&mut self) -> Result<Option<PositionRecord>, DataError> {
        let truncated = DataError::Truncated {
            positions: self.positions,
        };
        let mut count = [0u8; 1];
        match self.input.read(&mut count) {
            Ok(0) => return Ok(None),
            Ok(_) => {}
            Err(e) => return Err(io_error(e)),
        }
        let n = usize::from(count[0]);
        if n > MAX_PIECES {
            return Err(self.corrupt(format!("{n} pieces")));
        }
        let mut bytes = vec![0u8; 2 * n + 2];
        read_exact_or(&mut self.input, &mut bytes, truncated)?;
        let roles = &self.variant.spec().roles;
        let mut pieces = Vec::with_capacity(n);
        for pair in bytes[..2 * n].chunks(2) {
            let sq = self.square(pair[0])?;
            let piece = piece_of_code(pair[1])
                .filter(|p| roles.contains(&p.role))
                .ok_or_else(|| self.corrupt(format!("piece code {}", pair[1])))?;
            pieces.push((sq, piece));
        }
        let flags = bytes[2 * n];
        if flags & !1 != 0 {
            return Err(self.corrupt(format!("flags {flags}")));
        }
        let side_to_move = if flags & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let k = usize::from(bytes[2 * n + 1]);
        if k > BOARD_COUNT {
            return Err(self.corrupt(format!("{k} attack boards")));
        }
        let mut rest = vec![0u8; k + 3];
        read_exact_or(
            &mut self.input,
            &mut rest,
            DataError::Truncated {
                positions: self.positions,
            },
        )?;
        let board_corners = rest[..k]
            .iter()
            .map(|&b| self.square(b))
            .collect::<Result<Vec<_>, _>>()?;
        let score = i16::from_le_bytes([rest[k], rest[k + 1]]);
        let outcome = Outcome::from_byte(rest[k + 2])
            .ok_or_else(|| self.corrupt(format!("result {}", rest[k + 2])))?;
        self.positions += 1;
        Ok(Some(PositionRecord {
            pieces,
            side_to_move,
            board_corners,
            score,
            outcome,
        }))
    }
}

impl Iterator for DataReader {
    type Item = Result<PositionRecord, DataError>;

    /// The next record, or the error that ends the file's reading.
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let next = self.next_record().transpose();
        self.failed = matches!(next, Some(Err(_)));
        next
    }
}

/// What a file holds, for `--stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataStats {
    /// Records read.
    pub positions: u64,
    /// Records whose side to move won, drew and lost.
    pub wins: u64,
    /// See [`DataStats::wins`].
    pub draws: u64,
    /// See [`DataStats::wins`].
    pub losses: u64,
    /// Records by score, in [`SCORE_BUCKETS`] ranges.
    pub histogram: [u64; SCORE_BUCKETS.len() + 1],
}

/// The upper bounds (exclusive) of the score histogram's buckets, in
/// centipawns; the last bucket holds the scores of at least the last
/// bound.
pub const SCORE_BUCKETS: [i16; 8] = [-1000, -400, -150, -50, 50, 150, 400, 1000];

impl DataStats {
    /// Counts the records of `reader`; an error ends the count and is
    /// returned with what was counted.
    pub fn count(reader: DataReader) -> (DataStats, Option<DataError>) {
        let mut stats = DataStats::default();
        for record in reader {
            match record {
                Ok(r) => stats.add(&r),
                Err(e) => return (stats, Some(e)),
            }
        }
        (stats, None)
    }

    fn add(&mut self, record: &PositionRecord) {
        self.positions += 1;
        match record.outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
        let bucket = SCORE_BUCKETS
            .iter()
            .position(|&bound| record.score < bound)
            .unwrap_or(SCORE_BUCKETS.len());
        self.histogram[bucket] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::AnyPosition;

    /// Every piece has its own byte, read back as itself; the first
    /// eight roles keep the bytes files were written with before the
    /// others existed.
    #[test]
    fn piece_codes_read_back() {
        let mut seen = std::collections::HashSet::new();
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let code = piece_code(piece);
                assert!(seen.insert(code), "{piece:?}");
                assert_eq!(piece_of_code(code), Some(piece));
                if role.index() < 8 {
                    assert_eq!(code, ((color.index() as u8) << 3) | role.index() as u8);
                }
            }
        }
        assert_eq!(piece_of_code(0x20), None);
        assert_eq!(piece_of_code(0x1f), None, "role 15 is no role");
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("motley-data-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        dir
    }

    fn records(variant: Variant) -> Vec<PositionRecord> {
        let mut pos = AnyPosition::startpos(variant);
        let mut out = Vec::new();
        for (i, outcome) in [Outcome::Win, Outcome::Draw, Outcome::Loss]
            .into_iter()
            .enumerate()
        {
            let score = 37 * i as i32 - 40;
            out.push(crate::with_position!(&pos, p => PositionRecord::of(p, score, outcome)));
            let m = pos.legal_wire_moves()[0].clone();
            pos.play_wire(&m).unwrap();
        }
        out
    }

    #[test]
    fn every_game_reads_back_what_was_written() {
        for variant in Variant::ALL {
            let path = temp(variant.name());
            let written = records(variant);
            let mut writer = DataWriter::append(&path, variant).unwrap();
            for r in &written {
                writer.write(r).unwrap();
            }
            writer.flush().unwrap();
            drop(writer);
            let read: Vec<_> = DataReader::open_for(&path, variant)
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(read, written, "{}", variant.name());
            let wau = variant.spec().attack_boards.is_some();
            assert_eq!(
                read[0].board_corners.len(),
                if wau { BOARD_COUNT } else { 0 }
            );
            std::fs::remove_file(&path).unwrap();
        }
    }

    #[test]
    fn appending_keeps_the_records_and_checks_the_game() {
        let path = temp("append");
        for _ in 0..2 {
            let mut writer = DataWriter::append(&path, Variant::WadChess).unwrap();
            for r in records(Variant::WadChess) {
                writer.write(&r).unwrap();
            }
            writer.flush().unwrap();
        }
        let (stats, error) = DataStats::count(DataReader::open(&path).unwrap());
        assert!(error.is_none());
        assert_eq!(
            (stats.positions, stats.wins, stats.draws, stats.losses),
            (6, 2, 2, 2)
        );
        assert_eq!(stats.histogram.iter().sum::<u64>(), 6);
        let other = DataWriter::append(&path, Variant::Chess).err().unwrap();
        assert!(matches!(other, DataError::OtherGame { .. }), "{other}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_cut_short_or_foreign_file_is_refused_with_a_reason() {
        let path = temp("cut");
        let mut writer = DataWriter::append(&path, Variant::Chess).unwrap();
        for r in records(Variant::Chess) {
            writer.write(&r).unwrap();
        }
        writer.flush().unwrap();
        drop(writer);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        let (stats, error) = DataStats::count(DataReader::open(&path).unwrap());
        assert_eq!(stats.positions, 2);
        let error = error.unwrap();
        assert!(
            matches!(error, DataError::Truncated { positions: 2 }),
            "{error}"
        );
        assert!(error.to_string().contains("cut short after 2 positions"));
        // Appending to it would bury the cut record: refused.
        assert!(DataWriter::append(&path, Variant::Chess).is_err());

        std::fs::write(&path, b"PGN? no").unwrap();
        let e = DataReader::open(&path).err().unwrap();
        assert_eq!(e.to_string(), "not a motley training-data file");
        let mut future = header(Variant::Chess);
        future[8] = 9;
        std::fs::write(&path, &future).unwrap();
        assert!(matches!(
            DataReader::open(&path),
            Err(DataError::Version(9))
        ));
        // A square off the 8x8 board.
        let mut bad = header(Variant::Chess);
        bad.extend_from_slice(&[1, 64, 5, 0, 0, 0, 0, 1]);
        std::fs::write(&path, &bad).unwrap();
        let e = DataReader::open(&path)
            .unwrap()
            .next()
            .unwrap()
            .unwrap_err();
        assert!(e.to_string().contains("off the board"), "{e}");
        std::fs::remove_file(&path).unwrap();
    }
}
