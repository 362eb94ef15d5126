//! What the pawns alone decide in the tapered terms, kept by pawn structure: the pawns
//! change in few moves, so most evaluations meet a structure evaluated before. Each
//! thread has its own table.

use rules::{Bitboard, Color, Position, Role};
use std::cell::RefCell;

/// Entries in each thread's table (about 3 MB): at 4,096 a sixth of a chess search's
/// evaluations missed it, at this size an eighth, nearly all new structures.
const SIZE: usize = 16_384;

/// A 64-bit hash of the two sides' pawn sets.
pub fn pawn_hash(pos: &Position) -> u64 {
    let white = pos.pieces_of(Color::White, Role::Pawn).0;
    let black = pos.pieces_of(Color::Black, Role::Pawn).0;
    let mut h = (white as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ ((white >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ (black as u64).wrapping_mul(0x1656_67B1_9E37_79F9)
        ^ ((black >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^= h >> 31;
    h.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// One side's share of a pawn structure.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PawnSide {
    /// The squares its pawns attack.
    pub attacks: Bitboard,
    /// Its passed pawns.
    pub passed: Bitboard,
    /// Where its knight, bishop or camel would stand on an outpost.
    pub outposts: Bitboard,
    /// The files (whole) that hold one of its pawns.
    pub files: Bitboard,
}

/// A pawn structure's share of the terms: each side's sets, and the weighted sum of the
/// terms of pawns alone (White's less Black's).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PawnInfo {
    pub sides: [PawnSide; 2],
    pub mg: i32,
    pub eg: i32,
}

#[derive(Clone, Copy)]
struct Entry {
    pawns: [Bitboard; 2],
    /// Which weights the sums are for (their address), on which board (files, ranks).
    weights: usize,
    board: (u8, u8),
    info: PawnInfo,
}

/// The pawn structure's info for `weights` (identified by `weights_id`), from the table or
/// made by `compute` and kept.
pub fn pawn_info(
    pos: &Position,
    weights_id: usize,
    compute: impl FnOnce() -> PawnInfo,
) -> PawnInfo {
    thread_local! {
        static TABLE: RefCell<Vec<Option<Entry>>> = const { RefCell::new(Vec::new()) };
    }
    let pawns = [
        pos.pieces_of(Color::White, Role::Pawn),
        pos.pieces_of(Color::Black, Role::Pawn),
    ];
    let board = (pos.geometry().files, pos.geometry().ranks);
    let slot = (pawn_hash(pos) >> (64 - SIZE.trailing_zeros())) as usize;
    let known = TABLE.with_borrow(|table| {
        table
            .get(slot)
            .copied()
            .flatten()
            .filter(|e| e.pawns == pawns && e.weights == weights_id && e.board == board)
            .map(|e| e.info)
    });
    if let Some(info) = known {
        return info;
    }
    let info = compute();
    TABLE.with_borrow_mut(|table| {
        if table.is_empty() {
            table.resize(SIZE, None);
        }
        table[slot] = Some(Entry {
            pawns,
            weights: weights_id,
            board,
            info,
        });
    });
    info
}
