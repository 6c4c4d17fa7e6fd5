//! An exact solver for standard Connect Four (7 columns, 6 rows, four in a row, flat
//! sides), after Pascal Pons' "Solving Connect 4" tutorial.
//!
//! - **Bitboards.** A position is two `u64`s: the discs of the side to move and the mask
//!   of every disc. Column `c` holds bits `7c .. 7c + 6` from the bottom up, the seventh
//!   bit of each column staying empty as a sentinel, so that shifting by 1 (vertical),
//!   7 (horizontal), 6 and 8 (the diagonals) never carries a line from one column into
//!   the next. `discs + mask` is a unique 49-bit key of the position.
//! - **Negamax with alpha-beta**, on scores in Pons' convention (see [`solve`]), each
//!   node first narrowing its window by the bounds it can prove at once: the side to move
//!   cannot win with its next disc (the caller checked), nor lose before the opponent's
//!   next disc.
//! - **Claimeven** (Allis): when every column has an even number of empty cells, the
//!   side not to move can answer every disc in the same column and so take every empty
//!   cell of the even rows; if the side to move cannot make four with its discs and the
//!   odd rows' cells, it cannot win, which bounds its score from above. With two columns
//!   odd, the side to move gains one even row's cell, of either. A node where one column
//!   alone is odd can play there and claim the even rows itself: a bound from below.
//! - **Only non-losing moves.** A node plays neither below a cell where the opponent
//!   would complete a line, nor anything but the block when the opponent threatens one
//!   win; two threats lose at once. So no node ever has a win in one to look at.
//! - **Move ordering.** Moves are tried by how many cells they make winning for the side
//!   that plays them, central columns first among equals.
//! - **A transposition table** (`solver/table.rs`) of a fixed number of `u64` entries (a
//!   power of two, [`DEFAULT_TABLE_BITS`] by default): the full key, an upper or a lower
//!   bound, and a generation, so that [`Solver::reset`] costs nothing; always replaced on
//!   collision.
//!   A search uses the first 2 MiB of it and doubles the part in use as it expands more
//!   positions: most positions need few entries, and a table kept in cache answers
//!   several times faster than one spread over memory.
//!   Every node asks the memory for its children's entries before its own work, so that
//!   their cache misses overlap one another and that work.
//! - **Enhanced transposition cut-offs.** Before searching its moves, a node with fewer
//!   than 30 discs looks each child up in the table: an upper bound stored for one that
//!   is low enough proves the node's lower bound at once.
//! - **Opening books** ([`book`]), embedded: a search that reaches a position of a
//!   book's ply that the book holds reads its exact score there. Every position a search
//!   reaches one disc past a book's ply, its root included, starts from the lower bound
//!   its parents' scores there prove: when a book lacks a position, the search below it
//!   still gains from the scores it holds of its neighbours.
//! - **Iterative null-window search.** The root searches windows of width one, at 0
//!   first while the score may lie either side of it, then at the middle of `[min, max]`,
//!   until the two meet.
//! - **Threads**, when the budget gives more than one (`solver/parallel.rs`): past a first
//!   part searched alone, every thread on the same window over one shared table, each
//!   leaving for later the moves another is searching.
//!
//! Every search counts the positions it expands against a [`SearchBudget`] and checks its
//! stop flag every few thousand of them; when either runs out the answer is `None`
//! ("unknown"), and nothing learnt after that point is kept.
//!
//! [`solve`]: Solver::solve

use std::sync::atomic::AtomicBool;

use crate::engine::SearchBudget;

use super::ConnectFour;

pub mod book;
mod parallel;
mod table;

pub use parallel::ALONE_FIRST;

use book::Book;
use table::{BoundStore, LOWER_BOUND_BASE, NODES_PER_ENTRY, Table, lower_bound, upper_bound};

/// Columns of the board solved.
pub const WIDTH: u32 = 7;
/// Rows of the board solved.
pub const HEIGHT: u32 = 6;
/// Cells of the board.
const CELLS: i32 = (WIDTH * HEIGHT) as i32;
/// Bits per column, one above the top row.
const STRIDE: u32 = HEIGHT + 1;

/// The best score reachable in a node: winning with the side's fourth disc.
pub const MAX_SCORE: i32 = (CELLS + 1) / 2 - 3;
/// The worst score.
pub const MIN_SCORE: i32 = -CELLS / 2 + 3;

