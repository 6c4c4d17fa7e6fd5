//! One game in play: its record's fixed parts, its seats' credentials, the state the
//! replay of its log reached (under the lock that serialises its turns), and its channel to
//! subscribers. Loaded from the store (its newest snapshot and the log after it) and
//! caught up with the log when other processes write it.
//!
//! Invariant: the state in memory never gets ahead of the log; a subscriber never hears
//! of an event the log does not hold.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use tokio::sync::{broadcast, watch};

use super::clocks::{ClockReadings, fresh_clocks};
use super::effects::Effects;
use super::error::PlayError;
use super::fanout::{Announced, Fanout};
use crate::engine::clock::{ClockConfig, Clocks};
use crate::engine::{Action, AnyMatch, Outcome, Presence, Seat, View, Viewer};
use crate::games::GameConfig;
use crate::store::{
    BotSeat, EventKind, GameRating, GameRecord, GameStatus, Labels, LoadedGame, Player, RecordUpdate, SeatPresence,
    SeriesLink, SpectatorDelay, Store, StoredEvent, TokenHash, TournamentLink, follow_presence, from_millis,
    latest_clocks, played_turns,
};

/// Events read from the store per query when catching a game up.
const SYNC_BATCH: usize = 512;
/// What a game in the cache costs besides its state: its record's fields, locks, channels
/// and map entry (about what `tabula bench --idle-games` measures for a small game, less
/// its state).
pub const GAME_OVERHEAD_BYTES: usize = 2_048;

/// One game in play.
pub struct LiveGame {
    /// The game's id.
    pub id: String,
    /// Its configuration.
    pub config: GameConfig,
    /// Seat token hashes, in seat order; a reissued token replaces its seat's hash.
    seat_hashes: std::sync::RwLock<Vec<TokenHash>>,
    /// When it was created.
    pub created: SystemTime,
    /// Whether spectators are refused.
    pub private: bool,
    /// The service key that created it.
    pub owner: Option<String>,
    /// The seats the server's engine plays.
    pub bots: Vec<BotSeat>,
    /// Whether the seat to move may ask for hints while the game runs.
    pub allow_hints: bool,
    /// The time control, one per seat; `None` for a game without clocks.
    pub clock: Option<ClockConfig>,
    /// Who sits in each seat, when the creator named anyone.
    pub players: Vec<Player>,
    /// The series the game is part of, if any.
    pub series: Option<SeriesLink>,
    /// The managing backend's labels, as the store holds them (they may change).
    labels: std::sync::RwLock<Labels>,
    /// The game this one is a rematch of, if any.
    pub rematch_of: Option<String>,
    /// When a game scheduled ahead starts: no move before.
    pub start_at: Option<SystemTime>,
    /// How much later than its seats spectators see the game.
    pub spectator_delay: Option<SpectatorDelay>,
    /// Whether each move goes on the owner's log too.
    pub owner_moves: bool,
    /// The tournament the game was made for, if any.
    pub tournament: Option<TournamentLink>,
    /// For a rated game, its pool and its players' ratings (rated once it has ended).
    rating: std::sync::RwLock<Option<GameRating>>,
    /// The game's rematch, once made.
    rematch: std::sync::RwLock<Option<String>>,
    /// In a game keeping presence, each seat's as the log announced it, in seat order;
    /// changed only with the state, under its lock, and read without it.
    presence: std::sync::RwLock<Vec<SeatPresence>>,
    /// The seq at which this process's bot task is thinking, if one is.
    thinking: Mutex<Option<u64>>,
    /// Set once this process waits for the game's scheduled start to move its bot.
    waiting_for_start: AtomicBool,
    /// Set once the game is archived.
    pub(super) archived: AtomicBool,
    /// Set once the game's rules panicked (in this copy, or in an earlier copy of this
    /// process, see [`faults`](super::faults)): the copy takes no more turns. Set under the
    /// state's lock when a turn panics, so no turn waiting for the lock plays on the state
    /// the panic left.
    faulted: AtomicBool,
    /// The cache's clock when the game was last used.
    pub(super) last_used: AtomicU64,
    /// What the game is counted for in the cache: its state's snapshot length when it was
    /// loaded or last snapshotted, plus a fixed overhead.
    pub(super) bytes: AtomicUsize,
    /// When each seat's token was last reissued, in seat order (`None`, or missing, when
    /// never): a signed credential issued before no longer acts for the seat.
    seats_reissued: std::sync::RwLock<Vec<Option<SystemTime>>>,
    /// Turns true when the game is deleted: its streams end.
    pub(super) removed: watch::Sender<bool>,
    /// Counts seat token reissues: streams opened with a replaced token end.
    reissues: watch::Sender<u64>,
    /// The seq of the state in memory, for whoever must notice the game move on (a bot
    /// thinking) without taking one of the event channel's subscriber places.
    pub(super) moved: watch::Sender<u64>,
    pub(super) state: tokio::sync::Mutex<GameState>,
    /// Its channel to subscribers.
    pub(super) events: Fanout,
}

