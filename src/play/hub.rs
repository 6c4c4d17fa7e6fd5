//! Games in play: each loaded game's state, the lock that serialises its turns, and the
//! channel that fans its new events out to subscribers.
//!
//! A turn is applied to the game in memory under its lock, appended to the store
//! (conditional on the log's length), and undone if the append fails, before the lock is
//! let go: nobody ever sees the state in memory ahead of the log, and a subscriber never
//! hears of an event the log does not hold.
//!
//! When other processes write the same games (a shared store), the state in memory may
//! fall behind the log. Each call then first brings its game up to the log's seq
//! ([`LiveGame::sync`]), and the store's change feed syncs watched games as soon as
//! another replica moves; either way the missing events are read from the log, applied
//! and broadcast in order. A move made on a stale copy cannot be stored anyway: appends
//! are conditional on the seq.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use tokio::sync::{broadcast, watch};

use super::clocks::{ClockReadings, fresh_clocks};
use super::error::PlayError;
use super::search::SearchPool;
use super::subscription::Announced;
use super::time::TimeSource;
use super::timekeeper::Timekeeper;
use crate::engine::clock::{ClockConfig, Clocks};
use crate::engine::{Action, AnyMatch, Outcome, Seat, View, Viewer};
use crate::games::GameConfig;
use crate::store::{
    BotSeat, Change, ChangeKind, EventKind, GameRecord, GameStatus, LoadedGame, Player, RecordUpdate, SeriesLink,
    Snapshot, Store, StoredEvent, TokenHash, from_millis, latest_clocks, played_turns, to_millis,
};

/// Events a game's channel holds for its slowest subscriber before that subscriber is
/// told it lagged.
pub const EVENT_CHANNEL_CAPACITY: usize = 256;
/// Games kept in memory by default; beyond it, games nobody is using are dropped (they
/// reload from the store on their next call).
pub const CACHED_GAMES: usize = 10_000;
/// Memory the games in the cache may take by default, as [`LiveGame::bytes`] counts it.
pub const CACHED_BYTES: usize = 256 << 20;
/// What a game in the cache costs besides its state: its record's fields, locks, channels
/// and map entry (about what `tabula bench --idle-games` measures for a small game, less
/// its state).
const GAME_OVERHEAD_BYTES: usize = 2_048;
/// Events read from the store per query when catching a game up.
const SYNC_BATCH: usize = 512;
/// The most events a game's log holds by default; see [`Hub::max_events`].
pub const MAX_EVENTS_PER_GAME: u64 = 20_000;

/// Every game loaded into memory, in front of the store.
pub struct Hub {
    /// The hub itself, for the tasks it spawns (bots' moves).
    pub(super) me: std::sync::Weak<Hub>,
    /// Where bots think.
    pub(super) bots: SearchPool,
    pub(super) store: Arc<dyn Store>,
    /// Where the time comes from.
    pub(super) time: TimeSource,
    /// The deadlines this process watches.
    pub(super) timekeeper: Arc<Timekeeper>,
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    channel_capacity: usize,
    cache_limit: usize,
    cache_bytes: usize,
    /// The sum of the cached games' [`LiveGame::bytes`], kept under the `games` lock.
    cached_bytes: AtomicUsize,
    /// Ticks on every cache use, to find the least recently used games.
    clock: AtomicU64,
    /// Counts the series this process moved on, for their streams to look again.
    pub(super) series_changed: watch::Sender<u64>,
    /// The most events a game's log may hold. Past it, only a turn that ends the game is
    /// appended (a resignation, an abort, an adjudication, a timeout), so no log ever
    /// holds more than this and the end.
    pub(super) max_events: u64,
}

/// How much the hub keeps in memory: idle games beyond either limit are dropped (they
/// reload from the store on their next call).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheLimits {
    /// Games.
    pub games: usize,
    /// Bytes, as [`LiveGame::bytes`] counts them.
    pub bytes: usize,
}

