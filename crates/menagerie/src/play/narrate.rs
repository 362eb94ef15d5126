//! What happened, in words: a roll of the dice and what the beast did, and how a game
//! ended.

use rules::variant::Beast;
use rules::{ChanceOutcome, Move, MoveKind, Piece, Position, Role, Square, Trample, pgn, san};

/// The beast's name in this variant.
pub fn beast_name(pos: &Position) -> &'static str {
    match pos.variant().beast {
        Some(Beast::Behemoth) => "Behemoth",
        Some(Beast::Juggernaut) => "Juggernaut",
        None => "beast",
    }
}

/// What the side to move in `before` does with `m`, after its name: `plays Nf3`, or in
/// Battle Chieftain the turns that are not moves said for what they are, with their SAN:
/// `places its king on e2 (K@e2)`, `swaps its king on e2 with its berserker on d1 (K=d1)`,
/// `crowns its berserker on d1 (K@d1)`.
pub fn move_text(before: &Position, m: Move) -> String {
    let geo = before.geometry();
    let notation = san::write(before, m);
    match m.kind {
        MoveKind::Drop(Role::King) if before.variant().battle.is_some() => {
            format!("places its king on {} ({notation})", geo.name(m.to))
        }
        MoveKind::Swap => format!(
            "swaps its king on {} with its berserker on {}, which is now the king ({notation})",
            geo.name(m.from),
            geo.name(m.to)
        ),
        MoveKind::Crown => format!(
            "crowns its berserker on {} the new king ({notation})",
            geo.name(m.to)
        ),
        _ => format!("plays {notation}"),
    }
}

/// `White to move`, or in Battle Chieftain's turns that are not moves, what is owed:
/// `White to place its king on its wall`, `Black to crown a berserker`.
pub fn whose_turn(pos: &Position) -> String {
    let side = pos.turn().name();
    let moves = pos.legal_moves();
    let all = |kind: MoveKind| !moves.is_empty() && moves.iter().all(|m| m.kind == kind);
    if pos.variant().battle.is_some() && all(MoveKind::Drop(Role::King)) {
        format!("{side} to place its king on its wall")
    } else if all(MoveKind::Crown) {
        format!("{side} to crown a berserker (its king was taken)")
    } else {
        format!("{side} to move")
    }
}

/// `Black's pawn on a7`.
fn piece_on(pos: &Position, piece: Piece, sq: Square) -> String {
    format!(
        "{}'s {} on {}",
        piece.color.name(),
        piece.role.name(),
        pos.geometry().name(sq)
    )
}

/// `Dice 7 4: the Behemoth goes c5 b6 a7, trampling Black's pawn on a7.` for a roll
/// applied to `before`.
pub fn roll_report(before: &Position, outcome: ChanceOutcome, trample: &Trample) -> String {
    let geo = before.geometry();
    let name = beast_name(before);
    let dice = pgn::roll_annotation(before, outcome);
    let movement = match (outcome, trample.path.last()) {
        (_, None) => {
            let at = before.beast_square().map_or("-".into(), |sq| geo.name(sq));
            format!("the {name} stays on {at}")
        }
        (ChanceOutcome::JuggernautTeleport(_), Some(&to)) => {
            format!("the {name} teleports to {}", geo.name(to))
        }
        _ => {
            let squares: Vec<String> = trample.path.iter().map(|&sq| geo.name(sq)).collect();
            format!("the {name} goes {}", squares.join(" "))
        }
    };
    let trampled = if trample.trampled.is_empty() {
        String::new()
    } else {
        let victims: Vec<String> = trample
            .trampled
            .iter()
            .map(|&(sq, piece)| piece_on(before, piece, sq))
            .collect();
        let hand = if before.variant().hands {
            " (back to their owners' hands)"
        } else {
            ""
        };
        format!(", trampling {}{hand}", victims.join(", "))
    };
    format!("Dice {dice}: {movement}{trampled}.")
}

/// `, taking Black's pawn on d5` for the opponent's pieces a move took off the board
/// (en passant and every variant's captures alike); empty when it took none.
pub fn captures(before: &Position, after: &Position) -> String {
    let them = !before.turn();
    let gone = before.pieces(them).without(after.pieces(them));
    let victims: Vec<String> = gone
        .filter_map(|sq| Some(piece_on(before, before.piece_at(sq)?, sq)))
        .collect();
    if victims.is_empty() {
        String::new()
    } else {
        format!(", taking {}", victims.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::variant::VariantId;

    fn battle(fen: &str) -> Position {
        let variant = VariantId::BattleChieftain
            .rules()
            .expect("a variant with rules");
        rules::fen::parse(variant, fen).expect("a valid FEN")
    }

    #[test]
    fn battle_chieftain_turns_are_said_for_what_they_are() {
        let start = battle(VariantId::BattleChieftain.rules().unwrap().start_fen);
        let place = rules::uci_move::parse(&start, "K@e2").unwrap();
        assert_eq!(move_text(&start, place), "places its king on e2 (K@e2)");
        assert_eq!(whose_turn(&start), "White to place its king on its wall");
        // White's king on d3 is attacked along the d-file: it may swap with the berserker.
        let attacked = battle("10/10/3b4k1/10/10/9B/10/10/3K6/10/10 w - - 0 1");
        let swap = rules::uci_move::parse(&attacked, "d3j6").unwrap();
        assert_eq!(swap.kind, MoveKind::Swap);
        assert_eq!(
            move_text(&attacked, swap),
            "swaps its king on d3 with its berserker on j6, which is now the king (K=j6)"
        );
        // Black's king taken on d7: Black crowns its berserker on b9.
        let mut game = rules::Game::new(battle("10/10/1b8/10/3k6/9B/10/10/3K6/10/10 w - - 0 1"));
        let take = rules::uci_move::parse(game.position(), "d3d7").unwrap();
        game.play(take).unwrap();
        assert_eq!(
            whose_turn(game.position()),
            "Black to crown a berserker (its king was taken)"
        );
        let crown = rules::uci_move::parse(game.position(), "K@b9").unwrap();
        assert_eq!(
            move_text(game.position(), crown),
            "crowns its berserker on b9 the new king (K@b9)"
        );
        let chess = Position::start(VariantId::Chess.rules().unwrap());
        let e4 = rules::uci_move::parse(&chess, "e2e4").unwrap();
        assert_eq!(move_text(&chess, e4), "plays e4");
        assert_eq!(whose_turn(&chess), "White to move");
    }
}
