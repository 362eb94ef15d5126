//! Battle Chieftain Chess, rules.md section 4 and seed 003: one test per rule, and perft
//! on every board.

use rules::{Color, Game, Owed, Position, Reason, RuleOptions, VariantId, fen, san, uci_move};

mod common;
use common::{moves, moves_from, position};

fn open(pos: Position) -> Position {
    let id = pos.variant().id;
    pos.with_options(RuleOptions::parse(id, "home-rows=open").unwrap())
}

fn play(pos: &Position, text: &str) -> Position {
    let mut next = pos.clone();
    next.play(uci_move::parse(pos, text).unwrap());
    next
}

const BC: VariantId = VariantId::BattleChieftain;

#[test]
fn the_four_boards_follow_the_seed_diagrams() {
    // Seed 003 draws each board; holes are "missing from the board".
    let holes = |id: VariantId| {
        let geo = &id.rules().unwrap().geometry;
        let mut names: Vec<String> = geo.holes.map(|sq| geo.name(sq)).collect();
        names.sort();
        names
    };
    let standard = holes(BC);
    // Walls' gaps a c h j on ranks 2 and 10, a and j on ranks 3, 5, 7, 9, a e f j on ranks
    // 4 and 8, c and h on rank 6.
    assert_eq!(standard.len(), 4 + 4 + 8 + 8 + 2);
    for hole in [
        "a2", "c2", "h2", "j2", "c6", "h6", "e4", "f4", "e8", "f8", "a10", "j10",
    ] {
        assert!(standard.contains(&hole.to_string()), "{hole}");
    }
    assert!(!standard.contains(&"a6".to_string()) && !standard.contains(&"a1".to_string()));
    let differing = holes(VariantId::BattleChieftainDifferingField);
    for hole in ["d4", "g4", "d8", "g8"] {
        assert!(differing.contains(&hole.to_string()), "{hole}");
    }
    assert!(!differing.contains(&"e4".to_string()));
    let uneven = holes(VariantId::BattleChieftainUnevenField);
    assert!(
        uneven.contains(&"e4".to_string())
            && uneven.contains(&"d8".to_string())
            && !uneven.contains(&"e8".to_string())
    );
    let walls = |id: VariantId, color: Color| {
        let variant = id.rules().unwrap();
        let board = variant.battle.as_ref().unwrap();
        let mut names: Vec<String> = board.walls[color.index()]
            .map(|sq| variant.geometry.name(sq))
            .collect();
        names.sort();
        names
    };
    assert_eq!(
        walls(BC, Color::White),
        ["b2", "d2", "e2", "f2", "g2", "i2"]
    );
    assert_eq!(
        walls(VariantId::BattleChieftainFarWalls, Color::White),
        ["b10", "d10", "e10", "f10", "g10", "i10"]
    );
}

#[test]
fn setup_white_places_its_king_on_its_wall_then_black() {
    // Seed 003: "A player's king must begin somewhere on their wall"; rules.md 4: White
    // places first, then Black, then White moves.
    let start = Position::start(BC.rules().unwrap());
    assert_eq!(
        moves(&start),
        ["K@b2", "K@d2", "K@e2", "K@f2", "K@g2", "K@i2"]
    );
    let after = play(&start, "K@e2");
    assert_eq!(after.turn(), Color::Black);
    assert_eq!(
        moves(&after),
        ["K@b10", "K@d10", "K@e10", "K@f10", "K@g10", "K@i10"]
    );
    let far = Position::start(VariantId::BattleChieftainFarWalls.rules().unwrap());
    assert!(
        moves(&far).contains(&"K@e10".to_string()),
        "far walls: White's wall is rank 10"
    );
    let both = play(&after, "K@d10");
    assert_eq!(both.turn(), Color::White);
    assert!(!moves(&both).iter().any(|m| m.contains('@')));
}

/// After the placements K@e2 and K@d10 on the standard board.
const PLACED: &str =
    "bbbbbbbbbb/3k6/10/10/10/10/10/10/10/4K5/BBBBBBBBBB w ABCDEFGHIJabcdefghij - 0 1";

