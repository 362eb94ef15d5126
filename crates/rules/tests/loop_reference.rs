//! Behemoth Loop Chess (rules.md section 3, seed 002): the kernel's legal turns against a
//! naive reference written here from the rules alone.
//!
//! The reference reads a FEN into a plain 8x8 array of FEN letters and lists every legal
//! turn with obvious loops: orthodox piece moves with the beast `*` as an obstacle, no
//! king rule, castling that needs only the right, the king and rook on their squares and
//! empty squares between them, en passant onto an empty passed square next to the pawn
//! that passed it, promotions, drops, the forced king drop, and no turn at all once a king
//! has been captured. Positions come from random games played through the kernel (with the
//! beast rolled after every move) and from random FEN placements; both use a fixed seed.

use rules::{Color, Position, Role, VariantId, fen, uci_move};

mod common;
use common::{Rng, moves as kernel_moves};

const RANDOM_GAME_POSITIONS: usize = 8000;
const CRAFTED_POSITIONS: usize = 8000;
/// Mismatches shown in the failure message (all are counted).
const SHOWN: usize = 8;

// ---------------------------------------------------------------------------------------
// The reference.

const EMPTY: u8 = b'.';
const BEAST: u8 = b'*';

/// A position as plain data: `board[rank][file]` holds a FEN letter, `.` or `*`; rank 0 is
/// rank 1. Hands hold upper-case letters, index 0 White, 1 Black.
struct RefPos {
    board: [[u8; 8]; 8],
    hands: [Vec<u8>; 2],
    white_to_move: bool,
    castling: String,
    /// The en passant square of the FEN, as (file, rank).
    ep: Option<(usize, usize)>,
}

/// What kinds of turns a position offered (to report how much the test covered).
#[derive(Default)]
struct Seen {
    king_in_hand: bool,
    no_king: bool,
    en_passant: bool,
    castle: bool,
    promotion: bool,
    drop: bool,
    king_capture: bool,
}

fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn ref_parse(fen_text: &str) -> RefPos {
    let fields: Vec<&str> = fen_text.split_whitespace().collect();
    let (placement, hand) = match fields[0].split_once('[') {
        Some((board, hand)) => (board, hand.trim_end_matches(']')),
        None => (fields[0], ""),
    };
    let mut board = [[EMPTY; 8]; 8];
    for (row, text) in placement.split('/').enumerate() {
        let rank = 7 - row;
        let mut file = 0;
        for c in text.bytes() {
            if c.is_ascii_digit() {
                file += (c - b'0') as usize;
            } else {
                board[rank][file] = c;
                file += 1;
            }
        }
        assert_eq!(file, 8, "reference FEN reader: bad rank in {fen_text}");
    }
    let mut hands = [Vec::new(), Vec::new()];
    for c in hand.bytes() {
        let side = if c.is_ascii_uppercase() { 0 } else { 1 };
        hands[side].push(c.to_ascii_uppercase());
    }
    let castling = fields.get(2).copied().unwrap_or("-").to_string();
    let ep = match fields.get(3).copied().unwrap_or("-") {
        "-" => None,
        text => {
            let b = text.as_bytes();
            assert_eq!(
                b.len(),
                2,
                "reference FEN reader: en passant field in {fen_text}"
            );
            Some(((b[0] - b'a') as usize, (b[1] - b'1') as usize))
        }
    };
    RefPos {
        board,
        hands,
        white_to_move: fields[1] == "w",
        castling,
        ep,
    }
}

fn is_piece_of(c: u8, white: bool) -> bool {
    c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white
}

