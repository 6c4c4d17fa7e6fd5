//! Players' ratings by Glicko-2 (Mark Glickman's system; the `skillratings` crate computes
//! it): a rating, its deviation (how uncertain it is) and its volatility (how erratic the
//! player's results are).
//!
//! Rating periods: each rated game is a rating period of its own for both of its players,
//! as lichess rates, so a result counts at once; a player's deviation grows again, by the
//! system's own step for a period without games, for every [`IDLE_PERIOD`] without a rated
//! game, up to the deviation of a new player.

use std::time::Duration;

use skillratings::Outcomes;

use crate::store::RatingValue;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2, glicko2_rating_period};

/// How long without a rated game counts as one rating period without games, over which
/// a rating's deviation grows.
pub const IDLE_PERIOD: Duration = Duration::from_secs(7 * 24 * 3600);
/// A rating whose deviation is above this is provisional (as lichess flags them): too few
/// games, or too long ago, to be relied on.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The system's constant that bounds how fast volatility changes (Glickman suggests 0.3 to
/// 1.2).
pub const TAU: f64 = 0.5;

/// A player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// Its deviation, 350 for a new player; never above that.
    pub deviation: f64,
    /// Its volatility, 0.06 for a new player.
    pub volatility: f64,
}

/// A game's result for the first of its two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The first player won.
    Win,
    /// Drawn.
    Draw,
    /// The first player lost.
    Loss,
}

impl Score {
    /// The same result for the other player.
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::from(Glicko2Rating::new())
    }
}

impl Rating {
    /// Whether the rating is provisional ([`PROVISIONAL_DEVIATION`]).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// This rating after `idle` without a rated game: its deviation grown by one period
    /// without games for each whole [`IDLE_PERIOD`], up to a new player's.
    pub fn aged(self, idle: Duration) -> Rating {
        let periods = idle.as_secs() / IDLE_PERIOD.as_secs();
        let mut rating = Glicko2Rating::from(self);
        for _ in 0..periods.min(1_000) {
            let grown = decay_deviation(&rating);
            if grown == rating {
                break;
            }
            rating = grown;
        }
        Rating::from(rating)
    }

    /// This rating after one rating period in which its player had `results`, each against
    /// an opponent rated as given.
    pub fn after_period(self, results: &[(Rating, Score)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> =
            results.iter().map(|(opponent, score)| (Glicko2Rating::from(*opponent), outcome(*score))).collect();
        Rating::from(glicko2_rating_period(&Glicko2Rating::from(self), &results, &config()))
    }
}

/// The two players' ratings after a game between them that ended `score` for the first,
/// the game being a rating period of its own for both.
pub fn after_game(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let (first, second) = glicko2(&first.into(), &second.into(), &outcome(score), &config());
    (Rating::from(first), Rating::from(second))
}

fn config() -> Glicko2Config {
    Glicko2Config { tau: TAU, ..Glicko2Config::new() }
}

fn outcome(score: Score) -> Outcomes {
    match score {
        Score::Win => Outcomes::WIN,
        Score::Draw => Outcomes::DRAW,
        Score::Loss => Outcomes::LOSS,
    }
}

impl From<RatingValue> for Rating {
    fn from(value: RatingValue) -> Rating {
        Rating { rating: value.rating, deviation: value.deviation, volatility: value.volatility }
    }
}

impl From<Rating> for RatingValue {
    /// The rating as a store keeps it (rounded to its units).
    fn from(rating: Rating) -> RatingValue {
        RatingValue { rating: rating.rating, deviation: rating.deviation, volatility: rating.volatility }
            .to_stored_precision()
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(rating: Glicko2Rating) -> Rating {
        Rating { rating: rating.rating, deviation: rating.deviation, volatility: rating.volatility }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(rating: Rating) -> Glicko2Rating {
        Glicko2Rating { rating: rating.rating, deviation: rating.deviation, volatility: rating.volatility }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, within: f64) -> bool {
        (actual - expected).abs() <= within
    }

    /// The worked example of Glickman's "Example of the Glicko-2 system" (2013): a player
    /// rated 1500 (deviation 200, volatility 0.06) beats a 1400 (30) and loses to a 1550
    /// (100) and a 1700 (300) in one period, with tau 0.5, and ends rated 1464.06, deviation
    /// 151.52, volatility 0.05999.
    #[test]
    fn the_papers_worked_example_comes_out_as_published() {
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opponent = |rating, deviation| Rating { rating, deviation, volatility: 0.06 };
        let results = [
            (opponent(1400.0, 30.0), Score::Win),
            (opponent(1550.0, 100.0), Score::Loss),
            (opponent(1700.0, 300.0), Score::Loss),
        ];
        let after = player.after_period(&results);
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn a_game_between_equals_moves_both_by_as_much_and_a_draw_moves_neither() {
        let (winner, loser) = after_game(Rating::default(), Rating::default(), Score::Win);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!(close(winner.rating - 1500.0, 1500.0 - loser.rating, 1e-9));
        assert!(winner.deviation < 350.0 && winner.provisional(), "one game is not enough");
        let (first, second) = after_game(Rating::default(), Rating::default(), Score::Draw);
        assert!(close(first.rating, 1500.0, 1e-9) && close(second.rating, 1500.0, 1e-9));
        // The same game from the other side.
        let (loser_again, winner_again) = after_game(Rating::default(), Rating::default(), Score::Loss);
        assert_eq!((winner_again, loser_again), (winner, loser));
    }

    #[test]
    fn a_rating_grows_uncertain_while_its_player_is_away_and_settles_with_games() {
        let mut settled = Rating::default();
        let opponent = Rating { rating: 1500.0, deviation: 50.0, volatility: 0.06 };
        for game in 0..40 {
            let score = if game % 2 == 0 { Score::Win } else { Score::Loss };
            settled = after_game(settled, opponent, score).0;
        }
        assert!(!settled.provisional(), "{settled:?}");
        assert_eq!(settled.aged(IDLE_PERIOD / 2), settled, "less than a period changes nothing");
        let away = settled.aged(IDLE_PERIOD * 52);
        assert!(away.deviation > settled.deviation && away.rating == settled.rating, "{away:?}");
        assert!(settled.aged(IDLE_PERIOD * 100_000).deviation <= 350.0, "never above a new player's");
    }
}
