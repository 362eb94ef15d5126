//! The HTTP routes of docs/api.md and their request bodies. Every error is a JSON
//! `{"error": "..."}` with a 4xx status; bad input never reaches the store.

use crate::clock::now_ms;
use crate::engine_pool::{MAX_LEVEL, MIN_LEVEL};
use crate::error::ApiError;
use crate::game_view;
use crate::hub::Hub;
use crate::live_game::{Action, Change, LiveGame};
use crate::seats::{self, Seat, color_name, new_token, parse_color, require_seat, seat_of};
use crate::store::GameRow;
use crate::{lobby, pgn_export, variants, ws};
use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rules::{Color, RuleOptions, VariantId};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;

/// The largest request body (docs/api.md): larger ones are a 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A JSON body whose every rejection is one of our errors.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|r| {
            if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    r.status(),
                    format!("the body is over {} KiB", BODY_LIMIT / 1024),
                )
            } else {
                ApiError::new(
                    r.status(),
                    format!("cannot read the body: {}", r.body_text()),
                )
            }
        })?;
        serde_json::from_slice(&bytes)
            .map(Body)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
    }
}

pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/variants", get(list_variants))
        .route("/api/games", post(create_game).get(list_games))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/turn", post(post_turn))
        .route("/api/games/{id}/action", post(post_action))
        .route("/api/games/{id}/join", post(post_join))
        .route("/api/games/{id}/pgn", get(get_pgn))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api", get(unknown_route).post(unknown_route))
        .route("/api/{*rest}", get(unknown_route).post(unknown_route))
}

async fn unknown_route() -> ApiError {
    ApiError::not_found("no such API route (see docs/api.md)")
}

async fn list_variants() -> Json<Value> {
    Json(variants::list())
}

/// The token of a request: `Authorization: Bearer`, then the body's `token`, then
/// `?seat=`.
pub fn request_token(
    headers: &HeaderMap,
    body: Option<&str>,
    query: &HashMap<String, String>,
) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
        .or_else(|| body.map(str::to_string))
        .or_else(|| query.get("seat").cloned())
        .filter(|t| !t.is_empty())
}

#[derive(Deserialize)]
struct EngineOptions {
    level: Option<i64>,
}

#[derive(Deserialize)]
struct ClockOptions {
    initial_ms: i64,
    #[serde(default)]
    increment_ms: i64,
}

#[derive(Deserialize)]
struct CreateGame {
    variant: String,
    #[serde(default)]
    rules: HashMap<String, String>,
    opponent: Option<String>,
    color: Option<String>,
    engine: Option<EngineOptions>,
    clock: Option<ClockOptions>,
    dice: Option<String>,
    seed: Option<Value>,
}

fn parse_seed(seed: Option<Value>) -> Result<u64, ApiError> {
    match seed {
        None | Some(Value::Null) => Ok(rand::random()),
        Some(Value::Number(n)) => n.as_u64().ok_or_else(|| {
            ApiError::bad_request(format!("seed {n} is not a whole number 0..2^64"))
        }),
        Some(Value::String(s)) => s.parse().map_err(|_| {
            ApiError::bad_request(format!("seed '{s}' is not a whole number 0..2^64"))
        }),
        Some(other) => Err(ApiError::bad_request(format!(
            "seed {other} is not a number"
        ))),
    }
}

async fn create_game(
    State(hub): State<Arc<Hub>>,
    Body(req): Body<CreateGame>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let id: VariantId = req
        .variant
        .parse()
        .map_err(|e: rules::VariantError| ApiError::bad_request(e.to_string()))?;
    let mut settings: Vec<String> = req.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    settings.sort();
    let mut options = RuleOptions::default();
    for s in &settings {
        options
            .set(id, s)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
    }
    let opponent = req.opponent.as_deref().unwrap_or("engine");
    if !matches!(opponent, "engine" | "friend" | "local") {
        return Err(ApiError::bad_request(format!(
            "opponent '{opponent}' is not engine, friend or local"
        )));
    }
    let creator = match req.color.as_deref().unwrap_or("random") {
        "random" => {
            if rand::random::<bool>() {
                Color::White
            } else {
                Color::Black
            }
        }
        other => parse_color(other).ok_or_else(|| {
            ApiError::bad_request(format!("color '{other}' is not white, black or random"))
        })?,
    };
    let level = req.engine.and_then(|e| e.level).unwrap_or(3);
    if !(MIN_LEVEL..=MAX_LEVEL).contains(&level) {
        return Err(ApiError::bad_request(format!(
            "engine level {level} is not {MIN_LEVEL}..{MAX_LEVEL}"
        )));
    }
    if let Some(c) = &req.clock
        && (!(1_000..=86_400_000).contains(&c.initial_ms)
            || !(0..=600_000).contains(&c.increment_ms))
    {
        return Err(ApiError::bad_request(
            "clock: initial_ms must be 1000..86400000 and increment_ms 0..600000",
        ));
    }
    let dice = req.dice.as_deref().unwrap_or("server");
    if !matches!(dice, "server" | "physical") {
        return Err(ApiError::bad_request(format!(
            "dice '{dice}' is not server or physical"
        )));
    }
    let seed = parse_seed(req.seed)?;
    let token = new_token();
    let (mut white_token, mut black_token) = (None, None);
    let mut invite = None;
    let mut players = ["human", "human"];
    match (opponent, creator) {
        ("local", _) => {
            white_token = Some(token.clone());
            black_token = Some(token.clone());
        }
        (_, Color::White) => white_token = Some(token.clone()),
        (_, Color::Black) => black_token = Some(token.clone()),
    }
    match opponent {
        "engine" => players[(!creator).index()] = "engine",
        "friend" => invite = Some(new_token()),
        _ => {}
    }
    let now = now_ms();
    let row = GameRow {
        id: seats::new_game_id(),
        variant: id.name().to_string(),
        rules: settings.join(" "),
        white_player: players[0].to_string(),
        black_player: players[1].to_string(),
        white_token: white_token.clone(),
        black_token: black_token.clone(),
        invite_token: invite.clone(),
        invite_seat: invite.as_ref().map(|_| color_name(!creator).to_string()),
        engine_level: level,
        initial_ms: req.clock.as_ref().map(|c| c.initial_ms),
        increment_ms: req.clock.as_ref().map(|c| c.increment_ms),
        dice: dice.to_string(),
        seed: seed.to_string(),
        status: if opponent == "friend" {
            "waiting"
        } else {
            "playing"
        }
        .to_string(),
        result: "*".to_string(),
        reason: None,
        white_ms: None,
        black_ms: None,
        draw_offer: None,
        takeback_offer: None,
        created_at: now,
        updated_at: now,
    };
    let game_id = row.id.clone();
    let live = LiveGame::create(row, now).map_err(ApiError::bad_request)?;
    let seat = seat_of(&live.row, Some(&token));
    let slot = hub.create(live).await?;
    let game = game_view::render(&*slot.live.lock().await, seat, now_ms());
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": game_id,
            "seats": {"white": white_token, "black": black_token},
            "invite": invite,
            "game": game,
        })),
    ))
}

