//! `GET /api/games/ID/review` over HTTP: refused while a game is on, then the engine's
//! review of a finished Behemoth game, with the luck of each roll, computed once.

mod common;

use common::{TestServer, legal, sqlite};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_behemoth_game_is_reviewed_with_the_luck_of_each_roll() {
    let s = TestServer::start(&sqlite()).await;
    let created = s
        .create(json!({"variant": "behemoth", "opponent": "local", "seed": 7}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"]["white"].as_str().unwrap().to_string();
    let mut g = created["game"].clone();
    for _ in 0..6 {
        let Some(first) = legal(&g).into_iter().next() else {
            break;
        };
        g = s.turn(&id, &token, &first).await;
    }
    let (status, refused) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(status, 409, "{refused}");

    let (status, _) = s
        .post(
            &format!("/api/games/{id}/action"),
            json!({"action": "resign"}),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200);
    let (status, review) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(status, 200, "{review}");
    let game = s.game(&id, None).await;
    let entries = review["entries"].as_array().unwrap();
    assert_eq!(entries.len(), game["history"].as_array().unwrap().len());
    let rolls: Vec<&Value> = entries.iter().filter(|e| e["kind"] == "roll").collect();
    assert!(!rolls.is_empty());
    let total: f64 = rolls.iter().map(|e| e["luck"].as_f64().unwrap()).sum();
    assert!((review["luck_white"].as_f64().unwrap() - total).abs() < 1e-6);
    let by_roller = &review["luck_by_roller"];
    let white = by_roller["white"].as_f64().unwrap();
    let black = by_roller["black"].as_f64().unwrap();
    assert!((white - black - total).abs() < 1e-6, "{by_roller} {total}");
    assert!(review["verdict"].as_str().unwrap().starts_with("The dice "));
    for (entry, recorded) in entries.iter().zip(game["history"].as_array().unwrap()) {
        assert_eq!(entry["san"], recorded["san"]);
        let win = entry["white_win"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&win));
    }
    let (_, again) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(again, review, "a review is computed once and kept");
    s.discard().await;
}
