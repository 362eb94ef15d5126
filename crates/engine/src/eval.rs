//! Static evaluation: material (hands included), a centralisation term, and for the beast
//! variants the material each side expects to lose to the next roll.

use crate::accumulator::Accumulator;
use crate::battle_eval::battle_terms;
use crate::mop_up;
use crate::network::{self, Network};
use crate::score::{Score, WIN_VALUE};
use crate::terms;
use rules::options::JuggernautEdge;
use rules::{Color, Position, Role, TrampleOdds, VariantId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// The evaluation's material values. The defaults are the engine's; a match can play
/// other values against them (`value.camel=300`) to measure which are better.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Centipawns by role. A royal king's entry is not used: it cannot be taken, and
    /// losing it is the end of the game.
    pub piece: [Score; Role::COUNT],
    /// A piece in hand, as a percentage of its value on the board: it drops where it is
    /// needed, but dropping it costs a move.
    pub hand_percent: Score,
    /// Chess and Wildebeest: centipawns for each own pawn just in front of the king (on
    /// its file or the next, one or two ranks ahead), in full while the enemy has all its
    /// pieces and fading as they are exchanged.
    pub shelter: Score,
    /// Chess and Wildebeest: the king's centre bonus, in per cent of a knight's, fading
    /// in as the enemy's pieces are exchanged.
    pub king_activity: Score,
    /// Battle Chieftain: lives, activity, loose targets and trading down when ahead
    /// (`battle_eval.rs`), and a dislike of draws.
    pub battle_terms: bool,
    /// Battle Chieftain, with `battle_terms`: what a draw costs the searching side.
    pub battle_contempt: Score,
    /// Chess, Juggernaut and Wildebeest: the tapered terms of `terms.rs` by the committed
    /// weights.
    pub tapered: bool,
    /// Other weights for the tapered terms than the committed ones (a match's `terms=FILE`).
    pub terms: Option<&'static terms::ScoringWeights>,
    /// Chess and Wildebeest: the evaluation network (`network.rs`) in place of everything
    /// above, where the variant has one.
    pub network: bool,
    /// Another network than the committed one (a match's `net=FILE`), for its variant.
    pub net: Option<&'static Network>,
    /// Chess and Wildebeest: against a bare king, an evaluation of its own that drives it
    /// to the edge (`mop_up.rs`) in place of the network's.
    pub mop_up: bool,
}

impl Weights {
    /// Camel and wildebeest start from the usual estimates for a (1,3)-leaper and a
    /// knight+camel compound, and the berserker from a rook; matches measured them (see
    /// docs/engine.md).
    pub const DEFAULT: Weights = Weights {
        piece: [100, 310, 330, 500, 950, 400, 250, 600, 500],
        hand_percent: 90,
        shelter: SHELTER,
        king_activity: KING_ACTIVITY,
        battle_terms: true,
        battle_contempt: 60,
        tapered: true,
        terms: None,
        network: true,
        net: None,
        mop_up: true,
    };

    /// The network that evaluates `variant`, if any.
    pub fn network_for(&self, variant: VariantId) -> Option<&'static Network> {
        if !self.network {
            return None;
        }
        self.net
            .filter(|net| net.variant() == variant)
            .or_else(|| network::committed(variant))
    }

    pub fn value(&self, pos: &Position, role: Role) -> Score {
        if role == Role::King && pos.variant().royal_king {
            0
        } else {
            self.piece[role.index()]
        }
    }

    /// Sets one weight by name: a role (`camel`), `hand`, `shelter`, `king-activity`,
    /// `battle`, `contempt`, `tapered`, `network` or `mop-up`.
    pub fn set(&mut self, name: &str, value: Score) -> Result<(), String> {
        match name {
            "hand" => self.hand_percent = value,
            "shelter" => self.shelter = value,
            "king-activity" => self.king_activity = value,
            "battle" => self.battle_terms = value != 0,
            "contempt" => self.battle_contempt = value,
            "tapered" => self.tapered = value != 0,
            "network" => self.network = value != 0,
            "mop-up" => self.mop_up = value != 0,
            _ => return self.set_role(name, value),
        }
        Ok(())
    }

    fn set_role(&mut self, name: &str, value: Score) -> Result<(), String> {
        let role = Role::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Role::ALL.iter().map(|r| r.name()).collect();
                format!(
                    "unknown weight '{name}' (hand, shelter, king-activity, battle, contempt, tapered, network, mop-up, {})",
                    names.join(", ")
                )
            })?;
        self.piece[role.index()] = value;
        Ok(())
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// A piece's value in centipawns by the default weights.
pub fn value(pos: &Position, role: Role) -> Score {
    Weights::DEFAULT.value(pos, role)
}

/// Square bonuses for one board size: nearness to the centre (a cheap stand-in for
/// mobility) for minor and major pieces, and for pawns also how far they have advanced.
struct SquareTables {
    piece: [Score; 128],
    pawn: [[Score; 128]; 2],
}

