//! `menagerie match`: games between two players (engine settings, a random or a greedy
//! mover), seeded dice, varied openings played with both colours, and the result as a
//! score, an Elo difference with its 95% error bar, and optionally an SPRT verdict.

use crate::movers::Chooser;
use anyhow::{Result, bail};
use clap::Args;
use dice::DiceStream;
use engine::{Limits, Searcher};
use rules::{Color, Game, Move, Owed, Position, VariantId, pgn};
use std::io::{IsTerminal, Write};
use std::time::Duration;

#[derive(Args)]
pub struct MatchArgs {
    /// Variant id.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Number of games (played in pairs: each opening with both colours).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// First player: comma-separated `depth=N`, `nodes=N`, `movetime=MS`, `frozen`
    /// (the beast treated as a still obstacle), or `random` / `greedy` movers.
    #[arg(long, default_value = "depth=3")]
    engine1: String,
    /// Second player, as --engine1.
    #[arg(long, default_value = "random")]
    engine2: String,
    /// Seed for the openings and the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies played from the start before the players take over.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Games longer than this many player moves are scored as draws.
    #[arg(long, default_value_t = 300)]
    max_moves: u32,
    /// Write every game to this PGN file.
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
    /// Stop early by a sequential probability ratio test of ELO0 against ELO1
    /// (alpha = beta = 0.05), e.g. `0,50`.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Rule option KEY=VALUE (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
}

enum Kind {
    Random,
    Greedy,
    Search { limits: Limits, frozen: bool },
}

struct Player {
    name: String,
    kind: Kind,
    searcher: Option<Searcher>,
}

impl Player {
    fn parse(spec: &str) -> Result<Player> {
        let mut limits = Limits::default();
        let mut frozen = false;
        let mut kind = None;
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let number = || -> Result<u64> {
                value
                    .parse()
                    .map_err(|_| anyhow::anyhow!("player '{spec}': '{part}' needs a number"))
            };
            match key {
                "random" => kind = Some(Kind::Random),
                "greedy" => kind = Some(Kind::Greedy),
                "depth" => limits.depth = Some(number()? as i32),
                "nodes" => limits.nodes = Some(number()?),
                "movetime" => limits.movetime = Some(Duration::from_millis(number()?)),
                "frozen" => frozen = true,
                _ => bail!(
                    "player '{spec}': unknown setting '{part}' (depth=N, nodes=N, movetime=MS, frozen, random, greedy)"
                ),
            }
        }
        let kind = kind.unwrap_or_else(|| {
            if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
                limits.depth = Some(3);
            }
            Kind::Search { limits, frozen }
        });
        let searcher = match kind {
            Kind::Search { frozen, .. } => {
                let mut searcher = Searcher::new(16);
                searcher.set_ignore_chance(frozen);
                Some(searcher)
            }
            _ => None,
        };
        Ok(Player {
            name: spec.to_string(),
            kind,
            searcher,
        })
    }

    fn choose(&mut self, game: &Game, chooser: &mut Chooser) -> Move {
        let pos = game.position();
        match &self.kind {
            Kind::Random => chooser.random(pos),
            Kind::Greedy => chooser.greedy(pos),
            Kind::Search { limits, .. } => {
                let history: Vec<u64> = game
                    .positions()
                    .iter()
                    .filter(|p| !p.chance_pending())
                    .map(|p| p.key())
                    .collect();
                let searcher = self
                    .searcher
                    .as_mut()
                    .expect("search players have a searcher");
                let (best, _) = searcher.search(
                    pos,
                    &history[..history.len().saturating_sub(1)],
                    limits,
                    |_| {},
                );
                best.unwrap_or_else(|| chooser.random(pos))
            }
        }
    }
}

/// The Elo difference for an expected score.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

