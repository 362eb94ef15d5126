//! `GET /api/games/ID/ws`: the game's state on connect, then one update per committed
//! change (its version one above the last), the state again after a socket fell behind
//! or when the client asks for it; turns and actions sent on the socket act as the POSTs
//! do.

use crate::body::BODY_LIMIT;
use crate::chat;
use crate::clock::now_ms;
use crate::commands::{play_turn, take_action};
use crate::contract::{ActionRequest, ServerMessage, TurnRequest};
use crate::error::ApiError;
use crate::game_view;
use crate::hub::Hub;
use crate::limits::{ClientLimiter, client_of};
use crate::seats::{Seat, request_token, seat_of};
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

const READ_BUFFER: usize = 4 * 1024;

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
    hub.learn_token(&slot, token.as_deref()).await;
    if token.is_some() && seat_of(&slot.live.lock().await.row, token.as_deref()).is_none() {
        return Err(ApiError::forbidden("this token holds no seat in this game"));
    }
    let permit = limiter.open_socket(client_of(connection, &headers, &limiter.limits), &id)?;
    Ok(ws
        .max_message_size(BODY_LIMIT)
        // The default 128 KiB is zeroed before every read of a frame: a game's messages
        // are far smaller, and the zeroing was a tenth of the server's time under load.
        .read_buffer_size(READ_BUFFER)
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

/// Sends the whole game as `token`'s seat sees it; returns the version sent and the seat.
async fn send_state(
    hub: &Arc<Hub>,
    id: &str,
    token: Option<&str>,
    socket: &mut WebSocket,
) -> Option<(i64, Option<Seat>)> {
    let slot = hub.slot(id).await.ok()?;
    let (text, version, seat) = {
        let live = slot.live.lock().await;
        let seat = seat_of(&live.row, token);
        let game = game_view::render(&live, seat, now_ms());
        let version = game.version;
        let text = to_text(&ServerMessage::State {
            game: Box::new(game),
        });
        (text, version, seat)
    };
    socket.send(Message::Text(text.into())).await.ok()?;
    Some((version, seat))
}

fn to_text(m: &ServerMessage) -> String {
    serde_json::to_string(m)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","status":500,"error":"{e}"}}"#))
}

/// What a client's message asks of the socket.
enum Asked {
    Nothing,
    State,
}

async fn handle(
    hub: &Arc<Hub>,
    id: &str,
    socket_token: Option<&str>,
    text: &str,
) -> Result<Asked, ApiError> {
    let msg: ClientMessage = serde_json::from_str(text)
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    let token = msg.token.or_else(|| socket_token.map(str::to_string));
    let nothing = |_: &_, _, _| Asked::Nothing;
    match msg.kind.as_str() {
        "turn" | "roll" => {
            let req = TurnRequest {
                token: None,
                turn: msg.turn,
                roll: msg.roll,
                ply: msg.ply,
            };
            play_turn(hub, id, token, req, nothing).await
        }
        "action" => {
            let req = ActionRequest {
                token: None,
                action: msg.action,
                seat: msg.seat,
            };
            take_action(hub, id, token, req, nothing).await
        }
        "state" => Ok(Asked::State),
        other => Err(ApiError::bad_request(format!(
            "unknown message type '{other}' (turn, roll, action or state)"
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
    // Subscribed before the state is read: no change falls between the two.
    let mut changes = slot.changes.subscribe();
    let mut chat = slot.chat.subscribe();
    drop(slot);
    let Some((mut version, mut seat)) = send_state(&hub, &id, token.as_deref(), &mut socket).await
    else {
        return;
    };
    let _watching = seat.is_none().then(|| hub.spectators.watch(&id));
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                match handle(&hub, &id, token.as_deref(), &text).await {
                    Ok(Asked::Nothing) => {}
                    Ok(Asked::State) => {
                        let Some(sent) = send_state(&hub, &id, token.as_deref(), &mut socket).await
                        else {
                            return;
                        };
                        (version, seat) = sent;
                    }
                    Err(e) => {
                        let text = to_text(&error_message(&e));
                        if socket.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                    }
                }
            }
            change = changes.recv() => {
                match change {
                    Ok(a) if a.version <= version => {}
                    Ok(a) if a.version == version + 1 => {
                        if socket.send(Message::Text(a.text(seat))).await.is_err() {
                            return;
                        }
                        version = a.version;
                    }
                    // A gap: the socket fell behind, the whole state follows.
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        let Some(sent) = send_state(&hub, &id, token.as_deref(), &mut socket).await
                        else {
                            return;
                        };
                        (version, seat) = sent;
                    }
                    Err(RecvError::Closed) => return,
                }
            }
            line = chat.recv() => {
                match line {
                    Ok(line) if chat::may_read(line.room, seat) => {
                        let text = to_text(&ServerMessage::Chat { line: (*line).clone() });
                        if socket.send(Message::Text(text.into())).await.is_err() {
                            return;
                        }
                    }
                    // Lines a socket fell behind on are in GET /chat; the page reads it again
                    // when it connects.
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return,
                }
            }
        }
    }
}
