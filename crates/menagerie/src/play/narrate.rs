//! What happened, in words: a roll of the dice and what the beast did, and how a game
//! ended.

use rules::variant::Beast;
use rules::{ChanceOutcome, Position, Trample, pgn};

/// The beast's name in this variant.
pub fn beast_name(pos: &Position) -> &'static str {
    match pos.variant().beast {
        Some(Beast::Behemoth) => "Behemoth",
        Some(Beast::Juggernaut) => "Juggernaut",
        None => "beast",
    }
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
            .map(|(sq, piece)| {
                format!(
                    "{}'s {} on {}",
                    piece.color.name(),
                    piece.role.name(),
                    geo.name(*sq)
                )
            })
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
