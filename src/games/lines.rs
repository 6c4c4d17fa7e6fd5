//! What the bots of the "k in a row" games (tic-tac-toe, Connect Four, Gomoku,
//! Tic-Tac-Two) judge a board by: its windows, the runs of `length` cells along a row,
//! column or diagonal in which a line could still be made. A window holding only one
//! seat's marks is open for that seat, and the more marks it holds the closer the line.

use crate::engine::grid::{LINE_DIRECTIONS, MarkBoard};
use crate::engine::{Cell, Region, Seat};

/// Per seat (`[seat's, opponent's]`), how many windows hold exactly `k` of that seat's
/// marks and none of the other's, indexed by `k` (0..=length).
pub(crate) type WindowCounts = [Vec<u32>; 2];

/// How many of `seat`'s marks and of the opponent's the window of `length` cells from
/// `start` along `direction` holds, or `None` when it leaves the board or `area` or
/// holds a blocked cell, where no line can be made.
fn window(
    board: &MarkBoard,
    start: Cell,
    direction: (i32, i32),
    length: u32,
    area: Option<Region>,
    seat: Seat,
) -> Option<(u32, u32)> {
    let dims = board.dims();
    let inside = |cell: Cell| area.is_none_or(|a| a.contains(cell));
    let (mut mine, mut theirs) = (0, 0);
    let mut at = start;
    for step in 0..length {
        if step > 0 {
            at = dims.step(at, direction)?;
        }
        if !inside(at) || board.is_blocked(at) {
            return None;
        }
        match board.get(at) {
            Some(owner) if owner == seat => mine += 1,
            Some(_) => theirs += 1,
            None => {}
        }
    }
    Some((mine, theirs))
}

/// Counts the open windows of `length` cells on `board` (inside `area`, when given) for
/// `seat` and its opponent.
pub(crate) fn window_counts(board: &MarkBoard, length: u32, area: Option<Region>, seat: Seat) -> WindowCounts {
    let dims = board.dims();
    let mut counts = [vec![0; length as usize + 1], vec![0; length as usize + 1]];
    // On a cylinder a horizontal window may start in any column; a flat board's windows
    // start where they fit.
    for row in 0..dims.height {
        for col in 0..dims.width {
            let start = Cell::new(row, col);
            for &direction in &LINE_DIRECTIONS {
                match window(board, start, direction, length, area, seat) {
                    Some((0, 0)) | None => {}
                    Some((k, 0)) => counts[0][k as usize] += 1,
                    Some((0, k)) => counts[1][k as usize] += 1,
                    Some(_) => {}
                }
            }
        }
    }
    counts
}

/// `Σ weights[k] × (seat's windows with k marks − the opponent's)`, with `weights`
/// indexed by `k` (missing entries weigh 0).
pub(crate) fn window_score(counts: &WindowCounts, weights: &[i32]) -> i32 {
    let mut score: i64 = 0;
    for (k, &weight) in weights.iter().enumerate() {
        let mine = counts[0].get(k).copied().unwrap_or(0) as i64;
        let theirs = counts[1].get(k).copied().unwrap_or(0) as i64;
        score += i64::from(weight) * (mine - theirs);
    }
    score.clamp(i32::MIN as i64 / 2, i32::MAX as i64 / 2) as i32
}

/// How urgent the empty `cell` is for `seat` to take: for every window through it, what
/// `seat` would gain (its marks there plus this one) and what it would deny the opponent
/// (theirs there), weighed by `weights` indexed by marks in the window. A cell that
/// completes a line scores `weights[length]` as attack; one that stops the opponent's,
/// the same as defence (weighed a little lower, so that winning comes first).
pub(crate) fn cell_urgency(board: &MarkBoard, length: u32, area: Option<Region>, cell: Cell, seat: Seat) -> i32 {
    let dims = board.dims();
    let mut score: i64 = 0;
    for &direction in &LINE_DIRECTIONS {
        let back = (-direction.0, -direction.1);
        // Every window through `cell` starts 0..length cells behind it.
        let mut start = cell;
        for offset in 0..length {
            if offset > 0 {
                match dims.step(start, back) {
                    Some(previous) => start = previous,
                    None => break,
                }
            }
            let Some((mine, theirs)) = window(board, start, direction, length, area, seat) else { continue };
            if theirs == 0 {
                score += urgency_weight(mine + 1, length) * 10;
            }
            if mine == 0 && theirs > 0 {
                score += urgency_weight(theirs + 1, length) * 9;
            }
        }
    }
    score.min(i32::MAX as i64) as i32
}

/// Weight of a window that would hold `marks` of one seat out of `length`: growing
/// steeply, with a completed line far above everything else.
fn urgency_weight(marks: u32, length: u32) -> i64 {
    if marks >= length {
        1_000_000
    } else if marks + 1 == length {
        10_000
    } else {
        4_i64.pow(marks)
    }
}

/// The usual weights of open windows of `length` cells: 4^k for k marks, a window one
/// mark short of a line 16 times more.
pub(crate) fn default_weights(length: u32) -> Vec<i32> {
    (0..=length)
        .map(|k| match k {
            0 => 0,
            k if k + 1 == length => 4_i32.saturating_pow(k) * 16,
            k if k >= length => 0,
            k => 4_i32.saturating_pow(k),
        })
        .collect()
}
