//! Lines typed on standard input, read on a thread of their own so that waiting for the
//! next one never holds up the events arriving from the server meanwhile.

use std::io::BufRead;

use tokio::sync::mpsc;

/// The lines typed, in order; the end of input (Ctrl-D, or a pipe's end) ends them.
pub struct Input {
    lines: mpsc::UnboundedReceiver<String>,
}

impl Input {
    /// Starts reading standard input, line by line, as a terminal (or tmux) delivers it.
    pub fn stdin() -> Input {
        let (sender, lines) = mpsc::unbounded_channel();
        // Blocking reads belong on a thread of their own; it ends with the input, or with
        // the process when the game is over first.
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Input { lines }
    }

    /// The next line, without its line ending; `None` once the input has ended. Safe to
    /// cancel: a line not yet taken stays for the next call.
    pub async fn next(&mut self) -> Option<String> {
        self.lines.recv().await
    }
}
