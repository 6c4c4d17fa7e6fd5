//! Which arms of the stored enums the golden games use. Each enum that a stored document
//! holds is matched exhaustively below, so a new arm fails to compile until it is named
//! here; the coverage test then fails until a golden game uses it.

use std::collections::BTreeSet;

use tabula::engine::clock::{ClockChange, TimeControl};
use tabula::engine::{Action, Location, Orientation, Outcome, PlaceTarget, Promotion, Turn};
use tabula::store::document::GameDocument;
use tabula::store::{Actor, EventKind, GameStatus};

/// The arms of one enum, by name, and which arm a value is.
pub struct Arms<T: 'static> {
    /// The enum.
    pub what: &'static str,
    /// Every arm, in declaration order.
    pub names: &'static [&'static str],
    /// The arm of a value, from `names`.
    pub name: fn(&T) -> &'static str,
}

/// Declares the [`Arms`] of an enum from one exhaustive list of patterns and names, so
/// that the names and the match cannot disagree.
macro_rules! arms {
    ($arms:ident: $enum:ty { $($pattern:pat => $name:literal),+ $(,)? }) => {
        pub const $arms: Arms<$enum> = Arms {
            what: stringify!($enum),
            names: &[$($name),+],
            name: |value| match value { $($pattern => $name),+ },
        };
    };
}

arms!(EVENT_KIND: EventKind {
    EventKind::Created => "created",
    EventKind::Played { .. } => "played",
    EventKind::Clock { .. } => "clock",
    EventKind::Ended(_) => "ended",
    EventKind::Resumed => "resumed",
    EventKind::Presence { .. } => "presence",
});

arms!(TURN: Turn {
    Turn::Move(..) => "move",
    Turn::Resign(_) => "resign",
    Turn::TakeBack(_) => "take back",
    Turn::Abort { .. } => "abort",
    Turn::Adjudicate { .. } => "adjudicate",
    Turn::TimedOut(_) => "timed out",
    Turn::RequestTakeBack(_) => "request take back",
    Turn::AnswerTakeBack { .. } => "answer take back",
});

arms!(ACTOR: Actor {
    Actor::Seat(_) => "seat",
    Actor::Service { .. } => "service",
    Actor::Engine(_) => "engine",
    Actor::Clock => "clock",
});

arms!(CLOCK_CHANGE: ClockChange {
    ClockChange::Paused => "paused",
    ClockChange::Resumed => "resumed",
    ClockChange::TimeAdded { .. } => "time added",
});

arms!(TIME_CONTROL: TimeControl {
    TimeControl::Fischer { .. } => "fischer",
    TimeControl::Bronstein { .. } => "bronstein",
    TimeControl::SimpleDelay { .. } => "simple delay",
    TimeControl::PerMove { .. } => "per move",
    TimeControl::Correspondence { .. } => "correspondence",
});

arms!(ACTION: Action {
    Action::Place(_) => "place",
    Action::Move { .. } => "move",
    Action::GridShift { .. } => "grid shift",
    Action::Capture(_) => "capture",
    Action::Shot(_) => "shot",
    Action::Pass => "pass",
    Action::Ready => "ready",
    Action::OfferDraw => "offer draw",
    Action::AcceptDraw => "accept draw",
    Action::DeclineDraw => "decline draw",
    Action::ClaimDraw => "claim draw",
    Action::MoveAndClaimDraw { .. } => "move and claim draw",
    Action::WithdrawDraw => "withdraw draw",
});

arms!(PLACE_TARGET: PlaceTarget {
    PlaceTarget::Cell(_) => "cell",
    PlaceTarget::Column(_) => "column",
    PlaceTarget::Point(_) => "point",
    PlaceTarget::Ship(_) => "ship",
    PlaceTarget::Fleet(_) => "fleet",
});

arms!(LOCATION: Location {
    Location::Cell(_) => "cell",
    Location::Point(_) => "point",
});

arms!(PROMOTION: Promotion {
    Promotion::Queen => "queen",
    Promotion::Rook => "rook",
    Promotion::Bishop => "bishop",
    Promotion::Knight => "knight",
});

