//! What a turn's events put on its game's owner's log: the game's start (its first move),
//! a draw offered, a takeback asked, a clock flagged, a seat come or gone, the end.

use crate::engine::{Action, Turn};
use crate::store::{EventKind, OwnerEventKind, OwnerNote, StoredEvent};

/// The entries `events` make on `owner`'s log, in order; `started` says whether the game's
/// first move was made before them, `moves` whether each move goes on the log too.
pub(super) fn owner_notes(owner: &str, events: &[StoredEvent], mut started: bool, moves: bool) -> Vec<OwnerNote> {
    let mut notes = Vec::new();
    for event in events {
        let kind = match &event.kind {
            EventKind::Played { turn: Turn::Move(_, Action::OfferDraw), .. } => Some(OwnerEventKind::DrawOffered),
            kind if kind.is_move() && !started => {
                started = true;
                Some(OwnerEventKind::GameStarted)
            }
            EventKind::Played { turn: Turn::RequestTakeBack(_), .. } => Some(OwnerEventKind::TakebackRequested),
            EventKind::Played { turn: Turn::TimedOut(_), .. } => Some(OwnerEventKind::ClockFlagged),
            EventKind::Presence { present: true, .. } => Some(OwnerEventKind::SeatPresent),
            EventKind::Presence { present: false, .. } => Some(OwnerEventKind::SeatGone),
            EventKind::Ended(_) => Some(OwnerEventKind::GameEnded),
            EventKind::Resumed => Some(OwnerEventKind::GameResumed),
            _ => None,
        };
        if let Some(kind) = kind {
            notes.push(OwnerNote { owner: owner.to_owned(), seq: event.seq, kind });
        }
        if moves && event.kind.is_move() {
            notes.push(OwnerNote { owner: owner.to_owned(), seq: event.seq, kind: OwnerEventKind::MovePlayed });
        }
    }
    notes
}

/// Whether a game with `history` has started: a move, not talk of a draw, was made (taken
/// back or not). Reads the history only as far as its first move, nearly always its first
/// turn.
pub(super) fn has_started(history: &[Turn]) -> bool {
    history.iter().any(|turn| matches!(turn, Turn::Move(_, action) if !action.is_draw_talk()))
}

#[cfg(test)]
mod tests {
    use std::time::SystemTime;

    use super::*;
    use crate::engine::{DrawReason, Outcome, Seat};

    fn played(seq: u64, turn: Turn) -> StoredEvent {
        let kind = EventKind::Played { turn, move_number: 0, actor: None, clocks: None, label: None };
        StoredEvent { seq, time: SystemTime::UNIX_EPOCH, kind, request_id: None, request_digest: None }
    }

    fn kinds(notes: &[OwnerNote]) -> Vec<(u64, OwnerEventKind)> {
        notes.iter().map(|note| (note.seq, note.kind)).collect()
    }

    #[test]
    fn the_first_move_starts_the_game_once_and_talk_of_a_draw_does_not() {
        let (x, o) = (Seat::FIRST, Seat::SECOND);
        let events = [
            played(2, Turn::Move(x, Action::OfferDraw)),
            played(3, Turn::Move(x, Action::place(0, 0))),
            played(4, Turn::Move(o, Action::place(1, 1))),
            played(5, Turn::RequestTakeBack(o)),
        ];
        let notes = owner_notes("lobby", &events, false, false);
        assert_eq!(
            kinds(&notes),
            [
                (2, OwnerEventKind::DrawOffered),
                (3, OwnerEventKind::GameStarted),
                (5, OwnerEventKind::TakebackRequested)
            ]
        );
        assert!(notes.iter().all(|note| note.owner == "lobby"));
        // A game that had started before (its first move taken back, say) starts no more.
        assert_eq!(kinds(&owner_notes("lobby", &events[1..2], true, false)), []);
        let ended = StoredEvent {
            seq: 7,
            kind: EventKind::Ended(Outcome::Draw { reason: DrawReason::Agreement }),
            ..played(0, Turn::Resign(x))
        };
        assert_eq!(
            kinds(&owner_notes("", &[played(6, Turn::Resign(x)), ended], true, false)),
            [(7, OwnerEventKind::GameEnded)]
        );
        assert!(has_started(&[Turn::Move(x, Action::OfferDraw), Turn::Move(x, Action::place(0, 0))]));
        assert!(!has_started(&[Turn::Move(x, Action::OfferDraw), Turn::RequestTakeBack(x)]));
    }
}