/// Log2 of the number of entries in a solver's table by default (8M entries, 64 MiB).
pub const DEFAULT_TABLE_BITS: u32 = 23;

const fn bottom_mask() -> u64 {
    let mut mask = 0;
    let mut column = 0;
    while column < WIDTH {
        mask |= 1 << (column * STRIDE);
        column += 1;
    }
    mask
}

/// The bottom cell of every column.
const BOTTOM: u64 = bottom_mask();
/// Every cell of the board.
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// The cells of the first, third and fifth rows from the bottom.
const ODD_ROWS: u64 = BOTTOM * 0b01_0101;
/// The cells of the second, fourth and sixth rows.
const EVEN_ROWS: u64 = BOARD ^ ODD_ROWS;

const fn column_mask(column: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (column * STRIDE)
}

const fn top_cell(column: u32) -> u64 {
    1 << (HEIGHT - 1 + column * STRIDE)
}

const fn bottom_cell(column: u32) -> u64 {
    1 << (column * STRIDE)
}

/// The order columns are tried in among equally promising moves: centre outwards.
const COLUMN_ORDER: [u32; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

/// The empty cells where a disc would complete a line of four with `discs`.
fn winning_cells(discs: u64, mask: u64) -> u64 {
    // Vertical: three discs below.
    let mut r = (discs << 1) & (discs << 2) & (discs << 3);
    for shift in [STRIDE, STRIDE - 1, STRIDE + 1] {
        // Horizontal, then the two diagonals: the cell completes a line with three
        // neighbours along the direction, three on one side, or two and one.
        let p = (discs << shift) & (discs << (2 * shift));
        r |= p & (discs << (3 * shift));
        r |= p & (discs >> shift);
        let p = (discs >> shift) & (discs >> (2 * shift));
        r |= p & (discs << shift);
        r |= p & (discs >> (3 * shift));
    }
    r & (BOARD ^ mask)
}

/// Whether `cells` hold four in a row in any direction.
fn has_four(cells: u64) -> bool {
    [1, STRIDE, STRIDE - 1, STRIDE + 1].into_iter().any(|shift| {
        let pairs = cells & (cells >> shift);
        pairs & (pairs >> (2 * shift)) != 0
    })
}

/// Why a move string is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveStringError {
    /// A character that is not a column digit from 1 to 7.
    #[error("move {index}: \"{found}\" is not a column from 1 to {WIDTH}")]
    NotAColumn { index: usize, found: char },
    /// A disc into a full column.
    #[error("move {index}: column {column} is full")]
    ColumnFull { index: usize, column: u32 },
    /// A move that ends the game (the positions solved are those still in play).
    #[error("move {index}: column {column} wins the game, which leaves nothing to solve")]
    Wins { index: usize, column: u32 },
}

/// Whether the solver solves the positions of `game`'s configuration: the standard board,
/// not wrapping, with no cell blocked.
pub(super) fn solves(game: &ConnectFour) -> bool {
    let config = &game.config;
    let standard = config.width == WIDTH && config.height == HEIGHT && config.win_length == 4;
    standard && !config.wrap_columns && config.blocked.is_empty()
}

/// A position on the standard board, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    /// The discs of the side to move.
    discs: u64,
    /// Every disc.
    mask: u64,
    /// Discs on the board.
    moves: u32,
}

impl Position {
    /// The empty board.
    pub fn new() -> Position {
        Position::default()
    }

    /// The position after `moves`, 1-based column digits (Pons' format, e.g. `"4453"`).
    /// No move may end the game.
    pub fn from_moves(moves: &str) -> Result<Position, MoveStringError> {
        let mut position = Position::new();
        for (index, found) in moves.chars().enumerate() {
            let column = match found.to_digit(10) {
                Some(digit @ 1..=WIDTH) => digit - 1,
                _ => return Err(MoveStringError::NotAColumn { index: index + 1, found }),
            };
            if !position.can_play(column) {
                return Err(MoveStringError::ColumnFull { index: index + 1, column: column + 1 });
            }
            if position.is_winning_move(column) {
                return Err(MoveStringError::Wins { index: index + 1, column: column + 1 });
            }
            position.play_column(column);
        }
        Ok(position)
    }

