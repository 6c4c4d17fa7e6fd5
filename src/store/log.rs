//! The log's vocabulary in one place: the turns a stretch of a game's log played. The hub,
//! export and import, and the tests all read logs through it.

use crate::engine::Turn;

use super::{EventKind, StoredEvent};

/// The turns `events` played, in order; creation and end events play none.
pub fn played_turns(events: &[StoredEvent]) -> Vec<Turn> {
    events
        .iter()
        .filter_map(|event| match &event.kind {
            EventKind::Played { turn, .. } => Some(turn.clone()),
            EventKind::Created | EventKind::Ended(_) => None,
        })
        .collect()
}
