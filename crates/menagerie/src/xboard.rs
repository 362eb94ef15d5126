//! `menagerie xboard`: the Chess Engine Communication Protocol (CECP v2), so XBoard and
//! WinBoard can play against the engine. XBoard's `normal` is chess; `wildebeest` is an
//! engine-defined variant, so the engine describes it with `setup` (pieces, 11x10 board,
//! start position) and `piece` lines in Betza notation. The dice variants need rolls the
//! protocol cannot carry, and the Battle Chieftain boards need swaps, crownings, walls
//! and holes XBoard cannot draw or check: both are played over UCI.

use engine::score::{MATE, MATE_BOUND};
use engine::{Limits, SearchInfo, Searcher};
use rules::{Color, Game, Move, Owed, Position, VariantId, fen, uci_move};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

fn say(line: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// XBoard's name for a variant, and back.
fn protocol_name(id: VariantId) -> &'static str {
    match id {
        VariantId::Chess => "normal",
        other => other.name(),
    }
}

fn from_protocol_name(name: &str) -> Option<VariantId> {
    match name {
        "normal" => Some(VariantId::Chess),
        other => other.parse().ok(),
    }
}

/// Why a variant cannot be played over CECP, if it cannot.
fn unplayable(id: VariantId) -> Option<&'static str> {
    let variant = id.rules().ok()?;
    if variant.beast.is_some() {
        Some("it needs dice rolls, which CECP cannot carry: play it over UCI")
    } else if variant.battle.is_some() {
        Some(
            "its swaps, crownings, walls and holes cannot be described to XBoard: play it over UCI",
        )
    } else {
        None
    }
}

/// What XBoard is told after `variant wildebeest`: the piece-to-char table (our letters
/// at the indices of XBoard's piece types with the right pictures: the camel at 24, the
/// gnu at 31, the king last), the board, the start position, and the moves of every piece
/// XBoard does not know or that moves otherwise here.
fn wildebeest_setup() -> Vec<String> {
    let mut white = vec!['.'; 32];
    for (i, c) in [
        (0, 'P'),
        (1, 'N'),
        (2, 'B'),
        (3, 'R'),
        (4, 'Q'),
        (24, 'C'),
        (31, 'W'),
    ] {
        white[i] = c;
    }
    white.push('K');
    let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
    let white: String = white.into_iter().collect();
    let start = rules::variant::WILDEBEEST.start_fen;
    vec![
        format!("setup ({white}{black}) 11x10+0_fairy {start}"),
        // The camel leaps (1,3); the wildebeest as a knight or a camel.
        "piece C& C".to_string(),
        "piece W& NC".to_string(),
        // Pawns step up to three squares from the second rank and two from the third; XBoard
        // is told the widest, and the engine answers any step too far with Illegal move.
        "piece P& fmW3fcFfeF".to_string(),
        // The king steps, or castles one to four squares toward an unmoved rook.
        "piece K& KisO1isO2isO3isO4".to_string(),
    ]
}

