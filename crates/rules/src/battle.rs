//! Battle Chieftain's turns (rules.md 4, seed 003): placement, rook moves over field and
//! walls, holes only kings cross, sanctuary, the swap and the crowning after a capture.

use crate::battle_board::BattleBoard;
use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::options::HomeRows;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;

impl Position {
    fn battle_board(&self) -> &'static BattleBoard {
        self.variant
            .battle
            .as_ref()
            .expect("a Battle Chieftain variant")
    }

    /// Squares that are field now: the board's field, and every home-row square whose
    /// berserker has left it (all home rows with `home-rows=open`).
    pub fn field(&self) -> Bitboard {
        let board = self.battle_board();
        let homes = board.home_rows[0] | board.home_rows[1];
        match self.options.home_rows {
            HomeRows::Sanctuary => board.field | homes.without(self.unmoved),
            HomeRows::Open => board.field | homes,
        }
    }

    /// Where `color`'s pieces may end a move onto an enemy: field, or the enemy's wall.
    fn capture_squares(&self, color: Color) -> Bitboard {
        self.field() | self.battle_board().walls[(!color).index()]
    }

    /// The squares a piece of `color` on `from` reaches by sliding: a berserker stops at
    /// holes, a king crosses them.
    fn battle_slides(&self, from: Square, role: Role) -> Bitboard {
        let geo = self.geometry();
        let blockers = if role == Role::King {
            self.occupied()
        } else {
            self.occupied() | geo.holes
        };
        geo.orthogonal_attacks(from, blockers)
    }

    /// Battle Chieftain's side to move lost its king (none on the board nor in hand) and
    /// still has a berserker: its only turns are crownings.
    pub fn owes_crowning(&self) -> bool {
        let us = self.turn();
        self.variant().battle.is_some()
            && self.king(us).is_none()
            && self.hand(us)[Role::King.index()] == 0
            && self.pieces_of(us, Role::Berserker).non_empty()
    }

    /// Could a piece of `by` capture on `sq`, were it `by`'s turn? Geometry only: a side
    /// owing a crowning still attacks. Nobody captures on its own wall, and an unmoved
    /// berserker's square is not field (sanctuary).
    pub fn battle_attacked(&self, sq: Square, by: Color) -> bool {
        if !self.capture_squares(by).contains(sq) {
            return false;
        }
        let geo = self.geometry();
        let lines = geo.orthogonal_lines(sq) & self.pieces(by);
        for from in lines {
            let role = self.piece_at(from).map_or(Role::Berserker, |p| p.role);
            if self.battle_slides(from, role).contains(sq) {
                return true;
            }
        }
        false
    }

    /// The ordinary moves of the side to move.
    fn battle_moves(&self, out: &mut MoveList) {
        let us = self.turn;
        let enemies = self.pieces(!us) & self.capture_squares(us);
        let quiet = self.field().without(self.occupied());
        for from in self.pieces(us) {
            let role = self.piece_at(from).map_or(Role::Berserker, |p| p.role);
            for to in self.battle_slides(from, role) & (quiet | enemies) {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }

    pub(crate) fn generate_battle(&self, out: &mut MoveList) {
        let us = self.turn;
        let board = self.battle_board();
        if self.pieces_of(!us, Role::Berserker).is_empty()
            || self.pieces_of(us, Role::Berserker).is_empty()
        {
            // The last berserker is gone: the game is over.
            return;
        }
        if self.hands[us.index()][Role::King.index()] > 0 {
            for to in board.walls[us.index()].without(self.occupied()) {
                out.push(Move::new(to, to, MoveKind::Drop(Role::King)));
            }
            return;
        }
        let Some(king) = self.king(us) else {
            for to in self.pieces_of(us, Role::Berserker) {
                out.push(Move::new(to, to, MoveKind::Crown));
            }
            return;
        };
        self.battle_moves(out);
        if !self.battle_attacked(king, !us) {
            return;
        }
        // Attacked: a swap is allowed; if no ordinary move leaves the king unattacked (mate),
        // only swaps are.
        let mated = out.iter().all(|&m| {
            let mut next = self.clone();
            next.play(m);
            let king_now = if m.from == king { m.to } else { king };
            next.battle_attacked(king_now, !us)
        });
        if mated {
            out.clear();
        }
        for to in self.pieces_of(us, Role::Berserker) {
            out.push(Move::new(king, to, MoveKind::Swap));
        }
    }
}
