//! How a series scores its games and when it is decided: pure arithmetic over the
//! results so far, in half points so that a drawn game's half point is exact.

use crate::engine::Outcome;
use crate::store::{MAX_SERIES_GAMES, SeriesDraws, SeriesLength, SeriesRecord};

/// The half points a game of the series gives player 1 and player 2, and whether it
/// counts as one of a best-of's games. `player_one_seat` is the seat (from 0) player 1
/// sat in.
pub fn score(outcome: &Outcome, player_one_seat: usize, draws: SeriesDraws) -> ([u32; 2], bool) {
    match outcome {
        Outcome::Win { winner, .. } if winner.index() == player_one_seat => ([2, 0], true),
        Outcome::Win { .. } => ([0, 2], true),
        Outcome::Draw { .. } => match draws {
            SeriesDraws::HalfPoint => ([1, 1], true),
            SeriesDraws::Replayed => ([0, 0], false),
        },
        // A game without a result is played again.
        Outcome::NoResult { .. } => ([0, 0], false),
    }
}

/// The standing of a series from its scored games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Player 1's and player 2's half points.
    pub half_points: [u32; 2],
    /// Games that count toward a best-of.
    pub counted: u32,
    /// Games played (scored), counted or not.
    pub played: usize,
}

impl Standing {
    /// The standing after `series`' scored games.
    pub fn of(series: &SeriesRecord) -> Standing {
        let mut standing = Standing { half_points: [0, 0], counted: 0, played: 0 };
        for (index, game) in series.games.iter().enumerate() {
            let Some(result) = &game.result else { break };
            let number = index as u32 + 1;
            let (_, counts) = score(&result.outcome, SeriesRecord::player_one_seat(number), series.draws);
            standing.half_points[0] += result.half_points[0];
            standing.half_points[1] += result.half_points[1];
            standing.counted += u32::from(counts);
            standing.played += 1;
        }
        standing
    }

