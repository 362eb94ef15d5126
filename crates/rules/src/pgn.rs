//! PGN: games written with their variant and start position, and read back with every
//! move checked. Errors name the line and column.

use crate::chance::ChanceOutcome;
use crate::error::MoveError;
use crate::game::{Game, Owed, Turn};
use crate::options::RuleOptions;
use crate::position::Position;
use crate::san;
use crate::variant::Beast;
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
    /// Where each turn of `game.turns()` was written: (line, column), counted from 1.
    pub spans: Vec<(usize, usize)>,
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

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Writes a game. `tags` are written first (Seven Tag Roster order is the caller's);
/// `Variant`, `FEN`, `SetUp` and `Result` are added here. The result is the game's own
/// when the rules ended it; otherwise a `Result` tag among `tags` gives it (a resignation
/// or an agreed draw), else `*`.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let start = game.start();
    let variant = start.variant();
    let given = tags
        .iter()
        .find(|(name, value)| *name == "Result" && RESULTS.contains(value))
        .map_or("*", |(_, value)| *value);
    let result = game.outcome().map_or(given, |o| o.result_text());
    let mut out = String::new();
    for (name, value) in tags {
        if !matches!(*name, "Variant" | "FEN" | "SetUp" | "Result" | "Rules") {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if variant.id != VariantId::Chess {
        out.push_str(&format!("[Variant \"{}\"]\n", variant.id));
    }
    let start_fen = crate::fen::write(start);
    let rules = start.options().describe(variant.id);
    if !rules.is_empty() {
        out.push_str(&format!("[Rules \"{rules}\"]\n"));
    }
    if start_fen != crate::fen::write(&Position::start(variant)) {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{start_fen}\"]\n"));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    let mut first_move = true;
    for (turn, pos) in game.turns().iter().zip(game.positions()) {
        match *turn {
            Turn::Move(m) => {
                let number = pos.fullmove_number();
                if pos.turn() == crate::piece::Color::White {
                    tokens.push(format!("{number}."));
                } else if first_move {
                    tokens.push(format!("{number}..."));
                }
                first_move = false;
                tokens.push(san::write(pos, m));
            }
            Turn::Roll(outcome) => {
                tokens.push(format!("{{[%roll {}]}}", roll_annotation(pos, outcome)))
            }
        }
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

/// A tag pair and where it was written.
struct Tag {
    name: String,
    value: String,
    line: usize,
    column: usize,
}

/// Reads one game. The variant comes from the `Variant` tag (default `chess`), the start
/// from `FEN` (default: the variant's start). Nothing but white space may follow the
/// game's result.
pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
    let mut cur = Cursor {
        text: text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes(),
        at: 0,
        line: 1,
        column: 1,
    };
    let game = parse_game(&mut cur)?;
    cur.skip_space();
    if cur.peek().is_some() {
        return Err(cur.error(
            cur.line,
            cur.column,
            "text after the game's result (one game expected)",
        ));
    }
    Ok(game)
}

/// Reads every game of a file, each ended by its result (`1-0`, `0-1`, `1/2-1/2`, `*`).
pub fn parse_all(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut cur = Cursor {
        text: text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut games = Vec::new();
    loop {
        cur.skip_space();
        if cur.peek().is_none() {
            return Ok(games);
        }
        games.push(parse_game(&mut cur)?);
    }
}

/// Reads tags and movetext up to and including the result token, or to the end.
fn parse_game(cur: &mut Cursor) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    loop {
        cur.skip_space();
        if cur.peek() != Some(b'[') {
            break;
        }
        tags.push(parse_tag(cur)?);
    }
    let tag = |name: &str| tags.iter().find(|t: &&Tag| t.name == name);
    let tag_error =
        |t: &Tag, why: String| cur.error(t.line, t.column, format!("{} tag: {why}", t.name));
    let variant_id = match tag("Variant") {
        None => VariantId::Chess,
        Some(t) => match t.value.to_ascii_lowercase().as_str() {
            "standard" | "chess" => VariantId::Chess,
            other => other
                .parse()
                .map_err(|e: crate::error::VariantError| tag_error(t, e.to_string()))?,
        },
    };
    let variant = match variant_id.rules() {
        Ok(variant) => variant,
        Err(e) => {
            let (line, column) = tag("Variant").map_or((1, 1), |t| (t.line, t.column));
            return Err(cur.error(line, column, format!("Variant tag: {e}")));
        }
    };
    let options = match tag("Rules") {
        Some(t) => {
            RuleOptions::parse(variant_id, &t.value).map_err(|e| tag_error(t, e.to_string()))?
        }
        None => RuleOptions::default(),
    };
    let start = match tag("FEN") {
        Some(t) => crate::fen::parse(variant, &t.value).map_err(|e| tag_error(t, e.to_string()))?,
        None => Position::start(variant),
    }
    .with_options(options);
    let tags: Vec<(String, String)> = tags.into_iter().map(|t| (t.name, t.value)).collect();
    let mut game = Game::new(start);
    let mut spans = Vec::new();
    let mut result = None;
    loop {
        cur.skip_space();
        let (line, column) = (cur.line, cur.column);
        let Some(c) = cur.peek() else { break };
        match c {
            b'{' => {
                let begin = cur.at + 1;
                while cur.bump().is_some_and(|c| c != b'}') {}
                let end = cur.at.saturating_sub(1).max(begin);
                let comment = String::from_utf8_lossy(&cur.text[begin..end]).into_owned();
                if let Some((offset, roll)) = find_roll(&comment) {
                    // Errors point at the `[%roll` itself, inside the comment.
                    let (line, column) =
                        advance(&cur.text[begin..begin + offset], line, column + 1);
                    if game.owed() != Owed::Roll {
                        let why = match game.outcome() {
                            Some(outcome) => {
                                format!("roll '{roll}' after the game ended ({outcome})")
                            }
                            None => format!("roll '{roll}' where a move is owed, not a roll"),
                        };
                        return Err(cur.error(line, column, why));
                    }
                    let outcome = parse_roll_annotation(game.position(), roll)
                        .map_err(|why| cur.error(line, column, why))?;
                    game.roll(outcome)
                        .map_err(|e| cur.error(line, column, e.to_string()))?;
                    spans.push((line, column));
                }
            }
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
            b'[' => {
                return Err(cur.error(
                    line,
                    column,
                    "tag pair after the moves began (is the previous game's result missing?)",
                ));
            }
            _ => {
                let begin = cur.at;
                while cur.peek().is_some_and(|c| {
                    !c.is_ascii_whitespace() && !matches!(c, b'{' | b'(' | b';' | b')' | b'[')
                }) {
                    cur.bump();
                }
                let token = std::str::from_utf8(&cur.text[begin..cur.at]).unwrap_or("");
                if token.is_empty() {
                    cur.bump();
                    return Err(cur.error(line, column, format!("unexpected '{}'", c as char)));
                }
                if RESULTS.contains(&token) {
                    if let Some(outcome) = game.outcome()
                        && outcome.result_text() != token
                    {
                        return Err(cur.error(
                            line,
                            column,
                            format!(
                                "result {token}, but the moves end the game {} ({outcome})",
                                outcome.result_text()
                            ),
                        ));
                    }
                    result = Some(token.to_string());
                    break;
                }
                if token.starts_with('$') {
                    continue;
                }
                let san_text = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san_text.is_empty() {
                    continue;
                }
                // The column of the move itself, after any move number glued to it.
                let column = column + (token.len() - san_text.len());
                let pos = game.position().clone();
                if game.owed() == Owed::Roll {
                    return Err(cur.error(
                        line,
                        column,
                        format!(
                            "missing roll before {san_text}: the dice are owed after the previous move, as in {{[%roll {}]}}",
                            example_roll(&pos)
                        ),
                    ));
                }
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
                spans.push((line, column));
            }
        }
    }
    Ok(PgnGame {
        tags,
        game,
        result,
        spans,
    })
}

/// The line and column reached from (`line`, `column`) after reading `bytes`.
fn advance(bytes: &[u8], mut line: usize, mut column: usize) -> (usize, usize) {
    for &b in bytes {
        if b == b'\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    (line, column)
}

/// A roll the position could take, as an annotation, to show in an error.
fn example_roll(pos: &Position) -> String {
    pos.chance_outcomes()
        .first()
        .map_or_else(|| "7 4".to_string(), |(o, _)| roll_annotation(pos, *o))
}

fn parse_tag(cur: &mut Cursor) -> Result<Tag, PgnError> {
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
    let (value_line, value_column) = (cur.line, cur.column);
    if cur.bump() != Some(b'"') {
        return Err(cur.error(
            value_line,
            value_column,
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
                let (end_line, end_column) = (cur.line, cur.column);
                if cur.bump() != Some(b']') {
                    return Err(cur.error(
                        end_line,
                        end_column,
                        format!("tag {name}: expected ']'"),
                    ));
                }
                return Ok(Tag {
                    name,
                    value: String::from_utf8_lossy(&value).into_owned(),
                    line,
                    column,
                });
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

/// The dice as a `[%roll ...]` annotation shows them: `7 4` (Behemoth d8 d4), `3`
/// (Juggernaut d10), `10 e5` (Juggernaut teleport to e5).
pub fn roll_annotation(pos: &Position, outcome: ChanceOutcome) -> String {
    match outcome {
        ChanceOutcome::Behemoth {
            direction,
            distance,
        } => format!("{direction} {distance}"),
        ChanceOutcome::JuggernautStep(roll) => roll.to_string(),
        ChanceOutcome::JuggernautTeleport(sq) => format!("10 {}", pos.geometry().name(sq)),
    }
}

/// The offset and text of a `[%roll ...]` command inside a comment, if there is one.
fn find_roll(comment: &str) -> Option<(usize, &str)> {
    let offset = comment.find("[%roll")?;
    let start = offset + "[%roll".len();
    let end = comment[start..]
        .find(']')
        .map_or(comment.len(), |e| e + start);
    Some((offset, comment[start..end].trim()))
}

/// Reads a roll annotation; it must be a possible outcome in `pos`.
pub fn parse_roll_annotation(pos: &Position, text: &str) -> Result<ChanceOutcome, String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let token = match (pos.variant().beast, parts.as_slice()) {
        (Some(Beast::Behemoth), [d8, d4]) => format!("~{d8}.{d4}"),
        (Some(Beast::Behemoth), _) => {
            return Err(format!(
                "roll '{text}': a Behemoth roll is two dice, as in [%roll 7 4]"
            ));
        }
        (Some(Beast::Juggernaut), ["10", square]) => format!("~{square}"),
        (Some(Beast::Juggernaut), [roll]) if *roll != "10" => format!("~{roll}"),
        (Some(Beast::Juggernaut), _) => {
            return Err(format!(
                "roll '{text}': a Juggernaut roll is 1-9, or 10 and a square, as in [%roll 10 e5]"
            ));
        }
        (None, _) => return Err(format!("roll '{text}': this variant has no dice")),
    };
    crate::chance::parse_token(pos, &token).map_err(|e| match e {
        MoveError::Malformed(_, why) => format!("roll '{text}': {why}"),
        _ => format!("roll '{text}' is not a possible roll here"),
    })
}
