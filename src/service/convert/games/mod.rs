//! One module per game: its configuration message to and from the domain's, one line per
//! field. Enum values a request sends that the contract does not know are violations.

pub mod battleship;
pub mod chess;
pub mod connect_four;
pub mod gomoku;
pub mod morris;
pub mod peg_solitaire;
pub mod reversi;
pub mod tic_tac_toe;
pub mod tic_tac_two;
