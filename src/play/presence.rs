//! Seats' presence, kept for the games that ask for it: a seat is present while it holds an
//! event stream of its game or has called it within the game's window, on whichever
//! process; each change is announced once, as an event of the game's log, through the turn
//! pipeline (so on every stream, the owner's too, and in the same order on every replica).
//!
//! A process writes its hold on a seat to the store as a lease (see
//! [`crate::store::PresenceLease`]; the leases asked for at once are written together, so
//! that thousands of seats arriving at once cost a few transactions, not one each): a
//! stream's lease is renewed every [`RENEW_EVERY`] for
//! [`STREAM_LEASE`] ahead and, once the process's last stream of the seat closes, left the
//! game's window to run; a call extends its lease by the window (written at most three
//! times a window). A seat said gone that holds a lease again is announced present by the
//! process that wrote it. A seat whose leases all ran out is found by every process's
//! sweep and announced gone by the first: the announcement checks, under the game's lock,
//! that no lease runs, and an append conditional on the log makes it happen once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, SystemTime};

use tokio::sync::{mpsc, oneshot};

use super::cache::Games;
use super::effects::Driver;
use super::error::PlayError;
use super::live::LiveGame;
use super::time::TimeSource;
use super::turn::{Answer, Command, TurnRequest, Turns};
use crate::engine::Seat;
use crate::store::{Actor, PresenceLease, Store};

/// How far ahead a stream's lease runs: how soon a seat whose process stopped (a replica
/// gone) may be gone, beside the game's window.
pub const STREAM_LEASE: Duration = Duration::from_secs(10);
/// How often this process renews its streams' leases.
const RENEW_EVERY: Duration = Duration::from_secs(3);
/// How often the store is swept for seats whose leases ran out.
const SWEEP_EVERY: Duration = Duration::from_secs(1);
/// The most seats one sweep announces gone.
const SWEEP_LIMIT: usize = 1_000;
/// The most leases written in one step.
const LEASES_AT_ONCE: usize = 512;

/// A lease to write, and who waits for it to be written.
type LeaseAsked = (PresenceLease, oneshot::Sender<Result<(), String>>);

/// The presence of the seats this process holds, and the announcements of it.
pub struct Attendance {
    /// This process's name on its leases: new every start, so a lease of a process that
    /// stopped is never taken for a live one's.
    holder: String,
    store: Arc<dyn Store>,
    games: Arc<Games>,
    turns: Arc<Turns>,
    time: TimeSource,
    driver: Weak<dyn Driver>,
    /// This process's holds, by game and seat.
    holds: Mutex<HashMap<(String, Seat), Hold>>,
    /// The leases to write, to the writer ([`Attendance::write_leases`]).
    leases: mpsc::UnboundedSender<LeaseAsked>,
    /// The writer's end, until it starts.
    asked: Mutex<Option<mpsc::UnboundedReceiver<LeaseAsked>>>,
    me: Weak<Attendance>,
}

/// What this process holds of one seat.
#[derive(Debug, Default)]
struct Hold {
    /// Its streams open here.
    streams: usize,
    /// Until when the lease written for its last call runs.
    called_until: Option<SystemTime>,
}

/// A seat's stream open here: the seat is held until it is dropped.
pub struct StreamHold {
    attendance: Weak<Attendance>,
    live: Arc<LiveGame>,
    seat: Seat,
}

impl Drop for StreamHold {
    fn drop(&mut self) {
        if let Some(attendance) = self.attendance.upgrade() {
            attendance.stream_closed(&self.live, self.seat);
        }
    }
}

impl Attendance {
    /// The presence of the games in `games`, announced through `turns`.
    pub fn new(
        store: Arc<dyn Store>,
        games: Arc<Games>,
        turns: Arc<Turns>,
        time: TimeSource,
        driver: Weak<dyn Driver>,
    ) -> Arc<Attendance> {
        let (leases, asked) = mpsc::unbounded_channel();
        Arc::new_cyclic(|me| Attendance {
            holder: super::tokens::new_token().0,
            store,
            games,
            turns,
            time,
            driver,
            holds: Mutex::new(HashMap::new()),
            leases,
            asked: Mutex::new(Some(asked)),
            me: me.clone(),
        })
    }