/// The square `(file + df, rank + dr)` if it is on the board.
fn step(file: usize, rank: usize, df: i32, dr: i32) -> Option<(usize, usize)> {
    let f = file as i32 + df;
    let r = rank as i32 + dr;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((f as usize, r as usize))
    } else {
        None
    }
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_LINES: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// Every legal turn, in coordinate notation, plus what kinds were among them.
fn reference_moves(p: &RefPos) -> (Vec<String>, Seen) {
    let white = p.white_to_move;
    let us = if white { 0 } else { 1 };
    let them = 1 - us;
    let mut seen = Seen::default();
    let mut out: Vec<String> = Vec::new();

    let mut our_king_on_board = false;
    let mut their_king_on_board = false;
    for rank in 0..8 {
        for file in 0..8 {
            let c = p.board[rank][file];
            if c == b'K' || c == b'k' {
                if is_piece_of(c, white) {
                    our_king_on_board = true;
                } else {
                    their_king_on_board = true;
                }
            }
        }
    }
    let our_king_in_hand = p.hands[us].contains(&b'K');
    let their_king_in_hand = p.hands[them].contains(&b'K');

    // A captured king: the game is over, nobody has a turn.
    if !(our_king_on_board || our_king_in_hand) || !(their_king_on_board || their_king_in_hand) {
        seen.no_king = true;
        return (out, seen);
    }

    // A king in hand must be dropped, anywhere empty.
    if our_king_in_hand {
        seen.king_in_hand = true;
        for rank in 0..8 {
            for file in 0..8 {
                if p.board[rank][file] == EMPTY {
                    out.push(format!("K@{}", square_name(file, rank)));
                }
            }
        }
        return (out, seen);
    }

    let add = |out: &mut Vec<String>, seen: &mut Seen, from: (usize, usize), to: (usize, usize)| {
        let target = p.board[to.1][to.0];
        if target == b'K' || target == b'k' {
            seen.king_capture = true;
        }
        out.push(format!(
            "{}{}",
            square_name(from.0, from.1),
            square_name(to.0, to.1)
        ));
    };

    for rank in 0..8 {
        for file in 0..8 {
            let c = p.board[rank][file];
            if !is_piece_of(c, white) {
                continue;
            }
            let from = (file, rank);
            let role = c.to_ascii_uppercase();
            match role {
                b'N' | b'K' => {
                    let steps = if role == b'N' {
                        KNIGHT_STEPS
                    } else {
                        KING_STEPS
                    };
                    for (df, dr) in steps {
                        if let Some((f, r)) = step(file, rank, df, dr) {
                            let t = p.board[r][f];
                            if t != BEAST && !is_piece_of(t, white) {
                                add(&mut out, &mut seen, from, (f, r));
                            }
                        }
                    }
                }
                b'B' | b'R' | b'Q' => {
                    let mut lines = Vec::new();
                    if role != b'B' {
                        lines.extend(ROOK_LINES);
                    }
                    if role != b'R' {
                        lines.extend(BISHOP_LINES);
                    }
                    for (df, dr) in lines {
                        let (mut f, mut r) = (file, rank);
                        while let Some((nf, nr)) = step(f, r, df, dr) {
                            let t = p.board[nr][nf];
                            if t == BEAST || is_piece_of(t, white) {
                                break;
                            }
                            add(&mut out, &mut seen, from, (nf, nr));
                            if t != EMPTY {
                                break; // an enemy piece, captured
                            }
                            f = nf;
                            r = nr;
                        }
                    }
                }
                b'P' => {
                    let dir: i32 = if white { 1 } else { -1 };
                    let start_rank = if white { 1 } else { 6 };
                    let last_rank = if white { 7 } else { 0 };
                    let mut targets = Vec::new();
                    // Pushes: onto empty squares only (the beast blocks).
                    if let Some((f, r)) = step(file, rank, 0, dir)
                        && p.board[r][f] == EMPTY
                    {
                        targets.push((f, r));
                        if rank == start_rank {
                            let (f2, r2) = step(file, rank, 0, 2 * dir).unwrap();
                            if p.board[r2][f2] == EMPTY {
                                targets.push((f2, r2));
                            }
                        }
                    }
                    // Captures, including en passant.
                    for df in [-1, 1] {
                        let Some((f, r)) = step(file, rank, df, dir) else {
                            continue;
                        };
                        let t = p.board[r][f];
                        if is_piece_of(t, !white) {
                            targets.push((f, r));
                        } else if t == EMPTY && p.ep == Some((f, r)) {
                            // The passed square is on the mover's third rank, and the
                            // pawn that passed it still stands right beyond it.
                            let ep_rank = if white { 5 } else { 2 };
                            let victim = p.board[(r as i32 - dir) as usize][f];
                            let enemy_pawn = if white { b'p' } else { b'P' };
                            if r == ep_rank && victim == enemy_pawn {
                                seen.en_passant = true;
                                targets.push((f, r));
                            }
                        }
                    }
                    for to in targets {
                        if to.1 == last_rank {
                            seen.promotion = true;
                            let t = p.board[to.1][to.0];
                            if t == b'K' || t == b'k' {
                                seen.king_capture = true;
                            }
                            for promo in ["q", "r", "b", "n"] {
                                out.push(format!(
                                    "{}{}{}",
                                    square_name(file, rank),
                                    square_name(to.0, to.1),
                                    promo
                                ));
                            }
                        } else {
                            add(&mut out, &mut seen, from, to);
                        }
                    }
                }
                other => panic!("reference: unknown piece letter {}", other as char),
            }
        }
    }

    // Castling: the right, king and rook at home, nothing (not the beast) between them.
    let home = if white { 0 } else { 7 };
    let (king, rook) = if white { (b'K', b'R') } else { (b'k', b'r') };
    let (short, long) = if white { ('K', 'Q') } else { ('k', 'q') };
    let row = &p.board[home];
    if p.castling.contains(short)
        && row[4] == king
        && row[7] == rook
        && row[5] == EMPTY
        && row[6] == EMPTY
    {
        seen.castle = true;
        out.push(format!("e{}g{}", home + 1, home + 1));
    }
    if p.castling.contains(long)
        && row[4] == king
        && row[0] == rook
        && row[1] == EMPTY
        && row[2] == EMPTY
        && row[3] == EMPTY
    {
        seen.castle = true;
        out.push(format!("e{}c{}", home + 1, home + 1));
    }

    // Drops: each kind in hand onto each empty square; pawns not on rank 1 or 8.
    let mut kinds = p.hands[us].clone();
    kinds.sort();
    kinds.dedup();
    for kind in kinds {
        for rank in 0..8 {
            for file in 0..8 {
                if p.board[rank][file] != EMPTY || (kind == b'P' && (rank == 0 || rank == 7)) {
                    continue;
                }
                seen.drop = true;
                out.push(format!("{}@{}", kind as char, square_name(file, rank)));
            }
        }
    }
    (out, seen)
}

