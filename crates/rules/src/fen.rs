//! FEN: reading (with a check that names exactly what is wrong) and writing.
//!
//! Variant extensions: `*` is the neutral piece (Behemoth, Juggernaut); numbers may exceed
//! 9 on wide boards; the en passant field may name several squares run together
//! (`e3e4`) after a Wildebeest triple step, every square a capture could land on.

use crate::bitboard::Bitboard;
use crate::error::FenError;
use crate::piece::{Color, Piece, Role};
use crate::position::{Position, castling_bit};
use crate::square::Square;
use crate::variant::Variant;

fn err(msg: impl Into<String>) -> FenError {
    FenError(msg.into())
}

/// Reads a FEN for `variant`. Missing halfmove and fullmove fields default to 0 and 1.
pub fn parse(variant: &'static Variant, fen: &str) -> Result<Position, FenError> {
    read(variant, fen, None)
}

/// Reads a FEN as engines read what a GUI sends: a castling right the board cannot have
/// (its king or rook is not at home) is dropped instead of refusing the FEN. Returns the
/// position and one note per right dropped. Everything else is checked as by [`parse`].
pub fn parse_lenient(
    variant: &'static Variant,
    fen: &str,
) -> Result<(Position, Vec<String>), FenError> {
    let mut dropped = Vec::new();
    let pos = read(variant, fen, Some(&mut dropped))?;
    Ok((pos, dropped))
}

/// `dropped` is where impossible castling rights are noted when they are tolerated.
fn read(
    variant: &'static Variant,
    fen: &str,
    dropped: Option<&mut Vec<String>>,
) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(err("empty FEN"));
    }
    if fields.len() < 2 {
        return Err(err("missing side to move (field 2)"));
    }
    if fields.len() > 6 {
        return Err(err(format!("{} fields, expected at most 6", fields.len())));
    }
    let mut pos = Position::empty(variant);
    parse_board(&mut pos, fields[0])?;
    validate_pieces(&pos)?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(err(format!(
                "side to move is '{other}', expected 'w' or 'b'"
            )));
        }
    };
    pos.set_turn(turn);
    if variant.battle.is_some() {
        parse_sanctuary(&mut pos, fields.get(2).copied().unwrap_or("-"))?;
    } else {
        parse_castling(&mut pos, fields.get(2).copied().unwrap_or("-"), dropped)?;
    }
    parse_en_passant(&mut pos, fields.get(3).copied().unwrap_or("-"))?;
    pos.halfmove_clock = match fields.get(4) {
        Some(text) => text
            .parse()
            .map_err(|_| err(format!("halfmove clock '{text}' is not a number")))?,
        None => 0,
    };
    pos.fullmove_number = match fields.get(5) {
        Some(text) => match text.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(err(format!(
                    "fullmove number '{text}' is not a number from 1"
                )));
            }
        },
        None => 1,
    };
    validate(&pos)?;
    Ok(pos)
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let variant = pos.variant;
    let geo = &variant.geometry;
    let board = match board.split_once('[') {
        None => board,
        Some(_) if !variant.hands => {
            return Err(err(format!(
                "pieces in hand ('[...]') are not part of {}",
                variant.id
            )));
        }
        Some((board, hand)) => {
            let hand = hand
                .strip_suffix(']')
                .ok_or_else(|| err("the hand '[...' is not closed by ']'"))?;
            for c in hand.chars() {
                let role = variant
                    .role_from_char(c)
                    .ok_or_else(|| err(format!("unknown piece '{c}' in hand")))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if pos.hands[color.index()][role.index()] as u32 >= variant.max_pieces_per_side {
                    return Err(err(format!("too many '{c}' in hand")));
                }
                pos.add_to_hand(color, role);
            }
            board
        }
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geo.ranks as usize {
        return Err(err(format!(
            "board has {} ranks, expected {}",
            rows.len(),
            geo.ranks
        )));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = geo.ranks - 1 - i as u8;
        let mut file: usize = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0) as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                if n == 0 {
                    return Err(err(format!(
                        "rank {} has an empty run of 0 squares",
                        rank + 1
                    )));
                }
                file = file.saturating_add(n);
                continue;
            }
            let square = if file < geo.files as usize {
                Some(geo.square(file as u8, rank))
            } else {
                None
            };
            if c == '*' {
                if variant.beast.is_none() {
                    return Err(err(format!(
                        "'*' (the beast) on rank {} is not part of {}",
                        rank + 1,
                        variant.id
                    )));
                }
                if let Some(sq) = square {
                    pos.put_neutral(sq);
                }
            } else {
                let role = variant.role_from_char(c).ok_or_else(|| {
                    err(format!(
                        "unknown piece '{c}' on rank {} (this variant has {})",
                        rank + 1,
                        piece_letters(variant)
                    ))
                })?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if let Some(sq) = square {
                    pos.put(sq, Piece::new(color, role));
                }
            }
            file += 1;
        }
        if file != geo.files as usize {
            return Err(err(format!(
                "rank {} has {} squares, expected {}",
                rank + 1,
                file,
                geo.files
            )));
        }
    }
    Ok(())
}

