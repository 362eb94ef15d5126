//! The games the server holds in memory, one lock each: a change is made on a copy,
//! committed to the store, then kept and announced to the game's sockets. Also starts
//! the engine when it is on move and ends games whose flag has fallen.

use crate::clock::now_ms;
use crate::contract::{Game, Player, Status};
use crate::engine_pool::{self, EnginePool};
use crate::error::{ApiError, GameError};
use crate::game_view;
use crate::live_game::{Change, LiveGame};
use crate::seats::Seat;
use crate::store::Store;
use rules::{Owed, uci_move};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Mutex as AsyncMutex, broadcast};

/// How long a finished game stays in memory after its last change with no socket open.
const IDLE_MS: i64 = 10 * 60 * 1000;

pub struct GameSlot {
    pub live: AsyncMutex<LiveGame>,
    /// Sends the ply after every committed change.
    pub changes: broadcast::Sender<i64>,
    /// The ply and position key the engine is thinking at, so one search runs per
    /// position.
    engine_at: Mutex<Option<(i64, u64)>>,
}

pub struct Hub {
    pub store: Store,
    games: Mutex<HashMap<String, Arc<GameSlot>>>,
    engine: EnginePool,
}

impl Hub {
    pub fn new(store: Store, engine: EnginePool) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            games: Mutex::new(HashMap::new()),
            engine,
        })
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<GameSlot>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn insert(&self, live: LiveGame) -> Arc<GameSlot> {
        let id = live.row.id.clone();
        let slot = Arc::new(GameSlot {
            live: AsyncMutex::new(live),
            changes: broadcast::channel(64).0,
            engine_at: Mutex::new(None),
        });
        self.games().entry(id).or_insert(slot).clone()
    }

    /// Stores a new game and holds it.
    pub async fn create(self: &Arc<Self>, live: LiveGame) -> Result<Arc<GameSlot>, ApiError> {
        self.store.insert_game(&live.row).await?;
        let slot = self.insert(live);
        self.after_change(&slot).await;
        Ok(slot)
    }

    /// The game `id`, loaded from the store if it is not held yet.
    pub async fn slot(&self, id: &str) -> Result<Arc<GameSlot>, ApiError> {
        if let Some(slot) = self.games().get(id) {
            return Ok(slot.clone());
        }
        let not_found = || ApiError::not_found(format!("no game with id '{id}'"));
        if id.is_empty() || id.len() > 64 {
            return Err(not_found());
        }
        let row = self.store.game(id).await?.ok_or_else(not_found)?;
        let turns = self.store.turns(id).await?;
        let live = LiveGame::load(row, &turns, now_ms()).map_err(ApiError::internal)?;
        Ok(self.insert(live))
    }

    /// Replays every unfinished game from the store and starts the engines on move.
    pub async fn reload_unfinished(self: &Arc<Self>) -> Result<usize, ApiError> {
        let ids = self.store.unfinished().await?;
        let mut loaded = 0;
        for id in ids {
            match self.slot(&id).await {
                Ok(slot) => {
                    loaded += 1;
                    self.after_change(&slot).await;
                }
                Err(e) => tracing::error!("game {id} not reloaded: {}", e.message),
            }
        }
        Ok(loaded)
    }

    /// Makes a change to game `id` as `seat`, commits it, and returns the new state as
    /// that seat sees it. A flag that has fallen is committed first.
    pub async fn change<F>(
        self: &Arc<Self>,
        id: &str,
        seat: Option<Seat>,
        f: F,
    ) -> Result<Game, ApiError>
    where
        F: FnOnce(&mut LiveGame, i64) -> Result<Change, GameError>,
    {
        let slot = self.slot(id).await?;
        let outcome = {
            let mut live = slot.live.lock().await;
            let now = now_ms();
            let mut flagged = live.clone();
            if flagged.check_flag(now) {
                self.commit(&slot, &mut live, flagged, Change::Header)
                    .await?;
            }
            let mut next = live.clone();
            match f(&mut next, now) {
                Ok(change) => {
                    self.commit(&slot, &mut live, next, change).await?;
                    Ok(game_view::render(&live, seat, now))
                }
                Err(e) => Err(e.into()),
            }
        };
        self.after_change(&slot).await;
        outcome
    }

    /// Stores `change`, then keeps `next` and tells the sockets.
    async fn commit(
        &self,
        slot: &GameSlot,
        live: &mut LiveGame,
        next: LiveGame,
        change: Change,
    ) -> Result<(), ApiError> {
        let id = &next.row.id;
        let header = next.header();
        match &change {
            Change::Turns(rows) => self.store.commit_turns(id, rows, &header).await?,
            Change::TakeBack(keep) => self.store.take_back(id, *keep, &header).await?,
            Change::Header => self.store.update(id, &header).await?,
        }
        *live = next;
        let _ = slot.changes.send(live.ply());
        Ok(())
    }

    /// Takes up an invitation, mixing the guest's entropy into the dice if they sent some;
    /// returns the seat's colour, its token and the state.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        invite: &str,
        entropy: Option<&str>,
    ) -> Result<(rules::Color, String, Game), ApiError> {
        let slot = self.slot(id).await?;
        let result = {
            let mut live = slot.live.lock().await;
            let color = live.row.invite_seat.ok_or_else(|| {
                ApiError::bad_request("this game has no invitation (it is not a friend game)")
            })?;
            match live.row.invite_token.as_deref() {
                None => return Err(ApiError::conflict("the invitation was already taken up")),
                Some(open) if !crate::seats::same_token(open, invite) => {
                    return Err(ApiError::forbidden(
                        "this is not the game's invitation token",
                    ));
                }
                Some(_) => {}
            }
            let now = now_ms();
            let token = crate::seats::new_token();
            let mut next = live.clone();
            if let Some(entropy) = entropy {
                next = crate::game_seed::with_entropy(&next, color, entropy, now)?;
            }
            next.join(color, &token, now)?;
            if !self
                .store
                .join(id, invite, color, &token, &next.row.seed, &next.header())
                .await?
            {
                return Err(ApiError::conflict("the invitation was already taken up"));
            }
            *live = next;
            let _ = slot.changes.send(live.ply());
            (
                color,
                token,
                game_view::render(&live, Some(Seat::One(color)), now),
            )
        };
        self.after_change(&slot).await;
        Ok(result)
    }

    /// Starts the engine if it is on move.
    async fn after_change(self: &Arc<Self>, slot: &Arc<GameSlot>) {
        let live = slot.live.lock().await;
        let Owed::Move(color) = live.game.owed() else {
            return;
        };
        if live.row.status != Status::Playing || live.player(color) != Player::Engine {
            return;
        }
        let ply = live.ply();
        let key = live.game.position().key();
        {
            let mut at = slot.engine_at.lock().unwrap_or_else(|e| e.into_inner());
            if *at == Some((ply, key)) {
                return;
            }
            *at = Some((ply, key));
        }
        let now = now_ms();
        let clock = live
            .clock
            .as_ref()
            .map(|c| (c.reading(now)[color.index()], c.increment_ms));
        let limits = engine_pool::limits(live.row.engine_level, clock);
        let pos = live.game.position().clone();
        let history = live.game.history_keys();
        let id = live.row.id.clone();
        drop(live);
        tokio::spawn(engine_move(
            self.clone(),
            slot.clone(),
            EngineJob {
                id,
                color,
                ply,
                key,
                pos,
                history,
                limits,
            },
        ));
    }

    /// Ends, every `period`, the games whose running clock has reached zero, and lets go
    /// of finished games nobody has watched for a while (the store keeps them).
    pub fn watch_flags(self: &Arc<Self>, period: Duration) -> tokio::task::JoinHandle<()> {
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(period);
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let slots: Vec<Arc<GameSlot>> = hub.games().values().cloned().collect();
                let mut idle = Vec::new();
                for slot in slots {
                    let Ok(mut live) = slot.live.try_lock() else {
                        continue;
                    };
                    let now = now_ms();
                    if live.is_over()
                        && slot.changes.receiver_count() == 0
                        && now - live.row.updated_at > IDLE_MS
                    {
                        idle.push(live.row.id.clone());
                    }
                    if live.clock.as_ref().and_then(|c| c.flagged(now)).is_none() {
                        continue;
                    }
                    let mut next = live.clone();
                    if next.check_flag(now)
                        && let Err(e) = hub.commit(&slot, &mut live, next, Change::Header).await
                    {
                        tracing::error!("game {}: flag not stored: {}", live.row.id, e.message);
                    }
                }
                let mut games = hub.games();
                for id in idle {
                    games.remove(&id);
                }
            }
        })
    }
}

