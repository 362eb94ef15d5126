//! A validated position: where every piece stands, whose turn it is, and the state that
//! the next turn depends on. Made only through [`crate::fen`] (which checks it) or by
//! playing a legal move on another position.

use crate::bitboard::Bitboard;
use crate::chess_move::{Move, MoveKind};
use crate::geometry::{Geometry, Leap};
use crate::options::RuleOptions;
use crate::piece::{Color, Piece, Role};
use crate::reach::class_attacks;
use crate::square::Square;
use crate::variant::{CastlingSide, MoveClass, Variant};
use crate::zobrist::KEYS;

/// Castling rights as four bits: `[color][side]` where side 0 is kingside.
pub const fn castling_bit(color: Color, side: usize) -> u8 {
    1 << (color as u8 * 2 + side as u8)
}

const EMPTY_CELL: u8 = 0xff;

#[derive(Clone)]
pub struct Position {
    pub(crate) variant: &'static Variant,
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; Role::COUNT],
    /// Pieces of both colours grouped by how they move (see [`MoveClass`]).
    pub(crate) by_class: [Bitboard; MoveClass::COUNT],
    /// The neutral piece (Behemoth, Juggernaut): an obstacle that belongs to no one.
    pub(crate) neutral: Bitboard,
    /// `color * 16 + role` per square, or [`EMPTY_CELL`].
    pub(crate) cells: [u8; Square::MAX_SQUARES],
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    /// Squares an enemy pawn may capture onto en passant this turn, and the pawn taken.
    pub(crate) ep_squares: Bitboard,
    pub(crate) ep_victim: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hands: [[u8; Role::COUNT]; 2],
    /// The beast variants: a player has moved and the dice are owed.
    pub(crate) chance_pending: bool,
    pub(crate) options: RuleOptions,
    /// Battle Chieftain: berserkers that have never moved (they keep their sanctuary).
    pub(crate) unmoved: Bitboard,
    pub(crate) key: u64,
}

