//! A game: a start position and the moves played from it, with the history that
//! repetition needs.

use crate::chess_move::Move;
use crate::error::MoveError;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;

#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    /// Every position of the game, the start included.
    positions: Vec<Position>,
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
        }
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays a move, if it is legal and the game is not over.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        let pos = self.position();
        if self.outcome().is_some() || !pos.legal_moves().contains(&m) {
            return Err(MoveError::Illegal(crate::uci_move::write(pos, m)));
        }
        let mut next = pos.clone();
        next.play(m);
        self.moves.push(m);
        self.positions.push(next);
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How many times the current position has occurred, this time included. Only
    /// positions since the last irreversible move can repeat it.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let window = current.halfmove_clock() as usize + 1;
        self.positions
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|p| p.key() == current.key())
            .count()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(outcome) = pos.outcome() {
            // Mate and stalemate come before the draw rules that would also apply.
            return Some(outcome);
        }
        if self.repetitions() >= 3 {
            return Some(Outcome {
                winner: None,
                reason: Reason::ThreefoldRepetition,
            });
        }
        None
    }
}
