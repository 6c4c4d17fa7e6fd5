//! Pawn structure: doubled, isolated, backward, connected and passed pawns. A connected
//! pawn (defended by a pawn, or beside one) is worth more the further it has come. A
//! passed pawn too, less when something stands in its way, and, in the endgame, more with
//! the enemy king far from the square in front of it and ours close.

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

/// The ranks behind `rank` and `rank` itself, from `color`'s side (a pawn's rank: never
/// the first or the last).
fn level_or_behind(color: Color, rank: u8) -> Bitboard {
    let below = |rank: u8| (1u64 << (u32::from(rank) * 8)) - 1;
    match color {
        Color::White => Bitboard(below(rank + 1)),
        Color::Black => Bitboard(!below(rank)),
    }
}

/// The pawn structure of `color`'s pawns.
pub fn structure(weights: &Weights, position: &Position, color: Color) -> Pair {
    let ours = position.board().pieces(color, Role::Pawn);
    let theirs = position.board().pieces(color.other(), Role::Pawn);
    let defended = super::pieces::pawn_attacks(ours, color);
    let their_attacks = super::pieces::pawn_attacks(theirs, color.other());
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
        let relative = color.relative_rank(square.rank());
        let beside = square.bb().west() | square.bb().east();
        let neighbours = ours & neighbour_files(square.file());
        if defended.has(square) || (ours & beside).any() {
            total += weights.connected[usize::from(relative)];
        } else if neighbours.any() && (neighbours & level_or_behind(color, square.rank())).is_empty() {
            let stop = square.bb().forward(color);
            if (stop & (their_attacks | theirs)).any() {
                total += weights.backward;
            }
        }
        if is_passed(position, color, square) {
            // A pawn stands between its side's first rank and last: `front` is on the board.
            let rank = usize::from(relative);
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
        // With the placement tables, which reward every pawn's advance: this term alone
        // weighs the kings' distances too, which here favour the pawn further back.
        let evaluate = |text: &str| super::super::evaluate(&fen::parse(text, false).unwrap());
        let far = evaluate("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        let near = evaluate("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
        assert!(far > near, "a passed pawn gains as it advances: {far} against {near}");
        // The same structure from Black's side scores the same.
        assert_eq!(structure_of("4k3/3p4/3p4/8/8/8/8/4K3 w - - 0 1", Color::Black), doubled);
    }

    #[test]
    fn pawns_defended_or_side_by_side_are_connected_and_those_left_behind_are_backward() {
        let base = super::super::values::WEIGHTS;
        let mut weights = base.with(&vec![0; base.to_vec().len()]);
        weights.backward = Pair::new(-7, -9);
        weights.connected[3] = Pair::new(11, 13);
        let white = |text: &str| structure(&weights, &fen::parse(text, false).unwrap(), Color::White);
        // c3 defends d4; nothing threatens c3's way forward.
        assert_eq!(white("4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1"), weights.connected[3]);
        assert_eq!(white("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1"), weights.connected[3] * 2, "side by side");
        // d3 has no pawn beside or behind it, and c5 takes it if it moves: backward.
        assert_eq!(white("4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1"), weights.connected[3] + weights.backward);
        assert_eq!(white("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1"), weights.connected[3], "nothing stops d3");
        let black =
            structure(&weights, &fen::parse("4k3/8/3p4/4p3/2P5/8/8/4K3 w - - 0 1", false).unwrap(), Color::Black);
        assert_eq!(black, weights.connected[3] + weights.backward, "Black's mirror White's");
    }
}
