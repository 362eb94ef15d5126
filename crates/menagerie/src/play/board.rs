//! The board drawn for a terminal: squares in colour (ANSI escapes) or, without colour,
//! in plain text; holes left blank, walls, the beast, the hands, the last move and the
//! beast's path marked.

use rules::{Color, Move, MoveKind, Position, Role, Square};
use std::io::IsTerminal;

/// Squares to mark on the board.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The last move's origin and destination.
    pub last_move: Vec<Square>,
    /// The squares the beast entered on its last roll.
    pub beast_path: Vec<Square>,
}

/// The squares a move touches: origin and destination, or only the destination of a
/// drop or a crowning.
pub fn move_squares(m: Move) -> Vec<Square> {
    match m.kind {
        MoveKind::Drop(_) | MoveKind::Crown => vec![m.to],
        _ => vec![m.from, m.to],
    }
}

/// Colour on standard output: only on a terminal, and never when `NO_COLOR` is set to
/// anything (no-color.org).
pub fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

const RESET: &str = "\x1b[0m";
const LIGHT: u8 = 187;
const DARK: u8 = 137;
const WALL: u8 = 245;
const LAST_MOVE: u8 = 186;
const BEAST_PATH: u8 = 174;

/// The board, rank by rank from the top, with file letters below and the hands (in the
/// variants that have them) underneath.
pub fn draw(pos: &Position, marks: &Marks, colour: bool) -> String {
    let geo = pos.geometry();
    let walls = pos
        .variant()
        .battle
        .as_ref()
        .map(|b| b.walls[0] | b.walls[1])
        .unwrap_or_default();
    let mut out = String::new();
    for rank in (0..geo.ranks).rev() {
        out.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..geo.files {
            let sq = geo.square(file, rank);
            if geo.holes.contains(sq) {
                out.push_str("   ");
                continue;
            }
            let glyph = if pos.neutral().contains(sq) {
                '*'
            } else if let Some(piece) = pos.piece_at(sq) {
                piece.fen_char()
            } else if colour {
                ' '
            } else if walls.contains(sq) {
                '='
            } else {
                '.'
            };
            let on_path = marks.beast_path.contains(&sq);
            let moved = marks.last_move.contains(&sq);
            if colour {
                let background = if on_path {
                    BEAST_PATH
                } else if moved {
                    LAST_MOVE
                } else if walls.contains(sq) {
                    WALL
                } else if (file + rank) % 2 == 1 {
                    LIGHT
                } else {
                    DARK
                };
                let foreground = match pos.piece_at(sq) {
                    _ if glyph == '*' => "1;38;5;124",
                    Some(p) if p.color == Color::White => "1;38;5;231",
                    _ => "1;38;5;16",
                };
                out.push_str(&format!(
                    "\x1b[48;5;{background};{foreground}m {glyph} {RESET}"
                ));
            } else {
                let (left, right) = if on_path {
                    ('(', ')')
                } else if moved {
                    ('[', ']')
                } else {
                    (' ', ' ')
                };
                out.push(left);
                out.push(glyph);
                out.push(right);
            }
        }
        out.push('\n');
    }
    out.push_str("    ");
    for file in 0..geo.files {
        out.push_str(&format!(" {} ", rules::square::file_char(file)));
    }
    out.push('\n');
    if pos.variant().hands {
        let hand = |color: Color| {
            let letters: Vec<String> = Role::ALL
                .iter()
                .flat_map(|&role| {
                    let count = pos.hand(color)[role.index()] as usize;
                    std::iter::repeat_n(
                        rules::Piece::new(color, role).fen_char().to_string(),
                        count,
                    )
                })
                .collect();
            if letters.is_empty() {
                "-".to_string()
            } else {
                letters.join(" ")
            }
        };
        out.push_str(&format!(
            "    in hand: White {}   Black {}\n",
            hand(Color::White),
            hand(Color::Black)
        ));
    }
    out
}
