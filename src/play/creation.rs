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
use super::metrics::{GAMES_CREATED, GAMES_IMPORTED};
use super::owners::OwnerFeeds;
use super::ratings::seated_rating;
use super::time::{TimeSource, rounded_up_to_millis};
use super::tokens::new_token;
use crate::engine::clock::ClockConfig;
use crate::engine::{AnyMatch, Seat, Turn};
use crate::games::GameConfig;
use crate::store::document::{DocumentError, GameDocument};
use crate::store::{
    Actor, BotSeat, EventKind, GameRecord, GameStatus, Labels, Player, Store, StoreError, StoredEvent, TokenHash,
    from_millis, owner_of,
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
    /// When the game starts, for one scheduled ahead; a time not after the creation starts
    /// it at once.
    pub start_at: Option<std::time::SystemTime>,
    /// How much later than its seats spectators see the game.
    pub spectator_delay: Option<crate::store::SpectatorDelay>,
    /// Whether each move goes on the owner's log too.
    pub owner_moves: bool,
    /// The pool a rated game is rated in; `None` for a game not rated. A rated game's
    /// seats each name a player ([`rated_players`]).
    pub rating_pool: Option<String>,
}

/// A rematch as a caller asks for it: who asks, and how a retry is told.
pub struct RematchRequest {
    /// The service key creating it.
    pub owner: Option<String>,
    /// With an owner, the most games in progress it may have, the rematch included.
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
    /// The game's place in a batch created at once, whose id `request_id` is.
    pub batch_index: Option<usize>,
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
            batch_index: None,
            request_digest: String::new(),
        }
    }
}

/// A creation made ready to store.
struct Prepared {
    record: GameRecord,
    log: Vec<StoredEvent>,
    game: Box<dyn AnyMatch>,
    /// The creation's request id as the log keeps it, if it has one.
    key: Option<String>,
    request_digest: String,
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

    /// The request id as the log keeps it: scoped to the creator, and for a game of a batch
    /// numbered in a form no single creation's id takes (every scope starts with its actor).
    fn log_key(&self) -> Option<String> {
        let (id, scope) = (self.request_id.as_ref()?, self.creator().request_scope());
        Some(match self.batch_index {
            None => format!("{scope}/{id}"),
            Some(index) => format!("batch/{scope}/{id}/{index}"),
        })
    }
}

/// Makes games: the one path every creation takes, a caller's or a series'.
pub struct Creator {
    store: Arc<dyn Store>,
    games: Arc<Games>,
    time: TimeSource,
    /// Who acts on what a new game calls for (its bot's first move, its deadline).
    driver: Weak<dyn Driver>,
    /// Told of each game made: its creation is an entry on its owner's log.
    owners: Arc<OwnerFeeds>,
}

impl Creator {
    /// Makes games in `store`, held in `games` once made, at the times `time` gives,
    /// telling `owners` of each.
    pub fn new(
        store: Arc<dyn Store>,
        games: Arc<Games>,
        time: TimeSource,
        driver: Weak<dyn Driver>,
        owners: Arc<OwnerFeeds>,
    ) -> Creator {
        Creator { store, games, time, driver, owners }
    }

    /// Creates the game `request` asks for, with an id, a creation time and a token per seat
    /// of its own. A retry of an earlier creation (same creator, same request id, same
    /// request) returns that game, with new tokens while nobody can have used the first.
    ///
    /// # Errors
    /// As for [`Creator::create`].
    pub async fn create_game(&self, request: GameRequest) -> Result<NewGame, PlayError> {
        let (creation, tokens) = self.creation_of(request).await?;
        match self.create(creation).await? {
            Created::New(live) => Ok(NewGame { live, tokens, retried: false }),
            Created::Earlier { live, created_through } => self.found_again(live, created_through).await,
        }
    }

