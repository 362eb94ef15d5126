//! The capture search's move generator (`generate_noisy`: captures and promotions only)
//! and the quick test for a legal turn (`has_legal_move`), on positions where they are
//! easy to get wrong: checks, pins, en passant, promotions by a push, stalemate.

use rules::{MoveList, Position, VariantId, uci_move};

mod common;
use common::position;

fn noisy(pos: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate_noisy(&mut list);
    let mut moves: Vec<String> = list.iter().map(|&m| uci_move::write(pos, m)).collect();
    moves.sort();
    moves
}

#[test]
fn captures_promotions_and_en_passant_but_no_quiet_move() {
    // White can take on d5 (pawn, knight) and f5, en passant on f6, promote on b8 by a
    // push and by taking the rook on a8.
    let pos = position(
        VariantId::Chess,
        "r3k3/1P6/8/3p1pP1/4P3/2N5/8/4K3 w - f6 0 1",
    );
    assert_eq!(
        noisy(&pos),
        [
            "b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r", "c3d5", "e4d5",
            "e4f5", "g5f6"
        ]
    );
    assert!(pos.has_legal_move());
}

#[test]
fn in_check_only_the_captures_that_answer_it() {
    // The rook on e2 checks; the knight on c3 can take it, the king can take it, and
    // the bishop on a5 may not take the pawn on c7 (it does not answer the check).
    let pos = position(VariantId::Chess, "4k3/2p5/8/B7/8/2N5/4r3/4K3 w - - 0 1");
    assert_eq!(noisy(&pos), ["c3e2", "e1e2"]);
}

#[test]
fn a_pinned_piece_takes_only_along_its_pin() {
    // The bishop on d2 is pinned by the bishop on b4: it may take b4, not the knight on f4.
    let pos = position(VariantId::Chess, "4k3/8/8/8/1b3n2/8/3B4/4K3 w - - 0 1");
    assert_eq!(noisy(&pos), ["d2b4"]);
}

#[test]
fn stalemate_has_no_legal_move_and_a_lone_king_with_room_has_one() {
    let stalemate = position(VariantId::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!stalemate.has_legal_move());
    assert!(noisy(&stalemate).is_empty());
    let free = position(VariantId::Chess, "7k/8/6K1/8/8/8/8/5Q2 b - - 0 1");
    assert!(free.has_legal_move());
    assert!(noisy(&free).is_empty());
}

#[test]
fn wildebeest_stalemate_and_its_camel_captures() {
    // Black's king on a10 has no move and no other piece: stalemate (a win for White).
    let stalemate = position(
        VariantId::Wildebeest,
        "k10/11/1Q9/11/11/11/11/11/11/10K b - - 0 1",
    );
    assert!(!stalemate.has_legal_move());
    // A camel on e4 takes (1,3) away: the knight on f7, not the pawn on f5.
    let camel = position(
        VariantId::Wildebeest,
        "k10/11/11/5n5/11/5p5/4C6/11/11/10K w - - 0 1",
    );
    assert_eq!(noisy(&camel), ["e4f7"]);
}
