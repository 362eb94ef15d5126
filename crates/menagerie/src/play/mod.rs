//! `menagerie play`: a game in the terminal, line by line: the board drawn after every
//! turn, moves typed in SAN or coordinates, the dice rolled by the program or typed in
//! from physical dice, the engine's thinking shown, and the game saved as PGN (also on
//! Ctrl-C).

pub mod board;
pub mod explain;
pub mod input;
pub mod narrate;
pub mod record;

use crate::setup::PositionArgs;
use anyhow::{Result, anyhow, bail};
use board::Marks;
use clap::{Args, ValueEnum};
use dice::{Choice, Dice, DiceStream, Players, Stop, TurnDriver};
use engine::score::{mate_in, wdl};
use engine::{Limits, Searcher, Strength};
use record::{Ending, Record};
use rules::{Color, Game, Owed, Position, Trample, Turn, chance, san, uci_move};
use std::hash::{BuildHasher, Hasher};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Seat {
    Human,
    Engine,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DiceSource {
    /// The program rolls, from a seeded stream (the seed is shown at the end).
    App,
    /// Physical dice: the program asks what they show.
    Manual,
}

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Who plays White.
    #[arg(long, value_enum, default_value = "human")]
    white: Seat,
    /// Who plays Black.
    #[arg(long, value_enum, default_value = "engine")]
    black: Seat,
    /// Where the beast's dice come from. With `manual` and two humans the program is the
    /// referee of a game over the board.
    #[arg(long, value_enum, default_value = "app")]
    dice: DiceSource,
    /// Seed of the app's dice (default: a fresh one). `menagerie pgn check FILE --seed N`
    /// checks every roll against it.
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds the engine thinks per move.
    #[arg(long, default_value_t = 1.0)]
    time: f64,
    /// Limit the engine's search to this depth (with --time, whichever comes first).
    #[arg(long)]
    depth: Option<i32>,
    /// Play the engine below full strength, 1 (weakest) to 8.
    #[arg(long, value_parser = clap::value_parser!(i64).range(1..=8))]
    level: Option<i64>,
    /// White's name in the saved game (default: "human", or the engine's name and level).
    #[arg(long, value_name = "NAME")]
    white_name: Option<String>,
    /// Black's name in the saved game, as --white-name.
    #[arg(long, value_name = "NAME")]
    black_name: Option<String>,
    /// Save the game here (default: menagerie-VARIANT-TIME.pgn in this directory).
    #[arg(long)]
    pgn: Option<PathBuf>,
}

/// The commands, with examples of moves in the variant's own pieces.
fn help(variant: &rules::Variant) -> String {
    let moves = if variant.battle.is_some() {
        "a move in SAN or coordinates: Bb3 or b2b3 moves a berserker, Ke3 the king; K@e2 \
         places your king on your wall at the start; K=c2 swaps an attacked king with the \
         berserker on c2; K@c2 crowns the berserker on c2 after your king is taken"
    } else if variant.hands {
        "a move in SAN (e4, Nf3, O-O, Q@e4) or coordinates (e2e4, e7e8q, Q@e4)"
    } else {
        "a move in SAN (e4, Nf3, O-O) or coordinates (e2e4, e7e8q)"
    };
    format!(
        "Commands: {moves}; moves (list the legal moves); board; undo (take back your last \
         move); resign; draw (offer a draw); save FILE; quit (stop without a result)."
    )
}

