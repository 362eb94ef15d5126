//! Standard algebraic notation, written and read.
//!
//! Variant forms: piece letters `C` (camel) and `W` (wildebeest); drops `Q@e4`; castling
//! `O-O` / `O-O-O`, followed by `/` and the king's destination (`O-O-O/c1`) in a variant
//! where the king may castle to more than one square.

use crate::chess_move::{Move, MoveKind};
use crate::error::MoveError;
use crate::piece::Role;
use crate::position::Position;
use crate::square::Square;

/// The move in SAN with its check (`+`) or mate (`#`) suffix.
pub fn write(pos: &Position, m: Move) -> String {
    write_known(pos, m, None)
}

/// As [`write`], given the position's legal moves: writing every legal move of a position
/// then generates them once, not once per move.
pub fn write_among(pos: &Position, m: Move, legal: &[Move]) -> String {
    write_known(pos, m, Some(legal))
}

fn write_known(pos: &Position, m: Move, legal: Option<&[Move]>) -> String {
    let mut text = bare_known(pos, m, legal);
    if !pos.variant().royal_king {
        // Without a royal king there is no check to mark.
        return text;
    }
    let mut next = pos.clone();
    next.play(m);
    if next.is_check() {
        text.push(if next.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    text
}

/// The move in SAN without a check suffix.
pub fn write_bare(pos: &Position, m: Move) -> String {
    bare_known(pos, m, None)
}

/// `legal`: the position's legal moves if known, else generated when a piece's move needs
/// them to tell it from a rival's.
fn bare_known(pos: &Position, m: Move, legal: Option<&[Move]>) -> String {
    let geo = pos.geometry();
    let to = geo.name(m.to);
    match m.kind {
        MoveKind::Castle => {
            let (side, cs) = pos.castling_side_of(pos.turn(), m.from, m.to);
            let base = if side == 0 { "O-O" } else { "O-O-O" };
            if cs.king_destinations.len() > 1 {
                format!("{base}/{to}")
            } else {
                base.to_string()
            }
        }
        MoveKind::Drop(role) => format!("{}@{to}", role.upper_char()),
        MoveKind::Swap => format!("K={to}"),
        MoveKind::Crown => format!("K@{to}"),
        MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::EnPassant => {
            let role = pos.piece_at(m.from).map_or(Role::Pawn, |p| p.role);
            let capture = m.kind == MoveKind::EnPassant || pos.piece_at(m.to).is_some();
            let mut out = String::new();
            if role == Role::Pawn {
                if capture {
                    out.push(crate::square::file_char(geo.file_of(m.from)));
                }
            } else {
                out.push(role.upper_char());
                out.push_str(&disambiguation(pos, m, role, legal));
            }
            if capture {
                out.push('x');
            }
            out.push_str(&to);
            if let MoveKind::Promotion(promoted) = m.kind {
                out.push('=');
                out.push(promoted.upper_char());
            }
            out
        }
    }
}

/// The origin's file, rank or both, when another piece of the same kind could also go
/// to the same square.
fn disambiguation(pos: &Position, m: Move, role: Role, legal: Option<&[Move]>) -> String {
    let geo = pos.geometry();
    let generated;
    let legal = match legal {
        Some(known) => known,
        None => {
            generated = pos.legal_moves();
            generated.as_slice()
        }
    };
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|o| {
            o.to == m.to
                && o.from != m.from
                && matches!(
                    o.kind,
                    MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::EnPassant
                )
                && !matches!(o.kind, MoveKind::Drop(_))
                && pos.piece_at(o.from).map(|p| p.role) == Some(role)
        })
        .map(|o| o.from)
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let file = geo.file_of(m.from);
    let rank = geo.rank_of(m.from);
    let file_text = crate::square::file_char(file).to_string();
    let rank_text = (rank + 1).to_string();
    if rivals.iter().all(|&r| geo.file_of(r) != file) {
        file_text
    } else if rivals.iter().all(|&r| geo.rank_of(r) != rank) {
        rank_text
    } else {
        file_text + &rank_text
    }
}

/// The parts of a SAN move as typed.
struct SanParts {
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<Role>,
}

/// Reads SAN; the move must be legal in `pos`. Check marks and annotations (`+#!?`) are
/// ignored, `0-0` is read as `O-O`, the `=` before a promotion letter is optional and
/// needless disambiguation is accepted.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    let malformed = |why: &str| MoveError::Malformed(text.to_string(), why.to_string());
    let legal = pos.legal_moves();
    let (castle_text, dest) = match bare.split_once('/') {
        Some((s, d)) => (s, Some(d)),
        None => (bare, None),
    };
    let castle = castle_text.replace('0', "O");
    if castle.starts_with("O-O") {
        let side = match castle.as_str() {
            "O-O" => 0,
            "O-O-O" => 1,
            _ => return Err(malformed("castling is O-O or O-O-O")),
        };
        let dest = match dest {
            Some(d) => Some(
                pos.geometry()
                    .parse_square(d)
                    .ok_or_else(|| malformed("castling destination is not a square"))?,
            ),
            None => None,
        };
        let matching: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.is_castle()
                    && pos.castling_side_of(pos.turn(), m.from, m.to).0 == side
                    && dest.is_none_or(|d| d == m.to)
            })
            .collect();
        return pick(pos, text, matching);
    }
    if let Some((role_text, square_text)) = bare.split_once('@') {
        let role = single_role(pos, role_text)
            .ok_or_else(|| malformed("a drop starts with a piece letter"))?;
        let to = pos
            .geometry()
            .parse_square(square_text)
            .ok_or_else(|| malformed("a drop ends with a square"))?;
        let matching = legal
            .iter()
            .copied()
            // A king "dropped" on its own berserker is Battle Chieftain's crowning.
            .filter(|m| {
                (m.kind == MoveKind::Drop(role)
                    || (m.kind == MoveKind::Crown && role == Role::King))
                    && m.to == to
            })
            .collect();
        return pick(pos, text, matching);
    }
    if let Some(square_text) = bare.strip_prefix("K=") {
        let to = pos
            .geometry()
            .parse_square(square_text)
            .ok_or_else(|| malformed("a swap is K= and the berserker's square, as in K=c1"))?;
        let matching = legal
            .iter()
            .copied()
            .filter(|m| m.kind == MoveKind::Swap && m.to == to)
            .collect();
        return pick(pos, text, matching);
    }
    let parts = split_san(pos, bare)
        .ok_or_else(|| malformed("not a move in SAN, such as e4, Nf3, exd5, e8=Q or O-O"))?;
    let geo = pos.geometry();
    let matching = legal
        .iter()
        .copied()
        .filter(|m| {
            !m.is_castle()
                && m.kind != MoveKind::Swap
                && m.kind != MoveKind::Crown
                && !matches!(m.kind, MoveKind::Drop(_))
                && m.to == parts.to
                && pos.piece_at(m.from).map(|p| p.role) == Some(parts.role)
                && parts.from_file.is_none_or(|f| geo.file_of(m.from) == f)
                && parts.from_rank.is_none_or(|r| geo.rank_of(m.from) == r)
                && m.promotion() == parts.promotion
        })
        .collect();
    pick(pos, text, matching)
}

