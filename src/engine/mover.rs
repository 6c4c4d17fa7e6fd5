use super::Seat;

/// A seat that may act now: what [`Rules::apply`](super::Rules::apply) takes instead of
/// a bare [`Seat`], so that no move reaches the rules for a seat whose turn it is not.
///
/// Invariant: a `Mover` exists only for a seat that the match has checked is in
/// `to_act()` of a live game (one that is not over), at the moment of the call it is
/// made for. Only the engine's [`Match`](super::Match) makes one, right after that
/// check (or, when a takeback replays the moves in force, for a move that passed it when
/// first played), and hands it straight to `apply`. A game's `apply` may therefore rely
/// on it without checking again, and never keeps one beyond the call.
///
/// Deliberately without a public constructor, `Default` or `Deserialize`: nothing
/// outside the engine can make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover(Seat);

impl Mover {
    /// The proof that `seat` may act now. The caller has just checked that the game is
    /// not over and that `seat` is in its `to_act()`.
    pub(in crate::engine) fn checked(seat: Seat) -> Mover {
        Mover(seat)
    }

    /// The seat that acts.
    pub fn seat(self) -> Seat {
        self.0
    }
}
