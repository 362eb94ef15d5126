//! The evaluation's material values: set by name, and used by the evaluation.

use engine::accumulator::Accumulator;
use engine::eval::{LAZY_MARGIN, Weights, evaluate_outside, evaluate_with};
use rules::{Role, VariantId, fen};

#[test]
fn weights_are_set_by_role_name_or_hand() {
    let mut weights = Weights::DEFAULT;
    weights.set("camel", 300).unwrap();
    weights.set("hand", 70).unwrap();
    assert_eq!(weights.piece[Role::Camel.index()], 300);
    assert_eq!(weights.hand_percent, 70);
    let error = weights.set("dragon", 900).unwrap_err();
    assert!(error.contains("unknown weight 'dragon'"), "{error}");
    assert!(error.contains("wildebeest"), "{error}");
}

#[test]
fn a_camel_up_is_worth_what_the_weights_say() {
    let wildebeest = VariantId::Wildebeest.rules().unwrap();
    let with_camel = fen::parse(wildebeest, "10k/11/11/11/11/5C5/11/11/11/K10 w - - 0 1").unwrap();
    let bare = fen::parse(wildebeest, "10k/11/11/11/11/11/11/11/11/K10 w - - 0 1").unwrap();
    // Without the tapered terms, whose middlegame and endgame blend moves with the material.
    let material_only = Weights {
        tapered: false,
        ..Weights::DEFAULT
    };
    let default_gap =
        evaluate_with(&with_camel, &material_only) - evaluate_with(&bare, &material_only);
    let mut weights = material_only.clone();
    weights.set("camel", 400).unwrap();
    let heavier_gap = evaluate_with(&with_camel, &weights) - evaluate_with(&bare, &weights);
    assert!(default_gap > 0, "{default_gap}");
    assert_eq!(
        heavier_gap - default_gap,
        400 - Weights::DEFAULT.piece[Role::Camel.index()]
    );
}

#[test]
fn pieces_in_hand_count_by_the_hand_percentage() {
    let loop_chess = VariantId::BehemothLoop.rules().unwrap();
    let with_hand = fen::parse(
        loop_chess,
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPP1/RNBQKBNR[R] w KQkq - 0 1",
    )
    .unwrap();
    let mut full = Weights::DEFAULT;
    full.set("hand", 100).unwrap();
    let mut half = Weights::DEFAULT;
    half.set("hand", 50).unwrap();
    let rook = Weights::DEFAULT.piece[Role::Rook.index()];
    assert_eq!(
        evaluate_with(&with_hand, &full) - evaluate_with(&with_hand, &half),
        rook / 2
    );
}

/// The default weights without a network: chess's is the whole evaluation, with none of
/// the hand-written terms.
const HAND_WRITTEN: Weights = Weights {
    network: false,
    ..Weights::DEFAULT
};

/// The hand-written evaluation with the default weights less the one with `name` set
/// to 0.
fn term(id: VariantId, fen_text: &str, name: &str) -> i32 {
    let pos = fen::parse(id.rules().unwrap(), fen_text).unwrap();
    let mut without = HAND_WRITTEN;
    without.set(name, 0).unwrap();
    evaluate_with(&pos, &HAND_WRITTEN) - evaluate_with(&pos, &without)
}

#[test]
fn pawns_in_front_of_the_king_count_while_the_armies_are_on() {
    // Black has pushed its e-pawn: two pawns before its king against White's three.
    let fen_text = "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(
        term(VariantId::Chess, fen_text, "shelter"),
        Weights::DEFAULT.shelter
    );
    // The king's centre bonus waits for the endgame.
    assert_eq!(term(VariantId::Chess, fen_text, "king-activity"), 0);
    // A beast tramples through any shelter: no such term there.
    let behemoth = "rnbqkbnr/pppp1ppp/8/4p3/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(term(VariantId::Behemoth, behemoth, "shelter"), 0);
}

#[test]
fn in_the_endgame_the_king_belongs_in_the_centre() {
    assert!(
        term(
            VariantId::Chess,
            "8/8/8/3k4/8/8/8/K7 w - - 0 1",
            "king-activity"
        ) < 0
    );
    assert_eq!(
        term(
            VariantId::Chess,
            "8/8/5k2/8/8/2K5/8/8 w - - 0 1",
            "king-activity"
        ),
        0
    );
    // Without enemy pieces there is nothing to shelter from.
    assert_eq!(
        term(
            VariantId::Chess,
            "8/5ppp/6k1/8/8/8/5PPP/6K1 w - - 0 1",
            "shelter"
        ),
        0
    );
}

