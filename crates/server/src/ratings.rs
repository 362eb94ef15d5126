//! Who sits in a game by account, and the Glicko-2 ratings per variant that rated games
//! move. A game is rated when it was created rated by a logged-in player, against a friend,
//! with the server's dice, and a second account took the other seat; an aborted game
//! changes nobody's rating. The ratings change in the same transaction that stores the
//! result (`settle`, called by the store's writer), so the two cannot be parted by a crash.

use crate::accounts::Account;
use crate::error::ApiError;
use crate::glicko2::{self, Outcome, Rating};
use crate::seats::color_name;
use crate::store::{Store, StoreError};
use rules::Color;
use rules::outcome::result_text;
use sqlx::{AnyConnection, Row};

/// The accounts seated in a game and whether it counts for ratings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameAccounts {
    pub white: Option<String>,
    pub black: Option<String>,
    pub rated: bool,
}

impl GameAccounts {
    pub fn of(&self, color: Color) -> Option<&str> {
        match color {
            Color::White => self.white.as_deref(),
            Color::Black => self.black.as_deref(),
        }
    }
}

fn column(color: Color) -> &'static str {
    match color {
        Color::White => "white_account",
        Color::Black => "black_account",
    }
}

/// Refuses a rated game that cannot be rated: the creator must be logged in, the opponent
/// a friend, the dice the server's.
pub fn check_rated(
    rated: bool,
    account: Option<&Account>,
    game: &crate::new_game::NewGame,
) -> Result<(), ApiError> {
    if !rated {
        return Ok(());
    }
    if account.is_none() {
        return Err(ApiError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            "log in to create a rated game",
        ));
    }
    if game.opponent != crate::contract::Opponent::Friend
        || game.dice != crate::contract::DiceMode::Server
    {
        return Err(ApiError::bad_request(
            "only a game against a friend, with the server's dice, can be rated",
        ));
    }
    Ok(())
}

/// Refuses a guest who cannot take the open seat: a rated game needs a logged-in guest
/// other than the creator.
pub fn check_guest(seated: &GameAccounts, guest: Option<&Account>) -> Result<(), ApiError> {
    if !seated.rated {
        return Ok(());
    }
    let Some(guest) = guest else {
        return Err(ApiError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            "this game is rated: log in to take its seat",
        ));
    };
    if [&seated.white, &seated.black]
        .into_iter()
        .any(|a| a.as_deref() == Some(guest.id.as_str()))
    {
        return Err(ApiError::conflict(
            "you hold the other seat: a rated game is played against someone else",
        ));
    }
    Ok(())
}

/// Seats the creator's account in a new game (stored before the game itself, so a game
/// never lacks its binding; a binding whose game was never stored is harmless).
pub async fn bind_creator(
    store: &Store,
    game_id: &str,
    color: Color,
    account: &Account,
    rated: bool,
) -> Result<(), ApiError> {
    sqlx::query(&format!(
        "INSERT INTO game_accounts (game_id, {}, rated) VALUES ($1, $2, $3)",
        column(color)
    ))
    .bind(game_id)
    .bind(&account.id)
    .bind(i64::from(rated))
    .execute(store.write_pool())
    .await
    .map_err(StoreError::from)?;
    Ok(())
}

/// Seats the accounts of a game in its rematch with their colours swapped, rated as the
/// game was (stored before the rematch itself, as for a new game).
pub async fn bind_rematch(
    store: &Store,
    game_id: &str,
    old: &GameAccounts,
) -> Result<(), ApiError> {
    if old.white.is_none() && old.black.is_none() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO game_accounts (game_id, white_account, black_account, rated) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(game_id)
    .bind(&old.black)
    .bind(&old.white)
    .bind(i64::from(old.rated))
    .execute(store.write_pool())
    .await
    .map_err(StoreError::from)?;
    Ok(())
}

