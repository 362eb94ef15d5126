//! Orthodox chess, rules.md section 0: the end-of-game rules and the special moves.

use rules::{Color, Game, Position, Reason, VariantId, fen, uci_move};

fn position(fen_text: &str) -> Position {
    fen::parse(VariantId::Chess.rules().unwrap(), fen_text).unwrap()
}

fn has(pos: &Position, text: &str) -> bool {
    pos.legal_moves()
        .iter()
        .any(|&m| uci_move::write(pos, m) == text)
}

fn game_from(moves: &[&str]) -> Game {
    let mut game = Game::new(Position::start(VariantId::Chess.rules().unwrap()));
    for text in moves {
        let m = uci_move::parse(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    game
}

#[test]
fn castling_both_sides_written_as_king_moves() {
    let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(has(&pos, "e1g1") && has(&pos, "e1c1"));
    assert!(!has(&pos, "e1h1") && !has(&pos, "e1a1"));
}

#[test]
fn castling_not_through_or_into_check_nor_out_of_it() {
    // A rook on f8 covers f1: no kingside castle; queenside is free.
    let pos = position("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!has(&pos, "e1g1") && has(&pos, "e1c1"));
    // A rook on g8 covers the landing square.
    let pos = position("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!has(&pos, "e1g1"));
    // In check: neither.
    let pos = position("r3k3/8/8/8/8/8/4r3/R3K2R w KQq - 0 1");
    assert!(!has(&pos, "e1g1") && !has(&pos, "e1c1"));
    // b1 attacked does not matter: the king does not cross it.
    let pos = position("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(has(&pos, "e1c1"));
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    let game = game_from(&["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert!(has(game.position(), "e5d6"));
    let later = game_from(&["e2e4", "a7a6", "e4e5", "d7d5", "a2a3", "a6a5"]);
    assert!(!has(later.position(), "e5d6"));
}

#[test]
fn promotion_to_four_pieces() {
    let pos = position("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    for piece in ["q", "r", "b", "n"] {
        assert!(has(&pos, &format!("a7a8{piece}")));
    }
    assert!(!has(&pos, "a7a8"));
}

#[test]
fn fools_mate_is_checkmate() {
    let game = game_from(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), Reason::Checkmate)
    );
    assert_eq!(outcome.result_text(), "0-1");
}

#[test]
fn stalemate_is_a_draw() {
    let pos = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let outcome = pos.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::Stalemate));
}

#[test]
fn threefold_repetition_is_automatic() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let twice: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
    let game = game_from(&twice[..7]);
    assert!(
        game.outcome().is_none(),
        "the start position has occurred twice, not yet three times"
    );
    let game = game_from(&twice);
    assert_eq!(game.outcome().unwrap().reason, Reason::ThreefoldRepetition);
}

#[test]
fn fifty_move_rule_at_one_hundred_plies() {
    let pos = position("7k/8/8/8/8/8/8/R6K w - - 99 80");
    assert!(pos.outcome().is_none());
    let mut next = pos.clone();
    next.play(uci_move::parse(&pos, "a1a2").unwrap());
    assert_eq!(next.outcome().unwrap().reason, Reason::FiftyMoveRule);
    // A pawn move resets the count.
    let pos = position("7k/8/8/8/8/8/P7/7K w - - 99 80");
    let mut next = pos.clone();
    next.play(uci_move::parse(&pos, "a2a3").unwrap());
    assert_eq!(next.halfmove_clock(), 0);
}

#[test]
fn checkmate_on_the_hundredth_ply_beats_the_fifty_move_rule() {
    let pos = position("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    let mut next = pos.clone();
    next.play(uci_move::parse(&pos, "a1a8").unwrap());
    assert_eq!(next.outcome().unwrap().reason, Reason::Checkmate);
}

#[test]
fn insufficient_material() {
    for fen_text in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",
        "8/8/4kn2/8/8/3K4/8/8 w - - 0 1",
    ] {
        assert_eq!(
            position(fen_text).outcome().unwrap().reason,
            Reason::InsufficientMaterial,
            "{fen_text}"
        );
    }
    for fen_text in [
        "8/8/4k3/8/8/3K4/8/R7 w - - 0 1",
        "8/8/4k3/8/8/3KBB2/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",
    ] {
        assert!(position(fen_text).outcome().is_none(), "{fen_text}");
    }
}

#[test]
fn no_moves_after_the_game_ends() {
    let mut game = game_from(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    let any = game.position().legal_moves();
    assert!(any.is_empty());
    let m = uci_move::parse(
        &position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
        "e1f2",
    );
    assert!(m.is_err());
    assert!(game.undo().is_some());
    assert!(game.outcome().is_none());
}

#[test]
fn an_en_passant_right_counts_for_repetition_only_when_the_capture_is_legal() {
    // FIDE 9.2.3, issue 15 item 2: after e2e4 the d4 pawn may not take en passant (it is
    // pinned to its king by the rook on h4), so the position after e2e4 is the one the
    // knights' shuffle comes back to twice more.
    let mut game = Game::new(position("1n6/8/8/8/k2p3R/8/4P3/4K1N1 w - - 0 1"));
    let moves = "e2e4 b8c6 g1f3 c6b8 f3g1 b8c6 g1f3 c6b8 f3g1".split(' ');
    for (i, text) in moves.enumerate() {
        assert_eq!(game.outcome(), None, "over before move {}", i + 1);
        game.play(uci_move::parse(game.position(), text).unwrap())
            .unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(rules::Outcome {
            winner: None,
            reason: Reason::ThreefoldRepetition
        })
    );
}

#[test]
fn a_legal_en_passant_capture_makes_the_position_different() {
    // The same shuffle without the pin: d4xe3 is legal after e2e4, so the first position
    // differs from the later ones and the game goes on.
    let mut game = Game::new(position("1n6/8/8/8/3p3R/k7/4P3/4K1N1 w - - 0 1"));
    for text in "e2e4 b8c6 g1f3 c6b8 f3g1 b8c6 g1f3 c6b8 f3g1".split(' ') {
        game.play(uci_move::parse(game.position(), text).unwrap())
            .unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
}
