//! Pawn structure: doubled, isolated and passed pawns. A passed pawn is worth more the
//! further it has come, less when something stands in its way, and, in the endgame, more
//! with the enemy king far from the square in front of it and ours close.

use super::super::super::board::{Bitboard, Color, Role, Square};
use super::super::super::position::Position;
use super::{Pair, Weights};

/// The squares in front of a pawn of each colour on each square, on its file and both
/// neighbouring files: where an enemy pawn stops it from being passed.
static PASSED_SPAN: [[u64; 64]; 2] = passed_spans();

const fn passed_spans() -> [[u64; 64]; 2] {
    let mut spans = [[0u64; 64]; 2];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        let mut files = 0x0101_0101_0101_0101u64 << file;
        if file > 0 {
            files |= 0x0101_0101_0101_0101u64 << (file - 1);
        }
        if file < 7 {
            files |= 0x0101_0101_0101_0101u64 << (file + 1);
        }
        // Ranks strictly above (White) or below (Black) the pawn's.
        let above = if rank == 7 { 0 } else { !0u64 << ((rank + 1) * 8) };
        let below = (1u64 << (rank * 8)) - 1;
        spans[0][square] = files & above;
        spans[1][square] = files & below;
        square += 1;
    }
    spans
}

/// The neighbouring files of `file`.
fn neighbour_files(file: u8) -> Bitboard {
    let file = Bitboard::file(file);
    file.west() | file.east()
}

/// True when a `color` pawn on `square` has no enemy pawn in front of it on its own or a
/// neighbouring file.
pub fn is_passed(position: &Position, color: Color, square: Square) -> bool {
    let theirs = position.board().pieces(color.other(), Role::Pawn);
    (Bitboard(PASSED_SPAN[color.index()][square.index()]) & theirs).is_empty()
}

/// The pawn structure of `color`'s pawns.
pub fn structure(weights: &Weights, position: &Position, color: Color) -> Pair {
    let ours = position.board().pieces(color, Role::Pawn);
    let mut total = Pair::ZERO;
    for file in 0..8 {
        let on_file = (ours & Bitboard::file(file)).count() as i32;
        if on_file > 1 {
            total += weights.doubled * (on_file - 1);
        }
        if on_file > 0 && (ours & neighbour_files(file)).is_empty() {
            total += weights.isolated * on_file;
        }
    }
    for square in ours {
        if is_passed(position, color, square) {
            let rank = match color {
                Color::White => square.rank(),
                Color::Black => 7 - square.rank(),
            };
            // A pawn stands between its side's first rank and last: `front` is on the board.
            let rank = usize::from(rank);
            let front = match color {
                Color::White => square.offset(8),
                Color::Black => square.offset(-8),
            };
            let bonus = weights.passed[rank];
            // Something in the way: it has to go before the pawn can.
            total += if position.board().occupied().has(front) { Pair::new(bonus.mg / 2, bonus.eg / 2) } else { bonus };
            let (far, near) = (weights.passed_enemy_king[rank], weights.passed_own_king[rank]);
            let distance =
                |king: Square| i32::from(king.file().abs_diff(front.file()).max(king.rank().abs_diff(front.rank())));
            let kings = far * distance(position.king(color.other())) - near * distance(position.king(color));
            total += Pair::new(0, kings);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    fn structure_of(text: &str, color: Color) -> Pair {
        structure(&super::super::values::WEIGHTS, &fen::parse(text, false).unwrap(), color)
    }

    #[test]
    fn passed_pawns_are_those_no_enemy_pawn_can_stop() {
        let position = fen::parse("4k3/8/3p4/8/1P2P3/8/6P1/4K3 w - - 0 1", false).unwrap();
        let sq = |name| Square::parse(name).unwrap();
        assert!(is_passed(&position, Color::White, sq("b4")));
        assert!(!is_passed(&position, Color::White, sq("e4")), "d6 guards e5");
        assert!(is_passed(&position, Color::White, sq("g2")));
        assert!(!is_passed(&position, Color::Black, sq("d6")), "e4 stands in front on a neighbouring file");
    }

    #[test]
    fn doubled_and_isolated_pawns_cost_and_passed_ones_gain() {
        let healthy = structure_of("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", Color::White);
        let doubled = structure_of("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1", Color::White);
        assert!(doubled.mg < healthy.mg && doubled.eg < healthy.eg);
        let far = structure_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", Color::White);
        let near = structure_of("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", Color::White);
        assert!(far.eg > near.eg, "a passed pawn gains as it advances");
        // The same structure from Black's side scores the same.
        assert_eq!(structure_of("4k3/3p4/3p4/8/8/8/8/4K3 w - - 0 1", Color::Black), doubled);
    }
}