impl SquareTables {
    fn new(pos: &Position) -> SquareTables {
        let geo = pos.geometry();
        let mut tables = SquareTables {
            piece: [0; 128],
            pawn: [[0; 128]; 2],
        };
        for rank in 0..geo.ranks {
            for file in 0..geo.files {
                let sq = geo.square(file, rank);
                let f = file as i32 * 2 + 1 - geo.files as i32;
                let r = rank as i32 * 2 + 1 - geo.ranks as i32;
                let central = geo.files.max(geo.ranks) as i32 - f.abs().max(r.abs());
                tables.piece[sq.slot()] = central * 4;
                for color in Color::ALL {
                    // Advanced pawns are closer to promotion.
                    let advance = pos.variant().relative_rank(color, rank) as Score;
                    tables.pawn[color.index()][sq.slot()] = central * 2 + advance * advance;
                }
            }
        }
        tables
    }

    /// The tables for `pos`'s board size, made once per thread.
    fn with<T>(pos: &Position, f: impl FnOnce(&SquareTables) -> T) -> T {
        thread_local! {
            static CACHE: RefCell<Vec<BoardTables>> = const { RefCell::new(Vec::new()) };
        }
        let size = (pos.geometry().files, pos.geometry().ranks);
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            let index = match cache.iter().position(|(s, _)| *s == size) {
                Some(i) => i,
                None => {
                    cache.push((size, Box::new(SquareTables::new(pos))));
                    cache.len() - 1
                }
            };
            f(&cache[index].1)
        })
    }
}

/// A board size (files, ranks) and its tables.
type BoardTables = ((u8, u8), Box<SquareTables>);

/// Pieces that get the centre bonus (kings, rooks and berserkers do not).
const CENTRAL_ROLES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::Camel,
    Role::Wildebeest,
];

/// The evaluation of `pos` for its side to move, by the default weights.
pub fn evaluate(pos: &Position) -> Score {
    evaluate_with(pos, &Weights::DEFAULT)
}

/// The evaluation of `pos` for its side to move.
pub fn evaluate_with(pos: &Position, weights: &Weights) -> Score {
    evaluate_carrying(pos, weights, &mut Accumulator::default())
}

/// The evaluation of `pos` for its side to move, the network's sums carried over from
/// the position `accumulator` evaluated last (a search's way).
pub fn evaluate_carrying(
    pos: &Position,
    weights: &Weights,
    accumulator: &mut Accumulator,
) -> Score {
    let (base, terms) = without_terms(pos, weights, accumulator);
    base + terms.map_or(0, |terms| tapered_score(pos, weights, terms))
}

/// An evaluation that may have left out the tapered terms (`terms.rs`), the costliest
/// part: `exact` says whether it did not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub score: Score,
    pub exact: bool,
}

/// How far the evaluation without the tapered terms must lie outside the window for them
/// to be left out: in chess they moved a capture search's stand-pat across the window so
/// far from it in 106 of 199,001 positions (`menagerie bench`, session 55).
pub const LAZY_MARGIN: Score = 300;

/// Whether `pos`'s variant leaves the tapered terms out far outside the window: chess
/// only, where it was measured. In Wildebeest the terms are larger (more squares to be
/// mobile on), and a margin of 400 cp already changed its searches far more.
fn lazy(pos: &Position) -> bool {
    pos.variant().id == VariantId::Chess
}

/// The evaluation of `pos` for its side to move, as `evaluate_carrying`, except that in
/// chess, where the rest lies `LAZY_MARGIN` beyond `alpha` or `beta`, the tapered terms
/// are left out: they would not bring it back inside the window.
pub fn evaluate_outside(
    pos: &Position,
    weights: &Weights,
    accumulator: &mut Accumulator,
    alpha: Score,
    beta: Score,
) -> Estimate {
    let (base, terms) = without_terms(pos, weights, accumulator);
    let far_outside = base - LAZY_MARGIN >= beta || base + LAZY_MARGIN <= alpha;
    match terms {
        Some(_) if far_outside && lazy(pos) => Estimate {
            score: base,
            exact: false,
        },
        Some(terms) => Estimate {
            score: base + tapered_score(pos, weights, terms),
            exact: true,
        },
        None => Estimate {
            score: base,
            exact: true,
        },
    }
}

/// The evaluation but for the tapered terms, and their weights when they are to be added.
fn without_terms(
    pos: &Position,
    weights: &Weights,
    accumulator: &mut Accumulator,
) -> (Score, Option<&'static terms::ScoringWeights>) {
    if weights.mop_up
        && let Some(score) = mop_up::bare_king_ending(pos, |role| weights.value(pos, role))
    {
        return (score, None);
    }
    if let Some(net) = weights.network_for(pos.variant().id) {
        if !net.on_top() {
            return (accumulator.evaluate(net, pos), None);
        }
        let below = hand_written_untapered(pos, weights);
        return (
            below + accumulator.evaluate(net, pos),
            term_weights(pos, weights),
        );
    }
    (
        hand_written_untapered(pos, weights),
        term_weights(pos, weights),
    )
}

