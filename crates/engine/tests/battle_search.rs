//! Battle Chieftain's thin endings in the search: the crowning a side owes after losing
//! its king is played out at the leaves, so taking a king that leaves its owner one
//! berserker is seen as the win it is.

use engine::battle_search::few_pieces;
use engine::score::MATE_BOUND;
use engine::{Limits, Searcher};
use rules::{Position, VariantId, fen, uci_move};

/// White: king b5, berserkers d3 and i4. Black: king d7 and one berserker, g9, which
/// nothing of White's reaches.
const KING_HANGS: &str = "10/10/6b3/10/3k6/10/1K8/8B1/3B6/10/10 w - - 0 1";

fn position(fen_text: &str) -> Position {
    fen::parse(VariantId::BattleChieftain.rules().unwrap(), fen_text).unwrap()
}

#[test]
fn taking_the_king_of_a_side_with_one_berserker_wins_at_depth_one() {
    // After d3xd7 Black must crown g9, its last berserker, and so loses. At depth one
    // that crowning falls to the quiescence search.
    let pos = position(KING_HANGS);
    let mut searcher = Searcher::new(8);
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let (m, info) = searcher.search(&pos, &[], &limits, |_| {});
    let m = m.expect("a legal move");
    assert_eq!(uci_move::write(&pos, m), "d3d7");
    assert!(info.score >= MATE_BOUND, "score {}", info.score);
}

#[test]
fn a_side_without_its_king_owes_a_crowning() {
    let mut pos = position(KING_HANGS);
    assert!(!pos.owes_crowning());
    let take = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| uci_move::write(&pos, m) == "d3d7")
        .unwrap();
    pos.play(take);
    assert!(pos.owes_crowning());
}

#[test]
fn the_start_is_not_thin_and_a_few_pieces_are() {
    let start = Position::start(VariantId::BattleChieftain.rules().unwrap());
    assert!(!few_pieces(&start));
    assert!(few_pieces(&position(KING_HANGS)));
    let chess = Position::start(VariantId::Chess.rules().unwrap());
    assert!(!few_pieces(&chess));
}
