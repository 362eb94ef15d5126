//! A bare king: the side with mating material drives it to the board's edge (with bishop
//! and knight, to a corner the bishop can reach) and brings its own king near. The mate
//! lies beyond a search's horizon in such endings, so, as Stockfish's endgame functions do,
//! this evaluation replaces the network and the positional terms there: their small
//! preferences for where the pieces stand outweighed a gentle push, and a K+B+N ending went
//! to the fifty-move rule with the bare king sitting in the wrong corner (docs/engine.md).

use crate::score::Score;
use rules::{Bitboard, Color, Position, Role, Square};

/// Counted on top of the material, so that trading down into such an ending, or taking
/// the last piece beside the king, scores above what the network says before it.
const KNOWN_WIN: Score = 1_000;
/// Per step of the bare king's distance from the centre.
const EDGE: Score = 50;
/// With bishop and knight: per step (files plus ranks) nearer a corner of the bishop's
/// colour. Steeper than the rest, since that corner is the only mate.
const CORNER: Score = 100;
/// Per step the two kings are closer than the board's width.
const KINGS_NEAR: Score = 10;
/// The non-pawn material (by the default values) that can force a mate: a rook, or two
/// minor pieces that are not two knights.
const ROOK: Score = 500;

/// The evaluation for the side to move when one side has only its king and the other can
/// mate it; `None` in every other position.
pub fn bare_king_ending(pos: &Position, piece_value: impl Fn(Role) -> Score) -> Option<Score> {
    let variant = pos.variant();
    if !variant.royal_king || variant.beast.is_some() || variant.battle.is_some() {
        return None;
    }
    let us = pos.turn();
    [(us, 1), (!us, -1)].into_iter().find_map(|(winner, sign)| {
        let loser = !winner;
        if pos.pieces(loser) != pos.pieces_of(loser, Role::King) {
            return None;
        }
        let material = mating_material(pos, winner, &piece_value)?;
        Some(sign * (KNOWN_WIN + material + drive(pos, winner)))
    })
}

/// All of `color`'s material but the king, if it is enough to force a mate.
fn mating_material(
    pos: &Position,
    color: Color,
    piece_value: &impl Fn(Role) -> Score,
) -> Option<Score> {
    let worth = |squares: Bitboard| -> Score {
        squares
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq))
            .map(|p| piece_value(p.role))
            .sum()
    };
    let king = pos.pieces_of(color, Role::King);
    let pawns = pos.pieces_of(color, Role::Pawn);
    let pieces = pos.pieces(color) & !pawns & !king;
    let knights = pos.pieces_of(color, Role::Knight);
    (worth(pieces) >= ROOK && pieces != knights).then(|| worth(pieces) + worth(pawns))
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
    let push = match lone_bishop_colour(pos, winner) {
        // Counted in files plus ranks, so that along an edge every step toward the
        // corner counts. Not toward the edge too: that would make the wrong corner a
        // refuge.
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
                .map(|(f, r)| (bf - f).abs() + (br - r).abs())
                .min()
                .unwrap_or(0);
            CORNER * (files + ranks - 2 - nearest)
        }
        // Twice the distance from the centre, so that even-sized boards count in whole
        // steps.
        None => EDGE * ((2 * bf + 1 - files).abs().max((2 * br + 1 - ranks).abs()) / 2),
    };
    let kings_apart = (bf - sf).abs().max((br - sr).abs());
    push + KINGS_NEAR * (files.max(ranks) - kings_apart)
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
    use crate::eval::{evaluate, value};
    use rules::{VariantId, fen};

    fn ending(fen_text: &str) -> Option<Score> {
        let pos = fen::parse(VariantId::Chess.rules().unwrap(), fen_text).unwrap();
        bare_king_ending(&pos, |role| value(&pos, role))
    }

    fn score(fen_text: &str) -> Score {
        ending(fen_text).expect("a bare-king ending")
    }

    #[test]
    fn the_bare_king_is_driven_to_the_edge_and_the_kings_brought_together() {
        let centre = score("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        let edge = score("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
        let edge_near = score("3k4/8/3K4/8/8/8/8/R7 w - - 0 1");
        assert!(centre > KNOWN_WIN + 500 && edge > centre && edge_near > edge);
        // The same for the side losing, with the sign turned.
        assert_eq!(score("3k4/8/3K4/8/8/8/8/R7 b - - 0 1"), -edge_near);
    }

    #[test]
    fn bishop_and_knight_mate_in_the_bishops_corner() {
        // A dark-squared bishop (c1): a1 and h8 are its corners, not h1 or a8.
        let dark_corner = score("7k/8/8/8/8/8/8/2B1KN2 w - - 0 1");
        let light_corner = score("k7/8/8/8/8/8/8/2B1KN2 w - - 0 1");
        assert!(dark_corner > light_corner);
        // Out of the wrong corner, each step along the edge toward the right one counts.
        let a7 = score("8/k7/8/8/8/8/8/2B1KN2 w - - 0 1");
        let a6 = score("8/8/k7/8/8/8/8/2B1KN2 w - - 0 1");
        assert!(light_corner < a7 && a7 < a6);
    }

    #[test]
    fn only_a_bare_king_against_mating_material() {
        assert_eq!(ending("8/8/8/3k4/8/8/8/1N2KN2 w - - 0 1"), None);
        assert_eq!(ending("8/8/8/3k4/8/8/8/2B1K3 w - - 0 1"), None);
        assert_eq!(ending("8/8/8/3kp3/8/8/8/R3K3 w - - 0 1"), None);
        // Pawns beside the mating pieces count as material.
        assert_eq!(
            score("8/8/8/3k4/8/8/P7/R3K3 w - - 0 1"),
            score("8/8/8/3k4/8/8/8/R3K3 w - - 0 1") + 100
        );
    }

    #[test]
    fn the_evaluation_is_the_endings_own() {
        let fen_text = "8/8/8/3k4/8/8/8/R3K3 b - - 0 1";
        let pos = fen::parse(VariantId::Chess.rules().unwrap(), fen_text).unwrap();
        assert_eq!(evaluate(&pos), score(fen_text));
    }
}
