//! Iterative deepening over principal-variation alpha-beta for the players' turns, and
//! expectimax with Star1 pruning (Ballard) at the chance nodes between them.

use crate::eval::{Weights, beast_danger, evaluate_with, value};
use crate::score::{INFINITY, MATE, MATE_BOUND, Score, WIN_VALUE};
use crate::tt::{Bound, Entry, Table};
use rules::{Move, MoveKind, MoveList, Outcome, Position, Role};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const MAX_PLY: usize = 128;

/// When to stop. Unset fields do not limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// The clock of the side to move, its increment, and moves to the next time control.
    pub time_left: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    pub infinite: bool,
    /// Search only these moves at the root (UCI `searchmoves`, MultiPV); empty for all.
    pub root_moves: Vec<Move>,
}

/// What one finished iteration found.
#[derive(Clone, Debug, Default)]
pub struct SearchInfo {
    pub depth: i32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    pub hashfull: u32,
}

impl SearchInfo {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-3)) as u64
    }
}

pub struct Searcher {
    tt: Table,
    stop: Arc<AtomicBool>,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// The node count at which the clock and the stop flag are next looked at.
    next_check: u64,
    aborted: bool,
    /// Keys of the game's earlier positions and of the current search path, for
    /// repetition.
    keys: Vec<u64>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet moves that caused cutoffs, by origin and destination square.
    history: Box<[[i32; 128]; 128]>,
    /// Treat the beast as a still obstacle: no chance nodes (a baseline for matches).
    ignore_chance: bool,
    /// Rolls with less remaining depth than this are estimated, not expanded; `None`
    /// for the variant's own (see [`default_chance_horizon`]).
    chance_horizon: Option<i32>,
    weights: Weights,
    /// The kernel generates into this list; the moves are then copied, with their order
    /// keys, into the buffer of the ply, so no node allocates or copies a full list.
    scratch: Box<MoveList>,
    ply_moves: Vec<Vec<(i32, Move)>>,
    /// The root moves the current search may choose from; empty for all.
    root_moves: Vec<Move>,
}

/// Ordering keys: the hash move, then captures by most valuable victim and least valuable
/// attacker, promotions, killers, and quiet moves by their history.
const HASH_KEY: i32 = 4_000_000;
const CAPTURE_KEY: i32 = 3_000_000;
const PROMOTION_KEY: i32 = 2_900_000;
const KILLER_KEY: i32 = 2_800_000;
const HISTORY_MAX: i32 = 1_000_000;
/// Outcomes of the dice less likely than this are searched less deep.
const RARE_OUTCOME: f64 = 0.02;