pub fn run(args: MatchArgs) -> Result<()> {
    let id: VariantId = args.variant.parse()?;
    let variant = id.rules()?;
    let mut options = rules::RuleOptions::default();
    for rule in &args.rules {
        options.set(id, rule)?;
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let sprt = match &args.sprt {
        Some(text) => {
            let (a, b) = text
                .split_once(',')
                .ok_or_else(|| anyhow::anyhow!("--sprt takes ELO0,ELO1"))?;
            Some((a.trim().parse::<f64>()?, b.trim().parse::<f64>()?))
        }
        None => None,
    };
    let mut players = [Player::parse(&args.engine1)?, Player::parse(&args.engine2)?];
    let mut pgn_file = match &args.pgn {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
        ),
        None => None,
    };
    let show_progress = std::io::stderr().is_terminal();
    let mut results: Vec<f64> = Vec::new();
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut verdict = None;
    for game_index in 0..args.games {
        let pair = game_index / 2;
        let seed = args.seed.wrapping_add(pair as u64);
        // Engine 1 has White in even games, Black in odd ones; both games of a pair share
        // the opening and the dice.
        let engine1_color = if game_index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut dice = DiceStream::new(seed);
        let mut chooser = Chooser::new(seed);
        let start = dice.starting_position(Position::start(variant).with_options(options))?;
        let mut game = Game::new(start);
        let mut plies = 0;
        let outcome = loop {
            match game.owed() {
                Owed::Over(outcome) => break Some(outcome),
                Owed::Roll => {
                    let roll = dice.roll(game.position()).expect("the variant has dice");
                    game.roll(roll)?;
                }
                Owed::Move(_) if plies >= args.max_moves => break None,
                Owed::Move(color) => {
                    let m = if plies < args.opening_plies {
                        chooser.random(game.position())
                    } else {
                        let who = if color == engine1_color { 0 } else { 1 };
                        players[who].choose(&game, &mut chooser)
                    };
                    game.play(m)?;
                    plies += 1;
                }
            }
        };
        let score = match outcome.and_then(|o| o.winner) {
            Some(winner) if winner == engine1_color => {
                wins += 1;
                1.0
            }
            Some(_) => {
                losses += 1;
                0.0
            }
            None => {
                draws += 1;
                0.5
            }
        };
        results.push(score);
        if let Some(file) = pgn_file.as_mut() {
            let (white, black) = if engine1_color == Color::White {
                (&players[0].name, &players[1].name)
            } else {
                (&players[1].name, &players[0].name)
            };
            let round = (game_index + 1).to_string();
            let text = pgn::write(
                &game,
                &[
                    ("Event", "menagerie match"),
                    ("Round", &round),
                    ("White", white),
                    ("Black", black),
                ],
            );
            writeln!(file, "{text}")?;
        }
        if show_progress {
            eprint!(
                "\rgame {} / {}: +{wins} ={draws} -{losses}",
                game_index + 1,
                args.games
            );
        }
        if let Some((elo0, elo1)) = sprt {
            let n = results.len() as f64;
            let mean = results.iter().sum::<f64>() / n;
            let variance = results.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
            if variance > 0.0 && n >= 10.0 {
                let (s0, s1) = (expected_score(elo0), expected_score(elo1));
                let llr = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
                let bound = (0.95f64 / 0.05).ln();
                if llr >= bound {
                    verdict = Some(format!("SPRT: H1 accepted (elo >= {elo1}), LLR {llr:.2}"));
                } else if llr <= -bound {
                    verdict = Some(format!("SPRT: H0 accepted (elo <= {elo0}), LLR {llr:.2}"));
                }
                if verdict.is_some() {
                    break;
                }
            }
        }
    }
    if show_progress {
        eprintln!();
    }
    let n = results.len() as f64;
    let mean = results.iter().sum::<f64>() / n;
    let deviation = (results.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt();
    let margin = 1.96 * deviation / n.sqrt();
    println!(
        "{} vs {} in {id}: {} games",
        players[0].name,
        players[1].name,
        results.len()
    );
    println!("+{wins} ={draws} -{losses}, score {:.1}%", 100.0 * mean);
    if mean >= 1.0 || mean <= 0.0 {
        // No spread to estimate from: bound the score by the rule of three instead.
        let bound = 3.0 / n;
        let (word, limit) = if mean >= 1.0 {
            ("won", elo(1.0 - bound))
        } else {
            ("lost", elo(bound))
        };
        println!("Elo beyond {limit:+.0} at 95% (every game {word}; rule of three)");
    } else {
        println!(
            "Elo {:+.0} (95% interval {:+.0} to {:+.0})",
            elo(mean),
            elo(mean - margin),
            elo(mean + margin)
        );
    }
    if let Some(verdict) = verdict {
        println!("{verdict}");
    }
    Ok(())
}