/// The tapered terms' weights for `pos`'s variant, if it has them and they are on.
fn term_weights(pos: &Position, weights: &Weights) -> Option<&'static terms::ScoringWeights> {
    if !weights.tapered {
        return None;
    }
    weights
        .terms
        .or_else(|| terms::weights_for(pos.variant().id))
}

fn tapered_score(pos: &Position, weights: &Weights, terms: &terms::ScoringWeights) -> Score {
    let buckets = terms::SquareBuckets::of(pos);
    terms::score(pos, terms, buckets, |role| weights.value(pos, role))
}

/// The evaluation without a network or the tapered terms.
fn hand_written_untapered(pos: &Position, weights: &Weights) -> Score {
    let mut score = [0 as Score; 2];
    let buckets = terms::SquareBuckets::of(pos);
    SquareTables::with(pos, |tables| {
        for color in Color::ALL {
            let side = &mut score[color.index()];
            for role in Role::ALL {
                let on_board = pos.pieces_of(color, role).count() as Score;
                let in_hand = pos.hand(color)[role.index()] as Score;
                *side += (on_board * 100 + in_hand * weights.hand_percent)
                    * weights.value(pos, role)
                    / 100;
            }
            for sq in pos.pieces_of(color, Role::Pawn) {
                *side += tables.pawn[color.index()][sq.slot()];
            }
            for role in CENTRAL_ROLES {
                for sq in pos.pieces_of(color, role) {
                    *side += tables.piece[sq.slot()];
                }
            }
            *side += king_safety(pos, color, tables, buckets, weights);
            if weights.battle_terms {
                *side += battle_terms(pos, color);
            }
        }
    });
    let us = pos.turn();
    score[us.index()] - score[(!us).index()] + beast_danger(pos, us, weights)
}

const SHELTER: Score = 12;
const KING_ACTIVITY: Score = 100;
/// The enemy's pieces (pawns and king aside) worth this much or more: a middlegame.
const FULL_ARMY: Score = 3000;

/// Where the king is safe from attack (chess, Wildebeest): behind its pawns while the
/// enemy has pieces to attack with, in the centre once they are gone. Not with a beast,
/// which tramples through any shelter, nor in Battle Chieftain, whose kings are not the
/// goal.
fn king_safety(
    pos: &Position,
    color: Color,
    tables: &SquareTables,
    buckets: &terms::SquareBuckets,
    weights: &Weights,
) -> Score {
    let variant = pos.variant();
    if !variant.royal_king || variant.beast.is_some() || variant.battle.is_some() {
        return 0;
    }
    let Some(king) = pos.king(color) else {
        return 0;
    };
    let army: Score = terms::army_of(pos, !color, &|role| weights.value(pos, role));
    let middlegame = army.min(FULL_ARMY);
    let own_pawns = pos.pieces_of(color, Role::Pawn);
    let in_front = buckets.shelter(color, king);
    let shield = (own_pawns & in_front).count() as Score;
    let shelter = shield * weights.shelter * middlegame / FULL_ARMY;
    let activity = tables.piece[king.slot()] * weights.king_activity / 100
        * (FULL_ARMY - middlegame)
        / FULL_ARMY;
    shelter + activity
}

/// The beast's threat: the expected material each side loses to the roll the position
/// owes (the chance a king is trampled counts as a lost game).
pub fn beast_danger(pos: &Position, us: Color, weights: &Weights) -> Score {
    if pos.variant().beast.is_none() || !pos.chance_pending() {
        return 0;
    }
    let odds = trample_odds(pos);
    let mut expected = [0.0f64; 2];
    for color in Color::ALL {
        for sq in pos.pieces(color) {
            let chance = odds.of(sq);
            if chance > 0.0 {
                let role = pos.piece_at(sq).map_or(Role::Pawn, |p| p.role);
                let loss = if pos.variant().hands {
                    // Behemoth Loop: the piece comes back to the hand, and dropping it
                    // again costs a turn.
                    let value = weights.value(pos, role);
                    (value - value * weights.hand_percent / 100 + 30) as f64
                } else if role == Role::King {
                    WIN_VALUE as f64
                } else {
                    weights.value(pos, role) as f64
                };
                expected[color.index()] += chance * loss;
            }
        }
    }
    (expected[(!us).index()] - expected[us.index()]).round() as Score
}

/// The kernel's trample odds depend only on the variant, the edge option and the beast's
/// square, so they are computed once for each and kept.
fn trample_odds(pos: &Position) -> Arc<TrampleOdds> {
    thread_local! {
        static CACHE: RefCell<HashMap<(VariantId, JuggernautEdge, u8), Arc<TrampleOdds>>> = RefCell::new(HashMap::new());
    }
    let beast = pos.beast_square().map_or(0, |sq| sq.raw());
    let key = (pos.variant().id, pos.options().juggernaut_edge, beast);
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry(key)
            .or_insert_with(|| Arc::new(pos.trample_odds()))
            .clone()
    })
}
