//! PGN round trips in every variant (games with seeded dice written, read back, the same
//! positions and rolls), and the `pgn` and `play` commands as users see them.

use dice::{RandomMoves, TurnDriver};
use rules::{Game, Position, Turn, VariantId, fen, pgn};

mod common;
use common::menagerie;

/// A game of random moves and seeded dice, from the variant's start (the Juggernaut
/// placed by the dice).
fn random_game(id: VariantId, seed: u64, max_plies: usize) -> Game {
    let mut driver = TurnDriver::new(seed, Position::start(id.rules().unwrap())).unwrap();
    let mut players = RandomMoves::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    driver.play_until(&mut players, max_plies as u32).unwrap();
    driver.into_game()
}

fn fens(game: &Game) -> Vec<String> {
    game.positions().iter().map(fen::write).collect()
}

#[test]
fn pgn_round_trip_in_every_variant() {
    let mut file = String::new();
    let mut games = Vec::new();
    for id in VariantId::ALL {
        for seed in 0..12 {
            let game = random_game(id, seed, 160);
            let text = pgn::write(
                &game,
                &[("Event", "round trip"), ("Round", &seed.to_string())],
            );
            let read =
                pgn::parse(&text).unwrap_or_else(|e| panic!("{id} seed {seed}: {e}\n{text}"));
            assert_eq!(
                read.game.turns(),
                game.turns(),
                "{id} seed {seed}: the turns, rolls included"
            );
            assert_eq!(
                fens(&read.game),
                fens(&game),
                "{id} seed {seed}: every position"
            );
            assert_eq!(
                read.game
                    .positions()
                    .iter()
                    .map(|p| p.key())
                    .collect::<Vec<_>>(),
                game.positions().iter().map(|p| p.key()).collect::<Vec<_>>()
            );
            assert_eq!(read.game.outcome(), game.outcome(), "{id} seed {seed}");
            assert_eq!(read.spans.len(), game.turns().len());
            // The rolls are the seed's, and the checker says so.
            dice::replay(seed, &read.game).unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            if id.rules().unwrap().beast.is_some()
                && game.turns().iter().any(|t| matches!(t, Turn::Roll(_)))
            {
                assert!(
                    dice::replay(seed + 1000, &read.game).is_err(),
                    "{id} seed {seed}: another seed's rolls differ"
                );
            }
            file.push_str(&text);
            file.push('\n');
            games.push(game);
        }
    }
    // The same games as one file.
    let all = pgn::parse_all(&file).unwrap();
    assert_eq!(all.len(), games.len());
    for (read, game) in all.iter().zip(&games) {
        assert_eq!(fens(&read.game), fens(game));
    }
}

/// A game resigned or agreed drawn keeps its result through a round trip.
#[test]
fn a_result_the_moves_did_not_decide_is_kept() {
    let game = random_game(VariantId::Wildebeest, 3, 6);
    let text = pgn::write(
        &game,
        &[("Result", "0-1"), ("Termination", "White resigns")],
    );
    let read = pgn::parse(&text).unwrap();
    assert_eq!(read.result.as_deref(), Some("0-1"));
    assert_eq!(read.tag("Termination"), Some("normal"));
    assert_eq!(read.tag("Reason"), Some("White resigns"));
}

/// A file in the temporary directory, removed when the test is done with it.
struct TempFile(std::path::PathBuf);

