//! The clock line kept up to date while the terminal waits, counting the running seat's
//! time down from the view's readings between the server's events.
//!
//! The terminal is line-based: what is typed is echoed by the terminal itself and held by
//! it until Enter, so this program never knows what is on the line being typed, and must
//! never write there. The clock line is therefore printed last before every wait, just above
//! the prompt (or above the empty line where a waiting player may type), and each tick
//! rewrites that line alone: save the cursor, go up one line, clear it, write the clocks,
//! restore the cursor. The typed text, and the cursor within it, stay as they were. Anything
//! else this terminal prints ends the wait first, and the next wait prints the clock line
//! anew below it. Only a terminal gets ticks: piped output would fill with control codes.

use std::io::{IsTerminal, stdout};
use std::time::{Duration, SystemTime};

use tabula::proto::tabula::v1 as pb;

use super::seats::SeatNames;
use super::status::{any_ticks, clock_line};

/// How often the time left is worked out again; the line is rewritten only when the time it
/// shows changes (each second, each tenth under ten seconds).
const TICK: Duration = Duration::from_millis(100);

/// Save the cursor, go to the start of the line above, clear it.
const TO_LINE_ABOVE: &str = "\x1b7\x1b[A\r\x1b[2K";
/// Back to where the cursor was saved.
const BACK: &str = "\x1b8";

/// The clock line of the game followed, while a wait lasts.
pub struct LiveClock {
    names: SeatNames,
    /// Whether standard output is a terminal, which can rewrite a line.
    on_terminal: bool,
    /// The readings counted down from, while a wait lasts and a clock runs.
    readings: Option<pb::ClockReadings>,
    /// The line as last written.
    shown: String,
}

impl LiveClock {
    pub fn new(names: SeatNames) -> LiveClock {
        LiveClock { names, on_terminal: stdout().is_terminal(), readings: None, shown: String::new() }
    }

    /// The clock line of `view` as of now, to print (with its line ending) just before a
    /// wait begins; `None` for a game without clocks or one that is over. While the wait
    /// lasts, [`LiveClock::next_tick`] keeps it up to date.
    pub fn start(&mut self, view: &pb::View) -> Option<String> {
        self.readings = None;
        let readings = view.clock.as_ref().filter(|_| view.status == pb::GameStatus::InProgress as i32)?;
        self.shown = clock_line(readings, &self.names, SystemTime::now());
        if self.on_terminal && any_ticks(readings) {
            self.readings = Some(readings.clone());
        }
        Some(format!("{}\n", self.shown))
    }

    /// Ends the wait: the line above the cursor is no longer the clock line.
    pub fn stop(&mut self) {
        self.readings = None;
    }

    /// Waits until the clock line shows another time and returns what rewrites it in
    /// place; never, while no clock runs. Safe to cancel.
    pub async fn next_tick(&mut self) -> String {
        loop {
            let Some(readings) = &self.readings else { return std::future::pending().await };
            tokio::time::sleep(TICK).await;
            let line = clock_line(readings, &self.names, SystemTime::now());
            if line != self.shown {
                self.shown = line;
                return format!("{TO_LINE_ABOVE}{}{BACK}", self.shown);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn running_view(seconds: i64) -> pb::View {
        let clock = |seat, running| pb::SeatClock {
            seat,
            remaining: Some(prost_types::Duration { seconds, nanos: 0 }),
            running,
            deadline: None,
        };
        pb::View {
            status: pb::GameStatus::InProgress as i32,
            clock: Some(pb::ClockReadings {
                read_at: Some(SystemTime::now().into()),
                seats: vec![clock(1, true), clock(2, false)],
                paused: false,
            }),
            ..Default::default()
        }
    }

    fn names() -> SeatNames {
        SeatNames::new(vec!["White".to_owned(), "Black".to_owned()])
    }

    #[tokio::test]
    async fn a_running_clock_rewrites_only_the_line_above_the_cursor() {
        let mut clock = LiveClock { on_terminal: true, ..LiveClock::new(names()) };
        let first = clock.start(&running_view(5)).unwrap();
        assert!(first.starts_with("clocks: White (seat 1) 0:0"), "{first}");
        let tick = tokio::time::timeout(Duration::from_secs(2), clock.next_tick()).await.unwrap();
        assert!(tick.starts_with("\x1b7\x1b[A\r\x1b[2Kclocks: White (seat 1) 0:0"), "{tick:?}");
        assert!(tick.ends_with("(running), Black (seat 2) 0:05.0\x1b8"), "{tick:?}");
        assert!(!tick.contains('\n'), "a tick never moves on a line: {tick:?}");
    }

    #[tokio::test]
    async fn nothing_ticks_once_the_wait_ends_or_when_the_game_is_over() {
        let mut clock = LiveClock { on_terminal: true, ..LiveClock::new(names()) };
        clock.start(&running_view(5));
        clock.stop();
        assert!(tokio::time::timeout(Duration::from_millis(300), clock.next_tick()).await.is_err());
        let over = pb::View { status: pb::GameStatus::Finished as i32, ..running_view(5) };
        assert_eq!(clock.start(&over), None);
        assert!(clock.start(&pb::View::default()).is_none(), "no clocks, no line");
    }
}
