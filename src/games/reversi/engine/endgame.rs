//! The exact endgame solver: the final disc difference with best play from both sides
//! (empty squares counted for the winner, see [`Position::final_score`]).
//!
//! Negamax with alpha-beta on the disc difference, in three regimes by the number of
//! empty squares:
//! - **Many** (more than [`SHALLOW`]): moves generated as a bitboard; the table's best
//!   move tried alone first (it often refutes the position by itself, sparing the
//!   ordering of the others), then the others fastest-first: the reply that leaves the
//!   opponent fewest moves (a corner counting twice) first, then the mover's discs made
//!   safe next to its corners, the opponent's potential moves (empty squares next to the
//!   mover's discs), parity and the square's type breaking ties, and, from
//!   [`EVAL_ORDER`] empties, the static evaluation of the child (from [`SEARCH_ORDER`] a
//!   2-ply search of it) a little more; a transposition table from [`TABLE_MIN`]
//!   empties (its bucket fetched from memory on entry, while the moves are generated),
//!   probed for every child first from [`ETC_MIN`] (enhanced transposition cut-off: the
//!   children's buckets are all fetched before the first is read); a cut-off when the
//!   opponent's stable discs already hold the score below the window;
//!   principal-variation search (null windows after the first move). Positions with
//!   few empties go to the table's small near part (see [`Table`]), which stays in the
//!   caches: most probes are made there, and a probe of the large part is a cache and
//!   TLB miss, which is why the table (and its cut-offs) can be used this close to the
//!   end.
//! - **Few** (at most [`SHALLOW`]): no move generation and no table, which cost more than
//!   they save here: every empty square is tried directly, those in a quadrant with an odd
//!   number of empties first (parity: in an odd region the side to move may get the last
//!   move), and only where a neighbouring square holds an opponent's disc (elsewhere
//!   nothing can flip); the stable-disc cut-off too.
//! - **Four, three, two**: the same with the empty squares passed down as a short list,
//!   unrolled, without a recursion through the general case (the stable-disc cut-off at
//!   four only).
//! - **One**: the last empty square is scored from a count of its flips (see
//!   [`last_flips`]), without computing or playing them.
//!
//! The root asks only yes-or-no questions, each a null-window search ("is the score above
//! this?"): first at a quick guess, then in growing steps the way the answers point, and
//! once the score is bracketed, halfway between its bounds (as MTD(f) does, the table
//! keeping what each answer proved for the next).
//!
//! The recursion is compiled twice (see [`Isa`]): for any x86-64 CPU, and for the
//! bit-counting and AVX2 instructions of current ones, chosen at run time. Moves and
//! flips (see [`Position`]) are computed four directions at a time, which the second
//! copy does in one vector register.
//!
//! A pass is part of the search: a side without a move passes, and two passes end the
//! game. Every position visited counts against the [`Clock`]; once it runs out every
//! score is meaningless and the caller must throw the result away.

use super::clock::Clock;
use super::eval::{CORNERS, DISC, evaluate, neighbours};
use super::last_flips;
use super::position::{Position, squares};
use super::stability::stable;
use super::table::{Known, NO_MOVE, Table};

/// At most this many empty squares: the shallow regime.
pub const SHALLOW: u32 = 6;
/// From this many empty squares up the transposition table is used (the shallow regime
/// below uses none).
pub const TABLE_MIN: u32 = 7;
/// From this many empty squares up, moves are also ordered by the child's evaluation.
pub const EVAL_ORDER: u32 = 14;
/// From this many empty squares up, by a 2-ply search of the child instead.
pub const SEARCH_ORDER: u32 = 18;
/// From this many empty squares up, the table is probed for every child first, for an
/// enhanced transposition cut-off: from the first depth where children are stored.
pub const ETC_MIN: u32 = 8;
/// The lowest `alpha` at which the opponent's stable discs are counted for a cut-off,
/// by empty squares (99: never): the count costs more than it saves unless the window is
/// high enough for the opponent's stable discs to reach it, which needs more of them
/// the more squares are empty. Below 4 empties the count is not worth it at all.
const STABILITY_ALPHA: [i32; 65] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52,
    52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    99, 99, 99, 99, 99, 99, 99,
];

