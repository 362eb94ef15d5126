//! `menagerie perft`: move-path counts in Stockfish's divide format.

use crate::setup::PositionArgs;
use anyhow::{Result, bail};
use clap::Args;
use rules::{perft, uci_move};
use std::io::Write;
use std::time::Instant;

/// Deeper than this would run for days on any position here.
const MAX_DEPTH: u32 = 12;

#[derive(Args)]
pub struct PerftArgs {
    /// Number of player turns to look ahead (1 to 12).
    depth: String,
    #[command(flatten)]
    position: PositionArgs,
    /// Keep the neutral piece (Behemoth, Juggernaut) still: no chance nodes, so the counts
    /// match an engine that reads `*` as a wall. Without it, perft branches on every roll
    /// between two turns and counts player turns (rules.md).
    #[arg(long)]
    frozen: bool,
}

pub fn run(args: PerftArgs) -> Result<()> {
    let depth: u32 = match args.depth.parse() {
        Ok(d) if (1..=MAX_DEPTH).contains(&d) => d,
        _ => bail!(
            "depth '{}' is out of range: give a whole number from 1 to {MAX_DEPTH}",
            args.depth
        ),
    };
    let pos = args.position.position()?;
    if pos.chance_pending() {
        bail!(
            "the dice are owed in this position: add a roll such as {} to --moves",
            crate::setup::example_roll(&pos)
        );
    }
    let chance = pos.variant().beast.is_some() && !args.frozen;
    let start = Instant::now();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut lines: Vec<(String, u64)> = perft::divide(&pos, depth, chance)
        .into_iter()
        .map(|(m, count)| (uci_move::write(&pos, m), count))
        .collect();
    let total: u64 = lines.iter().map(|(_, n)| n).sum();
    lines.sort();
    for (m, count) in &lines {
        writeln!(out, "{m}: {count}")?;
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "perft {depth}: {total} nodes in {seconds:.3} s, {:.1} million nodes/s",
        total as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
