//! Orthodox chess mates in two and three: the engine must find a mate score within a node
//! budget, and its first move must keep a forced mate.
//!
//! Every position was checked with Debian's Stockfish (`/usr/games/stockfish`, `position
//! fen ...` then `go depth 20`); the comment on each gives the mate Stockfish reported for
//! the side to move. Run in release mode: `cargo test --release -p menagerie-engine`.

use engine::score::{MATE, MATE_BOUND};
use engine::{Limits, Searcher};
use rules::{Move, Position, VariantId, fen, uci_move};
use std::time::Instant;

/// The node budget for each search.
const NODES: u64 = 3_000_000;

struct Problem {
    fen: &'static str,
    /// Moves to mate, as Stockfish reported it.
    mate_in: u32,
    name: &'static str,
}

const fn p(fen: &'static str, mate_in: u32, name: &'static str) -> Problem {
    Problem { fen, mate_in, name }
}

const PROBLEMS: &[Problem] = &[
    // Stockfish: mate 2
    p(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        "Nf6+ gxf6 Bxf7#",
    ),
    // Stockfish: mate 2
    p(
        "1rb4r/pkPp3p/1b1P3n/1Q6/N3Pp2/8/P1P3PP/7K w - - 1 1",
        2,
        "Qd5+ Ka6 cxb8=N#",
    ),
    // Stockfish: mate 2
    p(
        "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1",
        2,
        "Morphy vs Duke Karl and Count Isouard, Paris 1858: Qb8+ Nxb8 Rd8#",
    ),
    // Stockfish: mate 2
    p(
        "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
        2,
        "Qd8+ Bxd8 Re8#",
    ),
    // Stockfish: mate 2
    p(
        "5rkr/pp2Rp2/1b1p1Pb1/3P2Q1/2n3P1/2p5/P4P2/4R1K1 w - - 1 1",
        2,
        "Qxg6+ fxg6 Rg7#",
    ),
    // Stockfish: mate 2
    p(
        "1r1kr3/Nbppn1pp/1b6/8/6Q1/3B1P2/Pq3P1P/3RR1K1 w - - 1 1",
        2,
        "Qxd7+ Kxd7 Bf5#",
    ),
    // Stockfish: mate 2
    p(
        "5rk1/1p1q2bp/p2pN1p1/2pP2Bn/2P3P1/1P6/P4QKP/5R2 w - - 1 1",
        2,
        "Qxf8+ Bxf8 Rxf8#",
    ),
    // Stockfish: mate 2
    p(
        "r1nk3r/2b2ppp/p3b3/3NN3/Q2P3q/B2B4/P4PPP/4R1K1 w - - 1 1",
        2,
        "Qd7+ Bxd7 Nxf7#",
    ),
    // Stockfish: mate 2
    p(
        "r4br1/3b1kpp/1q1P4/1pp1RP1N/p7/6Q1/PPB3PP/2KR4 w - - 1 1",
        2,
        "Qg6+ hxg6 fxg6#",
    ),
    // Stockfish: mate 2
    p(
        "r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 1",
        2,
        "Qxh6+ Rxh6 Rg8#",
    ),
    // Stockfish: mate 2
    p(
        "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
        2,
        "black: Rg1+ Kxg1 Rxf1#",
    ),
    // Stockfish: mate 2
    p(
        "r2qkbnr/ppp2ppp/2np4/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 1",
        2,
        "Legal's mate: Bxf7+ Ke7 Nd5#",
    ),
    // Stockfish: mate 2
    p(
        "r2qk2r/pb4pp/1n2Pb2/2B2Q2/p1p5/2P5/2B2PPP/RN2R1K1 w - - 1 1",
        2,
        "Qg6+ hxg6 Bxg6#",
    ),
    // Stockfish: mate 2
    p(
        "rnbqkbn1/ppppp3/7r/6pp/3P1p2/3BP1B1/PPP2PPP/RN1QK1NR w KQq - 0 1",
        2,
        "Qxh5+ Rxh5 Bg6#",
    ),
    // Stockfish: mate 2
    p(
        "r1b1kb1r/pp1n1pp1/1qp1p2p/6B1/2PPQ3/3B1N2/P4PPP/R4RK1 w kq - 0 1",
        2,
        "Qxe6+ fxe6 Bg6#",
    ),
    // Stockfish: mate 2
    p(
        "4r1k1/pQ3pp1/7p/4q3/4r3/P7/1P2nPPP/2BR1R1K b - - 0 1",
        2,
        "black: Qxh2+ Kxh2 Rh4#",
    ),
    // Stockfish: mate 2
    p(
        "2kr1b1r/pp1npppp/2p1bn2/7q/5B2/2NB1Q1P/PPP1N1P1/2KR3R w - - 0 1",
        2,
        "Boden's mate: Qxc6+ bxc6 Ba6#",
    ),
    // Stockfish: mate 2
    p(
        "r1b3k1/ppp3pp/8/3pB3/1P1P4/3K1P2/PP1n1q1P/R2Q3R b - - 0 1",
        2,
        "black: Bf5+ Kc3 Qe3#",
    ),
    // Stockfish: mate 2
    p(
        "k1n3rr/Pp3p2/3q4/3N4/3Pp2p/1Q2P1p1/3B1PP1/R4RK1 w - - 1 1",
        2,
        "Qxb7+ Kxb7 a8=Q#",
    ),
    // Stockfish: mate 2
    p(
        "k7/8/2K5/8/8/8/8/7R w - - 0 1",
        2,
        "king and rook: Kb6 Kb8 Rh8#",
    ),
    // Stockfish: mate 2
    p(
        "k7/8/3K4/8/8/8/8/7R w - - 0 1",
        2,
        "king and rook: Kc7 Ka7 Ra1#",
    ),
    // Stockfish: mate 2
    p(
        "2k5/8/2K5/8/8/8/8/1R6 w - - 0 1",
        2,
        "king and rook: Kd6 Kd8 Rb8#",
    ),
    // Stockfish: mate 2
    p(
        "8/1P6/8/8/8/8/k1K5/8 w - - 0 1",
        2,
        "promotion: b8=Q Ka3 Qb3#",
    ),
    // Stockfish: mate 2
    p(
        "8/5P1k/5K2/8/8/8/8/8 w - - 0 1",
        2,
        "underpromotion, as f8=Q stalemates: f8=R Kh6 Rh8#",
    ),
    // Stockfish: mate 2
    p(
        "8/2PBR3/8/3k4/8/2K5/8/8 w - - 0 1",
        2,
        "underpromotion, the only key: c8=N",
    ),
    // Stockfish: mate 2
    p(
        "8/1r1r4/8/8/8/5Q2/6R1/2k1K2R w K - 0 1",
        2,
        "castling, the only key: O-O+",
    ),
    // Stockfish: mate 2
    p(
        "1k6/8/8/2NpP3/8/8/8/R3K3 w - d6 0 1",
        2,
        "en passant, the only key: exd6",
    ),
    // Stockfish: mate 2
    p(
        "4k3/6R1/K7/3R2Pp/8/8/8/8 w - h6 0 1",
        2,
        "en passant, the only key: gxh6",
    ),
    // Stockfish: mate 3
    p(
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        3,
        "black: Bc5+ Kxc5 Qb6+ Kd5 Qd6#",
    ),
    // Stockfish: mate 3
    p(
        "r3k2r/ppp2Npp/1b5n/4p2b/2B1P2q/BQP2P2/P5PP/RN5K w kq - 1 1",
        3,
        "Bb5+ c6 Qe6+ Qe7 Qxe7#",
    ),
    // Stockfish: mate 3
    p(
        "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1",
        3,
        "Qxh8+ Kxh8 Bf6+ Qg7 Re8#",
    ),
    // Stockfish: mate 3
    p(
        "r2n1rk1/1ppb2pp/1p1p4/3Ppq1n/2B3P1/2P4P/PP1N1P1K/R2Q1RN1 b - - 0 1",
        3,
        "black: Qxf2+ Rxf2 Rxf2+ Kh1 Ng3#",
    ),
    // Stockfish: mate 3
    p(
        "3q1r1k/2p4p/1p1pBrp1/p2Pp3/2PnP3/5PP1/PP1Q2K1/5R1R w - - 1 1",
        3,
        "Rxh7+ Kxh7 Rh1+ Kg7 Qh6#",
    ),
    // Stockfish: mate 3
    p(
        "6k1/ppp2ppp/8/2n2K1P/2P2P1P/2Bpr3/PP4r1/4RR2 b - - 0 1",
        3,
        "black: g6+ hxg6 hxg6+ Kf6 Nd7#",
    ),
    // Stockfish: mate 3
    p(
        "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 0 1",
        3,
        "after Anderssen vs Kieseritzky, London 1851: Nxg7+ Kd8 Qf6+ Nxf6 Be7#",
    ),
    // Stockfish: mate 3
    p(
        "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 1",
        3,
        "Reti vs Tartakower, Vienna 1910: Qd8+ Kxd8 Bg5+ Kc7 Bd8#",
    ),
    // Stockfish: mate 3
    p(
        "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
        3,
        "black: Qd1+ Kxd1 Bg4+ Ke1 Rd1#",
    ),
    // Stockfish: mate 3
    p(
        "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1",
        3,
        "Ra6+ f6 Bxf6+ Rg7 Rxa8#",
    ),
    // Stockfish: mate 3
    p(
        "3r4/pR2N3/2pkb3/5p2/8/2B5/qP3PPP/4R1K1 w - - 1 1",
        3,
        "Be5+ Kc5 Rc1+ Bc4 b4#",
    ),
    // Stockfish: mate 3
    p(
        "1r3r1k/5Bpp/8/8/P2qQ3/5R2/1b4PP/5K2 w - - 1 1",
        3,
        "Qxh7+ Kxh7 Rh3+ Qh4 Rxh4#",
    ),
    // Stockfish: mate 3
    p(
        "7k/7p/5K2/8/8/8/8/6R1 w - - 0 1",
        3,
        "king and rook against king and pawn: Rc1 h6 Kg6 h5 Rc8#",
    ),
    // Stockfish: mate 3
    p(
        "8/8/8/8/8/3k4/8/3K2QR w - - 0 1",
        3,
        "king, queen and rook: Rh4 Kc3 Qb6 and mates",
    ),
];

