//! The search's optional pieces, each of which a match can switch off
//! (`without=rfp`) to measure what it is worth against the same engine with it.

/// Which optional pieces the search uses; all are on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Static exchange evaluation: losing captures ordered last and dropped from the
    /// capture search, and losing moves pruned near the leaves.
    pub see: bool,
    /// A move that gives check is searched one ply deeper.
    pub check_extension: bool,
    /// Reverse futility: a node whose static evaluation beats beta by a margin that
    /// grows with depth returns at once.
    pub reverse_futility: bool,
    /// Futility: quiet moves near the leaves that cannot lift a hopeless evaluation up to
    /// alpha are skipped.
    pub futility: bool,
    /// Late-move pruning: near the leaves, quiet moves after the first few are skipped.
    pub late_move_pruning: bool,
    /// The root is searched with a narrow window around the last iteration's score.
    pub aspiration: bool,
    /// Windows are narrowed to the scores a mate from this ply could still have.
    pub mate_distance: bool,
    /// A node without a hash move is searched a ply less deep.
    pub internal_reduction: bool,
    /// The quiet move that last refuted the previous move is tried early.
    pub counter_move: bool,
    /// Star2 at the chance nodes: every roll is probed through one move before Star1
    /// searches them, and the node fails high when the probes show every roll does.
    pub star2: bool,
    /// The static evaluation used for pruning is corrected by how far it has lately
    /// been from the search's results in the same pawn structure.
    pub correction_history: bool,
    /// ProbCut: a capture whose shallow search beats beta by a margin ends a deep node.
    pub probcut: bool,
    /// The table's move is searched before the other moves are generated.
    pub staged_hash_move: bool,
    /// Killers, the counter-move (a ply less) and losing captures are reduced late too,
    /// not only plain quiet moves.
    pub lmr_classes: bool,
    /// Near the leaves, late quiet moves whose history is far below zero are skipped.
    pub history_pruning: bool,
    /// Quiet moves are reduced a ply more where the table's move is a capture or a
    /// promotion.
    pub capture_lmr: bool,
    /// Principal-variation nodes are searched, not ended by the table's bounds (only
    /// null-window nodes are), so the line a search reports is one it searched.
    pub full_pv: bool,
    /// Only checks that do not lose the exchange are extended.
    pub safe_check_extension: bool,
    /// Reverse futility returns the mean of the evaluation and beta, not the evaluation.
    pub rfp_blend: bool,
    /// No null move where the table holds an upper bound below beta.
    pub null_move_table: bool,
    /// Quiet moves that take a piece away from a lesser piece's attack are tried earlier,
    /// and those that put one under it later.
    pub threat_ordering: bool,
    /// A capture search's stand-pat leaves out the tapered terms where the rest of the
    /// evaluation lies far outside the window.
    pub lazy_eval: bool,
}

impl Features {
    pub const ALL: Features = Features {
        see: true,
        check_extension: true,
        reverse_futility: true,
        futility: true,
        late_move_pruning: true,
        aspiration: true,
        mate_distance: true,
        internal_reduction: true,
        counter_move: true,
        star2: true,
        correction_history: true,
        probcut: true,
        staged_hash_move: true,
        lmr_classes: true,
        history_pruning: true,
        capture_lmr: true,
        full_pv: true,
        safe_check_extension: true,
        rfp_blend: true,
        null_move_table: true,
        threat_ordering: true,
        lazy_eval: true,
    };

    /// The names `without=NAME` takes.
    pub const NAMES: [&'static str; 22] = [
        "see",
        "check-extension",
        "rfp",
        "futility",
        "lmp",
        "aspiration",
        "mate-distance",
        "iir",
        "counter-move",
        "star2",
        "correction",
        "probcut",
        "staged",
        "lmr-classes",
        "history-pruning",
        "capture-lmr",
        "full-pv",
        "safe-checks",
        "rfp-blend",
        "null-table",
        "threats",
        "lazy-eval",
    ];

    /// Switches one piece off by name (`all` switches every one off).
    pub fn switch_off(&mut self, name: &str) -> Result<(), String> {
        match name {
            "see" => self.see = false,
            "check-extension" => self.check_extension = false,
            "rfp" => self.reverse_futility = false,
            "futility" => self.futility = false,
            "lmp" => self.late_move_pruning = false,
            "aspiration" => self.aspiration = false,
            "mate-distance" => self.mate_distance = false,
            "iir" => self.internal_reduction = false,
            "counter-move" => self.counter_move = false,
            "star2" => self.star2 = false,
            "correction" => self.correction_history = false,
            "probcut" => self.probcut = false,
            "staged" => self.staged_hash_move = false,
            "lmr-classes" => self.lmr_classes = false,
            "history-pruning" => self.history_pruning = false,
            "capture-lmr" => self.capture_lmr = false,
            "full-pv" => self.full_pv = false,
            "safe-checks" => self.safe_check_extension = false,
            "rfp-blend" => self.rfp_blend = false,
            "null-table" => self.null_move_table = false,
            "threats" => self.threat_ordering = false,
            "lazy-eval" => self.lazy_eval = false,
            "all" => *self = Features::NONE,
            _ => {
                return Err(format!(
                    "unknown search feature '{name}' ({}, all)",
                    Features::NAMES.join(", ")
                ));
            }
        }
        Ok(())
    }

    pub const NONE: Features = Features {
        see: false,
        check_extension: false,
        reverse_futility: false,
        futility: false,
        late_move_pruning: false,
        aspiration: false,
        mate_distance: false,
        internal_reduction: false,
        counter_move: false,
        star2: false,
        correction_history: false,
        probcut: false,
        staged_hash_move: false,
        lmr_classes: false,
        history_pruning: false,
        capture_lmr: false,
        full_pv: false,
        safe_check_extension: false,
        rfp_blend: false,
        null_move_table: false,
        threat_ordering: false,
        lazy_eval: false,
    };
}

impl Default for Features {
    fn default() -> Features {
        Features::ALL
    }
}
