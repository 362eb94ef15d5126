//! The engine: evaluation and search for every Menagerie variant. Alpha-beta over the
//! players' turns, expectimax with Star1 and Star2 pruning over the dice, a transposition table.

pub mod accumulator;
pub mod battle_eval;
pub mod battle_search;
pub mod correction;
pub mod eval;
pub mod eval_cache;
pub mod features;
pub mod mop_up;
pub mod network;
pub mod ordering;
pub mod pawn_cache;
pub mod pruning;
pub mod roll_values;
pub mod score;
pub mod search;
pub mod see;
pub mod strength;
pub mod terms;
pub mod threats;
pub mod time;
pub mod tt;

pub use features::Features;
pub use score::Score;
pub use search::{Limits, SearchInfo, Searcher};
pub use strength::Strength;