// ---------------------------------------------------------------------------------------
// Comparison.

#[derive(Default)]
struct Tally {
    positions: usize,
    moves: usize,
    king_in_hand: usize,
    no_king: usize,
    en_passant: usize,
    castle: usize,
    promotion: usize,
    drop: usize,
    king_capture: usize,
    mismatches: usize,
    report: Vec<String>,
}

impl Tally {
    fn count(&mut self, seen: &Seen, moves: usize) {
        self.positions += 1;
        self.moves += moves;
        self.king_in_hand += seen.king_in_hand as usize;
        self.no_king += seen.no_king as usize;
        self.en_passant += seen.en_passant as usize;
        self.castle += seen.castle as usize;
        self.promotion += seen.promotion as usize;
        self.drop += seen.drop as usize;
        self.king_capture += seen.king_capture as usize;
    }

    fn summary(&self, what: &str) -> String {
        format!(
            "{what}: {} positions, {} turns; with the king in hand {}, a king captured {}, \
             en passant {}, castling {}, promotion {}, drops {}, a king capturable {}",
            self.positions,
            self.moves,
            self.king_in_hand,
            self.no_king,
            self.en_passant,
            self.castle,
            self.promotion,
            self.drop,
            self.king_capture
        )
    }
}

/// Compares the reference's turns for `fen_text` with `kernel` (sorted), recording the
/// difference under `what`.
fn compare(tally: &mut Tally, what: &str, fen_text: &str, kernel: &[String]) {
    let (mut expected, seen) = reference_moves(&ref_parse(fen_text));
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
            "{what}: {fen_text}\n  missing from the kernel: {missing:?}\n  \
             kernel only: {extra:?}\n  listed twice by the kernel: {repeats:?}\n  \
             kernel list {} turns, reference {}",
            kernel.len(),
            expected.len()
        ));
    }
}

