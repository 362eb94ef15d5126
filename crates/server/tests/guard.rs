//! Dice nobody can choose, per-client limits and the hardening of docs/api.md
//! ("Security"): each rule tried from outside, over HTTP and WebSockets.

mod common;

use common::{TestServer, backends, sqlite};
use dice::DiceStream;
use rules::{Game, Position, VariantId, chance, uci_move};
use serde_json::{Value, json};
use server::limits::Limits;
use sha2::{Digest, Sha256};
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A server on SQLite that is not in test mode, with `limits`.
async fn production(limits: Limits) -> TestServer {
    TestServer::start_with(&sqlite(), |c| {
        c.test_mode = false;
        c.limits = limits;
    })
    .await
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The dice seed docs/api.md tells a player to compute: the first 16 hex digits of the
/// SHA-256 of "SERVER WHITE BLACK".
fn mixed(server: &str, white: &str, black: &str) -> u64 {
    let hex = sha256_hex(&format!("{server} {white} {black}"));
    u64::from_str_radix(&hex[..16], 16).unwrap()
}

/// The Behemoth's roll after 1. e2e4 from `seed`.
fn first_roll(seed: u64) -> String {
    let mut stream = DiceStream::new(seed);
    let start = Position::start(VariantId::Behemoth.rules().unwrap());
    let mut game = Game::new(stream.starting_position(start).unwrap());
    let pos = game.position().clone();
    game.play(uci_move::parse(&pos, "e2e4").unwrap()).unwrap();
    chance::write_token(game.position(), stream.roll(game.position()).unwrap())
}

// ---- Dice nobody can choose ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seed_in_the_request_is_refused_outside_test_mode() {
    let s = production(Limits::default()).await;
    for seed in [json!(7), json!("7")] {
        let (status, e) = s
            .post(
                "/api/games",
                json!({"variant": "behemoth", "opponent": "local", "seed": seed}),
                None,
            )
            .await;
        assert_eq!(status, 400, "{e}");
        assert!(
            e["error"]
                .as_str()
                .unwrap()
                .contains("seed cannot be chosen"),
            "{e}"
        );
    }
    // Two games asked for alike get different seeds.
    let body = json!({"variant": "behemoth", "opponent": "local", "entropy": "same"});
    let a = s.create(body.clone()).await;
    let b = s.create(body).await;
    assert_ne!(a["game"]["seed_commitment"], b["game"]["seed_commitment"]);
    s.discard().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn physical_dice_are_refused_where_two_remote_players_meet() {
    let s = production(Limits::default()).await;
    let (status, e) = s
        .post(
            "/api/games",
            json!({"variant": "behemoth", "opponent": "friend", "dice": "physical"}),
            None,
        )
        .await;
    assert_eq!(status, 400, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("physical dice"),
        "{e}"
    );
    for opponent in ["local", "engine"] {
        let c = s
            .create(json!({"variant": "behemoth", "opponent": opponent, "dice": "physical"}))
            .await;
        assert_eq!(c["game"]["dice"], "physical", "{opponent}");
    }
    s.discard().await;
}

/// A friend game: the creator and the guest each add entropy, the guest after the
/// commitment is published; the dice roll from the mix, which the revealed seed proves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dice_roll_from_the_server_seed_mixed_with_both_players_entropy() {
    for backend in backends().await {
        let s = TestServer::start_with(&backend, |c| c.test_mode = false).await;
        let c = s
            .create(
                json!({"variant": "behemoth", "opponent": "friend", "color": "white",
                           "entropy": "creator-1"}),
            )
            .await;
        let id = c["id"].as_str().unwrap().to_string();
        let white = c["seats"]["white"].as_str().unwrap().to_string();
        let commitment = c["game"]["seed_commitment"].as_str().unwrap().to_string();
        assert_eq!(
            c["game"]["entropy"],
            json!({"white": "creator-1", "black": null})
        );
        let (status, bad) = s
            .post(
                &format!("/api/games/{id}/join"),
                json!({"invite": c["invite"], "entropy": "no spaces"}),
                None,
            )
            .await;
        assert_eq!(status, 400, "{bad}");
        let (status, joined) = s
            .post(
                &format!("/api/games/{id}/join"),
                json!({"invite": c["invite"], "entropy": "guest_2"}),
                None,
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(
            joined["game"]["seed_commitment"], commitment,
            "the commitment stands"
        );
        assert_eq!(
            joined["game"]["entropy"],
            json!({"white": "creator-1", "black": "guest_2"})
        );
        let g = s.turn(&id, &white, "e2e4").await;
        let roll = g["history"][1]["uci"].as_str().unwrap().to_string();
        assert_eq!(
            g["seed"],
            Value::Null,
            "the seed stays secret while the game runs"
        );
        let (status, over) = s
            .post(
                &format!("/api/games/{id}/action"),
                json!({"action": "resign"}),
                Some(&white),
            )
            .await;
        assert_eq!(status, 200, "{over}");
        let seed = over["seed"].as_str().unwrap();
        assert_eq!(
            sha256_hex(seed),
            commitment,
            "the revealed seed is the committed one"
        );
        let dice_seed = mixed(seed, "creator-1", "guest_2");
        assert_eq!(over["dice_seed"], dice_seed.to_string());
        assert_eq!(roll, first_roll(dice_seed), "the roll is the mixed seed's");
        let (_, pgn) = s.get_text(&format!("/api/games/{id}/pgn")).await;
        for tag in [
            format!("[ServerSeedCommitment \"{commitment}\"]"),
            format!("[ServerSeed \"{seed}\"]"),
            "[Entropy \"creator-1 guest_2\"]".to_string(),
            format!("[Seed \"{dice_seed}\"]"),
        ] {
            assert!(pgn.contains(&tag), "{tag} in {pgn}");
        }
        // The stored seed keeps the entropy across a restart.
        let s = s.restart().await;
        assert_eq!(s.game(&id, None).await["dice_seed"], dice_seed.to_string());
        s.stop().await;
        backend.drop_data().await;
    }
}

// ---- Limits ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_creation_past_a_clients_allowance_is_a_429() {
    let s = production(Limits {
        games_burst: 3,
        games_per_minute: 1,
        ..Limits::default()
    })
    .await;
    let body = json!({"variant": "chess", "opponent": "local"});
    for _ in 0..3 {
        s.create(body.clone()).await;
    }
    let refused = s
        .client
        .post(format!("{}/api/games", s.base))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 429);
    let retry_after = refused.headers().get("retry-after").cloned();
    let e: serde_json::Value = refused.json().await.unwrap();
    let message = e["error"].as_str().unwrap();
    assert!(
        message.contains("too many new games") && message.contains("try again in 60 s"),
        "{message}"
    );
    assert_eq!(
        retry_after
            .expect("a 429 says when to retry")
            .to_str()
            .unwrap(),
        "60",
        "one game a minute: the next in 60 s"
    );
    s.discard().await;
}

