//! Games in play: each loaded game's state, the lock that serialises its turns, and the
//! channel that fans its new events out to subscribers.
//!
//! A turn is applied to a copy of the game, appended to the store (conditional on the
//! log's length), and only then installed and broadcast: the state in memory never gets
//! ahead of the log, and a subscriber never hears of an event the log does not hold.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use tokio::sync::{broadcast, watch};

use super::error::ApiError;
use crate::engine::{Action, AnyMatch, Outcome, Seat, Turn, View, Viewer};
use crate::games::GameConfig;
use crate::store::{EventKind, GameRecord, GameStatus, RecordUpdate, Store, StoreError, StoredEvent, TokenHash};

/// Events a game's channel holds for its slowest subscriber before that subscriber is
/// told it lagged.
pub const EVENT_CHANNEL_CAPACITY: usize = 256;

/// Every game loaded into memory, in front of the store.
pub struct Hub {
    store: Arc<dyn Store>,
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    channel_capacity: usize,
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
    /// Set once the game is archived.
    archived: AtomicBool,
    /// Turns true when the game is deleted: its streams end.
    removed: watch::Sender<bool>,
    /// A match of this game that never changes, for what depends on the configuration
    /// alone: what a viewer may see of a move, and whether the game hides information.
    pub policy: Box<dyn AnyMatch>,
    state: tokio::sync::Mutex<GameState>,
    events: broadcast::Sender<Arc<StoredEvent>>,
}

struct GameState {
    game: Box<dyn AnyMatch>,
    seq: u64,
    updated: SystemTime,
    /// Request id → what that request did, so a retry is answered, not reapplied.
    requests: HashMap<String, Memo>,
}

#[derive(Clone)]
struct Memo {
    turn: Turn,
    first_seq: u64,
    last_seq: u64,
}

/// What a turn did.
pub struct TurnResult {
    /// False for a `validate_only` check.
    pub applied: bool,
    /// The game's newest seq afterwards.
    pub seq: u64,
    /// The events the turn appended (or, for a retry, had appended).
    pub events: Vec<StoredEvent>,
    /// The game afterwards, for the caller.
    pub view: View,
}

/// A request to play a turn.
pub struct TurnRequest {
    /// The turn.
    pub turn: Turn,
    /// Apply only if the log still ends here.
    pub expected_seq: Option<u64>,
    /// Makes retries safe.
    pub request_id: Option<String>,
    /// Only check.
    pub validate_only: bool,
}

/// A snapshot of a game for reading.
pub struct Snapshot {
    /// The record summary as of `seq`.
    pub record: GameRecord,
    /// The match, for views and legal moves.
    pub game: Box<dyn AnyMatch>,
}

impl Hub {
    /// A hub over `store` whose games' channels hold `channel_capacity` events.
    pub fn new(store: Arc<dyn Store>, channel_capacity: usize) -> Hub {
        Hub { store, games: Mutex::new(HashMap::new()), channel_capacity: channel_capacity.max(1) }
    }

    /// The store behind the hub.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Creates a game: stores its record and creation event, then holds it in memory.
    pub async fn create(&self, record: GameRecord, game: Box<dyn AnyMatch>) -> Result<Arc<LiveGame>, ApiError> {
        let first = StoredEvent { seq: 1, time: record.created, kind: EventKind::Created, request_id: None };
        self.store.create(record.clone(), first).await?;
        let live = Arc::new(LiveGame::new(&record, game, HashMap::new(), self.channel_capacity));
        self.lock_games().insert(record.id.clone(), live.clone());
        Ok(live)
    }

    /// The game with `id`, loaded from the store on first use.
    pub async fn game(&self, id: &str) -> Result<Arc<LiveGame>, ApiError> {
        if let Some(live) = self.lock_games().get(id) {
            return Ok(live.clone());
        }
        let (record, log) = self.store.load(id).await?;
        let live = Arc::new(LiveGame::from_log(&record, &log, self.channel_capacity)?);
        // Another call may have loaded it meanwhile: keep the first, so that every
        // subscriber shares one channel.
        Ok(self.lock_games().entry(id.to_owned()).or_insert(live).clone())
    }

