//! `tabula.v1.GameService`, one module per resource: each handler identifies its caller
//! ([`admission`]), checks and converts the request ([`validate`], [`page`], the
//! conversions), makes one call into the play layer's [`Hub`], and converts the answer;
//! errors become statuses in one place ([`ApiError`]). Rules live in the games, ordering,
//! storage and fan-out in the play layer.

mod admission;
mod arbiter;
mod creation;
mod documents;
mod games;
mod moves;
mod owners;
mod page;
mod puzzles;
mod ratings;
mod saved;
mod series;
mod streams;
mod tournaments;
mod validate;

use std::sync::Arc;

use tokio::sync::watch;
use tonic::{Request, Response, Status};

use crate::play::Hub;
use crate::proto::server::game_service_server::GameService;
use crate::proto::tabula::v1 as pb;
use crate::service::auth::Authenticator;
use crate::service::compression::{COMPRESSED_FROM_BYTES, unary_answer};
use crate::service::error::ApiError;
use crate::service::rate_limit::CallLimiter;

pub use creation::MAX_PRESET_LEN;
pub use page::{DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};
pub use streams::{EncodedEvent, EncodedOwnerEvent};
pub use validate::{MAX_GAME_ID_LEN, MAX_REQUEST_ID_LEN};

/// The caps the handlers enforce themselves.
#[derive(Clone, Copy, Debug)]
pub struct GameLimits {
    /// Event streams one game (or series) may have open at once (`TOO_MANY_STREAMS`
    /// beyond).
    pub max_streams_per_game: usize,
    /// Games in progress one service key may have (`TOO_MANY_GAMES` beyond). Not applied
    /// without service keys.
    pub max_games_per_key: u64,
}

impl Default for GameLimits {
    fn default() -> GameLimits {
        GameLimits { max_streams_per_game: 1_024, max_games_per_key: 10_000 }
    }
}

/// The game service.
pub struct GameServiceImpl {
    hub: Arc<Hub>,
    /// Turns true when the server shuts down: streams then end with `SHUTTING_DOWN`.
    shutdown: watch::Receiver<bool>,
    gate: admission::Gate,
    limits: GameLimits,
    /// Unary answers from this many encoded bytes are compressed for a client that accepts
    /// gzip; smaller ones go as they are.
    compressed_from_bytes: usize,
}

impl GameServiceImpl {
    /// A service over `hub` trusting `auth`; streams end with `SHUTTING_DOWN` once
    /// `shutdown` turns true. No rate limit.
    pub fn new(
        hub: Arc<Hub>,
        shutdown: watch::Receiver<bool>,
        auth: Arc<Authenticator>,
        limits: GameLimits,
    ) -> GameServiceImpl {
        GameServiceImpl {
            hub,
            shutdown,
            gate: admission::Gate::new(auth, None),
            limits,
            compressed_from_bytes: COMPRESSED_FROM_BYTES,
        }
    }

    /// Counts every call against its caller's allowance in `limiter`.
    /// Compresses unary answers from `bytes` encoded bytes on (0: every answer) for clients
    /// that accept gzip.
    pub(crate) fn with_compression_from(mut self, bytes: usize) -> GameServiceImpl {
        self.compressed_from_bytes = bytes;
        self
    }

    /// The answer of a unary handler, as tonic wants it: small answers uncompressed (see
    /// [`compression`](crate::service::compression)).
    fn answer<T: prost::Message>(&self, result: Result<T, ApiError>) -> Result<Response<T>, Status> {
        result.map(|message| unary_answer(message, self.compressed_from_bytes)).map_err(Status::from)
    }

    pub(crate) fn with_rate_limiter(mut self, limiter: Option<Arc<CallLimiter>>) -> GameServiceImpl {
        self.gate = admission::Gate::new(self.gate.auth_shared(), limiter);
        self
    }
}

/// The answer of a streaming handler, as tonic wants it.
fn stream<T>(result: Result<T, ApiError>) -> Result<Response<T>, Status> {
    result.map(Response::new).map_err(Status::from)
}

