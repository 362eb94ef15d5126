//! Load test: N games at once, each playing its moves over its own WebSocket against one
//! server on loopback. Reports move latency (sent turn to the update at the next ply) and
//! checks that every game's stored record is exactly the moves its client sent. The
//! client keeps what it needs of the game (ply, status, legal turns) from the socket's
//! `state` and `update` messages; a server that sends only states works too.
//!
//! ```text
//! cargo run --release -p menagerie-server --example loadtest -- --games 500 --moves 20
//! cargo run --release -p menagerie-server --example loadtest -- --url http://127.0.0.1:8080 \
//!     --server-pid PID
//! ```
//! With `--think MIN-MAX` each game waits MIN to MAX ms (spread evenly, fixed per game
//! and move) before each of its moves, as people do: many games open at once, few moving
//! at any moment, e.g. `--games 5000 --moves 10 --think 2000-5000`.
//! With `--server-pid` it reports the CPU time that process spent per move (user plus
//! system, from `/proc/PID/stat`, while the games ran).
//! Without `--url` it starts its own server on 127.0.0.1 over SQLite in a temporary
//! directory, in test mode and without per-client limits; a server given with `--url` must
//! run with `--test-mode` (the games fix their seeds) and limits raised (README). Exits non-zero on any error, lost or duplicated move, or unfinished game.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

struct Options {
    games: usize,
    moves: usize,
    seconds: u64,
    variant: String,
    url: Option<String>,
    server_pid: Option<u32>,
    /// The least and most thinking before a move, in ms.
    think_ms: Option<(u64, u64)>,
}

fn parse_think(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--think: '{text}' is not MIN-MAX in ms, e.g. 2000-5000");
    let (min, max) = text.split_once('-').ok_or_else(bad)?;
    let min: u64 = min.parse().map_err(|_| bad())?;
    let max: u64 = max.parse().map_err(|_| bad())?;
    if min > max {
        return Err(bad());
    }
    Ok((min, max))
}

/// How long game `index` thinks before its move `n`: spread over the range by a hash, so
/// the games do not move in step.
fn think_time((min, max): (u64, u64), index: usize, n: usize) -> Duration {
    let mixed = (index as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((n as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
    let spread = (mixed ^ (mixed >> 29)) % (max - min + 1);
    Duration::from_millis(min + spread)
}

fn parse_options() -> Result<Options, String> {
    let mut o = Options {
        games: 500,
        moves: 20,
        seconds: 120,
        variant: "chess".to_string(),
        url: None,
        server_pid: None,
        think_ms: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => o.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--moves" => o.moves = value()?.parse().map_err(|e| format!("--moves: {e}"))?,
            "--seconds" => o.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--variant" => o.variant = value()?,
            "--think" => o.think_ms = Some(parse_think(&value()?)?),
            "--url" => o.url = Some(value()?.trim_end_matches('/').to_string()),
            "--server-pid" => {
                o.server_pid = Some(value()?.parse().map_err(|e| format!("--server-pid: {e}"))?)
            }
            other => {
                return Err(format!(
                    "unknown option {other} (--games N --moves N --seconds N --variant ID \
                     --url URL --server-pid PID --think MIN-MAX)"
                ));
            }
        }
    }
    Ok(o)
}

/// What one game's client did.
#[derive(Default)]
struct GameRun {
    id: String,
    sent: Vec<String>,
    latencies: Vec<Duration>,
    last_ply: i64,
    error: Option<String>,
}

async fn play_one(
    base: String,
    variant: String,
    moves: usize,
    think_ms: Option<(u64, u64)>,
    index: usize,
) -> GameRun {
    let mut run = GameRun::default();
    if let Err(e) = play_inner(&base, &variant, moves, think_ms, index, &mut run).await {
        run.error = Some(e);
    }
    run
}

async fn next_json(
    socket: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
) -> Result<Value, String> {
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(t))) => {
                return serde_json::from_str(&t)
                    .map_err(|e| format!("bad JSON from the server: {e}"));
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(format!("socket: {e}")),
            None => return Err("the socket closed".to_string()),
        }
    }
}