    /// The position of `game`, when it is on the standard board, not wrapping, with no
    /// cell blocked, and still in play.
    pub fn from_game(game: &ConnectFour) -> Option<Position> {
        if !solves(game) || game.outcome.is_some() {
            return None;
        }
        let mut position = Position::new();
        for column in 0..WIDTH {
            for level in 0..game.heights[column as usize] {
                let cell = crate::engine::Cell::new(HEIGHT - 1 - level, column);
                let bit = bottom_cell(column) << level;
                position.mask |= bit;
                position.moves += 1;
                if game.board.get(cell) == Some(game.turn) {
                    position.discs |= bit;
                }
            }
        }
        Some(position)
    }

    /// The positions one disc earlier that lead here: for each column whose top disc is
    /// the last mover's, the position with that disc taken off. Not every one need be
    /// reachable in play, but each has a move (that column) to `self`.
    fn parents(&self) -> impl Iterator<Item = Position> + '_ {
        let last_mover = self.mask ^ self.discs;
        (0..WIDTH).filter_map(move |column| {
            let discs = self.mask & column_mask(column);
            let top = discs & !(discs >> 1);
            (top & last_mover != 0).then(|| Position {
                discs: last_mover ^ top,
                mask: self.mask ^ top,
                moves: self.moves - 1,
            })
        })
    }

    /// Discs on the board.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// A key that tells positions apart.
    pub fn key(&self) -> u64 {
        self.discs + self.mask
    }

    /// Whether `column` (0-based) has room for a disc.
    pub fn can_play(&self, column: u32) -> bool {
        column < WIDTH && self.mask & top_cell(column) == 0
    }

    /// Drops a disc of the side to move into `column` (0-based), which must have room.
    pub fn play_column(&mut self, column: u32) {
        self.play((self.mask + bottom_cell(column)) & column_mask(column));
    }

    /// Whether a disc in `column` (0-based, with room) wins for the side to move.
    pub fn is_winning_move(&self, column: u32) -> bool {
        self.winning() & self.possible() & column_mask(column) != 0
    }

    /// Whether the side to move wins with its next disc.
    pub fn can_win_next(&self) -> bool {
        self.winning() & self.possible() != 0
    }

    fn play(&mut self, bit: u64) {
        self.discs ^= self.mask;
        self.mask |= bit;
        self.moves += 1;
    }

    /// The cell each column's next disc lands in.
    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    fn winning(&self) -> u64 {
        winning_cells(self.discs, self.mask)
    }

    fn opponent_winning(&self) -> u64 {
        winning_cells(self.discs ^ self.mask, self.mask)
    }

    /// The moves that do not let the opponent win with its next disc: none when the
    /// opponent has two threats, the block when it has one, else every move that does
    /// not fill the cell below one of its winning cells. Only for a position where the
    /// side to move cannot win at once.
    fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let threats = self.opponent_winning();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// An upper bound on the score that the opponent's "claimeven" proves, when every
    /// column has an even number of empty cells, or all but two: by always answering in
    /// the column just played, the opponent takes every empty cell of an even row and
    /// leaves the side to move those of the odd rows. Two odd columns each have an even
    /// row's cell next; once the side to move drops a disc into one of them, the opponent
    /// takes the other's and every column is even from then on, so the side to move gains
    /// one even row's cell, whichever it chooses. If its cells cannot make four with its
    /// discs, it never wins (at most a draw, 0); if the opponent's cells make four
    /// whichever it chose, the opponent wins (at most -1).
    fn claimeven_bound(&self) -> Option<i32> {
        let odd = self.possible() & EVEN_ROWS;
        // The cells of the even rows the side to move may gain, each alone.
        let (first, second) = match odd.count_ones() {
            0 => (0, 0),
            2 => (odd & odd.wrapping_neg(), odd & (odd - 1)),
            _ => return None,
        };
        let empty = BOARD ^ self.mask;
        let mine = self.discs | (empty & ODD_ROWS);
        if has_four(mine | first) || (second != 0 && has_four(mine | second)) {
            return None;
        }
        let theirs = (self.discs ^ self.mask) | (empty & EVEN_ROWS);
        let loses = has_four(theirs ^ first) && (second == 0 || has_four(theirs ^ second));
        Some(if loses { -1 } else { 0 })
    }

    /// A lower bound on the score that the side to move's own claimeven proves, when one
    /// column alone has an odd number of empty cells: a disc there leaves the opponent to
    /// move with every column even, which [`Position::claimeven_bound`] bounds.
    fn claimeven_after_move_bound(&self) -> Option<i32> {
        let odd = self.possible() & EVEN_ROWS;
        if odd.count_ones() != 1 {
            return None;
        }
        let mut child = *self;
        child.play(odd);
        child.claimeven_bound().map(|max| -max)
    }

    /// The positions after each of `moves` (a bit each, playable).
    fn children(&self, mut moves: u64) -> impl Iterator<Item = Position> + '_ {
        std::iter::from_fn(move || {
            let bit = moves & moves.wrapping_neg();
            moves ^= bit;
            (bit != 0).then(|| {
                let mut child = *self;
                child.play(bit);
                child
            })
        })
    }

    /// How promising `bit` is for the side to move: the winning cells it would have.
    fn move_score(&self, bit: u64) -> u32 {
        winning_cells(self.discs | bit, self.mask).count_ones()
    }
}

