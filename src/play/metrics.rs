//! The play layer's Prometheus metrics: their names, what each says, and the series known
//! in advance, registered at 0 by [`register`] so that they are there from the first
//! scrape (every kind; every outcome; the refusal every kind can give; the rules' faults of
//! every kind). The layers record them through the `metrics` facade, which does nothing in
//! a process that serves no metrics.

use crate::engine::{Outcome, Reason};
use crate::games::GameKind;

/// Games this process created, by `kind`.
pub(super) const GAMES_CREATED: &str = "tabula_games_created_total";
/// Games imported into this process's store from documents, by `kind`.
pub(super) const GAMES_IMPORTED: &str = "tabula_games_imported_total";
/// Games that ended in this process, by `kind` and `outcome` ([`outcome_label`]).
pub(super) const GAMES_FINISHED: &str = "tabula_games_finished_total";
/// Moves in force when a game ended, by `kind`.
pub(super) const GAME_LENGTH: &str = "tabula_game_length_moves";
/// Moves applied, by `kind`.
pub(super) const MOVES_APPLIED: &str = "tabula_moves_applied_total";
/// Moves refused, by `kind` and `reason`.
pub(super) const MOVES_REFUSED: &str = "tabula_moves_refused_total";
/// Event streams open.
pub(super) const STREAM_SUBSCRIBERS: &str = "tabula_stream_subscribers";
/// Event streams ended because their reader fell behind.
pub(super) const STREAMS_LAGGED: &str = "tabula_streams_lagged_total";
/// Games held in memory.
pub(super) const CACHED_GAMES: &str = "tabula_cached_games";
/// What the games held in memory are counted for, in bytes.
pub(super) const CACHED_BYTES: &str = "tabula_cached_bytes";
/// Panics of a game's rules the play layer caught, each faulting its game, by `kind`.
pub(super) const RULES_FAULTS: &str = "tabula_rules_faults_total";

/// Every `outcome` label of [`GAMES_FINISHED`].
const OUTCOMES: [&str; 3] = ["win", "draw", "no_result"];

/// The `outcome` label of a game that ended with `outcome`.
pub(super) fn outcome_label(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Win { .. } => OUTCOMES[0],
        Outcome::Draw { .. } => OUTCOMES[1],
        Outcome::NoResult { .. } => OUTCOMES[2],
    }
}

/// Describes the play layer's metrics and registers their series known in advance. Call it
/// once the process's recorder is installed and before games are played: the gauges start
/// at 0 here.
pub fn register() {
    describe();
    for kind in GameKind::ALL.iter().map(|kind| kind.name()) {
        metrics::counter!(GAMES_CREATED, "kind" => kind).increment(0);
        metrics::counter!(GAMES_IMPORTED, "kind" => kind).increment(0);
        for outcome in OUTCOMES {
            metrics::counter!(GAMES_FINISHED, "kind" => kind, "outcome" => outcome).increment(0);
        }
        // Registering the histogram is what makes its series exist.
        let _ = metrics::histogram!(GAME_LENGTH, "kind" => kind);
        metrics::counter!(MOVES_APPLIED, "kind" => kind).increment(0);
        // Most reasons belong to some kinds only; a move sent to a finished game is
        // refused in every kind.
        metrics::counter!(MOVES_REFUSED, "kind" => kind, "reason" => Reason::GameOver.code()).increment(0);
        metrics::counter!(RULES_FAULTS, "kind" => kind).increment(0);
    }
    metrics::counter!(STREAMS_LAGGED).increment(0);
    for gauge in [STREAM_SUBSCRIBERS, CACHED_GAMES, CACHED_BYTES] {
        metrics::gauge!(gauge).set(0.0);
    }
}

/// The help text of each metric.
fn describe() {
    metrics::describe_counter!(GAMES_CREATED, "Games this process created, by kind.");
    metrics::describe_counter!(GAMES_IMPORTED, "Games imported from documents by this process, by kind.");
    metrics::describe_counter!(
        GAMES_FINISHED,
        "Games that ended in this process, by kind and outcome (win, draw, no_result)."
    );
    metrics::describe_histogram!(GAME_LENGTH, "Moves in force when a game ended, by kind.");
    metrics::describe_counter!(MOVES_APPLIED, "Moves applied (by seats, the engine or the clock), by kind.");
    metrics::describe_counter!(MOVES_REFUSED, "Moves the rules or the game's state refused, by kind and reason.");
    metrics::describe_gauge!(STREAM_SUBSCRIBERS, "Event streams open.");
    metrics::describe_counter!(STREAMS_LAGGED, "Event streams ended because their reader fell too far behind.");
    metrics::describe_gauge!(CACHED_GAMES, "Games held in memory.");
    metrics::describe_gauge!(CACHED_BYTES, "Bytes the games held in memory are counted for against --cache-mib.");
    metrics::describe_counter!(
        RULES_FAULTS,
        "Panics in a game's rules caught by the play layer, by kind; each one faulted its game (no more moves)."
    );
}
