//! `GET /api/games`: the lobby, newest first, without any token: filtered by status and
//! variant, paged, without the games left unplayed, with their spectators.

use crate::clock::now_ms;
use crate::contract::{LobbyEntry, LobbyStatus, PerSide, Side, Status};
use crate::error::ApiError;
use crate::store::{LobbyQuery, Store};
use crate::variants::display_name;
use rules::VariantId;

/// An unfinished game nobody has moved in for this long drops out of the lobby (an engine
/// game its player left at the start, an invitation nobody took up). It stays playable.
pub const ABANDONED_AFTER_MS: i64 = 60 * 60 * 1000;

/// The query string of `GET /api/games`, as sent.
#[derive(Default)]
pub struct LobbyParams<'a> {
    pub status: Option<&'a str>,
    pub variant: Option<&'a str>,
    pub limit: Option<&'a str>,
    pub offset: Option<&'a str>,
}

/// `spectators`: how many watch a game.
pub async fn list(
    store: &Store,
    params: LobbyParams<'_>,
    spectators: impl Fn(&str) -> u64,
) -> Result<Vec<LobbyEntry>, ApiError> {
    let status = match params.status {
        None | Some("") => None,
        Some("open") => Some(Status::Waiting),
        Some("playing") => Some(Status::Playing),
        Some("over") => Some(Status::Over),
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "status '{other}' is not open, playing or over"
            )));
        }
    };
    let variant = match params.variant {
        None | Some("") => None,
        Some(name) => Some(name.parse::<VariantId>().map_err(|_| {
            ApiError::bad_request(format!("'{name}' is not a variant (see /api/variants)"))
        })?),
    };
    let limit = number(params.limit, "limit", 50, 1..=500)?;
    let offset = number(params.offset, "offset", 0, 0..=100_000)?;
    let games = store
        .list(&LobbyQuery {
            status,
            variant,
            abandoned_before: now_ms() - ABANDONED_AFTER_MS,
            limit,
            offset,
        })
        .await?;
    let entries = games
        .into_iter()
        .map(|g| {
            let r = g.row;
            let waiting = r.status == Status::Waiting;
            let open_seat = if waiting && r.invite_token.is_some() {
                r.invite_seat.map(Side::from)
            } else {
                None
            };
            LobbyEntry {
                spectators: spectators(&r.id),
                id: r.id,
                variant: r.variant.name().to_string(),
                name: display_name(r.variant).to_string(),
                status: match r.status {
                    Status::Waiting => LobbyStatus::Open,
                    Status::Playing => LobbyStatus::Playing,
                    Status::Over => LobbyStatus::Over,
                },
                ply: g.ply,
                moves: g.moves,
                result: r.result,
                reason: r.reason,
                players: PerSide {
                    white: r.white_player,
                    black: r.black_player,
                },
                created_at: r.created_at,
                updated_at: r.updated_at,
                open_seat,
            }
        })
        .collect();
    Ok(entries)
}

fn number(
    text: Option<&str>,
    name: &str,
    default: i64,
    range: std::ops::RangeInclusive<i64>,
) -> Result<i64, ApiError> {
    match text {
        None | Some("") => Ok(default),
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "{name} '{text}' is not {}..{}",
                    range.start(),
                    range.end()
                ))
            }),
    }
}