/// The terminal's side of the game: asks the humans, runs the engine, shows every turn.
/// The game itself and its dice are the turn driver's.
struct Session {
    seats: [Seat; 2],
    /// The players' names in the saved game, White's first.
    names: [String; 2],
    /// The dice are physical: the program asks what they show.
    physical_dice: bool,
    searcher: Searcher,
    limits: Limits,
    colour: bool,
    marks: Marks,
    /// The board has changed since it was last drawn.
    dirty: bool,
    input: input::Input,
    /// Said with the next move: who played it and the engine's thinking.
    note: (&'static str, String),
    /// How the players ended the game when they stopped it with a result (a draw agreed).
    ending: Option<Ending>,
}

pub fn run(args: PlayArgs) -> Result<()> {
    if !(args.time > 0.0 && args.time <= 86_400.0) {
        bail!(
            "--time must be a number of seconds above 0 and at most 86400, not {}",
            args.time
        );
    }
    let id = args.position.variant_id()?;
    let variant = id.rules()?;
    let options = args.position.options()?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut stream = DiceStream::new(seed);
    let start = match &args.position.fen {
        Some(text) => rules::fen::parse(variant, text)?.with_options(options),
        None if args.dice == DiceSource::App => {
            stream.starting_position(rules::Position::start(variant).with_options(options))?
        }
        None => rules::Position::start(variant).with_options(options),
    };
    let has_dice = variant.beast.is_some();
    let seeded_dice = has_dice && args.dice == DiceSource::App;
    let mut game = Game::new(start);
    let mut marks = Marks::default();
    let turns = args
        .position
        .moves
        .iter()
        .flat_map(|m| m.split_whitespace());
    for (i, text) in turns.enumerate() {
        play_token(&mut game, &mut marks, text)
            .map_err(|e| anyhow!("--moves, turn {} '{text}': {e}", i + 1))?;
    }
    let dice = if has_dice && args.dice == DiceSource::Manual {
        Dice::Physical
    } else {
        Dice::Seeded { seed, stream }
    };
    let mut driver = TurnDriver::resume(game, dice);
    let searcher = Searcher::new(32);
    let input = input::Input::start(searcher.stop_flag())?;
    let names = [
        player_name(args.white, args.white_name.as_deref(), args.level),
        player_name(args.black, args.black_name.as_deref(), args.level),
    ];
    let mut session = Session {
        seats: [args.white, args.black],
        names,
        physical_dice: has_dice && args.dice == DiceSource::Manual,
        searcher,
        limits: Limits {
            movetime: Some(Duration::from_secs_f64(args.time)),
            depth: args.depth,
            strength: args.level.map_or_else(Strength::default, Strength::level),
            ..Limits::default()
        },
        colour: board::colour_wanted(),
        marks,
        dirty: true,
        input,
        note: ("", String::new()),
        ending: None,
    };
    let name = |seat: Seat| match seat {
        Seat::Human => "human",
        Seat::Engine => "engine",
    };
    println!(
        "Menagerie {id}: White {}, Black {}. {}",
        name(args.white),
        name(args.black),
        help(variant)
    );
    if seeded_dice {
        println!(
            "The dice are rolled from a seeded stream; its SHA-256 commitment is {}. The seed is shown when the game ends.",
            dice::seed_commitment(seed)
        );
    } else if has_dice {
        println!("Physical dice: after each move, type what the dice show.");
    }
    let ending = match driver.play_until(&mut session, u32::MAX)? {
        Stop::Forfeit { loser, reason } => Some(Ending {
            result: rules::outcome::result_text(Some(!loser)),
            termination: reason,
        }),
        Stop::Halted => session.ending.take(),
        Stop::Over(_) | Stop::MoveLimit => None,
    };
    let game = driver.game();
    if session.dirty {
        session.draw(game);
    }
    if session.input.interrupted() {
        println!("Interrupted (Ctrl-C): the game is saved as it stands.");
    }
    let verdict = match (game.outcome(), &ending) {
        (Some(outcome), _) => format!("Game over: {outcome} ({}).", outcome.result_text()),
        (None, Some(e)) => format!("Game over: {} ({}).", e.termination, e.result),
        (None, None) => "Game stopped without a result (*).".to_string(),
    };
    println!("{verdict}");
    let seed = driver
        .seed()
        .filter(|seed| seeded_dice && dice::replay(*seed, game).is_ok());
    let [white, black] = session.names.clone();
    let record = Record {
        white,
        black,
        seed,
        manual_dice: session.physical_dice,
    };
    let path = args
        .pgn
        .clone()
        .unwrap_or_else(|| record::default_path(game));
    record::save(&path, &record::write(game, &record, ending.as_ref()))?;
    println!("Saved the game to {}.", path.display());
    if let Some(seed) = seed {
        println!(
            "Dice seed: {seed}. Check every roll: menagerie pgn check {} --seed {seed}",
            path.display()
        );
    }
    Ok(())
}

/// A player's name in the saved game: the one given, else "human", or the engine with
/// its version and level.
fn player_name(seat: Seat, given: Option<&str>, level: Option<i64>) -> String {
    match (given, seat) {
        (Some(name), _) => name.to_string(),
        (None, Seat::Human) => "human".to_string(),
        (None, Seat::Engine) => {
            let version = env!("CARGO_PKG_VERSION");
            match level {
                Some(level) => format!("Menagerie {version} level {level}"),
                None => format!("Menagerie {version}"),
            }
        }
    }
}

/// A seed nobody chose: std's per-process random hash keys.
fn fresh_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    );
    hasher.finish()
}

