//! The nine games as values: board shape, how each role moves, the start position and
//! the rule switches. One move generator reads these; no variant has code of its own
//! except the few hooks rules.md names.

use crate::battle_board::{self, BattleBoard};
use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::piece::{Color, Role};
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantId {
    Chess,
    Behemoth,
    Juggernaut,
    BehemothLoop,
    BattleChieftain,
    BattleChieftainFarWalls,
    BattleChieftainDifferingField,
    BattleChieftainUnevenField,
    Wildebeest,
}

impl VariantId {
    pub const ALL: [VariantId; 9] = [
        VariantId::Chess,
        VariantId::Behemoth,
        VariantId::Juggernaut,
        VariantId::BehemothLoop,
        VariantId::BattleChieftain,
        VariantId::BattleChieftainFarWalls,
        VariantId::BattleChieftainDifferingField,
        VariantId::BattleChieftainUnevenField,
        VariantId::Wildebeest,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            VariantId::Chess => "chess",
            VariantId::Behemoth => "behemoth",
            VariantId::Juggernaut => "juggernaut",
            VariantId::BehemothLoop => "behemoth-loop",
            VariantId::BattleChieftain => "battle-chieftain",
            VariantId::BattleChieftainFarWalls => "battle-chieftain-far-walls",
            VariantId::BattleChieftainDifferingField => "battle-chieftain-differing-field",
            VariantId::BattleChieftainUnevenField => "battle-chieftain-uneven-field",
            VariantId::Wildebeest => "wildebeest",
        }
    }

    /// The variant's rules, if this build plays it yet.
    pub fn rules(self) -> Result<&'static Variant, crate::error::VariantError> {
        match self {
            VariantId::Chess => Ok(&CHESS),
            VariantId::Behemoth => Ok(&BEHEMOTH),
            VariantId::Juggernaut => Ok(&JUGGERNAUT),
            VariantId::BehemothLoop => Ok(&BEHEMOTH_LOOP),
            VariantId::BattleChieftain => Ok(&BATTLE_CHIEFTAIN),
            VariantId::BattleChieftainFarWalls => Ok(&BATTLE_CHIEFTAIN_FAR_WALLS),
            VariantId::BattleChieftainDifferingField => Ok(&BATTLE_CHIEFTAIN_DIFFERING_FIELD),
            VariantId::BattleChieftainUnevenField => Ok(&BATTLE_CHIEFTAIN_UNEVEN_FIELD),
            VariantId::Wildebeest => Ok(&WILDEBEEST),
        }
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for VariantId {
    type Err = crate::error::VariantError;

    fn from_str(s: &str) -> Result<VariantId, Self::Err> {
        VariantId::ALL
            .into_iter()
            .find(|id| id.name() == s)
            .ok_or_else(|| crate::error::VariantError::Unknown(s.to_string()))
    }
}

/// Movement classes: each role moves as the union of its classes. A queen is a rook and
/// a bishop; a wildebeest is a knight and a camel.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveClass {
    Orthogonal = 0,
    Diagonal = 1,
    KnightLeap = 2,
    CamelLeap = 3,
    KingStep = 4,
}

impl MoveClass {
    pub const COUNT: usize = 5;

    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The movement classes of each role, as bit sets of [`MoveClass::bit`]. Pawns move by
/// their own rules and have no class.
pub type Movement = [u8; Role::COUNT];

const fn orthodox_movement() -> Movement {
    let mut m = [0u8; Role::COUNT];
    m[Role::Knight as usize] = MoveClass::KnightLeap.bit();
    m[Role::Bishop as usize] = MoveClass::Diagonal.bit();
    m[Role::Rook as usize] = MoveClass::Orthogonal.bit();
    m[Role::Queen as usize] = MoveClass::Orthogonal.bit() | MoveClass::Diagonal.bit();
    m[Role::King as usize] = MoveClass::KingStep.bit();
    m[Role::Camel as usize] = MoveClass::CamelLeap.bit();
    m[Role::Wildebeest as usize] = MoveClass::KnightLeap.bit() | MoveClass::CamelLeap.bit();
    m[Role::Berserker as usize] = MoveClass::Orthogonal.bit();
    m
}

/// One castling direction of one side.
#[derive(Clone, Debug)]
pub struct CastlingSide {
    pub king_file: u8,
    pub rook_file: u8,
    /// Files the king may land on, nearest first.
    pub king_destinations: Vec<u8>,
}

impl CastlingSide {
    /// Kingside is toward higher files.
    pub fn is_kingside(&self) -> bool {
        self.rook_file > self.king_file
    }

