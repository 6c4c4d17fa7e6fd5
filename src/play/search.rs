//! Searches (hints) off the async runtime, on a bounded number of threads, stopped as
//! soon as the call that asked for them ends.
//!
//! A search runs on a blocking thread while it holds one of the pool's places; a call
//! that finds every place taken is refused with `SEARCH_BUSY` rather than queued, so
//! neither threads nor the memory searches hold grow with the number of callers. The
//! call owns a [`StopOnDrop`]: when the call ends for any reason (answered, past its
//! deadline, cancelled by the client), the search sees its stop flag and returns, and
//! its place is free again only then. A search that panics (the game's rules did) panics
//! its caller, as if it had run there, for the caller's containment of the rules
//! ([`Games::contain`](super::cache::Games::contain)) to fault the game.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::PlayError;
use super::faults::RulesScope;

/// Searches that may run at once by default: half the processors, so that searching
/// never takes every core from the calls that answer at once.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

/// The places searches run in.
#[derive(Clone, Debug)]
pub struct SearchPool {
    places: Arc<Semaphore>,
    threads: usize,
}

/// A stop flag that turns true once a search's time is up, for a search bounded in time as
/// well as in positions; dropping it cancels the timer.
pub struct TimeLimit {
    /// The flag to hand the search.
    pub stop: Arc<AtomicBool>,
    timer: tokio::task::JoinHandle<()>,
}

impl TimeLimit {
    /// A flag that turns true `time` from now.
    pub fn after(time: std::time::Duration) -> TimeLimit {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let timer = tokio::spawn(async move {
            tokio::time::sleep(time).await;
            flag.store(true, Ordering::Relaxed);
        });
        TimeLimit { stop, timer }
    }
}

impl Drop for TimeLimit {
    fn drop(&mut self) {
        self.timer.abort();
    }
}

/// Sets its flag when dropped: the search it belongs to stops.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl SearchPool {
    /// A pool of `threads` places (at least one).
    pub fn new(threads: usize) -> SearchPool {
        let threads = threads.max(1);
        SearchPool { places: Arc::new(Semaphore::new(threads)), threads }
    }

    /// Runs `search` on a thread of its own, handing it a flag that turns true when the
    /// caller stops waiting; `search` must return soon after.
    ///
    /// # Errors
    /// `SEARCH_BUSY` when every place is taken.
    ///
    /// # Panics
    /// When the search panics.
    pub async fn run<T, F>(&self, search: F) -> Result<T, PlayError>
    where
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
        T: Send + 'static,
    {
        self.run_with(Arc::new(AtomicBool::new(false)), search).await
    }

    /// [`run`](SearchPool::run) with `stop` as the flag handed to `search`, for a caller
    /// that also stops it for reasons of its own (its time is up).
    ///
    /// # Errors
    /// `SEARCH_BUSY` when every place is taken.
    ///
    /// # Panics
    /// When the search panics.
    pub async fn run_with<T, F>(&self, stop: Arc<AtomicBool>, search: F) -> Result<T, PlayError>
    where
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
        T: Send + 'static,
    {
        self.reserve()?.run_with(stop, search).await
    }

    /// Takes a place for a search the caller is about to run, before it does the work that
    /// prepares the search (reading a past position back), so that a busy pool refuses at
    /// once rather than after that work.
    ///
    /// # Errors
    /// `SEARCH_BUSY` when every place is taken.
    pub fn reserve(&self) -> Result<Place, PlayError> {
        let place =
            self.places.clone().try_acquire_owned().map_err(|_| PlayError::SearchBusy { threads: self.threads })?;
        Ok(Place(place))
    }

    /// [`reserve`](SearchPool::reserve), and then as many more places as are free, up to
    /// [`widest`](SearchPool::widest) in all: for a search that can share its work
    /// between threads (an analysis), so that it runs on the places no other search
    /// needs at the moment, and on one when the pool is busy.
    ///
    /// # Errors
    /// `SEARCH_BUSY` when every place is taken.
    pub fn reserve_wide(&self) -> Result<Place, PlayError> {
        let Place(mut place) = self.reserve()?;
        while place.num_permits() < self.widest() {
            let Ok(more) = self.places.clone().try_acquire_owned() else { break };
            place.merge(more);
        }
        Ok(Place(place))
    }

    /// The most places [`reserve_wide`](SearchPool::reserve_wide) takes for one search:
    /// half the pool's (at least one), so that one search never leaves none for the next
    /// caller.
    pub fn widest(&self) -> usize {
        (self.threads / 2).max(1)
    }

    /// Runs `search` on a thread of its own once a place is free, waiting for one: for the
    /// server's own searches (bots), which must happen however busy the pool is. `stop` is
    /// the flag handed to `search`; the caller may set it to make the search return its
    /// best answer so far, and it is set when the caller stops waiting.
    ///
    /// # Errors
    /// When the search's thread fails without a panic (the runtime is shutting down).
    ///
    /// # Panics
    /// When the search panics.
    pub async fn queue<T, F>(&self, stop: Arc<AtomicBool>, search: F) -> Result<T, PlayError>
    where
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
        T: Send + 'static,
    {
        let place = self.places.clone().acquire_owned().await.expect("the pool's semaphore is never closed");
        in_place(place, stop, search).await
    }
}

