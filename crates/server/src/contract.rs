//! The JSON the page and the server exchange (docs/api.md), as types. The TypeScript the
//! page compiles against, `web/src/generated/contract.ts`, is generated from these types;
//! a test fails when that file is stale.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use ts_rs::TS;

/// A side of the board.
#[derive(Serialize, Deserialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl From<rules::Color> for Side {
    fn from(c: rules::Color) -> Side {
        match c {
            rules::Color::White => Side::White,
            rules::Color::Black => Side::Black,
        }
    }
}

/// One value per side.
#[derive(Serialize, Deserialize, TS, Clone, PartialEq, Debug)]
pub struct PerSide<T> {
    pub white: T,
    pub black: T,
}

/// A rule option of a variant: the words it takes, the default first.
#[derive(Serialize, TS, Clone, Debug)]
pub struct RuleOption {
    pub key: String,
    pub values: Vec<String>,
    pub default: String,
    /// A square name (such as `e5`) is also a value.
    pub takes_square: bool,
    pub description: String,
}

/// A role that stands on a variant's board: its name and upper-case FEN letter.
#[derive(Serialize, TS, Clone, Debug)]
pub struct RoleInfo {
    pub name: String,
    pub letter: String,
}

/// An entry of `GET /api/variants`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct VariantInfo {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub description: String,
    pub options: Vec<RuleOption>,
    /// A beast moves after each move, so dice are rolled.
    pub dice: bool,
    /// Trampled pieces go to a hand and can be dropped again.
    pub hands: bool,
    /// Each king is placed on its wall before the first move.
    pub placement: bool,
    /// Unmoved berserkers may be out of reach (the `home-rows` option).
    pub sanctuary: bool,
    pub walls: bool,
    pub roles: Vec<RoleInfo>,
    /// The start position with the default rules, for drawing the variant.
    pub start: StartPosition,
}

/// A variant's start position with its default rules. Where the dice place the beast, it
/// stands where one fixed seed's first draws put it: an example, not a promise.
#[derive(Serialize, TS, Clone, Debug)]
pub struct StartPosition {
    pub board: BoardShape,
    pub fen: String,
    pub beast: Option<String>,
    pub beast_kind: Option<BeastKind>,
}

/// The shape of a board and its kinds of squares.
#[derive(Serialize, TS, Clone, Debug)]
pub struct BoardShape {
    pub files: u8,
    pub ranks: u8,
    pub holes: Vec<String>,
    pub walls: PerSide<Vec<String>>,
    pub home_rows: PerSide<Vec<String>>,
    pub field: Vec<String>,
    /// Whether unmoved berserkers on their home row cannot be captured in this game (the
    /// variant's rule and the `home-rows` option together). Which of them have not moved
    /// yet is the third field of the FEN.
    pub sanctuary: bool,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct PieceOnBoard {
    pub square: String,
    pub color: Side,
    pub role: &'static str,
    pub letter: char,
}

#[derive(Serialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum TurnKind {
    Move,
    Promotion,
    Castle,
    Drop,
    /// Battle Chieftain's king placed on its wall (written `K@e2`).
    Placement,
    Swap,
    Crown,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct LegalTurn {
    pub uci: String,
    pub san: String,
    pub from: Option<String>,
    pub to: String,
    pub drop: Option<String>,
    pub promotion: Option<String>,
    pub kind: TurnKind,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct RollChoice {
    pub token: String,
    pub text: String,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct Trampled {
    pub square: String,
    pub color: Side,
    pub letter: String,
}

#[derive(Serialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    Move,
    Roll,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct HistoryEntry {
    #[ts(type = "number")]
    pub ply: usize,
    pub uci: String,
    pub san: String,
    /// A move's player; `null` for a roll.
    pub color: Option<Side>,
    pub kind: EntryKind,
    /// What a roll tells the beast, from the rules ("NW ↖, 3 steps", "stays",
    /// "teleports to e5"); `null` for a move.
    pub meaning: Option<String>,
    pub path: Vec<String>,
    pub trampled: Vec<Trampled>,
    /// The position after this entry.
    pub fen: String,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct ClockState {
    #[ts(type = "number")]
    pub white_ms: i64,
    #[ts(type = "number")]
    pub black_ms: i64,
    pub running: Option<Side>,
    #[ts(type = "number")]
    pub initial_ms: i64,
    #[ts(type = "number")]
    pub increment_ms: i64,
    /// Correspondence: every move has `initial_ms` (these days); null for a game clock.
    #[ts(type = "number | null")]
    pub days_per_move: Option<i64>,
}

#[derive(Serialize, Deserialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum BeastKind {
    Behemoth,
    Juggernaut,
}

#[derive(Serialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Owed {
    Move,
    Roll,
    Over,
}

/// A game's stage.
#[derive(Serialize, Deserialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A friend game whose invitation is not taken up yet.
    Waiting,
    Playing,
    Over,
}

/// Who rolls the dice.
#[derive(Serialize, Deserialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum DiceMode {
    /// The server rolls from the seeded stream at once.
    Server,
    /// Real dice, typed in by a player.
    Physical,
}

