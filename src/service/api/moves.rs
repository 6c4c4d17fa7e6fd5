//! The calls a seat makes in its game: a move, a resignation, a takeback asked for or
//! answered. Each is one turn through the play layer, answered with the seat's view after it.

use tonic::Request;

use super::GameServiceImpl;
use super::admission::Entered;
use super::validate::{full_move_answer, request_id as request_id_of};
use crate::engine::{Seat, Turn, Viewer};
use crate::play::{Actor, Answer, Command, LiveGame, TurnRequest, TurnResult};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{action_from_proto, event_to_proto, game_status, outcome_to_proto, view_to_proto};
use crate::service::error::ApiError;

/// The seat a seat's call is made by; `what` says what the call does, for the refusal.
fn seat_of(viewer: Viewer, what: &'static str) -> Result<Seat, ApiError> {
    viewer.seat().ok_or(ApiError::SeatRequired(what))
}

/// The view after `result`, as its seat sees it, when the request asked for it.
fn view_after(live: &LiveGame, result: &TurnResult) -> Option<pb::View> {
    let view = result.afterwards.view()?;
    Some(view_to_proto(live, result.seq, view, result.clocks.as_ref()))
}

impl GameServiceImpl {
    /// Plays `command` for the seat `entered` names, as a seat's call: `what` says what the
    /// call does, for the refusal of anyone else.
    async fn seat_turn(
        &self,
        entered: &Entered,
        what: &'static str,
        command: impl FnOnce(Seat) -> Command,
        expected_seq: Option<u64>,
        request_id: &str,
    ) -> Result<(Seat, TurnResult), ApiError> {
        let seat = seat_of(entered.viewer, what)?;
        let turn = TurnRequest {
            actor: Actor::Seat(seat),
            command: command(seat),
            expected_seq,
            request_id: request_id_of(request_id)?,
            credential: entered.proof,
            validate_only: false,
            answer: Answer::View,
        };
        Ok((seat, self.hub.play(&entered.live, turn).await?))
    }

    pub(super) async fn submit_move_call(
        &self,
        request: Request<pb::SubmitMoveRequest>,
    ) -> Result<pb::SubmitMoveResponse, ApiError> {
        let Entered { live, viewer, proof, .. } =
            self.gate.enter_to_play(&self.hub, &request, &request.get_ref().game_id).await?;
        let seat = seat_of(viewer, "submitting a move")?;
        let body = request.get_ref();
        let action = action_from_proto(body.r#move.as_ref(), "move")?;
        let full = full_move_answer(body.view)?;
        let turn = TurnRequest {
            actor: Actor::Seat(seat),
            command: Turn::Move(seat, action).into(),
            expected_seq: body.expected_seq,
            request_id: request_id_of(&body.request_id)?,
            credential: proof,
            validate_only: body.validate_only,
            answer: if full { Answer::View } else { Answer::Summary },
        };
        let result = self.hub.play(&live, turn).await?;
        let viewer = Viewer::Seat(seat);
        let events = result
            .events
            .iter()
            .map(|e| event_to_proto(&live, viewer, e, live.clock_readings_of(e).as_ref()))
            .collect();
        Ok(pb::SubmitMoveResponse {
            applied: result.applied,
            seq: result.seq,
            events,
            view: view_after(&live, &result),
            to_act: result.afterwards.to_act().iter().map(|seat| seat.number()).collect(),
            status: game_status(result.afterwards.outcome()) as i32,
            outcome: result.afterwards.outcome().map(outcome_to_proto),
        })
    }

    pub(super) async fn resign_call(
        &self,
        request: Request<pb::ResignRequest>,
    ) -> Result<pb::ResignResponse, ApiError> {
        let entered = self.gate.enter_to_play(&self.hub, &request, &request.get_ref().game_id).await?;
        let resign = |seat| Turn::Resign(seat).into();
        let (seat, result) = self.seat_turn(&entered, "resigning", resign, None, &request.get_ref().request_id).await?;
        tracing::info!(game_id = %entered.live.id, %seat, "seat resigned");
        Ok(pb::ResignResponse { seq: result.seq, view: view_after(&entered.live, &result) })
    }

    pub(super) async fn take_back_call(
        &self,
        request: Request<pb::TakeBackRequest>,
    ) -> Result<pb::TakeBackResponse, ApiError> {
        let entered = self.gate.enter_to_play(&self.hub, &request, &request.get_ref().game_id).await?;
        let body = request.get_ref();
        let take_back = |seat| entered.live.config.take_back_turn(seat).into();
        let (_, result) =
            self.seat_turn(&entered, "taking back a move", take_back, body.expected_seq, &body.request_id).await?;
        Ok(pb::TakeBackResponse { seq: result.seq, view: view_after(&entered.live, &result) })
    }

    pub(super) async fn answer_take_back_call(
        &self,
        request: Request<pb::AnswerTakeBackRequest>,
    ) -> Result<pb::AnswerTakeBackResponse, ApiError> {
        let entered = self.gate.enter_to_play(&self.hub, &request, &request.get_ref().game_id).await?;
        let body = request.get_ref();
        let answer = |seat| Turn::AnswerTakeBack { seat, accept: body.accept }.into();
        let what = "answering a takeback request";
        let (_, result) = self.seat_turn(&entered, what, answer, body.expected_seq, &body.request_id).await?;
        Ok(pb::AnswerTakeBackResponse { seq: result.seq, view: view_after(&entered.live, &result) })
    }

    pub(super) async fn claim_victory_call(
        &self,
        request: Request<pb::ClaimVictoryRequest>,
    ) -> Result<pb::ClaimVictoryResponse, ApiError> {
        let entered = self.gate.enter_to_play(&self.hub, &request, &request.get_ref().game_id).await?;
        let body = request.get_ref();
        let claim = |seat| Command::Claim { seat, draw: body.draw };
        let (seat, result) = self.seat_turn(&entered, "claiming a game", claim, None, &body.request_id).await?;
        tracing::info!(game_id = %entered.live.id, %seat, draw = body.draw, "seat claimed the game");
        Ok(pb::ClaimVictoryResponse { seq: result.seq, view: view_after(&entered.live, &result) })
    }
}
