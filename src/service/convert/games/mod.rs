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

use crate::engine::Cell;
use crate::proto::tabula::v1 as pb;
use crate::service::convert::Violations;

/// Most cells a list of blocked cells is read with: a 20×20 board has 400. The game's own
/// rules refuse what does not fit its board.
const MAX_BLOCKED_CELLS: usize = 400;

/// The cells of a list of blocked cells (`field`), at most [`MAX_BLOCKED_CELLS`] of them;
/// a longer list is a violation.
fn blocked_cells(cells: &[pb::Cell], field: String, violations: &mut Violations) -> Vec<Cell> {
    if cells.len() > MAX_BLOCKED_CELLS {
        violations.add(field, format!("lists more than {MAX_BLOCKED_CELLS} cells"));
    }
    cells.iter().take(MAX_BLOCKED_CELLS).map(|c| Cell::new(c.row, c.col)).collect()
}

/// The wire form of a list of cells.
fn cells_to_proto(cells: &[Cell]) -> Vec<pb::Cell> {
    cells.iter().map(|c| pb::Cell { row: c.row, col: c.col }).collect()
}
