//! `menagerie`: play chess variants with beasts in them.

mod bench;
mod matches;
mod movers;
mod moves;
mod net_data;
mod perft;
mod pgn_cmd;
mod play;
mod serve;
mod setup;
mod simulate;
mod train_net;
mod tune;
mod uci;
mod uci_player;
mod xboard;

use clap::{CommandFactory, Parser, Subcommand};
use std::io::IsTerminal;
use std::process::ExitCode;

/// mimalloc instead of the system allocator: the server allocates and frees many small
/// buffers per move from several threads, where glibc's malloc took a measurable share of
/// its CPU time (README, "The load test").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "menagerie",
    version,
    about = "Play chess variants with beasts in them: chess, behemoth, juggernaut, behemoth-loop, battle-chieftain (four boards) and wildebeest"
)]
struct Cli {
    /// Without one, the program speaks UCI when a GUI starts it (stdin is not a terminal)
    /// and prints this help on a terminal.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List the legal turns of a position, one a line in coordinate notation, sorted.
    #[command(after_help = "Example:\n  menagerie moves --variant behemoth --moves \"e2e4 ~7.4\"")]
    Moves(moves::MovesArgs),
    /// Count move paths to DEPTH, split by first move (Stockfish's divide format).
    #[command(after_help = "Example:\n  menagerie perft 3 --variant wildebeest")]
    Perft(perft::PerftArgs),
    /// Play many engine-free games (random or greedy movers, seeded dice) and count how
    /// they end.
    #[command(
        after_help = "Example:\n  menagerie simulate --variant juggernaut --games 20 --seed 1"
    )]
    Simulate(simulate::SimulateArgs),
    /// Speak the Universal Chess Interface on stdin/stdout (UCI_Variant selects the game).
    #[command(
        after_help = "Example:\n  printf 'uci\\nsetoption name UCI_Variant value wildebeest\\nposition startpos\\ngo depth 6\\n' | menagerie uci"
    )]
    Uci,
    /// Speak the Chess Engine Communication Protocol (XBoard/WinBoard): chess and `variant
    /// wildebeest`, described to XBoard with `setup` and `piece` (no dice, no Battle
    /// Chieftain: those are played over UCI).
    #[command(
        after_help = "Example:\n  (printf 'xboard\\nprotover 2\\nvariant wildebeest\\nsd 4\\ngo\\n'; sleep 2) | menagerie xboard"
    )]
    Xboard,
    /// Play games between two players (engine settings or simple movers) and report the
    /// score with an Elo difference and its error bar.
    #[command(
        after_help = "Example:\n  menagerie match --variant chess --games 4 --engine1 nodes=2000 --engine2 random"
    )]
    Match(matches::MatchArgs),
    /// Play a game in the terminal: against the engine, two people at one keyboard, or
    /// over the board with physical dice and the program as referee.
    #[command(after_help = "Example:\n  menagerie play --variant behemoth --black engine --time 2")]
    Play(play::PlayArgs),
    /// Read PGN of any variant, rolls included: check every move and roll (and the rolls
    /// against a dice seed), replay it step by step, or convert it.
    #[command(after_help = "Example:\n  menagerie pgn check game.pgn --seed 12345")]
    Pgn(pgn_cmd::PgnArgs),
    /// Search a fixed set of positions of every variant; the last line is `N nodes N nps`.
    #[command(after_help = "Example:\n  menagerie bench --depth 6")]
    Bench(bench::BenchArgs),
    /// Serve the web app and its API (docs/api.md): play in a browser against the engine,
    /// a friend or at one screen.
    #[command(after_help = "Example:\n  menagerie serve --addr 127.0.0.1:8080 --data-dir data")]
    Serve(serve::ServeArgs),
    /// Texel-tune the engine's tapered terms (chess, wildebeest) on self-play positions
    /// and write its weights file.
    #[command(after_help = "Example:\n  menagerie tune --variant chess --games 1000 --nodes 1500")]
    Tune(tune::TuneArgs),
    /// Self-play positions with their search scores, to train the evaluation network on.
    #[command(
        after_help = "Example:\n  menagerie net-data --variant chess --games 2000 --nodes 5000 --out chess.data"
    )]
    NetData(net_data::NetDataArgs),
    /// Train the evaluation network (chess, wildebeest) on `net-data` positions and write it.
    #[command(
        after_help = "Example:\n  menagerie train-net --variant chess --data chess.data --out chess.net"
    )]
    TrainNet(train_net::TrainNetArgs),
}

impl Command {
    /// The commands that print a report and nothing else: like any Unix filter they stop
    /// without a word when the reader goes away (`menagerie moves | head -1`). The ones
    /// that talk (uci, xboard, play) or serve keep Rust's default and see the error.
    fn writes_a_report(&self) -> bool {
        matches!(
            self,
            Command::Moves(_)
                | Command::Perft(_)
                | Command::Simulate(_)
                | Command::Match(_)
                | Command::Pgn(_)
                | Command::Bench(_)
                | Command::Tune(_)
                | Command::NetData(_)
                | Command::TrainNet(_)
        )
    }
}

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: writing to a
/// closed pipe then ends the process at once, as it does `head`'s other writers, instead
/// of a panic in `println!` or an error message.
#[allow(unsafe_code)] // the one way to set a signal's disposition; see the SAFETY note
fn die_quietly_on_a_closed_pipe() {
    // SAFETY: called before any other thread exists; setting a signal's disposition to
    // SIG_DFL has no other effect on the program's state.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            // One line, as every other error here: clap's message up to its usage block.
            let rendered = e.to_string();
            let message: Vec<&str> = rendered
                .lines()
                .take_while(|line| !line.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{} (see menagerie --help)", message.join(" "));
            return ExitCode::from(2);
        }
    };
    let Some(command) = cli.command else {
        // Chess GUIs start an engine with no arguments and speak UCI on its stdin.
        if std::io::stdin().is_terminal() {
            let _ = Cli::command().print_help();
            return ExitCode::SUCCESS;
        }
        return report(uci::run());
    };
    if command.writes_a_report() {
        die_quietly_on_a_closed_pipe();
    }
    report(match command {
        Command::Moves(args) => moves::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Uci => uci::run(),
        Command::Xboard => xboard::run(),
        Command::Bench(args) => bench::run(args),
        Command::Match(args) => matches::run(args),
        Command::Pgn(args) => pgn_cmd::run(args),
        Command::Play(args) => play::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Tune(args) => tune::run(args),
        Command::NetData(args) => net_data::run(args),
        Command::TrainNet(args) => train_net::run(args),
    })
}

fn report(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
