//! Correspondence games (days per move, docs/api.md "Clocks"): a move may take days, so
//! the server does not hold such a game while nobody looks at it, and its time may run out
//! while no server holds it. Every minute, and at start, each server loads the games whose
//! deadline has passed; loading one lets its keeper record the loss on time
//! (`hub::keep`). Two servers may both find a game: the first result stored stands.

use crate::clock::now_ms;
use crate::error::ApiError;
use crate::hub::Hub;
use crate::store::{Store, StoreError};
use sqlx::Row;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::task::JoinHandle;

const SWEEP_EVERY: Duration = Duration::from_secs(60);
/// Games loaded per sweep at most; the next sweep takes the rest.
const SWEEP_LIMIT: i64 = 500;

/// The unfinished games whose side to move ran out of time by `now`.
pub async fn overdue(store: &Store, now: i64) -> Result<Vec<String>, ApiError> {
    let rows = sqlx::query(
        "SELECT id FROM games WHERE status = 'playing' AND deadline <= $1 \
         ORDER BY deadline LIMIT $2",
    )
    .bind(now)
    .bind(SWEEP_LIMIT)
    .fetch_all(store.read_pool())
    .await
    .map_err(StoreError::from)?;
    rows.iter()
        .map(|r| r.try_get("id"))
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::from(e).into())
}

/// Loads every overdue game; returns how many there were.
pub async fn sweep(hub: &Arc<Hub>) -> Result<usize, ApiError> {
    let ids = overdue(&hub.store, now_ms()).await?;
    for id in &ids {
        if let Err(e) = hub.slot(id).await {
            tracing::warn!("overdue game {id} not loaded: {}", e.message);
        }
    }
    Ok(ids.len())
}

/// Sweeps now and every minute until the hub is dropped.
pub fn start(hub: &Arc<Hub>) -> JoinHandle<()> {
    let hub: Weak<Hub> = Arc::downgrade(hub);
    tokio::spawn(async move {
        loop {
            let Some(strong) = hub.upgrade() else {
                return;
            };
            match sweep(&strong).await {
                Ok(0) => {}
                Ok(n) => tracing::info!("{n} correspondence games out of time loaded"),
                Err(e) => tracing::warn!("deadline sweep failed: {}", e.message),
            }
            drop(strong);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    })
}
