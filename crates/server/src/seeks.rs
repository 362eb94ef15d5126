//! Open seeks (docs/api.md, "Seeks"): a logged-in player asks for a game, another player
//! takes it up, and the game starts between their two accounts. A seek with a clock lives
//! while its poster's page asks after it (every few seconds) and vanishes soon after the
//! page is gone; a correspondence seek waits for up to two weeks, as correspondence players
//! expect. Taking a seek up is one conditional write, so two players cannot both have it.

use crate::accounts::Account;
use crate::contract::{ClockOptions, ColorChoice, CreateRequest, Opponent, Seek, SeekRequest};
use crate::error::ApiError;
use crate::new_game::NewGame;
use crate::ratings;
use crate::store::{Store, StoreError};
use crate::variants::display_name;
use rules::{Color, VariantId};
use sqlx::Row;
use sqlx::any::AnyRow;

/// How many open seeks an account may have at once.
pub const MAX_OPEN_PER_ACCOUNT: i64 = 5;
/// How long a seek with a clock outlives its poster's last look at it.
pub const ALIVE_MS: i64 = 20_000;
const CORRESPONDENCE_ALIVE_MS: i64 = 14 * 86_400_000;
/// How long a taken or lapsed seek is kept, so that its poster learns the game.
const KEPT_MS: i64 = 3_600_000;
/// How many seeks a list shows at most.
const LIST_LIMIT: i64 = 100;

/// A seek as stored, with its poster and the poster's rating in the variant.
#[derive(Clone, Debug)]
pub struct StoredSeek {
    pub id: String,
    pub poster: Account,
    pub variant: VariantId,
    /// `KEY=VALUE` rule settings separated by spaces, as a game stores them.
    pub rules: String,
    pub clock: Option<ClockOptions>,
    pub days_per_move: Option<i64>,
    pub color: ColorChoice,
    pub rated: bool,
    pub created_at: i64,
    pub alive_until: i64,
    /// The game that took it up.
    pub game: Option<String>,
    pub rating: Option<f64>,
}

impl StoredSeek {
    /// A seek request checked as the game it would start would be.
    pub fn check(req: SeekRequest, poster: &Account, now: i64) -> Result<StoredSeek, ApiError> {
        let color = req.color.unwrap_or_default();
        let rated = req.rated.unwrap_or(false);
        let mut seek = StoredSeek {
            id: crate::seats::new_game_id(),
            poster: poster.clone(),
            variant: VariantId::Chess,
            rules: String::new(),
            clock: req.clock.clone(),
            days_per_move: req.days_per_move,
            color,
            rated,
            created_at: now,
            alive_until: now
                + if req.days_per_move.is_some() {
                    CORRESPONDENCE_ALIVE_MS
                } else {
                    ALIVE_MS
                },
            game: None,
            rating: None,
        };
        let request = CreateRequest {
            variant: req.variant,
            rules: req.rules,
            ..seek.creation_request(Color::White)
        };
        let game = NewGame::from_request(request, false)?;
        ratings::check_rated(rated, Some(poster), &game)?;
        seek.variant = game.variant;
        seek.rules = game.settings.join(" ");
        Ok(seek)
    }

    /// The request that creates the seek's game, its poster playing `poster_color`.
    pub fn creation_request(&self, poster_color: Color) -> CreateRequest {
        CreateRequest {
            variant: self.variant.name().to_string(),
            rules: Some(
                self.rules
                    .split_whitespace()
                    .filter_map(|s| s.split_once('='))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            ),
            opponent: Some(Opponent::Friend),
            color: Some(match poster_color {
                Color::White => ColorChoice::White,
                Color::Black => ColorChoice::Black,
            }),
            engine: None,
            clock: self.clock.clone(),
            days_per_move: self.days_per_move,
            dice: None,
            entropy: None,
            rated: Some(self.rated),
            seed: None,
        }
    }