fn chess(fen_text: &str) -> Position {
    let variant = VariantId::Chess.rules().expect("chess is playable");
    fen::parse(variant, fen_text).unwrap_or_else(|e| panic!("bad FEN {fen_text}: {e:?}"))
}

fn after(pos: &Position, m: Move) -> Position {
    let mut child = pos.clone();
    child.play(m);
    child
}

fn is_checkmate(pos: &Position) -> bool {
    pos.is_check() && pos.legal_moves().is_empty()
}

/// Whether the side to move can mate within `moves` moves whatever the defence: a plain
/// search over every legal move, trying checks first, with no evaluation.
fn mates_within(pos: &Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut candidates: Vec<(bool, Position)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let child = after(pos, m);
            (child.is_check(), child)
        })
        .collect();
    // On the last move only checks can mate.
    if moves == 1 {
        candidates.retain(|(check, _)| *check);
    }
    candidates.sort_by_key(|(check, _)| !check);
    candidates
        .iter()
        .any(|(_, child)| every_defence_loses(child, moves - 1))
}

/// Whether the side to move, to reply to a mating attempt, is mated now or against every
/// defence within `moves` more moves of the attacker.
fn every_defence_loses(pos: &Position, moves: u32) -> bool {
    let defences = pos.legal_moves();
    if defences.is_empty() {
        return pos.is_check();
    }
    moves > 0
        && defences
            .iter()
            .all(|&d| mates_within(&after(pos, d), moves))
}

