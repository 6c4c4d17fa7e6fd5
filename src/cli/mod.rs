//! The subcommands besides `serve`.

pub mod perft;
pub mod solve;
