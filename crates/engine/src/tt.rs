//! The transposition table: what a search learnt about a position, keyed by its Zobrist
//! key. Chance nodes have keys of their own (the key marks a roll owed).

use crate::score::Score;
use rules::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a cutoff).
    Lower,
    /// The score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub depth: i32,
    pub score: Score,
    pub bound: Bound,
    pub best: Option<Move>,
}

pub struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `megabytes` MiB.
    pub fn new(megabytes: usize) -> Table {
        let size = (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Option<Entry>>())
            .next_power_of_two()
            / 2;
        Table {
            entries: vec![None; size.max(1024)],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    /// Keeps the deeper result when two positions share a slot.
    pub fn put(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        let replace = match self.entries[slot] {
            Some(old) => old.key == entry.key || old.depth <= entry.depth + 2,
            None => true,
        };
        if replace {
            self.entries[slot] = Some(entry);
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    /// Permille of slots in use (UCI `hashfull`), from the first thousand.
    pub fn hashfull(&self) -> u32 {
        self.entries
            .iter()
            .take(1000)
            .filter(|e| e.is_some())
            .count() as u32
    }
}