    fn holds(&self) -> std::sync::MutexGuard<'_, HashMap<(String, Seat), Hold>> {
        // Every change to the holds is one counter or time set.
        self.holds.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Seat `seat` of `live` opened a stream here: held until the returned hold is dropped.
    /// `None` where the game keeps no presence or the engine plays the seat.
    pub fn stream_opened(&self, live: &Arc<LiveGame>, seat: Seat) -> Option<StreamHold> {
        if live.keeps_presence().is_none() || live.is_bot(seat) {
            return None;
        }
        let first = {
            let mut holds = self.holds();
            let hold = holds.entry((live.id.clone(), seat)).or_default();
            hold.streams += 1;
            hold.streams == 1
        };
        if first {
            self.write(live, seat);
        }
        Some(StreamHold { attendance: self.me.clone(), live: live.clone(), seat })
    }

    /// A stream of seat `seat` of `live` opened here closed.
    fn stream_closed(&self, live: &Arc<LiveGame>, seat: Seat) {
        let last = {
            let mut holds = self.holds();
            let hold = holds.entry((live.id.clone(), seat)).or_default();
            hold.streams = hold.streams.saturating_sub(1);
            hold.streams == 0
        };
        if last {
            self.write(live, seat);
        }
    }

    /// Seat `seat` of `live` called: it stays present for the game's window. Writes the
    /// lease only when a third of the window passed since the last one, or the seat is
    /// said gone; then, and only then, the call waits for the seat to be announced present,
    /// so that what it is answered with shows the seat there.
    pub async fn called(&self, live: &Arc<LiveGame>, seat: Seat) {
        let Some(presence) = live.keeps_presence() else { return };
        if live.is_bot(seat) {
            return;
        }
        let window = Duration::from_millis(presence.away_after_ms);
        let now = self.time.now();
        let due = {
            let mut holds = self.holds();
            let hold = holds.entry((live.id.clone(), seat)).or_default();
            let fresh = hold.called_until.is_some_and(|until| until > now + window * 2 / 3);
            if fresh && live.seat_presence(seat).present {
                false
            } else {
                hold.called_until = Some(now + window);
                true
            }
        };
        match due {
            true if !live.seat_presence(seat).present => self.write_now(live.clone(), seat).await,
            true => self.write(live, seat),
            false => {}
        }
    }

    /// [`Attendance::write_now`] in a task of its own.
    fn write(&self, live: &Arc<LiveGame>, seat: Seat) {
        let Some(me) = self.me.upgrade() else { return };
        let live = live.clone();
        tokio::spawn(async move { me.write_now(live, seat).await });
    }

    /// Writes this process's lease on seat `seat` of `live` as its holds stand, then
    /// announces the seat present if it holds it and the log says gone.
    async fn write_now(&self, live: Arc<LiveGame>, seat: Seat) {
        let Some(presence) = live.keeps_presence() else { return };
        let now = self.time.now();
        let (streams, called_until) = {
            let holds = self.holds();
            holds.get(&(live.id.clone(), seat)).map_or((0, None), |hold| (hold.streams, hold.called_until))
        };
        // Read when written: the holds may have changed since this task was spawned.
        let (streaming, until) = match (streams, called_until) {
            (0, called) => {
                let closed = now + Duration::from_millis(presence.away_after_ms);
                (false, called.map_or(closed, |called| called.max(closed)))
            }
            _ => (true, now + STREAM_LEASE),
        };
        let lease = PresenceLease {
            game_id: live.id.clone(),
            seat: seat.index(),
            holder: self.holder.clone(),
            streaming: Some(streaming),
            until,
        };
        let (written, done) = oneshot::channel();
        let result = match self.leases.send((lease, written)) {
            Ok(()) => done.await.unwrap_or_else(|_| Err("the lease writer stopped".to_owned())),
            Err(_) => Err("the lease writer stopped".to_owned()),
        };
        if let Err(error) = result {
            tracing::warn!(game_id = %live.id, %seat, %error, "could not write a seat's presence");
            return;
        }
        let holding = streams > 0 || called_until.is_some_and(|called| called > now);
        if holding && !live.seat_presence(seat).present {
            self.announce(&live, seat, true).await;
        }
    }

