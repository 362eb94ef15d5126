//! `menagerie uci` (and the bare binary, as GUIs start it) driven line by line, one test
//! per behaviour of issue 15 item 6.

use rules::{Position, VariantId, fen, uci_move};
use std::time::Duration;

mod common;
use common::{Engine, converse};

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut engine = Engine::spawn(args);
        engine.send("uci");
        engine.until("uciok");
        engine
    }

    /// The move of the `bestmove` line that ends `lines`.
    fn best(lines: &[String]) -> String {
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap().to_string()
    }
}

fn chess(text: &str) -> Position {
    fen::parse(VariantId::Chess.rules().unwrap(), text).unwrap()
}

#[test]
fn a_refused_position_leaves_nothing_to_search() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("position startpos moves e2e4");
    engine.send("position fen this-is-not-a-fen w");
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    assert_eq!(Engine::best(&lines), "0000", "{lines:#?}");
    assert!(lines.iter().any(|l| l.contains("no position is set")));
    // `position` with neither startpos nor fen is refused the same way.
    engine.send("position startpos");
    engine.send("position somewhere");
    engine.send("go depth 1");
    assert_eq!(Engine::best(&engine.until("bestmove")), "0000");
}

#[test]
fn impossible_castling_rights_are_dropped_not_refused() {
    // The example: this once answered a move of the previous game.
    let mut engine = Engine::start(&["uci"]);
    engine.send("position startpos moves e2e4");
    engine.send("position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string castling right dropped: castling right 'K'")),
        "{lines:#?}"
    );
    let best = Engine::best(&lines);
    let pos = chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(uci_move::parse(&pos, &best).is_ok(), "{best}");
    assert!(best.starts_with("e1"), "{best}");
}

#[test]
fn a_move_list_is_played_up_to_its_first_bad_move() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("position startpos moves e2e4 e7e5 e1e3 g1f3");
    engine.send("go depth 1");
    let lines = engine.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: move 3")
                && l.ends_with("playing the 2 turn(s) before it")),
        "{lines:#?}"
    );
    let pos = chess("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let best = Engine::best(&lines);
    assert!(uci_move::parse(&pos, &best).is_ok(), "{best}");
}

#[test]
fn searchmoves_limits_the_choice() {
    let mut engine = Engine::start(&["uci"]);
    // Qxf7 mates, but only the two quiet moves may be searched.
    engine.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    engine.send("go depth 3 searchmoves a2a3 h2h3");
    let lines = engine.until("bestmove");
    let best = Engine::best(&lines);
    assert!(best == "a2a3" || best == "h2h3", "{lines:#?}");
    for line in lines.iter().filter(|l| l.contains(" pv ")) {
        let first = line
            .split(" pv ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        assert!(first == "a2a3" || first == "h2h3", "{line}");
    }
    engine.send("go depth 2");
    assert_eq!(Engine::best(&engine.until("bestmove")), "h5f7");
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("setoption name MultiPV value 3");
    engine.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    let deepest: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3 multipv"))
        .collect();
    assert_eq!(deepest.len(), 3, "{lines:#?}");
    let firsts: Vec<&str> = deepest
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts[0], "h5f7", "the mate is line 1: {lines:#?}");
    assert!(firsts[1] != firsts[0] && firsts[2] != firsts[0] && firsts[1] != firsts[2]);
    assert!(
        deepest[0].contains("multipv 1 score mate 1"),
        "{}",
        deepest[0]
    );
    assert_eq!(Engine::best(&lines), "h5f7");
}

#[test]
fn go_ponder_waits_for_ponderhit_or_stop() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 60000 btime 60000 movestogo 40");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "a pondering engine does not answer before ponderhit: {lines:#?}"
    );
    engine.send("ponderhit");
    let lines = engine.until("bestmove");
    let pos = chess("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert!(uci_move::parse(&pos, &Engine::best(&lines)).is_ok());
    // `bestmove ... ponder M` names a legal reply.
    let last = lines.last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.get(2), Some(&"ponder"), "{last}");
    let mut after = pos.clone();
    after.play(uci_move::parse(&pos, words[1]).unwrap());
    assert!(uci_move::parse(&after, words[3]).is_ok(), "{last}");
    // Stopped instead, the ponder search answers at once.
    engine.send("go ponder wtime 60000 btime 60000");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("stop");
    engine.until("bestmove");
}

