//! The beast variants between two rolls (`--frozen`): the Behemoth or Juggernaut is an
//! obstacle (rules.md 1: "No piece may move onto it, capture it, or slide or step through
//! it; a knight may jump over it. A pawn cannot push into it; a double step is blocked by
//! it on either square; an en-passant capture onto its square is impossible").

use rules::{VariantId, fen, uci_move};

mod common;
use common::{moves_from, position};

#[test]
fn perft_matches_fairy_stockfish_with_a_wall() {
    // Counts from pyffish 0.0.90 (variant chess, the beast as a `*` wall).
    let cases: &[(&str, [u64; 3])] = &[
        (
            "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            [19, 380, 7_942],
        ),
        (
            "rnbqkbnr/pppppppp/8/3*4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            [20, 380, 8_418],
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N*1Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            [42, 1_714, 72_901],
        ),
    ];
    for id in [VariantId::Behemoth, VariantId::Juggernaut] {
        for (fen_text, counts) in cases {
            let pos = position(id, fen_text);
            for (depth, &want) in counts.iter().enumerate() {
                assert_eq!(
                    pos.perft(depth as u32 + 1),
                    want,
                    "{id} perft({}) {fen_text}",
                    depth + 1
                );
            }
        }
    }
}

#[test]
fn beast_blocks_slides_and_cannot_be_captured() {
    // Queen d1, beast d4: the queen stops at d3.
    let pos = position(VariantId::Behemoth, "4k3/8/8/8/3*4/8/8/3QK3 w - - 0 1");
    let queen = moves_from(&pos, "d1");
    assert!(queen.contains(&"d1d3".to_string()));
    assert!(!queen.contains(&"d1d4".to_string()) && !queen.contains(&"d1d5".to_string()));
}

#[test]
fn knight_jumps_over_the_beast() {
    let pos = position(VariantId::Behemoth, "4k3/8/8/8/8/8/*7/N3K3 w - - 0 1");
    assert_eq!(moves_from(&pos, "a1"), ["a1b3", "a1c2"]);
}

#[test]
fn beast_blocks_pawn_pushes_and_double_steps_on_either_square() {
    let pos = position(VariantId::Behemoth, "4k3/8/8/8/8/4*3/4P3/4K3 w - - 0 1");
    assert!(moves_from(&pos, "e2").is_empty(), "beast on e3");
    let pos = position(VariantId::Behemoth, "4k3/8/8/8/4*3/8/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&pos, "e2"), ["e2e3"], "beast on e4");
}

#[test]
fn beast_does_not_check() {
    // The king may stand next to the beast, and the beast shields it from a rook.
    let pos = position(VariantId::Behemoth, "4k3/8/8/8/8/8/4*3/4K3 w - - 0 1");
    assert!(!pos.is_check());
    assert!(moves_from(&pos, "e1").contains(&"e1d2".to_string()));
    let pos = position(VariantId::Behemoth, "k3r3/8/8/8/8/8/4*3/4K3 w - - 0 1");
    assert!(!pos.is_check());
    assert!(moves_from(&pos, "e1").contains(&"e1d2".to_string()));
}

#[test]
fn a_king_exposed_by_a_trample_can_be_captured_by_every_attacker() {
    // rules.md 1: "Then capturing that king is a legal move and wins." Black's king on e8
    // is attacked by the e1 rook and the b5 bishop on White's turn. The bishop is pinned
    // to White's king on h5 by the a5 rook and may take all the same.
    let pos = position(VariantId::Behemoth, "4k3/8/8/rB5K/8/8/8/4R2* w - - 0 1");
    let captures: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.to == pos.king(rules::Color::Black).unwrap())
        .map(|&m| uci_move::write(&pos, m))
        .collect();
    assert_eq!(captures.len(), 2, "{captures:?}");
    assert!(captures.contains(&"e1e8".to_string()) && captures.contains(&"b5e8".to_string()));
}

#[test]
fn chess_refuses_a_position_with_the_enemy_king_in_check() {
    let err = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "4k3/8/8/8/8/8/8/4R2K w - - 0 1",
    )
    .unwrap_err();
    assert!(err.to_string().contains("Black is in check"));
}
