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
}

impl PlayOptions {
    /// These options with a random starter replaced by a seat drawn now.
    pub fn drawn(self) -> PlayOptions {
        PlayOptions { starter: self.starter.drawn(), ..self }
    }
}
