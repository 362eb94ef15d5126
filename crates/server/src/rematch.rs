//! `POST /api/games/ID/rematch`: after a game, a player offers a rematch and the other
//! accepts by asking too; against the engine, or at one screen, it starts at once. The
//! rematch is the same game with the colours swapped: variant, rules, clock, dice, engine
//! level, the accounts seated and whether it is rated; only the seed is new.
//!
//! The old game's header records the offer and then the new game's id (`next_game`), so
//! both players' pages see it through their sockets, and each asks again for its own seat
//! token. The id is committed before the game is stored: if the server stops in between,
//! the next ask stores it.

use crate::body::Body;
use crate::clock::now_ms;
use crate::contract::{Player, RematchReply, Status};
use crate::error::{ApiError, GameError};
use crate::game_seed::GameSeed;
use crate::hub::{GameSlot, Hub};
use crate::live_game::{Change, LiveGame};
use crate::ratings;
use crate::seats::{self, Seat, color_name, request_token, require_seat};
use crate::store::GameRow;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use rules::Color;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Deserialize)]
pub struct RematchRequest {
    pub token: Option<String>,
}

/// What asking for a rematch did to the old game.
enum Asked {
    /// The offer waits for the other player.
    Offered,
    /// The rematch starts as game `id`.
    Started(String),
}

/// The asker's side: a player's seat, or at one screen White's (both seats swap anyway).
fn asker(seat: Seat) -> Color {
    match seat {
        Seat::One(c) => c,
        Seat::Both => Color::White,
    }
}

/// Offers or accepts a rematch of the game over in `live`.
fn ask(live: &mut LiveGame, seat: Seat, now: i64) -> Result<Asked, GameError> {
    if live.row.status != Status::Over {
        return Err(GameError::invalid(
            "a rematch is offered once the game is over",
        ));
    }
    if live.row.next_game.is_some() {
        return Err(GameError::stale("the rematch has just started: ask again"));
    }
    let me = asker(seat);
    let at_once = seat == Seat::Both || live.player(!me) == Player::Engine;
    if !at_once && live.row.rematch_offer != Some(!me) {
        if live.row.rematch_offer == Some(me) {
            return Err(GameError::invalid(format!(
                "{} has offered a rematch already: it waits for {}",
                color_name(me),
                color_name(!me)
            )));
        }
        live.row.rematch_offer = Some(me);
        live.row.updated_at = now;
        return Ok(Asked::Offered);
    }
    let id = seats::new_game_id();
    live.row.rematch_offer = None;
    live.row.next_game = Some(id.clone());
    live.row.updated_at = now;
    Ok(Asked::Started(id))
}

/// The rematch of `old` as game `id`: colours swapped, fresh tokens and seed.
fn rematch_row(old: &GameRow, id: String, now: i64) -> GameRow {
    let token = |held: &Option<String>| held.as_ref().map(|_| seats::new_token());
    let (white_token, black_token) = if old.white_token == old.black_token {
        let both = token(&old.white_token);
        (both.clone(), both)
    } else {
        (token(&old.black_token), token(&old.white_token))
    };
    GameRow {
        id,
        variant: old.variant,
        rules: old.rules.clone(),
        white_player: old.black_player,
        black_player: old.white_player,
        white_token,
        black_token,
        invite_token: None,
        invite_seat: None,
        engine_level: old.engine_level,
        initial_ms: old.initial_ms,
        increment_ms: old.increment_ms,
        white_ms: None,
        black_ms: None,
        dice: old.dice,
        seed: GameSeed::draw(),
        status: Status::Playing,
        result: "*".to_string(),
        reason: None,
        draw_offer: None,
        takeback_offer: None,
        rematch_offer: None,
        next_game: None,
        days_per_move: old.days_per_move,
        deadline: None,
        on_move: None,
        created_at: now,
        updated_at: now,
        version: 0,
    }
}

/// Stores the rematch of `old` as game `id`, the accounts seated with their colours
/// swapped.
async fn store_rematch(hub: &Arc<Hub>, old: &GameRow, id: &str) -> Result<Arc<GameSlot>, ApiError> {
    let now = now_ms();
    let live = LiveGame::create(rematch_row(old, id.to_string(), now), now)
        .map_err(ApiError::bad_request)?;
    let seated = ratings::game_accounts(&hub.store, &old.id).await?;
    ratings::bind_rematch(&hub.store, id, &seated).await?;
    hub.create(live).await
}

/// The rematch `id` of `old`, stored now if the server stopped before it was.
async fn rematch_slot(hub: &Arc<Hub>, old: &GameRow, id: &str) -> Result<Arc<GameSlot>, ApiError> {
    match hub.slot(id).await {
        Ok(slot) => Ok(slot),
        Err(e) if e.status == StatusCode::NOT_FOUND => match store_rematch(hub, old, id).await {
            Ok(slot) => Ok(slot),
            // Another request stored it meanwhile.
            Err(_) => hub.slot(id).await,
        },
        Err(e) => Err(e),
    }
}

pub async fn post_rematch(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<RematchRequest>,
) -> Result<Json<RematchReply>, ApiError> {
    let token = request_token(&headers, req.token.as_deref(), &HashMap::new());
    let slot = hub.slot(&id).await?;
    hub.learn_token(&slot, token.as_deref()).await;
    let (seat, mut next) = {
        let live = slot.live.lock().await;
        (
            require_seat(&live.row, token.as_deref())?,
            live.row.next_game.clone(),
        )
    };
    if next.is_none() {
        let mut asked = None;
        hub.change(
            &id,
            |live, now| {
                asked = Some(ask(live, seat, now)?);
                Ok(Change::Header)
            },
            |_, _| (),
        )
        .await?;
        match asked.expect("asked when the change was made") {
            Asked::Offered => {
                return Ok(Json(RematchReply {
                    next_game: None,
                    token: None,
                }));
            }
            Asked::Started(started) => next = Some(started),
        }
    }
    let next = next.expect("set above");
    let old = slot.live.lock().await.row.clone();
    let new_slot = rematch_slot(&hub, &old, &next).await?;
    let new_row = new_slot.live.lock().await.row.clone();
    // The colours swap: the asker's new seat is the other colour.
    let token = match seat {
        Seat::Both => new_row.white_token,
        Seat::One(c) => match !c {
            Color::White => new_row.white_token,
            Color::Black => new_row.black_token,
        },
    };
    Ok(Json(RematchReply {
        next_game: Some(next),
        token,
    }))
}
