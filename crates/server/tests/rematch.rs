//! Rematches over HTTP on SQLite, and on PostgreSQL when MENAGERIE_TEST_POSTGRES is set:
//! offered by one player and taken up by the other, at once against the engine, the
//! colours swapped and everything else kept, accounts and rating included.

mod account_client;
mod common;

use account_client::{Browser, friend_game};
use common::{TestServer, backends};
use serde_json::{Value, json};

async fn rematch(server: &TestServer, id: &str, token: &str) -> (u16, Value) {
    server
        .post(&format!("/api/games/{id}/rematch"), json!({}), Some(token))
        .await
}

async fn resign(server: &TestServer, id: &str, token: &str) {
    let (status, g) = server
        .post(
            &format!("/api/games/{id}/action"),
            json!({"action": "resign"}),
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "{g}");
}

fn text(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_rematch_offered_and_accepted_swaps_the_colours_and_keeps_the_rest() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let created = server
            .create(
                json!({"variant": "juggernaut", "opponent": "friend", "color": "white",
                           "rules": {"juggernaut-edge": "reroll"},
                           "clock": {"initial_ms": 300000, "increment_ms": 2000}}),
            )
            .await;
        let id = text(&created["id"]);
        let white = text(&created["seats"]["white"]);
        let (status, joined) = server
            .post(
                &format!("/api/games/{id}/join"),
                json!({"invite": created["invite"]}),
                None,
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        let black = text(&joined["token"]);

        let (status, early) = rematch(&server, &id, &black).await;
        assert_eq!(status, 400, "not before the game is over: {early}");
        resign(&server, &id, &white).await;
        let (status, _) = rematch(&server, &id, "not a seat").await;
        assert_eq!(status, 403);

        let (status, offered) = rematch(&server, &id, &black).await;
        assert_eq!(status, 200, "{offered}");
        assert_eq!(offered["next_game"], Value::Null);
        let g = server.game(&id, None).await;
        assert_eq!(g["offers"]["rematch"], "black");
        assert_eq!(g["next_game"], Value::Null);
        let (status, again) = rematch(&server, &id, &black).await;
        assert_eq!(status, 400, "one offer at a time: {again}");

        let (status, accepted) = rematch(&server, &id, &white).await;
        assert_eq!(status, 200, "{accepted}");
        let next = text(&accepted["next_game"]);
        assert_ne!(next, id);
        let old = server.game(&id, None).await;
        assert_eq!(
            old["next_game"],
            next.as_str(),
            "both pages see where to go"
        );
        assert_eq!(old["offers"]["rematch"], Value::Null);

        // White's token in the old game is Black's seat in the new one, and the other way.
        let white_now = text(&accepted["token"]);
        assert_eq!(server.game(&next, Some(&white_now)).await["you"], "black");
        let (status, fetched) = rematch(&server, &id, &black).await;
        assert_eq!(status, 200, "{fetched}");
        assert_eq!(fetched["next_game"], next.as_str());
        let black_now = text(&fetched["token"]);
        assert_ne!(black_now, white_now);
        let g = server.game(&next, Some(&black_now)).await;
        assert_eq!(g["you"], "white");
        assert_eq!(g["status"], "playing");
        assert_eq!(g["ply"], 0);
        assert_eq!(g["variant"], "juggernaut");
        assert_eq!(g["rules"], old["rules"]);
        assert_eq!(g["clock"]["initial_ms"], 300000);
        assert_eq!(g["clock"]["increment_ms"], 2000);
        assert_ne!(g["seed_commitment"], old["seed_commitment"], "a new seed");
        // The new game is played with the new tokens only.
        let first = common::legal(&g)[0].clone();
        server.turn(&next, &black_now, &first).await;
        let (status, _) = server
            .post(
                &format!("/api/games/{next}/turn"),
                json!({"turn": "a7a6", "ply": 2}),
                Some(&black),
            )
            .await;
        assert_eq!(
            status, 403,
            "the old game's token holds no seat in the new one"
        );

        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn against_the_engine_a_rematch_starts_at_once_with_the_engine_moving_first() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let created = server
            .create(
                json!({"variant": "chess", "opponent": "engine", "color": "white",
                           "engine": {"level": 1}}),
            )
            .await;
        let id = text(&created["id"]);
        let me = text(&created["seats"]["white"]);
        resign(&server, &id, &me).await;
        let (status, started) = rematch(&server, &id, &me).await;
        assert_eq!(status, 200, "{started}");
        let next = text(&started["next_game"]);
        let token = text(&started["token"]);
        let g = server.game(&next, Some(&token)).await;
        assert_eq!(g["you"], "black");
        assert_eq!(g["players"]["white"], "engine");
        assert_eq!(g["players"]["black"], "human");
        server
            .wait_for(&next, None, |g| g["ply"].as_i64() >= Some(1))
            .await;
        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn a_rated_rematch_seats_the_same_accounts_swapped_and_is_rated() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        let mut bob = Browser::new(&server);
        alice.register("alice", "alice's password").await;
        bob.register("bob", "bob's password").await;
        let (id, white, black) = friend_game(
            &mut alice,
            &mut bob,
            json!({"variant": "chess", "color": "white", "rated": true}),
        )
        .await;
        server.turn(&id, &white, "e2e4").await;
        resign(&server, &id, &black).await;
        assert_eq!(rematch(&server, &id, &white).await.0, 200);
        let (status, accepted) = rematch(&server, &id, &black).await;
        assert_eq!(status, 200, "{accepted}");
        let next = text(&accepted["next_game"]);
        let (status, p) = server.get(&format!("/api/games/{next}/players")).await;
        assert_eq!(status, 200, "{p}");
        assert_eq!(p["rated"], true);
        assert_eq!(p["accounts"]["white"]["name"], "bob");
        assert_eq!(p["accounts"]["black"]["name"], "alice");
        server.stop().await;
        backend.drop_data().await;
    }
}
