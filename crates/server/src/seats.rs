//! Who a request speaks for: the seat a token holds, and fresh unguessable tokens.

use crate::error::ApiError;
use crate::store::GameRow;
use axum::http::{HeaderMap, header};
use rand::RngCore;
use rules::Color;
use std::collections::HashMap;

/// The seats a token holds: one colour, or both in a `local` game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    One(Color),
    Both,
}

impl Seat {
    pub fn holds(self, color: Color) -> bool {
        match self {
            Seat::One(c) => c == color,
            Seat::Both => true,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::One(c) => color_name(c),
            Seat::Both => "both",
        }
    }
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub fn parse_color(text: &str) -> Option<Color> {
    match text {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// 128 random bits in hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A short game id: 60 random bits in base 32 (no look-alike letters).
pub fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
    let mut bits = rand::rng().next_u64();
    (0..12)
        .map(|_| {
            let c = ALPHABET[(bits % ALPHABET.len() as u64) as usize] as char;
            bits /= ALPHABET.len() as u64;
            c
        })
        .collect()
}

/// Whether a token sent equals a stored one, in a time that does not depend on where
/// they first differ, so response times leak nothing of a secret token. Only the length
/// (public: every token is 32 hex digits) can end the comparison early.
pub fn same_token(stored: &str, sent: &str) -> bool {
    let (a, b) = (stored.as_bytes(), sent.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let difference = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(difference) == 0
}

/// The seat `token` holds in the game, if any.
pub fn seat_of(row: &GameRow, token: Option<&str>) -> Option<Seat> {
    let token = token.filter(|t| !t.is_empty())?;
    let holds = |stored: &Option<String>| stored.as_deref().is_some_and(|s| same_token(s, token));
    let white = holds(&row.white_token);
    let black = holds(&row.black_token);
    match (white, black) {
        (true, true) => Some(Seat::Both),
        (true, false) => Some(Seat::One(Color::White)),
        (false, true) => Some(Seat::One(Color::Black)),
        (false, false) => None,
    }
}

/// The seat of a request that must act for a player: a 403 without a valid token.
pub fn require_seat(row: &GameRow, token: Option<&str>) -> Result<Seat, ApiError> {
    match token.filter(|t| !t.is_empty()) {
        None => Err(ApiError::forbidden(
            "a seat token is needed: send Authorization: Bearer TOKEN or the body field token",
        )),
        Some(t) => seat_of(row, Some(t))
            .ok_or_else(|| ApiError::forbidden("this token holds no seat in this game")),
    }
}

/// The token of a request: `Authorization: Bearer`, then the body's `token`, then
/// `?seat=`.
pub fn request_token(
    headers: &HeaderMap,
    body: Option<&str>,
    query: &HashMap<String, String>,
) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
        .or_else(|| body.map(str::to_string))
        .or_else(|| query.get("seat").cloned())
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_compared_whole() {
        let token = new_token();
        assert!(same_token(&token, &token.clone()));
        let mut first = token.clone().into_bytes();
        first[0] = if first[0] == b'0' { b'1' } else { b'0' };
        let mut last = token.clone().into_bytes();
        last[31] = if last[31] == b'0' { b'1' } else { b'0' };
        for other in [first, last] {
            assert!(!same_token(&token, std::str::from_utf8(&other).unwrap()));
        }
        assert!(!same_token(&token, &token[..31]));
        assert!(!same_token(&token, ""));
    }
}
