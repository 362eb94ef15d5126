//! A game: a start position and the turns played from it (player moves and, in the beast
//! variants, rolls of the dice), with the history that repetition needs.

use crate::chance::{ChanceOutcome, Trample};
use crate::chess_move::Move;
use crate::error::MoveError;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;

/// One entry of a game's record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    Move(Move),
    Roll(ChanceOutcome),
}

/// What the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Owed {
    /// A move by this side.
    Move(Color),
    /// A roll of the dice.
    Roll,
    /// Nothing: the game is over.
    Over(Outcome),
}

#[derive(Debug)]
pub struct Game {
    start: Position,
    turns: Vec<Turn>,
    /// Every position of the game, the start included: one more than `turns`.
    positions: Vec<Position>,
}

/// A copy is usually made to play a turn and its roll on it: room for both is made at
/// once, so the copy is not reallocated (and copied again) by its next turn.
impl Clone for Game {
    fn clone(&self) -> Game {
        let with_room = |len: usize| len + 2;
        let mut turns = Vec::with_capacity(with_room(self.turns.len()));
        turns.extend_from_slice(&self.turns);
        let mut positions = Vec::with_capacity(with_room(self.positions.len()));
        positions.extend_from_slice(&self.positions);
        Game {
            start: self.start.clone(),
            turns,
            positions,
        }
    }
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start.clone()],
            start,
            turns: Vec::new(),
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

    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The player moves only, in order.
    pub fn moves(&self) -> Vec<Move> {
        self.turns
            .iter()
            .filter_map(|t| match t {
                Turn::Move(m) => Some(*m),
                Turn::Roll(_) => None,
            })
            .collect()
    }

    /// Every position of the game, the start included: `positions()[i]` is the one
    /// `turns()[i]` was played in.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    pub fn owed(&self) -> Owed {
        if let Some(outcome) = self.outcome() {
            Owed::Over(outcome)
        } else if self.position().chance_pending() {
            Owed::Roll
        } else {
            Owed::Move(self.position().turn())
        }
    }

    /// Plays a player's move, if one is owed and the move is legal.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        let pos = self.position();
        let text = crate::uci_move::write(pos, m);
        match self.owed() {
            Owed::Move(_) if pos.legal_moves().contains(&m) => {}
            Owed::Roll => {
                return Err(MoveError::Illegal(format!(
                    "{text} (the dice are owed first)"
                )));
            }
            Owed::Over(outcome) => {
                return Err(MoveError::Illegal(format!(
                    "{text} (the game is over: {outcome})"
                )));
            }
            Owed::Move(_) => return Err(MoveError::Illegal(text)),
        }
        let mut next = pos.clone();
        next.play(m);
        self.turns.push(Turn::Move(m));
        self.positions.push(next);
        Ok(())
    }

    /// Applies a roll of the dice, if one is owed; returns what the beast trampled.
    pub fn roll(&mut self, outcome: ChanceOutcome) -> Result<Trample, MoveError> {
        if self.owed() != Owed::Roll {
            return Err(MoveError::Illegal(format!(
                "{} (no roll is owed)",
                crate::chance::write_token(self.position(), outcome)
            )));
        }
        let mut next = self.position().clone();
        let trample = next.apply_chance(outcome)?;
        self.turns.push(Turn::Roll(outcome));
        self.positions.push(next);
        Ok(trample)
    }

    /// Takes back the last turn (a move or a roll).
    pub fn undo(&mut self) -> Option<Turn> {
        let turn = self.turns.pop()?;
        self.positions.pop();
        Some(turn)
    }

    /// How many times the current position has occurred, this time included (see
    /// [`Position::repetition_key`]). Only positions since the last irreversible turn can
    /// repeat it.
    pub fn repetitions(&self) -> usize {
        let key = self.position().repetition_key();
        let mut count = 0;
        for pos in self.positions.iter().rev() {
            if pos.repetition_key() == key {
                count += 1;
            }
            if pos.halfmove_clock() == 0 {
                break;
            }
        }
        count
    }

    /// The repetition keys (`Position::repetition_key`) of the positions before the
    /// current one with a player to move, oldest first: the history a search needs to
    /// see a repetition coming.
    pub fn history_keys(&self) -> Vec<u64> {
        let earlier = &self.positions[..self.positions.len() - 1];
        earlier
            .iter()
            .filter(|p| !p.chance_pending())
            .map(|p| p.repetition_key())
            .collect()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(outcome) = pos.outcome() {
            // Mate and stalemate come before the draw rules that would also apply.
            return Some(outcome);
        }
        // Like the fifty-move rule, repetition ends the game on the move that makes it:
        // in the beast variants no roll follows.
        if self.repetitions() >= 3 {
            return Some(Outcome {
                winner: None,
                reason: Reason::ThreefoldRepetition,
            });
        }
        None
    }
}
