//! `GET /api/levels`: the engine's levels as the page lists them, each with the engine's
//! own words for how it plays, its measured rating and the server's think time, so that
//! no list of levels is kept in the page.

use crate::contract::LevelInfo;
use crate::engine_pool::{MAX_LEVEL, MIN_LEVEL, think_ms};
use crate::new_game::DEFAULT_LEVEL;
use engine::strength::{LEVEL_ELO, LEVEL_STYLE, LEVELS_MEASURED};

pub fn list() -> Vec<LevelInfo> {
    (MIN_LEVEL..=MAX_LEVEL)
        .map(|level| {
            let index = (level - MIN_LEVEL) as usize;
            LevelInfo {
                level,
                style: LEVEL_STYLE[index].to_string(),
                elo: LEVEL_ELO[index],
                elo_at_least: index >= LEVELS_MEASURED,
                think_ms: think_ms(level),
                default: level == DEFAULT_LEVEL,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_its_words_rating_and_think_time_and_one_is_the_default() {
        let levels = list();
        assert_eq!(levels.len(), 8);
        assert_eq!(levels.iter().filter(|l| l.default).count(), 1);
        assert!(
            levels
                .windows(2)
                .all(|w| w[0].elo <= w[1].elo && w[0].think_ms < w[1].think_ms)
        );
        // A level not measured has a floor for its rating, said as one.
        let floors: Vec<i64> = levels
            .iter()
            .filter(|l| l.elo_at_least)
            .map(|l| l.level)
            .collect();
        let unmeasured: Vec<i64> = (LEVELS_MEASURED as i64 + 1..=MAX_LEVEL).collect();
        assert_eq!(floors, unmeasured);
    }
}
