//! The neutral piece's chance move: every outcome of the dice with its exact
//! probability, applying one, and what it trampled (rules.md 1-3).

use crate::bitboard::Bitboard;
use crate::error::MoveError;
use crate::options::JuggernautEdge;
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Beast;
use crate::zobrist::KEYS;

/// One result of the dice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChanceOutcome {
    /// Behemoth: the d8 gives the direction (1-8), the d4 the distance (1-4).
    Behemoth { direction: u8, distance: u8 },
    /// Juggernaut: a d10 of 1-8 (one step) or 9 (stays).
    JuggernautStep(u8),
    /// Juggernaut: a 10, then a file and a rank roll naming this square.
    JuggernautTeleport(Square),
}

/// An exact probability `numerator / denominator`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Probability {
    pub numerator: u32,
    pub denominator: u32,
}

impl Probability {
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

/// What one chance move did.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Trample {
    /// Every square the beast entered, in order; the last is where it stands now. Empty
    /// when it stayed.
    pub path: Vec<Square>,
    /// The pieces removed, with the squares they stood on.
    pub trampled: Vec<(Square, Piece)>,
}

/// For each square, the chance that the next roll of the dice tramples it: the summed
/// probability of the outcomes whose path enters it (whatever stands there is removed).
/// A square entered twice by one outcome counts that outcome once.
#[derive(Clone, Debug, PartialEq)]
pub struct TrampleOdds {
    by_slot: [f64; 128],
}

impl TrampleOdds {
    /// The chance that `sq` is trampled by the next roll.
    pub fn of(&self, sq: Square) -> f64 {
        self.by_slot[sq.slot()]
    }

    /// The squares the next roll may trample, with their chances, in square order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, f64)> + '_ {
        (0..Square::MAX_SQUARES)
            .map(|i| (Square::new(i as u8), self.by_slot[i]))
            .filter(|&(_, p)| p > 0.0)
    }
}

/// The Behemoth's d8 directions as (file, rank) steps, index 0 for a roll of 1.
const BEHEMOTH_DIRECTIONS: [(i8, i8); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The Juggernaut's d10 directions for rolls 1-8.
const JUGGERNAUT_DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A (file, rank) step as a compass point with its arrow, north towards Black.
fn compass((df, dr): (i8, i8)) -> &'static str {
    match (df.signum(), dr.signum()) {
        (0, 1) => "N ↑",
        (1, 1) => "NE ↗",
        (1, 0) => "E →",
        (1, -1) => "SE ↘",
        (0, -1) => "S ↓",
        (-1, -1) => "SW ↙",
        (-1, 0) => "W ←",
        _ => "NW ↖",
    }
}

impl Position {
    /// What a roll tells the beast to do, for people: `NW ↖, 3 steps`, `N ↑`, `stays`,
    /// `teleports to e5`.
    pub fn roll_meaning(&self, outcome: ChanceOutcome) -> String {
        match outcome {
            ChanceOutcome::Behemoth {
                direction,
                distance,
            } => {
                let way = compass(BEHEMOTH_DIRECTIONS[(direction as usize).clamp(1, 8) - 1]);
                let plural = if distance == 1 { "" } else { "s" };
                format!("{way}, {distance} step{plural}")
            }
            ChanceOutcome::JuggernautStep(9) => "stays".to_string(),
            ChanceOutcome::JuggernautStep(roll) => {
                compass(JUGGERNAUT_DIRECTIONS[(roll as usize).clamp(1, 8) - 1]).to_string()
            }
            ChanceOutcome::JuggernautTeleport(sq) => {
                format!("teleports to {}", self.geometry().name(sq))
            }
        }
    }
}

impl Position {
    /// Is the beast's move owed before the next player turn?
    #[inline(always)]
    pub fn chance_pending(&self) -> bool {
        self.chance_pending
    }

    /// The beast's square, in the variants that have one.
    pub fn beast_square(&self) -> Option<Square> {
        self.neutral.first()
    }

