//! Where games live: SQLite or PostgreSQL through sqlx's Any driver, so one set of SQL
//! statements serves both. A game is a header row plus one row per turn; `(game_id,
//! ply)` is the primary key of the turns, so a turn can never be stored twice.
//!
//! Every write goes to one writer task that owns the write connection: it commits each
//! write before its caller hears back, and the writes queued meanwhile in the same
//! transaction (group commit); a refused write changes nothing, and a failing one sends the
//! group back to be committed one write at a time, so it spoils no other. Reads run on
//! their own connections. Every write to a game checks and raises the game's `version`, so
//! a write made from a stale copy of the game is refused.
//!
//! On PostgreSQL several servers may share the games: each write to a game also sends
//! `NOTIFY` on [`CHANNEL`] with the game's id and new version, delivered when the write
//! commits, so the other servers hear of it (`game_feed`).

use crate::contract::{DiceMode, Player, Status};
use crate::game_seed::GameSeed;
use rules::{Color, VariantId};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use tokio::sync::{mpsc, oneshot};

/// The most writes committed in one transaction.
const MAX_GROUP: usize = 256;

/// The PostgreSQL channel each committed write to a game is announced on, as
/// `ID VERSION`.
pub const CHANNEL: &str = "menagerie_games";

/// The schema, one entry per version. Applied in order at start; the versions already
/// applied are recorded in `schema_migrations`. Never edit an entry: add one.
const MIGRATIONS: &[(i64, &[&str])] = &[
    (
        1,
        &[
            "CREATE TABLE games (
            id TEXT PRIMARY KEY,
            variant TEXT NOT NULL,
            rules TEXT NOT NULL,
            white_player TEXT NOT NULL,
            black_player TEXT NOT NULL,
            white_token TEXT,
            black_token TEXT,
            invite_token TEXT,
            invite_seat TEXT,
            engine_level BIGINT NOT NULL,
            initial_ms BIGINT,
            increment_ms BIGINT,
            dice TEXT NOT NULL,
            seed TEXT NOT NULL,
            status TEXT NOT NULL,
            result TEXT NOT NULL,
            reason TEXT,
            white_ms BIGINT,
            black_ms BIGINT,
            draw_offer TEXT,
            takeback_offer TEXT,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )",
            "CREATE INDEX games_status ON games (status, updated_at)",
            "CREATE TABLE turns (
            game_id TEXT NOT NULL REFERENCES games (id),
            ply BIGINT NOT NULL,
            turn TEXT NOT NULL,
            white_ms BIGINT,
            black_ms BIGINT,
            played_at BIGINT NOT NULL,
            PRIMARY KEY (game_id, ply)
        )",
        ],
    ),
    (
        2,
        &[
            // Raised by every write: the optimistic concurrency check of a game.
            "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0",
            // updated_at changes with every write; nothing reads games in its order.
            "DROP INDEX games_status",
            // The lobby, newest first, with or without a status.
            "CREATE INDEX games_status_created ON games (status, created_at DESC, id)",
            "CREATE INDEX games_created ON games (created_at DESC, id)",
            // The games the server must resume at start: an engine seated in a game playing.
            "CREATE INDEX games_engine_playing ON games (id) \
         WHERE status = 'playing' AND (white_player = 'engine' OR black_player = 'engine')",
        ],
    ),
    (
        3,
        &[
            // The lobby filtered by variant, newest first within a status.
            "CREATE INDEX games_lobby_variant ON games (variant, status, created_at DESC, id)",
        ],
    ),
    (
        5,
        &[
            // Players' accounts (crate::accounts). `name_key` is the name in lower case:
            // names are unique whatever their case. Only an argon2id hash of the password.
            "CREATE TABLE accounts (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at BIGINT NOT NULL
        )",
            // Logged-in sessions (crate::sessions): only the SHA-256 of the cookie's token.
            "CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            created_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL
        )",
            "CREATE INDEX sessions_account ON sessions (account_id)",
            // The accounts seated in a game and whether it is rated; a deleted account's
            // seats become anonymous. `settled`: the result has been rated (or found
            // unratable), so it is rated once.
            "CREATE TABLE game_accounts (
            game_id TEXT PRIMARY KEY,
            white_account TEXT REFERENCES accounts (id) ON DELETE SET NULL,
            black_account TEXT REFERENCES accounts (id) ON DELETE SET NULL,
            rated BIGINT NOT NULL,
            settled BIGINT NOT NULL DEFAULT 0
        )",
            "CREATE INDEX game_accounts_white ON game_accounts (white_account)",
            "CREATE INDEX game_accounts_black ON game_accounts (black_account)",
        ],
    ),
    (
        6,
        &[
            // Glicko-2 standings per account and variant (crate::ratings).
            "CREATE TABLE ratings (
            account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            variant TEXT NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            deviation DOUBLE PRECISION NOT NULL,
            volatility DOUBLE PRECISION NOT NULL,
            games BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (account_id, variant)
        )",
            "CREATE INDEX ratings_board ON ratings (variant, rating DESC)",
            // What each rated game did to each side's rating: the history and the change
            // shown at the end of a game.
            "CREATE TABLE rating_changes (
            game_id TEXT NOT NULL,
            color TEXT NOT NULL,
            account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
            variant TEXT NOT NULL,
            rating_before DOUBLE PRECISION NOT NULL,
            rating_after DOUBLE PRECISION NOT NULL,
            deviation_after DOUBLE PRECISION NOT NULL,
            at BIGINT NOT NULL,
            PRIMARY KEY (game_id, color)
        )",
            "CREATE INDEX rating_changes_account ON rating_changes (account_id, at)",
        ],
    ),
    (
        7,
        &[
            // A rematch offered after the game (crate::rematch), and the game it started.
            "ALTER TABLE games ADD COLUMN rematch_offer TEXT",
            "ALTER TABLE games ADD COLUMN next_game TEXT",
        ],
    ),
    (
        8,
        &[
            // A game's chat (crate::chat): its rooms' lines, numbered from 1 in each room.
            "CREATE TABLE chat_lines (game_id TEXT NOT NULL, room TEXT NOT NULL, \
             seq BIGINT NOT NULL, author TEXT NOT NULL, author_account TEXT, \
             text TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (game_id, room, seq))",
            "CREATE INDEX chat_lines_account ON chat_lines (author_account)",
        ],
    ),
    (
        9,
        &[
            // Correspondence (days per move, crate::clock): the days, and when the side to
            // move runs out of time, for the server to find games whose time ran out while
            // nobody held them.
            "ALTER TABLE games ADD COLUMN days_per_move BIGINT",
            "ALTER TABLE games ADD COLUMN deadline BIGINT",
            "CREATE INDEX games_deadline ON games (deadline)",
            // Whose turn it is, for a player's list of games (crate::my_games).
            "ALTER TABLE games ADD COLUMN on_move TEXT",
        ],
    ),
    (
        10,
        &[
            // Open seeks (crate::seeks): the game sought, by whom, until when, and the game
            // that took it up. `pairing_key` is what quick pairing matches on.
            "CREATE TABLE seeks (
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            variant TEXT NOT NULL,
            rules TEXT NOT NULL,
            initial_ms BIGINT,
            increment_ms BIGINT,
            days_per_move BIGINT,
            color TEXT NOT NULL,
            rated BIGINT NOT NULL,
            pairing_key TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            alive_until BIGINT NOT NULL,
            game_id TEXT
        )",
            "CREATE INDEX seeks_open ON seeks (alive_until)",
            "CREATE INDEX seeks_pairing ON seeks (pairing_key, created_at)",
            "CREATE INDEX seeks_account ON seeks (account_id)",
        ],
    ),
];

