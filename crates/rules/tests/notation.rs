//! FEN, coordinate notation, SAN and PGN: round trips over many positions, the variant
//! forms, and error messages that say what is wrong.

use rules::{Game, Position, VariantId, fen, pgn, san, uci_move};

const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

const PROMOTION: &str = "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1";

const WILDEBEEST_FENS: &[&str] = &[
    "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1",
    "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1",
    "rnccwkqbbnr/ppp1p1ppppp/11/11/11/3pP6/5p5/11/PPPP1PPPPPP/RNBBQKWCCNR b - e3e4 0 1",
    "1r3k5/P10/11/11/4W6/11/11/2C8/11/5K5 w - - 0 1",
];

fn all_positions() -> Vec<Position> {
    let chess = VariantId::Chess.rules().unwrap();
    let wildebeest = VariantId::Wildebeest.rules().unwrap();
    CHESS_FENS
        .iter()
        .map(|f| fen::parse(chess, f).unwrap())
        .chain(
            WILDEBEEST_FENS
                .iter()
                .map(|f| fen::parse(wildebeest, f).unwrap()),
        )
        .collect()
}

#[test]
fn fen_round_trips() {
    for (pos, text) in all_positions()
        .iter()
        .zip(CHESS_FENS.iter().chain(WILDEBEEST_FENS))
    {
        assert_eq!(fen::write(pos), *text);
    }
}

