//! `tabula solve`: exact answers from the games' solvers, one module a game.
//!
//! - [`peg_solitaire`]: whether a peg solitaire start can be solved, one solution, and how
//!   many solving jump sequences there are.
//! - [`connect_four`]: the exact score of standard Connect Four positions, in Pascal Pons'
//!   notation and convention.
//! - [`reversi`]: the exact final disc difference and a best move of standard Reversi
//!   positions, in the FFO test form.

mod connect_four;
mod peg_solitaire;
mod reversi;

/// Which puzzle or positions to solve.
#[derive(clap::Subcommand, Debug)]
pub enum SolveCommand {
    /// Peg solitaire on the triangle or the English cross.
    PegSolitaire(peg_solitaire::PegArgs),
    /// Connect Four on the standard 7×6 board: the exact score of a position, from the
    /// side to move (Pons' convention: 0 a draw; when winning, 22 minus the discs the
    /// winner drops, the winning one included; negated when losing).
    ConnectFour(connect_four::ConnectFourArgs),
    /// Reversi on the standard 8×8 board without walls: a best move and the exact final
    /// disc difference from the side to move with best play from both sides (empty
    /// squares at the end counted for the winner, as the FFO test scores count them).
    Reversi(reversi::ReversiArgs),
}

pub fn run(command: SolveCommand) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        SolveCommand::PegSolitaire(args) => peg_solitaire::run(args),
        SolveCommand::ConnectFour(args) => connect_four::run(args),
        SolveCommand::Reversi(args) => reversi::run(args),
    }
}
