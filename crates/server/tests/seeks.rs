//! Seeks and quick pairing on SQLite, and on PostgreSQL when MENAGERIE_TEST_POSTGRES is
//! set: a seek posted by one account, taken up by another, the game seated by account on
//! both sides; one taker only; seeks with a clock vanish when their poster leaves; quick
//! pairing matches time and colours; and the lobby counts spectators.

mod account_client;
mod common;

use account_client::Browser;
use common::{TestServer, backends};
use futures_util::StreamExt;
use serde_json::{Value, json};
use sqlx::Connection;

fn text(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

async fn player<'a>(server: &'a TestServer, name: &str) -> Browser<'a> {
    let mut b = Browser::new(server);
    let r = b.register(name, "a good long password").await;
    assert_eq!(r.status, 201, "{}", r.body);
    b
}

/// Runs `sql` (with the seek's id as $1) on the server's database.
async fn on_database(url: &str, sql: &str, id: &str) {
    sqlx::any::install_default_drivers();
    let mut db = sqlx::AnyConnection::connect(url).await.unwrap();
    sqlx::query(sql).bind(id).execute(&mut db).await.unwrap();
}

fn listed(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| text(&s["id"]))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_is_taken_up_once_and_seats_both_accounts() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut anonymous = Browser::new(&server);
        let seek_body = json!({"variant": "juggernaut", "rated": true, "color": "white",
                               "clock": {"initial_ms": 180000, "increment_ms": 2000}});
        let r = anonymous.post("/api/seeks", seek_body.clone()).await;
        assert_eq!(r.status, 401, "{}", r.body);

        let mut alice = player(&server, "alice").await;
        let mut bob = player(&server, "bob").await;
        let mut carol = player(&server, "carol").await;
        let r = alice.post("/api/seeks", seek_body).await;
        assert_eq!(r.status, 201, "{}", r.body);
        let seek = text(&r.body["id"]);
        assert_eq!(r.body["player"], "alice");
        assert_eq!(r.body["yours"], true);

        let r = bob.get("/api/seeks?variant=juggernaut").await;
        assert_eq!(listed(&r.body), [seek.as_str()]);
        assert_eq!(r.body[0]["yours"], false);
        assert_eq!(r.body[0]["rated"], true);
        assert_eq!(r.body[0]["clock"]["increment_ms"], 2000);
        let r = bob.get("/api/seeks?variant=chess").await;
        assert_eq!(listed(&r.body), Vec::<String>::new());
        assert_eq!(bob.get("/api/seeks?variant=nonesuch").await.status, 400);

        let r = alice
            .post(&format!("/api/seeks/{seek}/accept"), json!({}))
            .await;
        assert_eq!(r.status, 409, "one's own seek: {}", r.body);
        let r = bob
            .post(&format!("/api/seeks/{seek}/cancel"), json!({}))
            .await;
        assert_eq!(r.status, 403, "{}", r.body);

        let taken = bob
            .post(&format!("/api/seeks/{seek}/accept"), json!({}))
            .await;
        assert_eq!(taken.status, 201, "{}", taken.body);
        assert_eq!(taken.body["seat"], "black", "alice sought white");
        let game = text(&taken.body["game"]);
        let bob_token = text(&taken.body["token"]);
        let r = carol
            .post(&format!("/api/seeks/{seek}/accept"), json!({}))
            .await;
        assert_eq!(r.status, 410, "taken already: {}", r.body);
        assert!(listed(&carol.get("/api/seeks").await.body).is_empty());
        assert_eq!(carol.get(&format!("/api/seeks/{seek}")).await.status, 404);

        // the poster learns the game from the seek, then its seat from the account
        let r = alice.get(&format!("/api/seeks/{seek}")).await;
        assert_eq!(r.body["game"], game.as_str(), "{}", r.body);
        let seat = alice
            .post(&format!("/api/games/{game}/seat"), json!({}))
            .await;
        assert_eq!(seat.status, 200, "{}", seat.body);
        assert_eq!(seat.body["seat"], "white");
        let alice_token = text(&seat.body["token"]);
        assert_ne!(alice_token, bob_token);
        let r = carol
            .post(&format!("/api/games/{game}/seat"), json!({}))
            .await;
        assert_eq!(r.status, 404, "carol holds no seat: {}", r.body);
        let r = anonymous
            .post(&format!("/api/games/{game}/seat"), json!({}))
            .await;
        assert_eq!(r.status, 401, "{}", r.body);
        let r = alice
            .send(
                server
                    .client
                    .post(format!("{}/api/games/{game}/seat", server.base))
                    .header("content-type", "application/json")
                    .header("origin", "https://evil.example")
                    .body("{}"),
            )
            .await;
        assert_eq!(r.status, 403, "another site cannot read a seat: {}", r.body);

        let state = server.game(&game, Some(&alice_token)).await;
        assert_eq!(state["status"], "playing");
        assert_eq!(state["clock"]["increment_ms"], 2000);
        // Any legal move: in Juggernaut the beast may stand where e2e4 would go.
        let first = common::legal(&state)
            .into_iter()
            .next()
            .expect("a legal move");
        server.turn(&game, &alice_token, &first).await;
        let (_, players) = server.get(&format!("/api/games/{game}/players")).await;
        assert_eq!(players["rated"], true, "{players}");
        assert_eq!(players["accounts"]["white"]["name"], "alice", "{players}");
        assert_eq!(players["accounts"]["black"]["name"], "bob", "{players}");
        server.discard().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_takers_at_once_get_one_game() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = player(&server, "alice").await;
        let mut bob = player(&server, "bob").await;
        let mut carol = player(&server, "carol").await;
        for round in 0..5 {
            let r = alice
                .post(
                    "/api/seeks",
                    json!({"variant": "chess", "days_per_move": 2}),
                )
                .await;
            assert_eq!(r.status, 201, "{}", r.body);
            let path = format!("/api/seeks/{}/accept", text(&r.body["id"]));
            let (b, c) = tokio::join!(bob.post(&path, json!({})), carol.post(&path, json!({})));
            let mut statuses = [b.status, c.status];
            statuses.sort();
            assert_eq!(statuses, [201, 410], "round {round}: {} {}", b.body, c.body);
        }
        server.discard().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_with_a_clock_vanish_when_their_poster_leaves() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = player(&server, "alice").await;
        let mut bob = player(&server, "bob").await;
        let blitz =
            json!({"variant": "chess", "clock": {"initial_ms": 300000, "increment_ms": 3000}});
        let r = alice.post("/api/seeks", blitz.clone()).await;
        let lapsing = text(&r.body["id"]);
        let r = alice
            .post(
                "/api/seeks",
                json!({"variant": "chess", "days_per_move": 7}),
            )
            .await;
        let correspondence = text(&r.body["id"]);

        // the poster's page looks in: the seek is kept open past the time it had
        let before = alice.get(&format!("/api/seeks/{lapsing}")).await;
        assert_eq!(before.status, 200);
        // the page is gone: its last look was longer ago than a seek outlives it
        on_database(
            &backend.url(),
            "UPDATE seeks SET alive_until = alive_until - 60000 WHERE id = $1",
            &lapsing,
        )
        .await;
        assert_eq!(
            listed(&bob.get("/api/seeks").await.body),
            [correspondence.as_str()]
        );
        let r = bob
            .post(&format!("/api/seeks/{lapsing}/accept"), json!({}))
            .await;
        assert_eq!(r.status, 410, "{}", r.body);
        // the correspondence seek waits; a looking poster does not bring a lapsed one back
        alice.get("/api/seeks").await;
        assert_eq!(
            listed(&bob.get("/api/seeks").await.body),
            [correspondence.as_str()]
        );

        // logging out withdraws the seeks with a clock, not the correspondence one
        let r = alice.post("/api/seeks", blitz.clone()).await;
        assert_eq!(r.status, 201);
        assert_eq!(
            bob.get("/api/seeks").await.body.as_array().unwrap().len(),
            2
        );
        assert_eq!(
            alice.post("/api/account/logout", json!({})).await.status,
            200
        );
        assert_eq!(
            listed(&bob.get("/api/seeks").await.body),
            [correspondence.as_str()]
        );

        // at most five open at once; withdrawing one makes room
        let mut bobs = Vec::new();
        for _ in 0..5 {
            let r = bob.post("/api/seeks", blitz.clone()).await;
            assert_eq!(r.status, 201, "{}", r.body);
            bobs.push(text(&r.body["id"]));
        }
        let r = bob.post("/api/seeks", blitz.clone()).await;
        assert_eq!(r.status, 429, "{}", r.body);
        let r = bob
            .post(&format!("/api/seeks/{}/cancel", bobs[0]), json!({}))
            .await;
        assert_eq!(r.status, 204);
        assert_eq!(bob.post("/api/seeks", blitz.clone()).await.status, 201);
        server.discard().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_pairing_matches_time_and_colours() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = player(&server, "alice").await;
        let mut bob = player(&server, "bob").await;
        let mut carol = player(&server, "carol").await;
        let five = |color: &str| {
            json!({"variant": "wildebeest", "color": color,
                   "clock": {"initial_ms": 300000, "increment_ms": 3000}})
        };
        let r = alice.post("/api/seeks/quick", five("white")).await;
        assert_eq!(r.status, 201, "nobody waits: a seek is posted: {}", r.body);
        assert_eq!(r.body["game"], Value::Null);
        let alices = text(&r.body["seek"]["id"]);

        // the same colour does not meet; another time control does not match
        let r = bob.post("/api/seeks/quick", five("white")).await;
        assert_eq!(r.status, 201, "{}", r.body);
        let r = carol
            .post(
                "/api/seeks/quick",
                json!({"variant": "wildebeest", "clock": {"initial_ms": 60000}}),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.body);

        let r = carol.post("/api/seeks/quick", five("random")).await;
        assert_eq!(r.status, 200, "the oldest match is taken up: {}", r.body);
        assert_eq!(r.body["game"]["seat"], "black", "alice wanted white");
        let game = text(&r.body["game"]["game"]);
        assert_eq!(
            alice.get(&format!("/api/seeks/{alices}")).await.body["game"],
            game.as_str()
        );
        let state = server.game(&game, None).await;
        assert_eq!(
            (&state["variant"], &state["status"]),
            (&json!("wildebeest"), &json!("playing"))
        );
        server.discard().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_counts_spectators() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let g = server
            .create(json!({"variant": "chess", "opponent": "local"}))
            .await;
        let id = text(&g["id"]);
        let token = text(&g["seats"]["white"]);
        server.turn(&id, &token, "e2e4").await;
        // a socket is counted once it has the state; the count follows within moments
        let settles_at = |expected: u64| {
            let server = &server;
            async move {
                let mut seen = u64::MAX;
                for _ in 0..100 {
                    let (_, lobby) = server.get("/api/games?status=playing").await;
                    seen = lobby[0]["spectators"].as_u64().unwrap();
                    if seen == expected {
                        break;
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                }
                seen
            }
        };
        assert_eq!(settles_at(0).await, 0);
        let connect = |query: String| {
            let url = server.ws_url(&format!("/api/games/{id}/ws{query}"));
            async move {
                let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
                ws.next().await.unwrap().unwrap();
                ws
            }
        };
        let player = connect(format!("?seat={token}")).await;
        let first = connect(String::new()).await;
        let second = connect(String::new()).await;
        assert_eq!(settles_at(2).await, 2, "the player is not a spectator");
        drop(first);
        assert_eq!(settles_at(1).await, 1);
        drop((second, player));
        server.discard().await;
    }
}