#[test]
fn berserkers_move_as_rooks_and_never_cross_holes() {
    // Seed 003: "A berserker moves as a rook." ... "Only kings may move over these [holes]."
    let pos = position(BC, PLACED);
    assert!(moves_from(&pos, "a1").is_empty(), "a2 is a hole");
    assert_eq!(moves_from(&pos, "f1"), ["f1f3"], "f4 is a hole");
    // Over its own wall b2 to the field beyond, up to the enemy wall.
    assert_eq!(
        moves_from(&pos, "b1"),
        ["b1b3", "b1b4", "b1b5", "b1b6", "b1b7", "b1b8", "b1b9"]
    );
}

#[test]
fn kings_move_as_rooks_and_cross_holes() {
    // Seed 003: the king "moves as a rook"; "Only kings may move over these."
    let pos = position(
        BC,
        "bbbbbbbbbb/3k6/10/10/10/10/10/10/4K5/10/B9 w Aabcdefghij - 0 1",
    );
    assert_eq!(
        moves_from(&pos, "e3"),
        [
            "e3b3", "e3c3", "e3d3", "e3e1", "e3e5", "e3e6", "e3e7", "e3e9", "e3f3", "e3g3", "e3h3",
            "e3i3"
        ]
    );
    // The same square with a berserker: e4 is a hole, so nothing northward.
    let pos = position(
        BC,
        "bbbbbbbbbb/3k6/10/10/10/10/10/10/4B5/4K5/B9 w Aabcdefghij - 0 1",
    );
    assert!(
        !moves_from(&pos, "e3")
            .iter()
            .any(|m| m.starts_with("e3e") && m != "e3e1")
    );
}

#[test]
fn moves_end_on_field_never_on_ones_own_wall() {
    // Seed 003: "Pieces must begin and end their moves on the field"; the king "only
    // starts" on its wall (rules.md 4). The e2 king cannot step along its own wall.
    let pos = position(BC, PLACED);
    assert!(!moves_from(&pos, "e2").iter().any(|m| m.ends_with('2')));
    // "When the berserkers leave their spaces, they leave FIELD behind them": once the e1
    // berserker has gone, the king may go down onto e1.
    let pos = position(
        BC,
        "bbbbbbbbbb/3k6/10/10/10/10/10/10/4B5/4K5/BBBB1BBBBB w ABCDFGHIJabcdefghij - 0 1",
    );
    assert!(moves_from(&pos, "e2").contains(&"e2e1".to_string()));
}

#[test]
fn enemy_wall_only_when_capturing() {
    // Seed 003: "No player may end a move on their opponents wall, except to capture."
    let pos = position(BC, PLACED);
    let d1 = moves_from(&pos, "d1");
    assert!(
        d1.contains(&"d1d10".to_string()),
        "the black king on d10 may be taken there"
    );
    assert!(
        !moves_from(&pos, "b1").contains(&"b1b10".to_string()),
        "b10 is empty"
    );
}

#[test]
fn nobody_captures_on_their_own_wall() {
    // rules.md 4: "an enemy king that captured its way onto your wall cannot be taken
    // there." Black's king stands on d2, White's wall; White's d1 berserker cannot take it.
    let pos = position(
        BC,
        "bbbbbbbbbb/10/10/10/10/10/10/10/10/3k1K4/BBBBBBBBBB w ABCDEFGHIJabcdefghij - 0 1",
    );
    assert!(!moves(&pos).iter().any(|m| m.ends_with("d2")));
}

#[test]
fn sanctuary_unmoved_berserkers_cannot_be_captured() {
    // rules.md 4, option home-rows=sanctuary: an unmoved berserker "cannot be captured and
    // does not count as attacked". A white berserker on b9 faces Black's unmoved b11.
    let fen_text =
        "bbbbbbbbbb/3k6/1B8/10/10/10/10/10/10/4K5/B1BBBBBBBB w ACDEFGHIJabcdefghij - 0 1";
    let pos = position(BC, fen_text);
    assert!(!moves_from(&pos, "b9").contains(&"b9b11".to_string()));
    let pos = open(position(BC, fen_text));
    assert!(
        moves_from(&pos, "b9").contains(&"b9b11".to_string()),
        "home-rows=open"
    );
    // A berserker that has moved has no sanctuary, even back on its home square.
    let moved = fen_text.replace("abcdefghij", "acdefghij");
    assert!(moves_from(&position(BC, &moved), "b9").contains(&"b9b11".to_string()));
}