#[test]
fn id_name_has_the_version_and_ponder_and_multipv_are_offered() {
    let out = converse("uci", "uci\nquit\n");
    let id = format!("id name Menagerie {}", env!("CARGO_PKG_VERSION"));
    assert!(out.lines().any(|l| l == id), "{out}");
    assert!(
        out.contains("option name MultiPV type spin default 1"),
        "{out}"
    );
    assert!(out.contains("option name Ponder type check"), "{out}");
    assert!(
        out.contains("option name EvalFile type string default <built-in>"),
        "{out}"
    );
}

#[test]
fn uci_variant_prints_fairy_stockfishs_variant_line() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("setoption name UCI_Variant value wildebeest");
    let lines = engine.until("info string variant");
    assert_eq!(
        lines.last().unwrap(),
        "info string variant wildebeest files 11 ranks 10 pocket 0 template fairy startpos \
         rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1"
    );
    engine.send("setoption name UCI_Variant value battle-chieftain");
    let line = engine.until("info string variant").pop().unwrap();
    assert!(
        line.starts_with("info string variant battle-chieftain files 10 ranks 11 pocket 2 "),
        "{line}"
    );
}

#[test]
fn the_bare_binary_speaks_uci_to_a_gui() {
    // Started with no arguments and stdin a pipe, as a GUI starts an engine.
    let mut engine = Engine::start(&[]);
    engine.send("position startpos");
    engine.send("go depth 1");
    let best = Engine::best(&engine.until("bestmove"));
    let start = Position::start(VariantId::Chess.rules().unwrap());
    assert!(uci_move::parse(&start, &best).is_ok(), "{best}");
}

#[test]
fn threads_search_together_and_answer_a_legal_move() {
    let mut engine = Engine::start(&["uci"]);
    engine.send("setoption name Threads value 2");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go depth 7");
    let lines = engine.until("bestmove");
    assert!(lines.iter().any(|l| l.contains(" depth 7 ")), "{lines:#?}");
    let pos = chess("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let best = Engine::best(&lines);
    assert!(
        pos.legal_moves()
            .iter()
            .any(|&m| uci_move::write(&pos, m) == best),
        "{lines:#?}"
    );
    // Back to one thread, the same engine goes on answering.
    engine.send("setoption name Threads value 1");
    engine.send("go depth 3");
    assert!(!Engine::best(&engine.until("bestmove")).is_empty());
}

/// `menagerie net-data` then `train-net` make a network that `EvalFile` loads, of a
/// width other than the built-in one's; a file that is not one is refused with the
/// reason, and the engine plays on as before.
#[test]
fn eval_file_loads_a_trained_network_and_refuses_anything_else() {
    let dir = std::env::temp_dir().join(format!("menagerie-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (data, net) = (dir.join("chess.data"), dir.join("chess.net"));
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let data_arg = data.to_str().unwrap();
    run(&[
        "net-data", "--games", "4", "--nodes", "300", "--out", data_arg,
    ]);
    let net_arg = net.to_str().unwrap();
    run(&[
        "train-net",
        "--data",
        data_arg,
        "--out",
        net_arg,
        "--epochs",
        "2",
        "--hidden",
        "192",
    ]);

    let mut engine = Engine::start(&["uci"]);
    engine.send(&format!("setoption name EvalFile value {net_arg}"));
    engine.send("position startpos moves e2e4");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
    let pos = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert!(uci_move::parse(&pos, &Engine::best(&lines)).is_ok());

    engine.send(&format!("setoption name EvalFile value {data_arg}"));
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: EvalFile")
                && l.contains("not a Menagerie network")),
        "{lines:#?}"
    );
    assert!(uci_move::parse(&pos, &Engine::best(&lines)).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}
