//! Zobrist keys: a 64-bit fingerprint of a position, updated move by move. Used for
//! repetition now and the engine's transposition table later.

use crate::piece::{Color, Piece, Role};
use crate::square::Square;
use std::sync::LazyLock;

const SQUARES: usize = Square::MAX_SQUARES;
/// Up to this many pieces of one kind in hand are told apart.
pub const MAX_IN_HAND: usize = 32;

pub struct ZobristKeys {
    pieces: Vec<u64>,
    neutral: [u64; SQUARES],
    castling: [u64; 16],
    en_passant: [u64; SQUARES],
    hand: Vec<u64>,
    black_to_move: u64,
    chance_pending: u64,
    sanctuary: [u64; SQUARES],
}

/// SplitMix64: a fixed, well-mixed stream so keys are the same in every build.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub static KEYS: LazyLock<ZobristKeys> = LazyLock::new(|| {
    let mut state = 0x6d65_6e61_6765_7269; // "menageri"
    let mut next = || splitmix(&mut state);
    ZobristKeys {
        pieces: (0..2 * Role::COUNT * SQUARES).map(|_| next()).collect(),
        neutral: std::array::from_fn(|_| next()),
        castling: std::array::from_fn(|_| next()),
        en_passant: std::array::from_fn(|_| next()),
        hand: (0..2 * Role::COUNT * MAX_IN_HAND).map(|_| next()).collect(),
        black_to_move: next(),
        chance_pending: next(),
        sanctuary: std::array::from_fn(|_| next()),
    }
});

impl ZobristKeys {
    #[inline(always)]
    pub fn piece(&self, piece: Piece, sq: Square) -> u64 {
        self.pieces[(piece.color.index() * Role::COUNT + piece.role.index()) * SQUARES + sq.index()]
    }

    #[inline(always)]
    pub fn neutral(&self, sq: Square) -> u64 {
        self.neutral[sq.index()]
    }

    #[inline(always)]
    pub fn castling(&self, rights: u8) -> u64 {
        self.castling[rights as usize & 15]
    }

    /// Keyed by the square of the pawn that may be taken en passant.
    #[inline(always)]
    pub fn en_passant(&self, victim: Square) -> u64 {
        self.en_passant[victim.index()]
    }

    /// The key for holding `count` pieces of a kind (0 has key 0).
    #[inline(always)]
    pub fn hand(&self, color: Color, role: Role, count: usize) -> u64 {
        if count == 0 {
            0
        } else {
            self.hand[(color.index() * Role::COUNT + role.index()) * MAX_IN_HAND
                + count.min(MAX_IN_HAND)
                - 1]
        }
    }

    #[inline(always)]
    pub fn black_to_move(&self) -> u64 {
        self.black_to_move
    }

    /// Set while the dice are owed, so a chance node never shares a key with the
    /// position after the roll.
    #[inline(always)]
    pub fn chance_pending(&self) -> u64 {
        self.chance_pending
    }

    /// Battle Chieftain: the berserker on this home square has not moved yet.
    #[inline(always)]
    pub fn sanctuary(&self, sq: Square) -> u64 {
        self.sanctuary[sq.index()]
    }
}