    /// What quick pairing matches: the same variant, rules, time and rating.
    pub fn pairing_key(&self) -> String {
        let time = match (&self.clock, self.days_per_move) {
            (Some(c), _) => format!("{}+{}", c.initial_ms, c.increment_ms),
            (None, Some(days)) => format!("{days}d"),
            (None, None) => "-".to_string(),
        };
        format!(
            "{}|{}|{time}|{}",
            self.variant.name(),
            self.rules,
            if self.rated { "rated" } else { "casual" }
        )
    }

    /// The seek as `reader` (an account id) sees it.
    pub fn view(&self, reader: Option<&str>) -> Seek {
        let yours = reader == Some(self.poster.id.as_str());
        Seek {
            id: self.id.clone(),
            variant: self.variant.name().to_string(),
            name: display_name(self.variant).to_string(),
            player: self.poster.name.clone(),
            rating: self.rating.map(|r| r.round() as i64),
            rules: self
                .creation_request(Color::White)
                .rules
                .unwrap_or_default(),
            clock: self.clock.clone(),
            days_per_move: self.days_per_move,
            color: self.color,
            rated: self.rated,
            yours,
            created_at: self.created_at,
            game: if yours { self.game.clone() } else { None },
        }
    }

    /// Whether anyone may still take it up.
    pub fn open(&self, now: i64) -> bool {
        self.game.is_none() && self.alive_until > now
    }
}

/// The poster's colour in the game when a player who wants `wanted` takes up a seek that
/// asked for `sought`; none when both want the same colour.
pub fn poster_color(sought: ColorChoice, wanted: ColorChoice) -> Option<Color> {
    let random = || {
        if rand::random::<bool>() {
            Color::White
        } else {
            Color::Black
        }
    };
    match (sought, wanted) {
        (ColorChoice::White, ColorChoice::White) | (ColorChoice::Black, ColorChoice::Black) => None,
        (ColorChoice::White, _) => Some(Color::White),
        (ColorChoice::Black, _) => Some(Color::Black),
        (ColorChoice::Random, ColorChoice::White) => Some(Color::Black),
        (ColorChoice::Random, ColorChoice::Black) => Some(Color::White),
        (ColorChoice::Random, ColorChoice::Random) => Some(random()),
    }
}

fn color_text(c: ColorChoice) -> &'static str {
    match c {
        ColorChoice::White => "white",
        ColorChoice::Black => "black",
        ColorChoice::Random => "random",
    }
}

fn fault(e: sqlx::Error) -> ApiError {
    StoreError::from(e).into()
}

const SELECT: &str = "SELECT s.id, s.account_id, a.name, a.created_at AS account_created_at, \
     s.variant, s.rules, s.initial_ms, s.increment_ms, s.days_per_move, s.color, s.rated, \
     s.created_at, s.alive_until, s.game_id, r.rating \
     FROM seeks s JOIN accounts a ON a.id = s.account_id \
     LEFT JOIN ratings r ON r.account_id = s.account_id AND r.variant = s.variant";

fn read(r: &AnyRow) -> Result<StoredSeek, ApiError> {
    let read = || -> Result<StoredSeek, sqlx::Error> {
        let initial: Option<i64> = r.try_get("initial_ms")?;
        let increment: Option<i64> = r.try_get("increment_ms")?;
        let variant: String = r.try_get("variant")?;
        let color: String = r.try_get("color")?;
        Ok(StoredSeek {
            id: r.try_get("id")?,
            poster: Account {
                id: r.try_get("account_id")?,
                name: r.try_get("name")?,
                created_at: r.try_get("account_created_at")?,
            },
            variant: variant.parse().unwrap_or(VariantId::Chess),
            rules: r.try_get("rules")?,
            clock: initial.map(|initial_ms| ClockOptions {
                initial_ms,
                increment_ms: increment.unwrap_or(0),
            }),
            days_per_move: r.try_get("days_per_move")?,
            color: match color.as_str() {
                "white" => ColorChoice::White,
                "black" => ColorChoice::Black,
                _ => ColorChoice::Random,
            },
            rated: r.try_get::<i64, _>("rated")? != 0,
            created_at: r.try_get("created_at")?,
            alive_until: r.try_get("alive_until")?,
            game: r.try_get("game_id")?,
            rating: r.try_get("rating")?,
        })
    };
    read().map_err(fault)
}

