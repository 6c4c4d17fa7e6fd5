pub mod attacks;
pub mod board;
pub mod fen;
pub mod movegen;
pub mod perft;
pub mod position;
mod zobrist;