#[test]
fn swap_is_optional_when_the_king_is_attacked() {
    // Seed 003: "If a king is placed in check, then its owner may choose to make this
    // transformation, or not." The black berserker on e7 attacks White's king on e5;
    // White may step aside to f5 (d5 is on the black king's file), or swap.
    let pos = position(
        BC,
        "bbbb1bbbbb/3k6/10/10/4b5/10/4K5/10/10/10/BBBBBBBBBB w ABCDEFGHIJabcdfghij - 0 1",
    );
    let all = moves(&pos);
    let swaps: Vec<&String> = all
        .iter()
        .filter(|m| m.starts_with("e5") && m.ends_with('1') && m.len() == 4)
        .collect();
    assert_eq!(swaps.len(), 10, "{all:?}");
    assert!(
        all.contains(&"e5f5".to_string()),
        "an ordinary king move is still legal"
    );
    assert!(
        all.contains(&"e5e7".to_string()),
        "so is taking the attacker"
    );
    let swapped = play(&pos, "e5c1");
    let geo = &pos.variant().geometry;
    assert_eq!(
        swapped
            .piece_at(geo.parse_square("c1").unwrap())
            .unwrap()
            .role,
        rules::Role::King
    );
    assert_eq!(
        swapped
            .piece_at(geo.parse_square("e5").unwrap())
            .unwrap()
            .role,
        rules::Role::Berserker
    );
    assert!(
        !fen::write(&swapped).contains("ABCDE"),
        "the crowned c1 berserker has moved"
    );
}

#[test]
fn swap_is_forced_when_the_king_is_checkmated() {
    // Seed 003: "When the king is checkmated, it is transformed into a berserker." On the
    // differing field the unmoved e11 berserker sees down the open e-file onto White's
    // king on e2 (a capture on Black's enemy wall), and no White move can stop it.
    let pos = position(VariantId::BattleChieftainDifferingField, PLACED);
    assert_eq!(
        moves(&pos),
        [
            "e2a1", "e2b1", "e2c1", "e2d1", "e2e1", "e2f1", "e2g1", "e2h1", "e2i1", "e2j1"
        ]
    );
    assert_eq!(
        san::write(&pos, uci_move::parse(&pos, "e2c1").unwrap()),
        "K=c1"
    );
}

#[test]
fn a_captured_king_is_replaced_by_a_crowned_berserker() {
    // Seed 003: "When a king is captured, its player loses a turn, and then promotes a
    // berserker." White's d1 berserker takes the king on d10; Black's turn is a crowning.
    let pos = position(BC, PLACED);
    let after = play(&pos, "d1d10");
    assert_eq!(after.turn(), Color::Black);
    let crownings = moves(&after);
    assert_eq!(crownings.len(), 10);
    assert!(
        crownings
            .iter()
            .all(|m| m.starts_with("K@") && m.ends_with("11"))
    );
    let crowned = play(&after, "K@c11");
    assert_eq!(
        fen::write(&crowned).split(' ').nth(2),
        Some("ABCEFGHIJabdefghij")
    );
    assert_eq!(
        san::write(&after, uci_move::parse(&after, "K@c11").unwrap()),
        "K@c11"
    );
}

#[test]
fn capturing_the_last_berserker_wins() {
    // Seed 003: "A player wins by capturing all of their opponent's berserkers ... The king
    // need not be captured".
    let pos = position(BC, "10/3k6/10/10/1b8/10/10/10/1B8/4K5/10 w - - 0 1");
    let after = play(&pos, "b3b7");
    let outcome = after.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), Reason::LastBerserkerCaptured)
    );
}