/// Stores a new seek, unless its poster has too many open; drops the seeks long gone.
pub async fn insert(store: &Store, seek: &StoredSeek) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM seeks WHERE alive_until < $1")
        .bind(seek.created_at - KEPT_MS)
        .execute(store.write_pool())
        .await
        .map_err(fault)?;
    let open: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM seeks WHERE account_id = $1 AND game_id IS NULL \
         AND alive_until > $2",
    )
    .bind(&seek.poster.id)
    .bind(seek.created_at)
    .fetch_one(store.read_pool())
    .await
    .map_err(fault)?;
    if open >= MAX_OPEN_PER_ACCOUNT {
        return Err(ApiError::too_many_requests(
            format!(
                "you have {open} open seeks, the most there may be: cancel one or wait for a \
                 player"
            ),
            10,
        ));
    }
    sqlx::query(
        "INSERT INTO seeks (id, account_id, variant, rules, initial_ms, increment_ms, \
         days_per_move, color, rated, pairing_key, created_at, alive_until) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&seek.id)
    .bind(&seek.poster.id)
    .bind(seek.variant.name())
    .bind(&seek.rules)
    .bind(seek.clock.as_ref().map(|c| c.initial_ms))
    .bind(seek.clock.as_ref().map(|c| c.increment_ms))
    .bind(seek.days_per_move)
    .bind(color_text(seek.color))
    .bind(i64::from(seek.rated))
    .bind(seek.pairing_key())
    .bind(seek.created_at)
    .bind(seek.alive_until)
    .execute(store.write_pool())
    .await
    .map_err(fault)?;
    Ok(())
}

/// The open seeks, oldest first, of one variant or of all.
pub async fn open_seeks(
    store: &Store,
    variant: Option<VariantId>,
    now: i64,
) -> Result<Vec<StoredSeek>, ApiError> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE s.game_id IS NULL AND s.alive_until > $1 \
         AND ($2 = '' OR s.variant = $2) ORDER BY s.created_at, s.id LIMIT $3"
    ))
    .bind(now)
    .bind(variant.map(|v| v.name()).unwrap_or(""))
    .bind(LIST_LIMIT)
    .fetch_all(store.read_pool())
    .await
    .map_err(fault)?;
    rows.iter().map(read).collect()
}

pub async fn get(store: &Store, id: &str) -> Result<Option<StoredSeek>, ApiError> {
    let row = sqlx::query(&format!("{SELECT} WHERE s.id = $1"))
        .bind(id)
        .fetch_optional(store.read_pool())
        .await
        .map_err(fault)?;
    row.as_ref().map(read).transpose()
}

/// Other players' open seeks that quick pairing may match with `seek`, oldest first.
pub async fn matches_for(
    store: &Store,
    seek: &StoredSeek,
    now: i64,
) -> Result<Vec<StoredSeek>, ApiError> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE s.pairing_key = $1 AND s.game_id IS NULL AND s.alive_until > $2 \
         AND s.account_id <> $3 ORDER BY s.created_at, s.id LIMIT 20"
    ))
    .bind(seek.pairing_key())
    .bind(now)
    .bind(&seek.poster.id)
    .fetch_all(store.read_pool())
    .await
    .map_err(fault)?;
    rows.iter().map(read).collect()
}

/// Keeps the account's seeks with a clock open while its page asks after them.
pub async fn keep_alive(store: &Store, account_id: &str, now: i64) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE seeks SET alive_until = $1 WHERE account_id = $2 AND game_id IS NULL \
         AND days_per_move IS NULL AND alive_until > $3",
    )
    .bind(now + ALIVE_MS)
    .bind(account_id)
    .bind(now)
    .execute(store.write_pool())
    .await
    .map_err(fault)?;
    Ok(())
}