fn single_role(pos: &Position, text: &str) -> Option<Role> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() || !c.is_ascii_uppercase() {
        return None;
    }
    pos.variant().role_from_char(c)
}

fn split_san(pos: &Position, text: &str) -> Option<SanParts> {
    let geo = pos.geometry();
    let mut rest = text;
    let mut promotion = None;
    if let Some(last) = rest.chars().last().filter(|c| c.is_ascii_uppercase()) {
        promotion = Some(pos.variant().role_from_char(last)?);
        rest = rest[..rest.len() - 1].trim_end_matches('=');
    }
    // The destination is the last file letter and the digits after it.
    let digits = rest.len() - rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || rest.len() < digits + 1 {
        return None;
    }
    let split = rest.len() - digits - 1;
    if !rest.as_bytes()[split].is_ascii_lowercase() {
        return None;
    }
    let to = geo.parse_square(&rest[split..])?;
    let mut head = &rest[..split];
    let role = match head.chars().next() {
        Some(c) if c.is_ascii_uppercase() => {
            head = &head[1..];
            pos.variant()
                .role_from_char(c)
                .filter(|&r| r != Role::Pawn)?
        }
        _ => Role::Pawn,
    };
    head = head.strip_suffix('x').unwrap_or(head);
    let mut from_file = None;
    let mut from_rank = None;
    let mut chars = head.chars().peekable();
    if let Some(&c) = chars.peek()
        && c.is_ascii_lowercase()
    {
        if (c as u8 - b'a') >= geo.files {
            return None;
        }
        from_file = Some(c as u8 - b'a');
        chars.next();
    }
    let rank_text: String = chars.collect();
    if !rank_text.is_empty() {
        let rank: u8 = rank_text.parse().ok()?;
        if rank == 0 || rank > geo.ranks {
            return None;
        }
        from_rank = Some(rank - 1);
    }
    Some(SanParts {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

fn pick(pos: &Position, text: &str, matching: Vec<Move>) -> Result<Move, MoveError> {
    match matching.as_slice() {
        [m] => Ok(*m),
        [] => Err(MoveError::Illegal(text.to_string())),
        many => Err(MoveError::Ambiguous(
            text.to_string(),
            many.iter()
                .map(|&m| write_bare(pos, m))
                .collect::<Vec<_>>()
                .join(", "),
        )),
    }
}
