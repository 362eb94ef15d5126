//! Reading a request's JSON body: every rejection is one of our errors.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

/// The largest request body (docs/api.md): larger ones are a 413.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A JSON body whose every rejection is one of our errors.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|r| {
            if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    r.status(),
                    format!("the body is over {} KiB", BODY_LIMIT / 1024),
                )
            } else {
                ApiError::new(
                    r.status(),
                    format!("cannot read the body: {}", r.body_text()),
                )
            }
        })?;
        serde_json::from_slice(&bytes)
            .map(Body)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
    }
}
