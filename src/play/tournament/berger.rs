//! Round-robin schedules by the Berger tables of FIDE's handbook (C.05, Annex 1): who
//! meets whom in each round, with which colour, and who has the bye when the number of
//! players is odd (the highest number of the table, which nobody holds, stands for it).
//!
//! The table for `n` players (`n` even, an odd count taking the next even table) pairs, in
//! round `r`, the player `a` with `2a ≡ r + 1 (mod n − 1)` against player `n`, `n` taking
//! black in odd rounds and white in even ones, and on the `k`-th board after it the players
//! `a + k` (white) and `a − k` (black), counted round `1..=n − 1`. That is the published
//! table board for board, as the tests check.

/// One board of a round: a game between two players, or a player's bye. Players are
/// numbered from 1 in the tournament's starting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// `white` plays `black`: the first seat is White's (the seat that moves first).
    Game { white: u32, black: u32 },
    /// The player sits the round out, the count being odd.
    Bye(u32),
}

/// How many times every player meets every other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycles {
    /// Once.
    Single,
    /// Twice, with the colours of the first cycle reversed in the second. As the handbook
    /// recommends, the first cycle's last two rounds are played the other way round, so that
    /// nobody plays three games in a row with one colour across the cycles' seam.
    Double,
}

/// How many rounds a cycle of `players` takes: every player meets every other once.
pub fn rounds_in_a_cycle(players: u32) -> u32 {
    table_size(players).saturating_sub(1)
}

/// The table a field of `players` uses: the next even number.
fn table_size(players: u32) -> u32 {
    players + players % 2
}

/// Round `round` (from 1) of a single cycle of `players` (at least 2): the game against
/// the table's highest number first, then the others in the table's order.
///
/// # Panics
/// When `players` is under 2, or `round` is not a round of the cycle.
pub fn round(players: u32, round: u32) -> Vec<Board> {
    let n = table_size(players);
    assert!(players >= 2, "a round robin needs two players");
    assert!((1..n).contains(&round), "a cycle of {players} players has rounds 1 to {}", n - 1);
    let m = n - 1;
    // Numbers of the table run 1..=m round the circle; `n` stands apart.
    let wrap = |value: i64| (value - 1).rem_euclid(i64::from(m)) as u32 + 1;
    let against_n = (1..=m).find(|a| (2 * a) % m == (round + 1) % m).expect("2 is invertible modulo an odd number");
    let board = |white: u32, black: u32| match (white > players, black > players) {
        (true, _) => Board::Bye(black),
        (_, true) => Board::Bye(white),
        _ => Board::Game { white, black },
    };
    let mut boards = Vec::with_capacity(n as usize / 2);
    boards.push(if round % 2 == 1 { board(against_n, n) } else { board(n, against_n) });
    for k in 1..i64::from(n / 2) {
        let a = i64::from(against_n);
        boards.push(board(wrap(a + k), wrap(a - k)));
    }
    boards
}

/// Every round of a round robin of `players` (at least 2) in `cycles`, in the order they are
/// played.
pub fn schedule(players: u32, cycles: Cycles) -> Vec<Vec<Board>> {
    let per_cycle = rounds_in_a_cycle(players);
    let mut first: Vec<Vec<Board>> = (1..=per_cycle).map(|r| round(players, r)).collect();
    if cycles == Cycles::Single {
        return first;
    }
    let second: Vec<Vec<Board>> = first.iter().map(|boards| boards.iter().map(|b| b.reversed()).collect()).collect();
    if per_cycle >= 2 {
        first.swap(per_cycle as usize - 2, per_cycle as usize - 1);
    }
    first.into_iter().chain(second).collect()
}

