//! Views sent as changes (`StreamEventsRequest.view_changes`): what changed between two
//! wire views of one game for one viewer, and such a change applied to the earlier view.
//!
//! The invariant both sides rely on: for two views `earlier` and `later` of a game, made
//! for the same viewer, `apply(&earlier, &change(&earlier, later.clone()))` is `later`.
//! Which boards a view has (`board`, `graph`, how many `seat_boards`) is fixed by its
//! game's kind, so a change never has to say that a board went away.

use super::tabula::v1::{Cell, CellChange, GraphBoard, GridBoard, PointChange, View, ViewChange};

/// What changed from `earlier` to `later`: `later` without the boards whose shape held,
/// and those boards' changed cells and points.
pub fn change(earlier: &View, mut later: View) -> ViewChange {
    let mut cells = Vec::new();
    if let (Some(before), Some(after)) = (&earlier.board, &later.board)
        && same_grid_shape(before, after)
    {
        changed_cells(0, before, after, &mut cells);
        later.board = None;
    }
    let seat_boards_held = earlier.seat_boards.len() == later.seat_boards.len()
        && earlier.seat_boards.iter().zip(&later.seat_boards).all(|(before, after)| same_grid_shape(before, after));
    if seat_boards_held {
        for (index, (before, after)) in earlier.seat_boards.iter().zip(&later.seat_boards).enumerate() {
            changed_cells(index as u32 + 1, before, after, &mut cells);
        }
        later.seat_boards.clear();
    }
    let mut points = Vec::new();
    if let (Some(before), Some(after)) = (&earlier.graph, &later.graph)
        && same_graph_shape(before, after)
    {
        for (index, (was, is)) in before.points.iter().zip(&after.points).enumerate() {
            if was.occupant != is.occupant {
                points.push(PointChange { point: index as u32, occupant: is.occupant });
            }
        }
        later.graph = None;
    }
    ViewChange { view: Some(later), cells, points }
}

/// Why a change does not apply to a view: it was made from another one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewChangeError {
    /// The change carries no view.
    #[error("the change carries no view")]
    NoView,
    /// The change names a board the earlier view does not have.
    #[error("the change names board {0}, which the earlier view does not have")]
    NoSuchBoard(u32),
    /// The change names a cell off its board.
    #[error("the change names cell ({row}, {col}), off board {board}")]
    NoSuchCell {
        /// The board: 0 for `View.board`, else the seat of a seat board.
        board: u32,
        /// The cell's row.
        row: u32,
        /// The cell's column.
        col: u32,
    },
    /// The change names a point the earlier view's graph does not have.
    #[error("the change names point {0}, which the earlier view's graph does not have")]
    NoSuchPoint(u32),
    /// A change arrived before any whole view to apply it to.
    #[error("a view change arrived before any whole view")]
    NothingHeld,
}

/// The view a follower of a stream with `view_changes` holds: the last whole view, kept up
/// to date with each message's view or change.
///
/// Invariant: after each `receive` that succeeded, the view held is the one the server
/// made for the message just received.
#[derive(Clone, Debug, Default)]
pub struct FollowedView {
    held: Option<View>,
}

impl FollowedView {
    /// Takes one message's `view` (whole) or `change` (from the view held) and gives the
    /// view it stands for; a message with neither leaves the view held and gives none.
    ///
    /// # Errors
    /// When the change does not apply to the view held (`NothingHeld` when none is), the
    /// stream is no longer the one this follower knows: follow it again from a whole view.
    pub fn receive(
        &mut self,
        view: Option<View>,
        change: Option<&ViewChange>,
    ) -> Result<Option<&View>, ViewChangeError> {
        match (view, change) {
            (Some(view), _) => self.held = Some(view),
            (None, Some(change)) => {
                let earlier = self.held.as_ref().ok_or(ViewChangeError::NothingHeld)?;
                self.held = Some(apply(earlier, change)?);
            }
            (None, None) => return Ok(None),
        }
        Ok(self.held.as_ref())
    }

