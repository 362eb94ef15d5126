//! Tactics of our own in each variant with something orthodox chess lacks: a beast that
//! tramples, pieces that come back from the hand, berserkers that count as lives, camels
//! and wildebeests, stalemate that wins. Each position states what the side to move must
//! do; the engine must do it within a fixed node budget.
//!
//! The Wildebeest positions were checked with Fairy-Stockfish (`VariantPath`
//! `shared/spec/fairy-stockfish/wildebeest-nocastle.ini`, `go depth 12`; the comment gives
//! what it reported). The beast positions cannot be put to it; the comment on each gives
//! the reasoning, with the beast's paths worked out by hand from rules.md. Run in release
//! mode: `cargo test --release -p menagerie-engine --test variant_tactics`.

use engine::score::MATE_BOUND;
use engine::{Limits, Searcher};
use rules::{Move, Position, Role, VariantId, fen, uci_move};

/// The node budget for each search.
const NODES: u64 = 400_000;

/// What a solution must be.
enum Expect {
    /// One of these moves, in coordinate notation.
    OneOf(&'static [&'static str]),
    /// One of these moves, which must also score as a forced win.
    WinWith(&'static [&'static str]),
    /// Any move of the piece on this square, to a square the next roll tramples with a
    /// chance below 1 in 50 (only a Juggernaut's teleport, 1 in 640, or none).
    OutOfReach(&'static str),
    /// Battle Chieftain: any move after which none of the mover's berserkers can be taken.
    NoBerserkerEnPrise,
    /// Behemoth Loop: any move after which the mover's king cannot be taken.
    KingSafe,
}

struct Case {
    variant: VariantId,
    fen: &'static str,
    expect: Expect,
    name: &'static str,
}

const fn case(variant: VariantId, fen: &'static str, expect: Expect, name: &'static str) -> Case {
    Case {
        variant,
        fen,
        expect,
        name,
    }
}

use Expect::*;
use VariantId::{BattleChieftain, BattleChieftainDifferingField, Behemoth, BehemothLoop};
use VariantId::{Juggernaut, Wildebeest};

