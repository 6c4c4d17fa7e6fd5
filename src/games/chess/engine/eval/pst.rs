//! Material and piece-square values: what a piece is worth on each square, in the
//! middlegame and in the endgame, from the weights' piece values and their tables (one
//! per role and phase, written as White sees the board). Black's tables are White's
//! mirrored top to bottom.

use super::super::super::board::{Color, Role, Square};
use super::{Pair, Weights};

/// Value plus placement bonus of every piece on every square: `[color][role][square]`,
/// squares numbered from a1.
pub type PieceSquares = [[[Pair; 64]; 6]; 2];

/// The table of `weights`' values and placement bonuses.
pub const fn piece_squares(weights: &Weights) -> PieceSquares {
    let mut table = [[[Pair::new(0, 0); 64]; 6]; 2];
    let mut role = 0;
    while role < 6 {
        let mut square = 0;
        while square < 64 {
            // The tables list rank 8 first: White's square a1 (0) is row 7, column 0,
            // which is index 56; flipping the rank bits maps one onto the other. Black's
            // square seen from Black's side is the same flip twice: the index itself.
            let white = square ^ 56;
            let value = weights.values[role];
            let (middlegame, endgame) = (&weights.middlegame[role], &weights.endgame[role]);
            table[0][role][square] = Pair::new(value.mg + middlegame[white], value.eg + endgame[white]);
            table[1][role][square] = Pair::new(value.mg + middlegame[square], value.eg + endgame[square]);
            square += 1;
        }
        role += 1;
    }
    table
}

/// What a `color` `role` on `square` is worth in `table`, placement included.
#[inline]
pub fn piece_square(table: &PieceSquares, color: Color, role: Role, square: Square) -> Pair {
    table[color.index()][role.index()][square.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: PieceSquares = piece_squares(&super::super::values::WEIGHTS);

    fn at(color: Color, role: Role, name: &str) -> Pair {
        piece_square(&TABLE, color, role, Square::parse(name).unwrap())
    }

    #[test]
    fn black_mirrors_white_and_pieces_prefer_the_centre() {
        for role in Role::ALL {
            for square in (0..64).map(Square::new) {
                let mirrored = Square::new(square.index() as u8 ^ 56);
                assert_eq!(
                    piece_square(&TABLE, Color::White, role, square),
                    piece_square(&TABLE, Color::Black, role, mirrored)
                );
            }
        }
        assert!(at(Color::White, Role::Knight, "e4").mg > at(Color::White, Role::Knight, "a1").mg);
        assert!(at(Color::White, Role::Pawn, "e7").eg > at(Color::White, Role::Pawn, "e2").eg, "advanced pawns");
        assert!(at(Color::White, Role::King, "g1").mg > at(Color::White, Role::King, "e4").mg, "a sheltered king");
        assert!(at(Color::White, Role::King, "e4").eg > at(Color::White, Role::King, "a1").eg, "an active king");
        // d1 is the table's last row, fourth column, as White sees the board.
        let (weights, queen, d1) = (&super::super::values::WEIGHTS, Role::Queen.index(), 7 * 8 + 3);
        let d1_for_white = weights.values[queen] + Pair::new(weights.middlegame[queen][d1], weights.endgame[queen][d1]);
        assert_eq!(at(Color::Black, Role::Queen, "d8"), d1_for_white, "d8 is d1 from Black's side");
    }
}