impl Position {
    pub(crate) fn empty(variant: &'static Variant) -> Position {
        Position {
            variant,
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; Role::COUNT],
            by_class: [Bitboard::EMPTY; MoveClass::COUNT],
            neutral: Bitboard::EMPTY,
            cells: [EMPTY_CELL; Square::MAX_SQUARES],
            turn: Color::White,
            castling: 0,
            ep_squares: Bitboard::EMPTY,
            ep_victim: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hands: [[0; Role::COUNT]; 2],
            chance_pending: false,
            options: RuleOptions::default(),
            unmoved: Bitboard::EMPTY,
            key: 0,
        }
    }

    /// The variant's start position.
    pub fn start(variant: &'static Variant) -> Position {
        crate::fen::parse(variant, variant.start_fen).expect("every start FEN is valid")
    }

    /// The same position under other rule options.
    pub fn with_options(mut self, options: RuleOptions) -> Position {
        self.options = options;
        self
    }

    pub fn options(&self) -> &RuleOptions {
        &self.options
    }

    #[inline(always)]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    #[inline(always)]
    pub fn geometry(&self) -> &'static Geometry {
        &self.variant.geometry
    }

    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    pub fn ep_squares(&self) -> Bitboard {
        self.ep_squares
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    pub fn neutral(&self) -> Bitboard {
        self.neutral
    }

    pub fn hand(&self, color: Color) -> &[u8; Role::COUNT] {
        &self.hands[color.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline(always)]
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline(always)]
    pub fn pieces_of(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Every square something stands on, the neutral piece included.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1] | self.neutral
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let cell = self.cells[sq.index()];
        if cell == EMPTY_CELL {
            None
        } else {
            let color = if cell >> 4 == 0 {
                Color::White
            } else {
                Color::Black
            };
            Some(Piece::new(color, Role::ALL[(cell & 15) as usize]))
        }
    }

    #[inline(always)]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces_of(color, Role::King).first()
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= bb;
        self.by_role[piece.role.index()] |= bb;
        let mut classes = self.variant.movement[piece.role.index()];
        while classes != 0 {
            self.by_class[(classes.trailing_zeros() as usize) % MoveClass::COUNT] |= bb;
            classes &= classes - 1;
        }
        self.cells[sq.index()] = (piece.color as u8) << 4 | piece.role as u8;
        self.key ^= KEYS.piece(piece, sq);
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: Square, piece: Piece) {
        let bb = !Bitboard::from_square(sq);
        self.by_color[piece.color.index()] &= bb;
        self.by_role[piece.role.index()] &= bb;
        let mut classes = self.variant.movement[piece.role.index()];
        while classes != 0 {
            self.by_class[(classes.trailing_zeros() as usize) % MoveClass::COUNT] &= bb;
            classes &= classes - 1;
        }
        self.cells[sq.index()] = EMPTY_CELL;
        self.key ^= KEYS.piece(piece, sq);
    }

    /// Battle Chieftain: the berserker that stood unmoved on `sq` has moved, been
    /// captured or become king.
    #[inline(always)]
    pub(crate) fn lose_sanctuary(&mut self, sq: Square) {
        if self.unmoved.contains(sq) {
            self.unmoved.clear(sq);
            self.key ^= KEYS.sanctuary(sq);
        }
    }

    pub(crate) fn set_sanctuary(&mut self, sq: Square) {
        if !self.unmoved.contains(sq) {
            self.unmoved.set(sq);
            self.key ^= KEYS.sanctuary(sq);
        }
    }

    /// Battle Chieftain: berserkers that have not moved yet.
    pub fn unmoved(&self) -> Bitboard {
        self.unmoved
    }

    pub(crate) fn put_neutral(&mut self, sq: Square) {
        self.neutral.set(sq);
        self.key ^= KEYS.neutral(sq);
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.key ^= KEYS.castling(self.castling) ^ KEYS.castling(rights);
        self.castling = rights;
    }

    pub(crate) fn set_en_passant(&mut self, squares: Bitboard, victim: Option<Square>) {
        if let Some(old) = self.ep_victim {
            self.key ^= KEYS.en_passant(old);
        }
        if let Some(new) = victim {
            self.key ^= KEYS.en_passant(new);
        }
        self.ep_squares = squares;
        self.ep_victim = victim;
    }

    pub(crate) fn set_turn(&mut self, color: Color) {
        if self.turn != color {
            self.key ^= KEYS.black_to_move();
        }
        self.turn = color;
    }

    /// Pieces of `by` that attack `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let geo = self.geometry();
        let them = self.by_color[by.index()];
        let mut hits = geo.pawn_attacks(!by, sq) & self.by_role[Role::Pawn.index()];
        hits |= geo.leap(Leap::Knight, sq) & self.by_class[MoveClass::KnightLeap as usize];
        hits |= geo.leap(Leap::King, sq) & self.by_class[MoveClass::KingStep as usize];
        if self.by_class[MoveClass::CamelLeap as usize].non_empty() {
            hits |= geo.leap(Leap::Camel, sq) & self.by_class[MoveClass::CamelLeap as usize];
        }
        // Sliders are traced only when one stands on a line through the square.
        let orth = self.by_class[MoveClass::Orthogonal as usize] & them & geo.orthogonal_lines(sq);
        if orth.non_empty() {
            hits |= geo.orthogonal_attacks(sq, occupied) & orth;
        }
        let diag = self.by_class[MoveClass::Diagonal as usize] & them & geo.diagonal_lines(sq);
        if diag.non_empty() {
            hits |= geo.diagonal_attacks(sq, occupied) & diag;
        }
        hits & them
    }

    /// The squares a piece of `color` and `role` on `sq` attacks, `occupied` blocking, as
    /// the variant's movement has it.
    #[inline]
    pub fn attacks_of(&self, color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
        let geo = self.geometry();
        if role == Role::Pawn {
            return geo.pawn_attacks(color, sq);
        }
        let mut attacks = Bitboard::EMPTY;
        let mut classes = self.variant().movement[role.index()];
        while classes != 0 {
            let class = classes.trailing_zeros() as u8;
            classes &= classes - 1;
            attacks |= class_attacks(geo, class, sq, occupied);
        }
        attacks
    }

    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.attackers(sq, by, occupied).non_empty()
    }

    /// Enemy pieces attacking the king of the side to move.
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.turn) {
            Some(k) => self.attackers(k, !self.turn, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    pub fn is_check(&self) -> bool {
        self.checkers().non_empty()
    }

    /// The castling side a castle move uses (`to` is the king's destination).
    pub(crate) fn castling_side_of(
        &self,
        color: Color,
        king_from: Square,
        king_to: Square,
    ) -> (usize, &'static CastlingSide) {
        let side = if king_to > king_from { 0 } else { 1 };
        (side, &self.variant.castling[color.index()][side])
    }

    /// Rights lost when a piece leaves or arrives on `sq`.
    #[inline(always)]
    pub(crate) fn rights_touched(&self, sq: Square) -> u8 {
        let geo = self.geometry();
        let file = geo.file_of(sq);
        let rank = geo.rank_of(sq);
        let mut lost = 0;
        for color in Color::ALL {
            if rank != self.variant.relative_rank(color, 0) {
                continue;
            }
            for (side, cs) in self.variant.castling[color.index()].iter().enumerate() {
                if file == cs.king_file || file == cs.rook_file {
                    lost |= castling_bit(color, side);
                }
            }
        }
        lost
    }

    /// Plays a move that [`crate::movegen`] listed as legal. The caller keeps the old
    /// position if it needs it (copy-make).
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let geo = self.geometry();
        let ep_victim = self.ep_victim;
        self.set_en_passant(Bitboard::EMPTY, None);
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        match m.kind {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let piece = self.piece_at(m.from).expect("a piece on the move's origin");
                if let Some(captured) = self.piece_at(m.to) {
                    self.remove(m.to, captured);
                    self.halfmove_clock = 0;
                }
                self.remove(m.from, piece);
                self.lose_sanctuary(m.from);
                self.lose_sanctuary(m.to);
                let landing = match m.kind {
                    MoveKind::Promotion(role) => Piece::new(us, role),
                    _ => piece,
                };
                self.put(m.to, landing);
                if piece.role == Role::Pawn {
                    self.halfmove_clock = 0;
                    let distance = geo.rank_of(m.to).abs_diff(geo.rank_of(m.from));
                    if distance >= 2 {
                        self.note_multi_step(m.from, m.to);
                    }
                }
                if self.castling != 0 {
                    let lost = self.rights_touched(m.from) | self.rights_touched(m.to);
                    if lost & self.castling != 0 {
                        self.set_castling(self.castling & !lost);
                    }
                }
            }
            MoveKind::EnPassant => {
                let victim_sq = ep_victim.expect("en passant is listed only with a victim");
                self.remove(victim_sq, Piece::new(them, Role::Pawn));
                self.remove(m.from, Piece::new(us, Role::Pawn));
                self.put(m.to, Piece::new(us, Role::Pawn));
                self.halfmove_clock = 0;
            }
            MoveKind::Castle => {
                let (_, cs) = self.castling_side_of(us, m.from, m.to);
                let rank = geo.rank_of(m.from);
                let rook_from = geo.square(cs.rook_file, rank);
                let rook_to = geo.square(cs.rook_destination(geo.file_of(m.to)), rank);
                self.remove(m.from, Piece::new(us, Role::King));
                self.remove(rook_from, Piece::new(us, Role::Rook));
                self.put(m.to, Piece::new(us, Role::King));
                self.put(rook_to, Piece::new(us, Role::Rook));
                let lost = castling_bit(us, 0) | castling_bit(us, 1);
                self.set_castling(self.castling & !lost);
            }
            MoveKind::Swap => {
                self.remove(m.from, Piece::new(us, Role::King));
                self.remove(m.to, Piece::new(us, Role::Berserker));
                self.put(m.from, Piece::new(us, Role::Berserker));
                self.put(m.to, Piece::new(us, Role::King));
                self.lose_sanctuary(m.to);
            }
            MoveKind::Crown => {
                self.remove(m.to, Piece::new(us, Role::Berserker));
                self.put(m.to, Piece::new(us, Role::King));
                self.lose_sanctuary(m.to);
            }
            MoveKind::Drop(role) => {
                self.hands[us.index()][role.index()] -= 1;
                let left = self.hands[us.index()][role.index()] as usize;
                self.key ^= KEYS.hand(us, role, left + 1) ^ KEYS.hand(us, role, left);
                self.put(m.to, Piece::new(us, role));
                self.halfmove_clock = 0;
            }
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.set_turn(them);
        if self.variant.beast.is_some() {
            self.set_chance_pending(true);
        }
    }

    /// After a pawn's 2- or 3-step: remember the squares it passed, if an enemy pawn
    /// could take it on one of them.
    fn note_multi_step(&mut self, from: Square, to: Square) {
        let geo = self.geometry();
        let passed = geo.between(from, to);
        let us = self.turn;
        let mut capturable = Bitboard::EMPTY;
        for sq in passed {
            if (geo.pawn_attacks(us, sq) & self.pieces_of(!us, Role::Pawn)).non_empty() {
                capturable.set(sq);
            }
        }
        if capturable.non_empty() {
            self.set_en_passant(capturable, Some(to));
        }
    }

    /// Has the side to move's king been left capturable (only possible in the beast
    /// variants, where a trample can remove a blocker)?
    pub fn enemy_king_exposed(&self) -> bool {
        match self.king(!self.turn) {
            Some(k) => self.is_attacked(k, self.turn, self.occupied()),
            None => false,
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Position({} {})",
            self.variant.id,
            crate::fen::write(self)
        )
    }
}
