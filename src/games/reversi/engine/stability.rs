//! Stable discs: discs that no sequence of moves can flip any more. The count is a lower
//! bound (some stable discs are missed, none is counted wrongly), which is what both the
//! evaluation (stable discs are won for good) and the endgame solver's cut-offs (the
//! opponent's stable discs bound the best final score) need.
//!
//! A disc on an edge can only be flipped along that edge (every other line through it
//! ends there), so the edges are settled exactly, from a table of every edge's stable
//! discs. An inner disc cannot be flipped along a line (a row, a column or a diagonal)
//! when that line is full, or when one of its two neighbours on the line is a stable
//! disc of the same colour; a disc safe along all four lines is stable. Starting from
//! the stable edge discs and the inner discs whose four lines are full, the rule is
//! applied until nothing changes.

use std::sync::OnceLock;

/// Column `a`.
const COL_A: u64 = 0x0101_0101_0101_0101;
/// Every square off the edges.
const INNER: u64 = 0x007e_7e7e_7e7e_7e00;

/// The full lines through each square, one mask per direction: horizontal, vertical,
/// and the two diagonals (along steps of 7 and of 9). A square is set in a mask when its
/// line in that direction holds no empty square.
#[inline(always)]
fn full_lines(filled: u64) -> [u64; 4] {
    let mut h = filled;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & COL_A).wrapping_mul(0xff);
    let mut v = filled;
    v &= v.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);
    // Each diagonal is folded onto its ends from both sides: the masks let through the
    // squares a shift would bring in from past the line's end, so that a line shorter
    // than the shift is not cut by squares of other lines.
    let (mut l7, mut r7) = (filled, filled);
    l7 &= 0xff01_0101_0101_0101 | (l7 >> 7);
    r7 &= 0x8080_8080_8080_80ff | (r7 << 7);
    l7 &= 0xffff_0303_0303_0303 | (l7 >> 14);
    r7 &= 0xc0c0_c0c0_c0c0_ffff | (r7 << 14);
    l7 &= 0xffff_ffff_0f0f_0f0f | (l7 >> 28);
    r7 &= 0xf0f0_f0f0_ffff_ffff | (r7 << 28);
    let d7 = l7 & r7;
    let (mut l9, mut r9) = (filled, filled);
    l9 &= 0xff80_8080_8080_8080 | (l9 >> 9);
    r9 &= 0x0101_0101_0101_01ff | (r9 << 9);
    l9 &= 0xffff_c0c0_c0c0_c0c0 | (l9 >> 18);
    r9 &= 0x0303_0303_0303_ffff | (r9 << 18);
    let d9 = l9 & r9 & (0x0f0f_0f0f_f0f0_f0f0 | (l9 >> 36) | (r9 << 36));
    [h, v, d7, d9]
}

/// The stable discs of every edge: `[own * 256 + opp]` (each an 8-bit line, `own &
/// opp == 0`) is the subset of `own` that no sequence of moves on that line can flip.
static EDGES: OnceLock<Vec<u8>> = OnceLock::new();

/// The edge table, made on first use: a line's stable discs are those of its own discs
/// that stay its own in the line itself and in every line reached by filling one empty
/// square with either colour (flipping what that move flanks along the line). Lines
/// are settled from the fullest down, so that every successor is known first.
fn edges() -> &'static [u8] {
    EDGES.get_or_init(|| {
        let mut table = vec![0u8; 1 << 16];
        let mut lines: Vec<(u8, u8)> = (0..=255u8)
            .flat_map(|own| (0..=255u8).filter(move |opp| own & opp == 0).map(move |opp| (own, opp)))
            .collect();
        lines.sort_by_key(|&(own, opp)| std::cmp::Reverse((own | opp).count_ones()));
        for (own, opp) in lines {
            let empty = !(own | opp);
            let mut stable = own;
            for square in (0..8).filter(|&square| empty & (1 << square) != 0) {
                let flipped = line_flips(own, opp, square);
                stable &= table[usize::from(own | flipped | (1 << square)) * 256 + usize::from(opp & !flipped)];
                let flipped = line_flips(opp, own, square);
                stable &= table[usize::from(own & !flipped) * 256 + usize::from(opp | flipped | (1 << square))];
            }
            table[usize::from(own) * 256 + usize::from(opp)] = stable;
        }
        table
    })
}

/// The discs of `other` that `mover` flips along an 8-square line by filling the empty
/// `square` (0 to 7).
fn line_flips(mover: u8, other: u8, square: u32) -> u8 {
    let mut flipped = 0;
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut at = square as i32 + step;
        while (0..8).contains(&at) && other & (1 << at) != 0 {
            run |= 1 << at;
            at += step;
        }
        if (0..8).contains(&at) && mover & (1 << at) != 0 {
            flipped |= run;
        }
    }
    flipped
}

