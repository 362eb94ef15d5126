//! Test harness: a server on a free loopback port over SQLite in a fresh directory, and
//! when MENAGERIE_TEST_POSTGRES names a PostgreSQL URL, the same over a fresh database.
//! With MENAGERIE_REQUIRE_POSTGRES=1 a missing or unreachable PostgreSQL fails the test.
#![allow(dead_code)]

use serde_json::Value;
use server::{Config, Running};
use sqlx::Connection;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone, Debug)]
pub enum Backend {
    Sqlite(PathBuf),
    /// The admin URL and the fresh database's URL.
    Postgres {
        admin: String,
        url: String,
        name: String,
    },
}

impl Backend {
    pub fn url(&self) -> String {
        match self {
            Backend::Sqlite(dir) => server::store::Store::sqlite_url(dir).expect("temp dir"),
            Backend::Postgres { url, .. } => url.clone(),
        }
    }

    pub fn label(&self) -> &'static str {
        match self {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres { .. } => "postgres",
        }
    }

    pub async fn drop_data(&self) {
        match self {
            Backend::Sqlite(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Backend::Postgres { admin, name, .. } => {
                if let Ok(mut conn) = sqlx::PgConnection::connect(admin).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut conn)
                        .await;
                }
            }
        }
    }
}

fn unique(prefix: &str) -> String {
    format!(
        "{prefix}_{}_{}",
        std::process::id(),
        &server::seats::new_token()[..12]
    )
}

/// The URL of database `name` on the server of `admin`.
fn with_database(admin: &str, name: &str) -> String {
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin, String::new()),
    };
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let root = match base[authority_end..].find('/') {
        Some(i) => &base[..authority_end + i],
        None => base,
    };
    format!("{root}/{name}{query}")
}

/// SQLite in a fresh temporary directory, for tests that need no other backend.
pub fn sqlite() -> Backend {
    Backend::Sqlite(std::env::temp_dir().join(unique("menagerie_test")))
}

/// SQLite always; PostgreSQL too when configured.
pub async fn backends() -> Vec<Backend> {
    let mut out = vec![sqlite()];
    let required = std::env::var("MENAGERIE_REQUIRE_POSTGRES").is_ok_and(|v| v == "1");
    match std::env::var("MENAGERIE_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    {
        None => assert!(
            !required,
            "MENAGERIE_REQUIRE_POSTGRES=1 but MENAGERIE_TEST_POSTGRES (a postgres:// URL) is not set"
        ),
        Some(admin) => {
            let mut conn = sqlx::PgConnection::connect(&admin)
                .await
                .unwrap_or_else(|e| {
                    panic!("PostgreSQL at MENAGERIE_TEST_POSTGRES is unreachable: {e}")
                });
            let name = unique("menagerie_t");
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(&mut conn)
                .await
                .unwrap_or_else(|e| panic!("cannot create test database {name}: {e}"));
            let url = with_database(&admin, &name);
            out.push(Backend::Postgres { admin, url, name });
        }
    }
    out
}

pub struct TestServer {
    pub running: Option<Running>,
    pub backend: Backend,
    pub base: String,
    pub client: reqwest::Client,
}

impl TestServer {
    /// A server in test mode (the tests fix their games' seeds) with the default limits.
    pub async fn start(backend: &Backend) -> TestServer {
        TestServer::start_with(backend, |_| {}).await
    }

    /// A server whose configuration `adjust` changes first.
    pub async fn start_with(backend: &Backend, adjust: impl FnOnce(&mut Config)) -> TestServer {
        let mut config = Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            database_url: backend.url(),
            web_dir: None,
            embedded_page: &[],
            engine_threads: 2,
            test_mode: true,
            limits: server::limits::Limits::default(),
        };
        adjust(&mut config);
        let running = server::start(config)
            .await
            .unwrap_or_else(|e| panic!("{} server did not start: {e}", backend.label()));
        TestServer {
            base: format!("http://{}", running.addr),
            running: Some(running),
            backend: backend.clone(),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap(),
        }
    }

    /// Stops the server and starts a new one on the same database.
    pub async fn restart(mut self) -> TestServer {
        if let Some(r) = self.running.take() {
            r.stop().await;
        }
        TestServer::start(&self.backend).await
    }

    pub async fn stop(mut self) {
        if let Some(r) = self.running.take() {
            r.stop().await;
        }
    }

    /// Stops the server and deletes its database, so a test leaves nothing behind.
    pub async fn discard(self) {
        let backend = self.backend.clone();
        self.stop().await;
        backend.drop_data().await;
    }

    pub fn ws_url(&self, path: &str) -> String {
        format!("ws://{}{path}", self.base.trim_start_matches("http://"))
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let (status, text) = self.get_text(path).await;
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn get_text(&self, path: &str) -> (u16, String) {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }

    pub async fn post_raw(&self, path: &str, body: Vec<u8>, token: Option<&str>) -> (u16, Value) {
        let mut req = self
            .client
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().await.unwrap();
        let status = r.status().as_u16();
        let text = r.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> (u16, Value) {
        self.post_raw(path, body.to_string().into_bytes(), token)
            .await
    }

    /// Creates a game; panics unless it is a 201.
    pub async fn create(&self, body: Value) -> Value {
        let (status, reply) = self.post("/api/games", body, None).await;
        assert_eq!(status, 201, "create: {reply}");
        reply
    }

    pub async fn game(&self, id: &str, token: Option<&str>) -> Value {
        let path = match token {
            Some(t) => format!("/api/games/{id}?seat={t}"),
            None => format!("/api/games/{id}"),
        };
        let (status, g) = self.get(&path).await;
        assert_eq!(status, 200, "GET game: {g}");
        g
    }

    /// Plays `turn` at the game's current ply; panics unless it is accepted.
    pub async fn turn(&self, id: &str, token: &str, turn: &str) -> Value {
        let ply = self.game(id, None).await["ply"].clone();
        let (status, g) = self
            .post(
                &format!("/api/games/{id}/turn"),
                serde_json::json!({"turn": turn, "ply": ply}),
                Some(token),
            )
            .await;
        assert_eq!(status, 200, "turn {turn}: {g}");
        g
    }

    /// Waits until the game's state satisfies `ready`.
    pub async fn wait_for(
        &self,
        id: &str,
        token: Option<&str>,
        ready: impl Fn(&Value) -> bool,
    ) -> Value {
        for _ in 0..600 {
            let g = self.game(id, token).await;
            if ready(&g) {
                return g;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("game {id} never reached the awaited state");
    }
}

/// What a stored game is, without the clock readings that move on their own.
pub fn essence(g: &Value) -> Value {
    serde_json::json!({
        "fen": g["fen"], "ply": g["ply"], "history": g["history"], "status": g["status"],
        "result": g["result"], "offers": g["offers"],
    })
}

/// The `uci` texts of a state's legal turns.
pub fn legal(g: &Value) -> Vec<String> {
    g["legal"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|m| m["uci"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}
