//! The turn driver: a game and the dice that keep their place in the stream, played one
//! step at a time (a move, the seeded roll, a typed roll, a take-back) or by the loop
//! that asks the players for moves and rolls whenever the dice are owed, until the game
//! ends or a move limit is reached. Every front end plays through it: simulate, match,
//! play and the tests run the loop; the server, whose players answer over the network,
//! takes the steps.

use crate::stream::DiceStream;
use rules::{ChanceOutcome, Color, Game, Move, MoveError, Outcome, Owed, Position, Trample, Turn};
use thiserror::Error;

/// Why a roll step was refused.
#[derive(Error, Clone, PartialEq, Eq, Debug)]
pub enum RollError {
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("the dice are seeded: they roll themselves, a roll cannot be typed")]
    Seeded,
    #[error("the dice are physical: the players say what they show")]
    Physical,
    #[error("this variant has no dice")]
    NoDice,
}

/// What a player does when asked for a turn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Choice {
    Move(Move),
    /// What physical dice show (the answer to [`Players::physical_roll`]).
    Roll(ChanceOutcome),
    /// The player gives the game up (its flag fell, it resigned), for this reason.
    Forfeit(String),
    /// Take back this many turns (moves and rolls), then ask again.
    TakeBack(usize),
    /// Stop the game without a result (quit, end of input, an agreed draw the caller
    /// records itself).
    Halt,
}

/// Both sides of a game: asked, one turn at a time, for the move of the side to move.
pub trait Players {
    type Error: From<MoveError>;
    fn choose(&mut self, game: &Game, color: Color) -> Result<Choice, Self::Error>;

    /// What physical dice show, when the driver has no seeded stream ([`Dice::Physical`]).
    fn physical_roll(&mut self, game: &Game) -> Result<Choice, Self::Error> {
        let _ = game;
        Ok(Choice::Halt)
    }

    /// Told of each turn once it is played: the position before it, the turn, the game
    /// after it, and for a roll what the beast trampled.
    fn played(&mut self, before: &Position, turn: Turn, game: &Game, trample: Option<&Trample>) {
        let _ = (before, turn, game, trample);
    }

    /// Asked before every turn: true stops the game there (an interrupt).
    fn halted(&mut self) -> bool {
        false
    }
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
    /// A player stopped the game without a result ([`Choice::Halt`], [`Players::halted`]).
    Halted,
}

/// Where the driver's rolls come from.
#[derive(Clone, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "one per game; boxing the stream would buy nothing"
)]
pub enum Dice {
    /// The seeded stream, at its place in the game.
    Seeded { seed: u64, stream: DiceStream },
    /// Physical dice: the players say what they show.
    Physical,
}

#[derive(Clone, Debug)]
pub struct TurnDriver {
    game: Game,
    dice: Dice,
    moves: u32,
}

impl TurnDriver {
    /// A game of `seed`'s dice from `start`, where the Juggernaut is first placed as the
    /// rules place it by chance (see [`DiceStream::starting_position`]).
    pub fn new(seed: u64, start: Position) -> Result<TurnDriver, MoveError> {
        let mut stream = DiceStream::new(seed);
        let start = stream.starting_position(start)?;
        Ok(TurnDriver::resume(
            Game::new(start),
            Dice::Seeded { seed, stream },
        ))
    }