/// The moves of a node, best first: an insertion sort of at most seven.
struct MoveSorter {
    len: usize,
    entries: [(u64, u32); WIDTH as usize],
}

impl MoveSorter {
    fn new() -> MoveSorter {
        MoveSorter { len: 0, entries: [(0, 0); WIDTH as usize] }
    }

    /// `moves` (a bit each) of `position`, to come out most promising first: by the
    /// cells each makes winning, central columns first among equals.
    fn of(position: &Position, moves: u64) -> MoveSorter {
        let mut sorter = MoveSorter::new();
        for &column in COLUMN_ORDER.iter().rev() {
            let bit = moves & column_mask(column);
            if bit != 0 {
                sorter.add(bit, position.move_score(bit));
            }
        }
        sorter
    }

    /// Adds a move; among equal scores, the last added comes out first.
    fn add(&mut self, bit: u64, score: u32) {
        let mut at = self.len;
        self.len += 1;
        while at > 0 && self.entries[at - 1].1 > score {
            self.entries[at] = self.entries[at - 1];
            at -= 1;
        }
        self.entries[at] = (bit, score);
    }

    fn next(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.entries[self.len].0)
    }
}

/// Nodes with fewer discs than this look for a child the table already refutes before
/// searching any: deeper, the probes cost more than the searches they save.
const ETC_BEFORE: i32 = 30;

/// Nodes with fewer discs than this leave a child another thread is searching for later.
const SPLIT_BEFORE: i32 = 30;

/// How often a search looks at its stop flag, in positions (a power of two).
const STOP_CHECK: u64 = 4096;

/// One search, within a budget.
struct Search<'a, M: BoundStore> {
    table: M,
    books: &'a [&'a Book],
    /// A bit for the ply of each book.
    book_plies: u64,
    /// Whether nodes bound their scores by claimeven.
    claimeven: bool,
    /// Positions expanded since the solver's reset.
    nodes: u64,
    /// The count past which the search gives up.
    limit: u64,
    stop: &'a AtomicBool,
    aborted: bool,
    /// The count at which the table grows next.
    grow_at: u64,
    /// The next count at which [`Search::event`] has something to do.
    next_event: u64,
}

impl<'a, M: BoundStore> Search<'a, M> {
    fn new(
        table: M,
        books: &'a [&'a Book],
        claimeven: bool,
        nodes: u64,
        limit: u64,
        stop: &'a AtomicBool,
    ) -> Search<'a, M> {
        let grow_at = NODES_PER_ENTRY << table.bits();
        let book_plies = books.iter().fold(0, |plies, book| plies | 1u64.checked_shl(book.ply()).unwrap_or(0));
        let mut search =
            Search { table, books, book_plies, claimeven, nodes, limit, stop, aborted: false, grow_at, next_event: 0 };
        search.schedule();
        search
    }

    fn schedule(&mut self) {
        let check = (self.nodes | (STOP_CHECK - 1)) + 1;
        self.next_event = check.min(self.grow_at).min(self.limit.saturating_add(1));
    }

    /// Gives up when the budget is spent or the caller asked to stop; else grows the
    /// table when due. True when the search must give up.
    #[cold]
    fn event(&mut self) -> bool {
        if self.nodes > self.limit
            || (self.nodes.is_multiple_of(STOP_CHECK)
                && (self.stop.load(std::sync::atomic::Ordering::Relaxed) || self.table.stale()))
        {
            self.aborted = true;
            return true;
        }
        while self.nodes >= self.grow_at {
            self.grow_at = if self.table.grow() { NODES_PER_ENTRY << self.table.bits() } else { u64::MAX };
        }
        self.schedule();
        false
    }
}

