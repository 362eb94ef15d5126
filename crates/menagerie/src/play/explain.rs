//! Reading a typed move, in SAN or coordinates, and saying why one is not legal and,
//! briefly, what is legal instead: the moves of the piece named, or a few examples.

use rules::{Move, MoveError, Position, Role, san, uci_move};

/// The move the text names, or a message that says what is wrong and hints at what could
/// be played instead (the `moves` command lists everything).
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
        (_, Err(e @ MoveError::Ambiguous(..))) => Reason::bare(e.to_string()),
        (_, Err(MoveError::Illegal(_))) => san_reason(pos, text),
        _ => Reason::bare(format!(
            "'{text}' is not a move: type SAN such as {}, or coordinates such as {} (help lists the commands)",
            if pos.variant().battle.is_some() {
                "Bb3, Ke3, K@e2"
            } else {
                "e4, Nf3, exd5, O-O"
            },
            if pos.variant().battle.is_some() {
                "b2b3"
            } else {
                "e2e4"
            }
        )),
    };
    Err(format!("{}\n{}", why.text, hint(pos, why.lists_moves)))
}

/// Why a move is not legal, and whether that already lists the moves of the piece named.
struct Reason {
    text: String,
    lists_moves: bool,
}

impl Reason {
    fn bare(text: String) -> Reason {
        Reason {
            text,
            lists_moves: false,
        }
    }

    fn listing(text: String) -> Reason {
        Reason {
            text,
            lists_moves: true,
        }
    }
}

/// The most moves a hint shows.
const HINT_MOVES: usize = 8;

/// The last line of an answer to an illegal move: a few legal moves unless the reason
/// already listed those of the piece named, and how to see them all.
pub fn hint(pos: &Position, listed: bool) -> String {
    let count = pos.legal_moves().len();
    if count == 0 {
        "There is no legal move.".to_string()
    } else if listed {
        format!("Type `moves` for all {count} legal moves.")
    } else {
        format!(
            "For example {}; type `moves` for all {count}.",
            legal_list(pos, |_| true)
        )
    }
}

/// At most `HINT_MOVES` of the legal moves that pass `keep`, in SAN, in the order the
/// generator gives them, with how many more there are.
fn legal_list(pos: &Position, keep: impl Fn(&Move) -> bool) -> String {
    let list: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| keep(m))
        .map(|&m| san::write(pos, m))
        .collect();
    match list.len() {
        0 => "none".to_string(),
        n if n <= HINT_MOVES => list.join(" "),
        n => format!(
            "{} and {} more",
            list[..HINT_MOVES].join(" "),
            n - HINT_MOVES
        ),
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
fn coordinate_reason(pos: &Position, text: &str) -> Reason {
    let geo = pos.geometry();
    let us = pos.turn();
    if let Some((role_text, square)) = text.split_once('@') {
        let in_hand = pos
            .variant()
            .role_from_char(role_text.chars().next().unwrap_or(' '))
            .is_some_and(|role| pos.hand(us)[role.index()] > 0);
        return Reason::bare(if in_hand {
            format!("{text}: cannot drop on {square} here{}", in_check_note(pos))
        } else {
            format!("{text}: {} has no such piece in hand", us.name())
        });
    }
    let Some((from, used)) = geo.parse_square_prefix(text.as_bytes()) else {
        return Reason::bare(format!("'{text}' is not a move"));
    };
    let from_name = &text[..used];
    let to_name = geo
        .parse_square_prefix(&text.as_bytes()[used..])
        .map_or(String::new(), |(sq, _)| geo.name(sq));
    let text = match pos.piece_at(from) {
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
            if !own.is_empty() {
                return Reason::listing(format!(
                    "{text}: your {} on {from_name} cannot go to {to_name} like that{}; it can play {}",
                    piece.role.name(),
                    in_check_note(pos),
                    legal_list(pos, |m| m.from == from)
                ));
            }
            format!(
                "{text}: your {} on {from_name} has no legal move{}",
                piece.role.name(),
                in_check_note(pos)
            )
        }
    };
    Reason::bare(text)
}

/// Why a well-formed SAN move such as `Ke3` is not legal.
fn san_reason(pos: &Position, text: &str) -> Reason {
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    if bare.replace('0', "O").starts_with("O-O") && pos.variant().battle.is_some() {
        return Reason::bare(format!("{text}: there is no castling in Battle Chieftain"));
    }
    if bare.replace('0', "O").starts_with("O-O") {
        return Reason::bare(format!(
            "{text}: {} cannot castle that way now{}",
            pos.turn().name(),
            in_check_note(pos)
        ));
    }
    let role = match bare.chars().next() {
        Some(c) if c.is_ascii_uppercase() => pos.variant().role_from_char(c),
        _ => Some(Role::Pawn),
    };
    let Some(role) = role.filter(|role| pos.variant().roles.contains(role)) else {
        return Reason::bare(format!("{text}: this variant has no such piece"));
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
            "; a {} can play {}",
            role.name(),
            legal_list(pos, moves_of_role)
        )
    } else {
        format!("; no {} of {} can move at all", role.name(), us.name())
    };
    Reason {
        text: format!(
            "{text}: no {} of {} can make that move{}{instead}",
            role.name(),
            us.name(),
            in_check_note(pos),
        ),
        lists_moves: any,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::variant::VariantId;

    fn start(id: VariantId) -> Position {
        Position::start(id.rules().expect("a variant with rules"))
    }

    #[test]
    fn an_illegal_move_of_a_piece_lists_that_piece_s_moves_only() {
        let pos = start(VariantId::Chess);
        let answer = read_move(&pos, "e2e5").unwrap_err();
        assert_eq!(
            answer,
            "e2e5: your pawn on e2 cannot go to e5 like that; it can play e3 e4\n\
             Type `moves` for all 20 legal moves."
        );
        let answer = read_move(&pos, "Nf4").unwrap_err();
        assert_eq!(
            answer,
            "Nf4: no knight of White can make that move; a knight can play Na3 Nc3 Nf3 Nh3\n\
             Type `moves` for all 20 legal moves."
        );
    }

    #[test]
    fn a_move_that_names_no_piece_gets_a_handful_of_examples() {
        let pos = start(VariantId::Chess);
        let answer = read_move(&pos, "e4e5").unwrap_err();
        let (why, hint) = answer.split_once('\n').expect("a reason and a hint");
        assert_eq!(why, "e4e5: there is no piece on e4");
        let examples = hint
            .strip_prefix("For example ")
            .and_then(|rest| rest.split_once(" and 12 more; type `moves` for all 20."))
            .unwrap_or_else(|| panic!("unexpected hint: {hint}"))
            .0;
        assert_eq!(examples.split(' ').count(), HINT_MOVES);
        for example in examples.split(' ') {
            assert!(san::parse(&pos, example).is_ok(), "{example} is not legal");
        }
    }

    #[test]
    fn battle_chieftain_answers_speak_of_its_own_pieces() {
        let pos = start(VariantId::BattleChieftain);
        let why = |text| read_move(&pos, text).unwrap_err();
        assert!(why("O-O").starts_with("O-O: there is no castling in Battle Chieftain\n"));
        assert!(why("e4").starts_with("e4: this variant has no such piece\n"));
        assert!(why("hello").contains("such as Bb3, Ke3, K@e2, or coordinates such as b2b3"));
        let chess = start(VariantId::Chess);
        assert!(
            read_move(&chess, "hello")
                .unwrap_err()
                .contains("such as e4, Nf3, exd5, O-O, or coordinates such as e2e4")
        );
    }
}