    /// The same position with the beast moved to `sq`, an empty square: the Juggernaut's
    /// start (rules.md 2, option `juggernaut-start`). Nothing is trampled.
    pub fn with_beast_at(mut self, sq: Square) -> Result<Position, MoveError> {
        let from = self
            .beast_square()
            .ok_or_else(|| MoveError::Illegal(format!("{} has no beast", self.variant.id)))?;
        if from == sq {
            return Ok(self);
        }
        if !self.geometry().board.contains(sq) || self.occupied().contains(sq) {
            return Err(MoveError::Illegal(format!(
                "the beast cannot start on {}: the square is not empty",
                self.geometry().name(sq)
            )));
        }
        self.neutral.clear(from);
        self.key ^= KEYS.neutral(from);
        self.put_neutral(sq);
        Ok(self)
    }

    /// The chance that the beast's next roll tramples each square (all zero without a
    /// beast). It depends only on the variant, its options and the beast's square.
    pub fn trample_odds(&self) -> TrampleOdds {
        let mut by_slot = [0.0; 128];
        for (outcome, probability) in self.chance_outcomes() {
            let Ok(mut path) = self.chance_path(outcome) else {
                continue;
            };
            path.sort_unstable();
            path.dedup();
            for sq in path {
                by_slot[sq.slot()] += probability.as_f64();
            }
        }
        TrampleOdds { by_slot }
    }

    /// Every distinct outcome of the dice from this position, with its probability. The
    /// probabilities sum to 1. Empty if the variant has no beast.
    pub fn chance_outcomes(&self) -> Vec<(ChanceOutcome, Probability)> {
        let Some(beast) = self.variant.beast else {
            return Vec::new();
        };
        match beast {
            Beast::Behemoth => (1..=8)
                .flat_map(|direction| {
                    (1..=4).map(move |distance| ChanceOutcome::Behemoth {
                        direction,
                        distance,
                    })
                })
                .map(|o| {
                    (
                        o,
                        Probability {
                            numerator: 1,
                            denominator: 32,
                        },
                    )
                })
                .collect(),
            Beast::Juggernaut => {
                // With `reroll`, steps off the board are rolled again: the other faces
                // share their probability.
                let off_board = if self.options.juggernaut_edge == JuggernautEdge::Reroll {
                    (1..=8)
                        .filter(|&roll| self.juggernaut_step_target(roll).is_none())
                        .count() as u32
                } else {
                    0
                };
                let faces = 10 - off_board;
                let geo = self.geometry();
                let steps = (1..=9)
                    .filter(|&roll| {
                        roll == 9 || off_board == 0 || self.juggernaut_step_target(roll).is_some()
                    })
                    .map(|roll| {
                        (
                            ChanceOutcome::JuggernautStep(roll),
                            Probability {
                                numerator: 1,
                                denominator: faces,
                            },
                        )
                    });
                let teleports = geo.board.map(move |sq| {
                    (
                        ChanceOutcome::JuggernautTeleport(sq),
                        Probability {
                            numerator: 1,
                            denominator: faces * 64,
                        },
                    )
                });
                steps.chain(teleports).collect()
            }
        }
    }

    /// Where a Juggernaut roll of 1-8 takes it without wrapping, if on the board.
    fn juggernaut_step_target(&self, roll: u8) -> Option<Square> {
        let from = self.beast_square()?;
        let (df, dr) = JUGGERNAUT_DIRECTIONS[(roll as usize - 1) % 8];
        self.geometry().offset(from, df, dr)
    }

    /// A step that wraps around the board's edges.
    fn wrapped(&self, from: Square, df: i8, dr: i8) -> Square {
        let geo = self.geometry();
        let files = geo.files as i8;
        let ranks = geo.ranks as i8;
        let file = (geo.file_of(from) as i8 + df).rem_euclid(files);
        let rank = (geo.rank_of(from) as i8 + dr).rem_euclid(ranks);
        geo.square(file as u8, rank as u8)
    }

