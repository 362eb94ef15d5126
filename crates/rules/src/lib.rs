//! The rules kernel: board geometry, positions, legal turns, notation and perft for every
//! Menagerie variant. Pure: no I/O, no clock, no randomness.

pub mod battle;
pub mod battle_board;
pub mod bitboard;
pub mod catalog;
pub mod chance;
pub mod chess_move;
pub mod error;
pub mod fen;
pub mod game;
pub mod geometry;
mod gives_check;
pub mod movegen;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod reach;
pub mod repetition;
pub mod san;
pub mod square;
pub mod uci_move;
pub mod variant;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use chance::{ChanceOutcome, Probability, Trample, TrampleOdds};
pub use chess_move::{Move, MoveKind, MoveList};
pub use error::{FenError, MoveError, OptionError, VariantError};
pub use game::{Game, Owed, Turn};
pub use options::RuleOptions;
pub use outcome::{Outcome, Reason};
pub use piece::{Color, Piece, Role};
pub use position::Position;
pub use reach::Reach;
pub use square::Square;
pub use variant::{Variant, VariantId};
