//! `menagerie net-data`: positions for training the evaluation network (`train-net`). The
//! engine plays itself from random openings at a fixed number of nodes a move; every quiet
//! position a search chose in is written with that search's score and the game's result,
//! one game at a time, so that a long run stopped at any moment keeps what it played.

use crate::movers::RandomOpening;
use crate::tune::{chess_or_wildebeest, is_quiet};
use anyhow::{Context, Result};
use clap::Args;
use dice::{Choice, Players, Stop, TurnDriver};
use engine::score::MATE_BOUND;
use engine::{Limits, Score, Searcher};
use rules::{Color, Game, Position};
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

#[derive(Args)]
pub struct NetDataArgs {
    /// chess or wildebeest.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Self-play games.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random plies opening each game.
    #[arg(long, default_value_t = 8)]
    opening_plies: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// A game whose searches agree this many plies running that one side is this far
    /// ahead (`--adjudicate-cp`) is scored as that side's win.
    #[arg(long, default_value_t = 6)]
    adjudicate_plies: u32,
    #[arg(long, default_value_t = 1500)]
    adjudicate_cp: Score,
    /// Game `g` of the run is played from seed `seed + g`: another seed, other games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each on its own thread.
    #[arg(long, default_value_t = 2)]
    threads: u32,
    /// The file the positions are appended to, one a line: the search's score in
    /// centipawns for White, White's result (1, 0.5 or 0), the FEN.
    #[arg(long)]
    out: String,
}

