// Generated from crates/server/src/contract.rs: do not edit. Regenerate with
// MENAGERIE_WRITE_CONTRACT=1 cargo test -p menagerie-server --lib contract

export type Side = "white" | "black";

export type PerSide<T> = { white: T, black: T, };

export type RuleOption = { key: string, values: Array<string>, default: string, 
/**
 * A square name (such as `e5`) is also a value.
 */
takes_square: boolean, description: string, };

export type RoleInfo = { name: string, letter: string, };

export type VariantInfo = { id: string, name: string, summary: string, description: string, options: Array<RuleOption>, 
/**
 * A beast moves after each move, so dice are rolled.
 */
dice: boolean, 
/**
 * Trampled pieces go to a hand and can be dropped again.
 */
hands: boolean, 
/**
 * Each king is placed on its wall before the first move.
 */
placement: boolean, 
/**
 * Unmoved berserkers may be out of reach (the `home-rows` option).
 */
sanctuary: boolean, walls: boolean, roles: Array<RoleInfo>, 
/**
 * The start position with the default rules, for drawing the variant.
 */
start: StartPosition, };

export type LevelInfo = { level: number, 
/**
 * How the level plays, in a player's words.
 */
style: string, 
/**
 * Its rating as measured against Stockfish's `UCI_Elo` in chess, its node cap ending
 * each search (docs/engine.md).
 */
elo: number, 
/**
 * Whether `elo` is only the least it plays at (a lower level's rating, for a level that
 * searches further).
 */
elo_at_least: boolean, 
/**
 * The longest it thinks for a move in a game here.
 */
think_ms: number, 
/**
 * The level a game gets when its request names none.
 */
default: boolean, };

export type StartPosition = { board: BoardShape, fen: string, beast: string | null, beast_kind: BeastKind | null, };

export type BoardShape = { files: number, ranks: number, holes: Array<string>, walls: PerSide<Array<string>>, home_rows: PerSide<Array<string>>, field: Array<string>, 
/**
 * Whether unmoved berserkers on their home row cannot be captured in this game (the
 * variant's rule and the `home-rows` option together). Which of them have not moved
 * yet is the third field of the FEN.
 */
sanctuary: boolean, };

export type PieceOnBoard = { square: string, color: Side, role: string, letter: string, };

export type TurnKind = "move" | "promotion" | "castle" | "drop" | "placement" | "swap" | "crown";

export type LegalTurn = { uci: string, san: string, from: string | null, to: string, drop: string | null, promotion: string | null, kind: TurnKind, };

export type RollChoice = { token: string, text: string, };

export type Trampled = { square: string, color: Side, letter: string, };

export type EntryKind = "move" | "roll";

export type HistoryEntry = { ply: number, uci: string, san: string, 
/**
 * A move's player; `null` for a roll.
 */
color: Side | null, kind: EntryKind, 
/**
 * What a roll tells the beast, from the rules ("NW ↖, 3 steps", "stays",
 * "teleports to e5"); `null` for a move.
 */
meaning: string | null, path: Array<string>, trampled: Array<Trampled>, 
/**
 * The position after this entry.
 */
fen: string, };

export type ClockState = { white_ms: number, black_ms: number, running: Side | null, initial_ms: number, increment_ms: number, 
/**
 * Correspondence: every move has `initial_ms` (these days); null for a game clock.
 */
days_per_move: number | null, };

export type BeastKind = "behemoth" | "juggernaut";

export type Owed = "move" | "roll" | "over";

export type Status = "waiting" | "playing" | "over";

export type DiceMode = "server" | "physical";

export type Player = "human" | "engine";

export type You = "white" | "black" | "both";

export type Offers = { draw: Side | null, takeback: Side | null, 
/**
 * The side that offered a rematch after the game.
 */
rematch: Side | null, };

export type Game = { id: string, variant: string, name: string, rules: { [key in string]: string }, board: BoardShape, 
/**
 * The position before the first turn.
 */
start_fen: string, fen: string, ply: number, pieces: Array<PieceOnBoard>, beast: string | null, beast_kind: BeastKind | null, hands: PerSide<Array<string>> | null, to_move: Side, owed: Owed, legal: Array<LegalTurn>, rolls: Array<RollChoice>, history: Array<HistoryEntry>, trample_odds: { [key in string]: number } | null, status: Status, result: string, reason: string | null, clock: ClockState | null, dice: DiceMode, 
/**
 * The SHA-256 of the server seed's decimal text, published at creation.
 */
seed_commitment: string, 
/**
 * The entropy each player added to the dice (public once added).
 */
entropy: PerSide<string | null>, 
/**
 * The server seed's decimal text (a u64 does not fit a JavaScript number), once the
 * game is over.
 */
seed: string | null, 
/**
 * The seed the rolls come from (the server seed mixed with the entropy), once the
 * game is over.
 */
dice_seed: string | null, players: PerSide<Player>, offers: Offers, 
/**
 * The rematch's id once it started; each player gets its seat there from
 * `POST /api/games/ID/rematch`.
 */
next_game: string | null, you: You | null, 
/**
 * How many changes the game has had; a socket's `update` carries the next one.
 */
version: number, };

