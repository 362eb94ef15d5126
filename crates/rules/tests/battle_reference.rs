//! Battle Chieftain Chess (rules.md section 4, seed 003): the kernel's legal turns against a
//! naive reference written here from the rules alone, on all four boards and under both
//! `home-rows` settings.
//!
//! The reference reads a FEN into a plain 10x11 array of FEN letters, knows the four boards
//! as text diagrams copied from rules.md, and lists every legal turn with obvious loops:
//! rook slides (berserkers stop at holes, kings pass over them), where a move may end
//! (field; the enemy's wall only to capture; never one's own wall or a hole), sanctuary for
//! unmoved berserkers, king placement, swaps when the king is attacked (only swaps when it
//! is checkmated), the owed crowning after a king was captured, and no turn at all once a
//! side has no berserker. Positions come from random games played through the kernel and
//! from random FEN placements; both use a fixed seed. In the random games every turn the
//! kernel plays is also played by the reference (placement, crowning, swap, move or
//! capture, and who keeps sanctuary), and the kernel's FEN afterwards must match, and read
//! back to the same turns.

use rules::{MoveKind, Position, Role, RuleOptions, VariantId, fen, uci_move};

mod common;
use common::{Rng, moves as kernel_moves};

const BOARDS: [VariantId; 4] = [
    VariantId::BattleChieftain,
    VariantId::BattleChieftainFarWalls,
    VariantId::BattleChieftainDifferingField,
    VariantId::BattleChieftainUnevenField,
];
const SETTINGS: [&str; 2] = ["home-rows=sanctuary", "home-rows=open"];

/// Per board and setting.
const RANDOM_GAME_POSITIONS: usize = 3000;
/// Per board and setting.
const CRAFTED_POSITIONS: usize = 3000;
/// Mismatches shown in the failure message (all are counted).
const SHOWN: usize = 8;

const FILES: usize = 10;
const RANKS: usize = 11;

// ---------------------------------------------------------------------------------------
// The boards, from rules.md's diagrams (rank 11 first). `B` is Black's home row, `W` is
// Black's wall, `w` White's wall, `b` White's home row, `X` field, `-` a hole.

const STANDARD: [&str; RANKS] = [
    "BBBBBBBBBB",
    "-W-WWWW-W-",
    "-XXXXXXXX-",
    "-XXX--XXX-",
    "-XXXXXXXX-",
    "XX-XXXX-XX",
    "-XXXXXXXX-",
    "-XXX--XXX-",
    "-XXXXXXXX-",
    "-w-wwww-w-",
    "bbbbbbbbbb",
];
const FAR_WALLS: [&str; RANKS] = [
    "BBBBBBBBBB",
    "-w-wwww-w-",
    "-XXXXXXXX-",
    "-XXX--XXX-",
    "-XXXXXXXX-",
    "XX-XXXX-XX",
    "-XXXXXXXX-",
    "-XXX--XXX-",
    "-XXXXXXXX-",
    "-W-WWWW-W-",
    "bbbbbbbbbb",
];
const DIFFERING_FIELD: [&str; RANKS] = [
    "BBBBBBBBBB",
    "-W-WWWW-W-",
    "-XXXXXXXX-",
    "-XX-XX-XX-",
    "-XXXXXXXX-",
    "XX-XXXX-XX",
    "-XXXXXXXX-",
    "-XX-XX-XX-",
    "-XXXXXXXX-",
    "-w-wwww-w-",
    "bbbbbbbbbb",
];
const UNEVEN_FIELD: [&str; RANKS] = [
    "BBBBBBBBBB",
    "-W-WWWW-W-",
    "-XXXXXXXX-",
    "-XX-XX-XX-",
    "-XXXXXXXX-",
    "XX-XXXX-XX",
    "-XXXXXXXX-",
    "-XXX--XXX-",
    "-XXXXXXXX-",
    "-w-wwww-w-",
    "bbbbbbbbbb",
];

/// Side indices: 0 White, 1 Black.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Hole,
    Field,
    /// A home-row square of this side.
    Home(usize),
    /// A wall square of this side.
    Wall(usize),
}

type Layout = [[Kind; FILES]; RANKS];

fn layout(id: VariantId) -> Layout {
    let diagram = match id {
        VariantId::BattleChieftain => STANDARD,
        VariantId::BattleChieftainFarWalls => FAR_WALLS,
        VariantId::BattleChieftainDifferingField => DIFFERING_FIELD,
        VariantId::BattleChieftainUnevenField => UNEVEN_FIELD,
        other => panic!("not a Battle Chieftain board: {other:?}"),
    };
    let mut kinds = [[Kind::Hole; FILES]; RANKS];
    for (row, text) in diagram.iter().enumerate() {
        let rank = RANKS - 1 - row;
        for (file, c) in text.bytes().enumerate() {
            kinds[rank][file] = match c {
                b'-' => Kind::Hole,
                b'X' => Kind::Field,
                b'b' => Kind::Home(0),
                b'B' => Kind::Home(1),
                b'w' => Kind::Wall(0),
                b'W' => Kind::Wall(1),
                other => panic!("bad diagram letter {}", other as char),
            };
        }
    }
    kinds
}

