//! The series calls: `CreateSeries` checks a request like `CreateGame` does and hands the
//! series to the play layer; the reads convert what the store holds; the event stream
//! reads the series again whenever this process moves one on (and every few seconds, for
//! what other processes do).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Status};

use super::{
    DEFAULT_PAGE_SIZE, GameServiceImpl, MAX_GAME_ID_LEN, MAX_PAGE_SIZE, Requested, bot_seat_to_proto, checked_game,
    digest_of, request_id, requested_game, resource_id, saved_name, seating,
};
use crate::play::{SeriesCreated, SeriesCreation};
use crate::proto::tabula::v1 as pb;
use crate::service::auth::{Credential, new_token, seat_for};
use crate::service::convert::{series_events, series_to_proto};
use crate::service::error::ApiError;
use crate::store::{SeriesDraws, SeriesLength, SeriesRecord, SeriesStatus, to_stored_precision};

/// Longest best-of accepted.
pub const MAX_BEST_OF: u32 = 99;
/// Largest first-to accepted.
pub const MAX_FIRST_TO: u32 = 50;
/// How often a series stream reads its series again without being told of a change: what
/// other processes do reaches it at least this often.
const SERIES_STREAM_POLL: Duration = Duration::from_secs(2);
/// Events a series stream holds for a slow reader.
const SERIES_STREAM_BUFFER: usize = 16;

/// How many event streams each series has open.
#[derive(Clone, Debug, Default)]
pub struct StreamCounts(Arc<Mutex<HashMap<String, usize>>>);

/// One open stream of a series, counted until it is dropped.
struct StreamSlot {
    counts: StreamCounts,
    id: String,
}

impl StreamCounts {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, usize>> {
        // A count is changed in one step under the lock: a panic cannot leave it half-done.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A place for one more stream of series `id`, if it has fewer than `limit`.
    fn take(&self, id: &str, limit: usize) -> Result<StreamSlot, ApiError> {
        let mut counts = self.lock();
        let open = counts.entry(id.to_owned()).or_default();
        if *open >= limit {
            return Err(ApiError::TooManyStreams { limit });
        }
        *open += 1;
        Ok(StreamSlot { counts: self.clone(), id: id.to_owned() })
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock();
        if let Some(open) = counts.get_mut(&self.id) {
            *open -= 1;
            if *open == 0 {
                counts.remove(&self.id);
            }
        }
    }
}

/// The stream a `StreamSeriesEvents` call answers with.
pub type SeriesEventStream = ReceiverStream<Result<pb::StreamSeriesEventsResponse, Status>>;

/// A digest of everything a series creation asks but its request id.
fn digest(request: &pb::CreateSeriesRequest) -> String {
    digest_of(&pb::CreateSeriesRequest { request_id: String::new(), ..request.clone() })
}

/// The game creation a series request asks each game to be, so that a series' games are
/// checked exactly like a `CreateGame`'s.
fn as_game_request(request: &pb::CreateSeriesRequest) -> pb::CreateGameRequest {
    use pb::create_game_request::Source as Game;
    use pb::create_series_request::Source as Series;
    let source = request.source.as_ref().map(|source| match source {
        Series::Config(config) => Game::Config(config.clone()),
        Series::Preset(name) => Game::Preset(name.clone()),
        Series::SavedConfig(name) => Game::SavedConfig(name.clone()),
    });
    pb::CreateGameRequest { source, kind: request.kind, ..Default::default() }
}

/// How long a series request asks its series to run, and how it counts draws.
fn length_and_draws(request: &pb::CreateSeriesRequest) -> Result<(SeriesLength, SeriesDraws), ApiError> {
    let mut problems = Vec::new();
    let length = match (request.best_of, request.first_to) {
        (0, 0) | (1.., 1..) => {
            problems.push(("best_of".to_owned(), "or first_to is required, and only one of them".to_owned()));
            None
        }
        (games @ 1..=MAX_BEST_OF, 0) => Some(SeriesLength::BestOf(games)),
        (_, 0) => {
            problems.push(("best_of".to_owned(), format!("must be from 1 to {MAX_BEST_OF}")));
            None
        }
        (0, points @ 1..=MAX_FIRST_TO) => Some(SeriesLength::FirstTo(points)),
        (0, _) => {
            problems.push(("first_to".to_owned(), format!("must be from 1 to {MAX_FIRST_TO}")));
            None
        }
    };
    let draws = match pb::SeriesDraws::try_from(request.draws) {
        Ok(pb::SeriesDraws::Unspecified | pb::SeriesDraws::HalfPoint) => Some(SeriesDraws::HalfPoint),
        Ok(pb::SeriesDraws::Replayed) => Some(SeriesDraws::Replayed),
        Err(_) => {
            problems.push(("draws".to_owned(), format!("{} is not a SeriesDraws", request.draws)));
            None
        }
    };
    match (length, draws) {
        (Some(length), Some(draws)) => Ok((length, draws)),
        _ => Err(ApiError::BadRequest(problems)),
    }
}

/// Who may read a series: a service key always; a player with their token; anyone else
/// only a series that is not private.
fn check_access(credential: &Credential, series: &SeriesRecord) -> Result<(), ApiError> {
    match credential {
        Credential::ServiceKey(_) => Ok(()),
        Credential::SeatToken(token) => {
            if seat_for(token, &series.token_hashes).is_some() {
                Ok(())
            } else {
                Err(ApiError::InvalidCredential("the token is not a player's token of this series"))
            }
        }
        Credential::None | Credential::Signed(_) if series.private => Err(ApiError::PrivateSeries(series.id.clone())),
        Credential::None | Credential::Signed(_) => Ok(()),
    }
}

/// Page tokens of `ListSeries`: the status filter and the last series of the page.
fn page_token(status: i32, last_id: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("s1|{status}|{last_id}"))
}

