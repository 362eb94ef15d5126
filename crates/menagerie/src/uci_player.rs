//! An external engine spoken to over UCI, as a `menagerie match` player: it is started
//! once, told the game so far before each of its moves, and answers with `bestmove`.
//! `menagerie tune --label-engine` asks it for its score of single positions instead.

use anyhow::{Context, Result, anyhow, bail};
use rules::{Game, Move, Position, Turn, uci_move};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

/// How long an engine may stay silent before the match gives up on it.
const SILENCE: Duration = Duration::from_secs(60);

pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    go: String,
    /// What the engine calls itself (its `id name`), if it said.
    name: Option<String>,
}

impl UciEngine {
    /// Starts `command` (a program and its arguments, split at spaces), sends each
    /// `setoption`, and waits until it is ready. `go` is the rest of the `go` command,
    /// e.g. `nodes 1000`.
    pub fn start(command: &str, options: &[(String, String)], go: String) -> Result<UciEngine> {
        let mut words = command.split_whitespace();
        let path = words.next().context("uci= needs a program")?;
        let mut child = Command::new(path)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start the UCI engine '{path}'"))?;
        let stdin = child.stdin.take().context("the engine has no stdin")?;
        let stdout = child.stdout.take().context("the engine has no stdout")?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            go,
            name: None,
        };
        engine.send("uci")?;
        loop {
            let line = engine.next_line("uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = Some(name.trim().to_string());
            }
            if line.split_whitespace().next() == Some("uciok") {
                break;
            }
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| anyhow!("the UCI engine stopped listening: {e}"))
    }

    /// What the engine calls itself (its UCI `id name`), if it said.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Reads lines until one starts with `word`, and returns it.
    fn wait_for(&mut self, word: &str) -> Result<String> {
        loop {
            let line = self.next_line(word)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// The engine's next line, while waiting for `word`.
    fn next_line(&mut self, word: &str) -> Result<String> {
        match self.lines.recv_timeout(SILENCE) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                bail!("the UCI engine sent no '{word}' in {} s", SILENCE.as_secs())
            }
            Err(RecvTimeoutError::Disconnected) => {
                bail!("the UCI engine exited before sending '{word}'")
            }
        }
    }

    /// Tells the engine a new game starts (`ucinewgame`) and waits until it is ready.
    pub fn new_game(&mut self) -> Result<()> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok")?;
        Ok(())
    }

    /// The engine's move in the game's current position, checked to be legal.
    pub fn best_move(&mut self, game: &Game) -> Result<Move> {
        let mut pos = game.start().clone();
        let mut command = format!("position fen {} moves", rules::fen::write(&pos));
        // Rolls go in as chance tokens (`~7.4`), which Menagerie's own UCI reads: only it
        // can play the variants with dice.
        for turn in game.turns() {
            command.push(' ');
            match *turn {
                Turn::Move(m) => {
                    command.push_str(&uci_move::write(&pos, m));
                    pos.play(m);
                }
                Turn::Roll(outcome) => {
                    command.push_str(&rules::chance::write_token(&pos, outcome));
                    pos.apply_chance(outcome)
                        .map_err(|e| anyhow!("a roll of the game does not apply: {e}"))?;
                }
            }
        }
        self.send(&command)?;
        self.send(&format!("go {}", self.go))?;
        let line = self.wait_for("bestmove")?;
        let text = line
            .split_whitespace()
            .nth(1)
            .ok_or_else(|| anyhow!("the UCI engine sent '{line}' without a move"))?;
        let pos = game.position();
        uci_move::parse(pos, text)
            .map_err(|e| anyhow!("the UCI engine's move '{text}' is not legal here: {e}"))
    }

    /// The engine's score of `pos` for the side to move, in centipawns (a mate found as
    /// ±`MATE_CENTIPAWNS`), from its last `info ... score` before `bestmove`.
    pub fn score(&mut self, pos: &Position) -> Result<i32> {
        self.send(&format!("position fen {}", rules::fen::write(pos)))?;
        self.send(&format!("go {}", self.go))?;
        let mut score = None;
        loop {
            let line = self.next_line("bestmove")?;
            match line.split_whitespace().next() {
                Some("bestmove") => break,
                Some("info") => score = info_score(&line).or(score),
                _ => {}
            }
        }
        score.ok_or_else(|| anyhow!("the UCI engine gave no score before its move"))
    }
}

/// A score beyond every centipawn score: what a mate counts as.
pub const MATE_CENTIPAWNS: i32 = 10_000;

/// The exact score of an `info` line (not a bound), if it has one.
fn info_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score")?;
    if matches!(words.get(at + 3), Some(&"lowerbound" | &"upperbound")) {
        return None;
    }
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" => Some(if value > 0 {
            MATE_CENTIPAWNS
        } else {
            -MATE_CENTIPAWNS
        }),
        _ => None,
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(50));
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_exact_info_lines() {
        assert_eq!(
            info_score("info depth 9 score cp -35 nodes 3000 pv e2e4"),
            Some(-35)
        );
        assert_eq!(
            info_score("info depth 12 score mate 3 pv h5f7"),
            Some(MATE_CENTIPAWNS)
        );
        assert_eq!(
            info_score("info depth 12 score mate -2"),
            Some(-MATE_CENTIPAWNS)
        );
        assert_eq!(
            info_score("info depth 9 score cp 40 lowerbound nodes 10"),
            None
        );
        assert_eq!(info_score("info string NNUE evaluation enabled"), None);
    }
}
