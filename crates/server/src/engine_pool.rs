//! The engine opponent: searches run on tokio's blocking threads, at most one per core at
//! a time, so a thinking engine never holds up another game's requests.

use engine::{Limits, Searcher};
use rules::{Move, Position};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Engine levels 1..=8: the node budget and the longest think per move. The game's clock
/// can only shorten a think (see `limits`).
const LEVELS: [(u64, u64); 8] = [
    (2_000, 50),
    (8_000, 100),
    (30_000, 200),
    (100_000, 400),
    (300_000, 800),
    (1_000_000, 1_500),
    (3_000_000, 3_000),
    (u64::MAX, 6_000),
];

pub const MIN_LEVEL: i64 = 1;
pub const MAX_LEVEL: i64 = LEVELS.len() as i64;

/// The search limits for `level` with `clock` = (time left, increment) in ms, if any:
/// the level's budget, and never more than a thirtieth of the time left plus most of the
/// increment (nor over half the time left).
pub fn limits(level: i64, clock: Option<(i64, i64)>) -> Limits {
    let (nodes, mut movetime) = LEVELS[(level.clamp(MIN_LEVEL, MAX_LEVEL) - 1) as usize];
    if let Some((left, increment)) = clock {
        let left = left.max(0) as u64;
        let share = left / 30 + increment.max(0) as u64 * 3 / 4;
        movetime = movetime.min(share.min(left / 2)).max(20);
    }
    Limits {
        nodes: (nodes != u64::MAX).then_some(nodes),
        movetime: Some(Duration::from_millis(movetime)),
        ..Limits::default()
    }
}

#[derive(Clone)]
pub struct EnginePool {
    permits: Arc<Semaphore>,
    hash_megabytes: usize,
}

impl EnginePool {
    pub fn new(threads: usize, hash_megabytes: usize) -> EnginePool {
        EnginePool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            hash_megabytes,
        }
    }

    /// The engine's move in `pos`, or None if it has none (the game is over).
    pub async fn think(&self, pos: Position, history: Vec<u64>, limits: Limits) -> Option<Move> {
        let _permit = self.permits.clone().acquire_owned().await.ok()?;
        let hash = self.hash_megabytes;
        tokio::task::spawn_blocking(move || {
            let mut searcher = Searcher::new(hash);
            searcher.search(&pos, &history, &limits, |_| {}).0
        })
        .await
        .ok()
        .flatten()
    }
}
