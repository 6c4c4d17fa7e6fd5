//! The games kept in memory, in front of the store: each loaded once and shared by every
//! call and subscriber, bounded in number and in bytes (idle games beyond either limit are
//! dropped, least recently used first, and reload when next used), and, for a store other
//! processes write, caught up with the log whenever the store's change feed says another
//! process moved on and before each use but a turn's (a turn's append is conditional on the
//! copy it was played on, so the store finds a stale copy out, and it is caught up then).
//! A copy whose rules panicked is dropped at once ([`Games::contain`]); the game reloads
//! faulted.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use futures_util::{Stream, StreamExt};
use tokio::sync::mpsc;

use super::effects::{Driver, Effects};
use super::error::PlayError;
use super::faults::{Faults, RulesCall, caught, caught_items};
use super::live::{GAME_OVERHEAD_BYTES, LiveGame};
use crate::store::{Change, ChangeKind, Store};

/// Games kept in memory by default; beyond it, games nobody is using are dropped (they
/// reload from the store on their next call).
pub const CACHED_GAMES: usize = 10_000;
/// Memory the games in the cache may take by default, as [`LiveGame`]s are counted (their
/// state's snapshot and a fixed overhead).
pub const CACHED_BYTES: usize = 256 << 20;

/// How much the cache keeps in memory: idle games beyond either limit are dropped (they
/// reload from the store on their next call).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheLimits {
    /// Games.
    pub games: usize,
    /// Bytes, as games are counted.
    pub bytes: usize,
}

impl Default for CacheLimits {
    fn default() -> CacheLimits {
        CacheLimits { games: CACHED_GAMES, bytes: CACHED_BYTES }
    }
}

/// How current a game taken from the cache must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Freshness {
    /// Caught up with the store's log and credentials first, for a store other processes
    /// write.
    Current,
    /// As this process holds it.
    AsHeld,
}

/// Every game loaded into memory.
pub struct Games {
    store: Arc<dyn Store>,
    /// Events a game's channel holds for its slowest subscriber.
    channel_capacity: usize,
    limits: CacheLimits,
    map: Mutex<HashMap<String, Arc<LiveGame>>>,
    /// The sum of the cached games' counted bytes, kept under the map's lock.
    cached_bytes: AtomicUsize,
    /// Ticks on every use, to find the least recently used games.
    clock: AtomicU64,
    /// Who acts on what a game loaded or caught up calls for (a bot due, a deadline).
    driver: Weak<dyn Driver>,
    /// The games whose rules panicked in this process.
    faults: Faults,
}

impl Games {
    /// An empty cache in front of `store`, within `limits`, each game's channel holding
    /// `channel_capacity` events; what loading a game calls for goes to `driver`.
    pub fn new(store: Arc<dyn Store>, channel_capacity: usize, limits: CacheLimits, driver: Weak<dyn Driver>) -> Games {
        Games {
            store,
            channel_capacity: channel_capacity.max(1),
            limits: CacheLimits { games: limits.games.max(1), bytes: limits.bytes.max(1) },
            map: Mutex::new(HashMap::new()),
            cached_bytes: AtomicUsize::new(0),
            clock: AtomicU64::new(0),
            driver,
            faults: Faults::default(),
        }
    }

