//! Whether a move checks the enemy king, told before the move is made: a search decides
//! whether a late move is worth making at all, and for most it is not.

use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::piece::Color;
use crate::position::Position;
use crate::square::Square;
use crate::variant::MoveClass;

impl Position {
    /// Whether the legal move `m` leaves the enemy's king attacked, as `is_check` would
    /// say after it. Read from the board for plain and promoting moves in chess and
    /// Wildebeest; en passant, castling and the variants with a beast or Battle Chieftain's
    /// rules make the move on a copy.
    pub fn gives_check(&self, m: Move) -> bool {
        let read = self.has_plain_royal_moves()
            && matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_));
        if !read {
            let mut child = self.clone();
            child.play(m);
            return child.is_check();
        }
        let us = self.turn();
        let (Some(king), Some(piece)) = (self.king(!us), self.piece_at(m.from)) else {
            return false;
        };
        let role = m.promotion().unwrap_or(piece.role);
        let occupied =
            (self.occupied() & !Bitboard::from_square(m.from)) | Bitboard::from_square(m.to);
        self.attacks_of(us, role, m.to, occupied).contains(king)
            || self.discovers_check(us, m.from, king, occupied)
    }

    /// Whether `color`'s sliders, other than the piece leaving `from`, see `king` once
    /// `from` is empty. Only a slider's line can open: no leaper of the side to move
    /// attacks the enemy king before its move.
    fn discovers_check(
        &self,
        color: Color,
        from: Square,
        king: Square,
        occupied: Bitboard,
    ) -> bool {
        let geo = self.geometry();
        let ours = self.pieces(color) & !Bitboard::from_square(from);
        let orthogonal = self.by_class[MoveClass::Orthogonal as usize] & ours;
        if geo.orthogonal_lines(king).contains(from)
            && (geo.orthogonal_attacks(king, occupied) & orthogonal).non_empty()
        {
            return true;
        }
        let diagonal = self.by_class[MoveClass::Diagonal as usize] & ours;
        geo.diagonal_lines(king).contains(from)
            && (geo.diagonal_attacks(king, occupied) & diagonal).non_empty()
    }
}
