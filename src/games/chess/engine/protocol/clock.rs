//! How long a `go` may think: the only place the engine's interface reads a clock. The
//! search itself never does; the protocol stops it through its stop flag at the hard
//! limit, and starts no new iteration past the soft one (an iteration begun that late
//! would rarely finish in time).

use std::time::Duration;

use super::super::super::board::Color;

/// Kept back from every deadline for reading, writing and the operating system.
const OVERHEAD: Duration = Duration::from_millis(10);
/// Moves left in the game assumed when the controller does not say.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The least time a search is given.
const MINIMUM: Duration = Duration::from_millis(1);

/// The time controls of a `go` command that concern the clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// `movetime`: exactly this long for this move.
    pub move_time: Option<Duration>,
    /// `wtime`, `btime`: each side's time left.
    pub time_left: [Option<Duration>; 2],
    /// `winc`, `binc`: each side's increment per move.
    pub increment: [Duration; 2],
    /// `movestogo`: moves until the next time control.
    pub moves_to_go: Option<u32>,
}

/// When to stop starting iterations, and when to stop the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    pub soft: Duration,
    pub hard: Duration,
}

impl Clock {
    /// The deadlines of a search for `side`; `None` when the clock does not limit it.
    pub fn deadlines(&self, side: Color) -> Option<Deadlines> {
        if let Some(move_time) = self.move_time {
            // Time not used on this move is not saved for another: think until the end
            // (an unfinished iteration still yields its best move so far).
            let hard = move_time.saturating_sub(OVERHEAD).max(MINIMUM);
            return Some(Deadlines { soft: hard, hard });
        }
        let left = self.time_left[side.index()]?;
        let increment = self.increment[side.index()];
        let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
        let share = left / moves + increment * 3 / 4;
        // Never more than four tenths of what is left, so that a long think cannot lose
        // on time.
        let hard = (share * 3).min(left * 4 / 10).saturating_sub(OVERHEAD).max(MINIMUM);
        Some(Deadlines { soft: (share * 6 / 10).min(hard), hard })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn a_fixed_move_time_is_used_up_to_the_overhead() {
        let clock = Clock { move_time: Some(MS(100)), ..Clock::default() };
        assert_eq!(clock.deadlines(Color::White), Some(Deadlines { soft: MS(90), hard: MS(90) }));
        let tiny = Clock { move_time: Some(MS(3)), ..Clock::default() };
        assert_eq!(tiny.deadlines(Color::Black).unwrap().hard, MS(1));
    }

    #[test]
    fn a_clock_is_shared_over_the_moves_left_and_never_risked() {
        let clock = Clock {
            time_left: [Some(MS(60_000)), Some(MS(1_000))],
            increment: [MS(1_000), MS(0)],
            moves_to_go: None,
            ..Clock::default()
        };
        // White: 60 s / 30 + 0.75 s = 2.75 s a move, at most three times that.
        assert_eq!(clock.deadlines(Color::White), Some(Deadlines { soft: MS(1_650), hard: MS(8_240) }));
        // Black: 1 s left; 4 tenths of it at most.
        let black = clock.deadlines(Color::Black).unwrap();
        assert!(black.hard <= MS(400) && black.soft <= black.hard, "{black:?}");
        let last_move = Clock { time_left: [Some(MS(5_000)), None], moves_to_go: Some(1), ..Clock::default() };
        assert_eq!(last_move.deadlines(Color::White).unwrap().hard, MS(1_990));
        assert_eq!(Clock::default().deadlines(Color::White), None, "no clock, no deadline");
    }
}
