//! Tapered positional terms for chess and Wildebeest (chess's weights also play
//! Juggernaut), linear in their weights so that
//! `menagerie tune` can fit them: square terms by file and rank per piece kind, mobility
//! per piece kind, pawn structure, the kings near passed pawns, attacks near the king,
//! threats against pieces and corrections to the material values. Each term has a
//! middlegame and an endgame weight, blended by the phase (the pieces left). The weights
//! are data, one file per variant family in `weights/`: tuned from hand-set ones.

use crate::pawn_cache::{self, PawnInfo, PawnSide};
use rules::geometry::Leap;
use rules::{Bitboard, Color, Position, Reach, Role, Square, VariantId};
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
/// Two bishops or more.
const BISHOP_PAIR: usize = KING_ZONE + 1;
/// Rooks on a file without pawns, and on one without their own pawns only.
const ROOK_OPEN: usize = BISHOP_PAIR + 1;
const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// Enemy pieces (pawns aside) attacked by a pawn.
const PAWN_THREAT: usize = ROOK_HALF_OPEN + 1;
/// Attacks on the squares around the enemy king, counted once more for each attacking
/// piece (pawns aside) beyond the first: one piece near a king is little danger, several are.
const KING_ATTACK: usize = PAWN_THREAT + 1;
/// Enemy pieces (pawns and the king aside) attacked by a piece (pawns and the king aside)
/// worth less.
const THREAT_BY_LESSER: usize = KING_ATTACK + 1;
/// Enemy pieces (the king aside) attacked and not defended.
const HANGING: usize = THREAT_BY_LESSER + 1;
/// Passed pawns' distance (up to 5) from the enemy king and from their own king to the
/// square in front, each times a weight growing with the pawn's rank (0 below the fourth):
/// in an ending a king near a passed pawn stops it or escorts it.
const PASSED_ENEMY_KING: usize = HANGING + 1;
const PASSED_OWN_KING: usize = PASSED_ENEMY_KING + 1;
/// Pieces by kind (the king aside): a correction to the material values, in the middlegame
/// and the endgame apart.
const MATERIAL_BASE: usize = PASSED_OWN_KING + 1;
/// The side to move: its move is worth something.
const TEMPO: usize = MATERIAL_BASE + ROLES;
/// Own pawns on the king's file and the files beside it, one or two ranks in front.
const KING_SHELTER: usize = TEMPO + 1;
/// Of the king's file and the files beside it, those without an own pawn.
const KING_OPEN_FILE: usize = KING_SHELTER + 1;
/// Enemy pawns on the king's file and the files beside it, one to three ranks in front:
/// coming to open it up.
const PAWN_STORM: usize = KING_OPEN_FILE + 1;
/// Knights, bishops and camels on the 4th to 6th rank in chess (5th to 8th in Wildebeest),
/// defended by a pawn, on a square no enemy pawn can ever attack.
const OUTPOST: usize = PAWN_STORM + 1;
/// Per piece kind, how many squares its mobility falls short of [`LOW_MOBILITY`]: the
/// first squares a piece gains matter more than later ones (a shut-in piece is nearly
/// lost, one with ten squares hardly better off than one with nine).
const MOBILITY_LOW_BASE: usize = OUTPOST + 1;
/// Per piece kind, the squares from which such a piece could check the enemy king that one
/// of them attacks, that the enemy does not defend and no own piece stands on.
const SAFE_CHECK_BASE: usize = MOBILITY_LOW_BASE + ROLES;
/// Passed pawns whose square in front is empty and not attacked by the enemy, and those
/// whose square in front is taken, each times the weight of its rank (as for the kings).
const PASSED_FREE: usize = SAFE_CHECK_BASE + ROLES;
const PASSED_BLOCKED: usize = PASSED_FREE + 1;
/// Pawns defended by an own pawn, and pairs of own pawns side by side on a rank.
const PAWN_SUPPORTED: usize = PASSED_BLOCKED + 1;
const PAWN_PHALANX: usize = PAWN_SUPPORTED + 1;
/// The king's distance (up to 5) from its nearest own pawn: in an ending it guards them.
const KING_PAWN_DISTANCE: usize = PAWN_PHALANX + 1;
/// The number of terms.
pub const TERMS: usize = KING_PAWN_DISTANCE + 1;

const LOW_MOBILITY: i32 = 4;

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
        KING_ZONE => "king-zone".to_string(),
        BISHOP_PAIR => "bishop-pair".to_string(),
        ROOK_OPEN => "rook-open-file".to_string(),
        ROOK_HALF_OPEN => "rook-half-open-file".to_string(),
        PAWN_THREAT => "pawn-threat".to_string(),
        KING_ATTACK => "king-attack".to_string(),
        THREAT_BY_LESSER => "threat-by-lesser".to_string(),
        HANGING => "hanging".to_string(),
        PASSED_ENEMY_KING => "passed-enemy-king".to_string(),
        PASSED_OWN_KING => "passed-own-king".to_string(),
        i if i < TEMPO => format!("material.{}", role(i - MATERIAL_BASE)),
        TEMPO => "tempo".to_string(),
        KING_SHELTER => "king-shelter".to_string(),
        KING_OPEN_FILE => "king-open-file".to_string(),
        PAWN_STORM => "pawn-storm".to_string(),
        OUTPOST => "outpost".to_string(),
        i if i < SAFE_CHECK_BASE => format!("mobility-low.{}", role(i - MOBILITY_LOW_BASE)),
        i if i < PASSED_FREE => format!("safe-check.{}", role(i - SAFE_CHECK_BASE)),
        PASSED_FREE => "passed-free".to_string(),
        PASSED_BLOCKED => "passed-blocked".to_string(),
        PAWN_SUPPORTED => "pawn-supported".to_string(),
        PAWN_PHALANX => "pawn-phalanx".to_string(),
        _ => "king-pawn-distance".to_string(),
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
        let names: Vec<String> = (0..TERMS).map(name).collect();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [term, mg, eg] = fields[..] else {
                return Err(format!("line {}: want 'name mg eg'", number + 1));
            };
            let index = names
                .iter()
                .position(|n| n == term)
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
                // Adding 0 turns a -0 into 0.
                format!(
                    "{} {} {}\n",
                    name(i),
                    self.mg[i].round() + 0.0,
                    self.eg[i].round() + 0.0
                )
            })
            .collect()
    }

    fn is_zero(&self) -> bool {
        self.mg.iter().chain(&self.eg).all(|&w| w == 0.0)
    }
}

