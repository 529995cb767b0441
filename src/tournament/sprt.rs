//! The sequential probability ratio test a match can stop on, over game
//! pairs.
//!
//! Openings are played in pairs (the same opening, colours reversed), so a
//! pair's two games are not independent: an unbalanced opening tends to
//! give one win to each side. Counting pairs by their points for the first
//! engine (0, 1/2, 1, 3/2 or 2: the *pentanomial* counts) removes that
//! noise from the variance, and the test needs fewer games than one over
//! single games.
//!
//! The model is the **logistic** Elo one: an Elo difference `e` means an
//! expected score of `1 / (1 + 10^(-e/400))` per game. The log-likelihood
//! ratio of H1 (`elo1`) against H0 (`elo0`) is the usual normal
//! approximation of the generalised SPRT over pair scores,
//! `n (s1 - s0) (2 mean - s0 - s1) / (2 variance)` with `mean` and
//! `variance` those of the per-pair score fraction, and the test stops when
//! it leaves `[ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]`.

use std::fmt;

/// The hypotheses and error rates of one test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    /// Elo difference of the null hypothesis (no gain).
    pub elo0: f64,
    /// Elo difference of the alternative (the gain looked for).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for SprtConfig {
    fn default() -> Self {
        SprtConfig {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl SprtConfig {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order, any subset;
    /// the rest keep their defaults). `elo1` must exceed `elo0`, and both
    /// error rates lie strictly between 0 and 0.5.
    pub fn parse(text: &str) -> Result<SprtConfig, super::MatchError> {
        Self::parse_text(text).map_err(super::MatchError::Sprt)
    }

    fn parse_text(text: &str) -> Result<SprtConfig, String> {
        let mut config = SprtConfig::default();
        for word in text.split_whitespace() {
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| format!("SPRT setting '{word}' needs NAME=VALUE"))?;
            let number: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("SPRT setting {name} needs a number, not '{value}'"))?;
            match name {
                "elo0" => config.elo0 = number,
                "elo1" => config.elo1 = number,
                "alpha" => config.alpha = number,
                "beta" => config.beta = number,
                other => {
                    return Err(format!(
                        "unknown SPRT setting '{other}' (expected elo0, elo1, alpha, beta)"
                    ));
                }
            }
        }
        if config.elo0.abs() > 1000.0 || config.elo1.abs() > 1000.0 {
            return Err("SPRT elo0 and elo1 must lie within +/-1000".into());
        }
        if config.elo1 <= config.elo0 {
            return Err("SPRT elo1 must be greater than elo0".into());
        }
        for (name, rate) in [("alpha", config.alpha), ("beta", config.beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!("SPRT {name} must lie between 0 and 0.5"));
            }
        }
        Ok(config)
    }

    /// The lower (accept H0) and upper (accept H1) bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
}

/// The expected score of one game at an Elo difference, logistic model.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Game pairs counted by the first engine's points in them: index `k`
/// holds the pairs it scored `k / 2` points in (0, 1/2, 1, 3/2, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

/// The pseudo-pair added to the counts (see [`Pentanomial::llr`]): an
/// even pair outcome with the spread of a typical engine match.
const PRIOR_PAIR: [f64; 5] = [0.1, 0.2, 0.4, 0.2, 0.1];

/// What a test has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 accepted: the gain is not there (or is below `elo0`).
    H0,
    /// H1 accepted: the gain is there.
    H1,
    /// Not decided yet.
    Undecided,
}

impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtDecision::H0 => "H0 accepted",
            SprtDecision::H1 => "H1 accepted",
            SprtDecision::Undecided => "no decision",
        })
    }
}

impl Pentanomial {
    /// Adds a pair in which the first engine scored `half_points` / 2.
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean and variance of the per-pair score fraction. One pseudo-pair,
    /// spread as [`PRIOR_PAIR`], is added to the counts: a handful of equal
    /// pairs (fixed-node games can repeat) then has a variance and cannot
    /// decide the test alone, while hundreds of pairs barely feel it.
    fn moments(&self) -> Option<(f64, f64)> {
        if self.pairs() == 0 {
            return None;
        }
        let mut counts = self.0.map(f64::from);
        for (count, prior) in counts.iter_mut().zip(PRIOR_PAIR) {
            *count += prior;
        }
        let total: f64 = counts.iter().sum();
        let score = |k: usize| k as f64 / 4.0;
        let mean = (0..5).map(|k| counts[k] * score(k)).sum::<f64>() / total;
        let variance = (0..5)
            .map(|k| counts[k] * (score(k) - mean).powi(2))
            .sum::<f64>()
            / total;
        Some((mean, variance))
    }