#[derive(Debug, thiserror::Error)]
#[error("database: {0}")]
pub struct StoreError(String);

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// A stored game's header.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub variant: VariantId,
    /// `KEY=VALUE` rule settings separated by spaces.
    pub rules: String,
    pub white_player: Player,
    pub black_player: Player,
    pub white_token: Option<String>,
    pub black_token: Option<String>,
    pub invite_token: Option<String>,
    pub invite_seat: Option<Color>,
    pub engine_level: i64,
    pub initial_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    pub dice: DiceMode,
    pub seed: GameSeed,
    pub status: Status,
    pub result: String,
    pub reason: Option<String>,
    pub white_ms: Option<i64>,
    pub black_ms: Option<i64>,
    pub draw_offer: Option<Color>,
    pub takeback_offer: Option<Color>,
    /// The side that offered a rematch after the game.
    pub rematch_offer: Option<Color>,
    /// The rematch, once it started.
    pub next_game: Option<String>,
    /// A correspondence game's days per move (its clock gives each move that long).
    pub days_per_move: Option<i64>,
    /// In a correspondence game, when the side to move runs out of time.
    pub deadline: Option<i64>,
    /// The side whose turn it is while the game is played.
    pub on_move: Option<Color>,
    pub created_at: i64,
    pub updated_at: i64,
    /// How many writes the game has had; the next write must find this one stored.
    pub version: i64,
}

