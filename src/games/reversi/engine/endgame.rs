//! The exact endgame solver: the final disc difference with best play from both sides
//! (empty squares counted for the winner, see [`Position::final_score`]).
//!
//! Negamax with alpha-beta on the disc difference, in three regimes by the number of
//! empty squares:
//! - **Many** (more than [`SHALLOW`]): moves generated as a bitboard and tried
//!   fastest-first (the reply that leaves the opponent fewest moves first, corners
//!   before, and, from [`EVAL_ORDER`] empties, the static evaluation of the child
//!   breaking ties, from [`SEARCH_ORDER`] a 2-ply search of it), after the table's best
//!   move; a transposition table from
//!   [`TABLE_MIN`] empties, probed for every child first from [`ETC_MIN`] (enhanced
//!   transposition cut-off); a cut-off when the opponent's stable discs already hold the
//!   score below the window; principal-variation search (null windows after the first
//!   move).
//! - **Few** (at most [`SHALLOW`]): no move generation and no table, which cost more than
//!   they save here: every empty square is tried directly, those in a quadrant with an odd
//!   number of empties first (parity: in an odd region the side to move may get the last
//!   move), and only where a neighbouring square holds an opponent's disc (elsewhere
//!   nothing can flip).
//! - **Four, three, two**: the same with the empty squares passed down as a short list,
//!   unrolled, without a recursion through the general case.
//! - **One**: the last empty square is scored from the flips alone, without playing it.
//!
//! The root first searches a narrow window around a quick guess (aspiration), and again
//! on one side when the score falls outside.
//!
//! A pass is part of the search: a side without a move passes, and two passes end the
//! game. Every position visited counts against the [`Clock`]; once it runs out every
//! score is meaningless and the caller must throw the result away.

use super::clock::Clock;
use super::eval::{CORNERS, DISC, evaluate};
use super::position::{Position, squares};
use super::stability::stable;
use super::table::{Known, NO_MOVE, Table};

/// At most this many empty squares: the shallow regime.
pub const SHALLOW: u32 = 6;
/// From this many empty squares up the transposition table is used.
pub const TABLE_MIN: u32 = 10;
/// From this many empty squares up, moves are also ordered by the child's evaluation.
pub const EVAL_ORDER: u32 = 14;
/// From this many empty squares up, by a 2-ply search of the child instead.
pub const SEARCH_ORDER: u32 = 18;
/// From this many empty squares up, the table is probed for every child first, for an
/// enhanced transposition cut-off.
pub const ETC_MIN: u32 = 16;
/// From this many empty squares up, the opponent's stable discs are counted for a
/// cut-off when the window is high enough for them to matter.
const STABILITY_MIN: u32 = 8;

/// Beyond every final score.
const INFINITY: i32 = 65;
/// The half-width, in discs, of the root's first window around its guess.
const ASPIRATION: i32 = 4;

/// The four quadrants of the board, for parity.
const QUADRANTS: [u64; 4] =
    [0x0000_0000_0f0f_0f0f, 0x0000_0000_f0f0_f0f0, 0x0f0f_0f0f_0000_0000, 0xf0f0_f0f0_0000_0000];

/// The squares next to each square (in the eight directions): a move there flips
/// something only when one of them holds an opponent's disc.
const NEIGHBOURS: [u64; 64] = neighbour_table();

const fn neighbour_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (row, col) = (square as i32 / 8, square as i32 % 8);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (r, c) = (row + dr, col + dc);
                if (dr != 0 || dc != 0) && r >= 0 && r < 8 && c >= 0 && c < 8 {
                    table[square] |= 1 << (r * 8 + c);
                }
                dc += 1;
            }
            dr += 1;
        }
        square += 1;
    }
    table
}

/// The quadrant of each square (0 to 3, as in [`QUADRANTS`]).
const QUADRANT_OF: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut square = 0;
    while square < 64 {
        table[square] = ((square / 32) * 2 + (square % 8) / 4) as u8;
        square += 1;
    }
    table
};

/// A move and how promising it looks.
#[derive(Clone, Copy, Default)]
struct Candidate {
    square: u32,
    flipped: u64,
    priority: i32,
}

/// The result of a solved root: the score and a move that reaches it, `None` when the
/// side to move must pass (or the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub score: i32,
    pub best: Option<u32>,
}

