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
    /// Comments, NAGs and variations, to write back with [`write_with_notes`].
    pub notes: Notes,
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

/// The Seven Tag Roster, written first and in this order, with PGN's "unknown" values.
const SEVEN_TAGS: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The standard values of the `Termination` tag.
const TERMINATIONS: [&str; 8] = [
    "abandoned",
    "adjudication",
    "death",
    "emergency",
    "normal",
    "rules infraction",
    "time forfeit",
    "unterminated",
];

/// Tags the writer derives from the game itself; a caller's values for them are replaced.
const DERIVED_TAGS: [&str; 7] = [
    "Variant",
    "FEN",
    "SetUp",
    "Result",
    "Rules",
    "Termination",
    "Reason",
];

/// The `Variant` tag's value: the name python-chess and pychess-variants give orthodox
/// chess, our ids for the rest (no other program knows them).
pub fn variant_tag(id: VariantId) -> String {
    match id {
        VariantId::Chess => "Standard".to_string(),
        other => other.to_string(),
    }
}

/// The variant a `Variant` tag names. Orthodox chess goes by several names elsewhere.
fn variant_from_tag(value: &str) -> Result<VariantId, crate::error::VariantError> {
    match value.to_ascii_lowercase().as_str() {
        "standard" | "chess" | "classical" | "normal" | "from position" | "chess960" => {
            Ok(VariantId::Chess)
        }
        other => other.parse(),
    }
}

/// The standard `Termination` value for how a game ended that its rules did not end, told
/// in words (`resignation`, `time`, `White resigns`, `aborted`, ...).
pub fn termination_of(reason: &str) -> &'static str {
    let reason = reason.to_ascii_lowercase();
    if let Some(standard) = TERMINATIONS.iter().find(|t| **t == reason) {
        standard
    } else if reason.contains("time") || reason.contains("flag") {
        "time forfeit"
    } else if reason.contains("abort") || reason.contains("abandon") {
        "abandoned"
    } else {
        "normal"
    }
}

/// A game's annotations, kept through a read and a write: comments (with `[%clk]`,
/// `[%eval]` and the like inside), NAGs and variations, each as written. `before[0]`
/// comes before the first turn, `after[i]` after turn `i`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub before: Vec<String>,
    pub after: Vec<Vec<String>>,
}

impl Notes {
    fn after_turn(&mut self, turn: usize) -> &mut Vec<String> {
        if self.after.len() <= turn {
            self.after.resize(turn + 1, Vec::new());
        }
        &mut self.after[turn]
    }

    /// Where the next note goes: after the last turn read, or before the first.
    fn push(&mut self, turns: usize, note: String) {
        // Line breaks inside a note are the writer's; the words are the note.
        let note = note.split_whitespace().collect::<Vec<_>>().join(" ");
        match turns.checked_sub(1) {
            Some(last) => self.after_turn(last).push(note),
            None => self.before.push(note),
        }
    }
}

/// Writes a game. The Seven Tag Roster comes first, in order, from `tags` or PGN's
/// "unknown" values; then `Variant`, `SetUp`, `FEN`, `Rules`, `Termination` (a standard
/// value) and `Reason` (how it ended, in words), derived here; then the other `tags` in
/// their order. The result is the game's own when the rules ended it; otherwise a `Result`
/// tag among `tags` gives it (a resignation or an agreed draw), else `*`. A `Termination`
/// among `tags` may be a standard value or the reason in words. `Seed` and
/// `SeedCommitment` are written only for a variant with dice.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    write_with_notes(game, tags, &Notes::default())
}

