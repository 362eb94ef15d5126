//! `menagerie bench`: a fixed search over a fixed set of positions from every variant.
//! The node count is the same on every run of the same build: the regression signal.

use anyhow::{Result, bail};
use clap::Args;
use engine::{Features, Limits, Searcher};
use rules::{Position, VariantId, fen};
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    /// Search depth for the positions without dice. Deep enough that the run lasts a few
    /// seconds, so nodes per second compare like for like between builds.
    #[arg(long, default_value_t = 12)]
    depth: i32,
    /// Search depth for the positions with dice, where every ply is followed by 32 or 73
    /// rolls.
    #[arg(long, default_value_t = 2)]
    dice_depth: i32,
    /// Search threads (Lazy SMP). More than one makes the node count vary from run to
    /// run; the time to reach the depths is what compares.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Only this variant's positions (`chess`), to measure one variant's search.
    #[arg(long)]
    variant: Option<VariantId>,
    /// A piece of the search switched off (repeatable; the names of `match`'s
    /// `without=`), to measure what it costs or saves.
    #[arg(long)]
    without: Vec<String>,
}

/// (variant, FEN, or the start position when empty).
const POSITIONS: &[(VariantId, &str)] = &[
    (VariantId::Chess, ""),
    (
        VariantId::Chess,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        VariantId::Chess,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    ),
    (
        VariantId::Chess,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ),
    (VariantId::Wildebeest, ""),
    (
        VariantId::Wildebeest,
        "r4k4r/ppp3ppppp/2n1c6/3pp6/11/4P6/3P7/5N5/PPP3PPPPP/R3QK1C2R w KQkq - 0 6",
    ),
    (VariantId::Behemoth, ""),
    (VariantId::Juggernaut, ""),
    (VariantId::BehemothLoop, ""),
    (
        VariantId::BattleChieftain,
        "bbbbbbbbbb/3k6/10/10/10/10/10/10/10/4K5/BBBBBBBBBB w ABCDEFGHIJabcdefghij - 0 1",
    ),
    (
        VariantId::BattleChieftainUnevenField,
        "bbbbbbbbbb/4k5/10/10/10/10/10/10/10/3K6/BBBBBBBBBB w ABCDEFGHIJabcdefghij - 0 1",
    ),
];

pub fn run(args: BenchArgs) -> Result<()> {
    let mut features = Features::ALL;
    for name in &args.without {
        features.switch_off(name).map_err(anyhow::Error::msg)?;
    }
    let start = Instant::now();
    let mut total = 0u64;
    let chosen: Vec<_> = POSITIONS
        .iter()
        .filter(|(id, _)| args.variant.is_none_or(|only| only == *id))
        .collect();
    if chosen.is_empty() {
        let mut benched: Vec<&str> = POSITIONS.iter().map(|(id, _)| id.name()).collect();
        benched.dedup();
        bail!(
            "the bench has no positions of this variant; it has {}",
            benched.join(", ")
        );
    }
    for &&(id, text) in &chosen {
        let variant = id.rules()?;
        let pos = if text.is_empty() {
            Position::start(variant)
        } else {
            fen::parse(variant, text)?
        };
        // A fresh table for each position, so the count does not depend on the order.
        let mut searcher = Searcher::new(16);
        searcher.set_threads(args.threads);
        searcher.set_features(features);
        let depth = if variant.beast.is_some() {
            args.dice_depth
        } else {
            args.depth
        }
        .max(1);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let (best, info) = searcher.search(&pos, &[], &limits, |_| {});
        let best = best.map_or("(none)".to_string(), |m| rules::uci_move::write(&pos, m));
        eprintln!(
            "{:<32} depth {depth} {:>10} nodes  best {best}",
            id.name(),
            info.nodes
        );
        total += info.nodes;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{total} nodes {} nps",
        (total as f64 / seconds.max(1e-9)) as u64
    );
    Ok(())
}
