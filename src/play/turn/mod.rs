//! One turn end to end: idempotency by request id (scoped to the seat that sent it, and
//! checked against a digest of the whole request), the expected-seq check, validate-only,
//! the cap on the log, the events the turn appends, the conditional append, and only then
//! the new state in memory and the broadcast. The state in memory never gets ahead of the
//! log, and a subscriber never hears of an event the log does not hold.
//!
//! The pipeline calls nothing above it: what a turn calls for beyond itself (a deadline, a
//! bot's move, a series' next step) it returns as [`Effects`], for its caller to hand to
//! the drivers.
//!
//! A turn runs the game's rules inside the cache's containment ([`Games::contain`]): a
//! panic in them answers `RulesFault` and faults the game, whose every later turn is
//! refused `GameFaulted`.

mod credit;
mod notes;
mod request;

use std::sync::Arc;

use self::credit::credit_of_last_move;
use self::notes::{has_started, owner_notes};
pub use self::request::{Afterwards, Answer, Command, TurnRequest, TurnResult};
use super::cache::Games;
use super::clocks::{ClockReadings, indices};
use super::effects::Effects;
use super::error::PlayError;
use super::faults::{FaultWatch, RulesCall};
use super::live::{GameState, LiveGame, record_update};
use super::metrics::{GAME_LENGTH, GAMES_FINISHED, MOVES_APPLIED, MOVES_REFUSED, outcome_label};
use super::owners::OwnerFeeds;
use super::past::replay_through;
use super::time::{TimeSource, turn_moment};
use crate::engine::clock::{ClockChange, Clocks};
use crate::engine::{Adjudication, AnyMatch, AnyUndo, MoveError, Reason, Seat, Turn, Viewer};
use crate::store::{
    Actor, EventKind, ExpectedHead, SNAPSHOT_EVERY, Snapshot, Store, StoreError, StoredEvent, follow_presence,
    from_millis, to_millis,
};

/// The turn pipeline: every change to every game goes through [`Turns::play`].
pub struct Turns {
    store: Arc<dyn Store>,
    /// The cache, whose containment every turn's rules run in.
    games: Arc<Games>,
    time: TimeSource,
    /// Told when a turn notes entries on its game's owner's log.
    owners: Arc<OwnerFeeds>,
    /// The most events a game's log may hold. Past it, only a turn that ends the game is
    /// appended (a resignation, an abort, an adjudication, a timeout), so no log ever holds
    /// more than this and the end.
    max_events: u64,
}

impl Turns {
    /// A pipeline appending to `store`, its time from `time`, each game's log holding at
    /// most `max_events` events and its end, telling `owners` of the entries it notes, and
    /// faulting in `games` a game whose rules panic.
    pub fn new(
        store: Arc<dyn Store>,
        games: Arc<Games>,
        time: TimeSource,
        max_events: u64,
        owners: Arc<OwnerFeeds>,
    ) -> Turns {
        Turns { store, games, time, owners, max_events: max_events.max(2) }
    }

