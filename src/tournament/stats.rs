//! Match statistics: the score of the first engine and an Elo estimate
//! with its 95% confidence interval (normal approximation over the
//! per-game scores, as tournament managers report it).

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
}

/// An Elo difference with its sign and one decimal; an even one as
/// `0.0`, never `-0.0`.
pub fn signed_elo(elo: f64) -> String {
    if format!("{:.1}", elo.abs()) == "0.0" {
        "0.0".to_string()
    } else {
        format!("{elo:+.1}")
    }
}

/// Elo difference for a score fraction strictly between 0 and 1.
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points of the first engine.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The score fraction of the first engine.
    pub fn fraction(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / self.games() as f64)
    }

    /// The Elo difference and the half-width of its 95% interval, while
    /// both are finite (the first engine has neither all nor no points).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let s = self.fraction()?;
        if s <= 0.0 || s >= 1.0 {
            return None;
        }
        let variance = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let margin = 1.959_964 * (variance / n).sqrt();
        let low = (s - margin).max(1e-6);
        let high = (s + margin).min(1.0 - 1e-6);
        Some((elo_of(s), (elo_of(high) - elo_of(low)) / 2.0))
    }

    /// `Elo difference: +X +/- Y` (an even score as `0.0`, never `-0.0`),
    /// or a note when it cannot be estimated.
    pub fn elo_line(&self) -> String {
        match self.elo() {
            Some((elo, error)) if elo.is_finite() && error.is_finite() => {
                format!(
                    "Elo difference: {} +/- {:.1} (95%)",
                    signed_elo(elo),
                    error.abs()
                )
            }
            _ if self.games() == 0 => "Elo difference: no games".to_string(),
            _ => format!(
                "Elo difference: unbounded (score {:.1}/{}); play more games or a stronger opponent",
                self.points(),
                self.games()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            losses: 10,
            draws: 20,
        };
        let (elo, error) = t.elo().unwrap();
        assert!(elo.abs() < 1e-9);
        assert!(error > 50.0 && error < 120.0, "{error}");
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        let t = Tally {
            wins: 75,
            losses: 25,
            draws: 0,
        };
        let (elo, error) = t.elo().unwrap();
        assert!((elo - 190.8).abs() < 0.5, "{elo}");
        assert!(error > 60.0 && error < 100.0, "{error}");
    }

    #[test]
    fn a_clean_sweep_has_no_finite_estimate() {
        let t = Tally {
            wins: 20,
            losses: 0,
            draws: 0,
        };
        assert!(t.elo().is_none());
        assert!(t.elo_line().contains("unbounded"));
    }

    /// The printed line never shows a negative zero, NaN or infinity.
    fn clean(line: &str) {
        for bad in ["-0.0 ", "NaN", "inf"] {
            assert!(!line.contains(bad), "{line}");
        }
    }

    #[test]
    fn all_draws_are_zero_elo_without_a_sign() {
        for draws in [1, 2, 10, 1000] {
            let t = Tally {
                wins: 0,
                losses: 0,
                draws,
            };
            let line = t.elo_line();
            assert_eq!(line, "Elo difference: 0.0 +/- 0.0 (95%)");
            clean(&line);
        }
        // Nearly even, rounding to zero either way.
        for (wins, losses) in [(10_000, 10_001), (10_001, 10_000)] {
            let t = Tally {
                wins,
                losses,
                draws: 0,
            };
            let line = t.elo_line();
            assert!(line.starts_with("Elo difference: 0.0 +/- "), "{line}");
            clean(&line);
        }
    }

    #[test]
    fn no_score_and_full_score_print_no_numbers_that_are_not() {
        for (wins, losses, draws) in [(0, 5, 0), (5, 0, 0), (0, 0, 0), (1, 0, 0), (0, 1, 0)] {
            let t = Tally {
                wins,
                losses,
                draws,
            };
            clean(&t.elo_line());
        }
        let t = Tally {
            wins: 0,
            losses: 3,
            draws: 0,
        };
        assert!(
            t.elo_line().contains("unbounded (score 0.0/3)"),
            "{}",
            t.elo_line()
        );
        // One win and one draw: a finite estimate with a finite bar.
        let t = Tally {
            wins: 1,
            losses: 0,
            draws: 1,
        };
        let line = t.elo_line();
        assert!(line.starts_with("Elo difference: +"), "{line}");
        clean(&line);
    }
}