    /// The log-likelihood ratio of `config`'s H1 against its H0.
    pub fn llr(&self, config: &SprtConfig) -> f64 {
        let Some((mean, variance)) = self.moments() else {
            return 0.0;
        };
        let (s0, s1) = (expected_score(config.elo0), expected_score(config.elo1));
        self.pairs() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// What the test says now.
    pub fn decision(&self, config: &SprtConfig) -> SprtDecision {
        let llr = self.llr(config);
        let (lower, upper) = config.bounds();
        if llr >= upper {
            SprtDecision::H1
        } else if llr <= lower {
            SprtDecision::H0
        } else {
            SprtDecision::Undecided
        }
    }

    /// The Elo difference and the half-width of its 95% interval from the
    /// pairs, while both are finite.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        let (mean, variance) = self.moments()?;
        if !(mean > 0.0 && mean < 1.0) {
            return None;
        }
        let margin = 1.959_964 * (variance / n).sqrt();
        let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
        Some((elo(mean), (elo(mean + margin) - elo(mean - margin)) / 2.0))
    }

    /// `LLR: 1.23 (-2.94, 2.94) [0, 5]`, the line printed after each game.
    pub fn llr_line(&self, config: &SprtConfig) -> String {
        let (lower, upper) = config.bounds();
        let llr = self.llr(config);
        // No "-0.00" for a ratio that rounds to zero.
        let llr = if llr.abs() < 0.005 { 0.0 } else { llr };
        format!(
            "LLR: {llr:.2} ({lower:.2}, {upper:.2}) [{}, {}]",
            config.elo0, config.elo1
        )
    }

    /// The closing report: the pairs, the pair-based Elo and the decision.
    pub fn report(&self, config: &SprtConfig) -> Vec<String> {
        let [a, b, c, d, e] = self.0;
        let elo = match self.elo() {
            Some((elo, error)) => format!(
                "Elo {} +/- {error:.1} (95%, from pairs)",
                super::stats::signed_elo(elo)
            ),
            None => "Elo not estimated".into(),
        };
        vec![
            format!("Pairs (0, 1/2, 1, 3/2, 2 points): [{a}, {b}, {c}, {d}, {e}]; {elo}"),
            format!(
                "SPRT (logistic Elo, pentanomial): {}; {}",
                self.llr_line(config),
                self.decision(config)
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_and_checked() {
        let c = SprtConfig::parse("elo0=0 elo1=5 alpha=0.05 beta=0.05").unwrap();
        assert_eq!(c, SprtConfig::default());
        let c = SprtConfig::parse("elo1=10").unwrap();
        assert_eq!(c.elo1, 10.0);
        assert_eq!(c.elo0, 0.0);
        for bad in [
            "elo0=5 elo1=5",
            "alpha=0",
            "beta=0.7",
            "elo1",
            "gamma=1",
            "elo1=NaN",
            "elo1=inf",
            "elo1=1e9",
        ] {
            assert!(SprtConfig::parse(bad).is_err(), "{bad}");
        }
        let (lower, upper) = SprtConfig::default().bounds();
        assert!((lower + 2.944).abs() < 0.001 && (upper - 2.944).abs() < 0.001);
    }

    #[test]
    fn a_clearly_better_engine_is_accepted_and_an_equal_one_rejected() {
        let config = SprtConfig::default();
        // 60% per pair on average, with the usual spread.
        let better = Pentanomial([40, 120, 400, 200, 80]);
        assert!(better.llr(&config) > 2.95, "{}", better.llr(&config));
        assert_eq!(better.decision(&config), SprtDecision::H1);
        // Equal engines against a 20 Elo hypothesis (a 5 Elo one needs
        // thousands of pairs to reject).
        let wide = SprtConfig {
            elo1: 20.0,
            ..config
        };
        let equal = Pentanomial([80, 200, 400, 200, 80]);
        assert!(equal.llr(&wide) < -2.95, "{}", equal.llr(&wide));
        assert_eq!(equal.decision(&wide), SprtDecision::H0);
        assert_eq!(equal.decision(&config), SprtDecision::Undecided);
        let few = Pentanomial([0, 1, 2, 1, 0]);
        assert_eq!(few.decision(&config), SprtDecision::Undecided);
        assert_eq!(Pentanomial::default().llr(&config), 0.0);
    }

    #[test]
    fn pair_elo_matches_the_score() {
        // Every pair 1.5 of 2 points: 75%, about +191 Elo.
        let p = Pentanomial([0, 0, 0, 100, 0]);
        let (elo, _) = p.elo().unwrap();
        assert!((elo - 190.8).abs() < 3.0, "{elo}");
        let even = Pentanomial([5, 10, 30, 10, 5]);
        let (elo, error) = even.elo().unwrap();
        assert!(elo.abs() < 1e-9 && error > 0.0 && error.is_finite());
        let report = even.report(&SprtConfig::default());
        assert!(report[0].starts_with("Pairs (0, 1/2, 1, 3/2, 2 points): [5, 10, 30, 10, 5]"));
        assert!(report[1].contains("LLR: "), "{}", report[1]);
    }
}
