//! Creating a game, exactly once per request id: the record and its first events (the
//! creation, then any moves imported with it) are stored in one step, and a retried
//! creation finds the game the first one made instead of making another.
//!
//! A creation's request id is scoped to its creator ([`Actor::request_scope`]) and kept on
//! every event the creation wrote; the store keeps creation request ids unique, so two
//! racing creations with one id make one game.

use std::sync::{Arc, Weak};

use super::cache::Games;
use super::clocks::fresh_clocks;
use super::effects::Driver;
use super::error::PlayError;
use super::live::{LiveGame, record_update};
use super::time::{TimeSource, rounded_up_to_millis};
use super::tokens::new_token;
use crate::engine::clock::{ClockConfig, Clocks};
use crate::engine::{AnyMatch, Seat, Turn};
use crate::games::GameConfig;
use crate::store::{
    Actor, BotSeat, EventKind, GameRecord, Labels, Player, Store, StoreError, StoredEvent, TokenHash, from_millis,
    to_millis,
};

/// Events after its creation a retried creation reads to learn whether the game's tokens
/// can have been used; a game further on counts as used.
const EVENTS_CHECKED_FOR_A_RETRY: usize = 1024;

/// A new game as a caller asks for it: the play layer gives it its id, its time and its
/// seat tokens.
pub struct GameRequest {
    /// Its configuration, valid, random parts drawn.
    pub config: GameConfig,
    /// The match `config` starts.
    pub game: Box<dyn AnyMatch>,
    /// Its time control, valid for its seats; `None` for no clocks.
    pub clock: Option<ClockConfig>,
    /// The service key creating it.
    pub owner: Option<String>,
    /// Whether spectators are refused.
    pub private: bool,
    /// The seats the server's engine plays.
    pub bots: Vec<BotSeat>,
    /// Who sits in each seat, when the creator names anyone.
    pub players: Vec<Player>,
    /// The creator's labels.
    pub labels: Labels,
    /// Whether the seat to move may ask for hints while the game runs.
    pub allow_hints: bool,
    /// Moves played at creation, in order (an imported game's).
    pub imported: Vec<Turn>,
    /// With an owner, the most games in progress it may have, this one included.
    pub max_in_progress: Option<u64>,
    /// Makes retries safe: the creator's id for this request.
    pub request_id: Option<String>,
    /// A digest of everything the request asked but its id.
    pub request_digest: String,
}

/// A game made (or found again) for a [`GameRequest`].
pub struct NewGame {
    /// The game.
    pub live: Arc<LiveGame>,
    /// One secret token per seat, in seat order, to hand out once: a retried creation
    /// issues new ones while nobody can have used the first, and none after.
    pub tokens: Vec<String>,
    /// Whether an earlier request with the same id made the game.
    pub retried: bool,
}

/// A game to create.
pub struct Creation {
    /// Its record; the summary fields (seq, status, outcome, move count) are filled in
    /// from the log the creation writes.
    pub record: GameRecord,
    /// The new match of the record's configuration, before any move.
    pub game: Box<dyn AnyMatch>,
    /// Moves played at creation, in order (an imported game's), made by the creator.
    pub imported: Vec<Turn>,
    /// With an owner on the record, the most games in progress it may have, this one
    /// included.
    pub max_in_progress: Option<u64>,
    /// Makes retries safe: the creator's id for this request, unique among its requests.
    pub request_id: Option<String>,
    /// A digest of everything the request asked, so that an id reused for a different
    /// request is told apart from a retry.
    pub request_digest: String,
}

#[cfg(test)]
impl Creation {
    /// The creation of `game` under `record`, with nothing imported, no cap and no request id.
    pub(crate) fn plain(record: GameRecord, game: Box<dyn AnyMatch>) -> Creation {
        Creation {
            record,
            game,
            imported: Vec::new(),
            max_in_progress: None,
            request_id: None,
            request_digest: String::new(),
        }
    }
}

/// What a creation did.
pub enum Created {
    /// Made the game.
    New(Arc<LiveGame>),
    /// An earlier request with the same id made it, writing the log up to
    /// `created_through`.
    Earlier { live: Arc<LiveGame>, created_through: u64 },
}