    /// Goes on with `game` as it stands, rolling from `dice` as they stand.
    pub fn resume(game: Game, dice: Dice) -> TurnDriver {
        TurnDriver {
            game,
            dice,
            moves: 0,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn into_game(self) -> Game {
        self.game
    }

    /// The seed of the dice, when they are seeded.
    pub fn seed(&self) -> Option<u64> {
        match self.dice {
            Dice::Seeded { seed, .. } => Some(seed),
            Dice::Physical => None,
        }
    }

    /// The player moves played so far by this driver.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// What the game owes now: a move, a roll, or nothing more.
    pub fn owed(&self) -> Owed {
        self.game.owed()
    }

    /// Plays a player's move.
    pub fn play_move(&mut self, m: Move) -> Result<(), MoveError> {
        self.game.play(m)?;
        self.moves += 1;
        Ok(())
    }

    /// Rolls the seeded dice for the roll owed now and plays it.
    pub fn roll_seeded(&mut self) -> Result<(ChanceOutcome, Trample), RollError> {
        let Dice::Seeded { stream, .. } = &mut self.dice else {
            return Err(RollError::Physical);
        };
        if !self.game.position().chance_pending() {
            // Drawing now would move the stream's place for nothing. (A game that ended
            // with a roll pending is refused by `Game::roll`, and nothing rolls after it.)
            return Err(RollError::Move(MoveError::Illegal(
                "a roll (no roll is owed)".into(),
            )));
        }
        let outcome = stream.roll(self.game.position()).ok_or(RollError::NoDice)?;
        let trample = self.game.roll(outcome)?;
        Ok((outcome, trample))
    }

    /// Plays what physical dice show.
    pub fn roll_physical(&mut self, outcome: ChanceOutcome) -> Result<Trample, RollError> {
        if let Dice::Seeded { .. } = self.dice {
            return Err(RollError::Seeded);
        }
        Ok(self.game.roll(outcome)?)
    }

    /// Takes back `turns` turns (moves and rolls); seeded dice go back to where the
    /// stream stood then, so the same record always rolls the same dice.
    pub fn take_back(&mut self, turns: usize) {
        for _ in 0..turns {
            if let Some(Turn::Move(_)) = self.game.undo() {
                self.moves = self.moves.saturating_sub(1);
            }
        }
        if let Dice::Seeded { seed, stream } = &mut self.dice
            && let Ok(rewound) = crate::replay(*seed, &self.game)
        {
            *stream = rewound;
        }
    }

    /// Plays until the game ends or a move is owed after `max_moves` player moves (counted
    /// from the driver's start, so a later call goes on with a higher limit).
    pub fn play_until<P: Players>(
        &mut self,
        players: &mut P,
        max_moves: u32,
    ) -> Result<Stop, P::Error> {
        loop {
            if players.halted() {
                return Ok(Stop::Halted);
            }
            let owed = self.game.owed();
            let before = self.game.position().clone();
            let choice = match owed {
                Owed::Over(outcome) => return Ok(Stop::Over(outcome)),
                Owed::Roll if self.seed().is_some() => {
                    let (outcome, trample) = match self.roll_seeded() {
                        Ok(rolled) => rolled,
                        Err(RollError::Move(e)) => return Err(e.into()),
                        Err(other) => panic!("seeded dice, a roll owed: {other}"),
                    };
                    players.played(&before, Turn::Roll(outcome), &self.game, Some(&trample));
                    continue;
                }
                Owed::Roll => players.physical_roll(&self.game)?,
                Owed::Move(_) if self.moves >= max_moves => return Ok(Stop::MoveLimit),
                Owed::Move(color) => players.choose(&self.game, color)?,
            };
            match choice {
                Choice::Move(m) => {
                    self.play_move(m)?;
                    players.played(&before, Turn::Move(m), &self.game, None);
                }
                Choice::Roll(roll) => {
                    let trample = self.game.roll(roll)?;
                    players.played(&before, Turn::Roll(roll), &self.game, Some(&trample));
                }
                Choice::Forfeit(reason) => {
                    let loser = match owed {
                        Owed::Move(color) => color,
                        _ => before.turn(),
                    };
                    return Ok(Stop::Forfeit { loser, reason });
                }
                Choice::TakeBack(turns) => self.take_back(turns),
                Choice::Halt => return Ok(Stop::Halted),
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

    /// Takes back two turns (a move and its roll) once, then halts at the third move;
    /// counts the turns it is told of.
    struct TakeBackOnce {
        taken: bool,
        told: usize,
    }

    impl Players for TakeBackOnce {
        type Error = MoveError;
        fn choose(&mut self, game: &Game, _: Color) -> Result<Choice, MoveError> {
            if game.moves().len() == 2 && !self.taken {
                self.taken = true;
                return Ok(Choice::TakeBack(2));
            }
            if game.moves().len() == 3 {
                return Ok(Choice::Halt);
            }
            Ok(Choice::Move(game.position().legal_moves().as_slice()[0]))
        }
        fn played(&mut self, _: &Position, _: Turn, _: &Game, _: Option<&Trample>) {
            self.told += 1;
        }
    }

    #[test]
    fn a_take_back_rewinds_the_seeded_dice_and_a_halt_stops() {
        let start = Position::start(VariantId::Behemoth.rules().unwrap());
        let mut driver = TurnDriver::new(11, start.clone()).unwrap();
        let mut players = TakeBackOnce {
            taken: false,
            told: 0,
        };
        assert_eq!(driver.play_until(&mut players, 99).unwrap(), Stop::Halted);
        assert_eq!(driver.moves(), 3, "two played, one taken back, two more");
        assert_eq!(driver.game().turns().len(), 6);
        assert_eq!(driver.game().turns().len(), 6);
        assert_eq!(
            players.told,
            4 + 4,
            "every move and roll, the retaken ones too"
        );
        // The dice after the take-back are the stream's as if nothing was taken back.
        crate::replay(11, driver.game()).unwrap();
        let mut straight = TurnDriver::new(11, start).unwrap();
        straight
            .play_until(&mut FirstMove { forfeit_at: 99 }, 3)
            .unwrap();
        assert_eq!(straight.game().turns(), driver.game().turns());
    }

    #[test]
    fn steps_taken_one_at_a_time_play_the_game_the_loop_plays() {
        let start = Position::start(VariantId::Juggernaut.rules().unwrap());
        let mut looped = TurnDriver::new(5, start.clone()).unwrap();
        looped
            .play_until(&mut FirstMove { forfeit_at: 99 }, 6)
            .unwrap();
        let mut stepped = TurnDriver::new(5, start).unwrap();
        assert!(matches!(stepped.roll_seeded(), Err(RollError::Move(_))));
        while stepped.moves() < 6 {
            match stepped.owed() {
                Owed::Move(_) => {
                    let m = stepped.game().position().legal_moves().as_slice()[0];
                    stepped.play_move(m).unwrap();
                }
                Owed::Roll => {
                    let typed = stepped.roll_physical(ChanceOutcome::JuggernautStep(1));
                    assert_eq!(typed, Err(RollError::Seeded));
                    stepped.roll_seeded().unwrap();
                }
                Owed::Over(_) => break,
            }
        }
        if stepped.owed() == Owed::Roll {
            stepped.roll_seeded().unwrap();
        }
        assert_eq!(stepped.game().turns(), looped.game().turns());
        // A take-back by steps rewinds the stream: the same move rolls the same dice.
        let before = stepped.game().turns().to_vec();
        stepped.take_back(2);
        let m = stepped.game().position().legal_moves().as_slice()[0];
        stepped.play_move(m).unwrap();
        stepped.roll_seeded().unwrap();
        assert_eq!(stepped.game().turns(), before.as_slice());
    }

    #[test]
    fn physical_dice_are_typed_not_drawn() {
        let start = Position::start(VariantId::Behemoth.rules().unwrap());
        let mut driver = TurnDriver::resume(Game::new(start), Dice::Physical);
        let m = driver.game().position().legal_moves().as_slice()[0];
        driver.play_move(m).unwrap();
        assert_eq!(driver.roll_seeded().unwrap_err(), RollError::Physical);
        let roll = ChanceOutcome::Behemoth {
            direction: 3,
            distance: 2,
        };
        driver.roll_physical(roll).unwrap();
        assert_eq!(driver.game().turns()[1], Turn::Roll(roll));
    }

    /// Physical dice: the players type the rolls.
    struct TypedDice;

    impl Players for TypedDice {
        type Error = MoveError;
        fn choose(&mut self, game: &Game, _: Color) -> Result<Choice, MoveError> {
            Ok(Choice::Move(game.position().legal_moves().as_slice()[0]))
        }
        fn physical_roll(&mut self, _: &Game) -> Result<Choice, MoveError> {
            Ok(Choice::Roll(rules::ChanceOutcome::Behemoth {
                direction: 2,
                distance: 1,
            }))
        }
    }

    #[test]
    fn physical_dice_come_from_the_players() {
        let start = Position::start(VariantId::Behemoth.rules().unwrap());
        let mut driver = TurnDriver::resume(Game::new(start), Dice::Physical);
        assert_eq!(driver.seed(), None);
        driver.play_until(&mut TypedDice, 2).unwrap();
        let rolls: Vec<Turn> = driver
            .game()
            .turns()
            .iter()
            .skip(1)
            .step_by(2)
            .copied()
            .collect();
        let typed = Turn::Roll(rules::ChanceOutcome::Behemoth {
            direction: 2,
            distance: 1,
        });
        assert_eq!(rolls, vec![typed, typed]);
    }
}
