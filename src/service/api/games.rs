//! The calls on a game as a whole: the kinds, a game's record and listing, its view at any
//! point, its legal moves, hints, its PGN, and what its owner does to it (archive, delete,
//! reissue a seat's token).

use std::time::SystemTime;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use tonic::Request;

use super::GameServiceImpl;
use super::admission::{Entered, game};
use super::page::Page;
use super::validate::{every_problem, labels_query, optional_kind, optional_time, resource_id, seat};
use crate::engine::Viewer;
use crate::games::{GameConfig, GameKind, chess};
use crate::play::{GameStatus, ListFilter};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{
    MAX_PLAYER_ID_CHARS, Violations, action_to_proto, analysis_request_from_proto, game_to_proto, hint_to_proto,
    kind_info_to_proto, labels_from_proto, labels_in_mask, timestamp, view_to_proto,
};
use crate::service::error::ApiError;

/// The query a `ListGames` page belongs to: its filters, in a form any change alters.
fn list_query(request: &pb::ListGamesRequest) -> String {
    let time = |t: Option<&prost_types::Timestamp>| t.map_or(String::new(), |t| format!("{}.{}", t.seconds, t.nanos));
    let player = URL_SAFE_NO_PAD.encode(&request.player_id);
    format!(
        "{},{},{},{},{player},{}",
        request.kind,
        request.status,
        time(request.create_time_after.as_ref()),
        time(request.create_time_before.as_ref()),
        labels_query(&request.labels),
    )
}

/// The filters of a `ListGamesRequest`.
fn list_filter(request: &pb::ListGamesRequest) -> Result<ListFilter, ApiError> {
    let status = match pb::GameStatus::try_from(request.status) {
        Ok(pb::GameStatus::Unspecified) => None,
        Ok(pb::GameStatus::InProgress) => Some(GameStatus::InProgress),
        Ok(pb::GameStatus::Finished) => Some(GameStatus::Finished),
        Ok(pb::GameStatus::Archived) => Some(GameStatus::Archived),
        Err(_) => return Err(ApiError::bad_field("status", format!("{} is not a GameStatus", request.status))),
    };
    if request.player_id.chars().count() > MAX_PLAYER_ID_CHARS {
        return Err(ApiError::bad_field("player_id", format!("is longer than {MAX_PLAYER_ID_CHARS} characters")));
    }
    let mut violations = Violations::default();
    let labels = labels_from_proto(&request.labels, "labels", &mut violations);
    violations.into_result(())?;
    Ok(ListFilter {
        kind: optional_kind(request.kind)?,
        status,
        created_after: optional_time(request.create_time_after.as_ref(), "create_time_after")?,
        created_before: optional_time(request.create_time_before.as_ref(), "create_time_before")?,
        with_bots: false,
        player: (!request.player_id.is_empty()).then(|| request.player_id.clone()),
        labels,
    })
}

/// `YYYY.MM.DD` of a time, in UTC, as PGN dates are written.
fn pgn_date(time: SystemTime) -> String {
    // A protobuf timestamp prints as RFC 3339, which starts with the date.
    timestamp(time).to_string().chars().take(10).collect::<String>().replace('-', ".")
}

impl GameServiceImpl {
    pub(super) fn list_game_kinds_call(
        &self,
        request: Request<pb::ListGameKindsRequest>,
    ) -> Result<pb::ListGameKindsResponse, ApiError> {
        self.gate.public(&request)?;
        Ok(pb::ListGameKindsResponse { kinds: GameKind::ALL.iter().map(|kind| kind_info_to_proto(*kind)).collect() })
    }

    pub(super) async fn get_game_call(
        &self,
        request: Request<pb::GetGameRequest>,
    ) -> Result<pb::GetGameResponse, ApiError> {
        let Entered { live, .. } = self.gate.enter(&self.hub, &request, &request.get_ref().game_id).await?;
        Ok(pb::GetGameResponse { game: Some(game_to_proto(&live.copy().await.record)) })
    }

