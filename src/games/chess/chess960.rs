//! Chess960 starting positions by their standard (Scharnagl) number, 0 to 959.
//!
//! A number `n` places, in order: the light-squared bishop on file b, d, f or h by `n % 4`;
//! the dark-squared bishop on a, c, e or g by the next base-4 digit; the queen on one of
//! the six empty squares by the next base-6 digit; the two knights on the remaining five
//! squares by the last digit (0..10, in lexicographic order of the pair); then rook, king,
//! rook on the three squares left, so that the king stands between its rooks. Number 518
//! is the standard arrangement.

use super::board::Role;

/// How many starting positions there are.
pub const COUNT: u32 = 960;

/// The number of the standard arrangement `RNBQKBNR`.
pub const STANDARD: u32 = 518;

/// The pairs of empty-square indices the knights take, by the last digit.
const KNIGHT_PAIRS: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The back rank of position `number` (below [`COUNT`]), from file a to file h.
pub fn back_rank(number: u32) -> [Role; 8] {
    assert!(number < COUNT, "Chess960 positions are numbered 0 to 959");
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = number as usize;
    rank[(n % 4) * 2 + 1] = Some(Role::Bishop);
    rank[(n / 4 % 4) * 2] = Some(Role::Bishop);
    let n = n / 16;
    let mut place = |index: usize, role: Role| {
        let file = (0..8).filter(|&f| rank[f].is_none()).nth(index).expect("enough empty squares");
        rank[file] = Some(role);
    };
    place(n % 6, Role::Queen);
    let (first, second) = KNIGHT_PAIRS[n / 6];
    // The second knight's index counts the empty squares after the first one is placed.
    place(first, Role::Knight);
    place(second - 1, Role::Knight);
    place(0, Role::Rook);
    place(0, Role::King);
    place(0, Role::Rook);
    rank.map(|role| role.expect("every file filled"))
}

/// The FEN of position `number` (below [`COUNT`]), with X-FEN castling rights `KQkq`.
pub fn start_fen(number: u32) -> String {
    let black: String = back_rank(number).iter().map(|role| role.char()).collect();
    let white = black.to_ascii_uppercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(number: u32) -> String {
        back_rank(number).iter().map(|r| r.char().to_ascii_uppercase()).collect()
    }

    #[test]
    fn known_numbers_give_the_published_arrangements() {
        assert_eq!(letters(518), "RNBQKBNR");
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(1), "BQNBNRKR");
        assert_eq!(letters(959), "RKRNNQBB");
    }

    #[test]
    fn all_960_arrangements_are_distinct_and_valid() {
        let mut seen = std::collections::HashSet::new();
        for number in 0..COUNT {
            let rank = back_rank(number);
            assert!(seen.insert(rank), "{number} repeats an arrangement");
            let files = |role: Role| (0..8).filter(|&f| rank[f] == role).collect::<Vec<_>>();
            let bishops = files(Role::Bishop);
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{number}: bishops on one colour");
            let rooks = files(Role::Rook);
            let king = files(Role::King)[0];
            assert!(rooks[0] < king && king < rooks[1], "{number}: king not between the rooks");
        }
    }
}