    /// The most events a game's log holds before its end.
    pub fn max_events(&self) -> u64 {
        self.max_events
    }

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
        answer: Answer,
    ) -> Result<TurnResult, PlayError> {
        let seq = events.last().map_or(0, |event| event.seq);
        let replayed = replay_through(self.store.as_ref(), live, seq).await?;
        let time = events.last().map_or(live.created, |event| event.time);
        let clocks = replayed.clocks.map(|clocks| ClockReadings::of(&clocks, time));
        Ok(TurnResult {
            applied: true,
            seq,
            events,
            afterwards: Afterwards::of(replayed.game.as_ref(), viewer, answer),
            clocks,
        })
    }

    /// Refuses what the clocks forbid at `now`: a seat's move once a running clock ran out
    /// (the clock acts first) or while the clocks are paused, and clock changes that do not
    /// apply.
    fn check_clocks(
        live: &LiveGame,
        state: &GameState,
        request: &TurnRequest,
        now: u64,
        effects: &mut Effects,
    ) -> Result<(), PlayError> {
        let current_seq = state.seq;
        let Some(clocks) = &state.clocks else {
            return match request.command {
                Command::Clock(_) => Err(PlayError::NoClock),
                Command::Turn(_) | Command::Claim { .. } | Command::Presence { .. } => Ok(()),
            };
        };
        if state.game.outcome().is_some() {
            // The rules refuse whatever comes after the end, with their own reason.
            return Ok(());
        }
        let flagged = clocks.flagged_at(now);
        match (&request.command, &request.actor) {
            (Command::Turn(_) | Command::Claim { .. }, Actor::Seat(_) | Actor::Engine(_)) => {
                if clocks.paused() {
                    return Err(PlayError::ClockPaused { current_seq });
                }
                if let Some(flag) = flagged {
                    // Whoever's time ran out, the game has moved past this request: let the
                    // clock act now rather than at its timer.
                    effects.clock_due = true;
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

    /// Plays `request` in `live`, exactly once per request id: a retry is answered as the
    /// first request was (its seq, its events, and the view as of then). The answer's view
    /// is the actor's: its seat's, or a spectator's for a service key or the clock. Returns,
    /// beside the answer, what the turn (or its refusal) calls for: the game's next deadline,
    /// its bot's move, its series' next step, its clock to act.
    ///
    /// `live` need not be caught up with the store first: the append is conditional on the
    /// record the copy holds, so a copy another process overtook (a turn, a reissued seat
    /// token) stores nothing; it is then caught up and the request played again on it,
    /// once. A refusal on a copy of a store other processes write is checked the same way
    /// before it is given.
    ///
    /// A panic in the game's rules is contained: the answer is `RulesFault`, the game is
    /// faulted, and its deadline is no longer watched. A faulted game's turns are refused
    /// `GameFaulted`.
    pub async fn play(&self, live: &LiveGame, request: TurnRequest) -> (Result<TurnResult, PlayError>, Effects) {
        match self.games.contain(live, RulesCall::Turn, self.play_in_rules(live, request)).await {
            Ok(played) => played,
            Err(fault) => (Err(fault), Effects::none().with_deadline(None)),
        }
    }

    /// [`Turns::play`], but for the containment of a panic in the rules.
    async fn play_in_rules(&self, live: &LiveGame, request: TurnRequest) -> (Result<TurnResult, PlayError>, Effects) {
        let mut effects = Effects::none();
        let played = match self.attempt(live, &request, Attempt::First, &mut effects).await {
            Attempted::Answered(answer) => answer,
            Attempted::Behind(_) => match self.attempt(live, &request, Attempt::Again, &mut effects).await {
                Attempted::Answered(answer) => answer,
                Attempted::Behind(refused) => Err(refused),
            },
        };
        if let Err(PlayError::Move { error, .. }) = &played {
            let kind = live.config.kind().name();
            metrics::counter!(MOVES_REFUSED, "kind" => kind, "reason" => error.reason.code()).increment(1);
        }
        (played, effects)
    }

    /// One attempt at `request` on the copy of the game in memory.
    async fn attempt(
        &self,
        live: &LiveGame,
        request: &TurnRequest,
        attempt: Attempt,
        effects: &mut Effects,
    ) -> Attempted {
        let (viewer, answer) = (request.viewer(), request.answer);
        if let Actor::Seat(seat) = request.actor
            && live.is_bot(seat)
        {
            return Attempted::Answered(Err(PlayError::SeatPlayedByEngine { seat }));
        }
        if !request.allowed() {
            let current_seq = live.state.lock().await.seq;
            let error = MoveError::new(
                Reason::NotYourTurn,
                "only a seat makes its own moves, and only a service key aborts, adjudicates or changes the clocks",
            );
            return Attempted::Answered(Err(PlayError::Move { error, current_seq }));
        }
        let mut state = live.state.lock().await;
        // Drops before the guard: a panic below marks the game before the next turn gets in.
        let _watch = FaultWatch(live);
        // A key may still end a faulted game outside its rules, so that what waits on its
        // end (a series, a tournament) goes on.
        let ends_it = matches!(request.actor, Actor::Service { .. })
            && matches!(request.command, Command::Turn(Turn::Abort { .. } | Turn::Adjudicate { .. }));
        // Read once: the append below expects the store's mark as this turn saw it, so that a
        // fault heard of from another process meanwhile fails the append instead of matching it.
        let faulted = live.is_faulted();
        if faulted && !ends_it {
            return Attempted::Answered(Err(PlayError::GameFaulted(live.id.clone())));
        }
        if let (Actor::Seat(seat), Some(proof)) = (request.actor.clone(), request.credential)
            && !live.acts_for(seat, proof)
        {
            return Attempted::Answered(Err(PlayError::CredentialRevoked));
        }
        let shared = self.store.shared();
        // A check changes nothing, so no append would tell a stale copy: look first.
        if request.validate_only
            && shared
            && attempt == Attempt::First
            && let Err(error) = live.catch_up(&mut state, self.store.as_ref()).await
        {
            return Attempted::Answered(Err(error));
        }
        let earlier = match self.earlier(live, request).await {
            Ok(earlier) => earlier,
            Err(error) => return Attempted::Answered(Err(error)),
        };
        if !earlier.is_empty() {
            drop(state);
            return Attempted::Answered(self.first_answer(live, earlier, viewer, answer).await);
        }
        match self.play_on(live, &mut state, request, faulted, effects).await {
            Ok(result) => Attempted::Answered(Ok(result)),
            Err(Refusal::Overtaken(error)) if attempt == Attempt::First => Attempted::Behind(error),
            Err(Refusal::Refused(error)) if shared && attempt == Attempt::First && may_be_stale(&error) => {
                match live.catch_up(&mut state, self.store.as_ref()).await {
                    Ok(true) => {
                        *effects = effects.clone().with_deadline(state.deadline());
                        Attempted::Behind(error)
                    }
                    Ok(false) => Attempted::Answered(Err(error)),
                    Err(failure) => Attempted::Answered(Err(failure)),
                }
            }
            Err(Refusal::Refused(error) | Refusal::Overtaken(error)) => Attempted::Answered(Err(error)),
        }
    }

    /// Plays `request` on `state`, the copy of `live` in memory, and appends it to the log,
    /// on the condition that the game's fault mark is still `faulted`.
    async fn play_on(
        &self,
        live: &LiveGame,
        state: &mut GameState,
        request: &TurnRequest,
        faulted: bool,
        effects: &mut Effects,
    ) -> Result<TurnResult, Refusal> {
        let (viewer, answer) = (request.viewer(), request.answer);
        if let Some(expected) = request.expected_seq
            && !expects_position(state, expected)
        {
            return Err(PlayError::StaleSeq { expected, current: state.seq }.into());
        }
        let now = turn_moment(self.time.now(), state.updated);
        let now_ms = to_millis(now);
        if let Command::Presence { seat, present } = request.command
            && !self.announces(live, state, seat, present, now).await?
        {
            let clocks = state.clocks.as_ref().map(|clocks| ClockReadings::of(clocks, now));
            let afterwards = Afterwards::of(state.game.as_ref(), viewer, answer);
            return Ok(TurnResult { applied: false, seq: state.seq, events: Vec::new(), afterwards, clocks });
        }
        // A game scheduled ahead takes no move before it starts (what ends it, it takes).
        if let (Some(start), Command::Turn(Turn::Move(..))) = (live.start_at, &request.command)
            && now < start
            && state.game.outcome().is_none()
        {
            return Err(PlayError::NotStarted { start, current_seq: state.seq }.into());
        }
        let was_over = state.game.outcome().is_some();
        let reopening = was_over && request.command.takes_back();
        if reopening {
            check_end_open(live, state, now)?;
        }
        Turns::check_clocks(live, state, request, now_ms, effects)?;
        let on = state.game.outcome().is_none() || reopening;
        if state.seq >= self.max_events && on && !request.command.ends_the_game() {
            return Err(PlayError::LogFull { limit: self.max_events, current_seq: state.seq }.into());
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
                afterwards: Afterwards::of(state.game.as_ref(), viewer, answer),
                clocks,
            });
        }

        let started = has_started(state.game.history());
        let claimed;
        let command = match request.command {
            Command::Claim { seat, draw } => {
                claimed = Command::Turn(claim(live, state, seat, draw, now)?);
                &claimed
            }
            _ => &request.command,
        };
        let (undos, clocks, kinds) = match command {
            Command::Presence { seat, present } => {
                (Vec::new(), state.clocks.clone(), vec![EventKind::Presence { seat: *seat, present: *present }])
            }
            Command::Claim { .. } => unreachable!("a claim is played as the turn it claims"),
            Command::Turn(asked) => {
                let current_seq = state.seq;
                let mut tentative = Tentative { state: &mut *state, undos: Vec::new() };
                let mut clocks = tentative.state.clocks.clone();
                let mut kinds = Vec::new();
                for (index, turn) in turns_of(live, tentative.state.game.as_ref(), asked).into_iter().enumerate() {
                    let moves_before = tentative.state.game.move_count();
                    // Named before it is played: a label may depend on the position it is played in.
                    let label = match &turn {
                        Turn::Move(_, action) => Some(tentative.state.game.describe(action)),
                        _ => None,
                    };
                    // Played in place (a copy would cost the game's length), and undone below
                    // unless the log takes it.
                    let undo = tentative
                        .state
                        .game
                        .play_undoably(&turn)
                        .map_err(|error| PlayError::Move { error, current_seq })?;
                    tentative.undos.push(undo);
                    let taken_back = matches!(turn, Turn::TakeBack(_) | Turn::AnswerTakeBack { accept: true, .. });
                    // What the move taken back added to its seat's clock goes with it (the
                    // turns before it in this request took back `index` moves already).
                    let credit = match (&clocks, taken_back) {
                        (Some(_), true) => credit_of_last_move(self.store.as_ref(), live, current_seq, index).await?,
                        _ => None,
                    };
                    let move_number = if taken_back { moves_before } else { tentative.state.game.move_count() };
                    // The caller checked that no clock had run out, but the clock's own.
                    let to_act = indices(&tentative.state.game.to_act());
                    if let Some(clocks) = &mut clocks {
                        clocks.turn_made(&turn, request.actor == Actor::Clock, &to_act, now_ms);
                        if let Some((seat, credit)) = credit {
                            clocks.withdraw(seat.index(), credit);
                        }
                    }
                    kinds.push(EventKind::Played {
                        turn,
                        move_number,
                        actor: Some(request.actor.clone()),
                        clocks: clocks.clone(),
                        label,
                    });
                }
                (tentative.release(), clocks, kinds)
            }
            Command::Clock(change) => {
                let current_seq = state.seq;
                if state.game.outcome().is_some() {
                    let error = MoveError::new(Reason::GameOver, "the game is over and its clocks have stopped");
                    return Err(PlayError::Move { error, current_seq }.into());
                }
                let mut clocks = state.clocks.clone().ok_or(PlayError::NoClock)?;
                clocks.change(*change, &indices(&state.game.to_act()), now_ms).map_err(|flag| {
                    effects.clock_due = true;
                    PlayError::OutOfTime {
                        seat: Seat::new(flag.seat as u8),
                        deadline: from_millis(flag.deadline),
                        current_seq,
                    }
                })?;
                let kind = EventKind::Clock { change: *change, actor: request.actor.clone(), clocks: clocks.clone() };
                (Vec::new(), Some(clocks), vec![kind])
            }
        };
        let game_after = state.game.as_ref();
        let outcome = game_after.outcome();
        // The end is logged once, when the game ends, and a resumption when it goes on again;
        // a request to take the end back, or its refusal, leaves the game as it was.
        let resumed = (was_over && outcome.is_none()).then_some(EventKind::Resumed);
        let deadline = if outcome.is_some() { None } else { clocks.as_ref().and_then(Clocks::next_deadline) };
        let (request_id, request_digest) = (request.log_key(), request.request_id.as_ref().map(|_| request.digest()));
        let ended = outcome.iter().filter(|_| !was_over).map(|outcome| EventKind::Ended(outcome.clone()));
        let events: Vec<StoredEvent> = kinds
            .into_iter()
            .chain(resumed)
            .chain(ended)
            .enumerate()
            .map(|(index, kind)| StoredEvent {
                seq: state.seq + 1 + index as u64,
                time: now,
                kind,
                request_id: request_id.clone(),
                request_digest: request_digest.clone(),
            })
            .collect();
        let mut update = record_update(outcome, game_after.move_count(), now);
        update.deadline = deadline.map(|flag| from_millis(flag.deadline));
        let owner = crate::store::log_owner(live.owner.as_deref());
        update.notes = owner_notes(owner, &events, started, live.owner_moves);
        let noted = !update.notes.is_empty();
        if events.iter().any(|event| matches!(event.kind, EventKind::Presence { .. })) {
            let mut presence = live.presence();
            for event in &events {
                follow_presence(&mut presence, event);
            }
            update.presence = Some(presence);
        }
        let tentative = Tentative { state: &mut *state, undos };
        let expected = ExpectedHead { seq: tentative.state.seq, seat_token_hashes: live.seat_hashes(), faulted };
        let appended = self.store.append(&live.id, expected, events.clone(), update).await;
        match appended {
            Ok(()) => {
                tentative.keep();
                if noted {
                    self.owners.grew(owner);
                }
            }
            Err(StoreError::Conflict { current, .. }) => {
                drop(tentative);
                // Another writer moved the record on: this copy is stale. Catch it up, to
                // play the request again on it or to say why not.
                let running_out = state.clocks.as_ref().and_then(Clocks::next_deadline);
                live.catch_up(state, self.store.as_ref()).await?;
                *effects = effects.clone().with_deadline(state.deadline());
                // Another process's clock got there first: the move came too late, say so.
                if let (Some(flag), Actor::Seat(_) | Actor::Engine(_)) = (running_out, &request.actor)
                    && state.game.history().last() == Some(&Turn::TimedOut(Seat::new(flag.seat as u8)))
                {
                    let (seat, deadline) = (Seat::new(flag.seat as u8), from_millis(flag.deadline));
                    return Err(PlayError::OutOfTime { seat, deadline, current_seq: state.seq }.into());
                }
                let stale =
                    PlayError::StaleSeq { expected: request.expected_seq.unwrap_or(current), current: state.seq };
                return Err(match request.expected_seq {
                    Some(expected) if !expects_position(state, expected) => Refusal::Refused(stale),
                    _ => Refusal::Overtaken(stale),
                });
            }
            Err(other) => {
                drop(tentative);
                return Err(PlayError::from(other).into());
            }
        }

        let before = state.seq;
        for event in &events {
            live.follow(state, event);
        }
        state.updated = now;
        state.clocks = clocks;
        if state.seq / SNAPSHOT_EVERY > before / SNAPSHOT_EVERY {
            effects.weight = Some(self.save_snapshot(live, state.seq, state.game.as_ref()));
        }
        live.moved.send_replace(state.seq);
        count_applied(live.config.kind().name(), &events, state.game.move_count());
        for event in &events {
            live.events.send(event.clone());
        }
        effects.bot_due = live.due_bot(state.game.as_ref()).is_some();
        if state.game.outcome().is_some() {
            effects.series_ended.clone_from(&live.series);
            effects.rating_due = live.rating().is_some_and(|rating| !rating.done);
            effects.tournament_ended.clone_from(&live.tournament);
        }
        *effects = effects.clone().with_deadline(state.deadline());
        let clocks = state.clocks.as_ref().map(|clocks| ClockReadings::of(clocks, now));
        Ok(TurnResult {
            applied: true,
            seq: state.seq,
            events,
            afterwards: Afterwards::of(state.game.as_ref(), viewer, answer),
            clocks,
        })
    }

    /// Whether announcing that `seat` of `live` came (`present`) or went changes what its
    /// log says: the game keeps presence and is on, the engine does not play the seat, the
    /// log says otherwise, the seat has changes left and the log room; and a seat said gone
    /// holds no lease that still runs (it came back meanwhile, here or elsewhere).
    async fn announces(
        &self,
        live: &LiveGame,
        state: &GameState,
        seat: Seat,
        present: bool,
        now: std::time::SystemTime,
    ) -> Result<bool, PlayError> {
        let said = live.seat_presence(seat);
        let changes = live.keeps_presence().is_some()
            && state.game.outcome().is_none()
            && !live.is_bot(seat)
            && seat.index() < live.seat_count()
            && said.present != present
            && said.changes < MAX_PRESENCE_CHANGES
            // Room is kept for the turns that end the game.
            && state.seq + 1 < self.max_events;
        if !changes || present {
            return Ok(changes);
        }
        let held_until = self.store.presence_until(&live.id, seat.index()).await?;
        Ok(held_until.is_none_or(|until| until <= now))
    }

    /// Saves a snapshot of `live`'s `game` at `seq` in the background (best effort, since a
    /// lost snapshot only makes loads replay more); its size, for the cache to count.
    fn save_snapshot(&self, live: &LiveGame, seq: u64, game: &dyn AnyMatch) -> usize {
        let snapshot = Snapshot { seq, state: game.snapshot() };
        let bytes = snapshot.state.len();
        let (store, id) = (self.store.clone(), live.id.clone());
        tokio::spawn(async move {
            if let Err(error) = store.save_snapshot(&id, snapshot).await {
                tracing::warn!(game_id = %id, %error, "could not save a snapshot");
            }
        });
        bytes
    }
}

/// The most changes of one seat's presence a game's log announces: past them the seat's
/// presence stays as last announced, so that a seat coming and going cannot fill the log.
pub const MAX_PRESENCE_CHANGES: u32 = 500;

/// Whether a turn expecting the log at `expected` finds the position it expects in `state`:
/// `expected` is the newest seq, or a seq that only announcements of presence followed.
fn expects_position(state: &GameState, expected: u64) -> bool {
    (state.position_seq..=state.seq).contains(&expected)
}

/// Refuses a takeback of the move that ended `live` (or a request for one, or its
/// answer) that comes when its end is final: once the game's window after its last event
/// has passed at `now`, or the game has a rematch or was archived. Where the rules
/// themselves refuse (no window, an end no move made), they say why.
fn check_end_open(live: &LiveGame, state: &GameState, now: std::time::SystemTime) -> Result<(), PlayError> {
    if !state.game.end_reopenable() || live.end_open_until(state).is_some_and(|until| now <= until) {
        return Ok(());
    }
    let why = match live.config.play_options().ending_takeback_ms {
        Some(window) if live.rematch().is_none() && !live.archived.load(std::sync::atomic::Ordering::Acquire) => {
            format!("the game ended more than {} s ago, its takeback window: its end is final", window / 1_000)
        }
        _ => "the game has a rematch or was archived: its end is final".to_owned(),
    };
    Err(PlayError::Move { error: MoveError::new(Reason::GameOver, why), current_seq: state.seq })
}

/// The adjudication `seat` claims (a draw, with `draw`) against the seat to move in
/// `live`, gone for the game's claim window by `now`.
///
/// # Errors
/// `ClaimNotAvailable` without a claim window, in a game over, when `seat` is to act or
/// the seat to move is present (or never came); `ClaimTooEarly` before the window closes.
fn claim(
    live: &LiveGame,
    state: &GameState,
    seat: Seat,
    draw: bool,
    now: std::time::SystemTime,
) -> Result<Turn, PlayError> {
    let current_seq = state.seq;
    let refuse = |why: String| PlayError::ClaimNotAvailable { why, current_seq };
    let Some(window) = live.keeps_presence().and_then(|presence| presence.claim_after_ms) else {
        return Err(refuse("this game allows no claims: it was created without a claim window".to_owned()));
    };
    if state.game.outcome().is_some() {
        return Err(refuse("the game is over".to_owned()));
    }
    let to_act = state.game.to_act();
    if to_act.contains(&seat) {
        return Err(refuse("you are to move: a claim is made against an opponent who is to move and gone".to_owned()));
    }
    let Some(&absent) = to_act.first() else { return Err(refuse("nobody is to move".to_owned())) };
    let said = live.seat_presence(absent);
    let Some(since) = said.since.filter(|_| !said.present) else {
        let why = match said.since {
            Some(_) => format!("{absent} is present"),
            None => format!("{absent} has not come to the game yet; nothing can be claimed before"),
        };
        return Err(refuse(why));
    };
    let claimable_at = since + std::time::Duration::from_millis(window);
    if now < claimable_at {
        return Err(PlayError::ClaimTooEarly { claimable_at, current_seq });
    }
    let gone = now.duration_since(since).unwrap_or_default().as_secs();
    let (result, claimed) = match draw {
        true => (Adjudication::Draw, "a draw"),
        false => (Adjudication::Win(seat), "the game"),
    };
    let explanation = format!("{seat} claimed {claimed}: {absent} had been gone for {gone} s");
    Ok(Turn::Adjudicate { result, explanation })
}

/// Which attempt at a request this is: a request is played at most twice, the second time
/// on a copy just caught up with the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Attempt {
    First,
    Again,
}

