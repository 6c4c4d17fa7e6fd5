//! Series: the play layer creates each game of a series, scores it when it ends and
//! finishes the series once it is decided.
//!
//! Every step is [`SeriesDriver::advance`], which may run any number of times, in any
//! process, at once: a game of the series is created with a request id made from the
//! series and the game's number, so a second creation finds the first one's game; and
//! the series record is replaced only if nobody replaced it since it was read
//! ([`Store::update_series`](crate::store::Store::update_series)), so of two processes
//! scoring the same game one wins and the other reads its work. A game's end calls it at
//! once; a sweep calls it for every series in progress, for what a crash interrupted.

pub mod standings;

use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::watch;

use self::standings::{Standing, score};
use super::cache::Games;
use super::creation::{Created, Creation, Creator};
use super::error::PlayError;
use super::follow::{self, Revisions, StreamCounts};
use super::owners::OwnerFeeds;
use super::ratings::seated_rating;
use super::time::TimeSource;
use super::tokens::new_token;
use crate::engine::clock::ClockConfig;
use crate::engine::{NoResultReason, Outcome, Seat};
use crate::games::GameConfig;
use crate::store::{
    Actor, BotSeat, GameRecord, Labels, OwnerEventKind, OwnerNote, Player, SeriesDraws, SeriesGame, SeriesLength,
    SeriesLink, SeriesRecord, SeriesResult, SeriesStatus, Store, StoreError, TokenHash, log_owner, to_stored_precision,
};

/// A series' game as a step finds it ([`SeriesDriver::find_game`]).
enum Found {
    /// Its record, as it stands.
    Record(Box<GameRecord>),
    /// Deleted.
    Deleted,
}

/// How often every series in progress is looked at, to finish what a crash interrupted.
const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Series read per page of a sweep.
const SWEEP_PAGE: usize = 100;
/// Most steps one call takes: a few of its own (score, decide or create) and retries after
/// another process moved the series on first.
const MAX_STEPS: usize = 16;

/// A new series as a caller asks for it: the play layer gives it its id, its time and its
/// players' tokens.
pub struct SeriesRequest {
    /// Each game's configuration, valid (random parts are drawn by each game).
    pub config: GameConfig,
    /// Each game's time control, valid for two seats.
    pub clock: Option<ClockConfig>,
    /// How long the series runs.
    pub length: SeriesLength,
    /// How draws count.
    pub draws: SeriesDraws,
    /// Who the two players are, when the creator names them.
    pub players: Vec<Player>,
    /// The players the server's engine plays (seat numbers name players).
    pub bots: Vec<BotSeat>,
    /// Whether spectators are refused.
    pub private: bool,
    /// Whether the seat to move may ask for hints while a game runs.
    pub allow_hints: bool,
    /// The service key creating it.
    pub owner: Option<String>,
    /// The creator's labels, which every game of the series carries too.
    pub labels: Labels,
    /// Makes retries safe: the creator's id for this request.
    pub request_id: Option<String>,
    /// A digest of everything the request asked but its id.
    pub request_digest: String,
    /// The rating pool its games are rated in, if they are.
    pub rating_pool: Option<String>,
    /// With an owner on the series, the most games in progress it may have when the
    /// series begins. Its first game counts against this like any creation; the games after
    /// it are owed to a series already accepted, and are made whatever the count.
    pub max_in_progress: Option<u64>,
}

/// A series made (or found again) for a [`SeriesRequest`].
pub struct NewSeries {
    /// The series, its first game created.
    pub series: SeriesRecord,
    /// Player 1's and player 2's tokens, to hand out once: a retried creation issues new
    /// ones while nobody can have used the first, and none after.
    pub tokens: Option<[String; 2]>,
    /// Whether an earlier request with the same id made the series.
    pub retried: bool,
}

/// What a series creation did.
enum SeriesCreated {
    /// Made the series (and its first game).
    New(SeriesRecord),
    /// An earlier request with the same id made it.
    Earlier(SeriesRecord),
}