/// Weights in whole centipawns, as the search adds them: integer sums, no rounding per term.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoringWeights {
    mg: [i32; TERMS],
    eg: [i32; TERMS],
    /// By piece kind, file bucket and rank bucket ([`square_index`]): the file's and the
    /// rank's weights added, middlegame then endgame, so a piece costs one lookup.
    piece_square: Box<[[i32; 2]; ROLES * FILE_BUCKETS * RANK_BUCKETS]>,
    /// Whether a term needing both sides' attacks (threats, checks, passed pawns' paths)
    /// has a weight that is not 0.
    threats: bool,
}

impl ScoringWeights {
    pub fn new(weights: &TermWeights) -> ScoringWeights {
        let mg = std::array::from_fn(|i| weights.mg[i].round() as i32);
        let eg = std::array::from_fn(|i| weights.eg[i].round() as i32);
        let mut piece_square = Box::new([[0; 2]; ROLES * FILE_BUCKETS * RANK_BUCKETS]);
        for r in 0..ROLES {
            for file in 0..FILE_BUCKETS {
                for rank in 0..RANK_BUCKETS {
                    let file_term = FILE_BASE + r * FILE_BUCKETS + file;
                    let rank_term = RANK_BASE + r * RANK_BUCKETS + rank;
                    piece_square[square_index(r, file, rank)] =
                        [mg[file_term] + mg[rank_term], eg[file_term] + eg[rank_term]];
                }
            }
        }
        let threats = [THREAT_BY_LESSER, HANGING]
            .into_iter()
            .chain(SAFE_CHECK_BASE..TERMS)
            .any(|i| mg[i] != 0 || eg[i] != 0);
        ScoringWeights {
            mg,
            eg,
            piece_square,
            threats,
        }
    }
}

/// The committed weights of `variant`'s family, if it has any that are not all 0.
pub fn weights_for(variant: VariantId) -> Option<&'static ScoringWeights> {
    static CHESS: OnceLock<Option<ScoringWeights>> = OnceLock::new();
    static WILDEBEEST: OnceLock<Option<ScoringWeights>> = OnceLock::new();
    let load = |text: &str| {
        let weights = committed(text);
        (!weights.is_zero()).then(|| ScoringWeights::new(&weights))
    };
    match variant {
        // Juggernaut is played over the board more than Behemoth (its beast steps one
        // square), and chess's weights measured a gain there; not in Behemoth or Loop.
        VariantId::Chess | VariantId::Juggernaut => {
            CHESS.get_or_init(|| load(CHESS_WEIGHTS)).as_ref()
        }
        VariantId::Wildebeest => WILDEBEEST.get_or_init(|| load(WILDEBEEST_WEIGHTS)).as_ref(),
        _ => None,
    }
}

const CHESS_WEIGHTS: &str = include_str!("../weights/chess.txt");
const WILDEBEEST_WEIGHTS: &str = include_str!("../weights/wildebeest.txt");

/// The committed weights file of `variant` as read (all 0 for a variant without terms): the
/// tuner's starting point and the prior its penalty pulls toward.
pub fn committed_weights(variant: VariantId) -> TermWeights {
    match variant {
        VariantId::Chess => committed(CHESS_WEIGHTS),
        VariantId::Wildebeest => committed(WILDEBEEST_WEIGHTS),
        _ => TermWeights::zero(),
    }
}

fn committed(text: &str) -> TermWeights {
    TermWeights::parse(text).expect("the committed weights parse")
}

/// The terms of `pos`, White's count minus Black's, and its phase (0 to [`PHASE_SCALE`]).
pub fn terms(pos: &Position, piece_value: impl Fn(Role) -> i32) -> (Vec<i32>, i32) {
    let mut counts = vec![0i32; TERMS];
    let mut army = 0;
    let mut attacks = [[Bitboard::EMPTY; ROLES]; 2];
    let buckets = SquareBuckets::of(pos);
    let pawns = pawn_sides(pos, buckets, &mut |color, index, n| {
        counts[index] += sign(color) * n
    });
    for color in Color::ALL {
        let sign = sign(color);
        side_terms(
            pos,
            color,
            &pawns,
            buckets,
            SquareTerms::Counted,
            &mut attacks[color.index()],
            &mut |index, n| counts[index] += sign * n,
        );
        army += army_of(pos, color, &piece_value);
    }
    for color in Color::ALL {
        let sign = sign(color);
        attack_terms(
            pos,
            color,
            &attacks,
            &pawns,
            buckets,
            &piece_value,
            &mut |index, n| counts[index] += sign * n,
        );
    }
    (counts, army.min(PHASE_FULL) * PHASE_SCALE / PHASE_FULL)
}

