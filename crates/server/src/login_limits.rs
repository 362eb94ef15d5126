//! How fast logins may be tried: every attempt (login or registration) counts against its
//! client, and every failed login against the name it tried, so that neither one address
//! nor many addresses together can guess a password at speed. Over either limit is a 429.

use crate::error::ApiError;
use crate::token_buckets::TokenBuckets;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Attempts one client may make in a burst, then per minute.
pub const CLIENT_BURST: f64 = 20.0;
pub const CLIENT_PER_MINUTE: f64 = 20.0;
/// Failed logins one name may take in a burst, then per minute.
pub const NAME_BURST: f64 = 5.0;
pub const NAME_PER_MINUTE: f64 = 2.0;

pub struct LoginLimiter {
    state: Mutex<(TokenBuckets<IpAddr>, TokenBuckets<String>)>,
}

fn too_many(what: &str, seconds: u64) -> ApiError {
    ApiError::too_many_requests(
        format!("too many {what}: try again in {seconds} s"),
        seconds,
    )
}

impl LoginLimiter {
    pub fn new() -> Arc<LoginLimiter> {
        Arc::new(LoginLimiter {
            state: Mutex::new((
                TokenBuckets::new(CLIENT_BURST, CLIENT_PER_MINUTE),
                TokenBuckets::new(NAME_BURST, NAME_PER_MINUTE),
            )),
        })
    }

    /// Counts an attempt by `client` (when known) on `name` (its lower-case key), or
    /// refuses it.
    pub fn attempt(&self, client: Option<IpAddr>, name: Option<&str>) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let (clients, names) = &mut *state;
        if let Some(client) = client
            && let Some(wait) = clients.wait(client, now)
        {
            return Err(too_many("login attempts from your address", wait));
        }
        if let Some(name) = name
            && let Some(wait) = names.wait(name.to_string(), now)
        {
            return Err(too_many("failed logins for this name", wait));
        }
        if let Some(client) = client {
            clients.take(client, now);
        }
        Ok(())
    }

    /// Counts a failed login on `name`.
    pub fn failed(&self, name: &str) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.1.take(name.to_string(), Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[test]
    fn failures_on_a_name_and_attempts_from_a_client_are_limited() {
        let limiter = LoginLimiter::new();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..NAME_BURST as usize {
            limiter.attempt(Some(a), Some("alice")).unwrap();
            limiter.failed("alice");
        }
        let e = limiter.attempt(Some(b), Some("alice")).unwrap_err();
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            e.retry_after,
            Some(30),
            "two failed logins a minute: one every 30 s"
        );
        limiter.attempt(Some(b), Some("bob")).unwrap();
        for _ in 0..(CLIENT_BURST as usize - NAME_BURST as usize) {
            limiter.attempt(Some(a), None).unwrap();
        }
        assert!(limiter.attempt(Some(a), Some("carol")).is_err());
        assert!(limiter.attempt(Some(b), Some("carol")).is_ok());
    }
}
