//! What decides Battle Chieftain besides material: the berserkers are lives, and a side
//! with few left is near losing; rooks that reach many squares and hit loose enemies are
//! worth more than rooks that do not; and a side ahead wants the board emptied, since its
//! lead grows as the lives run out, and the enemy king cornered, since the enemy's last
//! berserkers can hide where they cannot be taken.

use crate::score::Score;
use rules::{Bitboard, Color, Position, Role};

/// The extra cost of being down to 1, 2, 3, 4 berserkers.
const LAST_LIVES: [Score; 5] = [0, 700, 350, 150, 50];
/// Per square a piece can reach.
const BERSERKER_MOBILITY: Score = 4;
const KING_MOBILITY: Score = 2;
/// An enemy piece attacked and not defended.
const LOOSE_TARGET: Score = 40;
/// For each berserker of lead, per berserker gone from the board (of the 20).
const TRADE_DOWN: Score = 8;
/// Per square the enemy king could go to unattacked, once for a side level in lives and
/// once more for each berserker of lead. A king taken costs a life, and a side ahead
/// wins by cornering the king once the enemy's last berserkers hide (a berserker that has
/// not moved cannot be taken).
const HUNT: Score = 6;

/// The Battle Chieftain terms of `color`'s side.
pub fn battle_terms(pos: &Position, color: Color) -> Score {
    let Some(board) = &pos.variant().battle else {
        return 0;
    };
    let ours = pos.pieces_of(color, Role::Berserker).count() as usize;
    let theirs = pos.pieces_of(!color, Role::Berserker).count() as usize;
    let mut score = -LAST_LIVES.get(ours).copied().unwrap_or(0);
    if ours > theirs {
        score += (ours - theirs) as Score * (20 - (ours + theirs) as Score) * TRADE_DOWN;
    }
    let field = pos.field();
    let our_reach = reach(pos, color);
    let their_reach = reach(pos, !color);
    let mobility: Score = pos
        .pieces(color)
        .map(|sq| {
            let role = pos.piece_at(sq).map_or(Role::Berserker, |p| p.role);
            let per_square = if role == Role::King {
                KING_MOBILITY
            } else {
                BERSERKER_MOBILITY
            };
            (attacks(pos, sq, role) & field).count() as Score * per_square
        })
        .sum();
    score += mobility;
    // Enemy berserkers we could take (on field, or on their own wall, which is the enemy's
    // to us) with nothing of theirs covering the square.
    let targets = pos.pieces_of(!color, Role::Berserker)
        & (field | board.walls[(!color).index()])
        & our_reach;
    score += (targets.without(their_reach)).count() as Score * LOOSE_TARGET;
    if ours >= theirs {
        let escapes = king_escapes(pos, !color).count() as Score;
        score -= (ours - theirs + 1) as Score * escapes * HUNT;
    }
    score
}

/// The squares `color`'s king can move to where no enemy piece could take it: field, and
/// enemy pieces on the enemy's wall (where they cannot take back). The king is lifted from
/// the board first: stepping back along an attacker's line is no escape.
fn king_escapes(pos: &Position, color: Color) -> Bitboard {
    let (Some(king), Some(board)) = (pos.king(color), &pos.variant().battle) else {
        return Bitboard::EMPTY;
    };
    // Nobody captures on their own wall.
    let enemy_wall = board.walls[(!color).index()];
    let destinations = pos.field() | (enemy_wall & pos.pieces(!color));
    let occupied = pos.occupied();
    let hunters = reach_through(pos, !color, occupied.without(Bitboard::from_square(king)));
    (attacks_through(pos, king, Role::King, occupied) & destinations)
        .without(pos.pieces(color))
        .without(hunters.without(enemy_wall))
}

/// Every square `color`'s pieces attack.
fn reach(pos: &Position, color: Color) -> Bitboard {
    reach_through(pos, color, pos.occupied())
}

/// `reach` with the pieces in the way given.
fn reach_through(pos: &Position, color: Color, occupied: Bitboard) -> Bitboard {
    let mut all = Bitboard::EMPTY;
    for sq in pos.pieces(color) {
        let role = pos.piece_at(sq).map_or(Role::Berserker, |p| p.role);
        all |= attacks_through(pos, sq, role, occupied);
    }
    all
}

/// The squares a piece slides to or through up to the first piece in its way: a
/// berserker stops at holes, a king crosses them.
fn attacks(pos: &Position, sq: rules::Square, role: Role) -> Bitboard {
    attacks_through(pos, sq, role, pos.occupied())
}

/// `attacks` with the pieces in the way given.
fn attacks_through(pos: &Position, sq: rules::Square, role: Role, occupied: Bitboard) -> Bitboard {
    let geo = pos.geometry();
    let blockers = if role == Role::King {
        occupied
    } else {
        occupied | geo.holes
    };
    geo.orthogonal_attacks(sq, blockers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{MoveKind, VariantId};

    /// Over random games on every board, the escapes are exactly the king's ordinary
    /// moves after which the rules find the king unattacked.
    #[test]
    fn king_escapes_are_the_king_moves_that_leave_it_unattacked() {
        let boards = [
            VariantId::BattleChieftain,
            VariantId::BattleChieftainFarWalls,
            VariantId::BattleChieftainDifferingField,
            VariantId::BattleChieftainUnevenField,
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut checked = 0;
        for id in boards {
            for _game in 0..20 {
                let mut pos = Position::start(id.rules().unwrap());
                for _ply in 0..160 {
                    if pos.is_variant_end() {
                        break;
                    }
                    let us = pos.turn();
                    let moves = pos.legal_moves();
                    if let Some(king) = pos.king(us)
                        && !pos.owes_crowning()
                    {
                        let mut expected = Bitboard::EMPTY;
                        for &m in moves.iter() {
                            if m.from == king && m.kind == MoveKind::Normal {
                                let mut child = pos.clone();
                                child.play(m);
                                if !child.battle_attacked(m.to, !us) {
                                    expected |= Bitboard::from_square(m.to);
                                }
                            }
                        }
                        assert_eq!(king_escapes(&pos, us), expected, "{id:?} {pos:?}");
                        checked += 1;
                    }
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.play(moves.as_slice()[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 5000, "only {checked} positions checked");
    }
}