// ---------------------------------------------------------------------------------------
// The reference.

const EMPTY: u8 = b'.';

/// A position as plain data: `board[rank][file]` holds `B`, `b`, `K`, `k` or `.`; rank 0
/// is rank 1.
#[derive(Clone)]
struct RefPos {
    kinds: Layout,
    board: [[u8; FILES]; RANKS],
    /// Berserkers that have never moved (from the FEN's third field).
    unmoved: [[bool; FILES]; RANKS],
    /// Kings waiting to be placed, index 0 White, 1 Black.
    in_hand: [bool; 2],
    white_to_move: bool,
    /// `home-rows=open`: every home-row square is field from the start.
    open: bool,
}

/// What a position offered (to report how much the test covered).
#[derive(Default)]
struct Seen {
    placement: bool,
    crowning: bool,
    attacked: bool,
    swap: bool,
    mate: bool,
    game_over: bool,
    /// A capture of a king on its own wall, of a berserker on its own wall (a king turned
    /// berserker), a king move over a hole, a capture refused by sanctuary, the king on the
    /// enemy's wall in an enemy piece's line but safe there.
    king_wall_capture: bool,
    berserker_wall_capture: bool,
    over_hole: bool,
    sanctuary_block: bool,
    safe_on_enemy_wall: bool,
}

fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn side_of(c: u8) -> Option<usize> {
    match c {
        b'B' | b'K' => Some(0),
        b'b' | b'k' => Some(1),
        _ => None,
    }
}

fn is_king(c: u8) -> bool {
    c == b'K' || c == b'k'
}

fn ref_parse(fen_text: &str, id: VariantId, open: bool) -> RefPos {
    let fields: Vec<&str> = fen_text.split_whitespace().collect();
    let (placement, hand) = match fields[0].split_once('[') {
        Some((board, hand)) => (board, hand.trim_end_matches(']')),
        None => (fields[0], ""),
    };
    let mut board = [[EMPTY; FILES]; RANKS];
    let rows: Vec<&str> = placement.split('/').collect();
    assert_eq!(rows.len(), RANKS, "reference FEN reader: {fen_text}");
    for (row, text) in rows.iter().enumerate() {
        let rank = RANKS - 1 - row;
        let mut file = 0;
        let mut digits = 0;
        for c in text.bytes() {
            if c.is_ascii_digit() {
                digits = digits * 10 + (c - b'0') as usize;
                continue;
            }
            file += digits;
            digits = 0;
            board[rank][file] = c;
            file += 1;
        }
        file += digits;
        assert_eq!(file, FILES, "reference FEN reader: bad rank in {fen_text}");
    }
    let mut in_hand = [false; 2];
    for c in hand.bytes() {
        match c {
            b'K' => in_hand[0] = true,
            b'k' => in_hand[1] = true,
            other => panic!("reference FEN reader: {} in hand", other as char),
        }
    }
    let mut unmoved = [[false; FILES]; RANKS];
    let field = fields.get(2).copied().unwrap_or("-");
    if field != "-" {
        for c in field.bytes() {
            let rank = if c.is_ascii_uppercase() { 0 } else { RANKS - 1 };
            unmoved[rank][(c.to_ascii_lowercase() - b'a') as usize] = true;
        }
    }
    RefPos {
        kinds: layout(id),
        board,
        unmoved,
        in_hand,
        white_to_move: fields[1] == "w",
        open,
    }
}

/// The square `(file + df, rank + dr)` if it is on the 10x11 array.
fn step(file: usize, rank: usize, df: i32, dr: i32) -> Option<(usize, usize)> {
    let f = file as i32 + df;
    let r = rank as i32 + dr;
    if (0..FILES as i32).contains(&f) && (0..RANKS as i32).contains(&r) {
        Some((f as usize, r as usize))
    } else {
        None
    }
}

const ROOK_LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// An ordinary move: from, to, and whether it passed over a hole.
#[derive(Clone, Copy)]
struct Ordinary {
    from: (usize, usize),
    to: (usize, usize),
    over_hole: bool,
}

impl RefPos {
    /// Is `(file, rank)` field: a field square, or a home-row square that is not (any
    /// more) a sanctuary.
    fn is_field(&self, file: usize, rank: usize) -> bool {
        match self.kinds[rank][file] {
            Kind::Field => true,
            Kind::Home(_) => self.open || !self.unmoved[rank][file],
            Kind::Hole | Kind::Wall(_) => false,
        }
    }

    /// May a piece of `side` end a move on `(file, rank)`?
    fn may_end(&self, side: usize, file: usize, rank: usize) -> bool {
        let target = self.board[rank][file];
        match side_of(target) {
            Some(s) if s == side => false,
            // A quiet move: onto field only.
            None => self.is_field(file, rank),
            // A capture: on field, or on the enemy's wall (never one's own).
            Some(_) => match self.kinds[rank][file] {
                Kind::Wall(owner) => owner != side,
                _ => self.is_field(file, rank),
            },
        }
    }