impl Default for CacheLimits {
    fn default() -> CacheLimits {
        CacheLimits { games: CACHED_GAMES, bytes: CACHED_BYTES }
    }
}

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
    /// The seq at which this process's bot task is thinking, if one is.
    thinking: Mutex<Option<u64>>,
    /// Set once the game is archived.
    archived: AtomicBool,
    /// The hub clock's value when the game was last used.
    last_used: AtomicU64,
    /// What the game is counted for in the cache: its state's snapshot length when it was
    /// loaded or last snapshotted, plus a fixed overhead.
    bytes: AtomicUsize,
    /// When each seat's token was last reissued, in seat order (`None`, or missing, when
    /// never): a signed credential issued before no longer acts for the seat.
    seats_reissued: std::sync::RwLock<Vec<Option<SystemTime>>>,
    /// Turns true when the game is deleted: its streams end.
    removed: watch::Sender<bool>,
    /// Counts seat token reissues: streams opened with a replaced token end.
    reissues: watch::Sender<u64>,
    /// The seq of the state in memory, for whoever must notice the game move on (a bot
    /// thinking) without taking one of the event channel's subscriber places.
    pub(super) moved: watch::Sender<u64>,
    pub(super) state: tokio::sync::Mutex<GameState>,
    pub(super) events: Fanout,
}

pub(super) struct GameState {
    pub(super) game: Box<dyn AnyMatch>,
    pub(super) seq: u64,
    pub(super) updated: SystemTime,
    /// The clocks as of `seq`, in a game with clocks.
    pub(super) clocks: Option<Clocks>,
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

impl Hub {
    /// A hub over `store` whose games' channels hold `channel_capacity` events, which keeps
    /// about `cache.games` games and `cache.bytes` bytes of games in memory and whose bots
    /// think on `bot_threads` threads.
    /// It sweeps the store for games whose bot is to move, and for a shared store follows
    /// the store's change feed, for as long as the hub lives.
    ///
    /// Its time comes from `time`, by which it also fires the timeouts of clocks that run
    /// out (see [`timekeeper`](super::timekeeper)). A game's log holds at most `max_events`
    /// events and its end.
    pub fn new(
        store: Arc<dyn Store>,
        channel_capacity: usize,
        cache: CacheLimits,
        bot_threads: usize,
        time: TimeSource,
        max_events: u64,
    ) -> Arc<Hub> {
        let changes = store.watch_changes();
        let timekeeper = Arc::new(Timekeeper::default());
        let hub = Arc::new_cyclic(|me| Hub {
            me: me.clone(),
            bots: SearchPool::new(bot_threads),
            store,
            time: time.clone(),
            timekeeper: timekeeper.clone(),
            games: Mutex::new(HashMap::new()),
            channel_capacity: channel_capacity.max(1),
            cache_limit: cache.games.max(1),
            cache_bytes: cache.bytes.max(1),
            cached_bytes: AtomicUsize::new(0),
            clock: AtomicU64::new(0),
            series_changed: watch::channel(0).0,
            max_events: max_events.max(2),
        });
        if let Some(changes) = changes {
            tokio::spawn(follow_changes(Arc::downgrade(&hub), changes));
        }
        tokio::spawn(Hub::sweep(Arc::downgrade(&hub)));
        tokio::spawn(Hub::keep_time(Arc::downgrade(&hub), timekeeper, time));
        tokio::spawn(Hub::sweep_deadlines(Arc::downgrade(&hub)));
        tokio::spawn(Hub::sweep_series(Arc::downgrade(&hub)));
        hub
    }

    /// The time now, as the hub reads it.
    pub fn now(&self) -> SystemTime {
        self.time.now()
    }

    /// How many games' deadlines this process watches.
    pub fn deadlines_watched(&self) -> usize {
        self.timekeeper.watched()
    }