/// Opens a game's socket as client `from` (an `X-Forwarded-For` address).
async fn open_socket(
    s: &TestServer,
    id: &str,
    from: &str,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    u16,
> {
    let mut request = s
        .ws_url(&format!("/api/games/{id}/ws"))
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", from.parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("socket: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_past_a_limit_are_a_429_and_a_closed_one_frees_its_place() {
    let s = production(Limits {
        sockets_per_client: 3,
        sockets_per_client_game: 2,
        sockets_per_game: 4,
        trust_forwarded_for: true,
        ..Limits::default()
    })
    .await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let c = s
            .create(json!({"variant": "chess", "opponent": "local"}))
            .await;
        ids.push(c["id"].as_str().unwrap().to_string());
    }
    let a = "10.0.0.1";
    let first = open_socket(&s, &ids[0], a).await.unwrap();
    let _second = open_socket(&s, &ids[0], a).await.unwrap();
    assert_eq!(
        open_socket(&s, &ids[0], a).await.err(),
        Some(429),
        "two per client and game"
    );
    let _third = open_socket(&s, &ids[1], a).await.unwrap();
    assert_eq!(
        open_socket(&s, &ids[2], a).await.err(),
        Some(429),
        "three per client"
    );
    let _b = open_socket(&s, &ids[0], "10.0.0.2").await.unwrap();
    let _c = open_socket(&s, &ids[0], "10.0.0.3").await.unwrap();
    assert_eq!(
        open_socket(&s, &ids[0], "10.0.0.4").await.err(),
        Some(429),
        "four on one game"
    );
    drop(first);
    let mut reopened = None;
    for _ in 0..100 {
        if let Ok(socket) = open_socket(&s, &ids[2], a).await {
            reopened = Some(socket);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        reopened.is_some(),
        "a closed socket frees its client's place"
    );
    s.discard().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_and_frames_stay_limited() {
    let s = production(Limits::default()).await;
    let (status, e) = s.post_raw("/api/games", vec![b' '; 70 * 1024], None).await;
    assert_eq!(status, 413, "{e}");
    let c = s
        .create(json!({"variant": "chess", "opponent": "local"}))
        .await;
    let id = c["id"].as_str().unwrap();
    let mut socket = open_socket(&s, id, "10.0.0.1").await.unwrap();
    use futures_util::{SinkExt, StreamExt};
    let _ = socket
        .send(tungstenite::Message::Text("x".repeat(70 * 1024).into()))
        .await;
    let mut closed = false;
    while let Ok(Some(msg)) =
        tokio::time::timeout(std::time::Duration::from_secs(10), socket.next()).await
    {
        if matches!(msg, Err(_) | Ok(tungstenite::Message::Close(_))) {
            closed = true;
            break;
        }
    }
    assert!(closed, "a frame over 64 KiB closes the socket");
    s.discard().await;
}

// ---- Hardening ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let s = production(Limits::default()).await;
    for path in [
        "/",
        "/game/abc",
        "/api/variants",
        "/api/games/nosuchgame",
        "/api/nothing",
    ] {
        let r = s
            .client
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
        let h = r.headers();
        let get = |name: &str| h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("");
        let csp = get("content-security-policy");
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{path}: CSP {csp:?} lacks {part}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(get("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(get("x-frame-options"), "DENY", "{path}");
        assert_eq!(get("referrer-policy"), "no-referrer", "{path}");
    }
    s.discard().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_without_a_json_content_type_creates_nothing() {
    let s = production(Limits::default()).await;
    let body = json!({"variant": "chess", "opponent": "local"}).to_string();
    for content_type in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        None,
    ] {
        let mut request = s
            .client
            .post(format!("{}/api/games", s.base))
            .body(body.clone());
        if let Some(t) = content_type {
            request = request.header("content-type", t);
        }
        let r = request.send().await.unwrap();
        assert_eq!(r.status().as_u16(), 415, "{content_type:?}");
    }
    let (_, lobby) = s.get("/api/games").await;
    assert_eq!(lobby, json!([]), "no game was created");
    let r = s
        .client
        .post(format!("{}/api/games", s.base))
        .header("content-type", "application/json; charset=utf-8")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    s.discard().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_are_short_and_never_echo_large_input() {
    let s = production(Limits::default()).await;
    let long = "Q".repeat(50_000);
    let c = s
        .create(json!({"variant": "chess", "opponent": "local"}))
        .await;
    let id = c["id"].as_str().unwrap().to_string();
    let t = c["seats"]["white"].as_str().unwrap().to_string();
    let attempts = [
        ("/api/games".to_string(), json!({"variant": long})),
        (
            "/api/games".to_string(),
            json!({"variant": "chess", "opponent": long}),
        ),
        (
            "/api/games".to_string(),
            json!({"variant": "chess", "rules": {long.clone(): "x"}}),
        ),
        (
            "/api/games".to_string(),
            json!({"variant": "chess", "entropy": long}),
        ),
        (
            format!("/api/games/{id}/turn"),
            json!({"turn": long, "ply": 0}),
        ),
        (format!("/api/games/{id}/action"), json!({"action": long})),
        (
            format!("/api/games/{}/turn", long),
            json!({"turn": "e2e4", "ply": 0}),
        ),
    ];
    for (path, body) in attempts {
        let (status, e) = s.post(&path, body, Some(&t)).await;
        assert!((400..500).contains(&status), "{status} {e}");
        let text = e.to_string();
        assert!(text.len() < 400, "a {} byte error: {text}", text.len());
        assert!(!text.contains(&"Q".repeat(60)), "{text}");
    }
    s.discard().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn database_text_never_reaches_a_client() {
    let backend = sqlite();
    let s = TestServer::start_with(&backend, |c| c.test_mode = false).await;
    let c = s
        .create(json!({"variant": "chess", "opponent": "local"}))
        .await;
    let id = c["id"].as_str().unwrap().to_string();
    let t = c["seats"]["white"].as_str().unwrap().to_string();
    // The turns table disappears under the server.
    {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&backend.url())
            .await
            .unwrap();
        sqlx::query("ALTER TABLE turns RENAME TO turns_gone")
            .execute(&mut conn)
            .await
            .unwrap();
    }
    let (status, e) = s
        .post(
            &format!("/api/games/{id}/turn"),
            json!({"turn": "e2e4", "ply": 0}),
            Some(&t),
        )
        .await;
    assert_eq!(status, 500, "{e}");
    let text = e["error"].as_str().unwrap();
    assert!(
        !text.contains("turns") && !text.to_lowercase().contains("sql"),
        "{text}"
    );
    s.discard().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_without_its_ply_is_refused() {
    let s = production(Limits::default()).await;
    let c = s
        .create(json!({"variant": "chess", "opponent": "local"}))
        .await;
    let id = c["id"].as_str().unwrap().to_string();
    let t = c["seats"]["white"].as_str().unwrap().to_string();
    let (status, e) = s
        .post(
            &format!("/api/games/{id}/turn"),
            json!({"turn": "e2e4"}),
            Some(&t),
        )
        .await;
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("\"ply\""), "{e}");
    assert_eq!(s.game(&id, None).await["ply"], 0, "nothing was played");
    s.discard().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_one_character_off_holds_no_seat() {
    let s = production(Limits::default()).await;
    let c = s
        .create(json!({"variant": "chess", "opponent": "local"}))
        .await;
    let id = c["id"].as_str().unwrap().to_string();
    let t = c["seats"]["white"].as_str().unwrap().to_string();
    let mut off = t.clone().into_bytes();
    off[31] = if off[31] == b'0' { b'1' } else { b'0' };
    let off = String::from_utf8(off).unwrap();
    for token in [off.as_str(), &t[..31], &format!("{t}0")] {
        let (status, e) = s.get(&format!("/api/games/{id}?seat={token}")).await;
        assert_eq!(status, 403, "{e}");
    }
    s.discard().await;
}
