//! Where chance outcomes come from: a seeded ChaCha stream (the same seed gives the same
//! game, and a published seed lets anyone check every roll), or a person typing what
//! physical dice showed. The rules kernel takes an outcome as an input, like a move.

pub mod check;
pub mod driver;
pub mod manual;
pub mod random_moves;
pub mod stream;

pub use check::{RollMismatch, replay};
pub use driver::{Choice, Dice, Players, RollError, Stop, TurnDriver};
pub use manual::{DiceError, parse_physical};
pub use random_moves::RandomMoves;
pub use stream::{DiceStream, seed_commitment};
