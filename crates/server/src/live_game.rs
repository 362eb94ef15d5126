//! A game in memory: its stored header, the turn driver (the kernel's game replayed from
//! the stored turns, with the seed's dice at their place), and its clock. Every change is made on a copy, committed, and only then kept,
//! so a refused or failed request never changes a game.

use crate::clock::Clock;
use crate::contract::{DiceMode, HistoryEntry, LegalTurn, PerSide, Player, Side, Status};
use crate::error::GameError;
use crate::game_view;
use crate::seats::{Seat, color_name};
use crate::store::{GameRow, HeaderUpdate, TurnRow};
use dice::{Dice, DiceStream, TurnDriver};
use rules::outcome::result_text;
use rules::{Color, Game, Owed, Position, RuleOptions, Turn, VariantId};
use rules::{chance, uci_move};
use std::sync::{Arc, OnceLock};

/// What a committed change does to the stored game.
#[derive(Debug, PartialEq)]
pub enum Change {
    /// New turns, appended.
    Turns(Vec<TurnRow>),
    /// Every turn after this many plies is taken back.
    TakeBack(i64),
    /// Only the header changes (a result, an offer).
    Header,
}

#[derive(Clone, Debug)]
pub struct LiveGame {
    pub row: GameRow,
    pub variant: VariantId,
    pub seed: u64,
    pub clock: Option<Clock>,
    /// The game and, with server dice, the seed's stream where its next roll comes from.
    driver: TurnDriver,
    /// The record as the page shows it, one entry per turn, each written once when its
    /// turn is played (SAN is costly: it looks at every other legal move).
    history: Vec<Arc<HistoryEntry>>,
    /// The legal turns of the position with their SAN, written when first asked for.
    legal: OnceLock<Arc<[LegalTurn]>>,
}

/// The player actions of `POST /api/games/ID/action`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    OfferTakeback,
    AcceptTakeback,
    DeclineTakeback,
    Abort,
}

impl Action {
    pub fn parse(text: &str) -> Result<Action, GameError> {
        Ok(match text {
            "resign" => Action::Resign,
            "offer-draw" => Action::OfferDraw,
            "accept-draw" => Action::AcceptDraw,
            "decline-draw" => Action::DeclineDraw,
            "offer-takeback" => Action::OfferTakeback,
            "accept-takeback" => Action::AcceptTakeback,
            "decline-takeback" => Action::DeclineTakeback,
            "abort" => Action::Abort,
            other => {
                return Err(GameError::invalid(format!(
                    "unknown action '{other}' (resign, offer-draw, accept-draw, decline-draw, \
                     offer-takeback, accept-takeback, decline-takeback, abort)"
                )));
            }
        })
    }
}

/// The rule options stored as `KEY=VALUE` settings separated by spaces.
pub fn rule_options(id: VariantId, rules: &str) -> Result<RuleOptions, String> {
    RuleOptions::parse(id, rules).map_err(|e| e.to_string())
}

/// The start position before the dice place anything.
fn plain_start(id: VariantId, rules: &str) -> Result<Position, String> {
    let variant = id.rules().map_err(|e| e.to_string())?;
    Ok(Position::start(variant).with_options(rule_options(id, rules)?))
}

/// The start position: the Juggernaut placed by the seed's first draws where the rules
/// place it by chance.
fn start_position(id: VariantId, rules: &str, seed: u64) -> Result<Position, String> {
    DiceStream::new(seed)
        .starting_position(plain_start(id, rules)?)
        .map_err(|e| e.to_string())
}

impl LiveGame {
    /// A new game from its header (not yet stored).
    pub fn create(mut row: GameRow, now: i64) -> Result<LiveGame, String> {
        if let Some(initial) = row.initial_ms {
            row.white_ms = Some(initial);
            row.black_ms = Some(initial);
        }
        let mut live = LiveGame::load(row, &[], now)?;
        live.settle(now);
        Ok(live)
    }