fn page_after(request: &pb::ListSeriesRequest) -> Result<Option<String>, ApiError> {
    use base64::Engine;
    if request.page_token.is_empty() {
        return Ok(None);
    }
    let decoded = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&request.page_token).ok();
    let decoded = decoded.and_then(|bytes| String::from_utf8(bytes).ok()).ok_or(ApiError::InvalidPageToken)?;
    match decoded.rsplit_once('|') {
        Some((_, last))
            if !last.is_empty()
                && last.len() <= MAX_GAME_ID_LEN
                && page_token(request.status, last) == request.page_token =>
        {
            Ok(Some(last.to_owned()))
        }
        _ => Err(ApiError::InvalidPageToken),
    }
}

impl GameServiceImpl {
    pub(super) async fn create_series_call(
        &self,
        request: Request<pb::CreateSeriesRequest>,
    ) -> Result<pb::CreateSeriesResponse, ApiError> {
        let owner = self.service_key(&request, "creating a series")?;
        let request = request.into_inner();
        let request_id = request_id(&request.request_id)?;
        let game_request = as_game_request(&request);
        let saved = match &request.source {
            Some(pb::create_series_request::Source::SavedConfig(name)) => {
                let name = saved_name(name, "source.saved_config")?;
                let store = self.hub.store();
                Some(store.saved_config(owner.as_deref().unwrap_or_default(), &name).await?)
            }
            _ => None,
        };
        let Requested { config, clock, field, .. } = requested_game(&game_request, saved)?;
        // Each game draws its random parts: check one such game.
        let (game, clock) = checked_game(&config.clone().drawn(), clock, "config", field)?;
        if game.seat_count() != 2 {
            let kind = config.kind().info().name;
            return Err(ApiError::bad_field(
                "kind",
                format!("is {kind}, which is not played by two: a series needs two players"),
            ));
        }
        let seated = seating(&request.bots, &request.players, config.kind(), 2);
        let length = length_and_draws(&request);
        let (bots, players, (length, draws)) = match (seated, length) {
            (Ok((bots, players)), Ok(length)) => (bots, players, length),
            (seated, length) => return Err(super::every_problem(&[seated.as_ref().err(), length.as_ref().err()])),
        };
        let tokens = [new_token(), new_token()];
        let now = to_stored_precision(self.hub.now());
        let series = SeriesRecord {
            id: uuid::Uuid::now_v7().to_string(),
            owner,
            allow_hints: request.allow_hints.unwrap_or_else(|| config.kind().hints_by_default()),
            config,
            clock,
            length,
            draws,
            players,
            bots,
            private: request.private,
            token_hashes: [tokens[0].1, tokens[1].1],
            games: Vec::new(),
            status: SeriesStatus::InProgress,
            winner: None,
            created: now,
            updated: now,
            revision: 0,
            request_digest: Some(digest(&request)),
        };
        let max_in_progress = series.owner.is_some().then_some(self.limits.max_games_per_key);
        let creation = SeriesCreation { series, request_id, max_in_progress };
        let (series, tokens, retried) = match self.hub.create_series(creation).await? {
            SeriesCreated::New(series) => (series, Some(tokens), false),
            SeriesCreated::Earlier(series) => {
                // The first answer's tokens cannot be shown again: while nobody can have
                // used them they are replaced; after that, none are given.
                let tokens = [new_token(), new_token()];
                let replaced = self.hub.replace_untouched_series_tokens(&series, [tokens[0].1, tokens[1].1]).await?;
                (series, replaced.then_some(tokens), true)
            }
        };
        tracing::info!(series_id = %series.id, kind = series.config.kind().info().name, owner = series.owner.as_deref(), retried, "series created");
        let player_tokens = tokens
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(index, (token, _))| pb::SeriesToken { player: index as u32 + 1, token })
            .collect();
        Ok(pb::CreateSeriesResponse {
            series: Some(series_to_proto(&series, bot_seat_to_proto)),
            player_tokens,
            retried,
        })
    }

    /// The series `id` names, once the caller may read it.
    async fn readable_series<T>(&self, request: &Request<T>, id: &str) -> Result<SeriesRecord, ApiError> {
        self.public(request)?;
        let credential = self.auth.credential(request.metadata())?;
        let series = self.hub.store().series(resource_id(id, "series_id")?).await?;
        crate::service::observe::record_series(&series.id);
        check_access(&credential, &series)?;
        Ok(series)
    }

    pub(super) async fn get_series_call(
        &self,
        request: Request<pb::GetSeriesRequest>,
    ) -> Result<pb::GetSeriesResponse, ApiError> {
        let series = self.readable_series(&request, &request.get_ref().series_id).await?;
        Ok(pb::GetSeriesResponse { series: Some(series_to_proto(&series, bot_seat_to_proto)) })
    }

    pub(super) async fn list_series_call(
        &self,
        request: Request<pb::ListSeriesRequest>,
    ) -> Result<pb::ListSeriesResponse, ApiError> {
        self.service_key(&request, "listing series")?;
        let request = request.into_inner();
        let page_size = match request.page_size {
            size if size < 0 => return Err(ApiError::bad_field("page_size", "must not be negative")),
            0 => DEFAULT_PAGE_SIZE,
            size => (size as usize).min(MAX_PAGE_SIZE),
        };
        let status = match pb::SeriesStatus::try_from(request.status) {
            Ok(pb::SeriesStatus::Unspecified) => None,
            Ok(pb::SeriesStatus::InProgress) => Some(SeriesStatus::InProgress),
            Ok(pb::SeriesStatus::Finished) => Some(SeriesStatus::Finished),
            Err(_) => return Err(ApiError::bad_field("status", format!("{} is not a SeriesStatus", request.status))),
        };
        let after = page_after(&request)?;
        let mut page = self.hub.store().list_series(status, after.as_deref(), page_size + 1).await?;
        let more = page.len() > page_size;
        page.truncate(page_size);
        let next_page_token = match (more, page.last()) {
            (true, Some(last)) => page_token(request.status, &last.id),
            _ => String::new(),
        };
        let series = page.iter().map(|series| series_to_proto(series, bot_seat_to_proto)).collect();
        Ok(pb::ListSeriesResponse { series, next_page_token })
    }

    pub(super) async fn stream_series_call(
        &self,
        request: Request<pb::StreamSeriesEventsRequest>,
    ) -> Result<SeriesEventStream, ApiError> {
        let series = self.readable_series(&request, &request.get_ref().series_id).await?;
        let after = request.get_ref().after_seq;
        let current = series_events(&series).len() as u64;
        if after > current {
            return Err(ApiError::SeqOutOfRange { after, current });
        }
        let slot = self.series_streams.take(&series.id, self.limits.max_streams_per_game)?;
        let (sender, receiver) = mpsc::channel(SERIES_STREAM_BUFFER);
        let (hub, changes, shutdown) = (self.hub.clone(), self.hub.watch_series(), self.shutdown.clone());
        tokio::spawn(async move {
            follow_series(hub, series.id, after, changes, shutdown, sender).await;
            drop(slot);
        });
        Ok(ReceiverStream::new(receiver))
    }
}

