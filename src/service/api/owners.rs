//! `StreamOwnerEvents`: a service key's log of what happens to its games, each entry
//! converted into the game's event as a spectator sees it.

use std::pin::Pin;

use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Status};

use super::GameServiceImpl;
use crate::engine::Viewer;
use crate::play::{OwnerEntry, OwnerEventKind, OwnerFilter};
use crate::proto::tabula::v1 as pb;
use crate::service::convert::{Violations, event_to_proto, labels_from_proto};
use crate::service::error::ApiError;

/// The stream a `StreamOwnerEvents` call answers with.
pub type OwnerEventStream = Pin<Box<dyn Stream<Item = Result<pb::StreamOwnerEventsResponse, Status>> + Send>>;

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
        let events = entries.then(move |entry| {
            let hub = hub.clone();
            async move {
                let entry = entry.map_err(|error| Status::from(ApiError::from(error)))?;
                Ok(owner_event(&hub, entry).await)
            }
        });
        // An entry whose game was deleted meanwhile is left out, as the log leaves it.
        Ok(Box::pin(
            events.filter_map(|event: Result<Option<pb::StreamOwnerEventsResponse>, Status>| event.transpose()),
        ))
    }
}

/// `entry` as its message: its game's event as a spectator sees it; `None` when the game
/// is gone.
async fn owner_event(hub: &crate::play::Hub, entry: OwnerEntry) -> Option<pb::StreamOwnerEventsResponse> {
    let live = hub.game(&entry.game_id).await.ok()?;
    let clocks = live.clock_readings_of(&entry.event);
    let game_event = event_to_proto(&live, Viewer::Spectator, &entry.event, clocks.as_ref());
    let event = pb::OwnerEvent {
        cursor: entry.cursor,
        kind: owner_kind_to_proto(entry.kind) as i32,
        game_event: Some(game_event),
    };
    Some(pb::StreamOwnerEventsResponse { event: Some(event) })
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
    }
}
