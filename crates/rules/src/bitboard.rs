//! A set of squares as one `u128`: wide enough for every board here (at most 121 squares).

use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u128);

/// One bit per square: a table lookup is cheaper than a variable 128-bit shift.
static SQUARE_BITS: [u128; 128] = {
    let mut table = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = 1u128 << i;
        i += 1;
    }
    table
};

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline(always)]
    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq.slot()])
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn non_empty(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.slot()] != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// The lowest square of a non-empty set.
    #[inline(always)]
    pub const fn lowest(self) -> Square {
        Square::new(self.0.trailing_zeros() as u8)
    }

    /// The highest square of a non-empty set.
    #[inline(always)]
    pub const fn highest(self) -> Square {
        Square::new(127 - self.0.leading_zeros() as u8)
    }

    #[inline(always)]
    pub fn set(&mut self, sq: Square) {
        self.0 |= SQUARE_BITS[sq.slot()];
    }

    #[inline(always)]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !SQUARE_BITS[sq.slot()];
    }

    #[inline(always)]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::new(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}