/// One solve: a table (kept between solves of related positions) and the clock.
pub struct Solver<'s, 'c> {
    table: &'s mut Table,
    clock: &'s mut Clock<'c>,
}

impl<'s, 'c> Solver<'s, 'c> {
    /// A solver using `table` and counting on `clock`.
    pub fn new(table: &'s mut Table, clock: &'s mut Clock<'c>) -> Solver<'s, 'c> {
        Solver { table, clock }
    }

    /// The exact score of `position` for the side to move, and its best move; `None`
    /// when the clock ran out first. `first` is tried first when legal (a guess from a
    /// shallower search), and `order` ranks the other root moves (higher first; a stable
    /// sort keeps its order among equals, which is how a seed breaks ties).
    ///
    /// The first search looks only within a few discs of a quick guess, which
    /// proves much less than a full window; when the score falls outside, a second search
    /// on the side it fell to finds it.
    pub fn solve(&mut self, position: Position, first: Option<u32>, order: &[u32]) -> Option<Solved> {
        let guess = self.quick_search(position, 4, -INFINITY * DISC, INFINITY * DISC) / DISC;
        let (mut alpha, mut beta) = (guess - ASPIRATION, guess + ASPIRATION);
        loop {
            let solved = self.solve_window(position, alpha.max(-INFINITY), beta.min(INFINITY), first, order)?;
            if solved.score <= alpha && alpha > -INFINITY {
                (alpha, beta) = (-INFINITY, solved.score + 1);
            } else if solved.score >= beta && beta < INFINITY {
                (alpha, beta) = (solved.score - 1, INFINITY);
            } else {
                return Some(solved);
            }
        }
    }

