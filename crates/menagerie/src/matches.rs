//! `menagerie match`: games between two players (engine settings, a random or a greedy
//! mover), seeded dice, varied openings played with both colours, and the result as a
//! score, an Elo difference with its 95% error bar, and optionally an SPRT verdict.

use crate::movers::Chooser;
use crate::uci_player::UciEngine;
use anyhow::{Context, Result, bail};
use clap::Args;
use dice::{Choice, Players, Stop, TurnDriver};
use engine::eval::Weights;
use engine::{Features, Limits, Searcher, Strength};
use rules::{Color, Game, Move, Position, VariantId, pgn};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct MatchArgs {
    /// Variant id.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Number of games (played in pairs: each opening with both colours).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// First player: comma-separated `depth=N`, `nodes=N`, `movetime=MS`, `frozen`
    /// (the beast treated as a still obstacle), `horizon=N` (rolls with fewer plies to go
    /// estimated, not expanded), `value.ROLE=CP`, `value.hand=PERCENT`, `value.shelter=CP`,
    /// `value.king-activity=PERCENT`, `value.mop-up=0` (evaluation weights),
    /// `without=FEATURE` (a piece of the search switched off, repeatable: see,
    /// check-extension, rfp, futility, lmp,
    /// aspiration, mate-distance, iir, counter-move, star2, correction, probcut, staged,
    /// lmr-classes, history-pruning, capture-lmr, full-pv, safe-checks, rfp-blend,
    /// null-table, threats, lazy-eval, or all), `level=1..8` or `elo=N` (reduced
    /// strength; `noise=CP` and `overlook=PERMILLE` after it change that strength's
    /// evaluation noise and overlooked quiet moves, to try settings without a rebuild),
    /// or `random` / `greedy` movers, or an
    /// external engine: `uci=PATH` (arguments may follow, separated by spaces) with `option.NAME=VALUE` for its setoptions and
    /// `depth`/`nodes`/`movetime` for its `go` (with dice, the rolls are sent as Menagerie's
    /// chance tokens, so only Menagerie's own `uci` plays those variants). `tc=10+0.1`
    /// gives the built-in engine a clock (seconds + increment); overstepping it loses.
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
    /// Start every game from this position instead of the variant's start, e.g. without
    /// castling rights for an opponent that cannot castle (Fairy-Stockfish's Wildebeest).
    #[arg(long)]
    fen: Option<String>,
}

enum Kind {
    Random,
    Greedy,
    Search {
        limits: Box<Limits>,
        frozen: bool,
        horizon: Option<i32>,
        weights: Weights,
        features: Features,
    },
    External(Box<UciEngine>),
}

struct Player {
    /// The player as the command line gave it.
    name: String,
    /// The player in the games' PGN: an external engine's own name, ours with its version.
    pgn_name: String,
    kind: Kind,
    searcher: Option<Searcher>,
    /// A game clock: the time for the whole game and the increment per move.
    clock: Option<(Duration, Duration)>,
}

