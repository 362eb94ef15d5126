//! The kernel's cheap game-end checks agree with `outcome()`, its trample odds with the
//! tramples themselves, and a game's history keys with its positions.

use proptest::prelude::*;
use rules::{Game, Owed, Position, VariantId, uci_move};

mod common;
use common::{Rng, playable};

/// Expected pieces lost to the roll, from the odds and from every roll played out.
fn expected_tramples(pos: &Position) -> (f64, f64) {
    let odds = pos.trample_odds();
    let from_odds: f64 = pos.occupied().into_iter().map(|sq| odds.of(sq)).sum();
    let played: f64 = pos
        .chance_outcomes()
        .into_iter()
        .map(|(outcome, p)| {
            let trampled = pos
                .clone()
                .apply_chance(outcome)
                .map_or(0, |t| t.trampled.len());
            p.as_f64() * trampled as f64
        })
        .sum();
    (from_odds, played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn cheap_checks_agree_with_outcome(id in playable(), seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let mut next = |n: usize| rng.below(n);
        let mut game = Game::new(Position::start(id.rules().unwrap()));
        for _ in 0..300 {
            let pos = game.position().clone();
            let has_moves = !pos.legal_moves().is_empty();
            if !pos.may_end(has_moves) {
                prop_assert_eq!(pos.outcome(), None, "{}", rules::fen::write(&pos));
            }
            if pos.is_variant_end() {
                prop_assert!(pos.outcome().is_some(), "{}", rules::fen::write(&pos));
            }
            match game.owed() {
                Owed::Over(_) => break,
                Owed::Roll => {
                    let (from_odds, played) = expected_tramples(&pos);
                    prop_assert!((from_odds - played).abs() < 1e-9, "{} vs {}", from_odds, played);
                    let outcomes = pos.chance_outcomes();
                    game.roll(outcomes[next(outcomes.len())].0).unwrap();
                }
                Owed::Move(_) => {
                    let legal = pos.legal_moves();
                    game.play(legal.as_slice()[next(legal.len())]).unwrap();
                }
            }
        }
    }
}

#[test]
fn the_start_is_no_variant_end() {
    for id in [
        VariantId::Chess,
        VariantId::Behemoth,
        VariantId::BattleChieftain,
    ] {
        let pos = Position::start(id.rules().unwrap());
        assert!(!pos.is_variant_end(), "{id}");
        assert!(!pos.may_end(true), "{id}");
        assert!(pos.may_end(false), "{id}");
    }
}

#[test]
fn a_trampled_king_is_a_variant_end() {
    let start = "4k3/8/8/8/3*4/3K4/8/8 b - - 0 1";
    let mut game =
        Game::new(rules::fen::parse(VariantId::Behemoth.rules().unwrap(), start).unwrap());
    game.play(uci_move::parse(game.position(), "e8e7").unwrap())
        .unwrap();
    let pos = game.position();
    let d3 = pos.geometry().square(3, 2);
    assert!(pos.trample_odds().of(d3) > 0.0);
    let (onto_king, _) = pos
        .chance_outcomes()
        .into_iter()
        .find(|&(o, _)| pos.chance_path(o).unwrap().contains(&d3))
        .unwrap();
    game.roll(onto_king).unwrap();
    assert!(game.position().is_variant_end());
    assert_eq!(
        game.position().outcome().and_then(|o| o.winner),
        Some(rules::Color::Black)
    );
}

#[test]
fn behemoth_odds_sum_to_its_average_distance() {
    // Each of the 32 rolls enters as many distinct squares as its d4 shows: 2.5 on average.
    let pos = Position::start(VariantId::Behemoth.rules().unwrap());
    let total: f64 = pos.trample_odds().iter().map(|(_, p)| p).sum();
    assert!((total - 2.5).abs() < 1e-12, "{total}");
    let chess = Position::start(VariantId::Chess.rules().unwrap());
    assert_eq!(chess.trample_odds().iter().count(), 0);
}

#[test]
fn history_keys_hold_the_earlier_positions_with_a_player_to_move() {
    let mut game = Game::new(Position::start(VariantId::Chess.rules().unwrap()));
    assert!(game.history_keys().is_empty());
    let start = game.position().key();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let m = uci_move::parse(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    let keys = game.history_keys();
    assert_eq!(keys.len(), 4);
    assert_eq!(keys[0], start);
    assert_eq!(game.position().key(), start);

    // The positions that wait for the dice are no part of it.
    let mut game = Game::new(Position::start(VariantId::Behemoth.rules().unwrap()));
    let m = uci_move::parse(game.position(), "g1f3").unwrap();
    game.play(m).unwrap();
    assert_eq!(game.history_keys(), vec![game.start().key()]);
    let roll = game.position().chance_outcomes()[0].0;
    game.roll(roll).unwrap();
    assert_eq!(game.history_keys(), vec![game.start().key()]);
}
