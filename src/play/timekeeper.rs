//! The clock as a server-side actor: when a seat's time runs out, the hub appends the
//! timeout (the seat loses, or a default move is played for it) through [`Hub::play`],
//! named as the clock's.
//!
//! Nothing about a deadline lives only in memory. Each game's next deadline is stored
//! with its record on every append ([`GameRecord::deadline`](crate::store::GameRecord)),
//! and what a process arms is derived from it: the games it holds arm themselves after
//! every change, and a sweep of the store (at start, then every [`SWEEP_EVERY`]) arms the
//! deadlines due within [`LOOKAHEAD`], which finds the games no call has loaded after a
//! restart or on another replica. A timeout is computed for the game at seq S and appended
//! with expected seq S and the request id `clock/at/S`: whichever process fires first
//! appends it, and every other attempt is a retry or stale. A move that reaches the game
//! after a deadline is refused (`OUT_OF_TIME`) before the timeout is even written, so a
//! move and a timeout never both count.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::Notify;

use super::error::PlayError;
use super::hub::Hub;
use super::time::rounded_up_to_millis;
use super::turn::{Command, TurnRequest};
use crate::engine::clock::{Millis, OnTimeout};
use crate::engine::{SearchBudget, Turn};
use crate::store::{Actor, from_millis, to_millis};

/// How often the store is swept for deadlines.
const SWEEP_EVERY: Duration = Duration::from_secs(10);
/// How far ahead a sweep arms deadlines: beyond the next sweep, so none falls between two.
const LOOKAHEAD: Duration = Duration::from_secs(30);
/// The most deadlines one sweep arms.
const SWEEP_LIMIT: usize = 100_000;
/// Positions the default move's search may visit (level 1 plays at random: a few suffice).
const DEFAULT_MOVE_NODES: u64 = 10_000;

/// The deadlines this process watches: at most one per game, the soonest first.
#[derive(Default)]
pub(super) struct Timekeeper {
    armed: Mutex<Armed>,
    /// Told when a deadline earlier than every other is armed.
    wake: Notify,
}

#[derive(Default)]
struct Armed {
    by_time: BTreeSet<(Millis, String)>,
    by_game: HashMap<String, Millis>,
}

impl Timekeeper {
    /// Watches game `id` for `deadline` (milliseconds since the epoch), replacing what it
    /// watched for it; `None` stops watching it.
    pub(super) fn arm(&self, id: &str, deadline: Option<Millis>) {
        let mut armed = self.armed.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(old) = armed.by_game.remove(id) {
            armed.by_time.remove(&(old, id.to_owned()));
        }
        let Some(deadline) = deadline else { return };
        let soonest = armed.by_time.first().is_none_or(|(first, _)| deadline < *first);
        armed.by_time.insert((deadline, id.to_owned()));
        armed.by_game.insert(id.to_owned(), deadline);
        drop(armed);
        if soonest {
            self.wake.notify_one();
        }
    }

    /// The soonest deadline watched.
    fn soonest(&self) -> Option<Millis> {
        let armed = self.armed.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        armed.by_time.first().map(|(deadline, _)| *deadline)
    }

    /// Stops watching, and returns, every game whose deadline is before `now`.
    fn take_passed(&self, now: Millis) -> Vec<String> {
        let mut armed = self.armed.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut passed = Vec::new();
        while let Some((deadline, _)) = armed.by_time.first()
            && *deadline < now
        {
            let (_, id) = armed.by_time.pop_first().expect("just looked");
            armed.by_game.remove(&id);
            passed.push(id);
        }
        passed
    }

    /// How many games are watched.
    pub(super) fn watched(&self) -> usize {
        self.armed.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).by_game.len()
    }
}

impl Hub {
    /// Fires the timeouts of the games this process watches as their deadlines pass, for
    /// as long as the hub lives.
    pub(super) async fn keep_time(hub: Weak<Hub>, keeper: Arc<Timekeeper>, time: super::TimeSource) {
        loop {
            let woken = keeper.wake.notified();
            tokio::pin!(woken);
            // Registered before looking, so an arming in between still wakes this loop.
            woken.as_mut().enable();
            match keeper.soonest() {
                // A deadline is passed once the time is beyond it: a move at the deadline is in time.
                Some(deadline) => {
                    tokio::select! {
                        () = time.sleep_until(from_millis(deadline + 1)) => {}
                        () = &mut woken => continue,
                    }
                }
                None => {
                    woken.await;
                    continue;
                }
            }
            let Some(strong) = hub.upgrade() else { return };
            for id in keeper.take_passed(to_millis(time.now())) {
                let hub = strong.clone();
                tokio::spawn(async move { hub.fire_timeout(&id).await });
            }
        }
    }