impl Player {
    fn parse(spec: &str, id: VariantId) -> Result<Player> {
        let mut limits = Limits::default();
        let mut frozen = false;
        let mut horizon = None;
        let mut weights = Weights::DEFAULT;
        let mut features = Features::ALL;
        let mut kind = None;
        let mut external = None;
        let mut options = Vec::new();
        let mut clock = None;
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
                "without" => features
                    .switch_off(value)
                    .map_err(|e| anyhow::anyhow!("player '{spec}': {e}"))?,
                "level" => limits.strength = Strength::level(number()? as i64),
                "elo" => limits.strength = Strength::elo(number()? as u32),
                "noise" => limits.strength.noise = number()? as i32,
                "overlook" => limits.strength.overlook_permille = number()? as u32,
                "horizon" => horizon = Some(number()? as i32),
                "uci" => external = Some(value.to_string()),
                "tc" => {
                    clock = Some(parse_clock(value).ok_or_else(|| {
                        anyhow::anyhow!(
                            "player '{spec}': tc takes SECONDS+INCREMENT, e.g. tc=10+0.1"
                        )
                    })?)
                }
                "terms" => weights.terms = Some(read_term_weights(value)?),
                "net" => weights.net = Some(read_network(value)?),
                _ if key.starts_with("value.") => weights
                    .set(&key["value.".len()..], number()? as i32)
                    .map_err(|e| anyhow::anyhow!("player '{spec}': {e}"))?,
                _ if key.starts_with("option.") => {
                    options.push((key["option.".len()..].to_string(), value.to_string()))
                }
                _ => bail!(
                    "player '{spec}': unknown setting '{part}' (depth=N, nodes=N, movetime=MS, frozen, horizon=N, value.ROLE=CP, value.hand=PERCENT, terms=FILE, net=FILE, without=FEATURE, level=N, elo=N, noise=CP, overlook=PERMILLE, random, greedy, uci=PATH, option.NAME=VALUE)"
                ),
            }
        }
        if let Some(path) = external {
            if id != VariantId::Chess && !options.iter().any(|(name, _)| name == "UCI_Variant") {
                options.push(("UCI_Variant".to_string(), id.name().to_string()));
            }
            if clock.is_some() {
                bail!("player '{spec}': tc is for the built-in engine");
            }
            let go = match (limits.depth, limits.nodes, limits.movetime) {
                (None, None, None) => "depth 3".to_string(),
                (depth, nodes, movetime) => [
                    depth.map(|d| format!("depth {d}")),
                    nodes.map(|n| format!("nodes {n}")),
                    movetime.map(|t| format!("movetime {}", t.as_millis())),
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" "),
            };
            kind = Some(Kind::External(Box::new(UciEngine::start(
                &path, &options, go,
            )?)));
        } else if !options.is_empty() {
            bail!("player '{spec}': option.NAME=VALUE is for an external engine (uci=PATH)");
        }
        let kind = kind.unwrap_or_else(|| {
            if limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.movetime.is_none()
                && clock.is_none()
            {
                limits.depth = Some(3);
            }
            Kind::Search {
                limits: Box::new(limits),
                frozen,
                horizon,
                weights,
                features,
            }
        });
        let searcher = match kind {
            Kind::Search {
                frozen,
                horizon,
                ref weights,
                features,
                ..
            } => {
                let mut searcher = Searcher::new(16);
                searcher.set_features(features);
                searcher.set_weights(weights.clone());
                searcher.set_ignore_chance(frozen);
                if let Some(plies) = horizon {
                    searcher.set_chance_horizon(plies);
                }
                Some(searcher)
            }
            _ => None,
        };
        let pgn_name = match &kind {
            Kind::External(engine) => engine.name().unwrap_or(spec).to_string(),
            _ => format!("Menagerie {} ({spec})", env!("CARGO_PKG_VERSION")),
        };
        Ok(Player {
            name: spec.to_string(),
            pgn_name,
            kind,
            searcher,
            clock,
        })
    }

    /// Forgets what earlier games taught the player (its tables and histories), as a GUI's
    /// `ucinewgame` does: a game then plays the same whatever was played before it.
    fn new_game(&mut self) -> Result<()> {
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.clear();
        }
        if let Kind::External(engine) = &mut self.kind {
            engine.new_game()?;
        }
        Ok(())
    }

    /// The player's move; `time_left` is its clock, if it plays on one.
    fn choose(
        &mut self,
        game: &Game,
        chooser: &mut Chooser,
        time_left: Option<Duration>,
    ) -> Result<Move> {
        let pos = game.position();
        Ok(match &mut self.kind {
            Kind::Random => chooser.random(pos),
            Kind::Greedy => chooser.greedy(pos),
            Kind::External(engine) => engine.best_move(game)?,
            Kind::Search { limits, .. } => {
                let history = game.history_keys();
                let searcher = self
                    .searcher
                    .as_mut()
                    .expect("search players have a searcher");
                let mut limits = Limits::clone(limits);
                if let (Some(left), Some((_, increment))) = (time_left, self.clock) {
                    limits.time_left = Some(left);
                    limits.increment = increment;
                }
                let (best, _) = searcher.search(pos, &history, &limits, |_| {});
                best.unwrap_or_else(|| chooser.random(pos))
            }
        })
    }
}

