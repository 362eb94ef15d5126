//! The API of docs/api.md against SQLite, and against PostgreSQL when
//! MENAGERIE_TEST_POSTGRES is set: games, turns, dice, clocks, actions, bad input.

mod common;

use common::{Backend, TestServer, backends, essence, legal};
use serde_json::{Value, json};
use std::future::Future;

/// Runs `scenario` once per backend, each on a fresh database.
async fn each_backend<F, Fut>(scenario: F)
where
    F: Fn(TestServer) -> Fut,
    Fut: Future<Output = TestServer>,
{
    for backend in backends().await {
        let label = backend.label();
        eprintln!("-- {label}");
        let server = TestServer::start(&backend).await;
        scenario(server).await.stop().await;
        Backend::drop_data(&backend).await;
    }
}

fn token(reply: &Value, seat: &str) -> String {
    reply["seats"][seat].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_local_behemoth_game_rolls_after_each_move_and_reads_back() {
    each_backend(|s| async move {
        let created = s
            .create(json!({"variant": "behemoth", "opponent": "local", "seed": 7}))
            .await;
        let id = created["id"].as_str().unwrap().to_string();
        let t = token(&created, "white");
        assert_eq!(created["seats"]["black"], created["seats"]["white"]);
        assert_eq!(created["game"]["you"], "both");
        assert_eq!(created["game"]["ply"], 0);
        assert!(legal(&created["game"]).contains(&"e2e4".to_string()));
        assert_eq!(created["game"]["seed"], Value::Null);
        assert_eq!(created["game"]["seed_commitment"], dice::seed_commitment(7));

        let g = s.turn(&id, &t, "e2e4").await;
        assert_eq!(g["ply"], 2, "the server's roll follows the move");
        assert_eq!(g["history"][0]["uci"], "e2e4");
        assert_eq!(g["history"][1]["kind"], "roll");
        assert_eq!(g["owed"], "move");
        assert_eq!(g["to_move"], "black");
        // The same seed rolls the same dice.
        let (mut stream, start) = {
            let mut stream = dice::DiceStream::new(7);
            let start = rules::Position::start(rules::VariantId::Behemoth.rules().unwrap());
            let start = stream.starting_position(start).unwrap();
            (stream, start)
        };
        let mut pos = start;
        pos.play(rules::uci_move::parse(&pos, "e2e4").unwrap());
        let roll = stream.roll(&pos).unwrap();
        assert_eq!(
            g["history"][1]["uci"],
            rules::chance::write_token(&pos, roll)
        );
        assert_eq!(g["history"][1]["meaning"], pos.roll_meaning(roll));
        assert_eq!(
            g["history"][0]["meaning"],
            Value::Null,
            "a move has no meaning"
        );

        let read = s.game(&id, None).await;
        assert_eq!(essence(&read), essence(&g));
        assert_eq!(read["legal"], json!([]), "no legal turns without a token");
        assert_eq!(read["you"], Value::Null);

        let (status, lobby) = s.get("/api/games?status=playing").await;
        assert_eq!(status, 200);
        let entry = lobby
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == id.as_str())
            .unwrap();
        assert_eq!(entry["ply"], 2);
        assert_eq!(entry["name"], "Behemoth Chess");

        let (status, pgn) = s.get_text(&format!("/api/games/{id}/pgn")).await;
        assert_eq!(status, 200);
        assert!(pgn.contains("[%roll "), "{pgn}");
        assert!(pgn.contains(&format!(
            "[SeedCommitment \"{}\"]",
            dice::seed_commitment(7)
        )));
        assert!(
            !pgn.contains("[Seed \""),
            "the seed stays secret until the end: {pgn}"
        );
        let parsed = rules::pgn::parse(&pgn).unwrap();
        assert_eq!(parsed.game.turns().len(), 2);

        let (status, _) = s
            .post(
                &format!("/api/games/{id}/action"),
                json!({"action": "resign"}),
                Some(&t),
            )
            .await;
        assert_eq!(status, 200);
        let (_, pgn) = s.get_text(&format!("/api/games/{id}/pgn")).await;
        assert!(pgn.contains("[Seed \"7\"]"), "{pgn}");
        assert!(
            pgn.contains("[Result \"1-0\"]"),
            "black, on move, resigned: {pgn}"
        );
        s
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_a_4xx_and_changes_nothing() {
    each_backend(|s| async move {
        let created = s
            .create(
                json!({"variant": "chess", "opponent": "friend", "color": "white",
                           "clock": {"initial_ms": 600000, "increment_ms": 0}}),
            )
            .await;
        let id = created["id"].as_str().unwrap().to_string();
        let white = token(&created, "white");
        let invite = created["invite"].as_str().unwrap().to_string();
        assert_eq!(created["game"]["status"], "waiting");
        let (status, e) = s
            .post(
                &format!("/api/games/{id}/turn"),
                json!({"turn": "e2e4", "ply": 0}),
                Some(&white),
            )
            .await;
        assert_eq!(
            (status, e["error"].is_string()),
            (400, true),
            "no move before the friend joins: {e}"
        );
        let (status, joined) = s
            .post(
                &format!("/api/games/{id}/join"),
                json!({"invite": invite}),
                None,
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["seat"], "black");
        let black = joined["token"].as_str().unwrap().to_string();
        let (status, again) = s
            .post(
                &format!("/api/games/{id}/join"),
                json!({"invite": invite}),
                None,
            )
            .await;
        assert_eq!(status, 409, "{again}");
        s.turn(&id, &white, "e2e4").await;
        let before = essence(&s.game(&id, None).await);

        let turn = format!("/api/games/{id}/turn");
        let cases: Vec<(&str, u16, Vec<u8>, Option<&str>)> = vec![
            (
                "illegal move",
                400,
                json!({"turn": "e7e3", "ply": 1}).to_string().into_bytes(),
                Some(&black),
            ),
            (
                "unparsable move",
                400,
                json!({"turn": "zz99", "ply": 1}).to_string().into_bytes(),
                Some(&black),
            ),
            (
                "out of turn",
                403,
                json!({"turn": "d2d4", "ply": 1}).to_string().into_bytes(),
                Some(&white),
            ),
            (
                "wrong token",
                403,
                json!({"turn": "e7e5", "ply": 1}).to_string().into_bytes(),
                Some("0123456789abcdef"),
            ),
            (
                "no token",
                403,
                json!({"turn": "e7e5", "ply": 1}).to_string().into_bytes(),
                None,
            ),
            (
                "malformed JSON",
                400,
                b"{\"turn\": \"e7e5\"".to_vec(),
                Some(&black),
            ),
            (
                "stale ply",
                409,
                json!({"turn": "e7e5", "ply": 0}).to_string().into_bytes(),
                Some(&black),
            ),
            (
                "roll in a game without dice",
                400,
                json!({"roll": "7 4", "ply": 1}).to_string().into_bytes(),
                Some(&black),
            ),
            ("oversized body", 413, vec![b' '; 70 * 1024], Some(&black)),
        ];
        for (what, want, body, tok) in cases {
            let (status, e) = s.post_raw(&turn, body, tok).await;
            assert_eq!(status, want, "{what}: {e}");
            let message = e["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{what}: no error message: {e}"));
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "{what}: {message}"
            );
            assert_eq!(
                essence(&s.game(&id, None).await),
                before,
                "{what} changed the game"
            );
        }
        let (status, e) = s
            .post(
                "/api/games/nosuchgame/turn",
                json!({"turn": "e7e5", "ply": 1}),
                Some(&black),
            )
            .await;
        assert_eq!(status, 404, "{e}");
        let (status, e) = s.get("/api/games/nosuchgame").await;
        assert_eq!((status, e["error"].is_string()), (404, true));
        let (status, e) = s
            .post(
                &format!("/api/games/{id}/action"),
                json!({"action": "dance"}),
                Some(&black),
            )
            .await;
        assert_eq!(status, 400, "{e}");
        let (status, e) = s
            .post(
                &format!("/api/games/{id}/action"),
                json!({"action": "accept-draw"}),
                Some(&black),
            )
            .await;
        assert_eq!(status, 400, "no draw was offered: {e}");
        for bad in [
            json!({"variant": "checkers"}),
            json!({"variant": "juggernaut", "rules": {"juggernaut-edge": "bounce"}}),
            json!({"variant": "chess", "rules": {"home-rows": "open"}}),
            json!({"variant": "chess", "engine": {"level": 9}}),
            json!({"variant": "chess", "opponent": "robot"}),
            json!({"variant": "chess", "clock": {"initial_ms": -5}}),
        ] {
            let (status, e) = s.post("/api/games", bad.clone(), None).await;
            assert_eq!(status, 400, "{bad}: {e}");
        }
        assert_eq!(essence(&s.game(&id, None).await), before);
        // What is stored is unchanged too: a new server reads the same game back.
        let s = s.restart().await;
        assert_eq!(essence(&s.game(&id, None).await), before);
        // A good turn still goes through.
        let g = s.turn(&id, &black, "e7e5").await;
        assert_eq!(g["ply"], 2);
        s
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_takebacks_resign_and_abort() {
    each_backend(|s| async move {
        let new_game = || async {
            let c = s
                .create(json!({"variant": "behemoth", "opponent": "local", "seed": 11}))
                .await;
            (c["id"].as_str().unwrap().to_string(), token(&c, "white"))
        };
        let action = |id: String, t: String, a: &'static str, seat: Option<&'static str>| {
            let s = &s;
            async move {
                let mut body = json!({"action": a});
                if let Some(seat) = seat {
                    body["seat"] = json!(seat);
                }
                s.post(&format!("/api/games/{id}/action"), body, Some(&t))
                    .await
            }
        };
        // Abort before both sides moved; not after.
        let (id, t) = new_game().await;
        s.turn(&id, &t, "e2e4").await;
        let (status, g) = action(id.clone(), t.clone(), "abort", None).await;
        assert_eq!(
            (status, &g["status"], &g["reason"]),
            (200, &json!("over"), &json!("aborted"))
        );
        let (id, t) = new_game().await;
        s.turn(&id, &t, "e2e4").await;
        s.turn(&id, &t, "e7e5").await;
        let (status, _) = action(id.clone(), t.clone(), "abort", None).await;
        assert_eq!(status, 400);
        // Takeback: white asks, black agrees; white is on move again at ply 2.
        let before = s.game(&id, None).await;
        let taken_back = s.turn(&id, &t, "g1f3").await;
        let (status, g) = action(id.clone(), t.clone(), "offer-takeback", Some("white")).await;
        assert_eq!((status, &g["offers"]["takeback"]), (200, &json!("white")));
        let (status, g) = action(id.clone(), t.clone(), "accept-takeback", Some("black")).await;
        assert_eq!(status, 200, "{g}");
        assert_eq!(essence(&g), essence(&before));
        // The dice are a function of the record: the same move rolls the same again.
        let again = s.turn(&id, &t, "g1f3").await;
        assert_eq!(again["history"], taken_back["history"]);
        // Draw offered, declined, offered, accepted.
        let (_, g) = action(id.clone(), t.clone(), "offer-draw", Some("white")).await;
        assert_eq!(g["offers"]["draw"], "white");
        let (_, g) = action(id.clone(), t.clone(), "decline-draw", Some("black")).await;
        assert_eq!(g["offers"]["draw"], Value::Null);
        action(id.clone(), t.clone(), "offer-draw", Some("black")).await;
        let (status, g) = action(id.clone(), t.clone(), "accept-draw", Some("white")).await;
        assert_eq!(
            (status, &g["result"], &g["reason"]),
            (200, &json!("1/2-1/2"), &json!("agreement"))
        );
        assert_eq!(g["seed"], "11", "the seed is published at the end");
        let (status, _) = action(id.clone(), t.clone(), "resign", None).await;
        assert_eq!(status, 400, "the game is over");
        // Resign.
        let (id, t) = new_game().await;
        let (status, g) = action(id.clone(), t.clone(), "resign", Some("white")).await;
        assert_eq!(
            (status, &g["result"], &g["reason"]),
            (200, &json!("0-1"), &json!("resignation"))
        );
        s
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn physical_dice_are_typed_by_a_player() {
    each_backend(|s| async move {
        let c = s
            .create(json!({"variant": "behemoth", "opponent": "local", "dice": "physical"}))
            .await;
        let id = c["id"].as_str().unwrap().to_string();
        let t = token(&c, "white");
        let g = s.turn(&id, &t, "e2e4").await;
        assert_eq!((&g["ply"], &g["owed"]), (&json!(1), &json!("roll")));
        assert_eq!(g["rolls"].as_array().unwrap().len(), 32);
        let (status, e) = s
            .post(
                &format!("/api/games/{id}/turn"),
                json!({"turn": "e7e5", "ply": 1}),
                Some(&t),
            )
            .await;
        assert_eq!(status, 400, "the dice are owed: {e}");
        let (status, e) = s
            .post(
                &format!("/api/games/{id}/turn"),
                json!({"roll": "9 1", "ply": 1}),
                Some(&t),
            )
            .await;
        assert_eq!(status, 400, "a d8 has no 9: {e}");
        let (status, g) = s
            .post(
                &format!("/api/games/{id}/turn"),
                json!({"roll": "2 1", "ply": 1}),
                Some(&t),
            )
            .await;
        assert_eq!(status, 200, "{g}");
        assert_eq!(
            (&g["ply"], &g["history"][1]["uci"]),
            (&json!(2), &json!("~2.1"))
        );
        s
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_flag_falls_on_the_server() {
    each_backend(|s| async move {
        let c = s
            .create(json!({"variant": "chess", "opponent": "local",
                           "clock": {"initial_ms": 1000, "increment_ms": 0}}))
            .await;
        let id = c["id"].as_str().unwrap().to_string();
        let t = c["seats"]["white"].as_str().unwrap().to_string();
        // no clock runs before White's first move...
        assert_eq!(c["game"]["clock"]["running"], Value::Null);
        tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
        let g = s.game(&id, None).await;
        assert_eq!(
            (&g["status"], &g["clock"]["white_ms"]),
            (&json!("playing"), &json!(1000))
        );
        // ...and then Black's runs out
        let g = s.turn(&id, &t, "e2e4").await;
        assert_eq!(g["clock"]["running"], "black", "{g}");
        let g = s.wait_for(&id, None, |g| g["status"] == "over").await;
        assert_eq!(
            (&g["result"], &g["reason"]),
            (&json!("1-0"), &json!("time"))
        );
        assert_eq!(g["clock"]["black_ms"], 0);
        assert_eq!(g["clock"]["running"], Value::Null);
        s
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_reloads_games_at_the_same_ply_clocks_and_dice() {
    each_backend(|s| async move {
        let body = json!({"variant": "behemoth", "opponent": "local", "seed": 99,
                          "clock": {"initial_ms": 300000, "increment_ms": 2000}});
        let c = s.create(body.clone()).await;
        let twin = s.create(body).await;
        let (id, t) = (c["id"].as_str().unwrap().to_string(), token(&c, "white"));
        let (twin_id, twin_t) = (
            twin["id"].as_str().unwrap().to_string(),
            token(&twin, "white"),
        );
        let mut last = Value::Null;
        for mv in ["e2e4", "e7e5", "g1f3"] {
            last = s.turn(&id, &t, mv).await;
            s.turn(&twin_id, &twin_t, mv).await;
        }
        let s = s.restart().await;
        let g = s.game(&id, Some(&t)).await;
        assert_eq!(essence(&g), essence(&last));
        assert_eq!(
            g["clock"]["white_ms"], last["clock"]["white_ms"],
            "the stopped clock is the same"
        );
        let running_before = last["clock"]["black_ms"].as_i64().unwrap();
        let running_now = g["clock"]["black_ms"].as_i64().unwrap();
        assert!(running_now <= running_before && running_now > running_before - 5000);
        assert_eq!(g["clock"]["running"], "black");
        // The next roll is the one the game without a restart rolls.
        let next = s.turn(&id, &t, "b8c6").await;
        let twin_next = s.turn(&twin_id, &twin_t, "b8c6").await;
        assert_eq!(next["history"], twin_next["history"]);
        s
    })
    .await;
}