pub(super) struct GameState {
    pub(super) game: Box<dyn AnyMatch>,
    pub(super) seq: u64,
    pub(super) updated: SystemTime,
    /// The clocks as of `seq`, in a game with clocks.
    pub(super) clocks: Option<Clocks>,
    /// The seq of the newest event that changed the position (any but a seat's presence):
    /// a turn expecting a seq from here to `seq` still finds the position it expects.
    pub(super) position_seq: u64,
}

impl GameState {
    /// When the earliest running clock runs out, while the game is on.
    pub(super) fn deadline(&self) -> Option<u64> {
        if self.game.outcome().is_some() {
            return None;
        }
        self.clocks.as_ref()?.next_deadline().map(|flag| flag.deadline)
    }
}

/// A snapshot of a game for reading.
pub struct GameCopy {
    /// The record summary as of `seq`.
    pub record: GameRecord,
    /// The match, for views and legal moves.
    pub game: Box<dyn AnyMatch>,
}

/// What a caller showed to act for a seat, kept to check again whenever the seat's
/// credentials change: a stream opened with it lasts, and a turn made with it is stored,
/// only while it still acts for the seat ([`LiveGame::acts_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatProof {
    /// A seat token, by its hash: it acts until the seat's token is reissued.
    Token(TokenHash),
    /// A signed credential issued at this second (`None` when it does not say): it acts
    /// until the seat's token is reissued in a later second ([`revoked_by_reissue`]).
    Signed { issued_at: Option<u64> },
}

/// Whether a signed credential issued at `issued_at` (its `iat`, seconds since the epoch;
/// `None` when it carries none) for a seat whose token was last reissued at `reissued` no
/// longer acts for that seat: a reissue revokes every credential of the seat issued in an
/// earlier second (`iat` counts whole seconds), and every one that does not say when it
/// was issued.
pub fn revoked_by_reissue(reissued: Option<SystemTime>, issued_at: Option<u64>) -> bool {
    let Some(reissued) = reissued else { return false };
    let reissued_second = reissued.duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_secs());
    issued_at.is_none_or(|issued| issued < reissued_second)
}

pub(super) fn record_update(outcome: Option<Outcome>, move_count: u32, updated: SystemTime) -> RecordUpdate {
    let status = if outcome.is_some() { GameStatus::Finished } else { GameStatus::InProgress };
    RecordUpdate { status, outcome, move_count, updated, deadline: None, notes: Vec::new(), presence: None }
}

impl LiveGame {
    /// The game of `record` in state `game` (at `record.seq`), its clocks `clocks`, its
    /// channel holding `capacity` events for its slowest subscriber.
    pub(super) fn new(
        record: &GameRecord,
        game: Box<dyn AnyMatch>,
        capacity: usize,
        clocks: Option<Clocks>,
    ) -> LiveGame {
        let events = Fanout::new(capacity);
        LiveGame {
            id: record.id.clone(),
            config: record.config.clone(),
            seat_hashes: std::sync::RwLock::new(record.seat_token_hashes.clone()),
            seats_reissued: std::sync::RwLock::new(record.seats_reissued.clone()),
            created: record.created,
            private: record.private,
            owner: record.owner.clone(),
            bots: record.bots.clone(),
            allow_hints: record.allow_hints,
            clock: record.clock.clone(),
            players: record.players.clone(),
            series: record.series.clone(),
            labels: std::sync::RwLock::new(record.labels.clone()),
            rematch_of: record.rematch_of.clone(),
            start_at: record.start_at,
            spectator_delay: record.spectator_delay,
            owner_moves: record.owner_moves,
            rating: std::sync::RwLock::new(record.rating.clone()),
            tournament: record.tournament.clone(),
            rematch: std::sync::RwLock::new(record.rematch.clone()),
            presence: std::sync::RwLock::new(record.presence.clone()),
            thinking: Mutex::new(None),
            waiting_for_start: AtomicBool::new(false),
            archived: AtomicBool::new(record.status == GameStatus::Archived),
            faulted: AtomicBool::new(record.faulted),
            last_used: AtomicU64::new(0),
            bytes: AtomicUsize::new(GAME_OVERHEAD_BYTES + game.snapshot().len()),
            removed: watch::channel(false).0,
            reissues: watch::channel(0).0,
            moved: watch::channel(record.seq).0,
            state: tokio::sync::Mutex::new(GameState {
                game,
                seq: record.seq,
                updated: record.updated,
                clocks,
                position_seq: record.seq,
            }),
            events,
        }
    }

