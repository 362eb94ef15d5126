//! Perft: the number of move paths of a given length, the move generator's contract.
//!
//! For the beast variants (rules.md, "Perft for variants with chance") a path branches on
//! every outcome of the dice between two player turns; perft counts player turns only.

use crate::chess_move::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// Counts move paths `depth` player turns long, the neutral piece standing still.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        if depth <= 1 {
            return if depth == 0 { 1 } else { list.len() as u64 };
        }
        let mut total = 0;
        for &m in &list {
            let mut next = self.clone();
            next.play(m);
            total += next.perft(depth - 1);
        }
        total
    }

    /// Counts move paths `depth` player turns long, branching on every chance outcome
    /// between two turns. Without a beast it is [`Position::perft`].
    pub fn perft_with_chance(&self, depth: u32) -> u64 {
        if self.variant.beast.is_none() {
            return self.perft(depth);
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        if depth <= 1 {
            return if depth == 0 { 1 } else { list.len() as u64 };
        }
        list.iter()
            .map(|&m| self.after_move_with_chance(m, depth - 1))
            .sum()
    }

    /// `after(pos + m, depth)` of the definition: the chance node after a turn.
    fn after_move_with_chance(&self, m: Move, depth: u32) -> u64 {
        let mut moved = self.clone();
        moved.play(m);
        if depth == 0 {
            return 1;
        }
        if moved.outcome().is_some() {
            return 0;
        }
        let mut total = 0;
        for (outcome, _) in moved.chance_outcomes() {
            let mut rolled = moved.clone();
            rolled
                .apply_chance(outcome)
                .expect("every listed outcome applies");
            // A trampled king ends the game; the fifty-move rule does not end a perft path.
            let both_kings = crate::piece::Color::ALL.into_iter().all(|c| {
                rolled.king(c).is_some() || rolled.hand(c)[crate::piece::Role::King.index()] > 0
            });
            if both_kings {
                total += rolled.perft_with_chance(depth);
            }
        }
        total
    }
}

/// Perft split by first move, in generation order, with each subtotal.
pub fn divide(pos: &Position, depth: u32, chance: bool) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let count = if chance && pos.variant().beast.is_some() {
                pos.after_move_with_chance(m, depth - 1)
            } else {
                let mut next = pos.clone();
                next.play(m);
                next.perft(depth - 1)
            };
            (m, count)
        })
        .collect()
}
