//! Rated games over HTTP on SQLite, and on PostgreSQL when MENAGERIE_TEST_POSTGRES is set:
//! which games are rated, the Glicko-2 change stored with the result in one transaction,
//! the game's players with their rating change, profiles and leaderboards.

mod account_client;
mod common;

use account_client::{Browser, friend_game};
use common::{TestServer, backends};
use serde_json::{Value, json};
use sqlx::Connection;

/// A rated chess game: `white` creates it logged in, `black` joins it logged in. Returns
/// the game id and both seat tokens.
async fn rated_game(white: &mut Browser<'_>, black: &mut Browser<'_>) -> (String, String, String) {
    friend_game(
        white,
        black,
        json!({"variant": "chess", "color": "white", "rated": true}),
    )
    .await
}

async fn act(server: &TestServer, id: &str, token: &str, action: &str) -> (u16, Value) {
    server
        .post(
            &format!("/api/games/{id}/action"),
            json!({"action": action}),
            Some(token),
        )
        .await
}

async fn players(server: &TestServer, id: &str) -> Value {
    let (status, p) = server.get(&format!("/api/games/{id}/players")).await;
    assert_eq!(status, 200, "{p}");
    p
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_once() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        let mut bob = Browser::new(&server);
        alice.register("alice", "alice's password").await;
        bob.register("bob", "bob's password").await;
        let (id, white, black) = rated_game(&mut alice, &mut bob).await;
        let p = players(&server, &id).await;
        assert_eq!(p["rated"], true);
        assert_eq!(p["accounts"]["white"]["name"], "alice");
        assert_eq!(p["accounts"]["black"]["name"], "bob");
        assert_eq!(p["accounts"]["white"]["change"], Value::Null);

        server.turn(&id, &white, "e2e4").await;
        let (status, g) = act(&server, &id, &black, "resign").await;
        assert_eq!(status, 200, "{g}");
        assert_eq!(g["result"], "1-0");
        let p = players(&server, &id).await;
        let (w, b) = (&p["accounts"]["white"], &p["accounts"]["black"]);
        assert_eq!(w["change"]["before"], 1500);
        assert_eq!(b["change"]["before"], 1500);
        // Glicko-2 from 1500/350/0.06 each, one win: about +/-162.
        let gained = w["change"]["after"].as_i64().unwrap() - 1500;
        let lost = 1500 - b["change"]["after"].as_i64().unwrap();
        assert!((150..175).contains(&gained), "{p}");
        assert_eq!(gained, lost, "{p}");
        assert_eq!(w["rating"], w["change"]["after"]);

        // A second ending (the game is over) changes nothing more.
        let (status, _) = act(&server, &id, &white, "resign").await;
        assert_ne!(status, 200);
        let (status, board) = server.get("/api/leaderboard/chess").await;
        assert_eq!(status, 200);
        assert_eq!(board[0]["name"], "alice");
        assert_eq!(board[0]["rank"], 1);
        assert_eq!(board[0]["games"], 1);
        assert_eq!(board[1]["name"], "bob");
        assert_eq!(board[0]["rating"], w["change"]["after"]);
        let (status, _) = server.get("/api/leaderboard/nonsense").await;
        assert_eq!(status, 400);

        let (status, profile) = server.get("/api/players/ALICE").await;
        assert_eq!(status, 200, "{profile}");
        assert_eq!(profile["name"], "alice");
        assert_eq!(profile["ratings"][0]["variant"], "chess");
        assert_eq!(profile["ratings"][0]["games"], 1);
        assert_eq!(profile["history"][0]["game_id"], id.as_str());
        assert_eq!(profile["history"][0]["rating"], w["change"]["after"]);
        assert_eq!(profile["recent_games"][0]["id"], id.as_str());
        assert_eq!(profile["recent_games"][0]["opponent"], "bob");
        assert_eq!(profile["recent_games"][0]["color"], "white");
        assert_eq!(profile["recent_games"][0]["rated"], true);
        assert_eq!(server.get("/api/players/nobody").await.0, 404);

        // Bob deletes his account: the game stays, his seat anonymous, alice's history too.
        let r = bob
            .post("/api/account/delete", json!({"password": "bob's password"}))
            .await;
        assert_eq!(r.status, 200);
        let p = players(&server, &id).await;
        assert_eq!(p["accounts"]["black"], Value::Null);
        assert_eq!(p["accounts"]["white"]["name"], "alice");
        assert_eq!(server.game(&id, None).await["result"], "1-0");
        let (_, profile) = server.get("/api/players/alice").await;
        assert_eq!(profile["recent_games"][0]["opponent"], Value::Null);
        let (_, board) = server.get("/api/leaderboard/chess").await;
        assert_eq!(board.as_array().unwrap().len(), 1);
        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn only_games_between_two_accounts_with_server_dice_and_not_aborted_are_rated() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        let mut bob = Browser::new(&server);
        let mut anonymous = Browser::new(&server);
        alice.register("alice", "alice's password").await;
        bob.register("bob", "bob's password").await;
        let rated = json!({"variant": "chess", "opponent": "friend", "rated": true});
        assert_eq!(
            anonymous.post("/api/games", rated.clone()).await.status,
            401
        );
        for refused in [
            json!({"variant": "chess", "opponent": "engine", "rated": true}),
            json!({"variant": "chess", "opponent": "local", "rated": true}),
            json!({"variant": "chess", "opponent": "engine", "dice": "physical", "rated": true}),
        ] {
            let r = alice.post("/api/games", refused.clone()).await;
            assert_eq!(r.status, 400, "{refused}: {}", r.body);
        }
        // A rated game's seat is for another logged-in player.
        let r = alice.post("/api/games", rated.clone()).await;
        let (id, invite) = (
            r.body["id"].as_str().unwrap().to_string(),
            r.body["invite"].as_str().unwrap().to_string(),
        );
        let join = json!({"invite": invite});
        let path = format!("/api/games/{id}/join");
        assert_eq!(anonymous.post(&path, join.clone()).await.status, 401);
        assert_eq!(alice.post(&path, join.clone()).await.status, 409);
        assert_eq!(bob.post(&path, join.clone()).await.status, 200);

        // Aborted: no change.
        let (id, white, _) = rated_game(&mut alice, &mut bob).await;
        let (status, g) = act(&server, &id, &white, "abort").await;
        assert_eq!(status, 200, "{g}");
        let p = players(&server, &id).await;
        assert_eq!(p["accounts"]["white"]["change"], Value::Null);
        assert_eq!(p["accounts"]["white"]["rating"], Value::Null);

        // Casual between accounts, and rated-looking against an anonymous guest: no change.
        let r = alice
            .post(
                "/api/games",
                json!({"variant": "chess", "opponent": "friend", "color": "white"}),
            )
            .await;
        let id = r.body["id"].as_str().unwrap().to_string();
        let white = r.body["seats"]["white"].as_str().unwrap().to_string();
        let j = anonymous
            .post(
                &format!("/api/games/{id}/join"),
                json!({"invite": r.body["invite"]}),
            )
            .await;
        assert_eq!(j.status, 200);
        let p = players(&server, &id).await;
        assert_eq!(p["rated"], false);
        assert_eq!(p["accounts"]["black"], Value::Null);
        act(&server, &id, &white, "resign").await;
        let (_, board) = server.get("/api/leaderboard/chess").await;
        assert_eq!(board, json!([]));
        server.stop().await;
        backend.drop_data().await;
    }
}

