//! The dice variants, rules.md sections 1-3 and seeds 000 (Behemoth), 001 (Juggernaut) and
//! 002 (Behemoth Loop): one test per rule.

use rules::chance::{parse_token, write_token};

mod common;
use common::position;
use rules::{
    Color, Game, Piece, Position, Reason, Role, RuleOptions, Square, VariantId, fen, uci_move,
};

fn sq(pos: &Position, name: &str) -> Square {
    pos.geometry().parse_square(name).unwrap()
}

/// Plays a move, then applies a roll; returns the position and the squares trampled.
fn move_and_roll(pos: &Position, mv: &str, roll: &str) -> (Position, Vec<String>) {
    let mut next = pos.clone();
    next.play(uci_move::parse(pos, mv).unwrap());
    let outcome = parse_token(&next, roll).unwrap();
    let trample = next.apply_chance(outcome).unwrap();
    let names = trample
        .trampled
        .iter()
        .map(|(s, _)| next.geometry().name(*s))
        .collect();
    (next, names)
}

fn path_names(pos: &Position, roll: &str) -> Vec<String> {
    let mut owing = pos.clone();
    // Any legal move makes the roll owed; the path depends only on the beast's square.
    let m = owing.legal_moves().as_slice()[0];
    owing.play(m);
    let outcome = parse_token(&owing, roll).unwrap();
    owing
        .chance_path(outcome)
        .unwrap()
        .iter()
        .map(|&s| owing.geometry().name(s))
        .collect()
}

// ---- Behemoth (seed 000) ----

#[test]
fn behemoth_roll_7_4_from_d4_tramples_both_queens() {
    // Seed 000: "So an initial role of 7,4 would capture both side's Queens."
    let start = Position::start(VariantId::Behemoth.rules().unwrap());
    let (after, trampled) = move_and_roll(&start, "g1f3", "~7.4");
    assert_eq!(path_names(&start, "~7.4"), ["d3", "d2", "d1", "d8"]);
    assert_eq!(trampled, ["d2", "d1", "d8"]);
    assert_eq!(after.pieces_of(Color::White, Role::Queen).count(), 0);
    assert_eq!(after.pieces_of(Color::Black, Role::Queen).count(), 0);
    assert_eq!(after.beast_square(), Some(sq(&after, "d8")));
}

#[test]
fn behemoth_wraps_in_each_of_the_eight_directions() {
    // Seed 000: "it wraps around as if the board was toroidal". From h8 (a corner) each
    // direction with distance 2 shows the wrap.
    let pos = position(VariantId::Behemoth, "7*/8/8/8/8/8/8/K6k w - - 0 1");
    let expected = [
        ("~1.2", ["g1", "f2"]),
        ("~2.2", ["h1", "h2"]),
        ("~3.2", ["a1", "b2"]),
        ("~4.2", ["g8", "f8"]),
        ("~5.2", ["a8", "b8"]),
        ("~6.2", ["g7", "f6"]),
        ("~7.2", ["h7", "h6"]),
        ("~8.2", ["a7", "b6"]),
    ];
    for (roll, path) in expected {
        assert_eq!(path_names(&pos, roll), path, "{roll}");
    }
}

#[test]
fn behemoth_has_32_equally_likely_outcomes() {
    let mut pos = Position::start(VariantId::Behemoth.rules().unwrap());
    pos.play(uci_move::parse(&pos, "e2e4").unwrap());
    let outcomes = pos.chance_outcomes();
    assert_eq!(outcomes.len(), 32);
    assert!(
        outcomes
            .iter()
            .all(|(_, p)| p.numerator == 1 && p.denominator == 32)
    );
}

#[test]
fn trampled_rook_costs_castling() {
    // rules.md 1: "A trampled rook or king loses its castling right."
    let pos = position(VariantId::Behemoth, "r3k2r/8/8/8/8/8/8/R3K1*R b KQkq - 0 1");
    let (after, trampled) = move_and_roll(&pos, "a8b8", "~5.1");
    assert_eq!(trampled, ["h1"]);
    assert_eq!(fen::write(&after).split(' ').nth(2), Some("Qk"));
}

