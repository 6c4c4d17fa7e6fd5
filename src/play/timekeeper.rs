//! The clock as a server-side actor: when a seat's time runs out, [`Timekeeper`] appends
//! the timeout (the seat loses, or a default move is played for it) through the turn
//! pipeline, named as the clock's.
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
//! move and a timeout never both count. A faulted game's clock stops
//! ([`faults`](super::faults)): its deadline is neither armed nor fired.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::Notify;

use super::cache::Games;
use super::effects::Driver;
use super::error::PlayError;
use super::faults::RulesCall;
use super::live::LiveGame;
use super::time::{TimeSource, rounded_up_to_millis};
use super::turn::{Answer, Command, TurnRequest, Turns};
use crate::engine::clock::{Millis, OnTimeout};
use crate::engine::{SearchBudget, Turn};
use crate::store::{Actor, Store, from_millis, to_millis};

/// How often the store is swept for deadlines.
const SWEEP_EVERY: Duration = Duration::from_secs(10);
/// How far ahead a sweep arms deadlines: beyond the next sweep, so none falls between two.
const LOOKAHEAD: Duration = Duration::from_secs(30);
/// The most deadlines one sweep arms.
const SWEEP_LIMIT: usize = 100_000;
/// Positions the default move's search may visit (level 1 plays at random: a few suffice).
const DEFAULT_MOVE_NODES: u64 = 10_000;

/// The clock of every game this process holds: the deadlines it watches (at most one per
/// game, the soonest first), and the timeouts it fires.
pub struct Timekeeper {
    armed: Mutex<Armed>,
    /// Told when a deadline earlier than every other is armed.
    wake: Arc<Notify>,
    store: Arc<dyn Store>,
    games: Arc<Games>,
    turns: Arc<Turns>,
    time: TimeSource,
    /// Who acts on what a timeout calls for.
    driver: Weak<dyn Driver>,
    /// The timekeeper itself, for the tasks it spawns.
    me: Weak<Timekeeper>,
}

impl Drop for Timekeeper {
    fn drop(&mut self) {
        // Wakes [`Timekeeper::keep_time`], which then finds the timekeeper gone and ends.
        self.wake.notify_one();
    }
}

#[derive(Default)]
struct Armed {
    by_time: BTreeSet<(Millis, String)>,
    by_game: HashMap<String, Millis>,
}

impl Timekeeper {
    /// A timekeeper that fires timeouts through `turns`, on the time `time` gives.
    pub fn new(
        store: Arc<dyn Store>,
        games: Arc<Games>,
        turns: Arc<Turns>,
        time: TimeSource,
        driver: Weak<dyn Driver>,
    ) -> Arc<Timekeeper> {
        Arc::new_cyclic(|me| Timekeeper {
            armed: Mutex::new(Armed::default()),
            wake: Arc::new(Notify::new()),
            store,
            games,
            turns,
            time,
            driver,
            me: me.clone(),
        })
    }

