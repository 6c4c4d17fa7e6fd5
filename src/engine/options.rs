//! What a game's creator chooses about the course of play beside the rules: who starts,
//! and takebacks. The same choices in every game that offers them, so each such game's
//! configuration holds one [`PlayOptions`], and the rules read it through
//! [`Rules::play_options`](super::Rules::play_options).

use serde::{Deserialize, Serialize};

use super::Seat;

/// Which seat moves first, in a two-seat game whose rules leave that open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Starter {
    /// The first seat, the custom of every such game.
    #[default]
    FirstSeat,
    /// The second seat.
    SecondSeat,
    /// A seat drawn at random when the game is created: [`Starter::drawn`] replaces it
    /// with the seat drawn, and the game stores that. A configuration still saying
    /// `Random` when play starts gets the first seat, so that the start never depends on
    /// anything but the configuration.
    Random,
}

impl Starter {
    /// The seat that moves first.
    pub const fn seat(self) -> Seat {
        match self {
            Starter::FirstSeat | Starter::Random => Seat::FIRST,
            Starter::SecondSeat => Seat::SECOND,
        }
    }

    /// This choice with `Random` replaced by a seat drawn now.
    pub fn drawn(self) -> Starter {
        match self {
            Starter::Random if rand::random::<bool>() => Starter::SecondSeat,
            Starter::Random => Starter::FirstSeat,
            chosen => chosen,
        }
    }
}

/// Choices about the course of play that the two-seat games share.
///
/// Invariants kept by [`Match::new`](super::Match::new): `takeback_consent` only with
/// `allow_takebacks`; `allow_draw_offers` only in a game of two seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayOptions {
    /// Which seat moves first.
    #[serde(default)]
    pub starter: Starter,
    /// Whether a seat may take back its own last move (see
    /// [`Match::take_back`](super::Match::take_back)).
    #[serde(default)]
    pub allow_takebacks: bool,
    /// Whether a takeback needs the other seat's consent (see
    /// [`Match::request_take_back`](super::Match::request_take_back)).
    #[serde(default)]
    pub takeback_consent: bool,
    /// Whether the seats may offer each other a draw, and accept or decline it (see
    /// [`Rules::draw_offers_allowed`](super::Rules::draw_offers_allowed)).
    #[serde(default)]
    pub allow_draw_offers: bool,
    /// Whether the server keeps the seats' presence, and how ([`Presence`]). Nothing in the
    /// rules reads it: a claim against a seat gone too long is the play layer's to judge.
    #[serde(default)]
    pub presence: Option<Presence>,
    /// For how long, in milliseconds, after a move ended the game by the rules its mover may
    /// still take it back, putting the game back in progress; `None`: a game's end is final.
    /// The rules read only whether it is set (see
    /// [`Match::end_reopenable`](super::Match::end_reopenable)): the window is the play
    /// layer's to time.
    #[serde(default)]
    pub ending_takeback_ms: Option<u64>,
}

/// The bounds of [`PlayOptions::ending_takeback_ms`].
pub const ENDING_TAKEBACK_MS: std::ops::RangeInclusive<u64> = 1_000..=3_600_000;

/// How a game keeps its seats' presence: a seat is present while it holds an event stream
/// of the game or made a call within `away_after_ms`; in a two-seat game with
/// `claim_after_ms`, the other seat may claim the game once the seat to move has been gone
/// that long.
///
/// Invariant of a validated configuration ([`Presence::problems`] empty): both windows
/// within their bounds, and a claim window only in a game of two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Presence {
    /// How long a seat stays present after its last call and after its last stream closed.
    pub away_after_ms: u64,
    /// How long the seat to move must have been gone before the other seat may claim.
    #[serde(default)]
    pub claim_after_ms: Option<u64>,
}

impl Presence {
    /// The window a configuration that leaves `away_after_ms` unset gets.
    pub const DEFAULT_AWAY_AFTER_MS: u64 = 30_000;
    /// The shortest presence or claim window.
    pub const MIN_WINDOW_MS: u64 = 1_000;
    /// The longest presence window: an hour.
    pub const MAX_AWAY_AFTER_MS: u64 = 3_600_000;
    /// The longest claim window: seven days.
    pub const MAX_CLAIM_AFTER_MS: u64 = 7 * 24 * 3_600_000;

    /// What is wrong with these windows in a game of `seats` seats, as (field, problem)
    /// pairs, the fields named as the contract's `PresenceConfig` names them.
    pub fn problems(&self, seats: usize) -> Vec<(&'static str, String)> {
        let mut problems = Vec::new();
        if !(Presence::MIN_WINDOW_MS..=Presence::MAX_AWAY_AFTER_MS).contains(&self.away_after_ms) {
            problems.push(("away_after", "must be from 1 s to 1 h".to_owned()));
        }
        if let Some(claim) = self.claim_after_ms {
            if !(Presence::MIN_WINDOW_MS..=Presence::MAX_CLAIM_AFTER_MS).contains(&claim) {
                problems.push(("claim_after", "must be from 1 s to 7 days".to_owned()));
            }
            if seats != 2 {
                problems.push(("claim_after", "needs an opponent to claim against; this game has one seat".to_owned()));
            }
        }
        problems
    }
}

impl PlayOptions {
    /// These options with a random starter replaced by a seat drawn now.
    pub fn drawn(self) -> PlayOptions {
        PlayOptions { starter: self.starter.drawn(), ..self }
    }
}
