//! A game's chess clock, kept by the server in wall-clock milliseconds.
//!
//! `remaining` holds each side's time as of `since`; the running side's time goes down
//! from `since` on. After a restart the clock resumes from the values stored with the
//! last committed change (docs/api.md, "Clocks across a restart").
//!
//! A correspondence clock (`per_move`) gives each move the same time, days: a side whose
//! turn ends has its whole time again. It runs in wall-clock time across restarts too.

use rules::Color;
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub initial_ms: i64,
    pub increment_ms: i64,
    /// Each move has `initial_ms` (correspondence), instead of one time for the game.
    pub per_move: bool,
    remaining: [i64; 2],
    running: Option<Color>,
    since: i64,
}

impl Clock {
    pub fn new(initial_ms: i64, increment_ms: i64) -> Clock {
        Clock {
            initial_ms,
            increment_ms,
            per_move: false,
            remaining: [initial_ms; 2],
            running: None,
            since: 0,
        }
    }

    /// A correspondence clock: `ms` for every move.
    pub fn per_move(ms: i64) -> Clock {
        Clock {
            per_move: true,
            ..Clock::new(ms, 0)
        }
    }

    /// A clock as stored: both sides' time, `running` started again at `now`.
    pub fn resumed(
        initial_ms: i64,
        increment_ms: i64,
        white_ms: i64,
        black_ms: i64,
        running: Option<Color>,
        now: i64,
    ) -> Clock {
        Clock {
            initial_ms,
            increment_ms,
            per_move: false,
            remaining: [white_ms, black_ms],
            running,
            since: now,
        }
    }

    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// Each side's time at `now`, never below zero.
    pub fn reading(&self, now: i64) -> [i64; 2] {
        let mut out = self.remaining;
        if let Some(c) = self.running {
            out[c.index()] -= (now - self.since).max(0);
        }
        out.map(|ms| ms.max(0))
    }

    /// The side whose time has run out at `now`.
    pub fn flagged(&self, now: i64) -> Option<Color> {
        self.running
            .filter(|c| self.remaining[c.index()] - (now - self.since) <= 0)
    }

    /// Starts `next`'s clock at `now`, stopping the running one. A side whose turn ends
    /// (its clock stops and another starts) gains the increment.
    pub fn switch(&mut self, next: Option<Color>, now: i64) {
        if self.running == next {
            return;
        }
        if let Some(c) = self.running {
            let left = (self.remaining[c.index()] - (now - self.since).max(0)).max(0);
            self.remaining[c.index()] = match next {
                Some(_) if self.per_move => self.initial_ms,
                Some(_) => left + self.increment_ms,
                None => left,
            };
        }
        self.running = next;
        self.since = now;
    }

    /// When the running side's time runs out.
    pub fn deadline(&self) -> Option<i64> {
        self.running.map(|c| self.since + self.remaining[c.index()])
    }

    /// Both sides' times as of `now`, as stored with a change: the running side's elapsed
    /// time is counted in, and its clock goes on from `now`.
    pub fn settle(&mut self, now: i64) -> [i64; 2] {
        self.remaining = self.reading(now);
        self.since = now;
        self.remaining
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_side_loses_time_and_gains_the_increment_when_its_turn_ends() {
        let mut clock = Clock::new(10_000, 500);
        clock.switch(Some(Color::White), 1_000);
        assert_eq!(clock.reading(4_000), [7_000, 10_000]);
        clock.switch(Some(Color::Black), 4_000);
        assert_eq!(clock.reading(4_000), [7_500, 10_000]);
        assert_eq!(clock.reading(5_000), [7_500, 9_000]);
        assert_eq!(clock.flagged(14_000), Some(Color::Black));
        assert_eq!(clock.flagged(13_999), None);
        clock.switch(None, 6_000);
        assert_eq!(clock.reading(100_000), [7_500, 8_000]);
    }

    #[test]
    fn a_correspondence_clock_gives_every_move_the_whole_time() {
        const DAY: i64 = 86_400_000;
        let mut clock = Clock::per_move(3 * DAY);
        clock.switch(Some(Color::White), 0);
        assert_eq!(clock.deadline(), Some(3 * DAY));
        clock.switch(Some(Color::Black), 2 * DAY);
        assert_eq!(
            clock.reading(2 * DAY),
            [3 * DAY, 3 * DAY],
            "White's time is whole again"
        );
        assert_eq!(clock.deadline(), Some(5 * DAY));
        assert_eq!(clock.flagged(5 * DAY - 1), None);
        assert_eq!(clock.flagged(5 * DAY), Some(Color::Black));
    }
}