    /// Rebuilds a game from what the store loaded: its snapshot and the log after it.
    /// `None` when a snapshot is missing or does not restore (written by another version,
    /// say): the caller then replays the whole log, which stays the truth.
    fn from_snapshot(loaded: &LoadedGame, capacity: usize) -> Result<Option<LiveGame>, PlayError> {
        let LoadedGame { record, snapshot, tail } = loaded;
        let Some(snapshot) = snapshot else { return Ok(None) };
        let mut game = match record.config.restore(&snapshot.state) {
            Ok(game) => game,
            Err(error) => {
                tracing::warn!(game_id = %record.id, %error, "ignoring a snapshot that does not restore");
                return Ok(None);
            }
        };
        // The clocks are those the tail's last turn recorded; a tail that recorded none
        // (the snapshot is of the newest seq) leaves them to the whole log.
        let clocks = match (&record.clock, latest_clocks(tail)) {
            (None, _) => None,
            (Some(_), Some(clocks)) => Some(clocks.clone()),
            (Some(_), None) => return Ok(None),
        };
        for turn in played_turns(tail) {
            game.play(&turn).map_err(|e| {
                PlayError::Storage(format!("game {} does not replay after its snapshot: {e:?}", record.id))
            })?;
        }
        let mut record = record.clone();
        record.presence = presence_through(&record, tail);
        record.seq = tail.last().map_or(snapshot.seq, |e| e.seq);
        let mut live = LiveGame::new(&record, game, capacity, clocks);
        live.state.get_mut().position_seq = position_seq(tail).unwrap_or(snapshot.seq);
        Ok(Some(live))
    }

    /// Rebuilds a game by replaying its whole log.
    fn from_log(record: &GameRecord, log: &[StoredEvent], capacity: usize) -> Result<LiveGame, PlayError> {
        let game = record
            .config
            .replay(&played_turns(log))
            .map_err(|e| PlayError::Storage(format!("game {} does not replay: {e}", record.id)))?;
        let clocks = record.clock.as_ref().map(|clock| match latest_clocks(log) {
            Some(clocks) => clocks.clone(),
            // Only the creation (and turns imported with it): the clocks started then.
            None => fresh_clocks(clock, game.as_ref(), record.starts()),
        });
        let mut record = record.clone();
        record.presence = presence_through(&record, log);
        record.seq = log.last().map_or(0, |e| e.seq);
        let mut live = LiveGame::new(&record, game, capacity, clocks);
        live.state.get_mut().position_seq = position_seq(log).unwrap_or(0);
        Ok(live)
    }

    /// Game `id` as the store holds it: its newest snapshot and the log after it, or, when
    /// it has none or the snapshot does not restore, its whole log replayed; its channel
    /// holding `capacity` events for its slowest subscriber.
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, or a storage error when the game cannot be read or does not replay.
    pub(super) async fn load(store: &dyn Store, id: &str, capacity: usize) -> Result<LiveGame, PlayError> {
        let loaded = store.load_latest(id).await?;
        match LiveGame::from_snapshot(&loaded, capacity)? {
            Some(live) => Ok(live),
            None if loaded.snapshot.is_none() => LiveGame::from_log(&loaded.record, &loaded.tail, capacity),
            None => {
                let (record, log) = store.load(id).await?;
                LiveGame::from_log(&record, &log, capacity)
            }
        }
    }