fn piece_letters(variant: &Variant) -> String {
    variant
        .roles
        .iter()
        .map(|r| r.upper_char())
        .collect::<String>()
}

fn parse_castling(
    pos: &mut Position,
    field: &str,
    mut dropped: Option<&mut Vec<String>>,
) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let geo = &pos.variant.geometry;
    let mut rights = 0u8;
    for c in field.chars() {
        let (color, side) = match c {
            'K' => (Color::White, 0),
            'Q' => (Color::White, 1),
            'k' => (Color::Black, 0),
            'q' => (Color::Black, 1),
            _ => {
                return Err(err(format!(
                    "castling field '{field}' has '{c}', expected letters of KQkq or '-'"
                )));
            }
        };
        let bit = castling_bit(color, side);
        if rights & bit != 0 {
            return Err(err(format!("castling field '{field}' repeats '{c}'")));
        }
        let cs = &pos.variant.castling[color.index()][side];
        let rank = pos.variant.relative_rank(color, 0);
        let king = geo.square(cs.king_file, rank);
        let rook = geo.square(cs.rook_file, rank);
        if pos.piece_at(king) != Some(Piece::new(color, Role::King))
            || pos.piece_at(rook) != Some(Piece::new(color, Role::Rook))
        {
            let why = format!(
                "castling right '{c}' needs the {} king on {} and a rook on {}",
                color.name().to_lowercase(),
                geo.name(king),
                geo.name(rook)
            );
            match dropped.as_deref_mut() {
                Some(notes) => {
                    notes.push(why);
                    continue;
                }
                None => return Err(err(why)),
            }
        }
        rights |= bit;
    }
    pos.set_castling(rights);
    Ok(())
}

