//! Tapered positional terms for chess and Wildebeest, linear in their weights so that
//! `menagerie tune` can fit them: square terms by file and rank per piece kind, mobility
//! per piece kind, pawn structure and attacks near the king. Each term has a middlegame
//! and an endgame weight, blended by the phase (the pieces left). The weights are data,
//! one file per variant family in `weights/`, written by the tuner.

use rules::geometry::Leap;
use rules::{Bitboard, Color, Position, Role, Square, VariantId};
use std::sync::OnceLock;

/// Files are counted from the nearer edge, up to this many buckets.
pub const FILE_BUCKETS: usize = 6;
/// Ranks are counted from the owner's side, up to this many buckets (Wildebeest has 10).
pub const RANK_BUCKETS: usize = 11;
const ROLES: usize = 8;

const FILE_BASE: usize = 0;
const RANK_BASE: usize = FILE_BASE + ROLES * FILE_BUCKETS;
const MOBILITY_BASE: usize = RANK_BASE + ROLES * RANK_BUCKETS;
const PASSED_BASE: usize = MOBILITY_BASE + ROLES;
const ISOLATED: usize = PASSED_BASE + RANK_BUCKETS;
const DOUBLED: usize = ISOLATED + 1;
const BACKWARD: usize = DOUBLED + 1;
const KING_ZONE: usize = BACKWARD + 1;
/// The number of terms.
pub const TERMS: usize = KING_ZONE + 1;

/// Both sides' pieces (pawns and kings aside) worth this much or more: a full middlegame.
const PHASE_FULL: i32 = 6000;
/// The phase's scale: this is a middlegame, 0 an endgame.
pub const PHASE_SCALE: i32 = 256;

/// The name of term `index`, as the weights file spells it.
pub fn name(index: usize) -> String {
    let role = |i: usize| Role::ALL[i].name();
    match index {
        i if i < RANK_BASE => format!(
            "file.{}.{}",
            role((i - FILE_BASE) / FILE_BUCKETS),
            (i - FILE_BASE) % FILE_BUCKETS
        ),
        i if i < MOBILITY_BASE => format!(
            "rank.{}.{}",
            role((i - RANK_BASE) / RANK_BUCKETS),
            (i - RANK_BASE) % RANK_BUCKETS
        ),
        i if i < PASSED_BASE => format!("mobility.{}", role(i - MOBILITY_BASE)),
        i if i < ISOLATED => format!("passed.{}", i - PASSED_BASE),
        ISOLATED => "isolated".to_string(),
        DOUBLED => "doubled".to_string(),
        BACKWARD => "backward".to_string(),
        _ => "king-zone".to_string(),
    }
}

/// Middlegame and endgame weights, in centipawns per unit of each term.
#[derive(Clone, Debug, PartialEq)]
pub struct TermWeights {
    pub mg: Vec<f64>,
    pub eg: Vec<f64>,
}

impl TermWeights {
    pub fn zero() -> TermWeights {
        TermWeights {
            mg: vec![0.0; TERMS],
            eg: vec![0.0; TERMS],
        }
    }

    /// Reads `name mg eg` lines; `#` starts a comment, missing terms are 0.
    pub fn parse(text: &str) -> Result<TermWeights, String> {
        let mut weights = TermWeights::zero();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [term, mg, eg] = fields[..] else {
                return Err(format!("line {}: want 'name mg eg'", number + 1));
            };
            let index = (0..TERMS)
                .find(|&i| name(i) == term)
                .ok_or_else(|| format!("line {}: unknown term '{term}'", number + 1))?;
            let number_of = |t: &str| {
                t.parse::<f64>()
                    .map_err(|_| format!("line {}: '{t}' is not a number", number + 1))
            };
            weights.mg[index] = number_of(mg)?;
            weights.eg[index] = number_of(eg)?;
        }
        Ok(weights)
    }

    /// The file's text, one term a line, rounded to whole centipawns.
    pub fn render(&self) -> String {
        (0..TERMS)
            .map(|i| {
                format!(
                    "{} {} {}\n",
                    name(i),
                    self.mg[i].round(),
                    self.eg[i].round()
                )
            })
            .collect()
    }

    fn is_zero(&self) -> bool {
        self.mg.iter().chain(&self.eg).all(|&w| w == 0.0)
    }
}

