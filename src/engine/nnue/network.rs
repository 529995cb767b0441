//! A quantised network: its numbers, its file and its output.
//!
//! The shape is the usual efficiently updated one: every input of a side
//! adds a row of `hidden` 16-bit weights to that side's accumulator; the
//! two accumulators (the side to move's first) pass through a squared
//! clipped ReLU and one output neuron gives the score. The output neuron
//! may have several sets of weights, its buckets, one chosen by the number
//! of pieces on the board ([`OutputBuckets`]): an endgame's worth is not a
//! middlegame's.
//!
//! Numbers are integers: input weights and biases are the trained values
//! times [`QA`], output weights times [`QB`], the output bias times
//! `QA * QB`; the output is scaled to centipawns by [`SCALE`].
//!
//! The inputs may be split by where each side's king stands
//! ([`KingBuckets`]): a copy of every input per bucket.
//!
//! The file is the magic `MOTLEYNN`, the format version (`u16`), the
//! game's name (a length byte and its letters), the hidden size (`u16`),
//! the number of inputs of one side (`u32`), the number of output buckets
//! and the pieces per bucket (a byte each), the number of king buckets and
//! whether the view is mirrored (a byte each) and each relative king
//! square's bucket (a byte per square of the board), then the input
//! weights (one row of `hidden` per input), the input biases, each
//! bucket's output weights (the side to move's `hidden`, then the other
//! side's) as `i16`, each bucket's output bias as `i32`, and an FNV-1a
//! checksum (`u64`) of everything before it; all little-endian. Versions
//! 1 (without output buckets) and 2 (without king buckets) are refused
//! with their reason.

use std::fmt;
use std::io::Read;
use std::path::Path;

use super::features::{FeatureSpace, KingBuckets, MAX_KING_BUCKETS};
use super::kernels;
use crate::rules::Variant;

/// The first bytes of every network file.
pub const MAGIC: &[u8; 8] = b"MOTLEYNN";
/// The network file version this build reads and writes.
pub const VERSION: u16 = 3;
/// The clip of the hidden activation, and the input weights' scale.
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;
/// The hidden sizes a file may have.
pub const HIDDEN_RANGE: std::ops::RangeInclusive<usize> = 8..=1024;
/// The most output buckets a file may have.
pub const MAX_OUTPUT_BUCKETS: usize = 16;

/// Which of a network's output weights score a position: bucket
/// `(pieces - 2) / pieces_per_bucket`, at most the last, where `pieces`
/// counts every piece on the board, kings included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputBuckets {
    count: u8,
    pieces_per_bucket: u8,
}

impl OutputBuckets {
    /// One set of output weights for every position.
    pub const SINGLE: OutputBuckets = OutputBuckets {
        count: 1,
        pieces_per_bucket: 1,
    };

    /// `count` buckets, each a range of piece counts, or `None` unless
    /// `count` is 1 to [`MAX_OUTPUT_BUCKETS`] and `pieces_per_bucket` at
    /// least 1.
    pub fn new(count: usize, pieces_per_bucket: usize) -> Option<OutputBuckets> {
        let valid =
            (1..=MAX_OUTPUT_BUCKETS).contains(&count) && (1..=255).contains(&pieces_per_bucket);
        valid.then_some(OutputBuckets {
            count: count as u8,
            pieces_per_bucket: pieces_per_bucket as u8,
        })
    }

    /// `count` buckets that share `start_pieces` (the game's start
    /// position's piece count) evenly: the start position is in the last
    /// bucket, the two kings alone in the first.
    pub fn spread(count: usize, start_pieces: usize) -> Option<OutputBuckets> {
        let above_kings = start_pieces.saturating_sub(2) + 1;
        OutputBuckets::new(count, above_kings.div_ceil(count.max(1)).max(1))
    }

    /// The number of buckets.
    pub fn count(self) -> usize {
        usize::from(self.count)
    }

    /// The pieces each bucket spans.
    pub fn pieces_per_bucket(self) -> usize {
        usize::from(self.pieces_per_bucket)
    }