pub fn run(args: NetDataArgs) -> Result<()> {
    let id = chess_or_wildebeest(&args.variant, "the evaluation network")?;
    let variant = id.rules()?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("opening {}", args.out))?;
    let out = Mutex::new(file);
    let next_game = AtomicU32::new(0);
    let (games_done, written) = (AtomicU32::new(0), AtomicU64::new(0));
    let started = Instant::now();
    std::thread::scope(|scope| -> Result<()> {
        let workers: Vec<_> = (0..args.threads.max(1))
            .map(|_| {
                let (args, out, next_game) = (&args, &out, &next_game);
                let (games_done, written) = (&games_done, &written);
                scope.spawn(move || -> Result<()> {
                    let mut searcher = Searcher::new(16);
                    loop {
                        let g = next_game.fetch_add(1, Ordering::Relaxed);
                        if g >= args.games {
                            return Ok(());
                        }
                        let lines = play(variant, args, args.seed + g as u64, &mut searcher)?;
                        let mut file = out.lock().expect("no writer panics");
                        file.write_all(lines.concat().as_bytes())
                            .with_context(|| format!("writing {}", args.out))?;
                        drop(file);
                        let n = written.fetch_add(lines.len() as u64, Ordering::Relaxed)
                            + lines.len() as u64;
                        let done = games_done.fetch_add(1, Ordering::Relaxed) + 1;
                        if done % 50 == 0 || done == args.games {
                            eprintln!(
                                "{done} of {} games, {n} positions, {:.0} s",
                                args.games,
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().expect("a self-play thread does not panic"))
    })
}

/// One game's lines.
fn play(
    variant: &'static rules::Variant,
    args: &NetDataArgs,
    seed: u64,
    searcher: &mut Searcher,
) -> Result<Vec<String>> {
    let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    searcher.clear();
    let mut player = Scored {
        opening: RandomOpening::new(seed, args.opening_plies),
        searcher,
        limits: Limits {
            nodes: Some(args.nodes),
            ..Limits::default()
        },
        seen: Vec::new(),
        adjudicate: (args.adjudicate_plies, args.adjudicate_cp),
        run: (Color::White, 0),
    };
    let mut driver = TurnDriver::new(seed, Position::start(variant))?;
    let stop = driver.play_until(&mut player, args.max_plies)?;
    let result = match stop {
        Stop::Over(outcome) => match outcome.winner {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        },
        Stop::Forfeit {
            loser: Color::White,
            ..
        } => 0.0,
        Stop::Forfeit { .. } => 1.0,
        _ => 0.5,
    };
    Ok(player
        .seen
        .iter()
        .map(|(fen, white_score)| format!("{white_score} {result} {fen}\n"))
        .collect())
}

struct Scored<'a> {
    opening: RandomOpening,
    searcher: &'a mut Searcher,
    limits: Limits,
    /// Each quiet position's FEN with its search's score for White.
    seen: Vec<(String, Score)>,
    adjudicate: (u32, Score),
    /// The side the searches have seen winning by the adjudication margin, and for how
    /// many plies running.
    run: (Color, u32),
}

impl Players for Scored<'_> {
    type Error = anyhow::Error;
    fn choose(&mut self, game: &Game, _: Color) -> Result<Choice> {
        let pos = game.position();
        if let Some(m) = self.opening.next(pos) {
            return Ok(Choice::Move(m));
        }
        let (best, info) = self
            .searcher
            .search(pos, &game.history_keys(), &self.limits, |_| {});
        let Some(best) = best else {
            return Ok(Choice::Move(self.opening.chooser.random(pos)));
        };
        let white_score = if pos.turn() == Color::White {
            info.score
        } else {
            -info.score
        };
        if white_score.abs() < MATE_BOUND && is_quiet(pos) {
            self.seen.push((rules::fen::write(pos), white_score));
        }
        let (plies, margin) = self.adjudicate;
        if white_score.abs() >= margin {
            let ahead = if white_score > 0 {
                Color::White
            } else {
                Color::Black
            };
            self.run = match self.run {
                (side, n) if side == ahead => (side, n + 1),
                _ => (ahead, 1),
            };
            if self.run.1 >= plies && ahead != pos.turn() {
                return Ok(Choice::Forfeit(format!("{margin} cp behind")));
            }
        } else {
            self.run.1 = 0;
        }
        Ok(Choice::Move(best))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::VariantId;

    fn args(out: &str, adjudicate_cp: Score) -> NetDataArgs {
        NetDataArgs {
            variant: "chess".into(),
            games: 3,
            nodes: 300,
            opening_plies: 4,
            max_plies: 60,
            adjudicate_plies: 2,
            adjudicate_cp,
            seed: 5,
            threads: 2,
            out: out.into(),
        }
    }

    fn lines(path: &str) -> Vec<(Score, f64, Position)> {
        let chess = VariantId::Chess.rules().unwrap();
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|line| {
                let mut parts = line.splitn(3, ' ');
                let score = parts.next().unwrap().parse().unwrap();
                let result = parts.next().unwrap().parse().unwrap();
                let pos = rules::fen::parse(chess, parts.next().unwrap()).unwrap();
                (score, result, pos)
            })
            .collect()
    }

    #[test]
    fn each_line_is_a_quiet_position_with_its_score_and_result() {
        let path = std::env::temp_dir().join(format!("menagerie-net-data-{}", std::process::id()));
        let path = path.to_string_lossy().into_owned();
        let _ = std::fs::remove_file(&path);
        run(args(&path, 30_000)).unwrap();
        let first = lines(&path);
        assert!(first.len() > 20, "{} positions", first.len());
        for (score, result, pos) in &first {
            assert!(score.abs() < MATE_BOUND);
            assert!([0.0, 0.5, 1.0].contains(result));
            assert!(is_quiet(pos));
        }
        // A second run appends: nothing written before is lost.
        run(args(&path, 30_000)).unwrap();
        assert_eq!(lines(&path).len(), 2 * first.len());
        std::fs::remove_file(&path).unwrap();
    }

    /// With a margin of 1 cp the side behind gives up as soon as two searches running
    /// agree: every game is decided, and short (two or three searches, a few more where
    /// the scores change sides, against the 56 the games are allowed after the opening).
    #[test]
    fn a_game_the_searches_agree_is_lost_is_scored_lost() {
        let path = std::env::temp_dir().join(format!("menagerie-net-adj-{}", std::process::id()));
        let path = path.to_string_lossy().into_owned();
        let _ = std::fs::remove_file(&path);
        run(args(&path, 1)).unwrap();
        let positions = lines(&path);
        assert!(
            !positions.is_empty() && positions.len() <= 3 * 6,
            "{} positions",
            positions.len()
        );
        assert!(positions.iter().all(|(_, result, _)| *result != 0.5));
        std::fs::remove_file(&path).unwrap();
    }
}
