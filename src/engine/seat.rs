use std::fmt;

use serde::{Deserialize, Serialize};

/// One of a game's seats. Seats are numbered from 0 inside the engine and from 1 on the
/// wire (see [`Seat::number`]), so that 0 can mean "no seat" there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(u8);

impl Seat {
    /// The first seat, which moves first in every two-seat game.
    pub const FIRST: Seat = Seat(0);
    /// The second seat.
    pub const SECOND: Seat = Seat(1);

    /// The seat with zero-based `index`.
    pub const fn new(index: u8) -> Seat {
        Seat(index)
    }

    /// The seat whose one-based wire number is `number`; `None` for 0 or above 255.
    ///
    /// ```
    /// use tabula::engine::Seat;
    ///
    /// assert_eq!(Seat::from_number(1), Some(Seat::FIRST));
    /// assert_eq!(Seat::from_number(2).map(Seat::index), Some(1));
    /// assert_eq!(Seat::from_number(0), None);
    /// ```
    pub fn from_number(number: u32) -> Option<Seat> {
        let index = number.checked_sub(1)?;
        u8::try_from(index).ok().map(Seat)
    }

    /// Zero-based index, for arrays indexed by seat.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// One-based number, as the wire format counts seats.
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    /// In a two-seat game, the other seat.
    pub const fn opponent(self) -> Seat {
        Seat(1 - self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

/// Who a view or event is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A player, who sees what the rules let that seat see.
    Seat(Seat),
    /// Anyone else, who sees only public information.
    Spectator,
}

impl Viewer {
    /// The viewer's seat, if it has one.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        }
    }
}
