//! Series: the play layer creates each game of a series, scores it when it ends and
//! finishes the series once it is decided.
//!
//! Every step is [`Hub::advance_series`], which may run any number of times, in any
//! process, at once: a game of the series is created with a request id made from the
//! series and the game's number, so a second creation finds the first one's game; and
//! the series record is replaced only if nobody replaced it since it was read
//! ([`Store::update_series`](crate::store::Store::update_series)), so of two processes
//! scoring the same game one wins and the other reads its work. A game's end calls it at
//! once; a sweep calls it for every series in progress, for what a crash interrupted.

pub mod standings;

use std::time::Duration;

use self::standings::{Standing, score};
use super::creation::{Created, Creation};
use super::error::PlayError;
use super::hub::Hub;
use crate::engine::{NoResultReason, Outcome, Seat};
use crate::store::{
    Actor, BotSeat, GameRecord, SeriesGame, SeriesLink, SeriesRecord, SeriesResult, SeriesStatus, StoreError,
    TokenHash, to_stored_precision,
};

/// How often every series in progress is looked at, to finish what a crash interrupted.
const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Series read per page of a sweep.
const SWEEP_PAGE: usize = 100;
/// Most steps one call takes: a few of its own (score, decide or create) and retries after
/// another process moved the series on first.
const MAX_STEPS: usize = 16;

/// A series to create.
pub struct SeriesCreation {
    /// The series, with no game yet and revision 0.
    pub series: SeriesRecord,
    /// Makes retries safe: the creator's id for this request.
    pub request_id: Option<String>,
    /// With an owner on the series, the most games in progress it may have when the
    /// series begins. Its first game counts against this like any creation; the games after
    /// it are owed to a series already accepted, and are made whatever the count.
    pub max_in_progress: Option<u64>,
}

/// What a series creation did.
pub enum SeriesCreated {
    /// Made the series (and its first game).
    New(SeriesRecord),
    /// An earlier request with the same id made it.
    Earlier(SeriesRecord),
}

