//! The draw rules that depend on the position alone: dead positions by material, and the
//! key under which positions count as repeated.

use super::board::{Bitboard, Role};
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

    #[test]
    fn mating_material_is_not_dead() {
        assert!(!dead("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"));
        assert!(!dead("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    }
}