impl<M: BoundStore> Search<'_, M> {
    /// The score of `position` if it lies in `(alpha, beta)`; else an upper bound at most
    /// `alpha`, or a lower bound at least `beta`. `position` must not be winnable at once.
    fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!position.can_win_next());
        self.nodes += 1;
        if self.nodes >= self.next_event && self.event() {
            return 0;
        }
        let moves = position.moves as i32;
        let next = position.non_losing_moves();
        if next == 0 {
            // The opponent wins with its next disc.
            return -(CELLS - moves) / 2;
        }
        if moves >= CELLS - 2 {
            // Neither side can win with the last two discs.
            return 0;
        }
        // The children's entries, for the cut-offs and the children's own probes below:
        // in a large search most miss the caches, and asked for together, before the
        // work on this node, they arrive in about the time of one.
        self.prefetch_children(position, next);
        // The opponent cannot win with its next disc either.
        let min = -(CELLS - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // Nor can the side to move win with this disc.
        let max = (CELLS - 1 - moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        if beta >= 0
            && self.claimeven
            && let Some(max) = position.claimeven_bound()
            && beta > max
        {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        if alpha < 1
            && self.claimeven
            && let Some(min) = position.claimeven_after_move_bound()
            && alpha < min
        {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        if self.book_plies >> position.moves & 1 != 0
            && let Some(score) = self.books.iter().find_map(|book| book.score(position))
        {
            return score;
        }
        let key = position.key();
        let stored = self.table.get(key);
        if let Some(min) = lower_bound(stored) {
            if alpha < min {
                alpha = min;
                if alpha >= beta {
                    return alpha;
                }
            }
        } else if let Some(max) = upper_bound(stored)
            && beta > max
        {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // One disc past a book's ply, the parents' scores there bound this one from below.
        if (self.book_plies << 1) >> position.moves & 1 != 0
            && let Some(min) = lower_bound_from_parents(self.books, position)
            && alpha < min
        {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        if moves < ETC_BEFORE && self.child_refutes(position, next, beta) {
            self.table.put(key, beta + LOWER_BOUND_BASE);
            return beta;
        }
        let mut sorter = MoveSorter::of(position, next);
        let split = moves < SPLIT_BEFORE;
        let mut deferred = 0;
        let mut first = true;
        loop {
            let bit = match sorter.next() {
                Some(bit) => bit,
                None if deferred != 0 => {
                    // The moves another thread was searching, once the others are done.
                    sorter = MoveSorter::of(position, deferred);
                    deferred = 0;
                    first = true;
                    continue;
                }
                None => break,
            };
            let mut child = *position;
            child.play(bit);
            let child_key = child.key();
            if split && !first && self.table.busy(child_key) {
                deferred |= bit;
                continue;
            }
            first = false;
            let entered = split && self.table.enter(child_key);
            let score = -self.negamax(&child, -beta, -alpha);
            if entered {
                self.table.leave(child_key);
            }
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.table.put(key, score + LOWER_BOUND_BASE);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(key, alpha - MIN_SCORE + 1);
        alpha
    }

    /// The column of the first of `moves` (a bit each, not losing at once), tried most
    /// promising first, that scores at least `floor` for the side to move in `position`:
    /// one whose child scores at most `-floor`. `None` when none does or the search gives
    /// up first.
    fn first_move_scoring(&mut self, position: &Position, moves: u64, floor: i32) -> Option<u32> {
        let mut sorter = MoveSorter::of(position, moves);
        while let Some(bit) = sorter.next() {
            let mut child = *position;
            child.play(bit);
            let child_score = -self.negamax(&child, -floor, -floor + 1);
            if self.aborted {
                return None;
            }
            if child_score >= floor {
                return Some(bit.trailing_zeros() / STRIDE);
            }
        }
        None
    }

    /// Asks the memory for the entries of `position`'s children after `moves` (a bit each).
    fn prefetch_children(&self, position: &Position, moves: u64) {
        position.children(moves).for_each(|child| self.table.prefetch(child.key()));
    }

    /// Whether the table already proves one of `moves` (a bit each) scores at least
    /// `beta` for the side to move in `position`: an upper bound of at most `-beta` stored
    /// for the child (an enhanced transposition cut-off).
    fn child_refutes(&self, position: &Position, moves: u64, beta: i32) -> bool {
        position.children(moves).any(|child| upper_bound(self.table.get(child.key())).is_some_and(|max| -max >= beta))
    }

    /// The exact score of `position`, not winnable at once, that lies in `[min, max]`;
    /// or, when the search gives up first, the bounds it had narrowed them to.
    fn solve_between(&mut self, position: &Position, mut min: i32, mut max: i32) -> Result<i32, (i32, i32)> {
        while min < max {
            let guess = next_guess(min, max);
            let r = self.negamax(position, guess, guess + 1);
            if self.aborted {
                return Err((min, max));
            }
            if r <= guess {
                max = r;
            } else {
                min = r;
            }
        }
        Ok(min)
    }
}

/// A lower bound on the score of `position` that `books` prove without a search, when
/// one holds positions of one disc fewer: a parent's side to move could play into
/// `position`, so `position` scores at least minus what any parent scores. It is the
/// exact score whenever `position` follows one of its parents' best moves.
fn lower_bound_from_parents(books: &[&Book], position: &Position) -> Option<i32> {
    let scores = position.parents().filter_map(|parent| books.iter().find_map(|book| book.score(&parent)));
    scores.map(|score| -score).max()
}

/// The null window to search next when a score lies in `[min, max]` (`min < max`): 0
/// while the score may lie either side of it, since most scores are draws or near one;
/// then the middle. A window above the score is the costliest kind (the side to move
/// must fail in every line), and a bisection from 0 meets few of them.
fn next_guess(min: i32, max: i32) -> i32 {
    if min <= 0 && 0 < max { 0 } else { min + (max - min) / 2 }
}

/// The best move of a position and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The column to play, 0-based.
    pub column: u32,
    /// The position's score, which that move keeps (Pons' convention).
    pub score: i32,
}

/// The result a [`KeepingMove`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The side to move wins.
    Win,
    /// Neither side wins.
    Draw,
}

/// A move that keeps a position's result, and that result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeepingMove {
    /// The column to play, 0-based.
    pub column: u32,
    /// The position's result, which that move keeps.
    pub result: Kept,
}

/// What follows a solve: whether the table is worth having what threads proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    /// Nothing: the threads' table is dropped (taking it in would read its millions of
    /// entries for nothing).
    Done,
    /// More searches of the same position (a best move).
    Search,
}

/// A Connect Four solver: its transposition table, the opening books it reads (which
/// live at least `'b`), and the positions it has expanded.
pub struct Solver<'b> {
    table: Table,
    books: Vec<&'b Book>,
    /// Whether its searches bound scores by claimeven (always, but in the tests that
    /// check those bounds against scores found without them).
    claimeven: bool,
    nodes: u64,
}