/// `10+0.1`: seconds for the game and seconds added per move.
/// A weights file for the tapered terms (as `crates/engine/weights/` holds them), kept for
/// the rest of the process.
fn read_term_weights(path: &str) -> Result<&'static engine::terms::ScoringWeights> {
    let text = std::fs::read_to_string(path).with_context(|| format!("terms={path}"))?;
    let weights = engine::terms::TermWeights::parse(&text)
        .map_err(|e| anyhow::anyhow!("terms={path}: {e}"))?;
    Ok(Box::leak(Box::new(engine::terms::ScoringWeights::new(
        &weights,
    ))))
}

/// An evaluation network (as `menagerie train-net` writes it), kept for the rest of the
/// process.
pub(crate) fn read_network(path: &str) -> Result<&'static engine::network::Network> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {path}"))?;
    let net =
        engine::network::Network::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    Ok(Box::leak(Box::new(net)))
}

fn parse_clock(text: &str) -> Option<(Duration, Duration)> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |t: &str| {
        t.parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(Duration::from_secs_f64)
    };
    Some((seconds(base)?, seconds(increment)?))
}

/// The opening of a pair of games: `plies` random moves (and their rolls) from the
/// start, with the driver (its dice) and the random mover as they stand after it. An
/// opening in which the game already ended (a king trampled by the dice, or a random mate)
/// says nothing about the players, so another is drawn in its place; the number drawn
/// again is returned too.
fn opening(start: &Position, seed: u64, plies: u32) -> Result<(TurnDriver, Chooser, u64)> {
    const ATTEMPTS: u64 = 1000;
    for attempt in 0..ATTEMPTS {
        let seed = seed.wrapping_add(attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut random = RandomMoves(Chooser::new(seed));
        let mut driver = TurnDriver::new(seed, start.clone())?;
        if driver.play_until(&mut random, plies)? == Stop::MoveLimit {
            return Ok((driver, random.0, attempt));
        }
    }
    bail!("no opening of {plies} random plies out of {ATTEMPTS} left the game going")
}

/// Both sides move at random: the openings.
struct RandomMoves(Chooser);

impl Players for RandomMoves {
    type Error = anyhow::Error;
    fn choose(&mut self, game: &Game, _: Color) -> Result<Choice> {
        Ok(Choice::Move(self.0.random(game.position())))
    }
}

/// The two players of one game, engine 1 with `engine1_color`, each on its own clock.
struct Table<'a> {
    players: &'a mut [Player; 2],
    engine1_color: Color,
    chooser: Chooser,
    clocks: [Option<Duration>; 2],
}

impl Players for Table<'_> {
    type Error = anyhow::Error;
    fn choose(&mut self, game: &Game, color: Color) -> Result<Choice> {
        let who = if color == self.engine1_color { 0 } else { 1 };
        let player = &mut self.players[who];
        let started = Instant::now();
        let m = player.choose(game, &mut self.chooser, self.clocks[who])?;
        if let (Some(left), Some((_, increment))) = (self.clocks[who], player.clock) {
            let spent = started.elapsed();
            if spent > left {
                return Ok(Choice::Forfeit("time forfeit".to_string()));
            }
            self.clocks[who] = Some(left - spent + increment);
        }
        Ok(Choice::Move(m))
    }
}