/// How an attempt at a turn ended.
enum Attempted {
    /// With the answer: the turn played, or refused for good.
    Answered(Result<TurnResult, PlayError>),
    /// Refused (with this error) on a copy that turned out to be behind the store, and is
    /// caught up now: worth playing again.
    Behind(PlayError),
}

/// Why a turn was not played on the copy in memory.
enum Refusal {
    /// Refused as the copy stands.
    Refused(PlayError),
    /// The store refused the append, the record having moved on from the copy, which is
    /// caught up now; the error is the answer if the request is not played again.
    Overtaken(PlayError),
}

impl From<PlayError> for Refusal {
    fn from(error: PlayError) -> Refusal {
        Refusal::Refused(error)
    }
}

/// Whether `error` may be a refusal by a copy of the game behind its log: the rules', the
/// clocks' or the log's, which a turn or a clock change made elsewhere can alter.
fn may_be_stale(error: &PlayError) -> bool {
    matches!(
        error,
        PlayError::Move { .. }
            | PlayError::StaleSeq { .. }
            | PlayError::OutOfTime { .. }
            | PlayError::ClockPaused { .. }
            | PlayError::ClockNotPaused { .. }
            | PlayError::LogFull { .. }
    )
}

/// Turns played on the game in memory and not yet in the log. Dropped, it undoes them,
/// the last first, whether the append failed or the caller gave up while it was under way
/// (a log that took them anyway is caught up with later, as for any other writer); kept,
/// the turns stand.
struct Tentative<'state> {
    state: &'state mut GameState,
    undos: Vec<AnyUndo>,
}

