//! What each roll of the dice is worth: the value of the position after every outcome,
//! their expected value, and a roll's luck (its value minus that expectation). Values are
//! for White, in centipawns, with a won game counted as [`WIN_VALUE`] as where the search
//! averages the dice, so one trampled king does not outweigh every other roll of a game.

use crate::score::{MATE_BOUND, Score, WIN_VALUE};
use crate::search::{Limits, Searcher};
use rules::{ChanceOutcome, Color, Position};

/// One outcome of the dice and the value for White of the position it leads to.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct RollValue {
    pub outcome: ChanceOutcome,
    pub probability: f64,
    pub value: Score,
}

/// The value of every outcome of the roll owed in `pos` (a chance move pending), each
/// position after it valued by `value_of`. Empty when no roll is owed.
pub fn roll_values(pos: &Position, mut value_of: impl FnMut(&Position) -> Score) -> Vec<RollValue> {
    if !pos.chance_pending() {
        return Vec::new();
    }
    pos.chance_outcomes()
        .into_iter()
        .filter_map(|(outcome, probability)| {
            let mut after = pos.clone();
            after.apply_chance(outcome).ok()?;
            Some(RollValue {
                outcome,
                probability: probability.as_f64(),
                value: value_of(&after),
            })
        })
        .collect()
}

/// The value the roll is worth before it is made: the probability-weighted mean.
pub fn expected_value(values: &[RollValue]) -> f64 {
    let total: f64 = values.iter().map(|v| v.probability).sum();
    if total <= 0.0 {
        return 0.0;
    }
    values
        .iter()
        .map(|v| v.probability * f64::from(v.value))
        .sum::<f64>()
        / total
}

/// How much `outcome` gave White over the roll's expected value (negative: it gave
/// Black). `None` if `outcome` is not among `values`.
pub fn luck(values: &[RollValue], outcome: ChanceOutcome) -> Option<f64> {
    let rolled = values.iter().find(|v| v.outcome == outcome)?;
    Some(f64::from(rolled.value) - expected_value(values))
}

/// A search score for the side to move as a value for White, mates counted as wins.
pub fn for_white(pos: &Position, score: Score) -> Score {
    let capped = if score >= MATE_BOUND {
        WIN_VALUE
    } else if score <= -MATE_BOUND {
        -WIN_VALUE
    } else {
        score.clamp(-WIN_VALUE, WIN_VALUE)
    };
    if pos.turn() == Color::White {
        capped
    } else {
        -capped
    }
}

/// The value for White of `pos`, a player to move or the game over, searched within
/// `limits`. `history` holds the repetition keys of the game's earlier positions.
pub fn searched_value(
    searcher: &mut Searcher,
    pos: &Position,
    history: &[u64],
    limits: &Limits,
) -> Score {
    if let Some(outcome) = pos.outcome() {
        return match outcome.winner {
            Some(Color::White) => WIN_VALUE,
            Some(Color::Black) => -WIN_VALUE,
            None => 0,
        };
    }
    let (_, info) = searcher.search(pos, history, limits, |_| {});
    for_white(pos, info.score)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{VariantId, fen, uci_move};

    /// White to move: Kf1, Black: Kb8 and a queen on d6, two squares north of the
    /// Behemoth on d4, White's knight on f6, two squares north-east of it. No king stands
    /// on a square a roll reaches (the board wraps).
    fn after_white_moves() -> Position {
        let behemoth = VariantId::Behemoth.rules().unwrap();
        let mut pos = fen::parse(behemoth, "1k6/8/3q1N2/8/3*4/8/8/5K2 w - - 0 1").unwrap();
        let m = uci_move::parse(&pos, "f1e1").unwrap();
        pos.play(m);
        assert!(pos.chance_pending());
        pos
    }

    /// Material for White, counted here: queen 900, knight 300.
    fn material(pos: &Position) -> Score {
        let mut total = 0;
        for (sq, value) in [("d6", -900), ("f6", 300)] {
            let sq = pos.geometry().parse_square(sq).unwrap();
            if pos.piece_at(sq).is_some() {
                total += value;
            }
        }
        total
    }

    #[test]
    fn each_roll_is_worth_what_it_tramples_less_what_the_roll_was_expected_to_give() {
        let pos = after_white_moves();
        let values = roll_values(&pos, material);
        assert_eq!(values.len(), 32);
        // North (d8 face 2) 2-4 squares tramples the queen, north-east (face 3) 2-4 the
        // knight: 3 rolls in 32 each.
        let expected = -600.0 + (3.0 * 900.0 - 3.0 * 300.0) / 32.0;
        assert!((expected_value(&values) - expected).abs() < 1e-9);
        let queen_gone = ChanceOutcome::Behemoth {
            direction: 2,
            distance: 3,
        };
        let knight_gone = ChanceOutcome::Behemoth {
            direction: 3,
            distance: 2,
        };
        let nothing = ChanceOutcome::Behemoth {
            direction: 7,
            distance: 1,
        };
        assert!((luck(&values, queen_gone).unwrap() - (300.0 - expected)).abs() < 1e-9);
        assert!((luck(&values, knight_gone).unwrap() - (-900.0 - expected)).abs() < 1e-9);
        assert!((luck(&values, nothing).unwrap() - (-600.0 - expected)).abs() < 1e-9);
        let mean_luck: f64 = values
            .iter()
            .map(|v| v.probability * luck(&values, v.outcome).unwrap())
            .sum();
        assert!(mean_luck.abs() < 1e-9, "luck averages to nothing");
    }

    #[test]
    fn a_searched_roll_that_tramples_the_queen_is_worth_about_a_queen_to_white() {
        let pos = after_white_moves();
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(1);
        let values = roll_values(&pos, |after| {
            searched_value(&mut searcher, after, &[], &limits)
        });
        let value_of = |outcome| values.iter().find(|v| v.outcome == outcome).unwrap().value;
        let queen_gone = value_of(ChanceOutcome::Behemoth {
            direction: 2,
            distance: 2,
        });
        let nothing = value_of(ChanceOutcome::Behemoth {
            direction: 7,
            distance: 1,
        });
        assert!(
            queen_gone - nothing > 700,
            "queen trampled {queen_gone}, nothing trampled {nothing}"
        );
        assert!(f64::from(nothing) < expected_value(&values));
    }

    #[test]
    fn a_won_game_counts_as_the_win_value_for_the_winner() {
        let pos = after_white_moves();
        assert_eq!(for_white(&pos, 31_000 - 3), -WIN_VALUE);
        assert_eq!(for_white(&pos, 120), -120);
    }
}
