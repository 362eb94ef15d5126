//! `menagerie serve` killed with SIGKILL in the middle of a Behemoth game with a clock,
//! then started again on the same data directory: the game goes on at the same ply, with
//! the same clocks and the dice the seed gives.

mod common;

use dice::DiceStream;
use rules::{Game, Position, VariantId, chance, uci_move};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Child;
use std::time::Duration;

struct Served {
    child: Child,
    addr: String,
}

impl Served {
    fn start(data_dir: &Path) -> Served {
        let data_dir = data_dir.to_str().expect("a UTF-8 temporary path");
        let (child, addr) = common::serve(
            &[
                "--test-mode",
                "--web-dir",
                "no-such-dir",
                "--data-dir",
                data_dir,
            ],
            Path::new("."),
        );
        Served { child, addr }
    }

    /// SIGKILL: no chance to flush or shut down.
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().unwrap();
    }

    /// One HTTP/1.1 request with `Connection: close`; the status and the JSON body.
    fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> (u16, Value) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let auth = token
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{auth}\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let status = reply[9..12].parse().unwrap();
        let (head, payload) = reply.split_once("\r\n\r\n").unwrap();
        let payload = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(payload)
        } else {
            payload.to_string()
        };
        (
            status,
            serde_json::from_str(&payload).unwrap_or(Value::String(payload)),
        )
    }
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        text = &rest[n + 2..];
    }
    out
}

/// The dice the seed gives along the game's history, checked against it, and the roll
/// that follows `next` played after it.
fn predicted_roll(seed: u64, history: &[Value], next: &str) -> String {
    let mut stream = DiceStream::new(seed);
    let start = Position::start(VariantId::Behemoth.rules().unwrap());
    let mut game = Game::new(stream.starting_position(start).unwrap());
    for turn in history {
        let pos = game.position().clone();
        if turn["kind"] == "roll" {
            let roll = stream.roll(&pos).unwrap();
            assert_eq!(
                turn["uci"],
                chance::write_token(&pos, roll),
                "a stored roll is the seed's"
            );
            game.roll(roll).unwrap();
        } else {
            game.play(uci_move::parse(&pos, turn["uci"].as_str().unwrap()).unwrap())
                .unwrap();
        }
    }
    let pos = game.position().clone();
    game.play(uci_move::parse(&pos, next).unwrap()).unwrap();
    chance::write_token(game.position(), stream.roll(game.position()).unwrap())
}

fn legal(g: &Value) -> Vec<String> {
    g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_killed_server_resumes_its_games_at_the_same_ply_clocks_and_dice() {
    let seed = 20261122u64;
    let dir = std::env::temp_dir().join(format!("menagerie-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let server = Served::start(&dir);
    let (status, created) = server.request(
        "POST",
        "/api/games",
        Some(
            json!({"variant": "behemoth", "opponent": "local", "seed": seed,
                    "clock": {"initial_ms": 300000, "increment_ms": 2000}}),
        ),
        None,
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"]["white"].as_str().unwrap().to_string();
    let mut game = created["game"].clone();
    for i in 0..7 {
        let options = legal(&game);
        let turn = &options[(i * 5) % options.len()];
        let (status, g) = server.request(
            "POST",
            &format!("/api/games/{id}/turn"),
            Some(json!({"turn": turn, "ply": game["ply"]})),
            Some(&token),
        );
        assert_eq!(status, 200, "{turn}: {g}");
        game = g;
        assert_eq!(
            game["status"], "playing",
            "the seed lets the game run: {game}"
        );
    }
    assert_eq!(game["ply"], 14);
    let next = legal(&game)[0].clone();
    let expected = predicted_roll(seed, game["history"].as_array().unwrap(), &next);
    std::thread::sleep(Duration::from_millis(300));
    server.kill();

    let server = Served::start(&dir);
    let (status, after) =
        server.request("GET", &format!("/api/games/{id}?seat={token}"), None, None);
    assert_eq!(status, 200, "{after}");
    for field in ["ply", "fen", "history", "status"] {
        assert_eq!(after[field], game[field], "{field} after the restart");
    }
    assert_eq!(after["clock"]["running"], "black");
    assert_eq!(
        after["clock"]["white_ms"], game["clock"]["white_ms"],
        "the stopped clock"
    );
    let before_ms = game["clock"]["black_ms"].as_i64().unwrap();
    let now_ms = after["clock"]["black_ms"].as_i64().unwrap();
    assert!(
        now_ms <= before_ms && now_ms > before_ms - 3000,
        "the running clock resumes from its stored value ({before_ms} then {now_ms})"
    );
    let (status, played) = server.request(
        "POST",
        &format!("/api/games/{id}/turn"),
        Some(json!({"turn": next, "ply": 14})),
        Some(&token),
    );
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["ply"], 16);
    assert_eq!(
        played["history"][15]["uci"],
        expected.as_str(),
        "the dice after the restart"
    );
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

impl Drop for Served {
    /// A failing test leaves no server behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
