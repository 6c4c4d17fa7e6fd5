//! `StreamEvents`: the play layer's subscription to a game, each event converted into what
//! its viewer may see of it, and the error that ends it into a status.

use std::pin::Pin;
use std::sync::Arc;

use tokio::sync::watch;
use tokio_stream::{Stream, StreamExt};
use tonic::Status;

use super::convert::{event_to_proto, view_to_proto};
use super::error::ApiError;
use crate::play::{ClockReadings, Hub, LiveGame, Subscription, subscribe};
use crate::proto::tabula::v1::StreamEventsResponse;

/// The stream a `StreamEvents` call answers with.
pub type EventStream = Pin<Box<dyn Stream<Item = Result<StreamEventsResponse, Status>> + Send>>;

/// `live`'s events after `subscription.after`, as its viewer may see them.
pub async fn event_stream(
    hub: Arc<Hub>,
    live: Arc<LiveGame>,
    subscription: Subscription,
    shutdown: watch::Receiver<bool>,
) -> Result<EventStream, ApiError> {
    let viewer = subscription.viewer;
    let events = subscribe(hub, live.clone(), subscription, shutdown).await?;
    let messages = events.map(move |item| match item {
        Ok(delivery) => {
            let seq = delivery.event.seq;
            let view = delivery.view.map(|view| view_to_proto(&live, seq, &view, delivery.clocks.as_ref()));
            let clocks = ClockReadings::of_event(&live, &delivery.event);
            let event = event_to_proto(&live, viewer, &delivery.event, clocks.as_ref());
            Ok(StreamEventsResponse { event: Some(event), view })
        }
        Err(error) => Err(Status::from(ApiError::from(error))),
    });
    Ok(Box::pin(messages))
}
