//! One turn end to end: idempotency by request id (scoped to the seat that sent it, and
//! checked against a digest of the whole request), the expected-seq check, validate-only,
//! the events the turn appends, the conditional append, and only then the new state in
//! memory and the broadcast. The state in memory never gets ahead of the log, and a
//! subscriber never hears of an event the log does not hold.

use std::sync::Arc;
use std::time::SystemTime;

use sha2::{Digest, Sha256};

use super::error::PlayError;
use super::hub::{Hub, LiveGame, SNAPSHOT_EVERY, record_update};
use crate::engine::{MoveError, Reason, Turn, View, Viewer};
use crate::store::{Actor, EventKind, StoreError, StoredEvent, to_stored_precision};

/// What a turn did.
pub struct TurnResult {
    /// False for a `validate_only` check.
    pub applied: bool,
    /// The game's newest seq afterwards.
    pub seq: u64,
    /// The events the turn appended (or, for a retry, had appended).
    pub events: Vec<StoredEvent>,
    /// The game afterwards, for the caller.
    pub view: View,
}

/// A request to play a turn.
pub struct TurnRequest {
    /// Who makes it: a seat its own turns, a service key an abort or an adjudication
    /// ([`Actor::may_make`]).
    pub actor: Actor,
    /// The turn.
    pub turn: Turn,
    /// Apply only if the log still ends here.
    pub expected_seq: Option<u64>,
    /// Makes retries safe: the caller's id for this request, unique among its own
    /// requests (ids are scoped to the actor that sends them; see [`TurnRequest::log_key`]).
    pub request_id: Option<String>,
    /// Only check.
    pub validate_only: bool,
}

impl TurnRequest {
    /// The request id as the log keeps it: scoped to the actor that sent it, so that one
    /// actor can neither learn which ids another has used nor spend them first.
    fn log_key(&self) -> Option<String> {
        self.request_id.as_ref().map(|id| format!("{}/{id}", self.actor.request_scope()))
    }

    /// Who the answer is for: a seat sees its own view (the engine its seat's), anyone else
    /// a spectator's.
    fn viewer(&self) -> Viewer {
        match self.actor {
            Actor::Seat(seat) | Actor::Engine(seat) => Viewer::Seat(seat),
            Actor::Service { .. } => Viewer::Spectator,
        }
    }

    /// A digest of everything the request asks, so that an id reused for a different
    /// request is told apart from a retry.
    fn digest(&self) -> String {
        let asked = serde_json::to_vec(&(&self.turn, self.expected_seq, self.validate_only)).expect("turns serialise");
        Sha256::digest(asked).iter().map(|byte| format!("{byte:02x}")).collect()
    }
}

impl Hub {
    /// The events an earlier request with the same id as `request` appended, if one did.
    ///
    /// # Errors
    /// `REQUEST_ID_REUSED` when that earlier request asked something else.
    async fn earlier(&self, live: &LiveGame, request: &TurnRequest) -> Result<Vec<StoredEvent>, PlayError> {
        let (Some(key), Some(id)) = (request.log_key(), request.request_id.as_deref()) else { return Ok(Vec::new()) };
        let mut events = self.store.find_request(&live.id, &key).await?;
        if events.is_empty() && matches!(request.actor, Actor::Seat(_)) {
            // Logs written before ids were scoped hold them bare (and only seats made turns
            // then): honour those retries, but only the seat that made the request can find it.
            events = self.store.find_request(&live.id, id).await?;
            let same_actor = events.first().and_then(|e| e.kind.actor()).is_some_and(|actor| actor == request.actor);
            if !same_actor {
                events.clear();
            }
        }
        let Some(first) = events.first() else { return Ok(events) };
        let same = match &first.request_digest {
            Some(digest) => *digest == request.digest(),
            // Logged before digests: the turn is all that can be compared.
            None => matches!(&first.kind, EventKind::Played { turn, .. } if turn == &request.turn),
        };
        if same { Ok(events) } else { Err(PlayError::RequestIdReused) }
    }

