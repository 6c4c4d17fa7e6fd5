//! Hot-seat play of a game with secrets (Battleship): when the turn passes from one seat
//! played here to another, the screen is cleared, its scrollback too, and only what every
//! viewer may see (the boards as a spectator sees them: the shots, their results) is drawn
//! again while the keyboard is handed over. The next seat's own boards are drawn once its
//! player presses Enter, so that neither player sees the other's fleet.

use std::io::{IsTerminal, Write, stdout};

use tabula::proto::tabula::v1 as pb;

use super::super::client::Failure;
use super::super::moves::{self, Command};
use super::{Flow, LocalSeat, Table, echo_piped, next_line};

/// To the top-left corner, clear the screen, clear the scrollback.
const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";

impl Table {
    /// Hides what is on the screen but `view` (the game as a spectator sees it) and waits
    /// until the player of `to` presses Enter.
    pub(super) async fn pass_keyboard(&mut self, to: &LocalSeat, view: &pb::View) -> Result<Flow, Failure> {
        // Piped output has no screen to clear; a line apart is all it gets.
        write!(stdout(), "{}", if stdout().is_terminal() { CLEAR } else { "\n" })?;
        self.show(None, view)?;
        write!(stdout(), "\npass the keyboard to {}; press Enter when ready ", self.names.name(to.number))?;
        stdout().flush()?;
        let Some(line) = next_line(self.input.as_mut()).await else {
            self.leave("the input ended")?;
            return Ok(Flow::Leave);
        };
        echo_piped(&line)?;
        match moves::command(&line) {
            Command::Quit => self.quit(),
            _ => Ok(Flow::Continue),
        }
    }
}
