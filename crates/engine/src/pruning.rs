//! The margins and counts of the search's forward pruning and reductions, in one place.

use crate::score::Score;

/// Reverse futility: depths up to this may return the static evaluation.
pub const REVERSE_FUTILITY_DEPTH: i32 = 6;

/// How far the static evaluation must beat beta for a node of `depth` to be cut without
/// a search; a little less when the position improved over two plies ago.
pub fn reverse_futility_margin(depth: i32, improving: bool) -> Score {
    80 * depth - if improving { 40 } else { 0 }
}

/// Futility: depths up to this skip quiet moves that cannot reach alpha.
pub const FUTILITY_DEPTH: i32 = 6;

/// What a quiet move at `depth` is assumed to gain at most.
pub fn futility_margin(depth: i32) -> Score {
    100 + 100 * depth
}

/// Late-move pruning: depths up to this skip late quiet moves.
pub const LATE_MOVE_DEPTH: i32 = 6;

/// How many moves a node of `depth` searches before late quiet moves are skipped.
pub fn late_move_count(depth: i32, improving: bool) -> usize {
    let count = 3 + depth * depth;
    (if improving { count } else { count / 2 }) as usize
}

/// SEE pruning near the leaves: the most a move at `depth` may lose in the exchange it
/// starts before it is skipped (captures, quiet moves).
pub const SEE_DEPTH: i32 = 6;

pub fn see_capture_threshold(depth: i32) -> Score {
    -100 * depth
}

pub fn see_quiet_threshold(depth: i32) -> Score {
    -25 * depth * depth
}

/// History pruning: depths up to this skip late quiet moves whose history (±16,384) is
/// below the threshold.
pub const HISTORY_PRUNING_DEPTH: i32 = 3;

pub fn history_pruning_threshold(depth: i32) -> i32 {
    -2_048 * depth
}

/// ProbCut: nodes this deep try to end on a capture that beats beta by the margin in a
/// search this many plies shallower.
pub const PROBCUT_DEPTH: i32 = 5;
pub const PROBCUT_MARGIN: Score = 200;
pub const PROBCUT_REDUCTION: i32 = 4;

/// How many plies less a null move is searched at `depth`, more the further the
/// static evaluation is above beta.
pub fn null_move_reduction(depth: i32, margin: Score) -> i32 {
    3 + depth / 4 + (margin / 200).clamp(0, 2)
}

/// Late-move reduction in plies for the `index`-th move (from 0) at `depth`: more for
/// later moves and deeper nodes, by the product of their logarithms.
pub fn late_move_reduction(depth: i32, index: usize) -> i32 {
    if depth < 2 || index < 2 {
        return 0;
    }
    let r = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.0;
    r as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(late_move_reduction(1, 20), 0);
        assert_eq!(late_move_reduction(8, 1), 0);
        assert!(late_move_reduction(3, 3) >= 1);
        assert!(late_move_reduction(12, 30) > late_move_reduction(4, 4));
    }

    #[test]
    fn a_null_move_is_reduced_more_deeper_and_further_above_beta() {
        assert_eq!(null_move_reduction(3, -50), 3);
        assert_eq!(null_move_reduction(8, 0), 5);
        assert_eq!(null_move_reduction(8, 250), 6);
        assert_eq!(null_move_reduction(8, 5_000), 7);
    }

    #[test]
    fn more_moves_survive_deeper_and_when_improving() {
        assert!(late_move_count(3, false) > late_move_count(1, false));
        assert!(late_move_count(3, true) > late_move_count(3, false));
    }
}
