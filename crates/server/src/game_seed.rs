//! A game's dice seed, which no player can choose: the server draws its own seed from the
//! operating system's randomness and publishes its SHA-256 commitment when the game is
//! created; each player may add entropy of their own, and the dice roll from the mix of
//! both. The guest of a friend game adds theirs on joining, after seeing the commitment,
//! so the server's seed was fixed before it; neither player sees the server's seed before
//! the end. Only a server started in test mode takes a fixed seed from the request.

use crate::error::{ApiError, quote};
use crate::live_game::LiveGame;
use crate::seats::color_name;
use rand::TryRngCore;
use rand::rngs::OsRng;
use rules::Color;
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// The longest entropy a player may add, in characters.
pub const MAX_ENTROPY: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSeed {
    /// The server's seed: secret until the game is over.
    pub server: u64,
    /// The entropy each side's player added, if any (public).
    pub entropy: [Option<String>; 2],
}

impl GameSeed {
    /// A fresh seed from the operating system.
    pub fn draw() -> GameSeed {
        let server = OsRng
            .try_next_u64()
            .expect("the operating system's random source works");
        GameSeed::fixed(server)
    }

    /// A given server seed (test mode, or a stored game).
    pub fn fixed(server: u64) -> GameSeed {
        GameSeed {
            server,
            entropy: [None, None],
        }
    }

    /// What is published when the game is created: the SHA-256 of the server seed's
    /// decimal text.
    pub fn commitment(&self) -> String {
        dice::seed_commitment(self.server)
    }

    pub fn has_entropy(&self) -> bool {
        self.entropy.iter().any(Option::is_some)
    }

    /// The seed the dice stream rolls from. Without entropy it is the server's seed;
    /// with some, the first 8 bytes (big-endian) of the SHA-256 of the text
    /// `"SERVER WHITE BLACK"`, `-` standing for a side that added none.
    pub fn dice_seed(&self) -> u64 {
        if !self.has_entropy() {
            return self.server;
        }
        let digest = Sha256::digest(self.mix_text().as_bytes());
        u64::from_be_bytes(digest[..8].try_into().expect("a digest has 8 bytes"))
    }

    fn mix_text(&self) -> String {
        let side = |c: Color| self.entropy[c.index()].as_deref().unwrap_or("-");
        format!(
            "{} {} {}",
            self.server,
            side(Color::White),
            side(Color::Black)
        )
    }

    /// Adds `color`'s entropy, checked: 1 to 64 letters, digits, `-` or `_`.
    pub fn add_entropy(&mut self, color: Color, entropy: &str) -> Result<(), ApiError> {
        let fits = (1..=MAX_ENTROPY).contains(&entropy.len())
            && entropy
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !fits || entropy == "-" {
            return Err(ApiError::bad_request(format!(
                "entropy '{}' is not 1 to {MAX_ENTROPY} letters, digits, - or _",
                quote(entropy)
            )));
        }
        if self.entropy[color.index()].is_some() {
            return Err(ApiError::conflict(format!(
                "{} has already added entropy",
                color_name(color)
            )));
        }
        self.entropy[color.index()] = Some(entropy.to_string());
        Ok(())
    }
}

/// As stored: the server seed's decimal text, then the two sides' entropy when any was
/// added (`12345` or `12345 a1b2 -`).
impl fmt::Display for GameSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.has_entropy() {
            write!(f, "{}", self.server)
        } else {
            f.write_str(&self.mix_text())
        }
    }
}

impl FromStr for GameSeed {
    type Err = String;

    fn from_str(text: &str) -> Result<GameSeed, String> {
        let bad = || format!("bad seed '{}'", quote(text));
        let mut parts = text.split(' ');
        let server = parts
            .next()
            .unwrap_or_default()
            .parse()
            .map_err(|_| bad())?;
        let mut seed = GameSeed::fixed(server);
        match (parts.next(), parts.next(), parts.next()) {
            (None, None, None) => {}
            (Some(white), Some(black), None) => {
                for (color, e) in [(Color::White, white), (Color::Black, black)] {
                    if e != "-" {
                        seed.add_entropy(color, e).map_err(|_| bad())?;
                    }
                }
            }
            _ => return Err(bad()),
        }
        Ok(seed)
    }
}

/// A game with no turn yet, `color`'s entropy mixed into its dice: its start (the
/// Juggernaut's square) is drawn again from the mixed seed.
pub fn with_entropy(
    live: &LiveGame,
    color: Color,
    entropy: &str,
    now: i64,
) -> Result<LiveGame, ApiError> {
    if live.ply() != 0 {
        return Err(ApiError::conflict(
            "entropy can only be added before the first turn",
        ));
    }
    let mut row = live.row.clone();
    row.seed.add_entropy(color, entropy)?;
    LiveGame::load(row, &[], now).map_err(ApiError::internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_entropy_the_dice_roll_from_the_server_seed() {
        let seed = GameSeed::fixed(12345);
        assert_eq!(seed.dice_seed(), 12345);
        assert_eq!(seed.to_string(), "12345");
        assert_eq!("12345".parse::<GameSeed>(), Ok(seed));
    }

    #[test]
    fn entropy_changes_the_dice_and_is_stored() {
        let mut seed = GameSeed::fixed(12345);
        seed.add_entropy(Color::Black, "guest-entropy").unwrap();
        // printf '%s' '12345 - guest-entropy' | sha256sum | cut -c1-16
        let digest = Sha256::digest(b"12345 - guest-entropy");
        let expected = u64::from_be_bytes(digest[..8].try_into().unwrap());
        assert_eq!(seed.dice_seed(), expected);
        assert_ne!(seed.dice_seed(), 12345);
        assert_eq!(seed.commitment(), dice::seed_commitment(12345));
        assert_eq!(seed.to_string(), "12345 - guest-entropy");
        assert_eq!(seed.to_string().parse::<GameSeed>(), Ok(seed.clone()));
        let mut other = GameSeed::fixed(12345);
        other.add_entropy(Color::Black, "guest-entropx").unwrap();
        assert_ne!(other.dice_seed(), seed.dice_seed());
    }

    #[test]
    fn entropy_is_checked_and_added_once() {
        let mut seed = GameSeed::fixed(1);
        for bad in ["", "-", "has space", "x\n", &"a".repeat(65)] {
            assert!(seed.add_entropy(Color::White, bad).is_err(), "{bad:?}");
        }
        seed.add_entropy(Color::White, "abc").unwrap();
        assert!(seed.add_entropy(Color::White, "def").is_err());
        assert!("1 a".parse::<GameSeed>().is_err());
        assert!("x".parse::<GameSeed>().is_err());
    }

    #[test]
    fn drawn_seeds_differ() {
        assert_ne!(GameSeed::draw().server, GameSeed::draw().server);
    }
}
