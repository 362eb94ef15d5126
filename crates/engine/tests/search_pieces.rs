//! Every optional piece of the search (`Features`) can be switched off by its own name,
//! and each of session 39's pieces, session 43's threat ordering and session 55's lazy
//! evaluation changes what a chess search does (the lazy evaluation where the tapered
//! terms are evaluated: without the network, as levels 1-5 play).

use engine::eval::Weights;
use engine::{Features, Limits, Searcher};
use rules::{VariantId, fen};

#[test]
fn each_name_switches_off_one_piece_of_its_own() {
    let mut seen = Vec::new();
    for name in Features::NAMES {
        let mut features = Features::ALL;
        features.switch_off(name).unwrap();
        assert_ne!(features, Features::ALL, "'{name}' switches nothing off");
        for (other, earlier) in &seen {
            assert_ne!(
                features, *earlier,
                "'{name}' and '{other}' switch off the same"
            );
        }
        seen.push((name, features));
    }
    let mut none = Features::ALL;
    none.switch_off("all").unwrap();
    assert_eq!(none, Features::NONE);
    let mut features = Features::ALL;
    assert!(features.switch_off("razor").is_err());
}

/// The nodes of fixed-depth searches of a few middlegames and a rook ending, each from a
/// fresh searcher.
fn nodes_with(features: Features, weights: Weights) -> Vec<u64> {
    let chess = VariantId::Chess.rules().unwrap();
    [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp3ppp/2n1p3/3pP3/1b1P4/2N2N2/PP3PPP/R2QKB1R w KQ - 0 1",
        "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ]
    .iter()
    .map(|text| {
        let pos = fen::parse(chess, text).unwrap();
        let mut searcher = Searcher::new(8);
        searcher.set_features(features);
        searcher.set_weights(weights.clone());
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        searcher.search(&pos, &[], &limits, |_| {}).1.nodes
    })
    .collect()
}

#[test]
fn session_39s_43s_and_55s_pieces_each_change_a_chess_search() {
    let hand_written = Weights {
        network: false,
        ..Weights::DEFAULT
    };
    for (name, weights) in [
        ("capture-lmr", Weights::DEFAULT),
        ("full-pv", Weights::DEFAULT),
        ("safe-checks", Weights::DEFAULT),
        ("rfp-blend", Weights::DEFAULT),
        ("null-table", Weights::DEFAULT),
        ("threats", Weights::DEFAULT),
        ("lazy-eval", hand_written),
    ] {
        let mut features = Features::ALL;
        features.switch_off(name).unwrap();
        assert_ne!(
            nodes_with(features, weights.clone()),
            nodes_with(Features::ALL, weights),
            "without '{name}' the searches are the same"
        );
    }
}
