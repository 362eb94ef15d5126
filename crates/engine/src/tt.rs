//! The transposition table: what a search learnt about a position, keyed by its Zobrist
//! key. Chance nodes have keys of their own (the key marks a roll owed).
//!
//! Shared by the threads of one search (Lazy SMP) without locks: an entry is packed into
//! one 64-bit word stored beside its key XOR that word, so an entry torn by two threads
//! writing at once no longer matches its key and is read as absent.

use crate::score::Score;
use rules::{Move, MoveKind, Role, Square};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a cutoff).
    Lower,
    /// The score is at most this.
    Upper,
}

impl Bound {
    /// What a node's best `score`, searched with the window (`alpha`, `beta`), tells.
    pub fn of(score: Score, alpha: Score, beta: Score) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub depth: i32,
    pub score: Score,
    pub bound: Bound,
    pub best: Option<Move>,
}

/// One slot: the key XOR the packed entry, and the packed entry.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct Table {
    slots: Vec<Slot>,
    /// The search an entry was stored by, modulo 16: an entry from an earlier search
    /// gives way to any new one, however deep it was.
    generation: AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MiB.
    pub fn new(megabytes: usize) -> Table {
        let size =
            (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Slot>()).next_power_of_two() / 2;
        Table {
            slots: (0..size.max(1024)).map(|_| Slot::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        unpack(key, data)
    }

    /// A new search (the next move of a game) begins: what earlier searches stored is
    /// still read, but no longer protected by its depth.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u64 {
        (self.generation.load(Ordering::Relaxed) & GENERATION_MASK) as u64
    }

    /// Keeps the deeper result of this search when two positions share a slot.
    pub fn put(&self, entry: Entry) {
        let slot = self.slot(entry.key);
        let old_data = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old_data;
        let generation = self.generation();
        let replace = match unpack(old_key, old_data) {
            // The same position keeps a deeper result unless the new one is exact.
            Some(old) if old.key == entry.key => {
                entry.bound == Bound::Exact || old.depth <= entry.depth + 2
            }
            Some(old) => generation_of(old_data) != generation || old.depth <= entry.depth + 2,
            None => true,
        };
        if replace {
            let data = pack(&entry) | generation << GENERATION_SHIFT;
            slot.data.store(data, Ordering::Relaxed);
            slot.check.store(entry.key ^ data, Ordering::Relaxed);
        }
    }

    pub fn clear(&self) {
        for slot in &self.slots {
            slot.data.store(0, Ordering::Relaxed);
            slot.check.store(0, Ordering::Relaxed);
        }
    }

    /// Permille of slots in use (UCI `hashfull`), from the first thousand.
    pub fn hashfull(&self) -> u32 {
        self.slots
            .iter()
            .take(1000)
            .filter(|s| s.data.load(Ordering::Relaxed) & VALID != 0)
            .count() as u32
    }
}

// The packed entry: score (16 bits), depth (16), bound (2), valid, has a move, the
// move's from (8), to (8), kind (4) and the role it drops or promotes to (4), and the
// generation (4).
const VALID: u64 = 1 << 34;
const HAS_MOVE: u64 = 1 << 35;
const GENERATION_SHIFT: u32 = 60;
const GENERATION_MASK: u8 = 15;

fn generation_of(data: u64) -> u64 {
    data >> GENERATION_SHIFT
}

fn pack(e: &Entry) -> u64 {
    let score = e.score as i16 as u16 as u64;
    let depth = (e.depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64) << 16;
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    } << 32;
    let best = e.best.map_or(0, |m| {
        let (kind, role) = match m.kind {
            MoveKind::Normal => (0, 0),
            MoveKind::Promotion(r) => (1, r.index() as u64),
            MoveKind::EnPassant => (2, 0),
            MoveKind::Castle => (3, 0),
            MoveKind::Drop(r) => (4, r.index() as u64),
            MoveKind::Swap => (5, 0),
            MoveKind::Crown => (6, 0),
        };
        HAS_MOVE | (m.from.raw() as u64) << 36 | (m.to.raw() as u64) << 44 | kind << 52 | role << 56
    });
    score | depth | bound | VALID | best
}

fn unpack(key: u64, data: u64) -> Option<Entry> {
    if data & VALID == 0 {
        return None;
    }
    let bound = match (data >> 32) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let best = (data & HAS_MOVE != 0).then(|| {
        let role = Role::ALL[(((data >> 56) & 15) as usize).min(Role::COUNT - 1)];
        let kind = match (data >> 52) & 15 {
            1 => MoveKind::Promotion(role),
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::Drop(role),
            5 => MoveKind::Swap,
            6 => MoveKind::Crown,
            _ => MoveKind::Normal,
        };
        Move::new(
            Square::new((data >> 36) as u8),
            Square::new((data >> 44) as u8),
            kind,
        )
    });
    Some(Entry {
        key,
        depth: (data >> 16) as u16 as i16 as i32,
        score: data as u16 as i16 as Score,
        bound,
        best,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_as_stored() {
        let table = Table::new(1);
        let moves = [
            Move::new(Square::new(12), Square::new(28), MoveKind::Normal),
            Move::new(
                Square::new(110),
                Square::new(120),
                MoveKind::Promotion(Role::Wildebeest),
            ),
            Move::new(
                Square::new(5),
                Square::new(5),
                MoveKind::Drop(Role::Berserker),
            ),
            Move::new(Square::new(4), Square::new(6), MoveKind::Castle),
        ];
        for (i, m) in moves.into_iter().enumerate() {
            let entry = Entry {
                key: 0xDEAD_BEEF_0000_0000 + i as u64,
                depth: -3 + 7 * i as i32,
                score: -31_000 + 20_000 * i as Score,
                bound: [Bound::Exact, Bound::Lower, Bound::Upper][i % 3],
                best: (i != 2).then_some(m),
            };
            table.put(entry);
            assert_eq!(table.get(entry.key), Some(entry));
        }
        assert_eq!(table.get(0x1234), None);
    }

    #[test]
    fn a_deep_entry_of_an_earlier_search_gives_way() {
        let table = Table::new(1);
        let size = table.slots.len() as u64;
        let deep = Entry {
            key: 9,
            depth: 12,
            score: 5,
            bound: Bound::Exact,
            best: None,
        };
        let shallow = Entry {
            key: 9 + size,
            depth: 1,
            ..deep
        };
        table.put(deep);
        table.put(shallow);
        assert_eq!(table.get(deep.key), Some(deep), "kept within one search");
        table.new_search();
        assert_eq!(table.get(deep.key), Some(deep), "still read after");
        table.put(shallow);
        assert_eq!(table.get(shallow.key), Some(shallow));
        assert_eq!(table.get(deep.key), None);
    }

    #[test]
    fn a_different_key_in_the_same_slot_is_absent() {
        let table = Table::new(1);
        let size = table.slots.len() as u64;
        let entry = Entry {
            key: 7,
            depth: 5,
            score: 42,
            bound: Bound::Exact,
            best: None,
        };
        table.put(entry);
        assert_eq!(table.get(7 + size), None);
        table.clear();
        assert_eq!(table.get(7), None);
        assert_eq!(table.hashfull(), 0);
    }
}
