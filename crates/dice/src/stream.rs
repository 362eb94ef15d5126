//! The seeded dice stream.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use rules::options::JuggernautEdge;
use rules::variant::Beast;
use rules::{ChanceOutcome, Position, Square};
use sha2::{Digest, Sha256};

/// Dice rolled from a ChaCha20 stream. Each die is mapped without bias (`gen_range`
/// rejects the values that would favour low faces).
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

    /// A uniformly random empty square of the position (the Juggernaut's random start).
    pub fn empty_square(&mut self, pos: &Position) -> Option<Square> {
        let empty: Vec<Square> = pos.geometry().board.without(pos.occupied()).collect();
        if empty.is_empty() {
            return None;
        }
        Some(empty[self.rng.random_range(0..empty.len())])
    }
}

/// The SHA-256 of the seed's decimal text, in hex: published when a game starts so the
/// seed, revealed at the end, can be checked against it.
pub fn seed_commitment(seed: u64) -> String {
    let digest = Sha256::digest(seed.to_string().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
