//! PGN: games written with their variant and start position, and read back with every
//! move checked. Errors name the line and column.

use crate::error::MoveError;
use crate::game::Game;
use crate::position::Position;
use crate::san;
use crate::variant::VariantId;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for PgnError {}

/// A game with its tag pairs.
#[derive(Debug)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub game: Game,
    /// The result token at the end of the movetext, if any.
    pub result: Option<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game. `tags` are written first (Seven Tag Roster order is the caller's);
/// `Variant`, `FEN`, `SetUp` and `Result` are added here.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let start = game.start();
    let variant = start.variant();
    let result = game.outcome().map_or("*", |o| o.result_text());
    let mut out = String::new();
    for (name, value) in tags {
        if !matches!(*name, "Variant" | "FEN" | "SetUp" | "Result") {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if variant.id != VariantId::Chess {
        out.push_str(&format!("[Variant \"{}\"]\n", variant.id));
    }
    let start_fen = crate::fen::write(start);
    if start_fen != crate::fen::write(&Position::start(variant)) {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{start_fen}\"]\n"));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    for (i, (&m, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
        let number = pos.fullmove_number();
        if pos.turn() == crate::piece::Color::White {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(san::write(pos, m));
    }
    tokens.push(result.to_string());
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += token.len();
        out.push_str(&token);
    }
    out.push('\n');
    out
}

struct Cursor<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.at += 1;
        if c == b'\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn error(&self, line: usize, column: usize, message: impl Into<String>) -> PgnError {
        PgnError {
            line,
            column,
            message: message.into(),
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.bump();
        }
    }
}

/// Reads one game. The variant comes from the `Variant` tag (default `chess`), the start
/// from `FEN` (default: the variant's start).
pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
    let mut cur = Cursor {
        text: text.as_bytes(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut tags = Vec::new();
    loop {
        cur.skip_space();
        if cur.peek() != Some(b'[') {
            break;
        }
        tags.push(parse_tag(&mut cur)?);
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _): &&(String, String)| n == name)
            .map(|(_, v)| v.clone())
    };
    let variant_name = tag("Variant").unwrap_or_else(|| "chess".to_string());
    let variant_id: VariantId = match variant_name.to_ascii_lowercase().as_str() {
        "standard" | "chess" => VariantId::Chess,
        other => other.parse().map_err(|e: crate::error::VariantError| {
            cur.error(1, 1, format!("Variant tag: {e}"))
        })?,
    };
    let variant = variant_id
        .rules()
        .map_err(|e| cur.error(1, 1, format!("Variant tag: {e}")))?;
    let start = match tag("FEN") {
        Some(fen) => crate::fen::parse(variant, &fen)
            .map_err(|e| cur.error(1, 1, format!("FEN tag: {e}")))?,
        None => Position::start(variant),
    };
    let mut game = Game::new(start);
    let mut result = None;
    loop {
        cur.skip_space();
        let (line, column) = (cur.line, cur.column);
        let Some(c) = cur.peek() else { break };
        match c {
            b'{' => while cur.bump().is_some_and(|c| c != b'}') {},
            b';' => while cur.bump().is_some_and(|c| c != b'\n') {},
            b'(' => {
                let mut depth = 0;
                while let Some(c) = cur.bump() {
                    match c {
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                if depth != 0 {
                    return Err(cur.error(line, column, "variation '(' is never closed"));
                }
            }
            b'[' => return Err(cur.error(line, column, "tag pair after the moves began")),
            _ => {
                let begin = cur.at;
                while cur.peek().is_some_and(|c| {
                    !c.is_ascii_whitespace() && !matches!(c, b'{' | b'(' | b';' | b')')
                }) {
                    cur.bump();
                }
                let token = std::str::from_utf8(&cur.text[begin..cur.at]).unwrap_or("");
                if token.is_empty() {
                    cur.bump();
                    return Err(cur.error(line, column, format!("unexpected '{}'", c as char)));
                }
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    result = Some(token.to_string());
                    continue;
                }
                if token.starts_with('$') {
                    continue;
                }
                let san_text = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san_text.is_empty() {
                    continue;
                }
                let pos = game.position().clone();
                if let Some(outcome) = game.outcome() {
                    return Err(cur.error(
                        line,
                        column,
                        format!("move {san_text} after the game ended ({outcome})"),
                    ));
                }
                let m = san::parse(&pos, san_text).map_err(|e| {
                    let why = match e {
                        MoveError::Illegal(_) => format!(
                            "illegal move {san_text} for {} in {}",
                            pos.turn().name(),
                            crate::fen::write(&pos)
                        ),
                        other => other.to_string(),
                    };
                    cur.error(line, column, why)
                })?;
                game.play(m)
                    .map_err(|e| cur.error(line, column, e.to_string()))?;
            }
        }
    }
    Ok(PgnGame { tags, game, result })
}

fn parse_tag(cur: &mut Cursor) -> Result<(String, String), PgnError> {
    let (line, column) = (cur.line, cur.column);
    cur.bump();
    let name_start = cur.at;
    while cur
        .peek()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
    {
        cur.bump();
    }
    let name = String::from_utf8_lossy(&cur.text[name_start..cur.at]).into_owned();
    if name.is_empty() {
        return Err(cur.error(line, column, "tag pair without a name"));
    }
    cur.skip_space();
    if cur.bump() != Some(b'"') {
        return Err(cur.error(
            cur.line,
            cur.column,
            format!("tag {name}: expected a quoted value"),
        ));
    }
    let mut value = Vec::new();
    loop {
        match cur.bump() {
            Some(b'\\') => match cur.bump() {
                Some(c) => value.push(c),
                None => break,
            },
            Some(b'"') => {
                cur.skip_space();
                if cur.bump() != Some(b']') {
                    return Err(cur.error(
                        cur.line,
                        cur.column,
                        format!("tag {name}: expected ']'"),
                    ));
                }
                return Ok((name, String::from_utf8_lossy(&value).into_owned()));
            }
            Some(b'\n') | None => break,
            Some(c) => value.push(c),
        }
    }
    Err(cur.error(
        line,
        column,
        format!("tag {name}: value is not closed by '\"'"),
    ))
}
