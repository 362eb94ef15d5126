//! A game's chat (docs/api.md, `/api/games/ID/chat`): the players' room and the spectators' room. A line
//! is plain text, stored and sent as its author typed it (trimmed, without control
//! characters); the page shows it as text, never as markup. Each room keeps a bounded
//! number of lines, numbered from 1.
//!
//! On PostgreSQL a stored line is announced on [`CHAT_CHANNEL`] (`ID ROOM SEQ`), so the
//! other servers' sockets watching the game receive it too (`game_feed`).

use crate::contract::{ChatLine, ChatRoom};
use crate::error::ApiError;
use crate::seats::Seat;
use crate::store::{Store, StoreError};
use sqlx::Row;

/// The longest line, in characters.
pub const MAX_CHARS: usize = 140;
/// How many lines a room keeps; past that it takes no more.
pub const MAX_LINES: i64 = 500;
/// The PostgreSQL channel new lines are announced on.
pub const CHAT_CHANNEL: &str = "menagerie_chat";

/// The text of a line as it is stored: trimmed, 1 to [`MAX_CHARS`] characters, with no
/// control characters (a line break or tab becomes a space).
pub fn clean(text: &str) -> Result<String, ApiError> {
    let text: String = text
        .trim()
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    if text.is_empty() {
        return Err(ApiError::bad_request("an empty chat line"));
    }
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        return Err(ApiError::bad_request(format!(
            "a chat line holds at most {MAX_CHARS} characters ({chars} sent)"
        )));
    }
    Ok(text)
}

/// Whether a reader holding `seat` (None: a spectator) may read `room`.
pub fn may_read(room: ChatRoom, seat: Option<Seat>) -> bool {
    room == ChatRoom::Spectators || seat.is_some()
}

pub fn room_name(room: ChatRoom) -> &'static str {
    match room {
        ChatRoom::Players => "players",
        ChatRoom::Spectators => "spectators",
    }
}

fn parse_room(name: &str) -> Option<ChatRoom> {
    match name {
        "players" => Some(ChatRoom::Players),
        "spectators" => Some(ChatRoom::Spectators),
        _ => None,
    }
}

fn line_from_row(row: &sqlx::any::AnyRow) -> Result<ChatLine, sqlx::Error> {
    let room: String = row.try_get("room")?;
    Ok(ChatLine {
        room: parse_room(&room).ok_or_else(|| sqlx::Error::Decode("unknown chat room".into()))?,
        seq: row.try_get("seq")?,
        author: row.try_get("author")?,
        text: row.try_get("text")?,
        at: row.try_get("at")?,
    })
}

/// The lines of `room` in game `game_id`, oldest first.
pub async fn lines(
    store: &Store,
    game_id: &str,
    room: ChatRoom,
) -> Result<Vec<ChatLine>, ApiError> {
    let rows = sqlx::query(
        "SELECT room, seq, author, text, at FROM chat_lines \
         WHERE game_id = $1 AND room = $2 ORDER BY seq",
    )
    .bind(game_id)
    .bind(room_name(room))
    .fetch_all(store.read_pool())
    .await
    .map_err(StoreError::from)?;
    rows.iter()
        .map(line_from_row)
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::from(e).into())
}

/// Line `seq` of `room`, when another server announced it.
pub async fn line(
    store: &Store,
    game_id: &str,
    room: ChatRoom,
    seq: i64,
) -> Result<Option<ChatLine>, ApiError> {
    let row = sqlx::query(
        "SELECT room, seq, author, text, at FROM chat_lines \
         WHERE game_id = $1 AND room = $2 AND seq = $3",
    )
    .bind(game_id)
    .bind(room_name(room))
    .bind(seq)
    .fetch_optional(store.read_pool())
    .await
    .map_err(StoreError::from)?;
    row.as_ref()
        .map(line_from_row)
        .transpose()
        .map_err(|e| StoreError::from(e).into())
}

/// A notification's game, room and line number.
pub fn parse_announcement(payload: &str) -> Option<(String, ChatRoom, i64)> {
    let mut parts = payload.split(' ');
    let id = parts.next()?.to_string();
    let room = parse_room(parts.next()?)?;
    let seq = parts.next()?.parse().ok()?;
    Some((id, room, seq))
}

