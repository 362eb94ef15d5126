//! Players' accounts: a name, checked and unique whatever its case, and an argon2id hash of
//! the password (the password itself is never stored nor logged). Deleting an account
//! leaves its games, whose seats become anonymous.

use crate::clock::now_ms;
use crate::error::ApiError;
use crate::store::{Store, StoreError};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use sqlx::Row;

/// A player's account, as others may see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Account {
    pub id: String,
    pub name: String,
    pub created_at: i64,
}

pub const NAME_MIN: usize = 3;
pub const NAME_MAX: usize = 20;
pub const PASSWORD_MIN: usize = 8;
/// Hashing costs the same whatever the length, but a bound keeps requests small.
pub const PASSWORD_MAX: usize = 128;

/// Names a player may not take: the server's own words for seats and roles, so nobody
/// passes for the engine or for an anonymous player.
const RESERVED: &[&str] = &[
    "engine",
    "anonymous",
    "admin",
    "administrator",
    "human",
    "guest",
    "menagerie",
    "server",
    "system",
    "root",
    "moderator",
    "white",
    "black",
    "null",
    "undefined",
];

/// A name: 3 to 20 ASCII letters, digits, `_` or `-`, starting with a letter, not one of
/// the reserved words nor one of them with a suffix of digits or marks (`engine_2`).
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let length = name.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&length) {
        return Err(ApiError::bad_request(format!(
            "a name is {NAME_MIN} to {NAME_MAX} characters long"
        )));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        || !name.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return Err(ApiError::bad_request(
            "a name is made of letters a-z, digits, '_' and '-', and starts with a letter",
        ));
    }
    let key = name_key(name);
    let stem = key.trim_end_matches(|c: char| c.is_ascii_digit() || c == '_' || c == '-');
    if RESERVED.contains(&stem) {
        return Err(ApiError::bad_request(format!(
            "the name '{name}' is reserved: choose another"
        )));
    }
    Ok(())
}

/// The form under which names are unique.
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

pub fn check_password(password: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if !(PASSWORD_MIN..=PASSWORD_MAX).contains(&length) {
        return Err(ApiError::bad_request(format!(
            "a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters long"
        )));
    }
    Ok(())
}

/// Argon2id with the parameters OWASP recommends (19 MiB, 2 passes, 1 lane).
fn hasher() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::default())
}

/// The PHC string of `password` with a fresh salt, computed off the async threads.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
        hasher()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::internal(format!("password hashing failed: {e}")))
    })
    .await
    .map_err(|e| ApiError::internal(format!("password hashing failed: {e}")))?
}

/// Whether `password` matches the stored `hash`.
pub async fn verify_password(hash: String, password: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).is_ok_and(|parsed| {
            hasher()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
    })
    .await
    .unwrap_or(false)
}

/// A hash to verify against when the name is unknown, so that a login for an unknown
/// name takes as long as one with a wrong password.
pub async fn dummy_hash() -> String {
    static DUMMY: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    DUMMY
        .get_or_init(|| async {
            hash_password("not a password of anyone".to_string())
                .await
                .unwrap_or_default()
        })
        .await
        .clone()
}

fn account_from(row: &sqlx::any::AnyRow) -> Result<Account, sqlx::Error> {
    Ok(Account {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        created_at: row.try_get("created_at")?,
    })
}

/// Creates an account; a 409 when the name (in any case) is taken.
pub async fn register(store: &Store, name: &str, password_hash: &str) -> Result<Account, ApiError> {
    let account = Account {
        id: crate::seats::new_token(),
        name: name.to_string(),
        created_at: now_ms(),
    };
    let inserted = sqlx::query(
        "INSERT INTO accounts (id, name, name_key, password_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING",
    )
    .bind(&account.id)
    .bind(&account.name)
    .bind(name_key(name))
    .bind(password_hash)
    .bind(account.created_at)
    .execute(store.write_pool())
    .await
    .map_err(StoreError::from)?;
    if inserted.rows_affected() == 0 {
        return Err(ApiError::conflict(format!(
            "the name '{name}' is taken: choose another"
        )));
    }
    Ok(account)
}

/// The account of `name` (in any case) and its password hash.
pub async fn by_name(store: &Store, name: &str) -> Result<Option<(Account, String)>, ApiError> {
    let row =
        sqlx::query("SELECT id, name, created_at, password_hash FROM accounts WHERE name_key = $1")
            .bind(name_key(name))
            .fetch_optional(store.read_pool())
            .await
            .map_err(StoreError::from)?;
    row.map(|r| Ok((account_from(&r)?, r.try_get("password_hash")?)))
        .transpose()
        .map_err(|e: sqlx::Error| StoreError::from(e).into())
}

/// The password hash of account `id`.
pub async fn password_hash(store: &Store, id: &str) -> Result<Option<String>, ApiError> {
    let row = sqlx::query("SELECT password_hash FROM accounts WHERE id = $1")
        .bind(id)
        .fetch_optional(store.read_pool())
        .await
        .map_err(StoreError::from)?;
    row.map(|r| r.try_get("password_hash"))
        .transpose()
        .map_err(|e: sqlx::Error| StoreError::from(e).into())
}

/// Replaces the password hash and ends every session of the account.
pub async fn set_password(store: &Store, id: &str, hash: &str) -> Result<(), ApiError> {
    let mut tx = store.write_pool().begin().await.map_err(StoreError::from)?;
    sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(StoreError::from)?;
    sqlx::query("DELETE FROM sessions WHERE account_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(StoreError::from)?;
    tx.commit().await.map_err(StoreError::from)?;
    Ok(())
}

/// Deletes the account, its sessions, ratings and seeks; its games stay, their seats anonymous,
/// and its chat lines stay signed `anonymous`.
pub async fn delete(store: &Store, id: &str) -> Result<(), ApiError> {
    let mut tx = store.write_pool().begin().await.map_err(StoreError::from)?;
    for statement in [
        "DELETE FROM sessions WHERE account_id = $1",
        "DELETE FROM ratings WHERE account_id = $1",
        "DELETE FROM rating_changes WHERE account_id = $1",
        "DELETE FROM seeks WHERE account_id = $1",
        "UPDATE game_accounts SET white_account = NULL WHERE white_account = $1",
        "UPDATE game_accounts SET black_account = NULL WHERE black_account = $1",
        "UPDATE chat_lines SET author = 'anonymous', author_account = NULL \
         WHERE author_account = $1",
        "DELETE FROM accounts WHERE id = $1",
    ] {
        sqlx::query(statement)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(StoreError::from)?;
    }
    tx.commit().await.map_err(StoreError::from)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        for good in ["alice", "Bob_2", "k-9x", "abc", "a2345678901234567890"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "ab",
            "a23456789012345678901",
            "2pac",
            "_x_",
            "al ice",
            "alïce",
            "<b>x</b>",
            "Engine",
            "ENGINE_2",
            "anonymous",
            "Admin",
            "admin-1",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert_eq!(name_key("AliCe"), "alice");
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_only_and_does_not_contain_it() {
        let hash = hash_password("correct horse".to_string()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password(hash.clone(), "correct horse".to_string()).await);
        assert!(!verify_password(hash, "correct horsf".to_string()).await);
        assert!(!verify_password("garbage".to_string(), "x".to_string()).await);
    }
}