    pub(super) async fn list_games_call(
        &self,
        request: Request<pb::ListGamesRequest>,
    ) -> Result<pb::ListGamesResponse, ApiError> {
        self.gate.service_key(&request, "listing games")?;
        let request = request.into_inner();
        let filter = list_filter(&request)?;
        let page = Page::asked(request.page_size, &request.page_token, list_query(&request))?;
        let games = self.hub.list_games(filter, page.after.as_deref(), page.to_read()).await?;
        let (games, next_page_token) = page.finish(games, |record| &record.id);
        Ok(pb::ListGamesResponse { games: games.iter().map(game_to_proto).collect(), next_page_token })
    }

    pub(super) async fn get_view_call(
        &self,
        request: Request<pb::GetViewRequest>,
    ) -> Result<pb::GetViewResponse, ApiError> {
        let entered = self.gate.enter(&self.hub, &request, &request.get_ref().game_id).await?;
        let at_seq = match (request.get_ref().at_seq, entered.delayed()) {
            (asked, false) => asked,
            // A spectator held back by the game's delay sees it as it stood then, and no later.
            (asked, true) => {
                let shown = self.hub.spectators_see(&entered.live).await?;
                match asked {
                    Some(seq) if seq > shown => return Err(ApiError::SeqOutOfRange { after: seq, current: shown }),
                    Some(seq) => Some(seq),
                    None if shown < entered.live.seq().await => Some(shown),
                    None => None,
                }
            }
        };
        let Entered { live, viewer, .. } = entered;
        let (view, seq, clocks) = self.hub.view(&live, viewer, at_seq).await?;
        Ok(pb::GetViewResponse { view: Some(view_to_proto(&live, seq, &view, clocks.as_ref())) })
    }

    pub(super) async fn list_legal_moves_call(
        &self,
        request: Request<pb::ListLegalMovesRequest>,
    ) -> Result<pb::ListLegalMovesResponse, ApiError> {
        let entered = self.gate.enter(&self.hub, &request, &request.get_ref().game_id).await?;
        if entered.delayed() && !entered.live.is_over().await {
            return Err(ApiError::SeatRequired("listing moves in a game spectators see with a delay"));
        }
        let Entered { live, viewer, .. } = entered;
        let seat = match (request.get_ref().seat, viewer) {
            (0, Viewer::Seat(seat)) => seat,
            (0, Viewer::Spectator) => {
                return Err(ApiError::bad_field(
                    "seat",
                    "is required for a spectator: name the seat whose moves to list",
                ));
            }
            (number, _) => seat(number, live.seat_count(), "seat")?,
        };
        // One rule for seats and spectators alike: another seat's moves may be listed
        // unless they could betray that seat's secrets.
        if viewer.seat() != Some(seat) && live.config.has_hidden_information() {
            return Err(ApiError::SeatRequired("listing moves in a game with hidden information"));
        }
        let (moves, seq) = self.hub.legal_moves(&live, seat).await?;
        let moves = moves
            .into_iter()
            .map(|(action, label, uci)| pb::LegalMove {
                r#move: Some(action_to_proto(&action)),
                label,
                uci: uci.unwrap_or_default(),
            })
            .collect();
        Ok(pb::ListLegalMovesResponse { seat: seat.number(), moves, seq })
    }

    pub(super) async fn export_pgn_call(
        &self,
        request: Request<pb::ExportPgnRequest>,
    ) -> Result<pb::ExportPgnResponse, ApiError> {
        let entered = self.gate.enter(&self.hub, &request, &request.get_ref().game_id).await?;
        let delayed = entered.delayed();
        let Entered { live, .. } = entered;
        let GameConfig::Chess(config) = &live.config else {
            return Err(ApiError::UnsupportedByGame("PGN export"));
        };
        // A spectator held back by the game's delay gets its moves once it is over.
        if delayed && live.copy().await.record.outcome.is_none() {
            return Err(ApiError::GameNotFinished(live.id.clone()));
        }
        // A player is named by their display name, or else their id; "?" when unnamed.
        let name = |seat: usize| {
            let player = live.players.get(seat);
            let name = player.map(|p| if p.name.is_empty() { p.id.as_str() } else { p.name.as_str() });
            name.filter(|name| !name.is_empty()).unwrap_or("?").to_owned()
        };
        let tags = chess::pgn::Tags {
            event: match &live.series {
                Some(link) => format!("Tabula series {}", link.series_id),
                None => format!("Tabula game {}", live.id),
            },
            site: "Tabula".to_owned(),
            date: pgn_date(live.created),
            round: live.series.as_ref().map_or_else(|| "?".to_owned(), |link| link.number.to_string()),
            white: name(0),
            black: name(1),
        };
        let pgn = self.hub.write_out(&live, |copy| chess::pgn::export(config, copy.game.history(), &tags)).await?;
        let pgn = pgn.map_err(|e| ApiError::Storage(format!("game {} does not replay: {e}", live.id)))?;
        Ok(pb::ExportPgnResponse { pgn })
    }