arms!(ORIENTATION: Orientation {
    Orientation::Horizontal => "horizontal",
    Orientation::Vertical => "vertical",
});

arms!(OUTCOME: Outcome {
    Outcome::Win { .. } => "win",
    Outcome::Draw { .. } => "draw",
    Outcome::NoResult { .. } => "no result",
});

arms!(STATUS: GameStatus {
    GameStatus::InProgress => "in progress",
    GameStatus::Finished => "finished",
    GameStatus::Archived => "archived",
});

/// Arms seen, as (enum, arm).
pub type Seen = BTreeSet<(&'static str, &'static str)>;

fn note<T>(seen: &mut Seen, arms: &Arms<T>, value: &T) {
    seen.insert((arms.what, (arms.name)(value)));
}

/// Notes every arm that `document` uses.
pub fn note_document(seen: &mut Seen, document: &GameDocument) {
    note(seen, &STATUS, &document.status);
    for control in document.clock.iter().flat_map(|clock| &clock.controls) {
        note(seen, &TIME_CONTROL, control);
    }
    for event in &document.events {
        note(seen, &EVENT_KIND, &event.kind);
        match &event.kind {
            EventKind::Created => {}
            EventKind::Played { turn, actor, .. } => {
                note(seen, &TURN, turn);
                if let Some(actor) = actor {
                    note(seen, &ACTOR, actor);
                }
                if let Turn::Move(_, action) = turn {
                    note_action(seen, action);
                }
            }
            EventKind::Clock { change, actor, .. } => {
                note(seen, &CLOCK_CHANGE, change);
                note(seen, &ACTOR, actor);
            }
            EventKind::Ended(outcome) => note(seen, &OUTCOME, outcome),
            EventKind::Resumed | EventKind::Presence { .. } => {}
        }
    }
}

fn note_action(seen: &mut Seen, action: &Action) {
    note(seen, &ACTION, action);
    match action {
        Action::Place(target) => {
            note(seen, &PLACE_TARGET, target);
            let ships = match target {
                PlaceTarget::Ship(ship) => std::slice::from_ref(ship),
                PlaceTarget::Fleet(fleet) => fleet.as_slice(),
                PlaceTarget::Cell(_) | PlaceTarget::Column(_) | PlaceTarget::Point(_) => &[],
            };
            for ship in ships {
                note(seen, &ORIENTATION, &ship.orientation);
            }
        }
        Action::Move { from, to, promotion } | Action::MoveAndClaimDraw { from, to, promotion } => {
            note(seen, &LOCATION, from);
            note(seen, &LOCATION, to);
            if let Some(promotion) = promotion {
                note(seen, &PROMOTION, promotion);
            }
        }
        Action::Capture(location) => note(seen, &LOCATION, location),
        Action::GridShift { .. }
        | Action::Shot(_)
        | Action::Pass
        | Action::Ready
        | Action::OfferDraw
        | Action::AcceptDraw
        | Action::DeclineDraw
        | Action::ClaimDraw
        | Action::WithdrawDraw => {}
    }
}

/// Every arm of every enum above that `seen` lacks, as `enum::arm`.
pub fn missing(seen: &Seen) -> Vec<String> {
    let all: [(&str, &[&str]); 12] = [
        (EVENT_KIND.what, EVENT_KIND.names),
        (TURN.what, TURN.names),
        (ACTOR.what, ACTOR.names),
        (ACTION.what, ACTION.names),
        (PLACE_TARGET.what, PLACE_TARGET.names),
        (LOCATION.what, LOCATION.names),
        (PROMOTION.what, PROMOTION.names),
        (ORIENTATION.what, ORIENTATION.names),
        (OUTCOME.what, OUTCOME.names),
        (STATUS.what, STATUS.names),
        (CLOCK_CHANGE.what, CLOCK_CHANGE.names),
        (TIME_CONTROL.what, TIME_CONTROL.names),
    ];
    all.iter()
        .flat_map(|&(what, names)| names.iter().map(move |&name| (what, name)))
        .filter(|arm| !seen.contains(arm))
        .map(|(what, name)| format!("{what}::{name}"))
        .collect()
}
