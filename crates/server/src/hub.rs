//! The games the server holds in memory, one lock each: a change is made on a copy,
//! committed to the store, then kept and announced to the game's sockets as one update.
//!
//! A game is loaded when first asked for and let go when nobody has asked for it for a
//! while, no socket watches it and no clock runs in it. Each game held has a keeper task
//! that sleeps until its running side's flag falls (or it may be let go), so no task
//! looks at every game. At start only the games where an engine is seated are loaded, to
//! resume the engine.

use crate::clock::now_ms;
use crate::contract::{ChatLine, Player, ServerMessage, Status};
use crate::engine_pool::{self, EnginePool};
use crate::error::{ApiError, GameError};
use crate::game_view;
use crate::live_game::{Change, LiveGame};
use crate::seats::Seat;
use crate::store::Store;
use axum::extract::ws::Utf8Bytes;
use rules::{Owed, uci_move};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::{Mutex as AsyncMutex, Notify, broadcast};

/// How long a game nobody asks for stays in memory (the store keeps it).
const IDLE_MS: i64 = 10 * 60 * 1000;

/// One committed change as the game's sockets receive it, serialized once: the update
/// with the legal turns for the sockets of the seat on move, and without for the others.
pub struct Announcement {
    pub version: i64,
    mover: Option<rules::Color>,
    for_mover: Option<Utf8Bytes>,
    for_others: Utf8Bytes,
}

impl Announcement {
    /// The text for a socket opened with `seat`.
    pub fn text(&self, seat: Option<Seat>) -> Utf8Bytes {
        match (self.mover, &self.for_mover) {
            (Some(c), Some(text)) if seat.is_some_and(|s| s.holds(c)) => text.clone(),
            _ => self.for_others.clone(),
        }
    }
}

pub struct GameSlot {
    pub live: AsyncMutex<LiveGame>,
    /// Announces every committed change.
    pub changes: broadcast::Sender<Arc<Announcement>>,
    /// Announces every new chat line, of both rooms (each socket keeps those it may read).
    pub chat: broadcast::Sender<Arc<ChatLine>>,
    /// The ply and position key the engine is thinking at, so one search runs per
    /// position.
    engine_at: Mutex<Option<(i64, u64)>>,
    /// Wakes the keeper after a change.
    wake: Notify,
    /// When the game was last asked for.
    touched: AtomicI64,
    /// Set when the game is let go (or the server stops): the keeper ends.
    dropped: AtomicBool,
}

pub struct Hub {
    pub store: Store,
    games: Mutex<HashMap<String, Arc<GameSlot>>>,
    engine: EnginePool,
    idle_ms: i64,
    pub spectators: Arc<crate::spectators::Spectators>,
}