    /// A stored game, its turns replayed. With server dice every stored roll must be the
    /// one the seed gives.
    pub fn load(row: GameRow, turns: &[TurnRow], now: i64) -> Result<LiveGame, String> {
        let variant = row.variant;
        let seed = row.seed.dice_seed();
        let start = start_position(variant, &row.rules, seed)?;
        let mut game = Game::new(start);
        for (i, t) in turns.iter().enumerate() {
            if t.ply != i as i64 + 1 {
                return Err(format!("game {}: turn {} is missing", row.id, i + 1));
            }
            let pos = game.position().clone();
            let bad = |e: String| format!("game {} ply {} '{}': {e}", row.id, t.ply, t.turn);
            if pos.chance_pending() {
                let outcome = chance::parse_token(&pos, &t.turn).map_err(|e| bad(e.to_string()))?;
                game.roll(outcome).map_err(|e| bad(e.to_string()))?;
            } else {
                let m = uci_move::parse(&pos, &t.turn).map_err(|e| bad(e.to_string()))?;
                game.play(m).map_err(|e| bad(e.to_string()))?;
            }
        }
        let dice = if row.dice == DiceMode::Server {
            let stream = dice::replay(seed, &game).map_err(|e| format!("game {}: {e}", row.id))?;
            Dice::Seeded { seed, stream }
        } else {
            Dice::Physical
        };
        // A correspondence clock ran on while nobody held the game: it goes on from the
        // last stored change. A game clock waits while no server runs.
        let clock_since = if row.days_per_move.is_some() {
            row.updated_at
        } else {
            now
        };
        let clock = match (row.initial_ms, row.increment_ms) {
            (Some(initial), increment) => {
                let mut clock = Clock::resumed(
                    initial,
                    increment.unwrap_or(0),
                    row.white_ms.unwrap_or(initial),
                    row.black_ms.unwrap_or(initial),
                    None,
                    clock_since,
                );
                clock.per_move = row.days_per_move.is_some();
                Some(clock)
            }
            _ => None,
        };
        let mut live = LiveGame {
            row,
            variant,
            seed,
            clock,
            driver: TurnDriver::resume(game, dice),
            history: Vec::new(),
            legal: OnceLock::new(),
        };
        live.record();
        let runs = live.who_runs();
        if let Some(c) = &mut live.clock {
            c.switch(runs, clock_since);
        }
        Ok(live)
    }

    pub fn game(&self) -> &Game {
        self.driver.game()
    }

    pub fn ply(&self) -> i64 {
        self.game().turns().len() as i64
    }

    /// The history entries, one per turn.
    pub fn history(&self) -> &[Arc<HistoryEntry>] {
        &self.history
    }

    /// The legal turns of the position, with their SAN.
    pub fn legal(&self) -> &Arc<[LegalTurn]> {
        self.legal
            .get_or_init(|| game_view::legal_turns(self.game().position()).into())
    }

    /// Brings the history entries in line with the record after turns were played or
    /// taken back: the entries of turns undone go, those of new turns are written.
    fn record(&mut self) {
        let turns = self.game().turns().len();
        if turns == self.history.len() {
            return;
        }
        self.history.truncate(turns);
        for i in self.history.len()..turns {
            self.history
                .push(Arc::new(game_view::history_entry(self.game(), i)));
        }
        self.legal = OnceLock::new();
    }

    pub fn player(&self, color: Color) -> Player {
        match color {
            Color::White => self.row.white_player,
            Color::Black => self.row.black_player,
        }
    }

    pub fn status(&self) -> Status {
        self.row.status
    }

    pub fn dice(&self) -> DiceMode {
        self.row.dice
    }

    pub fn players(&self) -> PerSide<Player> {
        PerSide {
            white: self.row.white_player,
            black: self.row.black_player,
        }
    }

    pub fn draw_offer(&self) -> Option<Side> {
        self.row.draw_offer.map(Side::from)
    }

    pub fn takeback_offer(&self) -> Option<Side> {
        self.row.takeback_offer.map(Side::from)
    }

    pub fn is_over(&self) -> bool {
        self.row.status == Status::Over
    }

    /// The side whose clock runs: the side to move, or while the dice are owed the side
    /// that just moved (the roll ends its turn). No clock runs before the first turn, so
    /// White's time starts only once White has moved (docs/api.md, "Clocks").
    pub fn who_runs(&self) -> Option<Color> {
        if self.row.status != Status::Playing || !self.has_a_move() {
            return None;
        }
        match self.game().owed() {
            Owed::Move(c) => Some(c),
            Owed::Roll => Some(!self.game().position().turn()),
            Owed::Over(_) => None,
        }
    }

