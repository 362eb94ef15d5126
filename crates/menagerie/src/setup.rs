//! The arguments every position-reading command shares: `--variant`, `--fen`, `--rule`,
//! `--moves`.

use anyhow::{Result, anyhow, bail};
use clap::Args;
use rules::{Game, Owed, Position, RuleOptions, Turn, VariantId, chance, fen, uci_move};

#[derive(Args, Clone)]
pub struct PositionArgs {
    /// Variant id: chess, behemoth, juggernaut, behemoth-loop, battle-chieftain,
    /// battle-chieftain-far-walls, battle-chieftain-differing-field,
    /// battle-chieftain-uneven-field, wildebeest.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Position in FEN (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Rule option KEY=VALUE (repeatable): juggernaut-start, juggernaut-edge, home-rows.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Turns to play from the position first, separated by spaces: moves in coordinate
    /// notation and, where the dice are owed, rolls (`~7.4`, `~3`, `~e5`), as after
    /// `position ... moves` in UCI.
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
}

impl PositionArgs {
    pub fn variant_id(&self) -> Result<VariantId> {
        Ok(self.variant.parse()?)
    }

    pub fn options(&self) -> Result<RuleOptions> {
        let id = self.variant_id()?;
        let mut options = RuleOptions::default();
        for rule in &self.rules {
            options.set(id, rule)?;
        }
        Ok(options)
    }

    /// The position after `--fen` and `--moves`.
    pub fn position(&self) -> Result<Position> {
        Ok(self.game()?.position().clone())
    }

    /// The game from `--fen` (or the start) through `--moves`.
    pub fn game(&self) -> Result<Game> {
        let options = self.options()?;
        let variant = self.variant_id()?.rules()?;
        let pos = match &self.fen {
            Some(text) => fen::parse(variant, text)?,
            None => Position::start(variant),
        }
        .with_options(options);
        let turns: Vec<&str> = self
            .moves
            .iter()
            .flat_map(|m| m.split_whitespace())
            .collect();
        play_game(pos, &turns)
    }
}

/// How far a move list could be played: the position after its longest valid prefix.
pub struct Prefix {
    pub position: Position,
    pub history: Vec<u64>,
    /// How many turns were played.
    pub played: usize,
    /// Why the next turn was refused, if one was.
    pub error: Option<anyhow::Error>,
}

/// Plays `turns` on `pos` up to the first one that cannot be played, as engines do with
/// the move list a GUI sends (Fairy-Stockfish stops at the first illegal move).
pub fn play_valid_prefix(mut pos: Position, turns: &[&str]) -> Prefix {
    let mut history = Vec::new();
    for (i, text) in turns.iter().enumerate() {
        if let Err(error) = play_turn(&mut pos, &mut history, i + 1, text) {
            return Prefix {
                position: pos,
                history,
                played: i,
                error: Some(error),
            };
        }
    }
    Prefix {
        position: pos,
        history,
        played: turns.len(),
        error: None,
    }
}

/// Plays turn number `at` of a move list, a move or a roll.
fn play_turn(pos: &mut Position, history: &mut Vec<u64>, at: usize, text: &str) -> Result<()> {
    if let Some(outcome) = pos.outcome() {
        bail!("move {at} '{text}': the game is over ({outcome})");
    }
    match parse_turn(pos, at, text)? {
        Turn::Roll(roll) => {
            pos.apply_chance(roll)?;
        }
        Turn::Move(m) => {
            history.push(pos.repetition_key());
            pos.play(m);
        }
    }
    Ok(())
}

/// Plays a move list on `pos` as a game, so that repetition ends it too.
pub fn play_game(start: Position, turns: &[&str]) -> Result<Game> {
    let mut game = Game::new(start);
    for (i, text) in turns.iter().enumerate() {
        if let Owed::Over(outcome) = game.owed() {
            bail!("move {} '{text}': the game is over ({outcome})", i + 1);
        }
        match parse_turn(game.position(), i + 1, text)? {
            Turn::Roll(roll) => {
                game.roll(roll)?;
            }
            Turn::Move(m) => game.play(m)?,
        }
    }
    Ok(game)
}

/// Reads turn number `at` of a move list: a roll where the dice are owed, else a move.
fn parse_turn(pos: &Position, at: usize, text: &str) -> Result<Turn> {
    if pos.chance_pending() {
        let roll = chance::parse_token(pos, text).map_err(|e| {
            anyhow!(
                "move {at}: the dice are owed here, as a roll like {}: {e}",
                example_roll(pos)
            )
        })?;
        Ok(Turn::Roll(roll))
    } else if text.starts_with('~') {
        bail!("move {at} '{text}': no roll is owed here, a player moves")
    } else {
        let m = uci_move::parse(pos, text).map_err(|e| anyhow!("move {at}: {e}"))?;
        Ok(Turn::Move(m))
    }
}

/// A roll this position could take, to show in an error.
pub fn example_roll(pos: &Position) -> String {
    pos.chance_outcomes()
        .first()
        .map_or_else(|| "~1".to_string(), |(o, _)| chance::write_token(pos, *o))
}
