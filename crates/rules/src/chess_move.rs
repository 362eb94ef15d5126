//! A turn on the board: a plain value, meaningful only together with the position it
//! is played in.

use crate::piece::Role;
use crate::square::Square;
use std::mem::MaybeUninit;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    Normal,
    Promotion(Role),
    EnPassant,
    /// `from` is the king's square, `to` the king's destination.
    Castle,
    Drop(Role),
    /// Battle Chieftain: the king (on `from`) and a berserker (on `to`) trade roles.
    Swap,
    /// Battle Chieftain: after its king was captured, a side makes the berserker on `to`
    /// its king (`from` is `to`).
    Crown,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

impl Move {
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    pub const fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }
}

/// Enough room for the widest position of any variant (drops from a full hand onto a
/// nearly empty board included).
pub const MAX_MOVES: usize = 1024;

/// A fixed-capacity list, so move generation never allocates. The storage is left
/// uninitialised: a list is made at every node of a search, and clearing 4 KiB each
/// time would cost more than generating the moves.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // The capacity covers every reachable position; were it ever exceeded, the
        // bounds check panics instead of writing past the array.
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves `keep` accepts, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if keep(m) {
                self.moves[kept] = MaybeUninit::new(m);
                kept += 1;
            }
        }
        self.len = kept;
    }

    // The workspace denies unsafe code; this is its one use, for a list that is never
    // initialised in full.
    #[allow(unsafe_code)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and `MaybeUninit<Move>`
        // has the same layout as `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
