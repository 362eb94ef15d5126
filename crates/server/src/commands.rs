//! Turns and actions as a seat's commands, the same whether they come as a POST or on a
//! game's WebSocket. `view` says what the caller wants back of the game after the change
//! (a POST its state; a socket nothing, as the change's update reaches it anyway).

use crate::contract::{ActionRequest, TurnRequest};
use crate::error::{ApiError, GameError};
use crate::hub::Hub;
use crate::live_game::{Action, Change, LiveGame};
use crate::seats::{Seat, parse_color, require_seat};
use std::sync::Arc;

/// Plays a move or enters a roll; `view` of the game after it for the token's seat.
pub async fn play_turn<R>(
    hub: &Arc<Hub>,
    id: &str,
    token: Option<String>,
    req: TurnRequest,
    view: impl FnOnce(&LiveGame, Seat, i64) -> R,
) -> Result<R, ApiError> {
    let slot = hub.slot(id).await?;
    hub.learn_token(&slot, token.as_deref()).await;
    let seat = require_seat(&slot.live.lock().await.row, token.as_deref())?;
    // The ply a turn answers is required: without it a turn sent twice (a retry, a second
    // tab) would be played twice.
    let ply = req.ply.ok_or_else(|| {
        ApiError::bad_request(
            "the field \"ply\" is missing: send the number of turns already played",
        )
    })?;
    hub.change(
        id,
        |g, now| match (&req.turn, &req.roll) {
            (Some(turn), None) => g.play(seat, turn, Some(ply), now).map(Change::Turns),
            (None, Some(roll)) => g.roll(roll, Some(ply), now).map(Change::Turns),
            _ => Err(GameError::invalid(
                "send either \"turn\" (a move such as e2e4) or \"roll\" (the dice, such as \"7 4\")",
            )),
        },
        |g, now| view(g, seat, now),
    )
    .await
}

/// Resign, draws, takebacks and abort; `view` of the game after it for the token's seat.
pub async fn take_action<R>(
    hub: &Arc<Hub>,
    id: &str,
    token: Option<String>,
    req: ActionRequest,
    view: impl FnOnce(&LiveGame, Seat, i64) -> R,
) -> Result<R, ApiError> {
    let slot = hub.slot(id).await?;
    hub.learn_token(&slot, token.as_deref()).await;
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
    hub.change(
        id,
        |g, now| g.act(seat, chosen, action, now),
        |g, now| view(g, seat, now),
    )
    .await
}
