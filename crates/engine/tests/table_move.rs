//! `Searcher::table_move`: the transposition table's move for a position, the reply UCI
//! names to ponder on when a search cut short has no longer line.

use engine::{Limits, Searcher};
use rules::{VariantId, fen, uci_move};

#[test]
fn the_table_holds_the_move_a_search_chose_and_nothing_after_a_clear() {
    let chess = VariantId::Chess.rules().unwrap();
    let pos = fen::parse(
        chess,
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    let mut searcher = Searcher::new(1);
    assert_eq!(searcher.table_move(&pos), None, "nothing searched yet");
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (best, _) = searcher.search(&pos, &[], &limits, |_| {});
    assert_eq!(best, Some(uci_move::parse(&pos, "h5f7").unwrap()));
    assert_eq!(searcher.table_move(&pos), best);
    // The reply after the mate's forerunner: any entry there is a legal move of that
    // position, never one of the position before it.
    let after = {
        let mut after = pos.clone();
        after.play(uci_move::parse(&pos, "a2a3").unwrap());
        after
    };
    if let Some(reply) = searcher.table_move(&after) {
        assert!(after.legal_moves().contains(&reply));
    }
    searcher.clear();
    assert_eq!(searcher.table_move(&pos), None);
}