#[test]
fn trampled_double_stepper_cannot_be_taken_en_passant() {
    // rules.md 1: "a trampled pawn that just made a double step can no longer be captured
    // en passant." Black's d7-d5 beside the e5 pawn; the beast on d4 steps onto d5.
    let pos = position(VariantId::Behemoth, "4k3/3p4/8/4P3/3*4/8/8/4K3 b - - 0 1");
    let mut moved = pos.clone();
    moved.play(uci_move::parse(&pos, "d7d5").unwrap());
    assert_eq!(fen::write(&moved).split(' ').nth(3), Some("d6"));
    let (after, trampled) = move_and_roll(&pos, "d7d5", "~2.1");
    assert_eq!(trampled, ["d5"]);
    assert!(
        !after
            .legal_moves()
            .iter()
            .any(|m| m.kind == rules::MoveKind::EnPassant)
    );
    assert_eq!(fen::write(&after).split(' ').nth(3), Some("-"));
}

#[test]
fn en_passant_survives_a_beast_that_passes_the_square() {
    // rules.md, perft section: "en passant stays available when the beast only passed over
    // the passed square". Beast on d8 steps 7,3 (S): d7, d6, d5? No: it would trample d5.
    // Beast on a6 rolls E (5) distance 4: b6 c6 d6 e6, passing d6 and ending on e6.
    let pos = position(VariantId::Behemoth, "4k3/3p4/*7/4P3/8/8/8/4K3 b - - 0 1");
    let (after, trampled) = move_and_roll(&pos, "d7d5", "~5.4");
    assert!(trampled.is_empty());
    assert_eq!(after.beast_square(), Some(sq(&after, "e6")));
    assert!(
        after
            .legal_moves()
            .iter()
            .any(|m| m.kind == rules::MoveKind::EnPassant)
    );
    // Ending on the passed square blocks the capture.
    let (after, _) = move_and_roll(&pos, "d7d5", "~5.3");
    assert_eq!(after.beast_square(), Some(sq(&after, "d6")));
    assert!(
        !after
            .legal_moves()
            .iter()
            .any(|m| m.kind == rules::MoveKind::EnPassant)
    );
}

#[test]
fn trampled_king_loses() {
    // Seed 000: "a player having their King so captured, loses".
    let pos = position(VariantId::Behemoth, "4k3/8/8/8/8/8/4*3/R3K3 w - - 0 1");
    let mut game = Game::new(pos);
    game.play(uci_move::parse(game.position(), "a1a2").unwrap())
        .unwrap();
    game.roll(parse_token(game.position(), "~7.1").unwrap())
        .unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), Reason::KingTrampled)
    );
}

#[test]
fn both_kings_trampled_in_one_move_is_a_draw() {
    // Seed 000: "if both Kings are captured by the same Behemoth move, then the game in a
    // draw". Kings on e3 and e6, beast on e2 rolling N (2) distance 4.
    let pos = position(VariantId::Behemoth, "8/8/4k3/8/8/4K3/4*3/R7 w - - 0 1");
    let (after, trampled) = move_and_roll(&pos, "a1a2", "~2.4");
    assert_eq!(trampled, ["e3", "e6"]);
    let outcome = after.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, Reason::BothKingsTrampled)
    );
}

#[test]
fn checkmate_ends_the_game_before_the_beast_moves() {
    // rules.md 1: "A move that checkmates or stalemates ends the game at once".
    let pos = position(VariantId::Behemoth, "7k/8/6K1/8/8/8/8/R3*3 w - - 0 1");
    let mut game = Game::new(pos);
    game.play(uci_move::parse(game.position(), "a1a8").unwrap())
        .unwrap();
    assert_eq!(game.outcome().unwrap().reason, Reason::Checkmate);
    assert!(
        game.roll(parse_token(game.position(), "~1.1").unwrap())
            .is_err()
    );
}

