//! `menagerie moves`: the legal turns of a position.

use crate::setup::PositionArgs;
use anyhow::Result;
use clap::Args;
use rules::{Position, fen, uci_move};
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

pub fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| uci_move::write(pos, m))
        .collect();
    moves.sort();
    moves
}

pub fn run(args: MovesArgs) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if !args.batch {
        for m in sorted_moves(&args.position.position()?) {
            writeln!(out, "{m}")?;
        }
        return Ok(());
    }
    let variant = args.position.variant_id()?.rules()?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        match fen::parse(variant, line.trim()) {
            Ok(pos) => writeln!(out, "{}", sorted_moves(&pos).join(" "))?,
            Err(e) => writeln!(out, "error: {e}")?,
        }
        out.flush()?;
    }
    Ok(())
}
