//! The pieces' activity and the kings' safety: mobility, rooks on open files, the bishop
//! pair, the pawn shield before a castled king and the pressure on the squares around it;
//! and threats: enemy pieces attacked by pawns or by lesser pieces, or left undefended.

use super::super::super::attacks;
use super::super::super::board::{Bitboard, Color, Role, Square};
use super::super::super::position::Position;
use super::{Pair, Weights};

/// The number of squares a knight, bishop, rook or queen typically reaches: mobility
/// counts the squares beyond it.
const TYPICAL_REACH: [i32; 4] = [4, 6, 6, 12];
/// The most the pressure on a king may cost, in middlegame centipawns.
const MAX_KING_DANGER: i32 = 500;

/// The squares one side attacks, by the kind of attacker.
#[derive(Clone, Copy, Debug, Default)]
pub struct Attacks {
    pub pawns: Bitboard,
    pub minors: Bitboard,
    pub rooks: Bitboard,
    /// Every square attacked, the king's included.
    pub all: Bitboard,
}

/// The squares `color`'s pawns attack.
pub fn pawn_attacks(board_pawns: Bitboard, color: Color) -> Bitboard {
    let forward = board_pawns.forward(color);
    forward.west() | forward.east()
}

/// Mobility, rook files, bishop pair and the pressure `color`'s pieces put on the enemy
/// king (counted here, for the side that attacks), and the squares they attack.
pub fn activity(weights: &Weights, position: &Position, color: Color) -> (Pair, Attacks) {
    let board = position.board();
    let them = color.other();
    let occupied = board.occupied();
    let our_pawns = board.pieces(color, Role::Pawn);
    let their_pawns = board.pieces(them, Role::Pawn);
    let area = !board.color(color) & !pawn_attacks(their_pawns, them);
    let enemy_king = position.king(them);
    let zone = attacks::king(enemy_king) | enemy_king.bb();

    let mut total = Pair::ZERO;
    let pawns = pawn_attacks(our_pawns, color);
    let mut attacked = Attacks { pawns, all: pawns | attacks::king(position.king(color)), ..Attacks::default() };
    let (mut attackers, mut weight) = (0, 0);
    for (index, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].into_iter().enumerate() {
        for square in board.pieces(color, role) {
            let reach = match role {
                Role::Knight => attacks::knight(square),
                Role::Bishop => attacks::bishop(square, occupied),
                Role::Rook => attacks::rook(square, occupied),
                _ => attacks::queen(square, occupied),
            };
            match role {
                Role::Knight | Role::Bishop => attacked.minors |= reach,
                Role::Rook => attacked.rooks |= reach,
                _ => {}
            }
            attacked.all |= reach;
            total += weights.mobility[index] * ((reach & area).count() as i32 - TYPICAL_REACH[index]);
            if (reach & zone).any() {
                attackers += 1;
                weight += weights.attack_weight[index];
            }
            if role == Role::Rook {
                total += rook_file(weights, square, our_pawns, their_pawns);
            }
        }
    }
    if board.pieces(color, Role::Bishop).more_than_one() {
        total += weights.bishop_pair;
    }
    // One piece near the king is no attack; without a queen few attacks break through.
    if attackers >= 2 && board.pieces(color, Role::Queen).any() {
        total += Pair::new((weight * weight * 2).min(MAX_KING_DANGER), 0);
    }
    (total, attacked)
}

/// What `color`, attacking as `ours`, threatens of the enemy pieces, which `theirs`
/// defend.
pub fn threats(weights: &Weights, position: &Position, color: Color, ours: &Attacks, theirs: &Attacks) -> Pair {
    let board = position.board();
    let enemy = board.color(color.other());
    let pieces = enemy & !board.role(Role::Pawn) & !board.role(Role::King);
    let majors = enemy & (board.role(Role::Rook) | board.role(Role::Queen));
    let queens = enemy & board.role(Role::Queen);
    let by_pawn = (pieces & ours.pawns).count() as i32;
    let by_lesser = (majors & ours.minors).count() as i32 + (queens & ours.rooks).count() as i32;
    let hanging = (pieces & ours.all & !theirs.all).count() as i32;
    weights.threat_by_pawn * by_pawn + weights.threat_by_lesser * by_lesser + weights.hanging * hanging
}