const CASES: &[Case] = &[
    // ---- Behemoth: the beast moves 1-4 squares in one of 8 directions, wrapping.
    case(
        Behemoth,
        "7k/8/8/8/4*3/5Q2/8/K7 w - - 0 1",
        OutOfReach("f3"),
        "the queen on f3 is on the beast's south-east path (4 rolls in 32): it leaves",
    ),
    case(
        Behemoth,
        "k7/8/8/8/8/3*4/8/3K4 w - - 0 1",
        OneOf(&["d1c1", "d1e1"]),
        "the king on d1 is trampled by S2-S4; of its moves only c1 and e1 are on no path",
    ),
    case(
        Behemoth,
        "7k/8/3Q4/8/3*1R2/8/8/1K6 w - - 0 1",
        OutOfReach("d6"),
        "queen (N2-N4) and rook (E2-E4) are both in reach: save the queen",
    ),
    case(
        Behemoth,
        "6k1/5ppp/8/8/8/8/2*5/R5K1 w - - 0 1",
        WinWith(&["a1a8"]),
        "back-rank mate: it ends the game before the roll",
    ),
    case(
        Behemoth,
        "7k/8/8/8/8/8/5*2/B5K1 w - - 0 1",
        WinWith(&["a1h8"]),
        "a trample left the black king exposed on the long diagonal: take it",
    ),
    case(
        Behemoth,
        "4k3/8/8/8/8/8/8/4R1K* w - - 0 1",
        WinWith(&["e1e8"]),
        "the rook takes the exposed king (the beast on h1 is beside the point)",
    ),
    case(
        Behemoth,
        "q3k3/8/8/1N6/6*1/8/8/5K2 w - - 0 1",
        OneOf(&["b5c7"]),
        "knight fork of king and queen; no path from g4 reaches c7 or a8",
    ),
    case(
        Behemoth,
        "7k/8/8/3Q3r/3*4/8/8/1K6 w - - 0 1",
        OneOf(&["d5h5"]),
        "the queen leaves the beast's north path by taking the rook on h5, which no path reaches",
    ),
    case(
        Behemoth,
        "k7/8/1K6/8/7*/8/8/2Q5 w - - 0 1",
        WinWith(&["c1c8"]),
        "Qc8 mates; Qc7 would stalemate, a draw in Behemoth",
    ),
    case(
        Behemoth,
        "4k3/8/8/8/8/2K5/8/Q6* w - - 0 1",
        OutOfReach("a1"),
        "the beast on h1 reaches a1 by wrapping east: the queen leaves",
    ),
    // ---- Juggernaut: one step in 8 directions (1/10 each), stays (1/10), or teleports.
    case(
        Juggernaut,
        "7k/8/8/8/3*4/4Q3/8/K7 w - - 0 1",
        OutOfReach("e3"),
        "the queen beside the Juggernaut is trampled by one roll in ten",
    ),
    case(
        Juggernaut,
        "7k/8/8/8/3*4/3K4/8/8 w - - 0 1",
        OneOf(&["d3c2", "d3d2", "d3e2"]),
        "the king beside the Juggernaut: a trample loses the game; step two squares away",
    ),
    case(
        Juggernaut,
        "6k1/5ppp/8/8/8/2*5/8/R5K1 w - - 0 1",
        WinWith(&["a1a8"]),
        "back-rank mate before the roll",
    ),
    case(
        Juggernaut,
        "4k3/8/8/8/8/8/8/*3R1K1 w - - 0 1",
        WinWith(&["e1e8"]),
        "take the exposed king",
    ),
    case(
        Juggernaut,
        "7k/8/8/8/3*4/r3Q3/8/6K1 w - - 0 1",
        OneOf(&["e3a3"]),
        "the queen beside the Juggernaut takes the rook on a3, away from it",
    ),
    case(
        Juggernaut,
        "q3k3/8/8/1N6/8/8/7*/5K2 w - - 0 1",
        OneOf(&["b5c7"]),
        "knight fork of king and queen",
    ),
    case(
        Juggernaut,
        "4k3/8/8/8/8/2K5/8/Q6* w - - 0 1",
        OutOfReach("a1"),
        "with the board wrapping, a1 is the Juggernaut's east neighbour from h1",
    ),
    case(
        Juggernaut,
        "k7/8/8/4n3/3*4/8/7Q/K6n w - - 0 1",
        OneOf(&["h2h1", "h2h8"]),
        "two knights hang; the one on e5 stands beside the Juggernaut, so take the other \
         (Qxh1), or check first from h8 and take one next (the e5 knight stays in reach)",
    ),
    case(
        Juggernaut,
        "k7/8/8/8/8/8/2*5/1K6 w - - 0 1",
        OneOf(&["b1a1", "b1a2"]),
        "the king on b1 beside the Juggernaut on c2: of its moves only a1 and a2 are not",
    ),
    case(
        Juggernaut,
        "4k3/8/8/2*5/2R5/8/8/4K3 w - - 0 1",
        OutOfReach("c4"),
        "the rook right below the Juggernaut leaves its neighbourhood",
    ),
    // ---- Behemoth Loop: no king rule, a king is won by taking it, trampled pieces go to
    // the hand and may be dropped.
    case(
        BehemothLoop,
        "4k3/8/3N4/8/8/8/q7/R3K2*[] w - - 0 1",
        WinWith(&["d6e8"]),
        "the knight takes the king, which beats taking the queen",
    ),
    case(
        BehemothLoop,
        "8/8/8/3k1q2/4P3/8/8/4K2*[] w - - 0 1",
        WinWith(&["e4d5"]),
        "the pawn takes the king, not the queen",
    ),
    case(
        BehemothLoop,
        "k7/pp6/8/8/8/8/8/4K2*[R] w - - 0 1",
        OneOf(&["R@c8", "R@d8", "R@e8", "R@f8", "R@g8", "R@h8"]),
        "a rook dropped on the back rank threatens the king, which cannot escape it",
    ),
    case(
        BehemothLoop,
        "R3r2k/8/8/8/8/8/8/4K2*[] w - - 0 1",
        OneOf(&["a8e8"]),
        "the rook on e8 threatens to take the king: take it",
    ),
    case(
        BehemothLoop,
        "4k3/8/8/8/3q4/8/8/7*[K] w - - 0 1",
        KingSafe,
        "the king in hand must be dropped, where the queen cannot take it",
    ),
    case(
        BehemothLoop,
        "4k3/8/8/1q6/8/8/8/4K2*[N] w - - 0 1",
        OneOf(&["N@c7", "N@d6"]),
        "a knight drop forks king and queen",
    ),
    case(
        BehemothLoop,
        "7k/8/2r1r3/8/8/8/PP6/KN5*[P] w - - 0 1",
        OneOf(&["P@d5"]),
        "a pawn drop forks two rooks, and neither can take it or threaten the king",
    ),
    case(
        BehemothLoop,
        "4k3/8/8/q7/1b6/3N4/8/R3K2*[] w - - 0 1",
        KingSafe,
        "the bishop threatens the king: Rxa5 would lose it to Bxe1",
    ),
    case(
        BehemothLoop,
        "4k3/8/8/8/8/8/4r3/4K2*[Q] w - - 0 1",
        OneOf(&["e1e2"]),
        "the king takes the rook that threatens it",
    ),
    case(
        BehemothLoop,
        "4k3/6P1/8/8/B7/8/8/4K2*[] w - - 0 1",
        WinWith(&["a4e8"]),
        "the bishop takes the king; promoting can wait for ever",
    ),
    // ---- Battle Chieftain: berserkers and kings move as rooks; the last berserker taken
    // loses; only kings cross holes; unmoved berserkers on the home row cannot be taken.
    case(
        BattleChieftain,
        "10/10/10/10/3k2b3/10/10/10/3B2B3/4K5/10 w - - 0 1",
        WinWith(&["g3g7"]),
        "take the last berserker, not the king",
    ),
    case(
        BattleChieftain,
        "10/1k8/3b4b1/10/10/10/3B6/10/10/4K5/10 w - - 0 1",
        NoBerserkerEnPrise,
        "Bxd9 loses the last berserker to Bi9xd9: step aside instead",
    ),
    case(
        BattleChieftain,
        "10/1k8/4b5/10/10/10/10/10/1B2K5/10/10 w - - 0 1",
        WinWith(&["e3e9"]),
        "only the king crosses the holes on e4 and e8 to take the last berserker",
    ),
    case(
        BattleChieftain,
        "10/6k3/1b8/10/10/10/10/10/1B8/4K5/10 w - - 0 1",
        WinWith(&["b3b9"]),
        "up the b-file to the last black berserker",
    ),
    case(
        BattleChieftain,
        "10/4k5/10/10/1b6B1/10/10/10/10/4K5/10 w - - 0 1",
        WinWith(&["i7b7"]),
        "along rank 7 to the last berserker",
    ),
    case(
        BattleChieftain,
        "10/4k5/10/10/1b8/10/1B8/10/10/4K5/10 b - - 0 1",
        WinWith(&["b7b5"]),
        "Black takes White's last berserker",
    ),
    case(
        BattleChieftain,
        "3b6/1k8/10/10/10/10/3B6/10/10/4K5/10 w d - 0 1",
        NoBerserkerEnPrise,
        "the unmoved berserker on d11 attacks d5 and cannot be taken (sanctuary): step aside",
    ),
    case(
        BattleChieftain,
        "10/1k8/3b6/10/7b2/10/3B6/10/10/4K5/10 w - - 0 1",
        OneOf(&["d5d9"]),
        "take a berserker: the one left, on h7, cannot take back on d9",
    ),
    case(
        BattleChieftainDifferingField,
        "10/10/10/10/10/10/1b2k5/10/1B8/4K5/10 w - - 0 1",
        WinWith(&["b3b5"]),
        "differing field: b4 is field there too; take the last berserker",
    ),
    case(
        BattleChieftain,
        "10/10/8b1/10/3k6/10/10/10/3B6/4K5/10 w - - 0 1",
        WinWith(&["d3d7"]),
        "take the king: Black must crown its last berserker, and has none left",
    ),
    // ---- Wildebeest: camels leap (1,3); wildebeests leap as knight or camel; stalemate
    // wins for the side that gives it.
    // Fairy-Stockfish: bestmove d4e7, cp 153
    case(
        Wildebeest,
        "5k5/11/1r9/11/11/11/3C7/11/11/5K5 w - - 0 1",
        OneOf(&["d4e7"]),
        "camel fork of king and rook",
    ),
    // Fairy-Stockfish: bestmove d6e8, cp 359
    case(
        Wildebeest,
        "5k5/11/11/7q3/3W7/11/11/11/11/5K5 w - - 0 1",
        OneOf(&["d6e8"]),
        "wildebeest fork: check as a knight, the queen as a camel",
    ),
    // Fairy-Stockfish: bestmove c4b7, mate 1
    case(
        Wildebeest,
        "kn9/pp9/11/11/11/11/2C8/11/11/5K5 w - - 0 1",
        WinWith(&["c4b7"]),
        "the camel mates the boxed king",
    ),
    // Fairy-Stockfish: bestmove e9e10w, cp 363 (e9e10q: cp 0)
    case(
        Wildebeest,
        "11/1q2P1k4/11/11/11/11/11/11/11/5K5 w - - 0 1",
        OneOf(&["e9e10w"]),
        "promote to a wildebeest that forks king and queen",
    ),
    // Fairy-Stockfish: c1b1 and c1c10 both mate 1
    case(
        Wildebeest,
        "k10/11/K10/11/11/11/11/11/11/2R8 w - - 0 1",
        WinWith(&["c1b1", "c1c10"]),
        "Rb1 stalemates (a win) and Rc10 mates",
    ),
    // Fairy-Stockfish: bestmove i1i9, mate 1
    case(
        Wildebeest,
        "10k/11/11/11/11/11/11/11/11/K7Q2 w - - 0 1",
        WinWith(&["i1i9"]),
        "Qi9 stalemates the king in the corner: a win",
    ),
    // Fairy-Stockfish: bestmove e2e5, cp -153
    case(
        Wildebeest,
        "10k/11/11/11/3n1n5/11/11/11/4P6/K10 w - - 0 1",
        OneOf(&["e2e5"]),
        "a three-square pawn advance forks two knights",
    ),
    // Fairy-Stockfish: bestmove b9b10q, mate 1
    case(
        Wildebeest,
        "6k4/1P3ppp3/11/11/11/11/11/11/11/5K5 w - - 0 1",
        WinWith(&["b9b10q"]),
        "promote to a queen, which mates on the back rank",
    ),
    // Fairy-Stockfish: d6b7 and d6c9 both mate 1
    case(
        Wildebeest,
        "kr9/pp9/11/11/3W7/11/11/11/11/5K5 w - - 0 1",
        WinWith(&["d6c9", "d6b7"]),
        "smothered mate: the wildebeest leaps as a camel to c9 and gives check as a knight, \
         or as a knight to b7 and gives check as a camel",
    ),
    // Fairy-Stockfish: bestmove c6d7 (the game is still lost: mate -8)
    case(
        Wildebeest,
        "10k/11/2r1r6/11/2Pp7/11/11/11/11/K10 w - d7 0 1",
        OneOf(&["c6d7"]),
        "en passant after a three-square advance: the pawn lands on d7 and forks the rooks",
    ),
];