// The header's values as the columns hold them. These are the only places they are text.

pub fn status_text(status: Status) -> &'static str {
    match status {
        Status::Waiting => "waiting",
        Status::Playing => "playing",
        Status::Over => "over",
    }
}

fn parse_status(text: &str) -> Result<Status, StoreError> {
    match text {
        "waiting" => Ok(Status::Waiting),
        "playing" => Ok(Status::Playing),
        "over" => Ok(Status::Over),
        other => Err(StoreError(format!("unknown status '{other}'"))),
    }
}

fn dice_text(dice: DiceMode) -> &'static str {
    match dice {
        DiceMode::Server => "server",
        DiceMode::Physical => "physical",
    }
}

fn parse_dice(text: &str) -> Result<DiceMode, StoreError> {
    match text {
        "server" => Ok(DiceMode::Server),
        "physical" => Ok(DiceMode::Physical),
        other => Err(StoreError(format!("unknown dice '{other}'"))),
    }
}

fn player_text(player: Player) -> &'static str {
    match player {
        Player::Human => "human",
        Player::Engine => "engine",
    }
}

fn parse_player(text: &str) -> Result<Player, StoreError> {
    match text {
        "human" => Ok(Player::Human),
        "engine" => Ok(Player::Engine),
        other => Err(StoreError(format!("unknown player '{other}'"))),
    }
}

fn color_text(color: Option<Color>) -> Option<&'static str> {
    color.map(crate::seats::color_name)
}

fn parse_color(text: Option<String>) -> Result<Option<Color>, StoreError> {
    match text.as_deref() {
        None => Ok(None),
        Some("white") => Ok(Some(Color::White)),
        Some("black") => Ok(Some(Color::Black)),
        Some(other) => Err(StoreError(format!("unknown colour '{other}'"))),
    }
}

/// The seed as text (`GameSeed`'s): a u64 does not fit a BIGINT.
fn parse_seed(text: &str) -> Result<GameSeed, StoreError> {
    text.parse().map_err(StoreError)
}

/// One stored turn: a move or a roll token, with the clocks after it.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnRow {
    pub ply: i64,
    pub turn: String,
    pub white_ms: Option<i64>,
    pub black_ms: Option<i64>,
    pub played_at: i64,
}

/// A guest taking up an invitation, as the store records it.
pub struct Joining<'a> {
    pub invite: &'a str,
    pub seat: Color,
    pub token: &'a str,
    pub seed: &'a GameSeed,
    /// The guest's account, if logged in.
    pub guest: Option<&'a str>,
}

/// A lobby entry, without the tokens.
#[derive(Clone, Debug)]
pub struct Summary {
    pub row: GameRow,
    pub ply: i64,
    /// The players' moves, rolls not counted.
    pub moves: i64,
}

/// Which games the lobby lists: `status` and `variant` filter when given; an unfinished game
/// where nobody has moved since `abandoned_before` is left out; `offset` pages.
#[derive(Clone, Debug)]
pub struct LobbyQuery {
    pub status: Option<Status>,
    pub variant: Option<VariantId>,
    pub abandoned_before: i64,
    pub limit: i64,
    pub offset: i64,
}

#[derive(Clone)]
pub struct Store {
    reads: AnyPool,
    writes: AnyPool,
    writer: mpsc::Sender<Queued>,
    /// The PostgreSQL URL, where other servers may write the same games; None for SQLite,
    /// which one server has to itself.
    shared_url: Option<Arc<str>>,
}

/// One write as the writer task commits it. Its outcome is false when the stored game was
/// not in the state the write expected (another version, an invitation taken).
enum Write {
    Insert(Box<GameRow>),
    Turns {
        id: String,
        turns: Vec<TurnRow>,
        header: HeaderUpdate,
    },
    TakeBack {
        id: String,
        keep_plies: i64,
        header: HeaderUpdate,
    },
    Header {
        id: String,
        header: HeaderUpdate,
    },
    Join {
        id: String,
        invite: String,
        seat: Color,
        token: String,
        seed: String,
        header: HeaderUpdate,
        /// The guest's account, seated in the same transaction.
        guest: Option<String>,
    },
}