/// A place of a [`SearchPool`], held until the search run in it returns (or, never used,
/// until it is dropped).
pub struct Place(OwnedSemaphorePermit);

impl Place {
    /// The places held, each a thread the search may run on.
    pub fn threads(&self) -> usize {
        self.0.num_permits()
    }

    /// Runs `search` in this place, as [`SearchPool::run_with`] does.
    ///
    /// # Errors
    /// When the search's thread fails without a panic (the runtime is shutting down).
    ///
    /// # Panics
    /// When the search panics.
    pub async fn run_with<T, F>(self, stop: Arc<AtomicBool>, search: F) -> Result<T, PlayError>
    where
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
        T: Send + 'static,
    {
        in_place(self.0, stop, search).await
    }
}

/// Runs `search` on a blocking thread holding `place`, which it frees when it returns;
/// `stop` is set when the caller stops waiting. A panic in `search` is raised again here.
async fn in_place<T, F>(place: OwnedSemaphorePermit, stop: Arc<AtomicBool>, search: F) -> Result<T, PlayError>
where
    F: FnOnce(&AtomicBool) -> T + Send + 'static,
    T: Send + 'static,
{
    let guard = StopOnDrop(stop.clone());
    // A search of a game's rules is inside their containment on its own thread too.
    let in_rules = RulesScope::entered();
    let task = tokio::task::spawn_blocking(move || {
        let _scope = in_rules.then(RulesScope::enter);
        let answer = search(&stop);
        drop(place);
        answer
    });
    let answer = match task.await {
        Ok(answer) => Ok(answer),
        // Raised again without the panic hook, which ran on the search's thread already.
        Err(failure) if failure.is_panic() => std::panic::resume_unwind(failure.into_panic()),
        Err(failure) => Err(PlayError::Storage(format!("a search failed: {failure}"))),
    };
    drop(guard);
    answer
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    /// A search that runs until it is told to stop, and reports when it did.
    fn endless(stopped: Arc<AtomicBool>) -> impl FnOnce(&AtomicBool) + Send + 'static {
        move |stop| {
            let started = Instant::now();
            while !stop.load(Ordering::Relaxed) && started.elapsed() < Duration::from_secs(30) {
                std::thread::yield_now();
            }
            stopped.store(true, Ordering::Relaxed);
        }
    }

    #[tokio::test]
    async fn a_search_stops_when_its_caller_gives_up_and_only_then_frees_its_place() {
        let pool = SearchPool::new(1);
        let stopped = Arc::new(AtomicBool::new(false));
        let call = tokio::time::timeout(Duration::from_millis(50), pool.run(endless(stopped.clone())));
        assert!(call.await.is_err(), "the caller gave up");
        let given_up = Instant::now();
        while !stopped.load(Ordering::Relaxed) {
            assert!(given_up.elapsed() < Duration::from_secs(5), "the search went on after its caller left");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // Its place is free again.
        let answer = tokio::time::timeout(Duration::from_secs(5), pool.run(|_| 7)).await;
        assert_eq!(answer.unwrap().unwrap(), 7);
    }

    #[tokio::test]
    async fn queued_searches_wait_for_a_place_and_stop_on_their_flag() {
        let pool = SearchPool::new(1);
        let stopped = Arc::new(AtomicBool::new(false));
        let first_stop = Arc::new(AtomicBool::new(false));
        let first = tokio::spawn({
            let (pool, stop, stopped) = (pool.clone(), first_stop.clone(), stopped.clone());
            async move { pool.queue(stop, endless(stopped)).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let second = tokio::spawn({
            let pool = pool.clone();
            async move { pool.queue(Arc::new(AtomicBool::new(false)), |_| 7).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!second.is_finished(), "the second search waits for the only place");
        first_stop.store(true, Ordering::Relaxed);
        first.await.unwrap().unwrap();
        assert!(stopped.load(Ordering::Relaxed));
        assert_eq!(tokio::time::timeout(Duration::from_secs(5), second).await.unwrap().unwrap().unwrap(), 7);
    }

    #[tokio::test]
    async fn a_search_that_panics_panics_its_caller_and_frees_its_place() {
        use futures_util::FutureExt;
        let pool = SearchPool::new(1);
        let search = pool.run(|_| -> u32 { panic!("the rules failed") });
        let caught = std::panic::AssertUnwindSafe(search).catch_unwind().await;
        let message = caught.expect_err("the caller panics").downcast::<&str>().map(|message| *message);
        assert_eq!(message.ok(), Some("the rules failed"), "the search's own panic");
        let answer = tokio::time::timeout(Duration::from_secs(5), pool.run(|_| 7)).await;
        assert_eq!(answer.unwrap().unwrap(), 7, "its place is free again");
    }

    #[tokio::test]
    async fn a_wide_place_takes_the_free_places_up_to_half_the_pool_and_gives_them_back() {
        let pool = SearchPool::new(5);
        assert_eq!(pool.widest(), 2);
        let wide = pool.reserve_wide().unwrap();
        assert_eq!(wide.threads(), 2);
        let others: Vec<Place> = (0..2).map(|_| pool.reserve().unwrap()).collect();
        // One place left: a wide search still runs, on it alone.
        let narrow = pool.reserve_wide().unwrap();
        assert_eq!(narrow.threads(), 1);
        assert!(matches!(pool.reserve_wide(), Err(PlayError::SearchBusy { threads: 5 })));
        // A search run in a place frees all of it when it returns.
        assert_eq!(wide.run_with(Arc::new(AtomicBool::new(false)), |_| 7).await.unwrap(), 7);
        assert_eq!(pool.reserve_wide().unwrap().threads(), 2);
        drop((others, narrow));
        // A pool of one place or two: every search on one.
        for places in [1, 2] {
            let pool = SearchPool::new(places);
            assert_eq!(pool.reserve_wide().unwrap().threads(), 1);
        }
    }

    #[tokio::test]
    async fn searches_beyond_the_pool_are_refused() {
        let pool = SearchPool::new(2);
        let stopped = Arc::new(AtomicBool::new(false));
        let first = tokio::spawn({
            let pool = pool.clone();
            let stopped = stopped.clone();
            async move { tokio::time::timeout(Duration::from_millis(300), pool.run(endless(stopped))).await }
        });
        let second = tokio::spawn({
            let pool = pool.clone();
            let stopped = stopped.clone();
            async move { tokio::time::timeout(Duration::from_millis(300), pool.run(endless(stopped))).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(matches!(pool.run(|_| ()).await, Err(PlayError::SearchBusy { threads: 2 })));
        let _ = (first.await, second.await);
    }
}
