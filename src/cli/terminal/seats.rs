//! What a game kind's seats are called, as `ListGameKinds` names them, and how a seat's
//! piece is drawn.

/// The seat names of one game kind, in seat order (entry 0 is seat 1).
#[derive(Clone, Debug, Default)]
pub struct SeatNames {
    names: Vec<String>,
}

impl SeatNames {
    /// Names in seat order, as `GameKindInfo.seat_names` lists them.
    pub fn new(names: Vec<String>) -> SeatNames {
        SeatNames { names }
    }

    /// `seat` as people know it, `Red (seat 1)`; `seat 3` for a seat the kind does not name.
    pub fn name(&self, seat: u32) -> String {
        match self.names.get(Self::index(seat)) {
            Some(name) if !name.is_empty() => format!("{name} (seat {seat})"),
            _ => format!("seat {seat}"),
        }
    }

    /// Every seat but `seat`, named as [`SeatNames::name`] names them and joined by `and`:
    /// the other side, in a game of two.
    pub fn others(&self, seat: u32) -> String {
        let others: Vec<String> = (1..=self.names.len() as u32).filter(|&s| s != seat).map(|s| self.name(s)).collect();
        if others.is_empty() { "the other seat".to_owned() } else { others.join(" and ") }
    }

    /// The one character a seat's mark, stone, disc or peg is drawn with: its name's
    /// initial in upper case, or `o` in a game with one seat (where a piece is just a peg).
    pub fn initial(&self, seat: u32) -> char {
        if self.names.len() == 1 {
            return 'o';
        }
        self.names
            .get(Self::index(seat))
            .and_then(|name| name.chars().next())
            .map_or('?', |initial| initial.to_ascii_uppercase())
    }

    // Seat 0 means "nobody" on the wire; it maps past every name.
    fn index(seat: u32) -> usize {
        (seat as usize).wrapping_sub(1)
    }
}