#[test]
fn capturing_a_king_exposed_by_a_trample_wins() {
    // rules.md 1: "Then capturing that king is a legal move and wins." The black knight
    // on e7 shields the king from the e1 rook until the beast on d6 runs over it (NE, two
    // squares: e7, then f8).
    let pos = position(VariantId::Behemoth, "4k3/4n3/3*4/8/8/8/8/K3R2r b - - 0 1");
    let mut game = Game::new(pos);
    game.play(uci_move::parse(game.position(), "h1h2").unwrap())
        .unwrap();
    game.roll(parse_token(game.position(), "~3.2").unwrap())
        .unwrap();
    assert_eq!(game.position().piece_at(sq(game.position(), "e7")), None);
    assert!(
        game.position()
            .legal_moves()
            .iter()
            .any(|m| m.to == sq(game.position(), "e8"))
    );
    game.play(uci_move::parse(game.position(), "e1e8").unwrap())
        .unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), Reason::KingCaptured)
    );
}

#[test]
fn beast_blocks_en_passant_onto_its_square() {
    // rules.md 1: "an en-passant capture onto its square is impossible". After d7-d5 the
    // beast on d1 rolls S (7) distance 3 and wraps: d8, d7, d6, ending on the passed square.
    let pos = position(VariantId::Behemoth, "4k3/3p4/8/4P3/8/8/8/3*K3 b - - 0 1");
    let (after, trampled) = move_and_roll(&pos, "d7d5", "~7.3");
    assert!(trampled.is_empty());
    assert_eq!(after.beast_square(), Some(sq(&after, "d6")));
    assert!(
        !after
            .legal_moves()
            .iter()
            .any(|m| m.kind == rules::MoveKind::EnPassant)
    );
}

// ---- Juggernaut (seed 001) ----

fn juggernaut(fen_text: &str, options: &str) -> Position {
    let id = VariantId::Juggernaut;
    position(id, fen_text).with_options(RuleOptions::parse(id, options).unwrap())
}

fn owing(pos: &Position) -> Position {
    let mut next = pos.clone();
    next.play(next.legal_moves().as_slice()[0]);
    next
}

#[test]
fn juggernaut_every_face_of_the_d10() {
    // Seed 001: "On a 1-8, the Juggernaut moves as follows: 8 1 2 / 7 J 3 / 6 5 4 ... If
    // the die comes up 9 ... the Juggernaut merely sits there".
    let pos = owing(&juggernaut("4k3/8/8/8/3*4/8/8/4K3 w - - 0 1", ""));
    let expected = ["d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5"];
    for (roll, square) in (1..=8).zip(expected) {
        let path = pos
            .chance_path(parse_token(&pos, &format!("~{roll}")).unwrap())
            .unwrap();
        assert_eq!(path, [sq(&pos, square)], "roll {roll}");
    }
    assert!(
        pos.chance_path(parse_token(&pos, "~9").unwrap())
            .unwrap()
            .is_empty()
    );
}

#[test]
fn juggernaut_teleport_is_uniform_over_64_squares() {
    // Seed 001: "On a 10, it teleports. Roll the die two more times to pick a random rank
    // and file". rules.md 2: 73 branches, 1/10 for 1-9 and 1/640 for each square.
    let pos = owing(&juggernaut("4k3/8/8/8/3*4/8/8/4K3 w - - 0 1", ""));
    let outcomes = pos.chance_outcomes();
    assert_eq!(outcomes.len(), 73);
    let teleports: Vec<_> = outcomes
        .iter()
        .filter(|(o, _)| matches!(o, rules::ChanceOutcome::JuggernautTeleport(_)))
        .collect();
    assert_eq!(teleports.len(), 64);
    assert!(
        teleports
            .iter()
            .all(|(_, p)| p.numerator == 1 && p.denominator == 640)
    );
    let total: f64 = outcomes.iter().map(|(_, p)| p.as_f64()).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // A teleport tramples whatever stands on the square: here the black king.
    let mut next = pos.clone();
    let trample = next
        .apply_chance(parse_token(&pos, "~e8").unwrap())
        .unwrap();
    assert_eq!(
        trample.trampled,
        [(sq(&pos, "e8"), Piece::new(Color::Black, Role::King))]
    );
    assert_eq!(
        write_token(
            &pos,
            rules::ChanceOutcome::JuggernautTeleport(sq(&pos, "e8"))
        ),
        "~e8"
    );
}

