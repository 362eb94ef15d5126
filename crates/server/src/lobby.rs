//! `GET /api/games`: the lobby, newest first, without any token.

use crate::contract::{LobbyEntry, LobbyStatus, PerSide, Side, Status};
use crate::error::ApiError;
use crate::store::Store;
use crate::variants::display_name;

pub async fn list(
    store: &Store,
    status: Option<&str>,
    limit: Option<&str>,
) -> Result<Vec<LobbyEntry>, ApiError> {
    let stored_status = match status {
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
    let limit = match limit {
        None => 50,
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=500).contains(n))
            .ok_or_else(|| ApiError::bad_request(format!("limit '{text}' is not 1..500")))?,
    };
    let games = store.list(stored_status, limit).await?;
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
                id: r.id,
                variant: r.variant.name().to_string(),
                name: display_name(r.variant).to_string(),
                status: match r.status {
                    Status::Waiting => LobbyStatus::Open,
                    Status::Playing => LobbyStatus::Playing,
                    Status::Over => LobbyStatus::Over,
                },
                ply: g.ply,
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
