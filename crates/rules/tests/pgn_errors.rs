//! Malformed PGN: every error names the line and the column where the problem is, and
//! says what is wrong.

use rules::pgn;

fn error(text: &str) -> (usize, usize, String) {
    let e = pgn::parse(text).expect_err("the PGN is malformed");
    (e.line, e.column, e.message)
}

#[test]
fn bad_tag_is_named_where_it_is() {
    let (line, column, why) = error("[Event \"x\"]\n[Site \"y]\n\n1. e4 *\n");
    assert_eq!((line, column), (2, 1));
    assert!(why.contains("tag Site: value is not closed"), "{why}");

    let (line, column, why) = error("[Event \"x\"]\n[Site y]\n\n1. e4 *\n");
    assert_eq!((line, column), (2, 7));
    assert!(why.contains("tag Site: expected a quoted value"), "{why}");

    let (line, column, why) = error("[Event \"x\" junk]\n*\n");
    assert_eq!((line, column), (1, 12));
    assert!(why.contains("tag Event: expected ']'"), "{why}");

    // A tag whose value the rules refuse is named at its own line.
    let (line, column, why) = error("[Event \"x\"]\n\n[Variant \"shogi\"]\n\n1. e4 *\n");
    assert_eq!((line, column), (3, 1));
    assert!(
        why.contains("Variant tag: unknown variant 'shogi'"),
        "{why}"
    );

    let (line, column, why) =
        error("[Event \"x\"]\n[Variant \"juggernaut\"]\n [Rules \"juggernaut-edge=bounce\"]\n*\n");
    assert_eq!((line, column), (3, 2));
    assert!(why.starts_with("Rules tag:"), "{why}");

    let (line, _, why) = error("[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n*\n");
    assert_eq!(line, 2);
    assert!(why.starts_with("FEN tag: invalid FEN"), "{why}");
}

#[test]
fn illegal_move_is_named_where_it_is() {
    let (line, column, why) =
        error("[Variant \"behemoth\"]\n\n1. e4 {[%roll 2 1]} e5 {[%roll 2 1]}\n2. Ke3 *\n");
    assert_eq!((line, column), (4, 4));
    assert!(why.starts_with("illegal move Ke3 for White in "), "{why}");
    // A move number glued to the move: the column is the move's own.
    let (line, column, why) = error("1.e4 e5 2.Nf6 *");
    assert_eq!((line, column), (1, 11));
    assert!(why.contains("illegal move Nf6"), "{why}");
    let (_, _, why) = error("1. e4 e5 2. Zz9 *");
    assert!(why.contains("malformed move 'Zz9'"), "{why}");
}

#[test]
fn missing_roll_is_named_at_the_move_that_comes_too_soon() {
    let text = "[Variant \"behemoth\"]\n\n1. e4 {[%roll 2 1]} e5 2. d4 *\n";
    let (line, column, why) = error(text);
    assert_eq!((line, column), (3, 27));
    assert!(
        why.starts_with("missing roll before d4: the dice are owed"),
        "{why}"
    );
    // A roll where a move is owed is an error too.
    let text = "[Variant \"behemoth\"]\n\n1. e4 {[%roll 2 1]} {[%roll 3 1]} e5 *\n";
    let (line, column, why) = error(text);
    assert_eq!((line, column), (3, 22));
    assert!(why.contains("roll '3 1' where a move is owed"), "{why}");
}

#[test]
fn roll_out_of_range_is_named_inside_its_comment() {
    let text = "[Variant \"behemoth\"]\n\n1. e4 {[%roll 9 1]} *\n";
    let (line, column, why) = error(text);
    assert_eq!((line, column), (3, 8));
    assert_eq!(why, "roll '9 1': the d8 shows 1-8");
    let text = "[Variant \"behemoth\"]\n\n1. e4 {thinking\n[%roll 2 5]} *\n";
    let (line, column, why) = error(text);
    assert_eq!((line, column), (4, 1));
    assert_eq!(why, "roll '2 5': the d4 shows 1-4");
    let text =
        "[Variant \"juggernaut\"]\n[Rules \"juggernaut-start=d4\"]\n\n1. e4 {[%roll 10 z9]} *\n";
    let (line, column, why) = error(text);
    assert_eq!((line, column), (4, 8));
    assert!(why.starts_with("roll '10 z9': "), "{why}");
    let text = "[Variant \"juggernaut\"]\n\n1. e4 {[%roll 7 4]} *\n";
    let (_, _, why) = error(text);
    assert!(
        why.contains("a Juggernaut roll is 1-9, or 10 and a square"),
        "{why}"
    );
    let (_, _, why) = error("1. e4 {[%roll 3]} *");
    assert!(why.contains("roll '3' where a move is owed"), "{why}");
}

#[test]
fn result_must_agree_with_the_moves() {
    let (line, column, why) = error("1. f3 e5 2. g4 Qh4# 1-0\n");
    assert_eq!((line, column), (1, 21));
    assert!(
        why.contains("result 1-0, but the moves end the game 0-1"),
        "{why}"
    );
    let (line, column, why) = error("1. f3 e5 2. g4 Qh4# 0-1 3. a3");
    assert_eq!((line, column), (1, 25));
    assert!(why.contains("text after the game's result"), "{why}");
}

#[test]
fn several_games_are_read_one_after_another() {
    let text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n[Variant \"behemoth\"]\n\n1. e4 {[%roll 1 1]} *\n";
    let games = pgn::parse_all(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(games[1].game.turns().len(), 2);
    assert_eq!(games[1].spans, vec![(8, 4), (8, 8)]);
    let e = pgn::parse_all("1. e4 1-0\n[Event \"b\"]\n1. e4 Ke7 *").unwrap_err();
    assert_eq!((e.line, e.column), (3, 7));
}

#[test]
fn a_byte_order_mark_is_not_a_move() {
    let games = pgn::parse_all("\u{feff}[Event \"a\"]\n\n1. e4 e5 *\n").unwrap();
    assert_eq!(games[0].game.moves().len(), 2);
    assert_eq!(games[0].spans[0], (3, 4));
}
