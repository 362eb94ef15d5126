//! What happened, in words: a roll of the dice and what the beast did, and how a game
//! ended.

use rules::variant::Beast;
use rules::{ChanceOutcome, Piece, Position, Square, Trample, pgn};

/// The beast's name in this variant.
pub fn beast_name(pos: &Position) -> &'static str {
    match pos.variant().beast {
        Some(Beast::Behemoth) => "Behemoth",
        Some(Beast::Juggernaut) => "Juggernaut",
        None => "beast",
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