impl Default for Solver<'static> {
    fn default() -> Solver<'static> {
        Solver::new()
    }
}

impl Solver<'static> {
    /// A solver with a table of 2^[`DEFAULT_TABLE_BITS`] entries.
    pub fn new() -> Solver<'static> {
        Solver::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver with a table of 2^`bits` entries (`bits` clamped to 4..=30), 8 bytes each,
    /// and the embedded opening books.
    pub fn with_table_bits(bits: u32) -> Solver<'static> {
        Solver { table: Table::new(bits), books: Book::embedded().iter().collect(), claimeven: true, nodes: 0 }
    }
}

impl<'b> Solver<'b> {
    /// This solver without an opening book: it searches every position to the end.
    pub fn without_book(self) -> Solver<'b> {
        Solver { books: Vec::new(), ..self }
    }

    /// This solver also reading positions of `book`'s ply from `book` (after the books
    /// it had of that ply).
    pub fn with_book<'c>(self, book: &'c Book) -> Solver<'c>
    where
        'b: 'c,
    {
        let mut books: Vec<&'c Book> = self.books;
        books.push(book);
        Solver { books, ..self }
    }

    /// This solver without the claimeven bounds: slower, for the tests that check them.
    #[cfg(test)]
    fn without_claimeven(self) -> Solver<'b> {
        Solver { claimeven: false, ..self }
    }

    /// Forgets every position seen so far and zeroes the node count.
    pub fn reset(&mut self) {
        self.table.reset();
        self.nodes = 0;
    }

    /// Positions expanded since the last [`reset`](Solver::reset).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A search allowed `budget.nodes` positions from the count `start`.
    fn search<'a>(&'a mut self, start: u64, budget: SearchBudget<'a>) -> Search<'a, &'a mut Table> {
        let limit = start.saturating_add(budget.nodes);
        Search::new(&mut self.table, &self.books, self.claimeven, self.nodes, limit, budget.stop)
    }

    /// The exact score of `position` in Pons' convention, from the side to move: 0 for a
    /// draw; `(43 - n) / 2` when it wins, where `n` is the number of discs on the board
    /// before its winning disc (22 minus the discs the winner drops, the last included);
    /// the opponent's score negated when it loses. `None` when `budget` runs out first.
    ///
    /// On `budget.threads` threads when there are more than one: one alone for its first
    /// [`ALONE_FIRST`] positions, then all of them (`solver/parallel.rs`). The positions searched
    /// then vary from run to run; the score does not.
    pub fn solve(&mut self, position: &Position, budget: SearchBudget<'_>) -> Option<i32> {
        self.solve_then(position, budget, Then::Done)
    }

    /// [`Solver::solve`], keeping what threads proved in this solver's table when
    /// searches follow.
    fn solve_then(&mut self, position: &Position, budget: SearchBudget<'_>, then: Then) -> Option<i32> {
        let moves = position.moves as i32;
        if position.can_win_next() {
            return Some((CELLS + 1 - moves) / 2);
        }
        if budget.threads > 1 {
            return self.solve_on_threads(position, budget, ALONE_FIRST, then);
        }
        self.solve_within(position, self.bounds(position), budget).ok()
    }

    /// The exact score of `position`, not winnable at once, which lies within `bounds`
    /// (`[min, max]`); or, when `budget` runs out first, the bounds narrowed so far.
    fn solve_within(
        &mut self,
        position: &Position,
        (min, max): (i32, i32),
        budget: SearchBudget<'_>,
    ) -> Result<i32, (i32, i32)> {
        let mut search = self.search(self.nodes, budget);
        let score = search.solve_between(position, min, max);
        self.nodes = search.nodes;
        score
    }

    /// Bounds on the score of `position`, not winnable at once, known without a search.
    fn bounds(&self, position: &Position) -> (i32, i32) {
        let moves = position.moves as i32;
        let min = -(CELLS - moves) / 2;
        let min = self.lower_bound_from_parents(position).map_or(min, |bound| bound.max(min));
        (min, (CELLS + 1 - moves) / 2)
    }

    /// The [`lower_bound_from_parents`] this solver's books prove.
    fn lower_bound_from_parents(&self, position: &Position) -> Option<i32> {
        lower_bound_from_parents(&self.books, position)
    }

    /// A move that keeps the result of `position`, a win won or a draw drawn, without
    /// the exact score (one or two null-window searches at 0 instead of a search for
    /// the score): `None` when the position is lost, the board is full, or `budget` runs
    /// out first. Among equally good moves, the one the search tries first.
    pub fn move_keeping_result(&mut self, position: &Position, budget: SearchBudget<'_>) -> Option<KeepingMove> {
        if let Some(column) = (0..WIDTH).find(|&c| position.can_play(c) && position.is_winning_move(c)) {
            return Some(KeepingMove { column, result: Kept::Win });
        }
        let candidates = position.non_losing_moves();
        if candidates == 0 {
            return None;
        }
        let mut search = self.search(self.nodes, budget);
        // A win scores above 0, a draw 0, a loss below.
        let result = if search.negamax(position, 0, 1) > 0 {
            Kept::Win
        } else if !search.aborted && search.negamax(position, -1, 0) > -1 {
            Kept::Draw
        } else {
            self.nodes = search.nodes;
            return None;
        };
        let floor = match result {
            Kept::Win => 1,
            Kept::Draw => 0,
        };
        let column = search.first_move_scoring(position, candidates, floor);
        self.nodes = search.nodes;
        column.map(|column| KeepingMove { column, result })
    }

    /// A move of perfect play that costs fewer positions than [`Solver::best_move`]: one
    /// keeping a win or a draw ([`Solver::move_keeping_result`]), and in a lost position
    /// the one that loses slowest, with what is left of `budget`. `None` when the board is
    /// full or `budget` runs out first.
    pub fn perfect_move(&mut self, position: &Position, budget: SearchBudget<'_>) -> Option<u32> {
        let start = self.nodes;
        if let Some(kept) = self.move_keeping_result(position, budget) {
            return Some(kept.column);
        }
        // Lost, or out of budget (then nothing is left).
        let left = budget.nodes.saturating_sub(self.nodes - start);
        self.best_move(position, SearchBudget::new(left, budget.stop)).map(|best| best.column)
    }

    /// A move that keeps the best score of `position`, and that score; `None` when the
    /// board is full or `budget` runs out first. Among equally good moves, the one the
    /// search tries first (the most promising, central first).
    pub fn best_move(&mut self, position: &Position, budget: SearchBudget<'_>) -> Option<BestMove> {
        let moves = position.moves as i32;
        if let Some(column) = (0..WIDTH).find(|&c| position.can_play(c) && position.is_winning_move(c)) {
            return Some(BestMove { column, score: (CELLS + 1 - moves) / 2 });
        }
        let candidates = position.non_losing_moves();
        if candidates == 0 {
            // Every move loses to the opponent's next disc.
            let column = COLUMN_ORDER.into_iter().find(|&c| position.can_play(c))?;
            return Some(BestMove { column, score: -(CELLS - moves) / 2 });
        }
        let start = self.nodes;
        let score = self.solve_then(position, budget, Then::Search)?;
        let mut search = self.search(start, budget);
        let column = search.first_move_scoring(position, candidates, score);
        self.nodes = search.nodes;
        column.map(|column| BestMove { column, score })
    }
}