    /// The side whose turn it is while the game is played: the side to move, or while
    /// the dice are owed the side that just moved (with physical dice it reads them).
    fn on_move(&self) -> Option<Color> {
        if self.row.status != Status::Playing {
            return None;
        }
        match self.game().owed() {
            Owed::Move(c) => Some(c),
            Owed::Roll => Some(!self.game().position().turn()),
            Owed::Over(_) => None,
        }
    }

    /// Whether anyone has moved yet (a roll alone does not start the clocks).
    fn has_a_move(&self) -> bool {
        self.game()
            .turns()
            .iter()
            .any(|t| matches!(t, Turn::Move(_)))
    }

    /// The colour of the player who made the move at index `i` of the record.
    fn mover(&self, i: usize) -> Color {
        self.game().positions()[i].turn()
    }

    /// After any change: the history is written, a rules result ends the game, the right
    /// clock runs.
    fn settle(&mut self, now: i64) {
        self.record();
        if self.row.status == Status::Playing
            && let Owed::Over(outcome) = self.game().owed()
        {
            self.row.status = Status::Over;
            self.row.result = result_text(outcome.winner).to_string();
            self.row.reason = Some(outcome.reason.text().to_string());
        }
        let runs = self.who_runs();
        if let Some(clock) = &mut self.clock {
            clock.switch(runs, now);
            let [w, b] = clock.settle(now);
            self.row.white_ms = Some(w);
            self.row.black_ms = Some(b);
            self.row.deadline = clock.deadline().filter(|_| clock.per_move);
        }
        self.row.on_move = self.on_move();
        if self.row.status == Status::Over {
            self.row.draw_offer = None;
            self.row.takeback_offer = None;
        }
        self.row.updated_at = now;
    }

    /// The header as it is to be stored.
    pub fn header(&self) -> HeaderUpdate {
        HeaderUpdate {
            status: self.row.status,
            result: self.row.result.clone(),
            reason: self.row.reason.clone(),
            white_ms: self.row.white_ms,
            black_ms: self.row.black_ms,
            draw_offer: self.row.draw_offer,
            takeback_offer: self.row.takeback_offer,
            rematch_offer: self.row.rematch_offer,
            next_game: self.row.next_game.clone(),
            deadline: self.row.deadline,
            on_move: self.row.on_move,
            updated_at: self.row.updated_at,
            version: self.row.version,
        }
    }

    fn end(&mut self, result: &str, reason: &str, now: i64) {
        self.row.status = Status::Over;
        self.row.result = result.to_string();
        self.row.reason = Some(reason.to_string());
        self.settle(now);
    }

