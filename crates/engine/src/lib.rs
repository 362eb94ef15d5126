//! The engine: evaluation and search for every Menagerie variant. Alpha-beta over the
//! players' turns, expectimax with Star1 pruning over the dice, a transposition table.

pub mod eval;
pub mod score;
pub mod search;
pub mod tt;

pub use score::Score;
pub use search::{Limits, SearchInfo, Searcher};
