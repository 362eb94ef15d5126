//! The board drawn for a terminal, from White's side or Black's: squares in colour (ANSI
//! escapes, readable on dark and light terminals) or, without colour, in plain text; holes
//! left blank, walls, the beast, the hands, the last move and the beast's path marked, and
//! a legend for what is not a piece.

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
// Colours of the xterm 256-colour palette. Every background is of middle luminance, so
// that both white and black letters stand out on it by at least the 4.5:1 contrast WCAG
// asks for (checked by a test), on a dark terminal and a light one alike; the squares
// differ by hue.
const WHITE_PIECE: u8 = 231;
const BLACK_PIECE: u8 = 16;
const LIGHT: u8 = 29;
const DARK: u8 = 131;
const WALL: u8 = 243;
const LAST_MOVE: u8 = 98;
const BEAST_PATH: u8 = 63;

/// Which side of the board is drawn at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    WhiteAtBottom,
    BlackAtBottom,
}

/// The board, rank by rank from the top, with file letters below, the hands (in the
/// variants that have them) and a legend of walls, holes and the beast underneath.
pub fn draw(pos: &Position, marks: &Marks, colour: bool, orientation: Orientation) -> String {
    let geo = pos.geometry();
    let walls = pos
        .variant()
        .battle
        .as_ref()
        .map(|b| b.walls[0] | b.walls[1])
        .unwrap_or_default();
    let flipped = orientation == Orientation::BlackAtBottom;
    let ranks: Vec<u8> = if flipped {
        (0..geo.ranks).collect()
    } else {
        (0..geo.ranks).rev().collect()
    };
    let files: Vec<u8> = if flipped {
        (0..geo.files).rev().collect()
    } else {
        (0..geo.files).collect()
    };
    let mut out = String::new();
    for &rank in &ranks {
        out.push_str(&format!("{:>3} ", rank + 1));
        for &file in &files {
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
                    Some(p) if p.color == Color::Black => BLACK_PIECE,
                    _ => WHITE_PIECE,
                };
                out.push_str(&format!(
                    "\x1b[48;5;{background};1;38;5;{foreground}m {glyph} {RESET}"
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
    for &file in &files {
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
    let legend = legend(pos, !walls.is_empty(), colour);
    if !legend.is_empty() {
        out.push_str(&format!("    {}\n", legend.join(", ")));
    }
    out
}

/// What the board's marks that are not pieces mean, for the variants that have them.
fn legend(pos: &Position, has_walls: bool, colour: bool) -> Vec<String> {
    let mut legend = Vec::new();
    if pos.variant().beast.is_some() {
        legend.push(format!("* the {}", super::narrate::beast_name(pos)));
    }
    if has_walls {
        legend.push(if colour {
            "grey squares: walls (no piece may enter or cross)".to_string()
        } else {
            "= wall (no piece may enter or cross)".to_string()
        });
    }
    if !pos.geometry().holes.is_empty() {
        legend.push("gaps: holes (no square there)".to_string());
    }
    legend
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::variant::VariantId;

    /// The red, green and blue of an xterm 256-colour palette entry above the first 16
    /// (the 6x6x6 cube, then the 24 greys).
    fn xterm_rgb(index: u8) -> [u8; 3] {
        const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];
        match index {
            16..=231 => {
                let n = (index - 16) as usize;
                [CUBE[n / 36], CUBE[n / 6 % 6], CUBE[n % 6]]
            }
            232..=255 => [8 + 10 * (index - 232); 3],
            _ => panic!("the first 16 colours depend on the terminal's theme"),
        }
    }

    /// WCAG 2 relative luminance.
    fn luminance(index: u8) -> f64 {
        let linear = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = xterm_rgb(index);
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2 contrast ratio, from 1 (none) to 21 (black on white).
    fn contrast(a: u8, b: u8) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn the_contrast_formula_gives_the_known_extremes() {
        assert!((contrast(16, 231) - 21.0).abs() < 1e-9);
        assert!((contrast(231, 231) - 1.0).abs() < 1e-9);
        // The old colours: a white piece on a light square was hard to read.
        assert!(contrast(231, 187) < 1.6);
    }

    #[test]
    fn both_piece_colours_are_readable_on_every_square_colour() {
        for background in [LIGHT, DARK, WALL, LAST_MOVE, BEAST_PATH] {
            for piece in [WHITE_PIECE, BLACK_PIECE] {
                let ratio = contrast(piece, background);
                assert!(
                    ratio >= 4.5,
                    "colour {piece} on {background}: contrast {ratio:.2}:1, below 4.5:1"
                );
            }
        }
    }

    fn start(id: VariantId) -> Position {
        Position::start(id.rules().expect("a variant with rules"))
    }

    fn rows(pos: &Position, orientation: Orientation) -> Vec<String> {
        draw(pos, &Marks::default(), false, orientation)
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn black_at_the_bottom_turns_the_board_round() {
        let pos = start(VariantId::Chess);
        let white = rows(&pos, Orientation::WhiteAtBottom);
        assert_eq!(white[0].split_whitespace().collect::<String>(), "8rnbqkbnr");
        assert_eq!(white[7].split_whitespace().collect::<String>(), "1RNBQKBNR");
        assert_eq!(white[8].split_whitespace().collect::<String>(), "abcdefgh");
        let black = rows(&pos, Orientation::BlackAtBottom);
        assert_eq!(black[0].split_whitespace().collect::<String>(), "1RNBKQBNR");
        assert_eq!(black[7].split_whitespace().collect::<String>(), "8rnbkqbnr");
        assert_eq!(black[8].split_whitespace().collect::<String>(), "hgfedcba");
    }

    #[test]
    fn the_legend_names_what_the_variant_has() {
        let chess = start(VariantId::Chess);
        assert!(legend(&chess, false, false).is_empty());
        let board = draw(&chess, &Marks::default(), false, Orientation::WhiteAtBottom);
        assert_eq!(board.lines().count(), 9);
        let battle = start(VariantId::BattleChieftain);
        assert_eq!(
            legend(&battle, true, false),
            [
                "= wall (no piece may enter or cross)",
                "gaps: holes (no square there)"
            ]
        );
        let board = draw(
            &battle,
            &Marks::default(),
            false,
            Orientation::WhiteAtBottom,
        );
        assert!(
            board
                .ends_with("= wall (no piece may enter or cross), gaps: holes (no square there)\n")
        );
        let behemoth = start(VariantId::Behemoth);
        assert_eq!(legend(&behemoth, false, true), ["* the Behemoth"]);
    }
}
