//! The finished (or abandoned) game written as PGN, rolls included.

use anyhow::{Context, Result};
use rules::{Game, pgn};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// How a game ended that the rules did not end.
#[derive(Clone, Debug)]
pub struct Ending {
    pub result: &'static str,
    pub termination: String,
}

/// The tags a terminal game carries beyond what `pgn::write` adds.
pub struct Record {
    pub white: String,
    pub black: String,
    /// `Some(seed)` when the rolls came from the seeded stream and follow it.
    pub seed: Option<u64>,
    pub manual_dice: bool,
}

/// Today's date in UTC as PGN writes it, `2026.11.22`.
pub fn pgn_date(unix_seconds: u64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let days = (unix_seconds / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Where a game is saved when no `--pgn` is given: the current directory.
pub fn default_path(game: &Game) -> PathBuf {
    PathBuf::from(format!(
        "menagerie-{}-{}.pgn",
        game.start().variant().id,
        now()
    ))
}

pub fn write(game: &Game, record: &Record, ending: Option<&Ending>) -> String {
    let date = pgn_date(now());
    let seed = record.seed.map(|s| s.to_string());
    let commitment = record.seed.map(dice::seed_commitment);
    let mut tags: Vec<(&str, &str)> = vec![
        ("Event", "menagerie play"),
        ("Site", "terminal"),
        ("Date", &date),
        ("Round", "-"),
        ("White", &record.white),
        ("Black", &record.black),
    ];
    if let Some(ending) = ending {
        tags.push(("Result", ending.result));
        tags.push(("Termination", &ending.termination));
    }
    if record.manual_dice {
        tags.push(("Dice", "physical"));
    }
    if let (Some(seed), Some(commitment)) = (&seed, &commitment) {
        tags.push(("Seed", seed));
        tags.push(("SeedCommitment", commitment));
    }
    pgn::write(game, &tags)
}

pub fn save(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}