/// [`write`], with the annotations read from a PGN file put back in their places.
pub fn write_with_notes(game: &Game, tags: &[(&str, &str)], notes: &Notes) -> String {
    let mut out = String::new();
    for (name, value) in header(game, tags) {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    out.push('\n');
    let result = header(game, tags)
        .into_iter()
        .find(|(name, _)| name == "Result")
        .map_or_else(|| "*".to_string(), |(_, value)| value);
    let mut tokens: Vec<String> = notes.before.iter().flat_map(|n| note_words(n)).collect();
    let mut first_move = true;
    for (i, (turn, pos)) in game.turns().iter().zip(game.positions()).enumerate() {
        match *turn {
            Turn::Move(m) => {
                let number = pos.fullmove_number();
                if pos.turn() == crate::piece::Color::White {
                    tokens.push(format!("{number}."));
                } else if first_move || i > 0 && breaks_the_line(&notes.after, i - 1) {
                    tokens.push(format!("{number}..."));
                }
                first_move = false;
                tokens.push(san::write(pos, m));
            }
            Turn::Roll(outcome) => {
                tokens.push(format!("{{[%roll {}]}}", roll_annotation(pos, outcome)))
            }
        }
        if let Some(after) = notes.after.get(i) {
            tokens.extend(after.iter().flat_map(|n| note_words(n)));
        }
    }
    tokens.push(result);
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

/// Whether the notes after turn `turn` hold a comment or a variation, after which Black's
/// move needs its number again (`2...`).
fn breaks_the_line(after: &[Vec<String>], turn: usize) -> bool {
    after
        .get(turn)
        .is_some_and(|notes| notes.iter().any(|n| n.starts_with(['{', '('])))
}

/// A note cut into the tokens lines may wrap between: words, and each comment whole (as
/// python-chess writes them, so that a comment reads back the same).
fn note_words(note: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = note.trim_start();
    while !rest.is_empty() {
        let end = if rest.starts_with('{') {
            rest.find('}').map_or(rest.len(), |e| e + 1)
        } else {
            rest.find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len())
        };
        words.push(rest[..end].to_string());
        rest = rest[end..].trim_start();
    }
    words
}

/// The tag pairs in the order they are written.
fn header(game: &Game, tags: &[(&str, &str)]) -> Vec<(String, String)> {
    let start = game.start();
    let variant = start.variant();
    let given = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let outcome = game.outcome();
    let result = match outcome {
        Some(o) => o.result_text(),
        None => given("Result")
            .and_then(|r| RESULTS.iter().find(|known| **known == r))
            .map_or("*", |r| *r),
    };
    let mut out: Vec<(String, String)> = SEVEN_TAGS
        .iter()
        .map(|&(name, unknown)| {
            let value = if name == "Result" {
                result
            } else {
                given(name).unwrap_or(unknown)
            };
            (name.to_string(), value.to_string())
        })
        .collect();
    let mut add = |name: &str, value: String| out.push((name.to_string(), value));
    add("Variant", variant_tag(variant.id));
    let start_fen = crate::fen::write(start);
    if start_fen != crate::fen::write(&Position::start(variant)) {
        add("SetUp", "1".to_string());
        add("FEN", start_fen);
    }
    let rules = start.options().describe(variant.id);
    if !rules.is_empty() {
        add("Rules", rules);
    }
    let stated = given("Reason").or(given("Termination"));
    let (termination, reason) = match (outcome, stated) {
        (Some(o), _) => ("normal", Some(o.to_string())),
        (None, Some(why)) if TERMINATIONS.contains(&why) => (why_static(why), None),
        (None, Some(why)) => (termination_of(why), Some(why.to_string())),
        (None, None) if result == "*" => ("unterminated", None),
        (None, None) => ("normal", None),
    };
    add("Termination", termination.to_string());
    if let Some(reason) = reason {
        add("Reason", reason);
    }
    let has_dice = variant.beast.is_some() && given("Dice") != Some("physical");
    for &(name, value) in tags {
        let seven = SEVEN_TAGS.iter().any(|(n, _)| *n == name);
        let seed = matches!(name, "Seed" | "SeedCommitment");
        if seven || DERIVED_TAGS.contains(&name) || (seed && !has_dice) {
            continue;
        }
        add(name, value.to_string());
    }
    out
}

fn why_static(value: &str) -> &'static str {
    TERMINATIONS
        .iter()
        .find(|t| **t == value)
        .copied()
        .unwrap_or("normal")
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
    let tags = parse_tags(cur)?;
    let start = start_position(cur, &tags)?;
    let mut movetext = Movetext {
        game: Game::new(start),
        spans: Vec::new(),
        notes: Notes::default(),
        result: None,
    };
    while movetext.result.is_none() {
        cur.skip_space();
        let (line, column) = (cur.line, cur.column);
        let Some(c) = cur.peek() else { break };
        match c {
            b'{' => movetext.comment(cur, line, column)?,
            b';' => {
                let text = read_line_comment(cur);
                movetext.note(format!("{{{}}}", text.replace('}', "")));
            }
            b'(' => {
                let variation = read_variation(cur, line, column)?;
                movetext.note(variation);
            }
            b'[' => {
                return Err(cur.error(
                    line,
                    column,
                    "tag pair after the moves began (is the previous game's result missing?)",
                ));
            }
            _ => movetext.token(cur, line, column)?,
        }
    }
    Ok(PgnGame {
        tags: tags.into_iter().map(|t| (t.name, t.value)).collect(),
        game: movetext.game,
        result: movetext.result,
        spans: movetext.spans,
        notes: movetext.notes,
    })
}