/// Gathers the bits of column `a` (shifted left by `shift` to column `a`) into a byte,
/// row 1 lowest.
#[inline(always)]
fn column_to_line(set: u64, shift: u32) -> usize {
    ((((set >> shift) & COL_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as usize
}

/// Spreads the middle six bits of a byte (those of rows 2 to 7) back onto column `a`,
/// shifted left by `shift`: the corners come from the rows' table entries.
#[inline(always)]
fn line_to_column(line: u8, shift: u32) -> u64 {
    ((u64::from(line & 0x7e).wrapping_mul(0x0000_0408_1020_4080)) & 0x0001_0101_0101_0100) << shift
}

/// The stable discs of `own` on the four edges, exactly (as far as the edge alone goes).
#[inline(always)]
fn stable_edges(own: u64, opp: u64) -> u64 {
    let table = edges();
    let at = |own: usize, opp: usize| table[own * 256 + opp];
    let top = at((own & 0xff) as usize, (opp & 0xff) as usize);
    let bottom = at((own >> 56) as usize, (opp >> 56) as usize);
    let left = at(column_to_line(own, 0), column_to_line(opp, 0));
    let right = at(column_to_line(own, 7), column_to_line(opp, 7));
    u64::from(top) | u64::from(bottom) << 56 | line_to_column(left, 0) | line_to_column(right, 7)
}

/// The stable discs of `own` on a board where `filled` is every disc of either colour:
/// a subset of `own` that no sequence of moves can flip.
pub fn stable(own: u64, filled: u64) -> u64 {
    let opp = filled & !own;
    let [h, v, d7, d9] = full_lines(filled);
    let inner = own & INNER;
    let mut stable = stable_edges(own, opp) | (inner & h & v & d7 & d9);
    loop {
        // Inner discs only: their neighbours in every direction are on the board.
        let grown = stable
            | (inner
                & ((stable >> 1) | (stable << 1) | h)
                & ((stable >> 8) | (stable << 8) | v)
                & ((stable >> 7) | (stable << 7) | d7)
                & ((stable >> 9) | (stable << 9) | d9));
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

    /// The squares of the diagonals through `square`, by coordinates.
    fn diagonals_through(square: u64) -> u64 {
        let s = square.trailing_zeros() as i32;
        (0..64)
            .filter(|&o: &i32| (o % 8 - o / 8 == s % 8 - s / 8) || (o % 8 + o / 8 == s % 8 + s / 8))
            .fold(0, |a, o| a | 1 << o)
    }

    #[test]
    fn full_lines_are_found_in_every_direction() {
        // Every diagonal full but the one through d4 and a1, every row but row 4, every
        // column but column a.
        let filled = !(at("a1") | at("a4"));
        let [rows, columns, down_left, down_right] = full_lines(filled);
        assert_eq!(rows & at("b4"), 0);
        assert_eq!(rows & at("b1"), 0);
        assert_ne!(rows & at("b2"), 0);
        assert_eq!(columns & at("a8"), 0);
        assert_ne!(columns & at("b1"), 0);
        // The a1-h8 diagonal and the a4-d1 one are open; h1-a8 is full.
        assert_eq!(down_right & at("h8"), 0);
        assert_ne!(down_right & at("b1"), 0);
        assert_eq!(down_left & at("d1"), 0);
        assert_ne!(down_left & at("h1"), 0);
        assert_ne!(down_left & at("e1"), 0);
        // Short diagonals, at the corners, are not cut by their neighbours.
        assert_ne!(down_left & at("h8"), 0);
        assert_ne!(down_right & at("h1"), 0);
        assert_ne!(down_right & at("a8"), 0);
    }

    #[test]
    fn an_edge_is_settled_exactly() {
        // a1 b1 own, c1 opp, d1 to h1 empty: the corner and b1 are stable.
        assert_eq!(stable(set(&["a1", "b1"]), set(&["a1", "b1", "c1"])), set(&["a1", "b1"]));
        // A full edge is stable whatever its colours; so is a1-a8 on column a.
        let row = set(&["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
        assert_eq!(stable(set(&["b1", "e1"]), row), set(&["b1", "e1"]));
        let column = set(&["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]);
        assert_eq!(stable(set(&["a3", "a6"]), column), set(&["a3", "a6"]));
        // b1 c1 own between a1 opp and an empty d1: the opponent takes them back from d1.
        assert_eq!(stable(set(&["b1", "c1"]), set(&["a1", "b1", "c1"])), 0);
        // h2 to h7 own, h1 and h8 empty: none stable; with h8 own, all.
        let h2_h7 = set(&["h2", "h3", "h4", "h5", "h6", "h7"]);
        assert_eq!(stable(h2_h7, h2_h7), 0);
        assert_eq!(stable(h2_h7 | at("h8"), h2_h7 | at("h8")), h2_h7 | at("h8"));
    }

    #[test]
    fn stable_discs_keep_their_colour_to_the_end_of_random_games() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            // A random game, each position with the stable discs of the side to move and
            // whether that side is the first player.
            let (mut first, mut second) = (at("d5") | at("e4"), at("d4") | at("e5"));
            let mut first_to_move = true;
            let mut seen = Vec::new();
            loop {
                let (own, opp) = if first_to_move { (first, second) } else { (second, first) };
                seen.push((stable(own, own | opp), first_to_move));
                let moves = crate::games::reversi::bits::moves(own, opp, !(own | opp));
                if moves == 0 {
                    if crate::games::reversi::bits::moves(opp, own, !(own | opp)) == 0 {
                        break;
                    }
                    first_to_move = !first_to_move;
                    continue;
                }
                let mut pick = moves;
                for _ in 0..random() % u64::from(moves.count_ones()) {
                    pick &= pick - 1;
                }
                let square = pick.trailing_zeros();
                let flipped = crate::games::reversi::bits::flips(own, opp, square);
                let (own, opp) = (own | flipped | 1 << square, opp & !flipped);
                (first, second) = if first_to_move { (own, opp) } else { (opp, own) };
                first_to_move = !first_to_move;
            }
            for (discs, of_first) in seen {
                let end = if of_first { first } else { second };
                assert_eq!(discs & end, discs, "a stable disc was flipped");
            }
        }
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
        let diagonals = diagonals_through(at("d4"));
        let filled = row | column | diagonals;
        assert_eq!(stable(at("d4"), filled) & at("d4"), at("d4"));
        assert_eq!(stable(at("d4"), at("d4") | row | column), 0, "its diagonals are open");
    }
}