    /// Every ordinary move of `side`'s pieces (rook slides), whoever is to move.
    fn ordinary_moves(&self, side: usize) -> Vec<Ordinary> {
        let mut out = Vec::new();
        for rank in 0..RANKS {
            for file in 0..FILES {
                let c = self.board[rank][file];
                if side_of(c) != Some(side) {
                    continue;
                }
                let king = is_king(c);
                for (df, dr) in ROOK_LINES {
                    let (mut f, mut r) = (file, rank);
                    let mut over_hole = false;
                    while let Some((nf, nr)) = step(f, r, df, dr) {
                        f = nf;
                        r = nr;
                        if self.kinds[r][f] == Kind::Hole {
                            if !king {
                                break; // berserkers never cross a hole
                            }
                            over_hole = true;
                            continue; // nothing stands on a hole, and nothing ends there
                        }
                        if self.may_end(side, f, r) {
                            out.push(Ordinary {
                                from: (file, rank),
                                to: (f, r),
                                over_hole,
                            });
                        }
                        if self.board[r][f] != EMPTY {
                            break; // nothing slides through an occupied square
                        }
                    }
                }
            }
        }
        out
    }

    fn king_of(&self, side: usize) -> Option<(usize, usize)> {
        let king = if side == 0 { b'K' } else { b'k' };
        for rank in 0..RANKS {
            for file in 0..FILES {
                if self.board[rank][file] == king {
                    return Some((file, rank));
                }
            }
        }
        None
    }

    fn berserkers_of(&self, side: usize) -> Vec<(usize, usize)> {
        let berserker = if side == 0 { b'B' } else { b'b' };
        let mut out = Vec::new();
        for rank in 0..RANKS {
            for file in 0..FILES {
                if self.board[rank][file] == berserker {
                    out.push((file, rank));
                }
            }
        }
        out
    }

    /// Could a piece of `by` capture on `sq` if it were `by`'s turn?
    fn attacked(&self, sq: (usize, usize), by: usize) -> bool {
        self.ordinary_moves(by).iter().any(|m| m.to == sq)
    }

    /// The position after an ordinary move (only the board and sanctuary change).
    fn after(&self, m: Ordinary) -> RefPos {
        let mut next = self.clone();
        let (ff, fr) = m.from;
        let (tf, tr) = m.to;
        next.board[tr][tf] = next.board[fr][ff];
        next.board[fr][ff] = EMPTY;
        next.unmoved[fr][ff] = false;
        next.unmoved[tr][tf] = false;
        next.white_to_move = !self.white_to_move;
        next
    }
}

/// Every legal turn, in coordinate notation, plus what kinds were among them.
fn reference_moves(p: &RefPos) -> (Vec<String>, Seen) {
    let us = if p.white_to_move { 0 } else { 1 };
    let them = 1 - us;
    let mut seen = Seen::default();
    let mut out: Vec<String> = Vec::new();

    // A side without berserkers has lost: nobody has a turn.
    if p.berserkers_of(0).is_empty() || p.berserkers_of(1).is_empty() {
        seen.game_over = true;
        return (out, seen);
    }

    // Placement: the king onto an empty square of its own wall.
    if p.in_hand[us] {
        for rank in 0..RANKS {
            for file in 0..FILES {
                if p.kinds[rank][file] == Kind::Wall(us) && p.board[rank][file] == EMPTY {
                    seen.placement = true;
                    out.push(format!("K@{}", square_name(file, rank)));
                }
            }
        }
        return (out, seen);
    }

    let Some(king) = p.king_of(us) else {
        // The king was captured: crown one of the berserkers, nothing else.
        for (file, rank) in p.berserkers_of(us) {
            seen.crowning = true;
            out.push(format!("K@{}", square_name(file, rank)));
        }
        return (out, seen);
    };

    let ordinary = p.ordinary_moves(us);
    let mut ordinary_text = Vec::new();
    for m in &ordinary {
        let (tf, tr) = m.to;
        if matches!(p.kinds[tr][tf], Kind::Wall(_)) {
            match p.board[tr][tf] {
                b'K' | b'k' => seen.king_wall_capture = true,
                b'B' | b'b' => seen.berserker_wall_capture = true,
                _ => {}
            }
        }
        seen.over_hole |= m.over_hole;
        ordinary_text.push(format!(
            "{}{}",
            square_name(m.from.0, m.from.1),
            square_name(tf, tr)
        ));
    }
    // Coverage only: an enemy unmoved berserker next in line that sanctuary protects.
    if !p.open {
        for rank in [0, RANKS - 1] {
            for file in 0..FILES {
                if p.unmoved[rank][file] && side_of(p.board[rank][file]) == Some(them) {
                    let probe = RefPos {
                        open: true,
                        ..p.clone()
                    };
                    if probe.attacked((file, rank), us) {
                        seen.sanctuary_block = true;
                    }
                }
            }
        }
    }

    if p.kinds[king.1][king.0] == Kind::Wall(them) {
        let mut probe = p.clone();
        probe.kinds[king.1][king.0] = Kind::Field;
        seen.safe_on_enemy_wall = probe.attacked(king, them);
    }

    if !p.attacked(king, them) {
        return (ordinary_text, seen);
    }
    seen.attacked = true;
    let swaps: Vec<String> = p
        .berserkers_of(us)
        .into_iter()
        .map(|(f, r)| format!("{}{}", square_name(king.0, king.1), square_name(f, r)))
        .collect();
    seen.swap = !swaps.is_empty();
    let escapes = ordinary.iter().any(|&m| {
        let next = p.after(m);
        let king_now = if m.from == king { m.to } else { king };
        !next.attacked(king_now, them)
    });
    if !escapes {
        seen.mate = true;
        out.extend(swaps);
    } else {
        out.extend(ordinary_text);
        out.extend(swaps);
    }
    (out, seen)
}

