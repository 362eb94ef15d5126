//! Whether a move checks the enemy king, told before the move is made: a search decides
//! whether a late move is worth making at all, and for most it is not.

use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::geometry::Leap;
use crate::piece::{Color, Role};
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

    /// The squares a piece of `color` and `role` on `sq` attacks, `occupied` blocking.
    fn attacks_of(&self, color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
        let geo = self.geometry();
        if role == Role::Pawn {
            return geo.pawn_attacks(color, sq);
        }
        let mut attacks = Bitboard::EMPTY;
        let mut classes = self.variant().movement[role.index()];
        while classes != 0 {
            let class = classes.trailing_zeros() as u8;
            classes &= classes - 1;
            attacks |= match class {
                c if c == MoveClass::Orthogonal as u8 => geo.orthogonal_attacks(sq, occupied),
                c if c == MoveClass::Diagonal as u8 => geo.diagonal_attacks(sq, occupied),
                c if c == MoveClass::KnightLeap as u8 => geo.leap(Leap::Knight, sq),
                c if c == MoveClass::CamelLeap as u8 => geo.leap(Leap::Camel, sq),
                _ => geo.leap(Leap::King, sq),
            };
        }
        attacks
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