/// The number of pairs, the mean score and the variance of a pair's score. The two games
/// of a pair share their opening and dice, so their results are not independent (dice that
/// trample White's king decide both games, one each way): the spread is measured over
/// pair scores, as fishtest does. A lone last game counts as a pair of its own.
fn pair_statistics(results: &[f64]) -> (f64, f64, f64) {
    let pairs: Vec<f64> = results
        .chunks(2)
        .map(|pair| pair.iter().sum::<f64>() / pair.len() as f64)
        .collect();
    let n = pairs.len() as f64;
    let mean = pairs.iter().sum::<f64>() / n;
    let variance = pairs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    (n, mean, variance)
}

/// The Elo difference for an expected score.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// With every one of `games` won (or lost) there is no spread to estimate from: the Elo
/// the score is beyond at 95%, by the rule of three, or `None` when the games are too few
/// (fewer than six) for the bound to say which side is stronger.
fn rule_of_three(games: f64, won: bool) -> Option<f64> {
    let bound = 3.0 / games;
    if bound >= 0.5 {
        None
    } else if won {
        Some(elo(1.0 - bound))
    } else {
        Some(elo(bound))
    }
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
    let start = match &args.fen {
        Some(text) => rules::fen::parse(variant, text)?,
        None => Position::start(variant),
    }
    .with_options(options);
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let mut players = [
        Player::parse(&args.engine1, id)?,
        Player::parse(&args.engine2, id)?,
    ];
    let mut pgn_file = match &args.pgn {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
        ),
        None => None,
    };
    let show_progress = std::io::stderr().is_terminal();
    let mut tally = Tally::default();
    let mut verdict = None;
    // Each pair's seed is drawn from a stream of the match's seed, not counted up from it:
    // counted up, the matches of seeds S and S + 1 shared all their openings but one.
    let mut pair_seeds = Chooser::new(args.seed);
    let mut seed = 0;
    for game_index in 0..args.games {
        if game_index % 2 == 0 {
            seed = pair_seeds.next_u64();
        }
        // Engine 1 has White in even games, Black in odd ones; both games of a pair share
        // the opening and the dice.
        let engine1_color = if game_index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (driver, chooser, redrawn) = opening(&start, seed, args.opening_plies)?;
        // Both games of a pair play the same opening: count its redraws once.
        if game_index % 2 == 0 {
            tally.openings_redrawn += redrawn;
        }
        for player in &mut players {
            player.new_game()?;
        }
        let (game, winner, reason) =
            play_game(&mut players, engine1_color, driver, chooser, args.max_moves)?;
        tally.add(winner, engine1_color, reason);
        if let Some(file) = pgn_file.as_mut() {
            write_pgn(file, &game, game_index, engine1_color, &players)?;
        }
        if show_progress {
            eprint!(
                "\rgame {} / {}: +{} ={} -{}",
                game_index + 1,
                args.games,
                tally.wins,
                tally.draws,
                tally.losses
            );
        }
        if let Some((elo0, elo1)) = sprt
            && tally.results.len().is_multiple_of(2)
        {
            verdict = sprt_verdict(&tally.results, elo0, elo1);
            if verdict.is_some() {
                break;
            }
        }
    }
    if show_progress {
        eprintln!();
    }
    println!(
        "{} vs {} in {id}: {} games",
        players[0].name,
        players[1].name,
        tally.results.len()
    );
    tally.report();
    if let Some(verdict) = verdict {
        println!("{verdict}");
    }
    Ok(())
}

fn parse_sprt(text: &str) -> Result<(f64, f64)> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| anyhow::anyhow!("--sprt takes ELO0,ELO1"))?;
    Ok((a.trim().parse::<f64>()?, b.trim().parse::<f64>()?))
}

