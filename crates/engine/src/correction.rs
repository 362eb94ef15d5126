//! Correction history: how far the static evaluation has lately been from what the
//! search found, in positions with the same pawn structure and side to move. The
//! evaluation errs the same way over and over in a given structure (a passer it
//! underrates, a weak pawn it overrates), so its pruning decisions use the evaluation
//! plus this learnt error. Each search thread has its own.

use crate::pawn_cache::pawn_hash;
use crate::score::Score;
use rules::Position;

/// Entries per side to move.
const SIZE: usize = 16_384;
/// Entries are kept in 1/GRAIN of a centipawn, so small weights still move them.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const LIMIT: Score = 64;
/// An update of `depth` moves the entry `min(depth + 1, MAX_WEIGHT)` 256ths of the way
/// toward the error just seen.
const MAX_WEIGHT: i32 = 16;

pub struct CorrectionHistory {
    entries: Box<[[i32; SIZE]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            entries: Box::new([[0; SIZE]; 2]),
        }
    }
}

impl CorrectionHistory {
    /// What to add to the static evaluation of `pos`.
    pub fn correction(&self, pos: &Position) -> Score {
        self.entries[pos.turn().index()][slot(pos)] / GRAIN
    }

    /// A search of `depth` found `score` where the evaluation (uncorrected) said `eval`.
    pub fn update(&mut self, pos: &Position, depth: i32, score: Score, eval: Score) {
        let error = (score - eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let entry = &mut self.entries[pos.turn().index()][slot(pos)];
        *entry = (*entry * (256 - weight) + error * weight) / 256;
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|side| side.fill(0));
    }
}

/// The table slot of the pawn structure.
fn slot(pos: &Position) -> usize {
    (pawn_hash(pos) >> (64 - SIZE.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{VariantId, fen};

    fn chess(fen_text: &str) -> Position {
        fen::parse(VariantId::Chess.rules().expect("chess"), fen_text).expect("a valid FEN")
    }

    #[test]
    fn learns_the_error_of_a_pawn_structure_and_side() {
        let mut history = CorrectionHistory::default();
        let pos = chess("4k3/pp6/8/8/8/8/5PPP/4K3 w - - 0 1");
        let moved_king = chess("3k4/pp6/8/8/8/8/5PPP/3K4 w - - 0 1");
        let other_side = chess("4k3/pp6/8/8/8/8/5PPP/4K3 b - - 0 1");
        for _ in 0..200 {
            history.update(&pos, 10, 50, 20);
        }
        assert!((25..=30).contains(&history.correction(&pos)));
        assert_eq!(history.correction(&moved_king), history.correction(&pos));
        assert_eq!(history.correction(&other_side), 0);
        for _ in 0..200 {
            history.update(&pos, 10, -1_000, 0);
        }
        assert_eq!(history.correction(&pos), -LIMIT + 1);
        history.clear();
        assert_eq!(history.correction(&pos), 0);
    }
}
