//! Helpers shared by the binary's tests. Each test file uses a part of them.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Runs `menagerie ARGS` (without colour) with `input` on its stdin, to the end.
pub fn menagerie(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Runs `menagerie COMMAND` with `input` on its stdin and returns all it printed.
pub fn converse(command: &str, input: &str) -> String {
    String::from_utf8_lossy(&menagerie(&[command], input).stdout).into_owned()
}

/// Starts `menagerie serve --addr 127.0.0.1:0 ARGS` in `dir`; returns the process and the
/// address it logged once it listens.
pub fn serve(args: &[&str], dir: &Path) -> (Child, String) {
    let (child, addr, _) = serve_logged(args, dir, &[]);
    (child, addr)
}

/// [`serve`] with `env` set, also keeping every line the server logs.
pub fn serve_logged(
    args: &[&str],
    dir: &Path,
    env: &[(&str, &str)],
) -> (Child, String, Arc<Mutex<Vec<String>>>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("menagerie serve starts");
    let stderr = child.stderr.take().unwrap();
    let log = Arc::new(Mutex::new(Vec::new()));
    let (tx, rx) = channel();
    let kept = Arc::clone(&log);
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(at) = line.find("listening on http://") {
                let _ = tx.send(line[at + "listening on http://".len()..].trim().to_string());
            }
            kept.lock().unwrap().push(line);
        }
    });
    let addr = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the server logs the address it listens on");
    (child, addr, log)
}

/// `menagerie` run as an engine (UCI or XBoard) and talked to line by line.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
}

impl Engine {
    /// Starts `menagerie ARGS` with its output read on a thread, so a test can wait for
    /// a line with a timeout instead of hanging.
    pub fn spawn(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, output) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            output,
        }
    }

    pub fn send(&mut self, text: &str) {
        writeln!(self.input, "{text}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .output
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no '{prefix}' after {lines:#?}"));
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}
