//! Tournaments of many players: the order of their rounds and their pairings. Only the
//! pure parts so far, which the tournament resource will drive as the series driver
//! drives a series: the round-robin schedule by FIDE's Berger tables.

pub mod berger;
