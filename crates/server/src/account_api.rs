//! The account routes of docs/api.md ("Accounts"): register, log in and out, change the
//! password, delete the account.

use crate::accounts::{self, Account};
use crate::body::Body;
use crate::contract::{AccountDeletion, AccountInfo, Credentials, PasswordChange, Session};
use crate::error::ApiError;
use crate::hub::Hub;
use crate::limits::{ClientLimiter, client_of};
use crate::login_limits::LoginLimiter;
use crate::sessions;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use std::net::SocketAddr;
use std::sync::Arc;

pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/account", get(current))
        .route("/api/account/register", post(register))
        .route("/api/account/login", post(login))
        .route("/api/account/logout", post(logout))
        .route("/api/account/password", post(change_password))
        .route("/api/account/delete", post(delete))
}

fn info(account: &Account) -> AccountInfo {
    AccountInfo {
        name: account.name.clone(),
        created_at: account.created_at,
    }
}

/// A reply that sets (or clears) the session cookie.
fn with_cookie(status: StatusCode, cookie: String, account: Option<&Account>) -> Response {
    (
        status,
        [(header::SET_COOKIE, cookie)],
        Json(Session {
            account: account.map(info),
        }),
    )
        .into_response()
}

async fn current(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
) -> Result<Json<Session>, ApiError> {
    let account = sessions::account_of(&hub.store, &headers).await?;
    Ok(Json(Session {
        account: account.as_ref().map(info),
    }))
}

async fn register(
    State(hub): State<Arc<Hub>>,
    Extension(limiter): Extension<Arc<ClientLimiter>>,
    Extension(logins): Extension<Arc<LoginLimiter>>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    sessions::check_same_site(&headers)?;
    accounts::check_name(&req.name)?;
    accounts::check_password(&req.password)?;
    logins.attempt(Some(client_of(connection, &headers, &limiter.limits)), None)?;
    let hash = accounts::hash_password(req.password).await?;
    let account = accounts::register(&hub.store, &req.name, &hash).await?;
    tracing::info!("account '{}' registered", account.name);
    let cookie = sessions::open(&hub.store, &account.id).await?;
    Ok(with_cookie(StatusCode::CREATED, cookie, Some(&account)))
}

async fn login(
    State(hub): State<Arc<Hub>>,
    Extension(limiter): Extension<Arc<ClientLimiter>>,
    Extension(logins): Extension<Arc<LoginLimiter>>,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    sessions::check_same_site(&headers)?;
    let key = accounts::name_key(&req.name);
    logins.attempt(
        Some(client_of(connection, &headers, &limiter.limits)),
        Some(&key),
    )?;
    let found = accounts::by_name(&hub.store, &req.name).await?;
    let hash = match &found {
        Some((_, hash)) => hash.clone(),
        None => accounts::dummy_hash().await,
    };
    let matches = accounts::verify_password(hash, req.password).await;
    match found {
        Some((account, _)) if matches => {
            let cookie = sessions::open(&hub.store, &account.id).await?;
            Ok(with_cookie(StatusCode::OK, cookie, Some(&account)))
        }
        _ => {
            logins.failed(&key);
            Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "wrong name or password",
            ))
        }
    }
}

async fn logout(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Response, ApiError> {
    sessions::check_same_site(&headers)?;
    // a player who logs out has left: their seeks with a clock go with them
    if let Some(account) = sessions::account_of(&hub.store, &headers).await? {
        crate::seeks::withdraw_live(&hub.store, &account.id).await?;
    }
    sessions::close(&hub.store, &headers).await?;
    Ok(with_cookie(
        StatusCode::OK,
        sessions::cleared_cookie(),
        None,
    ))
}

/// Checks the account's password again before a change that needs it.
async fn confirm_password(hub: &Hub, account: &Account, password: String) -> Result<(), ApiError> {
    let hash = accounts::password_hash(&hub.store, &account.id)
        .await?
        .unwrap_or_default();
    if !accounts::verify_password(hash, password).await {
        return Err(ApiError::forbidden("the password is wrong"));
    }
    Ok(())
}

async fn change_password(
    State(hub): State<Arc<Hub>>,
    Extension(logins): Extension<Arc<LoginLimiter>>,
    headers: HeaderMap,
    Body(req): Body<PasswordChange>,
) -> Result<Response, ApiError> {
    let account = sessions::require_account(&hub.store, &headers).await?;
    accounts::check_password(&req.new_password)?;
    let key = accounts::name_key(&account.name);
    logins.attempt(None, Some(&key))?;
    if let Err(e) = confirm_password(&hub, &account, req.current_password).await {
        logins.failed(&key);
        return Err(e);
    }
    let hash = accounts::hash_password(req.new_password).await?;
    accounts::set_password(&hub.store, &account.id, &hash).await?;
    // Every session ended with the old password; this one goes on with a new cookie.
    let cookie = sessions::open(&hub.store, &account.id).await?;
    Ok(with_cookie(StatusCode::OK, cookie, Some(&account)))
}

async fn delete(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    Body(req): Body<AccountDeletion>,
) -> Result<Response, ApiError> {
    let account = sessions::require_account(&hub.store, &headers).await?;
    confirm_password(&hub, &account, req.password).await?;
    accounts::delete(&hub.store, &account.id).await?;
    tracing::info!("account '{}' deleted", account.name);
    Ok(with_cookie(
        StatusCode::OK,
        sessions::cleared_cookie(),
        None,
    ))
}
