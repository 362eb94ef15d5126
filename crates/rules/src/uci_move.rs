//! Coordinate notation (UCI style): `e2e4`, `e7e8q`, `e9e10w`, `Q@e4`.
//!
//! Every turn has exactly one spelling. A castle is the king's origin and destination,
//! except Wildebeest's one-square castle, which is the king's origin and its own rook's
//! square (`f1a1`, `f1k1`): `f1e1` is the plain king step.

use crate::chess_move::{Move, MoveKind};
use crate::error::MoveError;
use crate::position::Position;

pub fn write(pos: &Position, m: Move) -> String {
    let mut text = String::with_capacity(8);
    write_to(pos, m, &mut text);
    text
}

/// Appends the move's UCI text to `out`.
fn write_to(pos: &Position, m: Move, out: &mut String) {
    let geo = pos.geometry();
    match m.kind {
        MoveKind::Normal | MoveKind::EnPassant | MoveKind::Swap => {
            geo.push_name(m.from, out);
            geo.push_name(m.to, out);
        }
        MoveKind::Promotion(role) => {
            geo.push_name(m.from, out);
            geo.push_name(m.to, out);
            out.push(role.lower_char());
        }
        MoveKind::Castle => {
            geo.push_name(m.from, out);
            let distance = geo.file_of(m.to).abs_diff(geo.file_of(m.from));
            if distance == 1 {
                let (_, side) = pos.castling_side_of(pos.turn(), m.from, m.to);
                geo.push_name(geo.square(side.rook_file, geo.rank_of(m.from)), out);
            } else {
                geo.push_name(m.to, out);
            }
        }
        MoveKind::Drop(role) => {
            out.push(role.upper_char());
            out.push('@');
            geo.push_name(m.to, out);
        }
        MoveKind::Crown => {
            out.push_str("K@");
            geo.push_name(m.to, out);
        }
    }
}

/// Checks the text's shape, so a typo is told apart from an illegal move.
fn check_shape(pos: &Position, text: &str) -> Result<(), MoveError> {
    let geo = pos.geometry();
    let malformed = |why: &str| MoveError::Malformed(text.to_string(), why.to_string());
    let bytes = text.as_bytes();
    if let Some((role, sq)) = text.split_once('@') {
        if role.len() != 1
            || pos
                .variant()
                .role_from_char(role.chars().next().unwrap_or(' '))
                .is_none()
        {
            return Err(malformed(
                "a drop starts with a piece letter of this variant, as in Q@e4",
            ));
        }
        if geo.parse_square(sq).is_none() {
            return Err(malformed("a drop ends with a square of this board"));
        }
        return Ok(());
    }
    let (_, used_from) = geo.parse_square_prefix(bytes).ok_or_else(|| {
        malformed("expected a move like e2e4 starting with a square of this board")
    })?;
    let (_, used_to) = geo
        .parse_square_prefix(&bytes[used_from..])
        .ok_or_else(|| malformed("expected a destination square after the origin"))?;
    let tail = &text[used_from + used_to..];
    if tail.len() > 1
        || tail
            .chars()
            .any(|c| pos.variant().role_from_char(c).is_none() || c.is_ascii_uppercase())
    {
        return Err(malformed(
            "only a lower-case promotion letter may follow the squares",
        ));
    }
    Ok(())
}

/// Reads a move in coordinate notation; it must be legal in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    check_shape(pos, text)?;
    // one buffer for every legal move's text: this runs for every move a player sends
    let mut written = String::with_capacity(8);
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            written.clear();
            write_to(pos, m, &mut written);
            written == text
        })
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}
