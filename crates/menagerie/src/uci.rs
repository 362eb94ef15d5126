//! `menagerie uci`: the Universal Chess Interface on stdin/stdout, with `UCI_Variant` for
//! every variant and chance tokens (`~7.4`) in `position ... moves`.

use crate::setup::play_valid_prefix;
use engine::score::{mate_in, wdl};
use engine::{Limits, SearchInfo, Searcher, Strength, strength};
use rules::{Move, Position, RuleOptions, VariantId, fen, uci_move};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

struct Session {
    variant: VariantId,
    options: RuleOptions,
    show_wdl: bool,
    /// Principal variations to report (the `MultiPV` option).
    lines: usize,
    /// `UCI_LimitStrength` and `UCI_Elo`: play at that rating.
    limit_strength: bool,
    elo: u32,
    /// The position to search, or none after a `position` that was refused: searching
    /// the one before would answer a move of another game.
    position: Option<Position>,
    /// Keys of the positions before the current one, for repetition.
    history: Vec<u64>,
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    /// Set by `ponderhit`: the pondering search becomes a search on the clock.
    ponderhit: Arc<AtomicBool>,
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

/// An `info` line; `multipv` numbers the line when several are reported.
fn info_line(pos: &Position, info: &SearchInfo, show_wdl: bool, multipv: Option<usize>) -> String {
    let mut line = format!("info depth {}", info.depth);
    if let Some(k) = multipv {
        line.push_str(&format!(" multipv {k}"));
    }
    line.push_str(&format!(" score {}", uci_score(info.score)));
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
            lines: 1,
            limit_strength: false,
            elo: strength::LEVEL_ELO[3],
            position: Some(Position::start(
                VariantId::Chess.rules().expect("chess is playable"),
            )),
            history: Vec::new(),
            searcher: Arc::new(Mutex::new(searcher)),
            stop,
            ponderhit: Arc::new(AtomicBool::new(false)),
            running: None,
        }
    }

    fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            let _ = handle.join();
        }
    }

    fn identify(&self) {
        say(concat!("id name Menagerie ", env!("CARGO_PKG_VERSION")));
        say("id author the Menagerie developers");
        let variants: Vec<String> = VariantId::ALL.iter().map(|v| format!("var {v}")).collect();
        say(&format!(
            "option name UCI_Variant type combo default chess {}",
            variants.join(" ")
        ));
        say("option name Hash type spin default 16 min 1 max 4096");
        say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        say(&format!(
            "option name EvalFile type string default {BUILT_IN_NETWORK}"
        ));
        say("option name UCI_ShowWDL type check default false");
        say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_LINES}"
        ));
        say("option name Ponder type check default false");
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
                say(&variant_line(self.variant));
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
            "Threads" => {
                let threads: usize = value
                    .parse()
                    .map_err(|_| format!("Threads '{value}' is not a number"))?;
                self.wait();
                self.searcher
                    .lock()
                    .expect("searcher")
                    .set_threads(threads.clamp(1, MAX_THREADS));
            }
            "EvalFile" => {
                let net = match value {
                    "" | BUILT_IN_NETWORK => None,
                    path => {
                        let bytes =
                            std::fs::read(path).map_err(|e| format!("EvalFile {path}: {e}"))?;
                        let net = engine::network::Network::from_bytes(&bytes)
                            .map_err(|e| format!("EvalFile {path}: {e}"))?;
                        // Kept for the rest of the process, as the built-in one is.
                        Some(&*Box::leak(Box::new(net)))
                    }
                };
                self.wait();
                let mut searcher = self.searcher.lock().expect("searcher");
                let weights = engine::eval::Weights {
                    net,
                    ..engine::eval::Weights::DEFAULT
                };
                searcher.set_weights(weights);
            }
            "UCI_ShowWDL" => self.show_wdl = value == "true",
            "MultiPV" => {
                let lines: usize = value
                    .parse()
                    .map_err(|_| format!("MultiPV '{value}' is not a number"))?;
                self.lines = lines.clamp(1, MAX_LINES);
            }
            // The GUI says whether it will ponder; `go ponder` is what counts.
            "Ponder" => {}
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
                    self.position = self.position.take().map(|p| p.with_options(self.options));
                }
            }
            other => return Err(format!("unknown option '{other}'")),
        }
        Ok(())
    }

    /// Sets up `position`. A FEN that cannot be read leaves no position at all; a castling
    /// right the board cannot have is dropped, and a move list is played up to its first
    /// turn that cannot be played, each with an `info string` saying so.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.position = None;
        self.history.clear();
        let variant = self.variant.rules().map_err(|e| e.to_string())?;
        let start = match fen {
            Some(text) => {
                let (pos, dropped) = fen::parse_lenient(variant, text)
                    .map_err(|e| format!("{e}; no position is set"))?;
                for why in dropped {
                    say(&format!("info string castling right dropped: {why}"));
                }
                pos
            }
            None => Position::start(variant),
        }
        .with_options(self.options);
        let prefix = play_valid_prefix(start, moves);
        if let Some(e) = prefix.error {
            say(&format!(
                "info string error: {e:#}; playing the {} turn(s) before it",
                prefix.played
            ));
        }
        self.position = Some(prefix.position);
        self.history = prefix.history;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) {
        self.wait();
        let Some(pos) = self.position.clone() else {
            say("info string error: no position is set (the last 'position' was refused)");
            say("bestmove 0000");
            return;
        };
        let mut limits = Limits {
            strength: if self.limit_strength {
                Strength::elo(self.elo)
            } else {
                Strength::FULL
            },
            ..Limits::default()
        };
        let mut ponder = false;
        let ms = |i: usize| {
            args.get(i + 1)
                .and_then(|v| v.parse::<u64>().ok())
                .map(Duration::from_millis)
        };
        let white = pos.turn() == rules::Color::White;
        let mut i = 0;
        while i < args.len() {
            match args[i] {
                "depth" => limits.depth = args.get(i + 1).and_then(|v| v.parse().ok()),
                "nodes" => limits.nodes = args.get(i + 1).and_then(|v| v.parse().ok()),
                "movetime" => limits.movetime = ms(i),
                "wtime" if white => limits.time_left = ms(i),
                "btime" if !white => limits.time_left = ms(i),
                "winc" if white => limits.increment = ms(i).unwrap_or_default(),
                "binc" if !white => limits.increment = ms(i).unwrap_or_default(),
                "movestogo" => limits.moves_to_go = args.get(i + 1).and_then(|v| v.parse().ok()),
                "infinite" => limits.infinite = true,
                "ponder" => ponder = true,
                "searchmoves" => {
                    while let Some(text) = args.get(i + 1).filter(|w| !GO_WORDS.contains(w)) {
                        match uci_move::parse(&pos, text) {
                            Ok(m) => limits.root_moves.push(m),
                            Err(e) => say(&format!("info string searchmoves: {text}: {e}")),
                        }
                        i += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        if pos.chance_pending() {
            say("info string the dice are owed: add a roll such as ~7.4 to the move list");
            say("bestmove 0000");
            return;
        }
        self.stop.store(false, Ordering::Relaxed);
        self.ponderhit.store(false, Ordering::Relaxed);
        let job = Job {
            pos,
            history: self.history.clone(),
            lines: self.lines,
            show_wdl: self.show_wdl,
        };
        let searcher = self.searcher.clone();
        let stop = self.stop.clone();
        let ponderhit = self.ponderhit.clone();
        self.running = Some(std::thread::spawn(move || {
            let mut searcher = searcher.lock().expect("searcher");
            // Pondering searches without limit until `ponderhit` or `stop`.
            let first = if ponder {
                Limits {
                    infinite: true,
                    depth: None,
                    nodes: None,
                    movetime: None,
                    ..limits.clone()
                }
            } else {
                limits.clone()
            };
            let mut pv = job.search(&mut searcher, &first, &stop);
            // Under `go infinite` and `go ponder` the answer waits for `stop` (or
            // `ponderhit`), even if the search ran out of depth first.
            while first.infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            if ponder && ponderhit.swap(false, Ordering::Relaxed) {
                // The opponent played the expected move: search on the clock, with the
                // transposition table the pondering filled.
                stop.store(false, Ordering::Relaxed);
                pv = job.search(&mut searcher, &limits, &stop);
            }
            // A search cut short may play a move its last full line does not start with;
            // the table still knows the likely reply.
            if let [best] = pv[..] {
                let mut after = job.pos.clone();
                after.play(best);
                if !after.chance_pending()
                    && let Some(reply) = searcher.table_move(&after)
                {
                    pv.push(reply);
                }
            }
            say(&job.bestmove(&pv));
        }));
    }
}

/// The words that can follow `go`, which end a `searchmoves` list.
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// The most principal variations `MultiPV` may ask for.
const MAX_LINES: usize = 64;
/// `EvalFile`'s value for the network built into the program.
const BUILT_IN_NETWORK: &str = "<built-in>";
/// The most search threads the `Threads` option takes.
const MAX_THREADS: usize = 64;

/// One `go`: what to search and how to report it.
struct Job {
    pos: Position,
    history: Vec<u64>,
    lines: usize,
    show_wdl: bool,
}

impl Job {
    /// Searches within `limits`, printing `info` lines; returns the best line found.
    fn search(&self, searcher: &mut Searcher, limits: &Limits, stop: &AtomicBool) -> Vec<Move> {
        if self.lines <= 1 {
            let (best, info) = searcher.search(&self.pos, &self.history, limits, |info| {
                say(&info_line(&self.pos, info, self.show_wdl, None))
            });
            return best_line(best, &info);
        }
        self.search_lines(searcher, limits, stop)
    }

    /// MultiPV: depth by depth, the best line among all root moves, then the best among
    /// the rest, and so on; each search is limited to what is left of the time and nodes.
    fn search_lines(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Vec<Move> {
        let started = Instant::now();
        // The time one search would take for this move, shared by all the lines.
        let deadline = engine::time::budget(limits).map(|budget| budget.hard);
        let candidates: Vec<Move> = if limits.root_moves.is_empty() {
            self.pos.legal_moves().iter().copied().collect()
        } else {
            limits.root_moves.clone()
        };
        let lines = self.lines.min(candidates.len()).max(1);
        let max_depth = limits.depth.unwrap_or(100);
        let mut nodes = 0;
        let mut best = Vec::new();
        for depth in 1..=max_depth {
            let mut remaining = candidates.clone();
            for line in 1..=lines {
                let left = deadline.map(|d| d.saturating_sub(started.elapsed()));
                if stop.load(Ordering::Relaxed) || left.is_some_and(|l| l.is_zero()) {
                    return best;
                }
                let (found, info) = searcher.search(
                    &self.pos,
                    &self.history,
                    &Limits {
                        depth: Some(depth),
                        nodes: limits.nodes.map(|n| n.saturating_sub(nodes).max(1)),
                        movetime: left,
                        time_left: None,
                        moves_to_go: None,
                        infinite: false,
                        root_moves: remaining.clone(),
                        ..limits.clone()
                    },
                    |_| {},
                );
                nodes += info.nodes;
                let Some(m) = found.filter(|_| info.depth == depth) else {
                    return best;
                };
                say(&info_line(&self.pos, &info, self.show_wdl, Some(line)));
                if line == 1 {
                    best = best_line(Some(m), &info);
                }
                remaining.retain(|&r| r != m);
                if limits.nodes.is_some_and(|n| nodes >= n) {
                    return best;
                }
            }
        }
        best
    }

    /// `bestmove`, with the expected reply to ponder on when the line has one.
    fn bestmove(&self, line: &[Move]) -> String {
        let Some(&best) = line.first() else {
            return "bestmove 0000".to_string();
        };
        let mut text = format!("bestmove {}", uci_move::write(&self.pos, best));
        if let Some(&reply) = line.get(1) {
            let mut after = self.pos.clone();
            after.play(best);
            if !after.chance_pending() {
                text.push_str(&format!(" ponder {}", uci_move::write(&after, reply)));
            }
        }
        text
    }
}

/// The principal variation if it starts with the best move, else the move alone.
fn best_line(best: Option<Move>, info: &SearchInfo) -> Vec<Move> {
    match best {
        Some(m) if info.pv.first() == Some(&m) => info.pv.clone(),
        Some(m) => vec![m],
        None => Vec::new(),
    }
}

/// What Fairy-Stockfish prints after `UCI_Variant`, so GUIs that read it learn the board:
/// `info string variant NAME files F ranks R pocket P template fairy startpos FEN`.
fn variant_line(id: VariantId) -> String {
    let variant = id.rules().expect("a selectable variant has rules");
    let pocket = if variant.hands {
        variant.roles.len()
    } else {
        0
    };
    format!(
        "info string variant {id} files {} ranks {} pocket {pocket} template fairy startpos {}",
        variant.geometry.files, variant.geometry.ranks, variant.start_fen
    )
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
                session.stop.store(true, Ordering::Relaxed);
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
                    session.position = None;
                    Err(format!(
                        "position needs 'startpos' or 'fen', not '{fen}'; no position is set"
                    ))
                }
            }
            "go" => {
                session.go(&words[1..]);
                Ok(())
            }
            "ponderhit" => {
                session.ponderhit.store(true, Ordering::Relaxed);
                session.stop.store(true, Ordering::Relaxed);
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