struct Queued {
    write: Write,
    done: oneshot::Sender<Result<bool, StoreError>>,
}

impl Write {
    /// The game and the version a committed write makes, for the other servers; None for
    /// a new game, which no other server holds yet.
    fn announced(&self) -> Option<(&str, i64)> {
        match self {
            Write::Insert(_) => None,
            Write::Turns { id, header, .. }
            | Write::TakeBack { id, header, .. }
            | Write::Header { id, header }
            | Write::Join { id, header, .. } => Some((id, header.version)),
        }
    }
}

const GAME_COLUMNS: &str = "id, variant, rules, white_player, black_player, white_token, \
    black_token, invite_token, invite_seat, engine_level, initial_ms, \
    increment_ms, dice, seed, status, result, reason, white_ms, black_ms, draw_offer, \
    takeback_offer, created_at, updated_at, version, rematch_offer, next_game, days_per_move, \
    deadline, on_move";

fn game_from_row(row: &sqlx::any::AnyRow) -> Result<GameRow, StoreError> {
    let text = |column: &str| row.try_get::<String, _>(column);
    let optional = |column: &str| row.try_get::<Option<String>, _>(column);
    let variant = text("variant")?;
    Ok(GameRow {
        id: text("id")?,
        variant: variant
            .parse()
            .map_err(|e: rules::VariantError| StoreError(e.to_string()))?,
        rules: text("rules")?,
        white_player: parse_player(&text("white_player")?)?,
        black_player: parse_player(&text("black_player")?)?,
        white_token: optional("white_token")?,
        black_token: optional("black_token")?,
        invite_token: optional("invite_token")?,
        invite_seat: parse_color(optional("invite_seat")?)?,
        engine_level: row.try_get("engine_level")?,
        initial_ms: row.try_get("initial_ms")?,
        increment_ms: row.try_get("increment_ms")?,
        dice: parse_dice(&text("dice")?)?,
        seed: parse_seed(&text("seed")?)?,
        status: parse_status(&text("status")?)?,
        result: text("result")?,
        reason: optional("reason")?,
        white_ms: row.try_get("white_ms")?,
        black_ms: row.try_get("black_ms")?,
        draw_offer: parse_color(optional("draw_offer")?)?,
        takeback_offer: parse_color(optional("takeback_offer")?)?,
        rematch_offer: parse_color(optional("rematch_offer")?)?,
        next_game: optional("next_game")?,
        days_per_move: row.try_get("days_per_move")?,
        deadline: row.try_get("deadline")?,
        on_move: parse_color(optional("on_move")?)?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
    })
}

/// What changes in a header when a turn or an action is committed.
#[derive(Clone, Debug, PartialEq)]
pub struct HeaderUpdate {
    pub status: Status,
    pub result: String,
    pub reason: Option<String>,
    pub white_ms: Option<i64>,
    pub black_ms: Option<i64>,
    pub draw_offer: Option<Color>,
    pub takeback_offer: Option<Color>,
    pub rematch_offer: Option<Color>,
    pub next_game: Option<String>,
    pub deadline: Option<i64>,
    pub on_move: Option<Color>,
    pub updated_at: i64,
    /// The version this write makes; the stored game must be at the one before.
    pub version: i64,
}