/// `(file, rank)` of a square name such as `c10`.
fn parse_square(text: &str) -> (usize, usize) {
    let b = text.as_bytes();
    let rank: usize = text[1..].parse().expect("a rank number");
    ((b[0] - b'a') as usize, rank - 1)
}

/// The position after the turn `text` (coordinate notation), by the rules: a placement or
/// a crowning puts the king on the square; a swap trades the roles of the king and the
/// berserker; an ordinary move carries the piece over, removing whatever stood there. A
/// berserker that moves, is captured or is made king loses its sanctuary.
fn ref_play(p: &RefPos, text: &str) -> RefPos {
    let us = if p.white_to_move { 0 } else { 1 };
    let (king, berserker) = if us == 0 { (b'K', b'B') } else { (b'k', b'b') };
    let mut next = p.clone();
    if let Some(square) = text.strip_prefix("K@") {
        let (f, r) = parse_square(square);
        if p.in_hand[us] {
            assert_eq!(p.board[r][f], EMPTY, "placement onto {square}");
            next.in_hand[us] = false;
        } else {
            assert_eq!(p.board[r][f], berserker, "crowning on {square}");
        }
        next.board[r][f] = king;
        next.unmoved[r][f] = false;
    } else {
        // Squares are two or three characters long: find where the second begins.
        let split = 1 + text[1..].find(|c: char| c.is_ascii_lowercase()).unwrap();
        let (ff, fr) = parse_square(&text[..split]);
        let (tf, tr) = parse_square(&text[split..]);
        if p.board[tr][tf] == berserker {
            assert_eq!(p.board[fr][ff], king, "swap {text}");
            next.board[fr][ff] = berserker;
            next.board[tr][tf] = king;
        } else {
            next.board[tr][tf] = p.board[fr][ff];
            next.board[fr][ff] = EMPTY;
        }
        next.unmoved[fr][ff] = false;
        next.unmoved[tr][tf] = false;
    }
    next.white_to_move = !p.white_to_move;
    next
}

fn same_state(a: &RefPos, b: &RefPos) -> bool {
    a.board == b.board
        && a.unmoved == b.unmoved
        && a.in_hand == b.in_hand
        && a.white_to_move == b.white_to_move
}

/// The reference's position as a FEN (no clocks), for failure messages.
fn ref_write(p: &RefPos) -> String {
    let c = Crafted {
        board: p.board,
        unmoved: p.unmoved,
        in_hand: p.in_hand,
        white_to_move: p.white_to_move,
    };
    crafted_fen(&c)
}

// ---------------------------------------------------------------------------------------
// Comparison.

#[derive(Default)]
struct Tally {
    positions: usize,
    moves: usize,
    placement: usize,
    crowning: usize,
    attacked: usize,
    swap: usize,
    mate: usize,
    game_over: usize,
    king_wall_capture: usize,
    berserker_wall_capture: usize,
    over_hole: usize,
    sanctuary_block: usize,
    safe_on_enemy_wall: usize,
    mismatches: usize,
    report: Vec<String>,
}

impl Tally {
    fn count(&mut self, seen: &Seen, moves: usize) {
        self.positions += 1;
        self.moves += moves;
        self.placement += seen.placement as usize;
        self.crowning += seen.crowning as usize;
        self.attacked += seen.attacked as usize;
        self.swap += seen.swap as usize;
        self.mate += seen.mate as usize;
        self.game_over += seen.game_over as usize;
        self.king_wall_capture += seen.king_wall_capture as usize;
        self.berserker_wall_capture += seen.berserker_wall_capture as usize;
        self.over_hole += seen.over_hole as usize;
        self.sanctuary_block += seen.sanctuary_block as usize;
        self.safe_on_enemy_wall += seen.safe_on_enemy_wall as usize;
    }

    fn add(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.moves += other.moves;
        self.placement += other.placement;
        self.crowning += other.crowning;
        self.attacked += other.attacked;
        self.swap += other.swap;
        self.mate += other.mate;
        self.game_over += other.game_over;
        self.king_wall_capture += other.king_wall_capture;
        self.berserker_wall_capture += other.berserker_wall_capture;
        self.over_hole += other.over_hole;
        self.sanctuary_block += other.sanctuary_block;
        self.safe_on_enemy_wall += other.safe_on_enemy_wall;
    }

    /// Records a failure other than differing turn lists.
    fn fail(&mut self, ctx: &Context, message: String) {
        self.mismatches += 1;
        if self.report.len() < SHOWN {
            self.report.push(format!(
                "{} ({}, {}): {message}",
                ctx.source,
                ctx.id.name(),
                ctx.setting
            ));
        }
    }

