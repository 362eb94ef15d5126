//! The standard perft suite for orthodox chess. The deep counts run in release builds
//! (`cargo test --release`), where they take seconds.

use rules::{Position, VariantId, fen};

fn check(fen_text: &str, expected: &[u64]) {
    let variant = VariantId::Chess.rules().unwrap();
    let pos = fen::parse(variant, fen_text).unwrap();
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(pos.perft(depth), want, "perft({depth}) of {fen_text}");
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_4_MIRRORED: &str =
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn start_position_to_depth_5() {
    check(START, &[20, 400, 8_902, 197_281, 4_865_609]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "deep perft: run with --release")]
fn start_position_depth_6() {
    let pos = Position::start(VariantId::Chess.rules().unwrap());
    assert_eq!(pos.perft(6), 119_060_324);
}

#[test]
fn kiwipete_to_depth_4() {
    check(KIWIPETE, &[48, 2_039, 97_862, 4_085_603]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "deep perft: run with --release")]
fn kiwipete_depth_5() {
    let pos = fen::parse(VariantId::Chess.rules().unwrap(), KIWIPETE).unwrap();
    assert_eq!(pos.perft(5), 193_690_690);
}

#[test]
fn position_3_en_passant_and_pins() {
    check(POSITION_3, &[14, 191, 2_812, 43_238, 674_624]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "deep perft: run with --release")]
fn position_3_depth_6() {
    let pos = fen::parse(VariantId::Chess.rules().unwrap(), POSITION_3).unwrap();
    assert_eq!(pos.perft(6), 11_030_083);
}

#[test]
fn position_4_promotions_and_castling() {
    check(POSITION_4, &[6, 264, 9_467, 422_333]);
    check(POSITION_4_MIRRORED, &[6, 264, 9_467, 422_333]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "deep perft: run with --release")]
fn position_4_depth_5() {
    check(POSITION_4, &[6, 264, 9_467, 422_333, 15_833_292]);
}

#[test]
fn position_5() {
    check(POSITION_5, &[44, 1_486, 62_379, 2_103_487]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "deep perft: run with --release")]
fn position_5_depth_5() {
    let pos = fen::parse(VariantId::Chess.rules().unwrap(), POSITION_5).unwrap();
    assert_eq!(pos.perft(5), 89_941_194);
}

#[test]
fn position_6() {
    check(POSITION_6, &[46, 2_079, 89_890, 3_894_594]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "deep perft: run with --release")]
fn position_6_depth_5() {
    let pos = fen::parse(VariantId::Chess.rules().unwrap(), POSITION_6).unwrap();
    assert_eq!(pos.perft(5), 164_075_551);
}

/// Positions that catch the classic generator bugs (from the chessprogramming.org
/// collection of "talkchess" positions), with their published counts.
#[test]
fn edge_cases() {
    let cases: &[(&str, u32, u64)] = &[
        // En passant that would expose the king along the rank.
        ("8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3", 1, 8),
        ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1_134_888),
        ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1_015_133),
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1_440_467),
        // Castling.
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661_072),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803_711),
        ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1_274_206),
        ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1_720_476),
        // Promotion.
        ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3_821_001),
        ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1_004_658),
        ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217_342),
        ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92_683),
        // Checkmate and stalemate.
        ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2_217),
        ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567_584),
        ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23_527),
    ];
    let variant = VariantId::Chess.rules().unwrap();
    for &(fen_text, depth, want) in cases {
        let pos = fen::parse(variant, fen_text).unwrap();
        assert_eq!(pos.perft(depth), want, "perft({depth}) of {fen_text}");
    }
}