/// XBoard counts the ranks of a board with exactly ten ranks from 0; we count from 1.
/// `delta` is -1 towards XBoard and +1 from it: every rank number in `text` moves by it.
fn renumber(pos: &Position, text: &str, delta: i32) -> String {
    if pos.geometry().ranks != 10 {
        return text.to_string();
    }
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if let Ok(n) = digits.parse::<i32>() {
            out.push_str(&(n + delta).to_string());
        }
        digits.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// The search running in the background, and what it is for.
struct Thinking {
    handle: JoinHandle<(Option<Move>, SearchInfo)>,
    /// Analysis (`analyze`) reports but never moves.
    analysing: bool,
}

struct Session {
    variant: VariantId,
    game: Game,
    /// The side the engine plays, or none in force mode.
    engine_side: Option<Color>,
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    thinking: Option<Thinking>,
    analyse_mode: bool,
    depth: Option<i32>,
    seconds_per_move: Option<f64>,
    clock_centis: Option<u64>,
    increment: Duration,
    moves_per_session: u32,
    post: bool,
    /// The last search's score for the engine and its expected reply, for `draw` and `hint`.
    last_score: Option<i32>,
}

impl Session {
    fn new() -> Session {
        let searcher = Searcher::new(16);
        let stop = searcher.stop_flag();
        Session {
            variant: VariantId::Chess,
            game: Game::new(Position::start(VariantId::Chess.rules().expect("chess"))),
            engine_side: Some(Color::Black),
            searcher: Arc::new(Mutex::new(searcher)),
            stop,
            thinking: None,
            analyse_mode: false,
            depth: None,
            seconds_per_move: None,
            clock_centis: None,
            increment: Duration::ZERO,
            moves_per_session: 0,
            post: false,
            last_score: None,
        }
    }

    fn reset(&mut self, id: VariantId) -> Result<(), String> {
        if let Some(why) = unplayable(id) {
            return Err(format!("{id}: {why}"));
        }
        let variant = id.rules().map_err(|e| e.to_string())?;
        self.variant = id;
        self.game = Game::new(Position::start(variant));
        self.searcher.lock().expect("searcher").clear();
        self.last_score = None;
        Ok(())
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(seconds) = self.seconds_per_move {
            limits.movetime = Some(Duration::from_secs_f64(seconds));
        } else if let Some(centis) = self.clock_centis {
            limits.time_left = Some(Duration::from_millis(centis * 10));
            limits.increment = self.increment;
            if self.moves_per_session > 0 {
                let played = self.game.moves().len() as u32 / 2;
                limits.moves_to_go = Some(self.moves_per_session - played % self.moves_per_session);
            }
        } else if self.depth.is_none() {
            limits.movetime = Some(Duration::from_secs(2));
        }
        limits
    }

    /// Announces the result if the game is over; true when it is.
    fn announce_end(&self) -> bool {
        if let Owed::Over(outcome) = self.game.owed() {
            say(&format!("{} {{{outcome}}}", outcome.result_text()));
            return true;
        }
        false
    }

    /// Starts a search in the background: to move, or without end for `analyze`.
    fn start_search(&mut self, analysing: bool) {
        self.cancel();
        if !analysing && self.announce_end() {
            return;
        }
        if self.game.position().legal_moves().is_empty() {
            return;
        }
        let pos = self.game.position().clone();
        let history = self.game.history_keys();
        let limits = if analysing {
            Limits {
                infinite: true,
                ..Limits::default()
            }
        } else {
            self.limits()
        };
        let post = self.post || analysing;
        let searcher = self.searcher.clone();
        self.stop.store(false, Ordering::Relaxed);
        let handle = std::thread::spawn(move || {
            let mut searcher = searcher.lock().expect("searcher");
            searcher.search(&pos, &history, &limits, |info| {
                if post {
                    say(&thinking_line(&pos, info));
                }
            })
        });
        self.thinking = Some(Thinking { handle, analysing });
    }

    /// Stops a running search and forgets its result.
    fn cancel(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            self.stop.store(true, Ordering::Relaxed);
            let _ = thinking.handle.join();
        }
    }

    /// Waits for a running search to end and plays its move (analysis is stopped).
    fn finish(&mut self) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        if thinking.analysing {
            self.stop.store(true, Ordering::Relaxed);
            let _ = thinking.handle.join();
            return;
        }
        let Ok((best, info)) = thinking.handle.join() else {
            return;
        };
        self.last_score = Some(info.score);
        let Some(m) = best else {
            self.announce_end();
            return;
        };
        let pos = self.game.position().clone();
        let text = renumber(&pos, &uci_move::write(&pos, m), -1);
        if self.game.play(m).is_ok() {
            say(&format!("move {text}"));
            self.announce_end();
        }
    }

    fn search_done(&self) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|t| t.handle.is_finished() && !t.analysing)
    }

    /// What to do after the position changed: think if it is the engine's turn, analyse
    /// again in analysis mode.
    fn after_change(&mut self) {
        if self.analyse_mode {
            self.start_search(true);
        } else if self.engine_side == Some(self.game.position().turn()) {
            self.start_search(false);
        }
    }

    fn user_move(&mut self, text: &str) {
        let pos = self.game.position().clone();
        let ours = renumber(&pos, text, 1);
        let parsed: Result<Move, _> =
            uci_move::parse(&pos, &ours).or_else(|_| rules::san::parse(&pos, &ours));
        match parsed
            .map_err(|e| e.to_string())
            .and_then(|m| self.game.play(m).map_err(|e| e.to_string()))
        {
            Ok(()) => {
                if !self.analyse_mode && self.engine_side != Some(self.game.position().turn()) {
                    self.announce_end();
                }
                self.after_change();
            }
            Err(why) => say(&format!("Illegal move ({why}): {text}")),
        }
    }

    /// `hint`: the move the engine would play here, from a short search.
    fn hint(&mut self) {
        let pos = self.game.position().clone();
        if pos.legal_moves().is_empty() {
            return;
        }
        let history = self.game.history_keys();
        let limits = Limits {
            movetime: Some(Duration::from_millis(200)),
            ..Limits::default()
        };
        let (best, _) =
            self.searcher
                .lock()
                .expect("searcher")
                .search(&pos, &history, &limits, |_| {});
        if let Some(m) = best {
            say(&format!(
                "Hint: {}",
                renumber(&pos, &uci_move::write(&pos, m), -1)
            ));
        }
    }

    /// `draw`: the engine accepts when its last search saw it worse by a pawn or more.
    fn consider_draw(&self) {
        if self.last_score.is_some_and(|score| score <= -100) {
            say("offer draw");
        }
    }

    fn option(&mut self, setting: &str) {
        match setting
            .split_once('=')
            .map_or((setting, ""), |(k, v)| (k, v))
        {
            ("Clear Hash", _) => self.searcher.lock().expect("searcher").clear(),
            (name, _) => say(&format!("Error (unknown option): {name}")),
        }
    }
}

