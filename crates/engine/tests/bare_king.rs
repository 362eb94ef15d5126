//! Against a bare king the engine mates before the fifty-move rule, in the endings whose
//! mate lies beyond its horizon: king, bishop and knight (which it once shuffled into a
//! fifty-move draw against Stockfish) and king and rook, both sides searching.

use engine::eval::Weights;
use engine::{Limits, Searcher};
use rules::{Color, Game, VariantId, fen};

const NODES_A_MOVE: u64 = 40_000;

/// The game from `fen_text` with both sides searching by `weights`: the winner, if any,
/// and the number of moves played.
fn play_out(fen_text: &str, weights: &Weights) -> (Option<Color>, usize) {
    let start = fen::parse(VariantId::Chess.rules().unwrap(), fen_text).unwrap();
    let mut game = Game::new(start);
    let mut searcher = Searcher::new(8);
    searcher.set_weights(weights.clone());
    let limits = Limits {
        nodes: Some(NODES_A_MOVE),
        ..Limits::default()
    };
    let mut plies: usize = 0;
    while game.outcome().is_none() {
        let pos = game.position().clone();
        let (best, _) = searcher.search(&pos, &game.history_keys(), &limits, |_| {});
        game.play(best.expect("a legal move")).unwrap();
        plies += 1;
    }
    let moves = plies.div_ceil(2);
    eprintln!(
        "{fen_text}: {:?} after {moves} moves",
        game.outcome().unwrap().reason
    );
    (game.outcome().unwrap().winner, moves)
}

#[test]
fn king_bishop_and_knight_mate_a_bare_king() {
    // The bare king in the centre, far from the bishop's corners: a1 and h8 for the dark
    // bishop, a8 and h1 for the light one (which once let it sit in h8 until the fifty-move
    // rule).
    for fen_text in [
        "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
        "8/8/8/4k3/8/8/8/3BKN2 w - - 0 1",
    ] {
        let (winner, moves) = play_out(fen_text, &Weights::DEFAULT);
        assert_eq!(
            winner,
            Some(Color::White),
            "{fen_text}: drawn after {moves} moves"
        );
    }
}

#[test]
fn king_and_rook_mate_a_bare_king_quickly() {
    let (winner, moves) = play_out("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", &Weights::DEFAULT);
    assert_eq!(winner, Some(Color::White), "drawn after {moves} moves");
    // The rook's mate takes at most 16 moves from any position.
    assert!(moves <= 25, "{moves} moves");
}
