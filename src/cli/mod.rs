//! The subcommands besides `serve`.

pub mod games;
pub mod perft;
pub mod solve;
