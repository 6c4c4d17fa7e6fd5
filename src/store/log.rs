//! The log's vocabulary in one place: who made each turn, and the turns a stretch of a
//! game's log played. The hub, export and import, and the tests all read logs through it.

use serde::{Deserialize, Serialize};

use crate::engine::clock::Clocks;
use crate::engine::{Seat, Turn};

use super::{EventKind, StoredEvent};

/// Who made a turn. Every turn goes through the same path whoever makes it; the log keeps
/// who it was so that every viewer can tell a seat's own move from one the server or the
/// managing backend made.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// A seat, with its own credential (a seat token or a signed seat credential).
    Seat(Seat),
    /// The managing backend, with a service key: the key's public name, or `None` on a
    /// server without keys (where anyone may manage games).
    Service { key: Option<String> },
    /// The server's own engine, playing this seat (see [`BotSeat`]).
    Engine(Seat),
    /// The game's clock, when a seat's time ran out: it ends the game, or plays a default
    /// move for that seat.
    Clock,
}

/// Who sits in a seat, as the creator said: Tabula keeps no accounts and records what it
/// is told.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// The player's id in the creator's own system; empty for a seat nobody named.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// The name to show.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

/// A seat the server's own engine plays, fixed when the game is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BotSeat {
    /// The seat.
    pub seat: Seat,
    /// How strong it plays, from 1 (the weakest) to the game's top level.
    pub level: u8,
    /// The longest it thinks per move, in milliseconds.
    pub move_time_ms: u32,
}

impl Actor {
    /// Whether this actor may make `turn`: a seat makes its own moves, resignations and
    /// takebacks; the engine only the moves of the seat it plays; a service key an abort
    /// or an adjudication; the clock a timeout, a move for a seat out of time, or the abort
    /// of a game a seat never showed up to.
    pub fn may_make(&self, turn: &Turn) -> bool {
        match self {
            Actor::Seat(seat) => turn.seat() == Some(*seat),
            Actor::Engine(seat) => matches!(turn, Turn::Move(mover, _) if mover == seat),
            Actor::Service { .. } => matches!(turn, Turn::Abort { .. } | Turn::Adjudicate { .. }),
            Actor::Clock => matches!(turn, Turn::TimedOut(_) | Turn::Move(..) | Turn::Abort { .. }),
        }
    }

    /// The scope of this actor's request ids: one actor can neither learn which ids
    /// another has used nor spend them first.
    pub fn request_scope(&self) -> String {
        match self {
            Actor::Seat(seat) => format!("seat/{}", seat.number()),
            Actor::Service { key } => format!("service/{}", key.as_deref().unwrap_or("")),
            Actor::Engine(seat) => format!("engine/seat/{}", seat.number()),
            Actor::Clock => "clock".to_owned(),
        }
    }
}

/// The turns `events` played, in order; creation and end events play none.
pub fn played_turns(events: &[StoredEvent]) -> Vec<Turn> {
    events
        .iter()
        .filter_map(|event| match &event.kind {
            EventKind::Played { turn, .. } => Some(turn.clone()),
            EventKind::Created
            | EventKind::Clock { .. }
            | EventKind::Ended(_)
            | EventKind::Resumed
            | EventKind::Presence { .. } => None,
        })
        .collect()
}

/// The clocks as the last event of `events` that records them left them; `None` when none
/// does (a game without clocks, or a log that holds only its creation).
pub fn latest_clocks(events: &[StoredEvent]) -> Option<&Clocks> {
    events.iter().rev().find_map(|event| event.kind.clocks())
}
