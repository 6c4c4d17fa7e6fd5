//! One turn end to end: idempotency by request id (scoped to the seat that sent it, and
//! checked against a digest of the whole request), the expected-seq check, validate-only,
//! the events the turn appends, the conditional append, and only then the new state in
//! memory and the broadcast. The state in memory never gets ahead of the log, and a
//! subscriber never hears of an event the log does not hold.

use std::sync::Arc;

use sha2::{Digest, Sha256};

use super::clocks::{ClockReadings, credit_of_last_move, indices};
use super::error::PlayError;
use super::hub::{GameState, Hub, LiveGame, record_update};
use super::subscription::Announced;
use super::time::turn_moment;
use crate::engine::clock::{ClockChange, Clocks};
use crate::engine::{AnyUndo, MoveError, Outcome, Reason, Seat, Turn, View, Viewer};
use crate::store::{Actor, EventKind, SNAPSHOT_EVERY, StoreError, StoredEvent, from_millis, to_millis};

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
    /// In a game with clocks, the clocks afterwards, read when the turn was made.
    pub clocks: Option<ClockReadings>,
}

/// What a request asks of a game: a turn of the game, or a change to its clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A turn: a move, a resignation, a takeback, an abort, an adjudication, a timeout.
    Turn(Turn),
    /// A pause, a resumption or time added, by a service key.
    Clock(ClockChange),
}

impl Command {
    /// Whether this ends the game whatever the position: a resignation, an abort, an
    /// adjudication or a timeout. A log with no room left takes only these.
    fn ends_the_game(&self) -> bool {
        matches!(
            self,
            Command::Turn(Turn::Resign(_) | Turn::Abort { .. } | Turn::Adjudicate { .. } | Turn::TimedOut(_))
        )
    }
}

impl From<Turn> for Command {
    fn from(turn: Turn) -> Command {
        Command::Turn(turn)
    }
}

