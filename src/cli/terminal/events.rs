//! A game's events as they happen, each with the view after it: `StreamEvents` with
//! `view_changes` (the first view whole, then each one as what changed, applied here to
//! the one before), opened again after the last event seen when the server says this
//! reader fell behind (`STREAM_LAGGED`) or when the server is lost (a restart), so no event
//! is missed or shown twice; and a game's history up to a given event, read once.

use tabula::proto::tabula::v1 as pb;
use tabula::proto::view_change::FollowedView;
use tokio::time::Instant;
use tokio_stream::StreamExt;
use tonic::Status;
use tonic::codec::Streaming;
use tonic_types::StatusExt;

use super::client::{Client, Credential, Failure, failed, request};
use super::reconnect::{Backoff, transient};

/// An event and the view just after it (absent only if the server sent none).
pub type Arrival = (pb::GameEvent, Option<pb::View>);

/// What the feed has to say next.
#[derive(Debug)]
pub enum News {
    /// The next event, and the view just after it (boxed: a view is large, the other news
    /// small).
    Event(Box<Arrival>),
    /// The server cannot be reached, for the reason given; the next call tries again after
    /// a pause.
    Lost(String),
    /// The events flow again after the server was lost.
    Back,
    /// The game's final event has been delivered.
    End,
}

/// The events of one game after a given sequence number, read as one caller.
pub struct Feed {
    client: Client,
    game_id: String,
    credential: Option<Credential>,
    /// `None` until opened, and again after the server dropped a reader that fell behind
    /// or was lost.
    stream: Option<Streaming<pb::StreamEventsResponse>>,
    /// The last event delivered: a reopened stream starts after it.
    last_seq: u64,
    /// The view after it, which the stream's next change applies to.
    view: FollowedView,
    /// While the server is lost: when to try it again.
    retry_at: Option<Instant>,
    /// The pauses between attempts, from the shortest again once the server is back.
    backoff: Backoff,
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
            retry_at: None,
            backoff: Backoff::new(),
        }
    }

    /// The next event and the view just after it, the server lost or back, or the end of
    /// the events. Safe to cancel: an event not yet returned is returned by the next call,
    /// and a pause cut short goes on from where it was.
    ///
    /// # Errors
    /// The server's refusal, as a sentence.
    pub async fn next(&mut self) -> Result<News, Failure> {
        loop {
            if self.stream.is_none() {
                if let Some(retry_at) = self.retry_at {
                    tokio::time::sleep_until(retry_at).await;
                }
                match self.open().await {
                    Ok(()) => {}
                    Err(status) if transient(&status) => return Ok(self.lost(&status)),
                    Err(status) => return Err(failed("follow the game's events", &status).into()),
                }
                if self.retry_at.take().is_some() {
                    self.backoff = Backoff::new();
                    return Ok(News::Back);
                }
            }
            let Some(stream) = self.stream.as_mut() else { continue };
            match stream.next().await {
                None => return Ok(News::End),
                Some(Ok(pb::StreamEventsResponse { event: Some(event), view, view_change })) => {
                    let view = self
                        .view
                        .receive(view, view_change.as_ref())
                        .map_err(|e| Failure::from(format!("follow the game's events: {e}")))?
                        .cloned();
                    self.last_seq = event.seq;
                    return Ok(News::Event(Box::new((event, view))));
                }
                // A message without its event says nothing; the next one carries on.
                Some(Ok(_)) => {}
                Some(Err(status)) if lagged(&status) => self.reopen(),
                Some(Err(status)) if transient(&status) => return Ok(self.lost(&status)),
                Some(Err(status)) => return Err(failed("follow the game's events", &status).into()),
            }
        }
    }

    /// Opens the stream after the last event delivered.
    async fn open(&mut self) -> Result<(), Status> {
        let message = pb::StreamEventsRequest {
            game_id: self.game_id.clone(),
            after_seq: self.last_seq,
            include_views: true,
            view_changes: true,
        };
        let opened = self.client.stream_events(request(self.credential.as_ref(), message)).await?;
        self.stream = Some(opened.into_inner());
        Ok(())
    }

    /// Drops the stream: the next call opens another after the last event delivered, whose
    /// first view comes whole.
    fn reopen(&mut self) {
        self.stream = None;
        self.view.forget();
    }

    /// Notes the server lost (`status` says how), and when to try it again.
    fn lost(&mut self, status: &Status) -> News {
        self.reopen();
        self.retry_at = Some(Instant::now() + self.backoff.pause());
        News::Lost(status.message().to_owned())
    }
}

/// The events of `game_id` from its creation through `through_seq`, as `credential` (or a
/// spectator) sees them, without views: what a terminal joining a game late counts its
/// moves from.
///
/// # Errors
/// The server's refusal, or a lost connection.
pub async fn history(
    client: &mut Client,
    game_id: &str,
    credential: Option<&Credential>,
    through_seq: u64,
) -> Result<Vec<pb::GameEvent>, Status> {
    let message = pb::StreamEventsRequest {
        game_id: game_id.to_owned(),
        after_seq: 0,
        include_views: false,
        view_changes: false,
    };
    let mut stream = client.stream_events(request(credential, message)).await?.into_inner();
    let mut events = Vec::new();
    // A game in progress keeps its stream open: the reading stops at the seq asked for.
    while let Some(response) = stream.next().await {
        let Some(event) = response?.event else { continue };
        let seq = event.seq;
        events.push(event);
        if seq >= through_seq {
            break;
        }
    }
    Ok(events)
}

fn lagged(status: &tonic::Status) -> bool {
    status.get_details_error_info().is_some_and(|info| info.reason == "STREAM_LAGGED")
}
