//! Stable discs: discs that no sequence of moves can flip any more. The count is a lower
//! bound (some stable discs are missed, none is counted wrongly), which is what both the
//! evaluation (stable discs are won for good) and the endgame solver's cut-offs (the
//! opponent's stable discs bound the best final score) need.
//!
//! A disc cannot be flipped along a line (a row, a column or a diagonal) when that line
//! is full, or when on one side of it along the line there is the board's edge or a
//! stable disc of the same colour. A disc safe along all four lines is stable. Starting
//! from no stable disc, the rule is applied until nothing changes: corners come first
//! (the edge is on every side), then the discs they anchor.

/// Column `a`.
const COL_A: u64 = 0x0101_0101_0101_0101;
/// Column `h`.
const COL_H: u64 = 0x8080_8080_8080_8080;
/// Row 1.
const ROW_1: u64 = 0xff;
/// Row 8.
const ROW_8: u64 = 0xff << 56;
/// The diagonals running down-right (a1 to h8 and its parallels), then those running
/// down-left (h1 to a8 and its parallels), as masks.
static DIAGONALS: [u64; 30] = diagonals();

const fn diagonals() -> [u64; 30] {
    let mut masks = [0u64; 30];
    let mut square = 0;
    while square < 64 {
        let (row, col) = (square / 8, square % 8);
        // Down-right diagonals are those of equal `col - row`, down-left of equal `col + row`.
        masks[(col + 7 - row) as usize] |= 1 << square;
        masks[15 + (col + row) as usize] |= 1 << square;
        square += 1;
    }
    masks
}

/// The full lines through each square, one mask per direction: horizontal, vertical,
/// down-right and down-left. A square is set in a mask when its line in that direction
/// holds no empty square.
fn full_lines(filled: u64) -> [u64; 4] {
    let mut row = filled;
    row &= row >> 1;
    row &= row >> 2;
    row &= row >> 4;
    let rows = (row & COL_A).wrapping_mul(0xff);
    let mut columns = filled;
    columns &= columns.rotate_right(8);
    columns &= columns.rotate_right(16);
    columns &= columns.rotate_right(32);
    let (mut down_right, mut down_left) = (0, 0);
    for (index, &mask) in DIAGONALS.iter().enumerate() {
        if filled & mask == mask {
            if index < 15 {
                down_right |= mask;
            } else {
                down_left |= mask;
            }
        }
    }
    [rows, columns, down_right, down_left]
}

/// The stable discs of `own` on a board where `filled` is every disc of either colour:
/// a subset of `own` that no sequence of moves can flip.
pub fn stable(own: u64, filled: u64) -> u64 {
    let [rows, columns, down_right, down_left] = full_lines(filled);
    // Discs on a full line in every direction are stable whatever their neighbours.
    let mut stable = 0u64;
    loop {
        // A neighbour off the board counts as stable: the edge columns and rows.
        let west = ((stable << 1) & !COL_A) | COL_A;
        let east = ((stable >> 1) & !COL_H) | COL_H;
        let north = (stable << 8) | ROW_1;
        let south = (stable >> 8) | ROW_8;
        let north_west = ((stable << 9) & !COL_A) | COL_A | ROW_1;
        let south_east = ((stable >> 9) & !COL_H) | COL_H | ROW_8;
        let north_east = ((stable << 7) & !COL_H) | COL_H | ROW_1;
        let south_west = ((stable >> 7) & !COL_A) | COL_A | ROW_8;
        let grown = own
            & (rows | west | east)
            & (columns | north | south)
            & (down_right | north_west | south_east)
            & (down_left | north_east | south_west);
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> u64 {
        let bytes = name.as_bytes();
        1 << ((bytes[1] - b'1') as u32 * 8 + (bytes[0] - b'a') as u32)
    }

    fn set(names: &[&str]) -> u64 {
        names.iter().map(|n| at(n)).fold(0, |a, b| a | b)
    }

    #[test]
    fn the_diagonals_cover_the_board_twice() {
        assert_eq!(DIAGONALS[..15].iter().fold(0, |a, m| a | m), u64::MAX);
        assert_eq!(DIAGONALS[15..].iter().fold(0, |a, m| a | m), u64::MAX);
        assert_eq!(DIAGONALS[..15].iter().map(|m| m.count_ones()).sum::<u32>(), 64);
        assert!(DIAGONALS.contains(&set(&["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"])));
        assert!(DIAGONALS.contains(&set(&["h1", "g2", "f3", "e4", "d5", "c6", "b7", "a8"])));
    }

    #[test]
    fn a_corner_anchors_its_neighbours_and_nothing_else_is_stable() {
        let own = set(&["a1", "b1", "c1", "a2", "b2", "e1"]);
        let opp = set(&["d1", "d4"]);
        // b2 is held along every line by a1, b1, c1 or a2; e1 can still be flipped
        // across d1 (from f1), and d1 and d4 by many lines.
        assert_eq!(stable(own, own | opp), set(&["a1", "b1", "c1", "a2", "b2"]));
        assert_eq!(stable(opp, own | opp), 0);
        // Without a1, nothing is anchored.
        assert_eq!(stable(own & !at("a1"), own | opp), 0);
    }

    #[test]
    fn a_full_board_is_stable() {
        let own = 0x00ff_00ff_00ff_00ff;
        assert_eq!(stable(own, u64::MAX), own);
        assert_eq!(stable(!own, u64::MAX), !own);
    }

    #[test]
    fn a_disc_between_full_lines_is_stable_away_from_the_edge() {
        // d4 on a full row, full column and both full diagonals, every other square empty.
        let row = 0xff << 24;
        let column = COL_A << 3;
        let diagonals = DIAGONALS.iter().filter(|&&m| m & at("d4") != 0).fold(0, |a, m| a | m);
        let filled = row | column | diagonals;
        assert_eq!(stable(at("d4"), filled) & at("d4"), at("d4"));
        assert_eq!(stable(at("d4"), at("d4") | row | column), 0, "its diagonals are open");
    }
}
