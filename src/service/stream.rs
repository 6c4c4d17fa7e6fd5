//! `StreamEvents`: the play layer's subscription to a game, each event converted into what
//! its viewer may see of it and encoded once for all who see the same, and the error that
//! ends it into a status.

use std::pin::Pin;
use std::sync::Arc;

use bytes::{Buf, BufMut, Bytes};
use prost::Message;
use prost::encoding::{DecodeContext, WireType};
use tokio::sync::watch;
use tokio_stream::{Stream, StreamExt};
use tonic::Status;

use super::convert::{event_to_proto, view_to_proto};
use super::error::ApiError;
use crate::engine::Viewer;
use crate::play::{ClockReadings, Content, Delivery, Hub, LiveGame, Subscription, subscribe};
use crate::proto::tabula::v1::StreamEventsResponse;

/// The stream a `StreamEvents` call answers with.
pub type EventStream = Pin<Box<dyn Stream<Item = Result<EncodedEvent, Status>> + Send>>;

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
        Ok(delivery) => Ok(encode(&live, viewer, delivery)),
        Err(error) => Err(Status::from(ApiError::from(error))),
    });
    Ok(Box::pin(messages))
}

/// The `StreamEventsResponse` of `delivery`, encoded: the one another subscriber of the
/// same audience made, or a new one, then left for the next.
fn encode(live: &LiveGame, viewer: Viewer, delivery: Delivery) -> EncodedEvent {
    let (view, view_clocks) = match &delivery.content {
        Content::Rendered(encoded) => return EncodedEvent(encoded.clone()),
        Content::Fresh { view, clocks } => (view, clocks),
    };
    let event = delivery.event();
    let view = view.as_ref().map(|view| view_to_proto(live, event.seq, view, view_clocks.as_ref()));
    let clocks = ClockReadings::of_event(live, event);
    let event = event_to_proto(live, viewer, event, clocks.as_ref());
    let encoded = Bytes::from(StreamEventsResponse { event: Some(event), view }.encode_to_vec());
    delivery.share(encoded.clone());
    EncodedEvent(encoded)
}

/// A `StreamEventsResponse` already encoded, which the server sends as it is: subscribers
/// who see the same event share one encoding of it.
///
/// Only the server's code uses it (the clients and the rest of the crate read
/// [`StreamEventsResponse`]); it is a [`Message`] so that tonic's codec can send it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EncodedEvent(pub Bytes);

impl Message for EncodedEvent {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(&self.0);
    }

    // The server never decodes what it sends; this keeps decoding correct all the same,
    // through the message the bytes encode.
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), prost::DecodeError> {
        let mut message = StreamEventsResponse::decode(self.0.clone())?;
        message.merge_field(tag, wire_type, buf, ctx)?;
        self.0 = message.encode_to_vec().into();
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        self.0.len()
    }

    fn clear(&mut self) {
        self.0 = Bytes::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::tabula::v1::GameEvent;

    #[test]
    fn an_encoded_event_is_the_message_it_encodes_on_the_wire() {
        let message = StreamEventsResponse { event: Some(GameEvent { seq: 7, ..Default::default() }), view: None };
        let encoded = EncodedEvent(message.encode_to_vec().into());
        assert_eq!(encoded.encode_to_vec(), message.encode_to_vec());
        assert_eq!(encoded.encode_length_delimited_to_vec(), message.encode_length_delimited_to_vec());
        let decoded = EncodedEvent::decode(message.encode_to_vec().as_slice()).unwrap();
        assert_eq!(StreamEventsResponse::decode(decoded.0).unwrap(), message);
    }
}
