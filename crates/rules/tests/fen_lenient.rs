//! `fen::parse_lenient`: what GUIs send to engines. Impossible castling rights are dropped
//! with a note; everything else is refused as by the strict reader.

use rules::{VariantId, fen};

#[test]
fn impossible_castling_rights_are_dropped_with_a_note() {
    let chess = VariantId::Chess.rules().unwrap();
    let text = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1";
    assert!(
        fen::parse(chess, text).is_err(),
        "the strict reader refuses it"
    );
    let (pos, dropped) = fen::parse_lenient(chess, text).unwrap();
    assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(dropped.len(), 4, "{dropped:?}");
    assert!(dropped[0].contains("castling right 'K'"), "{dropped:?}");
}

#[test]
fn possible_rights_are_kept() {
    let chess = VariantId::Chess.rules().unwrap();
    let (pos, dropped) = fen::parse_lenient(chess, "4k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1").unwrap();
    assert_eq!(fen::write(&pos), "4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1");
    assert_eq!(dropped.len(), 2);
}

#[test]
fn other_faults_are_still_refused() {
    let chess = VariantId::Chess.rules().unwrap();
    assert!(fen::parse_lenient(chess, "4k3/8/8/8/8/8/8/4K3 x - - 0 1").is_err());
    assert!(fen::parse_lenient(chess, "garbage").is_err());
}