#[test]
fn no_legal_turn_loses() {
    // rules.md 4: "A player with no legal turn loses." White must place its king, but Black
    // berserkers stand on every square of White's wall.
    let pos = position(
        BC,
        "bbbb6/10/10/10/10/10/10/10/10/1b1bbbb1b1/BBBBBBBBBB[Kk] w ABCDEFGHIJabcd - 0 1",
    );
    assert!(pos.legal_moves().is_empty());
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), Reason::NoLegalTurn)
    );
}

#[test]
fn fifty_moves_without_a_capture_draw() {
    let pos = position(
        BC,
        "bbbbbbbbbb/3k6/10/10/10/10/10/10/10/4K5/BBBBBBBBBB w ABCDEFGHIJabcdefghij - 99 60",
    );
    let after = play(&pos, "b1b3");
    assert_eq!(after.outcome().unwrap().reason, Reason::FiftyMoveRule);
}

#[test]
fn threefold_repetition_draws() {
    let mut game = Game::new(Position::start(BC.rules().unwrap()));
    for text in [
        "K@e2", "K@e10", "b1b3", "b11b9", "b3b4", "b9b8", "b4b3", "b8b9", "b3b4", "b9b8", "b4b3",
        "b8b9",
    ] {
        assert!(matches!(game.owed(), Owed::Move(_)));
        game.play(uci_move::parse(game.position(), text).unwrap())
            .unwrap();
    }
    assert_eq!(game.outcome().unwrap().reason, Reason::ThreefoldRepetition);
}

#[test]
fn fen_errors_for_impossible_positions() {
    let cases = [
        (
            "bbbbbbbbbb/10/10/10/10/10/10/10/10/10/BBBBBBBBBB[Kk] b - - 0 1",
            "White places its king first",
        ),
        (
            "bbbbbbbbbb/10/10/10/10/10/10/10/10/K9/BBBBBBBBBB[k] b - - 0 1",
            "a hole",
        ),
        (
            "bbbbbbbbbb/10/10/10/10/10/10/10/10/4K5/BBBBBBBBBB[Kk] w - - 0 1",
            "White has 2 kings",
        ),
        (
            "bbbbbbbbbb/10/10/10/10/10/10/10/10/4K5/BBBBBBBBBB w - - 0 1",
            "Black has no king",
        ),
        (
            "bbbbbbbbbb/3k6/10/10/10/10/10/10/10/4K5/BBBBBBBBBB w ABCDEFGHIJabcdefghijX - 0 1",
            "unmoved-berserker field",
        ),
        (
            "bbbbbbbbbb/3k6/10/10/10/10/10/10/10/4K5/BBBB1BBBBB w E - 0 1",
            "no white berserker stands there",
        ),
    ];
    for (text, expected) in cases {
        let message = fen::parse(BC.rules().unwrap(), text)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains(expected),
            "{text}: '{message}' lacks '{expected}'"
        );
    }
}

#[test]
fn every_turn_has_one_spelling_that_reads_back() {
    for fen_text in [
        "bbbbbbbbbb/10/10/10/10/10/10/10/10/10/BBBBBBBBBB[Kk] w ABCDEFGHIJabcdefghij - 0 1",
        PLACED,
        "bbbb1bbbbb/3k6/10/10/4b5/10/4K5/10/10/10/BBBBBBBBBB w ABCDEFGHIJabcdfghij - 0 1",
        "bbbbbbbbbb/10/10/10/10/10/10/10/10/4K5/BBBBBBBBBB b ABCDEFGHIJabcdefghij - 0 1",
    ] {
        let pos = position(BC, fen_text);
        assert_eq!(fen::write(&pos), fen_text);
        let mut seen = std::collections::HashSet::new();
        for &m in &pos.legal_moves() {
            let text = uci_move::write(&pos, m);
            assert!(seen.insert(text.clone()), "{text} twice");
            assert_eq!(uci_move::parse(&pos, &text).unwrap(), m);
            let san_text = san::write(&pos, m);
            assert_eq!(san::parse(&pos, &san_text).unwrap(), m, "{san_text}");
        }
    }
}