/// The ratings are written in the transaction that stores the result: when writing them
/// fails, the result is not stored either, and the game can still end (and be rated)
/// afterwards. A crash between the two is the same failure.
#[tokio::test]
async fn the_result_and_the_ratings_are_committed_together() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        let mut bob = Browser::new(&server);
        alice.register("alice", "alice's password").await;
        bob.register("bob", "bob's password").await;
        let (id, white, black) = rated_game(&mut alice, &mut bob).await;
        server.turn(&id, &white, "e2e4").await;

        // A row in the way of the game's rating change makes writing it fail.
        sqlx::any::install_default_drivers();
        let mut db = sqlx::AnyConnection::connect(&backend.url()).await.unwrap();
        let block = "INSERT INTO rating_changes (game_id, color, account_id, variant, \
             rating_before, rating_after, deviation_after, at) \
             VALUES ($1, 'black', NULL, 'chess', 0.0, 0.0, 0.0, 0)";
        sqlx::query(block).bind(&id).execute(&mut db).await.unwrap();
        let (status, _) = act(&server, &id, &black, "resign").await;
        assert_eq!(status, 500);
        let stored: (String, String) =
            sqlx::query_as("SELECT status, result FROM games WHERE id = $1")
                .bind(&id)
                .fetch_one(&mut db)
                .await
                .unwrap();
        assert_eq!(stored, ("playing".to_string(), "*".to_string()));
        let (ratings,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM ratings")
            .fetch_one(&mut db)
            .await
            .unwrap();
        assert_eq!(ratings, 0, "no rating without its result");

        sqlx::query("DELETE FROM rating_changes WHERE game_id = $1")
            .bind(&id)
            .execute(&mut db)
            .await
            .unwrap();
        db.close().await.unwrap();
        let server = server.restart().await;
        assert_eq!(server.game(&id, None).await["status"], "playing");
        let (status, g) = act(&server, &id, &black, "resign").await;
        assert_eq!(status, 200, "{g}");
        let p = players(&server, &id).await;
        assert!(
            p["accounts"]["white"]["change"]["after"].as_i64().unwrap() > 1500,
            "{p}"
        );
        server.stop().await;
        backend.drop_data().await;
    }
}