/// Takes the seek up for `game`: whether it was still open (only one taker gets it).
pub async fn claim(store: &Store, id: &str, game: &str, now: i64) -> Result<bool, ApiError> {
    let done = sqlx::query(
        "UPDATE seeks SET game_id = $1, alive_until = $2 \
         WHERE id = $3 AND game_id IS NULL AND alive_until > $4",
    )
    .bind(game)
    .bind(now + KEPT_MS)
    .bind(id)
    .bind(now)
    .execute(store.write_pool())
    .await
    .map_err(fault)?;
    Ok(done.rows_affected() == 1)
}

/// Withdraws an open seek of the account: whether there was one.
pub async fn withdraw(store: &Store, id: &str, account_id: &str) -> Result<bool, ApiError> {
    let done =
        sqlx::query("DELETE FROM seeks WHERE id = $1 AND account_id = $2 AND game_id IS NULL")
            .bind(id)
            .bind(account_id)
            .execute(store.write_pool())
            .await
            .map_err(fault)?;
    Ok(done.rows_affected() == 1)
}

/// Withdraws the account's open seeks with a clock: its player logged out.
pub async fn withdraw_live(store: &Store, account_id: &str) -> Result<(), ApiError> {
    sqlx::query(
        "DELETE FROM seeks WHERE account_id = $1 AND game_id IS NULL \
         AND days_per_move IS NULL",
    )
    .bind(account_id)
    .execute(store.write_pool())
    .await
    .map_err(fault)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alice() -> Account {
        Account {
            id: "a1".into(),
            name: "alice".into(),
            created_at: 0,
        }
    }

    fn request(body: serde_json::Value) -> SeekRequest {
        serde_json::from_value(body).unwrap()
    }

    #[test]
    fn a_seek_is_checked_as_its_game_would_be() {
        let ok = StoredSeek::check(
            request(serde_json::json!({"variant": "juggernaut",
                "clock": {"initial_ms": 180000, "increment_ms": 2000}, "rated": true})),
            &alice(),
            1_000,
        )
        .unwrap();
        assert_eq!(ok.pairing_key(), "juggernaut||180000+2000|rated");
        assert_eq!(ok.alive_until, 1_000 + ALIVE_MS);
        let corr = StoredSeek::check(
            request(serde_json::json!({"variant": "chess", "days_per_move": 3})),
            &alice(),
            0,
        )
        .unwrap();
        assert_eq!(corr.pairing_key(), "chess||3d|casual");
        assert_eq!(corr.alive_until, CORRESPONDENCE_ALIVE_MS);
        for bad in [
            serde_json::json!({"variant": "nonesuch"}),
            serde_json::json!({"variant": "chess", "days_per_move": 4}),
            serde_json::json!({"variant": "chess", "rules": {"nonesuch": "1"}}),
        ] {
            assert!(
                StoredSeek::check(request(bad.clone()), &alice(), 0).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_rules_survive_the_round_trip_through_the_request() {
        let seek = StoredSeek::check(
            request(serde_json::json!({"variant": "juggernaut",
                "rules": {"juggernaut-edge": "reroll"}})),
            &alice(),
            0,
        )
        .unwrap();
        assert_eq!(seek.rules, "juggernaut-edge=reroll");
        let again = seek.creation_request(Color::Black);
        assert_eq!(
            again
                .rules
                .unwrap()
                .get("juggernaut-edge")
                .map(String::as_str),
            Some("reroll")
        );
        assert_eq!(again.color, Some(ColorChoice::Black));
    }

    #[test]
    fn colours_meet_unless_both_want_the_same() {
        use ColorChoice::*;
        assert_eq!(poster_color(White, White), None);
        assert_eq!(poster_color(Black, Black), None);
        assert_eq!(poster_color(White, Random), Some(Color::White));
        assert_eq!(poster_color(Black, White), Some(Color::Black));
        assert_eq!(poster_color(Random, White), Some(Color::Black));
        assert_eq!(poster_color(Random, Black), Some(Color::White));
        assert!(poster_color(Random, Random).is_some());
    }
}
