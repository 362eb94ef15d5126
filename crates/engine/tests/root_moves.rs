//! `Limits::root_moves`: the search chooses only among the moves it is given (UCI
//! `searchmoves`, and each line of MultiPV).

use engine::{Limits, Searcher};
use rules::{Position, VariantId, fen, uci_move};

#[test]
fn the_best_move_is_one_of_the_root_moves() {
    // White mates with Qh5xf7, yet only the two quiet moves may be chosen.
    let pos = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    let allowed: Vec<_> = ["a2a3", "h2h3"]
        .iter()
        .map(|m| uci_move::parse(&pos, m).unwrap())
        .collect();
    let limits = Limits {
        depth: Some(4),
        root_moves: allowed.clone(),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(1);
    let mut pvs_start_allowed = true;
    let (best, _) = searcher.search(&pos, &[], &limits, |info| {
        pvs_start_allowed &= info.pv.first().is_none_or(|m| allowed.contains(m));
    });
    assert!(allowed.contains(&best.unwrap()));
    assert!(pvs_start_allowed);
    // Unrestricted, the same searcher finds the mate.
    let (best, _) = searcher.search(
        &pos,
        &[],
        &Limits {
            depth: Some(2),
            ..Limits::default()
        },
        |_| {},
    );
    assert_eq!(uci_move::write(&pos, best.unwrap()), "h5f7");
}

#[test]
fn a_single_root_move_is_searched_and_returned() {
    let pos = Position::start(VariantId::Wildebeest.rules().unwrap());
    let only = uci_move::parse(&pos, "a2a3").unwrap();
    let limits = Limits {
        depth: Some(3),
        root_moves: vec![only],
        ..Limits::default()
    };
    let (best, info) = Searcher::new(1).search(&pos, &[], &limits, |_| {});
    assert_eq!(best, Some(only));
    assert_eq!(info.pv.first(), Some(&only));
}
