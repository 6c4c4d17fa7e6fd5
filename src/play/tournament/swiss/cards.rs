//! A Swiss tournament's pairing cards, read from the rounds it played: each player's
//! opponents, colours, floats and score, and the score it is paired on (Baku
//! acceleration's virtual points added in the early rounds when the tournament asks).

use super::colours::Colour;
use super::{Card, Float, Played};
use crate::store::{Board, BoardResult, Points};

/// How many rounds a Swiss of `players` plays when its creator does not say: enough for
/// one player to win every game and be alone on top, ⌈log₂ players⌉, at least 1.
pub fn derived_rounds(players: u32) -> u32 {
    players.max(2).next_power_of_two().trailing_zeros().max(1)
}

/// The virtual points (half points) Baku acceleration (C.04.5) gives a player of the upper
/// group in round `round` of `rounds`: the first half of the rounds (rounded up) is
/// accelerated, a win's worth in its first half (rounded up) and a draw's in the rest.
pub fn virtual_points(round: u32, rounds: u32, points: Points) -> u32 {
    let accelerated = rounds.div_ceil(2);
    if round <= accelerated.div_ceil(2) {
        points.win
    } else if round <= accelerated {
        points.draw
    } else {
        0
    }
}

/// Whether player `number` (from 1) of `players` is in Baku acceleration's upper group:
/// the first half of the pairing numbers, rounded up to an even count.
pub fn upper_group(number: u32, players: u32) -> bool {
    number <= 2 * players.div_ceil(4)
}

/// The cards of players `1..=players` after `played` (each round's boards), for pairing
/// round `played.len() + 1`; `accelerated` adds the virtual points of that round.
pub fn cards(players: u32, played: &[Vec<Board>], points: Points, accelerated: Option<u32>) -> Vec<Card> {
    let pairing_score = |score: u32, number: u32, round: u32| match accelerated {
        Some(rounds) if upper_group(number, players) => score + virtual_points(round, rounds, points),
        _ => score,
    };
    let mut cards: Vec<Card> =
        (1..=players).map(|number| Card { number, score: 0, rounds: Vec::new(), floats: Vec::new() }).collect();
    for (index, boards) in played.iter().enumerate() {
        let round = index as u32 + 1;
        let scores: Vec<u32> = cards.iter().map(|card| pairing_score(card.score, card.number, round)).collect();
        let mut seen = vec![false; players as usize];
        for board in boards {
            let white = board.white;
            let Some(black) = board.black else {
                let point = board.result == Some(BoardResult::Bye);
                record(
                    &mut cards[white as usize - 1],
                    Played::NoGame { point },
                    scored_without_playing(point),
                    if point { points.bye } else { 0 },
                );
                seen[white as usize - 1] = true;
                continue;
            };
            let float = |me: u32, them: u32| match scores[me as usize - 1].cmp(&scores[them as usize - 1]) {
                std::cmp::Ordering::Greater => Some(Float::Down),
                std::cmp::Ordering::Less => Some(Float::Up),
                std::cmp::Ordering::Equal => None,
            };
            for (me, them, colour) in [(white, black, Colour::White), (black, white, Colour::Black)] {
                seen[me as usize - 1] = true;
                let card = &mut cards[me as usize - 1];
                match board.result {
                    Some(BoardResult::Forfeit { winner }) => {
                        let won = winner == me;
                        let score = if won { points.win } else { points.loss };
                        record(card, Played::NoGame { point: won }, scored_without_playing(won), score);
                    }
                    Some(BoardResult::Unplayed) | Some(BoardResult::Bye) | None => {
                        record(card, Played::NoGame { point: false }, None, 0);
                    }
                    Some(result) => {
                        let score = match (result, colour) {
                            (BoardResult::Draw, _) => points.draw,
                            (BoardResult::WhiteWins, Colour::White) | (BoardResult::BlackWins, Colour::Black) => {
                                points.win
                            }
                            _ => points.loss,
                        };
                        record(card, Played::Game { opponent: them, colour }, float(me, them), score);
                    }
                }
            }
        }
        // Not paired: withdrawn.
        for (card, seen) in cards.iter_mut().zip(seen) {
            if !seen {
                record(card, Played::NoGame { point: false }, None, 0);
            }
        }
    }
    let next = played.len() as u32 + 1;
    for card in &mut cards {
        card.score = pairing_score(card.score, card.number, next);
    }
    cards
}

/// The float of a round without a game: down when it scored more than a loss (a bye, a
/// win by forfeit), none otherwise (1.4.3 of the 2025 rules).
fn scored_without_playing(point: bool) -> Option<Float> {
    point.then_some(Float::Down)
}

fn record(card: &mut Card, played: Played, float: Option<Float>, score: u32) {
    card.rounds.push(played);
    card.floats.push(float);
    card.score += score;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_are_derived_from_the_field() {
        assert_eq!([2, 3, 4, 5, 8, 9, 64, 65, 1000].map(derived_rounds), [1, 2, 2, 3, 3, 4, 6, 7, 10]);
    }

    #[test]
    fn baku_acceleration_gives_the_upper_group_a_win_then_a_draw() {
        let points = Points::default();
        // Nine rounds: five accelerated, three with a win's worth, two with a draw's.
        let given: Vec<u32> = (1..=9).map(|round| virtual_points(round, 9, points)).collect();
        assert_eq!(given, [2, 2, 2, 1, 1, 0, 0, 0, 0]);
        assert!(upper_group(6, 10) && !upper_group(7, 10));
        let cards = cards(10, &[], points, Some(9));
        assert_eq!(cards.iter().map(|c| c.score).collect::<Vec<_>>(), [2, 2, 2, 2, 2, 2, 0, 0, 0, 0]);
    }

    #[test]
    fn cards_read_games_byes_and_forfeits() {
        let points = Points::default();
        let game = |white, black, result| Board { white, black: Some(black), result: Some(result), ..Board::default() };
        let round = vec![
            game(1, 3, BoardResult::WhiteWins),
            game(4, 2, BoardResult::Forfeit { winner: 2 }),
            Board { white: 5, black: None, result: Some(BoardResult::Bye), ..Board::default() },
        ];
        let cards = cards(6, &[round], points, None);
        assert_eq!(cards[0].rounds, [Played::Game { opponent: 3, colour: Colour::White }]);
        assert_eq!((cards[0].score, cards[2].score), (2, 0));
        assert_eq!(cards[1].rounds, [Played::NoGame { point: true }]);
        assert_eq!(cards[3].rounds, [Played::NoGame { point: false }]);
        assert_eq!((cards[1].score, cards[4].score, cards[5].score), (2, 2, 0));
        assert_eq!(cards[4].rounds, [Played::NoGame { point: true }]);
        assert_eq!(cards[4].floats, [Some(Float::Down)], "the bye floats down");
        assert_eq!(cards[1].floats, [Some(Float::Down)], "so does a win by forfeit");
        assert_eq!(cards[3].floats, [None], "a loss by forfeit does not");
        assert_eq!(cards[5].floats, [None], "nor does a player not paired");
    }
}
