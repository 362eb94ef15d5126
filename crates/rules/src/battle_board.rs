//! Battle Chieftain's boards (rules.md 4, seed 003): which squares are holes, walls,
//! home rows and field, read from the seed's diagrams.

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::piece::Color;
use crate::variant::VariantId;

/// The kinds of square a Battle Chieftain board has, beyond its holes.
#[derive(Clone, Debug)]
pub struct BattleBoard {
    /// `[color]`: the wall a side's king starts on.
    pub walls: [Bitboard; 2],
    /// `[color]`: the row a side's berserkers start on.
    pub home_rows: [Bitboard; 2],
    /// Squares that are field from the start.
    pub field: Bitboard,
}

/// A diagram, rank 11 first: `B` home row, `W`/`w` Black's/White's wall, `X` field,
/// `-` hole (the seed's letters, with White's wall lower case as the seed draws it).
fn diagram(id: VariantId) -> [&'static str; 11] {
    let (rank4, rank8) = match id {
        VariantId::BattleChieftainDifferingField => ("-XX-XX-XX-", "-XX-XX-XX-"),
        VariantId::BattleChieftainUnevenField => ("-XXX--XXX-", "-XX-XX-XX-"),
        _ => ("-XXX--XXX-", "-XXX--XXX-"),
    };
    let (rank10, rank2) = match id {
        VariantId::BattleChieftainFarWalls => ("-w-wwww-w-", "-W-WWWW-W-"),
        _ => ("-W-WWWW-W-", "-w-wwww-w-"),
    };
    [
        "BBBBBBBBBB",
        rank10,
        "-XXXXXXXX-",
        rank8,
        "-XXXXXXXX-",
        "XX-XXXX-XX",
        "-XXXXXXXX-",
        rank4,
        "-XXXXXXXX-",
        rank2,
        "BBBBBBBBBB",
    ]
}

/// The geometry (with its holes) and the square kinds of a Battle Chieftain board.
pub fn build(id: VariantId) -> (Geometry, BattleBoard) {
    let rows = diagram(id);
    let plain = Geometry::new(10, 11, Bitboard::EMPTY);
    let mut holes = Bitboard::EMPTY;
    let mut board = BattleBoard {
        walls: [Bitboard::EMPTY; 2],
        home_rows: [Bitboard::EMPTY; 2],
        field: Bitboard::EMPTY,
    };
    for (i, row) in rows.iter().enumerate() {
        let rank = 10 - i as u8;
        for (file, c) in row.bytes().enumerate() {
            let sq = plain.square(file as u8, rank);
            match c {
                b'-' => holes.set(sq),
                b'X' => board.field.set(sq),
                b'w' => board.walls[Color::White.index()].set(sq),
                b'W' => board.walls[Color::Black.index()].set(sq),
                b'B' if rank == 0 => board.home_rows[Color::White.index()].set(sq),
                b'B' => board.home_rows[Color::Black.index()].set(sq),
                _ => unreachable!("diagram letters are - X w W B"),
            }
        }
    }
    (Geometry::new(10, 11, holes), board)
}
