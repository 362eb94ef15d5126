//! Star2's probing at the chance nodes: the same expectimax value as Star1 alone, found
//! with fewer nodes.

use engine::{Features, Limits, Searcher};
use rules::{Position, VariantId, fen, uci_move};

/// Behemoth positions some plies into a game, each side to move.
const POSITIONS: &[&str] = &[
    "",
    "2bqkbn1/1p2ppp1/n1p5/3p4/5B*1/2PP4/PP2PPPP/3QKB2 w - - 0 4",
    "rn2kbnr/4pppp/p2p4/8/7P/7*/1PPPP1PN/R3KB1R w KQkq - 0 5",
    "1rbqk*1r/pp1ppp1p/n7/2p5/5P2/8/RPPPP1PP/2BQKBNR w Kk - 0 4",
    "1nb4r/1pp1kpp1/1R5n/p2p4/P6P/4P1*1/3PQP2/4KB1R b K - 0 6",
    "1r1qkbnr/ppppppp1/2n4p/*7/3P4/5P1N/1P1KP1PP/R1BQ1B1R b k - 1 4",
    "2bqkbn1/npppppp1/r7/8/2P3*1/3P3P/PP2PPP1/2BQKB2 w - - 1 4",
    "rn1qk2r/p2ppp1p/7n/6p1/5P2/2P4*/2PPP1PP/R3KBNR w KQkq - 1 5",
];

/// The best move, the score and the node count of a depth-2 search.
fn search(text: &str, star2: bool) -> (String, i32, u64) {
    let variant = VariantId::Behemoth.rules().unwrap();
    let pos = if text.is_empty() {
        Position::start(variant)
    } else {
        fen::parse(variant, text).unwrap()
    };
    let mut features = Features::ALL;
    features.star2 = star2;
    let mut searcher = Searcher::new(16);
    searcher.set_features(features);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let (m, info) = searcher.search(&pos, &[], &limits, |_| {});
    (uci_move::write(&pos, m.unwrap()), info.score, info.nodes)
}

#[test]
fn probing_keeps_the_move_and_the_score() {
    for text in POSITIONS {
        let (star1_move, star1_score, _) = search(text, false);
        let (star2_move, star2_score, _) = search(text, true);
        assert_eq!(
            (star2_move, star2_score),
            (star1_move, star1_score),
            "{text}"
        );
    }
}

#[test]
fn probing_searches_fewer_nodes() {
    let nodes = |star2| -> u64 { POSITIONS.iter().map(|t| search(t, star2).2).sum() };
    let (star1, star2) = (nodes(false), nodes(true));
    // Measured: about a third.
    assert!(
        2 * star2 < star1,
        "Star2 {star2} nodes, Star1 alone {star1}"
    );
}

#[test]
fn a_match_can_switch_star2_off() {
    let mut features = Features::ALL;
    features.switch_off("star2").unwrap();
    assert!(!features.star2);
}