    fn summary(&self, what: &str) -> String {
        format!(
            "{what}: {} positions, {} turns; placement {}, crowning owed {}, king attacked {}, \
             swaps offered {}, checkmated (swaps only) {}, game over {}, king capturable on \
             its wall {}, berserker capturable on its wall {}, king moves over a hole {}, \
             sanctuary refusing a capture {}, king safe on the enemy's wall {}",
            self.positions,
            self.moves,
            self.placement,
            self.crowning,
            self.attacked,
            self.swap,
            self.mate,
            self.game_over,
            self.king_wall_capture,
            self.berserker_wall_capture,
            self.over_hole,
            self.sanctuary_block,
            self.safe_on_enemy_wall
        )
    }
}

/// Where a position comes from, for the failure message.
struct Context {
    id: VariantId,
    setting: &'static str,
    source: &'static str,
}

/// Compares the reference's turns for `fen_text` with `kernel` (sorted), recording the
/// difference.
fn compare(tally: &mut Tally, ctx: &Context, fen_text: &str, kernel: &[String]) {
    let open = ctx.setting.ends_with("open");
    let (mut expected, seen) = reference_moves(&ref_parse(fen_text, ctx.id, open));
    expected.sort();
    tally.count(&seen, expected.len());
    let mut dedup = expected.clone();
    dedup.dedup();
    assert_eq!(
        dedup, expected,
        "the reference listed a turn twice in {fen_text}"
    );
    if expected.as_slice() == kernel {
        return;
    }
    tally.mismatches += 1;
    if tally.report.len() < SHOWN {
        let missing: Vec<&String> = expected.iter().filter(|m| !kernel.contains(m)).collect();
        let extra: Vec<&String> = kernel.iter().filter(|m| !expected.contains(m)).collect();
        let repeats: Vec<&String> = kernel
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| &w[0])
            .collect();
        tally.report.push(format!(
            "{} ({}, {}): {fen_text}\n  missing from the kernel: {missing:?}\n  \
             kernel only: {extra:?}\n  listed twice by the kernel: {repeats:?}\n  \
             kernel lists {} turns, reference {}",
            ctx.source,
            ctx.id.name(),
            ctx.setting,
            kernel.len(),
            expected.len()
        ));
    }
}

fn options(id: VariantId, setting: &str) -> RuleOptions {
    RuleOptions::parse(id, setting).unwrap()
}

// ---------------------------------------------------------------------------------------
// Positions from random games through the kernel.