/// Mate in `n` moves from the side to move's point of view is `MATE - (2n - 1)`.
fn mate_in_moves(score: i32) -> u32 {
    ((MATE - score + 1) / 2) as u32
}

/// Checks one problem; returns a description of what went wrong, if anything.
fn solve(problem: &Problem) -> Result<u64, String> {
    let pos = chess(problem.fen);
    let mut searcher = Searcher::new(16);
    let limits = Limits {
        nodes: Some(NODES),
        ..Default::default()
    };
    let (best, info) = searcher.search(&pos, &[], &limits, |_| {});
    let Some(best) = best else {
        return Err("no move returned".to_string());
    };
    let text = uci_move::write(&pos, best);
    if info.score < MATE_BOUND {
        return Err(format!(
            "no mate score: best {text}, score {}, depth {}, nodes {}",
            info.score, info.depth, info.nodes
        ));
    }
    let found = mate_in_moves(info.score);
    if found != problem.mate_in {
        return Err(format!(
            "{text} scored as mate in {found}, Stockfish says mate in {}",
            problem.mate_in
        ));
    }
    // The first move must keep the mate: after it, the engine sees itself mated from the
    // defender's side, and an exhaustive search agrees.
    let child = after(&pos, best);
    if problem.mate_in == 1 {
        if !is_checkmate(&child) {
            return Err(format!("{text} does not mate"));
        }
    } else {
        // The defender gets the attacker's node budget, not a fixed depth: late-move
        // reductions make a depth-N search less than full width, and by how much changes
        // with every tuning of them. The exhaustive check below is the exact one.
        let mut defender = Searcher::new(16);
        let (_, reply) = defender.search(&child, &[pos.key()], &limits, |_| {});
        if reply.score > -MATE_BOUND {
            return Err(format!(
                "after {text} the defender's search scores {} (depth {}, {} nodes)",
                reply.score, reply.depth, reply.nodes
            ));
        }
    }
    if !every_defence_loses(&child, problem.mate_in - 1) {
        return Err(format!(
            "{text} does not force mate in {} (exhaustive check)",
            problem.mate_in
        ));
    }
    Ok(info.nodes)
}