/// The tag pairs before the movetext.
fn parse_tags(cur: &mut Cursor) -> Result<Vec<Tag>, PgnError> {
    let mut tags = Vec::new();
    loop {
        cur.skip_space();
        if cur.peek() != Some(b'[') {
            return Ok(tags);
        }
        tags.push(parse_tag(cur)?);
    }
}

/// The start position the tags give: the variant from `Variant` (default chess), the rule
/// options from `Rules`, the position from `FEN` (default the variant's start).
fn start_position(cur: &Cursor, tags: &[Tag]) -> Result<Position, PgnError> {
    let tag = |name: &str| tags.iter().find(|t| t.name == name);
    let tag_error =
        |t: &Tag, why: String| cur.error(t.line, t.column, format!("{} tag: {why}", t.name));
    let variant_id = match tag("Variant") {
        None => VariantId::Chess,
        Some(t) => variant_from_tag(&t.value).map_err(|e| tag_error(t, e.to_string()))?,
    };
    let variant = variant_id.rules().map_err(|e| {
        let (line, column) = tag("Variant").map_or((1, 1), |t| (t.line, t.column));
        cur.error(line, column, format!("Variant tag: {e}"))
    })?;
    let options = match tag("Rules") {
        Some(t) => {
            RuleOptions::parse(variant_id, &t.value).map_err(|e| tag_error(t, e.to_string()))?
        }
        None => RuleOptions::default(),
    };
    let start = match tag("FEN") {
        Some(t) => crate::fen::parse(variant, &t.value).map_err(|e| tag_error(t, e.to_string()))?,
        None => Position::start(variant),
    };
    Ok(start.with_options(options))
}

/// A `;` comment's text, to the end of its line.
fn read_line_comment(cur: &mut Cursor) -> String {
    cur.bump();
    let begin = cur.at;
    while cur.peek().is_some_and(|c| c != b'\n') {
        cur.bump();
    }
    String::from_utf8_lossy(&cur.text[begin..cur.at])
        .trim()
        .to_string()
}

/// A variation, `(` to its matching `)`, as written (comments inside may hold parentheses).
fn read_variation(cur: &mut Cursor, line: usize, column: usize) -> Result<String, PgnError> {
    let begin = cur.at;
    let mut depth = 0;
    let mut in_comment = false;
    while let Some(c) = cur.bump() {
        match c {
            b'{' => in_comment = true,
            b'}' => in_comment = false,
            b'(' if !in_comment => depth += 1,
            b')' if !in_comment => {
                depth -= 1;
                if depth == 0 {
                    return Ok(String::from_utf8_lossy(&cur.text[begin..cur.at]).into_owned());
                }
            }
            _ => {}
        }
    }
    Err(cur.error(line, column, "variation '(' is never closed"))
}

/// The game being read from the movetext, with where each turn was and the notes around.
struct Movetext {
    game: Game,
    spans: Vec<(usize, usize)>,
    notes: Notes,
    result: Option<String>,
}

impl Movetext {
    fn note(&mut self, note: String) {
        self.notes.push(self.game.turns().len(), note);
    }