impl Store {
    /// Opens `url` (`sqlite://...` or `postgres://...`), brings the schema up to date and
    /// starts the writer task.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let options = |connections: u32, writer: bool| {
            AnyPoolOptions::new()
                .max_connections(connections)
                // PostgreSQL's connections are checked before use so that one broken by a
                // database restart is replaced; SQLite's are in-process and never break.
                .test_before_acquire(!sqlite)
                .after_connect(move |conn, _| {
                    Box::pin(async move {
                        if sqlite {
                            // With the write-ahead log, NORMAL syncs at checkpoints, not at
                            // every commit: a committed turn survives the process being
                            // killed (it is in the log the next start reads), though not a
                            // power cut. Readers wait for a checkpoint rather than fail.
                            for pragma in [
                                "PRAGMA journal_mode=WAL",
                                "PRAGMA synchronous=NORMAL",
                                "PRAGMA foreign_keys=ON",
                                "PRAGMA busy_timeout=5000",
                            ] {
                                sqlx::query(pragma).execute(&mut *conn).await?;
                            }
                            if writer {
                                sqlx::query(crate::wal_checkpoint::AUTOMATIC_OFF)
                                    .execute(&mut *conn)
                                    .await?;
                            }
                        }
                        Ok(())
                    })
                })
        };
        // One write connection: SQLite has one writer anyway, and the writer task commits
        // what is queued together.
        let writes = options(1, true).connect(url).await?;
        let (writer, queue) = mpsc::channel(4 * MAX_GROUP);
        let store = Store {
            reads: options(if sqlite { 4 } else { 8 }, false)
                .connect(url)
                .await?,
            writes: writes.clone(),
            writer,
            shared_url: (!sqlite).then(|| url.into()),
        };
        store.migrate(!sqlite).await?;
        // SQLite's log is copied by a task of its own (PostgreSQL checkpoints by itself).
        let log_copied = sqlite.then(|| {
            let copied = Arc::new(AtomicBool::new(false));
            tokio::spawn(crate::wal_checkpoint::run(
                store.reads.clone(),
                copied.clone(),
            ));
            copied
        });
        tokio::spawn(write_loop(writes, queue, !sqlite, log_copied));
        Ok(store)
    }

    /// The PostgreSQL URL when other servers may write the same games (PostgreSQL); None
    /// when this server is the only one (SQLite).
    pub fn shared_url(&self) -> Option<&str> {
        self.shared_url.as_deref()
    }

    /// The SQLite URL for `data_dir/menagerie.sqlite`, creating the directory.
    pub fn sqlite_url(data_dir: &Path) -> Result<String, StoreError> {
        std::fs::create_dir_all(data_dir).map_err(|e| {
            StoreError(format!(
                "cannot create data directory {}: {e}",
                data_dir.display()
            ))
        })?;
        Ok(format!(
            "sqlite://{}?mode=rwc",
            data_dir.join("menagerie.sqlite").display()
        ))
    }

    async fn migrate(&self, postgres: bool) -> Result<(), StoreError> {
        let mut conn = self.writes.acquire().await?;
        if postgres {
            // Two servers starting on one database apply the schema one after the other.
            sqlx::query("SELECT pg_advisory_lock(7424661)")
                .execute(&mut *conn)
                .await?;
        }
        let outcome = async {
            sqlx::query(
                "CREATE TABLE IF NOT EXISTS schema_migrations (
                    version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)",
            )
            .execute(&mut *conn)
            .await?;
            for (version, statements) in MIGRATIONS {
                let applied =
                    sqlx::query("SELECT version FROM schema_migrations WHERE version = $1")
                        .bind(*version)
                        .fetch_optional(&mut *conn)
                        .await?;
                if applied.is_some() {
                    continue;
                }
                let mut tx = sqlx::Connection::begin(&mut *conn).await?;
                for statement in *statements {
                    sqlx::query(statement).execute(&mut *tx).await?;
                }
                sqlx::query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)")
                    .bind(*version)
                    .bind(crate::clock::now_ms())
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
            }
            Ok::<(), sqlx::Error>(())
        }
        .await;
        if postgres {
            sqlx::query("SELECT pg_advisory_unlock(7424661)")
                .execute(&mut *conn)
                .await?;
        }
        Ok(outcome?)
    }

    /// Queues `write` for the writer task and waits until it is committed.
    async fn write(&self, write: Write) -> Result<bool, StoreError> {
        let (done, outcome) = oneshot::channel();
        let stopped = || StoreError("the store is closed".to_string());
        self.writer
            .send(Queued { write, done })
            .await
            .map_err(|_| stopped())?;
        outcome.await.map_err(|_| stopped())?
    }

    pub async fn insert_game(&self, g: &GameRow) -> Result<(), StoreError> {
        self.write(Write::Insert(Box::new(g.clone()))).await?;
        Ok(())
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        read_game(&mut *self.reads.acquire().await?, id).await
    }

    pub async fn turns(&self, id: &str) -> Result<Vec<TurnRow>, StoreError> {
        read_turns(&mut *self.reads.acquire().await?, id).await
    }

    /// A game's header and turns as of one moment: on PostgreSQL another server may write
    /// the game between two reads, so both are read in one snapshot.
    pub async fn game_and_turns(
        &self,
        id: &str,
    ) -> Result<Option<(GameRow, Vec<TurnRow>)>, StoreError> {
        let mut tx = self.reads.begin().await?;
        if self.shared_url.is_some() {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(&mut *tx)
                .await?;
        }
        let Some(row) = read_game(&mut tx, id).await? else {
            return Ok(None);
        };
        let turns = read_turns(&mut tx, id).await?;
        tx.commit().await?;
        Ok(Some((row, turns)))
    }

    /// The stored version of game `id`: a copy held at another version is stale.
    pub async fn version(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.reads)
            .await?;
        Ok(row.map(|r| r.try_get("version")).transpose()?)
    }

    /// The ids of the games playing with an engine seated, which the server resumes at
    /// start (the engine may be on move). Other games are loaded when first asked for.
    pub async fn engine_games_playing(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' \
             AND (white_player = 'engine' OR black_player = 'engine')",
        )
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The lobby, newest first.
    pub async fn list(&self, q: &LobbyQuery) -> Result<Vec<Summary>, StoreError> {
        let counts = "(SELECT COUNT(*) FROM turns t WHERE t.game_id = games.id) AS ply, \
             (SELECT COUNT(*) FROM turns t WHERE t.game_id = games.id \
              AND t.turn NOT LIKE '~%') AS moves";
        let mut conditions = vec![
            "(status = 'over' OR updated_at >= $1 \
              OR EXISTS (SELECT 1 FROM turns t WHERE t.game_id = games.id))"
                .to_string(),
        ];
        let mut next = 2;
        if q.status.is_some() {
            conditions.push(format!("status = ${next}"));
            next += 1;
        }
        if q.variant.is_some() {
            conditions.push(format!("variant = ${next}"));
            next += 1;
        }
        let query = format!(
            "SELECT {GAME_COLUMNS}, {counts} FROM games WHERE {} \
             ORDER BY created_at DESC, id LIMIT ${} OFFSET ${}",
            conditions.join(" AND "),
            next,
            next + 1
        );
        let mut sql = sqlx::query(&query).bind(q.abandoned_before);
        if let Some(s) = q.status {
            sql = sql.bind(status_text(s));
        }
        if let Some(v) = q.variant {
            sql = sql.bind(v.name());
        }
        let rows = sql
            .bind(q.limit)
            .bind(q.offset)
            .fetch_all(&self.reads)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(Summary {
                    row: game_from_row(r)?,
                    ply: r.try_get("ply")?,
                    moves: r.try_get("moves")?,
                })
            })
            .collect()
    }

    /// Commits turns and the header change together. Returns false, storing nothing, when
    /// the stored game is not at the version before `header`'s. A turn whose ply is taken
    /// fails the write.
    pub async fn commit_turns(
        &self,
        id: &str,
        turns: &[TurnRow],
        header: &HeaderUpdate,
    ) -> Result<bool, StoreError> {
        self.write(Write::Turns {
            id: id.to_string(),
            turns: turns.to_vec(),
            header: header.clone(),
        })
        .await
    }

    /// Takes back every turn after `keep_plies` and updates the header, together.
    pub async fn take_back(
        &self,
        id: &str,
        keep_plies: i64,
        header: &HeaderUpdate,
    ) -> Result<bool, StoreError> {
        self.write(Write::TakeBack {
            id: id.to_string(),
            keep_plies,
            header: header.clone(),
        })
        .await
    }

    pub async fn update(&self, id: &str, header: &HeaderUpdate) -> Result<bool, StoreError> {
        self.write(Write::Header {
            id: id.to_string(),
            header: header.clone(),
        })
        .await
    }

    /// Takes up an invitation: the seat's token is set (with the seed, which may now hold
    /// the guest's entropy), the guest's account seated and the invitation cleared, only
    /// if it is still open. Returns false when someone took it first.
    pub async fn join(
        &self,
        id: &str,
        joining: Joining<'_>,
        header: &HeaderUpdate,
    ) -> Result<bool, StoreError> {
        self.write(Write::Join {
            id: id.to_string(),
            invite: joining.invite.to_string(),
            seat: joining.seat,
            token: joining.token.to_string(),
            seed: joining.seed.to_string(),
            header: header.clone(),
            guest: joining.guest.map(str::to_string),
        })
        .await
    }

    /// The connections for reading, for the modules that keep their own tables
    /// (accounts, sessions, ratings).
    pub(crate) fn read_pool(&self) -> &AnyPool {
        &self.reads
    }

    /// The write connection, for the modules that keep their own tables; a transaction
    /// on it waits for the writer task's group in progress.
    pub(crate) fn write_pool(&self) -> &AnyPool {
        &self.writes
    }

    pub async fn close(&self) {
        self.reads.close().await;
        self.writes.close().await;
    }
}