    /// Forgets the view held: the next message must carry a whole one (a stream opened again).
    pub fn forget(&mut self) {
        self.held = None;
    }
}

/// `earlier` with `change` applied: the view the change was made to.
///
/// # Errors
/// When the change names a board, cell or point `earlier` does not have: it was not made
/// from `earlier`.
pub fn apply(earlier: &View, change: &ViewChange) -> Result<View, ViewChangeError> {
    let mut later = change.view.clone().ok_or(ViewChangeError::NoView)?;
    if later.board.is_none() {
        later.board = earlier.board.clone();
    }
    if later.seat_boards.is_empty() {
        later.seat_boards = earlier.seat_boards.clone();
    }
    for CellChange { seat_board, cell, content } in &change.cells {
        let board = match seat_board {
            0 => later.board.as_mut(),
            seat => later.seat_boards.get_mut(*seat as usize - 1),
        }
        .ok_or(ViewChangeError::NoSuchBoard(*seat_board))?;
        let Cell { row, col } = cell.unwrap_or_default();
        let off = ViewChangeError::NoSuchCell { board: *seat_board, row, col };
        if row >= board.height || col >= board.width {
            return Err(off);
        }
        let slot = board.cells.get_mut((row * board.width + col) as usize).ok_or(off)?;
        *slot = content.unwrap_or_default();
    }
    if later.graph.is_none() {
        later.graph = earlier.graph.clone();
    }
    for PointChange { point, occupant } in &change.points {
        let graph = later.graph.as_mut().ok_or(ViewChangeError::NoSuchPoint(*point))?;
        graph.points.get_mut(*point as usize).ok_or(ViewChangeError::NoSuchPoint(*point))?.occupant = *occupant;
    }
    Ok(later)
}

fn same_grid_shape(before: &GridBoard, after: &GridBoard) -> bool {
    before.width == after.width
        && before.height == after.height
        && before.cells.len() == after.cells.len()
        && before.column_labels == after.column_labels
        && before.row_labels == after.row_labels
        && before.cell_labels == after.cell_labels
}

fn same_graph_shape(before: &GraphBoard, after: &GraphBoard) -> bool {
    before.width == after.width
        && before.height == after.height
        && before.edges == after.edges
        && before.lines == after.lines
        && before.points.len() == after.points.len()
        && before
            .points
            .iter()
            .zip(&after.points)
            .all(|(was, is)| (was.x, was.y, &was.label) == (is.x, is.y, &is.label))
}

