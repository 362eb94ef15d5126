//! The routes of seeks (docs/api.md, "Seeks"): list, post, look after, take up and withdraw
//! a seek, and quick pairing, which takes up a matching seek or posts one.

use crate::accounts::Account;
use crate::body::Body;
use crate::clock::now_ms;
use crate::contract::{ColorChoice, QuickPairing, SeatReply, Seek, SeekRequest};
use crate::error::ApiError;
use crate::hub::Hub;
use crate::limits::{ClientLimiter, client_of};
use crate::live_game::LiveGame;
use crate::new_game::NewGame;
use crate::seeks::{self, StoredSeek};
use crate::{ratings, seats, sessions};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use rules::{Color, VariantId};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/seeks", get(list).post(post_seek))
        .route("/api/seeks/quick", post(quick))
        .route("/api/seeks/{id}", get(look))
        .route("/api/seeks/{id}/accept", post(accept))
        .route("/api/seeks/{id}/cancel", post(cancel))
}

async fn list(
    State(hub): State<Arc<Hub>>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Vec<Seek>>, ApiError> {
    let variant = match query.get("variant").map(String::as_str) {
        None | Some("") => None,
        Some(name) => Some(name.parse::<VariantId>().map_err(|_| {
            ApiError::bad_request(format!("'{name}' is not a variant (see /api/variants)"))
        })?),
    };
    let now = now_ms();
    let reader = sessions::account_of(&hub.store, &headers).await?;
    if let Some(reader) = &reader {
        seeks::keep_alive(&hub.store, &reader.id, now).await?;
    }
    let reader = reader.as_ref().map(|a| a.id.as_str());
    let open = seeks::open_seeks(&hub.store, variant, now).await?;
    Ok(Json(open.iter().map(|s| s.view(reader)).collect()))
}

async fn post_seek(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Body(req): Body<SeekRequest>,
) -> Result<(StatusCode, Json<Seek>), ApiError> {
    let poster = require_account(&hub, &headers, "post a seek").await?;
    let seek = StoredSeek::check(req, &poster, now_ms())?;
    seeks::insert(&hub.store, &seek).await?;
    Ok((StatusCode::CREATED, Json(seek.view(Some(&poster.id)))))
}

/// A seek, which its poster's page asks after until a player takes it up: each look keeps
/// the poster's seeks open.
async fn look(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Seek>, ApiError> {
    let now = now_ms();
    let reader = sessions::account_of(&hub.store, &headers).await?;
    let gone = || ApiError::not_found("no such seek: it was taken up, withdrawn or has lapsed");
    let mut seek = seeks::get(&hub.store, &id).await?.ok_or_else(gone)?;
    let poster = reader.as_ref().is_some_and(|r| r.id == seek.poster.id);
    if !poster && !seek.open(now) {
        return Err(gone());
    }
    if poster && seek.open(now) {
        seeks::keep_alive(&hub.store, &seek.poster.id, now).await?;
        seek = seeks::get(&hub.store, &id).await?.ok_or_else(gone)?;
    }
    Ok(Json(seek.view(reader.as_ref().map(|r| r.id.as_str()))))
}

async fn accept(
    State(hub): State<Arc<Hub>>,
    Extension(limiter): Extension<Arc<ClientLimiter>>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<SeatReply>), ApiError> {
    let taker = require_account(&hub, &headers, "accept a seek").await?;
    limiter.create_game(client_of(connection, &headers, &limiter.limits))?;
    let seek = seeks::get(&hub.store, &id)
        .await?
        .filter(|s| s.open(now_ms()))
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::GONE,
                "this seek is gone: another player took it up, or its poster left",
            )
        })?;
    if seek.poster.id == taker.id {
        return Err(ApiError::conflict(
            "this is your own seek: another player must take it up",
        ));
    }
    let poster_color = seeks::poster_color(seek.color, ColorChoice::Random)
        .expect("a taker without a wish meets every colour");
    let seat = start(&hub, &seek, poster_color, &taker).await?;
    Ok((StatusCode::CREATED, Json(seat)))
}

async fn cancel(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let poster = require_account(&hub, &headers, "withdraw a seek").await?;
    let seek = seeks::get(&hub.store, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("no such seek"))?;
    if seek.poster.id != poster.id {
        return Err(ApiError::forbidden("only its poster may withdraw a seek"));
    }
    if let Some(game) = &seek.game {
        return Err(ApiError::conflict(format!(
            "this seek was taken up already: the game is {game}"
        )));
    }
    seeks::withdraw(&hub.store, &id, &poster.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Takes up the oldest matching seek of another player, else posts this one.
async fn quick(
    State(hub): State<Arc<Hub>>,
    Extension(limiter): Extension<Arc<ClientLimiter>>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<SeekRequest>,
) -> Result<Response, ApiError> {
    let player = require_account(&hub, &headers, "use quick pairing").await?;
    let mine = StoredSeek::check(req, &player, now_ms())?;
    for other in seeks::matches_for(&hub.store, &mine, now_ms()).await? {
        let Some(poster_color) = seeks::poster_color(other.color, mine.color) else {
            continue;
        };
        limiter.create_game(client_of(connection, &headers, &limiter.limits))?;
        match start(&hub, &other, poster_color, &player).await {
            Ok(seat) => {
                let reply = QuickPairing {
                    game: Some(seat),
                    seek: None,
                };
                return Ok((StatusCode::OK, Json(reply)).into_response());
            }
            // another player took it up first: try the next
            Err(e) if e.status == StatusCode::GONE => continue,
            Err(e) => return Err(e),
        }
    }
    seeks::insert(&hub.store, &mine).await?;
    let reply = QuickPairing {
        game: None,
        seek: Some(mine.view(Some(&player.id))),
    };
    Ok((StatusCode::CREATED, Json(reply)).into_response())
}

async fn require_account(hub: &Hub, headers: &HeaderMap, to: &str) -> Result<Account, ApiError> {
    sessions::account_for_change(&hub.store, headers)
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, format!("log in to {to}")))
}

/// Takes the seek up for `taker` and starts its game between the two accounts; the
/// taker's seat. The poster's page learns the game from the seek and asks for its seat
/// (`POST /api/games/ID/seat`).
async fn start(
    hub: &Arc<Hub>,
    seek: &StoredSeek,
    poster_color: Color,
    taker: &Account,
) -> Result<SeatReply, ApiError> {
    let now = now_ms();
    let game_id = seats::new_game_id();
    if !seeks::claim(&hub.store, &seek.id, &game_id, now).await? {
        return Err(ApiError::new(
            StatusCode::GONE,
            "another player took this seek up first",
        ));
    }
    let new_game = NewGame::from_request(seek.creation_request(poster_color), false)?;
    let seating = new_game.seating();
    let mut row = new_game.row(&seating);
    row.id = game_id.clone();
    let live = LiveGame::create(row, now).map_err(ApiError::bad_request)?;
    ratings::bind_creator(&hub.store, &game_id, poster_color, &seek.poster, seek.rated).await?;
    hub.create(live).await?;
    let (invite, _) = seating
        .invite
        .ok_or_else(|| ApiError::internal("a seek's game has no open seat"))?;
    let (seat, token, _) = hub.join(&game_id, &invite, None, Some(&taker.id)).await?;
    Ok(SeatReply {
        game: game_id,
        seat: seat.into(),
        token,
    })
}