    /// Like [`solve`](Solver::solve), but only telling apart scores within
    /// `alpha..beta`: a result at or below `alpha` is an upper bound, at or above `beta`
    /// a lower bound.
    pub fn solve_window(
        &mut self,
        position: Position,
        alpha: i32,
        beta: i32,
        first: Option<u32>,
        order: &[u32],
    ) -> Option<Solved> {
        let moves = position.moves();
        if moves == 0 {
            let score = if position.opponent_moves() == 0 {
                position.final_score()
            } else {
                -self.search(position.pass(), -beta, -alpha, true)
            };
            return (!self.clock.out()).then_some(Solved { score, best: None });
        }
        let mut root: Vec<u32> = order.iter().copied().filter(|&s| moves & (1 << s) != 0).collect();
        root.extend(squares(moves).filter(|s| !order.contains(s)));
        if let Some(first) = first.filter(|&s| moves & (1 << s) != 0) {
            root.retain(|&s| s != first);
            root.insert(0, first);
        }
        let mut best = Solved { score: -INFINITY, best: None };
        let mut alpha = alpha;
        for (index, &square) in root.iter().enumerate() {
            if self.clock.tick() {
                return None;
            }
            let child = position.play(square);
            let mut score;
            if index == 0 {
                score = -self.search(child, -beta, -alpha, false);
            } else {
                score = -self.search(child, -alpha - 1, -alpha, false);
                if score > alpha && score < beta && !self.clock.out() {
                    score = -self.search(child, -beta, -score, false);
                }
            }
            if self.clock.out() {
                return None;
            }
            if score > best.score {
                best = Solved { score, best: Some(square) };
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        Some(best)
    }

    /// The best line from `position`, whose exact score is `score`: each move one that
    /// keeps the score (checked by a null-window search around it), a pass where the side
    /// to move has none, to the end of the game. Stops early, with the line so far, when
    /// the clock runs out.
    pub fn line(&mut self, mut position: Position, mut score: i32) -> (Vec<Option<u32>>, bool) {
        let mut line = Vec::new();
        loop {
            let moves = position.moves();
            if moves == 0 {
                if position.opponent_moves() == 0 {
                    return (line, true);
                }
                line.push(None);
                position = position.pass();
                score = -score;
                continue;
            }
            let hint = self.table.probe(position).map_or(NO_MOVE, |k| k.best);
            let order = std::iter::once(u32::from(hint))
                .filter(|&s| s < 64 && moves & (1 << s) != 0)
                .chain(squares(moves).filter(|&s| s != u32::from(hint)));
            let mut found = None;
            for square in order {
                let child = position.play(square);
                let child_score = -self.search(child, -score - 1, -score + 1, false);
                if self.clock.out() {
                    return (line, false);
                }
                if child_score == score {
                    found = Some((square, child));
                    break;
                }
            }
            let Some((square, child)) = found else {
                debug_assert!(false, "no move keeps the score {score}");
                return (line, false);
            };
            line.push(Some(square));
            position = child;
            score = -score;
        }
    }

    /// The score of `position` for the side to move within `alpha..beta` (fail-soft);
    /// `passed` when the other side has just passed.
    fn search(&mut self, position: Position, alpha: i32, beta: i32, passed: bool) -> i32 {
        let empties = position.empties();
        if empties <= SHALLOW {
            return self.shallow(position, empties, alpha, beta, passed);
        }
        self.deep(position, empties, alpha, beta, passed)
    }

    fn deep(&mut self, position: Position, empties: u32, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let moves = position.moves();
        if moves == 0 {
            if passed {
                return position.final_score();
            }
            if position.opponent_moves() == 0 {
                return position.final_score();
            }
            return -self.deep(position.pass(), empties, -beta, -alpha, true);
        }
        if empties >= STABILITY_MIN && alpha >= 0 {
            // The other side keeps its stable discs: the best score is 64 less twice them.
            let most = 64 - 2 * stable(position.opp(), position.own() | position.opp()).count_ones() as i32;
            if most <= alpha {
                return most;
            }
            beta = beta.min(most);
        }
        let mut hint = NO_MOVE;
        if empties >= TABLE_MIN
            && let Some(known) = self.table.probe(position)
        {
            match known.narrow(alpha, beta) {
                Ok(window) => (alpha, beta) = window,
                Err(score) => return score,
            }
            hint = known.best;
        }
        if empties >= ETC_MIN {
            // Enhanced transposition cut-off: a child the table already holds low enough
            // for the window proves the cut-off without a search.
            for square in squares(moves) {
                if let Some(known) = self.table.probe(position.play(square))
                    && -known.upper >= beta
                {
                    let lower = -known.upper;
                    self.table
                        .store(position, Known { lower, upper: INFINITY, depth: empties as u8, best: square as u8 });
                    return lower;
                }
            }
        }
        // The window searched, against which the result is a bound or exact.
        let alpha_searched = alpha;
        let mut list = [Candidate::default(); 64];
        let count = self.order(position, moves, empties, hint, &mut list);
        let mut best = -INFINITY;
        let mut best_square = NO_MOVE;
        for (index, candidate) in list[..count].iter().enumerate() {
            let child = position.play_flips(candidate.square, candidate.flipped);
            let mut score;
            if index == 0 {
                score = -self.search(child, -beta, -alpha, false);
            } else {
                score = -self.search(child, -alpha - 1, -alpha, false);
                if score > alpha && score < beta {
                    score = -self.search(child, -beta, -score, false);
                }
            }
            if self.clock.out() {
                return 0;
            }
            if score > best {
                best = score;
                best_square = candidate.square as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if empties >= TABLE_MIN {
            let (lower, upper) = if best >= beta {
                (best, INFINITY)
            } else if best > alpha_searched {
                (best, best)
            } else {
                (-INFINITY, best)
            };
            self.table.store(position, Known { lower, upper, depth: empties as u8, best: best_square });
        }
        best
    }

    /// Fills `list` with the moves of `position` (`moves`), best first; returns how many.
    #[inline(always)]
    fn order(&mut self, position: Position, moves: u64, empties: u32, hint: u8, list: &mut [Candidate; 64]) -> usize {
        let mut count = 0;
        for square in squares(moves) {
            let flipped = position.flips(square);
            let child = position.play_flips(square, flipped);
            let priority = if square == u32::from(hint) {
                i32::MAX
            } else {
                let replies = child.moves();
                // Fewest replies first (10 discs a reply), then the evaluation.
                let mut priority = -((replies.count_ones() + (replies & CORNERS).count_ones()) as i32) * 10 * DISC;
                if CORNERS & (1 << square) != 0 {
                    priority += 15 * DISC;
                }
                if empties >= SEARCH_ORDER {
                    priority -= self.quick_search(child, 2, -INFINITY * DISC, INFINITY * DISC);
                } else if empties >= EVAL_ORDER {
                    priority -= evaluate(child);
                }
                priority
            };
            list[count] = Candidate { square, flipped, priority };
            count += 1;
        }
        // Insertion sort: lists are short, and mostly sorted is common.
        for i in 1..count {
            let item = list[i];
            let mut j = i;
            while j > 0 && list[j - 1].priority < item.priority {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = item;
        }
        count
    }

    /// A quick alpha-beta over the evaluation, `depth` plies, without a table: a guess
    /// of a position's worth (in hundredths of a disc) for ordering moves and for a first
    /// window. Counts its positions like any; 0 once the clock has run out.
    fn quick_search(&mut self, position: Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if depth == 0 {
            return evaluate(position);
        }
        let moves = position.moves();
        if moves == 0 {
            if position.opponent_moves() == 0 {
                return position.final_score() * DISC;
            }
            return -self.quick_search(position.pass(), depth, -beta, -alpha);
        }
        let mut best = -INFINITY * DISC;
        for square in squares(moves) {
            let score = -self.quick_search(position.play(square), depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The few-empties regime: every empty square tried directly, odd quadrants first,
    /// down to [`solve4`](Solver::solve4).
    fn shallow(&mut self, position: Position, empties: u32, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        if empties <= 4 {
            return self.small(position, empties, alpha, beta);
        }
        if self.clock.tick() {
            return 0;
        }
        let empty = position.empty();
        let opp = position.opp();
        let odd = parity_mask(empty);
        let mut best = -INFINITY;
        for set in [empty & odd, empty & !odd] {
            for square in squares(set) {
                if NEIGHBOURS[square as usize] & opp == 0 {
                    continue;
                }
                let flipped = position.flips(square);
                if flipped == 0 {
                    continue;
                }
                let child = position.play_flips(square, flipped);
                let score = if empties == 5 {
                    -self.solve4(child, -beta, -alpha)
                } else {
                    -self.shallow(child, empties - 1, -beta, -alpha, false)
                };
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == -INFINITY {
            if passed {
                return position.final_score();
            }
            return -self.shallow(position.pass(), empties, -beta, -alpha, true);
        }
        best
    }

    /// Four empty squares or fewer, from [`search`](Solver::search) (which may reach them
    /// directly, when the root has few empties).
    fn small(&mut self, position: Position, empties: u32, alpha: i32, beta: i32) -> i32 {
        match empties {
            0 => position.final_score(),
            1 => last(position, position.empty().trailing_zeros()),
            2 => {
                let empty = position.empty();
                let x1 = empty.trailing_zeros();
                let x2 = (empty & (empty - 1)).trailing_zeros();
                self.solve2(position, alpha, beta, x1, x2)
            }
            3 => {
                let empty = position.empty();
                let mut set = empty;
                let mut next = || {
                    let square = set.trailing_zeros();
                    set &= set - 1;
                    square
                };
                let (x1, x2, x3) = (next(), next(), next());
                self.solve3(position, alpha, beta, [x1, x2, x3])
            }
            _ => self.solve4(position, alpha, beta),
        }
    }

    /// Exactly four empty squares: those alone in their quadrant first (parity).
    fn solve4(&mut self, position: Position, mut alpha: i32, beta: i32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let empty = position.empty();
        let odd = parity_mask(empty);
        let mut order = [0u32; 4];
        let mut n = 0;
        for set in [empty & odd, empty & !odd] {
            for square in squares(set) {
                order[n] = square;
                n += 1;
            }
        }
        let opp = position.opp();
        let mut best = -INFINITY;
        for i in 0..4 {
            let square = order[i];
            if NEIGHBOURS[square as usize] & opp == 0 {
                continue;
            }
            let flipped = position.flips(square);
            if flipped == 0 {
                continue;
            }
            let rest = others(order, i);
            let score = -self.solve3(position.play_flips(square, flipped), -beta, -alpha, rest);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best > -INFINITY {
            return best;
        }
        // A pass, or the end.
        let other = position.pass();
        if other.moves() == 0 {
            return position.final_score();
        }
        -self.solve4(other, -beta, -alpha)
    }

    /// Exactly three empty squares, `empties`, tried in the order given but the one
    /// alone in its quadrant (with odd parity) first.
    #[inline(always)]
    fn solve3(&mut self, position: Position, mut alpha: i32, beta: i32, empties: [u32; 3]) -> i32 {
        let _ = self.clock.tick();
        let [mut x1, mut x2, mut x3] = empties;
        // With three empties, a quadrant holding one or three is odd: play there first.
        let q = |x: u32| QUADRANT_OF[x as usize];
        if q(x1) == q(x2) && q(x1) != q(x3) {
            (x1, x2, x3) = (x3, x1, x2);
        } else if q(x1) == q(x3) && q(x1) != q(x2) {
            (x1, x2, x3) = (x2, x1, x3);
        }
        let (own, opp) = (position.own(), position.opp());
        let mut best = -INFINITY;
        for (square, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            if NEIGHBOURS[square as usize] & opp == 0 {
                continue;
            }
            let flipped = position.flips(square);
            if flipped == 0 {
                continue;
            }
            let score = -self.solve2(position.play_flips(square, flipped), -beta, -alpha, a, b);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best > -INFINITY {
            return best;
        }
        // The side to move passes: the other side's moves, seen from it.
        let other = position.pass();
        let (mut alpha, beta) = (-beta, -alpha);
        let mut best = -INFINITY;
        for (square, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            if NEIGHBOURS[square as usize] & own == 0 {
                continue;
            }
            let flipped = other.flips(square);
            if flipped == 0 {
                continue;
            }
            let score = -self.solve2(other.play_flips(square, flipped), -beta, -alpha, a, b);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if best > -INFINITY {
            return -best;
        }
        position.final_score()
    }

    /// Exactly two empty squares, `x1` and `x2`.
    #[inline(always)]
    fn solve2(&mut self, position: Position, alpha: i32, beta: i32, x1: u32, x2: u32) -> i32 {
        let _ = self.clock.tick();
        let (own, opp) = (position.own(), position.opp());
        let mut best = -INFINITY;
        if NEIGHBOURS[x1 as usize] & opp != 0 {
            let flipped = position.flips(x1);
            if flipped != 0 {
                best = -last(position.play_flips(x1, flipped), x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if NEIGHBOURS[x2 as usize] & opp != 0 {
            let flipped = position.flips(x2);
            if flipped != 0 {
                return best.max(-last(position.play_flips(x2, flipped), x1));
            }
        }
        if best > -INFINITY {
            return best;
        }
        // The side to move passes.
        let other = position.pass();
        let mut worst = INFINITY;
        if NEIGHBOURS[x1 as usize] & own != 0 {
            let flipped = other.flips(x1);
            if flipped != 0 {
                worst = last(other.play_flips(x1, flipped), x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if NEIGHBOURS[x2 as usize] & own != 0 {
            let flipped = other.flips(x2);
            if flipped != 0 {
                return worst.min(last(other.play_flips(x2, flipped), x1));
            }
        }
        if worst < INFINITY {
            return worst;
        }
        position.final_score()
    }
}

/// The empty squares of the quadrants holding an odd number of `empty`.
#[inline(always)]
fn parity_mask(empty: u64) -> u64 {
    let mut odd = 0;
    for quadrant in QUADRANTS {
        if (empty & quadrant).count_ones() & 1 == 1 {
            odd |= quadrant;
        }
    }
    odd
}

/// The three squares of `order` other than its `i`th, in order.
#[inline(always)]
fn others(order: [u32; 4], i: usize) -> [u32; 3] {
    match i {
        0 => [order[1], order[2], order[3]],
        1 => [order[0], order[2], order[3]],
        2 => [order[0], order[1], order[3]],
        _ => [order[0], order[1], order[2]],
    }
}

/// The final score with one empty square, `square`, left: the side to move plays it if
/// it can, else the other side, else nobody.
#[inline(always)]
fn last(position: Position, square: u32) -> i32 {
    // 63 discs on the board: the difference is twice one side's count less 63.
    let difference = 2 * position.own().count_ones() as i32 - 63;
    let neighbours = NEIGHBOURS[square as usize];
    if neighbours & position.opp() != 0 {
        let flipped = position.flips(square);
        if flipped != 0 {
            return difference + 2 * flipped.count_ones() as i32 + 1;
        }
    }
    if neighbours & position.own() != 0 {
        let flipped = position.pass().flips(square);
        if flipped != 0 {
            return difference - 2 * flipped.count_ones() as i32 - 1;
        }
    }
    // Nobody can play: 63 discs, never a tie; the empty square goes to the winner.
    if difference > 0 { difference + 1 } else { difference - 1 }
}