/// Who plays a seat.
#[derive(Serialize, Deserialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human,
    Engine,
}

/// The seat a token holds.
#[derive(Serialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum You {
    White,
    Black,
    Both,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct Offers {
    pub draw: Option<Side>,
    pub takeback: Option<Side>,
    /// The side that offered a rematch after the game.
    pub rematch: Option<Side>,
}

/// The `GAME` object: everything the page draws.
#[derive(Serialize, TS, Clone, Debug)]
pub struct Game {
    pub id: String,
    pub variant: String,
    pub name: String,
    pub rules: BTreeMap<String, String>,
    pub board: BoardShape,
    /// The position before the first turn.
    pub start_fen: String,
    pub fen: String,
    #[ts(type = "number")]
    pub ply: i64,
    pub pieces: Vec<PieceOnBoard>,
    pub beast: Option<String>,
    pub beast_kind: Option<BeastKind>,
    pub hands: Option<PerSide<Vec<String>>>,
    pub to_move: Side,
    pub owed: Owed,
    #[ts(as = "Vec<LegalTurn>")]
    pub legal: Arc<[LegalTurn]>,
    pub rolls: Vec<RollChoice>,
    #[ts(as = "Vec<HistoryEntry>")]
    pub history: Vec<Arc<HistoryEntry>>,
    pub trample_odds: Option<BTreeMap<String, f64>>,
    pub status: Status,
    pub result: String,
    pub reason: Option<String>,
    pub clock: Option<ClockState>,
    pub dice: DiceMode,
    /// The SHA-256 of the server seed's decimal text, published at creation.
    pub seed_commitment: String,
    /// The entropy each player added to the dice (public once added).
    pub entropy: PerSide<Option<String>>,
    /// The server seed's decimal text (a u64 does not fit a JavaScript number), once the
    /// game is over.
    pub seed: Option<String>,
    /// The seed the rolls come from (the server seed mixed with the entropy), once the
    /// game is over.
    pub dice_seed: Option<String>,
    pub players: PerSide<Player>,
    pub offers: Offers,
    /// The rematch's id once it started; each player gets its seat there from
    /// `POST /api/games/ID/rematch`.
    pub next_game: Option<String>,
    pub you: Option<You>,
    /// How many changes the game has had; a socket's `update` carries the next one.
    #[ts(type = "number")]
    pub version: i64,
}

/// What one committed change makes of a game, as a socket receives it: the fields of GAME
/// a change can alter, and the history as the entries that stay plus those added. Applied
/// to the GAME at `version - 1`, it gives the GAME at `version`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct GameUpdate {
    #[ts(type = "number")]
    pub version: i64,
    /// How many entries of the history stay (fewer after a takeback).
    pub keep: usize,
    /// The entries that follow them.
    #[ts(as = "Vec<HistoryEntry>")]
    pub added: Vec<Arc<HistoryEntry>>,
    pub fen: String,
    #[ts(type = "number")]
    pub ply: i64,
    pub pieces: Vec<PieceOnBoard>,
    pub beast: Option<String>,
    pub hands: Option<PerSide<Vec<String>>>,
    pub to_move: Side,
    pub owed: Owed,
    #[ts(as = "Vec<LegalTurn>")]
    pub legal: Arc<[LegalTurn]>,
    pub rolls: Vec<RollChoice>,
    pub trample_odds: Option<BTreeMap<String, f64>>,
    pub status: Status,
    pub result: String,
    pub reason: Option<String>,
    pub clock: Option<ClockState>,
    pub entropy: PerSide<Option<String>>,
    pub seed: Option<String>,
    pub dice_seed: Option<String>,
    pub offers: Offers,
    pub next_game: Option<String>,
}