    /// Keeps `live` in the cache (or returns the copy already there), dropping the least
    /// recently used idle games when the cache is over its limits.
    fn cache(&self, live: Arc<LiveGame>) -> Arc<LiveGame> {
        let mut games = self.lock_games();
        let live = match games.entry(live.id.clone()) {
            Entry::Occupied(cached) => cached.get().clone(),
            Entry::Vacant(room) => {
                self.cached_bytes.fetch_add(live.bytes.load(Ordering::Relaxed), Ordering::Relaxed);
                room.insert(live).clone()
            }
        };
        live.last_used.store(self.clock.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
        self.trim(&mut games);
        live
    }

    /// Counts `live` in the cache for `state` (its state's snapshot, just taken), and
    /// trims the cache if that puts it over its limit.
    pub(super) fn weigh(&self, live: &LiveGame, state: &[u8]) {
        let mut games = self.lock_games();
        let old = live.bytes.swap(GAME_OVERHEAD_BYTES + state.len(), Ordering::Relaxed);
        // A game dropped from the cache while a call still holds it is no longer counted.
        if games.get(&live.id).is_some_and(|cached| std::ptr::eq(Arc::as_ptr(cached), live)) {
            self.cached_bytes.fetch_add(GAME_OVERHEAD_BYTES + state.len(), Ordering::Relaxed);
            self.cached_bytes.fetch_sub(old, Ordering::Relaxed);
            self.trim(&mut games);
        }
    }

    /// Drops the least recently used idle games while the cache is over either limit,
    /// down to nine tenths of it. Games a call or a subscriber holds stay: the limits bound
    /// the idle games, not the games in use.
    fn trim(&self, games: &mut HashMap<String, Arc<LiveGame>>) {
        let over_count = games.len() > self.cache_limit;
        let over_bytes = self.cached_bytes.load(Ordering::Relaxed) > self.cache_bytes;
        if over_count || over_bytes {
            // Only games no call and no subscriber holds: the map's reference is the only one.
            let mut idle: Vec<(u64, String)> = games
                .iter()
                .filter(|(_, g)| Arc::strong_count(g) == 1)
                .map(|(id, g)| (g.last_used.load(Ordering::Relaxed), id.clone()))
                .collect();
            idle.sort_unstable();
            for (_, id) in idle {
                let fits_count = games.len() <= self.cache_limit * 9 / 10;
                let fits_bytes = self.cached_bytes.load(Ordering::Relaxed) <= self.cache_bytes / 10 * 9;
                if fits_count && fits_bytes {
                    break;
                }
                self.uncache(games, &id);
            }
        }
        metrics::gauge!("tabula_cached_games").set(games.len() as f64);
        metrics::gauge!("tabula_cached_bytes").set(self.cached_bytes.load(Ordering::Relaxed) as f64);
    }

    /// Takes game `id` out of the cache.
    fn uncache(&self, games: &mut HashMap<String, Arc<LiveGame>>, id: &str) -> Option<Arc<LiveGame>> {
        let live = games.remove(id)?;
        self.cached_bytes.fetch_sub(live.bytes.load(Ordering::Relaxed), Ordering::Relaxed);
        Some(live)
    }

    /// The games in the cache and the bytes they are counted for.
    #[cfg(test)]
    fn cached(&self) -> (usize, usize) {
        let games = self.lock_games();
        (games.len(), self.cached_bytes.load(Ordering::Relaxed))
    }

    /// Forgets a deleted game: its streams end.
    fn forget(&self, id: &str) {
        let forgotten = self.uncache(&mut self.lock_games(), id);
        if let Some(live) = forgotten {
            live.removed.send_replace(true);
        }
    }

    /// Catches `live` up with the log, and forgets it if it was deleted meanwhile; moves its
    /// bot if the log moved on to a bot's turn.
    async fn sync(&self, live: &LiveGame) -> Result<(), PlayError> {
        match live.sync(self.store.as_ref()).await {
            Err(PlayError::GameNotFound(id)) => {
                self.forget(&id);
                Err(PlayError::GameNotFound(id))
            }
            Ok((bot_due, deadline)) => {
                if bot_due {
                    self.drive(&live.id);
                }
                self.timekeeper.arm(&live.id, deadline);
                Ok(())
            }
            Err(other) => Err(other),
        }
    }

    /// The store behind the hub.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Holds a game just stored in memory.
    pub(super) fn hold(&self, record: &GameRecord, game: Box<dyn AnyMatch>) -> Arc<LiveGame> {
        let clocks = record.clock.as_ref().map(|clock| fresh_clocks(clock, game.as_ref(), record.created));
        self.timekeeper.arm(&record.id, record.deadline.map(to_millis));
        self.cache(Arc::new(LiveGame::new(record, game, self.channel_capacity, clocks)))
    }

    /// The game with `id`, loaded from the store on first use and, for a shared store,
    /// caught up with its log.
    pub async fn game(&self, id: &str) -> Result<Arc<LiveGame>, PlayError> {
        let cached = self.lock_games().get(id).cloned();
        let live = match cached {
            Some(live) => {
                if self.store.shared() {
                    self.sync(&live).await?;
                }
                live
            }
            None => {
                let loaded = self.store.load_latest(id).await?;
                let live = match LiveGame::from_snapshot(&loaded, self.channel_capacity)? {
                    Some(live) => live,
                    None if loaded.snapshot.is_none() => {
                        LiveGame::from_log(&loaded.record, &loaded.tail, self.channel_capacity)?
                    }
                    None => {
                        let (record, log) = self.store.load(id).await?;
                        LiveGame::from_log(&record, &log, self.channel_capacity)?
                    }
                };
                // Another call may have loaded it meanwhile: keep the first, so that every
                // subscriber shares one channel.
                let live = self.cache(Arc::new(live));
                let state = live.state.lock().await;
                if live.due_bot(state.game.as_ref()).is_some() {
                    self.drive(&live.id);
                }
                self.timekeeper.arm(&live.id, state.deadline());
                drop(state);
                live
            }
        };
        live.last_used.store(self.clock.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
        Ok(live)
    }

    fn lock_games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Archives a finished game.
    pub async fn archive(&self, id: &str) -> Result<GameRecord, PlayError> {
        let record = self.store.archive(id).await?;
        if let Some(live) = self.lock_games().get(id) {
            live.archived.store(true, Ordering::Release);
        }
        Ok(record)
    }

    /// Deletes game `live`; its streams end with `GAME_NOT_FOUND`, and a series it was
    /// part of moves on at once (the deleted game counts for nothing and is played again).
    pub async fn delete(&self, live: &LiveGame) -> Result<(), PlayError> {
        self.store.delete(&live.id).await?;
        self.forget(&live.id);
        if let Some(link) = &live.series {
            self.advance_series_soon(link);
        }
        Ok(())
    }

    /// Gives seat `seat` of `live` the token whose hash is `hash`, reissued now: the seat's
    /// earlier token stops working at once, its streams end, and so does every signed
    /// credential for the seat issued before now, on every replica.
    pub async fn reissue_seat_token(&self, live: &LiveGame, seat: Seat, hash: TokenHash) -> Result<(), PlayError> {
        let now = crate::store::to_stored_precision(self.now());
        // The store first: a token the log does not hold must never be accepted.
        self.store.set_seat_token_hash(&live.id, seat.index(), hash, Some(now)).await?;
        live.replace_seat_hash(seat, hash, Some(now));
        Ok(())
    }

    /// The game `live` as it was at `seq`, and its clocks then: what a retry's first answer
    /// and a subscription's own copy start from (see [`past`](super::past)).
    pub(super) async fn game_at(
        &self,
        live: &LiveGame,
        seq: u64,
    ) -> Result<(Box<dyn AnyMatch>, Option<Clocks>), PlayError> {
        let replayed = super::past::replay_through(self.store.as_ref(), live, seq).await?;
        Ok((replayed.game, replayed.clocks))
    }

    /// Saves a snapshot of `live`'s `game` at `seq` in the background (best effort, since a
    /// lost snapshot only makes the next load replay more), and counts the game in the
    /// cache for its size.
    pub(super) fn save_snapshot(&self, live: &LiveGame, seq: u64, game: &dyn AnyMatch) {
        let snapshot = Snapshot { seq, state: game.snapshot() };
        self.weigh(live, &snapshot.state);
        let (store, id) = (self.store.clone(), live.id.clone());
        tokio::spawn(async move {
            if let Err(error) = store.save_snapshot(&id, snapshot).await {
                tracing::warn!(game_id = %id, %error, "could not save a snapshot");
            }
        });
    }
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
    RecordUpdate { status, outcome, move_count, updated, deadline: None }
}

impl LiveGame {
    fn new(record: &GameRecord, game: Box<dyn AnyMatch>, capacity: usize, clocks: Option<Clocks>) -> LiveGame {
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
            thinking: Mutex::new(None),
            archived: AtomicBool::new(record.status == GameStatus::Archived),
            last_used: AtomicU64::new(0),
            bytes: AtomicUsize::new(GAME_OVERHEAD_BYTES + game.snapshot().len()),
            removed: watch::channel(false).0,
            reissues: watch::channel(0).0,
            moved: watch::channel(record.seq).0,
            state: tokio::sync::Mutex::new(GameState { game, seq: record.seq, updated: record.updated, clocks }),
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
        record.seq = tail.last().map_or(snapshot.seq, |e| e.seq);
        Ok(Some(LiveGame::new(&record, game, capacity, clocks)))
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
            None => fresh_clocks(clock, game.as_ref(), record.created),
        });
        let mut record = record.clone();
        record.seq = log.last().map_or(0, |e| e.seq);
        Ok(LiveGame::new(&record, game, capacity, clocks))
    }