fn position(case: &Case) -> Position {
    let variant = case.variant.rules().expect("a variant");
    fen::parse(variant, case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen))
}

/// The chance that the next roll tramples `sq`.
fn trample_chance(pos: &Position, sq: rules::Square) -> f64 {
    pos.chance_outcomes()
        .into_iter()
        .filter(|&(outcome, _)| {
            pos.chance_path(outcome)
                .is_ok_and(|path| path.contains(&sq))
        })
        .map(|(_, probability)| probability.as_f64())
        .sum()
}

fn after(pos: &Position, m: Move) -> Position {
    let mut child = pos.clone();
    child.play(m);
    child
}

fn check(case: &Case, pos: &Position, m: Move, score: i32) -> Result<(), String> {
    let text = uci_move::write(pos, m);
    let us = pos.turn();
    let child = after(pos, m);
    let ok = match &case.expect {
        OneOf(moves) => moves.contains(&text.as_str()),
        WinWith(moves) => moves.contains(&text.as_str()) && score >= MATE_BOUND,
        OutOfReach(from) => {
            text.starts_with(from)
                && text[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
                && trample_chance(&child, m.to) < 0.02
        }
        NoBerserkerEnPrise => child
            .pieces_of(us, Role::Berserker)
            .into_iter()
            .all(|sq| !child.battle_attacked(sq, !us)),
        KingSafe => child
            .king(us)
            .is_some_and(|k| !child.is_attacked(k, !us, child.occupied())),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("played {text} (score {score})"))
    }
}