    /// The squares the beast enters for `outcome`, in order.
    pub fn chance_path(&self, outcome: ChanceOutcome) -> Result<Vec<Square>, MoveError> {
        let invalid = || MoveError::Illegal(format!("{outcome:?}"));
        let from = self.beast_square().ok_or_else(invalid)?;
        match (self.variant.beast, outcome) {
            (
                Some(Beast::Behemoth),
                ChanceOutcome::Behemoth {
                    direction,
                    distance,
                },
            ) if (1..=8).contains(&direction) && (1..=4).contains(&distance) => {
                let (df, dr) = BEHEMOTH_DIRECTIONS[direction as usize - 1];
                let mut path = Vec::with_capacity(distance as usize);
                let mut at = from;
                for _ in 0..distance {
                    at = self.wrapped(at, df, dr);
                    path.push(at);
                }
                Ok(path)
            }
            (Some(Beast::Juggernaut), ChanceOutcome::JuggernautStep(9)) => Ok(Vec::new()),
            (Some(Beast::Juggernaut), ChanceOutcome::JuggernautStep(roll))
                if (1..=8).contains(&roll) =>
            {
                let (df, dr) = JUGGERNAUT_DIRECTIONS[roll as usize - 1];
                match (
                    self.juggernaut_step_target(roll),
                    self.options.juggernaut_edge,
                ) {
                    (Some(to), _) => Ok(vec![to]),
                    (None, JuggernautEdge::Wrap) => Ok(vec![self.wrapped(from, df, dr)]),
                    (None, JuggernautEdge::Stay) => Ok(Vec::new()),
                    (None, JuggernautEdge::Reroll) => Err(invalid()),
                }
            }
            (Some(Beast::Juggernaut), ChanceOutcome::JuggernautTeleport(to))
                if self.geometry().board.contains(to) =>
            {
                Ok(if to == from { Vec::new() } else { vec![to] })
            }
            _ => Err(invalid()),
        }
    }

    /// Moves the beast as `outcome` says, tramples every square it enters, and ends the
    /// chance move. In Behemoth Loop a trampled piece goes to its owner's hand.
    pub fn apply_chance(&mut self, outcome: ChanceOutcome) -> Result<Trample, MoveError> {
        if !self.chance_pending {
            return Err(MoveError::Illegal(format!(
                "{outcome:?}: no chance move is owed"
            )));
        }
        let path = self.chance_path(outcome)?;
        let from = self.beast_square().expect("chance_path found the beast");
        let mut trampled = Vec::new();
        for &sq in &path {
            if let Some(piece) = self.piece_at(sq) {
                self.remove(sq, piece);
                trampled.push((sq, piece));
                if self.variant.hands {
                    self.add_to_hand(piece.color, piece.role);
                }
                if self.ep_victim == Some(sq) {
                    self.set_en_passant(Bitboard::EMPTY, None);
                }
                let lost = self.rights_touched(sq) & self.castling;
                if lost != 0 {
                    self.set_castling(self.castling & !lost);
                }
            }
        }
        if let Some(&to) = path.last() {
            self.neutral.clear(from);
            self.key ^= KEYS.neutral(from);
            self.put_neutral(to);
        }
        self.refresh_en_passant();
        if !trampled.is_empty() {
            self.halfmove_clock = 0;
        }
        self.set_chance_pending(false);
        Ok(Trample { path, trampled })
    }

    /// After a trample, en passant stays only onto a passed square that is still empty
    /// and that a pawn of the side to move still attacks (the victim's own trample is
    /// handled as it happens).
    fn refresh_en_passant(&mut self) {
        if self.ep_victim.is_none() {
            return;
        }
        let geo = self.geometry();
        let us = self.turn;
        let capturers = self.pieces_of(us, Role::Pawn);
        let squares: Bitboard = (self.ep_squares.without(self.occupied()))
            .filter(|&sq| (geo.pawn_attacks(!us, sq) & capturers).non_empty())
            .collect();
        if squares != self.ep_squares {
            let victim = if squares.is_empty() {
                None
            } else {
                self.ep_victim
            };
            self.set_en_passant(squares, victim);
        }
    }

