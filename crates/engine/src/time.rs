//! Time management: how long to think about one move, from a fixed move time, a game
//! clock, or both (the smaller wins).

use crate::search::Limits;
use std::time::Duration;

/// The time for one move: the search stops at `hard`, and starts no new iteration after
/// `soft` (an iteration takes about as long as all before it together).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub hard: Duration,
    pub soft: Duration,
}

/// Kept back from a fixed move time for the process and the protocol: the search looks at
/// the clock every 1,024 nodes (about 2 ms) and unwinds within another, so with 3 ms kept
/// back `go movetime 100` answers in 97-100 ms, as Stockfish does (10 ms left 8% unused).
const MOVETIME_RESERVE: Duration = Duration::from_millis(3);
/// Kept back from a clock (at most a quarter of it, however short the clock).
const CLOCK_RESERVE: Duration = Duration::from_millis(30);
/// Moves assumed to remain when the clock does not say.
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// The time to spend on the move `limits` describe; `None` when only depth, nodes or a
/// stop command end the search.
pub fn budget(limits: &Limits) -> Option<Budget> {
    if limits.infinite {
        return None;
    }
    let fixed = limits.movetime.map(|movetime| {
        let hard = movetime
            .saturating_sub(MOVETIME_RESERVE)
            .max(Duration::from_millis(1));
        Budget { hard, soft: hard }
    });
    let clock = limits.time_left.map(|left| {
        let hard = clock_share(left, limits.increment, limits.moves_to_go);
        Budget {
            hard,
            soft: hard / 2,
        }
    });
    match (fixed, clock) {
        (Some(f), Some(c)) => Some(Budget {
            hard: f.hard.min(c.hard),
            soft: f.soft.min(c.soft),
        }),
        (f, c) => f.or(c),
    }
}

/// A move's share of a clock: the time left over the moves to go plus three quarters of
/// the increment, never more than half of what is left.
fn clock_share(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Duration {
    let moves = moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
    let usable = left.saturating_sub(CLOCK_RESERVE.min(left / 4));
    let share = usable / moves + increment * 3 / 4;
    share.min(usable / 2).max(Duration::from_millis(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_fixed_move_time_is_used_whole_less_a_reserve() {
        let limits = Limits {
            movetime: Some(ms(100)),
            ..Limits::default()
        };
        assert_eq!(
            budget(&limits),
            Some(Budget {
                hard: ms(97),
                soft: ms(97)
            })
        );
    }

    #[test]
    fn a_clock_gives_a_share_and_stops_deepening_at_half_of_it() {
        let limits = Limits {
            time_left: Some(ms(60_030)),
            increment: ms(1_000),
            ..Limits::default()
        };
        let b = budget(&limits).expect("a clock limits time");
        assert_eq!(b.hard, ms(2_000 + 750));
        assert_eq!(b.soft, b.hard / 2);
    }

    #[test]
    fn the_clock_shortens_a_fixed_move_time_when_little_is_left() {
        let limits = Limits {
            movetime: Some(ms(3_000)),
            time_left: Some(ms(1_000)),
            ..Limits::default()
        };
        let b = budget(&limits).expect("limited");
        assert!(b.hard < ms(100), "{b:?}");
    }

    #[test]
    fn nothing_but_depth_or_infinite_sets_no_time() {
        assert_eq!(budget(&Limits::default()), None);
        let infinite = Limits {
            infinite: true,
            movetime: Some(ms(5)),
            ..Limits::default()
        };
        assert_eq!(budget(&infinite), None);
    }
}
