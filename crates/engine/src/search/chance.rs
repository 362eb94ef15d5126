//! The dice between the players' turns: expectimax over the rolls with Star1 pruning,
//! and Star2's probing ahead of it (Ballard).

use super::{Searcher, from_tt};
use crate::eval::beast_danger;
use crate::score::{INFINITY, MATE, MATE_BOUND, Score, WIN_VALUE};
use crate::tt::Bound;
use rules::Position;

/// Outcomes of the dice less likely than this are searched less deep.
const RARE_OUTCOME: f64 = 0.02;

impl Searcher {
    /// Expectimax over the dice with Star1 pruning: each outcome is searched with the
    /// window that could still move the average across `alpha` or `beta`, given the
    /// outcomes already seen and the score bounds of those still to come. Outcomes that
    /// lead to the same position (a beast that tramples nothing on two paths to one
    /// square) are searched once with their probabilities summed, the likeliest first.
    pub(super) fn chance_node(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.nodes += 1;
        if let Some(score) = self.ends_before_roll(pos, ply) {
            return score;
        }
        let horizon = self
            .chance_horizon
            .unwrap_or_else(|| default_chance_horizon(pos));
        if depth < horizon {
            // Near the horizon the roll is not expanded: its expected cost is added to a
            // search of the position with the beast standing still, so a threat to take
            // a king or a hanging piece is still seen.
            let danger = beast_danger(pos, pos.turn(), &self.weights);
            let mut still = pos.clone();
            still.skip_chance();
            let score = if depth <= 0 {
                self.quiescence(&still, alpha - danger, beta - danger, ply)
            } else {
                self.negamax(&still, depth, alpha - danger, beta - danger, ply, false)
            };
            return score.saturating_add(danger);
        }
        let key = pos.key();
        if let Some(score) = self.table_cutoff(self.tt.get(key), depth, alpha, beta, ply) {
            return score;
        }
        let mut children: Vec<(f64, Position)> = Vec::with_capacity(80);
        for (outcome, probability) in pos.chance_outcomes() {
            let mut child = pos.clone();
            if child.apply_chance(outcome).is_err() {
                continue;
            }
            match children.iter_mut().find(|(_, c)| c.key() == child.key()) {
                Some((p, _)) => *p += probability.as_f64(),
                None => children.push((probability.as_f64(), child)),
            }
        }
        children.sort_by(|a, b| b.0.total_cmp(&a.0));
        // A won or lost game counts as WIN_VALUE in the average: a mate score there would
        // let a small chance of a trampled king outweigh any material, and would make
        // the Star1 bounds needlessly wide. Only a result the dice cannot change keeps
        // its mate score.
        let cap = WIN_VALUE as f64;
        // Bounds on each outcome's value: what the table already knows from an earlier
        // search of it at this depth (a re-search after a null window, a transposition),
        // else the widest. They narrow the windows below and can decide the node early.
        let mut bounds: Vec<(f64, f64)> = children
            .iter()
            .map(|(p, child)| match self.tt.get(child.key()) {
                Some(e) if e.depth >= outcome_depth(*p, depth) => {
                    let v = (from_tt(e.score, ply) as f64).clamp(-cap, cap);
                    match e.bound {
                        Bound::Exact => (v, v),
                        Bound::Lower => (v, cap),
                        Bound::Upper => (-cap, v),
                    }
                }
                _ => (-cap, cap),
            })
            .collect();
        let mut order: Vec<usize> = (0..children.len()).collect();
        // Not in Juggernaut: its teleports are searched shallower than their probes, so
        // there the probes changed scores and moves at a fixed depth (docs/engine.md).
        let probes = pos.variant().beast != Some(rules::variant::Beast::Juggernaut);
        if self.features.star2 && probes && beta < WIN_VALUE {
            self.probe_rolls(&children, &mut bounds, depth, beta, ply);
            if self.aborted {
                return 0;
            }
            let floor: f64 = children
                .iter()
                .zip(&bounds)
                .map(|((p, _), b)| p * b.0)
                .sum();
            if floor >= beta as f64 {
                self.store_chance(key, depth, beta, Bound::Lower, ply);
                return beta;
            }
            // The rolls the probes could not settle first: once they are searched, the
            // probed bounds of the rest can cut the node without searching them.
            order.sort_by_key(|&i| bounds[i].0 >= beta as f64);
        }
        let mut low_rest: f64 = children
            .iter()
            .zip(&bounds)
            .map(|((p, _), b)| p * b.0)
            .sum();
        let mut high_rest: f64 = children
            .iter()
            .zip(&bounds)
            .map(|((p, _), b)| p * b.1)
            .sum();
        let mut seen = 0.0f64;
        let (mut all_won, mut all_lost) = (true, true);
        let (mut worst, mut best) = (INFINITY, -INFINITY);
        for i in order {
            let (p, child) = (children[i].0, &children[i].1);
            let (low, high) = bounds[i];
            low_rest -= p * low;
            high_rest -= p * high;
            let child_alpha = (alpha as f64 - seen - high_rest) / p;
            let child_beta = (beta as f64 - seen - low_rest) / p;
            if low >= child_beta {
                self.store_chance(key, depth, beta, Bound::Lower, ply);
                return beta;
            }
            if high <= child_alpha {
                self.store_chance(key, depth, alpha, Bound::Upper, ply);
                return alpha;
            }
            let a = child_alpha.floor().max(-(MATE as f64)) as Score;
            let b = (child_beta.ceil().min(MATE as f64) as Score).max(a + 1);
            let value = self.negamax(child, outcome_depth(p, depth), a, b, ply, false);
            if self.aborted {
                return 0;
            }
            let counted = (value as f64).clamp(-cap, cap);
            if counted >= child_beta {
                self.store_chance(key, depth, beta, Bound::Lower, ply);
                return beta;
            }
            if counted <= child_alpha {
                self.store_chance(key, depth, alpha, Bound::Upper, ply);
                return alpha;
            }
            all_won &= value >= MATE_BOUND;
            all_lost &= value <= -MATE_BOUND;
            worst = worst.min(value);
            best = best.max(value);
            seen += p * counted;
        }
        let score = if all_won {
            worst
        } else if all_lost {
            best
        } else {
            seen.round() as Score
        };
        self.store_chance(key, depth, score, Bound::Exact, ply);
        score
    }

