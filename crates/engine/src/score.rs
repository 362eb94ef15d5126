//! Scores in centipawns from the side to move's point of view, with mate scores at the
//! ends of the range.

pub type Score = i32;

pub const INFINITY: Score = 32_000;
/// A win found at ply `n` scores `MATE - n`: nearer wins score higher.
pub const MATE: Score = 31_000;
/// Scores beyond this are wins or losses, not material.
pub const MATE_BOUND: Score = MATE - 1_000;

/// Moves to a forced mate: positive when the side to move mates, negative when it is
/// mated; `None` for a score that is not a mate.
pub fn mate_in(score: Score) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-((MATE + score + 1) / 2))
    } else {
        None
    }
}

/// Win, draw and loss in permille for a centipawn score, by a logistic curve (400 cp is
/// about a 75% expected score). Mate scores are certain.
pub fn wdl(score: Score) -> (u32, u32, u32) {
    if score >= MATE_BOUND {
        return (1000, 0, 0);
    }
    if score <= -MATE_BOUND {
        return (0, 0, 1000);
    }
    let win = 1.0 / (1.0 + (-(score as f64 - 50.0) / 120.0).exp());
    let loss = 1.0 / (1.0 + ((score as f64 + 50.0) / 120.0).exp());
    let w = (win * 1000.0).round() as u32;
    let l = (loss * 1000.0).round() as u32;
    (w, 1000 - w - l, l)
}
