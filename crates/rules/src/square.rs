//! A square as its index on the board: `rank * files + file`, so a1 is 0 and the index
//! grows along the rank first. Turning an index into a name needs the board's width,
//! which the [`Geometry`](crate::geometry::Geometry) knows.

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The largest board here has 11x11 = 121 squares.
    pub const MAX_SQUARES: usize = 121;

    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        Square(index)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub const fn raw(self) -> u8 {
        self.0
    }

    /// The index into a 128-entry per-square table. Every square is below 128, and the
    /// mask lets the compiler see that, so table lookups carry no bounds check.
    #[inline(always)]
    pub const fn slot(self) -> usize {
        (self.0 & 127) as usize
    }
}

/// The letter of a file, `a` for 0.
pub fn file_char(file: u8) -> char {
    (b'a' + file) as char
}
