//! `menagerie uci`: the Universal Chess Interface on stdin/stdout, with `UCI_Variant` for
//! every variant and chance tokens (`~7.4`) in `position ... moves`.

use crate::setup::PositionArgs;
use engine::score::{mate_in, wdl};
use engine::{Limits, SearchInfo, Searcher, Strength, strength};
use rules::{Position, RuleOptions, VariantId, uci_move};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

struct Session {
    variant: VariantId,
    options: RuleOptions,
    show_wdl: bool,
    /// `UCI_LimitStrength` and `UCI_Elo`: play at that rating.
    limit_strength: bool,
    elo: u32,
    position: Position,
    /// Keys of the positions before the current one, for repetition.
    history: Vec<u64>,
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    running: Option<JoinHandle<()>>,
}

fn say(line: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// The score as UCI writes it: `cp N` or `mate N` (moves, negative when losing).
fn uci_score(score: i32) -> String {
    match mate_in(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

pub fn info_line(pos: &Position, info: &SearchInfo, show_wdl: bool) -> String {
    let mut line = format!("info depth {} score {}", info.depth, uci_score(info.score));
    if show_wdl {
        let (w, d, l) = wdl(info.score);
        line.push_str(&format!(" wdl {w} {d} {l}"));
    }
    line.push_str(&format!(
        " nodes {} nps {} hashfull {} time {}",
        info.nodes,
        info.nps(),
        info.hashfull,
        info.elapsed.as_millis()
    ));
    if !info.pv.is_empty() {
        line.push_str(" pv");
        let mut current = pos.clone();
        for &m in &info.pv {
            line.push(' ');
            line.push_str(&uci_move::write(&current, m));
            current.play(m);
        }
    }
    line
}

impl Session {
    fn new() -> Session {
        let searcher = Searcher::new(16);
        let stop = searcher.stop_flag();
        Session {
            variant: VariantId::Chess,
            options: RuleOptions::default(),
            show_wdl: false,
            limit_strength: false,
            elo: strength::LEVEL_ELO[3],
            position: Position::start(VariantId::Chess.rules().expect("chess is playable")),
            history: Vec::new(),
            searcher: Arc::new(Mutex::new(searcher)),
            stop,
            running: None,
        }
    }

    fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }

    fn identify(&self) {
        say("id name Menagerie");
        say("id author the Menagerie developers");
        let variants: Vec<String> = VariantId::ALL.iter().map(|v| format!("var {v}")).collect();
        say(&format!(
            "option name UCI_Variant type combo default chess {}",
            variants.join(" ")
        ));
        say("option name Hash type spin default 16 min 1 max 4096");
        say("option name Threads type spin default 1 min 1 max 1");
        say("option name UCI_ShowWDL type check default false");
        say("option name UCI_LimitStrength type check default false");
        say(&format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            strength::LEVEL_ELO[3],
            strength::LEVEL_ELO[0],
            strength::LEVEL_ELO[7]
        ));
        say("option name juggernaut-edge type combo default wrap var wrap var stay var reroll");
        say("option name juggernaut-start type string default random");
        say("option name home-rows type combo default sanctuary var sanctuary var open");
        say("uciok");
    }

    fn set_option(&mut self, args: &str) -> Result<(), String> {
        let (name, value) = match args.strip_prefix("name ") {
            Some(rest) => match rest.split_once(" value ") {
                Some((n, v)) => (n.trim(), v.trim()),
                None => (rest.trim(), ""),
            },
            None => return Err("setoption needs 'name'".to_string()),
        };
        match name {
            "UCI_Variant" => {
                self.variant = value
                    .parse()
                    .map_err(|e: rules::VariantError| e.to_string())?;
                self.options = RuleOptions::default();
                self.set_position(None, &[])?;
            }
            "Hash" => {
                let mb: usize = value
                    .parse()
                    .map_err(|_| format!("Hash '{value}' is not a number"))?;
                self.wait();
                self.searcher
                    .lock()
                    .expect("searcher")
                    .resize(mb.clamp(1, 4096));
            }
            "Threads" => {}
            "UCI_ShowWDL" => self.show_wdl = value == "true",
            "UCI_LimitStrength" => self.limit_strength = value == "true",
            "UCI_Elo" => {
                self.elo = value
                    .parse()
                    .map_err(|_| format!("UCI_Elo '{value}' is not a number"))?
            }
            key @ ("juggernaut-edge" | "juggernaut-start" | "home-rows") => {
                // Options of other variants are accepted and ignored, as GUIs send them all.
                if rules::options::keys(self.variant)
                    .iter()
                    .any(|(k, _)| *k == key)
                {
                    self.options
                        .set(self.variant, &format!("{key}={value}"))
                        .map_err(|e| e.to_string())?;
                    self.position = self.position.clone().with_options(self.options);
                }
            }
            other => return Err(format!("unknown option '{other}'")),
        }
        Ok(())
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let args = PositionArgs {
            variant: self.variant.name().to_string(),
            fen: fen.map(str::to_string),
            rules: Vec::new(),
            moves: None,
        };
        let start = args
            .position()
            .map_err(|e| format!("{e:#}"))?
            .with_options(self.options);
        let (pos, history) =
            crate::setup::play_turns(start, moves).map_err(|e| format!("{e:#}"))?;
        self.position = pos;
        self.history = history;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) {
        self.wait();
        let mut limits = Limits {
            strength: if self.limit_strength {
                Strength::elo(self.elo)
            } else {
                Strength::FULL
            },
            ..Limits::default()
        };
        let ms = |i: usize| {
            args.get(i + 1)
                .and_then(|v| v.parse::<u64>().ok())
                .map(Duration::from_millis)
        };
        let white = self.position.turn() == rules::Color::White;
        for (i, word) in args.iter().enumerate() {
            match *word {
                "depth" => limits.depth = args.get(i + 1).and_then(|v| v.parse().ok()),
                "nodes" => limits.nodes = args.get(i + 1).and_then(|v| v.parse().ok()),
                "movetime" => limits.movetime = ms(i),
                "wtime" if white => limits.time_left = ms(i),
                "btime" if !white => limits.time_left = ms(i),
                "winc" if white => limits.increment = ms(i).unwrap_or_default(),
                "binc" if !white => limits.increment = ms(i).unwrap_or_default(),
                "movestogo" => limits.moves_to_go = args.get(i + 1).and_then(|v| v.parse().ok()),
                "infinite" => limits.infinite = true,
                _ => {}
            }
        }
        if self.position.chance_pending() {
            say("info string the dice are owed: add a roll such as ~7.4 to the move list");
            say("bestmove 0000");
            return;
        }
        self.stop.store(false, Ordering::Relaxed);
        let pos = self.position.clone();
        let history = self.history.clone();
        let searcher = self.searcher.clone();
        let show_wdl = self.show_wdl;
        let stop = self.stop.clone();
        self.running = Some(std::thread::spawn(move || {
            let mut searcher = searcher.lock().expect("searcher");
            let (best, _) = searcher.search(&pos, &history, &limits, |info| {
                say(&info_line(&pos, info, show_wdl))
            });
            // Under `go infinite` the answer waits for `stop`, even if the search ran out
            // of depth first.
            while limits.infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            match best {
                Some(m) => say(&format!("bestmove {}", uci_move::write(&pos, m))),
                None => say("bestmove 0000"),
            }
        }));
    }
}

pub fn run() -> anyhow::Result<()> {
    let mut session = Session::new();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        let rest = line.trim_start()[command.len()..].trim();
        let result = match command {
            "uci" => {
                session.identify();
                Ok(())
            }
            "isready" => {
                say("readyok");
                Ok(())
            }
            "ucinewgame" => {
                session.wait();
                session.searcher.lock().expect("searcher").clear();
                Ok(())
            }
            "setoption" => session.set_option(rest),
            "position" => {
                let (fen, moves) = match rest.split_once("moves") {
                    Some((head, tail)) => {
                        (head.trim(), tail.split_whitespace().collect::<Vec<_>>())
                    }
                    None => (rest, Vec::new()),
                };
                if fen == "startpos" {
                    session.set_position(None, &moves)
                } else if let Some(fen) = fen.strip_prefix("fen ") {
                    session.set_position(Some(fen.trim()), &moves)
                } else {
                    Err(format!("position needs 'startpos' or 'fen', not '{fen}'"))
                }
            }
            "go" => {
                session.go(&words[1..]);
                Ok(())
            }
            "stop" => {
                session.stop.store(true, Ordering::Relaxed);
                session.wait();
                Ok(())
            }
            "quit" => break,
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(message) = result {
            say(&format!("info string error: {message}"));
        }
    }
    session.stop.store(true, Ordering::Relaxed);
    session.wait();
    Ok(())
}
