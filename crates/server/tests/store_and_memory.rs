//! The store's writer and the games held in memory: writes queued together are committed
//! together, a write from a stale version is refused alone, a failing one fails alone, and
//! a game nobody asks for is let go and loaded again as it was, unless its clock runs.

mod common;

use common::{Backend, backends};
use serde_json::json;
use server::contract::CreateRequest;
use server::engine_pool::EnginePool;
use server::hub::Hub;
use server::live_game::{Change, LiveGame};
use server::new_game::NewGame;
use server::seats::Seat;
use server::store::{HeaderUpdate, Store, TurnRow};
use std::time::Duration;

fn new_game(body: serde_json::Value) -> LiveGame {
    let req: CreateRequest = serde_json::from_value(body).unwrap();
    let new_game = NewGame::from_request(req, true).unwrap();
    let row = new_game.row(&new_game.seating());
    LiveGame::create(row, server::clock::now_ms()).unwrap()
}

fn header(game: &LiveGame, version: i64) -> HeaderUpdate {
    HeaderUpdate {
        version,
        ..game.header()
    }
}

fn turn(ply: i64, text: &str) -> TurnRow {
    TurnRow {
        ply,
        turn: text.to_string(),
        white_ms: None,
        black_ms: None,
        played_at: 0,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_writes_commit_together_and_a_stale_or_failing_one_fails_alone() {
    for backend in backends().await {
        let store = Store::open(&backend.url()).await.unwrap();
        let games: Vec<LiveGame> = (0..40)
            .map(|_| new_game(json!({"variant": "chess", "opponent": "local"})))
            .collect();
        for g in &games {
            store.insert_game(&g.row).await.unwrap();
        }
        // Forty writes at once: the last from a stale version (it expects version 4), the
        // one before it failing half-way (its second turn has the first one's ply).
        let writes = games.iter().enumerate().map(|(i, g)| {
            let store = store.clone();
            let version = if i == 39 { 5 } else { 1 };
            let header = header(g, version);
            let id = g.row.id.clone();
            let turns = if i == 38 {
                vec![turn(1, "e2e4"), turn(1, "d2d4")]
            } else {
                vec![turn(1, "e2e4")]
            };
            async move { store.commit_turns(&id, &turns, &header).await }
        });
        let outcomes = futures_util::future::join_all(writes).await;
        for (i, outcome) in outcomes.iter().enumerate() {
            match i {
                38 => assert!(outcome.is_err(), "{}: write 38", backend.label()),
                _ => assert_eq!(
                    outcome.as_ref().unwrap(),
                    &(i != 39),
                    "{}: write {i}",
                    backend.label()
                ),
            }
        }
        for (i, g) in games.iter().enumerate() {
            let stored = store.game(&g.row.id).await.unwrap().unwrap();
            let turns = store.turns(&g.row.id).await.unwrap();
            let expected = if i == 38 || i == 39 { (0, 0) } else { (1, 1) };
            assert_eq!((stored.version, turns.len()), expected, "game {i}");
        }
        // The same turn twice is an error for that write only.
        let g = &games[0];
        let twice = store
            .commit_turns(&g.row.id, &[turn(1, "d2d4")], &header(g, 2))
            .await;
        assert!(twice.is_err());
        assert_eq!(store.game(&g.row.id).await.unwrap().unwrap().version, 1);
        store.close().await;
        Backend::drop_data(&backend).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_is_let_go_and_loaded_again_as_it_was_unless_its_clock_runs() {
    for backend in backends().await {
        let store = Store::open(&backend.url()).await.unwrap();
        let hub = Hub::with_idle_time(store, EnginePool::new(1, 16), 300);
        let plain = hub
            .create(new_game(
                json!({"variant": "behemoth", "opponent": "local", "seed": 4}),
            ))
            .await
            .unwrap();
        let timed = hub
            .create(new_game(json!({"variant": "chess", "opponent": "local",
                                    "clock": {"initial_ms": 60000}})))
            .await
            .unwrap();
        let (plain_id, timed_id) = (
            plain.live.lock().await.row.id.clone(),
            timed.live.lock().await.row.id.clone(),
        );
        drop((plain, timed));
        let played = hub
            .change(
                &plain_id,
                |g, now| g.play(Seat::Both, "e2e4", Some(0), now).map(Change::Turns),
                |g, _| (g.ply(), g.row.version, g.history().len()),
            )
            .await
            .unwrap();
        assert_eq!(played, (2, 1, 2), "the move and the server's roll");
        // No clock runs before White's first move: after it Black's does.
        hub.change(
            &timed_id,
            |g, now| g.play(Seat::Both, "e2e4", Some(0), now).map(Change::Turns),
            |_, _| (),
        )
        .await
        .unwrap();
        assert_eq!(hub.held(), 2);
        let mut waited = 0;
        while hub.held() > 1 && waited < 50 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            waited += 1;
        }
        assert_eq!(
            hub.held(),
            1,
            "{}: the idle game is let go",
            backend.label()
        );
        assert!(hub.slot(&timed_id).await.is_ok());
        let again = hub.slot(&plain_id).await.unwrap();
        let live = again.live.lock().await;
        assert_eq!((live.ply(), live.row.version, live.history().len()), played);
        assert_eq!(hub.held(), 2);
        drop(live);
        hub.drop_all();
        hub.store.close().await;
        Backend::drop_data(&backend).await;
    }
}
