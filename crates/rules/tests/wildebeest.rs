//! Wildebeest Chess, rules.md section 5 and seed 004: every special rule checked on a
//! position worked out by hand.

use rules::{Color, Game, Piece, Position, Reason, Role, VariantId, fen, uci_move};

mod common;
use common::{moves, moves_from};

fn position(fen_text: &str) -> Position {
    fen::parse(VariantId::Wildebeest.rules().unwrap(), fen_text).unwrap()
}

fn play(pos: &Position, text: &str) -> Position {
    let m = uci_move::parse(pos, text).unwrap();
    let mut next = pos.clone();
    next.play(m);
    next
}

fn castles(pos: &Position) -> Vec<String> {
    let mut list: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|&m| uci_move::write(pos, m))
        .collect();
    list.sort();
    list
}

#[test]
fn start_position_perft() {
    // Issue 2 / Fairy-Stockfish with wildebeest-nocastle.ini.
    let pos = Position::start(VariantId::Wildebeest.rules().unwrap());
    assert_eq!(pos.perft(1), 45);
    assert_eq!(pos.perft(2), 2_025);
    assert_eq!(pos.perft(3), 95_829);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "deep perft: run with --release")]
fn start_position_perft_4() {
    let pos = Position::start(VariantId::Wildebeest.rules().unwrap());
    assert_eq!(pos.perft(4), 4_519_903);
}

const CASTLING_WHITE: &str = "5k5/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1";

#[test]
fn castling_every_distance_white() {
    // Seed 004: "the castling player can choose to slide his king one, two, three, or four
    // squares." One-square castles are spelled king-onto-rook (f1a1, f1k1).
    let pos = position(CASTLING_WHITE);
    assert_eq!(
        castles(&pos),
        [
            "f1a1", "f1b1", "f1c1", "f1d1", "f1h1", "f1i1", "f1j1", "f1k1"
        ]
    );
    // "the castling rook finishes on the opposite side of the king on the square adjacent."
    let landings = [
        ("f1a1", "e1", "f1"),
        ("f1d1", "d1", "e1"),
        ("f1c1", "c1", "d1"),
        ("f1b1", "b1", "c1"),
        ("f1k1", "g1", "f1"),
        ("f1h1", "h1", "g1"),
        ("f1i1", "i1", "h1"),
        ("f1j1", "j1", "i1"),
    ];
    let geo = &pos.variant().geometry;
    for (text, king, rook) in landings {
        let after = play(&pos, text);
        let at = |name: &str| after.piece_at(geo.parse_square(name).unwrap());
        assert_eq!(
            at(king),
            Some(Piece::new(Color::White, Role::King)),
            "{text}: king"
        );
        assert_eq!(
            at(rook),
            Some(Piece::new(Color::White, Role::Rook)),
            "{text}: rook"
        );
        assert_eq!(
            after.castling_rights(),
            0,
            "{text}: castling spends both rights"
        );
    }
}

