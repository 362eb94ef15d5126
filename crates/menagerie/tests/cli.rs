//! The command line as users and tools see it: output contracts and one-line errors.

use std::process::{Command, Output};

mod common;
use common::converse;

fn menagerie(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn moves_lists_sorted_coordinate_moves() {
    let out = menagerie(&["moves"]);
    assert!(out.status.success());
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 20);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"g1f3".to_string()));
}

#[test]
fn moves_after_a_move_list() {
    let out = menagerie(&["moves", "--variant", "wildebeest", "--moves", "e2e5 f9f6"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).lines().any(|l| l == "e5f6"),
        "the e5 pawn takes the pawn that stepped to f6"
    );
}

#[test]
fn moves_after_a_game_ending_move_say_the_game_is_over_and_why() {
    // Issue 15 item 4: the fifty-move draw after g1f3 used to list 32 rolls.
    let behemoth_99 = "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 99 60";
    let args = ["moves", "--variant", "behemoth", "--fen", behemoth_99];
    assert_clean_error(
        &[&args[..], &["--moves", "g1f3"]].concat(),
        "the game is over after move 1: draw by fifty-move rule",
    );
    assert_clean_error(
        &[&args[..], &["--moves", "g1f3 ~2.4"]].concat(),
        "move 2 '~2.4': the game is over (draw by fifty-move rule)",
    );
    assert_clean_error(
        &["moves", "--moves", "f2f3 e7e5 g2g4 d8h4"],
        "the game is over after move 4: Black wins by checkmate",
    );
    assert_clean_error(
        &[
            "moves",
            "--fen",
            "1n6/8/8/8/k2p3R/8/4P3/4K1N1 w - - 0 1",
            "--moves",
            "e2e4 b8c6 g1f3 c6b8 f3g1 b8c6 g1f3 c6b8 f3g1",
        ],
        "the game is over after move 9: draw by threefold repetition",
    );
    // A finished position given as a FEN alone still lists its (no) moves, for tools.
    let out = menagerie(&["moves", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn perft_prints_divide_then_the_total_last() {
    let out = menagerie(&["perft", "3", "--variant", "wildebeest"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(*lines.last().unwrap(), "Nodes searched: 95829");
    let divide: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(divide.len(), 45);
    let sum: u64 = divide
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 95_829);
}

#[test]
fn perft_frozen_beast_matches_a_wall() {
    let out = menagerie(&["perft", "2", "--variant", "behemoth", "--frozen"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("Nodes searched: 380\n"));
}

#[test]
fn batch_mode_answers_each_line() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["moves", "--batch"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"7k/8/8/8/8/8/8/K7 w - - 0 1\nnonsense\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "a1a2 a1b1 a1b2");
    assert!(lines[1].starts_with("error: "));
    assert_eq!(lines[2], "");
}

/// Every bad input: one line on stderr, a non-zero exit, no panic.
fn assert_clean_error(args: &[&str], needle: &str) {
    let out = menagerie(args);
    let err = stderr(&out);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: '{err}' lacks '{needle}'");
}

#[test]
fn bad_input_gives_one_line_errors() {
    let train_net = |extra: &[&'static str]| {
        let mut args = vec!["train-net", "--data", "none.data", "--out", "none.net"];
        args.extend_from_slice(extra);
        args
    };
    assert_clean_error(
        &train_net(&["--buckets", "9"]),
        "--buckets must be from 1 to 8",
    );
    assert_clean_error(
        &train_net(&["--hidden", "100"]),
        "--hidden must be a multiple of 64 from 64 to 512",
    );
    assert_clean_error(
        &train_net(&["--teacher", "none.net"]),
        "--teacher scores --children",
    );
    assert_clean_error(
        &train_net(&["--teacher", "no-such-teacher.net", "--children", "4"]),
        "reading no-such-teacher.net",
    );
    // The network to go on from is read before the positions, which take minutes.
    assert_clean_error(
        &train_net(&["--from", "no-such-start.net"]),
        "reading no-such-start.net",
    );
    assert_clean_error(&["moves", "--variant", "shogi"], "unknown variant 'shogi'");
    assert_clean_error(
        &[
            "moves",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        ],
        "board has 7 ranks, expected 8",
    );
    assert_clean_error(
        &[
            "moves",
            "--variant",
            "wildebeest",
            "--fen",
            "rnccwkqbbnr/ppppppppppp/11/11/12/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1",
        ],
        "rank 6 has 12 squares, expected 11",
    );
    assert_clean_error(
        &["moves", "--moves", "e2e4 e7e4"],
        "move 2: illegal move 'e7e4'",
    );
    assert_clean_error(&["moves", "--moves", "e2"], "move 1: malformed move 'e2'");
    assert_clean_error(&["perft", "0"], "depth '0' is out of range");
    assert_clean_error(&["perft", "99"], "out of range");
    assert_clean_error(&["perft", "-3"], "");
    assert_clean_error(&["perft", "two"], "depth 'two' is out of range");
    assert_clean_error(
        &["perft", "2", "--variant", "behemoth", "--moves", "e2e4"],
        "the dice are owed",
    );
    assert_clean_error(
        &["moves", "--variant", "behemoth", "--moves", "e2e4 e7e5"],
        "move 2: the dice are owed here",
    );
    assert_clean_error(
        &["moves", "--variant", "behemoth", "--moves", "e2e4 ~9.1"],
        "the d8 shows 1-8",
    );
    assert_clean_error(
        &["moves", "--variant", "behemoth", "--moves", "~7.4"],
        "no roll is owed here",
    );
    assert_clean_error(
        &["moves", "--variant", "chess", "--rule", "home-rows=open"],
        "chess has no rule options",
    );
    assert_clean_error(
        &[
            "moves",
            "--variant",
            "juggernaut",
            "--rule",
            "juggernaut-edge=bounce",
        ],
        "cannot be 'bounce'",
    );
    assert_clean_error(
        &[
            "moves",
            "--variant",
            "battle-chieftain",
            "--fen",
            "bbbbbbbbbb/10/10/10/10/10/10/10/10/10/BBBBBBBBBB[Kk] b - - 0 1",
        ],
        "White places its king first",
    );
    assert_clean_error(
        &[
            "moves",
            "--variant",
            "battle-chieftain",
            "--fen",
            "bbbbbbbbbb/10/10/10/10/10/10/10/10/K9/BBBBBBBBBB[k] b - - 0 1",
        ],
        "a piece on a2, a hole of this board",
    );
    assert_clean_error(
        &[
            "moves",
            "--variant",
            "battle-chieftain",
            "--fen",
            "bbbbbbbbbb/3k6/10/10/10/10/10/10/10/4KK4/BBBBBBBBBB b - - 0 1",
        ],
        "White has 2 kings",
    );
    assert_clean_error(
        &[
            "moves",
            "--variant",
            "battle-chieftain",
            "--fen",
            "bbbbbbbbbb/10/10/10/10/10/10/10/10/4K5/BBBBBBBBBB[Kk] w - - 0 1",
        ],
        "White has 2 kings",
    );
    assert_clean_error(&["frobnicate"], "unrecognized subcommand");
}

#[test]
fn random_arguments_never_panic() {
    // A fixed xorshift stream of argument lists built from plausible and absurd pieces.
    let pieces = [
        "moves",
        "perft",
        "--variant",
        "--fen",
        "--moves",
        "--rule",
        "--frozen",
        "--batch",
        "chess",
        "wildebeest",
        "behemoth",
        "juggernaut",
        "3",
        "0",
        "-1",
        "1e9",
        "18446744073709551617",
        "e2e4",
        "e9e10w",
        "Q@e4",
        "*",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "k=v",
        "",
        "é",
        "\u{0}",
        "--help",
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..150 {
        let mut args = Vec::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        for i in 0..(state % 6) {
            args.push(pieces[((state >> (8 * i)) % pieces.len() as u64) as usize]);
        }
        if args.contains(&"\u{0}") || args.contains(&"--batch") {
            continue;
        }
        if args.first() == Some(&"perft")
            && args.iter().any(|a| a.parse::<u32>().is_ok_and(|d| d > 4))
        {
            continue;
        }
        let out = menagerie(&args);
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if !out.status.success() {
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        }
    }
}

#[test]
fn simulate_counts_how_games_end_and_is_reproducible() {
    let args = [
        "simulate",
        "--variant",
        "behemoth",
        "--games",
        "50",
        "--seed",
        "9",
    ];
    let first = menagerie(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    assert!(
        text.starts_with("50 games of behemoth, seeds 9..58"),
        "{text}"
    );
    assert!(text.contains("decided by the beast: "), "{text}");
    let counted: u32 = text
        .lines()
        .filter(|l| l.contains('%') && !l.starts_with("decided"))
        .map(|l| l.split_whitespace().next().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(counted, 50, "{text}");
    assert_eq!(stdout(&menagerie(&args)), text, "same seeds, same games");
}

/// Feeds `input` to a protocol command and returns what it printed.
#[test]
fn uci_answers_with_rolls_in_the_move_list() {
    let out = converse(
        "uci",
        "uci\nsetoption name UCI_Variant value behemoth\nposition startpos moves e2e4 ~7.4 e7e5 ~2.1\ngo depth 1\nisready\nposition startpos moves e2e4 e7e5\nquit\n",
    );
    assert!(out.contains("var behemoth"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    assert!(
        out.contains("info string error: move 2: the dice are owed here"),
        "{out}"
    );
}

/// Runs `menagerie match` with `args` and `--pgn` into a fresh directory named `tag`:
/// its stdout, and the PGN it wrote.
fn run_match(tag: &str, args: &[&str]) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("menagerie-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn_path = dir.join("games.pgn");
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--pgn", pgn_path.to_str().unwrap()]);
    let out = menagerie(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    let games = std::fs::read_to_string(&pgn_path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (stdout(&out), games)
}

#[test]
fn match_reports_score_elo_and_writes_pgn() {
    let (text, games) = run_match(
        "match",
        &[
            "--variant",
            "wildebeest",
            "--games",
            "4",
            "--engine1",
            "depth=1",
            "--engine2",
            "random",
        ],
    );
    assert!(
        text.starts_with("depth=1 vs random in wildebeest: 4 games"),
        "{text}"
    );
    assert!(text.contains("Elo "), "{text}");
    assert_eq!(games.matches("[Event \"menagerie match\"]").count(), 4);
    assert!(games.contains("[Variant \"wildebeest\"]"));
    assert_clean_error(&["match", "--engine1", "depth=x"], "needs a number");
}

#[test]
fn match_starts_every_game_from_the_given_fen() {
    // Wildebeest without castling rights, as Fairy-Stockfish plays it.
    let fen = "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1";
    let (_, games) = run_match(
        "fen",
        &[
            "--variant",
            "wildebeest",
            "--games",
            "2",
            "--fen",
            fen,
            "--engine1",
            "depth=1",
            "--engine2",
            "random",
        ],
    );
    assert_eq!(
        games.matches(&format!("[FEN \"{fen}\"]")).count(),
        2,
        "{games}"
    );
    assert_clean_error(
        &[
            "match",
            "--variant",
            "wildebeest",
            "--fen",
            "11/11 w - - 0 1",
        ],
        "invalid FEN",
    );
}

#[test]
fn match_draws_another_opening_when_the_dice_end_the_game_in_it() {
    let (text, games) = run_match(
        "redraw",
        &[
            "--variant",
            "behemoth",
            "--games",
            "40",
            "--opening-plies",
            "8",
            "--engine1",
            "random",
            "--engine2",
            "random",
        ],
    );
    assert!(text.contains("openings drawn again: "), "{text}");
    for game in games.split("[Event ").skip(1) {
        // Every one of the eight opening plies was followed by a roll: the players
        // themselves got to move.
        assert!(game.matches("[%roll").count() >= 8, "{game}");
    }
}

/// The games of a match between random movers, seeded `seed`, without their headers.
fn random_games(seed: &str) -> Vec<String> {
    let (_, games) = run_match(
        &format!("seed-{seed}"),
        &[
            "--variant",
            "chess",
            "--games",
            "8",
            "--seed",
            seed,
            "--engine1",
            "random",
            "--engine2",
            "random",
        ],
    );
    movetexts(&games)
}

/// Each game of `pgn` without its headers.
fn movetexts(pgn: &str) -> Vec<String> {
    pgn.split("[Event ")
        .skip(1)
        .map(|game| game.lines().filter(|line| !line.starts_with('[')).collect())
        .collect()
}

#[test]
fn matches_of_neighbouring_seeds_share_no_game() {
    // Random movers play what the pair's seed says, so two matches that shared an
    // opening would share its games.
    let first = random_games("7");
    assert_eq!(first, random_games("7"), "a seed replays its games");
    let second = random_games("8");
    assert!(first.iter().all(|game| !second.contains(game)));
}

#[test]
fn every_game_of_a_match_starts_afresh() {
    // With no random plies every pair opens alike, so games 1 and 3 (and 2 and 4) are one
    // game played twice, unless what a player learnt in one game carried to the next.
    // Ours is told so directly, the external one by `ucinewgame`.
    let external = format!("uci={} uci,nodes=1500", env!("CARGO_BIN_EXE_menagerie"));
    let (_, pgn) = run_match(
        "afresh",
        &[
            "--variant",
            "chess",
            "--games",
            "4",
            "--opening-plies",
            "0",
            "--max-moves",
            "30",
            "--engine1",
            "nodes=1500",
            "--engine2",
            &external,
        ],
    );
    let games = movetexts(&pgn);
    assert_eq!(games.len(), 4, "{pgn}");
    assert_eq!(games[0], games[2]);
    assert_eq!(games[1], games[3]);
}

#[test]
fn uci_plays_at_a_limited_strength() {
    let out = converse(
        "uci",
        "uci\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1100\nposition startpos\ngo depth 6\nisready\nquit\n",
    );
    assert!(out.contains("option name UCI_Elo type spin"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    // 1100 is level 1 (below level 2's 1135), which searches one ply at most, however
    // deep it is asked to go. (`quit` may stop the search before it reports a depth.)
    assert!(!out.contains(" depth 2 "), "{out}");
}

#[test]
fn match_plays_menagerie_over_uci_in_a_variant_with_dice() {
    let bin = env!("CARGO_BIN_EXE_menagerie");
    let external = format!("uci={bin} uci,depth=1");
    let (text, games) = run_match(
        "uci-dice",
        &[
            "--variant",
            "behemoth",
            "--games",
            "2",
            "--engine1",
            "depth=1,without=all",
            "--engine2",
            &external,
        ],
    );
    assert!(text.contains("2 games"), "{text}");
    assert_eq!(games.matches("[Variant \"behemoth\"]").count(), 2);
    // Each player under its real name: the external engine as its `id name` says, ours
    // with its version and settings; engine 1 has White, then Black.
    let version = env!("CARGO_PKG_VERSION");
    let ours = format!("Menagerie {version} (depth=1,without=all)");
    let theirs = format!("Menagerie {version}");
    for (white, black) in [(&ours, &theirs), (&theirs, &ours)] {
        let pair = format!("[White \"{white}\"]\n[Black \"{black}\"]");
        assert!(games.contains(&pair), "{pair} in {games}");
    }
}

#[test]
fn a_closed_pipe_ends_a_report_quietly() {
    // `menagerie perft 5 | head -1`: the reader goes away after one line; no panic, no
    // error message, as any Unix filter.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["perft", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("a2a3: "), "{first}");
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked") && !err.contains("error"), "{err}");
}

/// The example at the end of `menagerie ARGS --help`, with the binary's path in place of
/// `menagerie`.
fn help_example(args: &[&str]) -> String {
    let out = menagerie(&[args, &["--help"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let example = text
        .split_once("Example:\n")
        .unwrap_or_else(|| {
            panic!(
                "no example in `menagerie {} --help`:\n{text}",
                args.join(" ")
            )
        })
        .1
        .trim();
    assert!(example.contains("menagerie "), "{example}");
    example.replace(
        "menagerie ",
        &format!("{} ", env!("CARGO_BIN_EXE_menagerie")),
    )
}

#[test]
fn every_command_shows_an_example_and_the_quick_ones_run() {
    for command in [
        &["moves"][..],
        &["perft"],
        &["simulate"],
        &["uci"],
        &["xboard"],
        &["match"],
        &["play"],
        &["pgn"],
        &["pgn", "check"],
        &["pgn", "replay"],
        &["pgn", "convert"],
        &["bench"],
        &["serve"],
    ] {
        help_example(command);
    }
    // Those that answer at once are run as printed, so an example cannot rot.
    for (command, expect) in [
        ("moves", "a7a5"),
        ("perft", "Nodes searched: 95829"),
        ("simulate", "games"),
        ("match", "endings:"),
        ("uci", "bestmove "),
        ("xboard", "move "),
    ] {
        let line = help_example(&[command]);
        let out = Command::new("sh").args(["-c", &line]).output().unwrap();
        assert!(out.status.success(), "{line}: {}", stderr(&out));
        let text = format!("{}{}", stdout(&out), stderr(&out));
        assert!(text.contains(expect), "{line}:\n{text}");
    }
}

fn bench_nodes(args: &[&str]) -> (u64, String) {
    let out = menagerie(&[&["bench"], args].concat());
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let total = stdout(&out)
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("bench prints its node count first");
    (total, stderr(&out))
}

#[test]
fn bench_measures_one_variant_with_pieces_of_the_search_switched_off() {
    let (chess, lines) = bench_nodes(&["--variant", "chess", "--depth", "5"]);
    assert_eq!(lines.lines().count(), 4, "{lines}");
    assert!(lines.lines().all(|l| l.starts_with("chess ")), "{lines}");
    assert_eq!(
        bench_nodes(&["--variant", "chess", "--depth", "5"]).0,
        chess,
        "the count is the regression signal: the same on every run"
    );
    let (bare, _) = bench_nodes(&["--variant", "chess", "--depth", "5", "--without", "all"]);
    assert_ne!(bare, chess, "switching the search's pieces off changes it");

    let out = menagerie(&["bench", "--variant", "battle-chieftain-far-walls"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("no positions") && stderr(&out).contains("wildebeest"),
        "{}",
        stderr(&out)
    );
    let out = menagerie(&["bench", "--without", "no-such-piece"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("no-such-piece"), "{}", stderr(&out));
}

#[test]
fn tune_labels_quiet_positions_by_a_uci_engine() {
    let dir = std::env::temp_dir().join(format!("menagerie-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("games.txt");
    let labelled = dir.join("labelled.txt");
    let weights = dir.join("weights.txt");
    // The start, a position after 1.e4 e5 2.Nf3 (quiet), and one in check (not quiet).
    std::fs::write(
        &data,
        "1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         0 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n\
         0.5 rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2\n",
    )
    .unwrap();
    // Our own UCI engine stands in for Stockfish.
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_menagerie"));
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let out = menagerie(&[
        "tune",
        "--variant",
        "chess",
        "--data",
        &path(&data),
        "--label-engine",
        &engine,
        "--label-nodes",
        "300",
        "--label-threads",
        "2",
        "--labelled",
        &path(&labelled),
        "--iterations",
        "2",
        "--out",
        &path(&weights),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&labelled).unwrap();
    let labels: Vec<f64> = text
        .lines()
        .map(|line| line.split_once(' ').unwrap().0.parse().unwrap())
        .collect();
    assert_eq!(labels.len(), 2, "only the quiet positions: {text}");
    for label in labels {
        // An expected score from the engine's centipawns, not a game's result.
        assert!(label > 0.0 && label < 1.0 && label != 0.5, "{text}");
    }
    let header = std::fs::read_to_string(&weights).unwrap();
    assert!(header.contains("--label-engine"), "{header}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_refuses_label_options_without_a_label_engine() {
    assert_clean_error(
        &["tune", "--data", "nothing.txt", "--labelled", "out.txt"],
        "--label-engine",
    );
}