/// The terms' score for the side to move (summed as they are found, with no table of
/// counts). `buckets`: those of `pos`'s board size.
pub(crate) fn score(
    pos: &Position,
    weights: &ScoringWeights,
    buckets: &SquareBuckets,
    piece_value: impl Fn(Role) -> i32,
) -> i32 {
    let weights_id = weights as *const ScoringWeights as usize;
    let pawns = pawn_cache::pawn_info(pos, weights_id, || {
        let (mut mg, mut eg) = (0i32, 0i32);
        let sides = pawn_sides(pos, buckets, &mut |color, index, n| {
            mg += sign(color) * n * weights.mg[index];
            eg += sign(color) * n * weights.eg[index];
        });
        PawnInfo { sides, mg, eg }
    });
    let (mut mg, mut eg) = (pawns.mg, pawns.eg);
    let mut army = 0;
    let mut attacks = [[Bitboard::EMPTY; ROLES]; 2];
    for color in Color::ALL {
        let sign = sign(color);
        let side = side_terms(
            pos,
            color,
            &pawns.sides,
            buckets,
            SquareTerms::Weighted(weights),
            &mut attacks[color.index()],
            &mut |index, n| {
                mg += sign * n * weights.mg[index];
                eg += sign * n * weights.eg[index];
            },
        );
        mg += sign * side.squares[0];
        eg += sign * side.squares[1];
        army += (0..ROLES)
            .filter(|&r| !matches!(Role::ALL[r], Role::Pawn | Role::King))
            .map(|r| side.pieces[r] * piece_value(Role::ALL[r]))
            .sum::<i32>();
    }
    if weights.threats {
        for color in Color::ALL {
            let sign = sign(color);
            attack_terms(
                pos,
                color,
                &attacks,
                &pawns.sides,
                buckets,
                &piece_value,
                &mut |index, n| {
                    mg += sign * n * weights.mg[index];
                    eg += sign * n * weights.eg[index];
                },
            );
        }
    }
    let mg_share = army.min(PHASE_FULL) as f64 / PHASE_FULL as f64;
    let white = (mg as f64 * mg_share + eg as f64 * (1.0 - mg_share)).round() as i32;
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// White's terms count for it, Black's against.
fn sign(color: Color) -> i32 {
    if color == Color::White { 1 } else { -1 }
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

/// Each square's file bucket (from the nearer edge) and, by colour, rank bucket (from the
/// owner's side) for one board size, and the squares around a king there that the terms
/// look at: looked up, since dividing by the board's width per piece (and per square near
/// a king) was a good part of the terms' cost.
pub(crate) struct SquareBuckets {
    size: (u8, u8),
    file: [u8; 128],
    rank: [[u8; 128]; 2],
    /// Each square's file and rank, without dividing by the board's width.
    file_rank: [(i8, i8); 128],
    /// By colour and the king's square: the squares on its file and the files beside it
    /// one or two ranks in front (its shelter), and one to three (where a storm comes).
    shelter: [[Bitboard; 128]; 2],
    storm: [[Bitboard; 128]; 2],
    /// The king's square and those beside it on its rank: their files are the king's.
    king_files: [Bitboard; 128],
    /// `near[d - 1][sq]`: the squares at most `d` king's steps from `sq`, for `d` 1 to 4.
    near: [[Bitboard; 128]; 4],
}

impl SquareBuckets {
    fn new(pos: &Position) -> SquareBuckets {
        let geo = pos.geometry();
        let mut buckets = SquareBuckets {
            size: (geo.files, geo.ranks),
            file: [0; 128],
            rank: [[0; 128]; 2],
            file_rank: [(0, 0); 128],
            shelter: [[Bitboard::EMPTY; 128]; 2],
            storm: [[Bitboard::EMPTY; 128]; 2],
            king_files: [Bitboard::EMPTY; 128],
            near: [[Bitboard::EMPTY; 128]; 4],
        };
        for rank in 0..geo.ranks {
            for file in 0..geo.files {
                let sq = geo.square(file, rank);
                let slot = sq.slot();
                for df in -1..=1 {
                    let Some(beside) = geo.offset(sq, df, 0) else {
                        continue;
                    };
                    buckets.king_files[slot] |= Bitboard::from_square(beside);
                    for color in Color::ALL {
                        let forward = if color == Color::White { 1 } else { -1 };
                        for dr in 1..=3 {
                            let Some(front) = geo.offset(beside, 0, dr * forward) else {
                                break;
                            };
                            let front = Bitboard::from_square(front);
                            buckets.storm[color.index()][slot] |= front;
                            if dr <= 2 {
                                buckets.shelter[color.index()][slot] |= front;
                            }
                        }
                    }
                }
                for d in 1..=4i8 {
                    for df in -d..=d {
                        for dr in -d..=d {
                            if let Some(near) = geo.offset(sq, df, dr) {
                                buckets.near[d as usize - 1][slot] |= Bitboard::from_square(near);
                            }
                        }
                    }
                }
                buckets.file_rank[slot] = (file as i8, rank as i8);
                let from_edge = file.min(geo.files - 1 - file) as usize;
                buckets.file[slot] = from_edge.min(FILE_BUCKETS - 1) as u8;
                for color in Color::ALL {
                    let relative = pos.variant().relative_rank(color, rank) as usize;
                    buckets.rank[color.index()][slot] = relative.min(RANK_BUCKETS - 1) as u8;
                }
            }
        }
        buckets
    }

    /// The squares where `color`'s pawns shelter its king on `king`: on its file and the
    /// files beside it, one or two ranks in front.
    pub(crate) fn shelter(&self, color: Color, king: Square) -> Bitboard {
        self.shelter[color.index()][king.slot()]
    }

    /// The square in front of `sq` as `color` advances, if the board goes on.
    fn in_front(&self, color: Color, sq: Square) -> Option<Square> {
        let (_, rank) = self.file_rank[sq.slot()];
        let files = self.size.0;
        match color {
            Color::White => (rank as u8 + 1 < self.size.1).then(|| Square::new(sq.raw() + files)),
            Color::Black => (rank > 0).then(|| Square::new(sq.raw() - files)),
        }
    }

    /// The king's distance between two squares: the larger of the files and the ranks.
    fn distance(&self, a: Square, b: Square) -> i32 {
        let (fa, ra) = self.file_rank[a.slot()];
        let (fb, rb) = self.file_rank[b.slot()];
        (fa - fb).abs().max((ra - rb).abs()) as i32
    }

    /// The buckets of `pos`'s board size, made once per size.
    pub(crate) fn of(pos: &Position) -> &'static SquareBuckets {
        static MADE: OnceLock<std::sync::Mutex<Vec<&'static SquareBuckets>>> = OnceLock::new();
        thread_local! {
            static LAST: std::cell::Cell<Option<&'static SquareBuckets>> =
                const { std::cell::Cell::new(None) };
        }
        let size = (pos.geometry().files, pos.geometry().ranks);
        if let Some(last) = LAST.get().filter(|b| b.size == size) {
            return last;
        }
        let mut made = MADE
            .get_or_init(Default::default)
            .lock()
            .expect("not poisoned");
        let buckets = match made.iter().find(|b| b.size == size) {
            Some(&b) => b,
            None => {
                let b: &'static SquareBuckets = Box::leak(Box::new(SquareBuckets::new(pos)));
                made.push(b);
                b
            }
        };
        LAST.set(Some(buckets));
        buckets
    }
}

/// How [`side_terms`] reports the file and rank terms: each counted through `add` (the
/// tuner's counts), or summed by their weights (the search's score).
enum SquareTerms<'a> {
    Counted,
    Weighted(&'a ScoringWeights),
}

/// What [`side_terms`] leaves to its caller.
struct SideTotals {
    /// The number of pieces of each kind (the phase, without counting them again).
    pieces: [i32; ROLES],
    /// With [`SquareTerms::Weighted`], the file and rank terms' middlegame and endgame sums.
    squares: [i32; 2],
}

/// The index of a piece kind's file and rank buckets in `ScoringWeights::piece_square`.
fn square_index(role: usize, file: usize, rank: usize) -> usize {
    (role * FILE_BUCKETS + file) * RANK_BUCKETS + rank
}

/// `color`'s terms, each passed to `add` with its count, the file and rank terms as
/// `square_terms` says. Leaves in `attacked` the squares its pieces of each kind attack.
fn side_terms(
    pos: &Position,
    color: Color,
    pawns: &[PawnSide; 2],
    buckets: &SquareBuckets,
    square_terms: SquareTerms,
    attacked: &mut [Bitboard; ROLES],
    add: &mut impl FnMut(usize, i32),
) -> SideTotals {
    let geo = pos.geometry();
    let occupied = pos.occupied();
    let own = pos.pieces(color);
    let enemy_pawns = pos.pieces_of(!color, Role::Pawn);
    let ours = &pawns[color.index()];
    let enemy_pawn_attacks = pawns[(!color).index()].attacks;
    let enemy_king_zone = pos
        .king(!color)
        .map(|k| geo.leap(Leap::King, k) | Bitboard::from_square(k))
        .unwrap_or(Bitboard::EMPTY);
    let mut zone_attacks = 0;
    let mut zone_attackers = 0;
    let mut pieces = [0; ROLES];
    let mut squares = [0; 2];
    for (r, role) in Role::ALL.into_iter().enumerate().take(ROLES) {
        for sq in pos.pieces_of(color, role) {
            pieces[r] += 1;
            let from_edge = buckets.file[sq.slot()] as usize;
            let rank = buckets.rank[color.index()][sq.slot()] as usize;
            match square_terms {
                SquareTerms::Counted => {
                    add(FILE_BASE + r * FILE_BUCKETS + from_edge, 1);
                    add(RANK_BASE + r * RANK_BUCKETS + rank, 1);
                }
                SquareTerms::Weighted(weights) => {
                    let [mg, eg] = weights.piece_square[square_index(r, from_edge, rank)];
                    squares[0] += mg;
                    squares[1] += eg;
                }
            }
            let reach = pos.attacks_of(color, role, sq, occupied);
            attacked[r] |= reach;
            if !matches!(role, Role::Pawn | Role::King) {
                let mobility = count(reach & !own & !enemy_pawn_attacks);
                add(MOBILITY_BASE + r, mobility);
                if mobility < LOW_MOBILITY {
                    add(MOBILITY_LOW_BASE + r, LOW_MOBILITY - mobility);
                }
            }
            let near_king = reach & enemy_king_zone;
            if role != Role::King && near_king.non_empty() {
                zone_attacks += count(near_king);
                zone_attackers += i32::from(role != Role::Pawn);
            }
        }
    }
    for (r, &n) in pieces.iter().enumerate() {
        if n != 0 && r != Role::King.index() {
            add(MATERIAL_BASE + r, n);
        }
    }
    add(KING_ZONE, zone_attacks);
    if zone_attackers >= 2 {
        add(KING_ATTACK, zone_attacks * (zone_attackers - 1));
    }
    if pieces[Role::Bishop.index()] >= 2 {
        add(BISHOP_PAIR, 1);
    }
    let own_pawns = pos.pieces_of(color, Role::Pawn);
    if let Some(king) = pos.king(color).filter(|_| own_pawns.non_empty()) {
        let distance = (1..=4)
            .find(|&d| (own_pawns & buckets.near[d - 1][king.slot()]).non_empty())
            .unwrap_or(5);
        add(KING_PAWN_DISTANCE, distance as i32);
    }
    rook_files(pos, color, pawns, add);
    let enemy_pieces = pos.pieces(!color) & !enemy_pawns;
    add(PAWN_THREAT, count(ours.attacks & enemy_pieces));
    if color == pos.turn() {
        add(TEMPO, 1);
    }
    king_cover(pos, color, ours.files, buckets, add);
    let minors = pos.pieces_of(color, Role::Knight)
        | pos.pieces_of(color, Role::Bishop)
        | pos.pieces_of(color, Role::Camel);
    add(OUTPOST, count(minors & ours.outposts));
    for sq in ours.passed {
        let rank = buckets.rank[color.index()][sq.slot()] as usize;
        passed_kings(pos, color, sq, rank, buckets, add);
    }
    SideTotals { pieces, squares }
}

/// Both sides' pawn sets, and the terms of the pawns alone passed to `add` with the side
/// they count for.
fn pawn_sides(
    pos: &Position,
    buckets: &SquareBuckets,
    add: &mut impl FnMut(Color, usize, i32),
) -> [PawnSide; 2] {
    let geo = pos.geometry();
    let attacks = |color: Color| {
        pos.pieces_of(color, Role::Pawn)
            .map(|sq| geo.pawn_attacks(color, sq))
            .fold(Bitboard::EMPTY, |a, b| a | b)
    };
    let all_attacks = [attacks(Color::White), attacks(Color::Black)];
    Color::ALL.map(|color| {
        let ahead = ranks_ahead(pos, color);
        let own_attacks = all_attacks[color.index()];
        let enemy_attacks = all_attacks[(!color).index()];
        let passed = pawn_structure(pos, color, buckets, &ahead, enemy_attacks, &mut |i, n| {
            add(color, i, n)
        });
        let own = pos.pieces_of(color, Role::Pawn);
        add(color, PAWN_SUPPORTED, count(own & own_attacks));
        let phalanx = own
            .filter(|&sq| {
                geo.offset(sq, 1, 0)
                    .is_some_and(|beside| own.contains(beside))
            })
            .count();
        add(color, PAWN_PHALANX, phalanx as i32);
        let files = pos
            .pieces_of(color, Role::Pawn)
            .fold(Bitboard::EMPTY, |set, sq| {
                set | geo.file_mask(geo.file_of(sq))
            });
        PawnSide {
            attacks: own_attacks,
            passed,
            outposts: outposts(pos, color, buckets, &ahead, own_attacks),
            files,
        }
    })
}

/// `ahead[r]`: the ranks beyond relative rank `r`, as `color` advances.
fn ranks_ahead(pos: &Position, color: Color) -> [Bitboard; 16] {
    let geo = pos.geometry();
    let ranks = geo.ranks as usize;
    let mut ahead = [Bitboard::EMPTY; 16];
    for r in (0..ranks - 1).rev() {
        let next = pos.variant().relative_rank(color, r as u8 + 1);
        ahead[r] = ahead[r + 1] | geo.rank_mask(next);
    }
    ahead
}

/// The pawns in front of `color`'s king: its own as shelter, files without them, and the
/// enemy's coming.
/// `own_files`: the files that hold one of `color`'s pawns.
fn king_cover(
    pos: &Position,
    color: Color,
    own_files: Bitboard,
    buckets: &SquareBuckets,
    add: &mut impl FnMut(usize, i32),
) {
    let Some(king) = pos.king(color) else {
        return;
    };
    let own = pos.pieces_of(color, Role::Pawn);
    let enemy = pos.pieces_of(!color, Role::Pawn);
    add(KING_SHELTER, count(own & buckets.shelter(color, king)));
    add(
        KING_OPEN_FILE,
        count(buckets.king_files[king.slot()] & !own_files),
    );
    add(
        PAWN_STORM,
        count(enemy & buckets.storm[color.index()][king.slot()]),
    );
}

/// The squares where `color`'s knights, bishops and camels stand on outposts: from the
/// rank before the middle to two short of the enemy's last (the 4th to 6th in chess, 5th
/// to 8th in Wildebeest), defended by a pawn, and with no enemy pawn on the files beside
/// them ahead that could one day attack them.
fn outposts(
    pos: &Position,
    color: Color,
    buckets: &SquareBuckets,
    ahead: &[Bitboard; 16],
    own_pawn_attacks: Bitboard,
) -> Bitboard {
    let geo = pos.geometry();
    let ranks = geo.ranks as usize;
    let enemy_pawns = pos.pieces_of(!color, Role::Pawn);
    let mut outposts = Bitboard::EMPTY;
    for sq in own_pawn_attacks {
        let relative = buckets.rank[color.index()][sq.slot()] as usize;
        if relative + 1 < ranks / 2 || relative + 2 >= ranks {
            continue;
        }
        let file = geo.file_of(sq);
        let mut beside = Bitboard::EMPTY;
        if file > 0 {
            beside |= geo.file_mask(file - 1);
        }
        if file + 1 < geo.files {
            beside |= geo.file_mask(file + 1);
        }
        if (enemy_pawns & beside & ahead[relative]).is_empty() {
            outposts |= Bitboard::from_square(sq);
        }
    }
    outposts
}

/// `color`'s terms that need both sides' attacks by piece kind.
fn attack_terms(
    pos: &Position,
    color: Color,
    attacks: &[[Bitboard; ROLES]; 2],
    pawns: &[PawnSide; 2],
    buckets: &SquareBuckets,
    piece_value: &impl Fn(Role) -> i32,
    add: &mut impl FnMut(usize, i32),
) {
    let attacked = [union(&attacks[0]), union(&attacks[1])];
    threats(pos, color, attacks, &attacked, piece_value, add);
    safe_checks(pos, color, attacks, &attacked, add);
    passed_paths(
        pos,
        color,
        attacked[(!color).index()],
        pawns[color.index()].passed,
        buckets,
        add,
    );
}

fn union(sets: &[Bitboard; ROLES]) -> Bitboard {
    sets.iter().fold(Bitboard::EMPTY, |a, &b| a | b)
}

/// `color`'s safe checks against the enemy king. `attacked`: each side's attacks by all
/// its pieces.
fn safe_checks(
    pos: &Position,
    color: Color,
    attacks: &[[Bitboard; ROLES]; 2],
    attacked: &[Bitboard; 2],
    add: &mut impl FnMut(usize, i32),
) {
    let Some(king) = pos.king(!color) else {
        return;
    };
    let ours = &attacks[color.index()];
    let safe = !(attacked[(!color).index()] | pos.pieces(color));
    let mut from_king = None;
    for role in Role::ALL.into_iter().take(ROLES) {
        let r = role.index();
        if matches!(role, Role::Pawn | Role::King) || (ours[r] & safe).is_empty() {
            continue;
        }
        // The pieces that check are those a piece of the same kind on the king's square
        // attacks: every such piece moves alike both ways.
        let from_king =
            from_king.get_or_insert_with(|| Reach::new(pos.geometry(), king, pos.occupied()));
        let checks = from_king.of(pos.variant().movement[r]) & ours[r] & safe;
        add(SAFE_CHECK_BASE + r, count(checks));
    }
}

/// `color`'s passed pawns free to advance or blocked; `enemy_attacks`: the squares the
/// enemy attacks.
fn passed_paths(
    pos: &Position,
    color: Color,
    enemy_attacks: Bitboard,
    passed: Bitboard,
    buckets: &SquareBuckets,
    add: &mut impl FnMut(usize, i32),
) {
    if passed.is_empty() {
        return;
    }
    for sq in passed {
        let weight = passed_weight(buckets.rank[color.index()][sq.slot()] as usize);
        if weight == 0 {
            continue;
        }
        let Some(stop) = buckets.in_front(color, sq) else {
            continue;
        };
        if pos.occupied().contains(stop) {
            add(PASSED_BLOCKED, weight);
        } else if !enemy_attacks.contains(stop) {
            add(PASSED_FREE, weight);
        }
    }
}

/// A passed pawn's weight by its relative rank: 0 below the fourth, then growing.
fn passed_weight(rank: usize) -> i32 {
    (5 * rank as i32 - 13).max(0)
}

/// `color`'s threats against the enemy's pieces, from both sides' attacks by piece kind:
/// pieces attacked by a lesser piece, and pieces attacked and not defended.
fn threats(
    pos: &Position,
    color: Color,
    attacks: &[[Bitboard; ROLES]; 2],
    all_attacks: &[Bitboard; 2],
    piece_value: &impl Fn(Role) -> i32,
    add: &mut impl FnMut(usize, i32),
) {
    let ours = &attacks[color.index()];
    let attacked = all_attacks[color.index()];
    let defended = all_attacks[(!color).index()];
    let values: [i32; ROLES] = std::array::from_fn(|r| piece_value(Role::ALL[r]));
    for role in Role::ALL.into_iter().take(ROLES) {
        let targets = pos.pieces_of(!color, role) & attacked;
        if role == Role::King || targets.is_empty() {
            continue;
        }
        add(HANGING, count(targets & !defended));
        if role == Role::Pawn {
            continue;
        }
        let value = values[role.index()];
        let lesser = (0..ROLES)
            .filter(|&a| {
                let attacker = Role::ALL[a];
                !matches!(attacker, Role::Pawn | Role::King) && values[a] < value
            })
            .fold(Bitboard::EMPTY, |set, a| set | ours[a]);
        add(THREAT_BY_LESSER, count(targets & lesser));
    }
}

/// The number of squares in `set`. Without a popcount instruction in the build a 128-bit
/// count is two software counts; on boards of 64 squares or fewer the high half is empty.
#[inline]
fn count(set: Bitboard) -> i32 {
    let high = (set.0 >> 64) as u64;
    let low = (set.0 as u64).count_ones();
    (if high == 0 {
        low
    } else {
        low + high.count_ones()
    }) as i32
}

/// Rooks on files without pawns (open) or without their own pawns (half-open).
fn rook_files(
    pos: &Position,
    color: Color,
    pawns: &[PawnSide; 2],
    add: &mut impl FnMut(usize, i32),
) {
    let own_files = pawns[color.index()].files;
    let pawn_files = own_files | pawns[(!color).index()].files;
    for sq in pos.pieces_of(color, Role::Rook) {
        if !pawn_files.contains(sq) {
            add(ROOK_OPEN, 1);
        } else if !own_files.contains(sq) {
            add(ROOK_HALF_OPEN, 1);
        }
    }
}

/// Passed pawns by rank, isolated, doubled and backward pawns; returns the passed pawns.
/// `enemy_pawn_attacks`: the squares the enemy's pawns attack (a backward pawn's stop
/// square is one of them).
fn pawn_structure(
    pos: &Position,
    color: Color,
    buckets: &SquareBuckets,
    ahead: &[Bitboard; 16],
    enemy_pawn_attacks: Bitboard,
    add: &mut impl FnMut(usize, i32),
) -> Bitboard {
    let geo = pos.geometry();
    let own = pos.pieces_of(color, Role::Pawn);
    let mut passed = Bitboard::EMPTY;
    if own.is_empty() {
        return passed;
    }
    let enemy = pos.pieces_of(!color, Role::Pawn);
    let files = geo.files;
    // The pawns whose stop square (the one in front) an enemy pawn attacks.
    let stop_attacked = Bitboard(match color {
        Color::White => enemy_pawn_attacks.0 >> files,
        Color::Black => enemy_pawn_attacks.0 << files,
    });
    for file in 0..files {
        let on_file = own & geo.file_mask(file);
        if on_file.is_empty() {
            continue;
        }
        let mut adjacent = Bitboard::EMPTY;
        if file > 0 {
            adjacent |= geo.file_mask(file - 1);
        }
        if file + 1 < files {
            adjacent |= geo.file_mask(file + 1);
        }
        if on_file.more_than_one() {
            add(DOUBLED, on_file.count() as i32 - 1);
        }
        let neighbours = own & adjacent;
        let enemy_in_front = enemy & (geo.file_mask(file) | adjacent);
        for sq in on_file {
            let rank = buckets.rank[color.index()][sq.slot()] as usize;
            if neighbours.is_empty() {
                add(ISOLATED, 1);
            }
            if (enemy_in_front & ahead[rank]).is_empty() {
                add(PASSED_BASE + rank.min(RANK_BUCKETS - 1), 1);
                passed |= Bitboard::from_square(sq);
            }
            let supported_later = (neighbours & !ahead[rank]).non_empty();
            if neighbours.non_empty() && !supported_later && stop_attacked.contains(sq) {
                add(BACKWARD, 1);
            }
        }
    }
    passed
}

/// The kings' distances from the square in front of `color`'s passed pawn on `sq`, on
/// relative rank `rank`.
fn passed_kings(
    pos: &Position,
    color: Color,
    sq: Square,
    rank: usize,
    buckets: &SquareBuckets,
    add: &mut impl FnMut(usize, i32),
) {
    let weight = passed_weight(rank);
    if weight == 0 {
        return;
    }
    let Some(stop) = buckets.in_front(color, sq) else {
        return;
    };
    let distance = |king: Option<Square>| king.map_or(5, |k| buckets.distance(k, stop).min(5));
    add(PASSED_ENEMY_KING, weight * distance(pos.king(!color)));
    add(PASSED_OWN_KING, weight * distance(pos.king(color)));
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
    fn juggernaut_plays_chess_weights_and_the_other_beasts_none() {
        assert_eq!(
            weights_for(VariantId::Juggernaut),
            weights_for(VariantId::Chess)
        );
        assert!(weights_for(VariantId::Juggernaut).is_some());
        assert!(weights_for(VariantId::Behemoth).is_none());
        assert!(weights_for(VariantId::BehemothLoop).is_none());
    }

    #[test]
    fn the_start_positions_terms_cancel_out_but_the_tempo() {
        for id in [VariantId::Chess, VariantId::Wildebeest] {
            let pos = Position::start(id.rules().unwrap());
            let (counts, phase) = terms(&pos, |_| 500);
            assert_eq!(counts[TEMPO], 1, "White moves first");
            assert!(
                (0..TERMS).all(|i| i == TEMPO || counts[i] == 0),
                "{id:?}: {counts:?}"
            );
            assert_eq!(phase, PHASE_SCALE);
        }
    }

    /// The score from the pawn table (filled, then read) is the one the terms' counts give.
    #[test]
    fn scores_with_the_pawn_table_match_the_counts() {
        let value = |role: Role| crate::eval::Weights::DEFAULT.piece[role.index()];
        for id in [VariantId::Chess, VariantId::Wildebeest] {
            let weights = weights_for(id).expect("committed weights");
            let mut pos = Position::start(id.rules().unwrap());
            let mut seed = 0x2545_F491_4F6C_DD1Du64;
            for _ in 0..150 {
                let (counts, _) = terms(&pos, value);
                let mg: i32 = (0..TERMS).map(|i| counts[i] * weights.mg[i]).sum();
                let eg: i32 = (0..TERMS).map(|i| counts[i] * weights.eg[i]).sum();
                let army =
                    army_of(&pos, Color::White, &value) + army_of(&pos, Color::Black, &value);
                let share = army.min(PHASE_FULL) as f64 / PHASE_FULL as f64;
                let white = (mg as f64 * share + eg as f64 * (1.0 - share)).round() as i32;
                let expected = sign(pos.turn()) * white;
                assert_eq!(
                    score(&pos, weights, SquareBuckets::of(&pos), value),
                    expected,
                    "{}",
                    rules::fen::write(&pos)
                );
                assert_eq!(
                    score(&pos, weights, SquareBuckets::of(&pos), value),
                    expected,
                    "{}",
                    rules::fen::write(&pos)
                );
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play(moves.as_slice()[(seed % moves.len() as u64) as usize]);
            }
        }
    }

    fn chess(fen_text: &str) -> Position {
        rules::fen::parse(VariantId::Chess.rules().unwrap(), fen_text).expect("a valid FEN")
    }

    #[test]
    fn pawn_structure_finds_passed_isolated_and_backward_pawns() {
        // White: d4 passed (f5 is not on its files), e3 backward (d4 is ahead of it, f5
        // attacks e4). Black: f5 isolated, not passed (e3 is in front of it).
        let pos = chess("4k3/8/8/5p2/3P4/4P3/8/4K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[PASSED_BASE + 3], 1);
        assert_eq!(counts[BACKWARD], 1);
        assert_eq!(counts[ISOLATED], -1);
        // Two white pawns on the c-file, both isolated, against one black pawn.
        let pos = chess("4k3/7p/8/8/2P5/2P5/8/4K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[DOUBLED], 1);
        assert_eq!(counts[ISOLATED], 1);
    }

    #[test]
    fn bishop_pair_rook_files_and_pawn_threats_are_counted() {
        // White: two bishops, a rook on the open a-file and one on the e-file where only
        // Black has a pawn, and c4 attacking the knight on d5. Black: one bishop, its rook
        // on h8 behind its own pawn, so neither open nor half-open.
        let pos = chess("4k2r/4p2p/8/3n4/2P5/8/8/RB1BR1K1 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[BISHOP_PAIR], 1);
        assert_eq!(counts[ROOK_OPEN], 1);
        assert_eq!(counts[ROOK_HALF_OPEN], 1);
        assert_eq!(counts[PAWN_THREAT], 1);
        // The same terms for Black count against White.
        let pos = chess("rb1br1k1/8/8/2p5/3N4/8/4P2P/4K2R w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[BISHOP_PAIR], -1);
        assert_eq!(counts[ROOK_OPEN], -1);
        assert_eq!(counts[ROOK_HALF_OPEN], -1);
        assert_eq!(counts[PAWN_THREAT], -1);
    }

    #[test]
    fn attacks_near_the_king_weigh_more_with_each_attacker() {
        // The queen on h5 hits f7 and h7 next to Black's king: alone, a plain attack.
        let pos = chess("6k1/5ppp/8/7Q/8/8/8/4K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[KING_ZONE], 2);
        assert_eq!(counts[KING_ATTACK], 0);
        // A knight on g5 hits the same two squares: four attacks by two pieces.
        let pos = chess("6k1/5ppp/8/6NQ/8/8/8/4K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[KING_ZONE], 4);
        assert_eq!(counts[KING_ATTACK], 4);
    }

    #[test]
    fn threats_by_lesser_pieces_and_hanging_pieces_are_counted() {
        // White's knight on e5 attacks the rook on d7 (a lesser attacker; the rook is
        // defended by the king on c8) and the bishop on g6 (not lesser, but undefended: hanging).
        // Black's rook on d7 attacks nothing of White's.
        let pos = chess("2k5/3r4/6b1/4N3/8/8/8/4K3 w - - 0 1");
        let values = |role| match role {
            Role::Knight | Role::Bishop => 300,
            Role::Rook => 500,
            _ => 900,
        };
        let (counts, _) = terms(&pos, values);
        assert_eq!(counts[THREAT_BY_LESSER], 1);
        assert_eq!(counts[HANGING], 1);
        // Mirrored: the same threats count against White.
        let pos = chess("4k3/8/8/8/4n3/6B1/3R4/2K5 w - - 0 1");
        let (counts, _) = terms(&pos, values);
        assert_eq!(counts[THREAT_BY_LESSER], -1);
        assert_eq!(counts[HANGING], -1);
    }

    #[test]
    fn material_counts_pieces_by_kind() {
        // White has a knight more.
        let pos = chess("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[MATERIAL_BASE + Role::Knight.index()], 1);
        assert_eq!(
            name(MATERIAL_BASE + Role::Knight.index()),
            "material.knight"
        );
    }

    #[test]
    fn kings_near_a_passed_pawn_are_measured_from_the_square_in_front() {
        // White's passed pawn on e6 (relative rank 5, weight 12), its stop square e7: the
        // black king on a8 is 4 away, the white king on e3 also 4.
        let pos = chess("k7/8/4P3/8/8/4K3/8/8 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[PASSED_ENEMY_KING], 12 * 4);
        assert_eq!(counts[PASSED_OWN_KING], 12 * 4);
        // A passed pawn on its third rank is too far back to count.
        let pos = chess("k7/8/8/8/8/4P3/8/4K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[PASSED_ENEMY_KING], 0);
    }

    #[test]
    fn safe_checks_are_counted() {
        // White's knight on c6 could check from e7 (f6 is the g7 pawn's, d8 no check), its
        // rook on a1 from a8; its bishop on c4 from nowhere (f7 is defended).
        let pos = chess("6k1/5ppp/2N5/8/2B5/8/8/R3K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[SAFE_CHECK_BASE + Role::Knight.index()], 1);
        assert_eq!(counts[SAFE_CHECK_BASE + Role::Rook.index()], 1);
        assert_eq!(counts[SAFE_CHECK_BASE + Role::Bishop.index()], 0);
        assert_eq!(
            name(SAFE_CHECK_BASE + Role::Rook.index()),
            "safe-check.rook"
        );
        // A black rook on a7 defends a8 and e7, so White has no safe check left, while it
        // could itself check by taking the undefended rook on a1.
        let pos = chess("6k1/r4ppp/2N5/8/2B5/8/8/R3K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[SAFE_CHECK_BASE + Role::Knight.index()], 0);
        assert_eq!(counts[SAFE_CHECK_BASE + Role::Rook.index()], -1);
    }

    #[test]
    fn a_passed_pawn_is_free_blocked_or_neither() {
        // e6 (weight 12) with e7 empty and unguarded, then taken, then guarded from d8.
        let count = |fen_text: &str| {
            let (counts, _) = terms(&chess(fen_text), |_| 500);
            (counts[PASSED_FREE], counts[PASSED_BLOCKED])
        };
        assert_eq!(count("k7/8/4P3/8/8/4K3/8/8 w - - 0 1"), (12, 0));
        assert_eq!(count("k7/4r3/4P3/8/8/4K3/8/8 w - - 0 1"), (0, 12));
        assert_eq!(count("k2b4/8/4P3/8/8/4K3/8/8 w - - 0 1"), (0, 0));
        assert_eq!(name(PASSED_BLOCKED), "passed-blocked");
    }

    #[test]
    fn pawn_chains_and_the_kings_distance_from_its_pawns_are_counted() {
        // e3 defends d4, which stands beside e4; White's king is two squares from e3.
        // Black has no pawns to count.
        let pos = chess("4k3/8/8/8/3PP3/4P3/8/2B1K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[PAWN_SUPPORTED], 1);
        assert_eq!(counts[PAWN_PHALANX], 1);
        assert_eq!(counts[KING_PAWN_DISTANCE], 2);
        assert_eq!(name(KING_PAWN_DISTANCE), "king-pawn-distance");
    }

    #[test]
    fn the_pawns_in_front_of_a_king_are_shelter_open_files_or_a_storm() {
        // White's king on g1 behind f2 and g3, the h-file without a white pawn; Black's
        // pawn on h3 storms it. Black's king on b8 behind a7, b7 and c7, no storm.
        let pos = chess("1k6/ppp5/8/8/8/6Pp/5P2/6K1 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[KING_SHELTER], 2 - 3);
        assert_eq!(counts[KING_OPEN_FILE], 1);
        assert_eq!(counts[PAWN_STORM], 1);
        // The storm counts up to three ranks in front (h4); h5 is the fourth.
        let pos = chess("1k6/ppp5/8/7p/8/6P1/5P2/6K1 w - - 0 1");
        assert_eq!(terms(&pos, |_| 500).0[PAWN_STORM], 0);
        // In the corner the board's edge takes a file: White's king on a1 has two files,
        // both without its pawns, and its one pawn (h2) is more than 5 away, counted as 5.
        // Black's king on h8 is sheltered by g7 and h7, the nearer 1 away.
        let pos = chess("7k/6pp/8/8/8/8/7P/K7 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[KING_SHELTER], -2);
        assert_eq!(counts[KING_OPEN_FILE], 2);
        assert_eq!(counts[PAWN_STORM], 0);
        assert_eq!(counts[KING_PAWN_DISTANCE], 5 - 1);
    }

    #[test]
    fn a_defended_piece_no_pawn_can_chase_is_on_an_outpost() {
        // White's knight on e5, defended by d4, with no black pawn on the d- or f-file ahead.
        let pos = chess("4k3/7p/8/4N3/3P4/8/8/4K3 w - - 0 1");
        assert_eq!(terms(&pos, |_| 500).0[OUTPOST], 1);
        // A black pawn on f7 can still come to f6 and chase it.
        let pos = chess("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1");
        assert_eq!(terms(&pos, |_| 500).0[OUTPOST], 0);
        // Undefended, it is no outpost.
        let pos = chess("4k3/7p/8/4N3/8/8/8/4K3 w - - 0 1");
        assert_eq!(terms(&pos, |_| 500).0[OUTPOST], 0);
    }

    #[test]
    fn the_side_to_move_has_the_tempo_and_shut_in_pieces_their_shortfall() {
        let white = chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let black = chess("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(terms(&white, |_| 500).0[TEMPO], 1);
        assert_eq!(terms(&black, |_| 500).0[TEMPO], -1);
        // A knight on a1 reaches b3 and c2 (2 squares, 2 short); one on d4 reaches 8.
        let pos = chess("4k3/8/8/8/3n4/8/8/N3K3 w - - 0 1");
        let (counts, _) = terms(&pos, |_| 500);
        assert_eq!(counts[MOBILITY_LOW_BASE + Role::Knight.index()], 2);
        assert_eq!(
            name(MOBILITY_LOW_BASE + Role::Knight.index()),
            "mobility-low.knight"
        );
        assert_eq!(name(OUTPOST), "outpost");
    }

    #[test]
    fn the_search_score_is_the_counts_times_the_weights() {
        let pos = chess("r1bq1rk1/pp3ppp/2n1p3/3pP3/1b1P4/2N2N2/PP3PPP/R2QKB1R b KQ - 0 1");
        let mut weights = TermWeights::zero();
        for i in 0..TERMS {
            weights.mg[i] = (i % 7) as f64 - 3.0;
            weights.eg[i] = (i % 5) as f64 * 2.0 - 4.0;
        }
        let value = |_| 450;
        let (counts, _) = terms(&pos, value);
        let army = army_of(&pos, Color::White, &value) + army_of(&pos, Color::Black, &value);
        let share = army.min(PHASE_FULL) as f64 / PHASE_FULL as f64;
        let white: f64 = (0..TERMS)
            .map(|i| counts[i] as f64 * (weights.mg[i] * share + weights.eg[i] * (1.0 - share)))
            .sum();
        assert_ne!(white, 0.0);
        let got = score(
            &pos,
            &ScoringWeights::new(&weights),
            SquareBuckets::of(&pos),
            value,
        );
        assert!(
            (got as f64 + white).abs() <= 1.0,
            "{got} against {}",
            -white
        );
    }
}