fn parse_en_passant(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let geo = &pos.variant.geometry;
    let us = pos.turn;
    let mover = !us;
    let toward_mover_home: i8 = if mover == Color::White { -1 } else { 1 };
    let mut rest = field.as_bytes();
    let mut capturable = Bitboard::EMPTY;
    let mut victim: Option<Square> = None;
    while !rest.is_empty() {
        let (sq, used) = geo.parse_square_prefix(rest).ok_or_else(|| {
            err(format!(
                "en passant field '{field}' is not a list of squares"
            ))
        })?;
        rest = &rest[used..];
        let name = geo.name(sq);
        if pos.occupied().contains(sq) {
            return Err(err(format!("en passant square {name} is not empty")));
        }
        // The pawn that moved is the first thing met walking from the passed square in
        // the direction it moved; where it started is one step the other way.
        let mut cur = sq;
        let pawn = loop {
            match geo.offset(cur, 0, -toward_mover_home) {
                Some(next) if pos.occupied().contains(next) => break Some(next),
                Some(next) => cur = next,
                None => break None,
            }
        };
        let pawn = pawn
            .filter(|&p| pos.piece_at(p) == Some(Piece::new(mover, Role::Pawn)))
            .ok_or_else(|| {
                err(format!(
                    "en passant square {name} has no {} pawn beyond it that could have passed it",
                    mover.name().to_lowercase()
                ))
            })?;
        let origin = geo
            .offset(sq, 0, toward_mover_home)
            // The beast may have walked onto it since; a piece cannot have.
            .filter(|&o| !(pos.pieces(Color::White) | pos.pieces(Color::Black)).contains(o))
            .ok_or_else(|| {
                err(format!(
                    "en passant square {name}: the pawn's start square is not free"
                ))
            })?;
        let distance = geo.rank_of(pawn).abs_diff(geo.rank_of(origin));
        let allowed =
            pos.variant.pawn_steps[pos.variant.relative_rank(mover, geo.rank_of(origin)) as usize];
        if distance < 2 || distance > allowed {
            return Err(err(format!(
                "en passant square {name}: no pawn step of {distance} squares ends on {}",
                geo.name(pawn)
            )));
        }
        if victim.is_some_and(|v| v != pawn) {
            return Err(err(format!(
                "en passant field '{field}' names squares of two different pawns"
            )));
        }
        victim = Some(pawn);
        for passed in geo.between(origin, pawn) {
            if (geo.pawn_attacks(mover, passed) & pos.pieces_of(us, Role::Pawn)).non_empty() {
                capturable.set(passed);
            }
        }
    }
    if capturable.non_empty() {
        pos.set_en_passant(capturable, victim);
    }
    Ok(())
}

/// What the board alone must satisfy; checked before the fields that refer to it.
fn validate_pieces(pos: &Position) -> Result<(), FenError> {
    let variant = pos.variant;
    let geo = &variant.geometry;
    for color in Color::ALL {
        let kings = pos.pieces_of(color, Role::King).count()
            + pos.hands[color.index()][Role::King.index()] as u32;
        // Battle Chieftain: a side whose king was captured has none until it crowns one.
        let allowed = if variant.battle.is_some() {
            0..=1
        } else {
            1..=1
        };
        if !allowed.contains(&kings) {
            return Err(err(format!(
                "{} has {kings} kings, expected 1",
                color.name()
            )));
        }
    }
    for color in Color::ALL {
        let in_hand: u32 = pos.hands[color.index()].iter().map(|&n| n as u32).sum();
        let count = pos.pieces(color).count() + in_hand;
        if count > variant.max_pieces_per_side {
            return Err(err(format!(
                "{} has {count} pieces, at most {} fit in {}",
                color.name(),
                variant.max_pieces_per_side,
                variant.id
            )));
        }
    }
    if let Some(sq) = (pos.by_color[0] | pos.by_color[1])
        .into_iter()
        .find(|&sq| geo.holes.contains(sq))
    {
        return Err(err(format!(
            "a piece on {}, a hole of this board",
            geo.name(sq)
        )));
    }
    let back_ranks = variant.back_rank(Color::White) | variant.back_rank(Color::Black);
    if let Some(sq) = (pos.role_bb(Role::Pawn) & back_ranks).first() {
        return Err(err(format!(
            "pawn on {}: pawns never stand on the first or last rank",
            geo.name(sq)
        )));
    }
    if variant.beast.is_some() && pos.neutral.count() != 1 {
        return Err(err(format!(
            "the board has {} beasts ('*'), expected 1",
            pos.neutral.count()
        )));
    }
    Ok(())
}

/// What the whole position must satisfy.
fn validate(pos: &Position) -> Result<(), FenError> {
    let variant = pos.variant;
    if variant.battle.is_some() {
        return validate_battle(pos);
    }
    if variant.beast.is_none() && pos.enemy_king_exposed() {
        return Err(err(format!(
            "{} is in check but it is {}'s turn",
            (!pos.turn).name(),
            pos.turn.name()
        )));
    }
    Ok(())
}

