//! Two servers on one PostgreSQL database (docs/api.md, "Several servers"): a game created
//! on one is joined and played through the other, turns and actions alternating between
//! them, each server's socket sees every change as one update, and a result is recorded
//! once even when both servers try to record one (two resignations at once, a flag both
//! servers' timers see fall). A dropped LISTEN connection loses no update.
//!
//! Needs MENAGERIE_TEST_POSTGRES (see tests/common); skipped without it.

mod common;

use common::{Backend, TestServer, backends};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A game as one socket sees it: its first state, then each update applied in turn.
struct Watcher {
    socket: Socket,
    game: Value,
}

impl Watcher {
    async fn open(server: &TestServer, id: &str, token: &str) -> Watcher {
        let (socket, _) = tokio_tungstenite::connect_async(
            server.ws_url(&format!("/api/games/{id}/ws?seat={token}")),
        )
        .await
        .expect("socket opens");
        let mut w = Watcher {
            socket,
            game: Value::Null,
        };
        let first = w.next().await;
        assert_eq!(first["type"], "state", "{first}");
        w.game = first["game"].clone();
        w
    }

    async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.socket.next())
                .await
                .expect("a message within 10 s")
                .expect("the socket stays open")
                .expect("a good frame");
            if let Message::Text(t) = msg {
                return serde_json::from_str(&t).unwrap();
            }
        }
    }

    fn version(&self) -> i64 {
        self.game["version"].as_i64().unwrap()
    }

    /// Reads updates until the game is at `version`; each must be the next version's
    /// update (no whole state: nothing was missed).
    async fn until(&mut self, version: i64) -> &Value {
        while self.version() < version {
            let m = self.next().await;
            assert_eq!(m["type"], "update", "one update per change: {m}");
            let update = &m["update"];
            assert_eq!(
                update["version"].as_i64().unwrap(),
                self.version() + 1,
                "updates come one version at a time: {update}"
            );
            let keep = update["keep"].as_u64().unwrap() as usize;
            let mut history = self.game["history"].as_array().unwrap()[..keep].to_vec();
            history.extend(update["added"].as_array().unwrap().iter().cloned());
            for (field, value) in update.as_object().unwrap() {
                if field != "keep" && field != "added" {
                    self.game[field] = value.clone();
                }
            }
            self.game["history"] = Value::Array(history);
        }
        assert_eq!(self.version(), version, "no change beyond {version}");
        &self.game
    }
}

fn text(v: &Value, field: &str) -> String {
    v[field].as_str().unwrap().to_string()
}

/// The PostgreSQL backend, or None (with a note) when none is configured.
async fn postgres() -> Option<Backend> {
    let mut sqlite = None;
    let mut pg = None;
    for b in backends().await {
        match b {
            Backend::Postgres { .. } => pg = Some(b),
            other => sqlite = Some(other),
        }
    }
    if let Some(dir) = &sqlite {
        dir.drop_data().await;
    }
    if pg.is_none() {
        eprintln!(
            "skipped: two servers need a shared PostgreSQL; set MENAGERIE_TEST_POSTGRES \
             (.ci/run sets up a local one)"
        );
    }
    pg
}

/// Both servers' copies of the game, as GET gives them: the same stored game.
async fn same_on_both(servers: &[&TestServer; 2], id: &str) -> Value {
    let a = servers[0].game(id, None).await;
    let b = servers[1].game(id, None).await;
    for field in [
        "version", "ply", "fen", "history", "status", "result", "reason",
    ] {
        assert_eq!(a[field], b[field], "{field} on both servers");
    }
    a
}