fn random_game_positions(rng: &mut Rng, ctx: &Context, wanted: usize, tally: &mut Tally) {
    let variant = ctx.id.rules().unwrap();
    let opts = options(ctx.id, ctx.setting);
    let open = ctx.setting.ends_with("open");
    let fresh = || Position::start(variant).with_options(opts);
    let mut pos = fresh();
    let mut plies = 0;
    while tally.positions < wanted {
        let fen_text = fen::write(&pos);
        let kernel = kernel_moves(&pos);
        compare(tally, ctx, &fen_text, &kernel);
        // The FEN the kernel writes must read back to the same turns.
        match fen::parse(variant, &fen_text) {
            Ok(again) => {
                let reread = kernel_moves(&again.with_options(opts));
                if reread != kernel {
                    tally.fail(
                        ctx,
                        format!("{fen_text} read back gives other turns: {reread:?} instead of {kernel:?}"),
                    );
                }
            }
            Err(e) => tally.fail(
                ctx,
                format!("the kernel cannot read back its own FEN {fen_text}: {e}"),
            ),
        }
        let list = pos.legal_moves();
        if list.is_empty() || plies >= 200 {
            pos = fresh();
            plies = 0;
            continue;
        }
        // Captures (of kings above all) and swaps are favoured, so that crownings, swaps
        // and the ends of games come up; quiet moves keep the games varied.
        let moves: Vec<rules::Move> = list.iter().copied().collect();
        let turn = pos.turn();
        let is_capture = |m: &rules::Move| {
            m.kind == MoveKind::Normal && pos.piece_at(m.to).is_some_and(|p| p.color != turn)
        };
        let takes_king = |m: &rules::Move| {
            is_capture(m) && pos.piece_at(m.to).is_some_and(|p| p.role == Role::King)
        };
        let is_swap = |m: &rules::Move| m.kind == MoveKind::Swap;
        let king_takes: Vec<rules::Move> = moves.iter().copied().filter(takes_king).collect();
        let captures: Vec<rules::Move> = moves.iter().copied().filter(is_capture).collect();
        let swaps: Vec<rules::Move> = moves.iter().copied().filter(is_swap).collect();
        let m = if !king_takes.is_empty() && rng.chance(1, 2) {
            king_takes[rng.below(king_takes.len())]
        } else if !swaps.is_empty() && rng.chance(1, 4) {
            swaps[rng.below(swaps.len())]
        } else if !captures.is_empty() && rng.chance(1, 3) {
            captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        // What the turn does, by the reference: the kernel's position afterwards must be
        // the reference's (board, sanctuary, kings in hand, side to move).
        let text = uci_move::write(&pos, m);
        let expected = ref_play(&ref_parse(&fen_text, ctx.id, open), &text);
        pos.play(m);
        plies += 1;
        let after = fen::write(&pos);
        let got = ref_parse(&after, ctx.id, open);
        if !same_state(&got, &expected) {
            tally.fail(
                ctx,
                format!(
                    "{fen_text} after {text}: the kernel gives {after}, the reference expects \
                     {}",
                    ref_write(&expected)
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Positions from random FEN placements.

struct Crafted {
    board: [[u8; FILES]; RANKS],
    unmoved: [[bool; FILES]; RANKS],
    in_hand: [bool; 2],
    white_to_move: bool,
}

fn random_square(
    rng: &mut Rng,
    kinds: &Layout,
    board: &[[u8; FILES]; RANKS],
    wanted: impl Fn(Kind, usize, usize) -> bool,
) -> Option<(usize, usize)> {
    for _ in 0..300 {
        let f = rng.below(FILES);
        let r = rng.below(RANKS);
        if kinds[r][f] != Kind::Hole && board[r][f] == EMPTY && wanted(kinds[r][f], f, r) {
            return Some((f, r));
        }
    }
    None
}

fn next_to_hole(kinds: &Layout, f: usize, r: usize) -> bool {
    ROOK_LINES
        .iter()
        .any(|&(df, dr)| step(f, r, df, dr).is_some_and(|(nf, nr)| kinds[nr][nf] == Kind::Hole))
}

/// A king square for `side`: often on a wall (its own or the enemy's) or next to a hole.
fn king_square(
    rng: &mut Rng,
    kinds: &Layout,
    board: &[[u8; FILES]; RANKS],
    side: usize,
) -> (usize, usize) {
    let choice = rng.below(8);
    let found = match choice {
        0 | 1 => random_square(rng, kinds, board, |k, _, _| k == Kind::Wall(side)),
        2 => random_square(rng, kinds, board, |k, _, _| k == Kind::Wall(1 - side)),
        3 | 4 => random_square(rng, kinds, board, |_, f, r| next_to_hole(kinds, f, r)),
        5 => random_square(rng, kinds, board, |k, _, _| matches!(k, Kind::Home(_))),
        _ => None,
    };
    found
        .or_else(|| random_square(rng, kinds, board, |_, _, _| true))
        .expect("room for a king")
}

/// Berserkers for `side`: `count` more of them (ten at most in all), some unmoved on
/// their home row.
fn place_berserkers(
    rng: &mut Rng,
    kinds: &Layout,
    c: &mut Crafted,
    side: usize,
    count: usize,
    home_odds: usize,
) {
    let letter = if side == 0 { b'B' } else { b'b' };
    let home = if side == 0 { 0 } else { RANKS - 1 };
    for _ in 0..count {
        let have = c.board.iter().flatten().filter(|&&x| x == letter).count();
        if have >= 10 {
            break;
        }
        let sq = if rng.chance(home_odds, 8) {
            random_square(rng, kinds, &c.board, |_, _, r| r == home)
        } else {
            random_square(rng, kinds, &c.board, |_, _, _| true)
        };
        let Some((f, r)) = sq else { continue };
        c.board[r][f] = letter;
        if r == home && rng.chance(3, 4) {
            c.unmoved[r][f] = true;
        }
    }
}

/// The squares along a line from `from` on which a piece would attack `from` (empty, not
/// holes); `king` says whether the attacker may look over holes.
fn line_squares(
    kinds: &Layout,
    board: &[[u8; FILES]; RANKS],
    from: (usize, usize),
    dir: (i32, i32),
    king: bool,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let (mut f, mut r) = from;
    while let Some((nf, nr)) = step(f, r, dir.0, dir.1) {
        f = nf;
        r = nr;
        if kinds[r][f] == Kind::Hole {
            if king {
                continue;
            }
            break;
        }
        if board[r][f] != EMPTY {
            break;
        }
        out.push((f, r));
    }
    out
}

/// Puts a piece of `by` somewhere on a line to `target`, if there is room: a new berserker
/// (when `by` has fewer than ten) or `by`'s king moved there.
fn aim_at(rng: &mut Rng, kinds: &Layout, c: &mut Crafted, target: (usize, usize), by: usize) {
    let berserker = if by == 0 { b'B' } else { b'b' };
    let king = if by == 0 { b'K' } else { b'k' };
    let count = c
        .board
        .iter()
        .flatten()
        .filter(|&&x| x == berserker)
        .count();
    let use_king = count >= 10 || rng.chance(1, 4);
    let king_at = (0..RANKS)
        .flat_map(|r| (0..FILES).map(move |f| (f, r)))
        .find(|&(f, r)| c.board[r][f] == king);
    if use_king && king_at.is_none() {
        return;
    }
    let dir = ROOK_LINES[rng.below(4)];
    let squares = line_squares(kinds, &c.board, target, dir, use_king);
    if squares.is_empty() {
        return;
    }
    let (f, r) = squares[rng.below(squares.len())];
    if use_king {
        let (kf, kr) = king_at.unwrap();
        c.board[kr][kf] = EMPTY;
        c.board[r][f] = king;
    } else {
        c.board[r][f] = berserker;
    }
}

/// A random Battle Chieftain position meant to be valid: at most ten berserkers and one
/// king a side, nothing on a hole, unmoved letters only for berserkers on their home row,
/// kings in hand only in the placement order, and only the side to move without a king.
fn crafted_position(rng: &mut Rng, kinds: &Layout) -> Crafted {
    let mut c = Crafted {
        board: [[EMPTY; FILES]; RANKS],
        unmoved: [[false; FILES]; RANKS],
        in_hand: [false; 2],
        white_to_move: rng.chance(1, 2),
    };
    let us = if c.white_to_move { 0 } else { 1 };
    let them = 1 - us;
    let kings = [b'K', b'k'];
    match rng.below(12) {
        // Placement: both kings in hand (White to move), or White's placed and Black's
        // in hand. Mostly full home rows, sometimes pieces elsewhere.
        0 => {
            let black_places = rng.chance(1, 2);
            c.white_to_move = !black_places;
            c.in_hand = [!black_places, true];
            for side in 0..2 {
                let home = if side == 0 { 0 } else { RANKS - 1 };
                let letter = if side == 0 { b'B' } else { b'b' };
                for f in 0..FILES {
                    if rng.chance(7, 8) {
                        c.board[home][f] = letter;
                        c.unmoved[home][f] = rng.chance(7, 8);
                    }
                }
            }
            if rng.chance(1, 3) {
                let extra = rng.below(4);
                let side = rng.below(2);
                place_berserkers(rng, kinds, &mut c, side, extra, 0);
            }
            if black_places {
                let sq = random_square(rng, kinds, &c.board, |k, _, _| k == Kind::Wall(0))
                    .expect("room on White's wall");
                c.board[sq.1][sq.0] = b'K';
            }
            // Now and then a wall square is taken (only a placement onto an empty one is
            // legal).
            if rng.chance(1, 3) {
                let placer = if black_places { 1 } else { 0 };
                let owner = rng.below(2);
                let letter = if owner == 0 { b'B' } else { b'b' };
                let home = if owner == 0 { 0 } else { RANKS - 1 };
                if c.board.iter().flatten().filter(|&&x| x == letter).count() >= 10 {
                    // Make room: this berserker leaves its home row for the wall.
                    let start = rng.below(FILES);
                    if let Some(f) = (0..FILES)
                        .map(|i| (start + i) % FILES)
                        .find(|&f| c.board[home][f] == letter)
                    {
                        c.board[home][f] = EMPTY;
                        c.unmoved[home][f] = false;
                    }
                }
                if let Some((f, r)) =
                    random_square(rng, kinds, &c.board, |k, _, _| k == Kind::Wall(placer))
                {
                    c.board[r][f] = letter;
                }
            }
        }
        // A crowning owed: the side to move has no king; the other has one.
        1 | 2 => {
            let mut n = [1 + rng.below(10), 1 + rng.below(10)];
            if rng.chance(1, 10) {
                n[us] = 0;
            }
            let odds = rng.below(8);
            place_berserkers(rng, kinds, &mut c, 0, n[0], odds);
            place_berserkers(rng, kinds, &mut c, 1, n[1], odds);
            let (f, r) = king_square(rng, kinds, &c.board, them);
            c.board[r][f] = kings[them];
        }
        // The side to move's king attacked, often by several pieces and with few
        // defenders, so that checkmates come up.
        3..=7 => {
            let few = rng.chance(1, 2);
            let n_us = if few {
                1 + rng.below(3)
            } else {
                1 + rng.below(10)
            };
            let n_them = if few {
                4 + rng.below(6)
            } else {
                1 + rng.below(9)
            };
            let odds = rng.below(8);
            place_berserkers(rng, kinds, &mut c, us, n_us, odds);
            let odds = rng.below(4);
            place_berserkers(rng, kinds, &mut c, them, n_them, odds);
            let ours = king_square(rng, kinds, &c.board, us);
            c.board[ours.1][ours.0] = kings[us];
            let theirs = king_square(rng, kinds, &c.board, them);
            c.board[theirs.1][theirs.0] = kings[them];
            let aims = 1 + rng.below(if few { 4 } else { 2 });
            for _ in 0..aims {
                aim_at(rng, kinds, &mut c, ours, them);
            }
        }
        // Anything: random armies and kings, sometimes a side without berserkers.
        _ => {
            let mut n = [rng.below(11), rng.below(11)];
            for count in n.iter_mut() {
                if *count == 0 && rng.chance(2, 3) {
                    *count = 1;
                }
            }
            let odds = rng.below(8);
            place_berserkers(rng, kinds, &mut c, 0, n[0], odds);
            place_berserkers(rng, kinds, &mut c, 1, n[1], odds);
            for (side, king) in kings.into_iter().enumerate() {
                let (f, r) = king_square(rng, kinds, &c.board, side);
                c.board[r][f] = king;
            }
        }
    }
    c
}

fn crafted_fen(c: &Crafted) -> String {
    let mut text = String::new();
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for &x in &c.board[rank] {
            if x == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(x as char);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text.push('[');
    if c.in_hand[0] {
        text.push('K');
    }
    if c.in_hand[1] {
        text.push('k');
    }
    text.push(']');
    let mut sanctuary = String::new();
    for (rank, upper) in [(0, true), (RANKS - 1, false)] {
        for file in 0..FILES {
            if c.unmoved[rank][file] {
                let letter = (b'a' + file as u8) as char;
                sanctuary.push(if upper {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
    }
    if sanctuary.is_empty() {
        sanctuary.push('-');
    }
    format!(
        "{text} {} {sanctuary} - 0 1",
        if c.white_to_move { 'w' } else { 'b' }
    )
}

fn crafted_positions(rng: &mut Rng, ctx: &Context, wanted: usize, tally: &mut Tally) -> usize {
    let variant = ctx.id.rules().unwrap();
    let opts = options(ctx.id, ctx.setting);
    let kinds = layout(ctx.id);
    let mut rejected = 0;
    let mut first_rejections = Vec::new();
    while tally.positions < wanted {
        let fen_text = crafted_fen(&crafted_position(rng, &kinds));
        match fen::parse(variant, &fen_text) {
            Ok(pos) => {
                let pos = pos.with_options(opts);
                compare(tally, ctx, &fen_text, &kernel_moves(&pos));
            }
            Err(e) => {
                rejected += 1;
                if first_rejections.len() < 5 {
                    first_rejections.push(format!("{fen_text}: {e}"));
                }
            }
        }
    }
    if !first_rejections.is_empty() {
        println!(
            "{} {}: rejected FENs, the first few: {first_rejections:#?}",
            ctx.id.name(),
            ctx.setting
        );
    }
    rejected
}

// ---------------------------------------------------------------------------------------

#[test]
fn reference_generator_agrees_on_the_start_positions() {
    for id in BOARDS {
        for setting in SETTINGS {
            let variant = id.rules().unwrap();
            let start = Position::start(variant).with_options(options(id, setting));
            let fen_text = fen::write(&start);
            let (mut moves, seen) =
                reference_moves(&ref_parse(&fen_text, id, setting.ends_with("open")));
            moves.sort();
            assert!(seen.placement, "{fen_text}");
            // Six wall squares on every board.
            assert_eq!(moves.len(), 6, "{} {setting}: {moves:?}", id.name());
            assert_eq!(moves, kernel_moves(&start), "{} {setting}", id.name());
        }
    }
}

#[test]
fn kernel_turns_match_the_naive_reference() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let started = std::time::Instant::now();

    let mut games_total = Tally::default();
    let mut crafted_total = Tally::default();
    let mut rejected = 0;
    let mut mismatches = 0;
    let mut report = Vec::new();
    for id in BOARDS {
        for setting in SETTINGS {
            let mut games = Tally::default();
            let ctx = Context {
                id,
                setting,
                source: "random game",
            };
            random_game_positions(&mut rng, &ctx, RANDOM_GAME_POSITIONS, &mut games);
            let mut crafted = Tally::default();
            let ctx = Context {
                id,
                setting,
                source: "crafted",
            };
            rejected += crafted_positions(&mut rng, &ctx, CRAFTED_POSITIONS, &mut crafted);
            println!(
                "{}",
                games.summary(&format!("{} {setting}, games", id.name()))
            );
            println!(
                "{}",
                crafted.summary(&format!("{} {setting}, crafted", id.name()))
            );
            mismatches += games.mismatches + crafted.mismatches;
            report.append(&mut games.report);
            report.append(&mut crafted.report);
            games_total.add(&games);
            crafted_total.add(&crafted);
        }
    }
    println!("{}", games_total.summary("random games, all boards"));
    println!("{}", crafted_total.summary("crafted FENs, all boards"));
    println!(
        "crafted FENs rejected by the kernel's reader: {rejected}; time {:?}",
        started.elapsed()
    );

    report.truncate(SHOWN);
    assert!(
        mismatches == 0,
        "{mismatches} positions where the kernel and the reference differ; the first:\n{}",
        report.join("\n")
    );

    // The test covers what it claims.
    let crafted_wanted = CRAFTED_POSITIONS * BOARDS.len() * SETTINGS.len();
    assert!(
        rejected * 20 < crafted_wanted,
        "{rejected} crafted FENs rejected"
    );
    for (name, n) in [
        ("placement (games)", games_total.placement),
        ("placement (crafted)", crafted_total.placement),
        ("crowning (games)", games_total.crowning),
        ("crowning (crafted)", crafted_total.crowning),
        ("swaps (games)", games_total.swap),
        ("swaps (crafted)", crafted_total.swap),
        ("checkmate (crafted)", crafted_total.mate),
        ("game over (crafted)", crafted_total.game_over),
        (
            "king captures on its wall (crafted)",
            crafted_total.king_wall_capture,
        ),
        (
            "berserker captures on its wall (crafted)",
            crafted_total.berserker_wall_capture,
        ),
        (
            "king safe on the enemy's wall (crafted)",
            crafted_total.safe_on_enemy_wall,
        ),
        ("king over a hole (crafted)", crafted_total.over_hole),
        ("sanctuary (games)", games_total.sanctuary_block),
    ] {
        assert!(n >= 20, "only {n} positions with {name}");
    }
}
