//! `menagerie tune`: Texel tuning of the engine's tapered terms (`engine::terms`). Plays
//! the engine against itself at few nodes from random openings, keeps the quiet positions
//! labelled with each game's result, fits the sigmoid's scale K to the current evaluation
//! and then the terms' weights by gradient descent on the squared error, and writes the
//! weights file. The descent starts from the committed (hand-set) weights and its L2
//! penalty pulls toward them, not toward 0: few games refine a sound prior rather than
//! replace it with noise. With `--label-engine` the quiet positions are labelled instead
//! by an outside UCI engine's score (Stockfish's, for chess), a far less noisy target
//! than one game's result.

use crate::movers::RandomOpening;
use crate::uci_player::UciEngine;
use anyhow::{Context, Result, bail};
use clap::Args;
use dice::{Choice, Players, Stop, TurnDriver};
use engine::eval::{Weights, evaluate_with};
use engine::see::see_at_least;
use engine::terms::{self, PHASE_SCALE, TERMS, TermWeights};
use engine::{Limits, Searcher};
use rules::{Color, Game, Position, VariantId};
use std::time::Instant;

#[derive(Args)]
pub struct TuneArgs {
    /// chess or wildebeest.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Self-play games to draw positions from.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Nodes per move in the self-play games.
    #[arg(long, default_value_t = 1500)]
    nodes: u64,
    /// Random plies opening each game.
    #[arg(long, default_value_t = 8)]
    opening_plies: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Gradient descent steps over all positions.
    #[arg(long, default_value_t = 1000)]
    iterations: u32,
    /// The penalty on each weight's squared distance from the committed weights, against
    /// over-fitting few games.
    #[arg(long, default_value_t = 2e-8)]
    l2: f64,
    /// Terms whose names start with this stay at the committed weights (repeatable), e.g.
    /// `--freeze material.` to fit the rest with the material corrections held.
    #[arg(long, value_name = "PREFIX")]
    freeze: Vec<String>,
    /// Where to write the weights (default: the engine's file for the variant).
    #[arg(long)]
    out: Option<String>,
    /// The positions' file: read from it if it exists (no games are played), else the
    /// self-play positions are written to it, so that one long run can be fitted again.
    #[arg(long)]
    data: Option<String>,
    /// Label each quiet position with this UCI engine's expected score instead of (or,
    /// with `--label-weight`, mixed with) its game's result: its centipawns for White at
    /// `--label-nodes`, on the logistic curve where 400 cp is 10 to 1. E.g.
    /// `/usr/games/stockfish`. A game's result says little about one position; a
    /// stronger engine's score says more.
    #[arg(long, value_name = "PROGRAM")]
    label_engine: Option<String>,
    /// A UCI option for the labelling engine, `NAME=VALUE` (repeatable), e.g.
    /// `UCI_Variant=wildebeest` for Fairy-Stockfish.
    #[arg(long, value_name = "NAME=VALUE")]
    label_option: Vec<String>,
    #[arg(long, default_value_t = 3000)]
    label_nodes: u64,
    /// The engine's share of each label (the game's result has the rest).
    #[arg(long, default_value_t = 1.0)]
    label_weight: f64,
    /// Copies of the labelling engine running at once.
    #[arg(long, default_value_t = 2)]
    label_threads: usize,
    /// Where to write the labelled quiet positions, to fit them again with `--data`.
    #[arg(long, value_name = "FILE")]
    labelled: Option<String>,
}

/// One labelled position: the evaluation without the terms and the terms themselves, both
/// from White's side, and the game's result for White.
struct Sample {
    base: f64,
    terms: Vec<(u16, f64)>,
    mg_share: f64,
    result: f64,
}

/// `name` as a variant with tapered terms and a network: chess or Wildebeest.
pub(crate) fn chess_or_wildebeest(name: &str, what: &str) -> Result<VariantId> {
    let id: VariantId = name
        .parse()
        .map_err(|_| anyhow::anyhow!("unknown variant '{name}'"))?;
    if !matches!(id, VariantId::Chess | VariantId::Wildebeest) {
        bail!("{what} is for chess and wildebeest");
    }
    Ok(id)
}