/// Plays one game on from its opening: the winner (`None` for a draw) and why it ended.
fn play_game(
    players: &mut [Player; 2],
    engine1_color: Color,
    mut driver: TurnDriver,
    chooser: Chooser,
    max_moves: u32,
) -> Result<(Game, Option<Color>, String)> {
    let clocks = players.each_ref().map(|p| p.clock.map(|(base, _)| base));
    let mut table = Table {
        players,
        engine1_color,
        chooser,
        clocks,
    };
    let (winner, reason) = match driver.play_until(&mut table, max_moves)? {
        Stop::Over(outcome) => (outcome.winner, outcome.reason.text().to_string()),
        Stop::Forfeit { loser, reason } => (Some(!loser), reason),
        Stop::MoveLimit => (None, format!("{max_moves} moves played (scored as a draw)")),
        Stop::Halted => unreachable!("match players never halt"),
    };
    Ok((driver.into_game(), winner, reason))
}

/// The games so far, scored from engine 1's side.
#[derive(Default)]
struct Tally {
    results: Vec<f64>,
    wins: u32,
    draws: u32,
    losses: u32,
    reasons: std::collections::BTreeMap<String, u32>,
    openings_redrawn: u64,
}

impl Tally {
    fn add(&mut self, winner: Option<Color>, engine1_color: Color, reason: String) {
        *self.reasons.entry(reason).or_insert(0) += 1;
        let score = match winner {
            Some(winner) if winner == engine1_color => {
                self.wins += 1;
                1.0
            }
            Some(_) => {
                self.losses += 1;
                0.0
            }
            None => {
                self.draws += 1;
                0.5
            }
        };
        self.results.push(score);
    }

    /// The score, the Elo difference with its error bar, and how the games ended.
    fn report(&self) {
        let n = self.results.len() as f64;
        let mean = self.results.iter().sum::<f64>() / n;
        let (pairs, _, pair_variance) = pair_statistics(&self.results);
        let margin = 1.96 * (pair_variance / pairs).sqrt();
        println!(
            "+{} ={} -{}, score {:.1}%",
            self.wins,
            self.draws,
            self.losses,
            100.0 * mean
        );
        if mean >= 1.0 || mean <= 0.0 {
            let word = if mean >= 1.0 { "won" } else { "lost" };
            match rule_of_three(n, mean >= 1.0) {
                Some(limit) => {
                    println!("Elo beyond {limit:+.0} at 95% (every game {word}; rule of three)")
                }
                None => println!("Elo unknown: too few games for an interval (every game {word})"),
            }
        } else {
            println!(
                "Elo {:+.0} (95% interval {:+.0} to {:+.0})",
                elo(mean),
                elo(mean - margin),
                elo(mean + margin)
            );
        }
        let reasons: Vec<String> = self
            .reasons
            .iter()
            .map(|(reason, count)| format!("{reason} {count}"))
            .collect();
        println!("endings: {}", reasons.join(", "));
        if self.openings_redrawn > 0 {
            println!(
                "openings drawn again: {} (the game ended within the random opening plies)",
                self.openings_redrawn
            );
        }
    }
}

/// Pairs of games the SPRT waits for before it may decide: the variance it divides by is
/// measured from the pairs themselves, and a few alike (five pairs lost both ways, as
/// happened) make it so small that one side looks certain.
const SPRT_MIN_PAIRS: f64 = 30.0;

/// The sequential probability ratio test's verdict on the pairs played, once there are
/// enough of them and it is decided.
fn sprt_verdict(results: &[f64], elo0: f64, elo1: f64) -> Option<String> {
    let (n, mean, variance) = pair_statistics(results);
    if variance <= 0.0 || n < SPRT_MIN_PAIRS {
        return None;
    }
    let (s0, s1) = (expected_score(elo0), expected_score(elo1));
    let llr = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
    let bound = (0.95f64 / 0.05).ln();
    if llr >= bound {
        Some(format!("SPRT: H1 accepted (elo >= {elo1}), LLR {llr:.2}"))
    } else if llr <= -bound {
        Some(format!("SPRT: H0 accepted (elo <= {elo0}), LLR {llr:.2}"))
    } else {
        None
    }
}