    pub(super) async fn get_hint_call(
        &self,
        request: Request<pb::GetHintRequest>,
    ) -> Result<pb::GetHintResponse, ApiError> {
        let Entered { live, viewer, .. } = self.gate.enter(&self.hub, &request, &request.get_ref().game_id).await?;
        let asked = analysis_request_from_proto(request.get_ref(), viewer)?;
        Ok(hint_to_proto(&self.hub.analyse(&live, asked).await?))
    }

    pub(super) async fn archive_game_call(
        &self,
        request: Request<pb::ArchiveGameRequest>,
    ) -> Result<pb::ArchiveGameResponse, ApiError> {
        let key = self.gate.service_key(&request, "archiving a game")?;
        let live = game(&self.hub, &request.get_ref().game_id).await?;
        self.hub.archive(&live).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), "game archived");
        Ok(pb::ArchiveGameResponse { game: Some(game_to_proto(&live.copy().await.record)) })
    }

    pub(super) async fn delete_game_call(
        &self,
        request: Request<pb::DeleteGameRequest>,
    ) -> Result<pb::DeleteGameResponse, ApiError> {
        let key = self.gate.service_key(&request, "deleting a game")?;
        let live = game(&self.hub, &request.get_ref().game_id).await?;
        self.hub.delete(&live).await?;
        tracing::info!(game_id = %live.id, key = key.as_deref(), "game deleted");
        Ok(pb::DeleteGameResponse {})
    }

    pub(super) async fn reissue_seat_token_call(
        &self,
        request: Request<pb::ReissueSeatTokenRequest>,
    ) -> Result<pb::ReissueSeatTokenResponse, ApiError> {
        let key = self.gate.service_key(&request, "reissuing a seat token")?;
        let live = game(&self.hub, &request.get_ref().game_id).await?;
        let seat = seat(request.get_ref().seat, live.seat_count(), "seat")?;
        let token = self.hub.reissue_seat_token(&live, seat).await?;
        tracing::info!(game_id = %live.id, %seat, key = key.as_deref(), "seat token reissued");
        let seat_name = live.config.kind().seat_names().get(seat.index()).copied().unwrap_or_default().to_owned();
        Ok(pb::ReissueSeatTokenResponse { seat_token: Some(pb::SeatToken { seat: seat.number(), seat_name, token }) })
    }

    pub(super) async fn update_game_call(
        &self,
        request: Request<pb::UpdateGameRequest>,
    ) -> Result<pb::UpdateGameResponse, ApiError> {
        let key = self.gate.service_key(&request, "changing a game")?;
        let body = request.get_ref();
        let wanted = body.game.as_ref().ok_or_else(|| ApiError::bad_field("game", "is required"))?;
        let id = resource_id(&wanted.game_id, "game.game_id");
        let mut violations = Violations::default();
        let change =
            labels_in_mask(body.update_mask.as_ref(), !wanted.labels.is_empty(), "update_mask", &mut violations);
        let labels = labels_from_proto(&wanted.labels, "game.labels", &mut violations);
        let checked = violations.into_result(());
        let (Ok(id), Ok(())) = (&id, &checked) else {
            return Err(every_problem(&[id.as_ref().err(), checked.as_ref().err()]));
        };
        let live = self.hub.game(id).await?;
        let record = match change {
            true => self.hub.set_labels(&live, labels).await?,
            false => live.copy().await.record,
        };
        tracing::info!(game_id = %live.id, key = key.as_deref(), labels_changed = change, "game updated");
        Ok(pb::UpdateGameResponse { game: Some(game_to_proto(&record)) })
    }
}
