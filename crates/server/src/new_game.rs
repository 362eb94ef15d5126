//! `POST /api/games`: a creation request checked field by field, the seats it hands out,
//! and the header of the game it makes.

use crate::clock::now_ms;
use crate::contract::{
    ClockOptions, ColorChoice, CreateRequest, DiceMode, Opponent, Player, Status,
};
use crate::engine_pool::{MAX_LEVEL, MIN_LEVEL};
use crate::error::{ApiError, quote};
use crate::game_seed::GameSeed;
use crate::seats::{self, new_token};
use crate::store::GameRow;
use rules::{Color, RuleOptions, VariantId};
use serde_json::Value;

/// Whether the server runs in test mode, where a request may fix a game's seed.
#[derive(Clone, Copy, Debug)]
pub struct TestMode(pub bool);

/// The engine level when the request names none.
pub const DEFAULT_LEVEL: i64 = 3;

/// A creation request whose every field has been checked.
pub struct NewGame {
    pub variant: VariantId,
    /// `KEY=VALUE` settings, sorted, as stored.
    pub settings: Vec<String>,
    pub opponent: Opponent,
    pub creator: Color,
    pub level: i64,
    pub clock: Option<ClockOptions>,
    /// Correspondence: days per move, instead of a game clock.
    pub days_per_move: Option<i64>,
    pub dice: DiceMode,
    pub seed: GameSeed,
}

/// Who holds which seat of a new game.
pub struct Seating {
    /// The creator's token.
    pub token: String,
    pub white_token: Option<String>,
    pub black_token: Option<String>,
    /// The friend's invitation and the seat it opens.
    pub invite: Option<(String, Color)>,
    pub players: [Player; 2],
}

impl NewGame {
    /// `test_mode`: the server was started in test mode, so a `seed` in the request is
    /// taken as the server's seed.
    pub fn from_request(req: CreateRequest, test_mode: bool) -> Result<NewGame, ApiError> {
        let variant: VariantId = req
            .variant
            .parse()
            .map_err(|e: rules::VariantError| ApiError::bad_request(e.to_string()))?;
        let opponent = req.opponent.unwrap_or_default();
        let creator = creator_color(req.color.unwrap_or_default());
        let dice = dice_mode(req.dice.unwrap_or(DiceMode::Server), opponent)?;
        let mut seed = match req.seed {
            None | Some(Value::Null) => GameSeed::draw(),
            Some(_) if !test_mode => {
                return Err(ApiError::bad_request(
                    "a seed cannot be chosen: the server draws every game's seed (send \
                     \"entropy\" to add your own randomness to the dice)",
                ));
            }
            Some(fixed) => GameSeed::fixed(parse_seed(fixed)?),
        };
        if let Some(entropy) = &req.entropy {
            seed.add_entropy(creator, entropy)?;
        }
        Ok(NewGame {
            variant,
            settings: rule_settings(variant, req.rules.unwrap_or_default())?,
            opponent,
            creator,
            level: engine_level(req.engine.and_then(|e| e.level))?,
            days_per_move: days_per_move(req.days_per_move, req.clock.is_some())?,
            clock: clock(req.clock)?,
            dice,
            seed,
        })
    }

    /// The seats: the creator's, the engine's or the friend's invitation.
    pub fn seating(&self) -> Seating {
        let token = new_token();
        let mut seating = Seating {
            token: token.clone(),
            white_token: None,
            black_token: None,
            invite: None,
            players: [Player::Human, Player::Human],
        };
        match (self.opponent, self.creator) {
            (Opponent::Local, _) => {
                seating.white_token = Some(token.clone());
                seating.black_token = Some(token);
            }
            (_, Color::White) => seating.white_token = Some(token),
            (_, Color::Black) => seating.black_token = Some(token),
        }
        match self.opponent {
            Opponent::Engine => seating.players[(!self.creator).index()] = Player::Engine,
            Opponent::Friend => seating.invite = Some((new_token(), !self.creator)),
            Opponent::Local => {}
        }
        seating
    }

