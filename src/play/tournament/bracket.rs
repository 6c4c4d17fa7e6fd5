//! A knockout tournament's rounds and standings, from its seeds and the boards played so
//! far: who meets whom in each round (the first round's seeded slots, then the winners of
//! two neighbouring boards), who went through, and the ranks by how far each player got.
//!
//! Players are numbered from 1 in the tournament's order; `seeds[i]` is seed `i + 1`'s
//! number. A board's White is the better seed of its two players (player one of its match).

use super::knockout::first_round;
use super::standings::Standing;
use crate::store::{Board, BoardResult, Points};

/// How many rounds a knockout of `players` plays: up to the bracket's final.
pub fn rounds(players: u32) -> u32 {
    players.max(1).next_power_of_two().trailing_zeros()
}

/// Who went through board `board`; `None` when nobody did (both players had withdrawn) or
/// it has not ended.
pub fn winner(board: &Board) -> Option<u32> {
    match board.result? {
        BoardResult::WhiteWins | BoardResult::Bye => Some(board.white),
        BoardResult::BlackWins => board.black,
        BoardResult::Forfeit { winner } => Some(winner),
        BoardResult::Draw | BoardResult::Unplayed => None,
    }
}

/// The boards of round `number` (from 1), `earlier` being the rounds before it (each ended),
/// `out(player)` whether a player withdrew before it. A board of one player is a bye; of a
/// player who withdrew, or of nobody (White 0), it is unplayed; of two, one of whom withdrew,
/// the other wins by forfeit.
pub fn round(seeds: &[u32], earlier: &[Vec<Board>], number: u32, out: impl Fn(u32) -> bool) -> Vec<Board> {
    let seed_of = |player: u32| seeds.iter().position(|p| *p == player).unwrap_or(usize::MAX);
    let entrants: Vec<Option<u32>> = match earlier.last() {
        None if number == 1 => {
            first_round(seeds.len() as u32).into_iter().map(|slot| slot.map(|seed| seeds[seed as usize - 1])).collect()
        }
        Some(previous) => previous.iter().map(winner).collect(),
        None => Vec::new(),
    };
    entrants
        .chunks(2)
        .map(|pair| {
            let mut two: Vec<u32> = pair.iter().flatten().copied().collect();
            two.sort_by_key(|player| seed_of(*player));
            let playing: Vec<u32> = two.iter().copied().filter(|player| !out(*player)).collect();
            let result = match (two.len(), playing.len()) {
                (2, 2) => None,
                (2, 1) => Some(BoardResult::Forfeit { winner: playing[0] }),
                (1, 1) => Some(BoardResult::Bye),
                _ => Some(BoardResult::Unplayed),
            };
            Board { white: two.first().copied().unwrap_or(0), black: two.get(1).copied(), result, ..Board::default() }
        })
        .collect()
}

/// The standings of a knockout of `players` after `rounds`: each player's points (a match
/// won, a bye, a match lost, as `points` values them) and its rank by how many rounds it
/// went through, the most first; players who went as far share a rank. No tie-breaks.
pub fn standings(players: u32, rounds: &[Vec<Board>], points: Points) -> Vec<Standing> {
    let mut through = vec![0u32; players as usize];
    let mut scored = vec![0u32; players as usize];
    for board in rounds.iter().flatten() {
        let won = winner(board);
        for player in [Some(board.white), board.black].into_iter().flatten().filter(|p| *p >= 1 && *p <= players) {
            let index = player as usize - 1;
            match (won, board.result) {
                (Some(w), Some(BoardResult::Bye)) if w == player => {
                    through[index] += 1;
                    scored[index] += points.bye;
                }
                (Some(w), _) if w == player => {
                    through[index] += 1;
                    scored[index] += points.win;
                }
                (_, Some(_)) => scored[index] += points.loss,
                (_, None) => {}
            }
        }
    }
    let mut order: Vec<u32> = (1..=players).collect();
    order.sort_by(|a, b| through[*b as usize - 1].cmp(&through[*a as usize - 1]).then(a.cmp(b)));
    let mut lines = Vec::with_capacity(order.len());
    for (index, player) in order.iter().enumerate() {
        let went = through[*player as usize - 1];
        let rank = match lines.last() {
            Some(Standing { rank, .. }) if through[order[index - 1] as usize - 1] == went => *rank,
            _ => index as u32 + 1,
        };
        lines.push(Standing { player: *player, points: scored[*player as usize - 1], tie_breaks: Vec::new(), rank });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decided(mut boards: Vec<Board>, white_wins: impl Fn(&Board) -> bool) -> Vec<Board> {
        for board in &mut boards {
            if board.result.is_none() {
                board.result = Some(if white_wins(board) { BoardResult::WhiteWins } else { BoardResult::BlackWins });
            }
        }
        boards
    }

    #[test]
    fn sixteen_seeds_meet_as_the_bracket_says_and_the_favourites_reach_the_final() {
        let seeds: Vec<u32> = (1..=16).collect();
        let first = round(&seeds, &[], 1, |_| false);
        let pairs: Vec<(u32, Option<u32>)> = first.iter().map(|b| (b.white, b.black)).collect();
        assert_eq!(pairs[0], (1, Some(16)));
        assert_eq!(pairs[1], (8, Some(9)));
        // The better seed always wins: 1, 8, 4, 5, 2, 7, 3, 6 go through, then 1 v 8 …
        let mut played = vec![decided(first, |_| true)];
        for number in 2..=rounds(16) {
            let next = round(&seeds, &played, number, |_| false);
            played.push(decided(next, |_| true));
        }
        assert_eq!(played.iter().map(Vec::len).collect::<Vec<_>>(), [8, 4, 2, 1]);
        assert_eq!((played[3][0].white, played[3][0].black), (1, Some(2)), "1 and 2 in the final");
        let semis: Vec<(u32, Option<u32>)> = played[2].iter().map(|b| (b.white, b.black)).collect();
        assert_eq!(semis, [(1, Some(4)), (2, Some(3))]);
        let table = standings(16, &played, Points::default());
        assert_eq!((table[0].player, table[0].rank, table[0].points), (1, 1, 8));
        assert_eq!((table[1].player, table[1].rank), (2, 2));
        assert_eq!(table[2..4].iter().map(|l| (l.player, l.rank)).collect::<Vec<_>>(), [(3, 3), (4, 3)]);
        assert!(table[8..].iter().all(|line| line.rank == 9 && line.points == 0), "first-round losers share 9th");
    }

    #[test]
    fn byes_go_to_the_best_seeds_and_a_withdrawal_is_a_forfeit() {
        // Seeds by rating: player 5 is the first seed.
        let seeds = [5, 1, 2, 3, 4];
        let first = round(&seeds, &[], 1, |_| false);
        let byes: Vec<u32> = first.iter().filter(|b| b.result == Some(BoardResult::Bye)).map(|b| b.white).collect();
        assert_eq!(byes, [5, 1, 2], "seeds 1 to 3 sit out round 1 of a bracket of 8");
        let played = vec![decided(first, |_| false)];
        // Seed 4 (player 3) beat nobody: seed 5 (player 4) won the only game.
        let second = round(&seeds, &played, 2, |player| player == 1);
        let forfeit = second.iter().find(|b| b.white == 1 || b.black == Some(1)).unwrap();
        assert_eq!(forfeit.result, Some(BoardResult::Forfeit { winner: forfeit.black.unwrap() }));
        assert_eq!(rounds(5), 3);
    }
}