impl Hub {
    /// Creates a series and its first game. A retry of an earlier creation (same creator,
    /// same request id, same request) returns that series.
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED` for an id used before with a different request; `TOO_MANY_GAMES`
    /// when the owner is at its cap.
    pub async fn create_series(&self, creation: SeriesCreation) -> Result<SeriesCreated, PlayError> {
        let SeriesCreation { series, request_id, max_in_progress } = creation;
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
        Ok(SeriesCreated::New(self.advance_series(&id).await?))
    }

    /// The series an earlier creation with key `key` made, if one did.
    async fn earlier_series(&self, key: &str, asked: &SeriesRecord) -> Result<Option<SeriesCreated>, PlayError> {
        let Some(id) = self.store.find_series_creation(key).await? else { return Ok(None) };
        let earlier = self.store.series(&id).await?;
        if earlier.request_digest != asked.request_digest {
            return Err(PlayError::RequestIdReused);
        }
        // The first creation may have stopped before its first game.
        Ok(Some(SeriesCreated::Earlier(self.advance_series(&id).await?)))
    }

    /// Moves series `id` on as far as it can go now: scores its last game if that ended,
    /// finishes the series once decided, and otherwise creates its next game. Returns the
    /// series as it then stands.
    pub async fn advance_series(&self, id: &str) -> Result<SeriesRecord, PlayError> {
        for _ in 0..MAX_STEPS {
            let series = self.store.series(id).await?;
            let Some(next) = self.next_step(series.clone()).await? else { return Ok(series) };
            match self.store.update_series(next.clone()).await {
                Ok(()) => {
                    self.series_changed.send_modify(|version| *version += 1);
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

    /// What `series` becomes after one step, or `None` when nothing is to be done yet.
    async fn next_step(&self, mut series: SeriesRecord) -> Result<Option<SeriesRecord>, PlayError> {
        if series.status == SeriesStatus::Finished {
            return Ok(None);
        }
        let now = to_stored_precision(self.now());
        let number = series.games.len() as u32;
        if let Some(last) = series.games.last_mut()
            && last.result.is_none()
        {
            let (outcome, finished) = match self.game(&last.game_id).await {
                Ok(live) => {
                    let record = live.copy().await.record;
                    let Some(outcome) = record.outcome else { return Ok(None) };
                    (outcome, record.updated)
                }
                // A deleted game counts for nothing and is played again.
                Err(PlayError::GameNotFound(_)) => (Outcome::NoResult { reason: NoResultReason::Aborted }, now),
                Err(other) => return Err(other),
            };
            let (half_points, _) = score(&outcome, SeriesRecord::player_one_seat(number), series.draws);
            last.result = Some(SeriesResult { outcome, half_points, finished: to_stored_precision(finished) });
        } else {
            match Standing::of(&series).decided(series.length) {
                Some(winner) => {
                    series.status = SeriesStatus::Finished;
                    series.winner = winner;
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
        series.updated = now;
        series.revision += 1;
        Ok(Some(series))
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
        let created = super::rounded_up_to_millis(self.now());
        let record = GameRecord {
            id: uuid::Uuid::now_v7().to_string(),
            seat_token_hashes: (0..2).map(|seat| series.token_hashes[player_in(seat)]).collect(),
            private: series.private,
            owner: series.owner.clone(),
            bots,
            allow_hints: series.allow_hints,
            players,
            series: Some(SeriesLink { series_id: series.id.clone(), number }),
            ..GameRecord::new_game(config, series.clock.clone(), created)
        };
        let creation = Creation {
            record,
            game,
            imported: Vec::new(),
            // A series' games are not refused by the owner's cap: the series was accepted.
            max_in_progress: None,
            request_id: Some(format!("series/{}/game/{number}", series.id)),
            request_digest: format!("series/{}/game/{number}", series.id),
        };
        let live = match self.create(creation).await? {
            Created::New(live) | Created::Earlier { live, .. } => live,
        };
        Ok(live.copy().await.record)
    }

    /// Gives both players of `series` new tokens if nobody can have used the old ones: the
    /// series has only its first game, and nothing but the engine acted in it. Returns
    /// whether it did. `hashes` are player 1's and player 2's.
    pub async fn replace_untouched_series_tokens(
        &self,
        series: &SeriesRecord,
        hashes: [TokenHash; 2],
    ) -> Result<bool, PlayError> {
        let [first] = series.games.as_slice() else { return Ok(false) };
        let live = self.game(&first.game_id).await?;
        let player_one = SeriesRecord::player_one_seat(1);
        let in_seats = if player_one == 0 { hashes.to_vec() } else { vec![hashes[1], hashes[0]] };
        if !self.replace_untouched_tokens(&live, 1, &in_seats).await? {
            return Ok(false);
        }
        // The game took the new tokens: the series must too, or its next games would seat
        // the old ones. Only this changes a series' tokens, so a conflict is some other
        // step, and retrying on the newer record is safe.
        for _ in 0..MAX_STEPS {
            let mut series = self.store.series(&series.id).await?;
            series.token_hashes = hashes;
            series.revision += 1;
            match self.store.update_series(series).await {
                Ok(()) => return Ok(true),
                Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(PlayError::Storage("a series kept changing while its tokens were replaced".into()))
    }

    /// Moves on, in a task of its own, the series that game `link` belongs to.
    pub(super) fn advance_series_soon(&self, link: &SeriesLink) {
        let Some(hub) = self.me.upgrade() else { return };
        let id = link.series_id.clone();
        tokio::spawn(async move {
            if let Err(error) = hub.advance_series(&id).await {
                tracing::warn!(series_id = %id, %error, "could not move a series on; the sweep will retry");
            }
        });
    }

    /// Moves on every series in progress, page by page, then again [`SWEEP_EVERY`] later,
    /// for as long as the hub lives.
    pub(super) async fn sweep_series(hub: std::sync::Weak<Hub>) {
        loop {
            let Some(strong) = hub.upgrade() else { return };
            let mut after: Option<String> = None;
            loop {
                let page = match strong
                    .store
                    .list_series(Some(SeriesStatus::InProgress), after.as_deref(), SWEEP_PAGE)
                    .await
                {
                    Ok(page) => page,
                    Err(error) => {
                        tracing::warn!(%error, "could not look for series to move on");
                        break;
                    }
                };
                for series in &page {
                    if let Err(error) = strong.advance_series(&series.id).await {
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

    /// A receiver that changes whenever a series of this process moves on.
    pub fn watch_series(&self) -> tokio::sync::watch::Receiver<u64> {
        self.series_changed.subscribe()
    }
}

/// Who creates a series' games: the service key that created the series.
fn creator(series: &SeriesRecord) -> Actor {
    Actor::Service { key: series.owner.clone() }
}
