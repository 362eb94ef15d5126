//! `Reach`, the squares each movement class reaches from one square, against the attacks
//! of each piece kind asked one at a time, on every board shape.

use rules::{Color, Position, Reach, Role, Square, VariantId};

mod common;
use common::position;

/// Every square of `pos`'s board, with pieces where they stand as blockers, gives each
/// kind the same attacks through `Reach` as through `attacks_of`.
fn agrees_everywhere(pos: &Position) {
    let geo = pos.geometry();
    let occupied = pos.occupied();
    for index in 0..geo.files * geo.ranks {
        let sq = Square::new(index);
        let reach = Reach::new(geo, sq, occupied);
        for role in Role::ALL.into_iter().filter(|&r| r != Role::Pawn) {
            assert_eq!(
                reach.of(pos.variant().movement[role.index()]),
                pos.attacks_of(Color::White, role, sq, occupied),
                "{:?} {role:?} on square {index}",
                pos.variant().id
            );
        }
    }
}

#[test]
fn reach_gives_each_kind_its_attacks_on_every_board() {
    for id in VariantId::ALL {
        agrees_everywhere(&Position::start(id.rules().unwrap()));
    }
}

#[test]
fn reach_stops_sliders_at_the_first_piece() {
    let pos = position(VariantId::Chess, "7k/8/8/3p4/4Q3/8/8/4K3 w - - 0 1");
    agrees_everywhere(&pos);
    let square = |name| pos.geometry().parse_square(name).unwrap();
    let queen = Reach::new(pos.geometry(), square("e4"), pos.occupied())
        .of(pos.variant().movement[Role::Queen.index()]);
    let (d5, c6) = (square("d5"), square("c6"));
    assert!(
        queen.contains(d5),
        "the pawn blocking the diagonal is attacked"
    );
    assert!(!queen.contains(c6), "the square behind it is not");
}