async fn get_game(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let slot = hub.slot(&id).await?;
    let live = slot.live.lock().await;
    let token = request_token(&headers, None, &query);
    let seat = match &token {
        Some(t) => Some(
            seat_of(&live.row, Some(t))
                .ok_or_else(|| ApiError::forbidden("this token holds no seat in this game"))?,
        ),
        None => None,
    };
    Ok(Json(game_view::render(&live, seat, now_ms())))
}

/// The body of `POST /turn` (and of a socket's `turn` and `roll` messages).
#[derive(Deserialize, Default)]
pub struct TurnRequest {
    pub token: Option<String>,
    pub turn: Option<String>,
    pub roll: Option<String>,
    pub ply: Option<i64>,
}

/// The body of `POST /action` (and of a socket's `action` message). `seat` picks the
/// colour a token holding both seats acts for.
#[derive(Deserialize, Default)]
pub struct ActionRequest {
    pub token: Option<String>,
    pub action: Option<String>,
    pub seat: Option<String>,
}

/// Plays a move or enters a roll; the state after it as the token's seat sees it.
pub async fn play_turn(
    hub: &Arc<Hub>,
    id: &str,
    token: Option<String>,
    req: TurnRequest,
) -> Result<Value, ApiError> {
    let slot = hub.slot(id).await?;
    let seat = require_seat(&slot.live.lock().await.row, token.as_deref())?;
    hub.change(id, Some(seat), |g, now| match (&req.turn, &req.roll) {
        (Some(turn), None) => g.play(seat, turn, req.ply, now).map(Change::Turns),
        (None, Some(roll)) => g.roll(roll, req.ply, now).map(Change::Turns),
        _ => Err(ApiError::bad_request(
            "send either \"turn\" (a move such as e2e4) or \"roll\" (the dice, such as \"7 4\")",
        )),
    })
    .await
}

pub async fn take_action(
    hub: &Arc<Hub>,
    id: &str,
    token: Option<String>,
    req: ActionRequest,
) -> Result<Value, ApiError> {
    let slot = hub.slot(id).await?;
    let seat: Seat = require_seat(&slot.live.lock().await.row, token.as_deref())?;
    let action = Action::parse(
        req.action
            .as_deref()
            .ok_or_else(|| ApiError::bad_request("the field \"action\" is missing"))?,
    )?;
    let chosen =
        match req.seat.as_deref() {
            None => None,
            Some(s) => Some(parse_color(s).ok_or_else(|| {
                ApiError::bad_request(format!("seat '{s}' is not white or black"))
            })?),
        };
    hub.change(id, Some(seat), |g, now| g.act(seat, chosen, action, now))
        .await
}

async fn post_turn(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<TurnRequest>,
) -> Result<Json<Value>, ApiError> {
    let token = request_token(&headers, req.token.as_deref(), &HashMap::new());
    play_turn(&hub, &id, token, req).await.map(Json)
}

async fn post_action(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<ActionRequest>,
) -> Result<Json<Value>, ApiError> {
    let token = request_token(&headers, req.token.as_deref(), &HashMap::new());
    take_action(&hub, &id, token, req).await.map(Json)
}

#[derive(Deserialize)]
struct JoinRequest {
    invite: Option<String>,
}

async fn post_join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Body(req): Body<JoinRequest>,
) -> Result<Json<Value>, ApiError> {
    let invite = req.invite.filter(|i| !i.is_empty()).ok_or_else(|| {
        ApiError::forbidden("the field \"invite\" (the invitation token) is missing")
    })?;
    let (seat, token, game) = hub.join(&id, &invite).await?;
    Ok(Json(
        json!({"seat": seat.name(), "token": token, "game": game}),
    ))
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
) -> Result<Json<Value>, ApiError> {
    lobby::list(
        &hub.store,
        query.get("status").map(String::as_str),
        query.get("limit").map(String::as_str),
    )
    .await
    .map(Json)
}