export type GameUpdate = { version: number, 
/**
 * How many entries of the history stay (fewer after a takeback).
 */
keep: number, 
/**
 * The entries that follow them.
 */
added: Array<HistoryEntry>, fen: string, ply: number, pieces: Array<PieceOnBoard>, beast: string | null, hands: PerSide<Array<string>> | null, to_move: Side, owed: Owed, legal: Array<LegalTurn>, rolls: Array<RollChoice>, trample_odds: { [key in string]: number } | null, status: Status, result: string, reason: string | null, clock: ClockState | null, entropy: PerSide<string | null>, seed: string | null, dice_seed: string | null, offers: Offers, next_game: string | null, };

export type Opponent = "engine" | "friend" | "local";

export type ColorChoice = "white" | "black" | "random";

export type EngineOptions = { level?: number, };

export type ClockOptions = { initial_ms: number, increment_ms: number, };

export type CreateRequest = { variant: string, rules?: { [key in string]: string }, opponent?: Opponent, color?: ColorChoice, engine?: EngineOptions, clock?: ClockOptions, 
/**
 * Correspondence instead of a clock: 1, 2, 3, 5, 7 or 14 days for every move.
 */
days_per_move?: number, dice?: DiceMode, 
/**
 * The creator's own randomness for the dice: 1 to 64 letters, digits, `-` or `_`.
 */
entropy?: string, 
/**
 * Rated (default casual): only for a logged-in creator, against a friend who logs in
 * too, with the server's dice.
 */
rated?: boolean, 
/**
 * Only for a server in test mode: its seed, a number or its decimal text.
 */
seed?: number | string, };

export type CreateReply = { id: string, seats: PerSide<string | null>, invite: string | null, game: Game, };

export type JoinReply = { seat: Side, token: string, game: Game, };

export type RematchReply = { next_game: string | null, token: string | null, };

export type LobbyStatus = "open" | "playing" | "over";

export type LobbyEntry = { id: string, variant: string, name: string, status: LobbyStatus, ply: number, 
/**
 * The players' moves so far (the dice's rolls not counted).
 */
moves: number, result: string, reason: string | null, players: PerSide<Player>, created_at: number, updated_at: number, open_seat: Side | null, 
/**
 * The sockets watching the game without a seat, on this server.
 */
spectators: number, };

export type TurnRequest = { token?: string, turn?: string, roll?: string, 
/**
 * Required (a missing ply is a 400); optional here so that its absence gets a clear
 * message.
 */
ply: number, };

export type ActionRequest = { token?: string, action?: string, seat?: string, };

export type JoinRequest = { invite?: string, 
/**
 * The guest's own randomness, mixed into the dice.
 */
entropy?: string, };

export type ServerMessage = { "type": "state", game: Game, } | { "type": "update", update: GameUpdate, } | { "type": "error", status: number, error: string, } | { "type": "chat", line: ChatLine, };

export type ChatRoom = "players" | "spectators";

export type ChatLine = { room: ChatRoom, 
/**
 * The line's number in its room, from 1.
 */
seq: number, 
/**
 * The author's account name, or `white` / `black` for a player without an account.
 */
author: string, text: string, 
/**
 * Milliseconds since 1970.
 */
at: number, };

export type ChatRequest = { token?: string, room?: ChatRoom, text: string, };

export type ErrorBody = { error: string, };

export type Credentials = { name: string, password: string, };

export type PasswordChange = { current_password: string, new_password: string, };

export type AccountDeletion = { password: string, };

export type AccountInfo = { name: string, created_at: number, };

export type Session = { account: AccountInfo | null, };

export type RatingChange = { before: number, after: number, };

export type SeatAccount = { name: string, 
/**
 * The account's rating in this variant now (none before its first rated game).
 */
rating: number | null, 
/**
 * Once a rated game is over: what it did to the rating.
 */
change: RatingChange | null, };

export type GamePlayers = { rated: boolean, 
/**
 * `null` for an anonymous seat (or one whose account was deleted).
 */
accounts: PerSide<SeatAccount | null>, };

