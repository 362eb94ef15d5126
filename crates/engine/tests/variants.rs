//! The search in every variant: it returns a legal turn, takes a win in one, and treats
//! the dice as dice.

use engine::score::MATE_BOUND;
use engine::{Limits, Searcher};
use rules::{Position, VariantId, fen, uci_move};

fn best(id: VariantId, fen_text: &str, depth: i32) -> (String, i32) {
    let pos = if fen_text.is_empty() {
        Position::start(id.rules().unwrap())
    } else {
        fen::parse(id.rules().unwrap(), fen_text).unwrap()
    };
    let mut searcher = Searcher::new(8);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let (m, info) = searcher.search(&pos, &[], &limits, |_| {});
    let m = m.expect("a legal move");
    assert!(pos.legal_moves().contains(&m));
    (uci_move::write(&pos, m), info.score)
}

#[test]
fn every_variant_gets_a_legal_move_from_the_start() {
    for id in VariantId::ALL {
        let depth = if id.rules().unwrap().beast.is_some() {
            2
        } else {
            3
        };
        best(id, "", depth);
    }
}

#[test]
fn chess_mate_in_one() {
    let (m, score) = best(VariantId::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3);
    assert_eq!(m, "a1a8");
    assert!(score >= MATE_BOUND);
}

#[test]
fn wildebeest_stalemate_is_a_win_to_play_for() {
    // Black's king on a10 and White's queen: Qc9 stalemates, which wins in Wildebeest.
    let (m, score) = best(
        VariantId::Wildebeest,
        "k10/11/1Q9/11/11/11/11/11/11/5K5 w - - 0 1",
        3,
    );
    assert!(score >= MATE_BOUND, "{m} {score}");
}

#[test]
fn behemoth_takes_the_king_a_trample_exposed() {
    // The knight that shielded e8 is gone: Rxe8 wins at once, whatever the dice.
    let (m, score) = best(VariantId::Behemoth, "4k3/8/8/8/8/5*2/8/K3R3 w - - 0 1", 2);
    assert_eq!(m, "e1e8");
    assert!(score >= MATE_BOUND);
}

#[test]
fn loop_captures_the_king() {
    let (m, score) = best(
        VariantId::BehemothLoop,
        "4k3/8/8/3*4/8/8/8/4R1K1[] w - - 0 1",
        2,
    );
    assert_eq!(m, "e1e8");
    assert!(score >= MATE_BOUND);
}

#[test]
fn battle_chieftain_takes_the_last_berserker() {
    let (m, score) = best(
        VariantId::BattleChieftain,
        "10/3k6/10/10/1b8/10/10/10/1B8/4K5/10 w - - 0 1",
        2,
    );
    assert_eq!(m, "b3b7");
    assert!(score >= MATE_BOUND);
}

#[test]
fn the_queen_steps_out_of_the_behemoths_path() {
    // The Behemoth on d4 reaches d5 with 4 of its 32 rolls (north, any distance): a queen
    // standing there loses 950 x 4/32 on average. With nothing else going on, it moves.
    let (m, _) = best(VariantId::Behemoth, "k7/8/8/3Q4/3*4/8/8/7K w - - 0 1", 1);
    assert!(m.starts_with("d5"), "{m}");
}

#[test]
fn a_node_limit_holds_however_the_rolls_are_searched() {
    // Chance nodes count as nodes too; the limit must be looked at however the counts
    // fall between player and chance nodes.
    for id in [VariantId::Behemoth, VariantId::Juggernaut] {
        for horizon in [1, 3, 99] {
            let pos = Position::start(id.rules().unwrap());
            let mut searcher = Searcher::new(8);
            searcher.set_chance_horizon(horizon);
            let limits = Limits {
                nodes: Some(20_000),
                ..Limits::default()
            };
            let (m, info) = searcher.search(&pos, &[], &limits, |_| {});
            assert!(m.is_some());
            assert!(
                info.nodes <= 20_000 + 1024,
                "{id} horizon {horizon}: {} nodes",
                info.nodes
            );
        }
    }
}

#[test]
fn the_juggernaut_expands_rolls_only_with_three_plies_to_go() {
    let nodes = |id: VariantId, horizon: Option<i32>| {
        let pos = Position::start(id.rules().unwrap());
        let mut searcher = Searcher::new(8);
        if let Some(plies) = horizon {
            searcher.set_chance_horizon(plies);
        }
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        searcher.search(&pos, &[], &limits, |_| {}).1.nodes
    };
    let juggernaut = nodes(VariantId::Juggernaut, None);
    assert_eq!(juggernaut, nodes(VariantId::Juggernaut, Some(3)));
    assert_ne!(juggernaut, nodes(VariantId::Juggernaut, Some(1)));
    let behemoth = nodes(VariantId::Behemoth, None);
    assert_eq!(behemoth, nodes(VariantId::Behemoth, Some(1)));
}

#[test]
fn behemoth_hundredth_quiet_ply_draws_before_the_roll() {
    // rules.md 0: the move that makes the hundredth quiet ply draws and no roll follows.
    // Black, a queen up, has only quiet moves: each draws, however likely the beast was to
    // trample White's rook and reset the count.
    let (m, score) = best(
        VariantId::Behemoth,
        "3qk3/8/8/8/3*4/8/8/K2R4 b - - 99 80",
        2,
    );
    assert_eq!(score, 0, "{m}");
}
