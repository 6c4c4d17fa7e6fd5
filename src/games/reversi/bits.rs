//! The 8×8 bitboard: one bit per cell, bit `row * 8 + col`, so that iterating set bits
//! from the lowest visits cells in row-major order.
//!
//! Boards up to 8×8 are laid in the top-left corner, and every cell outside them is
//! marked blocked, exactly like a wall: a blocked cell is neither empty nor a disc, so
//! no move lands on it and no flanking line runs through it. Walls therefore cost
//! nothing: they only shrink the set of empty cells.

/// Every cell except column 0 (`a`).
const NOT_COL_0: u64 = 0xfefe_fefe_fefe_fefe;
/// Every cell except column 7 (`h`).
const NOT_COL_7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Columns 1 to 6: the only columns a horizontal or diagonal flanked line can cross.
const INNER_COLS: u64 = NOT_COL_0 & NOT_COL_7;

/// The bit of the cell at `row`, `col` (both below 8).
pub const fn bit(row: u32, col: u32) -> u64 {
    1 << (row * 8 + col)
}

/// `x` moved one step in direction `D`, a signed bit offset: +1 east, +8 south, +9
/// south-east, +7 south-west, and their negatives. Cells pushed off the top or bottom
/// vanish; those pushed off a side wrap to the next row, which callers mask away.
#[inline(always)]
fn shift<const D: i32>(x: u64) -> u64 {
    if D > 0 { x << D } else { x >> -D }
}

/// Cells just past a line of `opp` discs that starts next to an `own` disc and runs in
/// direction `D`, found by a parallel-prefix (Kogge-Stone) fill: lines of up to six
/// discs, the most an 8-cell line holds between two ends. `opp` must already exclude the
/// columns a line in this direction may not cross.
#[inline(always)]
fn moves_toward<const D: i32>(own: u64, opp: u64) -> u64 {
    let mut line = opp & shift::<D>(own);
    line |= opp & shift::<D>(line);
    let pairs = opp & shift::<D>(opp);
    // `pairs` holds opponent discs whose predecessor is one too, so each step below
    // extends a line by two cells at once.
    line |= pairs & shift::<D>(shift::<D>(line));
    line |= pairs & shift::<D>(shift::<D>(line));
    shift::<D>(line)
}

/// The cells where the seat owning `own` may play: empty cells (`empty` excludes discs
/// and blocked cells) that close at least one line of `opp` discs.
#[inline(always)]
pub fn moves(own: u64, opp: u64, empty: u64) -> u64 {
    // Horizontal and diagonal lines may not cross the side columns, or the shifts would
    // wrap a line from one row's end to the next row's start.
    let side = opp & INNER_COLS;
    (moves_toward::<1>(own, side)
        | moves_toward::<-1>(own, side)
        | moves_toward::<8>(own, opp)
        | moves_toward::<-8>(own, opp)
        | moves_toward::<9>(own, side)
        | moves_toward::<-9>(own, side)
        | moves_toward::<7>(own, side)
        | moves_toward::<-7>(own, side))
        & empty
}

/// Rays from each cell, excluding the cell itself: `[cell][direction]`, the first four
/// toward higher bits (east, south-west, south, south-east), the last four toward lower.
static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    const STEPS: [(i32, i32); 8] = [(0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)];
    let mut table = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 8 {
            let (mut row, mut col) = ((square / 8) as i32, (square % 8) as i32);
            let mut ray = 0u64;
            loop {
                row += STEPS[d].0;
                col += STEPS[d].1;
                if row < 0 || row >= 8 || col < 0 || col >= 8 {
                    break;
                }
                ray |= 1 << (row * 8 + col);
            }
            table[square][d] = ray;
            d += 1;
        }
        square += 1;
    }
    table
}

/// The `opp` discs flipped by the seat owning `own` playing on `square` (0..64): every
/// line of `opp` discs from `square` closed by an `own` disc. Zero when the move flanks
/// nothing. Branch-free: on each ray the first cell that is not an opponent disc is
/// found with one bit trick, and the line before it flips when that cell is `own`.
#[inline(always)]
pub fn flips(own: u64, opp: u64, square: u32) -> u64 {
    let rays = &RAYS[square as usize];
    let mut flipped = 0;
    for &ray in &rays[..4] {
        // Toward higher bits: the ray's first non-opponent cell is its lowest such bit.
        let stops = ray & !opp;
        let first = stops & stops.wrapping_neg();
        let closed = 0u64.wrapping_sub(u64::from(first & own != 0));
        flipped |= first.wrapping_sub(1) & ray & closed;
    }
    for &ray in &rays[4..] {
        // Toward lower bits: the first non-opponent cell is the highest such bit. `| 1`
        // keeps the shift in range when there is none; `& stops` then discards it.
        let stops = ray & !opp;
        let first = (1u64 << 63) >> (stops | 1).leading_zeros();
        let closed = 0u64.wrapping_sub(u64::from(first & stops & own != 0));
        flipped |= (first << 1).wrapping_neg() & ray & closed;
    }
    flipped
}

