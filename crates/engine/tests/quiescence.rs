//! The capture search when a capture gives check: the side in check must play one of its
//! evasions, so a capture that checks and forks is seen to win what it forks.

use engine::{Features, Limits, Searcher};
use rules::{VariantId, fen, uci_move};

#[test]
fn a_checking_capture_that_forks_king_and_queen_is_seen_at_depth_one() {
    // White: Kg1, Ra1, Nd4. Black: Kg7, Qc7, Na8, pawn e6. Rxa8 wins a knight outright;
    // Nxe6+ takes a pawn with check and forks king and queen, and every evasion is a
    // quiet king move. At depth one (checks not extended) Nxe6+ is met in the capture
    // search: standing pat in check there would count it as a pawn only.
    let pos = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "n7/2q3k1/4p3/8/3N4/8/8/R5K1 w - - 0 1",
    )
    .unwrap();
    let mut searcher = Searcher::new(8);
    searcher.set_features(Features {
        check_extension: false,
        ..Features::ALL
    });
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let (m, info) = searcher.search(&pos, &[], &limits, |_| {});
    let m = m.expect("a legal move");
    assert_eq!(uci_move::write(&pos, m), "d4e6", "score {}", info.score);
}