    /// Events a game's channel holds for its slowest subscriber.
    pub fn channel_capacity(&self) -> usize {
        self.channel_capacity
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        // Every change to the map is one insert or removal: a panic cannot leave it half-done.
        self.map.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn act(&self, id: &str, effects: Effects) {
        // A faulted game calls for nothing: its bots and its clock stop with it.
        if self.faults.contains(id) {
            return;
        }
        if let Some(driver) = self.driver.upgrade() {
            driver.act(id, effects);
        }
    }

    /// The game with `id`, loaded from the store on first use and, for a shared store,
    /// caught up with its log.
    ///
    /// # Errors
    /// `GAME_NOT_FOUND` (and the game is forgotten, if it was deleted meanwhile), or a
    /// storage error.
    pub async fn get(&self, id: &str) -> Result<Arc<LiveGame>, PlayError> {
        self.get_as(id, Freshness::Current).await
    }

    /// The game with `id`, loaded from the store on first use, as this process holds it:
    /// for a turn, whose append is conditional on the record its copy holds, so that a
    /// copy another process overtook is caught up when the store refuses the append rather
    /// than before every turn ([`Turns::play`](super::turn::Turns::play)).
    ///
    /// # Errors
    /// `GAME_NOT_FOUND`, or a storage error.
    pub async fn get_to_play(&self, id: &str) -> Result<Arc<LiveGame>, PlayError> {
        self.get_as(id, Freshness::AsHeld).await
    }

    async fn get_as(&self, id: &str, freshness: Freshness) -> Result<Arc<LiveGame>, PlayError> {
        let cached = self.lock().get(id).cloned();
        let live = match cached {
            Some(live) => {
                if self.store.shared() && freshness == Freshness::Current {
                    self.sync(&live).await?;
                }
                live
            }
            None => {
                let loaded = LiveGame::load(self.store.as_ref(), id, self.channel_capacity).await?;
                if self.faults.contains(id) {
                    // Marked before anyone can take it from the cache: it is read, never played.
                    loaded.mark_faulted();
                } else if loaded.is_faulted() {
                    // Faulted before this process loaded it, as the store holds.
                    self.faults.remember(id);
                }
                // Another call may have loaded it meanwhile: keep the first, so that every
                // subscriber shares one channel.
                let live = self.keep(Arc::new(loaded));
                let effects = live.effects(&*live.state.lock().await);
                self.act(&live.id, effects);
                live
            }
        };
        live.last_used.store(self.clock.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
        Ok(live)
    }

    /// The game with `id` if it is in memory now; never loads it.
    pub fn cached(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.lock().get(id).cloned()
    }

    /// Keeps `live`, a game just made or loaded, in the cache (or returns the copy already
    /// there), dropping the least recently used idle games when the cache is over its
    /// limits.
    pub fn keep(&self, live: Arc<LiveGame>) -> Arc<LiveGame> {
        let mut games = self.lock();
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

    /// Counts `live` for a state of `state_bytes` bytes (its snapshot, just taken), and trims
    /// the cache if that puts it over its limit.
    pub fn weigh(&self, live: &LiveGame, state_bytes: usize) {
        let mut games = self.lock();
        let old = live.bytes.swap(GAME_OVERHEAD_BYTES + state_bytes, Ordering::Relaxed);
        // A game dropped from the cache while a call still holds it is no longer counted.
        if games.get(&live.id).is_some_and(|cached| std::ptr::eq(Arc::as_ptr(cached), live)) {
            self.cached_bytes.fetch_add(GAME_OVERHEAD_BYTES + state_bytes, Ordering::Relaxed);
            self.cached_bytes.fetch_sub(old, Ordering::Relaxed);
            self.trim(&mut games);
        }
    }

    /// Drops the least recently used idle games while the cache is over either limit,
    /// down to nine tenths of it. Games a call or a subscriber holds stay: the limits bound
    /// the idle games, not the games in use.
    fn trim(&self, games: &mut HashMap<String, Arc<LiveGame>>) {
        let over_count = games.len() > self.limits.games;
        let over_bytes = self.cached_bytes.load(Ordering::Relaxed) > self.limits.bytes;
        if over_count || over_bytes {
            // Only games no call and no subscriber holds: the map's reference is the only one.
            let mut idle: Vec<(u64, String)> = games
                .iter()
                .filter(|(_, g)| Arc::strong_count(g) == 1)
                .map(|(id, g)| (g.last_used.load(Ordering::Relaxed), id.clone()))
                .collect();
            idle.sort_unstable();
            for (_, id) in idle {
                let fits_count = games.len() <= self.limits.games * 9 / 10;
                let fits_bytes = self.cached_bytes.load(Ordering::Relaxed) <= self.limits.bytes / 10 * 9;
                if fits_count && fits_bytes {
                    break;
                }
                self.uncache(games, &id);
            }
        }
        metrics::gauge!(super::metrics::CACHED_GAMES).set(games.len() as f64);
        metrics::gauge!(super::metrics::CACHED_BYTES).set(self.cached_bytes.load(Ordering::Relaxed) as f64);
    }

    /// Takes game `id` out of the cache.
    fn uncache(&self, games: &mut HashMap<String, Arc<LiveGame>>, id: &str) -> Option<Arc<LiveGame>> {
        let live = games.remove(id)?;
        self.cached_bytes.fetch_sub(live.bytes.load(Ordering::Relaxed), Ordering::Relaxed);
        Some(live)
    }

    /// The games in the cache and the bytes they are counted for.
    #[cfg(test)]
    pub(super) fn counts(&self) -> (usize, usize) {
        let games = self.lock();
        (games.len(), self.cached_bytes.load(Ordering::Relaxed))
    }

    /// Whether game `id` is known here to be faulted (its rules panicked in this process,
    /// or it was loaded or caught up faulted): it takes no more turns.
    pub fn is_faulted(&self, id: &str) -> bool {
        // A copy caught up by a turn learns of another process's fault without the cache.
        self.faults.contains(id) || self.cached(id).is_some_and(|live| live.is_faulted())
    }

    /// Runs `rules`, which call `live`'s rules for `call`, containing a panic in them: the
    /// game is then faulted (counted, logged, and refused every later turn), and its copy,
    /// which the panic may have left half-changed, is dropped from the cache, so that the
    /// next call reloads the last good state from the store. See [`faults`](super::faults).
    ///
    /// # Errors
    /// `RulesFault` when the rules panicked.
    pub async fn contain<T>(
        &self,
        live: &LiveGame,
        call: RulesCall,
        rules: impl Future<Output = T>,
    ) -> Result<T, PlayError> {
        match caught(rules).await {
            Ok(answer) => Ok(answer),
            Err(_panic) => {
                self.fault(live, call);
                // Stored before the answer, so that a caller told of the fault finds the
                // game faulted on every replica and after a restart.
                mark_stored(self.store.as_ref(), &live.id).await;
                Err(PlayError::RulesFault(live.id.clone()))
            }
        }
    }

    /// `stream`, whose items run `live`'s rules for `call` (a subscription's views), with a
    /// panic in them contained as [`Games::contain`] does: the stream then ends with
    /// `RulesFault`.
    pub fn contain_stream<S, T>(
        self: &Arc<Games>,
        live: Arc<LiveGame>,
        call: RulesCall,
        stream: S,
    ) -> impl Stream<Item = Result<T, PlayError>> + Send + use<S, T>
    where
        S: Stream<Item = Result<T, PlayError>> + Send,
    {
        let games = self.clone();
        caught_items(stream).map(move |item| {
            item.unwrap_or_else(|_panic| {
                games.fault(&live, call);
                let (store, id) = (games.store.clone(), live.id.clone());
                tokio::spawn(async move { mark_stored(store.as_ref(), &id).await });
                Err(PlayError::RulesFault(live.id.clone()))
            })
        })
    }

    /// Faults `live`, whose rules panicked running for `call`, and drops its copy.
    fn fault(&self, live: &LiveGame, call: RulesCall) {
        self.faults.record(live, call);
        let mut games = self.lock();
        // Only this copy: one a call holds after it was dropped is not the cache's.
        if games.get(&live.id).is_some_and(|cached| std::ptr::eq(Arc::as_ptr(cached), live)) {
            self.uncache(&mut games, &live.id);
        }
    }

    /// Forgets a deleted game: its streams end.
    pub fn forget(&self, id: &str) {
        let forgotten = self.uncache(&mut self.lock(), id);
        if let Some(live) = forgotten {
            live.removed.send_replace(true);
        }
    }

    /// Catches `live` up with the log, and forgets it if it was deleted meanwhile; what
    /// catching up calls for goes to the driver.
    async fn sync(&self, live: &LiveGame) -> Result<(), PlayError> {
        let synced = self.contain(live, RulesCall::CatchUp, live.sync(self.store.as_ref())).await?;
        if live.is_faulted() {
            // Perhaps by another process, as the store's head said.
            self.faults.remember(&live.id);
        }
        match synced {
            Err(PlayError::GameNotFound(id)) => {
                self.forget(&id);
                Err(PlayError::GameNotFound(id))
            }
            Ok(effects) => {
                self.act(&live.id, effects);
                Ok(())
            }
            Err(other) => Err(other),
        }
    }

    /// Applies other processes' changes to the games held here, as `changes` reports them,
    /// until the feed ends or the cache is gone.
    pub async fn follow(games: Weak<Games>, mut changes: mpsc::Receiver<Change>) {
        while let Some(change) = changes.recv().await {
            let Some(games) = games.upgrade() else { return };
            let Some(live) = games.cached(&change.game_id) else { continue };
            let behind = match change.kind {
                ChangeKind::Deleted => {
                    games.forget(&change.game_id);
                    false
                }
                ChangeKind::Appended(seq) => seq > live.seq().await,
                // Catching up also takes the store's seat token hashes, ending old streams.
                ChangeKind::SeatTokenReplaced => true,
                // The hub hands owners' news to their followers, not here.
                ChangeKind::OwnerLogGrew(_) => false,
                ChangeKind::Faulted => {
                    live.mark_faulted();
                    games.faults.remember(&change.game_id);
                    false
                }
            };
            if behind && let Err(error) = games.sync(&live).await {
                tracing::warn!(game_id = %change.game_id, ?error, "could not catch a game up with the log");
            }
        }
    }
}

/// Marks game `id` faulted in `store`, for every process and after a restart; a failure is
/// logged, the mark then holding in this process only.
async fn mark_stored(store: &dyn Store, id: &str) {
    if let Err(error) = store.mark_faulted(id).await {
        tracing::error!(game_id = %id, %error, "could not store a game's fault: it holds in this process only");
    }
}
