//! The turn driver: a game, the seeded dice that keep their place in the stream, and the
//! loop that asks the players for moves and rolls whenever the dice are owed, until the
//! game ends or a move limit is reached. Every front end that plays whole games (simulate,
//! match, tests) runs it rather than its own loop.

use crate::stream::DiceStream;
use rules::{Color, Game, Move, MoveError, Outcome, Owed, Position};

/// What a player does when asked for a move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Choice {
    Move(Move),
    /// The player gives the game up (its flag fell, it resigned), for this reason.
    Forfeit(String),
}

/// Both sides of a game: asked, one turn at a time, for the move of the side to move.
pub trait Players {
    type Error: From<MoveError>;
    fn choose(&mut self, game: &Game, color: Color) -> Result<Choice, Self::Error>;
}

/// Why [`TurnDriver::play_until`] returned.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Stop {
    /// The rules ended the game.
    Over(Outcome),
    /// `loser` gave the game up.
    Forfeit { loser: Color, reason: String },
    /// A move is owed, but the driver has played the move limit.
    MoveLimit,
}

pub struct TurnDriver {
    game: Game,
    dice: DiceStream,
    moves: u32,
}

impl TurnDriver {
    /// A game of `seed`'s dice from `start`, where the Juggernaut is first placed as the
    /// rules place it by chance (see [`DiceStream::starting_position`]).
    pub fn new(seed: u64, start: Position) -> Result<TurnDriver, MoveError> {
        let mut dice = DiceStream::new(seed);
        let start = dice.starting_position(start)?;
        Ok(TurnDriver {
            game: Game::new(start),
            dice,
            moves: 0,
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn into_game(self) -> Game {
        self.game
    }

    /// The player moves played so far by this driver.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Plays until the game ends or a move is owed after `max_moves` player moves (counted
    /// from the driver's start, so a later call goes on with a higher limit).
    pub fn play_until<P: Players>(
        &mut self,
        players: &mut P,
        max_moves: u32,
    ) -> Result<Stop, P::Error> {
        loop {
            match self.game.owed() {
                Owed::Over(outcome) => return Ok(Stop::Over(outcome)),
                Owed::Roll => {
                    let roll = self
                        .dice
                        .roll(self.game.position())
                        .expect("dice are owed only in a variant that has them");
                    self.game.roll(roll)?;
                }
                Owed::Move(_) if self.moves >= max_moves => return Ok(Stop::MoveLimit),
                Owed::Move(color) => match players.choose(&self.game, color)? {
                    Choice::Move(m) => {
                        self.game.play(m)?;
                        self.moves += 1;
                    }
                    Choice::Forfeit(reason) => {
                        return Ok(Stop::Forfeit {
                            loser: color,
                            reason,
                        });
                    }
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::VariantId;

    /// Always the first legal move; gives up at move `forfeit_at`.
    struct FirstMove {
        forfeit_at: usize,
    }

    impl Players for FirstMove {
        type Error = MoveError;
        fn choose(&mut self, game: &Game, _: Color) -> Result<Choice, MoveError> {
            if game.moves().len() == self.forfeit_at {
                return Ok(Choice::Forfeit("bored".into()));
            }
            Ok(Choice::Move(game.position().legal_moves().as_slice()[0]))
        }
    }

    #[test]
    fn it_rolls_between_moves_from_the_seed_and_stops_at_the_limit() {
        let start = Position::start(VariantId::Behemoth.rules().unwrap());
        let mut driver = TurnDriver::new(7, start).unwrap();
        let mut players = FirstMove { forfeit_at: 99 };
        assert_eq!(driver.play_until(&mut players, 3).unwrap(), Stop::MoveLimit);
        assert_eq!(driver.moves(), 3);
        assert_eq!(driver.game().turns().len(), 6, "a roll after each move");
        // The rolls are the seed's: replaying the stream along the game agrees.
        crate::replay(7, driver.game()).unwrap();
        // A second call goes on where the first stopped.
        let before = driver.game().turns().len();
        assert_eq!(driver.play_until(&mut players, 4).unwrap(), Stop::MoveLimit);
        assert_eq!(driver.moves(), 4);
        assert_eq!(driver.game().turns().len(), before + 2);
        crate::replay(7, driver.game()).unwrap();
    }

    #[test]
    fn a_forfeit_names_the_side_that_gave_up() {
        let start = Position::start(VariantId::Chess.rules().unwrap());
        let mut driver = TurnDriver::new(1, start).unwrap();
        let stop = driver
            .play_until(&mut FirstMove { forfeit_at: 1 }, 10)
            .unwrap();
        assert_eq!(
            stop,
            Stop::Forfeit {
                loser: Color::Black,
                reason: "bored".into()
            }
        );
        assert_eq!(driver.moves(), 1);
    }
}
