//! `motley train`: a network from training-data files; `motley eval`: a
//! position's static evaluations.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::numbers;
use crate::engine::Engine;
use crate::engine::nnue::features::KingBuckets;
use crate::engine::nnue::{FeatureSpace, Network};
use crate::learn::train::{Samples, TrainConfig, TrainProgress, mirrors, train};

/// Arguments of `train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The game (see `variant_help`: every command's help lists them).
    #[arg(long, default_value_t = crate::rules::Variant::default().name().to_string())]
    pub variant: String,
    /// Training-data files of the game (`motley datagen`).
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long, value_name = "NET")]
    pub out: PathBuf,
    /// Hidden size per side.
    #[arg(long, default_value_t = TrainConfig::DEFAULT_HIDDEN, value_parser = numbers::hidden)]
    pub hidden: usize,
    /// Passes over the positions.
    #[arg(long, default_value_t = TrainConfig::DEFAULT_EPOCHS, value_parser = numbers::epochs)]
    pub epochs: usize,
    /// The first learning rate (it falls to a twentieth along a cosine).
    #[arg(long, default_value_t = TrainConfig::DEFAULT_LR, value_parser = numbers::learning_rate)]
    pub lr: f32,
    /// The weight of the game's result in the target, 0 to 1 (the rest
    /// is the search score's).
    #[arg(long, default_value_t = TrainConfig::DEFAULT_WDL, value_parser = numbers::share)]
    pub wdl: f32,
    /// Positions per step.
    #[arg(long, default_value_t = TrainConfig::DEFAULT_BATCH, value_parser = numbers::batch)]
    pub batch: usize,
    /// Decoupled weight decay (AdamW): each step every weight shrinks by
    /// this share of the learning rate (0: plain Adam).
    #[arg(long, default_value_t = TrainConfig::DEFAULT_WEIGHT_DECAY, value_parser = numbers::share)]
    pub weight_decay: f32,
    /// The share of positions held out to validate on: the last ones read, whole games.
    #[arg(long, default_value_t = TrainConfig::DEFAULT_VALIDATION, value_parser = numbers::share)]
    pub validation: f32,
    /// Validate on these files' positions instead of a share (every
    /// `--data` position is then trained on): the same files for each
    /// network make their losses comparable.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "validation")]
    pub validation_data: Vec<PathBuf>,
    /// Adds each position's mirror image, files reversed (chess, WAD and
    /// Parity Chess).
    #[arg(long)]
    pub mirror: bool,
    /// Learns each input's weights as its own plus its piece's on any
    /// square, folded together when the network is written (`false`: each
    /// input's own alone).
    #[arg(long, default_value_t = TrainConfig::DEFAULT_FACTORISE, action = clap::ArgAction::Set)]
    pub factorise: bool,
    /// Output buckets: sets of output weights, each for a share of the
    /// piece counts from bare kings to the start position.
    #[arg(long, default_value_t = TrainConfig::DEFAULT_OUTPUT_BUCKETS, value_parser = numbers::output_buckets)]
    pub output_buckets: usize,
    /// Splits the inputs by where each side's king stands: `none`,
    /// `mirror` (the board mirrored so the king is on the right half) or
    /// `mirror4` (mirrored, and four buckets: the back rank's middle and
    /// corner, the second rank, further up). The mirrored ones are for
    /// chess, WAD and Parity Chess, and make `--mirror` needless.
    #[arg(long, default_value = "none", value_name = "LAYOUT")]
    pub king_buckets: String,
    /// Threads (default: every core).
    #[arg(long, value_parser = numbers::threads)]
    pub threads: Option<usize>,
    /// Seeds the first weights and the order.
    #[arg(long, default_value_t = TrainConfig::DEFAULT_SEED, value_parser = numbers::seed)]
    pub seed: u64,
    /// Starts from this network file's weights instead of random ones
    /// (the game's, with the run's hidden size and buckets, or with no
    /// king buckets: then each bucket starts as it); it is written back
    /// if no epoch improves its validation loss.
    #[arg(long, value_name = "NET")]
    pub init: Option<PathBuf>,
}

/// Refuses an `--out` that would destroy an input or that cannot be
/// written, before anything is read or trained: a path that is one of the
/// data or held-out files, a directory, or a file in a directory that
/// does not exist.
fn check_out_path(args: &TrainArgs) -> Result<(), String> {
    let out = &args.out;
    if out.is_dir() {
        return Err(format!("--out {}: a directory, not a file", out.display()));
    }
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !parent.is_dir() {
        return Err(format!(
            "--out {}: no directory {}",
            out.display(),
            parent.display()
        ));
    }
    // Two names of one file: compare where each really is (an `--out`
    // that does not exist yet is no data file).
    if let Ok(real_out) = out.canonicalize() {
        for input in args.data.iter().chain(&args.validation_data) {
            if input.canonicalize().is_ok_and(|real| real == real_out) {
                return Err(format!(
                    "--out {} is the data file {}: writing the network would destroy it",
                    out.display(),
                    input.display()
                ));
            }
        }
    }
    Ok(())
}