/// The writer task: takes the first write queued and every one queued behind it, commits
/// them in one transaction, then tells each its outcome. Ends when the store is dropped.
/// With `notify` (PostgreSQL) each write stored also announces itself on [`CHANNEL`].
/// With `log_copied` (SQLite) it starts the log over between groups once it is copied.
async fn write_loop(
    pool: AnyPool,
    mut queue: mpsc::Receiver<Queued>,
    notify: bool,
    log_copied: Option<Arc<AtomicBool>>,
) {
    let mut group = Vec::with_capacity(MAX_GROUP);
    while queue.recv_many(&mut group, MAX_GROUP).await > 0 {
        match commit_group(&pool, &group, notify).await {
            Ok(outcomes) => {
                for (queued, outcome) in group.drain(..).zip(outcomes) {
                    let _ = queued.done.send(outcome);
                }
            }
            Err(e) => {
                let e = StoreError::from(e);
                for queued in group.drain(..) {
                    let _ = queued.done.send(Err(StoreError(e.0.clone())));
                }
            }
        }
        if let Some(copied) = &log_copied {
            crate::wal_checkpoint::finish(&pool, copied).await;
        }
    }
}

/// Commits `group`, in one transaction when it can. A statement that fails in the group
/// (a turn stored twice, a lost connection) rolls the whole transaction back, and then each
/// write is committed alone, so only the write at fault fails.
async fn commit_group(
    pool: &AnyPool,
    group: &[Queued],
    notify: bool,
) -> Result<Vec<Result<bool, StoreError>>, sqlx::Error> {
    if group.len() > 1 {
        match commit_together(pool, group, notify).await {
            Ok(outcomes) => return Ok(outcomes),
            Err(e) => tracing::debug!("a group of {} writes, one at a time: {e}", group.len()),
        }
    }
    let mut outcomes = Vec::with_capacity(group.len());
    for queued in group {
        outcomes.push(commit_alone(pool, &queued.write, notify).await);
    }
    Ok(outcomes)
}