#[derive(Deserialize, TS, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    #[default]
    Engine,
    Friend,
    Local,
}

#[derive(Serialize, Deserialize, TS, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    White,
    Black,
    #[default]
    Random,
}

#[derive(Deserialize, TS, Clone, Debug)]
pub struct EngineOptions {
    #[ts(optional, type = "number")]
    pub level: Option<i64>,
}

#[derive(Serialize, Deserialize, TS, Clone, Debug, PartialEq)]
pub struct ClockOptions {
    #[ts(type = "number")]
    pub initial_ms: i64,
    #[serde(default)]
    #[ts(type = "number")]
    pub increment_ms: i64,
}

/// The body of `POST /api/games`.
#[derive(Deserialize, TS, Clone, Debug)]
pub struct CreateRequest {
    pub variant: String,
    #[ts(optional)]
    pub rules: Option<BTreeMap<String, String>>,
    #[ts(optional)]
    pub opponent: Option<Opponent>,
    #[ts(optional)]
    pub color: Option<ColorChoice>,
    #[ts(optional)]
    pub engine: Option<EngineOptions>,
    #[ts(optional)]
    pub clock: Option<ClockOptions>,
    /// Correspondence instead of a clock: 1, 2, 3, 5, 7 or 14 days for every move.
    #[ts(optional, type = "number")]
    pub days_per_move: Option<i64>,
    #[ts(optional)]
    pub dice: Option<DiceMode>,
    /// The creator's own randomness for the dice: 1 to 64 letters, digits, `-` or `_`.
    #[ts(optional)]
    pub entropy: Option<String>,
    /// Rated (default casual): only for a logged-in creator, against a friend who logs in
    /// too, with the server's dice.
    #[ts(optional)]
    pub rated: Option<bool>,
    /// Only for a server in test mode: its seed, a number or its decimal text.
    #[ts(optional, type = "number | string")]
    pub seed: Option<serde_json::Value>,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct CreateReply {
    pub id: String,
    pub seats: PerSide<Option<String>>,
    pub invite: Option<String>,
    pub game: Game,
}

#[derive(Serialize, TS, Clone, Debug)]
pub struct JoinReply {
    pub seat: Side,
    pub token: String,
    pub game: Game,
}

/// `POST /api/games/ID/rematch`: the offer is waiting for the other player, or the
/// rematch has started and `token` is the asker's seat in game `next_game`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct RematchReply {
    pub next_game: Option<String>,
    pub token: Option<String>,
}

/// A lobby entry's stage: `open` is a friend game still waiting for its guest.
#[derive(Serialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum LobbyStatus {
    Open,
    Playing,
    Over,
}

/// An entry of `GET /api/levels`: one of the engine's levels.
#[derive(Serialize, TS, Clone, Debug)]
pub struct LevelInfo {
    pub level: i64,
    /// How the level plays, in a player's words.
    pub style: String,
    /// Its rating as measured against Stockfish's `UCI_Elo` in chess, its node cap ending
    /// each search (docs/engine.md).
    pub elo: u32,
    /// Whether `elo` is only the least it plays at (a lower level's rating, for a level that
    /// searches further).
    pub elo_at_least: bool,
    /// The longest it thinks for a move in a game here.
    pub think_ms: u64,
    /// The level a game gets when its request names none.
    pub default: bool,
}

