//! `menagerie play`: a game in the terminal.

pub mod board;
pub mod narrate;