    /// `None` while the series goes on; once it is decided, its winner (0 for player 1, 1
    /// for player 2) or `None` inside for a tie.
    pub fn decided(&self, length: SeriesLength) -> Option<Option<u8>> {
        let [one, two] = self.half_points;
        let leader = match one.cmp(&two) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let over = match length {
            SeriesLength::FirstTo(points) => one.max(two) >= 2 * points,
            SeriesLength::BestOf(games) => {
                // Decided once the games left cannot close the gap.
                let left = games.saturating_sub(self.counted);
                one.abs_diff(two) > 2 * left || left == 0
            }
        };
        (over || self.played >= MAX_SERIES_GAMES).then_some(leader)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{DrawReason, NoResultReason, Seat, WinReason};

    fn win(seat: u8) -> Outcome {
        Outcome::Win { winner: Seat::new(seat), reason: WinReason::Resignation, line: Vec::new() }
    }

    fn draw() -> Outcome {
        Outcome::Draw { reason: DrawReason::Agreement }
    }

    /// The standing after `outcomes`, game 1 first, player 1 in seat 1 of odd games.
    fn standing(outcomes: &[Outcome], draws: SeriesDraws) -> Standing {
        let mut standing = Standing { half_points: [0, 0], counted: 0, played: 0 };
        for (index, outcome) in outcomes.iter().enumerate() {
            let (points, counts) = score(outcome, SeriesRecord::player_one_seat(index as u32 + 1), draws);
            standing.half_points[0] += points[0];
            standing.half_points[1] += points[1];
            standing.counted += u32::from(counts);
            standing.played += 1;
        }
        standing
    }

    #[test]
    fn a_win_scores_for_whoever_sat_in_the_winning_seat() {
        // Game 1: player 1 in seat 1; game 2: player 1 in seat 2.
        assert_eq!(score(&win(0), SeriesRecord::player_one_seat(1), SeriesDraws::HalfPoint), ([2, 0], true));
        assert_eq!(score(&win(0), SeriesRecord::player_one_seat(2), SeriesDraws::HalfPoint), ([0, 2], true));
        assert_eq!(score(&win(1), SeriesRecord::player_one_seat(2), SeriesDraws::HalfPoint), ([2, 0], true));
    }

    #[test]
    fn draws_count_as_the_series_says_and_no_result_is_replayed() {
        assert_eq!(score(&draw(), 0, SeriesDraws::HalfPoint), ([1, 1], true));
        assert_eq!(score(&draw(), 0, SeriesDraws::Replayed), ([0, 0], false));
        let aborted = Outcome::NoResult { reason: NoResultReason::Aborted };
        assert_eq!(score(&aborted, 0, SeriesDraws::HalfPoint), ([0, 0], false));
    }

    #[test]
    fn best_of_three_ends_when_the_third_game_cannot_matter() {
        let best_of_3 = SeriesLength::BestOf(3);
        assert_eq!(standing(&[win(0)], SeriesDraws::HalfPoint).decided(best_of_3), None);
        // Player 1 won game 1 in seat 1 and game 2 in seat 2: 2-0 with one game left.
        assert_eq!(standing(&[win(0), win(1)], SeriesDraws::HalfPoint).decided(best_of_3), Some(Some(0)));
        // Game 2's seat 1 is player 2: 1-1 goes to a third game, where player 1 sits in
        // seat 1 and loses.
        let third = standing(&[win(0), win(0), win(1)], SeriesDraws::HalfPoint);
        assert_eq!(third.half_points, [2, 4]);
        assert_eq!(third.decided(best_of_3), Some(Some(1)));
    }

    #[test]
    fn an_even_best_of_can_end_tied() {
        let tied = standing(&[win(0), win(0)], SeriesDraws::HalfPoint);
        assert_eq!(tied.half_points, [2, 2]);
        assert_eq!(tied.decided(SeriesLength::BestOf(2)), Some(None));
        let drawn = standing(&[draw()], SeriesDraws::HalfPoint);
        assert_eq!(drawn.decided(SeriesLength::BestOf(1)), Some(None));
    }

    #[test]
    fn replayed_draws_do_not_use_up_a_best_of() {
        let one_draw = standing(&[draw()], SeriesDraws::Replayed);
        assert_eq!(one_draw.decided(SeriesLength::BestOf(1)), None, "the drawn game is played again");
        let then_a_win = standing(&[draw(), win(0)], SeriesDraws::Replayed);
        // Game 2: player 1 sits in seat 2, so seat 1's win is player 2's.
        assert_eq!(then_a_win.decided(SeriesLength::BestOf(1)), Some(Some(1)));
    }

    #[test]
    fn first_to_counts_half_points() {
        let first_to_2 = SeriesLength::FirstTo(2);
        let draws = standing(&[draw(), draw(), draw()], SeriesDraws::HalfPoint);
        assert_eq!(draws.decided(first_to_2), None);
        let fourth = standing(&[draw(), draw(), draw(), draw()], SeriesDraws::HalfPoint);
        assert_eq!(fourth.decided(first_to_2), Some(None), "both reach 2 points together: a tie");
        let wins = standing(&[win(0), draw(), draw()], SeriesDraws::HalfPoint);
        assert_eq!(wins.half_points, [4, 2]);
        assert_eq!(wins.decided(first_to_2), Some(Some(0)));
    }

    #[test]
    fn a_series_of_endless_replays_stops_at_the_cap() {
        let draws: Vec<Outcome> = (0..MAX_SERIES_GAMES).map(|_| draw()).collect();
        assert_eq!(
            standing(&draws[..MAX_SERIES_GAMES - 1], SeriesDraws::Replayed).decided(SeriesLength::BestOf(1)),
            None
        );
        assert_eq!(standing(&draws, SeriesDraws::Replayed).decided(SeriesLength::BestOf(1)), Some(None));
    }
}
