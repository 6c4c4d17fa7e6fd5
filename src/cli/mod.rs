//! The subcommands.

pub mod analyse;
pub mod bench;
pub mod games;
pub mod perft;
pub mod replay;
pub mod serve;
pub mod solve;
pub mod telemetry;
pub mod terminal;
pub mod tune;
pub mod uci;
