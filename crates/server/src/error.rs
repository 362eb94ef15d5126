//! The API's errors: a status and one line that says what was wrong, sent as
//! `{"error": "..."}`. A message is kept short, a piece of the request quoted in it is
//! cut to a few dozen characters, and a server fault (5xx) is logged but answered with a
//! fixed line, so no database text or stored data reaches a client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// Seconds after which the request may succeed, sent as `Retry-After` (with a 429).
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: cut(cut_words(&message.into()), MAX_MESSAGE),
            retry_after: None,
        }
    }

    /// A 429: over a limit, worth trying again after `seconds`.
    pub fn too_many_requests(message: impl Into<String>, seconds: u64) -> ApiError {
        ApiError {
            retry_after: Some(seconds.max(1)),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
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

/// The longest error line sent, in characters.
const MAX_MESSAGE: usize = 240;

/// The longest piece of a request quoted in an error, in characters.
const MAX_QUOTE: usize = 40;

/// What the client hears of a server fault; the detail goes to the log.
const FAULT: &str = "the server could not do this (the fault is logged); nothing was changed";

/// `text` cut to `limit` characters, with an ellipsis where it was cut.
fn cut(mut text: String, limit: usize) -> String {
    if let Some((at, _)) = text.char_indices().nth(limit) {
        text.truncate(at);
        text.push('…');
    }
    text
}

/// The message with every word (a run without spaces) over `MAX_QUOTE` characters cut:
/// a long piece of input, whoever quoted it (serde, the rules kernel), stays short.
fn cut_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MAX_MESSAGE));
    for (i, word) in message.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&cut(word.to_string(), MAX_QUOTE));
        if out.len() > 4 * MAX_MESSAGE {
            break;
        }
    }
    out
}

/// A piece of the request to quote in an error message: at most a few dozen characters,
/// one line.
pub fn quote(input: &str) -> String {
    cut(input.replace(['\n', '\r'], " "), MAX_QUOTE)
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
        ApiError::internal(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::error!("{}: {}", self.status, self.message);
            let fault = ApiError {
                status: self.status,
                message: FAULT.to_string(),
                retry_after: None,
            };
            return (fault.status, axum::Json(fault.body())).into_response();
        }
        let mut response = (self.status, axum::Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_is_cut() {
        let e = ApiError::bad_request("word ".repeat(10_000));
        assert_eq!(e.message.chars().count(), MAX_MESSAGE + 1);
        assert!(e.message.ends_with('…'));
        assert_eq!(quote(&"é".repeat(100)).chars().count(), MAX_QUOTE + 1);
        assert_eq!(quote("e2e4"), "e2e4");
        let echoed = ApiError::bad_request(format!("unknown variant `{}`", "Q".repeat(500)));
        assert!(
            !echoed.message.contains(&"Q".repeat(MAX_QUOTE + 1)),
            "{}",
            echoed.message
        );
        assert!(echoed.message.starts_with("unknown variant `QQQ"));
    }

    #[tokio::test]
    async fn a_server_fault_tells_the_client_nothing_of_its_cause() {
        let e: ApiError = ApiError::internal("database: relation \"games\" is locked at 10.0.0.7");
        let response = e.into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let bytes = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .unwrap();
        let text = String::from_utf8(bytes.to_vec()).unwrap();
        assert!(
            !text.contains("database") && !text.contains("10.0.0.7"),
            "{text}"
        );
        assert!(text.contains("logged"), "{text}");
    }
}