/// An entry of `GET /api/games`, without any token.
#[derive(Serialize, TS, Clone, Debug)]
pub struct LobbyEntry {
    pub id: String,
    pub variant: String,
    pub name: String,
    pub status: LobbyStatus,
    #[ts(type = "number")]
    pub ply: i64,
    /// The players' moves so far (the dice's rolls not counted).
    #[ts(type = "number")]
    pub moves: i64,
    pub result: String,
    pub reason: Option<String>,
    pub players: PerSide<Player>,
    #[ts(type = "number")]
    pub created_at: i64,
    #[ts(type = "number")]
    pub updated_at: i64,
    pub open_seat: Option<Side>,
    /// The sockets watching the game without a seat, on this server.
    #[ts(type = "number")]
    pub spectators: u64,
}

/// The body of `POST /turn` (and of a socket's `turn` and `roll` messages).
#[derive(Deserialize, TS, Clone, Debug, Default)]
pub struct TurnRequest {
    #[ts(optional)]
    pub token: Option<String>,
    #[ts(optional)]
    pub turn: Option<String>,
    #[ts(optional)]
    pub roll: Option<String>,
    /// Required (a missing ply is a 400); optional here so that its absence gets a clear
    /// message.
    #[ts(type = "number")]
    pub ply: Option<i64>,
}

/// The body of `POST /action` (and of a socket's `action` message). `seat` picks the
/// colour a token holding both seats acts for.
#[derive(Deserialize, TS, Clone, Debug, Default)]
pub struct ActionRequest {
    #[ts(optional)]
    pub token: Option<String>,
    #[ts(optional)]
    pub action: Option<String>,
    #[ts(optional)]
    pub seat: Option<String>,
}

#[derive(Deserialize, TS, Clone, Debug)]
pub struct JoinRequest {
    #[ts(optional)]
    pub invite: Option<String>,
    /// The guest's own randomness, mixed into the dice.
    #[ts(optional)]
    pub entropy: Option<String>,
}

/// A message the server sends on a game's WebSocket.
#[derive(Serialize, TS, Clone, Debug)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The whole game: on connect, when asked for, and after a socket fell behind.
    State {
        game: Box<Game>,
    },
    /// One change, to apply to the game at the version before.
    Update {
        update: Box<GameUpdate>,
    },
    Error {
        status: u16,
        error: String,
    },
    /// A new line in a chat room the socket may read.
    Chat {
        line: ChatLine,
    },
}

/// A game's two chat rooms: the players', read and written with a seat token, and the
/// spectators', read by anyone and written by logged-in accounts not playing the game.
#[derive(Serialize, Deserialize, TS, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(rename_all = "lowercase")]
pub enum ChatRoom {
    Players,
    Spectators,
}

/// One line of a game's chat, as its author typed it: plain text, never markup.
#[derive(Serialize, TS, Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub room: ChatRoom,
    /// The line's number in its room, from 1.
    #[ts(type = "number")]
    pub seq: i64,
    /// The author's account name, or `white` / `black` for a player without an account.
    pub author: String,
    pub text: String,
    /// Milliseconds since 1970.
    #[ts(type = "number")]
    pub at: i64,
}

/// The body of `POST /api/games/ID/chat`; `room` is the players' unless said.
#[derive(Deserialize, TS, Clone, Debug)]
pub struct ChatRequest {
    #[ts(optional)]
    pub token: Option<String>,
    #[ts(optional)]
    pub room: Option<ChatRoom>,
    pub text: String,
}

/// The body of `POST /api/account/register` and `POST /api/account/login`.
#[derive(Deserialize, TS, Clone, Debug)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// The body of `POST /api/account/password`.
#[derive(Deserialize, TS, Clone, Debug)]
pub struct PasswordChange {
    pub current_password: String,
    pub new_password: String,
}

/// The body of `POST /api/account/delete`: the password, asked again.
#[derive(Deserialize, TS, Clone, Debug)]
pub struct AccountDeletion {
    pub password: String,
}

/// A logged-in player's account.
#[derive(Serialize, TS, Clone, Debug)]
pub struct AccountInfo {
    pub name: String,
    #[ts(type = "number")]
    pub created_at: i64,
}

/// The reply of `GET /api/account`: the account the session cookie logs in, if any.
#[derive(Serialize, TS, Clone, Debug)]
pub struct Session {
    pub account: Option<AccountInfo>,
}

