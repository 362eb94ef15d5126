//! Move ordering: the hash move, winning captures (most valuable victim, least valuable
//! attacker), promotions, two killers per ply, the counter-move, quiet moves by their
//! history, and captures that lose material last.

use crate::eval::value;
use crate::see::see_at_least;
use rules::{Move, MoveKind, Position};

pub const MAX_PLY: usize = 128;

/// Ordering keys; higher is tried first.
const HASH_KEY: i32 = 4_000_000;
const CAPTURE_KEY: i32 = 3_000_000;
const PROMOTION_KEY: i32 = 2_900_000;
const KILLER_KEY: i32 = 2_800_000;
const COUNTER_KEY: i32 = 2_700_000;
/// Quiet moves sit between these, by history.
const HISTORY_MAX: i32 = 16_384;
/// Captures that lose material in the exchange come after every quiet move.
const LOSING_CAPTURE_KEY: i32 = -3_000_000;

/// What kind of move an ordered move is, for the search's reductions and pruning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Hash,
    /// A capture (or en passant) that does not lose material by the exchange.
    GoodCapture,
    Promotion,
    /// Killers and the counter-move.
    Refutation,
    Quiet,
    LosingCapture,
}

impl Class {
    /// Quiet moves: candidates for reductions and pruning.
    pub fn is_quiet(self) -> bool {
        matches!(self, Class::Quiet)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Ordered {
    pub key: i32,
    pub class: Class,
    pub m: Move,
}

/// How many moves are picked one at a time before the rest are sorted at once: most
/// nodes that cut do it within the first few moves, so sorting them all is wasted.
const PICKED_ONE_BY_ONE: usize = 6;

/// Brings the move to try `index`-th into place, when `moves[..index]` are the moves
/// already tried in order: the one with the highest key among the rest (the earliest
/// listed among equals, as a stable sort would have it).
pub fn pick(moves: &mut [Ordered], index: usize) {
    if index < PICKED_ONE_BY_ONE {
        let rest = &mut moves[index..];
        let mut best = 0;
        for (i, o) in rest.iter().enumerate().skip(1) {
            if o.key > rest[best].key {
                best = i;
            }
        }
        rest[..=best].rotate_right(1);
    } else if index == PICKED_ONE_BY_ONE {
        moves[index..].sort_by_key(|o| std::cmp::Reverse(o.key));
    }
}

/// What the search has learnt about quiet moves.
pub struct MoveOrder {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet moves that caused cutoffs, by the side that played them and their origin
    /// and destination square.
    history: Box<[[[i32; 128]; 128]; 2]>,
    /// The quiet move that refuted a move, by that move's origin and destination.
    counter: Box<[[Option<Move>; 128]; 128]>,
}

impl MoveOrder {
    pub fn new() -> MoveOrder {
        MoveOrder {
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[[0; 128]; 128]; 2]),
            counter: Box::new([[None; 128]; 128]),
        }
    }

    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.history
            .iter_mut()
            .flatten()
            .for_each(|row| row.fill(0));
        self.counter.iter_mut().for_each(|row| row.fill(None));
    }

    /// Before a new search: killers are forgotten, and old history still orders well but
    /// should not outweigh what this search learns.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.history
            .iter_mut()
            .flatten()
            .for_each(|row| row.iter_mut().for_each(|h| *h /= 8));
    }

    /// The ordering key and class of `m` in `pos`, or `None` for a quiet move when only
    /// noisy ones are wanted.
    #[allow(clippy::too_many_arguments)]
    pub fn classify(
        &self,
        pos: &Position,
        m: Move,
        hash_move: Option<Move>,
        ply: usize,
        previous: Option<Move>,
        use_see: bool,
        noisy_only: bool,
    ) -> Option<Ordered> {
        let capture = pos.is_capture(m);
        let (key, class) = if Some(m) == hash_move {
            (HASH_KEY, Class::Hash)
        } else if capture {
            let victim = pos.piece_at(m.to).map_or(100, |p| value(pos, p.role));
            let attacker = pos.piece_at(m.from).map_or(0, |p| value(pos, p.role));
            let mvv_lva = 10 * victim - attacker / 10;
            // Only a capture by a piece worth more than its victim can lose the exchange.
            if use_see && attacker > victim && !see_at_least(pos, m, 0) {
                (LOSING_CAPTURE_KEY + mvv_lva, Class::LosingCapture)
            } else {
                (CAPTURE_KEY + mvv_lva, Class::GoodCapture)
            }
        } else if let MoveKind::Promotion(role) = m.kind {
            (PROMOTION_KEY + value(pos, role), Class::Promotion)
        } else if noisy_only {
            return None;
        } else {
            let killers = self.killers[ply.min(MAX_PLY - 1)];
            if killers[0] == Some(m) {
                (KILLER_KEY + 1, Class::Refutation)
            } else if killers[1] == Some(m) {
                (KILLER_KEY, Class::Refutation)
            } else if previous.is_some_and(|p| self.counter[p.from.slot()][p.to.slot()] == Some(m))
            {
                (COUNTER_KEY, Class::Refutation)
            } else {
                (
                    self.history[pos.turn().index()][m.from.slot()][m.to.slot()],
                    Class::Quiet,
                )
            }
        };
        Some(Ordered { key, class, m })
    }

    /// A quiet move refuted `pos`, reached by `previous`: remember it for its siblings and
    /// cousins, and count against the quiet moves tried before it.
    pub fn reward_quiet(
        &mut self,
        pos: &Position,
        m: Move,
        previous: Option<Move>,
        depth: i32,
        ply: usize,
        tried: &[Move],
    ) {
        if ply < MAX_PLY && self.killers[ply][0] != Some(m) {
            self.killers[ply] = [Some(m), self.killers[ply][0]];
        }
        if let Some(p) = previous {
            self.counter[p.from.slot()][p.to.slot()] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        self.adjust(pos, m, bonus);
        for &other in tried {
            if other != m {
                self.adjust(pos, other, -bonus);
            }
        }
    }

    /// History moves toward ±HISTORY_MAX, more slowly the closer it is ("gravity").
    fn adjust(&mut self, pos: &Position, m: Move, bonus: i32) {
        let entry = &mut self.history[pos.turn().index()][m.from.slot()][m.to.slot()];
        *entry += 32 * bonus - *entry * bonus.abs() / (HISTORY_MAX / 32);
        *entry = (*entry).clamp(-HISTORY_MAX, HISTORY_MAX);
    }
}

impl Default for MoveOrder {
    fn default() -> MoveOrder {
        MoveOrder::new()
    }
}
