//! How many discs the last move of the game flips, counted without computing them: with
//! one empty square left, every other square holds a disc, so a line through the empty
//! square is known from the mover's discs alone (every other disc is the opponent's),
//! and a table gives the flips along it from those eight bits.

/// Column `a`.
const COL_A: u64 = 0x0101_0101_0101_0101;

/// `COUNT[p][line]`: the discs flipped by playing square `p` (0 to 7) of an 8-square
/// line whose squares in `line` are the mover's and every other square (but `p`) the
/// opponent's. A square past a short line's end reads as the opponent's, which only
/// extends a run that then reaches the end unclosed: it never adds a flip.
static COUNT: [[u8; 256]; 8] = count_table();

const fn count_table() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut p = 0;
    while p < 8 {
        let mut line = 0;
        while line < 256 {
            if line & (1 << p) == 0 {
                let mut count = 0;
                // Toward lower squares, then toward higher.
                let mut run = 0;
                let mut at = p as i32 - 1;
                while at >= 0 && line & (1 << at) == 0 {
                    run += 1;
                    at -= 1;
                }
                if at >= 0 {
                    count += run;
                }
                run = 0;
                at = p as i32 + 1;
                while at < 8 && line & (1 << at) == 0 {
                    run += 1;
                    at += 1;
                }
                if at < 8 {
                    count += run;
                }
                table[p][line] = count;
            }
            line += 1;
        }
        p += 1;
    }
    table
}

/// The two diagonals through each square: `[square]` is (the one along steps of 9, the
/// one along steps of 7), each with the square itself.
static DIAGONALS: [(u64, u64); 64] = diagonal_table();

const fn diagonal_table() -> [(u64, u64); 64] {
    let mut table = [(0u64, 0u64); 64];
    let mut square = 0;
    while square < 64 {
        let (row, col) = (square as i32 / 8, square as i32 % 8);
        let mut other = 0usize;
        while other < 64 {
            let (r, c) = (other as i32 / 8, other as i32 % 8);
            if c - r == col - row {
                table[square].0 |= 1 << other;
            }
            if c + r == col + row {
                table[square].1 |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    table
}

/// The discs `mover` flips by playing the board's one empty square, `square`, every
/// square but it holding a disc (`mover`'s or the opponent's); 0 when the move is
/// illegal.
#[inline(always)]
pub fn count(mover: u64, square: u32) -> u32 {
    let (row, col) = ((square / 8) as usize, (square % 8) as usize);
    let (down_right, down_left) = DIAGONALS[square as usize];
    // Each line gathered into a byte: a row as it is, a column packed by multiplying
    // (row r to bit r), a diagonal by summing its bytes (one square a row, so column c
    // to bit c, without carries).
    let row_line = (mover >> (row * 8)) as u8;
    let column_line = ((((mover >> col) & COL_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u8;
    let right_line = ((mover & down_right).wrapping_mul(COL_A) >> 56) as u8;
    let left_line = ((mover & down_left).wrapping_mul(COL_A) >> 56) as u8;
    u32::from(COUNT[col][usize::from(row_line)])
        + u32::from(COUNT[row][usize::from(column_line)])
        + u32::from(COUNT[col][usize::from(right_line)])
        + u32::from(COUNT[col][usize::from(left_line)])
}

#[cfg(test)]
mod tests {
    use super::super::super::bits;
    use super::*;

    #[test]
    fn the_count_is_that_of_the_flips_on_full_boards() {
        // Boards with one empty square, the others filled at random.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let square = (seed >> 58) as u32;
            let own = seed.rotate_left(17) & !(1 << square);
            let opp = !own & !(1 << square);
            assert_eq!(count(own, square), bits::flips(own, opp, square).count_ones());
            assert_eq!(count(opp, square), bits::flips(opp, own, square).count_ones());
        }
    }
}