/// A line about to be stored.
pub struct NewLine<'a> {
    pub game_id: &'a str,
    pub room: ChatRoom,
    pub author: String,
    /// The author's account, so the name can be taken out if the account is deleted.
    pub author_account: Option<String>,
    pub text: String,
    pub at: i64,
}

/// Stores `new` as the next line of its room (announcing it on PostgreSQL); a 409 when the
/// room is full.
pub async fn add(store: &Store, new: NewLine<'_>) -> Result<ChatLine, ApiError> {
    // Two servers may number a line alike at once: the loser of the key tries again.
    for _ in 0..3 {
        match insert(store, &new).await {
            Ok(Some(line)) => return Ok(line),
            Ok(None) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::conflict("the chat is busy: send the line again"))
}

/// The stored line, or None when its number was taken meanwhile.
async fn insert(store: &Store, new: &NewLine<'_>) -> Result<Option<ChatLine>, ApiError> {
    let mut tx = store.write_pool().begin().await.map_err(StoreError::from)?;
    let last: i64 = sqlx::query(
        "SELECT COALESCE(MAX(seq), 0) AS last FROM chat_lines WHERE game_id = $1 AND room = $2",
    )
    .bind(new.game_id)
    .bind(room_name(new.room))
    .fetch_one(&mut *tx)
    .await
    .and_then(|row| row.try_get("last"))
    .map_err(StoreError::from)?;
    if last >= MAX_LINES {
        return Err(ApiError::conflict(format!(
            "this chat room holds {MAX_LINES} lines already"
        )));
    }
    let seq = last + 1;
    let inserted = sqlx::query(
        "INSERT INTO chat_lines (game_id, room, seq, author, author_account, text, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game_id, room, seq) DO NOTHING",
    )
    .bind(new.game_id)
    .bind(room_name(new.room))
    .bind(seq)
    .bind(&new.author)
    .bind(&new.author_account)
    .bind(&new.text)
    .bind(new.at)
    .execute(&mut *tx)
    .await
    .map_err(StoreError::from)?;
    if inserted.rows_affected() == 0 {
        return Ok(None);
    }
    if store.shared_url().is_some() {
        // pg_notify returns void, which the Any driver cannot read: count its one row.
        sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS sent")
            .bind(CHAT_CHANNEL)
            .bind(format!("{} {} {seq}", new.game_id, room_name(new.room)))
            .execute(&mut *tx)
            .await
            .map_err(StoreError::from)?;
    }
    tx.commit().await.map_err(StoreError::from)?;
    Ok(Some(ChatLine {
        room: new.room,
        seq,
        author: new.author.clone(),
        text: new.text.clone(),
        at: new.at,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_plain_text_of_bounded_length() {
        assert_eq!(clean("  good game \n").unwrap(), "good game");
        assert_eq!(clean("a\tb\nc").unwrap(), "a b c");
        assert_eq!(clean("bell\u{7}").unwrap(), "bell");
        assert!(clean("   ").is_err());
        assert!(clean(&"é".repeat(MAX_CHARS)).is_ok());
        assert!(clean(&"é".repeat(MAX_CHARS + 1)).is_err());
        // markup is kept as the text it is: the page never reads it as markup
        assert_eq!(clean("<b>hi</b>").unwrap(), "<b>hi</b>");
    }

    #[test]
    fn spectators_do_not_read_the_players_room() {
        assert!(!may_read(ChatRoom::Players, None));
        assert!(may_read(ChatRoom::Players, Some(Seat::Both)));
        assert!(may_read(ChatRoom::Spectators, None));
    }

    #[test]
    fn an_announcement_names_the_game_the_room_and_the_line() {
        assert_eq!(
            parse_announcement("abc spectators 7"),
            Some(("abc".to_string(), ChatRoom::Spectators, 7))
        );
        assert_eq!(parse_announcement("abc lobby 7"), None);
        assert_eq!(parse_announcement("abc players"), None);
    }
}
