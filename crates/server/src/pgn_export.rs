//! `GET /api/games/ID/pgn`: the kernel's PGN writer with the web game's tags. Rolls are
//! `[%roll]` comments; the seed is published once the game is over.

use crate::contract::Player;
use crate::live_game::LiveGame;
use rules::pgn;

/// The civil date (year, month, day) of a Unix time in milliseconds.
fn civil_date(ms: i64) -> (i64, i64, i64) {
    // Howard Hinnant's days-to-civil algorithm.
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A player as the server knows it: the engine by version and level; a person only by
/// their seat, since the server asks for no names.
fn player_name(player: Player, engine_level: i64) -> String {
    match player {
        Player::Engine => format!(
            "Menagerie {} level {engine_level}",
            env!("CARGO_PKG_VERSION")
        ),
        Player::Human => "Anonymous".to_string(),
    }
}

pub fn export(live: &LiveGame) -> String {
    let (y, m, d) = civil_date(live.row.created_at);
    let date = format!("{y:04}.{m:02}.{d:02}");
    let white = player_name(live.player(rules::Color::White), live.row.engine_level);
    let black = player_name(live.player(rules::Color::Black), live.row.engine_level);
    let commitment = live.row.seed.commitment();
    let server_seed = live.row.seed.server.to_string();
    let dice_seed = live.seed.to_string();
    let mixed = live.row.seed.has_entropy();
    let entropy = live
        .row
        .seed
        .entropy
        .iter()
        .map(|e| e.as_deref().unwrap_or("-"))
        .collect::<Vec<_>>()
        .join(" ");
    let time_control = match (live.row.initial_ms, live.row.increment_ms) {
        (Some(i), inc) => format!("{}+{}", i / 1000, inc.unwrap_or(0) / 1000),
        _ => "-".to_string(),
    };
    let mut tags: Vec<(&str, &str)> = vec![
        ("Event", "Menagerie web game"),
        ("Site", "menagerie serve"),
        ("Date", &date),
        ("Round", "-"),
        ("White", &white),
        ("Black", &black),
        ("GameId", &live.row.id),
        ("TimeControl", &time_control),
    ];
    // `Seed` is the seed the rolls come from, which `menagerie pgn check` checks them
    // against, and against `SeedCommitment` when there is one. When players added
    // entropy, the commitment is the server seed's: `ServerSeedCommitment`, checked by
    // hand with `ServerSeed` and `Entropy` (docs/api.md, "Dice").
    if mixed {
        tags.push(("ServerSeedCommitment", &commitment));
        tags.push(("Entropy", &entropy));
    } else {
        tags.push(("SeedCommitment", &commitment));
    }
    if live.is_over() {
        if mixed {
            tags.push(("ServerSeed", &server_seed));
        }
        tags.push(("Seed", &dice_seed));
    }
    if let Some(reason) = &live.row.reason {
        tags.push(("Termination", reason));
    }
    // A resignation, a flag or an agreement is the server's to write; the kernel writes
    // the result the rules reached.
    tags.push(("Result", &live.row.result));
    pgn::write(live.game(), &tags)
}

#[cfg(test)]
mod tests {
    use super::{Player, civil_date, player_name};

    #[test]
    fn the_engine_is_named_by_version_and_level_and_a_person_is_anonymous() {
        assert_eq!(
            player_name(Player::Engine, 4),
            format!("Menagerie {} level 4", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(player_name(Player::Human, 4), "Anonymous");
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(951_782_400_000), (2000, 2, 29));
        assert_eq!(civil_date(1_795_000_000_000), (2026, 11, 18));
    }
}
