//! `menagerie xboard`: the Chess Engine Communication Protocol (CECP v2), so XBoard and
//! WinBoard can play against the engine. XBoard's `normal` is chess and `wildebeest` is
//! ours; the other deterministic variants go by their ids. The dice variants need rolls
//! the protocol cannot carry, so they are played over UCI.

use engine::score::{MATE, MATE_BOUND};
use engine::{Limits, Searcher};
use rules::{Color, Game, Move, Owed, Position, VariantId, fen, uci_move};
use std::io::{BufRead, Write};
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

struct Session {
    variant: VariantId,
    game: Game,
    /// The side the engine plays, or none in force mode.
    engine_side: Option<Color>,
    searcher: Searcher,
    depth: Option<i32>,
    seconds_per_move: Option<u64>,
    clock_centis: Option<u64>,
    increment_seconds: u64,
    moves_per_session: u32,
    post: bool,
}

impl Session {
    fn new() -> Session {
        Session {
            variant: VariantId::Chess,
            game: Game::new(Position::start(VariantId::Chess.rules().expect("chess"))),
            engine_side: Some(Color::Black),
            searcher: Searcher::new(16),
            depth: None,
            seconds_per_move: None,
            clock_centis: None,
            increment_seconds: 0,
            moves_per_session: 0,
            post: false,
        }
    }

    fn reset(&mut self, id: VariantId) -> Result<(), String> {
        let variant = id.rules().map_err(|e| e.to_string())?;
        if variant.beast.is_some() {
            return Err(format!(
                "{id} needs dice rolls, which CECP cannot carry: play it over UCI"
            ));
        }
        self.variant = id;
        self.game = Game::new(Position::start(variant));
        self.searcher.clear();
        Ok(())
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(seconds) = self.seconds_per_move {
            limits.movetime = Some(Duration::from_secs(seconds));
        } else if let Some(centis) = self.clock_centis {
            limits.time_left = Some(Duration::from_millis(centis * 10));
            limits.increment = Duration::from_secs(self.increment_seconds);
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

    fn think_and_move(&mut self) {
        if self.announce_end() {
            return;
        }
        let pos = self.game.position().clone();
        let history = self.game.history_keys();
        let limits = self.limits();
        let post = self.post;
        let (best, _) = self.searcher.search(&pos, &history, &limits, |info| {
            if post {
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
                    pv.push(uci_move::write(&current, m));
                    current.play(m);
                }
                say(&format!(
                    "{} {} {} {} {}",
                    info.depth,
                    score,
                    info.elapsed.as_millis() / 10,
                    info.nodes,
                    pv.join(" ")
                ));
            }
        });
        let Some(m) = best else {
            self.announce_end();
            return;
        };
        let text = uci_move::write(&pos, m);
        if self.game.play(m).is_ok() {
            say(&format!("move {text}"));
            self.announce_end();
        }
    }

    fn user_move(&mut self, text: &str) {
        let pos = self.game.position().clone();
        let parsed: Result<Move, _> =
            uci_move::parse(&pos, text).or_else(|_| rules::san::parse(&pos, text));
        match parsed
            .map_err(|e| e.to_string())
            .and_then(|m| self.game.play(m).map_err(|e| e.to_string()))
        {
            Ok(()) => {
                if self.engine_side == Some(self.game.position().turn()) {
                    self.think_and_move();
                } else {
                    self.announce_end();
                }
            }
            Err(why) => say(&format!("Illegal move ({why}): {text}")),
        }
    }
}

pub fn run() -> anyhow::Result<()> {
    let mut session = Session::new();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            continue;
        };
        let arg = words.next().unwrap_or("");
        match command {
            "xboard" | "random" | "hard" | "easy" | "computer" | "accepted" | "rejected"
            | "otim" | "name" | "rating" | "ics" | "result" => {}
            "protover" => {
                let names: Vec<&str> = VariantId::ALL
                    .into_iter()
                    .filter(|id| id.rules().is_ok_and(|v| v.beast.is_none()))
                    .map(protocol_name)
                    .collect();
                say(&format!(
                    "feature done=0 myname=\"Menagerie\" ping=1 setboard=1 usermove=1 san=0 colors=0 sigint=0 sigterm=0 reuse=1 variants=\"{}\"",
                    names.join(",")
                ));
                say("feature done=1");
            }
            "new" => {
                let _ = session.reset(VariantId::Chess);
                session.engine_side = Some(Color::Black);
                session.depth = None;
            }
            "variant" => match from_protocol_name(arg)
                .ok_or_else(|| format!("unknown variant {arg}"))
                .and_then(|id| session.reset(id))
            {
                Ok(()) => {}
                Err(why) => say(&format!("Error (unsupported variant): {why}")),
            },
            "force" => session.engine_side = None,
            "go" => {
                session.engine_side = Some(session.game.position().turn());
                session.think_and_move();
            }
            "playother" => session.engine_side = Some(!session.game.position().turn()),
            "usermove" => session.user_move(arg),
            "setboard" => {
                let text = line.trim_start()["setboard".len()..].trim();
                match fen::parse(session.variant.rules()?, text) {
                    Ok(pos) => session.game = Game::new(pos),
                    Err(e) => say(&format!("tellusererror Illegal position: {e}")),
                }
            }
            "undo" => {
                session.game.undo();
            }
            "remove" => {
                session.game.undo();
                session.game.undo();
            }
            "ping" => say(&format!("pong {arg}")),
            "sd" => session.depth = arg.parse().ok(),
            "st" => session.seconds_per_move = arg.parse().ok(),
            "level" => {
                // level MPS BASE INC, BASE as minutes or minutes:seconds.
                let parts: Vec<&str> = line.split_whitespace().skip(1).collect();
                session.moves_per_session = parts.first().and_then(|p| p.parse().ok()).unwrap_or(0);
                session.increment_seconds = parts.get(2).and_then(|p| p.parse().ok()).unwrap_or(0);
                session.seconds_per_move = None;
            }
            "time" => session.clock_centis = arg.parse().ok(),
            "post" => session.post = true,
            "nopost" => session.post = false,
            "quit" => break,
            other => {
                // A bare move from an older interface.
                if uci_move::parse(session.game.position(), other).is_ok() {
                    session.user_move(other);
                } else {
                    say(&format!("Error (unknown command): {other}"));
                }
            }
        }
    }
    Ok(())
}
