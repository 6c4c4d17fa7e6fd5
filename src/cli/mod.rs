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

/// The threads a command asked for, or one per core.
pub fn threads_or_one_per_core(asked: Option<u32>) -> usize {
    asked.map_or_else(|| std::thread::available_parallelism().map_or(1, usize::from), |threads| threads as usize)
}