/// Battle Chieftain: kings placed in turn (White first), and only the side to move may
/// be without a king (it owes a crowning).
fn validate_battle(pos: &Position) -> Result<(), FenError> {
    let in_hand = |c: Color| pos.hands[c.index()][Role::King.index()] > 0;
    let on_board = |c: Color| pos.king(c).is_some();
    let mover = pos.turn;
    if in_hand(Color::White) && mover == Color::Black {
        return Err(err("White places its king first, but it is Black's turn"));
    }
    if in_hand(Color::Black) && mover == Color::White && !in_hand(Color::White) {
        return Err(err(
            "Black's king placement is owed, but it is White's turn",
        ));
    }
    let other = !mover;
    if !in_hand(other) && !on_board(other) {
        return Err(err(format!(
            "{} has no king, but only the side to move can owe a crowning",
            other.name()
        )));
    }
    Ok(())
}

/// Battle Chieftain's third field: the files of the berserkers that have not moved,
/// upper case for White's home row, lower case for Black's (`ABCDEFGHIJabcdefghij` at the
/// start), or `-`.
fn parse_sanctuary(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let geo = &pos.variant.geometry;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let file = c.to_ascii_lowercase() as u32;
        if !c.is_ascii_alphabetic() || file < 'a' as u32 || file - 'a' as u32 >= geo.files as u32 {
            return Err(err(format!(
                "unmoved-berserker field '{field}' has '{c}', expected file letters (A-J White, a-j Black) or '-'"
            )));
        }
        let sq = geo.square(
            (file - 'a' as u32) as u8,
            pos.variant.relative_rank(color, 0),
        );
        if pos.piece_at(sq) != Some(Piece::new(color, Role::Berserker)) {
            return Err(err(format!(
                "unmoved-berserker field names {}, but no {} berserker stands there",
                geo.name(sq),
                color.name().to_lowercase()
            )));
        }
        pos.set_sanctuary(sq);
    }
    Ok(())
}

/// Writes the position as FEN.
pub fn write(pos: &Position) -> String {
    let geo = pos.geometry();
    let mut out = String::new();
    for rank in (0..geo.ranks).rev() {
        let mut empty = 0;
        for file in 0..geo.files {
            let sq = geo.square(file, rank);
            let symbol = if pos.neutral.contains(sq) {
                Some('*')
            } else {
                pos.piece_at(sq).map(|p| p.fen_char())
            };
            match symbol {
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    // Loop always writes its hands, as crazyhouse FENs do; Battle Chieftain only while a
    // king waits to be placed.
    let hands_used = pos.hands.iter().flatten().any(|&n| n > 0);
    if pos.variant.hands && (pos.variant.battle.is_none() || hands_used) {
        out.push('[');
        for color in Color::ALL {
            for role in [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
                Role::Berserker,
            ] {
                for _ in 0..pos.hands[color.index()][role.index()] {
                    out.push(Piece::new(color, role).fen_char());
                }
            }
        }
        out.push(']');
    }
    out.push(' ');
    out.push(pos.turn.fen_char());
    out.push(' ');
    let mut castling = String::new();
    for (c, color, side) in [
        ('K', Color::White, 0),
        ('Q', Color::White, 1),
        ('k', Color::Black, 0),
        ('q', Color::Black, 1),
    ] {
        if pos.castling & castling_bit(color, side) != 0 {
            castling.push(c);
        }
    }
    if pos.variant.battle.is_some() {
        for color in Color::ALL {
            for sq in pos.unmoved & pos.by_color[color.index()] {
                let file = crate::square::file_char(geo.file_of(sq));
                castling.push(if color == Color::White {
                    file.to_ascii_uppercase()
                } else {
                    file
                });
            }
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    if pos.ep_squares.is_empty() {
        out.push('-');
    } else {
        for sq in pos.ep_squares {
            out.push_str(&geo.name(sq));
        }
    }
    out.push_str(&format!(" {} {}", pos.halfmove_clock, pos.fullmove_number));
    out
}