/// What a rated game did to a player's rating.
#[derive(Serialize, TS, Clone, Debug)]
pub struct RatingChange {
    #[ts(type = "number")]
    pub before: i64,
    #[ts(type = "number")]
    pub after: i64,
}

/// The account in a seat, with its rating in the game's variant.
#[derive(Serialize, TS, Clone, Debug)]
pub struct SeatAccount {
    pub name: String,
    /// The account's rating in this variant now (none before its first rated game).
    #[ts(type = "number | null")]
    pub rating: Option<i64>,
    /// Once a rated game is over: what it did to the rating.
    pub change: Option<RatingChange>,
}

/// The reply of `GET /api/games/ID/players`: who plays by account, and whether it is rated.
#[derive(Serialize, TS, Clone, Debug)]
pub struct GamePlayers {
    pub rated: bool,
    /// `null` for an anonymous seat (or one whose account was deleted).
    pub accounts: PerSide<Option<SeatAccount>>,
}

/// A player's standing in one variant.
#[derive(Serialize, TS, Clone, Debug)]
pub struct VariantRating {
    pub variant: String,
    #[ts(type = "number")]
    pub rating: i64,
    #[ts(type = "number")]
    pub deviation: i64,
    #[ts(type = "number")]
    pub games: i64,
}

/// A point of a player's rating history: the rating after a rated game.
#[derive(Serialize, TS, Clone, Debug)]
pub struct RatingPoint {
    pub game_id: String,
    pub variant: String,
    #[ts(type = "number")]
    pub rating: i64,
    #[ts(type = "number")]
    pub at: i64,
}

/// A game on a player's profile.
#[derive(Serialize, TS, Clone, Debug)]
pub struct ProfileGame {
    pub id: String,
    pub variant: String,
    pub color: Side,
    pub opponent: Option<String>,
    pub status: Status,
    pub result: String,
    pub rated: bool,
    #[ts(type = "number")]
    pub created_at: i64,
}

/// A game of `GET /api/account/games`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct MyGame {
    pub id: String,
    pub variant: String,
    /// The player's colour.
    pub color: Side,
    /// The opponent's account name, if the opponent has one.
    pub opponent: Option<String>,
    pub opponent_player: Player,
    pub status: Status,
    pub result: String,
    pub your_turn: bool,
    #[ts(type = "number | null")]
    pub days_per_move: Option<i64>,
    /// A correspondence game's deadline for the side to move (ms since 1970).
    #[ts(type = "number | null")]
    pub deadline: Option<i64>,
    #[ts(type = "number")]
    pub updated_at: i64,
}

/// The body of `POST /api/seeks` and `POST /api/seeks/quick`: the game sought, played
/// against whoever accepts, with the server's dice.
#[derive(Deserialize, TS, Clone, Debug)]
pub struct SeekRequest {
    pub variant: String,
    #[ts(optional)]
    pub rules: Option<BTreeMap<String, String>>,
    #[ts(optional)]
    pub clock: Option<ClockOptions>,
    #[ts(optional, type = "number")]
    pub days_per_move: Option<i64>,
    /// The seeker's colour (default random).
    #[ts(optional)]
    pub color: Option<ColorChoice>,
    #[ts(optional)]
    pub rated: Option<bool>,
}

/// An open seek of `GET /api/seeks`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct Seek {
    pub id: String,
    pub variant: String,
    /// The variant's display name.
    pub name: String,
    /// The seeker's account name.
    pub player: String,
    /// The seeker's rating in the variant, rounded; null before a first rated game.
    #[ts(type = "number | null")]
    pub rating: Option<i64>,
    pub rules: BTreeMap<String, String>,
    pub clock: Option<ClockOptions>,
    #[ts(type = "number | null")]
    pub days_per_move: Option<i64>,
    /// The seeker's colour.
    pub color: ColorChoice,
    pub rated: bool,
    /// Whether the logged-in reader posted it.
    pub yours: bool,
    #[ts(type = "number")]
    pub created_at: i64,
    /// For its poster only: the game that took it up, once accepted.
    pub game: Option<String>,
}

/// An account's seat in a game: the reply of accepting a seek, and of
/// `POST /api/games/ID/seat`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct SeatReply {
    pub game: String,
    pub seat: Side,
    pub token: String,
}

