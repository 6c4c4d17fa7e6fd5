//! The midgame search: iterative-deepening principal-variation search (alpha-beta with
//! null windows after the first move) to a fixed depth, positions at the horizon judged
//! by the [evaluation](super::eval), finished games by their final score.
//!
//! Scores are in the evaluation's units (hundredths of a disc) from the side to move.
//! A pass is not a ply: a side without a move passes and the other searches to the same
//! depth, so lines with passes see as far as any. Moves are tried best-first: the
//! transposition table's move, then, deep in the tree, by the evaluation of the position
//! they lead to, and near the horizon by how few replies they leave (corners first, X
//! squares next to an empty corner last). The root keeps each move's score from the last
//! iteration and tries them in that order in the next, the previous best first.

use super::clock::Clock;
use super::eval::{CORNERS, DISC, evaluate};
use super::position::{Position, squares};
use super::table::{Known, NO_MOVE, Table};

/// Beyond every score.
const INFINITY: i32 = 100 * DISC;

/// The X squares (b2, g2, b7, g7) with the corner each touches.
const X_SQUARES: [(u32, u64); 4] = [(9, 1), (14, 1 << 7), (49, 1 << 56), (54, 1 << 63)];

/// From this remaining depth up, moves are ordered by the evaluation of their child.
const EVAL_ORDER_DEPTH: u32 = 3;

/// What an iteration of the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The move chosen.
    pub best: u32,
    /// Its score, in hundredths of a disc, from the side to move.
    pub score: i32,
    /// The depth of the deepest iteration that finished (0 when the first was cut short
    /// after it scored the first move).
    pub depth: u32,
    /// The principal variation: `best`, then the replies the table remembers (a pass is
    /// `None`), each legal where it is played.
    pub line: Vec<Option<u32>>,
}

/// A midgame search using a table and counting on a clock.
pub struct Searcher<'s, 'c> {
    table: &'s mut Table,
    clock: &'s mut Clock<'c>,
}

impl<'s, 'c> Searcher<'s, 'c> {
    /// A searcher using `table` and counting on `clock`.
    pub fn new(table: &'s mut Table, clock: &'s mut Clock<'c>) -> Searcher<'s, 'c> {
        Searcher { table, clock }
    }

    /// Searches `position`, whose side to move has a move, one ply deeper at a time up to
    /// `max_depth` plies (at least 1) or until the clock runs out. `order` lists the root
    /// moves in the order to break ties in (every legal move, once). Returns the best move
    /// of the last iteration that finished, or of the one cut short when it had already
    /// searched the previous best (first) and found a better move; `None` only when the
    /// clock ran out before the first move was scored.
    pub fn iterate(&mut self, position: Position, max_depth: u32, order: &[u32]) -> Option<Found> {
        debug_assert!(position.moves() != 0);
        // The first ordering: by each move's evaluation, ties in the given order.
        let mut root: Vec<(u32, i32)> = order.iter().map(|&s| (s, -evaluate(position.play(s)))).collect();
        root.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        let mut found: Option<Found> = None;
        let empties = position.empties();
        for depth in 1..=max_depth.max(1) {
            let mut alpha = -INFINITY;
            let mut best: Option<(usize, i32)> = None;
            for (index, entry) in root.iter_mut().enumerate() {
                let child = position.play(entry.0);
                let mut score;
                if index == 0 {
                    score = -self.pvs(child, depth - 1, -INFINITY, INFINITY, false);
                } else {
                    score = -self.pvs(child, depth - 1, -alpha - 1, -alpha, false);
                    if score > alpha && !self.clock.out() {
                        score = -self.pvs(child, depth - 1, -INFINITY, -score, false);
                    }
                }
                if self.clock.out() {
                    break;
                }
                entry.1 = score;
                if best.is_none_or(|(_, s)| score > s) {
                    best = Some((index, score));
                    alpha = alpha.max(score);
                }
            }
            let finished = !self.clock.out();
            if let Some((index, score)) = best {
                let square = root[index].0;
                let line = self.line(position, square, depth);
                found = Some(Found { best: square, score, depth: if finished { depth } else { depth - 1 }, line });
            }
            if !finished {
                break;
            }
            // The best first, then the others by their scores; a stable sort keeps ties.
            let (index, _) = best.expect("a finished iteration scored every move");
            let first = root.remove(index);
            root.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            root.insert(0, first);
            if depth > empties {
                // Every line already reaches the end of the game.
                break;
            }
        }
        found
    }

