//! Menagerie's web server (docs/api.md): games created, played and watched over HTTP and
//! WebSockets, every turn committed to SQLite or PostgreSQL before it is acknowledged,
//! clocks and dice kept by the server, the engine as an opponent.

pub mod api;
pub mod body;
pub mod clock;
pub mod commands;
pub mod contract;
pub mod engine_pool;
pub mod error;
pub mod game_view;
pub mod hub;
pub mod live_game;
pub mod lobby;
pub mod new_game;
pub mod pgn_export;
pub mod seats;
pub mod store;
pub mod variants;
pub mod ws;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::response::Html;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

pub struct Config {
    pub addr: SocketAddr,
    /// `sqlite://...` or `postgres://...`.
    pub database_url: String,
    /// The built page (`web/dist`), served when it exists.
    pub web_dir: Option<PathBuf>,
    /// How many engine searches may run at once.
    pub engine_threads: usize,
}

/// A server that is listening.
pub struct Running {
    pub addr: SocketAddr,
    pub hub: Arc<hub::Hub>,
    shutdown: tokio::sync::oneshot::Sender<()>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Stops accepting requests and waits for the ones under way.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        let _ = self.served.await;
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

const NO_BUNDLE_PAGE: &str = "<!doctype html><meta charset=utf-8><title>Menagerie</title>\
<h1>Menagerie</h1><p>The server runs, but the page is not built. Build it with \
<code>cd web &amp;&amp; npm install &amp;&amp; npm run build</code> and restart \
<code>menagerie serve</code> (or point <code>--web-dir</code> at the built bundle). \
The API is at <code>/api/</code> (docs/api.md).</p>\n";

fn router(hub: Arc<hub::Hub>, web_dir: Option<PathBuf>) -> Router {
    let api = api::routes()
        .route("/api/games/{id}/ws", axum::routing::get(ws::upgrade))
        .layer(DefaultBodyLimit::max(body::BODY_LIMIT))
        .with_state(hub);
    let app = match web_dir.filter(|d| d.join("index.html").is_file()) {
        Some(dir) => {
            let index = ServeFile::new(dir.join("index.html"));
            api.fallback_service(ServeDir::new(dir).fallback(index))
        }
        None => api.fallback(|| async { Html(NO_BUNDLE_PAGE) }),
    };
    app.layer(TraceLayer::new_for_http())
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
    let app = router(hub.clone(), config.web_dir);
    let served = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await
    });
    Ok(Running {
        addr,
        hub,
        shutdown,
        served,
    })
}