#[test]
fn juggernaut_edge_wrap_stay_reroll() {
    // rules.md 2, option juggernaut-edge. The Juggernaut on a4 rolls 7 (W).
    let fen_text = "4k3/8/8/8/*7/8/8/4K3 w - - 0 1";
    let wrap = owing(&juggernaut(fen_text, ""));
    assert_eq!(
        wrap.chance_path(parse_token(&wrap, "~7").unwrap()).unwrap(),
        [sq(&wrap, "h4")]
    );
    let stay = owing(&juggernaut(fen_text, "juggernaut-edge=stay"));
    assert!(
        stay.chance_path(parse_token(&stay, "~7").unwrap())
            .unwrap()
            .is_empty()
    );
    assert_eq!(stay.chance_outcomes().len(), 73);
    let reroll = owing(&juggernaut(fen_text, "juggernaut-edge=reroll"));
    assert!(
        parse_token(&reroll, "~7").is_err(),
        "W, SW and NW are rolled again"
    );
    let outcomes = reroll.chance_outcomes();
    assert_eq!(outcomes.len(), 70);
    assert!(outcomes.iter().all(|(o, p)| match o {
        rules::ChanceOutcome::JuggernautTeleport(_) => p.denominator == 7 * 64,
        _ => p.denominator == 7,
    }));
}

// ---- Behemoth Loop (seed 002) ----

#[test]
fn loop_trampled_pieces_go_to_their_owners_hand() {
    // Seed 002: "A piece captured by the Behemoth is given to the hand of the owning
    // player. The pieces do not change owner/colour when captured."
    let start = Position::start(VariantId::BehemothLoop.rules().unwrap());
    let (after, trampled) = move_and_roll(&start, "g1f3", "~7.4");
    assert_eq!(trampled, ["d2", "d1", "d8"]);
    assert!(
        fen::write(&after).contains("[QPq]"),
        "{}",
        fen::write(&after)
    );
}

#[test]
fn loop_pawn_drops_not_on_first_or_last_rank() {
    // Seed 002: "A pawn may not be dropped onto the 1st or 8th row."
    let pos = position(
        VariantId::BehemothLoop,
        "4k3/8/8/3*4/8/8/8/4K3[P] w - - 0 1",
    );
    let drops: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m.kind, rules::MoveKind::Drop(_)))
        .map(|&m| uci_move::write(&pos, m))
        .collect();
    assert_eq!(
        drops.len(),
        6 * 8 - 1,
        "every square of ranks 2-7 but the beast's"
    );
    assert!(
        drops.contains(&"P@a2".to_string())
            && !drops.iter().any(|d| d.ends_with('1') || d.ends_with('8'))
    );
    // A pawn dropped on its second rank may double-step.
    let mut next = pos.clone();
    next.play(uci_move::parse(&pos, "P@a2").unwrap());
    next.apply_chance(parse_token(&next, "~1.1").unwrap())
        .unwrap();
    next.play(uci_move::parse(&next, "e8e7").unwrap());
    next.apply_chance(parse_token(&next, "~5.1").unwrap())
        .unwrap();
    assert!(uci_move::parse(&next, "a2a4").is_ok());
}

#[test]
fn loop_king_in_hand_must_be_dropped() {
    // Seed 002: "If a player has the King in hand, they must drop the King in that turn."
    let pos = position(
        VariantId::BehemothLoop,
        "4k3/8/8/3*4/8/8/8/R7[KQ] w - - 0 1",
    );
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 64 - 3);
    assert!(
        legal
            .iter()
            .all(|m| m.kind == rules::MoveKind::Drop(Role::King))
    );
}

#[test]
fn loop_no_king_rule_and_castling_through_attack() {
    // Seed 002: "it is allowed to leave the King attacked or castle from or over an
    // attacked square." A rook on f8 attacks f1; the king is in check from e8.
    let pos = position(
        VariantId::BehemothLoop,
        "4rr1k/8/8/3*4/8/8/8/R3K2R[] w KQ - 0 1",
    );
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| uci_move::write(&pos, m))
        .collect();
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    assert!(
        moves.contains(&"a1a2".to_string()),
        "leaving the king attacked is legal"
    );
}

