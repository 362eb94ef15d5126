//! The routes of docs/api.md's "Ratings": who plays a game by account, a player's profile
//! and a variant's leaderboard.

use crate::contract::{
    GamePlayers, LeaderboardEntry, PerSide, Profile, ProfileGame, RatingChange, RatingPoint,
    SeatAccount, Side, VariantRating,
};
use crate::error::{ApiError, quote};
use crate::hub::Hub;
use crate::ratings::shown;
use crate::store::StoreError;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use rules::VariantId;
use sqlx::Row;
use std::sync::Arc;

/// How many games a profile lists, and how many players a leaderboard.
const RECENT_GAMES: i64 = 20;
const LEADERS: i64 = 100;
/// How many points of rating history a profile gives.
const HISTORY: i64 = 500;

pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/games/{id}/players", get(game_players))
        .route("/api/players/{name}", get(profile))
        .route("/api/leaderboard/{variant}", get(leaderboard))
}

fn fault(e: sqlx::Error) -> ApiError {
    StoreError::from(e).into()
}

async fn game_players(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Json<GamePlayers>, ApiError> {
    let slot = hub.slot(&id).await?;
    let variant = slot.live.lock().await.row.variant;
    let rows = sqlx::query(
        "SELECT ga.rated, s.color, a.name, r.rating, c.rating_before, c.rating_after \
         FROM game_accounts ga \
         JOIN (SELECT 'white' AS color UNION ALL SELECT 'black') s ON 1 = 1 \
         JOIN accounts a ON a.id = CASE WHEN s.color = 'white' \
              THEN ga.white_account ELSE ga.black_account END \
         LEFT JOIN ratings r ON r.account_id = a.id AND r.variant = $2 \
         LEFT JOIN rating_changes c ON c.game_id = ga.game_id AND c.color = s.color \
         WHERE ga.game_id = $1",
    )
    .bind(&id)
    .bind(variant.name())
    .fetch_all(hub.store.read_pool())
    .await
    .map_err(fault)?;
    let rated = crate::ratings::game_accounts(&hub.store, &id).await?.rated;
    let mut accounts = PerSide {
        white: None,
        black: None,
    };
    for r in rows {
        let before: Option<f64> = r.try_get("rating_before").map_err(fault)?;
        let after: Option<f64> = r.try_get("rating_after").map_err(fault)?;
        let seat = SeatAccount {
            name: r.try_get("name").map_err(fault)?,
            rating: r
                .try_get::<Option<f64>, _>("rating")
                .map_err(fault)?
                .map(shown),
            change: before.zip(after).map(|(b, a)| RatingChange {
                before: shown(b),
                after: shown(a),
            }),
        };
        match r.try_get::<String, _>("color").map_err(fault)?.as_str() {
            "white" => accounts.white = Some(seat),
            _ => accounts.black = Some(seat),
        }
    }
    Ok(Json(GamePlayers { rated, accounts }))
}

async fn profile(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    let pool = hub.store.read_pool();
    let Some((account, _)) = crate::accounts::by_name(&hub.store, &name).await? else {
        return Err(ApiError::not_found(format!(
            "no player is called '{}'",
            quote(&name)
        )));
    };
    let ratings = sqlx::query(
        "SELECT variant, rating, deviation, games FROM ratings WHERE account_id = $1 \
         ORDER BY games DESC, variant",
    )
    .bind(&account.id)
    .fetch_all(pool)
    .await
    .map_err(fault)?
    .iter()
    .map(|r| {
        Ok(VariantRating {
            variant: r.try_get("variant")?,
            rating: shown(r.try_get("rating")?),
            deviation: shown(r.try_get("deviation")?),
            games: r.try_get("games")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()
    .map_err(fault)?;
    let mut history: Vec<RatingPoint> = sqlx::query(
        "SELECT game_id, variant, rating_after, at FROM rating_changes WHERE account_id = $1 \
         ORDER BY at DESC, game_id LIMIT $2",
    )
    .bind(&account.id)
    .bind(HISTORY)
    .fetch_all(pool)
    .await
    .map_err(fault)?
    .iter()
    .map(|r| {
        Ok(RatingPoint {
            game_id: r.try_get("game_id")?,
            variant: r.try_get("variant")?,
            rating: shown(r.try_get("rating_after")?),
            at: r.try_get("at")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()
    .map_err(fault)?;
    history.reverse();
    let recent_games = sqlx::query(
        "SELECT g.id, g.variant, g.status, g.result, g.created_at, ga.rated, \
         CASE WHEN ga.white_account = $1 THEN 'white' ELSE 'black' END AS color, \
         o.name AS opponent \
         FROM game_accounts ga JOIN games g ON g.id = ga.game_id \
         LEFT JOIN accounts o ON o.id = CASE WHEN ga.white_account = $1 \
              THEN ga.black_account ELSE ga.white_account END \
         WHERE ga.white_account = $1 OR ga.black_account = $1 \
         ORDER BY g.created_at DESC, g.id LIMIT $2",
    )
    .bind(&account.id)
    .bind(RECENT_GAMES)
    .fetch_all(pool)
    .await
    .map_err(fault)?
    .iter()
    .map(|r| -> Result<ProfileGame, ApiError> {
        let status: String = r.try_get("status").map_err(fault)?;
        Ok(ProfileGame {
            id: r.try_get("id").map_err(fault)?,
            variant: r.try_get("variant").map_err(fault)?,
            color: if r.try_get::<String, _>("color").map_err(fault)? == "white" {
                Side::White
            } else {
                Side::Black
            },
            opponent: r.try_get("opponent").map_err(fault)?,
            status: serde_json::from_value(serde_json::Value::String(status))
                .map_err(|e| ApiError::internal(e.to_string()))?,
            result: r.try_get("result").map_err(fault)?,
            rated: r.try_get::<i64, _>("rated").map_err(fault)? != 0,
            created_at: r.try_get("created_at").map_err(fault)?,
        })
    })
    .collect::<Result<_, ApiError>>()?;
    Ok(Json(Profile {
        name: account.name,
        created_at: account.created_at,
        ratings,
        history,
        recent_games,
    }))
}

async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    Path(variant): Path<String>,
) -> Result<Json<Vec<LeaderboardEntry>>, ApiError> {
    let variant: VariantId = variant
        .parse()
        .map_err(|e: rules::VariantError| ApiError::bad_request(e.to_string()))?;
    let rows = sqlx::query(
        "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r \
         JOIN accounts a ON a.id = r.account_id WHERE r.variant = $1 \
         ORDER BY r.rating DESC, a.name_key LIMIT $2",
    )
    .bind(variant.name())
    .bind(LEADERS)
    .fetch_all(hub.store.read_pool())
    .await
    .map_err(fault)?;
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            Ok(LeaderboardEntry {
                rank: i as i64 + 1,
                name: r.try_get("name")?,
                rating: shown(r.try_get("rating")?),
                deviation: shown(r.try_get("deviation")?),
                games: r.try_get("games")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map(Json)
        .map_err(fault)
}
