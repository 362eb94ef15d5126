//! Iterative deepening over principal-variation alpha-beta for the players' turns, and
//! expectimax at the chance nodes between them (see [`chance`]).

mod chance;

use crate::accumulator::Accumulator;
use crate::battle_search::few_pieces;
use crate::correction::CorrectionHistory;
use crate::eval::{Weights, evaluate_carrying, evaluate_outside};
use crate::eval_cache::EvalCache;
use crate::features::Features;
use crate::ordering::{Class, MAX_PLY, MoveOrder, Ordered, pick};
use crate::pruning;
use crate::score::{INFINITY, MATE, MATE_BOUND, Score};
use crate::see::see_at_least;
use crate::strength::Strength;
use crate::threats::Threats;
use crate::time;
use crate::tt::{Bound, Entry, Table};
use chance::default_chance_horizon;
use rules::{Move, MoveList, Outcome, Position, Role};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

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
    /// Below full strength: smaller limits, a noisy evaluation, overlooked moves.
    pub strength: Strength,
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
    /// Shared with the helper threads.
    tt: Arc<Table>,
    stop: Arc<AtomicBool>,
    nodes: u64,
    /// The node count as last published for the main thread to read (helpers only).
    published_nodes: Arc<AtomicU64>,
    /// Lazy SMP: searchers for the other threads, sharing the table; empty for one thread.
    helpers: Vec<Searcher>,
    /// 0 for the main thread; a helper's index varies the depths it searches.
    helper_index: usize,
    /// The helpers' published node counts, while they run.
    helper_nodes: Vec<Arc<AtomicU64>>,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// The node count at which the clock and the stop flag are next looked at.
    next_check: u64,
    aborted: bool,
    /// Repetition keys (`Position::repetition_key`, the FIDE sameness) of the game's
    /// earlier positions and of the current search path.
    keys: Vec<u64>,
    order: MoveOrder,
    correction: CorrectionHistory,
    /// By ply: the static evaluation (for "improving") and the move played from there
    /// (for counter-moves).
    static_evals: [Score; MAX_PLY + 1],
    played: [Option<Move>; MAX_PLY + 1],
    /// Whether checks are extended in this search: not where rolls near the leaves are
    /// estimated (Juggernaut), since an extended check there pushes the rolls after it
    /// past the horizon, to be expanded into 73 outcomes each; against the previous
    /// engine at equal nodes that measured about 70 Elo worse (docs/engine.md).
    extends_checks: bool,
    /// The depth of the running iteration, which bounds check extensions.
    root_depth: i32,
    features: Features,
    /// Whether draws count against the searching side (see `draw_score`).
    dislikes_draws: bool,
    /// The strength of the running search, and how many searches were started (a salt
    /// for its noise).
    strength: Strength,
    searches: u64,
    /// Treat the beast as a still obstacle: no chance nodes (a baseline for matches).
    ignore_chance: bool,
    /// Rolls with less remaining depth than this are estimated, not expanded; `None`
    /// for the variant's own (see [`default_chance_horizon`]).
    chance_horizon: Option<i32>,
    weights: Weights,
    /// What the running search evaluates with: `weights`, the network left out below
    /// the strength that plays it.
    eval_weights: Weights,
    eval_cache: EvalCache,
    accumulator: Accumulator,
    /// The kernel generates into this list; the moves are then copied, with their order
    /// keys, into the buffer of the ply, so no node allocates or copies a full list.
    scratch: Box<MoveList>,
    ply_moves: Vec<Vec<Ordered>>,
    /// Quiet moves tried at each ply, for the history's penalty when another refutes.
    tried_quiets: Vec<Vec<Move>>,
    /// The root moves the current search may choose from; empty for all.
    root_moves: Vec<Move>,
    /// The root move the running iteration has found better than the ones before it, so
    /// that an iteration the clock cuts short still plays what it found.
    iteration_best: Option<Move>,
}

/// The first aspiration window's half-width around the last iteration's score.
const ASPIRATION_WINDOW: Score = 30;
/// A helper thread's stack: the search recurses up to `MAX_PLY` plies deep.
const HELPER_STACK: usize = 16 * 1024 * 1024;
/// Per helper (by index): the size of its blocks of skipped depths and their phase.
const SKIP_PATTERNS: [(i32, i32); 20] = [
    (1, 0),
    (1, 1),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (3, 0),
    (3, 1),
    (3, 2),
    (3, 3),
    (3, 4),
    (3, 5),
    (4, 0),
    (4, 1),
    (4, 2),
    (4, 3),
    (4, 4),
    (4, 5),
    (4, 6),
    (4, 7),
];

