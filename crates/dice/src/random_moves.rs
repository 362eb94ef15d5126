//! Players that both move uniformly at random, from a small xorshift stream: reproducible
//! games without an engine, for tests and tools.

use crate::driver::{Choice, Players};
use rules::{Color, Game, MoveError};

/// Both sides: each move drawn from the legal moves by the next value of the stream.
pub struct RandomMoves {
    state: u64,
}

impl RandomMoves {
    /// A stream started from `seed` (any value; zero is made odd, as xorshift needs).
    pub fn new(seed: u64) -> RandomMoves {
        RandomMoves { state: seed | 1 }
    }

    fn next(&mut self) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }
}

impl Players for RandomMoves {
    type Error = MoveError;
    fn choose(&mut self, game: &Game, _: Color) -> Result<Choice, MoveError> {
        let legal = game.position().legal_moves();
        let pick = (self.next() % legal.len() as u64) as usize;
        Ok(Choice::Move(legal.as_slice()[pick]))
    }
}