    /// Ends an owed chance move with the beast standing still: for searches that treat
    /// the beast as a fixed obstacle (the baseline the dice-aware engine is measured
    /// against), never for a real game.
    pub fn skip_chance(&mut self) {
        self.set_chance_pending(false);
    }

    /// Hands the turn to the other side without a move (a "null move"): for searches that
    /// test whether a position is good even if its side to move passes, never for a real
    /// game. The en passant right lapses, as after any turn.
    pub fn pass_turn(&mut self) {
        self.set_en_passant(crate::bitboard::Bitboard::EMPTY, None);
        self.set_turn(!self.turn);
    }

    pub(crate) fn add_to_hand(&mut self, color: crate::piece::Color, role: Role) {
        let count = &mut self.hands[color.index()][role.index()];
        let before = *count as usize;
        *count = count.saturating_add(1);
        self.key ^= KEYS.hand(color, role, before) ^ KEYS.hand(color, role, before + 1);
    }

    pub(crate) fn set_chance_pending(&mut self, pending: bool) {
        if self.chance_pending != pending {
            self.key ^= KEYS.chance_pending();
        }
        self.chance_pending = pending;
    }
}

/// Chance outcomes in a move list: `~7.4` (Behemoth d8.d4), `~3` (Juggernaut 1-9),
/// `~e5` (Juggernaut teleport square).
pub fn write_token(pos: &Position, outcome: ChanceOutcome) -> String {
    match outcome {
        ChanceOutcome::Behemoth {
            direction,
            distance,
        } => format!("~{direction}.{distance}"),
        ChanceOutcome::JuggernautStep(roll) => format!("~{roll}"),
        ChanceOutcome::JuggernautTeleport(sq) => format!("~{}", pos.geometry().name(sq)),
    }
}

/// Reads a chance token for the position's beast; it must be a possible outcome now.
pub fn parse_token(pos: &Position, text: &str) -> Result<ChanceOutcome, MoveError> {
    let malformed = |why: &str| MoveError::Malformed(text.to_string(), why.to_string());
    let body = text
        .strip_prefix('~')
        .ok_or_else(|| malformed("a roll starts with '~', as in ~7.4"))?;
    let outcome = match pos.variant().beast {
        None => return Err(malformed("this variant has no dice")),
        Some(Beast::Behemoth) => {
            let (d8, d4) = body
                .split_once('.')
                .ok_or_else(|| malformed("a Behemoth roll is ~DIRECTION.DISTANCE, as in ~7.4"))?;
            let direction: u8 = d8
                .parse()
                .ok()
                .filter(|d| (1..=8).contains(d))
                .ok_or_else(|| malformed("the d8 shows 1-8"))?;
            let distance: u8 = d4
                .parse()
                .ok()
                .filter(|d| (1..=4).contains(d))
                .ok_or_else(|| malformed("the d4 shows 1-4"))?;
            ChanceOutcome::Behemoth {
                direction,
                distance,
            }
        }
        Some(Beast::Juggernaut) => {
            if let Ok(roll) = body.parse::<u8>() {
                if !(1..=9).contains(&roll) {
                    return Err(malformed(
                        "a Juggernaut roll is 1-9, or the square of a teleport (a 10)",
                    ));
                }
                ChanceOutcome::JuggernautStep(roll)
            } else {
                let sq = pos.geometry().parse_square(body).ok_or_else(|| {
                    malformed("a Juggernaut roll is 1-9, or the square of a teleport (a 10)")
                })?;
                ChanceOutcome::JuggernautTeleport(sq)
            }
        }
    };
    if !pos.chance_outcomes().iter().any(|(o, _)| *o == outcome) {
        return Err(MoveError::Illegal(text.to_string()));
    }
    Ok(outcome)
}