// ---------------------------------------------------------------------------------------
// Positions from random games through the kernel.

fn random_game_positions(rng: &mut Rng, wanted: usize, tally: &mut Tally) {
    let variant = VariantId::BehemothLoop.rules().unwrap();
    let mut pos = Position::start(variant);
    let mut plies = 0;
    while tally.positions < wanted {
        let fen_text = fen::write(&pos);
        let kernel = kernel_moves(&pos);
        compare(tally, "random game", &fen_text, &kernel);
        // The FEN the kernel writes must read back to the same turns.
        if let Ok(again) = fen::parse(variant, &fen_text) {
            let reread = kernel_moves(&again);
            if reread != kernel {
                tally.mismatches += 1;
            }
            if reread != kernel && tally.report.len() < SHOWN {
                tally.report.push(format!(
                    "random game: {fen_text} read back gives other turns: {reread:?} \
                     instead of {kernel:?}"
                ));
            }
        }
        let list = pos.legal_moves();
        if list.is_empty() || plies >= 160 {
            pos = Position::start(variant);
            plies = 0;
            continue;
        }
        // Taking a king ends the game: it is played now and then when it is there, but
        // mostly something else is, so that hands fill and kings get trampled into hand.
        // Pawn double steps are favoured, so that en passant comes up.
        let moves = list.as_slice();
        let takes_king = |m: rules::Move| {
            !matches!(m.kind, rules::MoveKind::Drop(_))
                && pos.piece_at(m.to).is_some_and(|p| p.role == Role::King)
        };
        let double_step = |m: rules::Move| {
            let text = uci_move::write(&pos, m);
            let b = text.as_bytes();
            b[1] != b'@'
                && b[1].abs_diff(b[3]) == 2
                && pos.piece_at(m.from).is_some_and(|p| p.role == Role::Pawn)
        };
        let king_takes: Vec<rules::Move> =
            moves.iter().copied().filter(|&m| takes_king(m)).collect();
        let double_steps: Vec<rules::Move> =
            moves.iter().copied().filter(|&m| double_step(m)).collect();
        let others: Vec<rules::Move> = moves.iter().copied().filter(|&m| !takes_king(m)).collect();
        let m = if !king_takes.is_empty() && (others.is_empty() || rng.chance(1, 12)) {
            king_takes[rng.below(king_takes.len())]
        } else if !double_steps.is_empty() && rng.chance(1, 3) {
            double_steps[rng.below(double_steps.len())]
        } else {
            others[rng.below(others.len())]
        };
        pos.play(m);
        plies += 1;
        let them = pos.turn();
        let king_gone = pos.king(them).is_none() && pos.hand(them)[Role::King.index()] == 0;
        if king_gone {
            // Game over: no roll follows, and nobody has a turn.
            let fen_text = fen::write(&pos);
            compare(
                tally,
                "random game, king captured",
                &fen_text,
                &kernel_moves(&pos),
            );
            pos = Position::start(variant);
            plies = 0;
            continue;
        }
        assert!(
            pos.chance_pending(),
            "a roll is owed after {}",
            fen::write(&pos)
        );
        let outcomes = pos.chance_outcomes();
        let (outcome, _) = outcomes[rng.below(outcomes.len())];
        pos.apply_chance(outcome).unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// Positions from random FEN placements.

fn random_empty(
    rng: &mut Rng,
    board: &[[u8; 8]; 8],
    ranks: std::ops::Range<usize>,
) -> Option<(usize, usize)> {
    for _ in 0..200 {
        let f = rng.below(8);
        let r = ranks.start + rng.below(ranks.len());
        if board[r][f] == EMPTY {
            return Some((f, r));
        }
    }
    None
}

/// A random Behemoth Loop FEN meant to be valid: one beast, one king per side (on the
/// board or in hand), at most 16 pieces a side, no pawn on rank 1 or 8, castling rights
/// only where king and rook stand at home, often an en passant square.
fn crafted_fen(rng: &mut Rng) -> String {
    let mut board = [[EMPTY; 8]; 8];
    let mut hands: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut count = [0usize; 2];
    let white_to_move = rng.chance(1, 2);

    // The beast: often where it blocks castling or en passant, else anywhere.
    let beast = match rng.below(4) {
        0 => {
            let files = [1, 2, 3, 5, 6];
            (files[rng.below(5)], if rng.chance(1, 2) { 0 } else { 7 })
        }
        1 => (rng.below(8), 1 + rng.below(6)),
        _ => (rng.below(8), rng.below(8)),
    };
    board[beast.1][beast.0] = BEAST;

    // Home kings and rooks, so that castling comes up often.
    for (side, home, king, rook) in [(0, 0, b'K', b'R'), (1, 7, b'k', b'r')] {
        if rng.chance(1, 2) && board[home][4] == EMPTY {
            board[home][4] = king;
            count[side] += 1;
            for rook_file in [0, 7] {
                if rng.chance(2, 3) && board[home][rook_file] == EMPTY {
                    board[home][rook_file] = rook;
                    count[side] += 1;
                }
            }
        }
    }

    // En passant: the side that just moved has a pawn on its fourth rank with the passed
    // square empty and its start square free of pieces (the beast may stand there).
    let mut ep = None;
    if rng.chance(2, 5) {
        let mover = if white_to_move { 1 } else { 0 };
        let dir: i32 = if mover == 0 { 1 } else { -1 };
        let origin_rank = if mover == 0 { 1 } else { 6 };
        let f = rng.below(8);
        let passed = (origin_rank as i32 + dir) as usize;
        let landed = (origin_rank as i32 + 2 * dir) as usize;
        if board[landed][f] == EMPTY
            && board[passed][f] == EMPTY
            && (board[origin_rank][f] == EMPTY || board[origin_rank][f] == BEAST)
        {
            board[landed][f] = if mover == 0 { b'P' } else { b'p' };
            count[mover] += 1;
            ep = Some((f, passed));
            // Mostly with a capturer beside it.
            for df in [-1i32, 1] {
                let cf = f as i32 + df;
                if (0..8).contains(&cf) && board[landed][cf as usize] == EMPTY && rng.chance(3, 5) {
                    board[landed][cf as usize] = if mover == 0 { b'p' } else { b'P' };
                    count[1 - mover] += 1;
                }
            }
        }
    }
    let keep_clear: Vec<(usize, usize)> = match ep {
        Some((f, r)) => {
            let origin = if r == 2 { 1 } else { 6 };
            vec![(f, r), (f, origin)]
        }
        None => Vec::new(),
    };

    // Kings not yet placed: in hand one time in four, else anywhere empty.
    for side in 0..2 {
        let king = if side == 0 { b'K' } else { b'k' };
        if board.iter().flatten().any(|&c| c == king) {
            continue;
        }
        count[side] += 1;
        if rng.chance(1, 4) {
            hands[side].push(b'K');
        } else {
            loop {
                let (f, r) = random_empty(rng, &board, 0..8).expect("room for a king");
                if !keep_clear.contains(&(f, r)) {
                    board[r][f] = king;
                    break;
                }
            }
        }
    }

    // The rest: a random army per side, some of it in hand; promoted extras allowed.
    for side in 0..2 {
        let size = rng.below(16 - count[side] + 1);
        let in_hand_odds = rng.below(4); // out of 8: hands from empty to half the army
        for _ in 0..size {
            let role = match rng.below(16) {
                0..=7 => b'P',
                8 | 9 => b'N',
                10 | 11 => b'B',
                12 | 13 => b'R',
                _ => b'Q',
            };
            count[side] += 1;
            if rng.chance(in_hand_odds, 8) {
                hands[side].push(role);
                continue;
            }
            let ranks = if role == b'P' { 1..7 } else { 0..8 };
            match random_empty(rng, &board, ranks) {
                Some(sq) if !keep_clear.contains(&sq) => {
                    board[sq.1][sq.0] = if side == 0 {
                        role
                    } else {
                        role.to_ascii_lowercase()
                    };
                }
                _ => hands[side].push(role),
            }
        }
    }

    // Castling rights, each only where it can stand.
    let mut castling = String::new();
    for (c, rank, king, rook_file, rook) in [
        ('K', 0, b'K', 7, b'R'),
        ('Q', 0, b'K', 0, b'R'),
        ('k', 7, b'k', 7, b'r'),
        ('q', 7, b'k', 0, b'r'),
    ] {
        if board[rank][4] == king && board[rank][rook_file] == rook && rng.chance(4, 5) {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }

    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for &c in &board[rank] {
            if c == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(c as char);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text.push('[');
    for (side, hand) in hands.iter().enumerate() {
        for &c in hand {
            text.push(if side == 0 { c } else { c.to_ascii_lowercase() } as char);
        }
    }
    text.push(']');
    let ep_text = ep.map_or("-".to_string(), |(f, r)| square_name(f, r));
    format!(
        "{text} {} {castling} {ep_text} 0 1",
        if white_to_move { 'w' } else { 'b' }
    )
}

fn crafted_positions(rng: &mut Rng, wanted: usize, tally: &mut Tally) -> usize {
    let variant = VariantId::BehemothLoop.rules().unwrap();
    let mut rejected = 0;
    let mut first_rejections = Vec::new();
    while tally.positions < wanted {
        let fen_text = crafted_fen(rng);
        match fen::parse(variant, &fen_text) {
            Ok(pos) => {
                assert_eq!(pos.turn() == Color::White, fen_text.contains(" w "));
                compare(tally, "crafted", &fen_text, &kernel_moves(&pos));
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
        println!("rejected FENs, the first few: {first_rejections:#?}");
    }
    rejected
}

// ---------------------------------------------------------------------------------------

#[test]
fn reference_generator_agrees_on_the_start_position() {
    let variant = VariantId::BehemothLoop.rules().unwrap();
    let start = Position::start(variant);
    let fen_text = fen::write(&start);
    assert!(fen_text.contains('*'), "{fen_text}");
    let (mut moves, _) = reference_moves(&ref_parse(&fen_text));
    moves.sort();
    // Orthodox 20, less d2d4 (its path runs through the beast on d4): d2d3 still goes.
    assert_eq!(moves.len(), 19, "{moves:?}");
    assert!(!moves.contains(&"d2d4".to_string()));
    assert_eq!(moves, kernel_moves(&start));
}

#[test]
fn kernel_turns_match_the_naive_reference() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let started = std::time::Instant::now();

    let mut games = Tally::default();
    random_game_positions(&mut rng, RANDOM_GAME_POSITIONS, &mut games);
    let mut crafted = Tally::default();
    let rejected = crafted_positions(&mut rng, CRAFTED_POSITIONS, &mut crafted);

    println!("{}", games.summary("random games"));
    println!("{}", crafted.summary("crafted FENs"));
    println!(
        "crafted FENs rejected by the kernel's reader: {rejected}; time {:?}",
        started.elapsed()
    );

    let mismatches = games.mismatches + crafted.mismatches;
    let report: Vec<String> = games.report.into_iter().chain(crafted.report).collect();
    assert!(
        mismatches == 0,
        "{mismatches} positions where the kernel and the reference differ; the first:\n{}",
        report.join("\n")
    );

    // The test covers what it claims.
    assert!(
        rejected * 10 < CRAFTED_POSITIONS,
        "{rejected} crafted FENs rejected"
    );
    for (name, n) in [
        ("king in hand (games)", games.king_in_hand),
        ("king in hand (crafted)", crafted.king_in_hand),
        ("a king captured (games)", games.no_king),
        ("en passant (games)", games.en_passant),
        ("en passant (crafted)", crafted.en_passant),
        ("castling (games)", games.castle),
        ("castling (crafted)", crafted.castle),
        ("promotion (crafted)", crafted.promotion),
        ("drops (games)", games.drop),
        ("drops (crafted)", crafted.drop),
        ("king capturable (crafted)", crafted.king_capture),
    ] {
        assert!(n >= 10, "only {n} positions with {name}");
    }
}
