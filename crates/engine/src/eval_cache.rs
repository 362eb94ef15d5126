//! The static evaluations a search has made, by Zobrist key: a node met again (in the
//! capture search, after a re-search, by a transposition the table has lost) is not
//! evaluated again. Each search thread has its own.

use crate::score::Score;

const SIZE: usize = 1 << 16;

pub struct EvalCache {
    /// The key beside its evaluation; a key of 0 marks an empty slot.
    entries: Box<[(u64, Score)]>,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache {
            entries: vec![(0, 0); SIZE].into_boxed_slice(),
        }
    }
}

impl EvalCache {
    pub fn get(&self, key: u64) -> Option<Score> {
        let (stored, score) = self.entries[key as usize & (SIZE - 1)];
        (stored == key && key != 0).then_some(score)
    }

    pub fn put(&mut self, key: u64, score: Score) {
        self.entries[key as usize & (SIZE - 1)] = (key, score);
    }

    /// Forgets every evaluation (the weights changed).
    pub fn clear(&mut self) {
        self.entries.fill((0, 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_evaluation_of_a_slot() {
        let mut cache = EvalCache::default();
        assert_eq!(cache.get(42), None);
        cache.put(42, 17);
        assert_eq!(cache.get(42), Some(17));
        let same_slot = 42 + SIZE as u64;
        cache.put(same_slot, -5);
        assert_eq!(cache.get(42), None);
        assert_eq!(cache.get(same_slot), Some(-5));
        cache.clear();
        assert_eq!(cache.get(same_slot), None);
    }
}
