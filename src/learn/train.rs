//! The trainer: fits a network to training-data files on the CPU.
//!
//! Every position gives the inputs of its side to move and of the other
//! side ([`FeatureSpace`]) and a target between 0 and 1: the game's
//! result for the side to move blended with the search score's expected
//! result, `wdl * result + (1 - wdl) * sigmoid(score / 400)`. The network
//! predicts `sigmoid(output)`, where `output * 400` is its score in
//! centipawns, and the loss is the squared error.
//!
//! The first layer is sparse: a position touches only the rows of its
//! active inputs, forwards and backwards. With the factoriser (on by
//! default) each input also has its group's row, the same piece on any
//! square, and the written network holds each row folded with its
//! group's: the pieces' worth is learned from every position at once,
//! which matters when a game's data is a million positions over 80 or
//! more squares. The rows are folded so once a batch, so a position reads
//! one row per input, and the batch's summed gradient of each input's row
//! is then added to its factor rows'. Batches are split over threads
//! (rayon), each summing its own gradients; Adam then steps every number,
//! with the learning rate falling along a cosine from `lr` to a twentieth
//! of it. Weights stay within [`WEIGHT_CLIP`] so that the quantised
//! network cannot overflow its 16-bit sums. The last positions read (whole
//! games) are held out and their loss reported each epoch; the network of
//! the epoch with the lowest is the one returned.

use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use crate::engine::nnue::features::KingBuckets;
use crate::engine::nnue::network::{OutputBuckets, SCALE, bucket_output_weights};
use crate::engine::nnue::{FeatureSpace, FloatNetwork};
use crate::rules::random::XorShift;
use crate::rules::{Square, Variant};

use super::data::{DataError, DataReader, PositionRecord};

/// The largest magnitude of any weight.
pub const WEIGHT_CLIP: f32 = 1.98;

/// What to train, and how.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// The game.
    pub variant: Variant,
    /// The training-data files, all of this game.
    pub data: Vec<PathBuf>,
    /// The hidden size per side.
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// The first learning rate.
    pub lr: f32,
    /// The weight of the game result in the target (0: the score only).
    pub wdl: f32,
    /// Positions per step.
    pub batch: usize,
    /// Decoupled weight decay (AdamW): each step every number shrinks by
    /// this share of the step's learning rate (0: plain Adam).
    pub weight_decay: f32,
    /// The share of positions held out for validation.
    pub validation: f32,
    /// Seeds the initial weights and the order.
    pub seed: u64,
    /// Whether each input's first-layer weights are learned as the sum of
    /// its own and its group's (the piece's, on any square; see
    /// [`FeatureSpace::groups`]), folded into one row when the network is
    /// written. A group's weights learn from every position holding such
    /// a piece, so a network learns the pieces' worth from fewer
    /// positions.
    pub factorise: bool,
    /// The output buckets: this many sets of output weights, each for a
    /// share of the piece counts from the two kings alone to the start
    /// position's ([`OutputBuckets::spread`]).
    pub output_buckets: usize,
    /// How the inputs are split by where each side's king stands
    /// ([`KingBuckets`]); with the factoriser, every bucket's copy of an
    /// input also shares a row with the others.
    pub kings: KingBuckets,
    /// The network training starts from, in place of random weights (a
    /// network of an earlier generation, to learn on from new data): its
    /// game, hidden size and output buckets must be the run's, and its
    /// king buckets too unless it has none (then every bucket starts as
    /// its copy). With the factoriser, its rows are the inputs' own and
    /// the factor rows start at zero, so training starts from the same
    /// network.
    pub init: Option<FloatNetwork>,
}

impl TrainConfig {
    /// The hidden size per side by default.
    pub const DEFAULT_HIDDEN: usize = 256;
    /// Passes over the positions by default: with a few million
    /// positions the held-out loss stops falling after about 6.
    pub const DEFAULT_EPOCHS: usize = 6;
    /// The first learning rate by default.
    pub const DEFAULT_LR: f32 = 0.002;
    /// The result's weight in the target by default: none, the search
    /// score alone. A share of the result made chess networks weaker: at
    /// 20,000 nodes a move against the hand-written evaluation, a weight
    /// of 0.5 lost nearly every game, 0.3 held level and 0.1 won.
    pub const DEFAULT_WDL: f32 = 0.0;
    /// Positions per step by default. Batches are small for the few
    /// million positions a small machine makes: at 16384 a third of a
    /// million positions gave too few steps to learn the pieces' values.
    pub const DEFAULT_BATCH: usize = 2048;
    /// Weight decay by default: none, as every network was trained
    /// before the sixth chess one. Set it for new runs: on 1.7 million
    /// chess positions from random weights, 0.1 lowered the held-out
    /// loss by 4% and won +52 ± 25 Elo at 20,000 nodes over none.
    pub const DEFAULT_WEIGHT_DECAY: f32 = 0.0;
    /// The share held out for validation by default.
    pub const DEFAULT_VALIDATION: f32 = 0.05;
    /// The seed by default.
    pub const DEFAULT_SEED: u64 = 1;
    /// Whether the factoriser is on by default. It is: trained on the
    /// same 985,022 WAD Chess positions, the held-out score loss fell
    /// from 0.00439 to 0.00380 (chess: 0.00271 to 0.00266).
    pub const DEFAULT_FACTORISE: bool = true;
    /// Output buckets by default: one. Eight buckets, trained on the same
    /// 3.1 million WAD Chess positions, lowered the held-out loss a
    /// little (0.004339 against 0.004352) but lost at 20,000 nodes a move
    /// (-17 ± 22 Elo over 800 games): each bucket learns from an eighth
    /// of the positions.
    pub const DEFAULT_OUTPUT_BUCKETS: usize = 1;

    /// The defaults (the `DEFAULT_` constants) for `variant` and `data`.
    pub fn new(variant: Variant, data: Vec<PathBuf>) -> TrainConfig {
        TrainConfig {
            variant,
            data,
            hidden: Self::DEFAULT_HIDDEN,
            epochs: Self::DEFAULT_EPOCHS,
            lr: Self::DEFAULT_LR,
            wdl: Self::DEFAULT_WDL,
            batch: Self::DEFAULT_BATCH,
            weight_decay: Self::DEFAULT_WEIGHT_DECAY,
            validation: Self::DEFAULT_VALIDATION,
            seed: Self::DEFAULT_SEED,
            factorise: Self::DEFAULT_FACTORISE,
            output_buckets: Self::DEFAULT_OUTPUT_BUCKETS,
            kings: KingBuckets::NONE,
            init: None,
        }
    }