/// Perft from the start, the two placement turns included, on every board and with each
/// `home-rows` setting.
///
/// Worked by hand on the standard board. Depth 1: White's king may go to any of the six
/// squares of its wall (b2 d2 e2 f2 g2 i2); depth 2: 6 x 6 = 36 placement pairs. For the
/// pair K@e2, K@d10, depth 3 counts White's first moves:
/// - berserkers a1, c1, h1 and j1 face holes (0); e1 is blocked by its own king (0); f1
///   reaches f3 and stops at the f4 hole (1); b1, g1 and i1 cross the wall to ranks 3-9
///   (7 each: rank 10 is Black's wall, empty, and rank 11 holds Black's unmoved, sanctuary
///   berserkers); d1 reaches d3-d9 and takes the king on Black's wall at d10 (8);
/// - the e2 king goes north over the e4 and e8 holes to e3, e5, e6, e7, e9 (5), and
///   sideways only over its own wall and holes (0); it is not attacked, so no swaps:
///   7 + 8 + 1 + 7 + 7 + 5 = 35.
///
/// Depth 4 for the same pair counts Black's replies. The d1 berserker attacks the king on
/// d10 down the open d-file, and no black move can block it:
/// - after the 27 White moves that leave d1 where it is, every king move stays on the
///   d-file, so Black is checkmated and must swap: 10 each, 270;
/// - after d1xd10 Black crowns one of its 10 berserkers: 10;
/// - after d1-dk (k = 3..9) the king escapes by taking on dk, so Black has its ordinary
///   moves and the 10 swaps: berserkers b11, g11, i11 reach ranks 9-3 (7 each), e11 and
///   f11 reach rank 9 (1 each), d11 is blocked by its king: 23; the king goes d9..dk
///   (10 - k); sum over k of (23 + 10 - k + 10) = 259.
///
/// 270 + 10 + 259 = 539.
#[test]
fn perft_from_the_start_on_every_board() {
    let placed = position(BC, PLACED);
    assert_eq!(placed.perft(1), 35);
    assert_eq!(placed.perft(2), 539);
    let expected: [(VariantId, &str, [u64; 4]); 8] = [
        (BC, "sanctuary", [6, 36, 802, 19_294]),
        (BC, "open", [6, 36, 864, 22_000]),
        (
            VariantId::BattleChieftainFarWalls,
            "sanctuary",
            [6, 36, 862, 20_488],
        ),
        (
            VariantId::BattleChieftainFarWalls,
            "open",
            [6, 36, 930, 23_600],
        ),
        (
            VariantId::BattleChieftainDifferingField,
            "sanctuary",
            [6, 36, 802, 19_294],
        ),
        (
            VariantId::BattleChieftainDifferingField,
            "open",
            [6, 36, 864, 22_000],
        ),
        (
            VariantId::BattleChieftainUnevenField,
            "sanctuary",
            [6, 36, 922, 23_162],
        ),
        (
            VariantId::BattleChieftainUnevenField,
            "open",
            [6, 36, 984, 25_942],
        ),
    ];
    for (id, home_rows, counts) in expected {
        let options = RuleOptions::parse(id, &format!("home-rows={home_rows}")).unwrap();
        let pos = Position::start(id.rules().unwrap()).with_options(options);
        for (depth, &want) in counts.iter().enumerate() {
            assert_eq!(
                pos.perft(depth as u32 + 1),
                want,
                "{id} home-rows={home_rows} perft({})",
                depth + 1
            );
        }
    }
}

#[test]
fn crowning_the_last_berserker_loses_and_says_so() {
    // Issue 15 item 3, rules.md 4: White's king takes Black's king; Black must crown a
    // berserker, its last, and is left with a king and no army.
    let pos = position(BC, "10/10/1b8/10/3k6/9B/10/10/3K6/10/10 w - - 0 1");
    let after = play(&play(&pos, "d3d7"), "K@b9");
    let outcome = after.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), Reason::LastBerserkerCrowned)
    );
    assert_eq!(
        outcome.to_string(),
        "White wins by the opponent crowning its last berserker"
    );
}
