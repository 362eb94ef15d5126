//! What each movement class reaches from one square. Worked out once, it gives the attacks
//! of every piece kind from that square: asked which pieces could check a king there, say,
//! the sliding rays are walked once rather than once for each kind that slides.

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Leap};
use crate::square::Square;
use crate::variant::MoveClass;

pub struct Reach([Bitboard; MoveClass::COUNT]);

impl Reach {
    pub fn new(geo: &Geometry, sq: Square, occupied: Bitboard) -> Reach {
        Reach(std::array::from_fn(|class| {
            class_attacks(geo, class as u8, sq, occupied)
        }))
    }

    /// The squares a piece moving by `movement` (its kind's class bits, `Variant::movement`)
    /// attacks from the square.
    #[inline(always)]
    pub fn of(&self, movement: u8) -> Bitboard {
        let mut classes = movement;
        let mut attacks = Bitboard::EMPTY;
        while classes != 0 {
            attacks |= self.0[classes.trailing_zeros() as usize];
            classes &= classes - 1;
        }
        attacks
    }
}

/// The squares movement class `class` (its `MoveClass` number) reaches from `sq`, sliders
/// stopping at the first square of `occupied`.
#[inline(always)]
pub(crate) fn class_attacks(geo: &Geometry, class: u8, sq: Square, occupied: Bitboard) -> Bitboard {
    match class {
        c if c == MoveClass::Orthogonal as u8 => geo.orthogonal_attacks(sq, occupied),
        c if c == MoveClass::Diagonal as u8 => geo.diagonal_attacks(sq, occupied),
        c if c == MoveClass::KnightLeap as u8 => geo.leap(Leap::Knight, sq),
        c if c == MoveClass::CamelLeap as u8 => geo.leap(Leap::Camel, sq),
        _ => geo.leap(Leap::King, sq),
    }
}