async fn play_inner(
    base: &str,
    variant: &str,
    moves: usize,
    think_ms: Option<(u64, u64)>,
    index: usize,
    run: &mut GameRun,
) -> Result<(), String> {
    let client = reqwest::Client::new();
    let created: Value = client
        .post(format!("{base}/api/games"))
        .json(&json!({"variant": variant, "opponent": "local", "seed": index}))
        .send()
        .await
        .map_err(|e| format!("create: {e}"))?
        .json()
        .await
        .map_err(|e| format!("create: {e}"))?;
    run.id = created["id"]
        .as_str()
        .ok_or(format!("create: {created}"))?
        .to_string();
    let token = created["seats"]["white"].as_str().ok_or("no token")?;
    let ws = format!(
        "ws{}/api/games/{}/ws?seat={token}",
        base.trim_start_matches("http"),
        run.id
    );
    // A small read buffer: tungstenite zeroes the whole buffer (128 KiB by default) before
    // each read, which would make the client, on the same machine, eat the server's CPU.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4 * 1024);
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(ws, Some(config), false)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let mut seen = Seen::default();
    seen.take(&next_json(&mut socket).await?)?;
    for n in 0..moves {
        if seen.status != "playing" || seen.legal.is_empty() {
            break;
        }
        if let Some(range) = think_ms {
            tokio::time::sleep(think_time(range, index, n)).await;
        }
        let turn = seen.legal[(index * 31 + n * 17) % seen.legal.len()].clone();
        let ply = seen.ply;
        let sent_at = Instant::now();
        socket
            .send(Message::Text(
                json!({"type": "turn", "turn": turn, "ply": ply})
                    .to_string()
                    .into(),
            ))
            .await
            .map_err(|e| format!("send: {e}"))?;
        run.sent.push(turn.clone());
        loop {
            let m = next_json(&mut socket).await?;
            if m["type"] == "error" {
                return Err(format!("turn {turn} at ply {ply}: {}", m["error"]));
            }
            seen.take(&m)?;
            if seen.ply > ply {
                run.latencies.push(sent_at.elapsed());
                run.last_ply = seen.ply;
                break;
            }
        }
    }
    let _ = socket.close(None).await;
    Ok(())
}

/// What the client knows of its game from the socket.
#[derive(Default)]
struct Seen {
    version: Option<i64>,
    ply: i64,
    status: String,
    legal: Vec<String>,
}

impl Seen {
    /// Takes in a `state` (the whole game) or an `update` (one change, which must follow
    /// the version last seen).
    fn take(&mut self, m: &Value) -> Result<(), String> {
        let g = match m["type"].as_str() {
            Some("state") => &m["game"],
            Some("update") => {
                let u = &m["update"];
                let version = u["version"].as_i64().ok_or("an update without version")?;
                if let Some(last) = self.version
                    && version != last + 1
                {
                    return Err(format!("update {version} after version {last}"));
                }
                u
            }
            _ => return Err(format!("unexpected message {m}")),
        };
        self.version = g["version"].as_i64();
        self.ply = g["ply"].as_i64().ok_or("no ply")?;
        self.status = g["status"].as_str().unwrap_or_default().to_string();
        self.legal = g["legal"]
            .as_array()
            .ok_or("no legal list")?
            .iter()
            .filter_map(|t| t["uci"].as_str().map(str::to_string))
            .collect();
        Ok(())
    }
}

