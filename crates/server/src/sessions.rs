//! Logged-in sessions: a random token in a `Secure`, `HttpOnly`, `SameSite=Lax` cookie;
//! the database keeps only its SHA-256, so a copy of the database logs nobody in.
//!
//! A change made with the cookie must come from this site: besides `SameSite` and the JSON
//! body every change requires (a form from another site cannot send one without asking
//! first, and the server never allows it), a request whose `Origin` is another site's or
//! whose `Sec-Fetch-Site` says it came from another site is refused.

use crate::accounts::Account;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::store::{Store, StoreError};
use axum::http::{HeaderMap, header};
use sha2::{Digest, Sha256};
use sqlx::Row;

pub const COOKIE: &str = "menagerie_session";

/// How long a session lasts without logging in again.
const LIFETIME_MS: i64 = 30 * 24 * 3600 * 1000;

fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The `Set-Cookie` value that holds `token`.
fn cookie(token: &str, max_age_s: i64) -> String {
    format!("{COOKIE}={token}; Path=/; Max-Age={max_age_s}; HttpOnly; Secure; SameSite=Lax")
}

/// The `Set-Cookie` value that ends the session in the browser.
pub fn cleared_cookie() -> String {
    cookie("", 0)
}

/// Opens a session for `account_id`; returns the `Set-Cookie` value.
pub async fn open(store: &Store, account_id: &str) -> Result<String, ApiError> {
    let token = crate::seats::new_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(account_id)
    .bind(now)
    .bind(now + LIFETIME_MS)
    .execute(store.write_pool())
    .await
    .map_err(StoreError::from)?;
    Ok(cookie(&token, LIFETIME_MS / 1000))
}

/// The session token the request's cookies carry.
fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && !value.is_empty())
        .map(|(_, value)| value.to_string())
}

/// The account logged in by the request's cookie, if any (an expired or unknown session
/// is none).
pub async fn account_of(store: &Store, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let Some(token) = cookie_token(headers) else {
        return Ok(None);
    };
    let row = sqlx::query(
        "SELECT a.id, a.name, a.created_at FROM sessions s \
         JOIN accounts a ON a.id = s.account_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2",
    )
    .bind(token_hash(&token))
    .bind(now_ms())
    .fetch_optional(store.read_pool())
    .await
    .map_err(StoreError::from)?;
    row.map(|r| {
        Ok(Account {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            created_at: r.try_get("created_at")?,
        })
    })
    .transpose()
    .map_err(|e: sqlx::Error| StoreError::from(e).into())
}

/// The account of a request that changes something: as `account_of`, but a request from
/// another site carrying the cookie is refused.
pub async fn account_for_change(
    store: &Store,
    headers: &HeaderMap,
) -> Result<Option<Account>, ApiError> {
    if cookie_token(headers).is_some() {
        check_same_site(headers)?;
    }
    account_of(store, headers).await
}

/// The account of a request that needs one: a 401 without a session.
pub async fn require_account(store: &Store, headers: &HeaderMap) -> Result<Account, ApiError> {
    account_for_change(store, headers)
        .await?
        .ok_or_else(|| ApiError::new(axum::http::StatusCode::UNAUTHORIZED, "log in first"))
}

/// Refuses a request a browser says came from another site: `Sec-Fetch-Site` other than
/// `same-origin` or `none`, or an `Origin` whose host is not the request's `Host`.
pub fn check_same_site(headers: &HeaderMap) -> Result<(), ApiError> {
    let refused = || ApiError::forbidden("a request from another site cannot use your session");
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && !matches!(site, "same-origin" | "none")
    {
        return Err(refused());
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().map_err(|_| refused())?;
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(refused)?;
        let origin_host = origin
            .strip_prefix("https://")
            .or_else(|| origin.strip_prefix("http://"))
            .ok_or_else(refused)?;
        if !origin_host.eq_ignore_ascii_case(host) {
            return Err(refused());
        }
    }
    Ok(())
}

/// Ends the request's session, if it has one.
pub async fn close(store: &Store, headers: &HeaderMap) -> Result<(), ApiError> {
    if let Some(token) = cookie_token(headers) {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash(&token))
            .execute(store.write_pool())
            .await
            .map_err(StoreError::from)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn the_cookie_is_read_among_others() {
        let h = headers(&[("cookie", "a=1; menagerie_session=abc; b=2")]);
        assert_eq!(cookie_token(&h).as_deref(), Some("abc"));
        assert_eq!(cookie_token(&headers(&[("cookie", "a=1")])), None);
        let set = cookie("tok", 60);
        for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"] {
            assert!(set.contains(attribute), "{set}");
        }
    }

    #[test]
    fn only_this_site_may_change_things() {
        let host = ("host", "play.example:8080");
        assert!(check_same_site(&headers(&[host])).is_ok());
        assert!(
            check_same_site(&headers(&[host, ("origin", "https://play.example:8080")])).is_ok()
        );
        assert!(check_same_site(&headers(&[host, ("origin", "https://evil.example")])).is_err());
        assert!(check_same_site(&headers(&[host, ("origin", "null")])).is_err());
        assert!(check_same_site(&headers(&[host, ("sec-fetch-site", "cross-site")])).is_err());
        assert!(check_same_site(&headers(&[host, ("sec-fetch-site", "same-site")])).is_err());
        assert!(check_same_site(&headers(&[host, ("sec-fetch-site", "same-origin")])).is_ok());
    }

    #[test]
    fn only_the_hash_of_a_token_is_kept() {
        let h = token_hash("secret");
        assert_eq!(h.len(), 64);
        assert!(!h.contains("secret"));
    }
}
