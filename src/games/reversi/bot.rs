//! The Reversi bot. Level 1 plays at random, level 2 searches two plies, level 3 six (or
//! as deep as the budget allows). Leaves are judged by mobility (moves each seat has),
//! corners held, cells next to an empty corner (which give it away), and, once few empty
//! cells remain, the disc count; corner moves are tried first.

use crate::engine::bot;
use crate::engine::{Action, Cell, PlaceTarget, Rules, SearchBudget, Seat};

use super::Reversi;
use super::board::Square;

/// The strongest level.
pub(super) const MAX_LEVEL: u8 = 3;

pub(super) fn action(game: &Reversi, seat: Seat, level: u8, budget: SearchBudget<'_>, seed: u64) -> Option<Action> {
    bot::leveled(game, seat, level, budget, seed, &[2, 6], &candidates)
}

fn corners(game: &Reversi) -> [Cell; 4] {
    let (width, height) = game.board.dims();
    [Cell::new(0, 0), Cell::new(0, width - 1), Cell::new(height - 1, 0), Cell::new(height - 1, width - 1)]
}

/// The cells next to `corner` (diagonally and along the edges).
fn next_to(game: &Reversi, corner: Cell) -> Vec<Cell> {
    let (width, height) = game.board.dims();
    let step = |value: u32, limit: u32| if value == 0 { 1 } else { limit - 2 };
    let (row, col) = (step(corner.row, height), step(corner.col, width));
    vec![Cell::new(row, col), Cell::new(corner.row, col), Cell::new(row, corner.col)]
}

fn candidates(game: &Reversi, seat: Seat) -> Vec<(Action, i32)> {
    let corners = corners(game);
    game.legal_moves(seat)
        .into_iter()
        .map(|action| {
            let priority = match &action {
                Action::Place(PlaceTarget::Cell(cell)) if corners.contains(cell) => 10,
                Action::Place(PlaceTarget::Cell(cell))
                    if corners
                        .iter()
                        .any(|&c| game.board.square(c) == Square::Empty && next_to(game, c).contains(cell)) =>
                {
                    -10
                }
                _ => 0,
            };
            (action, priority)
        })
        .collect()
}

pub(super) fn evaluate(game: &Reversi, seat: Seat) -> i32 {
    let opponent = seat.opponent();
    let mobility = game.board.moves(seat).len() as i32 - game.board.moves(opponent).len() as i32;
    let mut corners_held = 0;
    let mut exposed = 0;
    for corner in corners(game) {
        match game.board.square(corner) {
            Square::Disc(owner) => corners_held += if owner == seat { 1 } else { -1 },
            Square::Empty => {
                for cell in next_to(game, corner) {
                    if let Square::Disc(owner) = game.board.square(cell) {
                        exposed += if owner == seat { 1 } else { -1 };
                    }
                }
            }
            Square::Wall => {}
        }
    }
    let (width, height) = game.board.dims();
    let discs = (game.count(seat) as i32, game.count(opponent) as i32);
    let empty = (width * height) as i32 - game.config.walls.len() as i32 - discs.0 - discs.1;
    let late = if empty <= 16 { (discs.0 - discs.1) * 10 } else { 0 };
    mobility * 10 + corners_held * 100 - exposed * 30 + late
}
