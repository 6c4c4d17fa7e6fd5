//! A game small enough to reason about, for the engine's own tests.

use serde::{Deserialize, Serialize};

use super::{Action, ConfigError, MoveError, Mover, Observation, Outcome, Reason, Rules, Seat, Viewer, WinReason};

/// Seats alternately add 1 or 2 to a total; reaching `target` wins. Takebacks follow
/// the config. An ending outside the rules is kept in `concluded`, as a game whose
/// view changes at the end would.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Race {
    target: u32,
    takebacks: bool,
    total: u32,
    turn: Seat,
    winner: Option<Seat>,
    pub concluded: Option<Outcome>,
}

impl Rules for Race {
    type Config = (u32, bool);
    const NAME: &'static str = "race";
    fn new(&(target, takebacks): &(u32, bool)) -> Result<Race, ConfigError> {
        Ok(Race { target, takebacks, total: 0, turn: Seat::FIRST, winner: None, concluded: None })
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn to_act(&self) -> Vec<Seat> {
        if self.outcome().is_some() { vec![] } else { vec![self.turn] }
    }
    fn legal_moves(&self, _seat: Seat) -> Vec<Action> {
        vec![Action::drop(1), Action::drop(2)]
    }
    fn apply(&mut self, mover: Mover, action: &Action) -> Result<(), MoveError> {
        let seat = mover.seat();
        let Action::Place(crate::engine::PlaceTarget::Column(step @ 1..=2)) = action else {
            return Err(MoveError::new(Reason::MoveKindNotAllowed, "add 1 or 2"));
        };
        self.total += step;
        if self.total >= self.target {
            self.winner = Some(seat);
        }
        self.turn = seat.opponent();
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        let by_rules = self.winner.map(|winner| Outcome::Win { winner, reason: WinReason::Line, line: vec![] });
        by_rules.or_else(|| self.concluded.clone())
    }
    fn conclude(&mut self, outcome: &Outcome) {
        assert!(self.winner.is_none(), "concluded a game the rules had ended");
        self.concluded = Some(outcome.clone());
    }
    fn observe(&self, _viewer: Viewer) -> Observation {
        Observation::default()
    }
    fn describe(&self, action: &Action) -> String {
        format!("{action:?}")
    }
    fn takebacks_allowed(&(_, takebacks): &(u32, bool)) -> bool {
        takebacks
    }
}
