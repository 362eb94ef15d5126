//! The engine opponent: searches run on tokio's blocking threads, at most one per core at
//! a time, so a thinking engine never holds up another game's requests.

use engine::{Limits, Searcher, Strength};
use rules::{Move, Position};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Engine levels 1..=8: the longest think per move. How strong each level plays is the
/// engine's [`Strength::level`]; the game's clock can only shorten a think.
const THINK_MS: [u64; 8] = [50, 100, 200, 400, 800, 1_500, 3_000, 6_000];

pub const MIN_LEVEL: i64 = 1;
pub const MAX_LEVEL: i64 = THINK_MS.len() as i64;

/// The longest `level` thinks for a move, in milliseconds.
pub fn think_ms(level: i64) -> u64 {
    THINK_MS[(level.clamp(MIN_LEVEL, MAX_LEVEL) - 1) as usize]
}

/// The search limits for `level` with `clock` = (time left, increment) in ms, if any: the
/// level's strength and think time, and the engine's share of the clock when shorter.
pub fn limits(level: i64, clock: Option<(i64, i64)>) -> Limits {
    let level = level.clamp(MIN_LEVEL, MAX_LEVEL);
    let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
    Limits {
        movetime: Some(Duration::from_millis(think_ms(level))),
        time_left: clock.map(|(left, _)| ms(left)),
        increment: clock.map_or(Duration::ZERO, |(_, increment)| ms(increment)),
        strength: Strength::level(level),
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

    /// Runs `work` (an engine job other than a move: an analysis, a review) on a blocking
    /// thread once a permit is free, so it shares the cores with the games' engines.
    pub async fn run<R: Send + 'static>(
        &self,
        work: impl FnOnce() -> R + Send + 'static,
    ) -> Option<R> {
        let _permit = self.permits.clone().acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(work).await.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_brings_its_strength_and_the_clock_can_only_shorten_its_think() {
        let relaxed = limits(3, None);
        assert_eq!(relaxed.strength, Strength::level(3));
        assert_eq!(
            engine::time::budget(&relaxed).map(|b| b.hard),
            Some(Duration::from_millis(197))
        );
        let pressed = limits(8, Some((3_000, 0)));
        let think = engine::time::budget(&pressed)
            .expect("a clock limits time")
            .hard;
        assert!(think <= Duration::from_millis(100), "{think:?}");
        assert!(limits(99, None).strength.is_full());
    }
}