    /// The output buckets the run's network has.
    fn buckets(&self) -> Result<OutputBuckets, TrainError> {
        let start_pieces = crate::with_position!(
            crate::rules::AnyPosition::startpos(self.variant),
            p => p.piece_count()
        ) as usize;
        OutputBuckets::spread(self.output_buckets, start_pieces)
            .ok_or(TrainError::Buckets(self.output_buckets))
    }

    /// Refuses a starting network whose shape is not the run's, saying
    /// what differs (before any data is read, where a caller checks).
    pub fn check_init(&self) -> Result<(), TrainError> {
        let Some(init) = &self.init else {
            return Ok(());
        };
        let differs = |what: &str, net: String, run: String| {
            Err(TrainError::InitShape(format!(
                "the network's {what} is {net}, the run's {run}"
            )))
        };
        if init.variant != self.variant {
            return differs(
                "game",
                init.variant.name().to_string(),
                self.variant.name().to_string(),
            );
        }
        if init.hidden != self.hidden {
            return differs(
                "hidden size",
                init.hidden.to_string(),
                self.hidden.to_string(),
            );
        }
        let buckets = self.buckets()?;
        if init.buckets != buckets {
            return differs(
                "output bucket count",
                init.buckets.count().to_string(),
                buckets.count().to_string(),
            );
        }
        // A network without king buckets may start one with them: each
        // bucket starts as its copy (see `train`).
        if init.kings != self.kings && init.kings != KingBuckets::NONE {
            let layout = |k: &KingBuckets| {
                let view = if k.mirror() {
                    "mirrored"
                } else {
                    "not mirrored"
                };
                format!("{} king buckets, {view}", k.count())
            };
            return differs(
                "king-bucket layout",
                layout(&init.kings),
                layout(&self.kings),
            );
        }
        Ok(())
    }

    /// Where the validation share starts among `positions` positions
    /// read: the last `validation` of them, at least one, are held out.
    /// An error when that leaves none to train on.
    pub fn first_held_out(&self, positions: usize) -> Result<usize, TrainError> {
        let held = ((positions as f32 * self.validation) as usize).clamp(1, positions.max(1));
        match positions.saturating_sub(held) {
            0 => Err(TrainError::NothingToTrain {
                positions,
                validation: self.validation,
            }),
            first => Ok(first),
        }
    }

    /// The checks [`train`] makes before it starts, for `positions`
    /// positions read and, where held-out files are given, `held_out`
    /// held-out ones: enough positions, some to validate on, some left to
    /// train on.
    pub fn check_split(&self, positions: usize, held_out: Option<usize>) -> Result<(), TrainError> {
        if positions < 100 {
            return Err(TrainError::TooFewPositions(positions));
        }
        match held_out {
            Some(0) => Err(TrainError::NoHeldOutPositions),
            Some(_) => Ok(()),
            None => self.first_held_out(positions).map(|_| ()),
        }
    }
}

/// Why training cannot go on.
#[derive(Debug)]
pub enum TrainError {
    /// A data file cannot be read.
    Data {
        /// The file.
        path: PathBuf,
        /// Why.
        error: DataError,
    },
    /// Too few positions to train and validate on.
    TooFewPositions(usize),
    /// Held-out files given, with no position in them.
    NoHeldOutPositions,
    /// The validation share holds out every position: none is left to
    /// train on.
    NothingToTrain {
        /// The positions read.
        positions: usize,
        /// The share held out.
        validation: f32,
    },
    /// Mirror images asked for in a game whose wings differ.
    NoMirror(Variant),
    /// An output bucket count a network file cannot hold.
    Buckets(usize),
    /// The starting network's shape is not the run's: what differs.
    InitShape(String),
}

impl std::fmt::Display for TrainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrainError::Data { path, error } => write!(f, "{}: {error}", path.display()),
            TrainError::TooFewPositions(n) => {
                write!(f, "{n} positions are too few to train on (at least 100)")
            }
            TrainError::Buckets(n) => write!(
                f,
                "--output-buckets {n}: a network has 1 to {} output buckets",
                crate::engine::nnue::network::MAX_OUTPUT_BUCKETS
            ),
            TrainError::NoHeldOutPositions => {
                write!(f, "the held-out files hold no positions to validate on")
            }
            TrainError::NothingToTrain {
                positions,
                validation,
            } => write!(
                f,
                "--validation {validation} holds out all {positions} positions: none is left to train on"
            ),
            TrainError::NoMirror(v) => write!(
                f,
                "--mirror is for chess, wadchess and paritychess: {v}'s wings are not alike"
            ),
            TrainError::InitShape(what) => write!(f, "--init: {what}"),
        }
    }
}

impl std::error::Error for TrainError {}

/// The positions in memory, as inputs and targets.
pub struct Samples {
    /// Every position's inputs: its side to move's, then the other side's,
    /// `len` each.
    inputs: Vec<u16>,
    /// Each position's first input in `inputs`, and its count per side.
    spans: Vec<(u32, u16)>,
    /// Each position's number of pieces on the board.
    pieces: Vec<u8>,
    /// Each position's target.
    targets: Vec<f32>,
}

