//! `GET /api/games/ID/review`: a finished game as the engine sees it. Every move is
//! compared with the best one at the same small depth and graded as lichess grades (by
//! the chance of winning it gave away); in the beast variants every roll is compared with
//! the roll's expected value, its luck, and the luck is summed per player. Reviews run in
//! the engine pool and are computed once per game.

use crate::contract::{EntryKind, Judgement, JudgementCounts, PerSide, Review, ReviewEntry, Side};
use crate::error::ApiError;
use crate::game_view::history_entry;
use crate::hub::Hub;
use axum::Extension;
use axum::Json;
use axum::extract::{Path, State};
use engine::roll_values::{RollValue, expected_value, luck, roll_values, searched_value};
use engine::{Limits, Score, Searcher};
use rules::{Color, Game, Move, Position, Turn, san};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// The depth of every search of a review: each position after a move (and after each
/// outcome of a roll) is searched this deep, so a move is judged two plies ahead. Deeper
/// is too slow with the Behemoth's 32 outcomes per roll (after 1. e4 at load 2.4, depth 2 took
/// 4.6 s for one roll's outcomes, depth 1 2 ms).
pub const REVIEW_DEPTH: i32 = 1;

/// How many reviews are kept in memory.
const KEPT: usize = 256;

/// The lichess grades, as drops in the mover's chance of winning (0 to 1).
const INACCURACY: f64 = 0.05;
const MISTAKE: f64 = 0.10;
const BLUNDER: f64 = 0.15;

/// The reviews computed so far, one cell per game so that a game is reviewed once
/// however many ask at the same time.
#[derive(Default)]
pub struct Reviews {
    done: Mutex<HashMap<String, Arc<OnceCell<Arc<Review>>>>>,
}

impl Reviews {
    pub fn new() -> Arc<Reviews> {
        Arc::new(Reviews::default())
    }

    fn cell(&self, id: &str) -> Arc<OnceCell<Arc<Review>>> {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        if done.len() >= KEPT && !done.contains_key(id) {
            done.clear();
        }
        done.entry(id.to_string()).or_default().clone()
    }

    /// The review of game `id`, computed in `hub`'s engine pool the first time.
    pub async fn review(&self, hub: &Arc<Hub>, id: &str) -> Result<Arc<Review>, ApiError> {
        let cell = self.cell(id);
        cell.get_or_try_init(|| async {
            let slot = hub.slot(id).await?;
            let game = {
                let live = slot.live.lock().await;
                if !live.is_over() {
                    return Err(ApiError::conflict(
                        "the game is not over: only finished games are reviewed",
                    ));
                }
                live.game().clone()
            };
            let id = id.to_string();
            hub.engine()
                .run(move || Arc::new(review(&id, &game)))
                .await
                .ok_or_else(|| ApiError::internal("the review was cut short"))
        })
        .await
        .cloned()
    }
}

pub async fn get_review(
    State(hub): State<Arc<Hub>>,
    Extension(reviews): Extension<Arc<Reviews>>,
    Path(id): Path<String>,
) -> Result<Json<Review>, ApiError> {
    let review = reviews.review(&hub, &id).await?;
    Ok(Json((*review).clone()))
}

/// White's chance of winning for a value for White (lichess's curve, values beyond a
/// queen and a bit counted as that).
pub fn white_win(value: f64) -> f64 {
    1.0 / (1.0 + (-0.003_682_08 * value.clamp(-1000.0, 1000.0)).exp())
}

