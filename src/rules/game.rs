//! A game in progress: the current position, the positions before it (for
//! take-backs and repetition), and how the game ends.

use super::bitboard::Bitboard;
use super::color::Color;
use super::moves::Move;
use super::piece::Role;
use super::position::Position;
use super::variant::DeadPositions;

/// How a game has ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position arose for the third time.
    ThreefoldRepetition,
    /// 100 plies without a capture or a pawn move.
    FiftyMoveRule,
    /// Neither side can ever mate (bare kings, or a dead FIDE ending).
    InsufficientMaterial,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
    /// A short description for result strings.
    pub fn description(self) -> &'static str {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => "White mates",
            Outcome::Checkmate {
                winner: Color::Black,
            } => "Black mates",
            Outcome::Stalemate => "Stalemate",
            Outcome::ThreefoldRepetition => "Draw by repetition",
            Outcome::FiftyMoveRule => "Draw by fifty-move rule",
            Outcome::InsufficientMaterial => "Draw by insufficient material",
        }
    }
}

impl<B: Bitboard> Position<B> {
    /// Whether neither side can ever mate, by the game's rule.
    pub fn is_dead(&self) -> bool {
        let kings = self.role_bb(Role::King);
        let others = self.occupied() & !kings;
        if others.is_empty() {
            return true;
        }
        match self.tables.spec.dead_positions {
            DeadPositions::BareKings => false,
            DeadPositions::Fide => {
                let minors = self.role_bb(Role::Knight) | self.role_bb(Role::Bishop);
                !others.more_than_one() && (others & minors).any()
            }
            DeadPositions::NoRookOrQueen => {
                (self.role_bb(Role::Rook) | self.role_bb(Role::Queen)).is_empty()
            }
        }
    }
}

/// A game: the current position and its history.
#[derive(Clone, Debug)]
pub struct Game<B: Bitboard> {
    position: Position<B>,
    history: Vec<Position<B>>,
    moves: Vec<Move>,
}

impl<B: Bitboard> Game<B> {
    /// A game starting from `position`.
    pub fn new(position: Position<B>) -> Game<B> {
        Game {
            position,
            history: Vec::new(),
            moves: Vec::new(),
        }
    }
    /// The current position.
    pub fn position(&self) -> &Position<B> {
        &self.position
    }
    /// The positions before the current one, oldest first.
    pub fn history(&self) -> &[Position<B>] {
        &self.history
    }
    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// Plays a legal move.
    pub fn play(&mut self, m: Move) {
        self.history.push(self.position);
        self.moves.push(m);
        self.position.play(m);
    }
    /// Takes the last move back; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let previous = self.history.pop()?;
        self.position = previous;
        self.moves.pop()
    }
    /// How often the current position has occurred (this time included).
    pub fn repetitions(&self) -> usize {
        let key = self.position.key();
        let window = self.position.halfmove_clock() as usize;
        1 + self
            .history
            .iter()
            .rev()
            .take(window)
            .filter(|p| p.key() == key)
            .count()
    }
    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        if !pos.has_legal_move() {
            return Some(if pos.in_check() {
                Outcome::Checkmate {
                    winner: !pos.side_to_move(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if pos.is_dead() {
            return Some(Outcome::InsufficientMaterial);
        }
        if pos.halfmove_clock() >= 100 && pos.tables().spec.fifty_move_rule {
            return Some(Outcome::FiftyMoveRule);
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::ThreefoldRepetition);
        }
        None
    }
}
