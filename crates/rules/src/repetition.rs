//! What "the same position" means for the repetition draw (FIDE 9.2.3): the same pieces on
//! the same squares, the same side to move (and, in the beast variants, the same phase:
//! a player to move or the dice owed), the same castling rights, and the same possible
//! moves, so an en-passant right counts only when an en-passant capture is legal.

use crate::chess_move::MoveKind;
use crate::position::Position;
use crate::zobrist::KEYS;

impl Position {
    /// The key two positions share exactly when they are the same for repetition.
    pub fn repetition_key(&self) -> u64 {
        match self.ep_victim {
            Some(victim) if !self.has_legal_en_passant() => self.key ^ KEYS.en_passant(victim),
            _ => self.key,
        }
    }

    fn has_legal_en_passant(&self) -> bool {
        self.legal_moves()
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant)
    }
}