/// Sends series `id`'s events after `sent` down `sender` as they happen, until the series
/// ends (after its last event), the caller goes away, or the server shuts down.
async fn follow_series(
    hub: std::sync::Arc<crate::play::Hub>,
    id: String,
    mut sent: u64,
    mut changes: watch::Receiver<u64>,
    mut shutdown: watch::Receiver<bool>,
    sender: mpsc::Sender<Result<pb::StreamSeriesEventsResponse, Status>>,
) {
    loop {
        let series = match hub.store().series(&id).await {
            Ok(series) => series,
            Err(error) => {
                let _ = sender.send(Err(Status::from(ApiError::from(error)))).await;
                return;
            }
        };
        for event in series_events(&series).into_iter().skip(sent as usize) {
            if sender.send(Ok(pb::StreamSeriesEventsResponse { event: Some(event) })).await.is_err() {
                return;
            }
            sent += 1;
        }
        if series.status == SeriesStatus::Finished {
            return;
        }
        tokio::select! {
            _ = changes.changed() => {}
            () = tokio::time::sleep(SERIES_STREAM_POLL) => {}
            () = sender.closed() => return,
            _ = shutdown.changed() => {}
        }
        if *shutdown.borrow() {
            let _ = sender.send(Err(Status::from(ApiError::ShuttingDown))).await;
            return;
        }
    }
}