/// The committed weights of `pos`'s variant family, if it has any that are not all 0.
pub fn weights_for(variant: VariantId) -> Option<&'static TermWeights> {
    static CHESS: OnceLock<Option<TermWeights>> = OnceLock::new();
    static WILDEBEEST: OnceLock<Option<TermWeights>> = OnceLock::new();
    let load = |text: &str| {
        let weights = TermWeights::parse(text).expect("the committed weights parse");
        (!weights.is_zero()).then_some(weights)
    };
    match variant {
        VariantId::Chess => CHESS
            .get_or_init(|| load(include_str!("../weights/chess.txt")))
            .as_ref(),
        VariantId::Wildebeest => WILDEBEEST
            .get_or_init(|| load(include_str!("../weights/wildebeest.txt")))
            .as_ref(),
        _ => None,
    }
}

/// The terms of `pos`, White's count minus Black's, and its phase (0 to [`PHASE_SCALE`]).
pub fn terms(pos: &Position, piece_value: impl Fn(Role) -> i32) -> (Vec<i32>, i32) {
    let mut counts = vec![0i32; TERMS];
    let mut army = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        side_terms(pos, color, &mut |index, n| counts[index] += sign * n);
        army += army_of(pos, color, &piece_value);
    }
    (counts, army.min(PHASE_FULL) * PHASE_SCALE / PHASE_FULL)
}

/// The terms' score for the side to move (summed as they are found, with no table of counts).
pub fn score(pos: &Position, weights: &TermWeights, piece_value: impl Fn(Role) -> i32) -> i32 {
    let (mut mg, mut eg) = (0.0f64, 0.0f64);
    let mut army = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1.0 } else { -1.0 };
        side_terms(pos, color, &mut |index, n| {
            mg += sign * n as f64 * weights.mg[index];
            eg += sign * n as f64 * weights.eg[index];
        });
        army += army_of(pos, color, &piece_value);
    }
    let mg_share = army.min(PHASE_FULL) as f64 / PHASE_FULL as f64;
    let white = (mg * mg_share + eg * (1.0 - mg_share)).round() as i32;
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// The worth of `color`'s pieces other than pawns and the king.
pub fn army_of(pos: &Position, color: Color, piece_value: &impl Fn(Role) -> i32) -> i32 {
    [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::Camel,
        Role::Wildebeest,
    ]
    .into_iter()
    .map(|role| pos.pieces_of(color, role).count() as i32 * piece_value(role))
    .sum()
}

fn side_terms(pos: &Position, color: Color, add: &mut impl FnMut(usize, i32)) {
    let geo = pos.geometry();
    let variant = pos.variant();
    let occupied = pos.occupied();
    let own = pos.pieces(color);
    let enemy_pawns = pos.pieces_of(!color, Role::Pawn);
    let enemy_pawn_attacks: Bitboard = enemy_pawns
        .map(|sq| geo.pawn_attacks(!color, sq))
        .fold(Bitboard::EMPTY, |a, b| a | b);
    let enemy_king_zone = pos
        .king(!color)
        .map(|k| geo.leap(Leap::King, k) | Bitboard::from_square(k))
        .unwrap_or(Bitboard::EMPTY);
    let mut zone_attacks = 0;
    for (r, role) in Role::ALL.into_iter().enumerate().take(ROLES) {
        for sq in pos.pieces_of(color, role) {
            let file = geo.file_of(sq) as usize;
            let from_edge = file
                .min(geo.files as usize - 1 - file)
                .min(FILE_BUCKETS - 1);
            let rank =
                (variant.relative_rank(color, geo.rank_of(sq)) as usize).min(RANK_BUCKETS - 1);
            add(FILE_BASE + r * FILE_BUCKETS + from_edge, 1);
            add(RANK_BASE + r * RANK_BUCKETS + rank, 1);
            let reach = attacks(pos, role, sq, occupied);
            if !matches!(role, Role::Pawn | Role::King) {
                let mobility = reach & !own & !enemy_pawn_attacks;
                add(MOBILITY_BASE + r, mobility.count() as i32);
            }
            if role != Role::King {
                zone_attacks += (reach & enemy_king_zone).count() as i32;
            }
        }
    }
    add(KING_ZONE, zone_attacks);
    pawn_structure(pos, color, add);
}

