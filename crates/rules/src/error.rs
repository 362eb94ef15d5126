//! Errors at the rules boundary: each says exactly what was wrong.

use thiserror::Error;

#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum VariantError {
    #[error(
        "unknown variant '{0}' (known: chess, behemoth, juggernaut, behemoth-loop, battle-chieftain, battle-chieftain-far-walls, battle-chieftain-differing-field, battle-chieftain-uneven-field, wildebeest)"
    )]
    Unknown(String),
    #[error("variant '{0}' is not playable in this build yet")]
    NotYetPlayable(&'static str),
}

#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("invalid FEN: {0}")]
pub struct FenError(pub String);

#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    #[error("malformed move '{0}': {1}")]
    Malformed(String, String),
    #[error("illegal move '{0}' in this position")]
    Illegal(String),
    #[error("ambiguous move '{0}': could be {1}")]
    Ambiguous(String, String),
}

#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct OptionError(pub String);
