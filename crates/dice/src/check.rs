//! A game's dice against a seed: every roll must be the one the seeded stream gives, in
//! order. This is how a published seed proves the dice were fair.

use crate::stream::DiceStream;
use rules::pgn::roll_annotation;
use rules::{Game, Position, Turn, fen};
use thiserror::Error;

/// The first place where a game's dice differ from the seed's.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("{message}")]
pub struct RollMismatch {
    /// The index in `game.turns()` of the roll that differs; `None` for the beast's
    /// starting square.
    pub turn: Option<usize>,
    pub message: String,
}

/// Runs the stream of `seed` along `game`: the Juggernaut's placement first (for a game
/// from its variant's start position; a set-up position keeps the beast where its FEN
/// puts it), then one roll for every roll of the game. Returns the stream ready for the
/// next roll, or the first difference.
pub fn replay(seed: u64, game: &Game) -> Result<DiceStream, RollMismatch> {
    let mut dice = DiceStream::new(seed);
    let start = game.start();
    let default = Position::start(start.variant()).with_options(*start.options());
    let from_variant_start = start
        .beast_square()
        .and_then(|sq| default.clone().with_beast_at(sq).ok())
        .is_some_and(|p| fen::write(&p) == fen::write(start));
    if from_variant_start {
        let placed = dice.starting_position(default).map_err(|e| RollMismatch {
            turn: None,
            message: format!("the beast's start cannot be placed: {e}"),
        })?;
        if placed.beast_square() != start.beast_square() {
            let name = |p: &Position| {
                p.beast_square()
                    .map_or("-".into(), |sq| p.geometry().name(sq))
            };
            return Err(RollMismatch {
                turn: None,
                message: format!(
                    "the beast starts on {}, but seed {seed} places it on {}",
                    name(start),
                    name(&placed)
                ),
            });
        }
    }
    for (index, (turn, pos)) in game.turns().iter().zip(game.positions()).enumerate() {
        if let Turn::Roll(played) = *turn {
            let expected = dice.roll(pos).ok_or_else(|| RollMismatch {
                turn: Some(index),
                message: format!("{} has no dice", pos.variant().id),
            })?;
            if expected != played {
                return Err(RollMismatch {
                    turn: Some(index),
                    message: format!(
                        "roll {} is not seed {seed}'s: the seed rolls {} here",
                        roll_annotation(pos, played),
                        roll_annotation(pos, expected)
                    ),
                });
            }
        }
    }
    Ok(dice)
}
