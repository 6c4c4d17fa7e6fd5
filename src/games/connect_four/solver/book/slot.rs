//! The slot of a position among every arrangement of its number of discs: a dense book
//! finds a score at a position's slot, with no list of positions to search.
//!
//! An arrangement of `n` discs is the height of each column (at most [`HEIGHT`], summing
//! to `n`) and which of the `n` discs are the side to move's: always `n / 2` of them, the
//! first player having the odd disc. Heights are ranked in lexicographic order, column 0
//! first; the side to move's discs, read column by column from the bottom up as `n` bits,
//! are ranked by the combinatorial number system. The slot is the heights' rank times the
//! number of such choices, plus the choice's rank, so every arrangement has one slot in
//! `0..slots(n)` and every slot one arrangement, legal or not.

use super::super::{CELLS, HEIGHT, Position, STRIDE, WIDTH};

const MAX_DISCS: usize = CELLS as usize;

/// `BINOMIAL[n][k]`: the ways to choose `k` of `n`.
static BINOMIAL: [[u64; MAX_DISCS + 1]; MAX_DISCS + 1] = binomials();

/// `FILLINGS[c][n]`: the ways to put `n` discs in columns `c..WIDTH`, at most [`HEIGHT`]
/// in each.
static FILLINGS: [[u64; MAX_DISCS + 1]; WIDTH as usize + 1] = fillings();

const fn binomials() -> [[u64; MAX_DISCS + 1]; MAX_DISCS + 1] {
    let mut table = [[0; MAX_DISCS + 1]; MAX_DISCS + 1];
    let mut n = 0;
    while n <= MAX_DISCS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

const fn fillings() -> [[u64; MAX_DISCS + 1]; WIDTH as usize + 1] {
    let mut table = [[0; MAX_DISCS + 1]; WIDTH as usize + 1];
    table[WIDTH as usize][0] = 1;
    let mut column = WIDTH as usize;
    while column > 0 {
        column -= 1;
        let mut discs = 0;
        while discs <= MAX_DISCS {
            let mut here = 0;
            while here <= HEIGHT as usize && here <= discs {
                table[column][discs] += table[column + 1][discs - here];
                here += 1;
            }
            discs += 1;
        }
    }
    table
}

/// The discs of the side to move in a position of `discs` discs.
fn to_move(discs: u32) -> usize {
    discs as usize / 2
}

/// The number of slots of positions of `discs` discs (at most the board's cells).
pub fn slots(discs: u32) -> usize {
    let n = discs as usize;
    (FILLINGS[0][n] * BINOMIAL[n][to_move(discs)]) as usize
}

/// The slot of `position` among the arrangements of its number of discs.
pub fn slot(position: &Position) -> usize {
    let n = position.moves as usize;
    let mut heights_rank = 0;
    let mut left = n;
    let mut pattern = 0u64;
    let mut filled = 0;
    for column in 0..WIDTH as usize {
        let cells = (position.mask >> (column as u32 * STRIDE)) & ((1 << HEIGHT) - 1);
        let height = cells.count_ones() as usize;
        // The arrangements whose column `column` is lower come first.
        heights_rank += (0..height).map(|lower| FILLINGS[column + 1][left - lower]).sum::<u64>();
        left -= height;
        pattern |= ((position.discs >> (column as u32 * STRIDE)) & cells) << filled;
        filled += height;
    }
    let mut choice_rank = 0;
    let mut rest = pattern;
    let mut chosen = 0;
    while rest != 0 {
        chosen += 1;
        choice_rank += BINOMIAL[rest.trailing_zeros() as usize][chosen];
        rest &= rest - 1;
    }
    (heights_rank * BINOMIAL[n][to_move(position.moves)] + choice_rank) as usize
}

/// The arrangement of `discs` discs at `slot` (below [`slots`]`(discs)`), as a position:
/// it may have a line of four, or be unreachable.
pub fn arrangement(discs: u32, slot: usize) -> Position {
    let n = discs as usize;
    let choices = BINOMIAL[n][to_move(discs)];
    let (mut heights_rank, mut choice_rank) = (slot as u64 / choices, slot as u64 % choices);
    let mut heights = [0usize; WIDTH as usize];
    let mut left = n;
    for (column, height) in heights.iter_mut().enumerate() {
        while heights_rank >= FILLINGS[column + 1][left - *height] {
            heights_rank -= FILLINGS[column + 1][left - *height];
            *height += 1;
        }
        left -= *height;
    }
    let mut pattern = 0u64;
    for chosen in (1..=to_move(discs)).rev() {
        let mut bit = chosen - 1;
        while BINOMIAL[bit + 1][chosen] <= choice_rank {
            bit += 1;
        }
        choice_rank -= BINOMIAL[bit][chosen];
        pattern |= 1 << bit;
    }
    let mut position = Position::new();
    let mut filled = 0;
    for (column, &height) in heights.iter().enumerate() {
        let cells = ((1u64 << height) - 1) << (column as u32 * STRIDE);
        position.mask |= cells;
        position.discs |= ((pattern >> filled) << (column as u32 * STRIDE)) & cells;
        filled += height;
    }
    position.moves = discs;
    position
}
