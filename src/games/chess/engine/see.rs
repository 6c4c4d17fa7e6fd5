//! Static exchange evaluation: what a capture wins or loses once every piece that can
//! join the exchange on its square has, the least valuable first, each side free to
//! stop when going on would cost it.
//!
//! Pins and checks are ignored (a pinned piece is counted as free to capture) and a
//! promotion on the square counts as the pawn it was, the usual simplifications: it is
//! an estimate for ordering moves and pruning captures, never a rule.

use super::super::attacks;
use super::super::board::{Bitboard, Color, Role, Square};
use super::super::position::{Move, Position};

/// What each role is worth to an exchange (pawn to king); the king's value makes
/// capturing into a defended square with it lose everything.
pub const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// The role of the piece `mv` captures (a pawn for en passant), if any.
pub fn victim(position: &Position, mv: Move) -> Option<Role> {
    if position.is_en_passant(mv) {
        return Some(Role::Pawn);
    }
    let board = position.board();
    board.color(position.turn().other()).has(mv.to).then(|| board.role_at(mv.to)).flatten()
}

/// The material the side to move wins (negative: loses) by the exchange `mv` starts on
/// its destination square, in [`VALUE`]s. Not for castling.
pub fn exchange(position: &Position, mv: Move) -> i32 {
    let board = position.board();
    let target = mv.to;
    let mut occupied = board.occupied() ^ mv.from.bb();
    if position.is_en_passant(mv) {
        let taken = Square::from_coords(target.file(), mv.from.rank());
        occupied ^= taken.bb();
    }
    let mut gains = [0i32; 32];
    gains[0] = victim(position, mv).map_or(0, |role| VALUE[role.index()]);
    // The piece standing on the square, about to be taken next.
    let mut on_square = VALUE[mv.promotion.map_or(mv.role, |_| Role::Pawn).index()];
    let mut side = position.turn().other();
    let mut depth = 0;
    let diagonal = board.role(Role::Bishop) | board.role(Role::Queen);
    let straight = board.role(Role::Rook) | board.role(Role::Queen);
    loop {
        let attackers = attackers_of(position, target, occupied, diagonal, straight) & board.color(side) & occupied;
        let Some((square, role)) = least_valuable(position, attackers) else { break };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        // Neither side gains by going on: stop early (the result cannot change).
        if gains[depth].max(-gains[depth - 1]) < 0 || depth == gains.len() - 1 {
            break;
        }
        on_square = VALUE[role.index()];
        occupied ^= square.bb();
        side = side.other();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Every piece of either side attacking `target` through `occupied`.
fn attackers_of(
    position: &Position,
    target: Square,
    occupied: Bitboard,
    diagonal: Bitboard,
    straight: Bitboard,
) -> Bitboard {
    let board = position.board();
    (attacks::knight(target) & board.role(Role::Knight))
        | (attacks::king(target) & board.role(Role::King))
        | (attacks::pawn(Color::White, target) & board.pieces(Color::Black, Role::Pawn))
        | (attacks::pawn(Color::Black, target) & board.pieces(Color::White, Role::Pawn))
        | (attacks::bishop(target, occupied) & diagonal)
        | (attacks::rook(target, occupied) & straight)
}

/// The least valuable of `attackers` and its role.
fn least_valuable(position: &Position, attackers: Bitboard) -> Option<(Square, Role)> {
    let board = position.board();
    Role::ALL.into_iter().find_map(|role| {
        let of_role = attackers & board.role(role);
        of_role.any().then(|| (of_role.lsb(), role))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::{fen, uci};

    fn see(text: &str, uci_move: &str) -> i32 {
        let position = fen::parse(text, false).unwrap();
        exchange(&position, uci::parse(&position, uci_move, false).unwrap())
    }

    #[test]
    fn exchanges_count_every_defender_and_attacker() {
        // An undefended pawn.
        assert_eq!(see("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
        // A pawn defended by a pawn: the rook is lost for it.
        assert_eq!(see("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100 - 500);
        // A knight defended by a pawn, taken by a pawn: knight for pawn.
        assert_eq!(see("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 320 - 100);
        // The rook behind the rook (an x-ray) joins: rook for rook, then nothing.
        assert_eq!(see("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 500);
        // Two rooks against two behind a pawn: the pawn costs a rook.
        assert_eq!(see("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100 - 500);
    }

    #[test]
    fn en_passant_and_victims_are_recognised() {
        let text = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(see(text, "e5d6"), 100);
        let position = fen::parse(text, false).unwrap();
        let mv = uci::parse(&position, "e5d6", false).unwrap();
        assert_eq!(victim(&position, mv), Some(Role::Pawn));
        let quiet = uci::parse(&position, "e1e2", false).unwrap();
        assert_eq!(victim(&position, quiet), None);
    }
}