#[test]
fn variant_tactics_are_solved_within_the_node_budget() {
    let mut failures = Vec::new();
    let mut per_variant = std::collections::BTreeMap::new();
    for case in CASES {
        let pos = position(case);
        let mut searcher = Searcher::new(16);
        let limits = Limits {
            nodes: Some(NODES),
            ..Limits::default()
        };
        let (best, info) = searcher.search(&pos, &[], &limits, |_| {});
        let family = if pos.variant().battle.is_some() {
            "battle-chieftain (all boards)"
        } else {
            case.variant.name()
        };
        *per_variant.entry(family).or_insert(0) += 1;
        let result = match best {
            Some(m) => check(case, &pos, m, info.score),
            None => Err("no move".to_string()),
        };
        eprintln!(
            "{:<18} depth {:>2} {:>7} nodes {}: {}",
            case.variant.name(),
            info.depth,
            info.nodes,
            match &result {
                Ok(()) => "ok".to_string(),
                Err(e) => e.clone(),
            },
            case.fen
        );
        if let Err(why) = result {
            failures.push(format!(
                "{} {} ({}): {why}",
                case.variant, case.fen, case.name
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} unsolved:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
    for (variant, count) in per_variant {
        assert!(count >= 10, "{variant}: only {count} positions");
    }
}
