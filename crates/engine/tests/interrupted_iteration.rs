//! A search stopped in the middle of an iteration plays the move that iteration has
//! already found better than the last one's, not the last finished iteration's choice.

use engine::{Limits, Searcher};
use rules::{Move, Position, VariantId, fen};

/// Per finished depth: the nodes searched so far and the principal move.
fn iterations(pos: &Position, depth: i32) -> Vec<(u64, Move)> {
    let mut found = Vec::new();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    Searcher::new(16).search(pos, &[], &limits, |info| {
        found.push((info.nodes, info.pv[0]));
    });
    found
}

fn best_within(pos: &Position, nodes: u64) -> Move {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let (best, _) = Searcher::new(16).search(pos, &[], &limits, |_| {});
    best.expect("a legal move")
}

#[test]
fn a_cut_short_iteration_plays_the_better_move_it_found() {
    // Positions where the engine changes its mind between two iterations (which ones do
    // shifts with every change to the search, so there are several).
    let fens = [
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
        "rnbqk2r/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 2 5",
        "r1bqr1k1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQR1K1 w - - 1 8",
    ];
    let mut changes = 0;
    let mut played_new = 0;
    for text in fens {
        let pos = fen::parse(VariantId::Chess.rules().unwrap(), text).unwrap();
        let found = iterations(&pos, 9);
        for pair in found.windows(2) {
            let ((before, old), (after, new)) = (pair[0], pair[1]);
            if old == new || after < before + 4_096 {
                continue;
            }
            changes += 1;
            // The search looks at its node budget every 1,024 nodes: each of these
            // budgets stops it inside the iteration that changed its mind. They reach
            // to the iteration's last check, since a change of mind often comes late.
            let span = after - 1_025 - before;
            let cuts = (1..=16).map(|k| before + span * k / 16);
            let picks: Vec<Move> = cuts.map(|nodes| best_within(&pos, nodes)).collect();
            played_new += usize::from(picks.contains(&new));
        }
    }
    assert!(changes > 0, "no position changed its mind");
    // Without the iteration's own choice every cut would play the old move.
    assert!(
        played_new > 0,
        "{changes} changes of mind, none played when cut short"
    );
}
