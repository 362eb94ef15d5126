//! What decides Battle Chieftain besides material: the berserkers are lives, and a side
//! with few left is near losing; pieces that reach many safe squares and hit loose enemies
//! are worth more than pieces that do not; a side ahead wants the board emptied, since its
//! lead grows as the lives run out; and the king is the way through a side that keeps its
//! berserkers at home. Unmoved berserkers cannot be taken (sanctuary), so once a side turtles
//! the only way to take its lives is to capture its king again and again: each capture
//! costs it a berserker crowned in the king's place. A king with few safe squares is
//! therefore a life about to be lost.

use crate::score::Score;
use rules::{Bitboard, Color, Position, Role};

/// The extra cost of being down to 1, 2, 3, 4 berserkers.
const LAST_LIVES: [Score; 5] = [0, 700, 350, 150, 50];
/// Per square a piece can go to without being taken there.
const BERSERKER_MOBILITY: Score = 4;
const KING_MOBILITY: Score = 2;
/// An enemy berserker attacked and not defended.
const LOOSE_TARGET: Score = 40;
/// The enemy king attacked: taking it costs its side a life, defended or not.
const KING_TARGET: Score = 60;
/// A king with 0, 1, 2, 3 safe squares to go to.
const KING_CONFINED: [Score; 4] = [160, 80, 40, 15];
/// A berserker that has left home, is attacked and has no safe square to go to.
const TRAPPED_BERSERKER: Score = 60;
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
    let safe = field.without(pos.occupied()).without(their_reach);
    for sq in pos.pieces(color) {
        let role = pos.piece_at(sq).map_or(Role::Berserker, |p| p.role);
        let escapes = (attacks(pos, sq, role) & safe).count() as usize;
        if role == Role::King {
            score += escapes as Score * KING_MOBILITY;
            score -= KING_CONFINED.get(escapes).copied().unwrap_or(0);
        } else {
            score += escapes as Score * BERSERKER_MOBILITY;
            if escapes == 0 && field.contains(sq) && their_reach.contains(sq) {
                score -= TRAPPED_BERSERKER;
            }
        }
    }
    // Enemies we could take (on field, or on their own wall, which is the enemy's to us).
    let takeable = (field | board.walls[(!color).index()]) & our_reach;
    let targets = pos.pieces_of(!color, Role::Berserker) & takeable;
    score += (targets.without(their_reach)).count() as Score * LOOSE_TARGET;
    score += (pos.pieces_of(!color, Role::King) & takeable).count() as Score * KING_TARGET;
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

/// How much of a draw a position already is, in sixteenths: with equal lives and few of
/// them neither side can take a piece without giving one (a last life taken ends the
/// game), so such endings are drawn by the fifty-move rule. The search blends the
/// evaluation toward its draw score by this much, so that a side that dislikes draws
/// keeps pieces on rather than trading into one.
pub fn drawishness(pos: &Position) -> Score {
    if pos.variant().battle.is_none() {
        return 0;
    }
    let white = pos.pieces_of(Color::White, Role::Berserker).count();
    let black = pos.pieces_of(Color::Black, Role::Berserker).count();
    if white != black {
        return 0;
    }
    const BY_LIVES_EACH: [Score; 6] = [16, 14, 10, 6, 4, 2];
    BY_LIVES_EACH.get(white as usize).copied().unwrap_or(0)
}