    fn lock_games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Archives a finished game.
    pub async fn archive(&self, id: &str) -> Result<GameRecord, ApiError> {
        let record = self.store.archive(id).await?;
        if let Some(live) = self.lock_games().get(id) {
            live.archived.store(true, Ordering::Release);
        }
        Ok(record)
    }

    /// Deletes a game; its streams end with `GAME_NOT_FOUND`.
    pub async fn delete(&self, id: &str) -> Result<(), ApiError> {
        self.store.delete(id).await?;
        if let Some(live) = self.lock_games().remove(id) {
            live.removed.send_replace(true);
        }
        Ok(())
    }

    /// Plays `request.turn` in `live`, exactly once per request id.
    pub async fn play(&self, live: &LiveGame, request: TurnRequest) -> Result<TurnResult, ApiError> {
        let viewer = Viewer::Seat(request.turn.seat());
        let mut state = live.state.lock().await;

        if let Some(memo) = request.request_id.as_ref().and_then(|id| state.requests.get(id)).cloned() {
            if memo.turn != request.turn {
                return Err(ApiError::RequestIdReused);
            }
            let events = self.store.events_after(&live.id, memo.first_seq - 1, (memo.last_seq - memo.first_seq + 1) as usize).await?;
            return Ok(TurnResult { applied: true, seq: state.seq, events, view: state.game.view(viewer) });
        }
        if let Some(expected) = request.expected_seq
            && expected != state.seq {
                return Err(ApiError::StaleSeq { expected, current: state.seq });
            }
        if request.validate_only {
            let current_seq = state.seq;
            state.game.check(&request.turn).map_err(|error| ApiError::Move { error, current_seq })?;
            return Ok(TurnResult { applied: false, seq: state.seq, events: Vec::new(), view: state.game.view(viewer) });
        }

        let mut next = state.game.clone_box();
        next.play(&request.turn).map_err(|error| ApiError::Move { error, current_seq: state.seq })?;
        let now = SystemTime::now().max(state.updated);
        let outcome = next.outcome();
        let move_number = match request.turn {
            Turn::Move(..) => next.move_count(),
            Turn::TakeBack(_) => state.game.move_count(),
            Turn::Resign(_) => next.move_count(),
        };
        let mut events = vec![StoredEvent {
            seq: state.seq + 1,
            time: now,
            kind: EventKind::Played { turn: request.turn.clone(), move_number },
            request_id: request.request_id.clone(),
        }];
        if let Some(outcome) = &outcome {
            events.push(StoredEvent {
                seq: state.seq + 2,
                time: now,
                kind: EventKind::Ended(outcome.clone()),
                request_id: request.request_id.clone(),
            });
        }
        let update = record_update(outcome, next.move_count(), now);
        match self.store.append(&live.id, state.seq, events.clone(), update).await {
            Ok(()) => {}
            Err(StoreError::Conflict { current, .. }) => {
                // Another writer extended the log: this copy is stale. Drop it so the next
                // call reloads from the log.
                drop(state);
                self.lock_games().remove(&live.id);
                return Err(ApiError::StaleSeq { expected: request.expected_seq.unwrap_or(current), current });
            }
            Err(other) => return Err(other.into()),
        }

        let first_seq = state.seq + 1;
        state.seq += events.len() as u64;
        state.updated = now;
        state.game = next;
        if let Some(id) = request.request_id {
            let last_seq = state.seq;
            state.requests.insert(id, Memo { turn: request.turn, first_seq, last_seq });
        }
        for event in &events {
            // No receiver is fine: nobody is watching this game right now.
            let _ = live.events.send(Arc::new(event.clone()));
        }
        Ok(TurnResult { applied: true, seq: state.seq, events, view: state.game.view(viewer) })
    }
}