impl Creation {
    fn creator(&self) -> Actor {
        Actor::Service { key: self.record.owner.clone() }
    }

    fn log_key(&self) -> Option<String> {
        self.request_id.as_ref().map(|id| format!("{}/{id}", self.creator().request_scope()))
    }
}

/// Makes games: the one path every creation takes, a caller's or a series'.
pub struct Creator {
    store: Arc<dyn Store>,
    games: Arc<Games>,
    time: TimeSource,
    /// Who acts on what a new game calls for (its bot's first move, its deadline).
    driver: Weak<dyn Driver>,
}

impl Creator {
    /// Makes games in `store`, held in `games` once made, at the times `time` gives.
    pub fn new(store: Arc<dyn Store>, games: Arc<Games>, time: TimeSource, driver: Weak<dyn Driver>) -> Creator {
        Creator { store, games, time, driver }
    }

    /// Creates the game `request` asks for, with an id, a creation time and a token per seat
    /// of its own. A retry of an earlier creation (same creator, same request id, same
    /// request) returns that game, with new tokens while nobody can have used the first.
    ///
    /// # Errors
    /// As for [`Creator::create`].
    pub async fn create_game(&self, request: GameRequest) -> Result<NewGame, PlayError> {
        let GameRequest {
            config,
            game,
            clock,
            owner,
            private,
            bots,
            players,
            labels,
            allow_hints,
            imported,
            max_in_progress,
            request_id,
            request_digest,
        } = request;
        let tokens: Vec<(String, TokenHash)> = (0..game.seat_count()).map(|_| new_token()).collect();
        // Whole milliseconds, as every turn's: a clock starts exactly when its game was made.
        let now = rounded_up_to_millis(self.time.now());
        let record = GameRecord {
            id: uuid::Uuid::now_v7().to_string(),
            seat_token_hashes: tokens.iter().map(|(_, hash)| *hash).collect(),
            private,
            owner,
            bots,
            allow_hints,
            players,
            labels,
            ..GameRecord::new_game(config, clock, now)
        };
        let creation = Creation { record, game, imported, max_in_progress, request_id, request_digest };
        match self.create(creation).await? {
            Created::New(live) => {
                Ok(NewGame { live, tokens: tokens.into_iter().map(|(token, _)| token).collect(), retried: false })
            }
            Created::Earlier { live, created_through } => {
                // The tokens the first answer carried cannot be shown again: while nobody
                // can have used them, they are replaced; after that, none are given.
                let tokens: Vec<(String, TokenHash)> = (0..live.seat_count()).map(|_| new_token()).collect();
                let hashes: Vec<TokenHash> = tokens.iter().map(|(_, hash)| *hash).collect();
                let replaced = self.replace_untouched_tokens(&live, created_through, &hashes).await?;
                let tokens = if replaced { tokens.into_iter().map(|(token, _)| token).collect() } else { Vec::new() };
                Ok(NewGame { live, tokens, retried: true })
            }
        }
    }