/// Seats the guest's account as the guest takes up the invitation: part of the store's
/// join transaction, so a rated game never starts without its second account.
pub(crate) async fn seat_guest(
    conn: &mut AnyConnection,
    game_id: &str,
    color: Color,
    account_id: &str,
) -> Result<(), sqlx::Error> {
    let c = column(color);
    let bound = sqlx::query(&format!(
        "UPDATE game_accounts SET {c} = $1 WHERE game_id = $2 AND {c} IS NULL"
    ))
    .bind(account_id)
    .bind(game_id)
    .execute(&mut *conn)
    .await?;
    if bound.rows_affected() == 0 {
        sqlx::query(&format!(
            "INSERT INTO game_accounts (game_id, {c}, rated) VALUES ($1, $2, 0) \
             ON CONFLICT (game_id) DO NOTHING"
        ))
        .bind(game_id)
        .bind(account_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The accounts seated in a game (none for an anonymous game).
pub async fn game_accounts(store: &Store, game_id: &str) -> Result<GameAccounts, ApiError> {
    let row = sqlx::query(
        "SELECT white_account, black_account, rated FROM game_accounts WHERE game_id = $1",
    )
    .bind(game_id)
    .fetch_optional(store.read_pool())
    .await
    .map_err(StoreError::from)?;
    let Some(row) = row else {
        return Ok(GameAccounts::default());
    };
    let read = || -> Result<GameAccounts, sqlx::Error> {
        Ok(GameAccounts {
            white: row.try_get("white_account")?,
            black: row.try_get("black_account")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
        })
    };
    read().map_err(|e| StoreError::from(e).into())
}

/// A standing as stored, or a newcomer's.
async fn standing(
    conn: &mut AnyConnection,
    account: &str,
    variant: &str,
) -> Result<(Rating, i64), sqlx::Error> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM ratings \
         WHERE account_id = $1 AND variant = $2",
    )
    .bind(account)
    .bind(variant)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        None => Ok((glicko2::NEW_PLAYER, 0)),
        Some(r) => Ok((
            Rating {
                rating: r.try_get("rating")?,
                deviation: r.try_get("deviation")?,
                volatility: r.try_get("volatility")?,
            },
            r.try_get("games")?,
        )),
    }
}

/// Rates a game that has just ended, in the transaction that stores its result. Does
/// nothing for a game that is not rated, was settled before, or was aborted.
pub async fn settle(conn: &mut AnyConnection, game_id: &str) -> Result<(), sqlx::Error> {
    let claimed = sqlx::query(
        "UPDATE game_accounts SET settled = 1 WHERE game_id = $1 AND settled = 0 AND rated = 1",
    )
    .bind(game_id)
    .execute(&mut *conn)
    .await?;
    if claimed.rows_affected() == 0 {
        return Ok(());
    }
    let row = sqlx::query(
        "SELECT a.white_account, a.black_account, g.variant, g.result, g.dice, g.updated_at \
         FROM game_accounts a JOIN games g ON g.id = a.game_id WHERE a.game_id = $1",
    )
    .bind(game_id)
    .fetch_one(&mut *conn)
    .await?;
    let (Some(white), Some(black)) = (
        row.try_get::<Option<String>, _>("white_account")?,
        row.try_get::<Option<String>, _>("black_account")?,
    ) else {
        return Ok(());
    };
    let result: String = row.try_get("result")?;
    let white_score = if result == result_text(Some(Color::White)) {
        1.0
    } else if result == result_text(Some(Color::Black)) {
        0.0
    } else if result == result_text(None) {
        0.5
    } else {
        return Ok(()); // aborted
    };
    if row.try_get::<String, _>("dice")? != "server" {
        return Ok(());
    }
    let variant: String = row.try_get("variant")?;
    let at: i64 = row.try_get("updated_at")?;
    let (w, w_games) = standing(conn, &white, &variant).await?;
    let (b, b_games) = standing(conn, &black, &variant).await?;
    let after = [
        (
            Color::White,
            &white,
            w,
            w_games,
            glicko2::update(
                w,
                &[Outcome {
                    opponent: b,
                    score: white_score,
                }],
                glicko2::TAU,
            ),
        ),
        (
            Color::Black,
            &black,
            b,
            b_games,
            glicko2::update(
                b,
                &[Outcome {
                    opponent: w,
                    score: 1.0 - white_score,
                }],
                glicko2::TAU,
            ),
        ),
    ];
    for (color, account, before, games, new) in after {
        sqlx::query("DELETE FROM ratings WHERE account_id = $1 AND variant = $2")
            .bind(account)
            .bind(&variant)
            .execute(&mut *conn)
            .await?;
        sqlx::query(
            "INSERT INTO ratings (account_id, variant, rating, deviation, volatility, games, \
             updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(account)
        .bind(&variant)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(games + 1)
        .bind(at)
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "INSERT INTO rating_changes (game_id, color, account_id, variant, rating_before, \
             rating_after, deviation_after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(game_id)
        .bind(color_name(color))
        .bind(account)
        .bind(&variant)
        .bind(before.rating)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(at)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A rating as shown: whole points.
pub fn shown(rating: f64) -> i64 {
    rating.round() as i64
}
