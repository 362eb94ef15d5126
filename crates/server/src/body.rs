//! Reading a request's JSON body: every rejection is one of our errors.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use serde::de::DeserializeOwned;

/// The largest request body (docs/api.md): larger ones are a 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A JSON body whose every rejection is one of our errors.
pub struct Body<T>(pub T);

/// Whether the request says its body is JSON (`application/json` or `application/*+json`).
/// A form or `text/plain` POST, which a page on another site can send without asking
/// first, is refused before its body is read.
fn says_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !says_json(req.headers()) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the body as JSON with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|r| {
            if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    r.status(),
                    format!("the body is over {} KiB", BODY_LIMIT / 1024),
                )
            } else {
                ApiError::new(r.status(), "cannot read the body")
            }
        })?;
        serde_json::from_slice(&bytes)
            .map(Body)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
    }
}
