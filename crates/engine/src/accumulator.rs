//! The network's hidden sums carried from one evaluated position to the next. The
//! positions a search evaluates one after another are a few moves apart, so updating the
//! sums by the pieces that left or reached a square costs a few rows of weights, where
//! summing afresh costs one for every piece on the board (some 44 in Wildebeest).
//!
//! The difference is read off the two positions' boards, not off the moves between them:
//! castling, promotion, a trample or a drop need no case of their own.

use crate::network::{Network, Sums, TILE};
use crate::score::Score;
use rules::{Bitboard, Color, Position, Role};

/// The most pieces that may have left or reached a square for the sums to be updated
/// rather than summed afresh (a few moves apart, a search's evaluations rarely differ by
/// more).
const MAX_CHANGED: usize = 16;

pub struct Accumulator {
    /// The network the sums belong to; none before the first evaluation.
    network: Option<&'static Network>,
    /// The evaluated position's pieces by colour and kind.
    pieces: [[Bitboard; Role::COUNT]; 2],
    /// Each view's hidden sums, White's then Black's: the network's first units.
    sums: [Sums; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            network: None,
            pieces: [[Bitboard::EMPTY; Role::COUNT]; 2],
            sums: [[[0; TILE]; _]; 2],
        }
    }
}

impl Accumulator {
    /// `net`'s score of `pos` for its side to move, the same as `net.evaluate(pos)`.
    pub fn evaluate(&mut self, net: &'static Network, pos: &Position) -> Score {
        let roles = &Role::ALL[..net.roles()];
        let same_network = self.network.is_some_and(|n| std::ptr::eq(n, net));
        let changed: u32 = Color::ALL
            .into_iter()
            .flat_map(|color| roles.iter().map(move |&role| (color, role)))
            .map(|(color, role)| {
                (self.pieces[color.index()][role.index()].0 ^ pos.pieces_of(color, role).0)
                    .count_ones()
            })
            .sum();
        let on_board = (pos.pieces(Color::White) | pos.pieces(Color::Black))
            .0
            .count_ones();
        if same_network && changed < on_board && changed as usize <= MAX_CHANGED {
            self.update(net, pos);
        } else {
            self.sums = net.sums(pos);
            self.network = Some(net);
        }
        for color in Color::ALL {
            for &role in roles {
                self.pieces[color.index()][role.index()] = pos.pieces_of(color, role);
            }
        }
        net.output(&self.sums, pos.turn(), on_board as usize)
    }

    /// The sums moved by the pieces that left or reached a square since the last
    /// position: at most `MAX_CHANGED` of them, as `evaluate` checks before calling.
    fn update(&mut self, net: &'static Network, pos: &Position) {
        let mut added = [[0u16; MAX_CHANGED]; 2];
        let mut removed = [[0u16; MAX_CHANGED]; 2];
        let (mut adds, mut removes) = (0, 0);
        for color in Color::ALL {
            for &role in &Role::ALL[..net.roles()] {
                let before = self.pieces[color.index()][role.index()];
                let now = pos.pieces_of(color, role);
                for sq in before & !now {
                    for view in Color::ALL {
                        removed[view.index()][removes] = net.input_of(view, color, role, sq);
                    }
                    removes += 1;
                }
                for sq in now & !before {
                    for view in Color::ALL {
                        added[view.index()][adds] = net.input_of(view, color, role, sq);
                    }
                    adds += 1;
                }
            }
        }
        for view in Color::ALL {
            let i = view.index();
            net.apply(&mut self.sums[i], &added[i][..adds], &removed[i][..removes]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network;
    use rules::{MoveList, VariantId};

    /// Positions of a game of pseudo-random legal moves from the start, captures,
    /// promotions and castling among them.
    fn game(variant: VariantId, seed: u64, plies: usize) -> Vec<Position> {
        let mut pos = Position::start(variant.rules().expect("a variant"));
        let mut state = seed;
        let mut moves = MoveList::new();
        let mut positions = vec![pos.clone()];
        for _ in 0..plies {
            pos.generate_legal(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            pos.play(moves.as_slice()[(state >> 33) as usize % moves.len()]);
            positions.push(pos.clone());
        }
        positions
    }

    /// A chess network of `hidden` units of pseudo-random weights, squared.
    fn scrambled(hidden: usize) -> &'static Network {
        let weights = network::FloatWeights {
            activation: network::Activation::Squared,
            ..network::scrambled_weights(VariantId::Chess, hidden, 1)
        };
        let net = Network::quantize(VariantId::Chess, &weights).expect("chess sizes");
        Box::leak(Box::new(net))
    }

    #[test]
    fn carried_sums_score_as_summing_afresh_does() {
        let mut accumulator = Accumulator::default();
        let built_in = [VariantId::Chess, VariantId::Wildebeest]
            .map(|v| (v, network::committed(v).expect("a built-in network")));
        // Networks of other sizes, one after another in the same accumulator.
        let others = [network::TILE, network::MAX_HIDDEN].map(|h| (VariantId::Chess, scrambled(h)));
        for seed in 1..=6 {
            for (variant, net) in built_in.into_iter().chain(others) {
                let positions = game(variant, seed, 300);
                assert!(positions.len() > 40, "{variant:?}: a game long enough");
                // Forward one ply at a time, then jumps back and forth as a search makes.
                let order = (0..positions.len())
                    .chain((0..positions.len()).rev().step_by(3))
                    .chain((0..positions.len()).step_by(7))
                    // Far jumps: more pieces changed than `MAX_CHANGED`, or than stand.
                    .chain([0, positions.len() - 1, positions.len() / 2, 8, 30]);
                for i in order {
                    let pos = &positions[i];
                    assert_eq!(
                        accumulator.evaluate(net, pos),
                        net.evaluate(pos),
                        "{variant:?}, {} units, seed {seed}, ply {i}",
                        net.hidden()
                    );
                }
            }
        }
    }
}