#[tonic::async_trait]
impl GameService for GameServiceImpl {
    type StreamEventsStream = streams::EventStream;
    type StreamSeriesEventsStream = streams::SeriesEventStream;
    type StreamOwnerEventsStream = owners::OwnerEventStream;
    type StreamTournamentEventsStream = tournaments::TournamentEventStream;

    async fn list_game_kinds(
        &self,
        request: Request<pb::ListGameKindsRequest>,
    ) -> Result<Response<pb::ListGameKindsResponse>, Status> {
        self.answer(self.list_game_kinds_call(request))
    }

    async fn create_game(
        &self,
        request: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        self.answer(self.create_game_call(request).await)
    }

    async fn create_rematch(
        &self,
        request: Request<pb::CreateRematchRequest>,
    ) -> Result<Response<pb::CreateRematchResponse>, Status> {
        self.answer(self.create_rematch_call(request).await)
    }

    async fn batch_create_games(
        &self,
        request: Request<pb::BatchCreateGamesRequest>,
    ) -> Result<Response<pb::BatchCreateGamesResponse>, Status> {
        self.answer(self.batch_create_games_call(request).await)
    }

    async fn get_game(&self, request: Request<pb::GetGameRequest>) -> Result<Response<pb::GetGameResponse>, Status> {
        self.answer(self.get_game_call(request).await)
    }

    async fn list_games(
        &self,
        request: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        self.answer(self.list_games_call(request).await)
    }

    async fn get_view(&self, request: Request<pb::GetViewRequest>) -> Result<Response<pb::GetViewResponse>, Status> {
        self.answer(self.get_view_call(request).await)
    }

    async fn list_legal_moves(
        &self,
        request: Request<pb::ListLegalMovesRequest>,
    ) -> Result<Response<pb::ListLegalMovesResponse>, Status> {
        self.answer(self.list_legal_moves_call(request).await)
    }

    async fn submit_move(
        &self,
        request: Request<pb::SubmitMoveRequest>,
    ) -> Result<Response<pb::SubmitMoveResponse>, Status> {
        self.answer(self.submit_move_call(request).await)
    }

    async fn resign(&self, request: Request<pb::ResignRequest>) -> Result<Response<pb::ResignResponse>, Status> {
        self.answer(self.resign_call(request).await)
    }

    async fn export_pgn(
        &self,
        request: Request<pb::ExportPgnRequest>,
    ) -> Result<Response<pb::ExportPgnResponse>, Status> {
        self.answer(self.export_pgn_call(request).await)
    }

    async fn get_hint(&self, request: Request<pb::GetHintRequest>) -> Result<Response<pb::GetHintResponse>, Status> {
        self.answer(self.get_hint_call(request).await)
    }

    async fn take_back(&self, request: Request<pb::TakeBackRequest>) -> Result<Response<pb::TakeBackResponse>, Status> {
        self.answer(self.take_back_call(request).await)
    }

    async fn answer_take_back(
        &self,
        request: Request<pb::AnswerTakeBackRequest>,
    ) -> Result<Response<pb::AnswerTakeBackResponse>, Status> {
        self.answer(self.answer_take_back_call(request).await)
    }

    async fn claim_victory(
        &self,
        request: Request<pb::ClaimVictoryRequest>,
    ) -> Result<Response<pb::ClaimVictoryResponse>, Status> {
        self.answer(self.claim_victory_call(request).await)
    }

    async fn stream_events(
        &self,
        request: Request<pb::StreamEventsRequest>,
    ) -> Result<Response<Self::StreamEventsStream>, Status> {
        stream(self.stream_events_call(request).await)
    }

    async fn archive_game(
        &self,
        request: Request<pb::ArchiveGameRequest>,
    ) -> Result<Response<pb::ArchiveGameResponse>, Status> {
        self.answer(self.archive_game_call(request).await)
    }