/// Runs `train`; the error is one line for the user.
pub fn run_train(args: &TrainArgs) -> Result<(), String> {
    let variant = super::setup::board_game(&args.variant)?;
    check_out_path(args)?;
    let mut config = TrainConfig::new(variant, args.data.clone());
    config.hidden = args.hidden;
    config.epochs = args.epochs;
    config.lr = args.lr;
    config.wdl = args.wdl;
    config.batch = args.batch;
    config.weight_decay = args.weight_decay;
    config.validation = args.validation;
    config.seed = args.seed;
    config.factorise = args.factorise;
    config.output_buckets = args.output_buckets;
    config.kings = KingBuckets::named(&args.king_buckets, variant, mirrors(variant))?;
    if let Some(path) = &args.init {
        let net = Network::load(path, Some(variant))
            .map_err(|e| format!("--init {}: {e}", path.display()))?;
        config.init = Some(net.to_float());
        config.check_init().map_err(|e| e.to_string())?;
    }
    let space = FeatureSpace::with_kings(variant, config.kings);
    // A position and its mirror image have the same inputs where the view
    // is mirrored: the images would only repeat every position.
    let mirror = args.mirror && !config.kings.mirror();
    if args.mirror && !mirror {
        out!(
            "--mirror left out: king buckets '{}' mirror every position already",
            args.king_buckets
        );
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        pool = pool.num_threads(n);
    }
    let pool = pool
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;

    let started = Instant::now();
    let samples = Samples::read(variant, &space, &config.data, config.wdl, mirror)
        .map_err(|e| e.to_string())?;
    let held_out = if args.validation_data.is_empty() {
        None
    } else {
        Some(
            Samples::read(variant, &space, &args.validation_data, config.wdl, false)
                .map_err(|e| e.to_string())?,
        )
    };
    config
        .check_split(samples.len(), held_out.as_ref().map(Samples::len))
        .map_err(|e| e.to_string())?;
    out!(
        "read {} positions of {}{} in {:.1} s",
        samples.len(),
        variant.name(),
        held_out
            .as_ref()
            .map(|h| format!(" and {} held-out ones", h.len()))
            .unwrap_or_default(),
        started.elapsed().as_secs_f64()
    );
    let terminal = std::io::stderr().is_terminal();
    let (float, validation) = pool
        .install(|| {
            train(&config, &samples, held_out.as_ref(), &mut |p: &TrainProgress| match p.validation_loss {
                Some(v) if p.epoch == 0 => {
                    out!("the starting network's validation loss {v:.6}");
                }
                Some(v) => {
                    if terminal {
                        eprint!("\r{:70}\r", "");
                    }
                    out!(
                        "epoch {:>3}/{}  train loss {:.6}  validation loss {v:.6}  {:.0} positions/s  {:.0} s",
                        p.epoch,
                        config.epochs,
                        p.train_loss,
                        p.per_second,
                        started.elapsed().as_secs_f64()
                    );
                }
                None if terminal => eprint!(
                    "\repoch {:>3}/{}  {:>3.0}%  loss {:.6}  {:.0} positions/s  lr {:.6}",
                    p.epoch,
                    config.epochs,
                    100.0 * p.positions as f64 / p.per_epoch.max(1) as f64,
                    p.train_loss,
                    p.per_second,
                    p.lr
                ),
                None => {}
            })
        })
        .map_err(|e| e.to_string())?;
    let net = Network::quantised(&float);
    net.save(&args.out).map_err(|e| e.to_string())?;
    let buckets = match net.buckets() {
        b if b.count() == 1 => "one output bucket".to_string(),
        b => format!(
            "{} output buckets of {} pieces",
            b.count(),
            b.pieces_per_bucket()
        ),
    };
    let kings = net.space().kings();
    let kings = match kings.count() {
        1 if kings.mirror() => ", mirrored".to_string(),
        1 => String::new(),
        n => format!(
            ", {n} king buckets{}",
            if kings.mirror() { ", mirrored" } else { "" }
        ),
    };
    out!(
        "wrote {} (hidden {}, {buckets}{kings}, the epoch with the lowest validation loss: {validation:.6}) in {:.0} s",
        args.out.display(),
        net.hidden(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Arguments of `eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// The game, the position and the network.
    #[command(flatten)]
    pub setup: super::setup::SetupArgs,
}

/// Runs `eval`; the error is one line for the user.
pub fn run_eval(args: &EvalArgs) -> Result<(), String> {
    let mut engine = Engine::new();
    args.setup.set_up(&mut engine)?;
    out!("position {}", engine.game().position().fen());
    let evaluation = engine
        .static_evaluation()
        .ok_or("no static evaluation for this game")?;
    for line in evaluation.lines() {
        out!("{line}");
    }
    Ok(())
}