impl Board {
    /// The same board with the colours exchanged.
    pub fn reversed(self) -> Board {
        match self {
            Board::Game { white, black } => Board::Game { white: black, black: white },
            bye => bye,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    /// The published Berger tables for 4, 6, 8, 10 and 12 players, a round a line, each
    /// game White-Black.
    const PUBLISHED: [(u32, &str); 5] = [
        (4, "1-4 2-3 | 4-3 1-2 | 2-4 3-1"),
        (6, "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1"),
        (
            8,
            "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | 3-8 4-2 5-1 6-7 \
             | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
        ),
        (
            10,
            "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | 10-7 8-6 9-5 1-4 2-3 \
             | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | 4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 \
             | 5-10 6-4 7-3 8-2 9-1",
        ),
        (
            12,
            "1-12 2-11 3-10 4-9 5-8 6-7 | 12-7 8-6 9-5 10-4 11-3 1-2 | 2-12 3-1 4-11 5-10 6-9 7-8 \
             | 12-8 9-7 10-6 11-5 1-4 2-3 | 3-12 4-2 5-1 6-11 7-10 8-9 | 12-9 10-8 11-7 1-6 2-5 3-4 \
             | 4-12 5-3 6-2 7-1 8-11 9-10 | 12-10 11-9 1-8 2-7 3-6 4-5 | 5-12 6-4 7-3 8-2 9-1 10-11 \
             | 12-11 1-10 2-9 3-8 4-7 5-6 | 6-12 7-5 8-4 9-3 10-2 11-1",
        ),
    ];

    fn parsed(table: &str) -> Vec<Vec<Board>> {
        table
            .split('|')
            .map(|round| {
                round
                    .split_whitespace()
                    .map(|game| {
                        let (white, black) = game.split_once('-').unwrap();
                        Board::Game { white: white.parse().unwrap(), black: black.parse().unwrap() }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn every_round_is_the_published_berger_table_board_for_board() {
        for (players, table) in PUBLISHED {
            assert_eq!(schedule(players, Cycles::Single), parsed(table), "{players} players");
        }
    }

    #[test]
    fn an_odd_field_uses_the_next_table_and_its_highest_number_is_the_bye() {
        // Five players: the six-player table, whoever meets 6 sits out.
        let first = round(5, 1);
        assert_eq!(first, [Board::Bye(1), Board::Game { white: 2, black: 5 }, Board::Game { white: 3, black: 4 }]);
        let byes: Vec<u32> = schedule(5, Cycles::Single)
            .iter()
            .flat_map(|boards| boards.iter().filter_map(|b| if let Board::Bye(p) = b { Some(*p) } else { None }))
            .collect();
        assert_eq!(byes, [1, 4, 2, 5, 3], "each player once");
    }

    /// Each player plays or sits out once a round; each pair meets once a cycle, with each
    /// colour once over two cycles; byes once a cycle; colours within one of even.
    #[test]
    fn every_field_meets_once_a_cycle_with_the_colours_balanced() {
        for players in 2..=21 {
            for cycles in [Cycles::Single, Cycles::Double] {
                let rounds = schedule(players, cycles);
                let cycle_count = if cycles == Cycles::Single { 1 } else { 2 };
                assert_eq!(rounds.len() as u32, cycle_count * rounds_in_a_cycle(players));
                let mut met: BTreeMap<(u32, u32), u32> = BTreeMap::new();
                let mut whites: BTreeMap<u32, i32> = BTreeMap::new();
                let mut byes: BTreeMap<u32, u32> = BTreeMap::new();
                for boards in &rounds {
                    let mut seen = BTreeSet::new();
                    for board in boards {
                        match *board {
                            Board::Game { white, black } => {
                                assert!(seen.insert(white) && seen.insert(black), "{players}: twice in a round");
                                *met.entry((white, black)).or_default() += 1;
                                *whites.entry(white).or_default() += 1;
                                *whites.entry(black).or_default() -= 1;
                            }
                            Board::Bye(player) => {
                                assert!(seen.insert(player));
                                *byes.entry(player).or_default() += 1;
                            }
                        }
                    }
                    assert_eq!(seen, (1..=players).collect(), "{players}: everyone once a round");
                }
                for a in 1..=players {
                    for b in a + 1..=players {
                        let (ab, ba) = (met.get(&(a, b)).copied().unwrap_or(0), met.get(&(b, a)).copied().unwrap_or(0));
                        match cycles {
                            Cycles::Single => assert_eq!(ab + ba, 1, "{players}: {a} and {b}"),
                            Cycles::Double => assert_eq!((ab, ba), (1, 1), "{players}: {a} and {b}"),
                        }
                    }
                    let balance = whites.get(&a).copied().unwrap_or(0);
                    assert!(balance.abs() <= if cycles == Cycles::Single { 1 } else { 0 }, "{players}: {a} {balance}");
                    let expected_byes = if players % 2 == 1 { cycle_count } else { 0 };
                    assert_eq!(byes.get(&a).copied().unwrap_or(0), expected_byes, "{players}: {a}'s byes");
                }
            }
        }
    }

    #[test]
    fn a_double_round_robin_swaps_the_first_cycle_s_last_two_rounds_and_reverses_the_second() {
        let double = schedule(6, Cycles::Double);
        let single = schedule(6, Cycles::Single);
        assert_eq!(double[..3], single[..3]);
        assert_eq!((&double[3], &double[4]), (&single[4], &single[3]), "the last two rounds swapped");
        for (second, first) in double[5..].iter().zip(&single) {
            assert_eq!(*second, first.iter().map(|b| b.reversed()).collect::<Vec<_>>());
        }
        // Nobody has one colour three rounds running, in any even field.
        for players in (4..=20).step_by(2) {
            let double = schedule(players, Cycles::Double);
            for player in 1..=players {
                let whites: Vec<bool> = double
                    .iter()
                    .map(|boards| boards.iter().any(|b| matches!(b, Board::Game { white, .. } if *white == player)))
                    .collect();
                let three = whites.windows(3).any(|run| run[0] == run[1] && run[1] == run[2]);
                assert!(!three, "{players} players, player {player}: {whites:?}");
            }
        }
    }
}
