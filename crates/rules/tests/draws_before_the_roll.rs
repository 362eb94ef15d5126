//! rules.md section 0: "An automatic draw ends the game on the move that makes it, so in
//! the beast variants no roll follows it (as after a mate)." The fifty-move rule and
//! threefold repetition in Behemoth, Juggernaut and Behemoth Loop.

use rules::chance::parse_token;
use rules::{Game, Outcome, Owed, Position, Reason, VariantId, fen, uci_move};

fn game(id: VariantId, fen_text: &str) -> Game {
    Game::new(fen::parse(id.rules().unwrap(), fen_text).unwrap())
}

/// Plays moves and roll tokens (`~...`) in order.
fn play(game: &mut Game, turns: &[&str]) {
    for text in turns {
        let pos = game.position().clone();
        if text.starts_with('~') {
            game.roll(parse_token(&pos, text).unwrap()).unwrap();
        } else {
            game.play(uci_move::parse(&pos, text).unwrap()).unwrap();
        }
    }
}

/// The game is drawn for `reason` with the dice not rolled, and no roll is accepted.
fn assert_drawn_before_the_roll(game: &mut Game, reason: Reason, roll: &str) {
    let draw = Outcome {
        winner: None,
        reason,
    };
    assert_eq!(game.owed(), Owed::Over(draw));
    assert!(game.position().chance_pending(), "the roll was never made");
    let pos = game.position().clone();
    let token = parse_token(&pos, roll).unwrap();
    let refused = game.roll(token).unwrap_err().to_string();
    assert!(refused.contains("no roll is owed"), "{refused}");
}

/// Each variant's rolls that move its beast one square north and back south.
const BEASTS: [(VariantId, &str, &str); 3] = [
    (VariantId::Behemoth, "~2.1", "~7.1"),
    (VariantId::Juggernaut, "~1", "~5"),
    (VariantId::BehemothLoop, "~2.1", "~7.1"),
];

#[test]
fn the_hundredth_quiet_ply_draws_with_no_roll_after_it() {
    // Issue 15 item 1: this position listed 32 rolls after g1f3, and `~2.4` went on.
    for (id, north, _) in BEASTS {
        let mut game = game(
            id,
            "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 99 60",
        );
        assert_eq!(game.outcome(), None, "{id:?}");
        play(&mut game, &["g1f3"]);
        assert_drawn_before_the_roll(&mut game, Reason::FiftyMoveRule, north);
    }
}

#[test]
fn a_pawn_move_on_the_hundredth_ply_is_followed_by_the_roll() {
    for (id, _, _) in BEASTS {
        let mut game = game(
            id,
            "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 99 60",
        );
        play(&mut game, &["e2e3"]);
        assert_eq!(game.owed(), Owed::Roll, "{id:?}");
    }
}

#[test]
fn the_move_that_repeats_a_position_a_third_time_draws_with_no_roll_after_it() {
    // The position after g1f3 (knight on f3, beast on d4, the dice owed) is reached three
    // times: from g1, from h4, and from g1 again. No position with a player to move
    // occurs three times before it, so the move, not a roll, makes the repetition.
    for (id, north, south) in BEASTS {
        let mut game = game(id, "4k3/8/8/8/3*4/8/8/4K1N1 w - - 0 1");
        let cycle = |white: &'static str, black: &'static str| [white, north, black, south];
        let mut turns = Vec::new();
        for (white, black) in [
            ("g1f3", "e8d8"),
            ("f3h4", "d8e8"),
            ("h4f3", "e8d8"),
            ("f3g1", "d8e8"),
        ] {
            turns.extend(cycle(white, black));
        }
        play(&mut game, &turns);
        assert_eq!(game.owed(), Owed::Move(rules::Color::White), "{id:?}");
        play(&mut game, &["g1f3"]);
        assert_eq!(game.repetitions(), 3, "{id:?}");
        assert_drawn_before_the_roll(&mut game, Reason::ThreefoldRepetition, north);
    }
}

#[test]
fn the_engine_free_position_agrees_on_the_fifty_move_draw() {
    // A position alone (as the search sees it) already knows the game is over.
    let pos: Position = {
        let mut game = game(
            VariantId::Behemoth,
            "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 99 60",
        );
        play(&mut game, &["g1f3"]);
        game.position().clone()
    };
    assert_eq!(pos.outcome().unwrap().reason, Reason::FiftyMoveRule);
}
