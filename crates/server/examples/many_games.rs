//! Fills a store with stored games, to measure how a server with many of them starts:
//! nine in ten over, the rest playing (a tenth of those against the engine), each with
//! four moves played.
//!
//! ```text
//! cargo run --release -p menagerie-server --example many_games -- --data-dir /tmp/many --games 100000
//! time menagerie serve --data-dir /tmp/many --addr 127.0.0.1:18091
//! ```
//! `--db postgres://...` fills a PostgreSQL database instead.

use futures_util::future::try_join_all;
use rules::VariantId;
use server::contract::{DiceMode, Player, Status};
use server::game_seed::GameSeed;
use server::store::{GameRow, HeaderUpdate, Store, TurnRow};
use std::path::PathBuf;
use std::time::Instant;

const MOVES: [&str; 4] = ["e2e4", "e7e5", "g1f3", "b8c6"];

fn row(i: usize, now: i64) -> GameRow {
    let over = !i.is_multiple_of(10);
    let engine = !over && i.is_multiple_of(100);
    GameRow {
        id: format!("many{i:08}"),
        variant: VariantId::Chess,
        rules: String::new(),
        white_player: Player::Human,
        black_player: if engine {
            Player::Engine
        } else {
            Player::Human
        },
        white_token: Some(format!("w{i}")),
        black_token: (!engine).then(|| format!("b{i}")),
        invite_token: None,
        invite_seat: None,
        engine_level: 1,
        initial_ms: None,
        increment_ms: None,
        dice: DiceMode::Server,
        seed: GameSeed::fixed(i as u64),
        status: if over { Status::Over } else { Status::Playing },
        result: if over { "1-0" } else { "*" }.to_string(),
        reason: over.then(|| "resignation".to_string()),
        white_ms: None,
        black_ms: None,
        draw_offer: None,
        takeback_offer: None,
        rematch_offer: None,
        next_game: None,
        days_per_move: None,
        deadline: None,
        on_move: None,
        created_at: now - i as i64,
        updated_at: now - i as i64,
        version: 0,
    }
}

async fn store_one(store: &Store, i: usize, now: i64) -> Result<(), String> {
    let game = row(i, now);
    store.insert_game(&game).await.map_err(|e| e.to_string())?;
    let turns: Vec<TurnRow> = MOVES
        .iter()
        .enumerate()
        .map(|(n, m)| TurnRow {
            ply: n as i64 + 1,
            turn: m.to_string(),
            white_ms: None,
            black_ms: None,
            played_at: game.created_at,
        })
        .collect();
    let header = HeaderUpdate {
        status: game.status,
        result: game.result.clone(),
        reason: game.reason.clone(),
        white_ms: None,
        black_ms: None,
        draw_offer: None,
        takeback_offer: None,
        rematch_offer: None,
        next_game: None,
        deadline: None,
        on_move: None,
        updated_at: game.updated_at,
        version: 1,
    };
    match store.commit_turns(&game.id, &turns, &header).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("game {}: not at version 0", game.id)),
        Err(e) => Err(e.to_string()),
    }
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut games = 100_000usize;
    let mut url = None;
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--games" => games = value.parse().map_err(|e| format!("--games: {e}"))?,
            "--data-dir" => {
                url = Some(Store::sqlite_url(&PathBuf::from(value)).map_err(|e| e.to_string())?)
            }
            "--db" => url = Some(value),
            other => {
                return Err(format!(
                    "unknown option {other} (--games N --data-dir DIR | --db URL)"
                ));
            }
        }
    }
    let url = url.ok_or("--data-dir DIR or --db URL is needed")?;
    let store = Store::open(&url).await.map_err(|e| e.to_string())?;
    let started = Instant::now();
    let now = server::clock::now_ms();
    for chunk in (0..games).collect::<Vec<_>>().chunks(2_000) {
        try_join_all(chunk.iter().map(|&i| store_one(&store, i, now))).await?;
    }
    store.close().await;
    println!(
        "{games} games stored in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
