//! Iterative deepening over principal-variation alpha-beta for the players' turns, and
//! expectimax with Star1 pruning (Ballard) at the chance nodes between them.

use crate::eval::{evaluate, value};
use crate::score::{INFINITY, MATE, MATE_BOUND, Score};
use crate::tt::{Bound, Entry, Table};
use rules::{Move, MoveKind, Outcome, Position, Role};
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
    aborted: bool,
    /// Keys of the game's earlier positions and of the current search path, for
    /// repetition.
    keys: Vec<u64>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Treat the beast as a still obstacle: no chance nodes (a baseline for matches).
    ignore_chance: bool,
}

impl Searcher {
    pub fn new(hash_megabytes: usize) -> Searcher {
        Searcher {
            tt: Table::new(hash_megabytes),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            aborted: false,
            keys: Vec::new(),
            killers: [[None; 2]; MAX_PLY],
            ignore_chance: false,
        }
    }

    /// With `true`, the search never expands the dice: after each move the beast stays
    /// where it is.
    pub fn set_ignore_chance(&mut self, ignore: bool) {
        self.ignore_chance = ignore;
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
        self.aborted = false;
        self.node_limit = limits.nodes;
        let budget = self.budget(limits);
        self.deadline = budget.map(|b| self.start + b);
        self.keys = history.to_vec();
        let legal = pos.legal_moves();
        let mut best = legal.as_slice().first().copied();
        let mut info = SearchInfo::default();
        if legal.is_empty() {
            return (None, info);
        }
        let max_depth = limits.depth.unwrap_or(MAX_PLY as i32 - 8).max(1);
        for depth in 1..=max_depth {
            let score = self.negamax(pos, depth, -INFINITY, INFINITY, 0);
            if self.aborted {
                break;
            }
            let pv = self.principal_variation(pos, depth);
            if let Some(&first) = pv.first() {
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
            if score.abs() >= MATE_BOUND && depth > 2 && !limits.infinite {
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
        let share = left / moves + limits.increment * 3 / 4;
        Some(share.min(left / 2).max(Duration::from_millis(5)))
    }

    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 1023 == 0 {
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
        let variant = pos.variant();
        let kings_missing = variant.battle.is_none()
            && rules::Color::ALL
                .into_iter()
                .any(|c| pos.king(c).is_none() && pos.hand(c)[Role::King.index()] == 0);
        let berserkers_gone = variant.battle.is_some()
            && rules::Color::ALL
                .into_iter()
                .any(|c| pos.pieces_of(c, Role::Berserker).is_empty());
        let maybe_over = no_moves
            || kings_missing
            || berserkers_gone
            || pos.halfmove_clock() >= 100
            || (variant.beast.is_none() && pos.is_insufficient_material());
        if !maybe_over {
            return None;
        }
        pos.outcome()
            .map(|outcome| outcome_score(pos, outcome, ply))
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let key = pos.key();
        if ply > 0 && self.is_repetition(pos) {
            return 0;
        }
        let moves = pos.legal_moves();
        if let Some(score) = self.terminal(pos, moves.is_empty(), ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(pos, alpha, beta, ply);
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
        let ordered = self.order(pos, moves.as_slice(), entry.and_then(|e| e.best), ply);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        self.keys.push(key);
        for (i, &m) in ordered.iter().enumerate() {
            let mut child = pos.clone();
            child.play(m);
            let score = if i == 0 {
                -self.child_value(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let probe = -self.child_value(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta {
                    -self.child_value(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.keys.pop();
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
                if pos.piece_at(m.to).is_none() && ply < MAX_PLY {
                    self.killers[ply] = [Some(m), self.killers[ply][0]];
                }
                break;
            }
        }
        self.keys.pop();
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
            if let Some(outcome) = child.outcome() {
                return outcome_score(child, outcome, ply);
            }
            let mut still = child.clone();
            still.skip_chance();
            self.negamax(&still, depth, alpha, beta, ply)
        } else if child.chance_pending() {
            self.chance_node(child, depth, alpha, beta, ply)
        } else {
            self.negamax(child, depth, alpha, beta, ply)
        }
    }

    /// Expectimax over the dice with Star1 pruning: each outcome is searched with the
    /// window that could still move the average across `alpha` or `beta`, given the
    /// outcomes already seen and the score bounds of those still to come.
    fn chance_node(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.nodes += 1;
        // A move that mates, stalemates or takes a king ends the game before the roll.
        if let Some(outcome) = pos.outcome() {
            return outcome_score(pos, outcome, ply);
        }
        if depth <= 0 {
            return evaluate(pos);
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
        let (low, high) = (-(MATE as f64), MATE as f64);
        let outcomes = pos.chance_outcomes();
        let mut seen = 0.0f64;
        let mut remaining = 1.0f64;
        for (outcome, probability) in outcomes {
            let p = probability.as_f64();
            remaining -= p;
            let child_alpha = (alpha as f64 - seen - high * remaining) / p;
            let child_beta = (beta as f64 - seen - low * remaining) / p;
            let a = child_alpha.floor().max(low) as Score;
            let b = (child_beta.ceil().min(high) as Score).max(a + 1);
            let mut child = pos.clone();
            child.apply_chance(outcome).expect("listed outcomes apply");
            let value = self.negamax(&child, depth, a, b, ply);
            if self.aborted {
                return 0;
            }
            if value as f64 >= child_beta {
                self.store_chance(key, depth, beta, Bound::Lower, ply);
                return beta;
            }
            if (value as f64) <= child_alpha {
                self.store_chance(key, depth, alpha, Bound::Upper, ply);
                return alpha;
            }
            seen += p * value as f64;
        }
        let score = seen.round() as Score;
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
    /// beast variant the roll is not expanded: the evaluation counts its expected cost.
    fn quiescence(&mut self, pos: &Position, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let stand_pat = evaluate(pos);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let moves = pos.legal_moves();
        let noisy: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| self.is_noisy(pos, *m))
            .collect();
        let ordered = self.order(pos, &noisy, None, MAX_PLY);
        let mut best = stand_pat;
        for m in ordered {
            let mut child = pos.clone();
            child.play(m);
            if self.ignore_chance && child.chance_pending() && child.outcome().is_none() {
                child.skip_chance();
            }
            let score = if child.chance_pending() || ply >= MAX_PLY - 1 {
                match child.outcome() {
                    Some(outcome) => -outcome_score(&child, outcome, ply + 1),
                    None => -evaluate(&child),
                }
            } else {
                match self.terminal(&child, child.legal_moves().is_empty(), ply + 1) {
                    Some(score) => -score,
                    None => -self.quiescence(&child, -beta, -alpha, ply + 1),
                }
            };
            if self.aborted {
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
        best
    }

    fn is_noisy(&self, pos: &Position, m: Move) -> bool {
        matches!(m.kind, MoveKind::Promotion(_) | MoveKind::EnPassant)
            || pos.piece_at(m.to).is_some_and(|p| p.color != pos.turn())
    }

    /// The hash move, then captures by victim value less attacker value, then promotions,
    /// then killer moves, then the rest.
    fn order(
        &self,
        pos: &Position,
        moves: &[Move],
        hash_move: Option<Move>,
        ply: usize,
    ) -> Vec<Move> {
        let killers = if ply < MAX_PLY {
            self.killers[ply]
        } else {
            [None; 2]
        };
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let mut key = 0;
                if Some(m) == hash_move {
                    key = 1_000_000;
                } else if let Some(victim) = pos.piece_at(m.to).filter(|p| p.color != pos.turn()) {
                    let attacker = pos.piece_at(m.from).map_or(0, |p| value(pos, p.role));
                    key = 100_000 + 10 * value(pos, victim.role) - attacker / 10;
                } else if let MoveKind::Promotion(role) = m.kind {
                    key = 90_000 + value(pos, role);
                } else if killers.contains(&Some(m)) {
                    key = 50_000;
                }
                (key, m)
            })
            .collect();
        scored.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        scored.into_iter().map(|(_, m)| m).collect()
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