pub fn run(args: TuneArgs) -> Result<()> {
    let id = chess_or_wildebeest(&args.variant, "tuning the tapered terms")?;
    if args.label_engine.is_none() && (args.labelled.is_some() || !args.label_option.is_empty()) {
        bail!("--labelled and --label-option need --label-engine");
    }
    let variant = id.rules()?;
    // How the positions were had, for the weights file's header.
    let games = format!(
        "--games {} --nodes {} --opening-plies {} --seed {}",
        args.games, args.nodes, args.opening_plies, args.seed
    );
    let (positions, source) = match &args.data {
        Some(path) if std::path::Path::new(path).exists() => (
            read_positions(variant, path)?,
            format!("--data {path} (read)"),
        ),
        Some(path) => {
            let positions = generate(variant, &args)?;
            write_positions(&positions, path)?;
            (positions, format!("{games} --data {path}"))
        }
        None => (generate(variant, &args)?, games),
    };
    let (positions, source) = match &args.label_engine {
        Some(program) => {
            let positions = label_by_engine(positions, program, &args)?;
            if let Some(path) = &args.labelled {
                write_positions(&positions, path)?;
            }
            let options: String = args
                .label_option
                .iter()
                .map(|o| format!(" --label-option {o}"))
                .collect();
            let labels = format!(
                " --label-engine {program}{options} --label-nodes {} --label-weight {}",
                args.label_nodes, args.label_weight
            );
            (positions, source + &labels)
        }
        None => (positions, source),
    };
    // The terms are fitted under the hand-written evaluation, never under a network.
    let base_weights = Weights {
        tapered: false,
        network: false,
        ..Weights::DEFAULT
    };
    let samples: Vec<Sample> = positions
        .iter()
        .filter_map(|(pos, result)| label(pos, *result, &base_weights))
        .collect();
    if samples.is_empty() {
        bail!("no quiet positions");
    }
    let prior = terms::committed_weights(id);
    let mut weights = prior.clone();
    let k = fit_k(&samples, &prior);
    let before = error(&samples, &weights, k);
    println!(
        "{} positions; K {k:.3}; error before {before:.5}",
        samples.len()
    );
    let frozen = frozen_terms(&args.freeze)?;
    let fit = Fit {
        prior: &prior,
        frozen: &frozen,
        k,
        iterations: args.iterations,
        l2: args.l2,
    };
    descend(&samples, &mut weights, &fit);
    let after = error(&samples, &weights, k);
    println!("error after {after:.5}");
    let out = args
        .out
        .unwrap_or_else(|| format!("crates/engine/weights/{}.txt", id.name()));
    let freeze: String = args
        .freeze
        .iter()
        .map(|p| format!(" --freeze {p}"))
        .collect();
    let header = format!(
        "# menagerie tune --variant {} {source} --iterations {} --l2 {}{freeze}\n# {} quiet positions, K {k:.3}, mean squared error {before:.5} -> {after:.5}\n",
        id.name(),
        args.iterations,
        args.l2,
        samples.len()
    );
    std::fs::write(&out, header + &weights.render()).with_context(|| format!("writing {out}"))?;
    println!("wrote {out}");
    Ok(())
}

