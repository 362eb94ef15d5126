//! `menagerie serve`: the web app's server (docs/api.md) on one address, games stored in
//! SQLite under `--data-dir` or in PostgreSQL with `--db`.

use anyhow::{Result, anyhow};
use clap::Args;
use server::limits::Limits;
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The page as built into this binary (build.rs).
mod embedded_page {
    include!(concat!(env!("OUT_DIR"), "/page.rs"));
}

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Directory of the SQLite database (menagerie.sqlite), created if missing.
    #[arg(long, default_value = "data")]
    pub data_dir: PathBuf,
    /// A PostgreSQL URL (postgres://user:password@host/db) to use instead of SQLite.
    #[arg(long)]
    pub db: Option<String>,
    /// Serve the page from this directory (a web/dist being worked on) instead of the page
    /// built into the binary.
    #[arg(long)]
    pub web_dir: Option<PathBuf>,
    /// Engine searches that may run at once (default: the number of cores).
    #[arg(long)]
    pub engine_threads: Option<usize>,
    /// Test mode: a game may be created with a fixed `seed`, so its dice are known in
    /// advance. Only for tests; never on a server people play on.
    #[arg(long)]
    pub test_mode: bool,
    /// Games one client (IP address) may create at once...
    #[arg(long, default_value_t = Limits::default().games_burst)]
    pub games_burst: u32,
    /// ...and then per minute.
    #[arg(long, default_value_t = Limits::default().games_per_minute)]
    pub games_per_minute: u32,
    /// Game WebSockets one client may hold open in all.
    #[arg(long, default_value_t = Limits::default().sockets_per_client)]
    pub sockets_per_client: usize,
    /// Game WebSockets one client may hold open on one game.
    #[arg(long, default_value_t = Limits::default().sockets_per_client_game)]
    pub sockets_per_client_game: usize,
    /// WebSockets one game may have, from all clients.
    #[arg(long, default_value_t = Limits::default().sockets_per_game)]
    pub sockets_per_game: usize,
    /// Count clients by the last X-Forwarded-For address (behind a reverse proxy that sets
    /// it) rather than the connection's.
    #[arg(long)]
    pub trust_forwarded_for: bool,
}

pub fn run(args: ServeArgs) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,tower_http=warn,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let database_url = match args.db {
        Some(url) => url,
        None => server::store::Store::sqlite_url(&args.data_dir)?,
    };
    let engine_threads = args
        .engine_threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async move {
        let web_dir = args.web_dir.clone();
        if let Some(dir) = &web_dir
            && !dir.join("index.html").is_file()
        {
            tracing::warn!("no page at {}: serving the built-in page", dir.display());
        }
        if embedded_page::FILES.is_empty() && web_dir.is_none() {
            tracing::warn!(
                "this binary was built without the page (web/dist) and no --web-dir was given: \
                 serving a note on how to build it (scripts/build-web)"
            );
        }
        let running = server::start(server::Config {
            addr: args.addr,
            database_url,
            web_dir,
            embedded_page: embedded_page::FILES,
            engine_threads,
            test_mode: args.test_mode,
            limits: Limits {
                games_burst: args.games_burst,
                games_per_minute: args.games_per_minute,
                sockets_per_client: args.sockets_per_client,
                sockets_per_client_game: args.sockets_per_client_game,
                sockets_per_game: args.sockets_per_game,
                trust_forwarded_for: args.trust_forwarded_for,
            },
        })
        .await
        .map_err(|e| anyhow!(e))?;
        tracing::info!("listening on http://{}", running.addr);
        tokio::select! {
            served = running.wait() => served.map_err(|e| anyhow!("server stopped: {e}")),
            _ = tokio::signal::ctrl_c() => {
                tracing::info!("stopping");
                Ok(())
            }
        }
    })
}
