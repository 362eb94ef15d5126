//! `GET /api/games/ID/ws`: the game's state pushed on connect and after every change;
//! turns and actions sent on the socket act as the POSTs do.

use crate::body::BODY_LIMIT;
use crate::clock::now_ms;
use crate::commands::{play_turn, take_action};
use crate::contract::{ActionRequest, ServerMessage, TurnRequest};
use crate::error::ApiError;
use crate::game_view;
use crate::hub::Hub;
use crate::limits::{ClientLimiter, client_of};
use crate::seats::{request_token, seat_of};
use axum::Extension;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Extension(limiter): Extension<Arc<ClientLimiter>>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = hub.slot(&id).await?;
    let token = request_token(&headers, None, &query);
    if token.is_some() && seat_of(&slot.live.lock().await.row, token.as_deref()).is_none() {
        return Err(ApiError::forbidden("this token holds no seat in this game"));
    }
    let permit = limiter.open_socket(client_of(connection, &headers, &limiter.limits), &id)?;
    Ok(ws
        .max_message_size(BODY_LIMIT)
        .on_upgrade(move |socket| async move {
            serve(hub, id, token, socket).await;
            drop(permit);
        }))
}

#[derive(Deserialize)]
struct ClientMessage {
    #[serde(rename = "type")]
    kind: String,
    token: Option<String>,
    turn: Option<String>,
    roll: Option<String>,
    ply: Option<i64>,
    action: Option<String>,
    seat: Option<String>,
}

async fn state(hub: &Arc<Hub>, id: &str, token: Option<&str>) -> Result<ServerMessage, ApiError> {
    let slot = hub.slot(id).await?;
    let live = slot.live.lock().await;
    let seat = seat_of(&live.row, token);
    Ok(ServerMessage::State {
        game: Box::new(game_view::render(&live, seat, now_ms())),
    })
}

async fn handle(
    hub: &Arc<Hub>,
    id: &str,
    socket_token: Option<&str>,
    text: &str,
) -> Result<(), ApiError> {
    let msg: ClientMessage = serde_json::from_str(text)
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    let token = msg.token.or_else(|| socket_token.map(str::to_string));
    match msg.kind.as_str() {
        "turn" | "roll" => {
            let req = TurnRequest {
                token: None,
                turn: msg.turn,
                roll: msg.roll,
                ply: msg.ply,
            };
            play_turn(hub, id, token, req).await.map(|_| ())
        }
        "action" => {
            let req = ActionRequest {
                token: None,
                action: msg.action,
                seat: msg.seat,
            };
            take_action(hub, id, token, req).await.map(|_| ())
        }
        other => Err(ApiError::bad_request(format!(
            "unknown message type '{other}' (turn, roll or action)"
        ))),
    }
}

fn error_message(e: &ApiError) -> ServerMessage {
    ServerMessage::Error {
        status: e.status.as_u16(),
        error: e.message.clone(),
    }
}

async fn serve(hub: Arc<Hub>, id: String, token: Option<String>, mut socket: WebSocket) {
    let Ok(slot) = hub.slot(&id).await else {
        return;
    };
    let mut changes = slot.changes.subscribe();
    let send = |m: ServerMessage| {
        let text = serde_json::to_string(&m)
            .unwrap_or_else(|e| format!(r#"{{"type":"error","status":500,"error":"{e}"}}"#));
        Message::Text(text.into())
    };
    match state(&hub, &id, token.as_deref()).await {
        Ok(v) => {
            if socket.send(send(v)).await.is_err() {
                return;
            }
        }
        Err(_) => return,
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                if let Err(e) = handle(&hub, &id, token.as_deref(), &text).await
                    && socket.send(send(error_message(&e))).await.is_err()
                {
                    return;
                }
            }
            change = changes.recv() => {
                match change {
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return,
                }
                // Later changes already queued are covered by this state.
                while changes.try_recv().is_ok() {}
                match state(&hub, &id, token.as_deref()).await {
                    Ok(v) => {
                        if socket.send(send(v)).await.is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        }
    }
}
