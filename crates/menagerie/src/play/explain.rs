//! Reading a typed move, in SAN or coordinates, and saying why one is not legal and what
//! is legal instead.

use rules::{Move, MoveError, Position, Role, san, uci_move};

/// The move the text names, or a message that says what is wrong and lists what could
/// be played instead.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    let coordinate = uci_move::parse(pos, text);
    if let Ok(m) = coordinate {
        return Ok(m);
    }
    let algebraic = san::parse(pos, text);
    if let Ok(m) = algebraic {
        return Ok(m);
    }
    let why = match (coordinate, algebraic) {
        (Err(MoveError::Illegal(_)), _) => coordinate_reason(pos, text),
        (_, Err(e @ MoveError::Ambiguous(..))) => e.to_string(),
        (_, Err(MoveError::Illegal(_))) => san_reason(pos, text),
        _ => format!(
            "'{text}' is not a move: type SAN such as e4, Nf3, exd5, O-O, or coordinates such as e2e4 (help lists the commands)"
        ),
    };
    Err(format!("{why}\nLegal moves: {}", legal_list(pos, |_| true)))
}

/// The legal moves that pass `keep`, in SAN, in the order the generator gives them.
fn legal_list(pos: &Position, keep: impl Fn(&Move) -> bool) -> String {
    let list: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| keep(m))
        .map(|&m| san::write(pos, m))
        .collect();
    if list.is_empty() {
        "none".to_string()
    } else {
        list.join(" ")
    }
}

fn in_check_note(pos: &Position) -> String {
    if pos.variant().royal_king && pos.is_check() {
        format!(" ({} is in check)", pos.turn().name())
    } else {
        String::new()
    }
}

/// Why a well-formed coordinate move such as `e3e4` is not legal.
fn coordinate_reason(pos: &Position, text: &str) -> String {
    let geo = pos.geometry();
    let us = pos.turn();
    if let Some((role_text, square)) = text.split_once('@') {
        let in_hand = pos
            .variant()
            .role_from_char(role_text.chars().next().unwrap_or(' '))
            .is_some_and(|role| pos.hand(us)[role.index()] > 0);
        return if in_hand {
            format!("{text}: cannot drop on {square} here{}", in_check_note(pos))
        } else {
            format!("{text}: {} has no such piece in hand", us.name())
        };
    }
    let Some((from, used)) = geo.parse_square_prefix(text.as_bytes()) else {
        return format!("'{text}' is not a move");
    };
    let from_name = &text[..used];
    let to_name = geo
        .parse_square_prefix(&text.as_bytes()[used..])
        .map_or(String::new(), |(sq, _)| geo.name(sq));
    match pos.piece_at(from) {
        None if pos.neutral().contains(from) => {
            format!("{text}: the beast stands on {from_name}, and only the dice move it")
        }
        None => format!("{text}: there is no piece on {from_name}"),
        Some(piece) if piece.color != us => format!(
            "{text}: the {} on {from_name} is {}'s, and {} is to move",
            piece.role.name(),
            piece.color.name(),
            us.name()
        ),
        Some(piece) => {
            let own: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| m.from == from)
                .collect();
            if own.is_empty() {
                format!(
                    "{text}: your {} on {from_name} has no legal move{}",
                    piece.role.name(),
                    in_check_note(pos)
                )
            } else {
                format!(
                    "{text}: your {} on {from_name} cannot go to {to_name} like that{}; it can play {}",
                    piece.role.name(),
                    in_check_note(pos),
                    legal_list(pos, |m| m.from == from)
                )
            }
        }
    }
}

/// Why a well-formed SAN move such as `Ke3` is not legal.
fn san_reason(pos: &Position, text: &str) -> String {
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    if bare.replace('0', "O").starts_with("O-O") {
        return format!(
            "{text}: {} cannot castle that way now{}",
            pos.turn().name(),
            in_check_note(pos)
        );
    }
    let role = match bare.chars().next() {
        Some(c) if c.is_ascii_uppercase() => pos.variant().role_from_char(c),
        _ => Some(Role::Pawn),
    };
    let Some(role) = role else {
        return format!("{text}: this variant has no such piece");
    };
    let us = pos.turn();
    let moves_of_role = |m: &Move| {
        !matches!(m.kind, rules::MoveKind::Drop(_))
            && pos
                .piece_at(m.from)
                .is_some_and(|p| p.role == role && p.color == us)
    };
    let any = pos.legal_moves().iter().any(moves_of_role);
    let instead = if any {
        format!(
            "; {} moves: {}",
            role.name(),
            legal_list(pos, moves_of_role)
        )
    } else {
        format!("; no {} of {} can move at all", role.name(), us.name())
    };
    format!(
        "{text}: no {} of {} can make that move{}{instead}",
        role.name(),
        us.name(),
        in_check_note(pos),
    )
}
