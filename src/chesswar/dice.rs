//! Where ChessWar's die results come from: a seeded generator inside the
//! program ([`SeededDice`]) or a person typing what real dice showed
//! ([`TypedDice`]).
//!
//! A game waits for a roll when [`State::to_act`] is [`ToAct::Roll`]; the
//! result is then played as the token `d1` ... `d6` like any other token.

use std::io::{BufRead, Write};

use super::{State, ToAct};

/// A source of die results (1 to 6) for the rolls a game asks for.
pub trait DiceSource {
    /// The result (1..=6) of the roll `state` is waiting for, or `None` when
    /// the source has no more results (the person typing them left or the
    /// input ended); a game then stops unfinished.
    fn roll(&mut self, state: &State) -> Option<u8>;
}

/// The token that plays die result `value` (1..=6): `d1` ... `d6`.
pub fn die_token(value: u8) -> String {
    format!("d{value}")
}

/// A small, fast pseudo-random generator (SplitMix64): the same seed gives
/// the same sequence on every machine. Not for cryptography.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, every value equally likely (`n` must be at
    /// least 1).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no value to give");
        let n = n as u64;
        // Rejection keeps the draw exactly uniform.
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// Mixes a base seed with a stream number into an independent seed, so one
/// game seed can feed the dice and both players without their sequences
/// lining up.
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    let mut g = SplitMix64::new(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03));
    g.next_u64()
}

/// Dice rolled by the program from a seed: the same seed gives the same
/// results in the same order.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: SplitMix64,
}

impl SeededDice {
    /// Dice started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: SplitMix64::new(derive_seed(seed, 0x0D1CE)),
        }
    }

    /// The next result, 1..=6.
    pub fn next_die(&mut self) -> u8 {
        self.rng.below(6) as u8 + 1
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self, _state: &State) -> Option<u8> {
        Some(self.next_die())
    }
}

/// Dice typed by a person: for each roll it writes what the roll is for and
/// reads a result, `1` to `6` or `d1` to `d6`, one a line. Anything else
/// gets a one-line explanation and the question again; `quit` or the end of
/// the input ends the dice (the game stops).
#[derive(Debug)]
pub struct TypedDice<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> TypedDice<R, W> {
    /// Dice that ask on `output` and read the answers from `input`.
    pub fn new(input: R, output: W) -> Self {
        Self { input, output }
    }

    /// Gives back the reader and the writer.
    pub fn into_parts(self) -> (R, W) {
        (self.input, self.output)
    }
}

/// Reads a die result as a person types it: `4`, `d4` or `D4`, spaces
/// around allowed.
pub fn parse_die(text: &str) -> Option<u8> {
    let text = text.trim();
    let digits = text
        .strip_prefix('d')
        .or_else(|| text.strip_prefix('D'))
        .unwrap_or(text);
    match digits.parse::<u8>() {
        Ok(v @ 1..=6) if digits.len() == 1 => Some(v),
        _ => None,
    }
}

impl<R: BufRead, W: Write> DiceSource for TypedDice<R, W> {
    fn roll(&mut self, state: &State) -> Option<u8> {
        let purpose = match state.to_act() {
            ToAct::Roll { purpose } => purpose,
            _ => "a die".to_string(),
        };
        loop {
            write!(self.output, "roll a die for {purpose} (1-6): ").ok()?;
            self.output.flush().ok()?;
            let mut line = String::new();
            if self.input.read_line(&mut line).ok()? == 0 {
                // End of input: no more results.
                writeln!(self.output).ok()?;
                return None;
            }
            let answer = line.trim();
            if answer.eq_ignore_ascii_case("quit") {
                return None;
            }
            match parse_die(answer) {
                Some(value) => return Some(value),
                None => {
                    writeln!(
                        self.output,
                        "'{answer}' is not a die result: type 1 to 6 (or d1 to d6), or quit"
                    )
                    .ok()?;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chesswar::Race;

    fn start() -> State {
        State::standard(Race::Human, Race::Human)
    }

    #[test]
    fn the_same_seed_gives_the_same_rolls() {
        let state = start();
        let mut a = SeededDice::new(42);
        let mut b = SeededDice::new(42);
        let ra: Vec<u8> = (0..200).map(|_| a.roll(&state).unwrap()).collect();
        let rb: Vec<u8> = (0..200).map(|_| b.roll(&state).unwrap()).collect();
        assert_eq!(ra, rb);
        let mut c = SeededDice::new(43);
        let rc: Vec<u8> = (0..200).map(|_| c.roll(&state).unwrap()).collect();
        assert_ne!(ra, rc, "another seed gives other rolls");
    }

    #[test]
    fn seeded_dice_give_every_face_about_as_often() {
        let mut dice = SeededDice::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let v = dice.next_die();
            assert!((1..=6).contains(&v));
            counts[usize::from(v - 1)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn die_results_are_read_as_people_type_them() {
        assert_eq!(parse_die("4"), Some(4));
        assert_eq!(parse_die(" d6 \n"), Some(6));
        assert_eq!(parse_die("D1"), Some(1));
        for bad in ["0", "7", "d0", "d7", "dd3", "", "three", "44", "+3", "-1"] {
            assert_eq!(parse_die(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn typed_dice_ask_again_after_bad_input() {
        let input: &[u8] = b"seven\n9\n\nd5\n3\n";
        let mut dice = TypedDice::new(input, Vec::new());
        let state = start();
        assert_eq!(dice.roll(&state), Some(5));
        assert_eq!(dice.roll(&state), Some(3));
        assert_eq!(dice.roll(&state), None, "end of input ends the dice");
        let (_, output) = dice.into_parts();
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains("'seven' is not a die result"), "{text}");
        assert!(text.contains("'9' is not a die result"), "{text}");
        assert_eq!(text.matches("is not a die result").count(), 3, "{text}");
        assert_eq!(text.matches("roll a die for").count(), 6, "{text}");
    }

    #[test]
    fn typed_dice_stop_on_quit() {
        let input: &[u8] = b"quit\n4\n";
        let mut dice = TypedDice::new(input, Vec::new());
        assert_eq!(dice.roll(&start()), None);
    }
}
