//! The board's shape and every table that depends only on it: leaps, rays, lines.
//!
//! Squares are numbered `rank * files + file` with no padding, so a step that would leave
//! the rectangle is caught while the tables are built, never in the hot path.

use crate::bitboard::Bitboard;
use crate::square::{Square, file_char};

/// The eight slide directions. The first four increase the square index, the last four
/// decrease it; a ray's nearest blocker is therefore its lowest or its highest set bit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    North = 0,
    East = 1,
    NorthEast = 2,
    NorthWest = 3,
    South = 4,
    West = 5,
    SouthWest = 6,
    SouthEast = 7,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::South,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, -1),
            Direction::SouthEast => (1, -1),
        }
    }

    pub const fn is_orthogonal(self) -> bool {
        matches!(
            self,
            Direction::North | Direction::East | Direction::South | Direction::West
        )
    }
}

/// Leaper patterns, each a set of (file, rank) offsets closed under reflection.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leap {
    /// One step in any of the eight directions.
    King = 0,
    /// (1,2)
    Knight = 1,
    /// (1,3)
    Camel = 2,
}

impl Leap {
    pub const COUNT: usize = 3;
    pub const ALL: [Leap; Leap::COUNT] = [Leap::King, Leap::Knight, Leap::Camel];

    fn offsets(self) -> Vec<(i8, i8)> {
        let (a, b) = match self {
            Leap::King => {
                return vec![
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ];
            }
            Leap::Knight => (1, 2),
            Leap::Camel => (1, 3),
        };
        let mut out = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for sx in [-1, 1] {
                for sy in [-1, 1] {
                    out.push((x * sx, y * sy));
                }
            }
        }
        out
    }
}

#[derive(Clone, Debug)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
    /// Every square of the rectangle that is part of the board (holes excluded).
    pub board: Bitboard,
    /// Squares of the rectangle that are not part of the board.
    pub holes: Bitboard,
    file_masks: Vec<Bitboard>,
    rank_masks: Vec<Bitboard>,
    // Per-square tables have 128 entries whatever the board, indexed by `Square::slot`.
    leaps: Box<[[Bitboard; Leap::COUNT]; 128]>,
    rays: Box<[[Bitboard; 8]; 128]>,
    /// Every square a rook, or a bishop, on the square would reach on an empty board.
    orthogonal_lines: Box<[Bitboard; 128]>,
    diagonal_lines: Box<[Bitboard; 128]>,
    /// `[color][square]`: the squares a pawn of that colour attacks.
    pawn_attacks: Box<[[Bitboard; 128]; 2]>,
    between: Box<[[Bitboard; 128]; 128]>,
    line: Box<[[Bitboard; 128]; 128]>,
}

