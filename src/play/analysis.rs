//! Who may have a position analysed, which position, and the search itself: on the search
//! pool (for an engine that shares its work between threads, on as many of its places as
//! are free, up to half of them), within the caller's budget capped by the server's.
//!
//! While a game runs, help is a move: only the seat to act may ask, at the current
//! position, and only in a game created with hints allowed; spectators and service keys
//! may not (no help from the stands). Once the game is finished, anyone who may read it
//! may analyse any position of its log. Either way the engine decides from the view of
//! the seat to act at that position alone, so an analysis reveals no more than that seat
//! could see; in a game with hidden information only that seat may ask, so that it
//! reveals nothing its asker could not see there.

use std::time::Duration;

use crate::engine::{Analysis, AnyMatch, MoveError, Reason, SearchBudget, Seat, Viewer};
use crate::store::{GameStatus, Store};

use super::error::{HintRefusal, PlayError};
use super::live::{GameCopy, LiveGame};
use super::past::position_at;
use super::search::{SearchPool, TimeLimit};

/// The longest an analysis may think.
pub const MAX_ANALYSIS_TIME: Duration = Duration::from_secs(10);
/// How long an analysis thinks when the caller does not say.
pub const DEFAULT_ANALYSIS_TIME: Duration = Duration::from_secs(1);
/// The most positions an analysis may expand.
pub const MAX_ANALYSIS_NODES: u64 = 50_000_000;

/// An analysis asked for.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisRequest {
    /// Who asks: a seat, a spectator or a service key.
    pub asker: Viewer,
    /// The position after this event instead of the current one (finished games only).
    pub at_seq: Option<u64>,
    /// How long the engine may think; `None` for [`DEFAULT_ANALYSIS_TIME`], capped at
    /// [`MAX_ANALYSIS_TIME`].
    pub time: Option<Duration>,
    /// How many positions it may expand; `None` for (and capped at) [`MAX_ANALYSIS_NODES`].
    pub nodes: Option<u64>,
}

/// What the engine found.
#[derive(Clone, Debug)]
pub struct AnalysisAnswer {
    /// The seq of the position analysed.
    pub seq: u64,
    /// The seat analysed, the one to act there; `None` when the game is over there.
    pub seat: Option<Seat>,
    /// The analysis; `None` when nobody is to act.
    pub analysis: Option<Analysis>,
}

/// Analyses a position of `live` for `request`'s asker on `pool`.
///
/// Every refusal comes before any work: the asker's right, then a place in the pool, and
/// only then is a past position read back from the log.
///
/// # Errors
/// [`PlayError::HintRefused`] when the asker may not have this position analysed;
/// [`PlayError::Move`] with `NOT_YOUR_TURN` when a seat asks out of turn;
/// [`PlayError::SeqOutOfRange`] for a position beyond the log; `SEARCH_BUSY` when the pool
/// is full.
pub async fn analyse(
    store: &dyn Store,
    live: &LiveGame,
    pool: &SearchPool,
    request: AnalysisRequest,
) -> Result<AnalysisAnswer, PlayError> {
    let copy = live.copy().await;
    let finished = check_help(&copy, request.asker, request.at_seq)?;
    // Only now the place, and only with it the replay a past position costs.
    let place = if copy.game.analysis_shares_work() { pool.reserve_wide()? } else { pool.reserve()? };
    let (seq, position) = match request.at_seq {
        Some(seq) if finished => (seq, position_at(store, live, seq).await?.game),
        _ => (copy.record.seq, copy.game),
    };
    let Some(seat) = analysed_seat(position.as_ref(), request.asker)? else {
        return Ok(AnalysisAnswer { seq, seat: None, analysis: None });
    };
    let time = request.time.unwrap_or(DEFAULT_ANALYSIS_TIME).min(MAX_ANALYSIS_TIME);
    let nodes = request.nodes.unwrap_or(MAX_ANALYSIS_NODES).min(MAX_ANALYSIS_NODES);
    let limit = TimeLimit::after(time);
    let threads = place.threads();
    let analysis = place
        .run_with(limit.stop.clone(), move |stop| {
            position.analyse(seat, SearchBudget::new(nodes, stop).on_threads(threads))
        })
        .await;
    Ok(AnalysisAnswer { seq, seat: Some(seat), analysis: analysis? })
}

/// Checks that `asker` may have help at the position after `at_seq` (the current one when
/// `None`) of the game `copy` is a copy of, by the rules above; returns whether the game
/// is finished.
///
/// # Errors
/// As [`analyse`] says, but for `SEARCH_BUSY`.
pub(super) fn check_help(copy: &GameCopy, asker: Viewer, at_seq: Option<u64>) -> Result<bool, PlayError> {
    let current = copy.record.seq;
    let finished = copy.record.status != GameStatus::InProgress;
    if !finished {
        let Some(seat) = asker.seat() else { return Err(PlayError::HintRefused(HintRefusal::NotASeat)) };
        if !copy.record.allow_hints {
            return Err(PlayError::HintRefused(HintRefusal::Disabled));
        }
        if at_seq.is_some_and(|seq| seq != current) {
            return Err(PlayError::HintRefused(HintRefusal::PastPosition { current }));
        }
        if !copy.game.to_act().contains(&seat) {
            let error =
                MoveError::new(Reason::NotYourTurn, format!("{seat} is not to move; hints are for the seat to move"));
            return Err(PlayError::Move { error, current_seq: current });
        }
    }
    if let Some(seq) = at_seq
        && (seq == 0 || seq > current)
    {
        return Err(PlayError::SeqOutOfRange { after: seq, current });
    }
    Ok(finished)
}

/// The seat whose move `position` is analysed for, asked by `asker`; `None` when nobody is
/// to act there. The engine decides from that seat's view, which in a game with hidden
/// information shows that seat's secrets (its own fleet, for one): then only that seat may
/// ask, so that an analysis shows the asker nothing it could not see at that position.
pub(super) fn analysed_seat(position: &dyn AnyMatch, asker: Viewer) -> Result<Option<Seat>, PlayError> {
    let to_act = position.to_act();
    if !position.has_hidden_information() {
        return Ok(asker.seat().filter(|seat| to_act.contains(seat)).or_else(|| to_act.first().copied()));
    }
    match asker.seat() {
        _ if to_act.is_empty() => Ok(None),
        Some(seat) if to_act.contains(&seat) => Ok(Some(seat)),
        _ => Err(PlayError::HintRefused(HintRefusal::HiddenInformation)),
    }
}