/// A request to play a turn.
pub struct TurnRequest {
    /// Who makes it: a seat its own turns, a service key an abort, an adjudication or a
    /// clock change, the clock a timeout ([`Actor::may_make`]).
    pub actor: Actor,
    /// What it asks.
    pub command: Command,
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
            Actor::Service { .. } | Actor::Clock => Viewer::Spectator,
        }
    }

    /// A digest of everything the request asks, so that an id reused for a different
    /// request is told apart from a retry. (A turn's digest is what it was before clock
    /// changes existed, so retries logged then are still recognised.)
    fn digest(&self) -> String {
        let asked = match &self.command {
            Command::Turn(turn) => serde_json::to_vec(&(turn, self.expected_seq, self.validate_only)),
            Command::Clock(change) => serde_json::to_vec(&("clock", change, self.expected_seq, self.validate_only)),
        };
        Sha256::digest(asked.expect("requests serialise")).iter().map(|byte| format!("{byte:02x}")).collect()
    }

    /// Whether the actor may ask this.
    fn allowed(&self) -> bool {
        match &self.command {
            Command::Turn(turn) => self.actor.may_make(turn),
            Command::Clock(_) => matches!(self.actor, Actor::Service { .. }),
        }
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
            None => {
                matches!((&first.kind, &request.command), (EventKind::Played { turn, .. }, Command::Turn(asked)) if turn == asked)
            }
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
        let (game, clocks) = self.game_at(live, seq).await?;
        let time = events.last().map_or(live.created, |event| event.time);
        let clocks = clocks.map(|clocks| ClockReadings::of(&clocks, time));
        Ok(TurnResult { applied: true, seq, events, view: game.view(viewer), clocks })
    }

    /// Refuses what the clocks forbid at `now`: a seat's move once a running clock ran out
    /// (the clock acts first) or while the clocks are paused, and clock changes that do not
    /// apply.
    fn check_clocks(
        &self,
        live: &LiveGame,
        state: &GameState,
        request: &TurnRequest,
        now: u64,
    ) -> Result<(), PlayError> {
        let current_seq = state.seq;
        let Some(clocks) = &state.clocks else {
            return match request.command {
                Command::Clock(_) => Err(PlayError::NoClock),
                Command::Turn(_) => Ok(()),
            };
        };
        if state.game.outcome().is_some() {
            // The rules refuse whatever comes after the end, with their own reason.
            return Ok(());
        }
        let flagged = clocks.flagged_at(now);
        match (&request.command, &request.actor) {
            (Command::Turn(_), Actor::Seat(_) | Actor::Engine(_)) => {
                if clocks.paused() {
                    return Err(PlayError::ClockPaused { current_seq });
                }
                if let Some(flag) = flagged {
                    // Whoever's time ran out, the game has moved past this request: let the
                    // clock act now rather than at its timer.
                    self.fire_soon(&live.id);
                    let seat = Seat::new(flag.seat as u8);
                    return Err(PlayError::OutOfTime { seat, deadline: from_millis(flag.deadline), current_seq });
                }
                Ok(())
            }
            (Command::Clock(ClockChange::Paused), _) if clocks.paused() => Err(PlayError::ClockPaused { current_seq }),
            (Command::Clock(ClockChange::Resumed), _) if !clocks.paused() => {
                Err(PlayError::ClockNotPaused { current_seq })
            }
            (Command::Clock(ClockChange::TimeAdded { seat, .. }), _) if *seat >= live.seat_count() => {
                let error = MoveError::new(Reason::InvalidMove, format!("this game has no seat {}", seat + 1));
                Err(PlayError::Move { error, current_seq })
            }
            _ => Ok(()),
        }
    }

    /// Has the clock look at game `id` now, in a task of its own.
    fn fire_soon(&self, id: &str) {
        let Some(hub) = self.me.upgrade() else { return };
        let id = id.to_owned();
        tokio::spawn(async move { hub.fire_timeout(&id).await });
    }

    /// Plays `request` in `live`, exactly once per request id: a retry is answered as the
    /// first request was (its seq, its events, and the view as of then). The answer's view
    /// is the actor's: its seat's, or a spectator's for a service key or the clock.
    pub async fn play(&self, live: &LiveGame, request: TurnRequest) -> Result<TurnResult, PlayError> {
        let played = self.play_once(live, request).await;
        if let Err(PlayError::Move { error, .. }) = &played {
            let kind = live.config.kind().info().name;
            metrics::counter!("tabula_moves_refused_total", "kind" => kind, "reason" => error.reason.code())
                .increment(1);
        }
        played
    }

    /// [`Hub::play`], before its refusals are counted.
    async fn play_once(&self, live: &LiveGame, request: TurnRequest) -> Result<TurnResult, PlayError> {
        let viewer = request.viewer();
        if let Actor::Seat(seat) = request.actor
            && live.is_bot(seat)
        {
            return Err(PlayError::SeatPlayedByEngine { seat });
        }
        if !request.allowed() {
            let current_seq = live.state.lock().await.seq;
            let error = MoveError::new(
                Reason::NotYourTurn,
                "only a seat makes its own moves, and only a service key aborts, adjudicates or changes the clocks",
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
        let now = turn_moment(self.time.now(), state.updated);
        let now_ms = to_millis(now);
        self.check_clocks(live, &state, &request, now_ms)?;
        if state.seq >= self.max_events && state.game.outcome().is_none() && !request.command.ends_the_game() {
            return Err(PlayError::LogFull { limit: self.max_events, current_seq: state.seq });
        }
        if request.validate_only {
            let current_seq = state.seq;
            if let Command::Turn(turn) = &request.command {
                state.game.check(turn).map_err(|error| PlayError::Move { error, current_seq })?;
            }
            let clocks = state.clocks.as_ref().map(|clocks| ClockReadings::of(clocks, now));
            return Ok(TurnResult {
                applied: false,
                seq: state.seq,
                events: Vec::new(),
                view: state.game.view(viewer),
                clocks,
            });
        }

        let (undo, clocks, kind) = match &request.command {
            Command::Turn(turn) => {
                let (current_seq, moves_before) = (state.seq, state.game.move_count());
                // Played in place (a copy would cost the game's length), and undone below
                // unless the log takes it.
                let undo = state.game.play_undoably(turn).map_err(|error| PlayError::Move { error, current_seq })?;
                let tentative = Tentative { state: &mut state, undo: Some(undo) };
                let taken_back = matches!(turn, Turn::TakeBack(_) | Turn::AnswerTakeBack { accept: true, .. });
                // What the move taken back added to its seat's clock goes with it.
                let credit = match (&tentative.state.clocks, taken_back) {
                    (Some(_), true) => credit_of_last_move(self.store.as_ref(), live, current_seq).await?,
                    _ => None,
                };
                let undo = tentative.release();
                let move_number = if taken_back { moves_before } else { state.game.move_count() };
                // The caller checked that no clock had run out, but the clock's own.
                let clocks = state.clocks.clone().map(|mut clocks| {
                    let by_the_clock = request.actor == Actor::Clock;
                    clocks.turn_made(turn, by_the_clock, &indices(&state.game.to_act()), now_ms);
                    if let Some((seat, credit)) = credit {
                        clocks.withdraw(seat.index(), credit);
                    }
                    clocks
                });
                let kind = EventKind::Played {
                    turn: turn.clone(),
                    move_number,
                    actor: Some(request.actor.clone()),
                    clocks: clocks.clone(),
                };
                (undo, clocks, kind)
            }
            Command::Clock(change) => {
                let current_seq = state.seq;
                if state.game.outcome().is_some() {
                    let error = MoveError::new(Reason::GameOver, "the game is over and its clocks have stopped");
                    return Err(PlayError::Move { error, current_seq });
                }
                let mut clocks = state.clocks.clone().ok_or(PlayError::NoClock)?;
                clocks.change(*change, &indices(&state.game.to_act()), now_ms).map_err(|flag| {
                    self.fire_soon(&live.id);
                    PlayError::OutOfTime {
                        seat: Seat::new(flag.seat as u8),
                        deadline: from_millis(flag.deadline),
                        current_seq,
                    }
                })?;
                let kind = EventKind::Clock { change: *change, actor: request.actor.clone(), clocks: clocks.clone() };
                (None, Some(clocks), kind)
            }
        };
        let game_after = state.game.as_ref();
        let outcome = game_after.outcome();
        let deadline = if outcome.is_some() { None } else { clocks.as_ref().and_then(Clocks::next_deadline) };
        let (request_id, request_digest) = (request.log_key(), request.request_id.as_ref().map(|_| request.digest()));
        let mut events = vec![StoredEvent {
            seq: state.seq + 1,
            time: now,
            kind,
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
        let mut update = record_update(outcome, game_after.move_count(), now);
        update.deadline = deadline.map(|flag| from_millis(flag.deadline));
        let tentative = Tentative { state: &mut state, undo };
        let appended = self.store.append(&live.id, tentative.state.seq, events.clone(), update).await;
        match appended {
            Ok(()) => tentative.keep(),
            Err(StoreError::Conflict { current, .. }) => {
                drop(tentative);
                // Another writer extended the log: this copy is stale. Catch it up so the
                // caller can look again and retry.
                let running_out = state.clocks.as_ref().and_then(Clocks::next_deadline);
                live.catch_up(&mut state, self.store.as_ref()).await?;
                self.timekeeper.arm(&live.id, state.deadline());
                // Another process's clock got there first: the move came too late, say so.
                if let (Some(flag), Actor::Seat(_) | Actor::Engine(_)) = (running_out, &request.actor)
                    && state.game.history().last() == Some(&Turn::TimedOut(Seat::new(flag.seat as u8)))
                {
                    let (seat, deadline) = (Seat::new(flag.seat as u8), from_millis(flag.deadline));
                    return Err(PlayError::OutOfTime { seat, deadline, current_seq: state.seq });
                }
                return Err(PlayError::StaleSeq { expected: request.expected_seq.unwrap_or(current), current });
            }
            Err(other) => {
                drop(tentative);
                return Err(other.into());
            }
        }

        let before = state.seq;
        state.seq += events.len() as u64;
        state.updated = now;
        state.clocks = clocks;
        if state.seq / SNAPSHOT_EVERY > before / SNAPSHOT_EVERY {
            self.save_snapshot(live, state.seq, state.game.as_ref());
        }
        live.moved.send_replace(state.seq);
        count_applied(live.config.kind().info().name, &events, state.game.move_count());
        for event in &events {
            live.events.send(Arc::new(Announced::new(event.clone())));
        }
        if live.due_bot(state.game.as_ref()).is_some() {
            self.drive(&live.id);
        }
        if let Some(link) = &live.series
            && state.game.outcome().is_some()
        {
            self.advance_series_soon(link);
        }
        self.timekeeper.arm(&live.id, state.deadline());
        let clocks = state.clocks.as_ref().map(|clocks| ClockReadings::of(clocks, now));
        Ok(TurnResult { applied: true, seq: state.seq, events, view: state.game.view(viewer), clocks })
    }
}

/// A turn played on the game in memory and not yet in the log. Dropped, it undoes the
/// turn, whether the append failed or the caller gave up while it was under way (a log
/// that took the turn anyway is caught up with later, as for any other writer); kept, the
/// turn stands.
struct Tentative<'state> {
    state: &'state mut GameState,
    undo: Option<AnyUndo>,
}

impl Tentative<'_> {
    /// The log took the turn.
    fn keep(mut self) {
        self.undo = None;
    }

    /// Hands the undo back to the caller, who guards the turn again before the append.
    fn release(mut self) -> Option<AnyUndo> {
        self.undo.take()
    }
}

impl Drop for Tentative<'_> {
    fn drop(&mut self) {
        if let Some(undo) = self.undo.take() {
            self.state.game.undo(undo);
        }
    }
}

/// Counts what `events`, just appended to a game of kind `kind` now `move_count` moves
/// long, did: the moves applied, and the game's end with its length.
fn count_applied(kind: &'static str, events: &[StoredEvent], move_count: u32) {
    for event in events {
        match &event.kind {
            EventKind::Played { turn: Turn::Move(..), .. } => {
                metrics::counter!("tabula_moves_applied_total", "kind" => kind).increment(1);
            }
            EventKind::Ended(outcome) => {
                let result = match outcome {
                    Outcome::Win { .. } => "win",
                    Outcome::Draw { .. } => "draw",
                    Outcome::NoResult { .. } => "no_result",
                };
                metrics::counter!("tabula_games_finished_total", "kind" => kind, "outcome" => result).increment(1);
                metrics::histogram!("tabula_game_length_moves", "kind" => kind).record(f64::from(move_count));
            }
            _ => {}
        }
    }
}
