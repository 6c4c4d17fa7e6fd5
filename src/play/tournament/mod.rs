//! Tournaments of many players: the order of their rounds, their pairings and their
//! standings. Only the pure parts so far, which the tournament resource will drive as the
//! series driver drives a series: the round-robin schedule by FIDE's Berger tables, a
//! knockout's seeded bracket, and standings with tie-breaks.

pub mod berger;
pub mod knockout;
pub mod standings;