fn to_text(message: &ServerMessage) -> Utf8Bytes {
    serde_json::to_string(message)
        .unwrap_or_else(|e| format!(r#"{{"type":"error","status":500,"error":"{e}"}}"#))
        .into()
}

impl Hub {
    pub fn new(store: Store, engine: EnginePool) -> Arc<Hub> {
        Hub::with_idle_time(store, engine, IDLE_MS)
    }

    /// A hub that lets a game go after `idle_ms` without anyone asking for it.
    pub fn with_idle_time(store: Store, engine: EnginePool, idle_ms: i64) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            games: Mutex::new(HashMap::new()),
            engine,
            idle_ms,
            spectators: Arc::default(),
        })
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<GameSlot>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The engine pool, for engine work besides the games' moves.
    pub fn engine(&self) -> &EnginePool {
        &self.engine
    }

    /// How many games are held in memory.
    pub fn held(&self) -> usize {
        self.games().len()
    }

    /// Holds `live` unless the game is held already; starts its keeper if it was not.
    fn insert(self: &Arc<Self>, live: LiveGame) -> Arc<GameSlot> {
        let id = live.row.id.clone();
        let mut games = self.games();
        if let Some(slot) = games.get(&id) {
            return slot.clone();
        }
        let slot = Arc::new(GameSlot {
            live: AsyncMutex::new(live),
            changes: broadcast::channel(64).0,
            chat: broadcast::channel(64).0,
            engine_at: Mutex::new(None),
            wake: Notify::new(),
            touched: AtomicI64::new(now_ms()),
            dropped: AtomicBool::new(false),
        });
        games.insert(id, slot.clone());
        tokio::spawn(keep(Arc::downgrade(self), slot.clone()));
        slot
    }

    /// Stores a new game and holds it.
    pub async fn create(self: &Arc<Self>, live: LiveGame) -> Result<Arc<GameSlot>, ApiError> {
        self.store.insert_game(&live.row).await?;
        let slot = self.insert(live);
        self.after_change(&slot).await;
        Ok(slot)
    }

    /// The game `id`, loaded from the store if it is not held.
    pub async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<GameSlot>, ApiError> {
        if let Some(slot) = self.games().get(id) {
            slot.touched.store(now_ms(), Ordering::Relaxed);
            return Ok(slot.clone());
        }
        let not_found = || ApiError::not_found(format!("no game with id '{id}'"));
        if id.is_empty() || id.len() > 64 {
            return Err(not_found());
        }
        let live = crate::stored_game::load(&self.store, id)
            .await?
            .ok_or_else(not_found)?;
        let slot = self.insert(live);
        self.after_change(&slot).await;
        Ok(slot)
    }

    /// Loads the games playing with an engine seated, which starts the engines on move.
    /// Returns how many.
    pub async fn resume_engine_games(self: &Arc<Self>) -> Result<usize, ApiError> {
        let ids = self.store.engine_games_playing().await?;
        let mut loaded = 0;
        for id in ids {
            match self.slot(&id).await {
                Ok(_) => loaded += 1,
                Err(e) => tracing::error!("game {id} not resumed: {}", e.message),
            }
        }
        Ok(loaded)
    }

    /// Makes a change to game `id`, commits it, and returns `view` of the game after it.
    /// A flag that has fallen is committed first.
    pub async fn change<F, V, R>(self: &Arc<Self>, id: &str, f: F, view: V) -> Result<R, ApiError>
    where
        F: FnOnce(&mut LiveGame, i64) -> Result<Change, GameError>,
        V: FnOnce(&LiveGame, i64) -> R,
    {
        let slot = self.slot(id).await?;
        let outcome = {
            let mut live = slot.live.lock().await;
            if self.store.shared_url().is_some() {
                // Another server may have changed the game since this copy was made.
                self.catch_up(&slot, &mut live).await?;
            }
            let now = now_ms();
            if live.clock.as_ref().and_then(|c| c.flagged(now)).is_some() {
                let mut flagged = live.clone();
                flagged.check_flag(now);
                self.commit(&slot, &mut live, flagged, Change::Header)
                    .await?;
            }
            let mut next = live.clone();
            match f(&mut next, now) {
                Ok(change) => {
                    self.commit(&slot, &mut live, next, change).await?;
                    Ok(view(&live, now))
                }
                Err(e) => Err(e.into()),
            }
        };
        self.after_change(&slot).await;
        outcome
    }

    /// Stores `change` as the game's next version, then keeps `next` and announces it.
    async fn commit(
        &self,
        slot: &GameSlot,
        live: &mut LiveGame,
        mut next: LiveGame,
        change: Change,
    ) -> Result<(), ApiError> {
        next.row.version = live.row.version + 1;
        let id = &next.row.id;
        let header = next.header();
        let stored = match &change {
            Change::Turns(rows) => self.store.commit_turns(id, rows, &header).await?,
            Change::TakeBack(keep) => self.store.take_back(id, *keep, &header).await?,
            Change::Header => self.store.update(id, &header).await?,
        };
        if !stored {
            self.catch_up(slot, live).await?;
            return Err(stale_copy());
        }
        let keep = live.history().len().min(next.history().len());
        *live = next;
        announce(slot, live, keep);
        Ok(())
    }

    /// Brings the held copy of game `id` up to the stored one, unless it is held at
    /// `version` or later already: another server changed the game (`game_feed`).
    pub async fn refresh(&self, id: &str, version: Option<i64>) -> Result<(), ApiError> {
        let Some(slot) = self.games().get(id).cloned() else {
            return Ok(());
        };
        let mut live = slot.live.lock().await;
        if version.is_some_and(|v| v <= live.row.version) {
            return Ok(());
        }
        self.catch_up(&slot, &mut live).await
    }

    /// Replaces `live` with the stored game if that is at another version, and announces
    /// it to the game's sockets.
    async fn catch_up(&self, slot: &GameSlot, live: &mut LiveGame) -> Result<(), ApiError> {
        if let Some((stored, keep)) = crate::stored_game::newer(&self.store, live).await? {
            *live = stored;
            announce(slot, live, keep);
        }
        Ok(())
    }

    /// Brings the held copy up to the stored game when it does not know `token`: on
    /// PostgreSQL another server may just have given the token out (a join).
    pub async fn learn_token(&self, slot: &GameSlot, token: Option<&str>) {
        if token.is_none() || self.store.shared_url().is_none() {
            return;
        }
        let mut live = slot.live.lock().await;
        if crate::seats::seat_of(&live.row, token).is_none()
            && let Err(e) = self.catch_up(slot, &mut live).await
        {
            tracing::warn!("game {} not brought up to date: {}", live.row.id, e.message);
        }
    }

    /// Sends a new chat line of game `id` to its sockets here, if the game is held.
    pub fn announce_chat(&self, id: &str, line: ChatLine) {
        if let Some(slot) = self.games().get(id) {
            let _ = slot.chat.send(Arc::new(line));
        }
    }

    /// The ids of the games held.
    pub fn held_ids(&self) -> Vec<String> {
        self.games().keys().cloned().collect()
    }

    /// Takes up an invitation, mixing the guest's entropy into the dice if they sent some;
    /// returns the seat's colour, its token and the state.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        invite: &str,
        entropy: Option<&str>,
        guest: Option<&str>,
    ) -> Result<(rules::Color, String, crate::contract::Game), ApiError> {
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
            next.row.version = live.row.version + 1;
            if !self
                .store
                .join(
                    id,
                    crate::store::Joining {
                        invite,
                        seat: color,
                        token: &token,
                        seed: &next.row.seed,
                        guest,
                    },
                    &next.header(),
                )
                .await?
            {
                self.catch_up(&slot, &mut live).await?;
                return Err(ApiError::conflict("the invitation was already taken up"));
            }
            let keep = live.history().len();
            *live = next;
            announce(&slot, &live, keep);
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
        let Owed::Move(color) = live.game().owed() else {
            return;
        };
        if live.row.status != Status::Playing || live.player(color) != Player::Engine {
            return;
        }
        let ply = live.ply();
        let key = live.game().position().key();
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
        let pos = live.game().position().clone();
        let history = live.game().history_keys();
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

    /// Lets go of every game: their keepers end. For a server that stops.
    pub fn drop_all(&self) {
        for (_, slot) in self.games().drain() {
            slot.dropped.store(true, Ordering::Relaxed);
            slot.wake.notify_one();
        }
    }

    /// Lets go of `slot` if it is still idle at `now`: asked for by nobody since
    /// `idle_ms`, watched by no socket, no engine thinking in it.
    fn let_go_if_idle(&self, slot: &Arc<GameSlot>, id: &str, now: i64) -> bool {
        let mut games = self.games();
        let engine_thinking = slot
            .engine_at
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some();
        if now - slot.touched.load(Ordering::Relaxed) < self.idle_ms
            || slot.changes.receiver_count() > 0
            || engine_thinking
        {
            return false;
        }
        if games.get(id).is_some_and(|held| Arc::ptr_eq(held, slot)) {
            games.remove(id);
        }
        slot.dropped.store(true, Ordering::Relaxed);
        true
    }
}

