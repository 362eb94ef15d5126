//! Correspondence games (days per move) on SQLite, and on PostgreSQL when
//! MENAGERIE_TEST_POSTGRES is set: every move gets the whole time again, the game outlives
//! a restart with its clock counted in wall-clock time, a side out of time while no server
//! held the game loses when the server comes back, and a player's list of games puts the
//! games waiting for them first.

mod account_client;
mod common;

use account_client::{Browser, friend_game};
use common::{TestServer, backends};
use serde_json::{Value, json};
use sqlx::Connection;

const DAY: i64 = 86_400_000;

fn text(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

/// A friend game between two accounts with `days` per move, alice White.
async fn game(
    alice: &mut Browser<'_>,
    bob: &mut Browser<'_>,
    days: i64,
) -> (String, String, String) {
    friend_game(
        alice,
        bob,
        json!({"variant": "chess", "color": "white", "days_per_move": days}),
    )
    .await
}

/// Moves the game's last change `ms` into the past, as if that long had gone by.
async fn age(url: &str, id: &str, ms: i64) {
    sqlx::any::install_default_drivers();
    let mut db = sqlx::AnyConnection::connect(url).await.unwrap();
    sqlx::query(
        "UPDATE games SET updated_at = updated_at - $1, deadline = deadline - $1 WHERE id = $2",
    )
    .bind(ms)
    .bind(id)
    .execute(&mut db)
    .await
    .unwrap();
}

/// The game's stored status and result, once the server has written the result (10 s at
/// most).
async fn stored_status(url: &str, id: &str) -> (String, String) {
    let mut db = sqlx::AnyConnection::connect(url).await.unwrap();
    for _ in 0..100 {
        let stored: (String, String) =
            sqlx::query_as("SELECT status, result FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(&mut db)
                .await
                .unwrap();
        if stored.0 == "over" {
            return stored;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("game {id} still unfinished in the store");
}

#[tokio::test]
async fn days_per_move_are_checked() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        for (body, why) in [
            (
                json!({"variant": "chess", "days_per_move": 4}),
                "4 is not offered",
            ),
            (
                json!({"variant": "chess", "days_per_move": 3,
                       "clock": {"initial_ms": 60000, "increment_ms": 0}}),
                "a clock and days",
            ),
        ] {
            let (status, e) = server.post("/api/games", body, None).await;
            assert_eq!(status, 400, "{why}: {e}");
        }
        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn each_move_has_the_days_and_a_timeout_while_nobody_held_the_game_is_found() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        let mut bob = Browser::new(&server);
        alice.register("alice", "alice's password").await;
        bob.register("bob", "bob's password").await;
        let (id, white, black) = game(&mut alice, &mut bob, 2).await;
        // a second game, where nobody has moved yet, is Alice's turn
        let (other, _, _) = game(&mut alice, &mut bob, 7).await;

        server.turn(&id, &white, "e2e4").await;
        let g = server.game(&id, None).await;
        assert_eq!(g["clock"]["days_per_move"], 2);
        assert_eq!(g["clock"]["running"], "black");
        assert_eq!(
            g["clock"]["white_ms"],
            2 * DAY,
            "White's time is whole again"
        );

        let mine = alice.get("/api/account/games").await;
        assert_eq!(mine.status, 200, "{}", mine.body);
        let order: Vec<(String, bool)> = mine
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (text(&g["id"]), g["your_turn"].as_bool().unwrap()))
            .collect();
        assert_eq!(order, [(other.clone(), true), (id.clone(), false)]);
        let theirs = bob.get("/api/account/games").await;
        assert_eq!(
            theirs.body[0]["id"],
            id.as_str(),
            "Black is on move in the first game"
        );
        assert_eq!(theirs.body[0]["your_turn"], true);
        assert!(theirs.body[0]["deadline"].as_i64().unwrap() > 0);

        // A day goes by with the server down: the clock counts it.
        server.stop().await;
        age(&backend.url(), &id, DAY).await;
        let server = TestServer::start(&backend).await;
        let g = server.game(&id, Some(&black)).await;
        let black_ms = g["clock"]["black_ms"].as_i64().unwrap();
        assert!(
            (DAY - 60_000..=DAY).contains(&black_ms),
            "about one of Black's two days is left: {black_ms}"
        );
        assert_eq!(g["status"], "playing");

        // Two more days go by with no server: the next one to start records the loss by
        // itself, before anyone asks for the game.
        server.stop().await;
        age(&backend.url(), &id, 2 * DAY).await;
        let server = TestServer::start(&backend).await;
        assert_eq!(
            stored_status(&backend.url(), &id).await,
            ("over".into(), "1-0".into())
        );
        let over = server.game(&id, None).await;
        assert_eq!(over["reason"], "time");
        let (status, _) = server
            .post(
                &format!("/api/games/{id}/turn"),
                json!({"turn": "e7e5", "ply": 1}),
                Some(&black),
            )
            .await;
        assert_ne!(status, 200, "no move after the time ran out");
        server.stop().await;
        backend.drop_data().await;
    }
}