export type VariantRating = { variant: string, rating: number, deviation: number, games: number, };

export type RatingPoint = { game_id: string, variant: string, rating: number, at: number, };

export type ProfileGame = { id: string, variant: string, color: Side, opponent: string | null, status: Status, result: string, rated: boolean, created_at: number, };

export type MyGame = { id: string, variant: string, 
/**
 * The player's colour.
 */
color: Side, 
/**
 * The opponent's account name, if the opponent has one.
 */
opponent: string | null, opponent_player: Player, status: Status, result: string, your_turn: boolean, days_per_move: number | null, 
/**
 * A correspondence game's deadline for the side to move (ms since 1970).
 */
deadline: number | null, updated_at: number, };

export type SeekRequest = { variant: string, rules?: { [key in string]: string }, clock?: ClockOptions, days_per_move?: number, 
/**
 * The seeker's colour (default random).
 */
color?: ColorChoice, rated?: boolean, };

export type Seek = { id: string, variant: string, 
/**
 * The variant's display name.
 */
name: string, 
/**
 * The seeker's account name.
 */
player: string, 
/**
 * The seeker's rating in the variant, rounded; null before a first rated game.
 */
rating: number | null, rules: { [key in string]: string }, clock: ClockOptions | null, days_per_move: number | null, 
/**
 * The seeker's colour.
 */
color: ColorChoice, rated: boolean, 
/**
 * Whether the logged-in reader posted it.
 */
yours: boolean, created_at: number, 
/**
 * For its poster only: the game that took it up, once accepted.
 */
game: string | null, };

export type SeatReply = { game: string, seat: Side, token: string, };

export type QuickPairing = { game: SeatReply | null, seek: Seek | null, };

export type Profile = { name: string, created_at: number, ratings: Array<VariantRating>, 
/**
 * Oldest first.
 */
history: Array<RatingPoint>, 
/**
 * Newest first.
 */
recent_games: Array<ProfileGame>, };

export type LeaderboardEntry = { rank: number, name: string, rating: number, deviation: number, games: number, };

export type Judgement = "inaccuracy" | "mistake" | "blunder";

export type ReviewEntry = { ply: number, san: string, kind: EntryKind, 
/**
 * A move's player; for a roll, the player whose move it followed.
 */
color: Side, 
/**
 * The engine's value of the position after this turn for White, in centipawns (a
 * won game counts 3000); with a roll owed, the mean over its outcomes.
 */
eval: number, 
/**
 * White's chance of winning after this turn, 0 to 1, from `eval`.
 */
white_win: number, 
/**
 * A move: how much of its player's chance of winning it gave away against the best
 * move, 0 to 1.
 */
loss: number | null, judgement: Judgement | null, 
/**
 * A judged move: the engine's choice instead, in SAN.
 */
best: string | null, 
/**
 * A roll: its value for White minus the roll's expected value, in centipawns.
 */
luck: number | null, };

export type Review = { id: string, variant: string, 
/**
 * The engine's value of the start position for White, in centipawns.
 */
start_eval: number, entries: Array<ReviewEntry>, 
/**
 * The dice's gift to each player from the rolls after their own moves, in
 * centipawns for that player; `null` without dice.
 */
luck_by_roller: PerSide<number> | null, 
/**
 * What the dice gave White in all, in centipawns (negative: they gave Black).
 */
luck_white: number | null, 
/**
 * One line in words: "The dice gave White +2.3 pawns in all."
 */
verdict: string | null, 
/**
 * How many inaccuracies, mistakes and blunders each player made.
 */
judgements: PerSide<JudgementCounts>, 
/**
 * The search depth each value comes from.
 */
depth: number, };

export type JudgementCounts = { inaccuracies: number, mistakes: number, blunders: number, };

export type AnalysisLine = { 
/**
 * Centipawns for the side to move.
 */
score: number, 
/**
 * Moves to a forced win (negative: to a forced loss) for the side to move.
 */
mate: number | null, 
/**
 * Win, draw and loss in permille for the side to move.
 */
wdl: [number, number, number], san: Array<string>, uci: Array<string>, };

export type RollWorth = { roll: string, meaning: string, probability: number, 
/**
 * The value for White of the position after the roll, in centipawns.
 */
value: number, 
/**
 * `value` less the mean over all the outcomes.
 */
luck: number, };

export type AnalysisEvent = { "type": "position", variant: string, fen: string, to_move: Side, } | { "type": "lines", depth: number, nodes: number, elapsed_ms: number, lines: Array<AnalysisLine>, } | { "type": "rolls", after: string, rolls: Array<RollWorth>, } | { "type": "done" } | { "type": "error", error: string, };