/// A thinking line: depth, score in centipawns (mates as 100000 + moves), time in
/// centiseconds, nodes, and the principal variation in XBoard's numbering.
fn thinking_line(pos: &Position, info: &SearchInfo) -> String {
    let score = if info.score >= MATE_BOUND {
        100_000 + (MATE - info.score)
    } else if info.score <= -MATE_BOUND {
        -100_000 - (MATE + info.score)
    } else {
        info.score
    };
    let mut pv = Vec::new();
    let mut current = pos.clone();
    for &m in &info.pv {
        pv.push(renumber(&current, &uci_move::write(&current, m), -1));
        current.play(m);
    }
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.elapsed.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// `level MPS BASE INC`: BASE in minutes or minutes:seconds, INC in seconds (fractions
/// allowed, as in `level 40 0:30 0.5`).
fn parse_level(args: &[&str]) -> Option<(u32, Duration)> {
    let moves = args.first()?.parse().ok()?;
    let increment: f64 = args.get(2)?.parse().ok()?;
    Some((moves, Duration::from_secs_f64(increment.max(0.0))))
}

/// Stdin read on its own thread, so `?` reaches the engine while it thinks.
fn lines() -> Receiver<String> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

pub fn run() -> anyhow::Result<()> {
    let mut session = Session::new();
    let input = lines();
    loop {
        if session.search_done() {
            session.finish();
        }
        let line = if session.thinking.is_some() {
            match input.recv_timeout(Duration::from_millis(5)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match input.recv() {
                Ok(line) => line,
                Err(_) => break,
            }
        };
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            continue;
        };
        let arg = words.next().unwrap_or("");
        // Commands answered at once, even while the engine thinks.
        match command {
            "?" => {
                session.stop.store(true, Ordering::Relaxed);
                continue;
            }
            "draw" => {
                session.consider_draw();
                continue;
            }
            "time" => {
                session.clock_centis = arg.parse().ok();
                continue;
            }
            "post" => {
                session.post = true;
                continue;
            }
            "nopost" => {
                session.post = false;
                continue;
            }
            "." | "otim" | "easy" | "hard" | "random" | "computer" | "accepted" | "rejected"
            | "name" | "rating" | "ics" | "xboard" | "cores" => continue,
            _ => {}
        }
        // The rest change the game: a search for a move is stopped and its move
        // forgotten where the game it was for is gone, else finished first.
        if matches!(
            command,
            "new"
                | "force"
                | "quit"
                | "result"
                | "undo"
                | "remove"
                | "setboard"
                | "variant"
                | "analyze"
                | "exit"
                | "edit"
        ) || session.thinking.as_ref().is_some_and(|t| t.analysing)
        {
            session.cancel();
        } else {
            session.finish();
        }
        match command {
            "protover" => {
                let names: Vec<&str> = VariantId::ALL
                    .into_iter()
                    .filter(|&id| unplayable(id).is_none())
                    .map(protocol_name)
                    .collect();
                say(&format!(
                    "feature done=0 myname=\"Menagerie {}\" ping=1 setboard=1 usermove=1 san=0 colors=0 sigint=0 sigterm=0 reuse=1 analyze=1 draw=1 memory=1 smp=1 variants=\"{}\"",
                    env!("CARGO_PKG_VERSION"),
                    names.join(",")
                ));
                say("feature option=\"Clear Hash -button\"");
                say("feature done=1");
            }
            "new" => {
                let _ = session.reset(VariantId::Chess);
                session.engine_side = Some(Color::Black);
                session.depth = None;
                session.analyse_mode = false;
            }
            "variant" => match from_protocol_name(arg)
                .ok_or_else(|| format!("unknown variant {arg}"))
                .and_then(|id| session.reset(id))
            {
                Ok(()) if session.variant == VariantId::Wildebeest => {
                    wildebeest_setup().iter().for_each(|l| say(l));
                }
                Ok(()) => {}
                Err(why) => say(&format!("Error (unsupported variant): {why}")),
            },
            "force" => session.engine_side = None,
            "go" => {
                session.engine_side = Some(session.game.position().turn());
                session.start_search(false);
            }
            "playother" => session.engine_side = Some(!session.game.position().turn()),
            "usermove" => session.user_move(arg),
            "setboard" => {
                let text = line.trim_start()["setboard".len()..].trim();
                let variant = session.variant.rules()?;
                // The en passant field is the one place a FEN names a rank.
                let mut fields: Vec<String> = text.split_whitespace().map(String::from).collect();
                if let Some(ep) = fields.get_mut(3) {
                    *ep = renumber(&Position::start(variant), ep, 1);
                }
                let ours = fen::parse(variant, &fields.join(" "));
                match ours {
                    Ok(pos) => {
                        session.game = Game::new(pos);
                        session.after_change();
                    }
                    Err(e) => say(&format!("tellusererror Illegal position: {e}")),
                }
            }
            "undo" => {
                session.game.undo();
                session.after_change();
            }
            "remove" => {
                session.game.undo();
                session.game.undo();
                session.after_change();
            }
            "analyze" => {
                session.analyse_mode = true;
                session.engine_side = None;
                session.start_search(true);
            }
            "exit" => session.analyse_mode = false,
            "hint" => session.hint(),
            "memory" => {
                if let Ok(mb) = arg.parse::<usize>() {
                    session
                        .searcher
                        .lock()
                        .expect("searcher")
                        .resize(mb.clamp(1, 4096));
                }
            }
            "option" => session.option(line.trim_start()["option".len()..].trim()),
            "ping" => say(&format!("pong {arg}")),
            "sd" => session.depth = arg.parse().ok(),
            "st" => session.seconds_per_move = arg.parse().ok(),
            "level" => {
                let parts: Vec<&str> = line.split_whitespace().skip(1).collect();
                match parse_level(&parts) {
                    Some((moves, increment)) => {
                        session.moves_per_session = moves;
                        session.increment = increment;
                        session.seconds_per_move = None;
                    }
                    None => say(&format!("Error (bad level): {line}")),
                }
            }
            "result" => session.engine_side = None,
            "quit" => break,
            other => {
                // A bare move from an older interface.
                let pos = session.game.position().clone();
                if uci_move::parse(&pos, &renumber(&pos, other, 1)).is_ok() {
                    session.user_move(other);
                } else {
                    say(&format!("Error (unknown command): {other}"));
                }
            }
        }
    }
    session.cancel();
    Ok(())
}