    /// Arms the deadlines the store holds for the next [`LOOKAHEAD`], at start and then
    /// every [`SWEEP_EVERY`], for as long as the hub lives.
    pub(super) async fn sweep_deadlines(hub: Weak<Hub>) {
        loop {
            let Some(strong) = hub.upgrade() else { return };
            let horizon = strong.time.now() + LOOKAHEAD;
            match strong.store.deadlines_before(horizon, SWEEP_LIMIT).await {
                Ok(due) => {
                    for (id, deadline) in due {
                        strong.timekeeper.arm(&id, Some(to_millis(deadline)));
                    }
                }
                Err(error) => tracing::warn!(%error, "could not look for games whose time runs out"),
            }
            drop(strong);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    }

    /// Appends the timeout of game `id` if a seat's time has run out; otherwise watches the
    /// game's next deadline.
    pub(super) async fn fire_timeout(&self, id: &str) {
        let Ok(live) = self.game(id).await else { return };
        let request = {
            let state = live.state.lock().await;
            let (Some(clocks), None) = (&state.clocks, state.game.outcome()) else { return };
            // Judged as a turn made now would be, so a move refused as late finds its clock run out.
            let now = to_millis(rounded_up_to_millis(self.time.now()));
            let Some(flag) = clocks.next_deadline() else { return };
            if flag.deadline >= now {
                // Moved on, or armed from a stale copy: watch the deadline as it stands.
                self.timekeeper.arm(id, Some(flag.deadline));
                return;
            }
            let seat = crate::engine::Seat::new(flag.seat as u8);
            let on_timeout = live.clock.as_ref().map_or(OnTimeout::Lose, |c| c.on_timeout);
            // A log with no room left takes only an ending: the seat loses on time.
            let full = state.seq >= self.max_events;
            let turn = match on_timeout {
                OnTimeout::Lose => Turn::TimedOut(seat),
                OnTimeout::DefaultMove if full => Turn::TimedOut(seat),
                OnTimeout::DefaultMove => {
                    // Level 1 picks at random among the legal moves (or a random fleet): one
                    // pass, not a search, so it is made here rather than on the bots' pool.
                    let stop = std::sync::atomic::AtomicBool::new(false);
                    let budget = SearchBudget::new(DEFAULT_MOVE_NODES, &stop);
                    match state.game.bot_action(seat, 1, budget) {
                        Some(action) => Turn::Move(seat, action),
                        None => Turn::TimedOut(seat),
                    }
                }
            };
            TurnRequest {
                actor: Actor::Clock,
                command: Command::Turn(turn),
                expected_seq: Some(state.seq),
                request_id: Some(format!("at/{}", state.seq)),
                validate_only: false,
            }
        };
        match self.play(&live, request).await {
            Ok(_) => {}
            // Another process fired it, or the game moved on meanwhile: its next deadline
            // was armed with the change.
            Err(PlayError::StaleSeq { .. } | PlayError::RequestIdReused | PlayError::GameNotFound(_)) => {}
            Err(error) => tracing::error!(game_id = %live.id, %error, "a timeout was refused"),
        }
    }
}

/// The time a bot whose clock shows `remaining` (under `control`) gives its move: a share
/// of its time plus most of what it gets back per move, never so much that the clock runs
/// out, and never more than `cap`.
pub(super) fn bot_think_time(control: crate::engine::clock::TimeControl, remaining: Millis, cap: Duration) -> Duration {
    use crate::engine::clock::TimeControl;
    /// Kept in hand for the time between the search's end and the move's arrival.
    const MARGIN: Millis = 50;
    let usable = remaining.saturating_sub(MARGIN);
    let share = match control {
        TimeControl::Fischer { increment: back, .. }
        | TimeControl::Bronstein { delay: back, .. }
        | TimeControl::SimpleDelay { delay: back, .. } => usable / 30 + back * 3 / 4,
        TimeControl::PerMove { .. } | TimeControl::Correspondence { .. } => usable / 2,
    };
    Duration::from_millis(share.min(usable / 2).max(1)).min(cap)
}

#[cfg(test)]
mod tests {
    use std::time::{SystemTime, UNIX_EPOCH};