/// Ends the LISTEN connections of every server on the test database, as a network fault
/// or a database restart would.
async fn drop_listen_connections(backend: &Backend) {
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(&backend.url()).await.unwrap();
    let ended: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    assert_eq!(ended.len(), 2, "each server has one LISTEN connection");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_through_two_servers_and_ends_once() {
    let Some(backend) = postgres().await else {
        return;
    };
    let one = TestServer::start(&backend).await;
    let two = TestServer::start(&backend).await;
    let servers = [&one, &two];

    // Created on one, joined through the other: the creator's socket on the first hears it.
    let created = one
        .create(
            json!({"variant": "behemoth", "opponent": "friend", "color": "white",
                       "seed": 7, "clock": {"initial_ms": 600000, "increment_ms": 0}}),
        )
        .await;
    let id = text(&created, "id");
    let white = created["seats"]["white"].as_str().unwrap().to_string();
    let mut white_sees = Watcher::open(&one, &id, &white).await;
    let (status, joined) = two
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": created["invite"]}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let black = text(&joined, "token");
    // The guest's token works at once on the server that did not give it out.
    assert_eq!(one.game(&id, Some(&black)).await["you"], "black");
    assert_eq!(white_sees.until(1).await["status"], "playing");
    let mut black_sees = Watcher::open(&two, &id, &black).await;
    assert_eq!(black_sees.version(), 1);

    // Turns alternate between the servers, and each player uses both.
    for n in 0..8 {
        let white_moves = n % 2 == 0;
        let server = servers[(n + n / 2) % 2];
        let (token, mover_sees) = if white_moves {
            (&white, &white_sees)
        } else {
            (&black, &black_sees)
        };
        let game = &mover_sees.game;
        let turn = game["legal"][0]["uci"]
            .as_str()
            .expect("a legal turn")
            .to_string();
        let (status, after) = server
            .post(
                &format!("/api/games/{id}/turn"),
                json!({"turn": turn, "ply": game["ply"]}),
                Some(token),
            )
            .await;
        assert_eq!(status, 200, "turn {n} ({turn}): {after}");
        let version = after["version"].as_i64().unwrap();
        assert_eq!(version, n as i64 + 2, "one change per turn");
        let seen_white = white_sees.until(version).await.clone();
        let seen_black = black_sees.until(version).await.clone();
        assert_eq!(seen_white["history"], after["history"]);
        assert_eq!(seen_black["history"], after["history"]);
        assert_eq!(seen_white["fen"], after["fen"]);
        if n == 3 {
            // A dropped LISTEN connection is opened again and the games held caught up.
            drop_listen_connections(&backend).await;
        }
    }
    let played = same_on_both(&servers, &id).await;
    assert_eq!(
        played["ply"], 16,
        "eight moves, each with the server's roll"
    );

    // A takeback asked through one and granted through the other.
    let act = |server: &TestServer, token: &str, action: &str| {
        let path = format!("/api/games/{id}/action");
        let body = json!({"action": action});
        let token = token.to_string();
        let server = server.base.clone();
        async move {
            let r = reqwest::Client::new()
                .post(format!("{server}{path}"))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.json::<Value>().await.unwrap())
        }
    };
    let (status, asked) = act(&two, &black, "offer-takeback").await;
    assert_eq!(status, 200, "{asked}");
    assert_eq!(white_sees.until(10).await["offers"]["takeback"], "black");
    let (status, granted) = act(&one, &white, "accept-takeback").await;
    assert_eq!(status, 200, "{granted}");
    assert_eq!(granted["ply"], 14);
    assert_eq!(black_sees.until(11).await["ply"], 14);
    assert_eq!(white_sees.until(11).await["ply"], 14);
    // A draw offered through one and declined through the other.
    assert_eq!(act(&one, &white, "offer-draw").await.0, 200);
    assert_eq!(black_sees.until(12).await["offers"]["draw"], "white");
    assert_eq!(act(&two, &black, "decline-draw").await.0, 200);
    assert_eq!(white_sees.until(13).await["offers"]["draw"], Value::Null);
    black_sees.until(13).await;

    // Both players resign at once, each through another server: one resignation stands.
    let (w, b) = tokio::join!(act(&one, &white, "resign"), act(&two, &black, "resign"));
    let (won, lost) = if w.0 == 200 { (w, b) } else { (b, w) };
    assert_eq!(won.0, 200, "one resignation is recorded: {won:?} {lost:?}");
    assert!(
        [400, 409].contains(&lost.0),
        "the other is refused: {lost:?}"
    );
    let expected = won.1["result"].clone();
    assert!(expected == "0-1" || expected == "1-0", "{won:?}");
    for sees in [&mut white_sees, &mut black_sees] {
        let g = sees.until(14).await;
        assert_eq!((&g["status"], &g["result"]), (&json!("over"), &expected));
    }
    let over = same_on_both(&servers, &id).await;
    assert_eq!(over["version"], 14, "one write ended the game");
    assert_eq!(over["reason"], "resignation");
    assert_eq!(over["result"], expected);

    one.stop().await;
    two.stop().await;
    backend.drop_data().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_both_servers_see_fall_is_recorded_once() {
    let Some(backend) = postgres().await else {
        return;
    };
    let one = TestServer::start(&backend).await;
    let two = TestServer::start(&backend).await;
    let servers = [&one, &two];
    let created = two
        .create(
            json!({"variant": "chess", "opponent": "friend", "color": "white",
                       "clock": {"initial_ms": 1000, "increment_ms": 0}}),
        )
        .await;
    let id = text(&created, "id");
    let white = created["seats"]["white"].as_str().unwrap().to_string();
    let (status, joined) = one
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": created["invite"]}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let black = text(&joined, "token");
    // Both servers hold the game with its clock running, so both timers watch the flag.
    let mut white_sees = Watcher::open(&two, &id, &white).await;
    let mut black_sees = Watcher::open(&one, &id, &black).await;
    // Server two may not have heard of the join yet. Were e2e4 stored before it does, it
    // would catch up two versions at once and rightly send its socket the whole state.
    white_sees.until(1).await;
    black_sees.until(1).await;
    let (status, g) = one
        .post(
            &format!("/api/games/{id}/turn"),
            json!({"turn": "e2e4", "ply": 0}),
            Some(&white),
        )
        .await;
    assert_eq!(status, 200, "{g}");
    black_sees.until(2).await;
    let (status, g) = two
        .post(
            &format!("/api/games/{id}/turn"),
            json!({"turn": "e7e5", "ply": 1}),
            Some(&black),
        )
        .await;
    assert_eq!(status, 200, "{g}");
    assert_eq!(g["version"], 3);
    // White's second lasts until both timers fire; one of them records the loss.
    for sees in [&mut white_sees, &mut black_sees] {
        let g = sees.until(4).await;
        assert_eq!(
            (&g["status"], &g["result"], &g["reason"]),
            (&json!("over"), &json!("0-1"), &json!("time"))
        );
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let over = same_on_both(&servers, &id).await;
    assert_eq!(over["version"], 4, "the flag was stored by one write");
    assert_eq!(over["clock"]["white_ms"], 0);

    one.stop().await;
    two.stop().await;
    backend.drop_data().await;
}