fn record_update(outcome: Option<Outcome>, move_count: u32, updated: SystemTime) -> RecordUpdate {
    let status = if outcome.is_some() { GameStatus::Finished } else { GameStatus::InProgress };
    RecordUpdate { status, outcome, move_count, updated }
}

impl LiveGame {
    fn new(record: &GameRecord, game: Box<dyn AnyMatch>, requests: HashMap<String, Memo>, capacity: usize) -> LiveGame {
        let (events, _) = broadcast::channel(capacity);
        LiveGame {
            id: record.id.clone(),
            config: record.config.clone(),
            seat_hashes: std::sync::RwLock::new(record.seat_token_hashes.clone()),
            created: record.created,
            private: record.private,
            owner: record.owner.clone(),
            archived: AtomicBool::new(record.status == GameStatus::Archived),
            removed: watch::channel(false).0,
            policy: game.clone_box(),
            state: tokio::sync::Mutex::new(GameState { game, seq: record.seq, updated: record.updated, requests }),
            events,
        }
    }

    /// Rebuilds a game from its log.
    fn from_log(record: &GameRecord, log: &[StoredEvent], capacity: usize) -> Result<LiveGame, ApiError> {
        let turns: Vec<Turn> = log
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Played { turn, .. } => Some(turn.clone()),
                _ => None,
            })
            .collect();
        let game = record
            .config
            .replay(&turns)
            .map_err(|e| ApiError::Storage(format!("game {} does not replay: {e}", record.id)))?;
        // Each request id maps to the events its turn appended: the turn, then maybe the end.
        let mut requests: HashMap<String, Memo> = HashMap::new();
        for event in log {
            match (&event.request_id, &event.kind) {
                (Some(id), EventKind::Played { turn, .. }) => {
                    requests.insert(id.clone(), Memo { turn: turn.clone(), first_seq: event.seq, last_seq: event.seq });
                }
                (Some(id), EventKind::Ended(_)) => {
                    if let Some(memo) = requests.get_mut(id) {
                        memo.last_seq = event.seq;
                    }
                }
                _ => {}
            }
        }
        let mut record = record.clone();
        record.seq = log.last().map_or(0, |e| e.seq);
        Ok(LiveGame::new(&record, game, requests, capacity))
    }

    /// A consistent copy of the game and its summary.
    pub async fn snapshot(&self) -> Snapshot {
        let state = self.state.lock().await;
        let outcome = state.game.outcome();
        let mut update = record_update(outcome, state.game.move_count(), state.updated);
        if self.archived.load(Ordering::Acquire) {
            update.status = GameStatus::Archived;
        }
        Snapshot {
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
            },
            game: state.game.clone_box(),
        }
    }

    /// The game as `viewer` sees it, with its seq.
    pub async fn view(&self, viewer: Viewer) -> (View, u64) {
        let state = self.state.lock().await;
        (state.game.view(viewer), state.seq)
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

    /// From now on only the token with `hash` acts as `seat`. The store must already hold it.
    pub fn replace_seat_hash(&self, seat: Seat, hash: TokenHash) {
        if let Some(slot) = self.seat_hashes.write().unwrap_or_else(|poisoned| poisoned.into_inner()).get_mut(seat.index()) {
            *slot = hash;
        }
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
    pub async fn subscribe(&self, max_subscribers: usize) -> Result<(broadcast::Receiver<Arc<StoredEvent>>, u64, bool), ApiError> {
        // Counted under the state lock, which every subscription takes, so two callers
        // cannot both take the last place.
        let state = self.state.lock().await;
        if self.events.receiver_count() >= max_subscribers {
            return Err(ApiError::TooManyStreams { limit: max_subscribers });
        }
        Ok((self.events.subscribe(), state.seq, state.game.outcome().is_some()))
    }
}