/// Chess's built-in network is the whole evaluation; Wildebeest's adds to the hand-written
/// one. `network: false` takes either out.
#[test]
fn the_networks_evaluate_alone_or_correct_the_hand_written_evaluation() {
    for (variant, text, on_top) in [
        (
            VariantId::Chess,
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            false,
        ),
        (
            VariantId::Wildebeest,
            "rnccwkqbbnr/ppppp1ppppp/11/5p5/11/11/5P5/11/PPPPP1PPPPP/RNBBQKWCCNR w - - 0 2",
            true,
        ),
    ] {
        let pos = fen::parse(variant.rules().unwrap(), text).unwrap();
        let net = engine::network::committed(variant).expect("a built-in network");
        assert_eq!(net.on_top(), on_top, "{variant:?}");
        assert_ne!(net.evaluate(&pos), 0, "{variant:?}: a score to see");
        let expected = match on_top {
            true => evaluate_with(&pos, &HAND_WRITTEN) + net.evaluate(&pos),
            false => net.evaluate(&pos),
        };
        assert_eq!(
            evaluate_with(&pos, &Weights::DEFAULT),
            expected,
            "{variant:?}"
        );
        assert_ne!(
            evaluate_with(&pos, &HAND_WRITTEN),
            expected,
            "{variant:?}: the network changes the evaluation"
        );
    }
}

/// A network given for one variant is never used in another: Wildebeest keeps its own,
/// Juggernaut (chess's terms, but a beast on the board) has none.
#[test]
fn a_network_stays_in_its_variant() {
    let with_chess_net = Weights {
        net: engine::network::committed(VariantId::Chess),
        ..Weights::DEFAULT
    };
    let wildebeest_net = with_chess_net
        .network_for(VariantId::Wildebeest)
        .expect("Wildebeest has a network");
    assert_eq!(wildebeest_net.variant(), VariantId::Wildebeest);
    assert!(with_chess_net.network_for(VariantId::Juggernaut).is_none());
}

/// A capture search's lazy evaluation in chess (by the hand-written terms: the network
/// has no tapered terms to leave out) is the full one inside the window, and leaves the
/// tapered terms out only where the rest lies `LAZY_MARGIN` outside it.
#[test]
fn the_lazy_evaluation_leaves_the_terms_out_only_far_outside_the_window() {
    let pos = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "r1b1kbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    )
    .unwrap();
    let full = evaluate_with(&pos, &HAND_WRITTEN);
    let without_terms = evaluate_with(
        &pos,
        &Weights {
            tapered: false,
            ..HAND_WRITTEN
        },
    );
    assert_ne!(full, without_terms, "the terms count for something here");
    assert!(without_terms > LAZY_MARGIN, "a queen up: {without_terms}");
    let lazy = |alpha, beta| {
        evaluate_outside(
            &pos,
            &HAND_WRITTEN,
            &mut Accumulator::default(),
            alpha,
            beta,
        )
    };
    let inside = lazy(full - 10, full + 10);
    assert_eq!((inside.score, inside.exact), (full, true));
    let just_short = lazy(-10, without_terms - LAZY_MARGIN + 1);
    assert_eq!((just_short.score, just_short.exact), (full, true));
    let far_above = lazy(-10, without_terms - LAZY_MARGIN);
    assert_eq!((far_above.score, far_above.exact), (without_terms, false));
    let far_below = lazy(
        without_terms + LAZY_MARGIN,
        without_terms + LAZY_MARGIN + 10,
    );
    assert_eq!((far_below.score, far_below.exact), (without_terms, false));
}

/// Wildebeest, where the lazy evaluation was not measured, always gets the full one.
#[test]
fn wildebeest_is_never_evaluated_lazily() {
    let pos = fen::parse(
        VariantId::Wildebeest.rules().unwrap(),
        "rnccwk1bbnr/ppppp1ppppp/11/5p5/11/11/5P5/11/PPPPP1PPPPP/RNBBQKWCCNR w - - 0 2",
    )
    .unwrap();
    let full = evaluate_with(&pos, &Weights::DEFAULT);
    let far = evaluate_outside(
        &pos,
        &Weights::DEFAULT,
        &mut Accumulator::default(),
        -20_000,
        -19_000,
    );
    assert_eq!((far.score, far.exact), (full, true));
}
