//! `menagerie simulate`: many engine-free games, to see how games end (and how often the
//! beast decides them).

use crate::movers::Chooser;
use anyhow::{Result, bail};
use clap::{Args, ValueEnum};
use dice::{Choice, Players, Stop, TurnDriver};
use rules::{Color, Game, Position, Reason, VariantId};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};

#[derive(Clone, Copy, ValueEnum)]
enum Policy {
    /// Every legal move equally likely.
    Random,
    /// Take the most valuable piece on offer (a king above all), else a random move.
    Greedy,
}

#[derive(Args)]
pub struct SimulateArgs {
    /// Variant id.
    #[arg(long, default_value = "behemoth")]
    variant: String,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Seed of the first game; game i uses seed + i, for its dice and its moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How both sides choose their moves.
    #[arg(long, value_enum, default_value_t = Policy::Random)]
    policy: Policy,
    /// Games still running after this many player moves are counted as unfinished.
    #[arg(long, default_value_t = 400)]
    max_moves: u32,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
}

/// Both sides choose by the same policy, from one seeded stream.
struct Movers {
    chooser: Chooser,
    policy: Policy,
}

impl Players for Movers {
    type Error = anyhow::Error;
    fn choose(&mut self, game: &Game, _: Color) -> Result<Choice> {
        Ok(Choice::Move(match self.policy {
            Policy::Random => self.chooser.random(game.position()),
            Policy::Greedy => self.chooser.greedy(game.position()),
        }))
    }
}

pub fn run(args: SimulateArgs) -> Result<()> {
    let id: VariantId = args.variant.parse()?;
    let mut options = rules::RuleOptions::default();
    for rule in &args.rules {
        options.set(id, rule)?;
    }
    let variant = id.rules()?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let mut by_reason: BTreeMap<String, u32> = BTreeMap::new();
    let mut unfinished = 0;
    let mut beast_decided = 0;
    let mut total_moves = 0u64;
    let mut stderr = std::io::stderr();
    let show_progress = stderr.is_terminal();
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(i as u64);
        let mut movers = Movers {
            chooser: Chooser::new(seed),
            policy: args.policy,
        };
        let mut driver = TurnDriver::new(seed, Position::start(variant).with_options(options))?;
        let outcome = match driver.play_until(&mut movers, args.max_moves)? {
            Stop::Over(outcome) => Some(outcome),
            Stop::MoveLimit | Stop::Forfeit { .. } | Stop::Halted => None,
        };
        let moves = driver.moves();
        total_moves += moves as u64;
        match outcome {
            Some(outcome) => {
                if matches!(
                    outcome.reason,
                    Reason::KingTrampled | Reason::BothKingsTrampled
                ) {
                    beast_decided += 1;
                }
                let winner = outcome.winner.map_or("draw", |c| c.name());
                *by_reason
                    .entry(format!("{} ({winner})", outcome.reason.text()))
                    .or_default() += 1;
            }
            None => unfinished += 1,
        }
        if show_progress && ((i + 1) % 100 == 0 || i + 1 == args.games) {
            write!(stderr, "\r{} / {} games", i + 1, args.games)?;
        }
    }
    if show_progress {
        writeln!(stderr)?;
    }
    let games = args.games as f64;
    println!(
        "{} games of {id}, seeds {}..{}",
        args.games,
        args.seed,
        args.seed + args.games as u64 - 1
    );
    for (reason, count) in &by_reason {
        println!(
            "{count:>7}  {:5.1}%  {reason}",
            100.0 * *count as f64 / games
        );
    }
    if unfinished > 0 {
        println!(
            "{unfinished:>7}  {:5.1}%  unfinished after {} moves",
            100.0 * unfinished as f64 / games,
            args.max_moves
        );
    }
    println!(
        "average length: {:.1} player moves",
        total_moves as f64 / games
    );
    if variant.beast.is_some() {
        println!(
            "decided by the beast: {:.1}%",
            100.0 * beast_decided as f64 / games
        );
    }
    Ok(())
}
