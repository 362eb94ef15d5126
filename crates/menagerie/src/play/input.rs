//! What the players type, and Ctrl-C: lines of standard input and the interrupt signal
//! arrive on one channel, so that a prompt waiting for a line also learns of an
//! interrupt, and the game can be saved instead of the program being killed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use tokio::signal::unix::{SignalKind, signal};

/// What came in.
enum Event {
    Line(String),
    End,
    Interrupt,
}

/// What a prompt got.
pub enum Reply {
    Line(String),
    /// The input ended (Ctrl-D, or the end of a piped file).
    End,
    /// Ctrl-C.
    Interrupted,
}

pub struct Input {
    events: Receiver<Event>,
    interrupted: Arc<AtomicBool>,
}

impl Input {
    /// Starts reading standard input and catching SIGINT. The handler is in place when
    /// this returns; `also_stop` (the engine's stop flag) is set on an interrupt too, so
    /// that a search in progress ends at once.
    pub fn start(also_stop: Arc<AtomicBool>) -> anyhow::Result<Input> {
        let (sender, events) = channel();
        let interrupted = Arc::new(AtomicBool::new(false));
        catch_interrupts(sender.clone(), interrupted.clone(), also_stop)?;
        std::thread::spawn(move || read_lines(sender));
        Ok(Input {
            events,
            interrupted,
        })
    }

    /// The next line, the end of input, or an interrupt.
    pub fn next(&self) -> Reply {
        if self.interrupted() {
            return Reply::Interrupted;
        }
        match self.events.recv() {
            Ok(Event::Line(line)) => Reply::Line(line),
            Ok(Event::Interrupt) => Reply::Interrupted,
            Ok(Event::End) | Err(_) => Reply::End,
        }
    }

    /// Whether Ctrl-C was pressed.
    pub fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }
}

fn read_lines(sender: Sender<Event>) {
    for line in std::io::stdin().lines() {
        let Ok(line) = line else { break };
        if sender.send(Event::Line(line)).is_err() {
            return;
        }
    }
    let _ = sender.send(Event::End);
}

/// Registers for SIGINT now (so that no Ctrl-C from here on kills the program), and
/// passes each one on from a thread of its own.
fn catch_interrupts(
    sender: Sender<Event>,
    interrupted: Arc<AtomicBool>,
    also_stop: Arc<AtomicBool>,
) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let mut interrupts = runtime.block_on(async { signal(SignalKind::interrupt()) })?;
    std::thread::spawn(move || {
        while runtime.block_on(interrupts.recv()).is_some() {
            interrupted.store(true, Ordering::SeqCst);
            also_stop.store(true, Ordering::SeqCst);
            if sender.send(Event::Interrupt).is_err() {
                return;
            }
        }
    });
    Ok(())
}