/// Series: made, moved on after each game, finished, followed.
pub struct SeriesDriver {
    store: Arc<dyn Store>,
    games: Arc<Games>,
    creator: Arc<Creator>,
    time: TimeSource,
    /// Told when a step notes entries on a series' owner's log.
    owners: Arc<OwnerFeeds>,
    /// Counts the series this process moved on, for their streams to look again.
    changed: watch::Sender<u64>,
    /// Event streams open per series.
    streams: StreamCounts,
    /// The driver itself, for the tasks it spawns.
    me: Weak<SeriesDriver>,
}

impl SeriesDriver {
    /// Series kept in `store`, their games made by `creator`.
    pub fn new(
        store: Arc<dyn Store>,
        games: Arc<Games>,
        creator: Arc<Creator>,
        time: TimeSource,
        owners: Arc<OwnerFeeds>,
    ) -> Arc<SeriesDriver> {
        Arc::new_cyclic(|me| SeriesDriver {
            store,
            games,
            creator,
            time,
            owners,
            changed: watch::channel(0).0,
            streams: StreamCounts::default(),
            me: me.clone(),
        })
    }

    fn now(&self) -> std::time::SystemTime {
        self.time.now()
    }

    /// Creates the series `request` asks for, its first game with it, and a token for each
    /// player. A retry of an earlier creation (same creator, same request id, same request)
    /// returns that series, with new tokens while nobody can have used the first.
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED` for an id used before with a different request; `TOO_MANY_GAMES`
    /// when the owner is at its cap.
    pub async fn create(&self, request: SeriesRequest) -> Result<NewSeries, PlayError> {
        let tokens = [new_token(), new_token()];
        let now = to_stored_precision(self.now());
        let series = SeriesRecord {
            id: uuid::Uuid::now_v7().to_string(),
            owner: request.owner,
            allow_hints: request.allow_hints,
            config: request.config,
            clock: request.clock,
            length: request.length,
            draws: request.draws,
            players: request.players,
            bots: request.bots,
            private: request.private,
            token_hashes: [tokens[0].1, tokens[1].1],
            games: Vec::new(),
            status: SeriesStatus::InProgress,
            winner: None,
            created: now,
            updated: now,
            revision: 0,
            request_digest: Some(request.request_digest),
            labels: request.labels,
            tournament: None,
            rating_pool: request.rating_pool,
        };
        let [(first, _), (second, _)] = tokens;
        match self.create_record(series, request.request_id, request.max_in_progress).await? {
            SeriesCreated::New(series) => Ok(NewSeries { series, tokens: Some([first, second]), retried: false }),
            SeriesCreated::Earlier(series) => {
                // The first answer's tokens cannot be shown again: while nobody can have
                // used them they are replaced; after that, none are given.
                let [(first, one), (second, two)] = [new_token(), new_token()];
                let replaced = self.replace_untouched_tokens(&series, [one, two]).await?;
                Ok(NewSeries { series, tokens: replaced.then_some([first, second]), retried: true })
            }
        }
    }

    /// Creates `series`, a tournament's match, under the request id `request_id` (unique to
    /// the match): made once however many times it is asked, its first game with it.
    /// Returns it as it then stands.
    ///
    /// # Errors
    /// A storage error.
    pub async fn create_match(&self, series: SeriesRecord, request_id: String) -> Result<SeriesRecord, PlayError> {
        match self.create_record(series, Some(request_id), None).await? {
            SeriesCreated::New(series) | SeriesCreated::Earlier(series) => Ok(series),
        }
    }

    /// The series `id`.
    ///
    /// # Errors
    /// `SERIES_NOT_FOUND`, or a storage error.
    pub async fn get(&self, id: &str) -> Result<SeriesRecord, PlayError> {
        Ok(self.store.series(id).await?)
    }

    /// Up to `limit` series, newest first, in `status` if given and carrying every label of
    /// `labels`, after the series `after`.
    ///
    /// # Errors
    /// A storage error.
    pub async fn list(
        &self,
        status: Option<SeriesStatus>,
        labels: &Labels,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<SeriesRecord>, PlayError> {
        Ok(self.store.list_series(status, labels, after, limit).await?)
    }

    /// Gives series `id` the labels `labels` in place of its own (a finished series too);
    /// the games it made keep theirs. Returns the series as it then stands.
    ///
    /// # Errors
    /// `SERIES_NOT_FOUND`, or a storage error.
    pub async fn set_labels(&self, id: &str, labels: Labels) -> Result<SeriesRecord, PlayError> {
        for _ in 0..MAX_STEPS {
            let mut series = self.store.series(id).await?;
            if series.labels == labels {
                return Ok(series);
            }
            series.labels = labels.clone();
            series.revision += 1;
            match self.store.update_series(series.clone(), &[]).await {
                Ok(()) => return Ok(series),
                // The series moved on meanwhile: label the revision it moved on to.
                Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(PlayError::Storage(format!("series {id:?} kept changing under its updates")))
    }

    /// Creates a series record and its first game. A retry of an earlier creation returns
    /// that series.
    async fn create_record(
        &self,
        series: SeriesRecord,
        request_id: Option<String>,
        max_in_progress: Option<u64>,
    ) -> Result<SeriesCreated, PlayError> {
        let key = request_id.map(|id| format!("{}/{id}", creator(&series).request_scope()));
        if let Some(key) = &key
            && let Some(earlier) = self.earlier_series(key, &series).await?
        {
            return Ok(earlier);
        }
        if let (Some(owner), Some(limit)) = (&series.owner, max_in_progress)
            && self.store.count_in_progress(owner).await? >= limit
        {
            return Err(PlayError::TooManyGames { owner: owner.clone(), limit });
        }
        let id = series.id.clone();
        match self.store.create_series(series.clone(), key.as_deref()).await {
            Ok(()) => {}
            Err(StoreError::CreationRequestTaken) => {
                let key = key.as_deref().unwrap_or_default();
                return self
                    .earlier_series(key, &series)
                    .await?
                    .ok_or_else(|| PlayError::Storage("a series request id is taken by no series".into()));
            }
            Err(other) => return Err(other.into()),
        }
        Ok(SeriesCreated::New(self.advance(&id).await?))
    }

    /// The series an earlier creation with key `key` made, if one did.
    async fn earlier_series(&self, key: &str, asked: &SeriesRecord) -> Result<Option<SeriesCreated>, PlayError> {
        let Some(id) = self.store.find_series_creation(key).await? else { return Ok(None) };
        let earlier = self.store.series(&id).await?;
        if earlier.request_digest != asked.request_digest {
            return Err(PlayError::RequestIdReused);
        }
        // The first creation may have stopped before its first game.
        Ok(Some(SeriesCreated::Earlier(self.advance(&id).await?)))
    }

    /// Moves series `id` on as far as it can go now: scores its last game if that ended,
    /// finishes the series once decided, and otherwise creates its next game. Returns the
    /// series as it then stands.
    pub async fn advance(&self, id: &str) -> Result<SeriesRecord, PlayError> {
        for _ in 0..MAX_STEPS {
            let series = self.store.series(id).await?;
            let Some((next, notes)) = self.next_step(series.clone()).await? else { return Ok(series) };
            match self.store.update_series(next.clone(), &notes).await {
                Ok(()) => {
                    if let Some((_, note)) = notes.first() {
                        self.owners.grew(&note.owner);
                    }
                    self.changed.send_modify(|version| *version += 1);
                    tracing::info!(series_id = %id, games = next.games.len(), finished = next.status == SeriesStatus::Finished, "series moved on");
                    // A game created already over (it cannot be, today) would otherwise wait
                    // for the sweep; go round until nothing is left to do.
                    continue;
                }
                Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(PlayError::Storage(format!("series {id:?} kept changing under its updates")))
    }

    /// What `series` becomes after one step, and the entries that step makes on its owner's
    /// log (a game scored, the series decided: each pointing at the end of the game that
    /// made it); `None` when nothing is to be done yet.
    async fn next_step(
        &self,
        mut series: SeriesRecord,
    ) -> Result<Option<(SeriesRecord, Vec<(String, OwnerNote)>)>, PlayError> {
        if series.status == SeriesStatus::Finished {
            return Ok(None);
        }
        let owner = log_owner(series.owner.as_deref()).to_owned();
        let note = |game_id: &str, seq: u64, kind: OwnerEventKind| {
            (game_id.to_owned(), OwnerNote { owner: owner.clone(), seq, kind })
        };
        let mut notes = Vec::new();
        // The last game's end, when it has one to point at (a deleted game has none).
        let mut end_of_last = None;
        let now = to_stored_precision(self.now());
        let number = series.games.len() as u32;
        if let Some(last) = series.games.last_mut()
            && last.result.is_none()
        {
            let (outcome, finished) = match self.find_game(&last.game_id).await? {
                Found::Record(record) => {
                    let Some(outcome) = record.outcome else { return Ok(None) };
                    notes.push(note(&last.game_id, record.seq, OwnerEventKind::SeriesGameFinished));
                    end_of_last = Some((last.game_id.clone(), record.seq));
                    (outcome, record.updated)
                }
                // A deleted game counts for nothing and is played again.
                Found::Deleted => (Outcome::NoResult { reason: NoResultReason::Aborted }, now),
            };
            let (half_points, _) = score(&outcome, SeriesRecord::player_one_seat(number), series.draws);
            last.result = Some(SeriesResult { outcome, half_points, finished: to_stored_precision(finished) });
        } else {
            match Standing::of(&series).decided(series.length) {
                Some(winner) => {
                    series.status = SeriesStatus::Finished;
                    series.winner = winner;
                    if let Some(last) = series.games.last()
                        && let Found::Record(record) = self.find_game(&last.game_id).await?
                    {
                        end_of_last = record.outcome.is_some().then(|| (last.game_id.clone(), record.seq));
                    }
                }
                None => {
                    let number = series.games.len() as u32 + 1;
                    let record = self.create_series_game(&series, number).await?;
                    series.games.push(SeriesGame { game_id: record.id, started: record.created, result: None });
                }
            }
        }
        // Scoring and deciding are one step: a scored game that decides the series
        // finishes it in the same update.
        if series.games.last().is_some_and(|game| game.result.is_some())
            && let Some(winner) = Standing::of(&series).decided(series.length)
        {
            series.status = SeriesStatus::Finished;
            series.winner = winner;
        }
        if series.status == SeriesStatus::Finished
            && let Some((game_id, seq)) = &end_of_last
        {
            notes.push(note(game_id, *seq, OwnerEventKind::SeriesFinished));
        }
        series.updated = now;
        series.revision += 1;
        Ok(Some((series, notes)))
    }

    /// Game `game_id` of a series as it stands: its record, whose seq is its end's once it
    /// has an outcome (no end is taken back in a series), or gone.
    async fn find_game(&self, game_id: &str) -> Result<Found, PlayError> {
        match self.games.get(game_id).await {
            Ok(live) => Ok(Found::Record(Box::new(live.copy().await.record))),
            Err(PlayError::GameNotFound(_)) => Ok(Found::Deleted),
            Err(other) => Err(other),
        }
    }

    /// Creates game `number` of `series`, or finds it when an earlier step created it.
    async fn create_series_game(&self, series: &SeriesRecord, number: u32) -> Result<GameRecord, PlayError> {
        let config = series.config.clone().drawn();
        let game = config
            .new_match()
            .map_err(|error| PlayError::Storage(format!("a series' configuration no longer makes a game: {error}")))?;
        let player_one = SeriesRecord::player_one_seat(number);
        // Seat i holds the player sitting there: player 1 in `player_one`, player 2 in the other.
        let player_in = |seat: usize| if seat == player_one { 0 } else { 1 };
        let players = if series.players.is_empty() {
            Vec::new()
        } else {
            (0..2).map(|seat| series.players[player_in(seat)].clone()).collect()
        };
        let mut bots: Vec<BotSeat> = series
            .bots
            .iter()
            .map(|bot| {
                let player = bot.seat.index();
                let seat = if player == 0 { player_one } else { 1 - player_one };
                BotSeat { seat: Seat::new(seat as u8), ..*bot }
            })
            .collect();
        bots.sort_by_key(|bot| bot.seat);
        let (pool, owner) = (series.rating_pool.clone(), series.owner.as_deref());
        let rating = seated_rating(self.store.as_ref(), self.now(), owner, pool, (2, &players, &bots)).await?;
        let created = super::rounded_up_to_millis(self.now());
        let record = GameRecord {
            id: uuid::Uuid::now_v7().to_string(),
            seat_token_hashes: (0..2).map(|seat| series.token_hashes[player_in(seat)]).collect(),
            private: series.private,
            owner: series.owner.clone(),
            bots,
            allow_hints: series.allow_hints,
            players,
            labels: series.labels.clone(),
            series: Some(SeriesLink { series_id: series.id.clone(), number }),
            tournament: series.tournament.clone(),
            rating,
            ..GameRecord::new_game(config, series.clock.clone(), created)
        };
        let creation = Creation {
            record,
            game,
            imported: Vec::new(),
            // A series' games are not refused by the owner's cap: the series was accepted.
            max_in_progress: None,
            request_id: Some(format!("series/{}/game/{number}", series.id)),
            batch_index: None,
            request_digest: format!("series/{}/game/{number}", series.id),
        };
        let live = match self.creator.create(creation).await? {
            Created::New(live) | Created::Earlier { live, .. } => live,
        };
        Ok(live.copy().await.record)
    }

    /// Gives both players of `series` new tokens if nobody can have used the old ones: the
    /// series has only its first game, and nothing but the engine acted in it. Returns
    /// whether it did. `hashes` are player 1's and player 2's.
    async fn replace_untouched_tokens(&self, series: &SeriesRecord, hashes: [TokenHash; 2]) -> Result<bool, PlayError> {
        let [first] = series.games.as_slice() else { return Ok(false) };
        let live = self.games.get(&first.game_id).await?;
        let player_one = SeriesRecord::player_one_seat(1);
        let in_seats = if player_one == 0 { hashes.to_vec() } else { vec![hashes[1], hashes[0]] };
        if !self.creator.replace_untouched_tokens(&live, 1, &in_seats).await? {
            return Ok(false);
        }
        // The game took the new tokens: the series must too, or its next games would seat
        // the old ones. Only this changes a series' tokens, so a conflict is some other
        // step, and retrying on the newer record is safe.
        for _ in 0..MAX_STEPS {
            let mut series = self.store.series(&series.id).await?;
            series.token_hashes = hashes;
            series.revision += 1;
            match self.store.update_series(series, &[]).await {
                Ok(()) => return Ok(true),
                Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(PlayError::Storage("a series kept changing while its tokens were replaced".into()))
    }

    /// Moves on, in a task of its own, the series that game `link` belongs to.
    pub fn advance_soon(&self, link: &SeriesLink) {
        let Some(driver) = self.me.upgrade() else { return };
        let id = link.series_id.clone();
        tokio::spawn(async move {
            if let Err(error) = driver.advance(&id).await {
                tracing::warn!(series_id = %id, %error, "could not move a series on; the sweep will retry");
            }
        });
    }

    /// Moves on every series in progress, page by page, then again [`SWEEP_EVERY`] later,
    /// for as long as the driver lives.
    pub async fn sweep(driver: Weak<SeriesDriver>) {
        loop {
            let Some(strong) = driver.upgrade() else { return };
            let mut after: Option<String> = None;
            loop {
                let page = match strong
                    .store
                    .list_series(Some(SeriesStatus::InProgress), &Labels::new(), after.as_deref(), SWEEP_PAGE)
                    .await
                {
                    Ok(page) => page,
                    Err(error) => {
                        tracing::warn!(%error, "could not look for series to move on");
                        break;
                    }
                };
                for series in &page {
                    if let Err(error) = strong.advance(&series.id).await {
                        tracing::warn!(series_id = %series.id, %error, "could not move a series on");
                    }
                }
                match page.last() {
                    Some(last) if page.len() == SWEEP_PAGE => after = Some(last.id.clone()),
                    _ => break,
                }
            }
            drop(strong);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    }

    /// Series `id`'s revisions as it moves on, from the one it stands at now, until it is
    /// finished or `shutdown` turns true; at most `max_streams` followers of one series at
    /// once.
    ///
    /// # Errors
    /// `TOO_MANY_STREAMS` at the cap, `SERIES_NOT_FOUND`, or a storage error.
    pub async fn follow(
        &self,
        id: &str,
        max_streams: usize,
        shutdown: watch::Receiver<bool>,
    ) -> Result<Revisions<SeriesRecord>, PlayError> {
        let slot = self.streams.take(id, max_streams)?;
        let first = self.store.series(id).await?;
        Ok(follow::revisions(self.store.clone(), first, self.changed.subscribe(), shutdown, slot))
    }
}

/// Who creates a series' games: the service key that created the series.
fn creator(series: &SeriesRecord) -> Actor {
    Actor::Service { key: series.owner.clone() }
}