/// The stored record agrees with the client: the same moves, once each, in order.
async fn check_stored(client: &reqwest::Client, base: &str, run: &GameRun) -> Result<(), String> {
    let g: Value = client
        .get(format!("{base}/api/games/{}", run.id))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let stored: Vec<&str> = g["history"]
        .as_array()
        .ok_or("no history")?
        .iter()
        .filter(|h| h["kind"] == "move")
        .filter_map(|h| h["uci"].as_str())
        .collect();
    if stored != run.sent {
        return Err(format!(
            "game {}: stored {} moves, the client sent {}",
            run.id,
            stored.len(),
            run.sent.len()
        ));
    }
    if g["ply"].as_i64() != Some(run.last_ply) {
        return Err(format!(
            "game {}: stored ply {} but the client saw {}",
            run.id, g["ply"], run.last_ply
        ));
    }
    Ok(())
}

/// The CPU time process `pid` has used, user and system, in ms.
fn cpu_ms(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // Linux reports in clock ticks of 1/100 s (USER_HZ).
    Some(ticks * 10.0)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut own_server = None;
    let mut own_dir = None;
    let base = match &options.url {
        Some(url) => url.clone(),
        None => {
            let dir =
                std::env::temp_dir().join(format!("menagerie-loadtest-{}", std::process::id()));
            let url = server::store::Store::sqlite_url(&dir).expect("temp dir");
            let running = server::start(server::Config {
                addr: "127.0.0.1:0".parse().unwrap(),
                database_url: url,
                web_dir: None,
                embedded_page: &[],
                engine_threads: 1,
                // The games are created with fixed seeds, all from this one address.
                test_mode: true,
                limits: server::limits::Limits::none(),
            })
            .await
            .expect("server starts");
            let base = format!("http://{}", running.addr);
            own_server = Some(running);
            own_dir = Some(dir);
            base
        }
    };
    let thinking = match options.think_ms {
        Some((min, max)) => format!(", {min}-{max} ms of thought before each move"),
        None => String::new(),
    };
    println!(
        "{} games of {} x {} moves over WebSockets against {base}{thinking}",
        options.games, options.variant, options.moves
    );
    let cpu_before = options.server_pid.and_then(cpu_ms);
    let started = Instant::now();
    let tasks: Vec<_> = (0..options.games)
        .map(|i| {
            tokio::spawn(play_one(
                base.clone(),
                options.variant.clone(),
                options.moves,
                options.think_ms,
                i,
            ))
        })
        .collect();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(options.seconds);
    let mut runs = Vec::new();
    let mut unfinished = 0;
    for task in tasks {
        match tokio::time::timeout_at(deadline, task).await {
            Ok(Ok(run)) => runs.push(run),
            _ => unfinished += 1,
        }
    }
    let elapsed = started.elapsed();
    let cpu_after = options.server_pid.and_then(cpu_ms);
    let client = reqwest::Client::new();
    let mut failures = Vec::new();
    for run in &runs {
        if let Some(e) = &run.error {
            failures.push(format!("game {}: {e}", run.id));
        } else if let Err(e) = check_stored(&client, &base, run).await {
            failures.push(e);
        }
    }
    let mut latencies: Vec<Duration> = runs
        .iter()
        .flat_map(|r| r.latencies.iter().copied())
        .collect();
    latencies.sort();
    let moves: usize = runs.iter().map(|r| r.sent.len()).sum();
    println!(
        "{} moves in {:.1} s ({:.0} moves/s); latency ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
        moves,
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
    );
    if let (Some(before), Some(after)) = (cpu_before, cpu_after) {
        println!(
            "server CPU: {:.0} ms, {:.3} ms per move",
            after - before,
            (after - before) / moves.max(1) as f64
        );
    }
    println!(
        "{} games checked: {} lost or duplicated moves or errors, {} unfinished in {} s",
        runs.len(),
        failures.len(),
        unfinished,
        options.seconds
    );
    for f in failures.iter().take(10) {
        println!("  {f}");
    }
    if let Some(running) = own_server {
        running.stop().await;
    }
    if let Some(dir) = own_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    if failures.is_empty() && unfinished == 0 && moves > 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
