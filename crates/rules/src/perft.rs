//! Perft: the number of move paths of a given length, the move generator's contract.

use crate::chess_move::Move;
use crate::position::Position;

/// Perft split by first move, in generation order, with each subtotal.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut next = pos.clone();
            next.play(m);
            (m, next.perft(depth - 1))
        })
        .collect()
}