/// Plays one turn of a `--moves` list: a coordinate move or a roll token.
fn play_token(game: &mut Game, marks: &mut Marks, text: &str) -> Result<()> {
    let pos = game.position();
    if game.owed() == Owed::Roll {
        let outcome = chance::parse_token(pos, text).map_err(|e| {
            anyhow!(
                "the dice are owed here, as a roll like {}: {e}",
                crate::setup::example_roll(pos)
            )
        })?;
        marks.beast_path = game.roll(outcome)?.path;
    } else {
        let m = uci_move::parse(pos, text)?;
        game.play(m)?;
        *marks = Marks {
            last_move: board::move_squares(m),
            beast_path: Vec::new(),
        };
    }
    Ok(())
}

impl Players for Session {
    type Error = anyhow::Error;

    fn choose(&mut self, game: &Game, color: Color) -> Result<Choice> {
        loop {
            if self.dirty {
                self.draw(game);
            }
            match self.seat(color) {
                Seat::Engine => return self.engine_move(game),
                Seat::Human => {
                    if let Some(choice) = self.human_turn(game, color)? {
                        return Ok(choice);
                    }
                }
            }
            if self.input.interrupted() {
                return Ok(Choice::Halt);
            }
        }
    }

    fn physical_roll(&mut self, game: &Game) -> Result<Choice> {
        let pos = game.position();
        let hint = match pos.variant().beast {
            Some(rules::variant::Beast::Juggernaut) => {
                "the d10, or 10 and the file and rank rolls, as in 10 5 3"
            }
            _ => "the d8 then the d4, as in 7 4",
        };
        let prompt = format!("Dice for the {} ({hint})> ", narrate::beast_name(pos));
        loop {
            let Some(line) = self.ask(&prompt) else {
                return Ok(Choice::Halt);
            };
            match line.as_str() {
                "" => continue,
                "quit" => return Ok(Choice::Halt),
                "undo" => {
                    if let Some(turns) = self.take_back(game) {
                        return Ok(Choice::TakeBack(turns));
                    }
                }
                "help" | "?" => println!("Type what the dice show ({hint}), or undo, or quit."),
                text => match dice::parse_physical(pos, text) {
                    Ok(outcome) => return Ok(Choice::Roll(outcome)),
                    Err(e) => println!("Not a roll: {e}."),
                },
            }
        }
    }

    /// Says what happened: `White plays exd5, taking Black's pawn on d5.`, or the roll.
    fn played(&mut self, before: &Position, turn: Turn, game: &Game, trample: Option<&Trample>) {
        match (turn, trample) {
            (Turn::Roll(outcome), Some(trample)) => {
                println!("{}", narrate::roll_report(before, outcome, trample));
                self.marks.beast_path = trample.path.clone();
            }
            (Turn::Move(m), _) => {
                let (who, after) = std::mem::take(&mut self.note);
                println!(
                    "{}{who} {}{}.{after}",
                    before.turn().name(),
                    narrate::move_text(before, m),
                    narrate::captures(before, game.position())
                );
                self.marks = Marks {
                    last_move: board::move_squares(m),
                    beast_path: Vec::new(),
                };
            }
            (Turn::Roll(_), None) => unreachable!("the driver reports every roll's trample"),
        }
        self.dirty = true;
    }

    fn halted(&mut self) -> bool {
        self.input.interrupted()
    }
}

impl Session {
    fn seat(&self, color: Color) -> Seat {
        self.seats[color.index()]
    }

    fn draw(&mut self, game: &Game) {
        let pos = game.position();
        print!(
            "\n{}",
            board::draw(pos, &self.marks, self.colour, orientation(self.seats))
        );
        let last = game
            .turns()
            .iter()
            .rposition(|t| matches!(t, Turn::Move(_)));
        let last_text = last.map_or(String::new(), |i| {
            let Turn::Move(m) = game.turns()[i] else {
                unreachable!("rposition found a move")
            };
            format!("; last move {}", san::write(&game.positions()[i], m))
        });
        let beast = pos.beast_square().map_or(String::new(), |sq| {
            format!(
                "; the {} is on {}",
                narrate::beast_name(pos),
                pos.geometry().name(sq)
            )
        });
        let check = if pos.variant().royal_king && pos.is_check() {
            " (check)"
        } else {
            ""
        };
        let to_move = if game.outcome().is_some() {
            String::new()
        } else {
            format!(", {}", narrate::whose_turn(pos))
        };
        println!(
            "Move {}{to_move}{check}{last_text}{beast}",
            pos.fullmove_number()
        );
        self.dirty = false;
    }