/// A zeroed table on the heap (the larger ones would overflow the stack).
fn table<T: Copy, const N: usize>(fill: T) -> Box<[T; N]> {
    vec![fill; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has N entries"))
}

impl Geometry {
    pub fn new(files: u8, ranks: u8, holes: Bitboard) -> Geometry {
        assert!(files as usize * ranks as usize <= Square::MAX_SQUARES);
        let n = files as usize * ranks as usize;
        let full = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let mut geo = Geometry {
            files,
            ranks,
            board: Bitboard(full) & !holes,
            holes,
            file_masks: vec![Bitboard::EMPTY; files as usize],
            rank_masks: vec![Bitboard::EMPTY; ranks as usize],
            leaps: table([Bitboard::EMPTY; Leap::COUNT]),
            rays: table([Bitboard::EMPTY; 8]),
            orthogonal_lines: table(Bitboard::EMPTY),
            diagonal_lines: table(Bitboard::EMPTY),
            pawn_attacks: table([Bitboard::EMPTY; 128]),
            between: table([Bitboard::EMPTY; 128]),
            line: table([Bitboard::EMPTY; 128]),
        };
        for index in 0..n {
            let sq = Square::new(index as u8);
            let (f, r) = (geo.file_of(sq) as i8, geo.rank_of(sq) as i8);
            geo.file_masks[f as usize].set(sq);
            geo.rank_masks[r as usize].set(sq);
            for leap in Leap::ALL {
                for (df, dr) in leap.offsets() {
                    if let Some(to) = geo.offset(sq, df, dr) {
                        geo.leaps[index][leap as usize].set(to);
                    }
                }
            }
            for dir in Direction::ALL {
                let (df, dr) = dir.delta();
                let mut cur = sq;
                while let Some(next) = geo.offset(cur, df, dr) {
                    geo.rays[index][dir as usize].set(next);
                    if dir.is_orthogonal() {
                        geo.orthogonal_lines[index].set(next);
                    } else {
                        geo.diagonal_lines[index].set(next);
                    }
                    cur = next;
                }
            }
            for (color, dr) in [(0, 1), (1, -1)] {
                for df in [-1, 1] {
                    if let Some(to) = geo.offset(sq, df, dr) {
                        geo.pawn_attacks[color][index].set(to);
                    }
                }
            }
        }
        for a in 0..n {
            for dir in Direction::ALL {
                let ray = geo.rays[a][dir as usize];
                let opposite = geo.rays[a][(dir as usize + 4) % 8];
                for b in ray {
                    let beyond_b = geo.rays[b.index()][dir as usize];
                    geo.between[a][b.slot()] = ray.without(beyond_b).without(b.into());
                    geo.line[a][b.slot()] =
                        ray | opposite | Bitboard::from_square(Square::new(a as u8));
                }
            }
        }
        geo
    }

    #[inline(always)]
    pub fn file_of(&self, sq: Square) -> u8 {
        sq.raw() % self.files
    }

    #[inline(always)]
    pub fn rank_of(&self, sq: Square) -> u8 {
        sq.raw() / self.files
    }

    #[inline(always)]
    pub fn square(&self, file: u8, rank: u8) -> Square {
        Square::new(rank * self.files + file)
    }

    /// The square `(df, dr)` away, if it lies inside the rectangle.
    pub fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        let f = self.file_of(sq) as i8 + df;
        let r = self.rank_of(sq) as i8 + dr;
        if f < 0 || r < 0 || f >= self.files as i8 || r >= self.ranks as i8 {
            None
        } else {
            Some(self.square(f as u8, r as u8))
        }
    }

    #[inline(always)]
    pub fn file_mask(&self, file: u8) -> Bitboard {
        self.file_masks[file as usize]
    }

    #[inline(always)]
    pub fn rank_mask(&self, rank: u8) -> Bitboard {
        self.rank_masks[rank as usize]
    }

    #[inline(always)]
    pub fn leap(&self, leap: Leap, sq: Square) -> Bitboard {
        self.leaps[sq.slot()][leap as usize]
    }

    #[inline(always)]
    pub fn pawn_attacks(&self, color: crate::piece::Color, sq: Square) -> Bitboard {
        self.pawn_attacks[color.index()][sq.slot()]
    }

    /// The squares a slider on `sq` reaches along `dir`, stopping at (and including) the
    /// first square of `blockers`.
    #[inline(always)]
    fn ray_attacks(&self, rays: &[Bitboard; 8], dir: usize, blockers: Bitboard) -> Bitboard {
        let ray = rays[dir];
        let hit = ray & blockers;
        if hit.is_empty() {
            return ray;
        }
        let first = if dir < 4 { hit.lowest() } else { hit.highest() };
        ray ^ self.rays[first.slot()][dir & 7]
    }

    #[inline(always)]
    pub fn orthogonal_attacks(&self, sq: Square, blockers: Bitboard) -> Bitboard {
        let rays = &self.rays[sq.slot()];
        self.ray_attacks(rays, Direction::North as usize, blockers)
            | self.ray_attacks(rays, Direction::East as usize, blockers)
            | self.ray_attacks(rays, Direction::South as usize, blockers)
            | self.ray_attacks(rays, Direction::West as usize, blockers)
    }

    #[inline(always)]
    pub fn diagonal_attacks(&self, sq: Square, blockers: Bitboard) -> Bitboard {
        let rays = &self.rays[sq.slot()];
        self.ray_attacks(rays, Direction::NorthEast as usize, blockers)
            | self.ray_attacks(rays, Direction::NorthWest as usize, blockers)
            | self.ray_attacks(rays, Direction::SouthWest as usize, blockers)
            | self.ray_attacks(rays, Direction::SouthEast as usize, blockers)
    }

    #[inline(always)]
    pub fn orthogonal_lines(&self, sq: Square) -> Bitboard {
        self.orthogonal_lines[sq.slot()]
    }

    #[inline(always)]
    pub fn diagonal_lines(&self, sq: Square) -> Bitboard {
        self.diagonal_lines[sq.slot()]
    }

    /// Squares strictly between two squares on one line; empty if they share none.
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.slot()][b.slot()]
    }

    /// The whole line through two squares, both included; empty if they share none.
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> Bitboard {
        self.line[a.slot()][b.slot()]
    }

    /// The square's name, `a1`, `k10`.
    pub fn name(&self, sq: Square) -> String {
        let mut name = String::with_capacity(3);
        self.push_name(sq, &mut name);
        name
    }

    /// Appends the square's name to `out`, without a string of its own.
    pub fn push_name(&self, sq: Square, out: &mut String) {
        out.push(file_char(self.file_of(sq)));
        let rank = self.rank_of(sq) + 1;
        if rank >= 10 {
            out.push(char::from(b'0' + rank / 10));
        }
        out.push(char::from(b'0' + rank % 10));
    }

    /// Reads a square name at the start of `s`; returns the square and the bytes used.
    pub fn parse_square_prefix(&self, s: &[u8]) -> Option<(Square, usize)> {
        let file = *s.first()?;
        if !file.is_ascii_lowercase() || file - b'a' >= self.files {
            return None;
        }
        let mut used = 1;
        let mut rank: u32 = 0;
        while used < s.len() && s[used].is_ascii_digit() && used < 3 {
            rank = rank * 10 + (s[used] - b'0') as u32;
            used += 1;
        }
        if used == 1 || rank == 0 || rank > self.ranks as u32 || s[1] == b'0' {
            return None;
        }
        Some((self.square(file - b'a', rank as u8 - 1), used))
    }

    /// Reads a whole square name.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        match self.parse_square_prefix(s.as_bytes()) {
            Some((sq, used)) if used == s.len() => Some(sq),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_name_reads_back_as_its_square() {
        for (files, ranks) in [(8, 8), (11, 10), (10, 11)] {
            let geo = Geometry::new(files, ranks, Bitboard::EMPTY);
            for rank in 0..ranks {
                for file in 0..files {
                    let sq = geo.square(file, rank);
                    let name = geo.name(sq);
                    assert_eq!(
                        geo.parse_square_prefix(name.as_bytes()),
                        Some((sq, name.len())),
                        "{name}"
                    );
                }
            }
            assert_eq!(
                geo.name(geo.square(files - 1, ranks - 1)).len(),
                1 + ranks.to_string().len()
            );
        }
    }
}
