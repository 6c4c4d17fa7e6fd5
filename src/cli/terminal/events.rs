//! A game's events as they happen, each with the view after it: `StreamEvents` with
//! `view_changes` (the first view whole, then each one as what changed, applied here to
//! the one before), opened again after the last event seen when the server says this
//! reader fell behind (`STREAM_LAGGED`), so no event is missed or shown twice.

use tabula::proto::tabula::v1 as pb;
use tabula::proto::view_change::FollowedView;
use tokio_stream::StreamExt;
use tonic::codec::Streaming;
use tonic_types::StatusExt;

use super::client::{Client, Credential, Failure, failed, request};

/// An event and the view just after it (absent only if the server sent none).
pub type Arrival = (pb::GameEvent, Option<pb::View>);

/// The events of one game after a given sequence number, read as one caller.
pub struct Feed {
    client: Client,
    game_id: String,
    credential: Option<Credential>,
    /// `None` until opened, and again after the server dropped a reader that fell behind.
    stream: Option<Streaming<pb::StreamEventsResponse>>,
    /// The last event delivered: a reopened stream starts after it.
    last_seq: u64,
    /// The view after it, which the stream's next change applies to.
    view: FollowedView,
}

impl Feed {
    /// The events of `game_id` after `after_seq`, as `credential` (or a spectator) sees them.
    pub fn new(client: Client, game_id: &str, credential: Option<Credential>, after_seq: u64) -> Feed {
        Feed {
            client,
            game_id: game_id.to_owned(),
            credential,
            stream: None,
            last_seq: after_seq,
            view: FollowedView::default(),
        }
    }

    /// The next event and the view just after it; `None` once the game's final event has
    /// been delivered. Safe to cancel: an event not yet returned is returned by the next
    /// call.
    ///
    /// # Errors
    /// The server's refusal or a broken connection, as a sentence.
    pub async fn next(&mut self) -> Result<Option<Arrival>, Failure> {
        loop {
            if self.stream.is_none() {
                let message = pb::StreamEventsRequest {
                    game_id: self.game_id.clone(),
                    after_seq: self.last_seq,
                    include_views: true,
                    view_changes: true,
                };
                let opened = self
                    .client
                    .stream_events(request(self.credential.as_ref(), message))
                    .await
                    .map_err(|e| failed("follow the game's events", &e))?;
                self.stream = Some(opened.into_inner());
            }
            let Some(stream) = self.stream.as_mut() else { continue };
            match stream.next().await {
                None => return Ok(None),
                Some(Ok(pb::StreamEventsResponse { event: Some(event), view, view_change })) => {
                    let view = self
                        .view
                        .receive(view, view_change.as_ref())
                        .map_err(|e| Failure::from(format!("follow the game's events: {e}")))?
                        .cloned();
                    self.last_seq = event.seq;
                    return Ok(Some((event, view)));
                }
                // A message without its event says nothing; the next one carries on.
                Some(Ok(_)) => {}
                Some(Err(status)) if lagged(&status) => {
                    self.stream = None;
                    self.view.forget();
                }
                Some(Err(status)) => return Err(failed("follow the game's events", &status).into()),
            }
        }
    }
}

fn lagged(status: &tonic::Status) -> bool {
    status.get_details_error_info().is_some_and(|info| info.reason == "STREAM_LAGGED")
}
