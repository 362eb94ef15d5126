//! What decides Battle Chieftain besides material: the berserkers are lives, and a side
//! with few left is near losing; rooks that reach many squares and hit loose enemies are
//! worth more than rooks that do not; and a side ahead wants the board emptied, since its
//! lead grows as the lives run out.

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
    score
}

/// Every square `color`'s pieces attack.
fn reach(pos: &Position, color: Color) -> Bitboard {
    let mut all = Bitboard::EMPTY;
    for sq in pos.pieces(color) {
        let role = pos.piece_at(sq).map_or(Role::Berserker, |p| p.role);
        all |= attacks(pos, sq, role);
    }
    all
}

/// The squares a piece slides to or through up to the first piece in its way: a
/// berserker stops at holes, a king crosses them.
fn attacks(pos: &Position, sq: rules::Square, role: Role) -> Bitboard {
    let geo = pos.geometry();
    let blockers = if role == Role::King {
        pos.occupied()
    } else {
        pos.occupied() | geo.holes
    };
    geo.orthogonal_attacks(sq, blockers)
}