    /// Where the rook lands when the king lands on `king_to_file`: beside it, on the
    /// side the king came from.
    pub fn rook_destination(&self, king_to_file: u8) -> u8 {
        if self.is_kingside() {
            king_to_file - 1
        } else {
            king_to_file + 1
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StalemateRule {
    Draw,
    /// The stalemated side loses (Wildebeest).
    LossForStalemated,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InsufficientMaterialRule {
    /// K v K, K+B v K, K+N v K.
    Orthodox,
    /// K v K only.
    KingsOnly,
    /// The beast can still decide the game.
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Beast {
    /// d8 direction, d4 distance, toroidal.
    Behemoth,
    /// d10: one step, stay, or teleport.
    Juggernaut,
}

#[derive(Debug)]
pub struct Variant {
    pub id: VariantId,
    pub geometry: Geometry,
    pub movement: Movement,
    /// Roles that may stand on this board, in FEN-letter lookup order.
    pub roles: Vec<Role>,
    pub start_fen: &'static str,
    pub promotion_roles: Vec<Role>,
    /// Indexed by a pawn's rank counted from its own side (0-based): how many squares it
    /// may advance from there.
    pub pawn_steps: Vec<u8>,
    /// `[color][n]`: the squares from which a pawn may advance `n` squares (1 to 3),
    /// derived from `pawn_steps`.
    pub pawn_step_origins: [[Bitboard; 4]; 2],
    /// `[color][0 = kingside, 1 = queenside]`.
    pub castling: [[CastlingSide; 2]; 2],
    pub stalemate: StalemateRule,
    pub insufficient_material: InsufficientMaterialRule,
    pub beast: Option<Beast>,
    /// A royal king must not be left attacked (checkmate ends the game). Without it the
    /// king may be left attacked and is captured to win (Behemoth Loop).
    pub royal_king: bool,
    /// Trampled pieces go to their owner's hand and can be dropped (Behemoth Loop); in
    /// Battle Chieftain a king waiting to be placed is in hand.
    pub hands: bool,
    /// Battle Chieftain's square kinds; its turns follow their own rules.
    pub battle: Option<BattleBoard>,
    /// No legal game gives a side more pieces than it starts with; positions with more
    /// are refused, which also bounds the number of moves a position can have.
    pub max_pieces_per_side: u32,
}

impl Variant {
    /// Fills in the tables derived from the other fields.
    fn derive_tables(mut self) -> Variant {
        for color in Color::ALL {
            for steps in 1..4u8 {
                let mut origins = Bitboard::EMPTY;
                for rank in 0..self.geometry.ranks {
                    let relative = self.relative_rank(color, rank) as usize;
                    // Pawns never stand on either end rank.
                    let on_board = relative > 0 && relative + 1 < self.geometry.ranks as usize;
                    if on_board && self.pawn_steps[relative] >= steps {
                        origins |= self.geometry.rank_mask(rank);
                    }
                }
                self.pawn_step_origins[color.index()][steps as usize] = origins;
            }
        }
        self
    }

    pub fn role_from_char(&self, c: char) -> Option<Role> {
        let upper = c.to_ascii_uppercase();
        self.roles.iter().copied().find(|r| r.upper_char() == upper)
    }

    /// A rank counted from `color`'s own side, 0-based.
    #[inline(always)]
    pub fn relative_rank(&self, color: Color, rank: u8) -> u8 {
        match color {
            Color::White => rank,
            Color::Black => self.geometry.ranks - 1 - rank,
        }
    }

    pub fn back_rank(&self, color: Color) -> Bitboard {
        self.geometry.rank_mask(self.relative_rank(color, 0))
    }

    pub fn promotion_rank(&self, color: Color) -> Bitboard {
        self.geometry
            .rank_mask(self.relative_rank(color, self.geometry.ranks - 1))
    }
}

fn orthodox_castling(
    king_file: u8,
    rook_files: (u8, u8),
    dests: (Vec<u8>, Vec<u8>),
) -> [[CastlingSide; 2]; 2] {
    let side = || {
        [
            CastlingSide {
                king_file,
                rook_file: rook_files.1,
                king_destinations: dests.0.clone(),
            },
            CastlingSide {
                king_file,
                rook_file: rook_files.0,
                king_destinations: dests.1.clone(),
            },
        ]
    };
    [side(), side()]
}

fn eight_by_eight(id: VariantId, beast: Option<Beast>, start_fen: &'static str) -> Variant {
    let loop_rules = id == VariantId::BehemothLoop;
    Variant {
        id,
        geometry: Geometry::new(8, 8, Bitboard::EMPTY),
        movement: orthodox_movement(),
        roles: vec![
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ],
        start_fen,
        promotion_roles: vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        pawn_steps: vec![1, 2, 1, 1, 1, 1, 1, 1],
        pawn_step_origins: Default::default(),
        castling: orthodox_castling(4, (0, 7), (vec![6], vec![2])),
        stalemate: StalemateRule::Draw,
        insufficient_material: if beast.is_some() {
            InsufficientMaterialRule::Never
        } else {
            InsufficientMaterialRule::Orthodox
        },
        beast,
        royal_king: !loop_rules,
        hands: loop_rules,
        battle: None,
        max_pieces_per_side: 16,
    }
    .derive_tables()
}

pub static CHESS: LazyLock<Variant> = LazyLock::new(|| {
    eight_by_eight(
        VariantId::Chess,
        None,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
});

pub static BEHEMOTH: LazyLock<Variant> = LazyLock::new(|| {
    eight_by_eight(
        VariantId::Behemoth,
        Some(Beast::Behemoth),
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
});

pub static JUGGERNAUT: LazyLock<Variant> = LazyLock::new(|| {
    eight_by_eight(
        VariantId::Juggernaut,
        Some(Beast::Juggernaut),
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
});

pub static BEHEMOTH_LOOP: LazyLock<Variant> = LazyLock::new(|| {
    eight_by_eight(
        VariantId::BehemothLoop,
        Some(Beast::Behemoth),
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    )
});

pub static WILDEBEEST: LazyLock<Variant> = LazyLock::new(|| {
    Variant {
        id: VariantId::Wildebeest,
        geometry: Geometry::new(11, 10, Bitboard::EMPTY),
        movement: orthodox_movement(),
        roles: vec![
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
            Role::Camel,
            Role::Wildebeest,
        ],
        start_fen: "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1",
        promotion_roles: vec![Role::Queen, Role::Wildebeest],
        pawn_steps: vec![1, 3, 2, 1, 1, 1, 1, 1, 1, 1],
        pawn_step_origins: Default::default(),
        castling: orthodox_castling(5, (0, 10), (vec![6, 7, 8, 9], vec![4, 3, 2, 1])),
        stalemate: StalemateRule::LossForStalemated,
        insufficient_material: InsufficientMaterialRule::KingsOnly,
        beast: None,
        royal_king: true,
        hands: false,
        battle: None,
        max_pieces_per_side: 22,
    }
    .derive_tables()
});

fn battle_chieftain(id: VariantId) -> Variant {
    let (geometry, board) = battle_board::build(id);
    let mut movement = [0u8; Role::COUNT];
    movement[Role::King as usize] = MoveClass::Orthogonal.bit();
    movement[Role::Berserker as usize] = MoveClass::Orthogonal.bit();
    let side = || {
        [
            CastlingSide {
                king_file: 0,
                rook_file: 0,
                king_destinations: Vec::new(),
            },
            CastlingSide {
                king_file: 0,
                rook_file: 0,
                king_destinations: Vec::new(),
            },
        ]
    };
    Variant {
        id,
        geometry,
        movement,
        roles: vec![Role::Berserker, Role::King],
        start_fen: "bbbbbbbbbb/10/10/10/10/10/10/10/10/10/BBBBBBBBBB[Kk] w ABCDEFGHIJabcdefghij - 0 1",
        promotion_roles: Vec::new(),
        pawn_steps: vec![0; 11],
        pawn_step_origins: Default::default(),
        castling: [side(), side()],
        stalemate: StalemateRule::LossForStalemated,
        insufficient_material: InsufficientMaterialRule::Never,
        beast: None,
        royal_king: false,
        hands: true,
        battle: Some(board),
        max_pieces_per_side: 11,
    }
}

pub static BATTLE_CHIEFTAIN: LazyLock<Variant> =
    LazyLock::new(|| battle_chieftain(VariantId::BattleChieftain));
pub static BATTLE_CHIEFTAIN_FAR_WALLS: LazyLock<Variant> =
    LazyLock::new(|| battle_chieftain(VariantId::BattleChieftainFarWalls));
pub static BATTLE_CHIEFTAIN_DIFFERING_FIELD: LazyLock<Variant> =
    LazyLock::new(|| battle_chieftain(VariantId::BattleChieftainDifferingField));
pub static BATTLE_CHIEFTAIN_UNEVEN_FIELD: LazyLock<Variant> =
    LazyLock::new(|| battle_chieftain(VariantId::BattleChieftainUnevenField));