/// Beyond every final score.
const INFINITY: i32 = 65;
/// The first step, in discs, of the root's probes away from its guess; each further step
/// the same way is twice as long.
const FIRST_STEP: i32 = 2;

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

/// The quadrant of each square, for parity: 0 for a1-d4, 1 for e1-h4, 2 for a5-d8, 3
/// for e5-h8.
const QUADRANT_OF: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut square = 0;
    while square < 64 {
        table[square] = ((square / 32) * 2 + (square % 8) / 4) as u8;
        square += 1;
    }
    table
};

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
    /// Every search of the root is a null window, which proves much less than a wider
    /// one: the guess is often many discs off, and a window wide enough to hold the score
    /// costs more than the few null windows that find it.
    pub fn solve(&mut self, position: Position, first: Option<u32>, order: &[u32]) -> Option<Solved> {
        #[cfg(target_arch = "x86_64")]
        if Native::available() {
            return self.solve_with::<Native>(position, first, order);
        }
        self.solve_with::<Portable>(position, first, order)
    }

    /// [`solve`](Solver::solve) in the copy of the recursion `I`.
    #[inline(always)]
    fn solve_with<I: Isa>(&mut self, position: Position, first: Option<u32>, order: &[u32]) -> Option<Solved> {
        let guess = I::quick_search(self, position, 4, -INFINITY * DISC, INFINITY * DISC) / DISC;
        // Every final score is within lower..=upper; `raised` and `lowered` tell whether
        // a search has proved either bound yet.
        let (mut lower, mut upper) = (1 - INFINITY, INFINITY - 1);
        let (mut raised, mut lowered) = (false, false);
        let mut best = None;
        let mut probe = guess.clamp(lower, upper - 1);
        let mut step = FIRST_STEP;
        loop {
            let solved = self.solve_window_with::<I>(position, probe, probe + 1, first, order)?;
            let rose = solved.score > probe;
            if rose {
                // A lower bound (fail-soft), which the move found reaches.
                (lower, raised) = (solved.score, true);
                best = solved.best;
            } else {
                (upper, lowered) = (solved.score, true);
                // Kept only if no move is ever found to do better: then every move
                // scores the lowest score there is.
                best = best.or(solved.best);
            }
            debug_assert!(lower <= upper, "{lower} > {upper}");
            if lower >= upper {
                return Some(Solved { score: lower, best });
            }
            probe = if raised && lowered {
                (lower + upper).div_euclid(2)
            } else if rose {
                lower + step - 1
            } else {
                upper - step
            }
            .clamp(lower, upper - 1);
            step *= 2;
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
        #[cfg(target_arch = "x86_64")]
        if Native::available() {
            return self.solve_window_with::<Native>(position, alpha, beta, first, order);
        }
        self.solve_window_with::<Portable>(position, alpha, beta, first, order)
    }

    /// [`solve_window`](Solver::solve_window) in the copy of the recursion `I`.
    fn solve_window_with<I: Isa>(
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
                -I::search(self, position.pass(), -beta, -alpha, true)
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
                score = -I::search(self, child, -beta, -alpha, false);
            } else {
                score = -I::search(self, child, -alpha - 1, -alpha, false);
                if score > alpha && score < beta && !self.clock.out() {
                    score = -I::search(self, child, -beta, -score, false);
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
    pub fn line(&mut self, position: Position, score: i32) -> (Vec<Option<u32>>, bool) {
        #[cfg(target_arch = "x86_64")]
        if Native::available() {
            return self.line_with::<Native>(position, score);
        }
        self.line_with::<Portable>(position, score)
    }

    /// [`line`](Solver::line) in the copy of the recursion `I`.
    fn line_with<I: Isa>(&mut self, mut position: Position, mut score: i32) -> (Vec<Option<u32>>, bool) {
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
                let child_score = -I::search(self, child, -score - 1, -score + 1, false);
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
    #[inline(always)]
    fn search<I: Isa>(&mut self, position: Position, alpha: i32, beta: i32, passed: bool) -> i32 {
        let empties = position.empties();
        if empties <= SHALLOW {
            return I::shallow(self, position, empties, alpha, beta, passed);
        }
        self.deep::<I>(position, empties, alpha, beta, passed)
    }

    #[inline(always)]
    fn deep<I: Isa>(&mut self, position: Position, empties: u32, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if empties >= TABLE_MIN {
            // Fetched while the moves and the stable discs are counted.
            self.table.prefetch(position);
        }
        let moves = position.moves();
        if moves == 0 {
            if passed {
                return position.final_score();
            }
            if position.opponent_moves() == 0 {
                return position.final_score();
            }
            return -I::search(self, position.pass(), -beta, -alpha, true);
        }
        if let Some(most) = most_with_stable(position, empties, alpha) {
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
        // Each move's flips are computed once, for the cut-off below, the ordering and
        // the search alike.
        let mut children = Children::new(position);
        if empties >= ETC_MIN {
            // Enhanced transposition cut-off: a child the table already holds low enough
            // for the window proves the cut-off without a search. Every child's bucket is
            // asked for first, so that their cache misses overlap.
            for square in squares(moves) {
                self.table.prefetch(children.play(square));
            }
            for square in squares(moves) {
                if let Some(known) = self.table.probe(children.play(square))
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
        let mut best = -INFINITY;
        let mut best_square = NO_MOVE;
        let mut rest = moves;
        if hint < 64 && moves & (1 << hint) != 0 {
            // The table's move alone first: it often refutes the position by itself, and
            // then the other moves need not even be ordered.
            rest &= !(1 << hint);
            best = -I::search(self, children.play(u32::from(hint)), -beta, -alpha, false);
            best_square = hint;
            alpha = alpha.max(best);
        }
        if alpha < beta && rest != 0 && !self.clock.out() {
            let mut list = [0u64; 64];
            let count = self.order::<I>(&mut children, rest, empties, &mut list);
            for i in 0..count {
                // The best move left brought forward: most positions are cut off after a
                // move or two, and the other moves then need no sorting.
                let top = (i..count).max_by_key(|&j| list[j]).unwrap_or(i);
                list.swap(i, top);
                let square = (list[i] & 63) as u32;
                let child = children.play(square);
                let mut score;
                if best == -INFINITY {
                    score = -I::search(self, child, -beta, -alpha, false);
                } else {
                    score = -I::search(self, child, -alpha - 1, -alpha, false);
                    if score > alpha && score < beta {
                        score = -I::search(self, child, -beta, -score, false);
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
        }
        if self.clock.out() {
            return 0;
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

    /// Fills `list` with the moves `moves` of the position of `children`, unsorted, each a
    /// sort key (higher first: keys are distinct) with the square in its low 8 bits;
    /// returns how many.
    #[inline(always)]
    fn order<I: Isa>(&mut self, children: &mut Children, moves: u64, empties: u32, list: &mut [u64; 64]) -> usize {
        let mut count = 0;
        let odd = parity_mask(children.position.empty());
        let parity = if empties < 12 { W_LOW_PARITY } else { W_PARITY };
        for square in squares(moves) {
            let child = children.play(square);
            let replies = child.moves();
            // The mover's discs are the child's opponent's.
            let mine = child.opp();
            let mut priority = -((replies.count_ones() + (replies & CORNERS).count_ones()) as i32) * W_MOBILITY
                + corner_stability(mine) * W_CORNER_STABILITY
                - (child.empty() & neighbours(mine)).count_ones() as i32 * W_POTENTIAL_MOBILITY
                + i32::from(SQUARE_VALUE[square as usize]);
            if odd & (1 << square) != 0 {
                priority += parity;
            }
            if empties >= SEARCH_ORDER {
                priority -= I::quick_search(self, child, 2, -INFINITY * DISC, INFINITY * DISC) * W_EVALUATION;
            } else if empties >= EVAL_ORDER {
                priority -= evaluate(child) * W_EVALUATION;
            }
            // Offset to be non-negative, so that keys compare as the priorities do.
            list[count] = ((i64::from(priority) - i64::from(i32::MIN)) as u64) << 8 | u64::from(square);
            count += 1;
        }
        count
    }

    /// A quick alpha-beta over the evaluation, `depth` plies, without a table: a guess
    /// of a position's worth (in hundredths of a disc) for ordering moves and for a first
    /// window. Counts its positions like any; 0 once the clock has run out.
    #[inline(always)]
    fn quick_search<I: Isa>(&mut self, position: Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
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
            return -I::quick_search(self, position.pass(), depth, -beta, -alpha);
        }
        let mut best = -INFINITY * DISC;
        for square in squares(moves) {
            let score = -I::quick_search(self, position.play(square), depth - 1, -beta, -alpha);
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
    #[inline(always)]
    fn shallow<I: Isa>(&mut self, position: Position, empties: u32, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        if empties <= 4 {
            return self.small::<I>(position, empties, alpha, beta);
        }
        if self.clock.tick() {
            return 0;
        }
        if let Some(most) = most_with_stable(position, empties, alpha)
            && most <= alpha
        {
            return most;
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
                    -I::solve4(self, child, -beta, -alpha)
                } else {
                    -I::shallow(self, child, empties - 1, -beta, -alpha, false)
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
            return -I::shallow(self, position.pass(), empties, -beta, -alpha, true);
        }
        best
    }

    /// Four empty squares or fewer, from [`search`](Solver::search) (which may reach them
    /// directly, when the root has few empties).
    #[inline(always)]
    fn small<I: Isa>(&mut self, position: Position, empties: u32, alpha: i32, beta: i32) -> i32 {
        match empties {
            0 => position.final_score(),
            1 => last(position, position.empty().trailing_zeros()),
            2 => {
                let empty = position.empty();
                let x1 = empty.trailing_zeros();
                let x2 = (empty & (empty - 1)).trailing_zeros();
                self.solve2::<I>(position, alpha, beta, x1, x2)
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
                self.solve3::<I>(position, alpha, beta, [x1, x2, x3])
            }
            _ => I::solve4(self, position, alpha, beta),
        }
    }

    /// Exactly four empty squares: those alone in their quadrant first (parity).
    #[inline(always)]
    fn solve4<I: Isa>(&mut self, position: Position, mut alpha: i32, beta: i32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if let Some(most) = most_with_stable(position, 4, alpha)
            && most <= alpha
        {
            return most;
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
            let score = -self.solve3::<I>(position.play_flips(square, flipped), -beta, -alpha, rest);
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
        -I::solve4(self, other, -beta, -alpha)
    }

    /// Exactly three empty squares, `empties`, tried in the order given but the one
    /// alone in its quadrant (with odd parity) first.
    #[inline(always)]
    fn solve3<I: Isa>(&mut self, position: Position, mut alpha: i32, beta: i32, empties: [u32; 3]) -> i32 {
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
            let score = -self.solve2::<I>(position.play_flips(square, flipped), -beta, -alpha, a, b);
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
            let score = -self.solve2::<I>(other.play_flips(square, flipped), -beta, -alpha, a, b);
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
    fn solve2<I: Isa>(&mut self, position: Position, alpha: i32, beta: i32, x1: u32, x2: u32) -> i32 {
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

/// The instructions the solver's recursion is compiled for. Its methods are the
/// recursion's entry points (every function that calls itself, directly or not): the
/// bodies ([`Solver::search`] and the others) are inlined into them, so that each
/// implementation holds a whole copy of the solver, and every recursive call goes
/// through `I`, staying within one copy.
trait Isa {
    fn search(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32, passed: bool) -> i32;
    fn shallow(
        solver: &mut Solver<'_, '_>,
        position: Position,
        empties: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32;
    fn solve4(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32) -> i32;
    fn quick_search(solver: &mut Solver<'_, '_>, position: Position, depth: u32, alpha: i32, beta: i32) -> i32;
}

/// The solver for any CPU of the target.
struct Portable;

impl Isa for Portable {
    fn search(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32, passed: bool) -> i32 {
        solver.search::<Portable>(position, alpha, beta, passed)
    }

    fn shallow(
        solver: &mut Solver<'_, '_>,
        position: Position,
        empties: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        solver.shallow::<Portable>(position, empties, alpha, beta, passed)
    }

    fn solve4(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32) -> i32 {
        solver.solve4::<Portable>(position, alpha, beta)
    }

    fn quick_search(solver: &mut Solver<'_, '_>, position: Position, depth: u32, alpha: i32, beta: i32) -> i32 {
        solver.quick_search::<Portable>(position, depth, alpha, beta)
    }
}

/// The solver compiled for the bit-counting and bit-scanning instructions most x86-64
/// CPUs have (as Reversi's perft is, see `bits::perft`): a population count is then one
/// instruction instead of a dozen, and the solver counts discs, moves and flips at every
/// position.
///
/// Invariant: its methods run only on a CPU with those instructions, which the public
/// entry points check ([`Native::available`]) before they choose it.
#[cfg(target_arch = "x86_64")]
struct Native;

#[cfg(target_arch = "x86_64")]
impl Native {
    /// Whether this CPU has every instruction [`Native`]'s copy is compiled for.
    #[inline]
    fn available() -> bool {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("avx2")
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code, reason = "calls the solver compiled for instructions the CPU was checked to have")]
impl Isa for Native {
    #[inline(always)]
    fn search(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32, passed: bool) -> i32 {
        // SAFETY: `Native` is only used once the CPU was found to have the features.
        unsafe { native::search(solver, position, alpha, beta, passed) }
    }

    #[inline(always)]
    fn shallow(
        solver: &mut Solver<'_, '_>,
        position: Position,
        empties: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        // SAFETY: as above.
        unsafe { native::shallow(solver, position, empties, alpha, beta, passed) }
    }

    #[inline(always)]
    fn solve4(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32) -> i32 {
        // SAFETY: as above.
        unsafe { native::solve4(solver, position, alpha, beta) }
    }

    #[inline(always)]
    fn quick_search(solver: &mut Solver<'_, '_>, position: Position, depth: u32, alpha: i32, beta: i32) -> i32 {
        // SAFETY: as above.
        unsafe { native::quick_search(solver, position, depth, alpha, beta) }
    }
}

/// [`Native`]'s entry points, compiled for its instructions.
#[cfg(target_arch = "x86_64")]
mod native {
    use super::{Native, Position, Solver};

    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    pub(super) fn search(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32, passed: bool) -> i32 {
        solver.search::<Native>(position, alpha, beta, passed)
    }

    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    pub(super) fn shallow(
        solver: &mut Solver<'_, '_>,
        position: Position,
        empties: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        solver.shallow::<Native>(position, empties, alpha, beta, passed)
    }

    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    pub(super) fn solve4(solver: &mut Solver<'_, '_>, position: Position, alpha: i32, beta: i32) -> i32 {
        solver.solve4::<Native>(position, alpha, beta)
    }

    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    pub(super) fn quick_search(
        solver: &mut Solver<'_, '_>,
        position: Position,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        solver.quick_search::<Native>(position, depth, alpha, beta)
    }
}

/// A position's children, each move's flips computed on its first play and kept (by
/// square) for the next: the search plays the same move for the table's cut-off, the
/// ordering and the search itself.
struct Children {
    position: Position,
    /// The flips of each move played so far, 0 for the others (a legal move flips at
    /// least one disc).
    flips: [u64; 64],
}

impl Children {
    /// `position`'s children, none played yet.
    #[inline(always)]
    fn new(position: Position) -> Children {
        Children { position, flips: [0; 64] }
    }

    /// The position after the legal move `square`.
    #[inline(always)]
    fn play(&mut self, square: u32) -> Position {
        let flips = &mut self.flips[square as usize];
        if *flips == 0 {
            *flips = self.position.flips(square);
        }
        self.position.play_flips(square, *flips)
    }
}

/// The empty squares of the quadrants (a1-d4, e1-h4, a5-d8, e5-h8) holding an odd
/// number of `empty`.
#[inline(always)]
fn parity_mask(empty: u64) -> u64 {
    // Fold each quadrant's bits onto its first square by exclusive or: bits 0, 4, 32
    // and 36 end up holding the parities of the four quadrants.
    let mut x = empty;
    x ^= x >> 1;
    x ^= x >> 2;
    x ^= x >> 8;
    x ^= x >> 16;
    let x = x & 0x0000_0011_0000_0011;
    // Spread each parity bit over its quadrant.
    let x = x * 0xf;
    x * 0x0101_0101
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
    let flipped = last_flips::count(position.own(), square);
    if flipped != 0 {
        return difference + 2 * flipped as i32 + 1;
    }
    let flipped = last_flips::count(position.opp(), square);
    if flipped != 0 {
        return difference - 2 * flipped as i32 - 1;
    }
    // Nobody can play: 63 discs, never a tie; the empty square goes to the winner.
    if difference > 0 { difference + 1 } else { difference - 1 }
}

/// Move ordering's weights (see [`Solver::order`]), each term worth less than one step
/// of the one before: the opponent's replies (a corner counting twice) ...
const W_MOBILITY: i32 = 1 << 15;
/// ... the mover's discs on or next to its corners ...
const W_CORNER_STABILITY: i32 = 1 << 11;
/// ... the opponent's potential moves (empty squares next to the mover's discs) ...
const W_POTENTIAL_MOBILITY: i32 = 1 << 5;
/// ... a move into a quadrant with an odd number of empty squares (counting more with
/// few empties) ...
const W_LOW_PARITY: i32 = 1 << 3;
const W_PARITY: i32 = 1 << 2;
/// ... and the square's type ([`SQUARE_VALUE`], below the parity). From
/// [`EVAL_ORDER`] empties, the child's evaluation (in hundredths of a disc) times this
/// is subtracted too: a reply outweighs 33 discs of it, so that it mostly breaks ties.
const W_EVALUATION: i32 = 10;

/// The best final score the side to move can reach: the other side keeps its stable
/// discs, so at most 64 less twice them. Counted only when `alpha` is high enough for
/// the count to pay with `empties` empty squares ([`STABILITY_ALPHA`]).
#[inline(always)]
fn most_with_stable(position: Position, empties: u32, alpha: i32) -> Option<i32> {
    (alpha >= STABILITY_ALPHA[empties as usize])
        .then(|| 64 - 2 * stable(position.opp(), position.own() | position.opp()).count_ones() as i32)
}

/// How a square tends to turn out, for breaking ties in move ordering (higher first):
/// corners and A squares high, X and C squares low.
const SQUARE_VALUE: [u8; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    18, 4, 16, 12, 12, 16, 4, 18, //
];

/// The discs of `own` that are corners or next to a corner of `own` along an edge: a
/// quick count of discs that are safe for good.
#[inline(always)]
fn corner_stability(own: u64) -> i32 {
    let next_to_corners = ((own & 0x0100_0000_0000_0001) << 1)
        | ((own & 0x8000_0000_0000_0080) >> 1)
        | ((own & 0x0000_0000_0000_0081) << 8)
        | ((own & 0x8100_0000_0000_0000) >> 8);
    ((next_to_corners | CORNERS) & own).count_ones() as i32
}