    /// Creates the games `requests` ask for, all or nothing: none is stored unless every one
    /// is, and with a `request_id` a retry of the whole batch (same creator, same id, same
    /// `request_digest`) returns the games the first made, in order, each with new tokens
    /// while nobody can have used its first ones. The owner's cap counts every game of the
    /// batch. Each request's own `request_id` is ignored: the batch's is theirs.
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED` for an id used before with a different batch; a refused imported
    /// move; `TOO_MANY_GAMES` when the batch would take the owner beyond its cap.
    pub async fn create_batch(
        &self,
        requests: Vec<GameRequest>,
        request_id: Option<String>,
        request_digest: String,
        max_in_progress: Option<u64>,
    ) -> Result<Vec<NewGame>, PlayError> {
        let count = requests.len();
        let mut creations = Vec::with_capacity(count);
        let mut tokens = Vec::with_capacity(count);
        for (index, request) in requests.into_iter().enumerate() {
            // Every game of a batch carries the batch's id (numbered) and digest, so that a
            // retry finds them and an id reused for another batch is told apart.
            let (creation, seat_tokens) = self.creation_of(request).await?;
            creations.push(Creation {
                max_in_progress,
                request_id: request_id.clone(),
                batch_index: Some(index),
                request_digest: request_digest.clone(),
                ..creation
            });
            tokens.push(seat_tokens);
        }
        if let Some(found) = self.earlier_batch(&creations).await? {
            return Ok(found);
        }
        let mut prepared = Vec::with_capacity(count);
        for creation in creations {
            prepared.push(Creator::prepare(creation)?);
        }
        let records = prepared.iter().map(|p| (p.record.clone(), p.log.clone())).collect();
        match self.store.create_many(records, max_in_progress).await {
            Ok(()) => {}
            // A batch with the same id won a race: this is its retry.
            Err(StoreError::CreationRequestTaken) if request_id.is_some() => {
                let keys = prepared.iter().map(|p| p.key.clone().unwrap_or_default()).collect::<Vec<_>>();
                return self
                    .earlier_games(&keys, &request_digest)
                    .await?
                    .ok_or_else(|| PlayError::Storage("a batch's request id is taken by no game".into()));
            }
            Err(other) => return Err(other.into()),
        }
        let mut made = Vec::with_capacity(count);
        for (prepared, tokens) in prepared.into_iter().zip(tokens) {
            made.push(NewGame { live: self.admit(prepared).await, tokens, retried: false });
        }
        Ok(made)
    }

    /// Creates the rematch of `of`, a finished game, for `owner`: its configuration, clock,
    /// labels, privacy and hints, with its players and its engine's seats swapped between
    /// the two seats (a one-seat game keeps them), linked both ways (`rematch_of`,
    /// `rematch`). A game has at most one rematch, whoever asks and on whichever replica; a
    /// retry of the request that made it (same creator, request id and digest) returns it
    /// as a retried creation does.
    ///
    /// # Errors
    /// `GAME_NOT_FINISHED` (also while its end may still be taken back), `REMATCH_EXISTS`,
    /// `REQUEST_ID_REUSED`, `TOO_MANY_GAMES`.
    pub async fn create_rematch(&self, of: &LiveGame, asked: RematchRequest) -> Result<NewGame, PlayError> {
        of.check_end_final(self.time.now(), self.store.as_ref()).await?;
        let earlier = of.copy().await.record;
        if earlier.status == GameStatus::InProgress {
            return Err(PlayError::GameNotFinished(of.id.clone()));
        }
        let game = of.config.new_match().map_err(|error| {
            PlayError::Storage(format!("game {}'s configuration no longer makes a game: {error}", of.id))
        })?;
        let swapped = |seat: Seat| if game.seat_count() == 2 { Seat::new(1 - seat.index() as u8) } else { seat };
        let mut players = earlier.players.clone();
        if game.seat_count() == 2 {
            players.reverse();
        }
        let mut bots: Vec<BotSeat> =
            earlier.bots.iter().map(|bot| BotSeat { seat: swapped(bot.seat), ..*bot }).collect();
        bots.sort_by_key(|bot| bot.seat);
        let request = GameRequest {
            config: of.config.clone(),
            game,
            clock: of.clock.clone(),
            owner: asked.owner,
            private: of.private,
            bots,
            players,
            labels: of.labels(),
            allow_hints: of.allow_hints,
            imported: Vec::new(),
            max_in_progress: asked.max_in_progress,
            request_id: asked.request_id,
            request_digest: asked.request_digest,
            // A rematch starts at once.
            start_at: None,
            spectator_delay: of.spectator_delay,
            owner_moves: of.owner_moves,
            rating_pool: earlier.rating.as_ref().map(|rating| rating.pool.clone()),
        };
        let (mut creation, tokens) = self.creation_of(request).await?;
        creation.record.rematch_of = Some(of.id.clone());
        if let Some(key) = creation.log_key()
            && let Some(Created::Earlier { live, created_through }) =
                self.earlier_creation(&key, &creation.request_digest).await?
        {
            return self.found_again(live, created_through).await;
        }
        let max_in_progress = creation.max_in_progress;
        let prepared = Creator::prepare(creation)?;
        match self.store.create_rematch(&of.id, prepared.record.clone(), prepared.log.clone(), max_in_progress).await {
            Ok(()) => {
                of.set_rematch(Some(prepared.record.id.clone()));
                Ok(NewGame { live: self.admit(prepared).await, tokens, retried: false })
            }
            // A rematch with the same request id won a race: this is its retry.
            Err(StoreError::CreationRequestTaken) => {
                let key = prepared.key.as_deref().unwrap_or_default();
                match self.earlier_creation(key, &prepared.request_digest).await? {
                    Some(Created::Earlier { live, created_through }) => self.found_again(live, created_through).await,
                    _ => Err(PlayError::Storage("a creation request id is taken by no game".into())),
                }
            }
            Err(other) => Err(other.into()),
        }
    }

    /// The games an earlier batch made with the keys of `creations`, if it did.
    async fn earlier_batch(&self, creations: &[Creation]) -> Result<Option<Vec<NewGame>>, PlayError> {
        let keys: Option<Vec<String>> = creations.iter().map(Creation::log_key).collect();
        let (Some(keys), Some(first)) = (keys, creations.first()) else { return Ok(None) };
        self.earlier_games(&keys, &first.request_digest).await
    }

    /// The games earlier creations with log keys `keys` made, found again as
    /// [`Creator::create_game`] finds one, if the first of them was made (a batch is
    /// stored all or nothing).
    async fn earlier_games(&self, keys: &[String], digest: &str) -> Result<Option<Vec<NewGame>>, PlayError> {
        let mut found = Vec::with_capacity(keys.len());
        for key in keys {
            match self.earlier_creation(key, digest).await? {
                Some(Created::Earlier { live, created_through }) => {
                    found.push(self.found_again(live, created_through).await?)
                }
                Some(Created::New(_)) | None if found.is_empty() => return Ok(None),
                Some(Created::New(_)) | None => {
                    return Err(PlayError::Storage(format!("a batch was stored without its game {key:?}")));
                }
            }
        }
        Ok(Some(found))
    }

    /// A game an earlier request made, answered again: with new tokens while nobody can
    /// have used the ones the first answer carried (they then stop working), none after.
    async fn found_again(&self, live: Arc<LiveGame>, created_through: u64) -> Result<NewGame, PlayError> {
        let tokens: Vec<(String, TokenHash)> = (0..live.seat_count()).map(|_| new_token()).collect();
        let hashes: Vec<TokenHash> = tokens.iter().map(|(_, hash)| *hash).collect();
        let replaced = self.replace_untouched_tokens(&live, created_through, &hashes).await?;
        let tokens = if replaced { tokens.into_iter().map(|(token, _)| token).collect() } else { Vec::new() };
        Ok(NewGame { live, tokens, retried: true })
    }

    /// The creation `request` asks for, with an id, a creation time and a token per seat of
    /// its own (the tokens returned, their hashes in the record), and for a rated game its
    /// players' ratings as they stand.
    ///
    /// # Errors
    /// A storage error reading the ratings.
    async fn creation_of(&self, request: GameRequest) -> Result<(Creation, Vec<String>), PlayError> {
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
            start_at,
            spectator_delay,
            owner_moves,
            rating_pool,
        } = request;
        let seated = (game.seat_count(), players.as_slice(), bots.as_slice());
        let (store, now) = (self.store.as_ref(), self.time.now());
        let rating = seated_rating(store, now, owner.as_deref(), rating_pool, seated).await?;
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
            // A start not after now is a start now: whole milliseconds, as a clock counts.
            start_at: start_at.map(rounded_up_to_millis).filter(|start| *start > now),
            spectator_delay,
            owner_moves,
            rating,
            ..GameRecord::new_game(config, clock, now)
        };
        let creation =
            Creation { record, game, imported, max_in_progress, request_id, batch_index: None, request_digest };
        Ok((creation, tokens.into_iter().map(|(token, _)| token).collect()))
    }

    /// Creates a game: stores its record with its creation event and imported moves in one
    /// step, then holds it in memory. A retry of an earlier creation (same creator, same
    /// request id, same request) returns that game.
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED` for an id used before with a different request; a refused
    /// imported move; `TOO_MANY_GAMES` beyond the owner's cap.
    pub async fn create(&self, creation: Creation) -> Result<Created, PlayError> {
        if let Some(key) = creation.log_key()
            && let Some(earlier) = self.earlier_creation(&key, &creation.request_digest).await?
        {
            return Ok(earlier);
        }
        let max_in_progress = creation.max_in_progress;
        let prepared = Creator::prepare(creation)?;
        match self.store.create(prepared.record.clone(), prepared.log.clone(), max_in_progress).await {
            Ok(()) => Ok(Created::New(self.admit(prepared).await)),
            // A creation with the same id won a race: this is its retry.
            Err(StoreError::CreationRequestTaken) => {
                let key = prepared.key.as_deref().unwrap_or_default();
                self.earlier_creation(key, &prepared.request_digest)
                    .await?
                    .ok_or_else(|| PlayError::Storage("a creation request id is taken by no game".into()))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// What storing `creation` writes: its record, summed up from its log, the log (the
    /// creation, then its imported moves, in order, each by the creator) and the match
    /// they lead to.
    ///
    /// # Errors
    /// A refused imported move.
    fn prepare(creation: Creation) -> Result<Prepared, PlayError> {
        let (key, creator) = (creation.log_key(), creation.creator());
        let Creation { mut record, mut game, imported, request_digest, .. } = creation;
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
            (Some(clock), None) => fresh_clocks(clock, game.as_ref(), record.starts())
                .next_deadline()
                .map(|flag| from_millis(flag.deadline)),
            _ => None,
        };
        Ok(Prepared { record, log, game, key, request_digest })
    }

    /// Holds a game just stored in memory and hands what it calls for (its bot's first move,
    /// its deadline) to the driver.
    async fn admit(&self, prepared: Prepared) -> Arc<LiveGame> {
        let Prepared { record, game, .. } = prepared;
        metrics::counter!(GAMES_CREATED, "kind" => record.kind().name()).increment(1);
        self.owners.grew(owner_of(&record));
        let clocks = record.clock.as_ref().map(|clock| fresh_clocks(clock, game.as_ref(), record.starts()));
        let capacity = self.games.channel_capacity();
        let live = self.games.keep(Arc::new(LiveGame::new(&record, game, capacity, clocks)));
        let effects = live.effects(&*live.state.lock().await);
        if let Some(driver) = self.driver.upgrade() {
            driver.act(&live.id, effects);
        }
        live
    }

    /// Stores the game `document` holds, owned by `owner` when one is given, and carries
    /// it on: held in memory, its clocks read from its log, what it calls for (a bot to
    /// move, a deadline) handed to the driver. With `validate_only`, only checks it.
    /// Returns its record.
    ///
    /// # Errors
    /// `INVALID_DOCUMENT` for a document whose log does not replay to what it says (see
    /// [`GameDocument::validate`]) or that is longer than `max_events`; `GAME_EXISTS`;
    /// `TOO_MANY_GAMES` beyond the owner's cap.
    pub async fn import(
        &self,
        mut document: GameDocument,
        owner: Option<String>,
        max_in_progress: Option<u64>,
        max_events: u64,
        validate_only: bool,
    ) -> Result<GameRecord, PlayError> {
        if document.events.len() as u64 > max_events {
            let why = format!("the log holds {} events; a game here holds at most {max_events}", document.events.len());
            return Err(PlayError::InvalidDocument(why));
        }
        if owner.is_some() {
            document.owner = owner;
        }
        let record = document.validate().map_err(|error| match error {
            DocumentError::Store(error) => error.into(),
            invalid => PlayError::InvalidDocument(invalid.to_string()),
        })?;
        if validate_only {
            return match self.store.head(&record.id).await {
                Ok(_) => Err(PlayError::GameExists(record.id)),
                Err(StoreError::NotFound(_)) => Ok(record),
                Err(other) => Err(other.into()),
            };
        }
        match self.store.create(record.clone(), document.events, max_in_progress).await {
            Ok(()) => {}
            Err(StoreError::AlreadyExists(_)) => return Err(PlayError::GameExists(record.id)),
            Err(other) => return Err(other.into()),
        }
        metrics::counter!(GAMES_IMPORTED, "kind" => record.kind().name()).increment(1);
        self.owners.grew(owner_of(&record));
        let live = self.games.get(&record.id).await?;
        let effects = live.effects(&*live.state.lock().await);
        if let Some(driver) = self.driver.upgrade() {
            driver.act(&live.id, effects);
        }
        Ok(record)
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
                EventKind::Clock { .. } | EventKind::Presence { .. } | EventKind::Resumed => false,
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
