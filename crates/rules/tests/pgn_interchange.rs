//! PGN as other programs read and write it (issue 15 item 7): the Seven Tag Roster first,
//! standard `Termination` values, a `Variant` tag in every game, the seed only where dice
//! were rolled, other programs' names for chess, and annotations kept.

use rules::{Game, Position, VariantId, pgn, uci_move};

fn game(id: VariantId, turns: &[&str]) -> Game {
    let mut game = Game::new(Position::start(id.rules().unwrap()));
    for text in turns {
        let pos = game.position().clone();
        if text.starts_with('~') {
            game.roll(rules::chance::parse_token(&pos, text).unwrap())
                .unwrap();
        } else {
            game.play(uci_move::parse(&pos, text).unwrap()).unwrap();
        }
    }
    game
}

fn tag_names(text: &str) -> Vec<String> {
    pgn::parse(text)
        .unwrap()
        .tags
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

#[test]
fn the_seven_tags_come_first_in_order_then_ours() {
    let text = pgn::write(
        &game(VariantId::Chess, &FOOLS_MATE),
        &[
            ("GameId", "x1"),
            ("Black", "Bob"),
            ("White", "Alice"),
            ("Event", "club night"),
        ],
    );
    assert_eq!(
        tag_names(&text),
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Variant",
            "Termination",
            "Reason",
            "GameId"
        ]
    );
    assert!(
        text.starts_with(
            "[Event \"club night\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"Alice\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n"
        ),
        "{text}"
    );
}

#[test]
fn termination_takes_standard_values_and_the_reason_its_own_tag() {
    let mated = pgn::parse(&pgn::write(&game(VariantId::Chess, &FOOLS_MATE), &[])).unwrap();
    assert_eq!(mated.tag("Termination"), Some("normal"));
    assert_eq!(mated.tag("Reason"), Some("Black wins by checkmate"));
    let cases = [
        ("1-0", "resignation", "normal"),
        ("1/2-1/2", "agreement", "normal"),
        ("0-1", "time", "time forfeit"),
        ("*", "aborted", "abandoned"),
        ("1-0", "rules infraction", "rules infraction"),
    ];
    for (result, why, standard) in cases {
        let text = pgn::write(
            &game(VariantId::Chess, &["e2e4"]),
            &[("Result", result), ("Termination", why)],
        );
        let read = pgn::parse(&text).unwrap();
        assert_eq!(read.tag("Termination"), Some(standard), "{why}");
        assert_eq!(read.tag("Result"), Some(result), "{why}");
        let reason = read.tag("Reason");
        assert!(reason.is_none() || reason == Some(why), "{why}: {reason:?}");
    }
    let going_on = pgn::parse(&pgn::write(&game(VariantId::Chess, &["e2e4"]), &[])).unwrap();
    assert_eq!(going_on.tag("Termination"), Some("unterminated"));
}

#[test]
fn every_game_names_its_variant_chess_as_other_programs_do() {
    for id in VariantId::ALL {
        let text = pgn::write(&game(id, &[]), &[]);
        let read = pgn::parse(&text).unwrap();
        let expected = if id == VariantId::Chess {
            "Standard".to_string()
        } else {
            id.to_string()
        };
        assert_eq!(read.tag("Variant"), Some(expected.as_str()), "{id}");
        assert_eq!(read.game.start().variant().id, id);
    }
}

#[test]
fn other_programs_names_for_chess_are_read_as_chess() {
    for name in ["Standard", "standard", "Chess", "From Position", "Chess960"] {
        let text = format!(
            "[Variant \"{name}\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O *\n"
        );
        let read = pgn::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(read.game.start().variant().id, VariantId::Chess, "{name}");
        assert_eq!(read.game.moves().len(), 1);
    }
}

#[test]
fn seed_tags_only_where_dice_were_rolled() {
    let seeded = [("Seed", "7"), ("SeedCommitment", "abc")];
    let chess = pgn::parse(&pgn::write(&game(VariantId::Chess, &["e2e4"]), &seeded)).unwrap();
    assert_eq!(
        (chess.tag("Seed"), chess.tag("SeedCommitment")),
        (None, None)
    );
    let behemoth = game(VariantId::Behemoth, &["e2e4", "~2.1"]);
    let rolled = pgn::parse(&pgn::write(&behemoth, &seeded)).unwrap();
    assert_eq!(rolled.tag("Seed"), Some("7"));
    let physical = [("Dice", "physical"), ("Seed", "7")];
    let by_hand = pgn::parse(&pgn::write(&behemoth, &physical)).unwrap();
    assert_eq!(by_hand.tag("Seed"), None);
}

#[test]
fn comments_nags_variations_clocks_and_evaluations_are_kept() {
    let text = "[Event \"annotated\"]\n\n{ Before the first move. } 1. e4 { [%clk 0:03:00] } $1 \
                1... e5 $2 ( 1... c5 { Sicilian } 2. Nf3 ) 2. Nf3! { [%eval 0.31] [%clk 0:02:58] } \
                Nc6 ; a line comment\n3. Bb5 *\n";
    let read = pgn::parse(text).unwrap();
    assert_eq!(read.game.moves().len(), 5);
    let written = pgn::write_with_notes(&read.game, &[("Event", "annotated")], &read.notes);
    for kept in [
        "{ Before the first move. } 1. e4",
        "e4 { [%clk 0:03:00] } $1 1... e5 $2 ( 1... c5 { Sicilian } 2. Nf3 ) 2. Nf3 $1",
        "{ [%eval 0.31] [%clk 0:02:58] } 2... Nc6 {a line comment} 3. Bb5 *",
    ] {
        assert!(
            written.replace('\n', " ").contains(kept),
            "'{kept}' missing from:\n{written}"
        );
    }
    let again = pgn::parse(&written).unwrap();
    assert_eq!(again.notes, read.notes);
    assert_eq!(again.game.turns(), read.game.turns());
}

#[test]
fn a_comment_beside_a_roll_is_kept_after_it() {
    let text = "[Variant \"behemoth\"]\n\n1. e4 {[%roll 2 1] [%clk 0:01:00]} e5 *\n";
    let read = pgn::parse(text).unwrap();
    assert_eq!(read.game.turns().len(), 3);
    let written = pgn::write_with_notes(&read.game, &[], &read.notes);
    assert!(
        written.contains("1. e4 {[%roll 2 1]} {[%clk 0:01:00]} 1... e5 *"),
        "{written}"
    );
}
