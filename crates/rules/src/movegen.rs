//! Legal move generation. With a royal king (chess, Wildebeest, Behemoth, Juggernaut)
//! pins and checks are found once per position, so every listed move is legal without
//! trying it. Without a king rule (Behemoth Loop) every move the pieces can make is
//! legal, the capture of the king included, and pieces in hand may be dropped.

use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind, MoveList};
use crate::geometry::Leap;
use crate::piece::{Color, Role};
use crate::position::{Position, castling_bit};
use crate::square::Square;
use crate::variant::MoveClass;

/// Which of a position's moves a generator makes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    All,
    /// Captures and promotions.
    Noisy,
    /// Enough to tell whether there is one.
    Any,
    /// Every move of the piece on one square.
    From(Square),
}

/// What every move of the side to move must respect: its king, and the pieces pinned
/// to it. Without a king rule nothing is pinned and `royal` is false.
struct Constraints {
    king: Square,
    pinned: Bitboard,
    royal: bool,
}

impl Position {
    /// Every legal turn of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    pub fn generate_legal(&self, out: &mut MoveList) {
        out.clear();
        if self.variant.battle.is_some() {
            self.generate_battle(out);
        } else if self.variant.royal_king {
            self.generate_royal(Wanted::All, out);
        } else {
            self.generate_king_capture(out);
        }
    }

    /// The legal captures and promotions (see [`Self::is_noisy`]), in the order
    /// [`Self::generate_legal`] lists them: what a capture search looks at, without
    /// making the quiet moves it would throw away.
    pub fn generate_noisy(&self, out: &mut MoveList) {
        out.clear();
        if self.has_plain_royal_moves() {
            self.generate_royal(Wanted::Noisy, out);
        } else {
            self.generate_legal(out);
            out.retain(|m| self.is_noisy(m));
        }
    }

    /// Whether the side to move has a legal turn, found without listing them all.
    pub fn has_legal_move(&self) -> bool {
        let mut found = MoveList::new();
        if self.has_plain_royal_moves() {
            self.generate_royal(Wanted::Any, &mut found);
        } else {
            self.generate_legal(&mut found);
        }
        !found.is_empty()
    }

    /// Whether `m`, a move from anywhere (a transposition table's, which may belong to
    /// another position), is a legal turn here. In chess and Wildebeest only the moves of
    /// the piece on its origin are made, not the whole list.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = MoveList::new();
        if self.has_plain_royal_moves() {
            self.generate_royal(Wanted::From(m.from), &mut found);
        } else {
            self.generate_legal(&mut found);
        }
        found.contains(&m)
    }

    /// Whether `m` (a legal move here) takes a piece, en passant included.
    pub fn is_capture(&self, m: Move) -> bool {
        (self.pieces(!self.turn).contains(m.to)
            && matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_)))
            || m.kind == MoveKind::EnPassant
    }

    /// Whether `m` (a legal move here) is a capture or a promotion.
    pub fn is_noisy(&self, m: Move) -> bool {
        self.is_capture(m) || matches!(m.kind, MoveKind::Promotion(_))
    }

    /// A royal king and nothing else to the rules of moving (no beast, no Battle
    /// Chieftain): chess and Wildebeest, whose moves can be made by kind.
    pub(crate) fn has_plain_royal_moves(&self) -> bool {
        self.variant.royal_king && self.variant.beast.is_none() && self.variant.battle.is_none()
    }

    /// The moves of a variant with a royal king: all of them, only the noisy ones (not
    /// with a beast), or enough to tell whether there is one.
    fn generate_royal(&self, wanted: Wanted, out: &mut MoveList) {
        let us = self.turn;
        let Some(king) = self.king(us) else {
            return;
        };
        if self.king(!us).is_none() {
            return;
        }
        let occupied = self.occupied();
        let checkers = self.attackers(king, !us, occupied);
        let constraints = Constraints {
            king,
            pinned: self.pinned(king, us, occupied),
            royal: true,
        };
        let board = self.geometry().board;
        // Where the pieces may land, and the pawns by a step forward.
        let (landing, pushes) = match wanted {
            Wanted::Noisy => (self.pieces(!us), self.variant.promotion_rank(us)),
            Wanted::All | Wanted::Any | Wanted::From(_) => (board, board),
        };
        // Whose moves are made.
        let from = match wanted {
            Wanted::From(from) => Bitboard::from_square(from),
            _ => board,
        };
        if from.contains(king) {
            self.king_moves(&constraints, landing, out);
        }
        if checkers.more_than_one() || wanted == Wanted::Any && !out.is_empty() {
            return;
        }
        let targets = match checkers.first() {
            Some(checker) => self.geometry().between(king, checker) | checkers,
            None => board.without(self.pieces(us) | self.neutral),
        };
        let targets = targets.without(self.pieces_of(!us, Role::King));
        let movers = from & self.pieces(us).without(self.by_role[Role::King.index()]);
        self.piece_moves(&constraints, movers, targets & landing, out);
        if wanted == Wanted::Any && !out.is_empty() {
            return;
        }
        self.pawn_moves(&constraints, movers, targets & pushes, targets, out);
        if checkers.is_empty() && wanted != Wanted::Noisy && from.contains(king) {
            self.castles(king, true, out);
        }
        if self.variant.beast.is_some() {
            self.exposed_king_captures(out);
        }
    }

    /// Behemoth Loop: no king rule, and drops from the hand. A king in hand must be
    /// dropped before anything else; a game whose king was captured has no moves.
    fn generate_king_capture(&self, out: &mut MoveList) {
        let us = self.turn;
        let empty = self.geometry().board.without(self.occupied());
        if self.hands[us.index()][Role::King.index()] > 0 {
            for to in empty {
                out.push(Move::new(to, to, MoveKind::Drop(Role::King)));
            }
            return;
        }
        let Some(king) = self.king(us) else {
            return;
        };
        let enemy_king_in_hand = self.hands[(!us).index()][Role::King.index()] > 0;
        if self.king(!us).is_none() && !enemy_king_in_hand {
            return;
        }
        let constraints = Constraints {
            king,
            pinned: Bitboard::EMPTY,
            royal: false,
        };
        let targets = self
            .geometry()
            .board
            .without(self.pieces(us) | self.neutral);
        self.piece_moves(&constraints, self.pieces(us), targets, out);
        let board = self.geometry().board;
        self.pawn_moves(&constraints, board, targets, targets, out);
        self.castles(king, false, out);
        self.drops(empty, out);
    }

    fn drops(&self, empty: Bitboard, out: &mut MoveList) {
        let us = self.turn;
        let back_ranks =
            self.variant.back_rank(Color::White) | self.variant.back_rank(Color::Black);
        for role in self.variant.roles.iter().copied() {
            if self.hands[us.index()][role.index()] == 0 {
                continue;
            }
            let squares = if role == Role::Pawn {
                empty.without(back_ranks)
            } else {
                empty
            };
            for to in squares {
                out.push(Move::new(to, to, MoveKind::Drop(role)));
            }
        }
    }

    /// Our pieces that alone stand between our king and an enemy slider.
    fn pinned(&self, king: Square, us: Color, occupied: Bitboard) -> Bitboard {
        let geo = self.geometry();
        let them = self.pieces(!us);
        let snipers = (geo.orthogonal_lines(king) & self.by_class[MoveClass::Orthogonal as usize]
            | geo.diagonal_lines(king) & self.by_class[MoveClass::Diagonal as usize])
            & them;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = geo.between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.pieces(us);
            }
        }
        pinned
    }

    /// King steps onto `landing` (the board, or only enemy pieces).
    fn king_moves(&self, c: &Constraints, landing: Bitboard, out: &mut MoveList) {
        let us = self.turn;
        let geo = self.geometry();
        let without_king = self.occupied() ^ Bitboard::from_square(c.king);
        let dests = geo
            .leap(Leap::King, c.king)
            .without(self.pieces(us) | self.neutral | self.pieces_of(!us, Role::King))
            & geo.board
            & landing;
        for to in dests {
            if !self.is_attacked(to, !us, without_king) {
                out.push(Move::new(c.king, to, MoveKind::Normal));
            }
        }
    }

    /// Moves of the pieces in `ours` that move by class (everything but pawns).
    fn piece_moves(&self, c: &Constraints, ours: Bitboard, targets: Bitboard, out: &mut MoveList) {
        let geo = self.geometry();
        let occupied = self.occupied();
        let mut emit = |from: Square, dests: Bitboard| {
            let dests = if c.pinned.contains(from) {
                dests & geo.line(c.king, from)
            } else {
                dests
            };
            for to in dests {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
        };
        for from in self.by_class[MoveClass::KnightLeap as usize] & ours {
            emit(from, geo.leap(Leap::Knight, from) & targets);
        }
        for from in self.by_class[MoveClass::CamelLeap as usize] & ours {
            emit(from, geo.leap(Leap::Camel, from) & targets);
        }
        for from in self.by_class[MoveClass::Diagonal as usize] & ours {
            emit(from, geo.diagonal_attacks(from, occupied) & targets);
        }
        for from in self.by_class[MoveClass::Orthogonal as usize] & ours {
            emit(from, geo.orthogonal_attacks(from, occupied) & targets);
        }
        for from in self.by_class[MoveClass::KingStep as usize] & ours {
            emit(from, geo.leap(Leap::King, from) & targets);
        }
    }

    /// Pawn moves set-wise: all pushes of one length at once (onto `push_targets`), then
    /// the two captures (onto `capture_targets`) and en passant.
    fn pawn_moves(
        &self,
        c: &Constraints,
        movers: Bitboard,
        push_targets: Bitboard,
        capture_targets: Bitboard,
        out: &mut MoveList,
    ) {
        let us = self.turn;
        let geo = self.geometry();
        let pawns = self.pieces_of(us, Role::Pawn) & movers;
        if pawns.is_empty() {
            return;
        }
        let board = geo.board;
        let shift = |b: Bitboard, delta: i32| -> Bitboard {
            if delta > 0 {
                Bitboard(b.0 << delta) & board
            } else {
                Bitboard(b.0 >> -delta) & board
            }
        };
        let empty = board.without(self.occupied());
        let files = geo.files as i32;
        let forward = if us == Color::White { files } else { -files };
        for steps in 1..=3 {
            let movers = pawns & self.variant.pawn_step_origins[us.index()][steps];
            if movers.is_empty() {
                break;
            }
            let mut reach = movers;
            for _ in 0..steps {
                reach = shift(reach, forward) & empty;
            }
            self.emit_pawn_moves(c, reach & push_targets, steps as i32 * forward, out);
        }
        let enemies = self.pieces(!us) & capture_targets;
        let (toward_a, toward_last) = if us == Color::White {
            (files - 1, files + 1)
        } else {
            (-files - 1, -files + 1)
        };
        let off_file_a = pawns.without(geo.file_mask(0));
        let off_last_file = pawns.without(geo.file_mask(geo.files - 1));
        self.emit_pawn_moves(c, shift(off_file_a, toward_a) & enemies, toward_a, out);
        self.emit_pawn_moves(
            c,
            shift(off_last_file, toward_last) & enemies,
            toward_last,
            out,
        );
        if let Some(victim) = self.ep_victim {
            for to in self.ep_squares & empty {
                for from in geo.pawn_attacks(!us, to) & pawns {
                    if !c.royal || self.en_passant_is_safe(c.king, from, to, victim) {
                        out.push(Move::new(from, to, MoveKind::EnPassant));
                    }
                }
            }
        }
    }

    /// Pawn moves onto `dests`, each from `delta` squares back; promotions expanded.
    #[inline(always)]
    fn emit_pawn_moves(&self, c: &Constraints, dests: Bitboard, delta: i32, out: &mut MoveList) {
        let geo = self.geometry();
        let promotion_rank = self.variant.promotion_rank(self.turn);
        let any_pinned = c.pinned.non_empty();
        for to in dests {
            let from = Square::new((to.raw() as i32 - delta) as u8);
            if any_pinned && c.pinned.contains(from) && !geo.line(c.king, from).contains(to) {
                continue;
            }
            if promotion_rank.contains(to) {
                for &role in &self.variant.promotion_roles {
                    out.push(Move::new(from, to, MoveKind::Promotion(role)));
                }
            } else {
                out.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }

    /// En passant removes two pawns from one line, so it is tried rather than reasoned.
    fn en_passant_is_safe(&self, king: Square, from: Square, to: Square, victim: Square) -> bool {
        let occupied =
            (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
                | Bitboard::from_square(to);
        (self.attackers(king, !self.turn, occupied) & !Bitboard::from_square(victim)).is_empty()
    }

    /// Castling moves; `royal` adds the rule that the king passes no attacked square.
    fn castles(&self, king: Square, royal: bool, out: &mut MoveList) {
        let us = self.turn;
        let geo = self.geometry();
        let rank = self.variant.relative_rank(us, 0);
        if self.castling & (castling_bit(us, 0) | castling_bit(us, 1)) == 0 {
            return;
        }
        let occupied = self.occupied();
        for (side, cs) in self.variant.castling[us.index()].iter().enumerate() {
            if self.castling & castling_bit(us, side) == 0 {
                continue;
            }
            let rook = geo.square(cs.rook_file, rank);
            if king != geo.square(cs.king_file, rank)
                || !self.pieces_of(us, Role::Rook).contains(rook)
            {
                continue;
            }
            if (geo.between(king, rook) & occupied).non_empty() {
                continue;
            }
            for &file in &cs.king_destinations {
                let to = geo.square(file, rank);
                let path = geo.between(king, to) | Bitboard::from_square(to);
                if royal
                    && path
                        .into_iter()
                        .any(|sq| self.is_attacked(sq, !us, occupied))
                {
                    // Every farther destination passes this square too.
                    break;
                }
                out.push(Move::new(king, to, MoveKind::Castle));
            }
        }
    }

    /// Beast variants only: a trample can leave the enemy king attacked on our turn;
    /// taking it is then legal for every attacker, pinned or not (rules.md 1).
    fn exposed_king_captures(&self, out: &mut MoveList) {
        let us = self.turn;
        let Some(enemy_king) = self.king(!us) else {
            return;
        };
        let promotion_rank = self.variant.promotion_rank(us);
        for from in self.attackers(enemy_king, us, self.occupied()) {
            let is_pawn = self.by_role[Role::Pawn.index()].contains(from);
            let kind = if is_pawn && promotion_rank.contains(enemy_king) {
                MoveKind::Promotion(self.variant.promotion_roles[0])
            } else {
                MoveKind::Normal
            };
            out.push(Move::new(from, enemy_king, kind));
        }
    }
}