    /// Announces seat `seat` of `live` come (`present`) or gone, if that changes what its
    /// log says.
    async fn announce(&self, live: &LiveGame, seat: Seat, present: bool) {
        let request = TurnRequest {
            actor: Actor::Clock,
            command: Command::Presence { seat, present },
            expected_seq: None,
            request_id: None,
            credential: None,
            validate_only: false,
            answer: Answer::Summary,
        };
        let (played, effects) = self.turns.play(live, request).await;
        if let Some(driver) = self.driver.upgrade() {
            driver.act(&live.id, effects);
        }
        match played {
            Ok(_) | Err(PlayError::GameNotFound(_)) => {}
            // A faulted game announces nothing more; its fault was logged where it was caught.
            Err(PlayError::RulesFault(_) | PlayError::GameFaulted(_)) => {}
            Err(error) => tracing::warn!(game_id = %live.id, %seat, %error, "a seat's presence was not announced"),
        }
    }

    /// Writes the leases asked for, those asked for while a write runs together in the next
    /// (up to [`LEASES_AT_ONCE`]), and tells each asker how it went. Ends when the
    /// attendance is dropped.
    pub async fn write_leases(attendance: Weak<Attendance>) {
        let asked = attendance.upgrade().and_then(|me| me.asked.lock().unwrap_or_else(|p| p.into_inner()).take());
        let Some(mut asked) = asked else { return };
        let mut batch = Vec::with_capacity(LEASES_AT_ONCE);
        while asked.recv_many(&mut batch, LEASES_AT_ONCE).await > 0 {
            let Some(me) = attendance.upgrade() else { return };
            let (leases, waiting): (Vec<PresenceLease>, Vec<_>) = batch.drain(..).unzip();
            let written = me.store.hold_presence(&leases).await.map_err(|error| error.to_string());
            for waiter in waiting {
                let _ = waiter.send(written.clone());
            }
        }
    }

    /// Renews this process's streams' leases every [`RENEW_EVERY`], announces present a
    /// seat it holds a stream of that the log says gone (a race with a sweep lost), and
    /// forgets the holds that ended. Ends when the attendance is dropped.
    pub async fn renew(attendance: Weak<Attendance>) {
        let mut ticks = tokio::time::interval(RENEW_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let Some(me) = attendance.upgrade() else { return };
            let now = me.time.now();
            if let Err(error) = me.store.renew_presence(&me.holder, now + STREAM_LEASE).await {
                tracing::warn!(%error, "could not renew the seats' presence");
            }
            let streamed: Vec<(String, Seat)> = {
                let mut holds = me.holds();
                holds.retain(|_, hold| hold.streams > 0 || hold.called_until.is_some_and(|until| until > now));
                holds.iter().filter(|(_, hold)| hold.streams > 0).map(|(key, _)| key.clone()).collect()
            };
            for (id, seat) in streamed {
                if let Some(live) = me.games.cached(&id)
                    && !live.seat_presence(seat).present
                {
                    me.announce(&live, seat, true).await;
                }
            }
        }
    }

    /// Every [`SWEEP_EVERY`], announces gone each seat whose leases all ran out, and removes
    /// those leases. Ends when the attendance is dropped.
    pub async fn sweep(attendance: Weak<Attendance>) {
        let mut ticks = tokio::time::interval(SWEEP_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let Some(me) = attendance.upgrade() else { return };
            let now = me.time.now();
            let lapsed = match me.store.presence_lapsed(now, SWEEP_LIMIT).await {
                Ok(lapsed) => lapsed,
                Err(error) => {
                    tracing::warn!(%error, "could not sweep the seats' presence");
                    continue;
                }
            };
            for (id, seat) in lapsed {
                let seat = Seat::new(seat as u8);
                match me.games.get(&id).await {
                    Ok(live) => me.announce(&live, seat, false).await,
                    Err(PlayError::GameNotFound(_)) => {}
                    Err(error) => {
                        tracing::warn!(game_id = %id, %error, "could not load a game to announce a seat gone");
                        continue;
                    }
                }
                if let Err(error) = me.store.forget_presence(&id, seat.index(), now).await {
                    tracing::warn!(game_id = %id, %error, "could not remove a seat's lapsed presence");
                }
            }
        }
    }
}
