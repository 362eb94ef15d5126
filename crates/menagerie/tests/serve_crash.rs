//! `menagerie serve` killed with SIGKILL in the middle of a Behemoth game with a clock,
//! and in the middle of many games being played at once, then started again on the same
//! data directory: every acknowledged turn is there, and the games go on at the same ply,
//! with the same clocks and the dice the seed gives.

mod common;

use dice::DiceStream;
use rules::{Game, Position, VariantId, chance, uci_move};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Child;
use std::sync::atomic::{AtomicUsize, Ordering};
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
        try_request(&self.addr, method, path, body, token).unwrap()
    }
}

/// [`Served::request`], failing rather than panicking when the server is gone or its reply
/// is cut short.
fn try_request(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
    token: Option<&str>,
) -> std::io::Result<(u16, Value)> {
    let cut = || std::io::Error::other("a reply cut short");
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply)?;
    let status = reply
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .ok_or_else(cut)?;
    let (head, payload) = reply.split_once("\r\n\r\n").ok_or_else(cut)?;
    let payload = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(payload)
    } else {
        payload.to_string()
    };
    Ok((
        status,
        serde_json::from_str(&payload).unwrap_or(Value::String(payload)),
    ))
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        let Some(chunk) = rest.get(..n) else { break };
        out.push_str(chunk);
        text = rest.get(n + 2..).unwrap_or("");
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

#[test]
fn a_server_killed_mid_load_keeps_every_acknowledged_turn() {
    const GAMES: u64 = 12;
    let seed = 20261126u64;
    let dir = std::env::temp_dir().join(format!("menagerie-load-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let server = Served::start(&dir);
    let games: Vec<(u64, String, String, Value)> = (0..GAMES)
        .map(|i| {
            let (status, created) = server.request(
                "POST",
                "/api/games",
                Some(
                    json!({"variant": "behemoth", "opponent": "local", "seed": seed + i,
                            "clock": {"initial_ms": 600000, "increment_ms": 0}}),
                ),
                None,
            );
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().unwrap().to_string();
            let token = created["seats"]["white"].as_str().unwrap().to_string();
            (seed + i, id, token, created["game"].clone())
        })
        .collect();
    let addr = server.addr.clone();
    // Each game plays as fast as the server answers until the server is killed, which is
    // while most of them are still under way; what the server acknowledged last is kept.
    let acks = AtomicUsize::new(0);
    let acknowledged: Vec<Value> = std::thread::scope(|scope| {
        let players: Vec<_> = games
            .iter()
            .map(|(_, id, token, game)| {
                let (addr, acks) = (&addr, &acks);
                scope.spawn(move || {
                    let mut last = game.clone();
                    while last["status"] == "playing" {
                        let options = legal(&last);
                        let ply = last["ply"].as_u64().unwrap() as usize;
                        let turn = &options[(ply * 7) % options.len()];
                        let body = json!({"turn": turn, "ply": last["ply"]});
                        let path = format!("/api/games/{id}/turn");
                        match try_request(addr, "POST", &path, Some(body), Some(token)) {
                            Ok((200, g)) if g.is_object() => {
                                last = g;
                                acks.fetch_add(1, Ordering::Relaxed);
                            }
                            Ok((status, g)) if status != 200 => panic!("{turn}: {status} {g}"),
                            _ => break,
                        }
                    }
                    last
                })
            })
            .collect();
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while acks.load(Ordering::Relaxed) < 5 * GAMES as usize
            && std::time::Instant::now() < deadline
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        server.kill();
        players.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let under_way = acknowledged
        .iter()
        .filter(|g| g["status"] == "playing")
        .count();
    assert!(
        acks.load(Ordering::Relaxed) >= 5 * GAMES as usize && under_way >= GAMES as usize / 2,
        "the server was killed with games under way ({under_way} of {GAMES})"
    );
    let mut resumed_games = 0;

    let server = Served::start(&dir);
    for ((seed, id, token, _), acked) in games.iter().zip(&acknowledged) {
        let (status, after) =
            server.request("GET", &format!("/api/games/{id}?seat={token}"), None, None);
        assert_eq!(status, 200, "{after}");
        let acked_ply = acked["ply"].as_u64().unwrap();
        let stored_ply = after["ply"].as_u64().unwrap();
        // The turn in flight when the server died may have been stored, with its roll.
        assert!(
            (acked_ply..=acked_ply + 2).contains(&stored_ply),
            "game {id}: acknowledged ply {acked_ply}, stored {stored_ply}"
        );
        let acked_history = acked["history"].as_array().unwrap();
        let stored_history = after["history"].as_array().unwrap();
        assert_eq!(
            &stored_history[..acked_history.len()],
            &acked_history[..],
            "game {id}: every acknowledged turn is stored as it was"
        );
        if after["status"] != "playing" {
            continue;
        }
        if stored_ply == acked_ply {
            let stopped = if after["clock"]["running"] == "white" {
                "black_ms"
            } else {
                "white_ms"
            };
            assert_eq!(
                after["clock"][stopped], acked["clock"][stopped],
                "game {id}: the stopped clock"
            );
        }
        let next = legal(&after)[0].clone();
        let expected = predicted_roll(*seed, stored_history, &next);
        let (status, resumed) = server.request(
            "POST",
            &format!("/api/games/{id}/turn"),
            Some(json!({"turn": next, "ply": stored_ply})),
            Some(token),
        );
        assert_eq!(status, 200, "game {id}: {resumed}");
        resumed_games += 1;
        assert_eq!(
            resumed["history"][stored_ply as usize + 1]["uci"],
            expected.as_str(),
            "game {id}: the dice after the restart"
        );
    }
    assert!(
        resumed_games > 0,
        "games under way resumed after the restart"
    );
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}
