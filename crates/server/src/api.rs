//! The HTTP routes of docs/api.md. Every error is a JSON `{"error": "..."}` with a 4xx
//! status; bad input never reaches the store.

use crate::body::Body;
use crate::clock::now_ms;
use crate::commands::{play_turn, take_action};
use crate::contract::{
    ActionRequest, CreateReply, CreateRequest, Game, JoinReply, JoinRequest, LevelInfo, LobbyEntry,
    PerSide, TurnRequest, VariantInfo,
};
use crate::error::ApiError;
use crate::game_view;
use crate::hub::Hub;
use crate::limits::{ClientLimiter, client_of};
use crate::live_game::LiveGame;
use crate::new_game::{NewGame, TestMode};
use crate::seats::{Seat, request_token, seat_of};
use crate::{levels, lobby, pgn_export, ratings, sessions, variants};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

/// The routes of docs/api.md but the WebSocket's.
pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/variants", get(list_variants))
        .route("/api/levels", get(list_levels))
        .route("/api/games", post(create_game).get(list_games))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/turn", post(post_turn))
        .route("/api/games/{id}/action", post(post_action))
        .route("/api/games/{id}/join", post(post_join))
        .route(
            "/api/games/{id}/chat",
            get(crate::chat_api::get_chat).post(crate::chat_api::post_chat),
        )
        .route(
            "/api/games/{id}/rematch",
            post(crate::rematch::post_rematch),
        )
        .route("/api/games/{id}/pgn", get(get_pgn))
        .route("/api", get(unknown_route).post(unknown_route))
        .route("/api/{*rest}", get(unknown_route).post(unknown_route))
}

async fn unknown_route() -> ApiError {
    ApiError::not_found("no such API route (see docs/api.md)")
}

async fn list_variants() -> Json<Vec<VariantInfo>> {
    Json(variants::list())
}

async fn list_levels() -> Json<Vec<LevelInfo>> {
    Json(levels::list())
}

async fn create_game(
    State(hub): State<Arc<Hub>>,
    Extension(TestMode(test_mode)): Extension<TestMode>,
    Extension(limiter): Extension<Arc<ClientLimiter>>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<CreateRequest>,
) -> Result<(StatusCode, Json<CreateReply>), ApiError> {
    let rated = req.rated.unwrap_or(false);
    let new_game = NewGame::from_request(req, test_mode)?;
    let account = sessions::account_for_change(&hub.store, &headers).await?;
    ratings::check_rated(rated, account.as_ref(), &new_game)?;
    limiter.create_game(client_of(connection, &headers, &limiter.limits))?;
    let seating = new_game.seating();
    let row = new_game.row(&seating);
    let id = row.id.clone();
    let live = LiveGame::create(row, now_ms()).map_err(ApiError::bad_request)?;
    let seat = seat_of(&live.row, Some(&seating.token));
    if let Some(account) = &account {
        ratings::bind_creator(&hub.store, &id, new_game.creator, account, rated).await?;
    }
    let slot = hub.create(live).await?;
    let game = game_view::render(&*slot.live.lock().await, seat, now_ms());
    Ok((
        StatusCode::CREATED,
        Json(CreateReply {
            id,
            seats: PerSide {
                white: seating.white_token,
                black: seating.black_token,
            },
            invite: seating.invite.map(|(token, _)| token),
            game,
        }),
    ))
}

async fn get_game(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Game>, ApiError> {
    let slot = hub.slot(&id).await?;
    let token = request_token(&headers, None, &query);
    hub.learn_token(&slot, token.as_deref()).await;
    let live = slot.live.lock().await;
    let seat = match &token {
        Some(t) => Some(
            seat_of(&live.row, Some(t))
                .ok_or_else(|| ApiError::forbidden("this token holds no seat in this game"))?,
        ),
        None => None,
    };
    Ok(Json(game_view::render(&live, seat, now_ms())))
}

/// The reply to a turn or an action: the state as the seat sees it.
fn state_for(live: &LiveGame, seat: Seat, now: i64) -> Game {
    game_view::render(live, Some(seat), now)
}

async fn post_turn(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<TurnRequest>,
) -> Result<Json<Game>, ApiError> {
    let token = request_token(&headers, req.token.as_deref(), &HashMap::new());
    play_turn(&hub, &id, token, req, state_for).await.map(Json)
}

async fn post_action(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<ActionRequest>,
) -> Result<Json<Game>, ApiError> {
    let token = request_token(&headers, req.token.as_deref(), &HashMap::new());
    take_action(&hub, &id, token, req, state_for)
        .await
        .map(Json)
}

async fn post_join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<JoinRequest>,
) -> Result<Json<JoinReply>, ApiError> {
    let invite = req.invite.filter(|i| !i.is_empty()).ok_or_else(|| {
        ApiError::forbidden("the field \"invite\" (the invitation token) is missing")
    })?;
    let account = sessions::account_for_change(&hub.store, &headers).await?;
    let seated = ratings::game_accounts(&hub.store, &id).await?;
    ratings::check_guest(&seated, account.as_ref())?;
    let guest = account.as_ref().map(|a| a.id.as_str());
    let (seat, token, game) = hub
        .join(&id, &invite, req.entropy.as_deref(), guest)
        .await?;
    Ok(Json(JoinReply {
        seat: seat.into(),
        token,
        game,
    }))
}

async fn get_pgn(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let slot = hub.slot(&id).await?;
    let text = pgn_export::export(&*slot.live.lock().await);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"menagerie-{id}.pgn\""),
            ),
        ],
        text,
    )
        .into_response())
}

async fn list_games(
    State(hub): State<Arc<Hub>>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<Vec<LobbyEntry>>, ApiError> {
    let param = |key: &str| query.get(key).map(String::as_str);
    lobby::list(
        &hub.store,
        lobby::LobbyParams {
            status: param("status"),
            variant: param("variant"),
            limit: param("limit"),
            offset: param("offset"),
        },
        |id| hub.spectators.of(id),
    )
    .await
    .map(Json)
}