/// The reply of `POST /api/seeks/quick`: the game when another player's seek matched,
/// else the seek posted.
#[derive(Serialize, TS, Clone, Debug)]
pub struct QuickPairing {
    pub game: Option<SeatReply>,
    pub seek: Option<Seek>,
}

/// The reply of `GET /api/players/NAME`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct Profile {
    pub name: String,
    #[ts(type = "number")]
    pub created_at: i64,
    pub ratings: Vec<VariantRating>,
    /// Oldest first.
    pub history: Vec<RatingPoint>,
    /// Newest first.
    pub recent_games: Vec<ProfileGame>,
}

/// An entry of `GET /api/leaderboard/VARIANT`.
#[derive(Serialize, TS, Clone, Debug)]
pub struct LeaderboardEntry {
    #[ts(type = "number")]
    pub rank: i64,
    pub name: String,
    #[ts(type = "number")]
    pub rating: i64,
    #[ts(type = "number")]
    pub deviation: i64,
    #[ts(type = "number")]
    pub games: i64,
}

/// The body of every error reply.
#[derive(Serialize, TS, Clone, Debug)]
pub struct ErrorBody {
    pub error: String,
}

/// How much a move cost its player, as lichess grades it: by the drop in its player's
/// chance of winning against the engine's best move.
#[derive(Serialize, TS, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// One turn of a reviewed game.
#[derive(Serialize, TS, Clone, Debug)]
pub struct ReviewEntry {
    #[ts(type = "number")]
    pub ply: usize,
    pub san: String,
    pub kind: EntryKind,
    /// A move's player; for a roll, the player whose move it followed.
    pub color: Side,
    /// The engine's value of the position after this turn for White, in centipawns (a
    /// won game counts 3000); with a roll owed, the mean over its outcomes.
    pub eval: i32,
    /// White's chance of winning after this turn, 0 to 1, from `eval`.
    pub white_win: f64,
    /// A move: how much of its player's chance of winning it gave away against the best
    /// move, 0 to 1.
    pub loss: Option<f64>,
    pub judgement: Option<Judgement>,
    /// A judged move: the engine's choice instead, in SAN.
    pub best: Option<String>,
    /// A roll: its value for White minus the roll's expected value, in centipawns.
    pub luck: Option<f64>,
}

/// `GET /api/games/ID/review`: a finished game as the engine sees it.
#[derive(Serialize, TS, Clone, Debug)]
pub struct Review {
    pub id: String,
    pub variant: String,
    /// The engine's value of the start position for White, in centipawns.
    pub start_eval: i32,
    pub entries: Vec<ReviewEntry>,
    /// The dice's gift to each player from the rolls after their own moves, in
    /// centipawns for that player; `null` without dice.
    pub luck_by_roller: Option<PerSide<f64>>,
    /// What the dice gave White in all, in centipawns (negative: they gave Black).
    pub luck_white: Option<f64>,
    /// One line in words: "The dice gave White +2.3 pawns in all."
    pub verdict: Option<String>,
    /// How many inaccuracies, mistakes and blunders each player made.
    pub judgements: PerSide<JudgementCounts>,
    /// The search depth each value comes from.
    pub depth: i32,
}

#[derive(Serialize, TS, Clone, Debug, Default, PartialEq)]
pub struct JudgementCounts {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

/// One line of an analysis: the engine's score for it and its moves.
#[derive(Serialize, TS, Clone, Debug)]
pub struct AnalysisLine {
    /// Centipawns for the side to move.
    pub score: i32,
    /// Moves to a forced win (negative: to a forced loss) for the side to move.
    pub mate: Option<i32>,
    /// Win, draw and loss in permille for the side to move.
    pub wdl: [u32; 3],
    pub san: Vec<String>,
    pub uci: Vec<String>,
}

/// What one outcome of the dice after the best move is worth.
#[derive(Serialize, TS, Clone, Debug)]
pub struct RollWorth {
    pub roll: String,
    pub meaning: String,
    pub probability: f64,
    /// The value for White of the position after the roll, in centipawns.
    pub value: i32,
    /// `value` less the mean over all the outcomes.
    pub luck: f64,
}

/// The events of `GET /api/analysis`, each one server-sent event's JSON.
#[derive(Serialize, TS, Clone, Debug)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnalysisEvent {
    /// The position analysed, as read from the FEN or the PGN.
    Position {
        variant: String,
        fen: String,
        to_move: Side,
    },
    /// The best lines after one more depth, best first.
    Lines {
        depth: i32,
        #[ts(type = "number")]
        nodes: u64,
        #[ts(type = "number")]
        elapsed_ms: u64,
        lines: Vec<AnalysisLine>,
    },
    /// With dice: each outcome of the roll after the best move, as it would leave the game.
    Rolls {
        after: String,
        rolls: Vec<RollWorth>,
    },
    /// The analysis has finished (its time or depth is spent).
    Done,
    Error {
        error: String,
    },
}