/// The grade of a move that gave away `loss` of its player's chance of winning.
pub fn judgement(loss: f64) -> Option<Judgement> {
    if loss >= BLUNDER {
        Some(Judgement::Blunder)
    } else if loss >= MISTAKE {
        Some(Judgement::Mistake)
    } else if loss >= INACCURACY {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

fn sign(color: Color) -> f64 {
    if color == Color::White { 1.0 } else { -1.0 }
}

fn side_entry(totals: &mut PerSide<f64>, color: Color) -> &mut f64 {
    match color {
        Color::White => &mut totals.white,
        Color::Black => &mut totals.black,
    }
}

/// What the engine makes of the position after a move: its value for White and, with a
/// roll owed, the value of each outcome.
struct AfterMove {
    value: f64,
    rolls: Vec<RollValue>,
}

struct Valuer {
    searcher: Searcher,
    limits: Limits,
}

impl Valuer {
    fn new() -> Valuer {
        Valuer {
            searcher: Searcher::new(4),
            limits: Limits {
                depth: Some(REVIEW_DEPTH),
                ..Limits::default()
            },
        }
    }

    /// `pos` valued for White; `history` holds the repetition keys before it.
    fn value(&mut self, pos: &Position, history: &[u64]) -> AfterMove {
        if pos.chance_pending() && pos.outcome().is_none() {
            let (searcher, limits) = (&mut self.searcher, &self.limits);
            let rolls = roll_values(pos, |after| {
                searched_value(searcher, after, history, limits)
            });
            AfterMove {
                value: expected_value(&rolls),
                rolls,
            }
        } else {
            AfterMove {
                value: f64::from(searched_value(
                    &mut self.searcher,
                    pos,
                    history,
                    &self.limits,
                )),
                rolls: Vec::new(),
            }
        }
    }
}

/// The review of `game`: each move against the best, each roll against its expectation.
pub fn review(id: &str, game: &Game) -> Review {
    let positions = game.positions();
    let mut valuer = Valuer::new();
    let history = |i: usize| -> Vec<u64> {
        positions[..i]
            .iter()
            .filter(|p| !p.chance_pending())
            .map(|p| p.repetition_key())
            .collect()
    };
    let start_eval = valuer.value(&positions[0], &[]).value;
    let dice = positions[0].variant().beast.is_some();
    let mut entries = Vec::with_capacity(game.turns().len());
    let mut judgements = PerSide {
        white: JudgementCounts::default(),
        black: JudgementCounts::default(),
    };
    let mut by_roller = PerSide {
        white: 0.0,
        black: 0.0,
    };
    let mut last_rolls: Vec<RollValue> = Vec::new();
    let mut last_mover = positions[0].turn();
    for (i, &turn) in game.turns().iter().enumerate() {
        let pos = &positions[i];
        let record = history_entry(game, i);
        let entry = match turn {
            Turn::Move(played) => {
                let mover = pos.turn();
                let mut keys = history(i);
                if !pos.chance_pending() {
                    keys.push(pos.repetition_key());
                }
                let mut best: Option<(Move, f64)> = None;
                let mut played_after = None;
                for m in pos.legal_moves().iter().copied() {
                    let mut after = pos.clone();
                    after.play(m);
                    let valued = valuer.value(&after, &keys);
                    let for_mover = sign(mover) * valued.value;
                    if best.is_none_or(|(_, v)| for_mover > v) {
                        best = Some((m, for_mover));
                    }
                    if m == played {
                        played_after = Some(valued);
                    }
                }
                let played_after = played_after.unwrap_or_else(|| {
                    let mut after = pos.clone();
                    after.play(played);
                    valuer.value(&after, &keys)
                });
                let mover_win = |v: f64| white_win(sign(mover) * v);
                let played_for_mover = sign(mover) * played_after.value;
                let (best_move, best_value) = best.unwrap_or((played, played_for_mover));
                let loss =
                    (mover_win(sign(mover) * best_value) - mover_win(played_after.value)).max(0.0);
                let grade = if best_move == played {
                    None
                } else {
                    judgement(loss)
                };
                if let Some(grade) = grade {
                    let counts = match mover {
                        Color::White => &mut judgements.white,
                        Color::Black => &mut judgements.black,
                    };
                    match grade {
                        Judgement::Inaccuracy => counts.inaccuracies += 1,
                        Judgement::Mistake => counts.mistakes += 1,
                        Judgement::Blunder => counts.blunders += 1,
                    }
                }
                last_mover = mover;
                last_rolls = played_after.rolls;
                ReviewEntry {
                    ply: i + 1,
                    san: record.san,
                    kind: EntryKind::Move,
                    color: mover.into(),
                    eval: played_after.value.round() as Score,
                    white_win: white_win(played_after.value),
                    loss: Some(loss),
                    judgement: grade,
                    best: grade.map(|_| san::write(pos, best_move)),
                    luck: None,
                }
            }
            Turn::Roll(outcome) => {
                if last_rolls.is_empty() {
                    last_rolls = valuer.value(pos, &history(i)).rolls;
                }
                let rolled = last_rolls.iter().find(|r| r.outcome == outcome);
                let value = rolled.map_or(0.0, |r| f64::from(r.value));
                let luck_white = luck(&last_rolls, outcome).unwrap_or(0.0);
                *side_entry(&mut by_roller, last_mover) += sign(last_mover) * luck_white;
                last_rolls = Vec::new();
                ReviewEntry {
                    ply: i + 1,
                    san: record.san,
                    kind: EntryKind::Roll,
                    color: last_mover.into(),
                    eval: value.round() as Score,
                    white_win: white_win(value),
                    loss: None,
                    judgement: None,
                    best: None,
                    luck: Some(luck_white),
                }
            }
        };
        entries.push(entry);
    }
    let luck_white: f64 = entries.iter().filter_map(|e| e.luck).sum();
    Review {
        id: id.to_string(),
        variant: positions[0].variant().id.name().to_string(),
        start_eval: start_eval.round() as Score,
        entries,
        luck_by_roller: dice.then_some(by_roller),
        luck_white: dice.then_some(luck_white),
        verdict: dice.then(|| verdict(luck_white)),
        judgements,
        depth: REVIEW_DEPTH,
    }
}

/// The one line on the dice: whom they gave how much, in pawns.
pub fn verdict(luck_white: f64) -> String {
    let pawns = luck_white / 100.0;
    if pawns.abs() < 0.05 {
        return "The dice favoured neither side.".to_string();
    }
    let side = if pawns > 0.0 {
        Side::White
    } else {
        Side::Black
    };
    let name = match side {
        Side::White => "White",
        Side::Black => "Black",
    };
    format!("The dice gave {name} +{:.1} pawns in all.", pawns.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{ChanceOutcome, VariantId, fen, uci_move};

    #[test]
    fn grades_follow_the_lost_chance_of_winning() {
        assert_eq!(judgement(0.01), None);
        assert_eq!(judgement(0.06), Some(Judgement::Inaccuracy));
        assert_eq!(judgement(0.12), Some(Judgement::Mistake));
        assert_eq!(judgement(0.4), Some(Judgement::Blunder));
        assert!((white_win(0.0) - 0.5).abs() < 1e-12);
        assert!(white_win(300.0) > 0.7 && white_win(-300.0) < 0.3);
    }

    #[test]
    fn the_verdict_names_the_side_the_dice_gave_more() {
        assert_eq!(verdict(230.0), "The dice gave White +2.3 pawns in all.");
        assert_eq!(verdict(-51.0), "The dice gave Black +0.5 pawns in all.");
        assert_eq!(verdict(1.0), "The dice favoured neither side.");
    }

    /// A short Behemoth game: White's move, then a roll that tramples Black's queen, then
    /// Black's move and a roll that tramples nothing. Each roll's luck is checked against
    /// the values of its 32 outcomes searched here, one by one, at the review's depth.
    #[test]
    fn a_roll_that_tramples_the_queen_is_whites_luck_and_the_sum_is_per_player() {
        let behemoth = VariantId::Behemoth.rules().unwrap();
        let start = fen::parse(behemoth, "1k6/8/3q1N2/8/3*4/8/R7/5K2 w - - 0 1").unwrap();
        let mut game = Game::new(start);
        let play = |game: &mut Game, text: &str| {
            let m = uci_move::parse(game.position(), text).unwrap();
            game.play(m).unwrap();
        };
        let queen_trampled = ChanceOutcome::Behemoth {
            direction: 2,
            distance: 2,
        };
        let quiet = ChanceOutcome::Behemoth {
            direction: 7,
            distance: 1,
        };
        play(&mut game, "f1e1");
        let first_roll_at = game.position().clone();
        game.roll(queen_trampled).unwrap();
        play(&mut game, "b8c8");
        let second_roll_at = game.position().clone();
        game.roll(quiet).unwrap();

        let reviewed = review("test", &game);
        assert_eq!(reviewed.entries.len(), 4);

        // Independently: every outcome searched by a fresh searcher at the same depth.
        let by_hand = |pos: &Position, rolled: ChanceOutcome| -> f64 {
            let limits = Limits {
                depth: Some(REVIEW_DEPTH),
                ..Limits::default()
            };
            let mut total = 0.0;
            let mut rolled_value = None;
            for (outcome, p) in pos.chance_outcomes() {
                let mut after = pos.clone();
                after.apply_chance(outcome).unwrap();
                let mut searcher = Searcher::new(1);
                let (_, info) = searcher.search(&after, &[], &limits, |_| {});
                let for_white = if after.turn() == Color::White {
                    info.score
                } else {
                    -info.score
                };
                total += p.as_f64() * f64::from(for_white);
                if outcome == rolled {
                    rolled_value = Some(f64::from(for_white));
                }
            }
            rolled_value.unwrap() - total
        };
        let first = reviewed.entries[1].luck.unwrap();
        let second = reviewed.entries[3].luck.unwrap();
        let first_by_hand = by_hand(&first_roll_at, queen_trampled);
        let second_by_hand = by_hand(&second_roll_at, quiet);
        assert!(
            (first - first_by_hand).abs() < 25.0,
            "review {first}, by hand {first_by_hand}"
        );
        assert!(
            (second - second_by_hand).abs() < 25.0,
            "review {second}, by hand {second_by_hand}"
        );
        assert!(first > 500.0, "a trampled queen is White's luck: {first}");
        let by_roller = reviewed.luck_by_roller.unwrap();
        assert!((by_roller.white - first).abs() < 1e-9);
        assert!((by_roller.black + second).abs() < 1e-9);
        assert!((reviewed.luck_white.unwrap() - (first + second)).abs() < 1e-9);
        assert!(
            reviewed
                .verdict
                .unwrap()
                .starts_with("The dice gave White +")
        );
        assert_eq!(reviewed.entries[1].color, Side::White);
        assert_eq!(reviewed.entries[1].kind, EntryKind::Roll);
    }
}