/// Leaf count of the game tree below a position in normal play, `depth` plies deep (at
/// least 1): `own` is the seat to move, `blocked` the walls and off-board cells, and
/// `passed` whether the previous move was a pass. A pass is one ply; a finished game
/// (two passes, or a full board) is a leaf at any depth. The last ply is counted in
/// bulk: the moves of a position one ply from the end are counted, not played.
#[allow(unsafe_code, reason = "calls the perft compiled for instructions the CPU was checked to have")]
pub fn perft(own: u64, opp: u64, blocked: u64, depth: u32, passed: bool) -> u64 {
    debug_assert!(depth >= 1);
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("avx2")
        {
            // SAFETY: the CPU has every feature `perft_native` is compiled for.
            return unsafe { perft_native(own, opp, blocked, depth, passed) };
        }
    }
    perft_portable(own, opp, blocked, depth, passed)
}

/// The perft recursion, written once and compiled twice: for any CPU of the target, and
/// with the bit-counting and vector instructions most current CPUs have, which make the
/// population counts and leading-zero counts single instructions.
macro_rules! perft_recursion {
    ($recurse:expr, $own:ident, $opp:ident, $blocked:ident, $depth:ident, $passed:ident) => {{
        let empty = !($own | $opp | $blocked);
        let mut moves_left = moves($own, $opp, empty);
        if moves_left == 0 {
            // Two passes or a full board end the game, a leaf; otherwise this seat passes.
            return if $passed || empty == 0 || $depth == 1 {
                1
            } else {
                $recurse($opp, $own, $blocked, $depth - 1, true)
            };
        }
        if $depth == 1 {
            return u64::from(moves_left.count_ones());
        }
        let mut leaves = 0;
        while moves_left != 0 {
            let square = moves_left.trailing_zeros();
            moves_left &= moves_left - 1;
            let flipped = flips($own, $opp, square);
            let (next_own, next_opp) = ($opp & !flipped, $own | flipped | (1 << square));
            leaves += if $depth == 2 {
                // The child's own moves, counted in bulk; none means one pass or an end.
                let child_empty = empty & !(1 << square);
                u64::from(moves(next_own, next_opp, child_empty).count_ones().max(1))
            } else {
                $recurse(next_own, next_opp, $blocked, $depth - 1, false)
            };
        }
        leaves
    }};
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
#[allow(unsafe_code, reason = "compiled for instructions not every x86-64 CPU has")]
unsafe fn perft_native(own: u64, opp: u64, blocked: u64, depth: u32, passed: bool) -> u64 {
    // SAFETY: only reached from `perft` after the features were detected.
    perft_recursion!(|a, b, c, d, e| unsafe { perft_native(a, b, c, d, e) }, own, opp, blocked, depth, passed)
}

fn perft_portable(own: u64, opp: u64, blocked: u64, depth: u32, passed: bool) -> u64 {
    perft_recursion!(perft_portable, own, opp, blocked, depth, passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves and flips of one cell, the slow and obvious way.
    fn walk(own: u64, opp: u64, blocked: u64, square: u32) -> u64 {
        let mut flipped = 0;
        let (row, col) = ((square / 8) as i32, (square % 8) as i32);
        for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)] {
            let (mut r, mut c, mut line) = (row + dr, col + dc, 0u64);
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let b = 1u64 << (r * 8 + c);
                if opp & b != 0 {
                    line |= b;
                } else {
                    if own & b != 0 && blocked & b == 0 {
                        flipped |= line;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        flipped
    }

    /// A deterministic scatter of discs and walls, so every line shape shows up.
    fn scatter(seed: u64) -> (u64, u64, u64) {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (a, b, c) = (next(), next(), next());
        let blocked = a & b & c;
        let own = next() & next() & !blocked;
        let opp = !own & !blocked & (next() | next());
        (own, opp, blocked)
    }

    #[test]
    fn bit_tricks_agree_with_walking_every_ray() {
        for seed in 0..2000 {
            let (own, opp, blocked) = scatter(seed);
            let empty = !(own | opp | blocked);
            let mut expected_moves = 0;
            for square in 0..64 {
                if empty & (1 << square) == 0 {
                    continue;
                }
                let expected = walk(own, opp, blocked, square);
                assert_eq!(flips(own, opp, square), expected, "seed {seed}, square {square}");
                if expected != 0 {
                    expected_moves |= 1 << square;
                }
            }
            assert_eq!(moves(own, opp, empty), expected_moves, "seed {seed}");
        }
    }

    #[test]
    fn lines_do_not_wrap_around_the_sides() {
        // Own on h1, opponent on a2: the cell b2 is not flanked through the wrap.
        let own = bit(0, 7);
        let opp = bit(1, 0);
        let empty = !(own | opp);
        assert_eq!(moves(own, opp, empty), 0);
        assert_eq!(flips(own, opp, 9), 0);
    }

    #[test]
    fn the_native_and_portable_recursions_agree() {
        let (own, opp) = (bit(3, 4) | bit(4, 3), bit(3, 3) | bit(4, 4));
        for depth in 1..=6 {
            let portable = perft_portable(own, opp, 0, depth, false);
            assert_eq!(perft(own, opp, 0, depth, false), portable, "depth {depth}");
        }
    }
}