#[test]
fn one_square_castle_and_king_step_are_different_moves() {
    let pos = position(CASTLING_WHITE);
    let all = moves(&pos);
    assert!(all.contains(&"f1e1".to_string()) && all.contains(&"f1a1".to_string()));
    let step = play(&pos, "f1e1");
    let geo = &pos.variant().geometry;
    assert_eq!(
        step.piece_at(geo.parse_square("a1").unwrap()),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert_eq!(step.piece_at(geo.parse_square("f1").unwrap()), None);
    let castle = play(&pos, "f1a1");
    assert_eq!(castle.piece_at(geo.parse_square("a1").unwrap()), None);
    assert_eq!(
        castle.piece_at(geo.parse_square("f1").unwrap()),
        Some(Piece::new(Color::White, Role::Rook))
    );
}

#[test]
fn castling_every_distance_black() {
    let pos = position("r4k4r/11/11/11/11/11/11/11/11/5K5 b kq - 0 1");
    assert_eq!(
        castles(&pos),
        [
            "f10a10", "f10b10", "f10c10", "f10d10", "f10h10", "f10i10", "f10j10", "f10k10"
        ]
    );
    let after = play(&pos, "f10b10");
    let geo = &pos.variant().geometry;
    assert_eq!(
        after.piece_at(geo.parse_square("b10").unwrap()),
        Some(Piece::new(Color::Black, Role::King))
    );
    assert_eq!(
        after.piece_at(geo.parse_square("c10").unwrap()),
        Some(Piece::new(Color::Black, Role::Rook))
    );
}

#[test]
fn castling_blocked_by_any_piece_between() {
    // rules.md 5: "all squares between them empty". A knight on b1 stops every queenside
    // castle, even those whose king does not reach b1.
    let pos = position("5k5/11/11/11/11/11/11/11/11/RN3K4R w KQ - 0 1");
    assert_eq!(castles(&pos), ["f1h1", "f1i1", "f1j1", "f1k1"]);
    let pos = position("5k5/11/11/11/11/11/11/11/11/R4K3NR w KQ - 0 1");
    assert_eq!(castles(&pos), ["f1a1", "f1b1", "f1c1", "f1d1"]);
}

#[test]
fn castling_needs_the_right() {
    let pos = position("5k5/11/11/11/11/11/11/11/11/R4K4R w K - 0 1");
    assert_eq!(castles(&pos), ["f1h1", "f1i1", "f1j1", "f1k1"]);
    let pos = position("5k5/11/11/11/11/11/11/11/11/R4K4R w - - 0 1");
    assert!(castles(&pos).is_empty());
}

#[test]
fn castling_out_of_check_is_illegal() {
    // "king not in check": a rook on f9 checks the king.
    let pos = position("5k5/5r5/11/11/11/11/11/11/11/R4K4R w KQ - 0 1");
    assert!(castles(&pos).is_empty());
}

#[test]
fn castling_through_attack_stops_at_the_attacked_square() {
    // "not passing over ... an attacked square": a rook on d10 attacks d1, so the king may
    // castle to e1 only on the queenside; the kingside is untouched.
    let pos = position("3r1k5/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1");
    assert_eq!(castles(&pos), ["f1a1", "f1h1", "f1i1", "f1j1", "f1k1"]);
    // A camel on i4 attacks h1 (and j1): kingside castles reach g1 only.
    let pos = position("5k5/11/11/11/11/11/8c2/11/11/R4K4R w KQ - 0 1");
    assert_eq!(castles(&pos), ["f1a1", "f1b1", "f1c1", "f1d1", "f1k1"]);
}

#[test]
fn castling_into_attack_is_illegal() {
    // "or landing on an attacked square": a rook on j10 attacks j1 and nothing before it.
    let pos = position("5k3r1/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1");
    assert_eq!(
        castles(&pos),
        ["f1a1", "f1b1", "f1c1", "f1d1", "f1h1", "f1i1", "f1k1"]
    );
}

#[test]
fn pawn_steps_from_second_and_third_rank() {
    // Seed 004: one, two or three squares on the first move; "Pawns that have advanced one
    // square ... have the option of advancing one or two squares"; then one at a time.
    let pos = position("5k5/11/11/11/11/11/11/11/4P6/5K5 w - - 0 1");
    assert_eq!(moves_from(&pos, "e2"), ["e2e3", "e2e4", "e2e5"]);
    let pos = position("5k5/11/11/11/11/11/11/4P6/11/5K5 w - - 0 1");
    assert_eq!(moves_from(&pos, "e3"), ["e3e4", "e3e5"]);
    let pos = position("5k5/11/11/11/11/11/4P6/11/11/5K5 w - - 0 1");
    assert_eq!(moves_from(&pos, "e4"), ["e4e5"]);
    let pos = position("5k5/4p6/11/11/11/11/11/11/11/5K5 b - - 0 1");
    assert_eq!(moves_from(&pos, "e9"), ["e9e6", "e9e7", "e9e8"]);
    let pos = position("5k5/11/4p6/11/11/11/11/11/11/5K5 b - - 0 1");
    assert_eq!(moves_from(&pos, "e8"), ["e8e6", "e8e7"]);
}

#[test]
fn multi_steps_blocked_by_any_piece_passed_or_reached() {
    // rules.md 5: "All squares passed must be empty."
    let pos = position("5k5/11/11/11/11/4n6/11/11/4P6/5K5 w - - 0 1");
    assert_eq!(moves_from(&pos, "e2"), ["e2e3", "e2e4"], "blocker on e5");
    let pos = position("5k5/11/11/11/11/11/4n6/11/4P6/5K5 w - - 0 1");
    assert_eq!(moves_from(&pos, "e2"), ["e2e3"], "blocker on e4");
    let pos = position("5k5/11/11/11/11/11/11/4N6/4P6/5K5 w - - 0 1");
    assert!(moves_from(&pos, "e2").is_empty(), "own piece on e3");
    let pos = position("5k5/11/11/11/11/4n6/11/4P6/11/5K5 w - - 0 1");
    assert_eq!(
        moves_from(&pos, "e3"),
        ["e3e4"],
        "double step from e3 blocked on e5"
    );
}

#[test]
fn en_passant_on_either_passed_square() {
    // rules.md 5: "an enemy pawn that could have captured it on any square it passed over
    // may capture it there". Black pawns on d4 (attacks e3) and f5 (attacks e4).
    let pos = position("5k5/11/11/11/11/5p5/3p7/11/4P6/5K5 w - - 0 1");
    let after = play(&pos, "e2e5");
    assert!(
        fen::write(&after).contains(" e3e4 "),
        "{}",
        fen::write(&after)
    );
    let black = moves(&after);
    assert!(black.contains(&"d4e3".to_string()) && black.contains(&"f5e4".to_string()));
    let geo = &pos.variant().geometry;
    for capture in ["d4e3", "f5e4"] {
        let taken = play(&after, capture);
        assert_eq!(
            taken.piece_at(geo.parse_square("e5").unwrap()),
            None,
            "{capture} removes the e5 pawn"
        );
        assert_eq!(taken.pieces_of(Color::White, Role::Pawn).count(), 0);
    }
}

#[test]
fn en_passant_after_a_double_step_from_the_third_rank() {
    // e3-e5 passes e4 only: the f5 pawn may take on e4; the d4 pawn attacks e3, which
    // this step did not pass.
    let pos = position("5k5/11/11/11/11/5p5/3p7/4P6/11/5K5 w - - 0 1");
    let after = play(&pos, "e3e5");
    let black = moves(&after);
    assert!(black.contains(&"f5e4".to_string()));
    assert!(!black.contains(&"d4e3".to_string()));
}

#[test]
fn en_passant_only_on_the_next_move() {
    let pos = position("5k5/11/11/11/11/5p5/11/11/4P6/5K5 w - - 0 1");
    let after = play(&pos, "e2e5");
    assert!(moves(&after).contains(&"f5e4".to_string()));
    let later = play(&play(&after, "f10g10"), "f1g1");
    assert!(!moves(&later).contains(&"f5e4".to_string()));
}

#[test]
fn en_passant_by_white_after_black_triple_step() {
    // White pawns on d7 (attacks e8) and f6 (attacks e7); Black e9-e6 passes e8 and e7.
    let pos = position("5k5/4p6/11/3P7/5P5/11/11/11/11/5K5 b - - 0 1");
    let after = play(&pos, "e9e6");
    assert!(fen::write(&after).contains(" e8e7 ") || fen::write(&after).contains(" e7e8 "));
    let white = moves(&after);
    assert!(white.contains(&"d7e8".to_string()));
    assert!(white.contains(&"f6e7".to_string()));
}

#[test]
fn promotion_to_queen_or_wildebeest_only() {
    // Seed 004: "A pawn may promote only to a queen or wildebeest."
    let pos = position("1r3k5/P10/11/11/11/11/11/11/11/5K5 w - - 0 1");
    assert_eq!(
        moves_from(&pos, "a9"),
        ["a9a10q", "a9a10w", "a9b10q", "a9b10w"]
    );
    let pos = position("5k5/11/11/11/11/11/11/11/p10/5K5 b - - 0 1");
    assert_eq!(moves_from(&pos, "a2"), ["a2a1q", "a2a1w"]);
}

#[test]
fn camel_and_wildebeest_leaps() {
    // Camel: (1,3)-leaper; wildebeest: knight or camel.
    let pos = position("5k5/11/11/11/11/5C5/11/11/11/K10 w - - 0 1");
    assert_eq!(
        moves_from(&pos, "f5"),
        [
            "f5c4", "f5c6", "f5e2", "f5e8", "f5g2", "f5g8", "f5i4", "f5i6"
        ]
    );
    let pos = position("5k5/11/11/11/11/5W5/11/11/11/K10 w - - 0 1");
    assert_eq!(moves_from(&pos, "f5").len(), 16);
}

#[test]
fn stalemate_wins_for_the_stalemating_side() {
    // Seed 004: "a win can be achieved either by checkmate or stalemate."
    let pos = position("k10/2Q8/11/11/11/11/11/11/11/5K5 b - - 0 1");
    assert!(pos.legal_moves().is_empty() && !pos.is_check());
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, Reason::Stalemate);
}

#[test]
fn checkmate_wins() {
    let pos = position("k10/1Q9/2K8/11/11/11/11/11/11/11 b - - 0 1");
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), Reason::Checkmate)
    );
}

#[test]
fn only_bare_kings_draw_by_material() {
    // rules.md 5: "K v K only".
    let bare = position("5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1");
    assert_eq!(bare.outcome().unwrap().reason, Reason::InsufficientMaterial);
    let knight = position("5k5/11/11/11/11/11/11/11/11/4NK5 w - - 0 1");
    assert_eq!(knight.outcome(), None);
}

#[test]
fn threefold_repetition_draws() {
    let mut game = Game::new(Position::start(VariantId::Wildebeest.rules().unwrap()));
    for text in [
        "b1c3", "b10c8", "c3b1", "c8b10", "b1c3", "b10c8", "c3b1", "c8b10",
    ] {
        assert!(game.outcome().is_none());
        let m = uci_move::parse(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    assert_eq!(game.outcome().unwrap().reason, Reason::ThreefoldRepetition);
}
