//! `StreamOwnerEvents`: a service key's log of what happens to its games, each entry
//! converted into the game's event as a spectator sees it.

use std::pin::Pin;

use bytes::Bytes;
use prost::Message;
use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Status};

use super::GameServiceImpl;
use super::streams::EncodedOwnerEvent;
use crate::engine::Viewer;
use crate::play::{OwnerEntry, OwnerEventKind, OwnerFilter, SharedEntry, TournamentLink};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{Violations, event_to_proto, labels_from_proto, series_events, tournament_events};
use crate::service::error::ApiError;

/// The stream a `StreamOwnerEvents` call answers with.
pub type OwnerEventStream = Pin<Box<dyn Stream<Item = Result<EncodedOwnerEvent, Status>> + Send>>;

impl GameServiceImpl {
    pub(super) async fn stream_owner_events_call(
        &self,
        request: Request<pb::StreamOwnerEventsRequest>,
    ) -> Result<OwnerEventStream, ApiError> {
        let owner = self.gate.service_key(&request, "following a key's games")?.unwrap_or_default();
        let asked = request.get_ref();
        let mut violations = Violations::default();
        let kinds = asked
            .kinds
            .iter()
            .enumerate()
            .filter_map(|(index, kind)| {
                let known = pb::OwnerEventKind::try_from(*kind).ok().and_then(owner_kind_from_proto);
                if known.is_none() {
                    violations.add(format!("kinds[{index}]"), format!("{kind} is not an OwnerEventKind to filter by"));
                }
                known
            })
            .collect();
        let labels = labels_from_proto(&asked.labels, "labels", &mut violations);
        let filter = violations.into_result(OwnerFilter { kinds, labels })?;
        let entries = self
            .hub
            .follow_owner(&owner, asked.after_cursor, filter, self.limits.max_streams_per_game, self.shutdown.clone())
            .await?;
        let hub = self.hub.clone();
        let events = entries.then(move |shared| {
            let hub = hub.clone();
            async move {
                let shared = shared.map_err(|error| Status::from(ApiError::from(error)))?;
                Ok(encoded_owner_event(&hub, &shared).await)
            }
        });
        // An entry whose game was deleted meanwhile is left out, as the log leaves it.
        Ok(Box::pin(events.filter_map(|event: Result<Option<EncodedOwnerEvent>, Status>| event.transpose())))
    }
}

/// `shared`'s message, encoded: the encoding another follower of the owner made, or a new
/// one, then left for the next; `None` when the game is gone.
async fn encoded_owner_event(hub: &crate::play::Hub, shared: &SharedEntry) -> Option<EncodedOwnerEvent> {
    if let Some(rendering) = shared.rendering() {
        return Some(EncodedOwnerEvent::new(rendering.clone()));
    }
    let encoded = Bytes::from(owner_event(hub, &shared.entry).await?.encode_to_vec());
    shared.share(encoded.clone());
    Some(EncodedOwnerEvent::new(encoded))
}

/// `entry` as its message: its game's event as a spectator sees it; `None` when the game
/// is gone.
async fn owner_event(hub: &crate::play::Hub, entry: &OwnerEntry) -> Option<pb::StreamOwnerEventsResponse> {
    let live = hub.game(&entry.game_id).await.ok()?;
    let clocks = live.clock_readings_of(&entry.event);
    let game_event = event_to_proto(&live, Viewer::Spectator, &entry.event, clocks.as_ref());
    let series_event = match (entry.kind, &live.series) {
        (OwnerEventKind::SeriesGameFinished | OwnerEventKind::SeriesFinished, Some(link)) => {
            series_event_of(hub, &link.series_id, &entry.game_id, entry.kind).await
        }
        _ => None,
    };
    let tournament_event = match &live.tournament {
        Some(link) => tournament_event_of(hub, link, entry.kind).await,
        None => None,
    };
    let event = pb::OwnerEvent {
        cursor: entry.cursor,
        kind: owner_kind_to_proto(entry.kind) as i32,
        game_event: Some(game_event),
        series_event,
        tournament_event,
    };
    Some(pb::StreamOwnerEventsResponse { event: Some(event) })
}

/// The event of series `series_id` that an entry of `kind` about its game `game_id` tells:
/// the game's scoring, or the series' end; `None` when the series is gone.
async fn series_event_of(
    hub: &crate::play::Hub,
    series_id: &str,
    game_id: &str,
    kind: OwnerEventKind,
) -> Option<pb::SeriesEvent> {
    use pb::series_event::Kind;
    let series = hub.series(series_id).await.ok()?;
    series_events(&series).into_iter().find(|event| match (&event.kind, kind) {
        (Some(Kind::GameFinished(finished)), OwnerEventKind::SeriesGameFinished) => finished.game_id == game_id,
        (Some(Kind::SeriesFinished(_)), OwnerEventKind::SeriesFinished) => true,
        _ => false,
    })
}

