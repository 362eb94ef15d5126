//! The search's repetition draw uses the kernel's FIDE sameness (`repetition_key`): an
//! en-passant right that no pawn can use does not make a position different.

use engine::{Limits, Searcher};
use rules::{Game, VariantId, fen, uci_move};

#[test]
fn returning_to_a_position_whose_en_passant_right_was_unusable_is_a_draw() {
    // 1. e2-e4 (the pawn on d4 could take en passant but for the queen's pin) Kc8
    // 2. Qd2 Kd8, and White, a queen up, is asked only about 3. Qd1, which brings back
    // the position after 1. e2-e4.
    let start = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "3k4/8/8/8/3p4/8/4P3/3QK3 w - - 0 1",
    )
    .unwrap();
    let mut game = Game::new(start);
    let mut after_double_step = None;
    for text in ["e2e4", "d8c8", "d1d2", "c8d8"] {
        let m = uci_move::parse(game.position(), text).unwrap();
        game.play(m).unwrap();
        after_double_step.get_or_insert_with(|| game.position().clone());
    }
    let after_double_step = after_double_step.unwrap();
    let pos = game.position().clone();
    let back = uci_move::parse(&pos, "d2d1").unwrap();
    let mut returned = pos.clone();
    returned.play(back);
    assert_ne!(
        returned.key(),
        after_double_step.key(),
        "the raw keys differ by the en-passant right"
    );
    assert_eq!(
        returned.repetition_key(),
        after_double_step.repetition_key()
    );

    // Two plies: the repetition right after Qd1 is looked at, none deeper (Black could
    // repeat the game's other positions too).
    let limits = Limits {
        depth: Some(2),
        root_moves: vec![back],
        ..Limits::default()
    };
    let (_, info) = Searcher::new(1).search(&pos, &game.history_keys(), &limits, |_| {});
    assert_eq!(info.score, 0, "a repetition is a draw");
    // Without the game's history, the same move keeps the queen's worth.
    let (_, info) = Searcher::new(1).search(&pos, &[], &limits, |_| {});
    assert!(info.score > 500, "{}", info.score);
}