    /// The answer the first request gave, rebuilt from its events and the log before them.
    async fn first_answer(
        &self,
        live: &LiveGame,
        events: Vec<StoredEvent>,
        viewer: Viewer,
    ) -> Result<TurnResult, PlayError> {
        let seq = events.last().map_or(0, |event| event.seq);
        let game = self.game_at(live, seq).await?;
        Ok(TurnResult { applied: true, seq, events, view: game.view(viewer) })
    }

    /// Plays `request.turn` in `live`, exactly once per request id: a retry is answered as
    /// the first request was (its seq, its events, and the view as of then). The answer's
    /// view is the actor's: its seat's, or a spectator's for a service key.
    pub async fn play(&self, live: &LiveGame, request: TurnRequest) -> Result<TurnResult, PlayError> {
        let viewer = request.viewer();
        if let Actor::Seat(seat) = request.actor
            && live.is_bot(seat)
        {
            return Err(PlayError::SeatPlayedByEngine { seat });
        }
        if !request.actor.may_make(&request.turn) {
            let current_seq = live.state.lock().await.seq;
            let error = MoveError::new(
                Reason::NotYourTurn,
                "only a seat makes its own moves, and only a service key aborts or adjudicates",
            );
            return Err(PlayError::Move { error, current_seq });
        }
        let mut state = live.state.lock().await;

        let earlier = self.earlier(live, &request).await?;
        if !earlier.is_empty() {
            drop(state);
            return self.first_answer(live, earlier, viewer).await;
        }
        if let Some(expected) = request.expected_seq
            && expected != state.seq
        {
            return Err(PlayError::StaleSeq { expected, current: state.seq });
        }
        if request.validate_only {
            let current_seq = state.seq;
            state.game.check(&request.turn).map_err(|error| PlayError::Move { error, current_seq })?;
            return Ok(TurnResult {
                applied: false,
                seq: state.seq,
                events: Vec::new(),
                view: state.game.view(viewer),
            });
        }

        let mut next = state.game.clone_box();
        next.play(&request.turn).map_err(|error| PlayError::Move { error, current_seq: state.seq })?;
        let now = to_stored_precision(SystemTime::now()).max(state.updated);
        let outcome = next.outcome();
        let move_number = match request.turn {
            Turn::TakeBack(_) => state.game.move_count(),
            Turn::Move(..) | Turn::Resign(_) | Turn::Abort { .. } | Turn::Adjudicate { .. } => next.move_count(),
        };
        let (request_id, request_digest) = (request.log_key(), request.request_id.as_ref().map(|_| request.digest()));
        let mut events = vec![StoredEvent {
            seq: state.seq + 1,
            time: now,
            kind: EventKind::Played { turn: request.turn.clone(), move_number, actor: Some(request.actor.clone()) },
            request_id: request_id.clone(),
            request_digest: request_digest.clone(),
        }];
        if let Some(outcome) = &outcome {
            events.push(StoredEvent {
                seq: state.seq + 2,
                time: now,
                kind: EventKind::Ended(outcome.clone()),
                request_id,
                request_digest,
            });
        }
        let update = record_update(outcome, next.move_count(), now);
        match self.store.append(&live.id, state.seq, events.clone(), update).await {
            Ok(()) => {}
            Err(StoreError::Conflict { current, .. }) => {
                // Another writer extended the log: this copy is stale. Catch it up so the
                // caller can look again and retry.
                live.catch_up(&mut state, self.store.as_ref()).await?;
                return Err(PlayError::StaleSeq { expected: request.expected_seq.unwrap_or(current), current });
            }
            Err(other) => return Err(other.into()),
        }

        let before = state.seq;
        state.seq += events.len() as u64;
        state.updated = now;
        state.game = next;
        if state.seq / SNAPSHOT_EVERY > before / SNAPSHOT_EVERY {
            self.save_snapshot(&live.id, state.seq, state.game.as_ref());
        }
        live.moved.send_replace(state.seq);
        for event in &events {
            // No receiver is fine: nobody is watching this game right now.
            let _ = live.events.send(Arc::new(event.clone()));
        }
        if live.due_bot(state.game.as_ref()).is_some() {
            self.drive(&live.id);
        }
        Ok(TurnResult { applied: true, seq: state.seq, events, view: state.game.view(viewer) })
    }
}
