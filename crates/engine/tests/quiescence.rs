//! The capture search when a capture gives check: the side in check must play one of its
//! evasions, so a capture that checks and forks is seen to win what it forks; and
//! quiet moves are not played there, so its lines end.

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

#[test]
fn the_capture_search_plays_no_quiet_table_move() {
    // From a game against Stockfish: Black's rook and pawns against White's queen. The
    // capture search played the table's move even when it was quiet, and such moves and
    // checking evasions went round the same positions until the fifty-move rule, so
    // depth 10 took over 50 million nodes; with captures alone it takes under a million.
    let pos = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "8/1Q6/6pp/4k3/p4p1P/1p3K2/3r4/8 b - - 2 71",
    )
    .unwrap();
    let mut searcher = Searcher::new(16);
    let limits = Limits {
        depth: Some(12),
        nodes: Some(5_000_000),
        ..Limits::default()
    };
    let (m, info) = searcher.search(&pos, &[], &limits, |_| {});
    assert!(m.is_some());
    assert_eq!(info.depth, 12, "depth 12 within {} nodes", info.nodes);
}