/// The event of the tournament game `link` belongs to that an entry of `kind` about the
/// game tells: its board's end, its round's, or the tournament's; `None` for another kind
/// or when the tournament is gone.
async fn tournament_event_of(
    hub: &crate::play::Hub,
    link: &TournamentLink,
    kind: OwnerEventKind,
) -> Option<pb::TournamentEvent> {
    use pb::tournament_event::Kind;
    if !matches!(
        kind,
        OwnerEventKind::TournamentBoardFinished
            | OwnerEventKind::TournamentRoundFinished
            | OwnerEventKind::TournamentFinished
    ) {
        return None;
    }
    let tournament = hub.tournament(&link.tournament_id).await.ok()?;
    tournament_events(&tournament).into_iter().find(|event| match (&event.kind, kind) {
        (Some(Kind::BoardFinished(finished)), OwnerEventKind::TournamentBoardFinished) => {
            finished.round == link.round && finished.board.as_ref().is_some_and(|b| b.number == link.board)
        }
        (Some(Kind::RoundFinished(finished)), OwnerEventKind::TournamentRoundFinished) => finished.round == link.round,
        (Some(Kind::TournamentEnded(_)), OwnerEventKind::TournamentFinished) => true,
        _ => false,
    })
}

fn owner_kind_to_proto(kind: OwnerEventKind) -> pb::OwnerEventKind {
    match kind {
        OwnerEventKind::GameCreated => pb::OwnerEventKind::GameCreated,
        OwnerEventKind::GameStarted => pb::OwnerEventKind::GameStarted,
        OwnerEventKind::GameEnded => pb::OwnerEventKind::GameEnded,
        OwnerEventKind::DrawOffered => pb::OwnerEventKind::DrawOffered,
        OwnerEventKind::TakebackRequested => pb::OwnerEventKind::TakebackRequested,
        OwnerEventKind::SeatPresent => pb::OwnerEventKind::SeatPresent,
        OwnerEventKind::SeatGone => pb::OwnerEventKind::SeatGone,
        OwnerEventKind::ClockFlagged => pb::OwnerEventKind::ClockFlagged,
        OwnerEventKind::MovePlayed => pb::OwnerEventKind::MovePlayed,
        OwnerEventKind::GameResumed => pb::OwnerEventKind::GameResumed,
        OwnerEventKind::SeriesGameFinished => pb::OwnerEventKind::SeriesGameFinished,
        OwnerEventKind::SeriesFinished => pb::OwnerEventKind::SeriesFinished,
        OwnerEventKind::TournamentBoardFinished => pb::OwnerEventKind::TournamentBoardFinished,
        OwnerEventKind::TournamentRoundFinished => pb::OwnerEventKind::TournamentRoundFinished,
        OwnerEventKind::TournamentFinished => pb::OwnerEventKind::TournamentFinished,
    }
}

fn owner_kind_from_proto(kind: pb::OwnerEventKind) -> Option<OwnerEventKind> {
    match kind {
        pb::OwnerEventKind::Unspecified => None,
        pb::OwnerEventKind::GameCreated => Some(OwnerEventKind::GameCreated),
        pb::OwnerEventKind::GameStarted => Some(OwnerEventKind::GameStarted),
        pb::OwnerEventKind::GameEnded => Some(OwnerEventKind::GameEnded),
        pb::OwnerEventKind::DrawOffered => Some(OwnerEventKind::DrawOffered),
        pb::OwnerEventKind::TakebackRequested => Some(OwnerEventKind::TakebackRequested),
        pb::OwnerEventKind::SeatPresent => Some(OwnerEventKind::SeatPresent),
        pb::OwnerEventKind::SeatGone => Some(OwnerEventKind::SeatGone),
        pb::OwnerEventKind::ClockFlagged => Some(OwnerEventKind::ClockFlagged),
        pb::OwnerEventKind::MovePlayed => Some(OwnerEventKind::MovePlayed),
        pb::OwnerEventKind::GameResumed => Some(OwnerEventKind::GameResumed),
        pb::OwnerEventKind::SeriesGameFinished => Some(OwnerEventKind::SeriesGameFinished),
        pb::OwnerEventKind::SeriesFinished => Some(OwnerEventKind::SeriesFinished),
        pb::OwnerEventKind::TournamentBoardFinished => Some(OwnerEventKind::TournamentBoardFinished),
        pb::OwnerEventKind::TournamentRoundFinished => Some(OwnerEventKind::TournamentRoundFinished),
        pb::OwnerEventKind::TournamentFinished => Some(OwnerEventKind::TournamentFinished),
    }
}