/// The squares a piece of `role` on `sq` attacks.
fn attacks(pos: &Position, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    let geo = pos.geometry();
    match role {
        Role::Pawn => {
            let color = pos.piece_at(sq).map_or(Color::White, |p| p.color);
            geo.pawn_attacks(color, sq)
        }
        Role::Knight => geo.leap(Leap::Knight, sq),
        Role::Bishop => geo.diagonal_attacks(sq, occupied),
        Role::Rook => geo.orthogonal_attacks(sq, occupied),
        Role::Queen => geo.diagonal_attacks(sq, occupied) | geo.orthogonal_attacks(sq, occupied),
        Role::King => geo.leap(Leap::King, sq),
        Role::Camel => geo.leap(Leap::Camel, sq),
        Role::Wildebeest => geo.leap(Leap::Knight, sq) | geo.leap(Leap::Camel, sq),
        _ => Bitboard::EMPTY,
    }
}

/// Passed pawns by rank, isolated, doubled and backward pawns.
fn pawn_structure(pos: &Position, color: Color, add: &mut impl FnMut(usize, i32)) {
    let geo = pos.geometry();
    let variant = pos.variant();
    let own = pos.pieces_of(color, Role::Pawn);
    let enemy = pos.pieces_of(!color, Role::Pawn);
    let files = geo.files;
    let adjacent = |file: u8| {
        let mut mask = Bitboard::EMPTY;
        if file > 0 {
            mask |= geo.file_mask(file - 1);
        }
        if file + 1 < files {
            mask |= geo.file_mask(file + 1);
        }
        mask
    };
    for file in 0..files {
        let on_file = (own & geo.file_mask(file)).count() as i32;
        if on_file > 1 {
            add(DOUBLED, on_file - 1);
        }
    }
    for sq in own {
        let file = geo.file_of(sq);
        let rank = variant.relative_rank(color, geo.rank_of(sq));
        let neighbours = own & adjacent(file);
        if neighbours.is_empty() {
            add(ISOLATED, 1);
        }
        let ahead = |other: Square| variant.relative_rank(color, geo.rank_of(other)) > rank;
        let blockers = (enemy & (geo.file_mask(file) | adjacent(file)))
            .filter(|&e| ahead(e))
            .count();
        if blockers == 0 {
            add(PASSED_BASE + (rank as usize).min(RANK_BUCKETS - 1), 1);
        }
        let supported_later = neighbours.filter(|&n| !ahead(n)).count() > 0;
        let forward = if color == Color::White { 1 } else { -1 };
        let stop_attacked = geo
            .offset(sq, 0, forward)
            .is_some_and(|stop| { enemy }.any(|e| geo.pawn_attacks(!color, e).contains(stop)));
        if !neighbours.is_empty() && !supported_later && stop_attacked {
            add(BACKWARD, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_file_reads_back_what_it_wrote() {
        let mut weights = TermWeights::zero();
        weights.mg[PASSED_BASE + 5] = 40.0;
        weights.eg[KING_ZONE] = -7.0;
        let text = weights.render();
        assert!(text.contains("passed.5 40 0\n"), "{text}");
        assert_eq!(TermWeights::parse(&text), Ok(weights));
        assert!(TermWeights::parse("nonsense 1 2").is_err());
    }

    #[test]
    fn the_start_positions_terms_cancel_out_and_count_pieces() {
        for id in [VariantId::Chess, VariantId::Wildebeest] {
            let pos = Position::start(id.rules().unwrap());
            let (counts, phase) = terms(&pos, |_| 500);
            assert!(counts.iter().all(|&n| n == 0), "{id:?}: {counts:?}");
            assert_eq!(phase, PHASE_SCALE);
        }
    }
}