    use super::*;
    use crate::engine::clock::{ClockConfig, TimeControl};
    use crate::engine::{Action, Seat};
    use crate::games::GameKind;
    use crate::play::{CACHED_BYTES, CacheLimits, Created, Creation, ManualTime, TimeSource};
    use crate::store::{GameRecord, MemoryStore};

    /// A Connect Four game on a clock of 5 s a move, made in a hub whose time is `time`.
    async fn timed_game(time: &Arc<ManualTime>) -> (Arc<Hub>, Arc<super::super::LiveGame>) {
        let hub = Hub::new(
            Arc::new(MemoryStore::new()),
            16,
            CacheLimits { games: 100, bytes: CACHED_BYTES },
            1,
            TimeSource::Manual(time.clone()),
            crate::play::MAX_EVENTS_PER_GAME,
        );
        let config = GameKind::ConnectFour.info().default_config;
        let now: SystemTime = time.now();
        let clock = ClockConfig::uniform(TimeControl::PerMove { per_move: 5_000 }).for_seats(2, "clock").unwrap();
        let record = GameRecord {
            id: "timed".to_owned(),
            seat_token_hashes: vec![[1; 32], [2; 32]],
            ..GameRecord::new_game(config.clone(), Some(clock), now)
        };
        let game = config.new_match().unwrap();
        let Ok(Created::New(live)) = hub.create(Creation::plain(record, game)).await else { panic!("created") };
        (hub, live)
    }

    fn drop_for(seat: Seat) -> TurnRequest {
        TurnRequest {
            actor: Actor::Seat(seat),
            command: Turn::Move(seat, Action::drop(3)).into(),
            expected_seq: None,
            request_id: None,
            validate_only: false,
        }
    }

    #[tokio::test]
    async fn a_move_after_the_deadline_is_refused_before_the_clock_has_acted_and_the_clock_acts_once() {
        let time = ManualTime::new(UNIX_EPOCH + Duration::from_secs(1_800_000_000));
        let (hub, live) = timed_game(&time).await;
        assert_eq!(hub.store.deadlines_before(time.now() + Duration::from_secs(6), 10).await.unwrap().len(), 1);
        // Nothing yields between moving the time and the move: the refusal comes first.
        time.advance(Duration::from_millis(5_001));
        let refused = hub.play(&live, drop_for(Seat::FIRST)).await.err().expect("refused");
        assert!(matches!(refused, PlayError::OutOfTime { seat: Seat::FIRST, .. }), "{refused:?}");
        assert_eq!(live.state.lock().await.seq, 1, "a refused move changes nothing");
        // Then the clock acts, once.
        for _ in 0..100 {
            if live.state.lock().await.seq == 3 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let (_, log) = hub.store.load("timed").await.unwrap();
        let turns = crate::store::played_turns(&log);
        assert_eq!(turns, [Turn::TimedOut(Seat::FIRST)]);
        assert!(hub.store.deadlines_before(time.now() + Duration::from_secs(3_600), 10).await.unwrap().is_empty());
        time.advance(Duration::from_secs(60));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(hub.store.load("timed").await.unwrap().1.len(), 3, "nothing more");
    }

    #[tokio::test]
    async fn a_move_in_time_moves_the_deadline_on_in_the_store_and_the_timekeeper() {
        let time = ManualTime::new(UNIX_EPOCH + Duration::from_secs(1_800_000_000));
        let (hub, live) = timed_game(&time).await;
        let start = to_millis(time.now());
        assert_eq!(hub.timekeeper.soonest(), Some(start + 5_000));
        time.advance(Duration::from_secs(5));
        hub.play(&live, drop_for(Seat::FIRST)).await.expect("at the deadline is in time");
        assert_eq!(hub.timekeeper.soonest(), Some(start + 10_000), "the second seat's move time");
        let (record, _) = hub.store.load("timed").await.unwrap();
        assert_eq!(record.deadline.map(to_millis), Some(start + 10_000));
    }
}
