//! A small deterministic generator (xorshift64) for what must come out the
//! same on every run: the search for magic multipliers, and the random
//! games and positions of tests.

/// An xorshift64 generator; the seed must not be 0.
#[derive(Clone, Debug)]
pub struct XorShift(pub u64);

impl XorShift {
    /// The next word of the sequence.
    pub fn next_word(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (`n > 0`), nearly uniform for small `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_word() % n as u64) as usize
    }
}
