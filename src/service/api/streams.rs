//! The two event streams: a game's (the play layer's subscription, each event converted
//! into what its viewer may see and encoded once for all who see the same) and a series'
//! (its revisions as numbered events).

use std::marker::PhantomData;
use std::pin::Pin;

use bytes::{Buf, BufMut, Bytes};
use futures_util::stream;
use prost::Message;
use prost::encoding::{DecodeContext, WireType};
use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Status};

use super::GameServiceImpl;
use super::admission::Entered;
use crate::engine::Viewer;
use crate::play::{Content, Delivery, LiveGame, Subscription, Views};
use crate::proto::tabula::v1 as pb;
use crate::proto::view_change;
use crate::service::convert::{event_to_proto, series_events, view_to_proto};
use crate::service::error::ApiError;

/// The stream a `StreamEvents` call answers with.
pub type EventStream = Pin<Box<dyn Stream<Item = Result<EncodedEvent, Status>> + Send>>;

/// The stream a `StreamSeriesEvents` call answers with.
pub type SeriesEventStream = Pin<Box<dyn Stream<Item = Result<pb::StreamSeriesEventsResponse, Status>> + Send>>;

impl GameServiceImpl {
    pub(super) async fn stream_events_call(
        &self,
        request: Request<pb::StreamEventsRequest>,
    ) -> Result<EventStream, ApiError> {
        let entered = self.gate.enter(&self.hub, &request, &request.get_ref().game_id).await?;
        let delayed = entered.delayed();
        let Entered { live, viewer, proof, .. } = entered;
        let subscription = Subscription {
            delayed,
            viewer,
            // A stream opened with a seat's credential ends when a reissue revokes it.
            opened_with: proof,
            after: request.get_ref().after_seq,
            max_per_game: self.limits.max_streams_per_game,
            views: match request.get_ref() {
                pb::StreamEventsRequest { view_changes: true, .. } => Views::Changes,
                pb::StreamEventsRequest { include_views: true, .. } => Views::Whole,
                _ => Views::Omitted,
            },
        };
        let deliveries = self.hub.subscribe(live.clone(), subscription, self.shutdown.clone()).await?;
        Ok(Box::pin(deliveries.map(move |item| match item {
            Ok(delivery) => Ok(encode(&live, viewer, delivery)),
            Err(error) => Err(Status::from(ApiError::from(error))),
        })))
    }

    pub(super) async fn stream_series_events_call(
        &self,
        request: Request<pb::StreamSeriesEventsRequest>,
    ) -> Result<SeriesEventStream, ApiError> {
        let series = self.readable_series(&request, &request.get_ref().series_id).await?;
        let after = request.get_ref().after_seq;
        let current = series_events(&series).len() as u64;
        if after > current {
            return Err(ApiError::SeqOutOfRange { after, current });
        }
        let revisions =
            self.hub.follow_series(&series.id, self.limits.max_streams_per_game, self.shutdown.clone()).await?;
        // Each revision's events after those already sent: a series' history only grows.
        let mut sent = after as usize;
        let events = futures_util::StreamExt::flat_map(revisions, move |revision| {
            let events: Vec<Result<pb::StreamSeriesEventsResponse, Status>> = match revision {
                Ok(series) => {
                    let new = series_events(&series).into_iter().skip(sent);
                    let new: Vec<_> =
                        new.map(|event| Ok(pb::StreamSeriesEventsResponse { event: Some(event) })).collect();
                    sent += new.len();
                    new
                }
                Err(error) => vec![Err(Status::from(ApiError::from(error)))],
            };
            stream::iter(events)
        });
        Ok(Box::pin(events))
    }
}

/// The `StreamEventsResponse` of `delivery`, encoded: the one another subscriber of the
/// same audience made, or a new one, then left for the next.
fn encode(live: &LiveGame, viewer: Viewer, delivery: Delivery) -> EncodedEvent {
    let (view, earlier, view_clocks) = match &delivery.content {
        Content::Rendered(encoded) => return EncodedEvent::new(encoded.clone()),
        Content::Fresh { view, earlier, clocks } => (view, earlier, clocks),
    };
    let event = delivery.event();
    let view = view.as_ref().map(|view| view_to_proto(live, event.seq, view, view_clocks.as_ref()));
    // A change is made between wire views, so it holds whatever the conversion adds.
    let (view, view_change) = match (view, earlier) {
        (Some(view), Some(earlier)) => {
            let earlier = view_to_proto(live, event.seq - 1, earlier, None);
            (None, Some(view_change::change(&earlier, view)))
        }
        (view, _) => (view, None),
    };
    let event = event_to_proto(live, viewer, event, live.clock_readings_of(event).as_ref());
    let encoded = Bytes::from(pb::StreamEventsResponse { event: Some(event), view, view_change }.encode_to_vec());
    delivery.share(encoded.clone());
    EncodedEvent::new(encoded)
}

/// A message already encoded, which the server sends as it is: the subscribers of a
/// stream who see the same event (a game's audience, an owner's followers) share one
/// encoding of it.
///
/// Only the server's code uses it (the clients and the rest of the crate read the message
/// `M` itself); it is a [`Message`] so that tonic's codec can send it.
pub struct Encoded<M>(Bytes, PhantomData<fn() -> M>);

/// A `StreamEventsResponse` already encoded.
pub type EncodedEvent = Encoded<pb::StreamEventsResponse>;

/// A `StreamOwnerEventsResponse` already encoded.
pub type EncodedOwnerEvent = Encoded<pb::StreamOwnerEventsResponse>;

impl<M> Encoded<M> {
    /// The message that `bytes` encode.
    pub fn new(bytes: Bytes) -> Encoded<M> {
        Encoded(bytes, PhantomData)
    }

    /// The encoding.
    pub fn bytes(&self) -> &Bytes {
        &self.0
    }
}

impl<M> Clone for Encoded<M> {
    fn clone(&self) -> Self {
        Encoded::new(self.0.clone())
    }
}

impl<M> Default for Encoded<M> {
    fn default() -> Self {
        Encoded::new(Bytes::new())
    }
}

impl<M> PartialEq for Encoded<M> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<M> std::fmt::Debug for Encoded<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Encoded").field(&self.0).finish()
    }
}

impl<M: Message + Default> Message for Encoded<M> {
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
        let mut message = M::decode(self.0.clone())?;
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
    use crate::proto::tabula::v1::{GameEvent, StreamEventsResponse};

    #[test]
    fn an_encoded_event_is_the_message_it_encodes_on_the_wire() {
        let message =
            StreamEventsResponse { event: Some(GameEvent { seq: 7, ..Default::default() }), ..Default::default() };
        let encoded = EncodedEvent::new(message.encode_to_vec().into());
        assert_eq!(encoded.encode_to_vec(), message.encode_to_vec());
        assert_eq!(encoded.encode_length_delimited_to_vec(), message.encode_length_delimited_to_vec());
        let decoded = EncodedEvent::decode(message.encode_to_vec().as_slice()).unwrap();
        assert_eq!(StreamEventsResponse::decode(decoded.bytes().clone()).unwrap(), message);
    }
}