/// Commits `write` in its own transaction, or nothing of it if it is refused or fails.
async fn commit_alone(pool: &AnyPool, write: &Write, notify: bool) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let stored = apply(&mut tx, write, notify).await?;
    if stored {
        tx.commit().await?;
    } else {
        tx.rollback().await?;
    }
    Ok(stored)
}

/// Commits every write of `group` in one transaction; fails as a whole if any statement
/// fails. A refused write changes nothing, since its first statement is the check that
/// refuses it, except a join, which writes its seat before that check: it has a savepoint.
async fn commit_together(
    pool: &AnyPool,
    group: &[Queued],
    notify: bool,
) -> Result<Vec<Result<bool, StoreError>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(group.len());
    for queued in group {
        let stored = if let Write::Join { .. } = queued.write {
            let mut savepoint = sqlx::Connection::begin(&mut *tx).await?;
            let stored = apply(&mut savepoint, &queued.write, notify).await?;
            if stored {
                savepoint.commit().await?;
            } else {
                savepoint.rollback().await?;
            }
            stored
        } else {
            apply(&mut tx, &queued.write, notify).await?
        };
        outcomes.push(Ok(stored));
    }
    tx.commit().await?;
    Ok(outcomes)
}

/// Applies `write`; when it is stored and `notify`, announces it too (PostgreSQL delivers
/// the notification when the transaction commits, and drops it if it does not).
async fn apply(
    conn: &mut sqlx::AnyConnection,
    write: &Write,
    notify: bool,
) -> Result<bool, sqlx::Error> {
    let stored = apply_write(conn, write).await?;
    if stored
        && notify
        && let Some((id, version)) = write.announced()
    {
        // pg_notify returns void, which the Any driver cannot read: count its one row.
        sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS sent")
            .bind(CHANNEL)
            .bind(format!("{id} {version}"))
            .execute(&mut *conn)
            .await?;
    }
    Ok(stored)
}