    /// Watches game `id` for `deadline` (milliseconds since the epoch), replacing what it
    /// watched for it; `None` stops watching it.
    pub fn arm(&self, id: &str, deadline: Option<Millis>) {
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
    pub(super) fn soonest(&self) -> Option<Millis> {
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
    pub fn watched(&self) -> usize {
        self.armed.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).by_game.len()
    }

    /// Has the clock look at game `id` now, in a task of its own.
    pub fn fire_soon(&self, id: &str) {
        let Some(keeper) = self.me.upgrade() else { return };
        let id = id.to_owned();
        tokio::spawn(async move { keeper.fire_timeout(&id).await });
    }

    /// Fires the timeouts of the games this process watches as their deadlines pass, for
    /// as long as the timekeeper lives.
    pub async fn keep_time(keeper: Weak<Timekeeper>) {
        let Some((time, wake)) = keeper.upgrade().map(|keeper| (keeper.time.clone(), keeper.wake.clone())) else {
            return;
        };
        loop {
            let Some(strong) = keeper.upgrade() else { return };
            let woken = wake.notified();
            tokio::pin!(woken);
            // Registered before looking, so an arming in between still wakes this loop.
            woken.as_mut().enable();
            let soonest = strong.soonest();
            drop(strong);
            match soonest {
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
            let Some(strong) = keeper.upgrade() else { return };
            for id in strong.take_passed(to_millis(time.now())) {
                strong.fire_soon(&id);
            }
        }
    }

    /// Arms the deadlines the store holds for the next [`LOOKAHEAD`], at start and then
    /// every [`SWEEP_EVERY`], for as long as the timekeeper lives.
    pub async fn sweep_deadlines(keeper: Weak<Timekeeper>) {
        loop {
            let Some(strong) = keeper.upgrade() else { return };
            let horizon = strong.time.now() + LOOKAHEAD;
            match strong.store.deadlines_before(horizon, SWEEP_LIMIT).await {
                Ok(due) => {
                    // A game faulted here may still show a deadline until its mark is stored.
                    for (id, deadline) in due.into_iter().filter(|(id, _)| !strong.games.is_faulted(id)) {
                        strong.arm(&id, Some(to_millis(deadline)));
                    }
                }
                Err(error) => tracing::warn!(%error, "could not look for games whose time runs out"),
            }
            drop(strong);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    }

    /// Appends the timeout of game `id` if a seat's time has run out; otherwise watches the
    /// game's next deadline. A faulted game's clock never acts, and a panic in its rules
    /// while the clock chooses the timeout faults the game.
    async fn fire_timeout(&self, id: &str) {
        // A faulted game takes no more turns: its clock stops, and is not armed again.
        if self.games.is_faulted(id) {
            return;
        }
        let Ok(live) = self.games.get(id).await else { return };
        let timeout = self.games.contain(&live, RulesCall::Timeout, self.timeout_of(&live)).await;
        let Ok(Some(request)) = timeout else { return };
        let (played, effects) = self.turns.play(&live, request).await;
        if let Some(driver) = self.driver.upgrade() {
            driver.act(&live.id, effects);
        }
        match played {
            Ok(_) => {}
            // Another process fired it, or the game moved on meanwhile: its next deadline
            // was armed with the change.
            Err(PlayError::StaleSeq { .. } | PlayError::RequestIdReused | PlayError::GameNotFound(_)) => {}
            // The game is faulted, which was logged where it was caught.
            Err(PlayError::RulesFault(_) | PlayError::GameFaulted(_)) => {}
            Err(error) => tracing::error!(game_id = %live.id, %error, "a timeout was refused"),
        }
    }

    /// The timeout to append to `live` when a seat's time has run out: the seat loses, or a
    /// default move is played for it. `None` when no time has run out, and then the game's
    /// next deadline is watched as it stands.
    async fn timeout_of(&self, live: &LiveGame) -> Option<TurnRequest> {
        let state = live.state.lock().await;
        let (Some(clocks), None) = (&state.clocks, state.game.outcome()) else { return None };
        // Judged as a turn made now would be, so a move refused as late finds its clock run out.
        let now = to_millis(rounded_up_to_millis(self.time.now()));
        let flag = clocks.next_deadline()?;
        if flag.deadline >= now {
            // Moved on, or armed from a stale copy: watch the deadline as it stands.
            self.arm(&live.id, Some(flag.deadline));
            return None;
        }
        let seat = crate::engine::Seat::new(flag.seat as u8);
        let on_timeout = live.clock.as_ref().map_or(OnTimeout::Lose, |c| c.on_timeout);
        // A log with no room left takes only an ending: the seat loses on time.
        let full = state.seq >= self.turns.max_events();
        let no_show = Turn::Abort {
            explanation: format!("{seat} did not make its first move in the time allowed: a no-show"),
            no_show: Some(seat),
        };
        let turn = match on_timeout {
            // A seat that never moved did not show up: the game is called off where it
            // still can be (no seat has moved twice), and lost on time where not.
            _ if clocks.awaiting_first_move(flag.seat) && state.game.check(&no_show).is_ok() => no_show,
            _ if clocks.awaiting_first_move(flag.seat) => Turn::TimedOut(seat),
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
        Some(TurnRequest {
            actor: Actor::Clock,
            command: Command::Turn(turn),
            expected_seq: Some(state.seq),
            request_id: Some(format!("at/{}", state.seq)),
            credential: None,
            validate_only: false,
            // The clock reads nothing of the answer.
            answer: Answer::Summary,
        })
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
