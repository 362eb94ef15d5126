//! A bare king: the side with mating material drives it to the board's edge (with bishop
//! and knight, to a corner the bishop can reach) and brings its own king near. The mate
//! lies beyond a search's horizon in such endings, and without a gradient the engine
//! shuffled a K+B+N against K ending into the fifty-move rule (docs/engine.md).

use crate::score::Score;
use rules::{Bitboard, Color, Position, Role, Square};

/// Per step of the bare king's distance from the centre (or from the far corners).
const EDGE: Score = 20;
/// Per step the two kings are closer than the board's width.
const KINGS_NEAR: Score = 8;
/// The non-pawn material (by the default values) that can force a mate: a rook, or two
/// minor pieces that are not two knights.
const ROOK: Score = 500;

/// The bonus for the side to move: positive when it is the one mating.
pub fn mop_up(pos: &Position, piece_value: impl Fn(Role) -> Score) -> Score {
    let variant = pos.variant();
    if !variant.royal_king || variant.beast.is_some() || variant.battle.is_some() {
        return 0;
    }
    let us = pos.turn();
    for (winner, sign) in [(us, 1), (!us, -1)] {
        let loser = !winner;
        let lone = pos.pieces(loser) == pos.pieces_of(loser, Role::King);
        if lone && mating_material(pos, winner, &piece_value) {
            return sign * drive(pos, winner);
        }
    }
    0
}

fn mating_material(pos: &Position, color: Color, piece_value: &impl Fn(Role) -> Score) -> bool {
    let pieces =
        pos.pieces(color) & !pos.pieces_of(color, Role::Pawn) & !pos.pieces_of(color, Role::King);
    let knights = pos.pieces_of(color, Role::Knight);
    let worth: Score = pieces
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| piece_value(p.role))
        .sum();
    worth >= ROOK && pieces != knights
}

/// How far `winner` has pushed the bare king toward its mating squares, and how near its
/// own king stands.
fn drive(pos: &Position, winner: Color) -> Score {
    let (Some(strong), Some(bare)) = (pos.king(winner), pos.king(!winner)) else {
        return 0;
    };
    let geo = pos.geometry();
    let (files, ranks) = (geo.files as i32, geo.ranks as i32);
    let at = |sq: Square| (geo.file_of(sq) as i32, geo.rank_of(sq) as i32);
    let (bf, br) = at(bare);
    let (sf, sr) = at(strong);
    // Twice the distance from the centre, so that even-sized boards count in whole steps.
    let from_centre = (2 * bf + 1 - files).abs().max((2 * br + 1 - ranks).abs()) / 2;
    let edge = match lone_bishop_colour(pos, winner) {
        // The corners of the bishop's colour: the nearer one's distance, counted down.
        Some(parity) => {
            let corners = [
                (0, 0),
                (files - 1, 0),
                (0, ranks - 1),
                (files - 1, ranks - 1),
            ];
            let nearest = corners
                .into_iter()
                .filter(|(f, r)| (f + r) % 2 == parity)
                .map(|(f, r)| (bf - f).abs().max((br - r).abs()))
                .min()
                .unwrap_or(0);
            files.max(ranks) - 1 - nearest
        }
        None => from_centre,
    };
    let kings_apart = (bf - sf).abs().max((br - sr).abs());
    EDGE * edge + KINGS_NEAR * (files.max(ranks) - kings_apart)
}

/// With bishops of one square colour and otherwise only knights (K+B+N): that colour's
/// parity, `(file + rank) % 2`, where the mate must be given.
fn lone_bishop_colour(pos: &Position, color: Color) -> Option<i32> {
    let geo = pos.geometry();
    let bishops = pos.pieces_of(color, Role::Bishop);
    let others = pos.pieces(color)
        & !bishops
        & !pos.pieces_of(color, Role::Knight)
        & !pos.pieces_of(color, Role::King);
    if bishops == Bitboard::EMPTY || others != Bitboard::EMPTY {
        return None;
    }
    let parities: Vec<i32> = bishops
        .into_iter()
        .map(|sq| (geo.file_of(sq) as i32 + geo.rank_of(sq) as i32) % 2)
        .collect();
    parities
        .iter()
        .all(|&p| p == parities[0])
        .then_some(parities[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::value;
    use rules::{VariantId, fen};

    fn bonus(fen_text: &str) -> Score {
        let pos = fen::parse(VariantId::Chess.rules().unwrap(), fen_text).unwrap();
        mop_up(&pos, |role| value(&pos, role))
    }

    #[test]
    fn the_bare_king_is_driven_to_the_edge_and_the_kings_brought_together() {
        let centre = bonus("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        let edge = bonus("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
        let edge_near = bonus("3k4/8/3K4/8/8/8/8/R7 w - - 0 1");
        assert!(centre > 0 && edge > centre && edge_near > edge);
        // The same for the side losing, with the sign turned.
        assert_eq!(bonus("3k4/8/3K4/8/8/8/8/R7 b - - 0 1"), -edge_near);
    }

    #[test]
    fn bishop_and_knight_mate_in_the_bishops_corner() {
        // A dark-squared bishop (c1): a1 and h8 are its corners, not h1 or a8.
        let dark_corner = bonus("7k/8/8/8/8/8/8/2B1KN2 w - - 0 1");
        let light_corner = bonus("k7/8/8/8/8/8/8/2B1KN2 w - - 0 1");
        assert!(dark_corner > light_corner);
    }

    #[test]
    fn no_bonus_without_mating_material_or_with_enemy_pieces() {
        assert_eq!(bonus("8/8/8/3k4/8/8/8/1N2KN2 w - - 0 1"), 0);
        assert_eq!(bonus("8/8/8/3k4/8/8/8/2B1K3 w - - 0 1"), 0);
        assert_eq!(bonus("8/8/8/3kp3/8/8/8/R3K3 w - - 0 1"), 0);
    }
}
