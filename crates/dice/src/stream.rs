//! The seeded dice stream.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use rules::options::{JuggernautEdge, JuggernautStart};
use rules::variant::Beast;
use rules::{ChanceOutcome, Position, Square};
use sha2::{Digest, Sha256};

/// Dice rolled from a ChaCha20 stream. Each die is mapped without bias (`gen_range`
/// rejects the values that would favour low faces). A copy goes on from the same place.
#[derive(Clone, Debug)]
pub struct DiceStream {
    rng: ChaCha20Rng,
}

impl DiceStream {
    pub fn new(seed: u64) -> DiceStream {
        DiceStream {
            rng: ChaCha20Rng::seed_from_u64(seed),
        }
    }

    /// One roll of a die with `faces` faces, 1 to `faces`.
    pub fn die(&mut self, faces: u8) -> u8 {
        self.rng.random_range(1..=faces)
    }

    /// The dice for the chance move `pos` owes, as the seeds roll them: the Behemoth's d8
    /// and d4; the Juggernaut's d10, with two more d10 rolls (re-rolling 9 and 10) for
    /// the file and rank of a teleport, and the whole roll repeated when
    /// `juggernaut-edge=reroll` would take it off the board.
    pub fn roll(&mut self, pos: &Position) -> Option<ChanceOutcome> {
        match pos.variant().beast? {
            Beast::Behemoth => Some(ChanceOutcome::Behemoth {
                direction: self.die(8),
                distance: self.die(4),
            }),
            Beast::Juggernaut => loop {
                let roll = self.die(10);
                let outcome = if roll == 10 {
                    let file = self.die_below_nine();
                    let rank = self.die_below_nine();
                    ChanceOutcome::JuggernautTeleport(pos.geometry().square(file - 1, rank - 1))
                } else {
                    ChanceOutcome::JuggernautStep(roll)
                };
                let rolled_off = pos.options().juggernaut_edge == JuggernautEdge::Reroll
                    && pos.chance_path(outcome).is_err();
                if !rolled_off {
                    return Some(outcome);
                }
            },
        }
    }

    /// A d10 re-rolled until it shows 1-8.
    fn die_below_nine(&mut self) -> u8 {
        loop {
            let roll = self.die(10);
            if roll <= 8 {
                return roll;
            }
        }
    }

    /// The start of a game: `pos` itself, or for the Juggernaut the beast placed as the
    /// `juggernaut-start` option says (uniformly on an empty square, uniformly on one of
    /// d4 e4 d5 e5, or on a given square).
    pub fn starting_position(&mut self, pos: Position) -> Result<Position, rules::MoveError> {
        if pos.variant().beast != Some(Beast::Juggernaut) {
            return Ok(pos);
        }
        let square = match pos.options().juggernaut_start {
            JuggernautStart::Square(sq) => sq,
            JuggernautStart::Center => {
                let geo = pos.geometry();
                let centre = [(3, 3), (4, 3), (3, 4), (4, 4)];
                let (file, rank) = centre[self.rng.random_range(0..centre.len())];
                geo.square(file, rank)
            }
            JuggernautStart::Random => {
                // The beast's own square is empty once it is lifted off the board.
                let beast = pos.beast_square();
                let empty: Vec<Square> = pos
                    .geometry()
                    .board
                    .without(pos.occupied())
                    .chain(beast)
                    .collect();
                empty[self.rng.random_range(0..empty.len())]
            }
        };
        pos.with_beast_at(square)
    }
}

/// The SHA-256 of the seed's decimal text, in hex: published when a game starts so the
/// seed, revealed at the end, can be checked against it.
pub fn seed_commitment(seed: u64) -> String {
    let digest = Sha256::digest(seed.to_string().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