fn stale_copy() -> ApiError {
    ApiError::conflict("the game changed meanwhile: load it again")
}

/// Sends the update of the change just kept to the game's sockets, if any.
fn announce(slot: &GameSlot, live: &LiveGame, keep: usize) {
    slot.wake.notify_one();
    if slot.changes.receiver_count() == 0 {
        return;
    }
    let now = now_ms();
    // One update, serialized without the legal turns and then, for the mover, with them.
    let mut message = ServerMessage::Update {
        update: Box::new(game_view::update(live, None, keep, now)),
    };
    let for_others = to_text(&message);
    let mover = game_view::mover(live).filter(|&c| live.player(c) == Player::Human);
    let for_mover = mover.map(|_| {
        if let ServerMessage::Update { update } = &mut message {
            update.legal = live.legal().clone();
        }
        to_text(&message)
    });
    let _ = slot.changes.send(Arc::new(Announcement {
        version: live.row.version,
        mover,
        for_mover,
        for_others,
    }));
}

/// A game's keeper: ends the game when the running side's flag falls, and lets the game
/// go once it is idle with no clock running (or only a correspondence clock). Sleeps until the next of those moments, or
/// until a change wakes it.
async fn keep(hub: Weak<Hub>, slot: Arc<GameSlot>) {
    loop {
        if slot.dropped.load(Ordering::Relaxed) {
            return;
        }
        let Some(strong) = hub.upgrade() else {
            return;
        };
        let idle_ms = strong.idle_ms;
        let wait_ms = {
            let mut live = slot.live.lock().await;
            let now = now_ms();
            if live.clock.as_ref().and_then(|c| c.flagged(now)).is_some() {
                let mut next = live.clone();
                next.check_flag(now);
                if let Err(e) = strong.commit(&slot, &mut live, next, Change::Header).await
                    && e.status != axum::http::StatusCode::CONFLICT
                {
                    tracing::error!("game {}: flag not stored: {}", live.row.id, e.message);
                }
            }
            let flag_in = live
                .clock
                .as_ref()
                .and_then(|c| c.running().map(|side| c.reading(now)[side.index()]));
            // A correspondence game whose time runs out after it could be let go is let
            // go: the deadline sweep loads it again in time (crate::correspondence).
            let per_move = live.clock.as_ref().is_some_and(|c| c.per_move);
            match flag_in {
                Some(ms) if !per_move || ms <= idle_ms => ms + 1,
                _ => {
                    let idle_for = now - slot.touched.load(Ordering::Relaxed);
                    if idle_for >= idle_ms {
                        let id = live.row.id.clone();
                        drop(live);
                        if strong.let_go_if_idle(&slot, &id, now) {
                            return;
                        }
                        idle_ms
                    } else {
                        idle_ms - idle_for
                    }
                }
            }
        };
        drop(strong);
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(wait_ms.max(1) as u64)) => {}
            _ = slot.wake.notified() => {}
        }
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
            .change(
                &id,
                |g, now| {
                    if g.game().position().key() != key {
                        return Err(GameError::stale(
                            "the position changed while the engine thought",
                        ));
                    }
                    g.play(Seat::One(color), &text, Some(ply), now)
                        .map(Change::Turns)
                },
                |_, _| (),
            )
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
