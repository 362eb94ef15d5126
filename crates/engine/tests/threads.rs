//! Lazy SMP: a search with helper threads sharing the table plays a legal move, finds
//! the same forced win as one thread, and one thread stays deterministic.

use engine::score::MATE_BOUND;
use engine::{Limits, Searcher};
use rules::{Position, VariantId, fen, uci_move};

fn position(variant: VariantId, text: &str) -> Position {
    if text.is_empty() {
        Position::start(variant.rules().unwrap())
    } else {
        fen::parse(variant.rules().unwrap(), text).expect("a valid FEN")
    }
}

fn to_depth(depth: i32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

#[test]
fn two_threads_find_the_mate_one_thread_finds() {
    // Mate in two: Qd8+ Bxd8 Re8#.
    let pos = position(
        VariantId::Chess,
        "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
    );
    let mut one = Searcher::new(16);
    let (alone, alone_info) = one.search(&pos, &[], &to_depth(6), |_| {});
    let mut two = Searcher::new(16);
    two.set_threads(2);
    assert_eq!(two.threads(), 2);
    let (together, info) = two.search(&pos, &[], &to_depth(6), |_| {});
    assert_eq!(uci_move::write(&pos, together.unwrap()), "d5d8");
    assert_eq!(together, alone);
    assert!(info.score >= MATE_BOUND && alone_info.score >= MATE_BOUND);
}

#[test]
fn two_threads_play_legal_moves_in_every_kind_of_variant() {
    for (variant, text) in [
        (VariantId::Chess, ""),
        (VariantId::Wildebeest, ""),
        (VariantId::Behemoth, ""),
        (VariantId::BehemothLoop, ""),
        (
            VariantId::BattleChieftain,
            "bbbbbbbbbb/3k6/10/10/10/10/10/10/10/4K5/BBBBBBBBBB w ABCDEFGHIJabcdefghij - 0 1",
        ),
    ] {
        let pos = position(variant, text);
        let mut searcher = Searcher::new(4);
        searcher.set_threads(2);
        // Several searches in a row: the helpers are reused and stopped each time (with
        // dice a third ply costs minutes).
        for depth in [1, 2, 1, 2] {
            let (best, info) = searcher.search(&pos, &[], &to_depth(depth), |_| {});
            let best = best.expect("a move");
            assert!(
                pos.legal_moves().contains(&best),
                "{variant}: illegal {best:?}"
            );
            assert_eq!(info.depth, depth);
        }
    }
}

#[test]
fn one_thread_is_deterministic() {
    let pos = position(
        VariantId::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    let run = || {
        let mut searcher = Searcher::new(16);
        searcher.set_threads(1);
        let (best, info) = searcher.search(&pos, &[], &to_depth(7), |_| {});
        (best, info.nodes, info.score, info.pv)
    };
    assert_eq!(run(), run());
}