    async fn delete_game(
        &self,
        request: Request<pb::DeleteGameRequest>,
    ) -> Result<Response<pb::DeleteGameResponse>, Status> {
        self.answer(self.delete_game_call(request).await)
    }

    async fn update_game(
        &self,
        request: Request<pb::UpdateGameRequest>,
    ) -> Result<Response<pb::UpdateGameResponse>, Status> {
        self.answer(self.update_game_call(request).await)
    }

    async fn reissue_seat_token(
        &self,
        request: Request<pb::ReissueSeatTokenRequest>,
    ) -> Result<Response<pb::ReissueSeatTokenResponse>, Status> {
        self.answer(self.reissue_seat_token_call(request).await)
    }

    async fn abort_game(
        &self,
        request: Request<pb::AbortGameRequest>,
    ) -> Result<Response<pb::AbortGameResponse>, Status> {
        self.answer(self.abort_game_call(request).await)
    }

    async fn adjudicate_game(
        &self,
        request: Request<pb::AdjudicateGameRequest>,
    ) -> Result<Response<pb::AdjudicateGameResponse>, Status> {
        self.answer(self.adjudicate_game_call(request).await)
    }

    async fn pause_clock(
        &self,
        request: Request<pb::PauseClockRequest>,
    ) -> Result<Response<pb::PauseClockResponse>, Status> {
        self.answer(self.pause_clock_call(request).await)
    }

    async fn resume_clock(
        &self,
        request: Request<pb::ResumeClockRequest>,
    ) -> Result<Response<pb::ResumeClockResponse>, Status> {
        self.answer(self.resume_clock_call(request).await)
    }

    async fn add_time(&self, request: Request<pb::AddTimeRequest>) -> Result<Response<pb::AddTimeResponse>, Status> {
        self.answer(self.add_time_call(request).await)
    }

    async fn create_saved_config(
        &self,
        request: Request<pb::CreateSavedConfigRequest>,
    ) -> Result<Response<pb::SavedConfig>, Status> {
        self.answer(self.create_saved_config_call(request).await)
    }

    async fn get_saved_config(
        &self,
        request: Request<pb::GetSavedConfigRequest>,
    ) -> Result<Response<pb::SavedConfig>, Status> {
        self.answer(self.get_saved_config_call(request).await)
    }

    async fn list_saved_configs(
        &self,
        request: Request<pb::ListSavedConfigsRequest>,
    ) -> Result<Response<pb::ListSavedConfigsResponse>, Status> {
        self.answer(self.list_saved_configs_call(request).await)
    }

    async fn update_saved_config(
        &self,
        request: Request<pb::UpdateSavedConfigRequest>,
    ) -> Result<Response<pb::SavedConfig>, Status> {
        self.answer(self.update_saved_config_call(request).await)
    }

    async fn delete_saved_config(
        &self,
        request: Request<pb::DeleteSavedConfigRequest>,
    ) -> Result<Response<pb::DeleteSavedConfigResponse>, Status> {
        self.answer(self.delete_saved_config_call(request).await)
    }

    async fn create_series(
        &self,
        request: Request<pb::CreateSeriesRequest>,
    ) -> Result<Response<pb::CreateSeriesResponse>, Status> {
        self.answer(self.create_series_call(request).await)
    }

    async fn get_series(
        &self,
        request: Request<pb::GetSeriesRequest>,
    ) -> Result<Response<pb::GetSeriesResponse>, Status> {
        self.answer(self.get_series_call(request).await)
    }

    async fn list_series(
        &self,
        request: Request<pb::ListSeriesRequest>,
    ) -> Result<Response<pb::ListSeriesResponse>, Status> {
        self.answer(self.list_series_call(request).await)
    }

    async fn update_series(
        &self,
        request: Request<pb::UpdateSeriesRequest>,
    ) -> Result<Response<pb::UpdateSeriesResponse>, Status> {
        self.answer(self.update_series_call(request).await)
    }

