//! A game's chat over HTTP and the WebSocket, on SQLite and on PostgreSQL when
//! MENAGERIE_TEST_POSTGRES is set: the players' room is theirs alone, spectators write with
//! an account, lines are kept as plain text of bounded length and rate, each socket hears
//! the lines it may read (on PostgreSQL through either of two servers), and a deleted
//! account's lines lose its name.

mod account_client;
mod common;

use account_client::{Browser, friend_game};
use common::{Backend, TestServer, backends};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

fn text(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

/// An anonymous friend game both players have joined: its id and the two seat tokens.
async fn anonymous_game(server: &TestServer) -> (String, String, String) {
    let request = json!({"variant": "chess", "color": "white"});
    friend_game(
        &mut Browser::new(server),
        &mut Browser::new(server),
        request,
    )
    .await
}

async fn say(server: &TestServer, id: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    server
        .post(&format!("/api/games/{id}/chat"), body, token)
        .await
}

fn texts(lines: &Value) -> Vec<String> {
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| format!("{}: {}", text(&l["author"]), text(&l["text"])))
        .collect()
}

#[tokio::test]
async fn the_players_room_is_theirs_and_spectators_write_with_an_account() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let (id, white, black) = anonymous_game(&server).await;

        let (status, line) =
            say(&server, &id, Some(&white), json!({"text": "  good luck\n"})).await;
        assert_eq!(status, 200, "{line}");
        assert_eq!(line["author"], "white");
        assert_eq!(line["text"], "good luck");
        assert_eq!(line["room"], "players");
        assert_eq!(line["seq"], 1);
        let markup = "<img src=x onerror=alert(1)>";
        let (status, _) = say(&server, &id, Some(&black), json!({"text": markup})).await;
        assert_eq!(status, 200);

        let (status, lines) = server
            .get(&format!("/api/games/{id}/chat?room=players&seat={black}"))
            .await;
        assert_eq!(status, 200, "{lines}");
        assert_eq!(
            texts(&lines),
            ["white: good luck".to_string(), format!("black: {markup}")],
            "markup is kept as the text it was, for the page to show as text"
        );
        let (status, _) = server.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(status, 403, "spectators do not read the players' room");
        let (status, _) = say(&server, &id, None, json!({"text": "hello"})).await;
        assert_eq!(status, 403, "nor write in it");
        let (status, _) = say(&server, &id, Some("no seat"), json!({"text": "hello"})).await;
        assert_eq!(status, 403);

        for (bad, why) in [
            (json!({"text": "   "}), "an empty line"),
            (json!({"text": "x".repeat(141)}), "a line too long"),
            (json!({"text": "hi", "room": "lobby"}), "an unknown room"),
        ] {
            let (status, e) = say(&server, &id, Some(&white), bad).await;
            assert!(status == 400 || status == 422, "{why}: {status} {e}");
        }

        let spectator_line = json!({"text": "nice game", "room": "spectators"});
        let (status, _) = say(&server, &id, None, spectator_line.clone()).await;
        assert_eq!(status, 401, "a spectator needs an account to write");
        let (status, _) = say(&server, &id, Some(&white), spectator_line.clone()).await;
        assert_eq!(
            status, 403,
            "a player does not write in the spectators' room"
        );
        let mut carol = Browser::new(&server);
        carol.register("carol", "carol's password").await;
        let r = carol
            .post(&format!("/api/games/{id}/chat"), spectator_line.clone())
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.body["author"], "carol");
        assert_eq!(r.body["seq"], 1, "each room counts its own lines");
        let (status, lines) = server
            .get(&format!("/api/games/{id}/chat?room=spectators"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(texts(&lines), ["carol: nice game"]);

        // Five lines at once, then one every three seconds.
        let mut refused = None;
        for n in 0..8 {
            let (status, _) =
                say(&server, &id, Some(&white), json!({"text": format!("{n}")})).await;
            if status != 200 {
                refused = Some((n, status));
                break;
            }
        }
        // White had written once already; a slow run may have earned one more line back.
        let (n, status) = refused.expect("a burst of lines is refused");
        assert_eq!(status, 429);
        assert!(n == 4 || n == 5, "refused after {n} lines");

        server.stop().await;
        backend.drop_data().await;
    }
}

#[tokio::test]
async fn a_logged_in_player_signs_with_the_account_until_it_is_deleted() {
    for backend in backends().await {
        let server = TestServer::start(&backend).await;
        let mut alice = Browser::new(&server);
        alice.register("alice", "alice's password").await;
        let r = alice
            .post(
                "/api/games",
                json!({"variant": "chess", "opponent": "engine", "color": "white"}),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let id = text(&r.body["id"]);
        let token = text(&r.body["seats"]["white"]);
        let r = alice
            .post(
                &format!("/api/games/{id}/chat"),
                json!({"token": token, "text": "hello engine"}),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.body["author"], "alice");
        let (_, anonymous) = say(&server, &id, Some(&token), json!({"text": "again"})).await;
        assert_eq!(
            anonymous["author"], "white",
            "the seat token alone does not say who holds it"
        );
        let r = alice
            .post(
                "/api/account/delete",
                json!({"password": "alice's password"}),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let (_, lines) = server
            .get(&format!("/api/games/{id}/chat?seat={token}"))
            .await;
        assert_eq!(texts(&lines), ["anonymous: hello engine", "white: again"]);
        server.stop().await;
        backend.drop_data().await;
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(server: &TestServer, id: &str, token: Option<&str>) -> Socket {
    let query = token.map(|t| format!("?seat={t}")).unwrap_or_default();
    let (mut socket, _) =
        tokio_tungstenite::connect_async(server.ws_url(&format!("/api/games/{id}/ws{query}")))
            .await
            .expect("socket opens");
    assert_eq!(next_chat_or_state(&mut socket).await["type"], "state");
    socket
}

async fn next_chat_or_state(socket: &mut Socket) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket stays open")
            .expect("a good frame");
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] != "update" {
                return v;
            }
        }
    }
}

#[tokio::test]
async fn each_socket_hears_the_lines_it_may_read_on_every_server() {
    for backend in backends().await {
        let one = TestServer::start(&backend).await;
        // On PostgreSQL the spectator watches through a second server.
        let two = match backend {
            Backend::Postgres { .. } => Some(TestServer::start(&backend).await),
            Backend::Sqlite(_) => None,
        };
        let (id, white, black) = anonymous_game(&one).await;
        let mut player = open(&one, &id, Some(&black)).await;
        let mut spectator = open(two.as_ref().unwrap_or(&one), &id, None).await;

        say(&one, &id, Some(&white), json!({"text": "for the players"})).await;
        let mut carol = Browser::new(two.as_ref().unwrap_or(&one));
        carol.register("carol", "carol's password").await;
        let r = carol
            .post(
                &format!("/api/games/{id}/chat"),
                json!({"text": "for everyone", "room": "spectators"}),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.body);

        let heard = next_chat_or_state(&mut player).await;
        assert_eq!(heard["type"], "chat", "{heard}");
        assert_eq!(heard["line"]["text"], "for the players");
        let heard = next_chat_or_state(&mut player).await;
        assert_eq!(
            heard["line"]["text"], "for everyone",
            "players may read the spectators"
        );
        let heard = next_chat_or_state(&mut spectator).await;
        assert_eq!(
            heard["line"]["text"], "for everyone",
            "the players' line never reaches a spectator's socket"
        );
        assert_eq!(heard["line"]["author"], "carol");

        drop((player, spectator));
        if let Some(two) = two {
            two.stop().await;
        }
        one.stop().await;
        backend.drop_data().await;
    }
}