fn rook_file(weights: &Weights, square: Square, ours: Bitboard, theirs: Bitboard) -> Pair {
    let file = Bitboard::file(square.file());
    if (file & ours).any() {
        Pair::ZERO
    } else if (file & theirs).any() {
        weights.rook_half_open_file
    } else {
        weights.rook_open_file
    }
}

/// The pawn shield in front of `color`'s king, when the king stands on its own back two
/// ranks away from the centre files (where it castles to); middlegame only.
pub fn shelter(weights: &Weights, position: &Position, color: Color) -> Pair {
    let king = position.king(color);
    let relative_rank = color.relative_rank(king.rank());
    if relative_rank > 1 || (3..=4).contains(&king.file()) {
        return Pair::ZERO;
    }
    let file = Bitboard::file(king.file());
    let files = file | file.west() | file.east();
    let pawns = position.board().pieces(color, Role::Pawn) & files;
    let first = king.bb().forward(color);
    let first = Bitboard::rank(first.lsb().rank());
    let second = Bitboard::rank(first.forward(color).lsb().rank());
    let [one, two] = weights.shield;
    let shield = one * (pawns & first).count() as i32 + two * (pawns & second).count() as i32;
    Pair::new(shield, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;

    const WEIGHTS: &Weights = &super::super::values::WEIGHTS;

    fn position(text: &str) -> Position {
        fen::parse(text, false).unwrap()
    }

    fn activity(position: &Position, color: Color) -> Pair {
        super::activity(WEIGHTS, position, color).0
    }

    fn shelter(position: &Position, color: Color) -> Pair {
        super::shelter(WEIGHTS, position, color)
    }

    #[test]
    fn pieces_attacked_by_pawns_or_left_undefended_are_threatened() {
        let threat = |text: &str| {
            let position = position(text);
            let (_, white) = super::activity(WEIGHTS, &position, Color::White);
            let (_, black) = super::activity(WEIGHTS, &position, Color::Black);
            threats(WEIGHTS, &position, Color::White, &white, &black)
        };
        // The pawn on e4 forks the knight on d5 and the bishop on f5.
        let fork = threat("4k3/8/8/3n1b2/4P3/8/8/4K3 w - - 0 1");
        assert!(fork.mg >= 2 * WEIGHTS.threat_by_pawn.mg, "{fork:?}");
        assert_eq!(threat("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"), Pair::ZERO);
        // A rook attacked by a bishop and defended by nothing.
        let rook = threat("4k3/8/8/8/8/8/1r6/B3K3 w - - 0 1");
        assert_eq!(rook, WEIGHTS.threat_by_lesser + WEIGHTS.hanging);
    }

    #[test]
    fn free_pieces_are_worth_more_than_shut_in_ones() {
        let free = activity(&position("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), Color::White);
        let cornered = activity(&position("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), Color::White);
        assert!(free.mg > cornered.mg);
        // Squares enemy pawns guard do not count.
        let guarded = activity(&position("4k3/8/2p1p3/8/3N4/8/8/4K3 w - - 0 1"), Color::White);
        assert!(guarded.mg < free.mg);
    }

    #[test]
    fn the_bishop_pair_and_open_files_count() {
        let pair = activity(&position("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), Color::White);
        let single = activity(&position("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), Color::White);
        assert!(pair.eg - single.eg >= WEIGHTS.bishop_pair.eg);
        let open = activity(&position("4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1"), Color::White);
        let closed = activity(&position("4k3/pp1p4/8/8/8/8/PP1P4/3RK3 w - - 0 1"), Color::White);
        assert!(open.mg > closed.mg);
    }

    #[test]
    fn pieces_bearing_on_the_king_are_a_threat_and_pawns_before_it_a_shelter() {
        let attack = activity(&position("6k1/5ppp/8/6NQ/8/8/8/4K3 w - - 0 1"), Color::White);
        let quiet = activity(&position("6k1/5ppp/8/8/8/N7/Q7/4K3 w - - 0 1"), Color::White);
        assert!(attack.mg > quiet.mg + 50, "{attack:?} {quiet:?}");
        let sheltered = shelter(&position("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1"), Color::White);
        let bare = shelter(&position("6k1/8/8/8/8/8/8/6K1 w - - 0 1"), Color::White);
        assert_eq!((sheltered.mg, bare.mg), (3 * WEIGHTS.shield[0], 0));
        let black = shelter(&position("6k1/5ppp/8/8/8/8/8/6K1 w - - 0 1"), Color::Black);
        assert_eq!(black, sheltered, "Black's shelter mirrors White's");
    }
}