    /// What the game as it stands calls for: its deadline watched, its bot's move when a
    /// bot is to act, and its rating when it is a rated game that ended unrated.
    pub(super) fn effects(&self, state: &GameState) -> Effects {
        let bot_due = self.due_bot(state.game.as_ref()).is_some();
        let rating_due = state.game.outcome().is_some() && self.rating().is_some_and(|rating| !rating.done);
        Effects { bot_due, rating_due, ..Effects::none().with_deadline(state.deadline()) }
    }

    /// Brings the game up to the log's newest seq, broadcasting what it missed; what it
    /// calls for then: its deadline, and its bot's move if it moved on to one.
    pub(super) async fn sync(&self, store: &dyn Store) -> Result<Effects, PlayError> {
        let mut state = self.state.lock().await;
        let before = state.seq;
        self.catch_up(&mut state, store).await?;
        let effects = self.effects(&state);
        let moved = state.seq != before;
        Ok(Effects { bot_due: effects.bot_due && moved, rating_due: effects.rating_due && moved, ..effects })
    }

    /// Takes the store's seat credentials, and reads the events after `state.seq` from the
    /// log, applies them and broadcasts them; whether any of it was new to this copy.
    pub(super) async fn catch_up(&self, state: &mut GameState, store: &dyn Store) -> Result<bool, PlayError> {
        let head = store.head(&self.id).await?;
        let (before, mut credentials_changed) = (state.seq, false);
        // A seat token reissued through another process revokes the old one here too.
        for (index, hash) in head.seat_token_hashes.iter().enumerate() {
            let reissued = head.seats_reissued.get(index).copied().flatten();
            let seat = Seat::new(index as u8);
            if self.seat_hashes().get(index) != Some(hash) || self.seat_reissued(seat) != reissued {
                self.replace_seat_hash(seat, *hash, reissued);
                credentials_changed = true;
            }
        }
        if head.labels != self.labels() {
            self.replace_labels(head.labels);
        }
        // Another process may have rated the game: hold its rating.
        if let Some(rating) = head.rating.filter(|rating| rating.done && self.rating().is_some_and(|own| !own.done)) {
            self.set_rating(rating);
        }
        if head.rematch.is_some() && head.rematch != self.rematch() {
            self.set_rematch(head.rematch);
        }
        // Another process's rules failed on the game: it takes no more turns here either.
        if head.faulted {
            self.mark_faulted();
        }
        let current = head.seq;
        while state.seq < current {
            let events = store.events_after(&self.id, state.seq, SYNC_BATCH).await?;
            if events.is_empty() {
                break;
            }
            for event in events {
                if let EventKind::Played { turn, .. } = &event.kind {
                    state.game.play(turn).map_err(|e| {
                        PlayError::Storage(format!("game {} does not replay at seq {}: {e:?}", self.id, event.seq))
                    })?;
                }
                if let Some(clocks) = event.kind.clocks() {
                    state.clocks = Some(clocks.clone());
                }
                self.follow(state, &event);
                state.updated = state.updated.max(event.time);
                self.moved.send_replace(event.seq);
                self.events.send(event);
            }
        }
        Ok(credentials_changed || state.seq != before)
    }

    /// A consistent copy of the game and its summary.
    pub async fn copy(&self) -> GameCopy {
        let state = self.state.lock().await;
        let outcome = state.game.outcome();
        let mut update = record_update(outcome, state.game.move_count(), state.updated);
        if self.archived.load(Ordering::Acquire) {
            update.status = GameStatus::Archived;
        }
        GameCopy {
            record: GameRecord {
                id: self.id.clone(),
                config: self.config.clone(),
                seat_token_hashes: self.seat_hashes(),
                created: self.created,
                updated: update.updated,
                seq: state.seq,
                status: update.status,
                outcome: update.outcome,
                move_count: update.move_count,
                private: self.private,
                owner: self.owner.clone(),
                bots: self.bots.clone(),
                allow_hints: self.allow_hints,
                clock: self.clock.clone(),
                // A faulted game's clock never acts: the store holds no deadline for it.
                deadline: state.deadline().filter(|_| !self.is_faulted()).map(from_millis),
                players: self.players.clone(),
                series: self.series.clone(),
                seats_reissued: self.seats_reissued.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone(),
                labels: self.labels(),
                rematch_of: self.rematch_of.clone(),
                start_at: self.start_at,
                rematch: self.rematch(),
                presence: self.presence(),
                spectator_delay: self.spectator_delay,
                owner_moves: self.owner_moves,
                rating: self.rating(),
                tournament: self.tournament.clone(),
                faulted: self.is_faulted(),
            },
            game: state.game.clone_box(),
        }
    }

