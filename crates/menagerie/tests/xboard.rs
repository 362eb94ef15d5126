//! `menagerie xboard` fed CECP text, one test per behaviour of issue 15 item 5. The real
//! XBoard plays it in tests/xboard/xboard_wildebeest.sh.

use rules::{VariantId, fen, uci_move};
use std::time::Duration;

mod common;
use common::{Engine, converse};

impl Engine {
    fn start() -> Engine {
        let mut engine = Engine::spawn(&["xboard"]);
        engine.send("xboard\nprotover 2");
        engine.until("feature done=1");
        engine
    }

    /// Sends `ping N` and returns everything before the `pong N`.
    fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        self.until(&format!("pong {n}"))
    }
}

#[test]
fn features_list_the_variants_and_what_is_supported() {
    let out = converse("xboard", "xboard\nprotover 2\nquit\n");
    assert!(out.contains("variants=\"normal,wildebeest\""), "{out}");
    for feature in [
        "analyze=1",
        "draw=1",
        "memory=1",
        "smp=1",
        "ping=1",
        "setboard=1",
    ] {
        assert!(out.contains(feature), "{feature}: {out}");
    }
    assert!(
        out.contains("feature option=\"Clear Hash -button\""),
        "{out}"
    );
}

#[test]
fn wildebeest_is_described_with_setup_and_betza_pieces() {
    let mut engine = Engine::start();
    engine.send("new\nvariant wildebeest");
    let lines = engine.sync(1);
    let setup = lines
        .iter()
        .find(|l| l.starts_with("setup "))
        .expect("setup");
    assert!(
        setup.ends_with(
            " 11x10+0_fairy rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1"
        ),
        "{setup}"
    );
    // The table: our letters at XBoard's piece types, as many for each colour.
    let table = &setup["setup (".len()..setup.find(')').unwrap()];
    let (white, black) = table.split_at(table.len() / 2);
    assert_eq!(white.to_lowercase(), black, "{table}");
    assert_eq!(white.find('C'), Some(24), "the camel picture");
    assert_eq!(white.find('W'), Some(31), "the gnu picture");
    assert!(white.ends_with('K'));
    assert!(lines.contains(&"piece C& C".to_string()), "{lines:#?}");
    assert!(lines.contains(&"piece W& NC".to_string()), "{lines:#?}");
}

#[test]
fn ranks_of_a_ten_rank_board_count_from_zero_as_in_xboard() {
    let mut engine = Engine::start();
    engine.send("new\nvariant wildebeest\nsd 2");
    // XBoard's e1e4 is our e2e5, the pawn's three-square step.
    engine.send("usermove e1e4");
    let reply = engine.until("move ").pop().unwrap();
    let theirs = &reply["move ".len()..];
    let ours: String = {
        // Back to our numbering: every rank number one higher.
        let mut out = String::new();
        let mut digits = String::new();
        for c in theirs.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_digit() {
                digits.push(c);
            } else {
                if !digits.is_empty() {
                    out.push_str(&(digits.parse::<u32>().unwrap() + 1).to_string());
                    digits.clear();
                }
                out.push(c);
            }
        }
        out.trim().to_string()
    };
    let pos = fen::parse(
        VariantId::Wildebeest.rules().unwrap(),
        "rnccwkqbbnr/ppppppppppp/11/11/11/4P6/11/11/PPPP1PPPPPP/RNBBQKWCCNR b KQkq - 0 1",
    )
    .unwrap();
    assert!(uci_move::parse(&pos, &ours).is_ok(), "{reply} = {ours}");
    engine.send("usermove e1e3");
    let lines = engine.sync(2);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Illegal move") && l.ends_with("e1e3")),
        "the pawn has left e1: {lines:#?}"
    );
}

#[test]
fn variants_without_a_cecp_form_are_refused_with_the_reason() {
    let mut engine = Engine::start();
    engine.send("variant behemoth\nvariant battle-chieftain");
    let lines = engine.sync(1);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (unsupported variant)") && l.contains("dice")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("battle-chieftain") && l.contains("walls and holes")),
        "{lines:#?}"
    );
}

#[test]
fn question_mark_moves_now() {
    let mut engine = Engine::start();
    engine.send("new\nst 60\ngo");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("?");
    let started = std::time::Instant::now();
    let reply = engine.until("move ").pop().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10), "{reply}");
    let start = rules::Position::start(VariantId::Chess.rules().unwrap());
    assert!(uci_move::parse(&start, &reply[5..]).is_ok(), "{reply}");
}

#[test]
fn analyze_posts_lines_until_exit_and_follows_moves() {
    let mut engine = Engine::start();
    engine.send("new\nforce\nanalyze");
    engine.until("1 ");
    engine.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("exit");
    let lines = engine.sync(3);
    assert!(
        !lines.iter().any(|l| l.starts_with("move ")),
        "analysis never moves: {lines:#?}"
    );
    // After e2e4 the lines are Black's: a black move first.
    let after = fen::parse(
        VariantId::Chess.rules().unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    )
    .unwrap();
    let last = lines
        .iter()
        .rev()
        .find(|l| l.split_whitespace().count() >= 5)
        .expect("a thinking line");
    let first = last.split_whitespace().nth(4).unwrap();
    assert!(uci_move::parse(&after, first).is_ok(), "{last}");
}

#[test]
fn hint_draw_memory_cores_option_and_fractional_level() {
    let mut engine = Engine::start();
    engine.send("new\nmemory 8\ncores 2\noption Clear Hash\nlevel 40 0:30 0.5\nhint");
    let lines = engine.sync(1);
    let hint = lines
        .iter()
        .find(|l| l.starts_with("Hint: "))
        .expect("a hint");
    let start = rules::Position::start(VariantId::Chess.rules().unwrap());
    assert!(uci_move::parse(&start, &hint[6..]).is_ok(), "{hint}");
    assert!(!lines.iter().any(|l| l.starts_with("Error")), "{lines:#?}");
    // A lost position: the engine sees itself a rook down and accepts a draw.
    engine.send("setboard 4k3/8/8/8/8/8/8/r3K3 w - - 0 1\nsd 4\ngo");
    engine.until("move ");
    engine.send("draw");
    assert!(engine.sync(2).contains(&"offer draw".to_string()));
    engine.send("level 40 5 x");
    assert!(
        engine
            .sync(3)
            .iter()
            .any(|l| l.starts_with("Error (bad level)"))
    );
}