/// Log2 of the table a hint or a bot move allocates (64 MiB of address space, of which
/// a search within the server's budgets touches a few MiB).
const GAME_TABLE_BITS: u32 = DEFAULT_TABLE_BITS;

/// The column (0-based) of a move of perfect play in `game` for the side to move, when
/// the game is on the standard board, still in play, and decided within `budget`
/// ([`Solver::perfect_move`]).
pub(super) fn perfect_move_for(game: &ConnectFour, budget: SearchBudget<'_>) -> Option<u32> {
    let position = Position::from_game(game)?;
    Solver::with_table_bits(GAME_TABLE_BITS).perfect_move(&position, budget)
}

/// The longest principal variation [`solve_line`] follows.
const MAX_LINE: usize = 16;

/// What [`solve_line`] proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SolvedLine {
    /// Best columns (0-based) from the position on, each side keeping its score.
    pub columns: Vec<u32>,
    /// The position's exact score, Pons' convention, from the side to move.
    pub score: i32,
    /// Discs the side to move and its opponent drop before the game ends with best play
    /// (the whole board for a draw).
    pub plies: u32,
    /// Positions expanded.
    pub nodes: u64,
}

/// The exact score of `game` for the side to move, with the start of a line of best
/// play (up to [`MAX_LINE`] discs, fewer when the budget runs out after the first),
/// when the game is on the standard board, in play, and solved within `budget`;
/// otherwise the positions expanded in vain.
pub(super) fn solve_line(game: &ConnectFour, budget: SearchBudget<'_>) -> Result<SolvedLine, u64> {
    let Some(mut position) = Position::from_game(game) else { return Err(0) };
    let mut solver = Solver::with_table_bits(GAME_TABLE_BITS);
    let Some(first) = solver.best_move(&position, budget) else { return Err(solver.nodes()) };
    let moves = position.moves as i32;
    let plies = plies_to_end(moves, first.score);
    let mut columns = vec![first.column];
    let mut next = first;
    while columns.len() < MAX_LINE.min(plies as usize) {
        position.play_column(next.column);
        match solver.best_move(&position, SearchBudget { nodes: budget.nodes.saturating_sub(solver.nodes()), ..budget })
        {
            Some(best) => {
                columns.push(best.column);
                next = best;
            }
            None => break,
        }
    }
    Ok(SolvedLine { columns, score: first.score, plies, nodes: solver.nodes() })
}

/// Discs dropped from a position with `moves` discs and exact score `score` (Pons'
/// convention, side to move) until the game ends with best play: the winning disc is
/// number `n + 1`, where the score is `(43 - n) / 2` for the winner; a draw fills the board.
fn plies_to_end(moves: i32, score: i32) -> u32 {
    let end = match score.signum() {
        0 => return (CELLS - moves) as u32,
        // The winner's discs are those dropped when the count has its parity.
        1 => 43 - 2 * score - (43 - 2 * score - moves).rem_euclid(2),
        _ => 43 + 2 * score - (43 + 2 * score - moves - 1).rem_euclid(2),
    };
    (end - moves + 1) as u32
}

#[cfg(test)]
mod tests;
