//! How many sockets watch each game without a seat, for the lobby. Each server counts its
//! own sockets.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Default)]
pub struct Spectators {
    watching: Mutex<HashMap<String, u64>>,
}

/// One socket counted while it lives.
pub struct Watching {
    spectators: Arc<Spectators>,
    game: String,
}

impl Spectators {
    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<String, u64>> {
        self.watching.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a spectator of `game` until the returned guard is dropped.
    pub fn watch(self: &Arc<Self>, game: &str) -> Watching {
        *self.counts().entry(game.to_string()).or_default() += 1;
        Watching {
            spectators: self.clone(),
            game: game.to_string(),
        }
    }

    pub fn of(&self, game: &str) -> u64 {
        self.counts().get(game).copied().unwrap_or(0)
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut counts = self.spectators.counts();
        if let Some(n) = counts.get_mut(&self.game) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.game);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spectator_counts_while_watching() {
        let spectators = Arc::new(Spectators::default());
        let first = spectators.watch("g");
        let second = spectators.watch("g");
        assert_eq!((spectators.of("g"), spectators.of("h")), (2, 0));
        drop(first);
        assert_eq!(spectators.of("g"), 1);
        drop(second);
        assert_eq!(spectators.of("g"), 0);
        assert!(spectators.counts().is_empty());
    }
}
