//! Physical dice: what a person types, checked face by face.

use rules::variant::Beast;
use rules::{ChanceOutcome, Position};
use thiserror::Error;

#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct DiceError(pub String);

fn die(text: &str, faces: u8, name: &str) -> Result<u8, DiceError> {
    text.parse::<u8>()
        .ok()
        .filter(|n| (1..=faces).contains(n))
        .ok_or_else(|| DiceError(format!("the {name} shows 1-{faces}, not '{text}'")))
}

/// Reads what physical dice show, separated by spaces or commas:
/// Behemoth `7 4` (d8 then d4); Juggernaut `3` (d10), or `10 5 3` / `10 e3` for a
/// teleport (the d10, then the file and rank rolls, each 1-8).
pub fn parse_physical(pos: &Position, text: &str) -> Result<ChanceOutcome, DiceError> {
    let parts: Vec<&str> = text.split([' ', ',']).filter(|p| !p.is_empty()).collect();
    let outcome = match (pos.variant().beast, parts.as_slice()) {
        (None, _) => return Err(DiceError(format!("{} has no dice", pos.variant().id))),
        (Some(Beast::Behemoth), [d8, d4]) => ChanceOutcome::Behemoth {
            direction: die(d8, 8, "d8")?,
            distance: die(d4, 4, "d4")?,
        },
        (Some(Beast::Behemoth), _) => {
            return Err(DiceError(
                "type the d8 then the d4, as in '7 4'".to_string(),
            ));
        }
        (Some(Beast::Juggernaut), [roll]) => match die(roll, 10, "d10")? {
            10 => {
                return Err(DiceError(
                    "a 10 teleports: add the file and rank rolls, as in '10 5 3'".to_string(),
                ));
            }
            n => ChanceOutcome::JuggernautStep(n),
        },
        (Some(Beast::Juggernaut), [ten, square]) if *ten == "10" => {
            let sq = pos
                .geometry()
                .parse_square(square)
                .ok_or_else(|| DiceError(format!("'{square}' is not a square")))?;
            ChanceOutcome::JuggernautTeleport(sq)
        }
        (Some(Beast::Juggernaut), [ten, file, rank]) if *ten == "10" => {
            let file = die(file, 8, "file roll (re-roll a 9 or 10)")?;
            let rank = die(rank, 8, "rank roll (re-roll a 9 or 10)")?;
            ChanceOutcome::JuggernautTeleport(pos.geometry().square(file - 1, rank - 1))
        }
        (Some(Beast::Juggernaut), _) => {
            return Err(DiceError(
                "type the d10, as in '3', or '10 5 3' for a teleport".to_string(),
            ));
        }
    };
    if pos.chance_path(outcome).is_err() {
        return Err(DiceError(format!(
            "'{text}' would leave the board: with juggernaut-edge=reroll, roll again"
        )));
    }
    Ok(outcome)
}