    async fn stream_series_events(
        &self,
        request: Request<pb::StreamSeriesEventsRequest>,
    ) -> Result<Response<Self::StreamSeriesEventsStream>, Status> {
        stream(self.stream_series_events_call(request).await)
    }

    async fn get_player_ratings(
        &self,
        request: Request<pb::GetPlayerRatingsRequest>,
    ) -> Result<Response<pb::GetPlayerRatingsResponse>, Status> {
        self.answer(self.get_player_ratings_call(request).await)
    }

    async fn list_leaderboard(
        &self,
        request: Request<pb::ListLeaderboardRequest>,
    ) -> Result<Response<pb::ListLeaderboardResponse>, Status> {
        self.answer(self.list_leaderboard_call(request).await)
    }

    async fn create_tournament(
        &self,
        request: Request<pb::CreateTournamentRequest>,
    ) -> Result<Response<pb::CreateTournamentResponse>, Status> {
        self.answer(self.create_tournament_call(request).await)
    }

    async fn get_tournament(
        &self,
        request: Request<pb::GetTournamentRequest>,
    ) -> Result<Response<pb::GetTournamentResponse>, Status> {
        self.answer(self.get_tournament_call(request).await)
    }

    async fn list_tournaments(
        &self,
        request: Request<pb::ListTournamentsRequest>,
    ) -> Result<Response<pb::ListTournamentsResponse>, Status> {
        self.answer(self.list_tournaments_call(request).await)
    }

    async fn stream_tournament_events(
        &self,
        request: Request<pb::StreamTournamentEventsRequest>,
    ) -> Result<Response<Self::StreamTournamentEventsStream>, Status> {
        stream(self.stream_tournament_events_call(request).await)
    }

    async fn start_tournament_round(
        &self,
        request: Request<pb::StartTournamentRoundRequest>,
    ) -> Result<Response<pb::StartTournamentRoundResponse>, Status> {
        self.answer(self.start_tournament_round_call(request).await)
    }

    async fn withdraw_tournament_player(
        &self,
        request: Request<pb::WithdrawTournamentPlayerRequest>,
    ) -> Result<Response<pb::WithdrawTournamentPlayerResponse>, Status> {
        self.answer(self.withdraw_tournament_player_call(request).await)
    }

    async fn add_tournament_player(
        &self,
        request: Request<pb::AddTournamentPlayerRequest>,
    ) -> Result<Response<pb::AddTournamentPlayerResponse>, Status> {
        self.answer(self.add_tournament_player_call(request).await)
    }

    async fn cancel_tournament(
        &self,
        request: Request<pb::CancelTournamentRequest>,
    ) -> Result<Response<pb::CancelTournamentResponse>, Status> {
        self.answer(self.cancel_tournament_call(request).await)
    }

    async fn export_tournament_trf(
        &self,
        request: Request<pb::ExportTournamentTrfRequest>,
    ) -> Result<Response<pb::ExportTournamentTrfResponse>, Status> {
        self.answer(self.export_tournament_trf_call(request).await)
    }

    async fn export_game(
        &self,
        request: Request<pb::ExportGameRequest>,
    ) -> Result<Response<pb::ExportGameResponse>, Status> {
        self.answer(self.export_game_call(request).await)
    }

    async fn import_game(
        &self,
        request: Request<pb::ImportGameRequest>,
    ) -> Result<Response<pb::ImportGameResponse>, Status> {
        self.answer(self.import_game_call(request).await)
    }

    async fn list_puzzle_solutions(
        &self,
        request: Request<pb::ListPuzzleSolutionsRequest>,
    ) -> Result<Response<pb::ListPuzzleSolutionsResponse>, Status> {
        self.answer(self.list_puzzle_solutions_call(request).await)
    }

    async fn stream_owner_events(
        &self,
        request: Request<pb::StreamOwnerEventsRequest>,
    ) -> Result<Response<Self::StreamOwnerEventsStream>, Status> {
        stream(self.stream_owner_events_call(request).await)
    }
}
