//! Menagerie's web server (docs/api.md): games created, played and watched over HTTP and
//! WebSockets, every turn committed to SQLite or PostgreSQL before it is acknowledged,
//! clocks and dice kept by the server, the engine as an opponent.

pub mod account_api;
pub mod account_seat;
pub mod accounts;
pub mod analysis;
pub mod api;
pub mod body;
pub mod chat;
pub mod chat_api;
pub mod clock;
pub mod commands;
pub mod contract;
pub mod correspondence;
pub mod engine_pool;
pub mod error;
pub mod game_feed;
pub mod game_seed;
pub mod game_view;
pub mod glicko2;
pub mod hub;
pub mod levels;
pub mod limits;
pub mod live_game;
pub mod lobby;
pub mod login_limits;
pub mod my_games;
pub mod new_game;
pub mod page;
pub mod pgn_export;
pub mod ratings;
pub mod ratings_api;
pub mod rematch;
pub mod review;
pub mod seats;
pub mod security_headers;
pub mod seek_api;
pub mod seeks;
pub mod sessions;
pub mod spectators;
pub mod store;
pub mod stored_game;
pub mod token_buckets;
pub mod variants;
pub mod wal_checkpoint;
pub mod ws;

use axum::extract::DefaultBodyLimit;
use axum::{Extension, Router};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::trace::TraceLayer;

pub struct Config {
    pub addr: SocketAddr,
    /// `sqlite://...` or `postgres://...`.
    pub database_url: String,
    /// The built page (`web/dist`) on disk, served when it exists (`--web-dir`).
    pub web_dir: Option<PathBuf>,
    /// The page built into the binary, served when `web_dir` is not (empty: none).
    pub embedded_page: page::EmbeddedFiles,
    /// How many engine searches may run at once.
    pub engine_threads: usize,
    /// Test mode: a `seed` in a creation request is taken as the game's seed. Never on a
    /// server people play on (docs/api.md, "Security").
    pub test_mode: bool,
    pub limits: limits::Limits,
}

/// A server that is listening.
pub struct Running {
    pub addr: SocketAddr,
    pub hub: Arc<hub::Hub>,
    /// Other servers' changes to the games (PostgreSQL only).
    feed: Option<tokio::task::JoinHandle<()>>,
    /// Loads the correspondence games whose time ran out.
    sweeper: tokio::task::JoinHandle<()>,
    shutdown: tokio::sync::oneshot::Sender<()>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Stops accepting requests and waits for the ones under way.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        let _ = self.served.await;
        if let Some(feed) = self.feed {
            feed.abort();
        }
        self.sweeper.abort();
        self.hub.drop_all();
        self.hub.store.close().await;
    }

    /// Runs until the process is stopped.
    pub async fn wait(self) -> std::io::Result<()> {
        self.served
            .await
            .unwrap_or_else(|e| Err(std::io::Error::other(e)))
    }
}

fn router(
    hub: Arc<hub::Hub>,
    web_dir: Option<PathBuf>,
    embedded: page::EmbeddedFiles,
    test_mode: bool,
    limiter: Arc<limits::ClientLimiter>,
) -> Router {
    let api = api::routes()
        .merge(account_api::routes())
        .merge(ratings_api::routes())
        .merge(my_games::routes())
        .merge(seek_api::routes())
        .merge(account_seat::routes())
        .route("/api/games/{id}/ws", axum::routing::get(ws::upgrade))
        .route(
            "/api/games/{id}/review",
            axum::routing::get(review::get_review),
        )
        .layer(Extension(review::Reviews::new()))
        .route("/api/analysis", axum::routing::get(analysis::get_analysis))
        .layer(Extension(analysis::Analyses::new()))
        .layer(DefaultBodyLimit::max(body::BODY_LIMIT))
        .layer(Extension(new_game::TestMode(test_mode)))
        .layer(Extension(limiter))
        .layer(Extension(login_limits::LoginLimiter::new()))
        .layer(Extension(chat_api::ChatLimiter::new()))
        .with_state(hub);
    page::serve(api, web_dir, embedded)
        .layer(axum::middleware::map_response(security_headers::add))
        .layer(TraceLayer::new_for_http())
}

/// Opens the store, starts listening and resumes the games with an engine seated.
pub async fn start(config: Config) -> Result<Running, String> {
    let store = store::Store::open(&config.database_url)
        .await
        .map_err(|e| e.to_string())?;
    let hub = hub::Hub::new(
        store,
        engine_pool::EnginePool::new(config.engine_threads, 16),
    );
    let feed = game_feed::start(&hub).await?;
    let sweeper = correspondence::start(&hub);
    // Resumed while the server already answers: a start does not wait for them.
    let resuming = hub.clone();
    tokio::spawn(async move {
        match resuming.resume_engine_games().await {
            Ok(n) => tracing::info!("{n} games with an engine seated resumed"),
            Err(e) => tracing::error!("engine games not resumed: {}", e.message),
        }
    });
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
    if config.test_mode {
        tracing::warn!(
            "test mode: games take the seed a request names, so their dice can be chosen"
        );
    }
    let app = router(
        hub.clone(),
        config.web_dir,
        config.embedded_page,
        config.test_mode,
        limits::ClientLimiter::new(config.limits),
    );
    let served = tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async {
            let _ = stopped.await;
        })
        .await
    });
    Ok(Running {
        addr,
        hub,
        feed,
        sweeper,
        shutdown,
        served,
    })
}