    /// A line from the player, after a prompt; `None` at the end of input or on Ctrl-C.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        match self.input.next() {
            input::Reply::Line(line) => Some(line.trim().to_string()),
            input::Reply::End => {
                println!();
                None
            }
            input::Reply::Interrupted => {
                println!();
                None
            }
        }
    }

    fn engine_move(&mut self, game: &Game) -> Result<Choice> {
        let pos = game.position();
        let history = game.history_keys();
        // On a terminal, each finished depth is shown on one line that the next replaces.
        let live = std::io::stdout().is_terminal();
        let (best, info) = self.searcher.search(pos, &history, &self.limits, |info| {
            if live {
                print!(
                    "\r\x1b[2Kthinking: depth {}, score {}, {}",
                    info.depth,
                    score_label(info.score, pos.turn()),
                    odds_label(info.score, pos.turn())
                );
                let _ = std::io::stdout().flush();
            }
        });
        if live {
            print!("\r\x1b[2K");
        }
        let Some(m) = best else {
            bail!("the engine found no move in a position that has one");
        };
        let thinking = format!(
            "   [depth {}, score {}, {}, {} nodes in {:.2}s]",
            info.depth,
            score_label(info.score, pos.turn()),
            odds_label(info.score, pos.turn()),
            info.nodes,
            info.elapsed.as_secs_f64()
        );
        self.note = (" (engine)", thinking);
        Ok(Choice::Move(m))
    }

    /// One command of a human whose move it is; `Some` once it decides the turn.
    fn human_turn(&mut self, game: &Game, color: Color) -> Result<Option<Choice>> {
        let Some(line) = self.ask(&format!("{} to move> ", color.name())) else {
            return Ok(Some(Choice::Halt));
        };
        match line.as_str() {
            "" => {}
            "help" | "?" => println!("{}", help(game.position().variant())),
            "board" => self.draw(game),
            "moves" => {
                let pos = game.position();
                let list: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| san::write(pos, m))
                    .collect();
                println!("Legal moves: {}", list.join(" "));
            }
            "undo" => return Ok(self.take_back(game).map(Choice::TakeBack)),
            "quit" => return Ok(Some(Choice::Halt)),
            "resign" => return Ok(Some(Choice::Forfeit(format!("{} resigns", color.name())))),
            "draw" => {
                if self.draw_accepted(game, color) {
                    println!("Draw agreed.");
                    self.ending = Some(Ending {
                        result: "1/2-1/2",
                        termination: "draw agreed".to_string(),
                    });
                    return Ok(Some(Choice::Halt));
                }
                println!("{} declines the draw.", (!color).name());
            }
            text if text.starts_with("save ") => {
                let path = PathBuf::from(text["save ".len()..].trim());
                let [white, black] = self.names.clone();
                let record = Record {
                    white,
                    black,
                    seed: None,
                    manual_dice: self.physical_dice,
                };
                match record::save(&path, &record::write(game, &record, None)) {
                    Ok(()) => println!(
                        "Saved to {} (the seed stays secret until the end).",
                        path.display()
                    ),
                    Err(e) => println!("{e:#}"),
                }
            }
            text => match explain::read_move(game.position(), text) {
                Ok(m) => return Ok(Some(Choice::Move(m))),
                Err(why) => println!("Illegal: {why}"),
            },
        }
        Ok(None)
    }

    /// The other side's answer to a draw offer: a human is asked, the engine accepts
    /// when it does not think itself better.
    fn draw_accepted(&mut self, game: &Game, offerer: Color) -> bool {
        let other = !offerer;
        match self.seat(other) {
            Seat::Human => {
                let prompt = format!("{}, do you accept a draw? (yes/no)> ", other.name());
                self.ask(&prompt)
                    .is_some_and(|a| matches!(a.to_ascii_lowercase().as_str(), "y" | "yes"))
            }
            Seat::Engine => {
                let limits = Limits {
                    depth: Some(4),
                    ..self.limits.clone()
                };
                let (_, info) = self.searcher.search(game.position(), &[], &limits, |_| {});
                // The score is the offerer's (the side to move); the engine's is its negation.
                -info.score <= 0
            }
        }
    }

    /// How many turns to take back so the human who last moved is to move again: up to
    /// and including that move, with the rolls and engine replies after it. The driver
    /// takes them back and rewinds the seeded dice.
    fn take_back(&mut self, game: &Game) -> Option<usize> {
        let turns = game.turns();
        let last_human_move = (0..turns.len()).rev().find(|&i| {
            matches!(turns[i], Turn::Move(_))
                && self.seat(game.positions()[i].turn()) == Seat::Human
        });
        let Some(i) = last_human_move else {
            println!("Nothing to take back.");
            return None;
        };
        self.marks = Marks::default();
        println!("Taken back.");
        self.dirty = true;
        Some(turns.len() - i)
    }
}

