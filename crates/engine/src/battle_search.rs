//! How the search treats Battle Chieftain's thin endings. With few pieces left every
//! capture is near the end of the game (a last berserker taken, or a king taken and the
//! last berserker crowned), so the lines that decide it are long and narrow: quiet moves
//! that forward pruning and late-move reductions would cut are the ones that win. And a
//! side whose king was just taken has one kind of turn, a crowning, which can itself end
//! the game; the static evaluation cannot stand in for it (`Position::owes_crowning`).

use rules::{Color, Position};

/// A side with this many pieces or fewer (king included) is in a thin ending.
const THIN_ENDING_PIECES: u32 = 6;

/// Battle Chieftain with either side down to a few pieces: search without forward
/// pruning or reductions of quiet moves.
pub fn few_pieces(pos: &Position) -> bool {
    pos.variant().battle.is_some()
        && Color::ALL
            .into_iter()
            .any(|color| pos.pieces(color).count() <= THIN_ENDING_PIECES)
}