/// The generated TypeScript, as `web/src/generated/contract.ts` holds it.
pub fn typescript() -> String {
    let cfg = ts_rs::Config::new().with_large_int("number");
    let decls = [
        Side::decl(&cfg),
        PerSide::<()>::decl(&cfg),
        RuleOption::decl(&cfg),
        RoleInfo::decl(&cfg),
        VariantInfo::decl(&cfg),
        LevelInfo::decl(&cfg),
        StartPosition::decl(&cfg),
        BoardShape::decl(&cfg),
        PieceOnBoard::decl(&cfg),
        TurnKind::decl(&cfg),
        LegalTurn::decl(&cfg),
        RollChoice::decl(&cfg),
        Trampled::decl(&cfg),
        EntryKind::decl(&cfg),
        HistoryEntry::decl(&cfg),
        ClockState::decl(&cfg),
        BeastKind::decl(&cfg),
        Owed::decl(&cfg),
        Status::decl(&cfg),
        DiceMode::decl(&cfg),
        Player::decl(&cfg),
        You::decl(&cfg),
        Offers::decl(&cfg),
        Game::decl(&cfg),
        GameUpdate::decl(&cfg),
        Opponent::decl(&cfg),
        ColorChoice::decl(&cfg),
        EngineOptions::decl(&cfg),
        ClockOptions::decl(&cfg),
        CreateRequest::decl(&cfg),
        CreateReply::decl(&cfg),
        JoinReply::decl(&cfg),
        RematchReply::decl(&cfg),
        LobbyStatus::decl(&cfg),
        LobbyEntry::decl(&cfg),
        TurnRequest::decl(&cfg),
        ActionRequest::decl(&cfg),
        JoinRequest::decl(&cfg),
        ServerMessage::decl(&cfg),
        ChatRoom::decl(&cfg),
        ChatLine::decl(&cfg),
        ChatRequest::decl(&cfg),
        ErrorBody::decl(&cfg),
        Credentials::decl(&cfg),
        PasswordChange::decl(&cfg),
        AccountDeletion::decl(&cfg),
        AccountInfo::decl(&cfg),
        Session::decl(&cfg),
        RatingChange::decl(&cfg),
        SeatAccount::decl(&cfg),
        GamePlayers::decl(&cfg),
        VariantRating::decl(&cfg),
        RatingPoint::decl(&cfg),
        ProfileGame::decl(&cfg),
        MyGame::decl(&cfg),
        SeekRequest::decl(&cfg),
        Seek::decl(&cfg),
        SeatReply::decl(&cfg),
        QuickPairing::decl(&cfg),
        Profile::decl(&cfg),
        LeaderboardEntry::decl(&cfg),
        Judgement::decl(&cfg),
        ReviewEntry::decl(&cfg),
        Review::decl(&cfg),
        JudgementCounts::decl(&cfg),
        AnalysisLine::decl(&cfg),
        RollWorth::decl(&cfg),
        AnalysisEvent::decl(&cfg),
    ];
    let mut out = String::from(
        "// Generated from crates/server/src/contract.rs: do not edit. Regenerate with\n\
         // MENAGERIE_WRITE_CONTRACT=1 cargo test -p menagerie-server --lib contract\n",
    );
    for decl in decls {
        out.push_str("\nexport ");
        out.push_str(&decl);
        out.push('\n');
    }
    out
}