    /// The bucket of a position with `pieces` pieces on the board.
    #[inline]
    pub fn of(self, pieces: u32) -> usize {
        ((pieces.saturating_sub(2) / u32::from(self.pieces_per_bucket)) as usize)
            .min(usize::from(self.count) - 1)
    }
}

/// Why a network cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file system refused (the path and the system's words).
    Io(String),
    /// The bytes do not start with [`MAGIC`].
    NotNetwork,
    /// A format version this build does not read.
    Version(u16),
    /// The file names a game this build does not know.
    UnknownGame(String),
    /// The network is for another game.
    WrongGame {
        /// The game the network was wanted for.
        expected: Variant,
        /// The game the file is for.
        found: Variant,
    },
    /// King buckets outside 1 to [`MAX_KING_BUCKETS`], or a square's
    /// bucket past their count.
    KingBuckets(usize),
    /// The file's input count is not the game's.
    WrongInputs {
        /// The game's input count.
        expected: usize,
        /// The file's.
        found: usize,
    },
    /// A hidden size outside [`HIDDEN_RANGE`].
    Hidden(usize),
    /// Output buckets outside 1 to [`MAX_OUTPUT_BUCKETS`], or none of
    /// the pieces per bucket.
    Buckets {
        /// The file's bucket count.
        count: usize,
        /// The file's pieces per bucket.
        pieces_per_bucket: usize,
    },
    /// The file ends before its numbers do.
    Truncated,
    /// Bytes follow the checksum.
    TrailingBytes,
    /// The path is not a regular file (a directory, a device, a pipe):
    /// refused before reading, since such a file may never end.
    NotRegularFile,
    /// The file is larger than any network of any game can be.
    TooLarge {
        /// Its size in bytes.
        size: u64,
        /// The largest network file, [`largest_file_bytes`].
        limit: u64,
    },
    /// The checksum does not match: the file is damaged.
    Checksum,
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io(e) => write!(f, "{e}"),
            NetError::NotNetwork => write!(f, "not a motley network file"),
            NetError::Version(v) => write!(
                f,
                "network file version {v}, this build reads version {VERSION}"
            ),
            NetError::UnknownGame(g) => write!(f, "a network for an unknown game '{g}'"),
            NetError::WrongGame { expected, found } => write!(
                f,
                "a network for {}, not for {}",
                found.name(),
                expected.name()
            ),
            NetError::WrongInputs { expected, found } => {
                write!(f, "the network has {found} inputs, the game has {expected}")
            }
            NetError::Hidden(h) => write!(
                f,
                "hidden size {h} is outside {}..={}",
                HIDDEN_RANGE.start(),
                HIDDEN_RANGE.end()
            ),
            NetError::Buckets {
                count,
                pieces_per_bucket,
            } => write!(
                f,
                "{count} output buckets of {pieces_per_bucket} pieces: 1 to \
                 {MAX_OUTPUT_BUCKETS} buckets of at least one piece are read"
            ),
            NetError::KingBuckets(count) => write!(
                f,
                "{count} king buckets, or a square's bucket past them: 1 to \
                 {MAX_KING_BUCKETS} buckets are read"
            ),
            NetError::Truncated => write!(f, "the network file is cut short"),
            NetError::TrailingBytes => write!(f, "the network file has bytes after its end"),
            NetError::Checksum => write!(f, "the network file is damaged (checksum mismatch)"),
            NetError::NotRegularFile => {
                write!(f, "not a regular file (a directory, a device or a pipe)")
            }
            NetError::TooLarge { size, limit } => write!(
                f,
                "{size} bytes, more than the largest network file ({limit} bytes)"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// A network of one game, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    variant: Variant,
    space: FeatureSpace,
    hidden: usize,
    buckets: OutputBuckets,
    /// One row of `hidden` per input.
    pub(super) input_weights: Vec<i16>,
    pub(super) input_bias: Vec<i16>,
    /// Per bucket, the side to move's `hidden` weights, then the other
    /// side's.
    output_weights: Vec<i16>,
    /// Per bucket.
    output_bias: Vec<i32>,
}

