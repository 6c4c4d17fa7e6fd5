//! What a service key does to a game from outside it, as an arbiter: abort it, adjudicate
//! it, pause and resume its clocks, give a seat time. Each is one turn through the same
//! path as a move, made by the key, and safe to retry with its request id.

use tonic::Request;

use super::GameServiceImpl;
use super::admission::game;
use super::validate::{every_problem, explanation, request_id, seat_number};
use crate::engine::clock::{ClockChange, DAY};
use crate::engine::{Adjudication, Seat, Turn};
use crate::play::{Actor, Answer, Command, LiveGame, TurnRequest};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{Violations, game_to_proto, millis_from_proto, view_to_proto};
use crate::service::error::ApiError;

/// Most time `AddTime` gives at once: a day.
const MAX_ADDED_TIME_MS: u64 = DAY;

/// The result an `AdjudicateGameRequest` asks for, in a game of `seat_count` seats.
fn adjudication(request: &pb::AdjudicateGameRequest, seat_count: usize) -> Result<Adjudication, ApiError> {
    match pb::OutcomeType::try_from(request.result) {
        Ok(pb::OutcomeType::Win) => Seat::from_number(request.winner)
            .filter(|seat| seat.index() < seat_count)
            .map(Adjudication::Win)
            .ok_or_else(|| ApiError::bad_field("winner", format!("must be a seat from 1 to {seat_count} with a win"))),
        Ok(pb::OutcomeType::Draw) if request.winner == 0 => Ok(Adjudication::Draw),
        Ok(pb::OutcomeType::Draw) => Err(ApiError::bad_field("winner", "must be 0 with a draw")),
        _ => Err(ApiError::bad_field("result", "must be OUTCOME_TYPE_WIN or OUTCOME_TYPE_DRAW")),
    }
}

impl GameServiceImpl {
    /// Plays `command` in `live` for the service key `key`; `what` names it in the log.
    async fn arbiter_turn(
        &self,
        live: &LiveGame,
        key: Option<String>,
        command: Command,
        request_id: Option<String>,
        what: &str,
    ) -> Result<crate::play::TurnResult, ApiError> {
        let actor = Actor::Service { key: key.clone() };
        let request = TurnRequest {
            actor,
            command,
            expected_seq: None,
            request_id,
            credential: None,
            validate_only: false,
            answer: Answer::View,
        };
        let result = self.hub.play(live, request).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), "{what}");
        Ok(result)
    }

    /// Changes `live`'s clocks for `key`; the game afterwards as a spectator sees it.
    async fn change_clocks(
        &self,
        live: &LiveGame,
        key: Option<String>,
        change: ClockChange,
        request_id: Option<String>,
    ) -> Result<Option<pb::View>, ApiError> {
        let what = format!("clocks changed: {change:?}");
        let result = self.arbiter_turn(live, key, Command::Clock(change), request_id, &what).await?;
        Ok(result.afterwards.view().map(|view| view_to_proto(live, result.seq, view, result.clocks.as_ref())))
    }

    pub(super) async fn abort_game_call(
        &self,
        request: Request<pb::AbortGameRequest>,
    ) -> Result<pb::AbortGameResponse, ApiError> {
        let key = self.gate.service_key(&request, "aborting a game")?;
        let body = request.get_ref();
        let live = game(&self.hub, &body.game_id).await?;
        let (explanation, request_id) = (explanation(&body.explanation), request_id(&body.request_id));
        let (Ok(explanation), Ok(request_id)) = (explanation.as_ref(), request_id.as_ref()) else {
            return Err(every_problem(&[explanation.as_ref().err(), request_id.as_ref().err()]));
        };
        let abort = Turn::Abort { explanation: explanation.clone(), no_show: None }.into();
        self.arbiter_turn(&live, key, abort, request_id.clone(), "game aborted").await?;
        Ok(pb::AbortGameResponse { game: Some(game_to_proto(&live.copy().await.record)) })
    }

    pub(super) async fn adjudicate_game_call(
        &self,
        request: Request<pb::AdjudicateGameRequest>,
    ) -> Result<pb::AdjudicateGameResponse, ApiError> {
        let key = self.gate.service_key(&request, "adjudicating a game")?;
        let body = request.get_ref();
        let live = game(&self.hub, &body.game_id).await?;
        let result = adjudication(body, live.seat_count());
        let (explanation, request_id) = (explanation(&body.explanation), request_id(&body.request_id));
        let (Ok(result), Ok(explanation), Ok(request_id)) = (&result, &explanation, &request_id) else {
            return Err(every_problem(&[result.as_ref().err(), explanation.as_ref().err(), request_id.as_ref().err()]));
        };
        let adjudicate = Turn::Adjudicate { result: *result, explanation: explanation.clone() }.into();
        self.arbiter_turn(&live, key, adjudicate, request_id.clone(), "game adjudicated").await?;
        Ok(pb::AdjudicateGameResponse { game: Some(game_to_proto(&live.copy().await.record)) })
    }

    pub(super) async fn pause_clock_call(
        &self,
        request: Request<pb::PauseClockRequest>,
    ) -> Result<pb::PauseClockResponse, ApiError> {
        let key = self.gate.service_key(&request, "pausing a game's clocks")?;
        let body = request.get_ref();
        let live = game(&self.hub, &body.game_id).await?;
        let view = self.change_clocks(&live, key, ClockChange::Paused, request_id(&body.request_id)?).await?;
        Ok(pb::PauseClockResponse { view })
    }

    pub(super) async fn resume_clock_call(
        &self,
        request: Request<pb::ResumeClockRequest>,
    ) -> Result<pb::ResumeClockResponse, ApiError> {
        let key = self.gate.service_key(&request, "resuming a game's clocks")?;
        let body = request.get_ref();
        let live = game(&self.hub, &body.game_id).await?;
        let view = self.change_clocks(&live, key, ClockChange::Resumed, request_id(&body.request_id)?).await?;
        Ok(pb::ResumeClockResponse { view })
    }

    pub(super) async fn add_time_call(
        &self,
        request: Request<pb::AddTimeRequest>,
    ) -> Result<pb::AddTimeResponse, ApiError> {
        let key = self.gate.service_key(&request, "adding time to a seat's clock")?;
        let body = request.get_ref();
        let live = game(&self.hub, &body.game_id).await?;
        let mut violations = Violations::default();
        let seat = seat_number(body.seat, live.seat_count(), "seat", &mut violations);
        let added = millis_from_proto(body.time.as_ref(), "time", &mut violations);
        if !(1..=MAX_ADDED_TIME_MS).contains(&added) {
            violations.add("time", "must be from 1 ms to 1 day, in whole milliseconds");
        }
        let request_id = request_id(&body.request_id);
        if let Err(ApiError::BadRequest(fields)) = &request_id {
            for violation in fields {
                violations.add(violation.field.clone(), violation.description.clone());
            }
        }
        violations.into_result(())?;
        let (Some(seat), Ok(request_id)) = (seat, request_id) else { unreachable!("checked above") };
        let change = ClockChange::TimeAdded { seat: seat.index(), added };
        Ok(pb::AddTimeResponse { view: self.change_clocks(&live, key, change, request_id).await? })
    }
}