#[test]
fn fen_errors_say_what_is_wrong() {
    let wildebeest = VariantId::Wildebeest.rules().unwrap();
    let chess = VariantId::Chess.rules().unwrap();
    let cases: &[(&'static rules::Variant, &str, &str)] = &[
        (
            wildebeest,
            "rnccwkqbbnr/ppppppppppp/11/11/11/11/12/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1",
            "rank 4 has 12 squares, expected 11",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "board has 7 ranks, expected 8",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move is 'x'",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "unknown piece 'X' on rank 1",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'*' (the beast) on rank 4 is not part of chess",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
            "White has 0 kings, expected 1",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling right 'K' needs the white king on e1 and a rook on h1",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "en passant square e3",
        ),
        (
            chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock 'x' is not a number",
        ),
        (chess, "4k3/8/8/8/8/8/8/4KP2 w - - 0 1", "pawn on f1"),
        (
            chess,
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "Black is in check but it is White's turn",
        ),
        (chess, "", "empty FEN"),
    ];
    for (variant, text, expected) in cases {
        let message = fen::parse(variant, text)
            .err()
            .unwrap_or_else(|| panic!("{text} was accepted"))
            .to_string();
        assert!(
            message.contains(expected),
            "{text}: got '{message}', expected it to contain '{expected}'"
        );
    }
}

#[test]
fn fen_ep_square_kept_only_when_a_capture_is_possible() {
    let chess = VariantId::Chess.rules().unwrap();
    let pos = fen::parse(
        chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    )
    .unwrap();
    assert_eq!(
        fen::write(&pos),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn every_move_has_one_coordinate_spelling_that_reads_back() {
    for pos in all_positions() {
        let legal = pos.legal_moves();
        let mut seen = std::collections::HashSet::new();
        for &m in &legal {
            let text = uci_move::write(&pos, m);
            assert!(
                seen.insert(text.clone()),
                "two moves spelled {text} in {}",
                fen::write(&pos)
            );
            assert_eq!(uci_move::parse(&pos, &text).unwrap(), m, "{text}");
        }
    }
}

#[test]
fn every_move_has_one_san_that_reads_back() {
    for pos in all_positions() {
        let mut seen = std::collections::HashSet::new();
        for &m in &pos.legal_moves() {
            let text = san::write(&pos, m);
            assert!(
                seen.insert(text.clone()),
                "two moves written {text} in {}",
                fen::write(&pos)
            );
            assert_eq!(
                san::parse(&pos, &text).unwrap(),
                m,
                "{text} in {}",
                fen::write(&pos)
            );
        }
    }
}

fn san_of(variant: VariantId, fen_text: &str, uci: &str) -> String {
    let pos = fen::parse(variant.rules().unwrap(), fen_text).unwrap();
    san::write(&pos, uci_move::parse(&pos, uci).unwrap())
}

#[test]
fn san_forms() {
    let kiwipete = CHESS_FENS[1];
    assert_eq!(san_of(VariantId::Chess, kiwipete, "e1g1"), "O-O");
    assert_eq!(san_of(VariantId::Chess, kiwipete, "e1c1"), "O-O-O");
    assert_eq!(san_of(VariantId::Chess, kiwipete, "e5f7"), "Nxf7");
    assert_eq!(san_of(VariantId::Chess, kiwipete, "c3b1"), "Nb1");
    assert_eq!(san_of(VariantId::Chess, kiwipete, "d2c1"), "Bc1");
    assert_eq!(san_of(VariantId::Chess, kiwipete, "d5e6"), "dxe6");
    assert_eq!(san_of(VariantId::Chess, PROMOTION, "b7a8q"), "bxa8=Q+");
    assert_eq!(san_of(VariantId::Chess, PROMOTION, "b7b8n"), "b8=N");
    assert_eq!(san_of(VariantId::Chess, CHESS_FENS[4], "e5f6"), "exf6");
    assert_eq!(
        san_of(VariantId::Chess, "7k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8"),
        "Ra8#"
    );
    assert_eq!(
        san_of(VariantId::Chess, "7k/8/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
        "Ra8+"
    );
    assert_eq!(
        san_of(VariantId::Chess, "3k4/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1"),
        "Rad1+"
    );
    assert_eq!(
        san_of(VariantId::Chess, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"),
        "R1a3"
    );
    let castles = WILDEBEEST_FENS[1];
    assert_eq!(san_of(VariantId::Wildebeest, castles, "f1a1"), "O-O-O/e1+");
    assert_eq!(san_of(VariantId::Wildebeest, castles, "f1b1"), "O-O-O/b1");
    assert_eq!(san_of(VariantId::Wildebeest, castles, "f1k1"), "O-O/g1+");
    assert_eq!(san_of(VariantId::Wildebeest, castles, "f1e1"), "Ke1");
    assert_eq!(
        san_of(VariantId::Wildebeest, WILDEBEEST_FENS[3], "a9b10w"),
        "axb10=W"
    );
    assert_eq!(
        san_of(VariantId::Wildebeest, WILDEBEEST_FENS[3], "e6f8"),
        "Wf8"
    );
    assert_eq!(
        san_of(VariantId::Wildebeest, WILDEBEEST_FENS[3], "c3b6"),
        "Cb6"
    );
}

#[test]
fn san_reader_is_lenient_where_it_is_safe() {
    let chess = VariantId::Chess.rules().unwrap();
    let pos = fen::parse(chess, CHESS_FENS[1]).unwrap();
    for (text, uci) in [
        ("0-0", "e1g1"),
        ("O-O-O+", "e1c1"),
        ("Nc3b1", "c3b1"),
        ("Qxf6!?", "f3f6"),
    ] {
        let m = san::parse(&pos, text).unwrap();
        assert_eq!(uci_move::write(&pos, m), uci, "{text}");
    }
    let pos = fen::parse(chess, PROMOTION).unwrap();
    assert_eq!(
        uci_move::write(&pos, san::parse(&pos, "bxa8Q").unwrap()),
        "b7a8q"
    );
}

#[test]
fn move_errors_are_clear() {
    let pos = Position::start(VariantId::Chess.rules().unwrap());
    let err = |r: Result<rules::Move, rules::MoveError>| r.unwrap_err().to_string();
    assert!(err(uci_move::parse(&pos, "e2e5")).contains("illegal move 'e2e5'"));
    assert!(err(uci_move::parse(&pos, "e2")).contains("malformed move 'e2'"));
    assert!(err(uci_move::parse(&pos, "z9z9")).contains("malformed"));
    assert!(err(uci_move::parse(&pos, "e7e8x")).contains("malformed"));
    assert!(err(san::parse(&pos, "Ke2")).contains("illegal move 'Ke2'"));
    assert!(err(san::parse(&pos, "hello")).contains("malformed"));
    let two_knights = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
    )
    .unwrap();
    assert!(
        err(san::parse(&two_knights, "Nd2")).contains("ambiguous move 'Nd2': could be Nbd2, Nfd2")
    );
}

#[test]
fn pgn_round_trip_keeps_every_position() {
    let wildebeest = VariantId::Wildebeest.rules().unwrap();
    let start = fen::parse(wildebeest, WILDEBEEST_FENS[1]).unwrap();
    let mut game = Game::new(start);
    for text in ["f1b1", "f10j10", "c1c5", "i10i6", "c5c9", "j10i10"] {
        let m = uci_move::parse(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    let text = pgn::write(
        &game,
        &[("Event", "Round trip"), ("White", "A \"quoted\" name")],
    );
    assert!(text.contains("[Variant \"wildebeest\"]"));
    assert!(text.contains("[FEN \"r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1\"]"));
    assert!(text.contains("1. O-O-O/b1 O-O/j10"), "{text}");
    let read = pgn::parse(&text).unwrap();
    assert_eq!(read.tag("White"), Some("A \"quoted\" name"));
    assert_eq!(read.game.moves(), game.moves());
    let keys = |g: &Game| g.positions().iter().map(|p| p.key()).collect::<Vec<_>>();
    assert_eq!(keys(&read.game), keys(&game));
}

#[test]
fn pgn_reads_comments_variations_and_results() {
    let text = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. f3 {a weak move} e5 (1... e6 2. g4) 2. g4 $2 Qh4# 0-1\n";
    let read = pgn::parse(text).unwrap();
    assert_eq!(read.game.moves().len(), 4);
    assert_eq!(read.result.as_deref(), Some("0-1"));
    assert_eq!(read.game.outcome().unwrap().result_text(), "0-1");
}

#[test]
fn pgn_errors_name_line_and_column() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nc6\n";
    let err = pgn::parse(text).unwrap_err();
    assert_eq!((err.line, err.column), (3, 13));
    assert!(err.message.contains("illegal move Ke3"), "{err}");
    let err = pgn::parse("[Event \"x]\n").unwrap_err();
    assert_eq!(err.line, 1);
    let err = pgn::parse("[Variant \"shogi\"]\n\n1. e4").unwrap_err();
    assert!(err.message.contains("unknown variant 'shogi'"), "{err}");
}
