//! Continuation history: how often a quiet move refuted the position reached by the
//! move before it, by the two moves' pieces and destinations. It tells apart replies the
//! plain history lumps together (the same knight jump is good after one enemy move and
//! poor after another).

use rules::{Move, MoveKind, Position, Role};

/// A piece and the square it moves to, as an index.
const PIECE_SQUARES: usize = Role::COUNT * 128;
/// Values move toward ±LIMIT, more slowly the closer they are.
pub const LIMIT: i32 = 16_384;

pub struct ContinuationHistory {
    table: Box<[[i32; PIECE_SQUARES]]>,
}

impl ContinuationHistory {
    pub fn new() -> ContinuationHistory {
        ContinuationHistory {
            table: vec![[0; PIECE_SQUARES]; PIECE_SQUARES].into_boxed_slice(),
        }
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|row| row.fill(0));
    }

    /// The value of the quiet move `m` in `pos`, reached by `previous`.
    pub fn get(&self, pos: &Position, previous: Option<Move>, m: Move) -> i32 {
        match (previous.and_then(|p| reached_by(pos, p)), moving(pos, m)) {
            (Some(before), Some(now)) => self.table[before][now],
            _ => 0,
        }
    }

    /// `bonus` (a penalty when negative) to `m` as a reply to `previous` in `pos`.
    pub fn adjust(&mut self, pos: &Position, previous: Option<Move>, m: Move, bonus: i32) {
        if let (Some(before), Some(now)) =
            (previous.and_then(|p| reached_by(pos, p)), moving(pos, m))
        {
            let entry = &mut self.table[before][now];
            *entry += 32 * bonus - *entry * bonus.abs() / (LIMIT / 32);
            *entry = (*entry).clamp(-LIMIT, LIMIT);
        }
    }
}

impl Default for ContinuationHistory {
    fn default() -> ContinuationHistory {
        ContinuationHistory::new()
    }
}

/// The piece `m` moves (or drops) in `pos`, with its destination.
fn moving(pos: &Position, m: Move) -> Option<usize> {
    let role = match m.kind {
        MoveKind::Drop(role) => role,
        _ => pos.piece_at(m.from)?.role,
    };
    Some(role.index() * 128 + m.to.slot())
}

/// The piece that `previous` brought to its square, as it stands in `pos` (none when the
/// beast trampled it since).
fn reached_by(pos: &Position, previous: Move) -> Option<usize> {
    let role = pos.piece_at(previous.to)?.role;
    Some(role.index() * 128 + previous.to.slot())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{VariantId, uci_move};

    fn find(pos: &Position, uci: &str) -> Move {
        uci_move::parse(pos, uci).unwrap()
    }

    #[test]
    fn a_reply_is_remembered_after_its_move_only() {
        let mut history = ContinuationHistory::new();
        let start = Position::start(VariantId::Chess.rules().unwrap());
        let (e4, d4) = (find(&start, "e2e4"), find(&start, "d2d4"));
        let mut after_e4 = start.clone();
        after_e4.play(e4);
        let mut after_d4 = start.clone();
        after_d4.play(d4);
        let reply = find(&after_e4, "g8f6");
        history.adjust(&after_e4, Some(e4), reply, 100);
        assert!(history.get(&after_e4, Some(e4), reply) > 0);
        assert_eq!(history.get(&after_d4, Some(d4), reply), 0);
        history.adjust(&after_e4, Some(e4), reply, -400);
        assert!(history.get(&after_e4, Some(e4), reply) < 0);
        history.clear();
        assert_eq!(history.get(&after_e4, Some(e4), reply), 0);
    }
}