/// Bucket `bucket`'s output weights in a list laid out as a network's
/// (per bucket, the side to move's `hidden`, then the other side's): the
/// side to move's and the other side's.
#[inline]
pub fn bucket_output_weights<T>(weights: &[T], hidden: usize, bucket: usize) -> (&[T], &[T]) {
    weights[bucket * 2 * hidden..(bucket + 1) * 2 * hidden].split_at(hidden)
}

/// The size in bytes of the largest network file any game can have: the
/// game with the most inputs, a name of 255 letters, the largest hidden
/// size of [`HIDDEN_RANGE`] and [`MAX_OUTPUT_BUCKETS`] buckets. [`Network::load`] reads nothing larger.
pub fn largest_file_bytes() -> u64 {
    let (inputs, squares) = Variant::ALL
        .into_iter()
        .map(|v| {
            let space = FeatureSpace::of(v);
            (space.len() as u64, space.squares() as u64)
        })
        .fold((0, 0), |(i, s), (vi, vs)| (i.max(vi), s.max(vs)));
    let inputs = inputs * MAX_KING_BUCKETS as u64;
    let hidden = *HIDDEN_RANGE.end() as u64;
    let buckets = MAX_OUTPUT_BUCKETS as u64;
    let header = MAGIC.len() as u64 + 2 + 1 + 255 + 2 + 4 + 2 + 2 + squares;
    let numbers = 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets;
    header + numbers + 8
}

/// The trained numbers of a network before quantisation, as the trainer
/// holds them.
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    /// The game.
    pub variant: Variant,
    /// The hidden size.
    pub hidden: usize,
    /// Which output weights score a position.
    pub buckets: OutputBuckets,
    /// How the inputs are split by the kings' squares.
    pub kings: KingBuckets,
    /// One row of `hidden` per input.
    pub input_weights: Vec<f32>,
    /// The hidden layer's biases.
    pub input_bias: Vec<f32>,
    /// Per bucket, the side to move's `hidden` weights, then the other
    /// side's.
    pub output_weights: Vec<f32>,
    /// The output's bias, per bucket.
    pub output_bias: Vec<f32>,
}

impl FloatNetwork {
    /// The score in centipawns, for the side to move, of a position with
    /// `pieces` pieces, the side to move's inputs `us` and the other
    /// side's `them`: what the quantised network approximates.
    pub fn evaluate(&self, us: &[usize], them: &[usize], pieces: u32) -> f32 {
        let h = self.hidden;
        let half = |inputs: &[usize], weights: &[f32]| -> f32 {
            let mut sums = self.input_bias.clone();
            for &i in inputs {
                for (s, w) in sums.iter_mut().zip(&self.input_weights[i * h..(i + 1) * h]) {
                    *s += w;
                }
            }
            sums.iter()
                .zip(weights)
                .map(|(&x, &w)| x.clamp(0.0, 1.0).powi(2) * w)
                .sum()
        };
        let bucket = self.buckets.of(pieces);
        let (ours, theirs) = bucket_output_weights(&self.output_weights, h, bucket);
        (half(us, ours) + half(them, theirs) + self.output_bias[bucket]) * SCALE as f32
    }
}