    /// The stored header of the new game.
    pub fn row(&self, seating: &Seating) -> GameRow {
        let now = now_ms();
        GameRow {
            id: seats::new_game_id(),
            variant: self.variant,
            rules: self.settings.join(" "),
            white_player: seating.players[0],
            black_player: seating.players[1],
            white_token: seating.white_token.clone(),
            black_token: seating.black_token.clone(),
            invite_token: seating.invite.as_ref().map(|(t, _)| t.clone()),
            invite_seat: seating.invite.as_ref().map(|&(_, c)| c),
            engine_level: self.level,
            initial_ms: self
                .clock
                .as_ref()
                .map(|c| c.initial_ms)
                .or(self.days_per_move.map(|days| days * DAY_MS)),
            increment_ms: self
                .clock
                .as_ref()
                .map(|c| c.increment_ms)
                .or(self.days_per_move.map(|_| 0)),
            dice: self.dice,
            seed: self.seed.clone(),
            status: if self.opponent == Opponent::Friend {
                Status::Waiting
            } else {
                Status::Playing
            },
            result: "*".to_string(),
            reason: None,
            white_ms: None,
            black_ms: None,
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            next_game: None,
            days_per_move: self.days_per_move,
            deadline: None,
            on_move: None,
            created_at: now,
            updated_at: now,
            version: 0,
        }
    }
}

/// The rule options as sorted `KEY=VALUE` settings, each checked by the kernel.
fn rule_settings(
    variant: VariantId,
    rules: impl IntoIterator<Item = (String, String)>,
) -> Result<Vec<String>, ApiError> {
    let mut settings: Vec<String> = rules.into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    settings.sort();
    let mut options = RuleOptions::default();
    for s in &settings {
        options
            .set(variant, s)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
    }
    Ok(settings)
}

fn creator_color(choice: ColorChoice) -> Color {
    match choice {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random if rand::random::<bool>() => Color::White,
        ColorChoice::Random => Color::Black,
    }
}

fn engine_level(level: Option<i64>) -> Result<i64, ApiError> {
    let level = level.unwrap_or(DEFAULT_LEVEL);
    if !(MIN_LEVEL..=MAX_LEVEL).contains(&level) {
        return Err(ApiError::bad_request(format!(
            "engine level {level} is not {MIN_LEVEL}..{MAX_LEVEL}"
        )));
    }
    Ok(level)
}

/// The days per move a correspondence game may have.
pub const DAYS_PER_MOVE: [i64; 6] = [1, 2, 3, 5, 7, 14];
const DAY_MS: i64 = 86_400_000;

fn days_per_move(days: Option<i64>, with_clock: bool) -> Result<Option<i64>, ApiError> {
    match days {
        Some(_) if with_clock => Err(ApiError::bad_request(
            "a game has a clock or days per move, not both",
        )),
        Some(d) if !DAYS_PER_MOVE.contains(&d) => Err(ApiError::bad_request(format!(
            "days_per_move {d} is not one of {DAYS_PER_MOVE:?}"
        ))),
        other => Ok(other),
    }
}

fn clock(clock: Option<ClockOptions>) -> Result<Option<ClockOptions>, ApiError> {
    if let Some(c) = &clock
        && (!(1_000..=86_400_000).contains(&c.initial_ms)
            || !(0..=600_000).contains(&c.increment_ms))
    {
        return Err(ApiError::bad_request(
            "clock: initial_ms must be 1000..86400000 and increment_ms 0..600000",
        ));
    }
    Ok(clock)
}

/// Physical dice only where nobody can type a roll that favours them against a remote
/// player: at one screen, and against the engine.
fn dice_mode(dice: DiceMode, opponent: Opponent) -> Result<DiceMode, ApiError> {
    if dice == DiceMode::Physical && opponent == Opponent::Friend {
        return Err(ApiError::bad_request(
            "physical dice are only for games at one screen (local) or against the engine: \
             in a friend game the server rolls",
        ));
    }
    Ok(dice)
}

/// A test mode seed, sent as a number or as its decimal text.
fn parse_seed(seed: Value) -> Result<u64, ApiError> {
    let text = match &seed {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    text.parse().map_err(|_| {
        ApiError::bad_request(format!(
            "seed '{}' is not a whole number 0..2^64",
            quote(&text)
        ))
    })
}
