//! The draw rules that depend on the position alone: dead positions by material, and the
//! key under which positions count as repeated.

use super::board::{Bitboard, Color, Role};
use super::movegen::MoveList;
use super::position::Position;

const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

/// True when neither side can ever checkmate, whatever is played: bare kings, a single
/// minor piece, or bishops only, all on squares of one colour. (Other dead positions,
/// such as locked pawn chains, are not recognised.)
pub fn insufficient_material(position: &Position) -> bool {
    let b = position.board();
    if (b.role(Role::Pawn) | b.role(Role::Rook) | b.role(Role::Queen)).any() {
        return false;
    }
    let knights = b.role(Role::Knight);
    let bishops = b.role(Role::Bishop);
    if (knights | bishops).count() <= 1 {
        return true;
    }
    knights.is_empty() && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty())
}

/// Whether `color` could still checkmate by some series of legal moves, however unlikely
/// (the opponent helping): what decides whether a player whose opponent runs out of time
/// wins or only draws (FIDE Laws, 6.9). Judged by material, as servers do:
/// - a pawn, a rook or a queen can always mate;
/// - a bare king never can;
/// - two minor pieces can, unless they are bishops on squares of one colour;
/// - a single knight can when the opponent has any piece besides its king (to block its
///   own king in);
/// - bishops on one colour can when the opponent has something besides bishops on that
///   same colour (a piece that can stand on the other colour and block).
///
/// Positions where the structure alone forbids mate (locked pawns) are not recognised.
pub fn could_checkmate(position: &Position, color: Color) -> bool {
    let b = position.board();
    let ours = b.color(color);
    let theirs = b.color(color.other()) & !b.role(Role::King);
    if ((b.role(Role::Pawn) | b.role(Role::Rook) | b.role(Role::Queen)) & ours).any() {
        return true;
    }
    let knights = b.role(Role::Knight) & ours;
    let bishops = b.role(Role::Bishop) & ours;
    match (knights.count(), bishops.count()) {
        (0, 0) => false,
        (1, 0) => theirs.any(),
        (0, _) => {
            let light = (bishops & LIGHT_SQUARES).any();
            let dark = (bishops & !LIGHT_SQUARES).any();
            let same_colour = if light { LIGHT_SQUARES } else { !LIGHT_SQUARES };
            (light && dark) || (theirs & !(b.role(Role::Bishop) & same_colour)).any()
        }
        _ => true,
    }
}

/// The key of `position` for repetitions, given its legal moves: its hash, with the
/// en-passant square left out unless some legal move captures there (positions are the
/// same when the same moves are possible in them).
pub fn repetition_key(position: &Position, legal: &MoveList) -> u64 {
    let usable = position.en_passant().is_some() && legal.iter().any(|&mv| position.is_en_passant(mv));
    if usable { position.hash() } else { position.hash_without_en_passant() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    fn dead(text: &str) -> bool {
        insufficient_material(&fen::parse(text, false).unwrap())
    }

    #[test]
    fn bare_kings_and_single_minor_pieces_are_dead() {
        assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"));
        assert!(dead("4kb2/8/8/8/8/8/8/4K3 w - - 0 1"));
    }

    #[test]
    fn bishops_all_on_one_colour_are_dead_but_not_on_both() {
        // c1 and f8 are both dark squares.
        assert!(dead("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        // c1 dark, c8 light.
        assert!(!dead("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    }

    fn could_mate(text: &str, color: Color) -> bool {
        could_checkmate(&fen::parse(text, false).unwrap(), color)
    }

    #[test]
    fn who_could_still_checkmate_decides_a_win_on_time() {
        // A bare king, or a king and a knight against a bare king: never.
        assert!(!could_mate("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::White));
        assert!(!could_mate("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", Color::White));
        // Black's queen could block its own king in: a lone knight could mate it.
        assert!(could_mate("3qk3/8/8/8/8/8/8/4KN2 w - - 0 1", Color::White));
        // Bishops on dark squares (c1, f8) against a bishop on a dark square: never; against a
        // light-squared bishop or a knight: possible.
        assert!(!could_mate("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
        assert!(could_mate("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
        assert!(could_mate("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White));
        // A pawn, two knights, a rook: always.
        assert!(could_mate("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Color::White));
        assert!(could_mate("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", Color::White));
        assert!(could_mate("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White));
    }

    #[test]
    fn mating_material_is_not_dead() {
        assert!(!dead("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"));
        assert!(!dead("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    }
}
