//! `GET /api/games`: the lobby, newest first, without any token.

use crate::error::ApiError;
use crate::store::Store;
use crate::variants::display_name;
use rules::VariantId;
use serde_json::{Value, json};

pub async fn list(
    store: &Store,
    status: Option<&str>,
    limit: Option<&str>,
) -> Result<Value, ApiError> {
    let stored_status = match status {
        None | Some("") => None,
        Some("open") => Some("waiting"),
        Some("playing") => Some("playing"),
        Some("over") => Some("over"),
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
    let entries: Vec<Value> = games
        .into_iter()
        .map(|g| {
            let r = g.row;
            let name = r.variant.parse::<VariantId>().map_or("", display_name);
            let open_seat = if r.status == "waiting" && r.invite_token.is_some() {
                r.invite_seat.clone()
            } else {
                None
            };
            json!({
                "id": r.id,
                "variant": r.variant,
                "name": name,
                "status": if r.status == "waiting" { "open" } else { r.status.as_str() },
                "ply": g.ply,
                "result": r.result,
                "reason": r.reason,
                "players": {"white": r.white_player, "black": r.black_player},
                "created_at": r.created_at,
                "updated_at": r.updated_at,
                "open_seat": open_seat,
            })
        })
        .collect();
    Ok(Value::Array(entries))
}
