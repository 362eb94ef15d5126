//! The API's errors: a status and one line that says what was wrong, sent as
//! `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    pub fn body(&self) -> serde_json::Value {
        serde_json::json!({ "error": self.message })
    }
}

/// Why the game refused a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The turn or action does not fit the game's state, or is not a legal turn.
    Invalid(String),
    /// The seat may not make this change (out of turn, acting for the other side).
    NotYours(String),
    /// The change was made against an older state of the game.
    Stale(String),
    /// The stored game cannot be played on (a server fault).
    Broken(String),
}

impl GameError {
    pub fn invalid(message: impl Into<String>) -> GameError {
        GameError::Invalid(message.into())
    }

    pub fn not_yours(message: impl Into<String>) -> GameError {
        GameError::NotYours(message.into())
    }

    pub fn stale(message: impl Into<String>) -> GameError {
        GameError::Stale(message.into())
    }

    pub fn broken(message: impl Into<String>) -> GameError {
        GameError::Broken(message.into())
    }
}

/// The one place a game's refusal becomes an HTTP status.
impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        match e {
            GameError::Invalid(m) => ApiError::bad_request(m),
            GameError::NotYours(m) => ApiError::forbidden(m),
            GameError::Stale(m) => ApiError::conflict(m),
            GameError::Broken(m) => ApiError::internal(m),
        }
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> ApiError {
        tracing::error!("{e}");
        ApiError::internal(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body())).into_response()
    }
}