    /// `first`, then the best moves the table remembers after it, as far as `depth`
    /// plies, passes included.
    fn line(&self, position: Position, first: u32, depth: u32) -> Vec<Option<u32>> {
        let mut line = vec![Some(first)];
        let mut position = position.play(first);
        while (line.len() as u32) < depth {
            let moves = position.moves();
            if moves == 0 {
                if position.opponent_moves() == 0 {
                    break;
                }
                line.push(None);
                position = position.pass();
                continue;
            }
            let Some(known) = self.table.probe(position) else { break };
            let square = u32::from(known.best);
            if square >= 64 || moves & (1 << square) == 0 {
                break;
            }
            line.push(Some(square));
            position = position.play(square);
        }
        line
    }

    /// The score of `position` searched `depth` plies, within `alpha..beta`
    /// (fail-soft); `passed` when the other side has just passed.
    fn pvs(&mut self, position: Position, depth: u32, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let moves = position.moves();
        if moves == 0 {
            if passed || position.opponent_moves() == 0 {
                return position.final_score() * DISC;
            }
            return -self.pvs(position.pass(), depth, -beta, -alpha, true);
        }
        if depth == 0 {
            return evaluate(position);
        }
        let mut hint = NO_MOVE;
        if let Some(known) = self.table.probe(position) {
            if u32::from(known.depth) >= depth {
                match known.narrow(alpha, beta) {
                    Ok(window) => (alpha, beta) = window,
                    Err(score) => return score,
                }
            }
            hint = known.best;
        }
        let alpha_searched = alpha;
        let mut list = [(0u32, 0u64, 0i32); 64];
        let mut count = 0;
        for square in squares(moves) {
            let flipped = position.flips(square);
            let priority = if square == u32::from(hint) {
                i32::MAX
            } else if depth >= EVAL_ORDER_DEPTH {
                -evaluate(position.play_flips(square, flipped))
            } else {
                quick_priority(position, square, flipped)
            };
            list[count] = (square, flipped, priority);
            count += 1;
        }
        let list = &mut list[..count];
        list.sort_unstable_by_key(|&(square, _, priority)| (std::cmp::Reverse(priority), square));
        let mut best = -INFINITY;
        let mut best_square = NO_MOVE;
        for (index, &(square, flipped, _)) in list.iter().enumerate() {
            let child = position.play_flips(square, flipped);
            let mut score;
            if index == 0 {
                score = -self.pvs(child, depth - 1, -beta, -alpha, false);
            } else {
                score = -self.pvs(child, depth - 1, -alpha - 1, -alpha, false);
                if score > alpha && score < beta {
                    score = -self.pvs(child, depth - 1, -beta, -score, false);
                }
            }
            if self.clock.out() {
                return 0;
            }
            if score > best {
                best = score;
                best_square = square as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best >= beta {
            (best, INFINITY)
        } else if best > alpha_searched {
            (best, best)
        } else {
            (-INFINITY, best)
        };
        self.table.store(position, Known { lower, upper, depth: depth.min(255) as u8, best: best_square });
        best
    }
}

/// A cheap guess of how good playing `square` (flipping `flipped`) is near the horizon:
/// fewer replies for the other side is better, a corner much better, an X square next
/// to an empty corner much worse.
#[inline(always)]
fn quick_priority(position: Position, square: u32, flipped: u64) -> i32 {
    let child = position.play_flips(square, flipped);
    let replies = child.moves();
    let mut priority = -((replies.count_ones() + (replies & CORNERS).count_ones()) as i32) * 16;
    if CORNERS & (1 << square) != 0 {
        priority += 64;
    }
    for (x, corner) in X_SQUARES {
        if square == x && position.empty() & corner != 0 {
            priority -= 64;
        }
    }
    priority
}