impl Tentative<'_> {
    /// The log took the turns.
    fn keep(mut self) {
        self.undos.clear();
    }

    /// Hands the undos back to the caller, who guards the turns again before the append.
    fn release(mut self) -> Vec<AnyUndo> {
        std::mem::take(&mut self.undos)
    }
}

impl Drop for Tentative<'_> {
    fn drop(&mut self) {
        // Dropped by a panic in the rules, the copy is faulted and thrown away: undoing into
        // it is no use, and a second panic, during the unwinding, would abort the process.
        if std::thread::panicking() {
            return;
        }
        while let Some(undo) = self.undos.pop() {
            self.state.game.undo(undo);
        }
    }
}

/// The turns a request for `asked` makes in `game`: a seat's takeback, in a game against
/// the server's engine whose reply is the last move in force, takes back that reply and
/// then the seat's own move (two plies, so that the seat is to move again); any other
/// request, its one turn. Either is refused whole where a turn of it is refused (a reply
/// that showed the engine hidden information, for one).
fn turns_of(live: &LiveGame, game: &dyn AnyMatch, asked: &Turn) -> Vec<Turn> {
    match (asked, game.last_mover()) {
        (Turn::TakeBack(seat), Some(engine)) if engine != *seat && live.is_bot(engine) => {
            vec![Turn::TakeBack(engine), asked.clone()]
        }
        _ => vec![asked.clone()],
    }
}

/// Counts what `events`, just appended to a game of kind `kind` now `move_count` moves
/// long, did: the moves applied, and the game's end with its length.
fn count_applied(kind: &'static str, events: &[StoredEvent], move_count: u32) {
    for event in events {
        match &event.kind {
            EventKind::Played { turn: Turn::Move(..), .. } => {
                metrics::counter!(MOVES_APPLIED, "kind" => kind).increment(1);
            }
            EventKind::Ended(outcome) => {
                let outcome = outcome_label(outcome);
                metrics::counter!(GAMES_FINISHED, "kind" => kind, "outcome" => outcome).increment(1);
                metrics::histogram!(GAME_LENGTH, "kind" => kind).record(f64::from(move_count));
            }
            _ => {}
        }
    }
}