async fn apply_write(conn: &mut sqlx::AnyConnection, write: &Write) -> Result<bool, sqlx::Error> {
    match write {
        Write::Insert(g) => {
            insert_game(conn, g).await?;
            Ok(true)
        }
        Write::Turns { id, turns, header } => {
            if !update_header(conn, id, header).await? {
                return Ok(false);
            }
            for t in turns {
                sqlx::query(
                    "INSERT INTO turns (game_id, ply, turn, white_ms, black_ms, played_at) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(id)
                .bind(t.ply)
                .bind(&t.turn)
                .bind(t.white_ms)
                .bind(t.black_ms)
                .bind(t.played_at)
                .execute(&mut *conn)
                .await?;
            }
            Ok(true)
        }
        Write::TakeBack {
            id,
            keep_plies,
            header,
        } => {
            if !update_header(conn, id, header).await? {
                return Ok(false);
            }
            sqlx::query("DELETE FROM turns WHERE game_id = $1 AND ply > $2")
                .bind(id)
                .bind(keep_plies)
                .execute(&mut *conn)
                .await?;
            Ok(true)
        }
        Write::Header { id, header } => update_header(conn, id, header).await,
        Write::Join {
            id,
            invite,
            seat,
            token,
            seed,
            header,
            guest,
        } => {
            let seat_column = match seat {
                Color::White => "white_token",
                Color::Black => "black_token",
            };
            let done = sqlx::query(&format!(
                "UPDATE games SET {seat_column} = $1, seed = $2, invite_token = NULL \
                 WHERE id = $3 AND invite_token = $4"
            ))
            .bind(token)
            .bind(seed)
            .bind(id)
            .bind(invite)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 || !update_header(conn, id, header).await? {
                return Ok(false);
            }
            if let Some(account) = guest {
                crate::ratings::seat_guest(conn, id, *seat, account).await?;
            }
            Ok(true)
        }
    }
}

async fn read_game(
    conn: &mut sqlx::AnyConnection,
    id: &str,
) -> Result<Option<GameRow>, StoreError> {
    let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(game_from_row).transpose()
}

async fn read_turns(conn: &mut sqlx::AnyConnection, id: &str) -> Result<Vec<TurnRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT ply, turn, white_ms, black_ms, played_at FROM turns \
         WHERE game_id = $1 ORDER BY ply",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(TurnRow {
                ply: r.try_get("ply")?,
                turn: r.try_get("turn")?,
                white_ms: r.try_get("white_ms")?,
                black_ms: r.try_get("black_ms")?,
                played_at: r.try_get("played_at")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(StoreError::from)
}

async fn insert_game(conn: &mut sqlx::AnyConnection, g: &GameRow) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
         $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29)"
    ))
    .bind(&g.id)
    .bind(g.variant.name())
    .bind(&g.rules)
    .bind(player_text(g.white_player))
    .bind(player_text(g.black_player))
    .bind(&g.white_token)
    .bind(&g.black_token)
    .bind(&g.invite_token)
    .bind(color_text(g.invite_seat))
    .bind(g.engine_level)
    .bind(g.initial_ms)
    .bind(g.increment_ms)
    .bind(dice_text(g.dice))
    .bind(g.seed.to_string())
    .bind(status_text(g.status))
    .bind(&g.result)
    .bind(&g.reason)
    .bind(g.white_ms)
    .bind(g.black_ms)
    .bind(color_text(g.draw_offer))
    .bind(color_text(g.takeback_offer))
    .bind(g.created_at)
    .bind(g.updated_at)
    .bind(g.version)
    .bind(color_text(g.rematch_offer))
    .bind(&g.next_game)
    .bind(g.days_per_move)
    .bind(g.deadline)
    .bind(color_text(g.on_move))
    .execute(conn)
    .await?;
    Ok(())
}

/// Stores the header if the stored game is at the version before `h`'s; whether it was.
async fn update_header(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    h: &HeaderUpdate,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE games SET status = $1, result = $2, reason = $3, white_ms = $4, black_ms = $5, \
         draw_offer = $6, takeback_offer = $7, updated_at = $8, version = $9, \
         rematch_offer = $10, next_game = $11, deadline = $12, on_move = $13 \
         WHERE id = $14 AND version = $15",
    )
    .bind(status_text(h.status))
    .bind(&h.result)
    .bind(&h.reason)
    .bind(h.white_ms)
    .bind(h.black_ms)
    .bind(color_text(h.draw_offer))
    .bind(color_text(h.takeback_offer))
    .bind(h.updated_at)
    .bind(h.version)
    .bind(color_text(h.rematch_offer))
    .bind(&h.next_game)
    .bind(h.deadline)
    .bind(color_text(h.on_move))
    .bind(id)
    .bind(h.version - 1)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 1 && h.status == Status::Over {
        // The ratings move with the result, in its transaction.
        crate::ratings::settle(conn, id).await?;
    }
    Ok(done.rows_affected() == 1)
}