/// Self-play: each move searched at `nodes`; every position a search chose in, with its
/// game's result for White.
fn generate(variant: &'static rules::Variant, args: &TuneArgs) -> Result<Vec<(Position, f64)>> {
    let started = Instant::now();
    let mut positions = Vec::new();
    let mut searcher = Searcher::new(16);
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    for g in 0..args.games {
        let seed = args
            .seed
            .wrapping_add(g as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut player = SelfPlay {
            opening: RandomOpening::new(seed, args.opening_plies),
            searcher: &mut searcher,
            limits: &limits,
            seen: Vec::new(),
        };
        let mut driver = TurnDriver::new(seed, Position::start(variant))?;
        let result = match driver.play_until(&mut player, args.max_plies)? {
            Stop::Over(outcome) => match outcome.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            },
            _ => 0.5,
        };
        positions.extend(player.seen.into_iter().map(|pos| (pos, result)));
        if (g + 1) % 50 == 0 || g + 1 == args.games {
            eprintln!(
                "{} of {} games, {} positions, {:.0} s",
                g + 1,
                args.games,
                positions.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(positions)
}

/// The quiet positions, each labelled by `program`'s expected score for White mixed with
/// its game's result (see `TuneArgs::label_engine`), by several copies of the engine at
/// once.
fn label_by_engine(
    positions: Vec<(Position, f64)>,
    program: &str,
    args: &TuneArgs,
) -> Result<Vec<(Position, f64)>> {
    if !(0.0..=1.0).contains(&args.label_weight) {
        bail!("--label-weight must be from 0 to 1");
    }
    let options = args
        .label_option
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(name, value)| (name.to_string(), value.to_string()))
                .with_context(|| format!("--label-option {o}: expected NAME=VALUE"))
        })
        .collect::<Result<Vec<_>>>()?;
    let quiet: Vec<(Position, f64)> = positions.into_iter().filter(|(p, _)| is_quiet(p)).collect();
    let total = quiet.len();
    let started = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let threads = args.label_threads.max(1);
    let chunk = quiet.len().div_ceil(threads).max(1);
    let labelled = std::thread::scope(|scope| {
        let workers: Vec<_> = quiet
            .chunks(chunk)
            .map(|part| {
                let (done, options) = (&done, &options);
                scope.spawn(move || -> Result<Vec<(Position, f64)>> {
                    let go = format!("nodes {}", args.label_nodes);
                    let mut engine = UciEngine::start(program, options, go)?;
                    let mut out = Vec::with_capacity(part.len());
                    for (pos, result) in part {
                        let score = engine.score(pos)?;
                        let white = if pos.turn() == Color::White {
                            score
                        } else {
                            -score
                        };
                        let expected = 1.0 / (1.0 + 10f64.powf(-white as f64 / 400.0));
                        let label =
                            args.label_weight * expected + (1.0 - args.label_weight) * result;
                        out.push((pos.clone(), label));
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if n % 10_000 == 0 {
                            eprintln!(
                                "labelled {n} of {total} positions, {:.0} s",
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                    Ok(out)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a labelling thread does not panic"))
            .collect::<Result<Vec<_>>>()
    })?;
    Ok(labelled.into_iter().flatten().collect())
}

/// One position a line: White's result (1, 0.5 or 0) or expected score (from 0 to 1), a
/// space, the FEN.
fn write_positions(positions: &[(Position, f64)], path: &str) -> Result<()> {
    let text: String = positions
        .iter()
        .map(|(pos, result)| format!("{result} {}\n", rules::fen::write(pos)))
        .collect();
    std::fs::write(path, text).with_context(|| format!("writing {path}"))?;
    eprintln!("wrote {} positions to {path}", positions.len());
    Ok(())
}

fn read_positions(variant: &'static rules::Variant, path: &str) -> Result<Vec<(Position, f64)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let at = || format!("{path}, line {}", i + 1);
            let (result, fen) = line
                .split_once(' ')
                .with_context(|| format!("{}: expected a result and a FEN", at()))?;
            let result: f64 = result
                .parse()
                .ok()
                .filter(|r| (0.0..=1.0).contains(r))
                .with_context(|| {
                    format!("{}: the result must be from 0 to 1 (1, 0.5 or 0 for a game's result, between for an expected score)", at())
                })?;
            let pos =
                rules::fen::parse(variant, fen).map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
            Ok((pos, result))
        })
        .collect()
}

struct SelfPlay<'a> {
    opening: RandomOpening,
    searcher: &'a mut Searcher,
    limits: &'a Limits,
    seen: Vec<Position>,
}

impl Players for SelfPlay<'_> {
    type Error = anyhow::Error;
    fn choose(&mut self, game: &Game, _: Color) -> Result<Choice> {
        let pos = game.position();
        if let Some(m) = self.opening.next(pos) {
            return Ok(Choice::Move(m));
        }
        self.seen.push(pos.clone());
        let (best, _) = self
            .searcher
            .search(pos, &game.history_keys(), self.limits, |_| {});
        Ok(Choice::Move(
            best.unwrap_or_else(|| self.opening.chooser.random(pos)),
        ))
    }
}

/// A quiet position (not in check, no capture or promotion that gains by exchange
/// evaluation: the quiescence search would stand pat) as a sample.
fn label(pos: &Position, result: f64, base_weights: &Weights) -> Option<Sample> {
    if !is_quiet(pos) {
        return None;
    }
    let white = if pos.turn() == Color::White {
        1.0
    } else {
        -1.0
    };
    let base = white * evaluate_with(pos, base_weights) as f64;
    let (counts, phase) = terms::terms(pos, |role| base_weights.value(pos, role));
    let terms = counts
        .iter()
        .enumerate()
        .filter(|(_, n)| **n != 0)
        .map(|(i, &n)| (i as u16, n as f64))
        .collect();
    Some(Sample {
        base,
        terms,
        mg_share: phase as f64 / PHASE_SCALE as f64,
        result,
    })
}

/// Not in check, with a legal move, and no capture or promotion that gains by exchange
/// evaluation: the quiescence search would stand pat.
pub(crate) fn is_quiet(pos: &Position) -> bool {
    if pos.is_check() {
        return false;
    }
    let legal = pos.legal_moves();
    let loud = legal.iter().any(|&m| {
        m.promotion().is_some() || (pos.piece_at(m.to).is_some() && see_at_least(pos, m, 1))
    });
    !loud && !legal.is_empty()
}

fn sigmoid(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn eval_of(sample: &Sample, weights: &TermWeights) -> f64 {
    sample.base
        + sample
            .terms
            .iter()
            .map(|&(i, n)| {
                let i = i as usize;
                n * (weights.mg[i] * sample.mg_share + weights.eg[i] * (1.0 - sample.mg_share))
            })
            .sum::<f64>()
}

fn error(samples: &[Sample], weights: &TermWeights, k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - sigmoid(eval_of(s, weights), k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The K that makes the current evaluation (the committed weights) fit the results best
/// (golden-section search).
fn fit_k(samples: &[Sample], current: &TermWeights) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, current, a) < error(samples, current, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// By term: whether its name starts with one of `prefixes`. A prefix that names no term
/// is refused, so that a misspelt one does not leave every term free unnoticed.
fn frozen_terms(prefixes: &[String]) -> Result<Vec<bool>> {
    let names: Vec<String> = (0..TERMS).map(terms::name).collect();
    if let Some(unknown) = prefixes
        .iter()
        .find(|prefix| !names.iter().any(|name| name.starts_with(prefix.as_str())))
    {
        bail!("--freeze {unknown}: no term's name starts with it (see a weights file)");
    }
    Ok(names
        .iter()
        .map(|name| prefixes.iter().any(|p| name.starts_with(p.as_str())))
        .collect())
}

/// What the descent fits toward: the prior its penalty pulls to, the terms it leaves
/// alone, the sigmoid's scale, the steps and the penalty.
struct Fit<'a> {
    prior: &'a TermWeights,
    frozen: &'a [bool],
    k: f64,
    iterations: u32,
    l2: f64,
}

/// Full-batch gradient descent with Adam's step sizes, in centipawns, with an L2 penalty on
/// the distance from the prior; frozen terms keep their weights.
fn descend(samples: &[Sample], weights: &mut TermWeights, fit: &Fit) {
    let Fit {
        prior,
        frozen,
        k,
        iterations,
        l2,
    } = *fit;
    let n = samples.len() as f64;
    let (b1, b2, rate) = (0.9f64, 0.999f64, 0.5f64);
    let mut m = vec![0.0; 2 * TERMS];
    let mut v = vec![0.0; 2 * TERMS];
    for step in 1..=iterations {
        let mut grad = vec![0.0; 2 * TERMS];
        for s in samples {
            let p = sigmoid(eval_of(s, weights), k);
            // d(error)/d(eval) for the squared error of the sigmoid.
            let d = -2.0 * (s.result - p) * p * (1.0 - p) * k * std::f64::consts::LN_10 / 400.0;
            for &(i, count) in &s.terms {
                let i = i as usize;
                grad[i] += d * count * s.mg_share;
                grad[TERMS + i] += d * count * (1.0 - s.mg_share);
            }
        }
        for i in 0..2 * TERMS {
            if frozen[i % TERMS] {
                continue;
            }
            let (w, p) = if i < TERMS {
                (weights.mg[i], prior.mg[i])
            } else {
                (weights.eg[i - TERMS], prior.eg[i - TERMS])
            };
            let g = grad[i] / n + 2.0 * l2 * (w - p);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let m_hat = m[i] / (1.0 - b1.powi(step as i32));
            let v_hat = v[i] / (1.0 - b2.powi(step as i32));
            let delta = rate * m_hat / (v_hat.sqrt() + 1e-9);
            if i < TERMS {
                weights.mg[i] -= delta;
            } else {
                weights.eg[i - TERMS] -= delta;
            }
        }
        if step % 500 == 0 {
            eprintln!("step {step}: error {:.5}", error(samples, weights, k));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position the terms do not touch, so only the penalty moves the weights.
    fn neutral_sample() -> Sample {
        Sample {
            base: 0.0,
            terms: Vec::new(),
            mg_share: 0.5,
            result: 0.5,
        }
    }

    fn prior() -> TermWeights {
        let mut prior = TermWeights::zero();
        prior.mg[3] = 40.0;
        prior.eg[7] = -12.0;
        prior
    }

    fn fit<'a>(prior: &'a TermWeights, frozen: &'a [bool], iterations: u32) -> Fit<'a> {
        Fit {
            prior,
            frozen,
            k: 1.0,
            iterations,
            l2: 1.0,
        }
    }

    #[test]
    fn the_penalty_pulls_toward_the_prior_not_toward_zero() {
        let prior = prior();
        let mut weights = TermWeights::zero();
        let none = vec![false; TERMS];
        descend(&[neutral_sample()], &mut weights, &fit(&prior, &none, 300));
        assert!((weights.mg[3] - 40.0).abs() < 1.0, "{}", weights.mg[3]);
        assert!((weights.eg[7] + 12.0).abs() < 1.0, "{}", weights.eg[7]);
    }

    #[test]
    fn freeze_prefixes_name_terms_or_are_refused() {
        let frozen = frozen_terms(&["material.".to_string()]).unwrap();
        assert!(frozen.iter().any(|&f| f));
        assert!(!frozen.iter().all(|&f| f));
        let error = frozen_terms(&["materiel.".to_string()]).unwrap_err();
        assert!(error.to_string().contains("--freeze materiel."), "{error}");
    }

    #[test]
    fn frozen_terms_keep_their_weights() {
        let prior = prior();
        let mut weights = TermWeights::zero();
        let mut frozen = vec![false; TERMS];
        frozen[3] = true;
        descend(
            &[neutral_sample()],
            &mut weights,
            &fit(&prior, &frozen, 300),
        );
        assert_eq!(weights.mg[3], 0.0);
        assert!((weights.eg[7] + 12.0).abs() < 1.0, "{}", weights.eg[7]);
    }

    #[test]
    fn weights_at_the_prior_stay_there_without_evidence() {
        let prior = prior();
        let mut weights = prior.clone();
        let none = vec![false; TERMS];
        descend(&[neutral_sample()], &mut weights, &fit(&prior, &none, 100));
        assert_eq!(weights, prior);
    }

    #[test]
    fn positions_read_back_as_written() {
        let variant = VariantId::Wildebeest.rules().unwrap();
        let start = Position::start(variant);
        let mut after = start.clone();
        after.play(start.legal_moves().iter().nth(3).copied().unwrap());
        // A game's result, and an expected score as an engine's label gives it.
        let positions = vec![(start, 1.0), (after, 0.2731)];
        let path = std::env::temp_dir().join(format!("menagerie-tune-{}.txt", std::process::id()));
        let path = path.to_str().unwrap();
        write_positions(&positions, path).unwrap();
        let read = read_positions(variant, path).unwrap();
        let fen = rules::fen::write(&positions[0].0);
        std::fs::write(path, format!("1.5 {fen}\n")).unwrap();
        let bad = read_positions(variant, path).unwrap_err().to_string();
        std::fs::remove_file(path).unwrap();
        assert_eq!(read.len(), 2);
        for ((a, ra), (b, rb)) in positions.iter().zip(&read) {
            assert_eq!(rules::fen::write(a), rules::fen::write(b));
            assert_eq!(ra, rb);
        }
        assert!(
            bad.contains("line 1") && bad.contains("from 0 to 1"),
            "{bad}"
        );
    }

    #[test]
    fn the_committed_weights_are_the_starting_point() {
        for id in [VariantId::Chess, VariantId::Wildebeest] {
            let committed = terms::committed_weights(id);
            assert_ne!(committed, TermWeights::zero(), "{id:?}");
        }
    }
}