/// Where the generated file lives, from this crate's directory.
pub const GENERATED_PATH: &str = "../../web/src/generated/contract.ts";

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_generated_typescript_is_current() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GENERATED_PATH);
        let fresh = typescript();
        if std::env::var_os("MENAGERIE_WRITE_CONTRACT").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &fresh).unwrap();
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            stored == fresh,
            "{} is stale: regenerate it with \
             `MENAGERIE_WRITE_CONTRACT=1 cargo test -p menagerie-server --lib contract`",
            path.display()
        );
    }

    /// The field names of a generated declaration, comments left out.
    fn field_names(decl: &str) -> Vec<String> {
        let mut text = decl.to_string();
        while let (Some(a), Some(b)) = (text.find("/**"), text.find("*/")) {
            text.replace_range(a..b + 2, "");
        }
        let mut names = Vec::new();
        for part in text.split(['{', ',']) {
            let part = part.trim();
            if let Some((name, _)) = part.split_once(':') {
                let name = name.trim_end_matches('?');
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    names.push(name.to_string());
                }
            }
        }
        names
    }

    #[test]
    fn docs_api_names_every_field_of_the_contract() {
        let cfg = ts_rs::Config::new().with_large_int("number");
        let docs = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/api.md"),
        )
        .unwrap();
        let decls = [
            ("GAME", Game::decl(&cfg)),
            ("GameUpdate", GameUpdate::decl(&cfg)),
            ("BoardShape", BoardShape::decl(&cfg)),
            ("LegalTurn", LegalTurn::decl(&cfg)),
            ("HistoryEntry", HistoryEntry::decl(&cfg)),
            ("ClockState", ClockState::decl(&cfg)),
            ("VARIANT", VariantInfo::decl(&cfg)),
            ("LevelInfo", LevelInfo::decl(&cfg)),
            ("StartPosition", StartPosition::decl(&cfg)),
            ("RuleOption", RuleOption::decl(&cfg)),
            ("LobbyEntry", LobbyEntry::decl(&cfg)),
            ("CreateRequest", CreateRequest::decl(&cfg)),
            ("CreateReply", CreateReply::decl(&cfg)),
            ("JoinReply", JoinReply::decl(&cfg)),
            ("TurnRequest", TurnRequest::decl(&cfg)),
            ("JoinRequest", JoinRequest::decl(&cfg)),
            ("Credentials", Credentials::decl(&cfg)),
            ("PasswordChange", PasswordChange::decl(&cfg)),
            ("AccountDeletion", AccountDeletion::decl(&cfg)),
            ("Session", Session::decl(&cfg)),
            ("AccountInfo", AccountInfo::decl(&cfg)),
            ("GamePlayers", GamePlayers::decl(&cfg)),
            ("SeatAccount", SeatAccount::decl(&cfg)),
            ("RatingChange", RatingChange::decl(&cfg)),
            ("Profile", Profile::decl(&cfg)),
            ("VariantRating", VariantRating::decl(&cfg)),
            ("RatingPoint", RatingPoint::decl(&cfg)),
            ("ProfileGame", ProfileGame::decl(&cfg)),
            ("SeekRequest", SeekRequest::decl(&cfg)),
            ("Seek", Seek::decl(&cfg)),
            ("SeatReply", SeatReply::decl(&cfg)),
            ("QuickPairing", QuickPairing::decl(&cfg)),
            ("LeaderboardEntry", LeaderboardEntry::decl(&cfg)),
            ("REVIEW", Review::decl(&cfg)),
            ("ReviewEntry", ReviewEntry::decl(&cfg)),
            ("JudgementCounts", JudgementCounts::decl(&cfg)),
            ("AnalysisLine", AnalysisLine::decl(&cfg)),
            ("RollWorth", RollWorth::decl(&cfg)),
        ];
        for (what, decl) in decls {
            let names = field_names(&decl);
            assert!(!names.is_empty(), "{what}: no fields read from {decl}");
            for name in names {
                assert!(
                    docs.contains(&format!("\"{name}\"")),
                    "docs/api.md does not describe the field \"{name}\" of {what}"
                );
            }
        }
    }
}
