//! A game in progress: the current position, the positions before it (for
//! take-backs and repetition), and how the game ends.

use super::bitboard::Bitboard;
use super::color::Color;
use super::moves::Move;
use super::piece::Role;
use super::position::Position;
use super::variant::{DeadPositions, EndScore, ExtinctionPieces};

/// How a game has ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check; `winner`
    /// is `None` where a stalemate draws, as in chess.
    Stalemate {
        /// The side the game's rule gives a stalemate to, if any.
        winner: Option<Color>,
    },
    /// A side lost its pieces as the game's extinction rule counts them
    /// ([`super::variant::Extinction`]); `bare_king` when that is
    /// shatranj's bare king.
    Extinction {
        /// The side the rule gives the game to, or `None` for a draw.
        winner: Option<Color>,
        /// Whether the extinct side was left with its king alone.
        bare_king: bool,
    },
    /// A side reached its flag region with a flag piece (king of the
    /// hill).
    Flag {
        /// The side that reached it.
        winner: Color,
    },
    /// The same position arose for the third time.
    ThreefoldRepetition,
    /// The game's count of moves without a capture or a pawn move ran out
    /// (50 moves in chess).
    MoveRule {
        /// The count, in moves of both sides.
        moves: u32,
    },
    /// Neither side can ever mate (bare kings, or a dead FIDE ending).
    InsufficientMaterial,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } | Outcome::Flag { winner } => Some(winner),
            Outcome::Stalemate { winner } | Outcome::Extinction { winner, .. } => winner,
            _ => None,
        }
    }
    /// A short description for result strings.
    pub fn description(self) -> String {
        let side = |color: Color| match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        match self {
            Outcome::Checkmate { winner } => format!("{} mates", side(winner)),
            Outcome::Stalemate { winner: None } => "Stalemate".to_string(),
            Outcome::Stalemate {
                winner: Some(winner),
            } => format!("{} wins by stalemate", side(winner)),
            Outcome::Extinction {
                winner: Some(winner),
                bare_king: true,
            } => format!("{} wins: {}'s king is bare", side(winner), side(!winner)),
            Outcome::Extinction {
                winner: Some(winner),
                bare_king: false,
            } => format!("{} wins by extinction", side(winner)),
            Outcome::Extinction { winner: None, .. } => "Draw by extinction".to_string(),
            Outcome::Flag { winner } => format!("{} reaches the goal", side(winner)),
            Outcome::ThreefoldRepetition => "Draw by repetition".to_string(),
            Outcome::MoveRule { moves: 50 } => "Draw by fifty-move rule".to_string(),
            Outcome::MoveRule { moves } => format!("Draw by {moves}-move rule"),
            Outcome::InsufficientMaterial => "Draw by insufficient material".to_string(),
        }
    }
}

/// The side an ending befalls and what it scores for it, as the winner
/// (`None` for a draw).
fn winner_of(befallen: Color, score: EndScore) -> Option<Color> {
    match score {
        EndScore::Loss => Some(!befallen),
        EndScore::Draw => None,
        EndScore::Win => Some(befallen),
    }
}

impl<B: Bitboard> Position<B> {
    /// What the game's extinction rule has decided, from the side to
    /// move's view, or `None` where it has decided nothing (always, in a
    /// game without one). The side that just moved is judged first, as
    /// Fairy-Stockfish judges it.
    #[inline]
    pub fn decided_by_extinction(&self) -> Option<EndScore> {
        let rule = self.tables.spec.extinction.as_ref()?;
        let us = self.side_to_move();
        for side in [!us, us] {
            let needed = rule.opponent_count + u32::from(rule.claim && side == us);
            let extinct =
                |count: &dyn Fn(Color) -> u32| count(side) <= rule.count && count(!side) >= needed;
            let decided = match rule.pieces {
                ExtinctionPieces::All => extinct(&|c| self.color_bb(c).count()),
                ExtinctionPieces::Each(roles) => roles
                    .iter()
                    .any(|&role| extinct(&|c| self.pieces(c, role).count())),
            };
            if decided {
                return Some(if side == us {
                    rule.score
                } else {
                    rule.score.for_opponent()
                });
            }
        }
        None
    }
    /// Whether the side that just moved has reached its flag region with
    /// a flag piece, winning the game (never, in a game without a flag
    /// rule).
    #[inline]
    pub fn flag_reached_by_mover(&self) -> bool {
        let Some(flag) = self.tables.spec.flag.as_ref() else {
            return false;
        };
        let mover = !self.side_to_move();
        let region = self.tables.flag_region[mover.index()];
        flag.roles[mover.index()]
            .iter()
            .any(|&role| (self.pieces(mover, role) & region).any())
    }
    /// What the game's own rules (extinction, then the flag) have decided,
    /// from the side to move's view, or `None`: a decided position has no
    /// moves.
    #[inline]
    pub fn decided_by_rule(&self) -> Option<EndScore> {
        match self.decided_by_extinction() {
            Some(score) => Some(score),
            None if self.flag_reached_by_mover() => Some(EndScore::Loss),
            None => None,
        }
    }
    /// Whether the game's count of plies without a capture or pawn move
    /// has run out (never, in a game without one).
    #[inline]
    pub fn move_rule_ran_out(&self) -> bool {
        let plies = self.tables.spec.move_rule_plies;
        plies != 0 && self.halfmove_clock >= plies
    }
    /// Whether neither side can ever mate, by the game's rule.
    pub fn is_dead(&self) -> bool {
        if self.tables.spec.dead_positions == DeadPositions::Never {
            return false;
        }
        let kings = self.role_bb(Role::King);
        let others = self.occupied() & !kings;
        if others.is_empty() {
            return true;
        }
        match self.tables.spec.dead_positions {
            DeadPositions::Never | DeadPositions::BareKings => false,
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
        let spec = pos.tables().spec;
        let us = pos.side_to_move();
        if let Some(score) = pos.decided_by_extinction() {
            return Some(Outcome::Extinction {
                winner: winner_of(us, score),
                bare_king: spec.extinction.is_some_and(|rule| rule.is_bare_king()),
            });
        }
        if pos.flag_reached_by_mover() {
            return Some(Outcome::Flag { winner: !us });
        }
        if !pos.has_legal_move() {
            return Some(if pos.in_check() {
                Outcome::Checkmate { winner: !us }
            } else {
                Outcome::Stalemate {
                    winner: winner_of(us, spec.stalemate),
                }
            });
        }
        if pos.is_dead() {
            return Some(Outcome::InsufficientMaterial);
        }
        if pos.move_rule_ran_out() {
            return Some(Outcome::MoveRule {
                moves: spec.move_rule_plies / 2,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::ThreefoldRepetition);
        }
        None
    }
}
