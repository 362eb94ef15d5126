//! Static exchange evaluation: the material a capture wins or loses once every piece that
//! bears on its square has recaptured, least valuable first, each side free to stop.
//!
//! It works from the kernel's attack sets, so holes, walls and the beast (a neutral piece
//! that blocks lines and is never taken) are respected. In Battle Chieftain the pieces
//! slide as the kernel says there (a berserker stops at holes, a king crosses them) and
//! nobody captures on its own wall. Pins, promotions and the dice are left out: it is an
//! estimate for ordering and pruning captures, not a search.

use crate::score::{Score, WIN_VALUE};
use rules::{Bitboard, Color, Move, MoveKind, Position, Role, Square};

/// A piece's worth in an exchange. A king that cannot be taken (a king rule) never ends
/// up lost in a legal exchange; where kings can be taken and that ends the game (Behemoth
/// Loop) taking one is a win; in Battle Chieftain a lost king is crowned again.
fn worth(pos: &Position, role: Role) -> Score {
    match role {
        Role::King if pos.variant().battle.is_some() => 400,
        Role::King => WIN_VALUE,
        _ => crate::eval::value(pos, role),
    }
}

/// Whether `m` wins at least `threshold` centipawns in the exchange it starts. Moves that
/// capture nothing are judged by whether the piece can be taken on its new square.
pub fn see_at_least(pos: &Position, m: Move, threshold: Score) -> bool {
    if !matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_)) {
        // Castling, drops, swaps and crownings: no exchange to weigh; en passant takes
        // a pawn with a pawn, which is never a loss worth pruning.
        return 0 >= threshold;
    }
    let us = pos.turn();
    let Some(mover) = pos.piece_at(m.from) else {
        return 0 >= threshold;
    };
    let captured = pos
        .piece_at(m.to)
        .filter(|p| p.color != us)
        .map_or(0, |p| worth(pos, p.role));
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    // Now assume the moved piece is lost: how much may the rest of the exchange cost?
    swap = worth(pos, mover.role) - swap;
    if swap <= 0 {
        return true;
    }
    let royal = pos.variant().royal_king;
    let mut occupied = pos.occupied().without(Bitboard::from_square(m.from));
    occupied.set(m.to);
    let mut attackers = attackers_of(pos, m.to, occupied);
    let mut side = us;
    // Whether the side that moved `m` comes out ahead, as the capturers alternate.
    let mut wins = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & pos.pieces(side);
        if ours.is_empty() {
            break;
        }
        wins = !wins;
        let (role, from) = least_valuable(pos, ours);
        if royal && role == Role::King {
            // A king may only recapture where nothing else would take it back.
            return if (attackers & pos.pieces(!side)).non_empty() {
                !wins
            } else {
                wins
            };
        }
        swap = worth(pos, role) - swap;
        if swap < Score::from(wins) {
            break;
        }
        occupied.clear(from);
        // Recomputed, so pieces behind the one that captured join in (x-rays).
        attackers = attackers_of(pos, m.to, occupied);
    }
    wins
}

/// Pieces of either colour that could capture on `sq` with `occupied` as the blockers.
fn attackers_of(pos: &Position, sq: Square, occupied: Bitboard) -> Bitboard {
    match &pos.variant().battle {
        None => {
            (pos.attackers(sq, Color::White, occupied) | pos.attackers(sq, Color::Black, occupied))
                & occupied
        }
        Some(board) => {
            let geo = pos.geometry();
            let kings = pos.role_bb(Role::King);
            let slides_over_holes = geo.orthogonal_attacks(sq, occupied) & kings;
            let stopped_by_holes =
                geo.orthogonal_attacks(sq, occupied | geo.holes) & pos.role_bb(Role::Berserker);
            let field = pos.field();
            let mut found = Bitboard::EMPTY;
            for color in Color::ALL {
                // Nobody captures on its own wall, nor off the field elsewhere.
                if (field | board.walls[(!color).index()]).contains(sq) {
                    found |= (slides_over_holes | stopped_by_holes) & pos.pieces(color);
                }
            }
            found & occupied
        }
    }
}

fn least_valuable(pos: &Position, among: Bitboard) -> (Role, Square) {
    let mut best: Option<(Score, Role, Square)> = None;
    for sq in among {
        let role = pos.piece_at(sq).map_or(Role::Pawn, |p| p.role);
        let w = worth(pos, role);
        if best.is_none_or(|(bw, _, _)| w < bw) {
            best = Some((w, role, sq));
        }
    }
    let (_, role, sq) = best.expect("a non-empty set of attackers");
    (role, sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{VariantId, fen, uci_move};

    fn position(id: VariantId, text: &str) -> Position {
        fen::parse(id.rules().expect("a variant"), text).expect("a valid FEN")
    }

    fn find(pos: &Position, uci: &str) -> Move {
        uci_move::parse(pos, uci).expect("a legal move")
    }

    #[test]
    fn a_defended_pawn_taken_by_a_queen_loses_material() {
        let pos = position(VariantId::Chess, "4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1");
        let m = find(&pos, "e2e5");
        assert!(!see_at_least(&pos, m, 0));
        assert!(see_at_least(&pos, m, -900));
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        let pos = position(VariantId::Chess, "4k3/8/8/4n3/8/8/4R3/4K3 w - - 0 1");
        let m = find(&pos, "e2e5");
        assert!(see_at_least(&pos, m, 310));
        assert!(!see_at_least(&pos, m, 311));
    }

    #[test]
    fn x_rays_behind_the_first_attacker_count() {
        // Rook takes a rook defended once, with a second rook behind the first.
        let pos = position(VariantId::Chess, "3rk3/3r4/8/8/8/3R4/3R4/4K3 w - - 0 1");
        let m = find(&pos, "d3d7");
        assert!(see_at_least(&pos, m, 0));
    }
}