impl Samples {
    /// No positions yet.
    pub fn new() -> Samples {
        Samples {
            inputs: Vec::new(),
            spans: Vec::new(),
            pieces: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Adds a position with the target that `wdl` blends.
    pub fn push(&mut self, space: &FeatureSpace, record: &PositionRecord, wdl: f32) {
        let start = self.inputs.len() as u32;
        let us = record.side_to_move;
        for side in [us, !us] {
            space.for_each_input(side, &record.pieces, &record.board_corners, |i| {
                self.inputs.push(i as u16)
            });
        }
        let per_side = (self.inputs.len() as u32 - start) / 2;
        self.spans.push((start, per_side as u16));
        self.pieces
            .push(u8::try_from(record.pieces.len()).unwrap_or(u8::MAX));
        let expected = sigmoid(f32::from(record.score) / SCALE as f32);
        self.targets
            .push(wdl * record.outcome.points() + (1.0 - wdl) * expected);
    }

    /// Reads every position of `paths` (files of `space`'s game); with
    /// `mirror`, each is followed by its mirror image (files reversed),
    /// where the game allows it ([`mirrors`]).
    pub fn read(
        variant: Variant,
        space: &FeatureSpace,
        paths: &[PathBuf],
        wdl: f32,
        mirror: bool,
    ) -> Result<Samples, TrainError> {
        if mirror && !mirrors(variant) {
            return Err(TrainError::NoMirror(variant));
        }
        let files = variant.spec().files;
        let mut samples = Samples::new();
        for path in paths {
            let named = |error| TrainError::Data {
                path: path.clone(),
                error,
            };
            for record in DataReader::open_for(path, variant).map_err(named)? {
                let record = record.map_err(named)?;
                samples.push(space, &record, wdl);
                if mirror {
                    samples.push(space, &mirror_image(&record, files), wdl);
                }
            }
        }
        Ok(samples)
    }

    fn sides(&self, index: usize) -> (&[u16], &[u16]) {
        let (start, n) = self.spans[index];
        let (start, n) = (start as usize, n as usize);
        (
            &self.inputs[start..start + n],
            &self.inputs[start + n..start + 2 * n],
        )
    }
}

impl Default for Samples {
    fn default() -> Self {
        Samples::new()
    }
}

/// Whether a position of `variant` and its mirror image (files reversed)
/// are worth the same: true where nothing but castling tells the wings
/// apart (chess, WAD and Parity Chess; the records hold no castling
/// rights), false for Chad's castles and Wau Chess's boards.
pub fn mirrors(variant: Variant) -> bool {
    let spec = variant.spec();
    spec.fortress.is_none() && spec.attack_boards.is_none()
}

/// The record with its files reversed.
fn mirror_image(record: &PositionRecord, files: u8) -> PositionRecord {
    let flip = |sq: Square| {
        let (file, rank) = (sq.to_u8() % files, sq.to_u8() / files);
        Square::new(rank * files + (files - 1 - file))
    };
    PositionRecord {
        pieces: record.pieces.iter().map(|&(sq, p)| (flip(sq), p)).collect(),
        board_corners: record.board_corners.iter().map(|&sq| flip(sq)).collect(),
        ..record.clone()
    }
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A network's numbers, or their gradients, in one flat layout.
#[derive(Clone)]
struct Params {
    hidden: usize,
    buckets: OutputBuckets,
    input_weights: Vec<f32>,
    input_bias: Vec<f32>,
    /// Per bucket, the side to move's `hidden`, then the other side's.
    output_weights: Vec<f32>,
    /// Per bucket.
    output_bias: Vec<f32>,
}

impl Params {
    fn zeros(inputs: usize, hidden: usize, buckets: OutputBuckets) -> Params {
        Params {
            hidden,
            buckets,
            input_weights: vec![0.0; inputs * hidden],
            input_bias: vec![0.0; hidden],
            output_weights: vec![0.0; buckets.count() * 2 * hidden],
            output_bias: vec![0.0; buckets.count()],
        }
    }

    fn random(inputs: usize, hidden: usize, buckets: OutputBuckets, seed: u64) -> Params {
        let mut rng = XorShift(seed.max(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut uniform = |scale: f32| {
            let unit = (rng.next_word() >> 40) as f32 / (1u64 << 24) as f32;
            (unit * 2.0 - 1.0) * scale
        };
        let mut p = Params::zeros(inputs, hidden, buckets);
        p.input_weights.iter_mut().for_each(|w| *w = uniform(0.1));
        let out_scale = 1.0 / (2.0 * hidden as f32).sqrt();
        p.output_weights
            .iter_mut()
            .for_each(|w| *w = uniform(out_scale));
        p
    }

    fn clear(&mut self) {
        self.input_weights.fill(0.0);
        self.input_bias.fill(0.0);
        self.output_weights.fill(0.0);
        self.output_bias.fill(0.0);
    }

    fn add(&mut self, other: &Params) {
        add_into(&mut self.input_weights, &other.input_weights);
        add_into(&mut self.input_bias, &other.input_bias);
        add_into(&mut self.output_weights, &other.output_weights);
        add_into(&mut self.output_bias, &other.output_bias);
    }

    /// Each list of numbers with its clip, in one order for every
    /// `Params` of a shape.
    fn lists_mut(&mut self) -> [&mut [f32]; 4] {
        [
            &mut self.input_weights,
            &mut self.input_bias,
            &mut self.output_weights,
            &mut self.output_bias,
        ]
    }

    /// Row `i` of the first layer's weights.
    #[inline]
    fn row(&self, i: usize) -> &[f32] {
        &self.input_weights[i * self.hidden..(i + 1) * self.hidden]
    }

    /// Row `i` of the first layer's weights, to change.
    #[inline]
    fn row_mut(&mut self, i: usize) -> &mut [f32] {
        &mut self.input_weights[i * self.hidden..(i + 1) * self.hidden]
    }

    /// The network, each input's row folded with its factor rows where
    /// `layout` has the factoriser (the inputs are its first rows).
    fn to_network(&self, variant: Variant, layout: &InputLayout) -> FloatNetwork {
        let h = self.hidden;
        let mut input_weights = self.input_weights[..layout.space.len() * h].to_vec();
        for (i, row) in input_weights.chunks_mut(h).enumerate() {
            for f in layout.factor_rows(i).into_iter().flatten() {
                row.iter_mut().zip(self.row(f)).for_each(|(w, fw)| *w += fw);
            }
            row.iter_mut()
                .for_each(|w| *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP));
        }
        FloatNetwork {
            variant,
            hidden: self.hidden,
            buckets: self.buckets,
            kings: *layout.space.kings(),
            input_weights,
            input_bias: self.input_bias.clone(),
            output_weights: self.output_weights.clone(),
            output_bias: self.output_bias.clone(),
        }
    }
}

/// The first layer's rows: the network's inputs, then, with the
/// factoriser, one row per base input where there are several king
/// buckets ([`FeatureSpace::base`]) and one per input group.
struct InputLayout {
    /// The network's inputs.
    space: FeatureSpace,
    /// Whether the factor rows are there.
    factorise: bool,
}

impl InputLayout {
    /// Whether the inputs have base rows: the factoriser with several
    /// king buckets.
    fn has_base_rows(&self) -> bool {
        self.factorise && self.space.kings().count() > 1
    }

    /// The rows the trainer keeps.
    fn rows(&self) -> usize {
        let mut rows = self.space.len();
        if self.has_base_rows() {
            rows += self.space.base_len();
        }
        if self.factorise {
            rows += self.space.groups();
        }
        rows
    }

    /// The factor rows of `input` whose weights add to its own: its base
    /// input's and its group's, with the factoriser.
    #[inline]
    fn factor_rows(&self, input: usize) -> [Option<usize>; 2] {
        if !self.factorise {
            return [None, None];
        }
        let inputs = self.space.len();
        if self.has_base_rows() {
            let groups_at = inputs + self.space.base_len();
            [
                Some(inputs + self.space.base(input)),
                Some(groups_at + self.space.group(input)),
            ]
        } else {
            [None, Some(inputs + self.space.group(input))]
        }
    }
}

impl InputLayout {
    /// Sets the inputs' rows of `weights` (factor rows at zero) from a
    /// starting network's `init`: its own rows where the layouts match;
    /// where the run has king buckets and the network has none, the
    /// base rows with the factoriser (the buckets' own rows staying at
    /// zero, so they learn only what sets a bucket apart) or else every
    /// bucket's rows. Either way training starts from the same network
    /// where the run's view is not mirrored; a mirrored view mirrors
    /// each side's board by its own king, a pairing the network never
    /// saw, and starts a little worse.
    fn start_from(&self, weights: &mut [f32], init: &[f32], h: usize) {
        let inputs = self.space.len();
        if init.len() == inputs * h {
            weights[..inputs * h].copy_from_slice(init);
        } else if self.has_base_rows() {
            weights[..inputs * h].fill(0.0);
            weights[inputs * h..inputs * h + init.len()].copy_from_slice(init);
        } else {
            for bucket in weights[..inputs * h].chunks_mut(init.len()) {
                bucket.copy_from_slice(init);
            }
        }
    }

    /// Writes into `folded` each input's row with its factor rows added:
    /// the weights the network has now, made once a batch so that a
    /// position's sums read one row per input.
    fn fold(&self, params: &Params, folded: &mut Vec<f32>) {
        let h = params.hidden;
        let inputs = self.space.len();
        folded.clear();
        folded.extend_from_slice(&params.input_weights[..inputs * h]);
        if !self.factorise {
            return;
        }
        for (i, row) in folded.chunks_mut(h).enumerate() {
            for f in self.factor_rows(i).into_iter().flatten() {
                add_into(row, params.row(f));
            }
        }
    }

    /// Adds each input row's gradient to its factor rows' (they take a
    /// share of every input that uses them), once a batch's gradients are
    /// summed.
    fn spread(&self, grad: &mut Params) {
        if !self.factorise {
            return;
        }
        let h = grad.hidden;
        let inputs = self.space.len();
        let (own, factors) = grad.input_weights.split_at_mut(inputs * h);
        for (i, row) in own.chunks(h).enumerate() {
            for f in self.factor_rows(i).into_iter().flatten() {
                let at = (f - inputs) * h;
                add_into(&mut factors[at..at + h], row);
            }
        }
    }
}

fn add_into(to: &mut [f32], from: &[f32]) {
    to.iter_mut().zip(from).for_each(|(t, f)| *t += f);
}

/// One thread's work space: the hidden sums of a position, their
/// gradients, and the gradients of its share of a batch.
struct Worker {
    grad: Params,
    us: Vec<f32>,
    them: Vec<f32>,
    /// The gradients of one side's hidden sums.
    delta: Vec<f32>,
    loss: f64,
}

impl Worker {
    fn new(inputs: usize, hidden: usize, buckets: OutputBuckets) -> Worker {
        Worker {
            grad: Params::zeros(inputs, hidden, buckets),
            us: vec![0.0; hidden],
            them: vec![0.0; hidden],
            delta: vec![0.0; hidden],
            loss: 0.0,
        }
    }

    /// The hidden sums of one side, from the inputs' folded rows
    /// ([`InputLayout::fold`]).
    fn sums(p: &Params, folded: &[f32], inputs: &[u16], out: &mut [f32]) {
        let h = p.hidden;
        out.copy_from_slice(&p.input_bias);
        for &i in inputs {
            let i = i as usize;
            add_into(out, &folded[i * h..(i + 1) * h]);
        }
    }

    /// The network's output (before the sigmoid) from the hidden sums,
    /// through the output weights of `bucket`.
    fn output(p: &Params, us: &[f32], them: &[f32], bucket: usize) -> f32 {
        let h = p.hidden;
        let (w_us, w_them) = bucket_output_weights(&p.output_weights, h, bucket);
        let act = |x: f32| {
            let c = x.clamp(0.0, 1.0);
            c * c
        };
        let a: f32 = us.iter().zip(w_us).map(|(&x, &w)| act(x) * w).sum();
        let b: f32 = them.iter().zip(w_them).map(|(&x, &w)| act(x) * w).sum();
        a + b + p.output_bias[bucket]
    }

    /// Adds the loss of one position, and its gradient when `learn`:
    /// the inputs' own rows take it, and [`InputLayout::spread`] passes it
    /// on to their factor rows once the batch is summed.
    fn step(&mut self, p: &Params, folded: &[f32], samples: &Samples, index: usize, learn: bool) {
        let (us_inputs, them_inputs) = samples.sides(index);
        Worker::sums(p, folded, us_inputs, &mut self.us);
        Worker::sums(p, folded, them_inputs, &mut self.them);
        let bucket = p.buckets.of(u32::from(samples.pieces[index]));
        let out = Worker::output(p, &self.us, &self.them, bucket);
        let predicted = sigmoid(out);
        let error = predicted - samples.targets[index];
        self.loss += f64::from(error * error);
        if !learn {
            return;
        }
        let g = 2.0 * error * predicted * (1.0 - predicted);
        let h = p.hidden;
        self.grad.output_bias[bucket] += g;
        for (side, (sums, inputs)) in [(&self.us, us_inputs), (&self.them, them_inputs)]
            .into_iter()
            .enumerate()
        {
            let at = (2 * bucket + side) * h;
            let weights = &p.output_weights[at..at + h];
            let out_grad = &mut self.grad.output_weights[at..at + h];
            let delta = &mut self.delta;
            for k in 0..h {
                let x = sums[k];
                let c = x.clamp(0.0, 1.0);
                out_grad[k] += g * c * c;
                delta[k] = if x > 0.0 && x < 1.0 {
                    g * weights[k] * 2.0 * x
                } else {
                    0.0
                };
            }
            add_into(&mut self.grad.input_bias, delta);
            for &i in inputs {
                add_into(self.grad.row_mut(i as usize), delta);
            }
        }
    }
}

/// Adam's moments for every number.
struct Adam {
    first: Params,
    second: Params,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    /// One step of every number by its summed gradient over `batch`
    /// positions; `decay` shrinks each number by `lr × decay` of itself
    /// first (decoupled weight decay).
    fn step(&mut self, params: &mut Params, grad: &mut Params, lr: f32, decay: f32, batch: usize) {
        self.steps += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.steps);
        let c2 = 1.0 - Self::BETA2.powi(self.steps);
        let scale = 1.0 / batch as f32;
        let keep = 1.0 - lr * decay;
        let lists = params
            .lists_mut()
            .into_iter()
            .zip(grad.lists_mut())
            .zip(self.first.lists_mut())
            .zip(self.second.lists_mut());
        for (((p, g), m), v) in lists {
            for k in 0..p.len() {
                let gk = g[k] * scale;
                m[k] = Self::BETA1 * m[k] + (1.0 - Self::BETA1) * gk;
                v[k] = Self::BETA2 * v[k] + (1.0 - Self::BETA2) * gk * gk;
                let update = lr * (m[k] / c1) / ((v[k] / c2).sqrt() + Self::EPSILON);
                p[k] = (p[k] * keep - update).clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            }
        }
    }
}

/// What the trainer reports after each batch and each epoch.
#[derive(Clone, Copy, Debug)]
pub struct TrainProgress {
    /// The epoch, from 1.
    pub epoch: usize,
    /// Training positions seen in this epoch.
    pub positions: usize,
    /// Training positions per epoch.
    pub per_epoch: usize,
    /// The mean training loss of the epoch so far.
    pub train_loss: f64,
    /// The validation loss, at an epoch's end.
    pub validation_loss: Option<f64>,
    /// Positions a second, this epoch.
    pub per_second: f64,
    /// The learning rate of the batch.
    pub lr: f32,
}

/// Trains a network on `samples` and returns the numbers (for
/// [`Network::quantised`]) of the epoch with the lowest validation loss,
/// with that loss. The validation positions are `held_out` where given
/// (then every one of `samples` is trained on), else the share
/// `config.validation` of `samples`, taken from their end.
/// `on_progress` hears of every batch and of each epoch's end (the
/// report with `validation_loss`).
pub fn train(
    config: &TrainConfig,
    samples: &Samples,
    held_out: Option<&Samples>,
    on_progress: &mut dyn FnMut(&TrainProgress),
) -> Result<(FloatNetwork, f64), TrainError> {
    config.check_split(samples.len(), held_out.map(Samples::len))?;
    let space = FeatureSpace::with_kings(config.variant, config.kings);
    let layout = InputLayout {
        space,
        factorise: config.factorise,
    };
    let rows = layout.rows();
    let h = config.hidden;
    let buckets = config.buckets()?;
    config.check_init()?;
    let mut params = Params::random(rows, h, buckets, config.seed);
    // The factor rows start at zero: the factoriser starts from the same
    // network as without it.
    params.input_weights[layout.space.len() * h..].fill(0.0);
    if let Some(init) = &config.init {
        layout.start_from(&mut params.input_weights, &init.input_weights, h);
        params.input_bias.copy_from_slice(&init.input_bias);
        params.output_weights.copy_from_slice(&init.output_weights);
        params.output_bias.copy_from_slice(&init.output_bias);
    }
    let mut adam = Adam {
        first: Params::zeros(rows, h, buckets),
        second: Params::zeros(rows, h, buckets),
        steps: 0,
    };

    let mut rng = XorShift(config.seed.max(1) ^ 0x5851_f42d_4c95_7f2d);
    // The validation share is the last positions read: whole games (datagen
    // writes a game's positions together) that no training position comes
    // from. Positions of one game are alike, so a random share would
    // validate on near copies of training positions and flatter the net.
    // Held-out files, kept the same from one network to the next, make
    // their losses comparable.
    let (validation_samples, validation, mut training): (&Samples, Vec<usize>, Vec<usize>) =
        match held_out {
            Some(held_out) => (
                held_out,
                (0..held_out.len()).collect(),
                (0..samples.len()).collect(),
            ),
            None => {
                let first_held = config.first_held_out(samples.len())?;
                (
                    samples,
                    (first_held..samples.len()).collect(),
                    (0..first_held).collect(),
                )
            }
        };

    let threads = rayon::current_num_threads().max(1);
    let mut workers: Vec<Worker> = (0..threads)
        .map(|_| Worker::new(rows, h, buckets))
        .collect();
    let batch = config.batch.max(1);
    let total_steps = config.epochs * training.len().div_ceil(batch);
    let mut step = 0usize;
    let mut folded = Vec::new();
    // The numbers of the epoch with the lowest validation loss: with few
    // games the network soon learns their positions by heart, and the
    // held-out games' loss rises again.
    let mut best: Option<(f64, Params)> = None;
    // A starting network is a candidate too: it is written back where no
    // epoch improves on it. Its loss is reported as epoch 0's.
    if config.init.is_some() {
        let loss = loss_of(
            &params,
            &layout,
            validation_samples,
            &validation,
            &mut workers,
        );
        best = Some((loss, params.clone()));
        on_progress(&TrainProgress {
            epoch: 0,
            positions: 0,
            per_epoch: training.len(),
            train_loss: f64::NAN,
            validation_loss: Some(loss),
            per_second: 0.0,
            lr: config.lr,
        });
    }

    for epoch in 1..=config.epochs {
        shuffle(&mut training, &mut rng);
        let started = Instant::now();
        let mut seen = 0usize;
        let mut loss_sum = 0.0f64;
        for chunk in training.chunks(batch) {
            let progress = step as f32 / total_steps.max(1) as f32;
            let lr =
                config.lr * (0.05 + 0.95 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
            let share = chunk.len().div_ceil(threads);
            layout.fold(&params, &mut folded);
            workers
                .par_iter_mut()
                .zip(chunk.par_chunks(share.max(1)))
                .for_each(|(w, part)| {
                    w.grad.clear();
                    w.loss = 0.0;
                    for &i in part {
                        w.step(&params, &folded, samples, i, true);
                    }
                });
            loss_sum += workers.iter().map(|w| w.loss).sum::<f64>();
            let (first, rest) = workers.split_first_mut().expect("a worker");
            for w in rest.iter() {
                first.grad.add(&w.grad);
            }
            layout.spread(&mut first.grad);
            adam.step(
                &mut params,
                &mut first.grad,
                lr,
                config.weight_decay,
                chunk.len(),
            );
            seen += chunk.len();
            step += 1;
            on_progress(&TrainProgress {
                epoch,
                positions: seen,
                per_epoch: training.len(),
                train_loss: loss_sum / seen as f64,
                validation_loss: None,
                per_second: seen as f64 / started.elapsed().as_secs_f64().max(1e-9),
                lr,
            });
        }
        let validation_loss = loss_of(
            &params,
            &layout,
            validation_samples,
            &validation,
            &mut workers,
        );
        if best
            .as_ref()
            .is_none_or(|(loss, _)| validation_loss < *loss)
        {
            best = Some((validation_loss, params.clone()));
        }
        on_progress(&TrainProgress {
            epoch,
            positions: seen,
            per_epoch: training.len(),
            train_loss: loss_sum / seen.max(1) as f64,
            validation_loss: Some(validation_loss),
            per_second: seen as f64 / started.elapsed().as_secs_f64().max(1e-9),
            lr: config.lr,
        });
    }
    let (loss, params) = best.unwrap_or((f64::NAN, params));
    Ok((params.to_network(config.variant, &layout), loss))
}

/// The mean loss of `params` over the positions `indices`.
fn loss_of(
    params: &Params,
    layout: &InputLayout,
    samples: &Samples,
    indices: &[usize],
    workers: &mut [Worker],
) -> f64 {
    let share = indices.len().div_ceil(workers.len()).max(1);
    let mut folded = Vec::new();
    layout.fold(params, &mut folded);
    workers
        .par_iter_mut()
        .zip(indices.par_chunks(share))
        .for_each(|(w, part)| {
            w.loss = 0.0;
            for &i in part {
                w.step(params, &folded, samples, i, false);
            }
        });
    workers.iter().map(|w| w.loss).sum::<f64>() / indices.len().max(1) as f64
}

fn shuffle(items: &mut [usize], rng: &mut XorShift) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i + 1);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nnue::{Accumulator, Network};
    use crate::learn::data::Outcome;
    use crate::rules::{Bitboard, Position, Role};

    /// The positions along random chess games of 40 plies, `n` of them.
    fn random_positions(n: usize, seed: u64) -> Vec<Position<u64>> {
        let mut rng = XorShift(seed);
        let mut positions = Vec::with_capacity(n);
        while positions.len() < n {
            let mut pos = Position::<u64>::startpos(Variant::Chess);
            for _ in 0..40 {
                let moves = pos.legal_moves();
                if moves.is_empty() || positions.len() == n {
                    break;
                }
                pos.play(moves.as_slice()[rng.below(moves.len())]);
                positions.push(pos);
            }
        }
        positions
    }

    /// Positions of random games with a target the network can learn:
    /// the material balance.
    fn material_samples(n: usize, seed: u64) -> Samples {
        material_samples_in(&FeatureSpace::of(Variant::Chess), n, seed)
    }

    /// As [`material_samples`], the inputs those of `space`.
    fn material_samples_in(space: &FeatureSpace, n: usize, seed: u64) -> Samples {
        let mut samples = Samples::new();
        for pos in random_positions(n, seed) {
            let value = |c| {
                [
                    (Role::Pawn, 100),
                    (Role::Knight, 300),
                    (Role::Bishop, 300),
                    (Role::Rook, 500),
                    (Role::Queen, 900),
                ]
                .iter()
                .map(|&(r, v)| pos.pieces(c, r).count() as i32 * v)
                .sum::<i32>()
            };
            let us = pos.side_to_move();
            let score = value(us) - value(!us);
            let record = PositionRecord::of(&pos, score, Outcome::Draw);
            samples.push(space, &record, 0.0);
        }
        samples
    }

    /// A chess run small enough for a test: hidden 16, batches of 256,
    /// learning rate 0.01.
    fn small_config() -> TrainConfig {
        let mut config = TrainConfig::new(Variant::Chess, Vec::new());
        config.hidden = 16;
        config.batch = 256;
        config.lr = 0.01;
        config
    }

    #[test]
    fn training_lowers_the_loss_of_a_small_set() {
        let samples = material_samples(8000, 7);
        let mut config = small_config();
        let mut losses = Vec::new();
        config.epochs = 1;
        let (_, first) = train(&config, &samples, None, &mut |_| {}).unwrap();
        config.epochs = 12;
        let (net, last) = train(&config, &samples, None, &mut |p| {
            if let Some(v) = p.validation_loss {
                losses.push(v);
            }
        })
        .unwrap();
        assert!(last < first * 0.7, "validation loss {first} -> {last}");
        assert_eq!(losses.len(), 12);
        assert_eq!(net.hidden, 16);
    }

    #[test]
    fn weight_decay_shrinks_every_number_by_its_share_of_the_rate() {
        let buckets = OutputBuckets::spread(1, 32).unwrap();
        let mut params = Params::random(12, 4, buckets, 3);
        let before = params.clone();
        let mut adam = Adam {
            first: Params::zeros(12, 4, buckets),
            second: Params::zeros(12, 4, buckets),
            steps: 0,
        };
        // No gradient: Adam alone would leave every number where it is.
        let mut grad = Params::zeros(12, 4, buckets);
        adam.step(&mut params, &mut grad, 0.01, 0.5, 64);
        let mut was_lists = before.clone();
        for (after, was) in params.lists_mut().into_iter().zip(was_lists.lists_mut()) {
            for (a, w) in after.iter().zip(was.iter()) {
                assert!((a - w * 0.995).abs() < 1e-7, "{w} -> {a}");
            }
        }
        let mut plain = before.clone();
        adam.step(&mut plain, &mut grad, 0.01, 0.0, 64);
        assert!(plain.input_weights == before.input_weights);
    }

    #[test]
    fn held_out_positions_are_validated_on_and_every_position_is_trained_on() {
        let samples = material_samples(3000, 7);
        let held_out = material_samples(500, 8);
        let mut config = small_config();
        config.epochs = 8;
        let mut per_epoch = Vec::new();
        let mut losses = Vec::new();
        let (_, best) = train(&config, &samples, Some(&held_out), &mut |p| {
            per_epoch.push(p.per_epoch);
            if let Some(v) = p.validation_loss {
                losses.push(v);
            }
        })
        .unwrap();
        assert!(per_epoch.iter().all(|&n| n == samples.len()));
        assert_eq!(losses.len(), 8);
        assert!(best < losses[0] * 0.7, "held-out loss {losses:?}");
        let e = train(&config, &samples, Some(&Samples::new()), &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("held-out"), "{e}");
    }

    /// A run started from a network begins at that network's loss
    /// (reported as epoch 0), goes on from there rather than from random
    /// weights, and refuses a network of another shape.
    #[test]
    fn training_goes_on_from_a_starting_network() {
        let samples = material_samples(3000, 7);
        let held_out = material_samples(500, 8);
        let mut config = small_config();
        config.epochs = 4;
        let (first, first_loss) = train(&config, &samples, Some(&held_out), &mut |_| {}).unwrap();
        let start = Network::quantised(&first).to_float();
        config.init = Some(start.clone());
        config.epochs = 1;
        config.lr = 0.001;
        let mut losses = Vec::new();
        let (_, again) = train(&config, &samples, Some(&held_out), &mut |p| {
            if let Some(v) = p.validation_loss {
                losses.push((p.epoch, v));
            }
        })
        .unwrap();
        assert_eq!(losses.len(), 2);
        assert_eq!(losses[0].0, 0);
        // The quantised start scores as the trained one, within rounding.
        assert!(
            (losses[0].1 - first_loss).abs() < first_loss * 0.05,
            "{first_loss} -> {losses:?}"
        );
        assert!(again <= losses[0].1, "{losses:?}, kept {again}");
        // From random weights, one epoch is far from that.
        config.init = None;
        let (_, fresh) = train(&config, &samples, Some(&held_out), &mut |_| {}).unwrap();
        assert!(
            fresh > again * 1.5,
            "fresh {fresh}, from the network {again}"
        );
        config.init = Some(start);
        config.hidden = 32;
        let e = train(&config, &samples, Some(&held_out), &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("hidden size is 16"), "{e}");
    }

    /// A network without king buckets starts a run with them as itself:
    /// the run's first loss is the network's own, with the factoriser
    /// (the network in the base rows) and without (copied into each
    /// bucket), and training goes on from there.
    #[test]
    fn a_network_without_king_buckets_starts_every_bucket() {
        let (samples, held_out) = (material_samples(3000, 7), material_samples(500, 8));
        let mut config = small_config();
        config.epochs = 3;
        let (plain, _) = train(&config, &samples, Some(&held_out), &mut |_| {}).unwrap();
        let start = Network::quantised(&plain).to_float();
        config.init = Some(start.clone());
        config.epochs = 1;
        config.lr = 0.0005;
        let mut plain_losses = Vec::new();
        train(&config, &samples, Some(&held_out), &mut |p| {
            plain_losses.extend(p.validation_loss)
        })
        .unwrap();
        // Four buckets by the king's rank, not mirrored: the same board.
        let map: Vec<u8> = (0..64).map(|sq| (sq / 16) as u8).collect();
        config.kings = KingBuckets::from_parts(4, false, &map).unwrap();
        let space = FeatureSpace::with_kings(Variant::Chess, config.kings);
        let (samples, held_out) = (
            material_samples_in(&space, 3000, 7),
            material_samples_in(&space, 500, 8),
        );
        for factorise in [true, false] {
            config.factorise = factorise;
            let mut losses = Vec::new();
            let (net, best) = train(&config, &samples, Some(&held_out), &mut |p| {
                losses.extend(p.validation_loss)
            })
            .unwrap();
            assert!(
                (losses[0] - plain_losses[0]).abs() < 1e-9,
                "factorise {factorise}: {losses:?} against {plain_losses:?}"
            );
            assert!(best <= losses[0], "{losses:?}, kept {best}");
            assert_eq!(net.kings, config.kings);
        }
        // A network with buckets starts only a run with the same ones.
        let mut bucketed = start;
        bucketed.kings = KingBuckets::named("mirror", Variant::Chess, true).unwrap();
        config.init = Some(bucketed);
        let e = train(&config, &samples, Some(&held_out), &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("king-bucket layout"), "{e}");
    }

    /// The quantised network scores positions as its trained numbers do,
    /// within the rounding of its weights (the output weights' steps of
    /// 1/64 make a few centipawns).
    #[test]
    fn the_quantised_network_scores_as_the_trained_one() {
        let mut config = TrainConfig::new(Variant::Chess, Vec::new());
        config.hidden = 32;
        config.batch = 128;
        config.epochs = 4;
        // Quantisation alone: the factoriser's folding happens before it,
        // in floats, and `factorised_rows_fold_into_the_same_network`
        // checks that.
        config.factorise = false;
        // Output buckets by piece count: the positions have 2 to 32.
        config.output_buckets = 4;
        // King buckets: the samples' inputs are read with them.
        config.kings = KingBuckets::named("mirror4", Variant::Chess, true).unwrap();
        let space = FeatureSpace::with_kings(Variant::Chess, config.kings);
        let mut samples = Samples::new();
        let mut rng = XorShift(3);
        for pos in random_positions(1000, 7) {
            let score = rng.below(600) as i32 - 300;
            samples.push(&space, &PositionRecord::of(&pos, score, Outcome::Draw), 0.0);
        }
        let (float, _) = train(&config, &samples, None, &mut |_| {}).unwrap();
        assert_eq!(float.buckets.count(), 4);
        let net = Network::quantised(&float);
        assert_eq!(net.space(), &space);
        for pos in random_positions(60, 11) {
            let us = pos.side_to_move();
            let inputs = |side| {
                let mut v = Vec::new();
                space.for_each_position_input(&pos, side, |i| v.push(i));
                v
            };
            let pieces = pos.piece_count();
            let expected = float.evaluate(&inputs(us), &inputs(!us), pieces);
            let got = Accumulator::fresh(&net, &pos).evaluate(&net, us, pieces);
            assert!(
                (got as f32 - expected).abs() <= 10.0 + expected.abs() * 0.03,
                "{}: quantised {got}, trained {expected}",
                pos.fen()
            );
        }
    }

    /// With the factoriser, the network written (each row folded with
    /// its base input's and its group's) scores every position as the
    /// trainer's own sums do, with and without king buckets.
    #[test]
    fn factorised_rows_fold_into_the_same_network() {
        for (kings, rows) in [
            ("none", 768 + 12),
            ("mirror", 768 + 12),
            ("mirror4", 4 * 768 + 768 + 12),
        ] {
            let kings = KingBuckets::named(kings, Variant::Chess, true).unwrap();
            factorised_rows_fold_with(FeatureSpace::with_kings(Variant::Chess, kings), rows);
        }
    }

    fn factorised_rows_fold_with(space: FeatureSpace, rows: usize) {
        let layout = InputLayout {
            space,
            factorise: true,
        };
        assert_eq!(layout.rows(), rows);
        let h = 8;
        let buckets = OutputBuckets::spread(3, 32).unwrap();
        let mut params = Params::random(layout.rows(), h, buckets, 5);
        params.input_weights.iter_mut().for_each(|w| *w *= 0.5);
        let float = params.to_network(Variant::Chess, &layout);
        assert_eq!(float.input_weights.len(), space.len() * h);
        let mut worker = Worker::new(layout.rows(), h, buckets);
        for pos in random_positions(30, 3) {
            let us = pos.side_to_move();
            let inputs = |side| {
                let mut v = Vec::new();
                space.for_each_position_input(&pos, side, |i| v.push(i));
                v
            };
            let narrow = |v: Vec<usize>| v.into_iter().map(|i| i as u16).collect::<Vec<_>>();
            let mut folded = Vec::new();
            layout.fold(&params, &mut folded);
            Worker::sums(&params, &folded, &narrow(inputs(us)), &mut worker.us);
            Worker::sums(&params, &folded, &narrow(inputs(!us)), &mut worker.them);
            let pieces = pos.piece_count();
            let bucket = buckets.of(pieces);
            let trained = Worker::output(&params, &worker.us, &worker.them, bucket) * SCALE as f32;
            let written = float.evaluate(&inputs(us), &inputs(!us), pieces);
            assert!(
                (trained - written).abs() < 1e-2,
                "{trained} against {written}"
            );
        }
    }

    /// The gradient taken through the folded rows and spread to the
    /// factor rows is the one of the unfolded sums: every row a position
    /// reads (its own, its base input's, its group's) takes the whole
    /// gradient of the hidden sums it adds to.
    #[test]
    fn folded_rows_give_every_factor_row_its_gradient() {
        let kings = KingBuckets::named("mirror4", Variant::Chess, true).unwrap();
        let space = FeatureSpace::with_kings(Variant::Chess, kings);
        let layout = InputLayout {
            space,
            factorise: true,
        };
        let h = 8;
        let buckets = OutputBuckets::spread(2, 32).unwrap();
        let params = Params::random(layout.rows(), h, buckets, 11);
        let mut samples = Samples::new();
        for (n, pos) in random_positions(40, 9).into_iter().enumerate() {
            let record = PositionRecord::of(&pos, n as i32 * 37 - 700, Outcome::Draw);
            samples.push(&space, &record, 0.0);
        }
        let mut folded = Vec::new();
        layout.fold(&params, &mut folded);
        let mut worker = Worker::new(layout.rows(), h, buckets);
        for i in 0..samples.len() {
            worker.step(&params, &folded, &samples, i, true);
        }
        layout.spread(&mut worker.grad);

        // The same gradient written out directly: each position's sums
        // from every row an input reads, and the hidden gradient added to
        // each of those rows.
        let mut expected = Params::zeros(layout.rows(), h, buckets);
        let act = |x: f32| x.clamp(0.0, 1.0).powi(2);
        for i in 0..samples.len() {
            let (us_inputs, them_inputs) = samples.sides(i);
            let rows_of = |input: u16| {
                let input = usize::from(input);
                std::iter::once(input).chain(layout.factor_rows(input).into_iter().flatten())
            };
            let sums = |inputs: &[u16]| {
                let mut out = params.input_bias.clone();
                for r in inputs.iter().flat_map(|&i| rows_of(i)) {
                    add_into(&mut out, params.row(r));
                }
                out
            };
            let (us, them) = (sums(us_inputs), sums(them_inputs));
            let bucket = buckets.of(u32::from(samples.pieces[i]));
            let (w_us, w_them) = bucket_output_weights(&params.output_weights, h, bucket);
            let out: f32 = us.iter().zip(w_us).map(|(&x, &w)| act(x) * w).sum::<f32>()
                + them
                    .iter()
                    .zip(w_them)
                    .map(|(&x, &w)| act(x) * w)
                    .sum::<f32>()
                + params.output_bias[bucket];
            let predicted = sigmoid(out);
            let g = 2.0 * (predicted - samples.targets[i]) * predicted * (1.0 - predicted);
            for (sums, inputs, weights) in [(&us, us_inputs, w_us), (&them, them_inputs, w_them)] {
                let delta: Vec<f32> = (0..h)
                    .map(|k| match sums[k] {
                        x if x > 0.0 && x < 1.0 => g * weights[k] * 2.0 * x,
                        _ => 0.0,
                    })
                    .collect();
                for r in inputs.iter().flat_map(|&i| rows_of(i)) {
                    add_into(expected.row_mut(r), &delta);
                }
            }
        }
        let largest = expected
            .input_weights
            .iter()
            .fold(0.0f32, |m, &x| m.max(x.abs()));
        assert!(largest > 1e-4, "a gradient to compare: {largest}");
        for (row, (got, want)) in worker
            .grad
            .input_weights
            .chunks(h)
            .zip(expected.input_weights.chunks(h))
            .enumerate()
        {
            for (g, w) in got.iter().zip(want) {
                assert!(
                    (g - w).abs() <= 1e-5 * largest,
                    "row {row}: {g} against {w}"
                );
            }
        }
    }

    #[test]
    fn too_few_positions_are_refused() {
        let config = TrainConfig::new(Variant::Chess, Vec::new());
        let e = train(&config, &Samples::new(), None, &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("too few"), "{e}");
    }

    #[test]
    fn a_validation_share_that_leaves_nothing_to_train_on_is_refused() {
        let samples = material_samples(120, 5);
        let mut config = TrainConfig::new(Variant::Chess, Vec::new());
        config.validation = 1.0;
        config.epochs = 1;
        let mut batches = 0;
        let e = train(&config, &samples, None, &mut |_| batches += 1).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("--validation 1 holds out all 120"), "{msg}");
        assert_eq!(batches, 0, "refused before the first batch");
    }

    #[test]
    fn mirror_images_reverse_the_files_and_only_where_the_wings_are_alike() {
        let pos = random_positions(30, 11).pop().unwrap();
        let record = PositionRecord::of(&pos, 37, Outcome::Win);
        let image = mirror_image(&record, 8);
        assert_ne!(image.pieces, record.pieces);
        assert_eq!(mirror_image(&image, 8), record);
        let e1 = Square::new(4);
        let d1 = Square::new(3);
        let moved = PositionRecord {
            pieces: vec![(e1, record.pieces[0].1)],
            ..record.clone()
        };
        assert_eq!(mirror_image(&moved, 8).pieces[0].0, d1);
        assert!(
            mirrors(Variant::Chess) && mirrors(Variant::WadChess) && mirrors(Variant::ParityChess)
        );
        assert!(!mirrors(Variant::Chad) && !mirrors(Variant::WauChess));
        let Err(e) = Samples::read(
            Variant::Chad,
            &FeatureSpace::of(Variant::Chad),
            &[],
            0.3,
            true,
        ) else {
            panic!("Chad has no mirror images");
        };
        assert!(e.to_string().contains("--mirror"), "{e}");
    }
}