fn quantise(x: f32, scale: i32) -> i16 {
    (x * scale as f32)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// FNV-1a over `bytes`: cheap, and catches a damaged or cut file.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Reads the numbers of a network file in order.
struct Cursor<'a> {
    bytes: &'a [u8],
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetError> {
        if self.bytes.len() < n {
            return Err(NetError::Truncated);
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }
    /// The next `N` bytes.
    fn array<const N: usize>(&mut self) -> Result<[u8; N], NetError> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, NetError> {
        let bytes = self.take(n.checked_mul(2).ok_or(NetError::Truncated)?)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

impl Network {
    /// The quantised form of trained numbers.
    ///
    /// # Panics
    /// If the numbers' lengths do not fit the game and hidden size (a
    /// trainer's bug, never a consequence of input).
    pub fn quantised(float: &FloatNetwork) -> Network {
        let space = FeatureSpace::with_kings(float.variant, float.kings);
        let h = float.hidden;
        assert_eq!(float.input_weights.len(), space.len() * h);
        assert_eq!(float.input_bias.len(), h);
        let buckets = float.buckets.count();
        assert_eq!(float.output_weights.len(), buckets * 2 * h);
        assert_eq!(float.output_bias.len(), buckets);
        Network {
            variant: float.variant,
            space,
            hidden: h,
            buckets: float.buckets,
            input_weights: float
                .input_weights
                .iter()
                .map(|&w| quantise(w, QA))
                .collect(),
            input_bias: float.input_bias.iter().map(|&w| quantise(w, QA)).collect(),
            output_weights: float
                .output_weights
                .iter()
                .map(|&w| quantise(w, QB))
                .collect(),
            output_bias: float
                .output_bias
                .iter()
                .map(|&b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
        }
    }

    /// The numbers as the trainer holds them, each divided back by its
    /// quantisation scale: what a training run may start from
    /// (`motley train --init`). Quantising them gives this network again.
    pub fn to_float(&self) -> FloatNetwork {
        let unscale = |w: &i16, scale: i32| f32::from(*w) / scale as f32;
        FloatNetwork {
            variant: self.variant,
            hidden: self.hidden,
            buckets: self.buckets,
            kings: *self.space.kings(),
            input_weights: self.input_weights.iter().map(|w| unscale(w, QA)).collect(),
            input_bias: self.input_bias.iter().map(|w| unscale(w, QA)).collect(),
            output_weights: self.output_weights.iter().map(|w| unscale(w, QB)).collect(),
            output_bias: self
                .output_bias
                .iter()
                .map(|&b| b as f32 / (QA * QB) as f32)
                .collect(),
        }
    }

    /// The game the network evaluates.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The game's inputs.
    pub fn space(&self) -> &FeatureSpace {
        &self.space
    }
    /// The hidden size (per side).
    pub fn hidden(&self) -> usize {
        self.hidden
    }
    /// Which output weights score a position.
    pub fn buckets(&self) -> OutputBuckets {
        self.buckets
    }

    /// The network's file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.input_weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        let name = self.variant.name().as_bytes();
        out.push(name.len() as u8);
        out.extend_from_slice(name);
        out.extend_from_slice(&(self.hidden as u16).to_le_bytes());
        out.extend_from_slice(&(self.space.len() as u32).to_le_bytes());
        out.push(self.buckets.count);
        out.push(self.buckets.pieces_per_bucket);
        let kings = self.space.kings();
        out.push(kings.count() as u8);
        out.push(u8::from(kings.mirror()));
        out.extend_from_slice(kings.map(self.space.squares()));
        for list in [&self.input_weights, &self.input_bias, &self.output_weights] {
            for w in list.iter() {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network file's bytes; `expected` is the game it must be
    /// for, when the caller needs one.
    pub fn from_bytes(bytes: &[u8], expected: Option<Variant>) -> Result<Network, NetError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(NetError::NotNetwork);
        }
        if bytes.len() < MAGIC.len() + 8 + 2 {
            return Err(NetError::Truncated);
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut c = Cursor {
            bytes: &body[MAGIC.len()..],
        };
        let version = u16::from_le_bytes(c.array()?);
        if version != VERSION {
            return Err(NetError::Version(version));
        }
        let name_len = c.take(1)?[0] as usize;
        let name = String::from_utf8_lossy(c.take(name_len)?).into_owned();
        // A built-in game, or one loaded from a file under that name.
        let variant = match name.parse::<Variant>() {
            Ok(variant) if variant.name() == name => variant,
            _ => return Err(NetError::UnknownGame(name)),
        };
        if let Some(expected) = expected
            && expected != variant
        {
            return Err(NetError::WrongGame {
                expected,
                found: variant,
            });
        }
        let hidden = usize::from(u16::from_le_bytes(c.array()?));
        if !HIDDEN_RANGE.contains(&hidden) {
            return Err(NetError::Hidden(hidden));
        }
        let inputs = u32::from_le_bytes(c.array()?) as usize;
        let [count, pieces_per_bucket] = c.array()?;
        let (count, pieces_per_bucket) = (usize::from(count), usize::from(pieces_per_bucket));
        let buckets = OutputBuckets::new(count, pieces_per_bucket).ok_or(NetError::Buckets {
            count,
            pieces_per_bucket,
        })?;
        let [king_count, mirror] = c.array()?;
        let king_count = usize::from(king_count);
        let plain = FeatureSpace::of(variant);
        let map = c.take(plain.squares())?;
        let kings = KingBuckets::from_parts(king_count, mirror != 0, map)
            .ok_or(NetError::KingBuckets(king_count))?;
        let space = FeatureSpace::with_kings(variant, kings);
        if inputs != space.len() {
            return Err(NetError::WrongInputs {
                expected: space.len(),
                found: inputs,
            });
        }
        let input_weights = c.i16s(inputs * hidden)?;
        let input_bias = c.i16s(hidden)?;
        let output_weights = c.i16s(count * 2 * hidden)?;
        let output_bias = (0..count)
            .map(|_| c.array().map(i32::from_le_bytes))
            .collect::<Result<Vec<i32>, NetError>>()?;
        if !c.bytes.is_empty() {
            // What looked like the checksum was numbers: either bytes were
            // added or the sizes above were damaged.
            return Err(
                if checksum(body) == u64::from_le_bytes(sum.try_into().expect("8")) {
                    NetError::TrailingBytes
                } else {
                    NetError::Checksum
                },
            );
        }
        let mut tail = Cursor { bytes: sum };
        if u64::from_le_bytes(tail.array()?) != checksum(body) {
            return Err(NetError::Checksum);
        }
        Ok(Network {
            variant,
            space,
            hidden,
            buckets,
            input_weights,
            input_bias,
            output_weights,
            output_bias,
        })
    }

    /// Reads a network file. Only a regular file of at most
    /// [`largest_file_bytes`] is read, and never more than that many bytes
    /// of it: a device such as `/dev/zero`, a named pipe or a huge file is
    /// refused at once instead of filling the memory or blocking.
    pub fn load(path: &Path, expected: Option<Variant>) -> Result<Network, NetError> {
        let shown = path.display().to_string();
        let io = |e: std::io::Error| NetError::Io(format!("cannot read {shown}: {e}"));
        let limit = largest_file_bytes();
        let too_large = |size| NetError::TooLarge { size, limit };
        // The kind is checked before opening: opening a named pipe blocks
        // until something writes to it.
        let meta = std::fs::metadata(path).map_err(io)?;
        if !meta.is_file() {
            return Err(NetError::NotRegularFile);
        }
        if meta.len() > limit {
            return Err(too_large(meta.len()));
        }
        // The file may have been replaced or grown since: read at most
        // one byte past the limit.
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        std::fs::File::open(path)
            .and_then(|file| file.take(limit + 1).read_to_end(&mut bytes))
            .map_err(io)?;
        if bytes.len() as u64 > limit {
            return Err(too_large(bytes.len() as u64));
        }
        Network::from_bytes(&bytes, expected)
    }

    /// Writes the network file.
    pub fn save(&self, path: &Path) -> Result<(), NetError> {
        std::fs::write(path, self.to_bytes())
            .map_err(|e| NetError::Io(format!("cannot write {}: {e}", path.display())))
    }

    /// The row of input weights of input `i`.
    #[inline]
    pub(super) fn row(&self, i: usize) -> &[i16] {
        &self.input_weights[i * self.hidden..(i + 1) * self.hidden]
    }

    /// The score in centipawns, for the side to move, of the two
    /// accumulators (the side to move's and the other side's) of a
    /// position with `pieces` pieces on the board.
    #[inline]
    pub fn output(&self, us: &[i16], them: &[i16], pieces: u32) -> i32 {
        let h = self.hidden;
        let bucket = self.buckets.of(pieces);
        let (ours, theirs) = bucket_output_weights(&self.output_weights, h, bucket);
        let clip = QA as i16;
        let sum = kernels::screlu_dot(us, ours, clip) + kernels::screlu_dot(them, theirs, clip);
        let raw = sum / i64::from(QA) + i64::from(self.output_bias[bucket]);
        (raw * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// A network of random numbers, for tests.
#[cfg(test)]
pub(crate) fn random_float_network(variant: Variant, hidden: usize, seed: u64) -> FloatNetwork {
    random_bucketed_network(variant, hidden, OutputBuckets::SINGLE, seed)
}

/// A network of random numbers with output buckets, for tests.
#[cfg(test)]
pub(crate) fn random_bucketed_network(
    variant: Variant,
    hidden: usize,
    buckets: OutputBuckets,
    seed: u64,
) -> FloatNetwork {
    random_network(variant, hidden, buckets, KingBuckets::NONE, seed)
}

/// A network of random numbers with output and king buckets, for tests.
#[cfg(test)]
pub(crate) fn random_network(
    variant: Variant,
    hidden: usize,
    buckets: OutputBuckets,
    kings: KingBuckets,
    seed: u64,
) -> FloatNetwork {
    let n = FeatureSpace::with_kings(variant, kings).len();
    let b = buckets.count();
    let mut rng = crate::rules::random::XorShift(seed.max(1));
    let mut next = || (rng.next_word() >> 40) as f32 / (1u64 << 24) as f32 - 0.5;
    FloatNetwork {
        variant,
        hidden,
        buckets,
        kings,
        input_weights: (0..n * hidden).map(|_| next() * 0.2).collect(),
        input_bias: (0..hidden).map(|_| next() * 0.2).collect(),
        output_weights: (0..b * 2 * hidden).map(|_| next()).collect(),
        output_bias: (0..b).map(|k| 0.05 * k as f32 - 0.1).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(variant: Variant, hidden: usize) -> FloatNetwork {
        random_float_network(variant, hidden, 1)
    }

    #[test]
    fn a_network_file_round_trips() {
        let net = Network::quantised(&small(Variant::WadChess, 16));
        let bytes = net.to_bytes();
        assert_eq!(
            Network::from_bytes(&bytes, Some(Variant::WadChess)),
            Ok(net)
        );
    }

    #[test]
    fn a_bucketed_network_file_round_trips() {
        let buckets = OutputBuckets::spread(8, 40).unwrap();
        let net = Network::quantised(&random_bucketed_network(Variant::WadChess, 16, buckets, 3));
        let bytes = net.to_bytes();
        let read = Network::from_bytes(&bytes, Some(Variant::WadChess)).unwrap();
        assert_eq!(read.buckets(), buckets);
        assert_eq!(read, net);
    }

    /// The trainer's numbers read back from a network quantise to the
    /// same network, buckets and all, and score alike.
    #[test]
    fn a_network_quantises_back_from_its_float_numbers() {
        let buckets = OutputBuckets::spread(4, 40).unwrap();
        let net = Network::quantised(&random_bucketed_network(Variant::WadChess, 16, buckets, 5));
        let float = net.to_float();
        assert_eq!(float.buckets, buckets);
        assert_eq!(Network::quantised(&float), net);
    }

    #[test]
    fn buckets_share_the_piece_counts_from_bare_kings_to_the_start() {
        // Chess: 32 pieces at the start, 4 a bucket.
        let chess = OutputBuckets::spread(8, 32).unwrap();
        assert_eq!(chess.pieces_per_bucket(), 4);
        assert_eq!(chess.of(2), 0);
        assert_eq!(chess.of(5), 0);
        assert_eq!(chess.of(6), 1);
        assert_eq!(chess.of(32), 7);
        // Never past the last, whatever the count.
        assert_eq!(chess.of(200), 7);
        assert_eq!(chess.of(0), 0);
        // Parity Chess: 48 pieces, 6 a bucket; the start in the last.
        let parity = OutputBuckets::spread(8, 48).unwrap();
        assert_eq!(parity.of(48), 7);
        assert_eq!(parity.of(47), 7);
        assert_eq!(parity.of(43), 6);
        assert_eq!(OutputBuckets::SINGLE.of(32), 0);
        assert_eq!(OutputBuckets::new(0, 4), None);
        assert_eq!(OutputBuckets::new(MAX_OUTPUT_BUCKETS + 1, 4), None);
        assert_eq!(OutputBuckets::new(8, 0), None);
    }

    #[test]
    fn the_bucket_of_the_piece_count_scores_the_position() {
        let buckets = OutputBuckets::spread(4, 32).unwrap();
        let float = random_bucketed_network(Variant::Chess, 16, buckets, 5);
        let (us, them) = ([3, 70, 200], [5, 71]);
        let scores: Vec<f32> = [2, 12, 20, 32]
            .iter()
            .map(|&pieces| float.evaluate(&us, &them, pieces))
            .collect();
        for pair in scores.windows(2) {
            assert_ne!(pair[0], pair[1], "{scores:?}");
        }
        let net = Network::quantised(&float);
        let sums = |inputs: &[usize]| -> Vec<i16> {
            let mut acc = net.input_bias.clone();
            for &i in inputs {
                for (a, w) in acc.iter_mut().zip(net.row(i)) {
                    *a += w;
                }
            }
            acc
        };
        for (&pieces, &expected) in [2, 12, 20, 32].iter().zip(&scores) {
            let got = net.output(&sums(&us), &sums(&them), pieces);
            assert!(
                (got as f32 - expected).abs() < 4.0,
                "{pieces}: {got} {expected}"
            );
        }
    }

    #[test]
    fn old_versions_and_impossible_buckets_are_refused_with_their_reason() {
        let net = Network::quantised(&small(Variant::Chess, 16));
        let mut old = net.to_bytes();
        old[MAGIC.len()..MAGIC.len() + 2].copy_from_slice(&1u16.to_le_bytes());
        let msg = Network::from_bytes(&old, None).unwrap_err().to_string();
        assert_eq!(msg, "network file version 1, this build reads version 3");
        old[MAGIC.len()..MAGIC.len() + 2].copy_from_slice(&2u16.to_le_bytes());
        let msg = Network::from_bytes(&old, None).unwrap_err().to_string();
        assert_eq!(msg, "network file version 2, this build reads version 3");
        // The bucket count is the byte after the input count.
        let mut none = net.to_bytes();
        let at = MAGIC.len() + 2 + 1 + "chess".len() + 2 + 4;
        none[at] = 0;
        let body = none.len() - 8;
        let sum = checksum(&none[..body]);
        none[body..].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&none, None),
            Err(NetError::Buckets {
                count: 0,
                pieces_per_bucket: 1
            })
        );
        // The king bucket count follows, then the mirror byte and the map.
        let resealed = |at: usize, byte: u8| {
            let mut bytes = net.to_bytes();
            bytes[at] = byte;
            let body = bytes.len() - 8;
            let sum = checksum(&bytes[..body]);
            bytes[body..].copy_from_slice(&sum.to_le_bytes());
            Network::from_bytes(&bytes, None)
        };
        assert_eq!(resealed(at + 2, 0), Err(NetError::KingBuckets(0)));
        assert_eq!(
            resealed(at + 2, MAX_KING_BUCKETS as u8 + 1),
            Err(NetError::KingBuckets(MAX_KING_BUCKETS + 1))
        );
        // A square's bucket past the count.
        assert_eq!(resealed(at + 4 + 10, 1), Err(NetError::KingBuckets(1)));
        // More buckets than the file's inputs are for.
        assert!(matches!(
            resealed(at + 2, 2),
            Err(NetError::WrongInputs { .. })
        ));
    }

    #[test]
    fn a_network_with_king_buckets_round_trips_and_its_sums_follow_the_kings() {
        for (variant, layout) in [
            (Variant::Chess, "mirror4"),
            (Variant::ParityChess, "mirror"),
        ] {
            let kings = KingBuckets::named(layout, variant, true).unwrap();
            let float = random_network(variant, 16, OutputBuckets::SINGLE, kings, 7);
            let net = Network::quantised(&float);
            let read = Network::from_bytes(&net.to_bytes(), Some(variant)).unwrap();
            assert_eq!(read.space().kings(), &kings);
            assert_eq!(read, net);
        }
    }

    #[test]
    fn a_wrong_or_damaged_file_is_refused_with_its_reason() {
        let net = Network::quantised(&small(Variant::Chess, 16));
        let bytes = net.to_bytes();
        assert_eq!(
            Network::from_bytes(&bytes, Some(Variant::ParityChess)),
            Err(NetError::WrongGame {
                expected: Variant::ParityChess,
                found: Variant::Chess
            })
        );
        assert_eq!(
            Network::from_bytes(b"MOTLEYTD\x01\x00", None),
            Err(NetError::NotNetwork)
        );
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() / 2], None),
            Err(NetError::Truncated)
        );
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(Network::from_bytes(&flipped, None), Err(NetError::Checksum));
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[0; 8]);
        assert!(Network::from_bytes(&longer, None).is_err());
        let msg = Network::from_bytes(&flipped, None).unwrap_err().to_string();
        assert!(msg.contains("damaged"), "{msg}");
    }

    /// A scratch directory of this test process.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("motley-net-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_largest_network_of_every_game_fits_the_read_limit() {
        for variant in Variant::ALL {
            let plain = FeatureSpace::of(variant);
            let inputs = (plain.len() * MAX_KING_BUCKETS) as u64;
            let hidden = *HIDDEN_RANGE.end() as u64;
            let name = variant.name().len() as u64;
            let buckets = MAX_OUTPUT_BUCKETS as u64;
            let file = 8
                + 2
                + 1
                + name
                + 2
                + 4
                + 2
                + 2
                + plain.squares() as u64
                + 2 * (inputs + 1 + 2 * buckets) * hidden
                + 4 * buckets
                + 8;
            assert!(file <= largest_file_bytes(), "{variant:?}: {file}");
        }
        // A real file is read, and the same bytes come back.
        let dir = scratch("round-trip");
        let path = dir.join("chad.nnue");
        let net = Network::quantised(&small(Variant::Chad, 16));
        net.save(&path).unwrap();
        assert_eq!(Network::load(&path, Some(Variant::Chad)), Ok(net));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn endless_special_and_oversized_files_are_refused_before_reading() {
        let dir = scratch("special");
        let refused = |path: &Path| Network::load(path, None).unwrap_err().to_string();
        let msg = refused(&dir);
        assert!(msg.contains("not a regular file"), "{msg}");
        #[cfg(unix)]
        for device in ["/dev/zero", "/dev/urandom"] {
            let msg = refused(Path::new(device));
            assert!(msg.contains("not a regular file"), "{msg}");
        }
        // A sparse file one byte over the limit: its size is enough to
        // refuse it.
        let huge = dir.join("huge.nnue");
        let file = std::fs::File::create(&huge).unwrap();
        file.set_len(largest_file_bytes() + 1).unwrap();
        let msg = refused(&huge);
        assert!(msg.contains("more than the largest network"), "{msg}");
        // A named pipe with no writer would block an open forever.
        let fifo = dir.join("pipe.nnue");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if made {
            let msg = refused(&fifo);
            assert!(msg.contains("not a regular file"), "{msg}");
        } else {
            eprintln!("skipped the named pipe: no mkfifo here");
        }
        let msg = refused(&dir.join("missing.nnue"));
        assert!(msg.contains("cannot read"), "{msg}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