    /// Brings the game up to the log's newest seq, broadcasting what it missed; says
    /// whether it moved on to a turn of a seat the engine plays, and the game's deadline.
    pub async fn sync(&self, store: &dyn Store) -> Result<(bool, Option<u64>), PlayError> {
        let mut state = self.state.lock().await;
        let before = state.seq;
        self.catch_up(&mut state, store).await?;
        Ok((state.seq != before && self.due_bot(state.game.as_ref()).is_some(), state.deadline()))
    }

    /// Reads the events after `state.seq` from the log, applies them and broadcasts them.
    pub(super) async fn catch_up(&self, state: &mut GameState, store: &dyn Store) -> Result<(), PlayError> {
        let head = store.head(&self.id).await?;
        // A seat token reissued through another process revokes the old one here too.
        for (index, hash) in head.seat_token_hashes.iter().enumerate() {
            let reissued = head.seats_reissued.get(index).copied().flatten();
            let seat = Seat::new(index as u8);
            if self.seat_hashes().get(index) != Some(hash) || self.seat_reissued(seat) != reissued {
                self.replace_seat_hash(seat, *hash, reissued);
            }
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
                state.seq = event.seq;
                state.updated = state.updated.max(event.time);
                self.moved.send_replace(event.seq);
                self.events.send(Arc::new(Announced::new(event)));
            }
        }
        Ok(())
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
                deadline: state.deadline().map(from_millis),
                players: self.players.clone(),
                series: self.series.clone(),
                seats_reissued: self.seats_reissued.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone(),
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

