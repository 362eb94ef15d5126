//! The engine opponent through the API, and the WebSocket: a turn sent on the socket is
//! acknowledged by an update at the next ply, the engine's reply is pushed, and the game
//! rebuilt from the updates is the game the server holds.

mod common;

use common::{Backend, TestServer, backends, essence, legal};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

async fn next_state(
    socket: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
) -> Value {
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(30), socket.next())
            .await
            .expect("a message within 30 s")
            .expect("the socket stays open")
            .expect("a good frame");
        if let Message::Text(t) = msg {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// Applies a socket's `update` to `game`, as the page does; the update must follow the
/// game's version.
fn apply(game: &mut Value, update: &Value) {
    assert_eq!(
        update["version"].as_i64().unwrap(),
        game["version"].as_i64().unwrap() + 1,
        "updates come one version at a time: {update}"
    );
    let keep = update["keep"].as_u64().unwrap() as usize;
    let mut history = game["history"].as_array().unwrap()[..keep].to_vec();
    history.extend(update["added"].as_array().unwrap().iter().cloned());
    for (field, value) in update.as_object().unwrap() {
        if field != "keep" && field != "added" {
            game[field] = value.clone();
        }
    }
    game["history"] = Value::Array(history);
}

/// The game as a socket's messages make it: states replace it, updates are applied.
fn take(game: &mut Value, m: &Value) {
    match m["type"].as_str() {
        Some("state") => *game = m["game"].clone(),
        Some("update") => apply(game, &m["update"]),
        _ => panic!("not a state or an update: {m}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_on_the_socket_is_acknowledged_and_the_engine_replies() {
    for backend in backends().await {
        let s = TestServer::start(&backend).await;
        let c = s
            .create(
                json!({"variant": "behemoth", "opponent": "engine", "color": "white",
                           "engine": {"level": 1}, "seed": 5}),
            )
            .await;
        let id = c["id"].as_str().unwrap();
        let t = c["seats"]["white"].as_str().unwrap();
        let (mut socket, _) =
            tokio_tungstenite::connect_async(s.ws_url(&format!("/api/games/{id}/ws?seat={t}")))
                .await
                .unwrap();
        let first = next_state(&mut socket).await;
        assert_eq!(
            (&first["type"], &first["game"]["ply"]),
            (&json!("state"), &json!(0))
        );
        assert_eq!(first["game"]["you"], "white");
        socket
            .send(Message::Text(
                json!({"type": "turn", "turn": "e2e4", "ply": 0})
                    .to_string()
                    .into(),
            ))
            .await
            .unwrap();
        // A spectator's socket sees the same changes without the legal turns.
        let (mut watcher, _) =
            tokio_tungstenite::connect_async(s.ws_url(&format!("/api/games/{id}/ws")))
                .await
                .unwrap();
        let mut watched = next_state(&mut watcher).await["game"].clone();
        let mut game = first["game"].clone();
        let mut saw_ack = false;
        loop {
            let m = next_state(&mut socket).await;
            assert_eq!(m["type"], "update", "{m}");
            take(&mut game, &m);
            let ply = game["ply"].as_i64().unwrap();
            saw_ack |= ply >= 2;
            if ply >= 4 {
                assert_eq!(game["history"][0]["uci"], "e2e4");
                assert_eq!(game["history"][2]["color"], "black", "the engine moved");
                assert!(
                    game["status"] != "playing" || !legal(&game).is_empty(),
                    "white's legal turns come with its token: {m}"
                );
                break;
            }
        }
        let held = s.game(id, Some(t)).await;
        assert_eq!(essence(&game), essence(&held));
        assert_eq!(
            (&game["version"], &game["legal"], &game["pieces"]),
            (&held["version"], &held["legal"], &held["pieces"])
        );
        while watched["version"] != held["version"] {
            let m = next_state(&mut watcher).await;
            assert!(
                legal(&m["update"]).is_empty(),
                "a spectator has no turns: {m}"
            );
            take(&mut watched, &m);
        }
        assert_eq!(essence(&watched), essence(&held));
        // Asked for, the whole game comes again.
        socket
            .send(Message::Text(json!({"type": "state"}).to_string().into()))
            .await
            .unwrap();
        let again = next_state(&mut socket).await;
        assert_eq!(again["type"], "state", "{again}");
        assert_eq!(essence(&again["game"]), essence(&held));
        assert!(saw_ack);
        // Errors come back on the same socket.
        socket
            .send(Message::Text(
                json!({"type": "turn", "turn": "e2e4", "ply": 4})
                    .to_string()
                    .into(),
            ))
            .await
            .unwrap();
        let e = next_state(&mut socket).await;
        assert_eq!(
            (&e["type"], &e["status"]),
            (&json!("error"), &json!(400)),
            "{e}"
        );
        socket.send(Message::Text("{nope".into())).await.unwrap();
        let e = next_state(&mut socket).await;
        assert_eq!(
            (&e["type"], &e["status"]),
            (&json!("error"), &json!(400)),
            "{e}"
        );
        s.stop().await;
        Backend::drop_data(&backend).await;
    }
}

/// Plays the human side with the first legal turn (rotating through the list) until the
/// game ends or each side has made 30 moves.
async fn play_engine_game(s: &TestServer, variant: &str) {
    let c = s
        .create(
            json!({"variant": variant, "opponent": "engine", "color": "white",
                       "engine": {"level": 1}, "seed": 3}),
        )
        .await;
    let id = c["id"].as_str().unwrap().to_string();
    let t = c["seats"]["white"].as_str().unwrap().to_string();
    let mut g = c["game"].clone();
    let mut moves = 0;
    while g["status"] == "playing" && moves < 30 {
        let options = legal(&g);
        assert!(
            !options.is_empty(),
            "{variant}: white on move has legal turns: {g}"
        );
        let choice = &options[(moves * 7) % options.len()];
        let ply = g["ply"].as_i64().unwrap();
        let (status, after) = s
            .post(
                &format!("/api/games/{id}/turn"),
                json!({"turn": choice, "ply": ply}),
                Some(&t),
            )
            .await;
        assert_eq!(status, 200, "{variant}: {choice}: {after}");
        moves += 1;
        g = s
            .wait_for(&id, Some(&t), |g| {
                g["status"] != "playing" || (g["owed"] == "move" && g["to_move"] == "white")
            })
            .await;
    }
    let history = g["history"].as_array().unwrap();
    let engine_moves = history.iter().filter(|h| h["color"] == "black").count();
    assert!(
        engine_moves + 1 >= moves,
        "{variant}: the engine answered each move ({engine_moves} answers to {moves}): {}",
        g["history"]
    );
    eprintln!(
        "{variant}: {} plies, {} {}",
        g["ply"], g["result"], g["reason"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_games_in_every_variant_family() {
    for backend in backends().await {
        let s = TestServer::start(&backend).await;
        // The engine on White moves as soon as the game is created.
        let c = s
            .create(
                json!({"variant": "chess", "opponent": "engine", "color": "black",
                           "engine": {"level": 2}}),
            )
            .await;
        let id = c["id"].as_str().unwrap();
        let t = c["seats"]["black"].as_str().unwrap();
        assert_eq!(c["players"], Value::Null);
        assert_eq!(c["game"]["players"]["white"], "engine");
        let g = s.wait_for(id, Some(t), |g| g["ply"] == 1).await;
        assert_eq!(
            (&g["to_move"], &g["you"]),
            (&json!("black"), &json!("black"))
        );
        assert!(!legal(&g).is_empty());
        // It grants a takeback where there are no dice...
        s.turn(id, t, "e7e5").await;
        let g = s.wait_for(id, Some(t), |g| g["ply"] == 3).await;
        let action = |id: String, body: Value| {
            let s = &s;
            async move {
                s.post(&format!("/api/games/{id}/action"), body, Some(t))
                    .await
            }
        };
        let (status, g2) = action(id.to_string(), json!({"action": "offer-takeback"})).await;
        assert_eq!((status, &g2["ply"]), (200, &json!(1)), "{g2}");
        assert_eq!(g2["history"][0], g["history"][0]);
        // ...and declines it where the dice would rewind.
        let c = s
            .create(
                json!({"variant": "behemoth", "opponent": "engine", "color": "white",
                           "engine": {"level": 1}, "seed": 1}),
            )
            .await;
        let (bid, bt) = (
            c["id"].as_str().unwrap(),
            c["seats"]["white"].as_str().unwrap(),
        );
        s.turn(bid, bt, "e2e4").await;
        let g = s
            .wait_for(bid, Some(bt), |g| g["ply"] == 4 || g["status"] == "over")
            .await;
        let (status, g2) = s
            .post(
                &format!("/api/games/{bid}/action"),
                json!({"action": "offer-takeback"}),
                Some(bt),
            )
            .await;
        if g["status"] == "playing" {
            assert_eq!(
                (status, &g2["ply"], &g2["offers"]["takeback"]),
                (200, &json!(4), &Value::Null)
            );
        }
        // With physical dice nothing is revealed by rewinding: the engine grants it.
        let c = s
            .create(
                json!({"variant": "behemoth", "opponent": "engine", "color": "white",
                           "engine": {"level": 1}, "dice": "physical"}),
            )
            .await;
        let (pid, pt) = (
            c["id"].as_str().unwrap(),
            c["seats"]["white"].as_str().unwrap(),
        );
        let g = s.turn(pid, pt, "e2e4").await;
        let (status, g2) = s
            .post(
                &format!("/api/games/{pid}/action"),
                json!({"action": "offer-takeback"}),
                Some(pt),
            )
            .await;
        assert_eq!(
            (status, &g["ply"], &g2["ply"]),
            (200, &json!(1), &json!(0)),
            "{g2}"
        );
        for variant in [
            "chess",
            "behemoth",
            "juggernaut",
            "behemoth-loop",
            "battle-chieftain",
            "wildebeest",
        ] {
            play_engine_game(&s, variant).await;
        }
        s.stop().await;
        Backend::drop_data(&backend).await;
    }
}
