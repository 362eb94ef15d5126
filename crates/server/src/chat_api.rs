//! `GET` and `POST /api/games/ID/chat` (docs/api.md): who may read and write each room,
//! under which name, and how often.
//!
//! The players write in their room with their seat token, signed with their account's
//! name when they are logged in to the account seated there, else with their colour.
//! Spectators need an account to write in theirs, so a line always has someone to answer
//! for it; a player cannot write there.

use crate::body::Body;
use crate::chat::{self, NewLine};
use crate::clock::now_ms;
use crate::contract::{ChatLine, ChatRequest, ChatRoom};
use crate::error::ApiError;
use crate::hub::Hub;
use crate::ratings;
use crate::seats::{Seat, color_name, request_token, seat_of};
use crate::sessions;
use crate::token_buckets::TokenBuckets;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::{Extension, Json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Lines one author may send in a game at once, then per minute.
const BURST: f64 = 5.0;
const PER_MINUTE: f64 = 20.0;

/// How fast each author writes in each game.
pub struct ChatLimiter(Mutex<TokenBuckets<(String, String)>>);

impl ChatLimiter {
    pub fn new() -> Arc<ChatLimiter> {
        Arc::new(ChatLimiter(Mutex::new(TokenBuckets::new(
            BURST, PER_MINUTE,
        ))))
    }

    fn take(&self, game: &str, author: &str) -> Result<(), ApiError> {
        let mut buckets = self.0.lock().unwrap_or_else(|e| e.into_inner());
        buckets
            .try_take((game.to_string(), author.to_string()), Instant::now())
            .map_err(|seconds| {
                ApiError::too_many_requests("too many chat lines: wait a moment", seconds)
            })
    }
}

fn room_of(query: &HashMap<String, String>) -> Result<ChatRoom, ApiError> {
    match query.get("room").map(String::as_str) {
        None | Some("players") => Ok(ChatRoom::Players),
        Some("spectators") => Ok(ChatRoom::Spectators),
        Some(other) => Err(ApiError::bad_request(format!(
            "unknown chat room '{other}' (players or spectators)"
        ))),
    }
}

pub async fn get_chat(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Json<Vec<ChatLine>>, ApiError> {
    let room = room_of(&query)?;
    let token = request_token(&headers, None, &query);
    let slot = hub.slot(&id).await?;
    hub.learn_token(&slot, token.as_deref()).await;
    let seat = seat_of(&slot.live.lock().await.row, token.as_deref());
    if !chat::may_read(room, seat) {
        return Err(ApiError::forbidden(
            "the players' chat is read with a seat token",
        ));
    }
    Ok(Json(chat::lines(&hub.store, &id, room).await?))
}

/// The name a line is signed with, and the account behind it.
struct Author {
    name: String,
    account: Option<String>,
}

/// A player's name: the account seated at the player's colour when the request is logged
/// in to it, else the colour.
async fn player_author(
    hub: &Hub,
    id: &str,
    seat: Seat,
    headers: &HeaderMap,
) -> Result<Author, ApiError> {
    let anonymous = Author {
        name: match seat {
            Seat::One(c) => color_name(c).to_string(),
            Seat::Both => "players".to_string(),
        },
        account: None,
    };
    let Some(account) = sessions::account_for_change(&hub.store, headers).await? else {
        return Ok(anonymous);
    };
    let seated = ratings::game_accounts(&hub.store, id).await?;
    let holds = |c| seat.holds(c) && seated.of(c) == Some(account.id.as_str());
    if holds(rules::Color::White) || holds(rules::Color::Black) {
        Ok(Author {
            name: account.name,
            account: Some(account.id),
        })
    } else {
        Ok(anonymous)
    }
}

/// A spectator's name: a logged-in account not seated in the game.
async fn spectator_author(hub: &Hub, id: &str, headers: &HeaderMap) -> Result<Author, ApiError> {
    let account = sessions::require_account(&hub.store, headers).await?;
    let seated = ratings::game_accounts(&hub.store, id).await?;
    if seated.white.as_deref() == Some(account.id.as_str())
        || seated.black.as_deref() == Some(account.id.as_str())
    {
        return Err(ApiError::forbidden(
            "you play this game: write in the players' chat",
        ));
    }
    Ok(Author {
        name: account.name,
        account: Some(account.id),
    })
}

pub async fn post_chat(
    State(hub): State<Arc<Hub>>,
    Extension(limiter): Extension<Arc<ChatLimiter>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<ChatRequest>,
) -> Result<Json<ChatLine>, ApiError> {
    let room = req.room.unwrap_or(ChatRoom::Players);
    let text = chat::clean(&req.text)?;
    let token = request_token(&headers, req.token.as_deref(), &HashMap::new());
    let slot = hub.slot(&id).await?;
    hub.learn_token(&slot, token.as_deref()).await;
    let seat = seat_of(&slot.live.lock().await.row, token.as_deref());
    drop(slot);
    let author = match room {
        ChatRoom::Players => {
            let seat = seat.ok_or_else(|| {
                ApiError::forbidden("the players' chat is written with a seat token")
            })?;
            player_author(&hub, &id, seat, &headers).await?
        }
        ChatRoom::Spectators if seat.is_some() => {
            return Err(ApiError::forbidden(
                "you play this game: write in the players' chat",
            ));
        }
        ChatRoom::Spectators => spectator_author(&hub, &id, &headers).await?,
    };
    let key = author
        .account
        .clone()
        .unwrap_or_else(|| author.name.clone());
    limiter.take(&id, &key)?;
    let line = chat::add(
        &hub.store,
        NewLine {
            game_id: &id,
            room,
            author: author.name,
            author_account: author.account,
            text,
            at: now_ms(),
        },
    )
    .await?;
    // On PostgreSQL every server, this one too, hears the line from the store's channel.
    if hub.store.shared_url().is_none() {
        hub.announce_chat(&id, line.clone());
    }
    Ok(Json(line))
}