struct EngineJob {
    id: String,
    color: rules::Color,
    ply: i64,
    key: u64,
    pos: rules::Position,
    history: Vec<u64>,
    limits: engine::Limits,
}

/// The engine's search and move. Boxed as a `Send` future: it calls `Hub::change`, which
/// may start it again.
fn engine_move(
    hub: Arc<Hub>,
    slot: Arc<GameSlot>,
    job: EngineJob,
) -> Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(async move {
        let EngineJob {
            id,
            color,
            ply,
            key,
            pos,
            history,
            limits,
        } = job;
        let best = hub.engine.think(pos.clone(), history, limits).await;
        {
            let mut at = slot.engine_at.lock().unwrap_or_else(|e| e.into_inner());
            if *at == Some((ply, key)) {
                *at = None;
            }
        }
        let Some(m) = best else {
            return;
        };
        let text = uci_move::write(&pos, m);
        let played = hub
            .change(&id, None, |g, now| {
                if g.game.position().key() != key {
                    return Err(GameError::stale(
                        "the position changed while the engine thought",
                    ));
                }
                g.play(Seat::One(color), &text, Some(ply), now)
                    .map(Change::Turns)
            })
            .await;
        if let Err(e) = played
            && e.status != axum::http::StatusCode::CONFLICT
        {
            tracing::warn!(
                "game {id}: the engine's move {text} was refused: {}",
                e.message
            );
        }
    })
}
