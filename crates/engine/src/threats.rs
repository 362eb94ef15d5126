//! The squares where each kind of piece of the side to move stands attacked by a lesser
//! enemy piece (a pawn against a knight, a knight against a rook). A quiet move that takes
//! such a piece away is likely good and one that puts a piece there likely bad, before
//! any history says so.

use crate::eval::value;
use rules::{Bitboard, Move, MoveKind, Position, Role};

/// What a quiet move's ordering key gains by leaving a square a lesser piece attacks, and
/// loses by moving to one (within the history's ±16,384).
const THREAT_KEY: i32 = 8_192;

pub struct Threats {
    /// By the side to move's piece kind: the squares an enemy piece worth less attacks.
    by_lesser: [Bitboard; Role::COUNT],
}

impl Threats {
    pub fn of(pos: &Position) -> Threats {
        let enemy = !pos.turn();
        let occupied = pos.occupied();
        let mut by_role = [Bitboard::EMPTY; Role::COUNT];
        for role in Role::ALL.into_iter().filter(|&r| r != Role::King) {
            for sq in pos.pieces_of(enemy, role) {
                by_role[role.index()] |= pos.attacks_of(enemy, role, sq, occupied);
            }
        }
        let by_lesser = Role::ALL.map(|target| {
            let worth = value(pos, target);
            Role::ALL
                .into_iter()
                .filter(|&a| a != Role::King && value(pos, a) < worth)
                .fold(Bitboard::EMPTY, |set, a| set | by_role[a.index()])
        });
        Threats { by_lesser }
    }

    /// What the threats add to the ordering key of the quiet move `m`.
    pub fn key(&self, pos: &Position, m: Move) -> i32 {
        if m.kind != MoveKind::Normal {
            return 0;
        }
        let Some(piece) = pos.piece_at(m.from) else {
            return 0;
        };
        if matches!(piece.role, Role::Pawn | Role::King) {
            return 0;
        }
        let threatened = self.by_lesser[piece.role.index()];
        THREAT_KEY * (i32::from(threatened.contains(m.from)) - i32::from(threatened.contains(m.to)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{VariantId, fen, uci_move};

    fn key_of(fen_text: &str, uci: &str) -> i32 {
        let pos = fen::parse(VariantId::Chess.rules().unwrap(), fen_text).unwrap();
        let m = uci_move::parse(&pos, uci).expect("a legal move");
        Threats::of(&pos).key(&pos, m)
    }

    #[test]
    fn leaving_a_lesser_pieces_attack_is_tried_earlier_and_entering_one_later() {
        // The knight on d4 stands attacked by the pawn on e5.
        let attacked = "4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1";
        assert_eq!(key_of(attacked, "d4b3"), THREAT_KEY);
        // The pawn on e5 also attacks f4.
        let safe = "4k3/8/8/4p3/8/8/6N1/4K3 w - - 0 1";
        assert_eq!(key_of(safe, "g2f4"), -THREAT_KEY);
        assert_eq!(key_of(safe, "g2h4"), 0);
        // A rook the enemy's knight attacks, and a king, which nothing lesser threatens.
        let rook = "4k3/8/8/8/2n5/8/3R4/4K3 w - - 0 1";
        assert_eq!(key_of(rook, "d2d5"), THREAT_KEY);
        assert_eq!(key_of(rook, "e1f1"), 0);
        // A knight attacked only by a knight is not threatened by a lesser piece.
        let equal = "4k3/8/8/8/2n5/8/3N4/4K3 w - - 0 1";
        assert_eq!(key_of(equal, "d2f3"), 0);
    }
}
