//! Engine-free movers for simulations and matches: a seeded random mover and a greedy one.

use rules::{Move, Position};

/// The random moves that open a self-play game, so that seeded games differ.
pub struct RandomOpening {
    pub chooser: Chooser,
    plies_left: u32,
}

impl RandomOpening {
    pub fn new(seed: u64, plies: u32) -> RandomOpening {
        RandomOpening {
            chooser: Chooser::new(seed),
            plies_left: plies,
        }
    }

    /// A random move while the opening lasts, then `None`.
    pub fn next(&mut self, pos: &Position) -> Option<Move> {
        (self.plies_left > 0).then(|| {
            self.plies_left -= 1;
            self.chooser.random(pos)
        })
    }
}

/// A small xorshift stream: reproducible choices from a seed.
pub struct Chooser(u64);

impl Chooser {
    pub fn new(seed: u64) -> Chooser {
        Chooser(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The stream's next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Any legal move, all equally likely. The position must have one.
    pub fn random(&mut self, pos: &Position) -> Move {
        let legal = pos.legal_moves();
        legal.as_slice()[self.below(legal.len())]
    }

    /// The capture of the most valuable piece on offer (a king above all), else a random
    /// move.
    pub fn greedy(&mut self, pos: &Position) -> Move {
        let legal = pos.legal_moves();
        let best = legal
            .iter()
            .filter_map(|m| {
                let victim = pos.piece_at(m.to).filter(|p| p.color != pos.turn())?;
                Some((engine::eval::value(pos, victim.role), *m))
            })
            .max_by_key(|(value, _)| *value);
        match best {
            Some((_, m)) => m,
            None => self.random(pos),
        }
    }
}