fn write_pgn(
    file: &mut std::fs::File,
    game: &Game,
    game_index: u32,
    engine1_color: Color,
    players: &[Player; 2],
) -> Result<()> {
    let (white, black) = if engine1_color == Color::White {
        (&players[0].pgn_name, &players[1].pgn_name)
    } else {
        (&players[1].pgn_name, &players[0].pgn_name)
    };
    let round = (game_index + 1).to_string();
    let text = pgn::write(
        game,
        &[
            ("Event", "menagerie match"),
            ("Round", &round),
            ("White", white),
            ("Black", black),
        ],
    );
    writeln!(file, "{text}")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{pair_statistics, read_term_weights, rule_of_three, sprt_verdict};

    #[test]
    fn the_sprt_waits_for_thirty_pairs_before_it_decides() {
        // Engine 1 loses both games of five pairs and draws the other game of a sixth: the
        // variance of so few pairs is tiny, so an early verdict would be H0 at once.
        let mut results = vec![0.0; 10];
        results.extend([0.5, 0.0]);
        assert_eq!(sprt_verdict(&results, 0.0, 25.0), None);
        // Sixty pairs of the same lopsided kind are evidence enough.
        let lopsided: Vec<f64> = results.iter().cycle().take(120).copied().collect();
        assert!(
            sprt_verdict(&lopsided, 0.0, 25.0).is_some_and(|v| v.contains("H0 accepted")),
            "{:?}",
            sprt_verdict(&lopsided, 0.0, 25.0)
        );
    }

    #[test]
    fn a_player_reads_other_term_weights_from_a_file() {
        let dir = std::env::temp_dir();
        let good = dir.join(format!("menagerie-terms-{}.txt", std::process::id()));
        let bad = dir.join(format!("menagerie-terms-bad-{}.txt", std::process::id()));
        std::fs::write(&good, "# tuned\nking-attack 9 1\n").unwrap();
        std::fs::write(&bad, "king-attack nine 1\n").unwrap();
        let read = read_term_weights(good.to_str().unwrap());
        let refused = read_term_weights(bad.to_str().unwrap()).map(|_| ());
        std::fs::remove_file(&good).unwrap();
        std::fs::remove_file(&bad).unwrap();
        let mut expected = engine::terms::TermWeights::zero();
        let text = expected
            .render()
            .replace("king-attack 0 0", "king-attack 9 1");
        expected = engine::terms::TermWeights::parse(&text).unwrap();
        assert_eq!(
            read.unwrap(),
            &engine::terms::ScoringWeights::new(&expected)
        );
        let error = refused.unwrap_err().to_string();
        assert!(error.contains("not a number"), "{error}");
    }

    #[test]
    fn every_game_lost_bounds_the_elo_below_zero() {
        assert!(rule_of_three(100.0, false).unwrap() < -300.0);
        assert!(rule_of_three(100.0, true).unwrap() > 300.0);
        assert_eq!(rule_of_three(2.0, false), None);
        assert_eq!(rule_of_three(6.0, true), None);
        assert!(rule_of_three(8.0, false).unwrap() < 0.0);
    }

    #[test]
    fn the_spread_is_over_pairs_not_games() {
        // Each pair split 1-0 (the dice decided both games, one each way): the games
        // vary, the pairs do not.
        let (pairs, mean, variance) = pair_statistics(&[1.0, 0.0, 0.0, 1.0, 1.0, 0.0]);
        assert_eq!((pairs, mean, variance), (3.0, 0.5, 0.0));
        // Pairs won 2-0 and lost 0-2 vary as much as single games would.
        let (pairs, mean, variance) = pair_statistics(&[1.0, 1.0, 0.0, 0.0]);
        assert_eq!((pairs, mean, variance), (2.0, 0.5, 0.25));
        // A lone last game is a pair of its own.
        assert_eq!(pair_statistics(&[1.0, 0.0, 1.0]).0, 2.0);
    }
}