    /// Ends the game on time if the running side's flag has fallen. Returns whether it did.
    pub fn check_flag(&mut self, now: i64) -> bool {
        let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(now)) else {
            return false;
        };
        self.end(result_text(Some(!loser)), "time", now);
        true
    }

    fn turn_row(&self, text: String, now: i64) -> TurnRow {
        TurnRow {
            ply: self.ply(),
            turn: text,
            white_ms: self.row.white_ms,
            black_ms: self.row.black_ms,
            played_at: now,
        }
    }

    fn require_playing(&self) -> Result<(), GameError> {
        match self.row.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(GameError::invalid(
                "the game waits for the invited player to join",
            )),
            _ => Err(GameError::invalid(format!(
                "the game is over ({} {})",
                self.row.result,
                self.row.reason.as_deref().unwrap_or("")
            ))),
        }
    }

    fn require_ply(&self, ply: Option<i64>) -> Result<(), GameError> {
        match ply {
            Some(p) if p != self.ply() => Err(GameError::stale(format!(
                "the turn at ply {p} was already played: the game is at ply {}",
                self.ply()
            ))),
            _ => Ok(()),
        }
    }

    /// With server dice, rolls at once whenever the dice are owed.
    fn roll_if_server(&mut self, rows: &mut Vec<TurnRow>, now: i64) -> Result<(), GameError> {
        while self.row.dice == DiceMode::Server && self.game().owed() == Owed::Roll {
            let (outcome, _) = self
                .driver
                .roll_seeded()
                .map_err(|e| GameError::broken(e.to_string()))?;
            let positions = self.game().positions();
            let token = chance::write_token(&positions[positions.len() - 2], outcome);
            self.settle(now);
            rows.push(self.turn_row(token, now));
        }
        Ok(())
    }

    /// A player's move in coordinate notation, by `seat`; the server's roll follows it.
    pub fn play(
        &mut self,
        seat: Seat,
        text: &str,
        ply: Option<i64>,
        now: i64,
    ) -> Result<Vec<TurnRow>, GameError> {
        self.require_playing()?;
        self.require_ply(ply)?;
        let mover = match self.game().owed() {
            Owed::Move(c) => c,
            Owed::Roll => {
                return Err(GameError::invalid(
                    "the dice are owed before the next move: send the roll",
                ));
            }
            Owed::Over(o) => return Err(GameError::invalid(format!("the game is over: {o}"))),
        };
        if !seat.holds(mover) {
            return Err(GameError::not_yours(format!(
                "it is {}'s turn, not yours",
                color_name(mover)
            )));
        }
        let pos = self.game().position().clone();
        let m =
            uci_move::parse(&pos, text.trim()).map_err(|e| GameError::invalid(e.to_string()))?;
        self.driver
            .play_move(m)
            .map_err(|e| GameError::invalid(e.to_string()))?;
        self.row.draw_offer = self.row.draw_offer.take().filter(|&c| c == mover);
        self.row.takeback_offer = None;
        self.settle(now);
        let mut rows = vec![self.turn_row(uci_move::write(&pos, m), now)];
        self.roll_if_server(&mut rows, now)?;
        Ok(rows)
    }

    /// What physical dice showed, typed by either player.
    pub fn roll(
        &mut self,
        text: &str,
        ply: Option<i64>,
        now: i64,
    ) -> Result<Vec<TurnRow>, GameError> {
        self.require_playing()?;
        self.require_ply(ply)?;
        if self.row.dice != DiceMode::Physical {
            return Err(GameError::invalid(
                "this game uses the server's dice: the server rolls after each move",
            ));
        }
        if self.game().owed() != Owed::Roll {
            return Err(GameError::invalid("no roll is owed: a player moves now"));
        }
        let pos = self.game().position().clone();
        let outcome = dice::parse_physical(&pos, text)
            .map_err(|e| GameError::invalid(format!("roll '{text}': {e}")))?;
        self.driver
            .roll_physical(outcome)
            .map_err(|e| GameError::invalid(e.to_string()))?;
        self.settle(now);
        Ok(vec![self.turn_row(chance::write_token(&pos, outcome), now)])
    }

    /// The colour an action is taken for: the token's seat, or for a token holding both
    /// seats `chosen`, or else the side that answers an offer or is to move.
    fn acting_color(
        &self,
        seat: Seat,
        chosen: Option<Color>,
        action: Action,
    ) -> Result<Color, GameError> {
        if let Seat::One(c) = seat {
            return match chosen {
                Some(other) if other != c => Err(GameError::not_yours(format!(
                    "this token holds the {} seat, not {}",
                    color_name(c),
                    color_name(other)
                ))),
                _ => Ok(c),
            };
        }
        if let Some(c) = chosen {
            return Ok(c);
        }
        let offerer = match action {
            Action::AcceptDraw | Action::DeclineDraw => self.row.draw_offer,
            Action::AcceptTakeback | Action::DeclineTakeback => self.row.takeback_offer,
            _ => None,
        };
        Ok(match offerer {
            Some(c) => !c,
            None => self.game().position().turn(),
        })
    }

    /// Resign, draws, takebacks and abort.
    pub fn act(
        &mut self,
        seat: Seat,
        chosen: Option<Color>,
        action: Action,
        now: i64,
    ) -> Result<Change, GameError> {
        let me = self.acting_color(seat, chosen, action)?;
        let their_name = color_name(!me);
        if action == Action::Abort {
            if self.is_over() {
                return Err(GameError::invalid("the game is already over"));
            }
            let movers: Vec<Color> = (0..self.game().turns().len())
                .filter(|&i| matches!(self.game().turns()[i], Turn::Move(_)))
                .map(|i| self.mover(i))
                .collect();
            if movers.contains(&Color::White) && movers.contains(&Color::Black) {
                return Err(GameError::invalid(
                    "both sides have moved: the game can no longer be aborted (resign instead)",
                ));
            }
            self.end("*", "aborted", now);
            return Ok(Change::Header);
        }
        self.require_playing()?;
        match action {
            Action::Resign => {
                self.end(result_text(Some(!me)), "resignation", now);
            }
            Action::OfferDraw => {
                if self.row.draw_offer == Some(!me) {
                    self.end("1/2-1/2", "agreement", now);
                } else if self.player(!me) == Player::Engine {
                    // The engine declines draws: the offer is answered at once.
                    self.row.draw_offer = None;
                    self.settle(now);
                } else {
                    self.row.draw_offer = Some(me);
                    self.settle(now);
                }
            }
            Action::AcceptDraw | Action::DeclineDraw => {
                if self.row.draw_offer != Some(!me) {
                    return Err(GameError::invalid(format!(
                        "{their_name} has not offered a draw"
                    )));
                }
                if action == Action::AcceptDraw {
                    self.end("1/2-1/2", "agreement", now);
                } else {
                    self.row.draw_offer = None;
                    self.settle(now);
                }
            }
            Action::OfferTakeback => {
                self.last_move_of(me)?;
                if self.player(!me) == Player::Engine {
                    // The engine grants takebacks except with the server's dice: there
                    // a takeback would show the asker the next roll (the dice rewind).
                    // Physical dice are thrown again, so nothing is shown in advance.
                    if self.game().position().variant().beast.is_none()
                        || self.row.dice == DiceMode::Physical
                    {
                        return self.take_back(me, now);
                    }
                    self.row.takeback_offer = None;
                    self.settle(now);
                    return Ok(Change::Header);
                }
                self.row.takeback_offer = Some(me);
                self.settle(now);
            }
            Action::AcceptTakeback => {
                if self.row.takeback_offer != Some(!me) {
                    return Err(GameError::invalid(format!(
                        "{their_name} has not asked for a takeback"
                    )));
                }
                return self.take_back(!me, now);
            }
            Action::DeclineTakeback => {
                if self.row.takeback_offer != Some(!me) {
                    return Err(GameError::invalid(format!(
                        "{their_name} has not asked for a takeback"
                    )));
                }
                self.row.takeback_offer = None;
                self.settle(now);
            }
            Action::Abort => unreachable!("handled above"),
        }
        Ok(Change::Header)
    }

    /// The index in the record of `color`'s last move.
    fn last_move_of(&self, color: Color) -> Result<usize, GameError> {
        (0..self.game().turns().len())
            .rev()
            .find(|&i| matches!(self.game().turns()[i], Turn::Move(_)) && self.mover(i) == color)
            .ok_or_else(|| {
                GameError::invalid(format!("{} has no move to take back", color_name(color)))
            })
    }

    /// Undoes `asker`'s last move with everything after it. The dice are a function of the
    /// record, so the stream rewinds with it.
    pub fn take_back(&mut self, asker: Color, now: i64) -> Result<Change, GameError> {
        let keep = self.last_move_of(asker)?;
        self.driver.take_back(self.game().turns().len() - keep);
        self.row.takeback_offer = None;
        self.row.draw_offer = None;
        self.settle(now);
        Ok(Change::TakeBack(keep as i64))
    }

    /// Takes up the invitation: the game starts and the clock runs.
    pub fn join(&mut self, seat: Color, token: &str, now: i64) -> Result<(), GameError> {
        if self.row.status != Status::Waiting || self.row.invite_token.is_none() {
            return Err(GameError::stale("the invitation was already taken up"));
        }
        match seat {
            Color::White => self.row.white_token = Some(token.to_string()),
            Color::Black => self.row.black_token = Some(token.to_string()),
        }
        self.row.invite_token = None;
        self.row.status = Status::Playing;
        self.settle(now);
        Ok(())
    }

    /// Both clocks now, for a view.
    pub fn clock_reading(&self, now: i64) -> Option<[i64; 2]> {
        self.clock.as_ref().map(|c| c.reading(now))
    }
}