    /// When seat `seat`'s token was last reissued, if ever.
    pub fn seat_reissued(&self, seat: Seat) -> Option<SystemTime> {
        let times = self.seats_reissued.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        times.get(seat.index()).copied().flatten()
    }

    /// When each seat's token was last reissued, in seat order.
    pub fn seats_reissued(&self) -> Vec<Option<SystemTime>> {
        self.seats_reissued.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// The game's newest seq.
    pub async fn seq(&self) -> u64 {
        self.state.lock().await.seq
    }

    /// The clocks as they started at the game's creation, in a game with clocks.
    pub fn opening_clocks(&self) -> Option<Clocks> {
        let clock = self.clock.as_ref()?;
        let game = self.config.new_match().ok()?;
        Some(fresh_clocks(clock, game.as_ref(), self.created))
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
    pub async fn subscribe(
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

/// A game's channel to its subscribers, made when the first one comes and dropped when
/// an event finds none left: an idle game holds no buffer of events.
pub(super) struct Fanout {
    capacity: usize,
    sender: Mutex<Option<broadcast::Sender<Arc<Announced>>>>,
}

impl Fanout {
    fn new(capacity: usize) -> Fanout {
        Fanout { capacity, sender: Mutex::new(None) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<broadcast::Sender<Arc<Announced>>>> {
        // Each use is one step on the option: a panic cannot leave it half-changed.
        self.sender.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sends `event` to every subscriber; with none left, frees the channel.
    pub(super) fn send(&self, event: Arc<Announced>) {
        let mut sender = self.lock();
        if let Some(channel) = sender.as_ref()
            && channel.send(event).is_err()
        {
            *sender = None;
        }
    }

    /// A new subscriber, if fewer than `limit` are subscribed.
    fn subscribe(&self, limit: usize) -> Result<broadcast::Receiver<Arc<Announced>>, PlayError> {
        let mut sender = self.lock();
        if sender.as_ref().map_or(0, broadcast::Sender::receiver_count) >= limit {
            return Err(PlayError::TooManyStreams { limit });
        }
        Ok(sender.get_or_insert_with(|| broadcast::channel(self.capacity).0).subscribe())
    }
}

/// Applies other processes' changes to the games this hub holds, until the hub is gone.
async fn follow_changes(hub: std::sync::Weak<Hub>, mut changes: tokio::sync::mpsc::Receiver<Change>) {
    while let Some(change) = changes.recv().await {
        let Some(hub) = hub.upgrade() else { return };
        let Some(live) = hub.lock_games().get(&change.game_id).cloned() else { continue };
        let behind = match change.kind {
            ChangeKind::Deleted => {
                hub.forget(&change.game_id);
                false
            }
            ChangeKind::Appended(seq) => seq > live.state.lock().await.seq,
            // Catching up also takes the store's seat token hashes, ending old streams.
            ChangeKind::SeatTokenReplaced => true,
        };
        if behind && let Err(error) = hub.sync(&live).await {
            tracing::warn!(game_id = %change.game_id, ?error, "could not catch a game up with the log");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::EventKind;

    fn event(seq: u64) -> Arc<Announced> {
        Arc::new(Announced::new(StoredEvent {
            seq,
            time: SystemTime::UNIX_EPOCH,
            kind: EventKind::Created,
            request_id: None,
            request_digest: None,
        }))
    }

    #[test]
    fn a_fanout_holds_a_channel_only_while_someone_listens() {
        let fanout = Fanout::new(8);
        fanout.send(event(1));
        assert!(fanout.lock().is_none(), "nobody listens: no channel is made");
        let mut first = fanout.subscribe(2).unwrap();
        let _second = fanout.subscribe(2).unwrap();
        assert!(matches!(fanout.subscribe(2), Err(PlayError::TooManyStreams { limit: 2 })));
        fanout.send(event(2));
        assert_eq!(first.try_recv().unwrap().event.seq, 2);
        drop((first, _second));
        fanout.send(event(3));
        assert!(fanout.lock().is_none(), "the last listener gone, the next event frees the channel");
        let mut again = fanout.subscribe(2).unwrap();
        fanout.send(event(4));
        assert_eq!(again.try_recv().unwrap().event.seq, 4);
    }
}

#[cfg(test)]
pub(super) mod cache_tests {
    use super::*;
    use crate::engine::{Action, Turn};
    use crate::games::{GameConfig, tic_tac_toe};
    use crate::play::turn::{Command, TurnRequest};
    use crate::play::{Created, Creation};
    use crate::store::{Actor, MemoryStore, SNAPSHOT_EVERY};

    fn config() -> GameConfig {
        GameConfig::TicTacToe(tic_tac_toe::Config::sized(19, 19))
    }

    /// What one new game of [`config`] is counted for.
    fn new_game_bytes() -> usize {
        GAME_OVERHEAD_BYTES + config().new_match().unwrap().snapshot().len()
    }

    pub(crate) fn hub(cache: CacheLimits) -> Arc<Hub> {
        Hub::new(Arc::new(MemoryStore::new()), 16, cache, 1, TimeSource::System, MAX_EVENTS_PER_GAME)
    }

    pub(crate) async fn create(hub: &Hub, id: &str) -> Arc<LiveGame> {
        let record = GameRecord {
            id: id.to_owned(),
            seat_token_hashes: vec![[1; 32], [2; 32]],
            ..GameRecord::new_game(config(), None, SystemTime::now())
        };
        let game = config().new_match().unwrap();
        let Ok(Created::New(live)) = hub.create(Creation::plain(record, game)).await else { panic!("created") };
        live
    }

    /// Plays `moves` moves of game `live`, filling the board from the top-left.
    pub(crate) async fn play(hub: &Hub, live: &LiveGame, moves: u32) {
        for index in 0..moves {
            let seat = Seat::new((index % 2) as u8);
            play_move(hub, live, seat, Action::place(index / 19, index % 19)).await;
        }
    }

    /// Plays `action` as `seat`'s move in game `live`.
    pub(crate) async fn play_move(hub: &Hub, live: &LiveGame, seat: Seat, action: Action) {
        let request = TurnRequest {
            actor: Actor::Seat(seat),
            command: Command::Turn(Turn::Move(seat, action)),
            expected_seq: None,
            request_id: None,
            validate_only: false,
        };
        hub.play(live, request).await.unwrap();
    }

    #[tokio::test]
    async fn idle_games_beyond_the_byte_limit_are_dropped_oldest_first_and_reload() {
        let hub = hub(CacheLimits { games: 1_000, bytes: new_game_bytes() * 10 });
        for number in 0..30 {
            create(&hub, &format!("game-{number:02}")).await;
        }
        let (games, bytes) = hub.cached();
        assert!(bytes <= new_game_bytes() * 10, "{bytes} bytes cached");
        assert_eq!(bytes, games * new_game_bytes(), "the total is the sum of the games'");
        assert!(games >= 9, "trimmed to nine tenths, not emptied: {games}");
        let kept = hub.lock_games().contains_key("game-29");
        let dropped = !hub.lock_games().contains_key("game-00");
        assert!(kept && dropped, "the least recently used go first");
        // A dropped game reloads from the store and plays on.
        let live = hub.game("game-00").await.unwrap();
        play(&hub, &live, 2).await;
        assert_eq!(live.state.lock().await.game.move_count(), 2);
    }

    #[tokio::test]
    async fn a_game_is_counted_for_its_size_as_it_grows_and_games_in_use_stay() {
        let hub = hub(CacheLimits { games: 1_000, bytes: new_game_bytes() * 4 });
        let held = create(&hub, "held").await;
        let (_, before) = hub.cached();
        // Past a snapshot point the game is weighed again: its history now counts.
        play(&hub, &held, SNAPSHOT_EVERY as u32 + 1).await;
        let (_, after) = hub.cached();
        assert!(after > before, "{before} → {after}");
        assert_eq!(held.bytes.load(Ordering::Relaxed), after, "the only game is the whole total");
        for number in 0..10 {
            create(&hub, &format!("idle-{number}")).await;
        }
        assert!(hub.lock_games().contains_key("held"), "a game a caller holds is never dropped");
        let (_, bytes) = hub.cached();
        assert!(bytes <= new_game_bytes() * 4, "{bytes}");
        // Let go, the big game is the oldest idle one: the next trim drops it first.
        drop(held);
        create(&hub, "last").await;
        assert!(!hub.lock_games().contains_key("held"));
        let (games, bytes) = hub.cached();
        assert_eq!(bytes, games * new_game_bytes(), "the dropped game no longer counts");
    }
}
