//! Coordinate notation (UCI style): `e2e4`, `e7e8q`, `e9e10w`, `Q@e4`.
//!
//! Every turn has exactly one spelling. A castle is the king's origin and destination,
//! except Wildebeest's one-square castle, which is the king's origin and its own rook's
//! square (`f1a1`, `f1k1`): `f1e1` is the plain king step.

use crate::chess_move::{Move, MoveKind};
use crate::error::MoveError;
use crate::position::Position;

pub fn write(pos: &Position, m: Move) -> String {
    let geo = pos.geometry();
    match m.kind {
        MoveKind::Normal | MoveKind::EnPassant => format!("{}{}", geo.name(m.from), geo.name(m.to)),
        MoveKind::Promotion(role) => {
            format!(
                "{}{}{}",
                geo.name(m.from),
                geo.name(m.to),
                role.lower_char()
            )
        }
        MoveKind::Castle => {
            let distance = geo.file_of(m.to).abs_diff(geo.file_of(m.from));
            if distance == 1 {
                let (_, side) = pos.castling_side_of(pos.turn(), m.from, m.to);
                let rook = geo.square(side.rook_file, geo.rank_of(m.from));
                format!("{}{}", geo.name(m.from), geo.name(rook))
            } else {
                format!("{}{}", geo.name(m.from), geo.name(m.to))
            }
        }
        MoveKind::Drop(role) => format!("{}@{}", role.upper_char(), geo.name(m.to)),
        MoveKind::Swap => format!("{}{}", geo.name(m.from), geo.name(m.to)),
        MoveKind::Crown => format!("K@{}", geo.name(m.to)),
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
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| write(pos, m) == text)
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}
