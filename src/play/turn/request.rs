//! What a turn asks and what it did: the request (its actor, its command, its conditions
//! and its id), and the result a caller is answered with.

use sha2::{Digest, Sha256};

use crate::engine::clock::ClockChange;
use crate::engine::{AnyMatch, Outcome, Seat, Turn, View, Viewer};
use crate::store::{Actor, StoredEvent};

use super::super::clocks::ClockReadings;
use super::super::live::SeatProof;

/// What a turn did.
pub struct TurnResult {
    /// False for a `validate_only` check.
    pub applied: bool,
    /// The game's newest seq afterwards.
    pub seq: u64,
    /// The events the turn appended (or, for a retry, had appended).
    pub events: Vec<StoredEvent>,
    /// The game afterwards, as much of it as the caller asked for.
    pub afterwards: Afterwards,
    /// In a game with clocks, the clocks afterwards, read when the turn was made.
    pub clocks: Option<ClockReadings>,
}

/// How much of the game afterwards a caller is answered with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Answer {
    /// The whole game as the caller may see it.
    #[default]
    View,
    /// Who acts next and the result: for a caller that keeps its own board, which spares
    /// the server building a view only to drop it.
    Summary,
}

/// The game after a turn, as much of it as the request's [`Answer`] asks for.
pub enum Afterwards {
    /// The whole game as the caller may see it (boxed: it is many times the summary's size).
    View(Box<View>),
    /// Who acts next and the result.
    Summary {
        /// The seats that may act now; empty once the game is over.
        to_act: Vec<Seat>,
        /// The result, once the game is over.
        outcome: Option<Outcome>,
    },
}

impl Afterwards {
    /// `game` as `viewer` is answered with it.
    pub(super) fn of(game: &dyn AnyMatch, viewer: Viewer, answer: Answer) -> Afterwards {
        match answer {
            Answer::View => Afterwards::View(Box::new(game.view(viewer))),
            Answer::Summary => Afterwards::Summary { to_act: game.to_act(), outcome: game.outcome() },
        }
    }

    /// The whole view, when it was asked for.
    pub fn view(&self) -> Option<&View> {
        match self {
            Afterwards::View(view) => Some(view),
            Afterwards::Summary { .. } => None,
        }
    }

    /// The seats that may act now; empty once the game is over.
    pub fn to_act(&self) -> &[Seat] {
        match self {
            Afterwards::View(view) => &view.to_act,
            Afterwards::Summary { to_act, .. } => to_act,
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Afterwards::View(view) => view.outcome.as_ref(),
            Afterwards::Summary { outcome, .. } => outcome.as_ref(),
        }
    }
}

/// What a request asks of a game: a turn of the game, or a change to its clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A turn: a move, a resignation, a takeback, an abort, an adjudication, a timeout.
    Turn(Turn),
    /// A pause, a resumption or time added, by a service key.
    Clock(ClockChange),
    /// `seat` claims the game (a draw, with `draw`) against the seat to move, gone for the
    /// game's claim window: played as an adjudication made by `seat`.
    Claim { seat: Seat, draw: bool },
    /// The server announces that `seat` came (`present`) or went, where the game keeps
    /// presence and that changes what its log last said; otherwise nothing is appended.
    Presence { seat: Seat, present: bool },
}

impl Command {
    /// Whether this ends the game whatever the position: a resignation, an abort, an
    /// adjudication or a timeout. A log with no room left takes only these.
    pub(super) fn ends_the_game(&self) -> bool {
        matches!(
            self,
            Command::Turn(Turn::Resign(_) | Turn::Abort { .. } | Turn::Adjudicate { .. } | Turn::TimedOut(_))
                | Command::Claim { .. }
        )
    }

    /// Whether this takes back a move, asks to, or answers such a request: what may follow
    /// a game's end while it may still be taken back.
    pub(super) fn takes_back(&self) -> bool {
        matches!(self, Command::Turn(Turn::TakeBack(_) | Turn::RequestTakeBack(_) | Turn::AnswerTakeBack { .. }))
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
    /// What a seat's caller showed to act for the seat, checked again against the seat's
    /// credentials as the turn is stored (a token reissued meanwhile revokes it); `None`
    /// for the engine, the clock and a service key.
    pub credential: Option<SeatProof>,
    /// Only check.
    pub validate_only: bool,
    /// How much of the game afterwards to answer with (not part of the request's
    /// identity: a retry may ask for more or less).
    pub answer: Answer,
}

impl TurnRequest {
    /// The request id as the log keeps it: scoped to the actor that sent it, so that one
    /// actor can neither learn which ids another has used nor spend them first.
    pub(super) fn log_key(&self) -> Option<String> {
        self.request_id.as_ref().map(|id| format!("{}/{id}", self.actor.request_scope()))
    }

    /// Who the answer is for: a seat sees its own view (the engine its seat's), anyone else
    /// a spectator's.
    pub(super) fn viewer(&self) -> Viewer {
        match self.actor {
            Actor::Seat(seat) | Actor::Engine(seat) => Viewer::Seat(seat),
            Actor::Service { .. } | Actor::Clock => Viewer::Spectator,
        }
    }

    /// A digest of everything the request asks, so that an id reused for a different
    /// request is told apart from a retry. (A turn's digest is what it was before clock
    /// changes existed, so retries logged then are still recognised.)
    pub(super) fn digest(&self) -> String {
        let asked = match &self.command {
            Command::Turn(turn) => serde_json::to_vec(&(turn.digest_form(), self.expected_seq, self.validate_only)),
            Command::Clock(change) => serde_json::to_vec(&("clock", change, self.expected_seq, self.validate_only)),
            Command::Claim { seat, draw } => serde_json::to_vec(&("claim", seat, draw, self.validate_only)),
            Command::Presence { seat, present } => serde_json::to_vec(&("presence", seat, present)),
        };
        Sha256::digest(asked.expect("requests serialise")).iter().map(|byte| format!("{byte:02x}")).collect()
    }

    /// Whether the actor may ask this.
    pub(super) fn allowed(&self) -> bool {
        match &self.command {
            Command::Turn(turn) => self.actor.may_make(turn),
            Command::Clock(_) => matches!(self.actor, Actor::Service { .. }),
            Command::Claim { seat, .. } => self.actor == Actor::Seat(*seat),
            Command::Presence { .. } => self.actor == Actor::Clock,
        }
    }
}