    /// Creates a game: stores its record with its creation event and imported moves in one
    /// step, then holds it in memory. A retry of an earlier creation (same creator, same
    /// request id, same request) returns that game.
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED` for an id used before with a different request; a refused
    /// imported move; `TOO_MANY_GAMES` beyond the owner's cap.
    pub async fn create(&self, creation: Creation) -> Result<Created, PlayError> {
        let (key, creator) = (creation.log_key(), creation.creator());
        if let Some(key) = &key
            && let Some(earlier) = self.earlier_creation(key, &creation.request_digest).await?
        {
            return Ok(earlier);
        }
        let Creation { mut record, mut game, imported, max_in_progress, request_digest, .. } = creation;
        let time = record.created;
        let event = |seq: u64, kind: EventKind| StoredEvent {
            seq,
            time,
            kind,
            request_id: key.clone(),
            request_digest: key.as_ref().map(|_| request_digest.clone()),
        };
        let mut log = vec![event(1, EventKind::Created)];
        for turn in &imported {
            let current_seq = log.len() as u64;
            let label = match turn {
                Turn::Move(_, action) => Some(game.describe(action)),
                _ => None,
            };
            game.play(turn).map_err(|error| PlayError::Move { error, current_seq })?;
            // Imported turns take no time: the clocks start after them.
            let played = EventKind::Played {
                turn: turn.clone(),
                move_number: game.move_count(),
                actor: Some(creator.clone()),
                clocks: None,
                label,
            };
            log.push(event(current_seq + 1, played));
        }
        if let Some(outcome) = game.outcome() {
            log.push(event(log.len() as u64 + 1, EventKind::Ended(outcome)));
        }
        let update = record_update(game.outcome(), game.move_count(), time);
        (record.seq, record.status, record.outcome, record.move_count) =
            (log.len() as u64, update.status, update.outcome, update.move_count);
        // The clocks start with the game: the seats to act think from its creation.
        record.deadline = match (&record.clock, game.outcome()) {
            (Some(clock), None) => {
                let to_act: Vec<usize> = game.to_act().iter().map(|seat| seat.index()).collect();
                Clocks::started(clock.controls.clone(), &to_act, to_millis(time))
                    .next_deadline()
                    .map(|flag| from_millis(flag.deadline))
            }
            _ => None,
        };

        match self.store.create(record.clone(), log, max_in_progress).await {
            Ok(()) => {
                metrics::counter!("tabula_games_created_total", "kind" => record.kind().name()).increment(1);
                let clocks = record.clock.as_ref().map(|clock| fresh_clocks(clock, game.as_ref(), record.created));
                let capacity = self.games.channel_capacity();
                let live = self.games.keep(Arc::new(LiveGame::new(&record, game, capacity, clocks)));
                let effects = live.effects(&*live.state.lock().await);
                if let Some(driver) = self.driver.upgrade() {
                    driver.act(&live.id, effects);
                }
                Ok(Created::New(live))
            }
            // A creation with the same id won a race: this is its retry.
            Err(StoreError::CreationRequestTaken) => {
                let key = key.as_deref().unwrap_or_default();
                self.earlier_creation(key, &request_digest)
                    .await?
                    .ok_or_else(|| PlayError::Storage("a creation request id is taken by no game".into()))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// The game an earlier creation with log key `key` made, if one did.
    async fn earlier_creation(&self, key: &str, digest: &str) -> Result<Option<Created>, PlayError> {
        let Some(id) = self.store.find_creation(key).await? else { return Ok(None) };
        let events = self.store.find_request(&id, key).await?;
        if events.first().and_then(|event| event.request_digest.as_deref()) != Some(digest) {
            return Err(PlayError::RequestIdReused);
        }
        let live = self.games.get(&id).await?;
        let created_through = events.last().map_or(1, |event| event.seq);
        Ok(Some(Created::Earlier { live, created_through }))
    }

    /// Gives every seat of `live` a new token hash, in seat order, if no token can have been
    /// used since its creation wrote the log up to `created_through` (nothing happened
    /// since, or only the engine moved): then the tokens the creation handed out stop
    /// working. Returns whether it did.
    pub async fn replace_untouched_tokens(
        &self,
        live: &LiveGame,
        created_through: u64,
        hashes: &[TokenHash],
    ) -> Result<bool, PlayError> {
        // Under the game's lock, so that no move of this process slips in between the check
        // and the change; the store's head covers the other processes.
        let state = live.state.lock().await;
        let head = self.store.head(&live.id).await?;
        if head.seq != state.seq {
            return Ok(false);
        }
        let since = self.store.events_after(&live.id, created_through, EVENTS_CHECKED_FOR_A_RETRY).await?;
        let untouched = since.len() as u64 == head.seq - created_through
            && since.iter().all(|event| match &event.kind {
                EventKind::Played { .. } => matches!(event.kind.actor(), Some(Actor::Engine(_))),
                EventKind::Created | EventKind::Ended(_) => true,
                EventKind::Clock { .. } => false,
            });
        if !untouched {
            return Ok(false);
        }
        for (index, hash) in hashes.iter().enumerate() {
            // The store first: a token the log does not hold must never be accepted.
            self.store.set_seat_token_hash(&live.id, index, *hash, None).await?;
            live.replace_seat_hash(Seat::new(index as u8), *hash, None);
        }
        Ok(true)
    }
}
