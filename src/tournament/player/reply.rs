//! What an engine answers when asked to move, and the score and depth it
//! reported while it thought.

/// What an engine answers when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move, as the engine spelled it.
    Move(String),
    /// It resigned (XBoard `resign`).
    Resign,
}

/// A score an engine reported, from its own side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: it gets mated).
    Mate(i32),
}

impl EngineScore {
    /// The score in centipawns, mates as ±100000.
    pub fn centipawns(self) -> i32 {
        match self {
            EngineScore::Centipawns(cp) => cp,
            EngineScore::Mate(n) if n >= 0 => 100_000,
            EngineScore::Mate(_) => -100_000,
        }
    }
}

/// An engine's last word on its search before it moved: its score and,
/// where the line gave one, the depth it reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The score, from the engine's own side's point of view.
    pub score: EngineScore,
    /// The depth in plies, where the line named one.
    pub depth: Option<u32>,
}
