//! The subcommands.

pub mod analyse;
pub mod games;
pub mod perft;
pub mod serve;
pub mod solve;
pub mod uci;
