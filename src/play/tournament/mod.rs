//! Tournaments of many players: the order of their rounds, their pairings and their
//! standings (the pure parts: the round-robin schedule by FIDE's Berger tables, a
//! knockout's seeded bracket, standings with tie-breaks), and the driver that runs a
//! tournament round after round as the series driver runs a series.

pub mod berger;
pub mod bracket;
mod driver;
pub mod knockout;
pub mod standings;
pub mod swiss;
pub mod trf;

pub use driver::{
    MAX_TRIES, NewTournament, TournamentDriver, TournamentRequest, round_count, round_finished, seeds, standings_after,
};