/// Black is drawn at the bottom when the one human at the board plays Black.
fn orientation(seats: [Seat; 2]) -> board::Orientation {
    match seats {
        [Seat::Engine, Seat::Human] => board::Orientation::BlackAtBottom,
        _ => board::Orientation::WhiteAtBottom,
    }
}

/// The engine's score of the side to move `mover`, said from the side it favours so that
/// it reads the same whoever is thinking: `White +0.80`, `Black +1.20`, `even`, `White
/// mates in 3`.
fn score_label(score: i32, mover: Color) -> String {
    let whites = if mover == Color::White { score } else { -score };
    let favoured = if whites > 0 {
        Color::White
    } else {
        Color::Black
    };
    match mate_in(whites) {
        Some(moves) => format!("{} mates in {}", favoured.name(), moves.abs()),
        None if whites.abs() < 5 => "even".to_string(),
        None => format!("{} +{:.2}", favoured.name(), whites.abs() as f64 / 100.0),
    }
}

/// The win/draw/loss odds of a score of the side to move `mover`, from the same fixed
/// sides as the score: `White wins 43% draw 21% Black wins 36%`.
fn odds_label(score: i32, mover: Color) -> String {
    let (win, draw, loss) = wdl(score);
    let (white, black) = if mover == Color::White {
        (win, loss)
    } else {
        (loss, win)
    };
    let percent = |permille: u32| (permille as f64 / 10.0).round();
    format!(
        "White wins {:.0}% draw {:.0}% Black wins {:.0}%",
        percent(white),
        percent(draw),
        percent(black)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_is_labelled_from_the_side_it_favours() {
        assert_eq!(score_label(80, Color::White), "White +0.80");
        assert_eq!(score_label(80, Color::Black), "Black +0.80");
        assert_eq!(score_label(-120, Color::White), "Black +1.20");
        assert_eq!(score_label(-120, Color::Black), "White +1.20");
        assert_eq!(score_label(2, Color::Black), "even");
        let mate_in_3 = engine::score::MATE - 5;
        assert_eq!(mate_in(mate_in_3), Some(3));
        assert_eq!(score_label(mate_in_3, Color::White), "White mates in 3");
        assert_eq!(score_label(mate_in_3, Color::Black), "Black mates in 3");
        assert_eq!(score_label(-mate_in_3, Color::Black), "White mates in 3");
    }

    #[test]
    fn the_help_shows_moves_of_the_variant_s_own_pieces() {
        let battle = help(rules::VariantId::BattleChieftain.rules().unwrap());
        assert!(
            battle.contains("berserker") && battle.contains("K=c2"),
            "{battle}"
        );
        assert!(!battle.contains("O-O"), "{battle}");
        let chess = help(rules::VariantId::Chess.rules().unwrap());
        assert!(chess.contains("O-O") && !chess.contains("berserker") && !chess.contains('@'));
    }

    #[test]
    fn the_odds_are_said_from_fixed_sides() {
        let (win, draw, loss) = wdl(300);
        assert!(win > loss);
        let white_ahead = odds_label(300, Color::White);
        assert_eq!(odds_label(-300, Color::Black), white_ahead);
        assert_eq!(
            white_ahead,
            format!(
                "White wins {:.0}% draw {:.0}% Black wins {:.0}%",
                (win as f64 / 10.0).round(),
                (draw as f64 / 10.0).round(),
                (loss as f64 / 10.0).round()
            )
        );
        assert!(
            odds_label(300, Color::Black)
                .starts_with(&format!("White wins {:.0}%", (loss as f64 / 10.0).round()))
        );
    }

    #[test]
    fn players_are_named_as_given_else_by_seat_and_level() {
        let version = env!("CARGO_PKG_VERSION");
        assert_eq!(player_name(Seat::Human, None, Some(3)), "human");
        assert_eq!(player_name(Seat::Human, Some("Ada"), None), "Ada");
        assert_eq!(
            player_name(Seat::Engine, None, Some(3)),
            format!("Menagerie {version} level 3")
        );
        assert_eq!(
            player_name(Seat::Engine, None, None),
            format!("Menagerie {version}")
        );
    }

    #[test]
    fn black_is_at_the_bottom_only_for_a_lone_human_playing_black() {
        use board::Orientation::*;
        assert_eq!(orientation([Seat::Engine, Seat::Human]), BlackAtBottom);
        assert_eq!(orientation([Seat::Human, Seat::Engine]), WhiteAtBottom);
        assert_eq!(orientation([Seat::Human, Seat::Human]), WhiteAtBottom);
        assert_eq!(orientation([Seat::Engine, Seat::Engine]), WhiteAtBottom);
    }
}
