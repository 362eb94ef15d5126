//! `menagerie pgn check|replay|convert FILE`: read PGN of any variant, rolls included,
//! verify every move and roll, and show or convert the games.

use crate::play::board::{self, Marks};
use crate::play::narrate;
use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Subcommand, ValueEnum};
use rules::pgn::PgnGame;
use rules::{Game, Turn, fen, pgn, uci_move};
use std::io::BufRead;
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct PgnArgs {
    #[command(subcommand)]
    command: PgnCommand,
}

#[derive(Subcommand)]
enum PgnCommand {
    /// Verify every game of FILE: each tag, move and roll legal, each roll where one is
    /// owed, each result consistent with the moves. With a seed (--seed, or the game's
    /// [Seed] tag) it also checks that every roll is the one the seeded dice stream
    /// (DiceStream) produces, in order, and the seed against a [SeedCommitment] tag:
    /// this is how the seed the web app shows at a game's end proves its dice.
    /// Errors name the line and column. See docs/pgn.md.
    #[command(after_help = "Example:\n  menagerie pgn check game.pgn --seed 12345")]
    Check {
        file: PathBuf,
        /// The dice seed to check the rolls against (overrides a [Seed] tag; they must agree).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Step through the games: Enter shows the next ply, q stops.
    #[command(after_help = "Example:\n  menagerie pgn replay game.pgn --all")]
    Replay {
        file: PathBuf,
        /// Print every position at once, without waiting for Enter.
        #[arg(long)]
        all: bool,
    },
    /// Print the games in another form.
    #[command(after_help = "Example:\n  menagerie pgn convert game.pgn --to fen")]
    Convert {
        file: PathBuf,
        /// uci: the turns in coordinate notation with roll tokens, one game a line;
        /// fen: the start and the FEN after each ply (a move with its roll), one a line;
        /// pgn: the games written afresh.
        #[arg(long, value_enum)]
        to: Format,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Uci,
    Fen,
    Pgn,
}

pub fn run(args: PgnArgs) -> Result<()> {
    match args.command {
        PgnCommand::Check { file, seed } => check(&file, seed),
        PgnCommand::Replay { file, all } => replay(&file, all),
        PgnCommand::Convert { file, to } => convert(&file, to),
    }
}

/// Every game of the file, or the first error as `FILE: line L, column C: why`.
fn read_games(file: &Path) -> Result<Vec<PgnGame>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let games = pgn::parse_all(&text).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    if games.is_empty() {
        bail!("{}: no game in the file", file.display());
    }
    Ok(games)
}

fn check(file: &Path, seed: Option<u64>) -> Result<()> {
    let games = read_games(file)?;
    let mut seeded = 0;
    for (index, read) in games.iter().enumerate() {
        let number = index + 1;
        let at = |turn: usize| {
            read.spans
                .get(turn)
                .map_or(String::new(), |(l, c)| format!("line {l}, column {c}: "))
        };
        // Physical dice have no seed to check, whatever tag a writer left.
        let physical = read.tag("Dice") == Some("physical");
        let tag_seed = match read.tag("Seed").filter(|_| !physical) {
            Some(text) => Some(text.trim().parse::<u64>().map_err(|_| {
                anyhow!(
                    "{}: game {number}: Seed tag '{text}' is not a number",
                    file.display()
                )
            })?),
            None => None,
        };
        if let (Some(given), Some(tagged)) = (seed, tag_seed)
            && given != tagged
        {
            bail!(
                "{}: game {number}: --seed {given} differs from its [Seed \"{tagged}\"] tag",
                file.display()
            );
        }
        if let (Some(result), Some(tag)) = (&read.result, read.tag("Result"))
            && result != tag
        {
            bail!(
                "{}: game {number}: the Result tag says {tag}, the movetext ends {result}",
                file.display()
            );
        }
        let game = &read.game;
        let rolls = game
            .turns()
            .iter()
            .filter(|t| matches!(t, Turn::Roll(_)))
            .count();
        let mut line = format!(
            "game {number}: {}, {} moves, {rolls} rolls, {}",
            game.start().variant().id,
            game.moves().len(),
            ending(read)
        );
        if let Some(seed) = seed.or(tag_seed) {
            if let Some(commitment) = read.tag("SeedCommitment")
                && !commitment.eq_ignore_ascii_case(&dice::seed_commitment(seed))
            {
                bail!(
                    "{}: game {number}: seed {seed} does not match the [SeedCommitment] tag (its SHA-256 is {})",
                    file.display(),
                    dice::seed_commitment(seed)
                );
            }
            dice::replay(seed, game).map_err(|e| {
                let place = e.turn.map_or(String::new(), at);
                anyhow!("{}: game {number}: {place}{e}", file.display())
            })?;
            line.push_str(&format!("; every roll is seed {seed}'s"));
            seeded += 1;
        }
        println!("{line}");
    }
    let seeds = if seeded > 0 {
        format!(", the rolls of {seeded} checked against their seed")
    } else {
        String::new()
    };
    println!(
        "OK: {} game{}, every move and roll legal{seeds}",
        games.len(),
        if games.len() == 1 { "" } else { "s" }
    );
    Ok(())
}

/// `1-0 (White wins by checkmate)`, or the result as written when the moves did not end
/// the game (a resignation, an agreed draw, a game in progress).
fn ending(read: &PgnGame) -> String {
    match read.game.outcome() {
        Some(outcome) => format!("{} ({outcome})", outcome.result_text()),
        None => {
            let result = read.result.as_deref().unwrap_or("*");
            match read.tag("Reason").or(read.tag("Termination")) {
                Some(why) => format!("{result} ({why})"),
                None => result.to_string(),
            }
        }
    }
}

/// One ply for display: a move, and the roll that followed it if any.
struct Ply {
    /// Index of the move in `game.turns()`.
    move_turn: usize,
    roll_turn: Option<usize>,
}

fn plies(game: &Game) -> Vec<Ply> {
    let mut out: Vec<Ply> = Vec::new();
    for (i, turn) in game.turns().iter().enumerate() {
        match turn {
            Turn::Move(_) => out.push(Ply {
                move_turn: i,
                roll_turn: None,
            }),
            Turn::Roll(_) => {
                if let Some(last) = out.last_mut().filter(|p| p.roll_turn.is_none()) {
                    last.roll_turn = Some(i);
                }
            }
        }
    }
    out
}

fn replay(file: &Path, all: bool) -> Result<()> {
    let games = read_games(file)?;
    let colour = board::colour_wanted();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    for (index, read) in games.iter().enumerate() {
        let game = &read.game;
        let title = ["White", "Black"]
            .map(|side| read.tag(side).unwrap_or("?").to_string())
            .join(" - ");
        println!(
            "Game {} ({}): {title}\n",
            index + 1,
            game.start().variant().id
        );
        print!(
            "{}",
            board::draw(
                game.start(),
                &Marks::default(),
                colour,
                board::Orientation::WhiteAtBottom,
            )
        );
        for ply in plies(game) {
            if !all {
                print!("[Enter: next, q: stop] ");
                std::io::Write::flush(&mut std::io::stdout())?;
                match lines.next() {
                    Some(Ok(answer)) if answer.trim() == "q" => return Ok(()),
                    Some(Ok(_)) => {}
                    _ => return Ok(()),
                }
            }
            let before = &game.positions()[ply.move_turn];
            let Turn::Move(m) = game.turns()[ply.move_turn] else {
                unreachable!("plies start at a move");
            };
            let number = before.fullmove_number();
            let dots = if before.turn() == rules::Color::White {
                "."
            } else {
                "..."
            };
            println!("\n{number}{dots} {}", rules::san::write(before, m));
            let mut marks = Marks {
                last_move: board::move_squares(m),
                beast_path: Vec::new(),
            };
            let mut after = ply.move_turn + 1;
            if let Some(roll) = ply.roll_turn {
                let at_roll = &game.positions()[roll];
                let Turn::Roll(outcome) = game.turns()[roll] else {
                    unreachable!("a roll turn");
                };
                let mut rolled = at_roll.clone();
                let trample = rolled.apply_chance(outcome)?;
                println!("{}", narrate::roll_report(at_roll, outcome, &trample));
                marks.beast_path = trample.path;
                after = roll + 1;
            }
            print!(
                "{}",
                board::draw(
                    &game.positions()[after],
                    &marks,
                    colour,
                    board::Orientation::WhiteAtBottom
                )
            );
        }
        println!("\nResult: {}\n", ending(read));
    }
    Ok(())
}

fn convert(file: &Path, to: Format) -> Result<()> {
    let games = read_games(file)?;
    for read in &games {
        let game = &read.game;
        match to {
            Format::Uci => {
                let tokens: Vec<String> = game
                    .turns()
                    .iter()
                    .zip(game.positions())
                    .map(|(turn, pos)| match *turn {
                        Turn::Move(m) => uci_move::write(pos, m),
                        Turn::Roll(outcome) => rules::chance::write_token(pos, outcome),
                    })
                    .collect();
                println!("{}", tokens.join(" "));
            }
            Format::Fen => {
                let last = game.positions().len() - 1;
                for (i, pos) in game.positions().iter().enumerate() {
                    if !pos.chance_pending() || i == last {
                        println!("{}", fen::write(pos));
                    }
                }
            }
            Format::Pgn => {
                let tags: Vec<(&str, &str)> = read
                    .tags
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .chain(read.result.as_deref().map(|r| ("Result", r)))
                    .collect();
                println!("{}", pgn::write_with_notes(game, &tags, &read.notes));
            }
        }
    }
    Ok(())
}
