//! How a game ends: who won, and why.

use crate::piece::{Color, Role};
use crate::position::Position;
use crate::variant::{InsufficientMaterialRule, StalemateRule};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
    /// The beast trampled a king.
    KingTrampled,
    /// The beast trampled both kings in one move: a draw.
    BothKingsTrampled,
    /// A piece captured the king (Behemoth Loop, or a king a trample left exposed).
    KingCaptured,
    /// Behemoth Loop and Battle Chieftain: the side to move has no legal turn and loses.
    NoLegalTurn,
    /// Battle Chieftain: a side lost its last berserker to a capture.
    LastBerserkerCaptured,
    /// Battle Chieftain: a side whose king was captured crowned its last berserker, and
    /// was left with a king and no army.
    LastBerserkerCrowned,
}

impl Reason {
    pub const fn text(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::FiftyMoveRule => "fifty-move rule",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::KingTrampled => "the beast trampling the king",
            Reason::BothKingsTrampled => "the beast trampling both kings",
            Reason::KingCaptured => "capturing the king",
            Reason::NoLegalTurn => "leaving the opponent no legal turn",
            Reason::LastBerserkerCaptured => "capturing the last berserker",
            Reason::LastBerserkerCrowned => "the opponent crowning its last berserker",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result_text(self) -> &'static str {
        result_text(self.winner)
    }
}

/// The PGN result of a game won by `winner` (`None` for a draw), whatever ended it: the
/// rules, a resignation, the clock.
pub const fn result_text(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(color) => write!(f, "{} wins by {}", color.name(), self.reason.text()),
            None => write!(f, "draw by {}", self.reason.text()),
        }
    }
}

impl Position {
    /// The result if this position alone ends the game (repetition needs the game's
    /// history; see [`crate::game::Game`]).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.is_variant_end() {
            return Some(self.variant_end_outcome());
        }
        let variant = self.variant();
        if variant.battle.is_some() {
            return self.battle_outcome();
        }
        let mover = self.turn();
        if self.chance_pending() {
            // Mate, stalemate and the automatic draws end the game at once: the beast
            // does not move after them. Having no legal turn is judged after the roll.
            if variant.royal_king && !self.has_legal_move() {
                return Some(self.no_moves_outcome());
            }
            return self.automatic_draw();
        }
        if !self.has_legal_move() {
            return Some(if variant.royal_king {
                self.no_moves_outcome()
            } else {
                Outcome {
                    winner: Some(!mover),
                    reason: Reason::NoLegalTurn,
                }
            });
        }
        self.automatic_draw()
    }

    /// The draws that need no claim and are judged on the position alone: the fifty-move
    /// rule and insufficient material.
    fn automatic_draw(&self) -> Option<Outcome> {
        let reason = if self.halfmove_clock() >= 100 {
            Reason::FiftyMoveRule
        } else if self.is_insufficient_material() {
            Reason::InsufficientMaterial
        } else {
            return None;
        };
        Some(Outcome {
            winner: None,
            reason,
        })
    }

    /// Who won a game that [`Self::is_variant_end`] ended, and how.
    fn variant_end_outcome(&self) -> Outcome {
        let [white_lost, black_lost] = Color::ALL.map(|color| self.has_lost_its_lifeline(color));
        if self.variant().battle.is_some() {
            let loser = if white_lost {
                Color::White
            } else {
                Color::Black
            };
            // A berserker is captured on the opponent's turn; the crowning of the last
            // one is its owner's own turn, just played.
            let reason = if loser == self.turn() {
                Reason::LastBerserkerCaptured
            } else {
                Reason::LastBerserkerCrowned
            };
            return Outcome {
                winner: Some(!loser),
                reason,
            };
        }
        if white_lost && black_lost {
            return Outcome {
                winner: None,
                reason: Reason::BothKingsTrampled,
            };
        }
        // A king is taken by a piece on a player's move, before the roll; one gone after
        // the roll was trampled.
        let reason = if self.chance_pending() {
            Reason::KingCaptured
        } else {
            Reason::KingTrampled
        };
        Outcome {
            winner: Some(if white_lost {
                Color::Black
            } else {
                Color::White
            }),
            reason,
        }
    }

    /// Battle Chieftain's ends once both sides still have berserkers: no legal turn, or
    /// the fifty-move rule.
    fn battle_outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(Outcome {
                winner: Some(!self.turn()),
                reason: Reason::NoLegalTurn,
            });
        }
        if self.halfmove_clock() >= 100 {
            return Some(Outcome {
                winner: None,
                reason: Reason::FiftyMoveRule,
            });
        }
        None
    }

    /// Checkmate or stalemate of the side to move, which has no legal move.
    fn no_moves_outcome(&self) -> Outcome {
        let mover = self.turn();
        if self.is_check() {
            Outcome {
                winner: Some(!mover),
                reason: Reason::Checkmate,
            }
        } else {
            Outcome {
                winner: match self.variant().stalemate {
                    StalemateRule::Draw => None,
                    StalemateRule::LossForStalemated => Some(!mover),
                },
                reason: Reason::Stalemate,
            }
        }
    }

    /// Neither side can ever mate (as the variant defines it).
    pub fn is_insufficient_material(&self) -> bool {
        let kings = self.role_bb(Role::King);
        let others = self.occupied().without(kings);
        match self.variant().insufficient_material {
            InsufficientMaterialRule::Never => false,
            InsufficientMaterialRule::KingsOnly => others.is_empty(),
            InsufficientMaterialRule::Orthodox => {
                others.is_empty()
                    || (others.count() == 1
                        && (others & (self.role_bb(Role::Bishop) | self.role_bb(Role::Knight)))
                            .non_empty())
            }
        }
    }
}

impl Position {
    /// The ends that need no move generation, cheap enough for every node of a search: a
    /// side without its king (on the board or in hand; not in Battle Chieftain, whose
    /// kings come and go) or without berserkers (Battle Chieftain). [`Self::outcome`]
    /// says who won and why.
    pub fn is_variant_end(&self) -> bool {
        Color::ALL
            .into_iter()
            .any(|color| self.has_lost_its_lifeline(color))
    }

    /// `color` has lost what the variant cannot play without: its king (neither on the
    /// board nor in hand), or in Battle Chieftain its last berserker.
    fn has_lost_its_lifeline(&self, color: Color) -> bool {
        if self.variant().battle.is_some() {
            self.pieces_of(color, Role::Berserker).is_empty()
        } else {
            self.king(color).is_none() && self.hand(color)[Role::King.index()] == 0
        }
    }

    /// Whether [`Self::outcome`] can end the game here, for a caller that already knows
    /// whether the side to move has a legal move (a search that generated them): when
    /// this is false, `outcome()` is `None`, and nothing costlier was looked at.
    pub fn may_end(&self, has_legal_moves: bool) -> bool {
        !has_legal_moves
            || self.is_variant_end()
            || self.halfmove_clock() >= 100
            || self.is_insufficient_material()
    }
}
