//! Helpers shared by the rules crate's tests: reading positions, listing turns as text, and
//! one seeded random stream. Each test file uses a part of them.
#![allow(dead_code)]

use proptest::prelude::*;
use rules::{Position, VariantId, fen, uci_move};

/// The position of `fen_text` in variant `id`; panics on a FEN the test got wrong.
pub fn position(id: VariantId, fen_text: &str) -> Position {
    fen::parse(id.rules().unwrap(), fen_text).unwrap()
}

/// Any variant, for property tests.
pub fn playable() -> impl Strategy<Value = VariantId> {
    proptest::sample::select(VariantId::ALL.to_vec())
}

/// Every legal turn in coordinate notation, sorted.
pub fn moves(pos: &Position) -> Vec<String> {
    let mut list: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| uci_move::write(pos, m))
        .collect();
    list.sort();
    list
}

/// The legal turns that start on square `from` (so `e1` does not pick up `e10` on the
/// larger boards), sorted.
pub fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// A small xorshift generator, so random tests are reproducible without new dependencies.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Uniform in `0..n` (the modulo bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}
