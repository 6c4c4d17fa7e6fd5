//! What a change to a game calls for beyond itself: a deadline to watch, a bot to move, a
//! series to move on. The parts that change games (the turn pipeline, creation, loading)
//! return these instead of calling the parts that act on them, and hand them to a
//! [`Driver`], which the facade is: so every arrow between the play layer's modules points
//! one way.

use crate::engine::clock::Millis;
use crate::store::{SeriesLink, TournamentLink};

/// What a change to one game calls for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[must_use = "what a change calls for must reach the drivers"]
pub struct Effects {
    /// The game's next deadline, to watch in place of the one watched (`Some(None)`: none
    /// any more); `None` when the change left it as it was.
    pub deadline: Option<Option<Millis>>,
    /// A seat the server's engine plays is to act.
    pub bot_due: bool,
    /// A running clock has run out: the clock is to act now.
    pub clock_due: bool,
    /// The game, part of this series, has ended (or gone).
    pub series_ended: Option<SeriesLink>,
    /// The game, a rated one, has ended: its result is to be rated.
    pub rating_due: bool,
    /// The game, made for this place of a tournament, has ended (or gone).
    pub tournament_ended: Option<TournamentLink>,
    /// The game's state now takes this many bytes, for the cache to count.
    pub weight: Option<usize>,
}

impl Effects {
    /// Nothing to do.
    pub fn none() -> Effects {
        Effects::default()
    }

    /// Watch `deadline` (none, when `None`).
    pub fn with_deadline(mut self, deadline: Option<Millis>) -> Effects {
        self.deadline = Some(deadline);
        self
    }
}

/// Whoever acts on what changes call for: watches deadlines, moves bots, moves series on.
pub trait Driver: Send + Sync {
    /// Acts on `effects`, called for by a change to game `id`. Returns at once: whatever
    /// takes time runs in a task of its own.
    fn act(&self, id: &str, effects: Effects);
}
