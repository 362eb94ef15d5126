//! Playing below full strength, as a weaker player would: a shallower and smaller search,
//! a fuzzier judgement of positions (noise in the evaluation), and quiet moves that are
//! sometimes not considered at all (a defence or a plan not seen). Never random moves:
//! the move played is always the best the weakened search found.
//!
//! Levels 1-8 (the web app's) and `UCI_Elo` map onto the same settings; the ratings are
//! measured against Stockfish's `UCI_Elo` in chess (docs/engine.md).

use crate::score::Score;
use rules::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The deepest iteration searched.
    pub depth: Option<i32>,
    /// The most nodes searched for a move.
    pub nodes: Option<u64>,
    /// Each leaf's evaluation is off by up to this many centipawns either way (the same
    /// position is judged alike within one search).
    pub noise: Score,
    /// Per mille of quiet moves (not the first of a node) not considered.
    pub overlook_permille: u32,
    /// Varies the noise and the overlooked moves from one search to the next.
    pub salt: u64,
    /// Whether the evaluation network may judge positions (where the variant has one).
    /// The noisy levels keep the hand-written evaluation they were measured with.
    pub network: bool,
}

/// Each level's rating as measured against Stockfish's `UCI_Elo` in chess, levels 1-7
/// searching until their node cap ends the search, level 8 (no cap) at the web app's 6 s
/// a move (docs/engine.md, "Calibration"; levels 1 and 2 chained through self-play;
/// level 6 measured in session 26, levels 7 and 8 in session 31, with the network).
pub const LEVEL_ELO: [u32; 8] = [735, 1135, 1450, 1700, 2100, 2255, 2325, 2420];

/// The levels whose [`LEVEL_ELO`] is their own measured rating; the others' is the least
/// they play at.
pub const LEVELS_MEASURED: usize = 8;

/// How each level plays, in a player's words (the settings below, as a human would feel them).
pub const LEVEL_STYLE: [&str; 8] = [
    "Beginner: looks one move ahead and often overlooks a quiet move.",
    "Casual: sees simple captures and threats, misses plans.",
    "Club beginner: looks a few moves ahead, still blunders.",
    "Club player: sees most tactics, sometimes misjudges.",
    "Strong club player: deeper search, rarely overlooks a move.",
    "Expert: no deliberate mistakes, a shorter search.",
    "Strong expert: no deliberate mistakes, a longer search.",
    "Full strength.",
];

/// Level settings: depth, nodes, noise, overlooked quiet moves per mille, the network.
type LevelSettings = (Option<i32>, Option<u64>, Score, u32, bool);
const LEVELS: [LevelSettings; 8] = [
    (Some(1), Some(1_000), 200, 250, false),
    (Some(2), Some(1_500), 180, 220, false),
    (Some(3), Some(2_500), 160, 200, false),
    (Some(4), Some(20_000), 40, 40, false),
    (Some(9), Some(200_000), 12, 5, false),
    (None, Some(500_000), 0, 0, true),
    (None, Some(1_000_000), 0, 0, true),
    (None, None, 0, 0, true),
];

impl Strength {
    pub const FULL: Strength = Strength {
        depth: None,
        nodes: None,
        noise: 0,
        overlook_permille: 0,
        salt: 0,
        network: true,
    };

    /// The web app's levels, 1 (a beginner) to 8 (full strength); out-of-range levels are
    /// clamped.
    pub fn level(level: i64) -> Strength {
        let (depth, nodes, noise, overlook_permille, network) =
            LEVELS[(level.clamp(1, 8) - 1) as usize];
        Strength {
            depth,
            nodes,
            noise,
            overlook_permille,
            salt: 0,
            network,
        }
    }

    /// The strength for a UCI_Elo rating: the strongest level whose rating is at or below
    /// it (the weakest level for anything lower).
    pub fn elo(elo: u32) -> Strength {
        let level = LEVEL_ELO.iter().rposition(|&e| e <= elo).unwrap_or(0) + 1;
        Strength::level(level as i64)
    }

    pub fn is_full(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.noise == 0
            && self.overlook_permille == 0
            && self.network
    }

    /// The node limit of a search asked for `nodes`.
    pub fn node_limit(&self, nodes: Option<u64>) -> Option<u64> {
        min_some(nodes, self.nodes)
    }

    /// The depth limit of a search asked for `depth`.
    pub fn depth_limit(&self, depth: Option<i32>) -> Option<i32> {
        min_some(depth, self.depth)
    }

    /// The evaluation's error in the position with Zobrist key `key`.
    pub fn noise(&self, key: u64) -> Score {
        if self.noise == 0 {
            return 0;
        }
        let span = 2 * self.noise as u64 + 1;
        (mix(key ^ self.salt) % span) as Score - self.noise
    }

    /// Whether the quiet move `m` in the position `key` goes unseen.
    pub fn overlooks(&self, key: u64, m: Move, ply: usize) -> bool {
        if self.overlook_permille == 0 {
            return false;
        }
        let mv = (m.from.slot() as u64) << 8 | m.to.slot() as u64;
        let roll = mix(key ^ self.salt ^ mv.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64);
        roll % 1000 < self.overlook_permille as u64
    }
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::FULL
    }
}

fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A 64-bit mixer (SplitMix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        for pair in LEVELS.windows(2) {
            let (weak, strong) = (pair[0], pair[1]);
            assert!(weak.2 >= strong.2 && weak.3 >= strong.3);
            assert!(weak.1.unwrap_or(u64::MAX) < strong.1.unwrap_or(u64::MAX));
        }
        assert!(Strength::level(8).is_full());
        // The noisy levels were measured with the hand-written evaluation.
        assert!((1..=5).all(|level| !Strength::level(level).network));
        assert!((6..=8).all(|level| Strength::level(level).network));
        assert_eq!(Strength::level(0), Strength::level(1));
        assert_eq!(Strength::level(99), Strength::level(8));
    }

    #[test]
    fn elo_picks_the_level_at_or_below() {
        assert_eq!(Strength::elo(500), Strength::level(1));
        assert_eq!(Strength::elo(LEVEL_ELO[3] - 1), Strength::level(3));
        assert_eq!(Strength::elo(LEVEL_ELO[3]), Strength::level(4));
        assert_eq!(Strength::elo(LEVEL_ELO[7]), Strength::level(8));
        assert_eq!(Strength::elo(3200), Strength::level(8));
        assert!(LEVEL_ELO.windows(2).all(|pair| pair[0] <= pair[1]));
    }

    #[test]
    fn noise_stays_within_its_bound_and_varies() {
        let s = Strength::level(2);
        let values: Vec<Score> = (0..1000u64).map(|k| s.noise(k * 7919)).collect();
        assert!(values.iter().all(|v| v.abs() <= s.noise));
        assert!(values.iter().any(|&v| v > s.noise / 2));
        assert!(values.iter().any(|&v| v < -s.noise / 2));
        assert_eq!(Strength::FULL.noise(12345), 0);
    }

    #[test]
    fn a_limit_asked_for_and_the_strength_s_limit_the_smaller_wins() {
        let s = Strength::level(1);
        assert_eq!(s.node_limit(Some(100)), Some(100));
        assert_eq!(s.node_limit(None), Some(1_000));
        assert_eq!(Strength::FULL.depth_limit(None), None);
    }
}
