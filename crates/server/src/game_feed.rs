//! Changes made through other servers sharing the PostgreSQL database: every committed
//! write to a game is announced on the store's channel (`store::CHANNEL`, `ID VERSION`);
//! each server LISTENs on it and brings the games it holds up to date, which pushes the
//! change to their sockets. New chat lines come the same way on `chat::CHAT_CHANNEL`.
//! SQLite has one server: no feed.
//!
//! A lost LISTEN connection is opened again (waiting longer after each failure); what was
//! announced meanwhile is not delivered, so every game held is then compared with the
//! store. Writes never depend on the feed: each one checks the stored version first
//! (`Hub::change`), so a missed announcement only delays a socket's update.

use crate::chat::{self, CHAT_CHANNEL};
use crate::hub::Hub;
use crate::store::CHANNEL;
use sqlx::postgres::PgListener;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::task::JoinHandle;

/// Starts listening for `hub`'s store when it is shared (PostgreSQL); the task ends when
/// the hub is dropped or the handle aborted.
pub async fn start(hub: &Arc<Hub>) -> Result<Option<JoinHandle<()>>, String> {
    let Some(url) = hub.store.shared_url() else {
        return Ok(None);
    };
    let listener = listen(url)
        .await
        .map_err(|e| format!("cannot LISTEN for other servers' changes: {e}"))?;
    tracing::info!("PostgreSQL: other servers' changes are heard on LISTEN {CHANNEL}");
    let url = url.to_string();
    Ok(Some(tokio::spawn(run(url, listener, Arc::downgrade(hub)))))
}

async fn listen(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen_all([CHANNEL, CHAT_CHANNEL]).await?;
    Ok(listener)
}

/// A notification's game and version.
fn parse(payload: &str) -> Option<(String, i64)> {
    let (id, version) = payload.split_once(' ')?;
    Some((id.to_string(), version.parse().ok()?))
}

async fn run(url: String, mut listener: PgListener, hub: Weak<Hub>) {
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => {
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                if notification.channel() == CHAT_CHANNEL {
                    tokio::spawn(hear_chat(hub, notification.payload().to_string()));
                    continue;
                }
                let Some((id, version)) = parse(notification.payload()) else {
                    tracing::warn!("unreadable notification '{}'", notification.payload());
                    continue;
                };
                // Each on its own task: a game busy with a write of its own holds up no
                // other game's update.
                tokio::spawn(async move {
                    if let Err(e) = hub.refresh(&id, Some(version)).await {
                        tracing::warn!("game {id} not brought up to date: {}", e.message);
                    }
                });
            }
            Ok(None) | Err(_) => {
                tracing::warn!("the LISTEN connection was lost: opening it again");
                let Some(again) = reconnect(&url, &hub).await else {
                    return;
                };
                listener = again;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                catch_up_all(&hub).await;
            }
        }
    }
}

/// Sends a line another server stored to this server's sockets of its game.
async fn hear_chat(hub: Arc<Hub>, payload: String) {
    let Some((id, room, seq)) = chat::parse_announcement(&payload) else {
        tracing::warn!("unreadable chat notification '{payload}'");
        return;
    };
    match chat::line(&hub.store, &id, room, seq).await {
        Ok(Some(line)) => hub.announce_chat(&id, line),
        Ok(None) => tracing::warn!("chat line {payload} announced but not found"),
        Err(e) => tracing::warn!("chat line {payload} not read: {}", e.message),
    }
}

/// A new LISTEN connection, tried until one opens; None when the hub is gone meanwhile.
async fn reconnect(url: &str, hub: &Weak<Hub>) -> Option<PgListener> {
    let mut wait = Duration::from_millis(100);
    loop {
        if hub.strong_count() == 0 {
            return None;
        }
        match listen(url).await {
            Ok(listener) => {
                tracing::info!("LISTEN connection open again");
                return Some(listener);
            }
            Err(e) => {
                tracing::warn!("LISTEN connection not opened ({e}): trying again in {wait:?}");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(5));
            }
        }
    }
}

/// Compares every game held with the store, after announcements may have been missed.
async fn catch_up_all(hub: &Arc<Hub>) {
    for id in hub.held_ids() {
        if let Err(e) = hub.refresh(&id, None).await {
            tracing::warn!("game {id} not brought up to date: {}", e.message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_payload_is_a_game_and_its_version() {
        assert_eq!(parse("abc123 17"), Some(("abc123".to_string(), 17)));
        assert_eq!(parse("abc123"), None);
        assert_eq!(parse("abc123 x"), None);
    }
}