    /// The game as `viewer` sees it, with its seq and, in a game with clocks, its clocks
    /// read at `now`.
    pub async fn view(&self, viewer: Viewer, now: SystemTime) -> (View, u64, Option<ClockReadings>) {
        let state = self.state.lock().await;
        // Never read before the last event: turns are stamped rounded up to the millisecond.
        let read_at = now.max(state.updated);
        let clocks = state.clocks.as_ref().map(|clocks| ClockReadings::of(clocks, read_at));
        (state.game.view(viewer), state.seq, clocks)
    }

    /// `seat`'s legal moves with their labels and machine notations, and the seq they
    /// were computed at.
    pub async fn legal_moves(&self, seat: Seat) -> (Vec<(Action, String, Option<String>)>, u64) {
        let state = self.state.lock().await;
        let moves = state.game.legal_moves(seat).into_iter().map(|a| {
            let label = state.game.describe(&a);
            let machine = state.game.machine_notation(&a);
            (a, label, machine)
        });
        (moves.collect(), state.seq)
    }

    /// How the game keeps its seats' presence; `None` when it keeps none.
    pub fn keeps_presence(&self) -> Option<Presence> {
        self.config.play_options().presence
    }

    /// In a game keeping presence, each seat's as the log announced it, in seat order (a
    /// seat not yet announced is absent, or not present).
    pub fn presence(&self) -> Vec<SeatPresence> {
        self.presence.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// Seat `seat`'s presence as the log announced it.
    pub fn seat_presence(&self, seat: Seat) -> SeatPresence {
        self.presence
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// Moves `state` on to `event`, just logged: its seq, and what it says of the position
    /// or of a seat's presence.
    pub(super) fn follow(&self, state: &mut GameState, event: &StoredEvent) {
        state.seq = event.seq;
        if matches!(event.kind, EventKind::Presence { .. }) {
            follow_presence(&mut self.presence.write().unwrap_or_else(|poisoned| poisoned.into_inner()), event);
        } else {
            state.position_seq = event.seq;
        }
    }

    /// The seat token hashes, in seat order.
    pub fn seat_hashes(&self) -> Vec<TokenHash> {
        self.seat_hashes.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// How many seats the game has.
    pub fn seat_count(&self) -> usize {
        self.seat_hashes.read().unwrap_or_else(|poisoned| poisoned.into_inner()).len()
    }

    /// From now on only the token with `hash` acts as `seat`, and streams opened with the
    /// token it replaces end; with `reissued`, signed credentials for the seat issued
    /// before that time stop acting for it too, and their streams end. The store must
    /// already hold both.
    pub(super) fn replace_seat_hash(&self, seat: Seat, hash: TokenHash, reissued: Option<SystemTime>) {
        let mut changed = false;
        let mut hashes = self.seat_hashes.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(slot) = hashes.get_mut(seat.index())
            && *slot != hash
        {
            *slot = hash;
            changed = true;
        }
        drop(hashes);
        if let Some(at) = reissued {
            let mut times = self.seats_reissued.write().unwrap_or_else(|poisoned| poisoned.into_inner());
            if times.get(seat.index()).copied().flatten() != Some(at) {
                let seats = self.seat_count();
                crate::store::mark_reissued(&mut times, seats, seat.index(), at);
                changed = true;
            }
        }
        if changed {
            self.reissues.send_modify(|count| *count += 1);
        }
    }

    /// Whether `proof` still acts for `seat`, as this copy knows the seat's credentials.
    pub fn acts_for(&self, seat: Seat, proof: SeatProof) -> bool {
        match proof {
            SeatProof::Token(hash) => self.seat_hashes().get(seat.index()) == Some(&hash),
            SeatProof::Signed { issued_at } => !revoked_by_reissue(self.seat_reissued(seat), issued_at),
        }
    }

    /// The game's labels.
    pub fn labels(&self) -> Labels {
        self.labels.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// From now on the game carries `labels`, as the store already does.
    pub(super) fn replace_labels(&self, labels: Labels) {
        *self.labels.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = labels;
    }

    /// The game's rematch, once made.
    pub fn rematch(&self) -> Option<String> {
        self.rematch.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// For a rated game, its pool and its players' ratings, as this process last knew them.
    pub fn rating(&self) -> Option<GameRating> {
        self.rating.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// Holds the game's rating as the store now holds it.
    pub(super) fn set_rating(&self, rating: GameRating) {
        *self.rating.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(rating);
    }

    /// Links the game to its rematch, as the store already does.
    pub(super) fn set_rematch(&self, rematch: Option<String>) {
        *self.rematch.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = rematch;
    }

    /// Marks the game archived, as the store now holds it.
    pub(super) fn mark_archived(&self) {
        self.archived.store(true, Ordering::Release);
    }

    /// Whether the game's rules panicked on it, here or (as the store holds it) in another
    /// process: it is read, never played, any more.
    pub fn is_faulted(&self) -> bool {
        self.faulted.load(Ordering::Acquire)
    }

    /// Marks the game faulted: from now on every turn on this copy is refused.
    pub(super) fn mark_faulted(&self) {
        self.faulted.store(true, Ordering::Release);
    }

    /// When seat `seat`'s token was last reissued, if ever.
    pub fn seat_reissued(&self, seat: Seat) -> Option<SystemTime> {
        let times = self.seats_reissued.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        times.get(seat.index()).copied().flatten()
    }

    /// When each seat's token was last reissued, in seat order.
    pub fn seats_reissued(&self) -> Vec<Option<SystemTime>> {
        self.seats_reissued.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// Until when the move that ended the game may still be taken back, as of `state`: the
    /// game's window ([`PlayOptions::ending_takeback_ms`]) after its last event, while the
    /// rules allow it ([`AnyMatch::end_reopenable`]) and the game has neither a rematch nor
    /// been archived; `None` while the game is on, or once its end is final but for the
    /// window's passing (which the caller compares with its own time).
    ///
    /// [`PlayOptions::ending_takeback_ms`]: crate::engine::PlayOptions::ending_takeback_ms
    pub(super) fn end_open_until(&self, state: &GameState) -> Option<SystemTime> {
        let window = self.config.play_options().ending_takeback_ms?;
        let open = state.game.end_reopenable() && self.rematch().is_none() && !self.archived.load(Ordering::Acquire);
        open.then(|| state.updated + std::time::Duration::from_millis(window))
    }

    /// Refuses with `EndNotFinal` while the move that ended the game may still be taken
    /// back at `now` ([`LiveGame::end_open_until`]), as the log stands: a rematch and an
    /// archive wait for the end to be final.
    ///
    /// # Errors
    /// `EndNotFinal`, or a storage error.
    pub(super) async fn check_end_final(&self, now: SystemTime, store: &dyn Store) -> Result<(), PlayError> {
        match self.end_watch(now, store).await? {
            (_, Some(until)) => Err(PlayError::EndNotFinal { id: self.id.clone(), until }),
            (_, None) => Ok(()),
        }
    }

    /// The game's newest seq, and until when its end stays open after `now` (`None` once
    /// final, while the game is on, or where no end is ever taken back). A copy of a shared
    /// store's game is caught up first when its end does not look open, so that an end, or
    /// a takeback, made elsewhere is not missed.
    ///
    /// # Errors
    /// A storage error.
    pub(super) async fn end_watch(
        &self,
        now: SystemTime,
        store: &dyn Store,
    ) -> Result<(u64, Option<SystemTime>), PlayError> {
        let mut state = self.state.lock().await;
        if self.config.play_options().ending_takeback_ms.is_none() {
            return Ok((state.seq, None));
        }
        let open = |state: &GameState| self.end_open_until(state).filter(|until| *until > now);
        if open(&state).is_none() && store.shared() {
            self.catch_up(&mut state, store).await?;
        }
        Ok((state.seq, open(&state)))
    }

    /// Whether the game is over.
    pub async fn is_over(&self) -> bool {
        self.state.lock().await.game.outcome().is_some()
    }

    /// The game's newest seq.
    pub async fn seq(&self) -> u64 {
        self.state.lock().await.seq
    }

    /// The clocks just after `event` of this game, read at its time: those it recorded, or
    /// for the creation the clocks as they started. `None` for an end, whose clocks are
    /// those of the event before it, and in a game without clocks.
    pub fn clock_readings_of(&self, event: &StoredEvent) -> Option<ClockReadings> {
        match &event.kind {
            EventKind::Created => self.opening_clocks().map(|clocks| ClockReadings::of(&clocks, event.time)),
            other => other.clocks().map(|clocks| ClockReadings::of(clocks, event.time)),
        }
    }

    /// The clocks as they started at the game's creation (or its scheduled start), in a game
    /// with clocks.
    pub fn opening_clocks(&self) -> Option<Clocks> {
        let clock = self.clock.as_ref()?;
        let game = self.config.new_match().ok()?;
        Some(fresh_clocks(clock, game.as_ref(), self.start_at.unwrap_or(self.created)))
    }

    /// `action`'s label as a new game of this configuration names it: the label of a move
    /// whose log entry records none (logs from before labels were), right for every game
    /// whose labels do not depend on the position (all but chess, whose moves fall back to
    /// their UCI).
    pub fn label_of(&self, action: &Action) -> String {
        match self.config.new_match() {
            Ok(game) => game.describe(action),
            Err(_) => action.kind_name().to_owned(),
        }
    }

    /// Whether `seat` is played by the server's engine.
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.bots.iter().any(|bot| bot.seat == seat)
    }

    /// The seat the engine plays that is to act in `game`, if one is: a bot's move is due.
    pub(super) fn due_bot(&self, game: &dyn AnyMatch) -> Option<BotSeat> {
        if self.bots.is_empty() {
            return None;
        }
        let to_act = game.to_act();
        self.bots.iter().find(|bot| to_act.contains(&bot.seat)).copied()
    }

    /// Marks this process's bot as thinking at `seq`; false when it already is.
    pub(super) fn start_thinking(&self, seq: u64) -> bool {
        let mut thinking = self.thinking.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if *thinking == Some(seq) {
            return false;
        }
        *thinking = Some(seq);
        true
    }

    /// Marks this process as waiting for the game's scheduled start to move its bot; false
    /// when it already is.
    pub(super) fn wait_for_start(&self) -> bool {
        !self.waiting_for_start.swap(true, Ordering::AcqRel)
    }

    /// Ends the thinking at `seq`, unless thinking at a later seq began meanwhile.
    pub(super) fn stop_thinking(&self, seq: u64) {
        let mut thinking = self.thinking.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if *thinking == Some(seq) {
            *thinking = None;
        }
    }

    /// Changes each time a seat token is reissued.
    pub fn reissues(&self) -> watch::Receiver<u64> {
        self.reissues.subscribe()
    }

    /// Turns true once the game is deleted.
    pub fn removed(&self) -> watch::Receiver<bool> {
        self.removed.subscribe()
    }

    /// A receiver of every event after the returned seq, and whether the game was over
    /// at that seq (then no event will follow).
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS` when `max_subscribers` receivers are already open.
    pub(super) async fn subscribe(
        &self,
        max_subscribers: usize,
    ) -> Result<(broadcast::Receiver<Arc<Announced>>, u64, bool), PlayError> {
        // Counted under the state lock, which every subscription takes, so two callers
        // cannot both take the last place.
        let state = self.state.lock().await;
        let receiver = self.events.subscribe(max_subscribers)?;
        Ok((receiver, state.seq, state.game.outcome().is_some()))
    }
}

/// The seats' presence after `events`, from `record`'s (as of its own seq): the record and
/// the log are read one after the other, and another process may append between the two
/// reads, so the log may go further than the record.
fn presence_through(record: &GameRecord, events: &[StoredEvent]) -> Vec<SeatPresence> {
    let mut presence = record.presence.clone();
    for event in events.iter().filter(|event| event.seq > record.seq) {
        follow_presence(&mut presence, event);
    }
    presence
}

/// The seq of the newest event of `events` that changed the position (any but a seat's
/// presence), if one did.
fn position_seq(events: &[StoredEvent]) -> Option<u64> {
    events.iter().rev().find(|event| !matches!(event.kind, EventKind::Presence { .. })).map(|event| event.seq)
}
