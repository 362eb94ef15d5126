//! `gives_check`, which tells a check before the move is made, on the checks that are
//! easy to miss: discovered ones, promotions, en passant, castling, the camel's leap.

use rules::{Position, VariantId, uci_move};

mod common;
use common::position;

/// The moves of `pos` that check, by `gives_check`, sorted; each answer is also compared
/// with making the move.
fn checking_moves(pos: &Position) -> Vec<String> {
    let mut checks = Vec::new();
    for &m in pos.legal_moves().iter() {
        let mut child = pos.clone();
        child.play(m);
        let name = uci_move::write(pos, m);
        assert_eq!(pos.gives_check(m), child.is_check(), "{name}");
        if pos.gives_check(m) {
            checks.push(name);
        }
    }
    checks.sort();
    checks
}

#[test]
fn a_knight_checks_from_the_squares_it_attacks_the_king_from() {
    let pos = position(VariantId::Chess, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    assert_eq!(checking_moves(&pos), ["e4d6", "e4f6"]);
}

#[test]
fn a_piece_leaving_a_line_uncovers_a_check() {
    // Every move of the bishop on e4 opens the e-file for the rook on e1.
    let pos = position(VariantId::Chess, "4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1");
    assert_eq!(
        checking_moves(&pos),
        [
            "e4a8", "e4b1", "e4b7", "e4c2", "e4c6", "e4d3", "e4d5", "e4f3", "e4f5", "e4g2", "e4g6",
            "e4h1", "e4h7"
        ]
    );
}

#[test]
fn a_promotion_checks_as_the_piece_it_becomes() {
    let pos = position(VariantId::Chess, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(checking_moves(&pos), ["b7b8q", "b7b8r"]);
}

#[test]
fn en_passant_and_castling_can_check() {
    // Taking en passant empties d5 and e5, and the rook on a5 sees the king on h5.
    let pos = position(VariantId::Chess, "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1");
    assert_eq!(checking_moves(&pos), ["e5d6"]);
    // Castling short puts the rook on f1, facing the king on f8.
    let pos = position(VariantId::Chess, "5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(checking_moves(&pos), ["e1g1", "h1f1", "h1h8"]);
}

#[test]
fn camels_and_the_wildebeest_check_by_their_leaps() {
    // From e7 a camel (and so the wildebeest) attacks f10, a leap of one file and three
    // ranks away.
    let pos = position(
        VariantId::Wildebeest,
        "5k5/11/11/11/11/11/3C7/11/11/5K5 w - - 0 1",
    );
    let checks = checking_moves(&pos);
    assert!(checks.contains(&"d4e7".to_string()), "{checks:?}");
    let pos = position(
        VariantId::Wildebeest,
        "5k5/11/11/11/11/11/3W7/11/11/5K5 w - - 0 1",
    );
    let checks = checking_moves(&pos);
    assert!(checks.contains(&"d4e7".to_string()), "{checks:?}");
}