fn changed_cells(seat_board: u32, before: &GridBoard, after: &GridBoard, into: &mut Vec<CellChange>) {
    let width = after.width.max(1);
    for (index, (was, is)) in before.cells.iter().zip(&after.cells).enumerate() {
        if was != is {
            let index = index as u32;
            into.push(CellChange {
                seat_board,
                cell: Some(Cell { row: index / width, col: index % width }),
                content: Some(*is),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::tabula::v1::{BoardCell, GraphPoint, Piece};

    fn grid(width: u32, height: u32, marks: &[(usize, u32)]) -> GridBoard {
        let mut cells = vec![BoardCell::default(); (width * height) as usize];
        for &(index, owner) in marks {
            cells[index] = BoardCell { owner, piece: Piece::Mark as i32 };
        }
        GridBoard {
            width,
            height,
            cells,
            column_labels: vec!["a".into(), "b".into(), "c".into()],
            ..Default::default()
        }
    }

    #[test]
    fn a_follower_applies_changes_to_the_view_it_holds_and_refuses_one_with_none_held() {
        let first = View { seq: 3, board: Some(grid(3, 2, &[(0, 1)])), ..Default::default() };
        let second = View { seq: 4, board: Some(grid(3, 2, &[(0, 1), (5, 2)])), ..Default::default() };
        let made = change(&first, second.clone());
        let mut follower = FollowedView::default();
        assert_eq!(follower.receive(None, Some(&made)), Err(ViewChangeError::NothingHeld));
        assert_eq!(follower.receive(Some(first.clone()), None), Ok(Some(&first)));
        assert_eq!(follower.receive(None, None), Ok(None), "a message without a view gives none");
        assert_eq!(follower.receive(None, Some(&made)), Ok(Some(&second)), "the view held survived the empty message");
        follower.forget();
        assert_eq!(follower.receive(None, Some(&made)), Err(ViewChangeError::NothingHeld));
    }

    #[test]
    fn a_move_changes_one_cell_and_applies_back_to_the_later_view() {
        let earlier = View { seq: 3, to_act: vec![1], board: Some(grid(3, 2, &[(0, 1)])), ..Default::default() };
        let later = View { seq: 4, to_act: vec![2], board: Some(grid(3, 2, &[(0, 1), (5, 2)])), ..Default::default() };
        let made = change(&earlier, later.clone());
        assert_eq!(made.view.as_ref().unwrap().board, None, "the board's shape held: only its cells travel");
        assert_eq!(made.view.as_ref().unwrap().to_act, vec![2]);
        assert_eq!(made.cells.len(), 1);
        assert_eq!(made.cells[0].cell, Some(Cell { row: 1, col: 2 }));
        assert_eq!(apply(&earlier, &made), Ok(later));
    }

    #[test]
    fn a_board_whose_shape_changed_travels_whole() {
        let earlier = View { board: Some(grid(3, 2, &[])), ..Default::default() };
        let mut relabelled = grid(3, 2, &[(1, 1)]);
        relabelled.column_labels[0] = "z".into();
        let later = View { board: Some(relabelled), ..Default::default() };
        let made = change(&earlier, later.clone());
        assert!(made.cells.is_empty());
        assert_eq!(apply(&earlier, &made), Ok(later));
    }

    #[test]
    fn seat_boards_and_graph_points_change_in_place() {
        let graph = |occupants: [u32; 3]| GraphBoard {
            width: 3,
            height: 1,
            points: occupants
                .iter()
                .enumerate()
                .map(|(x, &occupant)| GraphPoint { x: x as u32, y: 0, occupant, label: format!("p{x}") })
                .collect(),
            ..Default::default()
        };
        let earlier = View {
            seat_boards: vec![grid(2, 2, &[]), grid(2, 2, &[(3, 2)])],
            graph: Some(graph([0, 1, 0])),
            ..Default::default()
        };
        let later = View {
            seat_boards: vec![grid(2, 2, &[(2, 1)]), grid(2, 2, &[(3, 2)])],
            graph: Some(graph([2, 0, 0])),
            ..Default::default()
        };
        let made = change(&earlier, later.clone());
        assert_eq!(made.cells.len(), 1);
        assert_eq!(made.cells[0].seat_board, 1);
        assert_eq!(made.points, vec![PointChange { point: 0, occupant: 2 }, PointChange { point: 1, occupant: 0 }]);
        assert_eq!(apply(&earlier, &made), Ok(later));
    }

    #[test]
    fn a_change_made_from_another_view_is_refused() {
        let earlier = View { board: Some(grid(3, 2, &[])), ..Default::default() };
        let far = ViewChange {
            view: Some(View::default()),
            cells: vec![CellChange { seat_board: 0, cell: Some(Cell { row: 2, col: 0 }), content: None }],
            points: Vec::new(),
        };
        assert_eq!(apply(&earlier, &far), Err(ViewChangeError::NoSuchCell { board: 0, row: 2, col: 0 }));
        let seat = ViewChange { cells: vec![CellChange { seat_board: 2, ..far.cells[0] }], ..far.clone() };
        assert_eq!(apply(&earlier, &seat), Err(ViewChangeError::NoSuchBoard(2)));
        assert_eq!(apply(&earlier, &ViewChange::default()), Err(ViewChangeError::NoView));
    }
}
