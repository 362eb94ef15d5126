//! `POST /api/games/ID/seat`: a logged-in player's seat token in a game their account sits
//! in, so a game started by a seek, or played by correspondence, can be played from any
//! browser the player logs in on.

use crate::contract::SeatReply;
use crate::error::ApiError;
use crate::hub::Hub;
use crate::{ratings, sessions};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};
use rules::Color;
use std::sync::Arc;

pub fn routes() -> Router<Arc<Hub>> {
    Router::new().route("/api/games/{id}/seat", post(seat))
}

async fn seat(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<SeatReply>, ApiError> {
    let account = sessions::require_account(&hub.store, &headers).await?;
    let seated = ratings::game_accounts(&hub.store, &id).await?;
    let color = [Color::White, Color::Black]
        .into_iter()
        .find(|&c| seated.of(c) == Some(account.id.as_str()))
        .ok_or_else(|| ApiError::not_found("your account holds no seat in this game"))?;
    let slot = hub.slot(&id).await?;
    let live = slot.live.lock().await;
    let token = match color {
        Color::White => live.row.white_token.clone(),
        Color::Black => live.row.black_token.clone(),
    }
    .ok_or_else(|| ApiError::not_found("your account holds no seat in this game"))?;
    Ok(Json(SeatReply {
        game: id.clone(),
        seat: color.into(),
        token,
    }))
}