    /// A `{...}` comment: a `[%roll ...]` in it is the dice's turn; the rest is a note.
    fn comment(&mut self, cur: &mut Cursor, line: usize, column: usize) -> Result<(), PgnError> {
        cur.bump();
        let begin = cur.at;
        while cur.peek().is_some_and(|c| c != b'}') {
            cur.bump();
        }
        let end = cur.at;
        cur.bump();
        let comment = String::from_utf8_lossy(&cur.text[begin..end]).into_owned();
        let Some((offset, roll)) = find_roll(&comment) else {
            self.note(format!("{{{comment}}}"));
            return Ok(());
        };
        // Errors point at the `[%roll` itself, inside the comment.
        let (line, column) = advance(&cur.text[begin..begin + offset], line, column + 1);
        self.roll(cur, line, column, roll)?;
        let rest = format!(
            "{}{}",
            &comment[..offset],
            &comment[offset + roll_command_len(&comment[offset..])..]
        );
        if !rest.trim().is_empty() {
            self.note(format!("{{{}}}", rest.trim()));
        }
        Ok(())
    }

    fn roll(
        &mut self,
        cur: &Cursor,
        line: usize,
        column: usize,
        roll: &str,
    ) -> Result<(), PgnError> {
        let game = &mut self.game;
        if game.owed() != Owed::Roll {
            let why = match game.outcome() {
                Some(outcome) => format!("roll '{roll}' after the game ended ({outcome})"),
                None => format!("roll '{roll}' where a move is owed, not a roll"),
            };
            return Err(cur.error(line, column, why));
        }
        let outcome = parse_roll_annotation(game.position(), roll)
            .map_err(|why| cur.error(line, column, why))?;
        game.roll(outcome)
            .map_err(|e| cur.error(line, column, e.to_string()))?;
        self.spans.push((line, column));
        Ok(())
    }

    /// A token of the movetext: a move (its number glued to it or not), a NAG, a move
    /// number, or the result.
    fn token(&mut self, cur: &mut Cursor, line: usize, column: usize) -> Result<(), PgnError> {
        let begin = cur.at;
        while cur.peek().is_some_and(|c| {
            !c.is_ascii_whitespace() && !matches!(c, b'{' | b'(' | b';' | b')' | b'[')
        }) {
            cur.bump();
        }
        let token = std::str::from_utf8(&cur.text[begin..cur.at])
            .unwrap_or("")
            .to_string();
        if token.is_empty() {
            let c = cur.bump().unwrap_or(b' ');
            return Err(cur.error(line, column, format!("unexpected '{}'", c as char)));
        }
        if RESULTS.contains(&token.as_str()) {
            return self.result(cur, line, column, token);
        }
        if token.starts_with('$') {
            self.note(token);
            return Ok(());
        }
        let san_text = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let (san_text, nag) = split_suffix(san_text);
        if san_text.is_empty() {
            return Ok(());
        }
        // The column of the move itself, after any move number glued to it.
        let column = column
            + (token.len()
                - token
                    .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .len());
        self.play(cur, line, column, san_text)?;
        if let Some(nag) = nag {
            self.note(nag.to_string());
        }
        Ok(())
    }

    fn result(
        &mut self,
        cur: &Cursor,
        line: usize,
        column: usize,
        token: String,
    ) -> Result<(), PgnError> {
        if let Some(outcome) = self.game.outcome()
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
        self.result = Some(token);
        Ok(())
    }

    fn play(
        &mut self,
        cur: &Cursor,
        line: usize,
        column: usize,
        san_text: &str,
    ) -> Result<(), PgnError> {
        let game = &mut self.game;
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
        self.spans.push((line, column));
        Ok(())
    }
}

/// A move's suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) split off as its NAG.
fn split_suffix(text: &str) -> (&str, Option<&'static str>) {
    const SUFFIXES: [(&str, &str); 6] = [
        ("!!", "$3"),
        ("??", "$4"),
        ("!?", "$5"),
        ("?!", "$6"),
        ("!", "$1"),
        ("?", "$2"),
    ];
    for (suffix, nag) in SUFFIXES {
        if let Some(san) = text.strip_suffix(suffix) {
            return (san, Some(nag));
        }
    }
    (text, None)
}

/// The length of the `[%roll ...]` command at the start of `text`.
fn roll_command_len(text: &str) -> usize {
    text.find(']').map_or(text.len(), |end| end + 1)
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