impl Searcher {
    pub fn new(hash_megabytes: usize) -> Searcher {
        Searcher::sharing(Arc::new(Table::new(hash_megabytes)))
    }

    fn sharing(tt: Arc<Table>) -> Searcher {
        Searcher {
            tt,
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            published_nodes: Arc::new(AtomicU64::new(0)),
            helpers: Vec::new(),
            helper_index: 0,
            helper_nodes: Vec::new(),
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            next_check: 0,
            aborted: false,
            keys: Vec::new(),
            order: MoveOrder::new(),
            correction: CorrectionHistory::default(),
            static_evals: [0; MAX_PLY + 1],
            played: [None; MAX_PLY + 1],
            root_depth: 0,
            features: Features::ALL,
            dislikes_draws: false,
            extends_checks: true,
            strength: Strength::FULL,
            searches: 0,
            ignore_chance: false,
            chance_horizon: None,
            weights: Weights::DEFAULT,
            eval_weights: Weights::DEFAULT,
            eval_cache: EvalCache::default(),
            accumulator: Accumulator::default(),
            scratch: Box::new(MoveList::new()),
            ply_moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            tried_quiets: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            root_moves: Vec::new(),
            iteration_best: None,
        }
    }

    /// Switches optional pieces of the search off (for matches that measure them).
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
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
        self.weights = weights.clone();
        self.eval_weights = weights;
        self.eval_cache.clear();
    }

    /// Set to stop the running search from another thread.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    pub fn resize(&mut self, hash_megabytes: usize) {
        self.tt = Arc::new(Table::new(hash_megabytes));
        let threads = self.threads();
        self.set_threads(threads);
    }

    /// The table's best move in `pos`, when it has a legal one: the reply to ponder on
    /// when a search cut short has no longer line.
    pub fn table_move(&self, pos: &Position) -> Option<Move> {
        let m = self.tt.get(pos.key()).and_then(|e| e.best)?;
        pos.legal_moves().contains(&m).then_some(m)
    }

    /// Forgets what earlier searches learnt (a new game): the table and the move-ordering
    /// and correction histories. The count that salts a level's noise goes on, so that a
    /// level does not answer the same moves alike game after game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.order.clear();
        self.correction.clear();
        self.helpers.iter_mut().for_each(|h| {
            h.order.clear();
            h.correction.clear();
        });
    }

    /// Lazy SMP: searches with `threads` threads sharing the transposition table. The
    /// helpers search the same position at staggered depths and fill the table; the
    /// main thread's result is the one played. Searches below full strength use one.
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers = (1..threads.max(1))
            .map(|index| {
                let mut helper = Searcher::sharing(self.tt.clone());
                helper.helper_index = index;
                helper
            })
            .collect();
    }

    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// The main thread's settings, handed to the helpers before each search.
    fn configure_helpers(&mut self) {
        for helper in &mut self.helpers {
            helper.features = self.features;
            helper.ignore_chance = self.ignore_chance;
            helper.chance_horizon = self.chance_horizon;
            helper.set_weights(self.weights.clone());
            helper.stop.store(false, Ordering::Relaxed);
            helper.published_nodes.store(0, Ordering::Relaxed);
        }
    }

    /// Nodes searched so far by this thread and its helpers.
    fn total_nodes(&self) -> u64 {
        self.nodes
            + self
                .helper_nodes
                .iter()
                .map(|n| n.load(Ordering::Relaxed))
                .sum::<u64>()
    }

    /// Searches `pos` (a player to move) within `limits`. `history` holds the repetition keys
    /// (`Position::repetition_key`) of the game's earlier positions. `on_iteration` sees each finished depth.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        on_iteration: impl FnMut(&SearchInfo),
    ) -> (Option<Move>, SearchInfo) {
        self.tt.new_search();
        if self.helpers.is_empty() || !limits.strength.is_full() {
            return self.search_one(pos, history, limits, on_iteration);
        }
        self.configure_helpers();
        let mut helpers = std::mem::take(&mut self.helpers);
        let stops: Vec<_> = helpers.iter().map(|h| h.stop.clone()).collect();
        self.helper_nodes = helpers.iter().map(|h| h.published_nodes.clone()).collect();
        let helper_limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let result = std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let helper_limits = &helper_limits;
                std::thread::Builder::new()
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || {
                        helper.search_one(pos, history, helper_limits, |_| {});
                        helper
                            .published_nodes
                            .store(helper.nodes, Ordering::Relaxed);
                    })
                    .expect("a search thread starts");
            }
            let result = self.search_one(pos, history, limits, on_iteration);
            stops.iter().for_each(|s| s.store(true, Ordering::Relaxed));
            result
        });
        self.helpers = helpers;
        let (best, mut info) = result;
        info.nodes = self.total_nodes();
        self.helper_nodes.clear();
        (best, info)
    }

    fn search_one(
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
        self.strength = Strength {
            salt: self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pos.key(),
            ..limits.strength
        };
        self.searches += 1;
        let network = self.weights.network && self.strength.network;
        if self.eval_weights.network != network {
            // The cached evaluations are another evaluation's.
            self.eval_cache.clear();
        }
        self.eval_weights = Weights {
            network,
            ..self.weights.clone()
        };
        self.dislikes_draws = pos.variant().battle.is_some() && self.weights.battle_terms;
        let horizon = self
            .chance_horizon
            .unwrap_or_else(|| default_chance_horizon(pos));
        self.extends_checks =
            self.features.check_extension && (pos.variant().beast.is_none() || horizon <= 1);
        self.node_limit = self.strength.node_limit(limits.nodes);
        let budget = time::budget(limits);
        self.deadline = budget.map(|b| self.start + b.hard);
        self.keys = history.to_vec();
        self.order.new_search();
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
        let max_depth = self
            .strength
            .depth_limit(limits.depth)
            .unwrap_or(MAX_PLY as i32 - 8)
            .max(1);
        let mut last_score = 0;
        for depth in 1..=max_depth {
            if self.skips(depth) {
                continue;
            }
            self.root_depth = depth;
            self.iteration_best = None;
            let score = self.aspiration_search(pos, depth, last_score);
            if self.aborted {
                // A move that beat the last iteration's choice, searched to the full depth
                // of this one, is the better guess.
                if let Some(m) = self.iteration_best {
                    best = Some(m);
                }
                break;
            }
            last_score = score;
            let pv = self.principal_variation(pos, depth);
            if let Some(&first) = pv.first()
                && (self.root_moves.is_empty() || self.root_moves.contains(&first))
            {
                best = Some(first);
            }
            info = SearchInfo {
                depth,
                score,
                nodes: self.total_nodes(),
                elapsed: self.start.elapsed(),
                pv,
                hashfull: self.tt.hashfull(),
            };
            on_iteration(&info);
            // A mate found: stop once the search is deep enough that a shorter one would
            // have shown (reductions and pruning can find a longer mate first).
            if score.abs() >= MATE_BOUND && depth > MATE - score.abs() + 4 && !limits.infinite {
                break;
            }
            // Another iteration would likely not finish in the time left.
            if let Some(budget) = budget
                && budget.soft < budget.hard
                && self.start.elapsed() > budget.soft
            {
                break;
            }
        }
        info.nodes = self.total_nodes();
        info.elapsed = self.start.elapsed();
        (best, info)
    }

    /// One iteration: a narrow window around the last score first, widened on the side
    /// it failed until the score falls inside.
    fn aspiration_search(&mut self, pos: &Position, depth: i32, last: Score) -> Score {
        if !self.features.aspiration || depth < 4 || last.abs() >= MATE_BOUND {
            return self.negamax(pos, depth, -INFINITY, INFINITY, 0, false);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, false);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 1_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Whether this thread leaves out the iteration of `depth`: each helper skips
    /// depths in its own pattern (blocks of 1-4 depths, phase-shifted by its index), so
    /// the threads are spread over the next depths rather than all searching one.
    fn skips(&self, depth: i32) -> bool {
        if self.helper_index == 0 {
            return false;
        }
        let i = (self.helper_index - 1) % 20;
        let (size, phase) = SKIP_PATTERNS[i];
        ((depth + phase) / size) % 2 != 0
    }

    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // Chance nodes count too, so the count seen here can keep one parity for a long
        // time: a mask test on it could miss every check.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            self.published_nodes.store(self.nodes, Ordering::Relaxed);
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

    /// Generates the legal moves of `pos` into the ply's buffer with their ordering keys
    /// (only captures, promotions and the hash move when `noisy_only`), to be taken in
    /// order with [`pick`]. Hand the buffer back with [`Self::give_back`]. Also returns
    /// whether `pos` has no legal move at all.
    fn ordered_moves(
        &mut self,
        pos: &Position,
        ply: usize,
        hash_move: Option<Move>,
        noisy_only: bool,
    ) -> (Vec<Ordered>, bool) {
        let mut list = std::mem::take(&mut self.ply_moves[ply.min(MAX_PLY)]);
        list.clear();
        let no_moves = self.add_ordered_moves(pos, ply, &mut list, hash_move, noisy_only, None);
        (list, no_moves)
    }

    /// The ply's buffer holding only `hash_move` (legal here), to be searched before the
    /// other moves are generated with [`Self::add_ordered_moves`].
    fn hash_move_alone(&mut self, pos: &Position, ply: usize, hash_move: Move) -> Vec<Ordered> {
        let mut list = std::mem::take(&mut self.ply_moves[ply.min(MAX_PLY)]);
        list.clear();
        let previous = self.previous_move(ply);
        list.extend(self.order.classify(
            pos,
            hash_move,
            Some(hash_move),
            ply,
            previous,
            self.features.see,
            false,
        ));
        list
    }

    /// Adds `pos`'s legal moves but `skip` to `list` with their ordering keys (see
    /// [`Self::ordered_moves`]); returns whether `pos` has no legal move at all.
    fn add_ordered_moves(
        &mut self,
        pos: &Position,
        ply: usize,
        list: &mut Vec<Ordered>,
        hash_move: Option<Move>,
        noisy_only: bool,
        skip: Option<Move>,
    ) -> bool {
        let no_moves = if noisy_only {
            pos.generate_noisy(&mut self.scratch);
            self.scratch.is_empty() && !pos.has_legal_move()
        } else {
            pos.generate_legal(&mut self.scratch);
            self.scratch.is_empty()
        };
        let previous = self.previous_move(ply);
        let threats = (self.features.threat_ordering && !noisy_only).then(|| Threats::of(pos));
        for &m in self.scratch.iter() {
            if Some(m) == skip {
                continue;
            }
            if let Some(mut ordered) = self.order.classify(
                pos,
                m,
                hash_move,
                ply,
                previous,
                self.features.see,
                noisy_only,
            ) {
                if let Some(threats) = &threats
                    && ordered.class == Class::Quiet
                {
                    ordered.key += threats.key(pos, m);
                }
                list.push(ordered);
            }
        }
        no_moves
    }

    fn give_back(&mut self, ply: usize, list: Vec<Ordered>) {
        self.ply_moves[ply.min(MAX_PLY)] = list;
    }

    /// The move that led to the node at `ply`, when counter-moves are used.
    fn previous_move(&self, ply: usize) -> Option<Move> {
        if self.features.counter_move && ply > 0 {
            self.played[(ply - 1).min(MAX_PLY)]
        } else {
            None
        }
    }

    /// A cutoff the table allows for a node of `depth` searched with (`alpha`, `beta`).
    fn table_cutoff(
        &self,
        entry: Option<Entry>,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Option<Score> {
        let e = entry.filter(|e| e.depth >= depth)?;
        let score = from_tt(e.score, ply);
        match e.bound {
            Bound::Exact => Some(score),
            Bound::Lower if score >= beta => Some(score),
            Bound::Upper if score <= alpha => Some(score),
            _ => None,
        }
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
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
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
        let repetition_key = pos.repetition_key();
        if ply > 0 {
            if self.is_repetition(repetition_key, pos.halfmove_clock()) {
                return self.draw_score(ply);
            }
            // No line from here can beat a mate already found nearer the root.
            if self.features.mate_distance {
                alpha = alpha.max(-(MATE - ply as Score));
                beta = beta.min(MATE - ply as Score - 1);
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        let entry = self.tt.get(key);
        let pv_node = beta - alpha > 1;
        if ply > 0
            && !(self.features.full_pv && pv_node)
            && let Some(score) = self.table_cutoff(entry, depth, alpha, beta, ply)
        {
            return score;
        }
        let hash_move = entry.and_then(|e| e.best);
        // A game ended by a rule other than a lack of moves (a king taken, the fifty-move
        // rule, too little material) ends here; mate and stalemate are found once the
        // moves are generated, after the pruning that may make them unnecessary.
        if pos.may_end(true)
            && let Some(outcome) = pos.outcome()
        {
            return self.contempt(outcome_score(pos, outcome, ply), ply);
        }
        let dice = pos.variant().beast.is_some();
        let in_check = pos.variant().royal_king && pos.is_check();
        // A side owing a crowning has no king on the board: its static evaluation is no
        // guide to the crowning it must play.
        let crowning = pos.owes_crowning();
        let raw_eval = if in_check || dice || crowning {
            // Not needed with dice: nothing is pruned on it there.
            None
        } else {
            Some(self.leaf_eval(pos))
        };
        // Battle Chieftain has no pawns: one structure for every position, whose
        // correction would only be a running bias.
        let corrected = self.features.correction_history && pos.variant().battle.is_none();
        let static_eval = match raw_eval {
            None => -INFINITY,
            Some(eval) if corrected => eval + self.correction.correction(pos),
            Some(eval) => eval,
        };
        let slot = ply.min(MAX_PLY);
        self.static_evals[slot] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.static_evals[slot - 2];
        // Forward pruning trusts the static evaluation; with dice the next roll can
        // change everything, so it is left to the positions without them.
        let may_prune = !pv_node && !in_check && !dice && !crowning;
        // In Battle Chieftain's thin endings the winning lines are long runs of quiet
        // moves: none is pruned or reduced there.
        let thin_ending = few_pieces(pos);
        if may_prune
            && self.features.reverse_futility
            && depth <= pruning::REVERSE_FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval - pruning::reverse_futility_margin(depth, improving) >= beta
        {
            return if self.features.rfp_blend {
                (static_eval + beta) / 2
            } else {
                static_eval
            };
        }
        // With dice every ply is followed by 32 or 73 rolls, so searches stay shallow and
        // a reduced ply would blind them to threats two moves deep.
        let lmr_depth = if dice { 5 } else { 3 };
        if !pv_node
            && !after_pass
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && self.may_pass(pos)
            && static_eval >= beta
            && !(self.features.null_move_table
                && entry.is_some_and(|e| e.bound == Bound::Upper && from_tt(e.score, ply) < beta))
        {
            let mut passed = pos.clone();
            passed.pass_turn();
            self.played[slot] = None;
            self.keys.push(repetition_key);
            let reduction = pruning::null_move_reduction(depth, static_eval - beta);
            let score = -self.negamax(
                &passed,
                depth - 1 - reduction,
                -beta,
                -beta + 1,
                ply + 1,
                true,
            );
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }
        if may_prune
            && self.features.probcut
            && !thin_ending
            && depth >= pruning::PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
            && let Some(score) = self.probcut(pos, entry, depth, beta, static_eval, ply)
        {
            return score;
        }
        // The table's move, when legal here, is searched before the others are
        // generated: it often ends the node alone. Only in chess and Wildebeest, where
        // `is_legal` makes one piece's moves rather than the whole list.
        let plain = pos.variant().royal_king && !dice && pos.variant().battle.is_none();
        let staged = hash_move
            .filter(|&m| self.features.staged_hash_move && plain && ply > 0 && pos.is_legal(m));
        let (mut moves, no_moves) = match staged {
            Some(m) => (self.hash_move_alone(pos, ply, m), false),
            None => self.ordered_moves(pos, ply, hash_move, false),
        };
        let mut generated = staged.is_none();
        let hash_capture = hash_move.is_some_and(|m| pos.is_noisy(m));
        if no_moves && let Some(score) = self.terminal(pos, true, ply) {
            self.give_back(ply, moves);
            return self.contempt(score, ply);
        }
        if ply == 0 && !self.root_moves.is_empty() {
            moves.retain(|o| self.root_moves.contains(&o.m));
        }
        self.keys.push(repetition_key);
        depth -= self.internal_reduction(depth, hash_move);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut tried = std::mem::take(&mut self.tried_quiets[slot]);
        tried.clear();
        let previous = self.previous_move(ply);
        let mut next = 0;
        loop {
            let i = next;
            if i == moves.len() && !generated {
                generated = true;
                self.add_ordered_moves(pos, ply, &mut moves, hash_move, false, staged);
            }
            if i == moves.len() {
                break;
            }
            next += 1;
            pick(&mut moves, i);
            let Ordered {
                class,
                m,
                key: order_key,
            } = moves[i];
            let quiet = class.is_quiet();
            let late = i > 0 && best_score > -MATE_BOUND;
            if late && quiet && self.strength.overlooks(key, m, ply) {
                continue;
            }
            // Asked before the move is made: most late moves near the leaves are pruned.
            let gives_check = pos.variant().royal_king && pos.gives_check(m);
            if may_prune
                && late
                && !thin_ending
                && self.prunes(pos, m, class, gives_check, depth, i, improving)
            {
                continue;
            }
            // A quiet move's ordering key is its history: one that has failed again and
            // again near here is not worth a search near the leaves.
            if may_prune
                && late
                && quiet
                && !gives_check
                && !thin_ending
                && self.features.history_pruning
                && depth <= pruning::HISTORY_PRUNING_DEPTH
                && order_key < pruning::history_pruning_threshold(depth)
            {
                continue;
            }
            // Futility: a quiet move near the leaves cannot lift a hopeless evaluation.
            if may_prune
                && late
                && quiet
                && !gives_check
                && !thin_ending
                && self.features.futility
                && depth <= pruning::FUTILITY_DEPTH
                && static_eval + pruning::futility_margin(depth) <= alpha
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            let extended =
                gives_check && (!self.features.safe_check_extension || see_at_least(pos, m, 0));
            let new_depth = depth - 1 + self.check_extension(extended, ply);
            self.played[slot] = Some(m);
            let score = if i == 0 {
                -self.child_value(&child, new_depth, -beta, -alpha, ply + 1)
            } else {
                // Late moves are searched less deep first (late-move reduction): quiet
                // ones, killers and the counter-move a ply less, and losing captures.
                let reducible = match class {
                    Class::Quiet => true,
                    Class::Refutation | Class::LosingCapture => self.features.lmr_classes,
                    _ => false,
                };
                let reduction =
                    if reducible && depth >= lmr_depth && !in_check && !gives_check && !thin_ending
                    {
                        let r = pruning::late_move_reduction(depth, i)
                            - i32::from(pv_node)
                            - i32::from(class == Class::Refutation)
                            + i32::from(self.features.capture_lmr && quiet && hash_capture);
                        r.clamp(0, new_depth - 1)
                    } else {
                        0
                    };
                let mut probe =
                    -self.child_value(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1);
                if reduction > 0 && probe > alpha && !self.aborted {
                    probe = -self.child_value(&child, new_depth, -alpha - 1, -alpha, ply + 1);
                }
                if probe > alpha && probe < beta && !self.aborted {
                    -self.child_value(&child, new_depth, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.keys.pop();
                self.give_back(ply, moves);
                self.tried_quiets[slot] = tried;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
                if ply == 0 {
                    self.iteration_best = Some(m);
                }
            }
            if alpha >= beta {
                if quiet || class == Class::Refutation {
                    self.order
                        .reward_quiet(pos, m, previous, depth, ply, &tried);
                }
                break;
            }
            if quiet {
                tried.push(m);
            }
        }
        self.keys.pop();
        self.give_back(ply, moves);
        self.tried_quiets[slot] = tried;
        let bound = Bound::of(best_score, original_alpha, beta);
        if let Some(eval) = raw_eval
            && corrected
        {
            self.learn_correction(pos, depth, best_score, bound, best_move, eval, static_eval);
        }
        self.store(key, depth, best_score, bound, best_move, ply);
        best_score
    }

    /// ProbCut: a good capture whose capture search, then a search `PROBCUT_REDUCTION`
    /// plies shallower, beats beta by `PROBCUT_MARGIN` would very likely make the full
    /// search fail high too. Returns that score, or `None` when no capture does.
    fn probcut(
        &mut self,
        pos: &Position,
        entry: Option<Entry>,
        depth: i32,
        beta: Score,
        static_eval: Score,
        ply: usize,
    ) -> Option<Score> {
        let cut = beta + pruning::PROBCUT_MARGIN;
        // The table already knows a search nearly as deep that stayed below the cut.
        if entry.is_some_and(|e| {
            e.depth >= depth - 3 && e.bound != Bound::Lower && from_tt(e.score, ply) < cut
        }) {
            return None;
        }
        let hash_move = entry.and_then(|e| e.best);
        let (mut moves, _) = self.ordered_moves(pos, ply, hash_move, true);
        let slot = ply.min(MAX_PLY);
        self.keys.push(pos.repetition_key());
        let mut result = None;
        for i in 0..moves.len() {
            pick(&mut moves, i);
            let Ordered { class, m, .. } = moves[i];
            if !matches!(class, Class::Hash | Class::GoodCapture | Class::Promotion)
                || !pos.is_noisy(m)
                || !see_at_least(pos, m, cut - static_eval)
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
            self.played[slot] = Some(m);
            let mut score = -self.quiescence(&child, -cut, -cut + 1, ply + 1);
            if score >= cut && !self.aborted {
                let reduced = depth - pruning::PROBCUT_REDUCTION;
                score = -self.negamax(&child, reduced, -cut, -cut + 1, ply + 1, false);
            }
            if self.aborted {
                break;
            }
            if score >= cut {
                self.store(pos.key(), depth - 3, score, Bound::Lower, Some(m), ply);
                result = Some(score);
                break;
            }
        }
        self.keys.pop();
        self.give_back(ply, moves);
        if self.aborted { Some(0) } else { result }
    }

    /// Moves the correction of `pos`'s pawn structure toward the error a finished search
    /// showed in its evaluation `raw_eval` (`static_eval` corrected), where the result
    /// says something about the evaluation: not a mate, not found by a capture or a
    /// promotion (the evaluation does not see those coming), and a bound on the right
    /// side of the evaluation.
    #[allow(clippy::too_many_arguments)]
    fn learn_correction(
        &mut self,
        pos: &Position,
        depth: i32,
        score: Score,
        bound: Bound,
        best: Option<Move>,
        raw_eval: Score,
        static_eval: Score,
    ) {
        let noisy = best.is_some_and(|m| pos.is_noisy(m));
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => score > static_eval,
            Bound::Upper => score < static_eval,
        };
        if !noisy && informative && score.abs() < MATE_BOUND {
            self.correction.update(pos, depth, score, raw_eval);
        }
    }

    pub(super) fn store(
        &self,
        key: u64,
        depth: i32,
        score: Score,
        bound: Bound,
        best: Option<Move>,
        ply: usize,
    ) {
        self.tt.put(Entry {
            key,
            depth,
            score: to_tt(score, ply),
            bound,
            best,
        });
    }

    /// A draw as the side to move at `ply` sees it. In Battle Chieftain, where the
    /// evaluation alone leaves most games drawn, the side that searches counts a draw as
    /// a small loss, so it plays on; elsewhere a draw is 0.
    fn draw_score(&self, ply: usize) -> Score {
        if !self.dislikes_draws {
            0
        } else if ply.is_multiple_of(2) {
            -self.weights.battle_contempt
        } else {
            self.weights.battle_contempt
        }
    }

    /// `draw_score` for a game result `terminal` found (a draw is exactly 0 there).
    fn contempt(&self, score: Score, ply: usize) -> Score {
        if score == 0 {
            self.draw_score(ply)
        } else {
            score
        }
    }

    /// Late-move and SEE pruning of a late move near the leaves. Checks are kept unless
    /// they lose as much as a bad capture.
    #[allow(clippy::too_many_arguments)]
    fn prunes(
        &self,
        pos: &Position,
        m: Move,
        class: Class,
        gives_check: bool,
        depth: i32,
        index: usize,
        improving: bool,
    ) -> bool {
        let quiet = class.is_quiet();
        if quiet
            && !gives_check
            && self.features.late_move_pruning
            && depth <= pruning::LATE_MOVE_DEPTH
            && index >= pruning::late_move_count(depth, improving)
        {
            return true;
        }
        if !self.features.see
            || depth > pruning::SEE_DEPTH
            || !matches!(class, Class::Quiet | Class::LosingCapture)
        {
            return false;
        }
        let threshold = if quiet && !gives_check {
            pruning::see_quiet_threshold(depth)
        } else {
            pruning::see_capture_threshold(depth)
        };
        !see_at_least(pos, m, threshold)
    }

    /// The static evaluation at a leaf, with the noise of a reduced strength.
    fn leaf_eval(&mut self, pos: &Position) -> Score {
        let key = pos.key();
        let eval = match self.eval_cache.get(key) {
            Some(eval) => eval,
            None => {
                let eval = evaluate_carrying(pos, &self.eval_weights, &mut self.accumulator);
                self.eval_cache.put(key, eval);
                eval
            }
        };
        eval + self.strength.noise(key)
    }

    /// A capture search's stand-pat: `leaf_eval`, except that the tapered terms are left
    /// out where the rest of the evaluation lies far outside the window (`lazy-eval`).
    /// Such an estimate is not kept in the evaluation cache.
    fn stand_pat_eval(&mut self, pos: &Position, alpha: Score, beta: Score) -> Score {
        if !self.features.lazy_eval {
            return self.leaf_eval(pos);
        }
        let key = pos.key();
        let noise = self.strength.noise(key);
        if let Some(eval) = self.eval_cache.get(key) {
            return eval + noise;
        }
        let estimate = evaluate_outside(
            pos,
            &self.eval_weights,
            &mut self.accumulator,
            alpha - noise,
            beta - noise,
        );
        if estimate.exact {
            self.eval_cache.put(key, estimate.score);
        }
        estimate.score + noise
    }

    /// Without a hash move the ordering is poor: a node of `depth` 4 or more is searched a
    /// ply shallower now, and the next iteration, with a move in the table, searches it
    /// fully.
    fn internal_reduction(&self, depth: i32, hash_move: Option<Move>) -> i32 {
        i32::from(self.features.internal_reduction && depth >= 4 && hash_move.is_none())
    }

    /// The extra ply a move from `ply` is searched with: one for a check, up to twice the
    /// iteration's depth.
    fn check_extension(&self, gives_check: bool, ply: usize) -> i32 {
        i32::from(self.extends_checks && gives_check && (ply as i32) < 2 * self.root_depth)
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

    /// Captures and promotions only, until the position is quiet. After a capture in a
    /// beast variant the roll is not expanded: the captures go on with the beast standing
    /// still, and the roll's expected cost is added (see [`Self::chance_node`] at depth 0).
    fn quiescence(&mut self, pos: &Position, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if pos.may_end(true)
            && let Some(outcome) = pos.outcome()
        {
            return self.contempt(outcome_score(pos, outcome, ply), ply);
        }
        // The table is asked and filled here too, except with a beast: there this search
        // runs on a position whose roll was skipped, with the roll's cost added outside.
        let dice = pos.variant().beast.is_some();
        let key = pos.key();
        let entry = if dice { None } else { self.tt.get(key) };
        if let Some(score) = self.table_cutoff(entry, 0, alpha, beta, ply) {
            return score;
        }
        let original_alpha = alpha;
        // A crowning is the only turn of a side whose king was taken, and crowning its
        // last berserker loses: it is played here like a capture, never stood pat on.
        let crowning = pos.owes_crowning();
        // In check every evasion is searched, since standing pat would ignore the threat
        // (not with a beast, whose quiescence runs with the rolls estimated).
        let evading = pos.variant().royal_king && pos.variant().beast.is_none() && pos.is_check();
        let mut best = -INFINITY;
        if !crowning && !evading || ply >= MAX_PLY - 1 {
            let stand_pat = self.stand_pat_eval(pos, alpha, beta);
            if stand_pat >= beta || ply >= MAX_PLY - 1 {
                if !dice {
                    self.store(key, 0, stand_pat, Bound::Lower, None, ply);
                }
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let hash_move = entry.and_then(|e| e.best);
        let (mut moves, no_moves) = self.ordered_moves(pos, ply, hash_move, !crowning && !evading);
        if no_moves && let Some(score) = self.terminal(pos, true, ply) {
            self.give_back(ply, moves);
            return self.contempt(score, ply);
        }
        let mut best_move = None;
        for i in 0..moves.len() {
            pick(&mut moves, i);
            let Ordered { class, m, .. } = moves[i];
            // A capture that loses the exchange will not lift the score above standing pat.
            if class == Class::LosingCapture && !evading {
                continue;
            }
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
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        self.give_back(ply, moves);
        if !dice && best > -INFINITY {
            let bound = Bound::of(best, original_alpha, beta);
            self.store(key, 0, best, bound, best_move, ply);
        }
        best
    }

    /// Has the position of `key` (a repetition key) been met before since the last
    /// capture or pawn move? Once is enough inside the search: a line that repeats can
    /// be repeated again.
    fn is_repetition(&self, key: u64, halfmove_clock: u32) -> bool {
        let window = halfmove_clock as usize;
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
