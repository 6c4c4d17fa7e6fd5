//! The series calls: `CreateSeries` checks a request as `CreateGame` does and hands the
//! series to the play layer; the reads convert what it holds.

use tonic::Request;

use super::GameServiceImpl;
use super::creation::{Requested, Seating, Source, checked_game, seating};
use super::page::Page;
use super::ratings::{RatingAsked, rating_pool};
use super::validate::{digest_of, every_problem, labels_query, request_id, resource_id};
use crate::engine::FieldViolation;
use crate::play::tokens::seat_for;
use crate::play::{SeriesDraws, SeriesLength, SeriesRecord, SeriesRequest, SeriesStatus};
use crate::proto::tabula::v1 as pb;
use crate::service::auth::Credential;
use crate::service::convert::{Violations, labels_from_proto, labels_in_mask, series_to_proto};
use crate::service::error::ApiError;
use crate::service::observe;

/// Longest best-of accepted.
pub const MAX_BEST_OF: u32 = 99;
/// Largest first-to accepted.
pub const MAX_FIRST_TO: u32 = 50;

/// How long a series request asks its series to run, and how it counts draws.
fn length_and_draws(request: &pb::CreateSeriesRequest) -> Result<(SeriesLength, SeriesDraws), ApiError> {
    let mut problems = Vec::new();
    let length = match (request.best_of, request.first_to) {
        (0, 0) | (1.., 1..) => {
            problems.push(FieldViolation::new("best_of", "or first_to is required, and only one of them"));
            None
        }
        (games @ 1..=MAX_BEST_OF, 0) => Some(SeriesLength::BestOf(games)),
        (_, 0) => {
            problems.push(FieldViolation::new("best_of", format!("must be from 1 to {MAX_BEST_OF}")));
            None
        }
        (0, points @ 1..=MAX_FIRST_TO) => Some(SeriesLength::FirstTo(points)),
        (0, _) => {
            problems.push(FieldViolation::new("first_to", format!("must be from 1 to {MAX_FIRST_TO}")));
            None
        }
    };
    let draws = match pb::SeriesDraws::try_from(request.draws) {
        Ok(pb::SeriesDraws::Unspecified | pb::SeriesDraws::HalfPoint) => Some(SeriesDraws::HalfPoint),
        Ok(pb::SeriesDraws::Replayed) => Some(SeriesDraws::Replayed),
        Err(_) => {
            problems.push(FieldViolation::new("draws", format!("{} is not a SeriesDraws", request.draws)));
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

impl GameServiceImpl {
    pub(super) async fn create_series_call(
        &self,
        request: Request<pb::CreateSeriesRequest>,
    ) -> Result<pb::CreateSeriesResponse, ApiError> {
        let owner = self.gate.service_key(&request, "creating a series")?;
        let request = request.into_inner();
        let request_id = request_id(&request.request_id)?;
        let source = Source::of_series(request.source.as_ref());
        let requested = self.requested(source, request.kind, owner.as_deref()).await?;
        let window_field = requested.option_field("ending_takeback_window");
        let Requested { config, clock, field, .. } = requested;
        // Each game draws its random parts: check one such game.
        let (game, clock) = checked_game(&config.clone().drawn(), clock, "config", &field)?;
        if game.seat_count() != 2 {
            let kind = config.kind().name();
            return Err(ApiError::bad_field(
                "kind",
                format!("is {kind}, which is not played by two: a series needs two players"),
            ));
        }
        if config.play_options().ending_takeback_ms.is_some() {
            return Err(ApiError::bad_field(
                window_field,
                "a series moves on when a game ends, so its games' ends are final at once; leave it unset",
            ));
        }
        let seated = seating(&request.bots, &request.players, &request.labels, config.kind(), 2);
        let length = length_and_draws(&request);
        let (Seating { bots, players, labels }, (length, draws)) = match (seated, length) {
            (Ok(seated), Ok(length)) => (seated, length),
            (seated, length) => return Err(every_problem(&[seated.as_ref().err(), length.as_ref().err()])),
        };
        let preset = match &request.source {
            Some(pb::create_series_request::Source::Preset(name)) => Some(name.as_str()),
            _ => None,
        };
        let asked = RatingAsked {
            pool: request.rating_pool,
            kind: config.kind(),
            preset,
            seats: 2,
            players: &players,
            bots: &bots,
            ending_takeback: None,
        };
        let mut violations = Violations::default();
        let rating_pool = rating_pool(&asked, &mut violations);
        violations.into_result(())?;
        let asked = SeriesRequest {
            allow_hints: request.allow_hints.unwrap_or_else(|| config.kind().hints_by_default()),
            config,
            clock,
            length,
            draws,
            players,
            bots,
            labels,
            private: request.private,
            rating_pool,
            max_in_progress: owner.is_some().then_some(self.limits.max_games_per_key),
            owner,
            request_id,
            request_digest: digest_of(&pb::CreateSeriesRequest { request_id: String::new(), ..request }),
        };
        let made = self.hub.create_series(asked).await?;
        let series = &made.series;
        tracing::info!(series_id = %series.id, kind = series.config.kind().name(), owner = series.owner.as_deref(), retried = made.retried, "series created");
        let player_tokens = made
            .tokens
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(index, token)| pb::SeriesToken { player: index as u32 + 1, token })
            .collect();
        Ok(pb::CreateSeriesResponse { series: Some(series_to_proto(series)), player_tokens, retried: made.retried })
    }

    /// The series `id` names, once the caller may read it.
    pub(super) async fn readable_series<T>(&self, request: &Request<T>, id: &str) -> Result<SeriesRecord, ApiError> {
        self.gate.public(request)?;
        let credential = self.gate.auth().credential(request.metadata())?;
        let series = self.hub.series(resource_id(id, "series_id")?).await?;
        observe::record_series(&series.id);
        check_access(&credential, &series)?;
        Ok(series)
    }

    pub(super) async fn get_series_call(
        &self,
        request: Request<pb::GetSeriesRequest>,
    ) -> Result<pb::GetSeriesResponse, ApiError> {
        let series = self.readable_series(&request, &request.get_ref().series_id).await?;
        Ok(pb::GetSeriesResponse { series: Some(series_to_proto(&series)) })
    }

    pub(super) async fn list_series_call(
        &self,
        request: Request<pb::ListSeriesRequest>,
    ) -> Result<pb::ListSeriesResponse, ApiError> {
        self.gate.service_key(&request, "listing series")?;
        let request = request.into_inner();
        let status = match pb::SeriesStatus::try_from(request.status) {
            Ok(pb::SeriesStatus::Unspecified) => None,
            Ok(pb::SeriesStatus::InProgress) => Some(SeriesStatus::InProgress),
            Ok(pb::SeriesStatus::Finished) => Some(SeriesStatus::Finished),
            Err(_) => return Err(ApiError::bad_field("status", format!("{} is not a SeriesStatus", request.status))),
        };
        let mut violations = Violations::default();
        let labels = labels_from_proto(&request.labels, "labels", &mut violations);
        violations.into_result(())?;
        let query = format!("series,{},{}", request.status, labels_query(&labels));
        let page = Page::asked(request.page_size, &request.page_token, query)?;
        let series = self.hub.list_series(status, &labels, page.after.as_deref(), page.to_read()).await?;
        let (series, next_page_token) = page.finish(series, |series| &series.id);
        Ok(pb::ListSeriesResponse { series: series.iter().map(series_to_proto).collect(), next_page_token })
    }

    pub(super) async fn update_series_call(
        &self,
        request: Request<pb::UpdateSeriesRequest>,
    ) -> Result<pb::UpdateSeriesResponse, ApiError> {
        let key = self.gate.service_key(&request, "changing a series")?;
        let body = request.get_ref();
        let wanted = body.series.as_ref().ok_or_else(|| ApiError::bad_field("series", "is required"))?;
        let id = resource_id(&wanted.series_id, "series.series_id");
        let mut violations = Violations::default();
        let change =
            labels_in_mask(body.update_mask.as_ref(), !wanted.labels.is_empty(), "update_mask", &mut violations);
        let labels = labels_from_proto(&wanted.labels, "series.labels", &mut violations);
        let checked = violations.into_result(());
        let (Ok(id), Ok(())) = (&id, &checked) else {
            return Err(every_problem(&[id.as_ref().err(), checked.as_ref().err()]));
        };
        let series = match change {
            true => self.hub.set_series_labels(id, labels).await?,
            false => self.hub.series(id).await?,
        };
        tracing::info!(series_id = %series.id, key = key.as_deref(), labels_changed = change, "series updated");
        Ok(pb::UpdateSeriesResponse { series: Some(series_to_proto(&series)) })
    }
}
