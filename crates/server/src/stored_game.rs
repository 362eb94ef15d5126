//! A game read back from the store into memory: its header and turns from one snapshot,
//! replayed, with the running side's clock counting from the right moment.

use crate::clock::now_ms;
use crate::error::ApiError;
use crate::live_game::LiveGame;
use crate::store::Store;

/// Game `id` as stored; None when there is no such game.
///
/// Where other servers may hold the game (PostgreSQL), its running clock has run since
/// the game's last stored change, whichever server made it. A server alone (SQLite)
/// starts the running clock again now, so that its downtime counts against nobody
/// (docs/api.md, "Clocks across a restart").
pub async fn load(store: &Store, id: &str) -> Result<Option<LiveGame>, ApiError> {
    let Some((row, turns)) = store.game_and_turns(id).await? else {
        return Ok(None);
    };
    let now = now_ms();
    let clock_from = match store.shared_url() {
        Some(_) => row.updated_at.min(now),
        None => now,
    };
    LiveGame::load(row, &turns, clock_from)
        .map(Some)
        .map_err(ApiError::internal)
}

/// The stored game when it is at another version than `held` (another server changed
/// it), with how many of `held`'s turns it still has in common.
pub async fn newer(store: &Store, held: &LiveGame) -> Result<Option<(LiveGame, usize)>, ApiError> {
    if store.version(&held.row.id).await? == Some(held.row.version) {
        return Ok(None);
    }
    let Some(fresh) = load(store, &held.row.id).await? else {
        return Ok(None);
    };
    let common = held
        .game()
        .turns()
        .iter()
        .zip(fresh.game().turns())
        .take_while(|(a, b)| a == b)
        .count();
    Ok(Some((fresh, common)))
}