impl std::ops::Deref for TempFile {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn temp_file(name: &str, text: &str) -> TempFile {
    let path =
        std::env::temp_dir().join(format!("menagerie-pgn-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    TempFile(path)
}

#[test]
fn pgn_check_verifies_the_rolls_against_the_seed() {
    let game = random_game(VariantId::Behemoth, 42, 30);
    let text = pgn::write(&game, &[("Event", "seeded")]);
    let path = temp_file("seeded.pgn", &text);
    let path = path.to_str().unwrap();
    let out = menagerie(&["pgn", "check", path, "--seed", "42"], "");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("every roll is seed 42's"), "{stdout}");

    // Another seed: the first roll that differs is named by line and column.
    let out = menagerie(&["pgn", "check", path, "--seed", "43"], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("line ")
            && stderr.contains("column ")
            && stderr.contains("is not seed 43's: the seed rolls"),
        "{stderr}"
    );

    // The [Seed] tag is used when no --seed is given, and checked against the commitment.
    let tagged = pgn::write(
        &game,
        &[
            ("Seed", "42"),
            ("SeedCommitment", &dice::seed_commitment(42)),
        ],
    );
    let out = menagerie(
        &[
            "pgn",
            "check",
            temp_file("tagged.pgn", &tagged).to_str().unwrap(),
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lying = pgn::write(
        &game,
        &[
            ("Seed", "42"),
            ("SeedCommitment", &dice::seed_commitment(7)),
        ],
    );
    let out = menagerie(
        &[
            "pgn",
            "check",
            temp_file("lying.pgn", &lying).to_str().unwrap(),
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not match the [SeedCommitment] tag")
    );
    // Physical dice: a [Seed] tag is not theirs to answer for.
    let physical = pgn::write(&game, &[("Dice", "physical"), ("Seed", "43")]);
    let out = menagerie(
        &[
            "pgn",
            "check",
            temp_file("physical.pgn", &physical).to_str().unwrap(),
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn pgn_check_names_line_and_column_of_a_malformed_file() {
    let path = temp_file(
        "bad.pgn",
        "[Variant \"behemoth\"]\n\n1. e4 {[%roll 2 1]} e5 2. d4 *\n",
    );
    let out = menagerie(&["pgn", "check", path.to_str().unwrap()], "");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bad.pgn: line 3, column 27: missing roll before d4"),
        "{stderr}"
    );
}

#[test]
fn pgn_convert_gives_turns_that_replay_and_the_fen_after_each_ply() {
    let game = random_game(VariantId::Juggernaut, 5, 20);
    let path = temp_file("convert.pgn", &pgn::write(&game, &[]));
    let path = path.to_str().unwrap();
    let out = menagerie(&["pgn", "convert", path, "--to", "uci"], "");
    assert!(out.status.success());
    let turns = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(
        turns.contains('~'),
        "rolls are tokens of their own: {turns}"
    );
    // Replayed by another command from the start FEN, they reach the game's end.
    let start = fen::write(game.start());
    let out = menagerie(
        &[
            "moves",
            "--variant",
            "juggernaut",
            "--fen",
            &start,
            "--moves",
            &turns,
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = menagerie(&["pgn", "convert", path, "--to", "fen"], "");
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.first(), Some(&start));
    assert_eq!(lines.last(), Some(&fen::write(game.position())));
    assert_eq!(lines.len(), game.moves().len() + 1);
    let out = menagerie(&["pgn", "convert", path, "--to", "pgn"], "");
    let again = pgn::parse(&String::from_utf8_lossy(&out.stdout)).unwrap();
    assert_eq!(fens(&again.game), fens(&game));
}

#[test]
fn pgn_convert_to_pgn_keeps_comments_nags_variations_clocks_and_evaluations() {
    let text = "[Event \"annotated\"]\n[White \"Ann\"]\n[Variant \"behemoth\"]\n\n\
                1. e4 {[%roll 2 1] [%clk 0:03:00]} e5 $2 (1... c5 {Sicilian}) {[%roll 7 1]}\n\
                2. Nf3! {[%eval 0.31]} *\n";
    let path = temp_file("annotated.pgn", text);
    let out = menagerie(
        &["pgn", "convert", path.to_str().unwrap(), "--to", "pgn"],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = String::from_utf8_lossy(&out.stdout).replace('\n', " ");
    for kept in [
        "[White \"Ann\"]",
        "{[%roll 2 1]} {[%clk 0:03:00]} 1... e5 $2 (1... c5 {Sicilian} ) {[%roll 7 1]}",
        "2. Nf3 $1 {[%eval 0.31]}",
    ] {
        assert!(written.contains(kept), "'{kept}' missing from {written}");
    }
}

#[test]
fn pgn_replay_prints_every_position() {
    let game = random_game(VariantId::BehemothLoop, 9, 8);
    let path = temp_file("replay.pgn", &pgn::write(&game, &[]));
    let out = menagerie(&["pgn", "replay", path.to_str().unwrap(), "--all"], "");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.matches("in hand: White").count(),
        game.moves().len() + 1
    );
    assert_eq!(
        stdout.matches("Dice ").count(),
        game.turns().len() - game.moves().len()
    );
    // Step by step: each Enter shows one more ply; q stops.
    let out = menagerie(&["pgn", "replay", path.to_str().unwrap()], "\n\nq\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("in hand: White").count(), 3);
}

#[test]
fn play_reads_moves_line_by_line_and_saves_the_game() {
    let path = std::env::temp_dir().join(format!("menagerie-play-{}.pgn", std::process::id()));
    let out = menagerie(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "human",
            "--white-name",
            "Ada",
            "--pgn",
            path.to_str().unwrap(),
        ],
        "e4\nKe3\nd5\nexd5\nresign\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Illegal: Ke3: no king of Black can make that move"),
        "{stdout}"
    );
    assert!(
        !stdout.contains('\x1b'),
        "no colour when the output is not a terminal"
    );
    assert!(
        stdout.contains("White plays exd5, taking Black's pawn on d5."),
        "{stdout}"
    );
    assert!(
        stdout.contains("Game over: Black resigns (1-0)."),
        "{stdout}"
    );
    let saved = pgn::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(saved.result.as_deref(), Some("1-0"));
    assert_eq!(saved.tag("Termination"), Some("normal"));
    assert_eq!(saved.tag("Reason"), Some("Black resigns"));
    assert_eq!(saved.game.moves().len(), 3);
    assert_eq!(saved.tag("White"), Some("Ada"), "the name given");
    assert_eq!(saved.tag("Black"), Some("human"), "no name given");
}

#[test]
fn play_names_the_engine_with_its_version_and_level() {
    let path =
        std::env::temp_dir().join(format!("menagerie-play-level-{}.pgn", std::process::id()));
    let out = menagerie(
        &["play", "--level", "3", "--pgn", path.to_str().unwrap()],
        "quit\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let saved = pgn::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(saved.tag("White"), Some("human"));
    let engine = format!("Menagerie {} level 3", env!("CARGO_PKG_VERSION"));
    assert_eq!(saved.tag("Black"), Some(engine.as_str()));
}