impl Searcher {
    pub fn new(hash_megabytes: usize) -> Searcher {
        Searcher {
            tt: Table::new(hash_megabytes),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            next_check: 0,
            aborted: false,
            keys: Vec::new(),
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[0; 128]; 128]),
            ignore_chance: false,
            chance_horizon: None,
            weights: Weights::DEFAULT,
            scratch: Box::new(MoveList::new()),
            ply_moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            root_moves: Vec::new(),
        }
    }

    /// With `true`, the search never expands the dice: after each move the beast stays
    /// where it is.
    pub fn set_ignore_chance(&mut self, ignore: bool) {
        self.ignore_chance = ignore;
    }

    /// Rolls met with less than `plies` of depth left are not expanded: their expected
    /// cost is added to a search of the position with the beast standing still.
    pub fn set_chance_horizon(&mut self, plies: i32) {
        self.chance_horizon = Some(plies.max(1));
    }

    /// The material values the evaluation uses.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Set to stop the running search from another thread.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    pub fn resize(&mut self, hash_megabytes: usize) {
        self.tt = Table::new(hash_megabytes);
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|row| row.fill(0));
    }

    /// Searches `pos` (a player to move) within `limits`. `history` holds the keys of the
    /// game's earlier positions. `on_iteration` sees each finished depth.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        mut on_iteration: impl FnMut(&SearchInfo),
    ) -> (Option<Move>, SearchInfo) {
        self.start = Instant::now();
        self.nodes = 0;
        self.next_check = 0;
        self.aborted = false;
        self.node_limit = limits.nodes;
        let budget = self.budget(limits);
        self.deadline = budget.map(|b| self.start + b);
        self.keys = history.to_vec();
        self.killers = [[None; 2]; MAX_PLY];
        // Old history still orders well, but should not outweigh what this search learns.
        self.history
            .iter_mut()
            .for_each(|row| row.iter_mut().for_each(|h| *h /= 8));
        self.root_moves = limits.root_moves.clone();
        let legal: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| self.root_moves.is_empty() || self.root_moves.contains(m))
            .collect();
        let mut best = legal.first().copied();
        let mut info = SearchInfo::default();
        if legal.is_empty() {
            return (None, info);
        }
        let max_depth = limits.depth.unwrap_or(MAX_PLY as i32 - 8).max(1);
        for depth in 1..=max_depth {
            let score = self.negamax(pos, depth, -INFINITY, INFINITY, 0, false);
            if self.aborted {
                break;
            }
            let pv = self.principal_variation(pos, depth);
            if let Some(&first) = pv.first()
                && (self.root_moves.is_empty() || self.root_moves.contains(&first))
            {
                best = Some(first);
            }
            info = SearchInfo {
                depth,
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv,
                hashfull: self.tt.hashfull(),
            };
            on_iteration(&info);
            // A mate found: stop once the search is deep enough that a shorter one would
            // have shown (reductions can find a longer mate first).
            if score.abs() >= MATE_BOUND && depth > MATE - score.abs() + 2 && !limits.infinite {
                break;
            }
            // Another iteration would likely not finish in the time left.
            if let Some(budget) = budget
                && limits.movetime.is_none()
                && self.start.elapsed() > budget / 2
            {
                break;
            }
        }
        info.nodes = self.nodes;
        info.elapsed = self.start.elapsed();
        (best, info)
    }

    /// The time to spend on this move.
    fn budget(&self, limits: &Limits) -> Option<Duration> {
        if limits.infinite {
            return None;
        }
        if let Some(movetime) = limits.movetime {
            return Some(
                movetime
                    .saturating_sub(Duration::from_millis(10))
                    .max(Duration::from_millis(1)),
            );
        }
        let left = limits.time_left?;
        let moves = limits.moves_to_go.unwrap_or(30).max(1);
        // Keep a reserve for the process and the protocol, however short the clock.
        let usable = left.saturating_sub(Duration::from_millis(30).min(left / 4));
        let share = usable / moves + limits.increment * 3 / 4;
        Some(share.min(usable / 2).max(Duration::from_millis(2)))
    }

    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // Chance nodes count too, so the count seen here can keep one parity for a long
        // time: a mask test on it could miss every check.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            let out_of_time = self.deadline.is_some_and(|d| Instant::now() >= d);
            let out_of_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
            if out_of_time || out_of_nodes || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The game result, if the position ends the game, as a score for the side to move.
    fn terminal(&self, pos: &Position, no_moves: bool, ply: usize) -> Option<Score> {
        if !pos.may_end(!no_moves) {
            return None;
        }
        pos.outcome()
            .map(|outcome| outcome_score(pos, outcome, ply))
    }

    /// Generates the legal moves of `pos` into the ply's buffer, keyed for ordering (only
    /// captures and promotions when `noisy_only`). Hand the buffer back with
    /// [`Self::give_back`]. Also returns whether `pos` has no legal move at all.
    fn ordered_moves(
        &mut self,
        pos: &Position,
        ply: usize,
        hash_move: Option<Move>,
        noisy_only: bool,
    ) -> (Vec<(i32, Move)>, bool) {
        let slot = ply.min(MAX_PLY);
        let mut list = std::mem::take(&mut self.ply_moves[slot]);
        list.clear();
        pos.generate_legal(&mut self.scratch);
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let enemies = pos.pieces(!pos.turn());
        for &m in self.scratch.iter() {
            let key = if Some(m) == hash_move {
                HASH_KEY
            } else if enemies.contains(m.to) && !matches!(m.kind, MoveKind::Drop(_)) {
                let victim = pos.piece_at(m.to).map_or(0, |p| value(pos, p.role));
                let attacker = pos.piece_at(m.from).map_or(0, |p| value(pos, p.role));
                CAPTURE_KEY + 10 * victim - attacker / 10
            } else if let MoveKind::Promotion(role) = m.kind {
                PROMOTION_KEY + value(pos, role)
            } else if m.kind == MoveKind::EnPassant {
                CAPTURE_KEY + 990
            } else if noisy_only {
                continue;
            } else if killers[0] == Some(m) {
                KILLER_KEY + 1
            } else if killers[1] == Some(m) {
                KILLER_KEY
            } else {
                self.history[m.from.slot()][m.to.slot()]
            };
            list.push((key, m));
        }
        list.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
        let no_moves = self.scratch.is_empty();
        (list, no_moves)
    }

    fn give_back(&mut self, ply: usize, list: Vec<(i32, Move)>) {
        self.ply_moves[ply.min(MAX_PLY)] = list;
    }

    /// A quiet move that refuted a position: remember it for its siblings and cousins.
    fn reward_quiet(&mut self, m: Move, depth: i32, ply: usize) {
        if ply < MAX_PLY && self.killers[ply][0] != Some(m) {
            self.killers[ply] = [Some(m), self.killers[ply][0]];
        }
        let entry = &mut self.history[m.from.slot()][m.to.slot()];
        *entry = (*entry + depth * depth).min(HISTORY_MAX);
    }

    /// Null-move pruning is sound where passing is never better than moving: not with
    /// dice (the roll after a pass is a different game), not in Battle Chieftain (forced
    /// swaps and crownings), not in check, and not with only king and pawns.
    fn may_pass(&self, pos: &Position) -> bool {
        let variant = pos.variant();
        if variant.beast.is_some() || variant.battle.is_some() || pos.is_check() {
            return false;
        }
        let us = pos.turn();
        let minor_or_more =
            pos.pieces(us) & !pos.pieces_of(us, Role::Pawn) & !pos.pieces_of(us, Role::King);
        minor_or_more.non_empty()
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        after_pass: bool,
    ) -> Score {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let key = pos.key();
        if ply > 0 && self.is_repetition(pos) {
            return 0;
        }
        let entry = self.tt.get(key);
        if let Some(e) = entry
            && e.depth >= depth
            && ply > 0
        {
            let score = from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let (mut moves, no_moves) = self.ordered_moves(pos, ply, entry.and_then(|e| e.best), false);
        if ply == 0 && !self.root_moves.is_empty() {
            moves.retain(|(_, m)| self.root_moves.contains(m));
        }
        if let Some(score) = self.terminal(pos, no_moves, ply) {
            self.give_back(ply, moves);
            return score;
        }
        let pv_node = beta - alpha > 1;
        // With dice every ply is followed by 32 or 73 rolls, so searches stay shallow and
        // a reduced ply would blind them to threats two moves deep.
        let lmr_depth = if pos.variant().beast.is_some() { 5 } else { 3 };
        let in_check = pos.variant().royal_king && pos.is_check();
        self.keys.push(key);
        if !pv_node
            && !after_pass
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && self.may_pass(pos)
            && evaluate_with(pos, &self.weights) >= beta
        {
            let mut passed = pos.clone();
            passed.pass_turn();
            let reduction = 3 + depth / 6;
            let score = -self.negamax(
                &passed,
                depth - 1 - reduction,
                -beta,
                -beta + 1,
                ply + 1,
                true,
            );
            if self.aborted {
                self.keys.pop();
                self.give_back(ply, moves);
                return 0;
            }
            if score >= beta {
                self.keys.pop();
                self.give_back(ply, moves);
                return if score >= MATE_BOUND { beta } else { score };
            }
        }
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for (i, &(order_key, m)) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play(m);
            let quiet = order_key < KILLER_KEY;
            let score = if i == 0 {
                -self.child_value(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are searched less deep first (late-move reduction).
                let reduction = if quiet
                    && depth >= lmr_depth
                    && i >= 3
                    && !in_check
                    && !(child.variant().royal_king && child.is_check())
                {
                    if i >= 8 && depth >= 5 { 2 } else { 1 }
                } else {
                    0
                };
                let mut probe =
                    -self.child_value(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if reduction > 0 && probe > alpha && !self.aborted {
                    probe = -self.child_value(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if probe > alpha && probe < beta && !self.aborted {
                    -self.child_value(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.keys.pop();
                self.give_back(ply, moves);
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.reward_quiet(m, depth, ply);
                }
                break;
            }
        }
        self.keys.pop();
        self.give_back(ply, moves);
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.put(Entry {
            key,
            depth,
            score: to_tt(best_score, ply),
            bound,
            best: best_move,
        });
        best_score
    }

    /// The value of a position reached by a move: a chance node when the dice are owed.
    fn child_value(
        &mut self,
        child: &Position,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        if child.chance_pending() && self.ignore_chance {
            if let Some(score) = self.ends_before_roll(child, ply) {
                return score;
            }
            let mut still = child.clone();
            still.skip_chance();
            self.negamax(&still, depth, alpha, beta, ply, false)
        } else if child.chance_pending() {
            self.chance_node(child, depth, alpha, beta, ply)
        } else {
            self.negamax(child, depth, alpha, beta, ply, false)
        }
    }

    /// A move that mates, stalemates, takes a king or makes the hundredth quiet ply ends
    /// the game before the roll. The kernel's verdict is asked only when one of those can
    /// be the case.
    fn ends_before_roll(&mut self, pos: &Position, ply: usize) -> Option<Score> {
        let variant = pos.variant();
        let decided = pos.is_variant_end() || pos.halfmove_clock() >= 100;
        let may_have_no_moves = variant.royal_king && {
            pos.generate_legal(&mut self.scratch);
            self.scratch.is_empty()
        };
        if !decided && !may_have_no_moves {
            return None;
        }
        pos.outcome()
            .map(|outcome| outcome_score(pos, outcome, ply))
    }

    /// Expectimax over the dice with Star1 pruning: each outcome is searched with the
    /// window that could still move the average across `alpha` or `beta`, given the
    /// outcomes already seen and the score bounds of those still to come. Outcomes that
    /// lead to the same position (a beast that tramples nothing on two paths to one
    /// square) are searched once with their probabilities summed, the likeliest first.
    fn chance_node(
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
        if let Some(e) = self.tt.get(key)
            && e.depth >= depth
        {
            let score = from_tt(e.score, ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
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
        let bounds: Vec<(f64, f64)> = children
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
        for ((p, child), &(low, high)) in children.iter().zip(&bounds) {
            let p = *p;
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

    fn store_chance(&mut self, key: u64, depth: i32, score: Score, bound: Bound, ply: usize) {
        self.tt.put(Entry {
            key,
            depth,
            score: to_tt(score, ply),
            bound,
            best: None,
        });
    }

    /// Captures and promotions only, until the position is quiet. After a capture in a
    /// beast variant the roll is not expanded: the captures go on with the beast standing
    /// still, and the roll's expected cost is added (see [`Self::chance_node`] at depth 0).
    fn quiescence(&mut self, pos: &Position, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let (moves, no_moves) = self.ordered_moves(pos, ply, None, true);
        if let Some(score) = self.terminal(pos, no_moves, ply) {
            self.give_back(ply, moves);
            return score;
        }
        let stand_pat = evaluate_with(pos, &self.weights);
        if stand_pat >= beta || ply >= MAX_PLY - 1 {
            self.give_back(ply, moves);
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        for &(_, m) in &moves {
            let mut child = pos.clone();
            child.play(m);
            if self.ignore_chance && child.chance_pending() {
                if let Some(score) = self.ends_before_roll(&child, ply + 1) {
                    best = best.max(-score);
                    alpha = alpha.max(-score);
                    if alpha >= beta {
                        break;
                    }
                    continue;
                }
                child.skip_chance();
            }
            let score = if child.chance_pending() {
                -self.chance_node(&child, 0, -beta, -alpha, ply + 1)
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1)
            };
            if self.aborted {
                self.give_back(ply, moves);
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        self.give_back(ply, moves);
        best
    }

    fn is_repetition(&self, pos: &Position) -> bool {
        let key = pos.key();
        let window = pos.halfmove_clock() as usize;
        self.keys
            .iter()
            .rev()
            .take(window.max(1) * 2)
            .any(|&k| k == key)
    }

    /// The best line from the table, up to the first roll.
    fn principal_variation(&self, pos: &Position, depth: i32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut current = pos.clone();
        while pv.len() < depth.max(1) as usize {
            let Some(m) = self.tt.get(current.key()).and_then(|e| e.best) else {
                break;
            };
            if !current.legal_moves().contains(&m) {
                break;
            }
            pv.push(m);
            current.play(m);
            if current.chance_pending() {
                break;
            }
        }
        pv
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
fn default_chance_horizon(pos: &Position) -> i32 {
    match pos.variant().beast {
        Some(rules::variant::Beast::Juggernaut) => 3,
        _ => 1,
    }
}

/// A finished game as a score for the side to move at `ply`.
fn outcome_score(pos: &Position, outcome: Outcome, ply: usize) -> Score {
    match outcome.winner {
        None => 0,
        Some(color) if color == pos.turn() => MATE - ply as Score,
        Some(_) => -(MATE - ply as Score),
    }
}

/// Mate scores are stored relative to the node, so they stay right from any path.
fn to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}
