//! `GET /api/account/games` (docs/api.md, "Accounts"): the logged-in player's games, those
//! where it is their turn first (the soonest deadline first), then the other unfinished
//! ones, then the finished ones of the last 30 days.

use crate::contract::{MyGame, Player, Side, Status};
use crate::error::ApiError;
use crate::hub::Hub;
use crate::sessions;
use crate::store::StoreError;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use sqlx::Row;
use std::sync::Arc;

/// How many games the list holds at most.
const LIMIT: i64 = 200;
/// How long a finished game stays on the list.
const FINISHED_FOR_MS: i64 = 30 * 86_400_000;

pub fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/api/account/games", get(my_games))
}

fn fault(e: sqlx::Error) -> ApiError {
    StoreError::from(e).into()
}

/// A stored lower-case word (a status, a player kind) as its contract type.
fn parse<T: serde::de::DeserializeOwned>(text: String) -> Result<T, ApiError> {
    serde_json::from_value(serde_json::Value::String(text))
        .map_err(|e| ApiError::internal(e.to_string()))
}

/// Your turn first (soonest deadline first), then unfinished, then finished; the most
/// recently changed first within each.
fn order(games: &mut [MyGame]) {
    let rank = |g: &MyGame| match g.status {
        _ if g.your_turn => 0,
        Status::Playing | Status::Waiting => 1,
        Status::Over => 2,
    };
    games.sort_by(|a, b| {
        rank(a)
            .cmp(&rank(b))
            .then(
                a.deadline
                    .unwrap_or(i64::MAX)
                    .cmp(&b.deadline.unwrap_or(i64::MAX)),
            )
            .then(b.updated_at.cmp(&a.updated_at))
    });
}

async fn my_games(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Json<Vec<MyGame>>, ApiError> {
    let account = sessions::require_account(&hub.store, &headers).await?;
    let rows = sqlx::query(
        "SELECT g.id, g.variant, g.status, g.result, g.on_move, g.days_per_move, g.deadline, \
         g.updated_at, g.white_player, g.black_player, \
         CASE WHEN ga.white_account = $1 THEN 'white' ELSE 'black' END AS color, \
         o.name AS opponent \
         FROM game_accounts ga JOIN games g ON g.id = ga.game_id \
         LEFT JOIN accounts o ON o.id = CASE WHEN ga.white_account = $1 \
              THEN ga.black_account ELSE ga.white_account END \
         WHERE (ga.white_account = $1 OR ga.black_account = $1) \
           AND (g.status <> 'over' OR g.updated_at > $2) \
         ORDER BY g.updated_at DESC LIMIT $3",
    )
    .bind(&account.id)
    .bind(crate::clock::now_ms() - FINISHED_FOR_MS)
    .bind(LIMIT)
    .fetch_all(hub.store.read_pool())
    .await
    .map_err(fault)?;
    let mut games = rows
        .iter()
        .map(|r| -> Result<MyGame, ApiError> {
            let color: String = r.try_get("color").map_err(fault)?;
            let on_move: Option<String> = r.try_get("on_move").map_err(fault)?;
            let status: Status = parse(r.try_get("status").map_err(fault)?)?;
            let opponent_player = if color == "white" {
                "black_player"
            } else {
                "white_player"
            };
            Ok(MyGame {
                id: r.try_get("id").map_err(fault)?,
                variant: r.try_get("variant").map_err(fault)?,
                your_turn: status == Status::Playing && on_move.as_deref() == Some(color.as_str()),
                color: parse::<Side>(color)?,
                opponent: r.try_get("opponent").map_err(fault)?,
                opponent_player: parse::<Player>(r.try_get(opponent_player).map_err(fault)?)?,
                status,
                result: r.try_get("result").map_err(fault)?,
                days_per_move: r.try_get("days_per_move").map_err(fault)?,
                deadline: r.try_get("deadline").map_err(fault)?,
                updated_at: r.try_get("updated_at").map_err(fault)?,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    order(&mut games);
    Ok(Json(games))
}