#[test]
fn loop_king_capture_wins() {
    // Seed 002: "The game is won by capturing the opponent's King by an own piece."
    let pos = position(
        VariantId::BehemothLoop,
        "4k3/8/8/3*4/8/8/8/4R1K1[] w - - 0 1",
    );
    let mut game = Game::new(pos);
    game.play(uci_move::parse(game.position(), "e1e8").unwrap())
        .unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), Reason::KingCaptured)
    );
}

#[test]
fn loop_trampled_king_goes_to_hand_not_game_over() {
    // Seed 002: "The capture of a King by the Behemoth doesn't end the game".
    let pos = position(VariantId::BehemothLoop, "7k/8/8/8/8/8/4*3/R3K3[] w - - 0 1");
    let (after, trampled) = move_and_roll(&pos, "a1a2", "~7.1");
    assert_eq!(trampled, ["e1"]);
    assert!(after.outcome().is_none());
    assert!(fen::write(&after).contains("[K]"));
}

#[test]
fn loop_trampled_promoted_queen_drops_as_a_queen() {
    // Seed 002: "If a promoted piece is captured, it stays promoted."
    let pos = position(VariantId::BehemothLoop, "7k/P7/*7/8/8/8/8/4K3[] w - - 0 1");
    let (after, trampled) = move_and_roll(&pos, "a7a8q", "~2.2");
    assert_eq!(trampled, ["a8"]);
    assert!(fen::write(&after).contains("[Q]"));
    assert!(uci_move::parse(&after, "h8g8").is_ok());
}

#[test]
fn loop_castling_gone_after_a_redrop() {
    // rules.md 3: "A king or rook that has left its square (moved, or trampled and dropped
    // again) has no castling right." The beast on h2 steps onto h1.
    let pos = position(
        VariantId::BehemothLoop,
        "4k3/8/8/8/8/8/7*/R3K2R[] b KQ - 0 1",
    );
    let (after, trampled) = move_and_roll(&pos, "e8d8", "~7.1");
    assert_eq!(trampled, ["h1"]);
    assert_eq!(fen::write(&after).split(' ').nth(2), Some("Q"));
    let (after, _) = move_and_roll(&after, "R@h2", "~4.1");
    assert_eq!(fen::write(&after).split(' ').nth(2), Some("Q"));
}

/// The meaning of every face, as rules.md gives the dice, and each step's path goes the
/// way its meaning says.
#[test]
fn each_roll_says_where_the_beast_goes() {
    let behemoth = position(VariantId::Behemoth, "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
    let ways = ["NW ↖", "N ↑", "NE ↗", "W ←", "E →", "SW ↙", "S ↓", "SE ↘"];
    let first_steps = ["c6", "d6", "e6", "c5", "e5", "c4", "d4", "e4"];
    for (d8, (way, first)) in ways.iter().zip(first_steps).enumerate() {
        let token = format!("~{}.3", d8 + 1);
        let outcome = parse_token(&behemoth, &token).unwrap();
        assert_eq!(
            behemoth.roll_meaning(outcome),
            format!("{way}, 3 steps"),
            "{token}"
        );
        assert_eq!(path_names(&behemoth, &token)[0], first, "{token}");
    }
    let one = parse_token(&behemoth, "~2.1").unwrap();
    assert_eq!(behemoth.roll_meaning(one), "N ↑, 1 step");

    let juggernaut = position(VariantId::Juggernaut, "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
    let ways = [
        "N ↑", "NE ↗", "E →", "SE ↘", "S ↓", "SW ↙", "W ←", "NW ↖", "stays",
    ];
    for (d10, way) in ways.iter().enumerate() {
        let token = format!("~{}", d10 + 1);
        let outcome = parse_token(&juggernaut, &token).unwrap();
        assert_eq!(juggernaut.roll_meaning(outcome), *way, "{token}");
    }
    let teleport = parse_token(&juggernaut, "~e7").unwrap();
    assert_eq!(juggernaut.roll_meaning(teleport), "teleports to e7");
}