    /// Star2's probing: each roll whose known lower bound is below `beta` is probed
    /// (see [`Self::probe_roll`]), and a probe that reaches `beta` raises the bound.
    /// When every roll is at least `beta` the node fails high without a full search of
    /// any; otherwise the raised bounds narrow Star1's windows.
    fn probe_rolls(
        &mut self,
        children: &[(f64, Position)],
        bounds: &mut [(f64, f64)],
        depth: i32,
        beta: Score,
        ply: usize,
    ) {
        let cap = WIN_VALUE as f64;
        for ((p, child), bound) in children.iter().zip(bounds.iter_mut()) {
            if bound.0 >= beta as f64 {
                continue;
            }
            if let Some(value) = self.probe_roll(child, outcome_depth(*p, depth), beta, ply) {
                bound.0 = bound.0.max((value as f64).min(cap));
            }
            if self.aborted {
                return;
            }
        }
    }

    /// A lower bound of at least `beta` on a roll's position, if one move shows it: a
    /// player's value is at least that of any one of its moves, so the first move in
    /// order (the table's, when it has one) is searched alone, with a null window at
    /// `beta`. Its subtree is the one the full search of the roll would start with.
    fn probe_roll(
        &mut self,
        child: &Position,
        depth: i32,
        beta: Score,
        ply: usize,
    ) -> Option<Score> {
        if depth < 1 || self.is_repetition(child.repetition_key(), child.halfmove_clock()) {
            return None;
        }
        let hash_move = self.tt.get(child.key()).and_then(|e| e.best);
        let (mut moves, no_moves) = self.ordered_moves(child, ply, hash_move, false);
        if !moves.is_empty() {
            crate::ordering::pick(&mut moves, 0);
        }
        let first = moves.first().map(|o| o.m);
        self.give_back(ply, moves);
        if let Some(score) = self.terminal(child, no_moves, ply) {
            return Some(self.contempt(score, ply));
        }
        let m = first?;
        let mut next = child.clone();
        next.play(m);
        let depth = depth - self.internal_reduction(depth, hash_move);
        let gives_check = next.variant().royal_king && next.is_check();
        let new_depth = depth - 1 + self.check_extension(gives_check, ply);
        self.keys.push(child.repetition_key());
        self.played[ply.min(crate::ordering::MAX_PLY)] = Some(m);
        let value = -self.child_value(&next, new_depth, -beta, -beta + 1, ply + 1);
        self.keys.pop();
        (value >= beta && !self.aborted).then_some(value)
    }

    pub(super) fn store_chance(
        &mut self,
        key: u64,
        depth: i32,
        score: Score,
        bound: Bound,
        ply: usize,
    ) {
        self.store(key, depth, score, bound, None, ply);
    }
}

/// The depth to search a dice outcome of probability `p` to. The Juggernaut's teleports
/// (1 in 640 each, 64 of them) go two plies less deep: together they are a tenth of the
/// probability, and full depth on each would cost seven times the rest of the node.
fn outcome_depth(p: f64, depth: i32) -> i32 {
    if p < RARE_OUTCOME { depth - 2 } else { depth }
}

/// How many plies must remain for a roll to be expanded. The Juggernaut's 73 outcomes
/// (nine steps and 64 teleports) keep a search that expands every roll at depth 2 even
/// after seconds; expanding only rolls with three plies to go, and estimating the rest,
/// scored better against the frozen beast on both seeds measured (docs/engine.md). With
/// the Behemoth's 32 rolls full expansion scored as well or better.
pub(super) fn default_chance_horizon(pos: &Position) -> i32 {
    match pos.variant().beast {
        Some(rules::variant::Beast::Juggernaut) => 3,
        _ => 1,
    }
}