#[test]
fn every_stockfish_checked_position_is_a_mate_in_two_or_three() {
    for problem in PROBLEMS {
        let pos = chess(problem.fen);
        assert!(
            (2..=3).contains(&problem.mate_in),
            "{}: not a mate in two or three",
            problem.fen
        );
        assert!(
            mates_within(&pos, problem.mate_in),
            "{}: no forced mate in {} ({})",
            problem.fen,
            problem.mate_in,
            problem.name
        );
        assert!(
            !mates_within(&pos, problem.mate_in - 1),
            "{}: a mate shorter than {} moves ({})",
            problem.fen,
            problem.mate_in,
            problem.name
        );
    }
}

#[test]
fn finds_mates_in_two_and_three() {
    let start = Instant::now();
    let mut failures = Vec::new();
    let mut total_nodes = 0;
    for problem in PROBLEMS {
        let one = Instant::now();
        match solve(problem) {
            Ok(nodes) => {
                total_nodes += nodes;
                eprintln!(
                    "mate in {}: {} nodes, {:.2} s: {}",
                    problem.mate_in,
                    nodes,
                    one.elapsed().as_secs_f64(),
                    problem.fen
                );
            }
            Err(why) => failures.push(format!("{} ({}): {why}", problem.fen, problem.name)),
        }
    }
    eprintln!(
        "{} positions, {} nodes, {:.2} s",
        PROBLEMS.len(),
        total_nodes,
        start.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {} unsolved:\n{}",
        failures.len(),
        PROBLEMS.len(),
        failures.join("\n")
    );
}
