//! Seats' presence as the stores keep it: what a game's log last announced of each seat
//! (on its record, moved on with the append that logs the announcement), and the leases
//! that keep a seat present, one a seat a process that holds it (an open event stream, or
//! a recent call).
//!
//! A seat is held while any of its leases runs: a process with a stream of the seat open
//! renews its lease ([`super::Store::renew_presence`]), a call extends it by the game's
//! window, and a closed stream leaves it the window to run. A process that stops
//! (a replica gone) renews nothing, so its leases run out by themselves. A seat whose
//! leases all ran out is found by any process ([`super::Store::presence_lapsed`]) and
//! announced gone through its game's log, once.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::{EventKind, StoredEvent};

/// A seat's presence as its game's log last announced it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPresence {
    /// Whether the seat is present.
    pub present: bool,
    /// When it came or went; `None` for a seat that has not come since the game began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<SystemTime>,
    /// How many times the log announced a change of the seat's presence.
    #[serde(default)]
    pub changes: u32,
}

/// One process's hold on one seat: the lease [`super::Store::hold_presence`] writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresenceLease {
    /// The game.
    pub game_id: String,
    /// The seat, from 0.
    pub seat: usize,
    /// The process holding it (an id of its own, new every start).
    pub holder: String,
    /// `Some(true)` while the process holds a stream of the seat open (the lease is then
    /// renewed), `Some(false)` once it holds none; `None` for a call, which leaves that as
    /// it is.
    pub streaming: Option<bool>,
    /// Until when the lease runs: with `streaming` set, exactly this; for a call, at least
    /// this (a lease running longer keeps its end).
    pub until: SystemTime,
}

/// `presence` (each seat's, in seat order) after `event`: an announcement of a seat's
/// presence changes that seat's; any other event changes nothing. The one rule for a game
/// in play, a game caught up from its log and an imported one.
pub fn follow_presence(presence: &mut Vec<SeatPresence>, event: &StoredEvent) {
    if let EventKind::Presence { seat, present } = event.kind {
        if presence.len() <= seat.index() {
            presence.resize(seat.index() + 1, SeatPresence::default());
        }
        let entry = &mut presence[seat.index()];
        *entry = SeatPresence {
            present,
            since: Some(super::to_stored_precision(event.time)),
            changes: entry.changes.saturating_add(1),
        };
    }
}
