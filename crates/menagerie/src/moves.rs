//! `menagerie moves`: the legal turns of a position.

use crate::setup::PositionArgs;
use anyhow::{Result, bail};
use clap::Args;
use rules::{Owed, Position, chance, fen, uci_move};
use std::io::{BufRead, Write};

#[derive(Args)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Read one FEN a line from stdin and answer each with one line: its moves separated
    /// by spaces, or `error: ...`. For tools that ask about many positions.
    #[arg(long, conflicts_with = "fen")]
    batch: bool,
}

/// The legal turns, sorted; while the dice are owed, the possible rolls.
pub fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = if pos.chance_pending() {
        pos.chance_outcomes()
            .iter()
            .map(|&(o, _)| chance::write_token(pos, o))
            .collect()
    } else {
        pos.legal_moves()
            .iter()
            .map(|&m| uci_move::write(pos, m))
            .collect()
    };
    moves.sort();
    moves
}

pub fn run(args: MovesArgs) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if !args.batch {
        let game = args.position.game()?;
        if let Owed::Over(outcome) = game.owed()
            && !game.turns().is_empty()
        {
            bail!(
                "the game is over after move {}: {outcome}",
                game.turns().len()
            );
        }
        for m in sorted_moves(game.position()) {
            writeln!(out, "{m}")?;
        }
        return Ok(());
    }
    let variant = args.position.variant_id()?.rules()?;
    let options = args.position.options()?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        match fen::parse(variant, line.trim()) {
            Ok(pos) => {
                let pos = pos.with_options(options);
                writeln!(out, "{}", sorted_moves(&pos).join(" "))?
            }
            Err(e) => writeln!(out, "error: {e}")?,
        }
        out.flush()?;
    }
    Ok(())
}
